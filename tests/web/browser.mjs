// browser.mjs -- end-to-end tests of triad-web in headless chromium
// (puppeteer-core), then hostile requests against the server.
//
//   node browser.mjs TRIAD_WEB OUTDIR
//
// Starts TRIAD_WEB on a free port, plays every game in the page by
// clicking, and keeps a screenshot of each board in OUTDIR (checked not
// to be blank).  Exits non-zero at the first failed check.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

const [serverBin, outDir] = process.argv.slice(2);
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const MAX_SESSIONS = 6;
const started = Date.now();

function check(cond, what) {
  if (!cond) throw new Error('check failed: ' + what);
  console.log('ok - ' + what);
}
const sleep = ms => new Promise(r => setTimeout(r, ms));

// Children of pid, from /proc (the engines of triad-web).
function childrenOf(pid) {
  const out = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(d));
    } catch { /* gone meanwhile */ }
  }
  return out;
}

function startServer() {
  const srv = spawn(serverBin, ['--port', '0', '--max-sessions', String(MAX_SESSIONS)],
                    { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let text = '';
    srv.stdout.on('data', d => {
      text += d;
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(text);
      if (m) resolve({ srv, base: `http://127.0.0.1:${m[1]}` });
    });
    srv.on('exit', code => reject(new Error('triad-web exited with ' + code)));
  });
}

// --- the page ---------------------------------------------------------------

async function historyLength(page) {
  return page.$$eval('#moves li', li => li.length);
}

// Waits until the page's move list has n moves.
async function waitMoves(page, n) {
  try {
    await page.waitForFunction(k => document.querySelectorAll('#moves li').length === k,
                               { timeout: 30000 }, n);
  } catch (e) {
    const state = await page.$eval('aside', el => el.innerText);
    throw new Error(`expected ${n} moves; the page says: ${state}`);
  }
}

// Plays one move by clicking highlighted targets (junctions before tiles,
// so Truchet moves without a flip), or a choice button once the clicks
// narrowed the moves down.  Returns the number of clicks.
async function clickMove(page) {
  const before = await historyLength(page);
  for (let clicks = 1; clicks <= 8; clicks++) {
    const choice = await page.$('#choices .choice');
    const targets = await page.$$('#board .target:not(.tile)');
    const el = clicks > 3 && choice ? choice : targets[0] || choice;
    if (!el) {
      const state = await page.$eval('aside', e => e.innerText);
      throw new Error('nothing to click; the page says: ' + state);
    }
    await el.click();
    // Either the move was played (the list grows) or more is to be clicked.
    await page.waitForFunction(
      b => document.querySelectorAll('#moves li').length !== b ||
           document.querySelector('#board .target:not(.tile), #choices .choice') ||
           !document.querySelector('#crash').hidden,
      { timeout: 20000 }, before);
    if ((await historyLength(page)) !== before) return clicks;
  }
  throw new Error('no move after 8 clicks');
}

async function newGame(page, game, opts) {
  await page.select('#game', game);
  if (opts.setup !== undefined) await page.select('#setup', opts.setup);
  if (opts.key !== undefined) await page.$eval('#key', (e, v) => { e.value = v; }, opts.key);
  await page.select('#first', opts.first);
  await page.select('#second', opts.second);
  await page.$eval('#time', (e, v) => { e.value = v; }, String(opts.time));
  await page.$eval('#maxplies', (e, v) => { e.value = v; }, String(opts.maxplies || 0));
  // The board before may be of the same game: a mark that the new game's
  // drawing removes tells the new board from the old one.
  await page.$eval('#board', b => {
    b.appendChild(document.createElementNS('http://www.w3.org/2000/svg', 'g')).id = 'stale';
  });
  await page.click('#new');
  await page.waitForFunction(g => !document.querySelector('#stale') &&
                             document.querySelector('#board').dataset.game === g &&
                             document.querySelector('#counts').textContent !== '',
                             { timeout: 10000 }, game);
}

// Screenshot of the board, kept, and checked for content: the page itself
// decodes it and counts distinct colours.
async function keepScreenshot(page, name) {
  const board = await page.$('#board');
  const file = path.join(outDir, `board-${name}.png`);
  const png = await board.screenshot({ encoding: 'base64' });
  fs.writeFileSync(file, Buffer.from(png, 'base64'));
  const colours = await page.evaluate(async data => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + data;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < px.length; i += 4 * 7) seen.add(px[i] << 16 | px[i + 1] << 8 | px[i + 2]);
    return seen.size;
  }, png);
  check(colours > 8, `screenshot ${file} is not blank (${colours} colours)`);
}

async function resultText(page) {
  return page.$eval('#result', e => e.textContent);
}

async function waitResult(page, timeout) {
  await page.waitForFunction(() => document.querySelector('#result').textContent !== '',
                             { timeout });
  return resultText(page);
}

// The human clicks a move and the engine answers, at most turns times or
// until the game is over.
async function playUntilEnd(page, turns) {
  for (let i = 0; i < turns && !(await resultText(page)); i++) {
    const n = await historyLength(page);
    await clickMove(page);
    await page.waitForFunction(k => document.querySelectorAll('#moves li').length >= k + 2 ||
                               document.querySelector('#result').textContent !== '',
                               { timeout: 20000 }, n);
  }
}

