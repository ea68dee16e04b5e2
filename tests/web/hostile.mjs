// tests/web/hostile.mjs -- triad-web attacked from loopback, with bounded
// counts and time (about a minute), no browser and no npm package:
// the command allowlist (loadsgf, hash, streaming, comments refused), a
// timed-out command (engine stopped, the late reply never answers the next
// command), the reply cap and stale reply numbers (with a fake engine),
// sessions per client address, close from pagehide (DELETE and POST close
// with an Origin), 300 slow connections (headers or body) while a normal
// GET / is answered within 2 s and the deadline closing them, the caps on
// connections and event streams, the access token (--token), the
// security headers, and SIGTERM with a command and a stream in flight:
// the server gone within a second and no engine left.
//
//   node tests/web/hostile.mjs TRIAD_WEB
//
// TRIAD_WEB_ENGINE, when set, is the --engine of every server but the one
// with the fake engine (a sanitizer build of triad-web can so drive an
// ordinary engine).
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

// SIGTERM with a command waiting for the engine and a stream open.
async function testShutdown() {
  const { srv, port } = await startServer(['--timeout', '60']);
  const a = await newSession(port);
  const b = await newSession(port);
  await commands(port, a, ['setup dvonn random=2', 'time_settings 86400 0 0']);
  const pending = commands(port, a, ['genmove white']).catch(() => null);
  await request(port, 'POST', `/api/sessions/${b}/analyze`, '{"interval":0.2}');
  const stream = await openStream(port, b);
  await sleep(500);
  const engines = childrenOf(srv.pid);
  check(engines.length === 2, `two engines at work (${engines.length})`);
  const took = await stopServer(srv);
  check(took < 1, `SIGTERM with a command and a stream in flight: gone in ${took.toFixed(3)} s`);
  await sleep(100);
  check(engines.every(p => !alive(p)), 'no engine left');
  const r = await pending;
  check(r === null || r.status !== 200 || r.json.replies[0].ok === false,
        'the command in flight did not get a move');
  check(stream.ended, 'the stream ended');
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
  await testShutdown();
  console.log(failures ? `${failures} checks FAILED` : 'all checks passed');
  process.exit(failures ? 1 : 0);
}

main().catch(e => { console.error(e); process.exit(1); });
