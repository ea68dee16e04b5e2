// tests/web/hostile.mjs -- triad-web attacked from loopback, with bounded
// counts and time (about a minute), no browser and no npm package:
// the command allowlist (loadsgf, hash, streaming, comments refused), a
// timed-out command (engine stopped, the late reply never answers the next
// command), the reply cap and stale reply numbers (with a fake engine),
// sessions per client address, close from pagehide (DELETE and POST close
// with an Origin), 300 slow connections (headers or body) while a normal
// GET / is answered within 2 s and the deadline closing them, the caps on
// connections and event streams, the access token (--token), the
// security headers, and SIGTERM with a command, a stream and an analysis
// in flight: the server gone within a second and no engine left.  The
// analysis route: every game of list_games analysed with a node budget
// (the answers those of the engine's own analysis mode), answers streamed
// as they come, bad bodies refused with their reason, a client aborting
// (its process killed and reaped, no descriptor left), a second analysis
// ending the first, many at once (never more processes than sessions),
// a deleted or idle session ending its analysis.
//
//   node tests/web/hostile.mjs TRIAD_WEB
//
// TRIAD_WEB_ENGINE, when set, is the --engine of every server but the one
// with the fake engine (a sanitizer build of triad-web can so drive an
// ordinary engine).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as serve from './serve.mjs';
import { childrenOf, alive, request } from './serve.mjs';

const serverBin = path.resolve(process.argv[2] || 'src/triad-web');
const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = ms => new Promise(r => setTimeout(r, ms));
let failures = 0;
let serverPid = 0;                  // the server the analysis tests attack

function check(ok, what) {
  console.log(`${ok ? 'ok' : 'FAILED'}: ${what}`);
  if (!ok) failures++;
}

// Starts the server with args; resolves { srv, port, token } once it listens.
function startServer(args) {
  const engine = process.env.TRIAD_WEB_ENGINE;
  return serve.startServer(serverBin, [...(engine ? ['--engine', engine] : []), ...args]);
}

// Stops srv with SIGTERM; resolves with the seconds it took to exit.
// Its exit status must be 0 (a sanitizer's report changes it).
async function stopServer(srv) {
  const { code, signal, seconds } = await serve.stopServer(srv);
  check(code === 0, `triad-web exit status ${code}${signal ? ' ' + signal : ''}`);
  return seconds;
}

const commands = (port, id, list, opts) =>
  request(port, 'POST', `/api/sessions/${id}/commands`,
          JSON.stringify({ commands: list }), opts);

async function newSession(port, from) {
  const r = await request(port, 'POST', '/api/sessions', '', { from });
  return r.status === 201 ? r.json.id : null;
}

// Reads an event stream until it has seen `want` (or ms passed).
function openStream(port, id, from) {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port, path: `/api/sessions/${id}/stream`, agent: false,
      localAddress: from, headers: { Host: `127.0.0.1:${port}` },
    }, res => {
      const s = { status: res.statusCode, text: '', ended: false, req };
      res.setEncoding('utf8');
      res.on('data', d => { s.text += d; });
      res.on('end', () => { s.ended = true; });
      res.on('error', () => { s.ended = true; });
      resolve(s);
    });
    req.on('error', reject);
    req.end();
  });
}

async function testHeaders(port) {
  const r = await request(port, 'GET', '/');
  check(r.status === 200 &&
        r.headers['content-security-policy'] ===
          "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
        `Content-Security-Policy: ${r.headers['content-security-policy']}`);
  check(r.headers['x-frame-options'] === 'DENY', 'X-Frame-Options: DENY');
  check(r.headers['referrer-policy'] === 'no-referrer', 'Referrer-Policy: no-referrer');
  check(r.headers['x-content-type-options'] === 'nosniff', 'X-Content-Type-Options: nosniff');
  const api = await request(port, 'POST', '/api/sessions/0123456789abcdef0123456789abcdef/close', '');
  check(api.status === 404 && api.headers['x-frame-options'] === 'DENY',
        'API replies carry the headers too');
  const host = await request(port, 'GET', '/', undefined, { headers: { Host: 'evil.example' } });
  check(host.status === 403, 'foreign Host: 403');
}

