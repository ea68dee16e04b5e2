// tests/web/load.mjs -- triad-web under load, from loopback, with bounded
// counts and time: 8 sessions play engine against engine (every game of
// the engine's list_games in turn, 0.05 s a move, a new game when one
// ends) through the calls the page makes, while 50 clients poll the page
// and the API's read-only commands.  It fails on any unexpected HTTP
// status or engine reply, a genmove answer not among the legal moves
// asked just before, a history that does not grow by that move, a game
// whose final_score disagrees with game_status, an engine count other
// than 8 while the games run, an engine left after its session is
// deleted or after SIGTERM, and on the server's memory or descriptors
// growing (see RSS_GROWTH_KIB).
//
//   node tests/web/load.mjs TRIAD_WEB        (LOAD_SECONDS=90 by default)
//
// Connections: triad-web takes at most 32 connections from one address
// (a constant).  Fifty pollers with a connection each from 127.0.0.1
// would pass it, so they share a keep-alive pool of 16 connections, as
// browsers reuse theirs; each player keeps one keep-alive connection:
// 24 in all.
import http from 'node:http';
import path from 'node:path';
import * as serve from './serve.mjs';
import { childrenOf, alive, rssKiB, fdCount } from './serve.mjs';

const serverBin = path.resolve(process.argv[2] || 'src/triad-web');
const SECONDS = Number(process.env.LOAD_SECONDS || 90);
const SESSIONS = 8;
const POLLERS = 50;
const POLL_SOCKETS = 16;
const POLL_MS = 250;             // each poller's pause between requests
const MOVETIME = 0.05;
const MAXPLIES = 300;            // Truchet can cycle: a draw then
const HASH_MIB = 16;
const SAMPLE_MS = 3000;
// The server's resident set may grow this much from the sample at the end
// of the first third (threads, connections and buffers warmed up) to the
// last one.  The server keeps to one malloc arena by itself (main.c:
// with glibc's default, each job thread (one a request) may take another
// of up to 8 arenas a core, and their fragmentation grew the resident set
// by about 1 MiB every 20 s of this load, leak or not: 300 s, 18 to
// 27 MiB; with one arena 12 to 13 MiB over 150 s, and valgrind finds no
// lost block), so a growth here is a leak.  Generous:
// a few MiB move either way as requests overlap, and a leak of 1 KiB a
// request passes it within the 10,000 or more requests of the last two
// thirds.
const RSS_GROWTH_KIB = 8 * 1024;
// Descriptors: listening socket, epoll, the pipes of 8 engines and at
// most 32 connections stay far below this.
const MAX_FDS = 128;
// An engine: its table (--hash) and the rest of a search.
const ENGINE_RSS_KIB = (HASH_MIB + 64) * 1024;

if (!(SECONDS > 0)) {
  console.error('load.mjs: LOAD_SECONDS must be a positive number of seconds');
  process.exit(2);
}

const sleep = ms => new Promise(r => setTimeout(r, ms));
const failures = [];
function fail(what) {
  failures.push(what);
  if (failures.length <= 20) console.log(`FAILED: ${what}`);
}
function check(ok, what) {
  if (ok) console.log(`ok: ${what}`);
  else fail(what);
  return ok;
}

const served = {};               // requests answered as expected, by kind
const count = kind => { served[kind] = (served[kind] || 0) + 1; };

// A request whose status must be `want`; resolves its reply, or null
// (a failure recorded) on another status or a broken connection.
async function expect(port, kind, want, method, p, body, agent) {
  let r;
  try {
    r = await serve.request(port, method, p, body, { agent });
  } catch (e) {
    fail(`${kind}: ${method} ${p}: ${e.message}`);
    return null;
  }
  if (r.status !== want) {
    fail(`${kind}: ${method} ${p}: status ${r.status} (${want} expected) ${r.text.slice(0, 200)}`);
    return null;
  }
  count(kind);
  return r;
}

// Protocol lines through /commands; resolves the reply texts, or null
// when any reply is not ok or the engine is not alive.
async function commands(port, kind, id, lines, agent) {
  const r = await expect(port, kind, 200, 'POST', `/api/sessions/${id}/commands`,
                         JSON.stringify({ commands: lines }), agent);
  if (!r) return null;
  const bad = r.json?.replies?.findIndex(x => !x.ok);
  if (!r.json?.alive || r.json.replies.length !== lines.length || bad !== -1) {
    fail(`${kind}: ${lines.join(' | ')}: ${r.text.slice(0, 300)}`);
    return null;
  }
  return r.json.replies.map(x => x.text);
}