async function testCephalopod(page) {
  await newGame(page, 'cephalopod', { setup: '3x3', first: 'human', second: 'engine', time: 0.1 });
  check((await page.$$('#board .target')).length === 9, 'cephalopod: 9 empty cells highlighted');
  await clickMove(page);
  await waitMoves(page, 2);
  check(true, 'cephalopod: a click plays, the engine answers');
  check((await page.$$('#board .ce-die')).length === 2, 'cephalopod: two dice drawn');
  await page.click('#undo');
  await waitMoves(page, 0);
  check(true, 'cephalopod: undo takes back both moves');
  await keepScreenshot(page, 'cephalopod-empty');
  // Play to the end by clicking.
  await playUntilEnd(page, 60);
  const result = await resultText(page);
  check(/^Game over: (White|Black) wins by \d+ \([WB]\+\d+\): the board is full\.$/.test(result),
        `cephalopod: the game ends with a result: "${result}"`);
  await keepScreenshot(page, 'cephalopod');
  // Save the game as SGF, start another, load the record back.
  await page.click('#save');
  await page.waitForFunction(() => document.querySelector('#sgf').value !== '');
  const sgf = await page.$eval('#sgf', e => e.value);
  const re = /RE\[([^\]]*)\]/.exec(sgf);
  check(sgf.startsWith('(;FF[4]') && sgf.includes('XGAME[cephalopod]') &&
        re && result.includes(`(${re[1]})`), `cephalopod: saved as SGF with RE[${re && re[1]}]`);
  const moves = await historyLength(page);
  const file = path.join(outDir, 'cephalopod.sgf');
  fs.writeFileSync(file, sgf);
  await newGame(page, 'cephalopod', { setup: '5x5', first: 'human', second: 'human', time: 0.1 });
  const input = await page.$('#load');
  await input.uploadFile(file);
  await waitMoves(page, moves);
  // the result shows after the last move is listed: wait for it
  const loaded = await waitResult(page, 20000);
  check(loaded === result, `cephalopod: the loaded SGF gives the same game and result: "${loaded}"`);
}

async function testDvonn(page) {
  await newGame(page, 'dvonn', { setup: 'random', first: 'human', second: 'engine', time: 0.1 });
  check((await page.$$('#board .dv-W, #board .dv-B, #board .dv-R')).length === 49,
        'dvonn: 49 pieces on the random start');
  const clicks = await clickMove(page);
  check(clicks === 2, 'dvonn: a stacking move takes two clicks');
  await waitMoves(page, 2);
  check(true, 'dvonn: the engine answers');
  check((await page.$$('#board .last')).length >= 2, 'dvonn: the last move is marked');
  await keepScreenshot(page, 'dvonn');
  await page.click('#undo');
  await waitMoves(page, 0);
  check(true, 'dvonn: undo');
  // Watch the engine play itself to the end.
  await newGame(page, 'dvonn', { setup: 'random', first: 'engine', second: 'engine', time: 0.05 });
  const result = await waitResult(page, 60000);
  check(/^Game over: ((White|Black) wins by \d+ \([WB]\+\d+\): no stack can move any more|a draw \(0\))\.$/
          .test(result), `dvonn: engine against engine ends: "${result}"`);
  await keepScreenshot(page, 'dvonn-end');
}

async function testTruchet(page) {
  await newGame(page, 'truchet', { key: '2470377', first: 'human', second: 'engine', time: 0.1,
                                    maxplies: 6 });
  check((await page.$$('#board .river')).length === 49, 'truchet: 49 tiles with rivers');
  check((await page.$$('#board .tr-L')).length === 12, 'truchet: 12 light stacks');
  await keepScreenshot(page, 'truchet');
  await clickMove(page);
  await waitMoves(page, 2);
  check(true, 'truchet: a move by clicks, the engine answers');
  await page.click('#undo');
  await waitMoves(page, 0);
  check(true, 'truchet: undo');
  await playUntilEnd(page, 5);
  const result = await resultText(page);
  check(result === 'Game over: a draw (0): the limit of 6 plies.',
        `truchet: drawn after 6 plies: "${result}"`);
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#result').textContent === '');
  await page.click('#resign');
  const resigned = await waitResult(page, 10000);
  check(resigned === 'Game over: Dark wins (B+R): light resigned.',
        `truchet: the human resigns: "${resigned}"`);
  await keepScreenshot(page, 'truchet-end');
}

async function testAnalysis(page) {
  await newGame(page, 'dvonn', { setup: 'random', first: 'human', second: 'human', time: 1 });
  await page.click('#analyze');
  await page.waitForFunction(() => Number(document.querySelector('#an-count').textContent) >= 3,
                             { timeout: 15000 });
  const depth = await page.$eval('#an-depth', e => e.textContent);
  const pv = await page.$eval('#an-pv', e => e.textContent);
  check(Number(depth) > 0 && pv.length > 0, `analysis streams (depth ${depth}, line ${pv})`);
  await page.click('#stop');
  await page.waitForFunction(() => document.querySelector('#an-state').textContent === 'stopped');
  const count = await page.$eval('#an-count', e => e.textContent);
  await sleep(1200);
  check(await page.$eval('#an-count', e => e.textContent) === count, 'stop ends the analysis');
  await clickMove(page);
  await waitMoves(page, 1);
  check(true, 'a move after the analysis');
}