async function testAllowlist(port) {
  const id = await newSession(port);
  check(id !== null, 'a session');
  const refused = ['loadsgf /etc/shadow', 'loadsgf /etc/passwd', 'set_option hash 16384',
                   'set_option threads 64', 'set_option movetime 86400',
                   'analyze_stream 0.001', 'analyze 86400', '', '   ', '# comment',
                   'name # comment', '7 name', 'solve', 'perft 20', 'bench', 'quit'];
  for (const line of refused) {
    const r = await commands(port, id, ['name', line]);
    check(r.status === 400 && /refused/.test(r.json.error),
          `refused: ${JSON.stringify(line)} (${r.json && r.json.error})`);
  }
  const r = await commands(port, id, ['options', 'name']);
  check(r.status === 200 && /hash 64\n/.test(r.json.replies[0].text) &&
        /threads 1\n/.test(r.json.replies[0].text) && r.json.replies[1].text === 'triad',
        'the engine runs with the server\'s hash and threads, and answers');
  return id;
}

// A command past --timeout: reported as a timeout, the engine stopped at
// once; after a restart the next command gets its own reply.
async function testTimeout(port, srvPid, id, timeout) {
  const before = childrenOf(srvPid).length;
  const t0 = performance.now();
  const r = await commands(port, id, ['setup dvonn random=2', 'time_settings 86400 0 0',
                                      'genmove white']);
  const took = (performance.now() - t0) / 1000;
  const reply = r.json.replies[2];
  check(reply && reply.timeout === true && !reply.dead && r.json.alive === false,
        `a command past --timeout ${timeout}: ${JSON.stringify(reply)}, alive ${r.json.alive}`);
  check(took < timeout + 1.5, `answered after ${took.toFixed(2)} s`);
  await sleep(300);
  check(childrenOf(srvPid).length === before - 1, 'the engine that timed out was stopped');
  const rs = await request(port, 'POST', `/api/sessions/${id}/restart`, '{}');
  check(rs.status === 200, 'restart');
  const n = await commands(port, id, ['name', 'game_status']);
  check(n.json.replies[0].text === 'triad', `the next command gets its own reply: ${n.json.replies[0].text.slice(0, 40)}`);
}

async function testSessionsPerClient(port, held) {
  const mine = [];
  for (let i = 0; i < 4; i++) mine.push(await request(port, 'POST', '/api/sessions', ''));
  const made = mine.filter(r => r.status === 201).map(r => r.json.id);
  check(made.length === 3 - held && mine.filter(r => r.status === 429).length === 4 - made.length,
        `sessions from one address: ${made.length} more made, the rest 429`);
  const other = await newSession(port, '127.0.0.2');
  check(other !== null, 'another address still gets a session');
  // Closing as a page does on pagehide: fetch DELETE with keepalive and
  // navigator.sendBeacon (POST, text/plain), both with an Origin.
  const origin = { Origin: `http://127.0.0.1:${port}` };
  const d = await request(port, 'DELETE', `/api/sessions/${made[0]}`, undefined, { headers: origin });
  check(d.status === 200, 'DELETE with an Origin closes a session');
  const b = await request(port, 'POST', `/api/sessions/${made[1]}/close`, '',
                          { headers: { ...origin, 'Content-Type': 'text/plain;charset=UTF-8' } });
  check(b.status === 200, 'POST close (sendBeacon) closes a session');
  const again = await newSession(port);
  check(again !== null, 'a closed session frees its place');
  // Closing does not wait for a command in progress: it ends it.
  await commands(port, again, ['setup dvonn random=2', 'time_settings 86400 0 0']);
  const t0 = performance.now();
  const pending = commands(port, again, ['genmove white']);
  await sleep(300);
  const c = await request(port, 'DELETE', `/api/sessions/${again}`, undefined, { headers: origin });
  const p = await pending;
  const took = (performance.now() - t0) / 1000;
  check(c.status === 200 && p.json.replies[0].dead === true && took < 2,
        `DELETE during a genmove ends it after ${took.toFixed(2)} s (timeout 3 s)`);
  for (const s of [other].filter(Boolean))
    await request(port, 'DELETE', `/api/sessions/${s}`);
}