// One player: games engine against engine in session `id` until `end`,
// starting with game `first` of `games`.
async function play(port, id, games, first, end, tally) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (kind, lines) => commands(port, kind, id, lines, agent);
  try {
    for (let g = first; performance.now() < end; g++) {
      const game = games[g % games.length];
      if (!await send('setup', [`setup ${game}`, 'time_settings 0 1 0',
                                `set_option movetime ${MOVETIME}`,
                                `set_option maxplies ${MAXPLIES}`])) return;
      let plies = 0;
      for (;;) {
        const r = await send('refresh', ['game_status', 'legal_moves', 'history']);
        if (!r) return;
        const [status, legal, history] = r;
        const moves = history ? history.split(' ') : [];
        if (moves.length !== plies) {
          fail(`${game}: history has ${moves.length} moves after ${plies} genmoves`);
          return;
        }
        const over = /^over (\S+)$/.exec(status);
        if (over) {
          const score = await send('final_score', ['final_score']);
          if (!score) return;
          if (score[0] !== over[1]) {
            fail(`${game}: final_score ${score[0]} but game_status ${status}`);
            return;
          }
          tally.push({ game, plies, result: over[1] });
          break;
        }
        const side = /^playing (\w+)$/.exec(status);
        if (!side) { fail(`${game}: game_status ${status}`); return; }
        if (performance.now() >= end) return;    // unfinished, by design
        const move = await send('genmove', [`genmove ${side[1]}`]);
        if (!move) return;
        if (!legal.split(' ').includes(move[0])) {
          fail(`${game}: genmove ${side[1]} answered ${move[0]}, not among: ${legal.slice(0, 200)}`);
          return;
        }
        plies++;
      }
    }
  } finally {
    agent.destroy();
  }
}

// One poller: the page and the API's read-only commands, in turn, until
// `end`.
async function poll(port, k, ids, agent, end) {
  const asks = [
    () => expect(port, 'GET /', 200, 'GET', '/', undefined, agent),
    () => expect(port, 'GET /app.js', 200, 'GET', '/app.js', undefined, agent),
    () => commands(port, 'poll position', ids[k % ids.length],
                   ['position', 'game_status', 'history'], agent),
    () => commands(port, 'poll list_games', ids[k % ids.length], ['list_games'], agent),
  ];
  await sleep(k * POLL_MS / POLLERS);            // spread over the period
  for (let i = k; performance.now() < end; i++) {
    await asks[i % asks.length]();
    await sleep(POLL_MS);
  }
}

function sample(srvPid, t0) {
  const engines = childrenOf(srvPid);
  return {
    t: (performance.now() - t0) / 1000, rss: rssKiB(srvPid), fds: fdCount(srvPid),
    engines: engines.length, engineRss: engines.map(rssKiB),
  };
}

const mib = kib => (kib / 1024).toFixed(1);