async function testCrash(page, srv) {
  const engines = childrenOf(srv.pid);
  check(engines.length === 1, `one engine for the page (${engines})`);
  process.kill(engines[0], 'SIGKILL');
  await sleep(200);
  await clickMove(page).catch(() => {});
  await page.waitForSelector('#crash:not([hidden])', { timeout: 10000 });
  check(true, 'a killed engine is reported');
  const moves = await historyLength(page);
  await page.click('#restart');
  await page.waitForFunction(() => document.querySelector('#crash').hidden, { timeout: 10000 });
  await page.waitForSelector('#board .target', { timeout: 10000 });
  await waitMoves(page, moves);
  check(true, 'after a restart the game is back');
  await clickMove(page);
  await waitMoves(page, moves + 1);
  check(childrenOf(srv.pid).length === 1, 'the page plays on with a new engine');
}

// --- hostile requests --------------------------------------------------------

async function post(base, p, body, headers) {
  const res = await fetch(base + p, { method: 'POST', body, headers });
  let json = null;
  try { json = await res.json(); } catch { /* not JSON */ }
  return { status: res.status, json };
}

async function testHostile(base, srv) {
  const big = 'x'.repeat(200000);
  let r = await post(base, '/api/sessions', big);
  check(r.status === 413 && r.json.error, `oversized body: 413 (${r.json && r.json.error})`);
  r = await post(base, '/api/sessions/0123456789abcdef0123456789abcdef/commands',
                 '{"commands":["name"]}');
  check(r.status === 404, 'unknown session: 404');
  r = await post(base, '/api/sessions/nonsense', '{}');
  check(r.status === 404, 'malformed session id: 404');
  r = await post(base, '/api/sessions', '', { Origin: 'http://evil.example' });
  check(r.status === 403, 'foreign Origin: 403');
  const sessions = await Promise.all(Array.from({ length: 100 },
    () => post(base, '/api/sessions', '')));
  const made = sessions.filter(s => s.status === 201).map(s => s.json.id);
  const refused = sessions.filter(s => s.status === 503).length;
  const open = MAX_SESSIONS - 1;      // the browser's page still holds one
  check(made.length === open && refused === 100 - open,
        `100 sessions at once: ${made.length} made, ${refused} refused with 503`);
  const id = made[0];
  r = await post(base, `/api/sessions/${id}/commands`, '{"commands": [');
  check(r.status === 400, 'bad JSON: 400');
  r = await post(base, `/api/sessions/${id}/commands`, '{"commands":["name\\nquit"]}');
  check(r.status === 400, 'a command with a line break: 400');
  r = await post(base, `/api/sessions/${id}/commands`, '{"commands":["setup cephalopod","name"]}');
  check(r.status === 200 && r.json.replies[1].text === 'triad', 'the session still works');
  // A client that goes away in the middle of an analysis stream.
  r = await post(base, `/api/sessions/${id}/analyze`, '{"interval":0.2}');
  check(r.json.ok, 'analysis started');
  const ctl = new AbortController();
  const res = await fetch(`${base}/api/sessions/${id}/stream`, { signal: ctl.signal });
  const reader = res.body.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  check(first.startsWith('data: info best '), 'the stream sends info lines');
  ctl.abort();
  await sleep(1500);
  r = await post(base, `/api/sessions/${id}/commands`, '{"commands":["name"]}');
  check(r.status === 200 && r.json.replies[0].text === 'triad',
        'after a client left mid-stream the session answers');
  for (const s of made) {
    const d = await fetch(`${base}/api/sessions/${s}`, { method: 'DELETE' });
    check(d.status === 200, `session ${s.slice(0, 6)} deleted`);
  }
  await sleep(300);
  check(childrenOf(srv.pid).length === 1, 'deleted sessions leave no engine behind');
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const { srv, base } = await startServer();
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  let failed = false;
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 900 });
    page.on('console', m => console.log('page: ' + m.text()));
    page.on('pageerror', e => { console.log('page error: ' + e.message); failed = true; });
    await page.goto(base + '/', { waitUntil: 'load' });
    for (const t of [testCephalopod, testDvonn, testTruchet, testAnalysis])
      await t(page);
    await testCrash(page, srv);
    await testHostile(base, srv);
  } finally {
    await browser.close();
    const code = await new Promise(resolve => {
      srv.on('exit', c => resolve(c));
      srv.kill('SIGTERM');
    });
    check(code === 0, 'triad-web stops cleanly on SIGTERM');
    check(childrenOf(srv.pid).length === 0, 'no engine outlives the server');
  }
  check(!failed, 'no JavaScript errors in the page');
  console.log(`all browser tests passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch(e => { console.error(e); process.exit(1); });