async function testStreamsPerClient(port, id) {
  const a = await request(port, 'POST', `/api/sessions/${id}/analyze`, '{"interval":0.2}');
  check(a.json && a.json.ok, 'analysis started');
  const streams = [];
  for (let i = 0; i < 5; i++) streams.push(await openStream(port, id, '127.0.0.4'));
  check(streams.filter(s => s.status === 200).length === 4 &&
        streams[4].status === 429, `event streams of one address: ${streams.map(s => s.status)}`);
  await sleep(600);
  check(/^data: info best /m.test(streams[0].text), 'the streams carry info lines');
  await commands(port, id, ['name']);
  await sleep(400);
  check(streams.slice(0, 4).every(s => /event: end/.test(s.text)), 'the next command ends them');
}

// 300 connections sending their headers (one in five: its body) a byte
// every 2 s, from ten addresses (30 each, under the per-address cap).
async function testSlowClients(port) {
  const socks = [];
  const headers = `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`;
  const body = `POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
               'Content-Length: 1000\r\n\r\n';
  for (let i = 0; i < 300; i++) {
    const s = net.connect({ host: '127.0.0.1', port, localAddress: `127.0.0.${10 + i % 10}` });
    s.on('error', () => {});
    s.gone = false;
    s.on('close', () => { s.gone = true; });
    s.write(i % 5 ? headers : body);
    socks.push(s);
  }
  const drip = setInterval(() => { for (const s of socks) if (!s.gone) s.write('X'); }, 2000);
  await sleep(1000);
  const open = socks.filter(s => !s.gone).length;
  const t0 = performance.now();
  const r = await request(port, 'GET', '/', undefined, { from: '127.0.0.2' });
  const took = (performance.now() - t0) / 1000;
  check(open === 300, `300 slow connections open (${open})`);
  check(r.status === 200 && took < 2, `GET / answered in ${took.toFixed(3)} s meanwhile`);
  // The deadline (10 s for a request) closes them although they keep
  // sending.
  await sleep(12000);
  const left = socks.filter(s => !s.gone).length;
  clearInterval(drip);
  check(left === 0, `the request deadline closed the slow connections (${left} left)`);
  for (const s of socks) s.destroy();
  // One address gets at most its share of connections.
  const many = [];
  for (let i = 0; i < 40; i++) {
    const s = net.connect({ host: '127.0.0.1', port, localAddress: '127.0.0.3' });
    s.on('error', () => {});
    s.gone = false;
    s.on('close', () => { s.gone = true; });
    many.push(s);
  }
  await sleep(500);
  const kept = many.filter(s => !s.gone).length;
  check(kept <= 32 && kept >= 16, `connections from one address: ${kept} of 40 kept`);
  for (const s of many) s.destroy();
}

// The fake engine: stale reply numbers ignored, a 2 MB reply capped.
async function testFakeEngine() {
  const fake = path.join(here, 'fake-engine.sh');
  const { srv, port } = await startServer(['--engine', `/bin/sh ${fake}`, '--timeout', '5']);
  try {
    const id = await newSession(port);
    check(id !== null, 'a session with the fake engine');
    let r = await commands(port, id, ['version', 'version']);
    check(r.json.replies.every(x => x.ok && x.text === 'fake 1'),
          `replies carrying another number or none are not taken: ${JSON.stringify(r.json.replies)}`);
    r = await commands(port, id, ['name', 'version']);
    check(r.json.replies.length === 1 && r.json.replies[0].too_long === true && r.json.alive === false,
          `a 2 MB reply: ${JSON.stringify(r.json.replies[0])}`);
    check(r.text.length < 1000, 'and none of it is passed on');
  } finally {
    await stopServer(srv);
  }
}

// ---- the analysis route ----

// The children of pid in the analysis mode, and its zombies (there must
// be none once an analysis ended: its process is reaped at once).
function analysisProcs(pid) {
  return fs.readdirSync('/proc').filter(p => /^\d+$/.test(p)).map(Number).filter(p => {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) !== pid) return false;
      return f[0] === 'Z' ||
             fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').includes('--analysis');
    } catch { return false; }        // gone meanwhile
  });
}

// The descriptors of pid, as what each names ("pipe:[123]").
function fds(pid) {
  const dir = `/proc/${pid}/fd`;
  return fs.readdirSync(dir).map(f => { try { return fs.readlinkSync(`${dir}/${f}`); } catch { return f; } });
}

// Waits (up to 3 s) until pid holds no descriptor that it did not hold in
// `before`; checks it, naming the new ones.
async function checkNoNewFds(pid, before, what) {
  const extra = () => fds(pid).filter(f => !before.includes(f));
  await waitFor(() => extra().length === 0, 3000);
  check(extra().length === 0, `${what}: no descriptor left (new: ${extra().join(' ') || 'none'})`);
}

// Waits up to ms for cond() to hold; resolves with its last value.
async function waitFor(cond, ms) {
  const t0 = performance.now();
  let v = cond();
  while (!v && performance.now() - t0 < ms) {
    await sleep(20);
    v = cond();
  }
  return v;
}

// POST .../analysis; resolves once the headers are in with { status,
// headers, lines (each with its arrival time), done (resolves at the end),
// req (destroy it to abort) }.
function openAnalysis(port, id, body, from) {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port, method: 'POST', path: `/api/sessions/${id}/analysis`,
      agent: false, localAddress: from,
      headers: { Host: `127.0.0.1:${port}`, 'Content-Type': 'application/json' },
    }, res => {
      const s = { status: res.statusCode, headers: res.headers, text: '', lines: [], times: [],
                  complete: false, req };
      let part = '';
      res.setEncoding('utf8');
      res.on('data', d => {
        s.text += d;
        part += d;
        for (let i; (i = part.indexOf('\n')) >= 0; part = part.slice(i + 1)) {
          s.lines.push(part.slice(0, i));
          s.times.push(performance.now());
        }
      });
      s.done = new Promise(r => {
        res.on('end', () => { s.complete = true; r(s); });
        res.on('close', () => r(s));
        res.on('error', () => r(s));
      });
      resolve(s);
    });
    req.on('error', reject);
    req.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
}

// The engine's own analysis mode, run directly on request (with an id):
// its answer lines, each parsed with the id removed.
function analyseDirectly(request) {
  const engine = process.env.TRIAD_WEB_ENGINE ||
                 path.join(path.dirname(serverBin), 'triad');
  return new Promise((resolve, reject) => {
    const p = spawn(engine, ['--analysis', '--threads', '1', '--hash', '64'],
                    { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', d => { out += d; });
    p.on('error', reject);
    p.on('exit', () => resolve(out.split('\n').filter(Boolean).map(l => {
      const j = JSON.parse(l);
      delete j.id;
      return JSON.stringify(j);
    })));
    p.stdin.end(JSON.stringify({ id: 'direct', ...request }) + '\n');
  });
}

// Every game of list_games, from its start and after its first legal
// move, with a node budget: the answers are the engine's own (the same
// as its analysis mode gives directly), the same on a second request.
async function testAnalysisGames(port, id) {
  const list = await commands(port, id, ['list_games']);
  const games = list.json.replies[0].text.split('\n').map(l => l.split(' ')[0]).filter(Boolean);
  check(games.length >= 3, `list_games: ${games.join(', ')}`);
  for (const game of games) {
    const r = await commands(port, id, [`setup ${game}`, 'position', 'legal_moves']);
    const position = r.json.replies[1].text;
    const move = r.json.replies[2].text.split(' ')[0];
    const ask = { position, moves: [move], nodes: 5000 };
    const a = await openAnalysis(port, id, ask);
    await a.done;
    const answers = a.lines.map(l => JSON.parse(l));
    check(a.status === 200 && a.headers['content-type'] === 'application/x-ndjson' &&
          a.headers['transfer-encoding'] === 'chunked' && a.complete,
          `${game}: 200, application/x-ndjson, chunked (${a.status} ${a.headers['content-type']})`);
    check(answers.length === 2 && answers.map(x => x.turn).sort().join() === '0,1' &&
          answers.every(x => !('id' in x) && typeof x.side === 'string' &&
                             typeof x.unit === 'string' && x.nodes <= 5000),
          `${game}: turns 0 and 1 answered, without id: ${a.text.slice(0, 150)}`);
    const direct = await analyseDirectly(ask);
    const mine = a.lines.map(l => JSON.stringify(JSON.parse(l)));
    check(mine.slice().sort().join('\n') === direct.slice().sort().join('\n'),
          `${game}: the answers are the analysis mode's own (best ${answers.map(x => x.best)})`);
    const again = await openAnalysis(port, id, ask);
    await again.done;
    check(again.lines.slice().sort().join('\n') === a.lines.slice().sort().join('\n'),
          `${game}: the same answers again (a node budget)`);
  }
  // Answers come as they are ready, not at the end.
  const r = await commands(port, id, ['setup dvonn random=3']);
  check(r.status === 200, 'setup dvonn');
  const t0 = performance.now();
  const a = await openAnalysis(port, id, { game: 'dvonn', setup: 'random=3', turns: [0, 0, 0],
                                           seconds: 0.4 });
  await a.done;
  const spread = a.times.length === 3 ? (a.times[2] - a.times[0]) / 1000 : 0;
  check(a.lines.length === 3 && spread >= 0.5,
        `three answers of 0.4 s streamed one by one (first after ${((a.times[0] - t0) / 1000).toFixed(2)} s, last ${spread.toFixed(2)} s later)`);
}