async function main() {
  const wall0 = performance.now();
  const { srv, port } = await serve.startServer(serverBin, [
    '--max-sessions', String(SESSIONS), '--client-sessions', String(SESSIONS),
    '--hash', String(HASH_MIB), '--timeout', '60']);
  const ids = [];
  for (let i = 0; i < SESSIONS; i++) {
    const r = await expect(port, 'new session', 201, 'POST', '/api/sessions', '');
    if (!r) break;
    ids.push(r.json.id);
  }
  check(ids.length === SESSIONS, `${ids.length} sessions made`);
  const more = await serve.request(port, 'POST', '/api/sessions', '');
  check(more.status === 429 || more.status === 503,
        `a ninth session refused (${more.status})`);
  const listed = await commands(port, 'list_games', ids[0], ['list_games']);
  const games = listed ? listed[0].split('\n').filter(Boolean).map(l => l.split(' ')[0]) : [];
  check(games.length > 0, `games: ${games.join(' ')}`);
  const engines = childrenOf(srv.pid);
  check(engines.length === SESSIONS, `${engines.length} engines`);

  const t0 = performance.now(), end = t0 + SECONDS * 1000;
  const samples = [sample(srv.pid, t0)];
  const sampler = setInterval(() => samples.push(sample(srv.pid, t0)), SAMPLE_MS);
  const tally = [];
  const pollAgent = new http.Agent({ keepAlive: true, maxSockets: POLL_SOCKETS });
  await Promise.all([
    ...ids.map((id, i) => play(port, id, games, i, end, tally)),
    ...Array.from({ length: POLLERS }, (_, k) => poll(port, k, ids, pollAgent, end)),
  ]);
  clearInterval(sampler);
  samples.push(sample(srv.pid, t0));
  pollAgent.destroy();

  // Games.
  for (const game of games) {
    const done = tally.filter(x => x.game === game);
    console.log(`${game}: ${done.length} games finished, ` +
                `${done.reduce((n, x) => n + x.plies, 0)} plies, results ` +
                `${done.map(x => x.result).join(' ') || '-'}`);
  }
  check(games.every(game => tally.some(x => x.game === game)),
        `${tally.length} games finished, every game at least once`);

  // Processes, memory, descriptors.
  check(samples.every(s => s.engines === SESSIONS),
        `${SESSIONS} engines at every sample (${samples.map(s => s.engines).join(' ')})`);
  const ref = samples.find(s => s.t >= SECONDS / 3) || samples[0];
  const last = samples[samples.length - 1];
  console.log(`server RSS (MiB) every ${SAMPLE_MS / 1000} s: ${samples.map(s => mib(s.rss)).join(' ')}`);
  console.log(`engines' RSS (MiB, all ${SESSIONS}): ${samples.map(s =>
    mib(s.engineRss.reduce((a, b) => a + b, 0))).join(' ')}`);
  console.log(`server descriptors: ${samples.map(s => s.fds).join(' ')}`);
  check(last.rss - ref.rss <= RSS_GROWTH_KIB,
        `server RSS ${mib(ref.rss)} MiB at ${ref.t.toFixed(0)} s, ${mib(last.rss)} MiB at ` +
        `${last.t.toFixed(0)} s (growth allowed: ${mib(RSS_GROWTH_KIB)} MiB)`);
  const maxEngine = Math.max(...samples.flatMap(s => s.engineRss));
  check(maxEngine <= ENGINE_RSS_KIB,
        `largest engine ${mib(maxEngine)} MiB (at most ${mib(ENGINE_RSS_KIB)} with --hash ${HASH_MIB})`);
  const maxFds = Math.max(...samples.map(s => s.fds));
  check(maxFds <= MAX_FDS, `server descriptors at most ${maxFds} (bound ${MAX_FDS})`);

  // Half the sessions deleted: their engines go at once.
  const half = ids.length / 2;
  for (const id of ids.slice(0, half))
    await expect(port, 'DELETE', 200, 'DELETE', `/api/sessions/${id}`);
  let left = childrenOf(srv.pid);
  for (let i = 0; i < 50 && left.length !== ids.length - half; i++) {
    await sleep(100);
    left = childrenOf(srv.pid);
  }
  check(left.length === ids.length - half,
        `${half} sessions deleted: ${left.length} engines left`);

  // The other half thinking (movetime 5 s) when SIGTERM comes.
  const thinking = [];
  for (const id of ids.slice(half)) {
    const r = await commands(port, 'setup', id,
                             [`setup ${games[0]}`, 'set_option movetime 5', 'game_status']);
    const side = r && /^playing (\w+)$/.exec(r[2]);
    if (!side) { fail(`no side to move in a new ${games[0]} game`); continue; }
    thinking.push(serve.request(port, 'POST', `/api/sessions/${id}/commands`,
                                JSON.stringify({ commands: [`genmove ${side[1]}`] }))
      .catch(() => null));
  }
  await sleep(500);
  const stop = await serve.stopServer(srv);
  await Promise.all(thinking);
  check(stop.code === 0 && stop.seconds < 3,
        `SIGTERM with ${ids.length - half} engines thinking: exit ${stop.code}` +
        `${stop.signal ? ' ' + stop.signal : ''} in ${stop.seconds.toFixed(2)} s`);
  check(engines.every(p => !alive(p)), 'no engine left after SIGTERM');

  const total = Object.values(served).reduce((a, b) => a + b, 0);
  console.log(`requests answered as expected: ${total} (` +
              Object.entries(served).map(([k, n]) => `${k} ${n}`).join(', ') + ')');
  console.log(`load: ${SECONDS} s, wall ${((performance.now() - wall0) / 1000).toFixed(1)} s, ` +
              `${failures.length} failures`);
  process.exit(failures.length ? 1 : 0);
}

main().catch(e => {
  console.error(`load.mjs: ${e.stack || e}`);
  process.exit(1);
});