async function testAnalysisBodies(port, id) {
  const bad = [
    ['not json', /malformed JSON/], ['[]', /must be a JSON object/],
    ['{"game":"dvonn","id":"x"}', /unknown field "id"/],
    ['{"game":"dvonn","action":"cancel","target":"x"}', /unknown field "action"/],
    ['{"game":7}', /game: not a string/], ['{"game":"dvonn","moves":["E3",1]}', /moves\[1\]: not a string/],
    ['{"game":"dvonn","turns":[0,1]}', /turns\[1\]: 1 is not in 0\.\.0/],
    ['{"game":"dvonn","seconds":11}', /seconds: 11 is not in 0\.001\.\.10/],
    ['{"game":"dvonn","nodes":100000001}', /nodes: 100000001 is not in 1\.\.100000000/],
    ['{"game":"dvonn","nodes":10,"seconds":1}', /both seconds and nodes/],
    ['{"game":"dvonn","game":"truchet"}', /duplicate/], ['{}', /no game/],
    [JSON.stringify({ game: 'dvonn', moves: new Array(2001).fill('E3') }), /moves: more than 2000/],
  ];
  check(await waitFor(() => analysisProcs(serverPid).length === 0, 5000),
        'the analyses answered are gone');
  for (const [body, want] of bad) {
    const r = await request(port, 'POST', `/api/sessions/${id}/analysis`, body);
    check(r.status === 400 && want.test(r.json && r.json.error),
          `400 for ${body.slice(0, 50)}: ${r.json && r.json.error}`);
  }
  const big = await request(port, 'POST', `/api/sessions/${id}/analysis`,
                            JSON.stringify({ game: 'dvonn', setup: 'x'.repeat(70000) }));
  check(big.status === 413, `a body over 64 KiB: ${big.status}`);
  const none = await request(port, 'POST', '/api/sessions/0123456789abcdef0123456789abcdef/analysis',
                             '{"game":"dvonn"}');
  check(none.status === 404, `an unknown session: ${none.status}`);
  const get = await request(port, 'GET', `/api/sessions/${id}/analysis`);
  check(get.status === 404, `GET .../analysis: ${get.status}`);
  check(analysisProcs(serverPid).length === 0, 'no process for a refused request');
  // An illegal move is the engine's error: one line with its index, then the end.
  const a = await openAnalysis(port, id, { game: 'dvonn', setup: 'random=3', moves: ['I5J5', 'E3'] });
  await a.done;
  const e = a.lines.length === 1 && JSON.parse(a.lines[0]);
  check(a.status === 200 && a.complete && e && /illegal move/.test(e.error) && e.index === 1,
        `an illegal move: ${a.text.trim()}`);
}

// A long analysis: resolves once its process runs.
async function startLong(port, id, from) {
  const a = await openAnalysis(port, id, { game: 'dvonn', turns: [0, 0, 0], seconds: 10 }, from);
  const procs = await waitFor(() => analysisProcs(serverPid).length > 0 && analysisProcs(serverPid), 3000);
  return { a, procs: procs || [] };
}

// The client goes (a fetch aborted): its process is killed and reaped,
// its descriptors closed.
async function testAnalysisAbort(port, id) {
  await sleep(300);
  const before = fds(serverPid);
  const { a, procs } = await startLong(port, id);
  check(procs.length === 1, `an analysis process runs (${procs.length})`);
  const t0 = performance.now();
  a.req.destroy();
  const gone = await waitFor(() => analysisProcs(serverPid).length === 0, 5000);
  check(gone && procs.every(p => !alive(p)),
        `a client that goes: its analysis process killed and reaped (in ${((performance.now() - t0) / 1000).toFixed(2)} s)`);
  await checkNoNewFds(serverPid, before, 'a client that goes');
  // The page's way: fetch, a reader, AbortController.
  const ctl = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/api/sessions/${id}/analysis`, {
    method: 'POST', body: JSON.stringify({ game: 'dvonn', turns: [0, 0], seconds: 10 }),
    signal: ctl.signal,
  });
  const reader = res.body.getReader();
  const started = await waitFor(() => analysisProcs(serverPid).length === 1, 3000);
  ctl.abort();
  await reader.read().catch(() => null);
  const stopped = await waitFor(() => analysisProcs(serverPid).length === 0, 5000);
  check(res.status === 200 && started && stopped, 'fetch aborted by an AbortController: the process gone');
}

// A second analysis of a session ends the first (its response just ends).
async function testAnalysisSecond(port, id) {
  const { a, procs } = await startLong(port, id);
  const t0 = performance.now();
  const b = await openAnalysis(port, id, { game: 'dvonn', setup: 'random=3', nodes: 2000 });
  await a.done;
  const took = (performance.now() - t0) / 1000;
  check(a.complete && a.lines.length === 0 && took < 2,
        `the first analysis ended when the second came (${took.toFixed(2)} s, ${a.lines.length} lines)`);
  check(procs.every(p => !alive(p)), 'its process gone');
  await b.done;
  check(b.complete && b.lines.length === 1, `the second answered (${b.lines.length} line)`);
  check(await waitFor(() => analysisProcs(serverPid).length === 0, 5000),
        'an answered analysis leaves no process');
}

// Many at once from one address: 3 sessions (its cap), 30 long analyses
// posted on them together; never more processes than sessions.
async function testAnalysisMany(port) {
  const from = '127.0.0.5';
  const ids = [];
  for (let i = 0; i < 4; i++) ids.push(await newSession(port, from));
  check(ids.filter(Boolean).length === 3, `sessions of one address: ${ids.filter(Boolean).length}`);
  let most = 0;
  const sampler = setInterval(() => { most = Math.max(most, analysisProcs(serverPid).length); }, 10);
  const all = [];
  for (let i = 0; i < 30; i++)
    all.push(openAnalysis(port, ids[i % 3], { game: 'dvonn', turns: [0, 0], seconds: 10 }, from));
  const streams = await Promise.all(all);
  await sleep(1500);
  const running = analysisProcs(serverPid).length;
  check(streams.every(s => s.status === 200), `30 analyses posted: ${[...new Set(streams.map(s => s.status))]}`);
  check(running === 3 && most <= 3, `processes: ${running} running, at most ${most} at once (3 sessions)`);
  const ended = streams.filter(s => s.complete).length;
  check(ended === 27, `the 27 superseded responses ended (${ended})`);
  for (const s of streams) s.req.destroy();
  clearInterval(sampler);
  check(await waitFor(() => analysisProcs(serverPid).length === 0, 3000), 'all gone once their clients went');
  // 100 analyses started and aborted at once on one session.
  const before = fds(serverPid);
  for (let i = 0; i < 100; i++) {
    const s = await openAnalysis(port, ids[0], { game: 'dvonn', seconds: 10 }, from);
    if (i % 2) await sleep(5);
    s.req.destroy();
  }
  check(await waitFor(() => analysisProcs(serverPid).length === 0, 3000),
        `100 analyses started and aborted: no process left (${analysisProcs(serverPid).length})`);
  await checkNoNewFds(serverPid, before, '100 analyses started and aborted');
  for (const s of ids.filter(Boolean))
    await request(port, 'DELETE', `/api/sessions/${s}`);
}

// Deleting the session ends its analysis at once.
async function testAnalysisDelete(port) {
  const id = await newSession(port, '127.0.0.6');
  const { a, procs } = await startLong(port, id, '127.0.0.6');
  const t0 = performance.now();
  const d = await request(port, 'DELETE', `/api/sessions/${id}`);
  await a.done;
  const took = (performance.now() - t0) / 1000;
  check(d.status === 200 && a.complete && took < 2 && procs.every(p => !alive(p)),
        `DELETE during an analysis: it ended after ${took.toFixed(2)} s, its process gone`);
}

// The idle reaper (--idle 1; it runs every 5 s) ends a session's analysis.
async function testAnalysisIdle() {
  const { srv, port } = await startServer(['--idle', '1']);
  const pid = serverPid;
  serverPid = srv.pid;
  try {
    const id = await newSession(port);
    const { a, procs } = await startLong(port, id);
    check(procs.length === 1, 'an analysis runs');
    const t0 = performance.now();
    await a.done;
    const took = (performance.now() - t0) / 1000;
    check(a.complete && took < 7 && procs.every(p => !alive(p)),
          `the idle reaper ended the session and its analysis (${took.toFixed(1)} s)`);
  } finally {
    await stopServer(srv);
    serverPid = pid;
  }
}

async function testAnalysis() {
  const { srv, port } = await startServer(['--timeout', '10', '--max-sessions', '8',
                                           '--client-sessions', '3']);
  serverPid = srv.pid;
  try {
    const id = await newSession(port);
    await testAnalysisGames(port, id);
    await testAnalysisBodies(port, id);
    await testAnalysisAbort(port, id);
    await testAnalysisSecond(port, id);
    await testAnalysisMany(port);
    await testAnalysisDelete(port);
    const r = await request(port, 'GET', '/');
    check(r.status === 200, 'the server still serves');
  } finally {
    await stopServer(srv);
  }
  check(analysisProcs(srv.pid).length === 0, 'no analysis process outlives the server');
  await testAnalysisIdle();
}

// SIGTERM with a command waiting for the engine, an event stream and an
// analysis open.
async function testShutdown() {
  const { srv, port } = await startServer(['--timeout', '60']);
  const a = await newSession(port);
  const b = await newSession(port);
  const c = await newSession(port);
  await commands(port, a, ['setup dvonn random=2', 'time_settings 86400 0 0']);
  const pending = commands(port, a, ['genmove white']).catch(() => null);
  await request(port, 'POST', `/api/sessions/${b}/analyze`, '{"interval":0.2}');
  const stream = await openStream(port, b);
  const analysis = await openAnalysis(port, c, { game: 'dvonn', turns: [0, 0], seconds: 10 });
  await sleep(500);
  const engines = childrenOf(srv.pid);
  check(engines.length === 4 && analysisProcs(srv.pid).length === 1,
        `three engines and an analysis at work (${engines.length} processes)`);
  const took = await stopServer(srv);
  check(took < 1, `SIGTERM with a command, a stream and an analysis in flight: gone in ${took.toFixed(3)} s`);
  await sleep(100);
  check(engines.every(p => !alive(p)), 'no engine left');
  const r = await pending;
  check(r === null || r.status !== 200 || r.json.replies[0].ok === false,
        'the command in flight did not get a move');
  check(stream.ended, 'the stream ended');
  await analysis.done;
  check(analysis.lines.length === 0, 'the analysis ended');
}

// --token: nothing without the token; the printed address sets the cookie
// that the page's own requests then carry.
async function testToken() {
  const { srv, port, token } = await startServer(['--token']);
  try {
    check(/^[0-9a-f]{32}$/.test(token || ''), 'a token is printed with the address');
    let r = await request(port, 'GET', '/');
    check(r.status === 403, `no token: ${r.status}`);
    r = await request(port, 'POST', '/api/sessions', '');
    check(r.status === 403, `no token, API: ${r.status}`);
    r = await request(port, 'GET', `/?token=${token.replace(/.$/, c => c === '0' ? '1' : '0')}`);
    check(r.status === 403, `a wrong token: ${r.status}`);
    r = await request(port, 'GET', `/?token=${token}`);
    const cookie = (r.headers['set-cookie'] || [])[0] || '';
    check(r.status === 200 && cookie.startsWith(`triad_token=${token};`) &&
          /HttpOnly/.test(cookie) && /SameSite=Strict/.test(cookie),
          `the printed address: ${r.status}, ${cookie.replace(token, 'TOKEN')}`);
    const jar = { Cookie: `triad_token=${token}` };
    r = await request(port, 'POST', '/api/sessions', '', { headers: jar });
    check(r.status === 201, `the cookie opens the API: ${r.status}`);
    r = await request(port, 'GET', '/style.css', undefined,
                      { headers: { ...jar, Host: 'some-name.example:1' } });
    check(r.status === 200, 'with the token any Host is accepted');
    r = await request(port, 'GET', '/', undefined,
                      { headers: { ...jar, Origin: 'http://evil.example' } });
    check(r.status === 403, 'but not a foreign Origin');
  } finally {
    await stopServer(srv);
  }
}

async function main() {
  const timeout = 3;
  const { srv, port } = await startServer(['--timeout', String(timeout), '--max-sessions', '8',
                                           '--client-sessions', '3']);
  try {
    await testHeaders(port);
    const id = await testAllowlist(port);
    await testTimeout(port, srv.pid, id, timeout);
    await testSessionsPerClient(port, 1);
    await testStreamsPerClient(port, id);
    await testSlowClients(port);
    const r = await request(port, 'GET', '/');
    check(r.status === 200, 'the server still serves');
  } finally {
    const took = await stopServer(srv);
    check(took < 1, `stopped in ${took.toFixed(3)} s`);
  }
  await testToken();
  await testFakeEngine();
  await testAnalysis();
  await testShutdown();
  console.log(failures ? `${failures} checks FAILED` : 'all checks passed');
  process.exit(failures ? 1 : 0);
}

main().catch(e => { console.error(e); process.exit(1); });
