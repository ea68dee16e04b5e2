// panel.mjs -- analysis on the board and the whole-game review of
// triad-web's page in headless chromium (puppeteer-core), against the
// real server and engine, at desktop and phone sizes.
//
//   node panel.mjs TRIAD_WEB OUTDIR
//
// For each game: the score shown from the first side's view with its unit,
// the best move drawn over the board (Cephalopod's captures crossed out),
// the analysis asked again when the viewed position changes; then a
// whole-game review of a short record of each game with a node budget (so
// the answers are the same at every run): the graph drawn and clickable,
// the move that threw away a proven win marked as a blunder with the
// better move.  Screenshots of the reviewed games are kept in OUTDIR.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { launchChromium } from './chromium.mjs';
import { childrenOf, sizeAndCsp, startServer, stopServer } from './serve.mjs';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const [serverBin, outDir] = process.argv.slice(2);
const CSP = "default-src 'self'; frame-ancestors 'none'";
const SIZES = [{ name: 'desktop', width: 1280, height: 800 },
               { name: 'phone', width: 390, height: 844, phone: true }];
const started = Date.now();
let pageErrors = 0;

// Short records of each game.  DVONN: a random start (random=7), the
// engine's moves, then H5I5 at move 27, which turns White's proven win
// by 18 (I5G3 keeps it) into a proven draw.
const RECORDS = {
  dvonn: {
    start: 'dvonn:S:W:W,W,B,B,W,W,B,B,B,B,W,B,B,W,B,B,W,B,B,B,B,B,W,W,W,W,B,W,W,W,W,B,B,R,W,W,' +
           'R,B,B,B,W,W,W,W,R,W,B,W,B',
    moves: ('J5I5 D1E2 K3K4 G1H2 K4I4 G2G3 F1F2 D2E3 J3J4 C2D3 I3H3 A3B4 B2C3 D3F5 E1E2 K5J4 ' +
            'H3H1 B3C3 D5D4 B4D4 C5C4 F5F2 F4E3 C3F3 E5D4 J4G4 H5I5').split(' '),
    unit: 'stones', blunder: { turn: 27, move: 'H5I5', better: 'I5G3', listed: '14. H5I5??' },
  },
  truchet: {
    start: 'truchet:1110010001010100001001101110011010110100110010000:L:a1D1,a3D1,a6L1,a8L1,' +
           'b2D1,b7L1,c1D1,c3D1,c6L1,c8L1,d2D1,d7L1,e1D1,e3D1,e6L1,e8L1,f2D1,f7L1,g1D1,g3D1,' +
           'g6L1,g8L1,h2D1,h7L1',
    moves: ('b6<wn a2<ne c6-d5 f3<we g7<wn *g3,f2-g3 e7<wn f3>wn e7>we g2<ne h6<wn f3<wn ' +
            'h6>ws g2>ne e7<we f3>wn e7>wn e2<wn g7>wn *d3,e1-f2').split(' '),
    unit: 'chips',
  },
  cephalopod: {
    start: 'cephalopod:3x3:W:....../....../......',
    moves: ('a3 a1 c2 c1 a2=a1+a3 b1 a1=a2+b1 a2 b3 a3=a2+b3 b3 c3=b3+c2 a2=a1+a3 b2 a1 ' +
            'b1=a1+b2+c1 b2 a1 c1 c2=b2+c1+c3 c3 c1 b2 a3').split(' '),
    unit: 'dice',
  },
};
// Every move here captures (the centre is the only empty square).
const CAPTURE = 'cephalopod:3x3:W:W1B2W1/B1..B1/W1B3W1';
const SIDES = { dvonn: 'White', truchet: 'Light', cephalopod: 'White' };

async function waitFor(cond, ms) {
  for (const t0 = Date.now(); !cond() && Date.now() - t0 < ms;)
    await new Promise(r => setTimeout(r, 100));
}

function check(cond, what) {
  if (!cond) throw new Error('check failed: ' + what);
  console.log('ok - ' + what);
}

// The analysis endpoint's requests the page made: {body, failed, done}.
function watchAnalysis(page) {
  const seen = [];
  page.on('request', req => {
    if (req.method() === 'POST' && req.url().endsWith('/analysis'))
      seen.push({ req, body: JSON.parse(req.postData()), failed: false, done: false });
  });
  const end = how => req => {
    const s = seen.find(x => x.req === req);
    if (s) {
      s[how] = true;
      s.at = Date.now();
    }
  };
  page.on('requestfailed', end('failed'));
  page.on('requestfinished', end('done'));
  return seen;
}

// Opens the page at a size under the server's Content-Security-Policy.
async function openPage(browser, base, size) {
  const page = await browser.newPage();
  page.on('console', m => {
    console.log('page: ' + m.text());
    if (/Content Security Policy|Failed to load resource/.test(m.text())) pageErrors++;
  });
  page.on('pageerror', e => { console.log('page error: ' + e.message); pageErrors++; });
  await sizeAndCsp(page, base, size, CSP);
  const seen = watchAnalysis(page);
  await page.goto(base + '/', { waitUntil: 'load' });
  await page.waitForFunction(() => document.querySelector('#board').dataset.position,
                             { timeout: 20000 });
  await page.select('#first', 'human');
  await page.select('#second', 'human');
  return { page, seen };
}

// Loads a record (start position and moves) with Load SGF, as a player
// would, and waits for its line.  The page is driven through the move
// list's contract (page.line(), page.viewed(), page.goTo()), which
// navigation by the list and keys stands on.
async function loadRecord(page, game, start, moves) {
  const file = path.join(outDir, `panel-${game}.sgf`);
  const body = moves.map((m, i) => `;${'WB'[i % 2]}[${m}]`).join('');
  fs.writeFileSync(file, `(;FF[4]XGAME[${game}]XSTART[${start}]${body})\n`);
  await page.$eval('#board', b => { delete b.dataset.position; });
  await (await page.$('#load')).uploadFile(file);
  await page.waitForFunction(n => document.querySelector('#board').dataset.position &&
                             page.line().length === n + 1, { timeout: 10000 }, moves.length);
}

async function analysisOn(page, on) {
  if (await page.$eval('#an-on', e => e.checked) !== on) await page.click('#an-on');
}

// Waits for a score in the panel; returns its text.
async function waitScore(page) {
  await page.waitForFunction(() => document.querySelector('#an-score').textContent !== '',
                             { timeout: 20000 }).catch(async () => {
    throw new Error('no score; the panel says: ' + await page.$eval('#an-state', e => e.textContent));
  });
  return page.$eval('#an-score', e => e.textContent);
}

async function shot(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(outDir, `${name}.png`) });
}

// The score with side and unit, and the best move over the board.
async function testLive(page, size, game) {
  const rec = RECORDS[game];
  await loadRecord(page, game, rec.start, rec.moves.slice(0, 8));
  await analysisOn(page, true);
  const text = await waitScore(page);
  const re = new RegExp(`^${SIDES[game]} ([+\u2212\u00b1][\\d.]+ ${rec.unit}|wins .*proven)$|` +
                        '^A draw, proven$');
  check(re.test(text), `${size.name} ${game}: the score says side and unit: "${text}"`);
  const arrows = await page.$$eval('#board .an-layer .best', e => e.length);
  check(arrows > 0,
        `${size.name} ${game}: the best move is drawn over the board (${arrows} shapes)`);
  const share = await page.$eval('#board', e => e.dataset.share);
  check(/^[01]\.\d{3}$/.test(share), `${size.name} ${game}: the evaluation bar stands (${share})`);
  await testReadable(page, size, game, text);
  await shot(page, `panel-live-${game}-${size.name}`);
}

// The evaluation bar wide enough to read, its number in it; on a phone
// the score and the best move in a line under the board, seen with the
// board and not under the move buttons kept at the window's foot (the
// panel is below the fold there); on a desktop not (the panel is beside
// the board).
async function testReadable(page, size, game, score) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const bar = await page.$eval('#board', svg => {
    const t = svg.querySelector('.an-bar .eb-number');
    const r = t && t.getBoundingClientRect();
    return { px: Number(svg.dataset.barPx), text: t ? t.textContent : '',
      height: r ? r.height : 0 };
  });
  check(bar.px >= 24 && /^(\d+(\.\d)?%?|won|=)$/.test(bar.text) && bar.height >= 10,
        `${size.name} ${game}: the evaluation bar is ${bar.px} px wide, its number ` +
        `"${bar.text}" ${bar.height.toFixed(1)} px high`);
  const line = await page.$eval('#an-line', e => {
    const r = e.getBoundingClientRect(), b = document.querySelector('#board').getBoundingClientRect();
    const nav = document.querySelector('#nav').getBoundingClientRect();
    return { text: e.textContent, shown: r.height > 0, under: r.top >= b.bottom - 1,
      seen: r.bottom <= Math.min(window.innerHeight, nav.top) };
  });
  if (size.phone)
    check(line.shown && line.under && line.seen && line.text.startsWith(score) &&
          / \u00b7 best \S+/.test(line.text),
          `phone ${game}: the analysis in a line under the board, in view above the ` +
          `move buttons: "${line.text}"`);
  else check(!line.shown, `desktop ${game}: no analysis line under the board (the panel is beside it)`);
}

// Cephalopod: the dice a best move captures are crossed out.
async function testCaptures(page, size) {
  await loadRecord(page, 'cephalopod', CAPTURE, []);
  await waitScore(page);
  const crossed = await page.$$eval('#board .an-layer .an-capture', e => e.length);
  check(crossed >= 2, `${size.name} cephalopod: the best move's captures crossed out (${crossed})`);
}

// Another position viewed: the running analysis is dropped and the new
// position asked for; the PV's hover draws its moves numbered.
async function testRestart(page, size, seen, srv) {
  const rec = RECORDS.dvonn;
  await loadRecord(page, 'dvonn', rec.start, rec.moves.slice(0, 12));
  await waitScore(page);
  // The view changed while the 4 s search runs (after 0.5, 1 and 2 s).
  const searching = () => seen.some(x => x.body.seconds === 4 && !x.done && !x.failed);
  await waitFor(searching, 20000);
  check(searching(), `${size.name}: the analysis goes on with growing budgets ` +
        `(${seen.slice(-3).map(x => x.body.seconds).join(', ')} s)`);
  const before = seen.length;
  const running = seen.filter(x => !x.done && !x.failed);
  const left = Date.now();
  await page.evaluate(() => page.goTo(5));
  await page.waitForFunction(() => document.querySelector('#an-score').textContent === '',
                             { timeout: 5000 }).catch(() => {});
  await waitScore(page);
  const asked = seen.slice(before);
  check(asked.length > 0 && asked.every(s => s.body.turns[0] === 5 && s.body.moves.length === 5),
        `${size.name}: viewing move 5 asks for turn 5 (${asked.length} requests)`);
  // The browser reports the abort (or a search that ended just before
  // the view changed) a little later; only a search still running after
  // it was left counts against the page.
  await waitFor(() => running.every(x => x.failed || x.done), 5000);
  const ended = running.filter(x => x.failed || (x.done && x.at <= left));
  check(running.length > 0 && ended.length === running.length,
        `${size.name}: the analysis of the position left was ended (${ended.length} of ${running.length})`);
  const procs = childrenOf(srv.pid).length;
  check(procs <= 2, `${size.name}: the session's engine and at most one analysis run (${procs})`);
  await page.hover('#an-pv li:nth-child(3) button');
  const labels = await page.$$eval('#board .an-layer .an-label-text',
                                   e => e.map(t => t.textContent));
  check(labels.join(' ') === '1 2 3',
        `${size.name}: hovering the line's 3rd move draws 3 numbered moves`);
  await page.mouse.move(0, 0);
  await page.evaluate(() => page.goTo(page.line().length - 1));
  await page.waitForFunction(() => page.viewed().turn === 12 &&
                             document.querySelector('#an-pv li:nth-child(2)'), { timeout: 20000 });
  const line = await page.$$eval('#an-pv button', b => b.map(e => e.textContent));
  await page.click('#an-pv li:nth-child(2) button');
  await page.waitForFunction(() => page.viewed().turn === 14, { timeout: 10000 });
  const played = await page.evaluate(() => page.viewed().moves.slice(12));
  check(played.join(' ') === line.slice(0, 2).join(' '),
        `${size.name}: a click on the line's 2nd move plays ${played.join(' ')}`);
  await analysisOn(page, false);
}

// The review of a record: every position answered, the graph drawn
// and clickable, the known blunder marked with the better move.
async function testReview(page, size, game) {
  const rec = RECORDS[game];
  await loadRecord(page, game, rec.start, rec.moves);
  await page.select('#review-budget', 'nodes:10000');
  await page.click('#review');
  await page.waitForFunction(
    () => /^Reviewed/.test(document.querySelector('#review-state').textContent),
    { timeout: 90000 });
  const reviews = await page.evaluate(() => page.line().map(n => n.review));
  check(reviews.length === rec.moves.length + 1 &&
        reviews.every(r => r && r.unit === reviews[0].unit &&
                      (r.best ? r.pv[0] === r.best : r.pv.length === 0)),
        `${size.name} ${game}: all ${reviews.length} positions reviewed`);
  check(reviews[0].unit === rec.unit, `${size.name} ${game}: in ${reviews[0].unit}`);
  // The engine's own moves lose nothing; every other move was measured
  // from the position after the best move, analysed in a second pass.
  const others = reviews.filter((r, t) => t > 0 && reviews[t - 1].best &&
    !reviews[t - 1].over && rec.moves[t - 1] !== reviews[t - 1].best).length;
  const extra = await page.$eval('#review-progress', e => Number(e.max));
  check(reviews.every((r, t) => t === 0 || rec.moves[t - 1] !== reviews[t - 1].best ||
                      (r.loss === 0 && !r.mark)) && extra === reviews.length + others,
        `${size.name} ${game}: best moves unmarked, ${others} others measured from ` +
        `the best move's position (${extra} positions in all)`);
  const turns = await page.$eval('#graph', e => Number(e.dataset.turns));
  const area = await page.$$eval('#graph .gr-first', e => e.length);
  check(turns === reviews.length && area > 0,
        `${size.name} ${game}: the graph shows ${turns} turns`);
  const k = Math.floor(rec.moves.length / 2);
  await page.$eval('#graph', e => e.scrollIntoView({ block: 'center' }));
  const box = await (await page.$('#graph')).boundingBox();
  await page.mouse.click(box.x + 4 + (box.width - 8) * k / (turns - 1), box.y + box.height / 2);
  await page.waitForFunction(t => page.viewed().turn === t, { timeout: 5000 }, k)
    .catch(() => {});
  const viewed = await page.evaluate(() => page.viewed().turn);
  check(viewed === k, `${size.name} ${game}: a click on the graph views move ${k} (${viewed})`);
  const now = await page.$eval('#graph .gr-now', e => Number(e.getAttribute('x1')));
  check(Math.abs(now - (4 + (box.width - 8) * k / (turns - 1))) < 2,
        `${size.name} ${game}: the graph marks the viewed turn`);
  const marked = await page.$$eval('#review-marks button', b => b.map(e => Number(e.dataset.turn)));
  check(marked.every(t => reviews[t].mark),
        `${size.name} ${game}: ${marked.length} marked moves listed`);
  const b = rec.blunder;
  if (b) {
    check(reviews[b.turn].mark === 'blunder' && reviews[b.turn - 1].best === b.better,
          `${size.name} ${game}: move ${b.turn} is a blunder, ${b.better} was better`);
    const text = await page.$eval(`#review-marks button[data-turn="${b.turn}"]`,
                                  e => e.parentNode.textContent);
    check(text.startsWith(b.listed) && text.includes(`Better: ${b.better}.`),
          `${size.name} ${game}: listed as "${text}"`);
    check(await page.$eval('#moves', (e, m) => e.textContent.includes(`${m}??`) ||
                           Boolean(e.querySelector('.mk-blunder')), b.move),
          `${size.name} ${game}: the move list marks it`);
    await page.click(`#review-marks button[data-turn="${b.turn}"]`);
    await page.waitForFunction(t => page.viewed().turn === t, { timeout: 5000 }, b.turn);
    check(await page.$eval('#an-mark', e => e.textContent.startsWith('Blunder')),
          `${size.name} ${game}: viewing it says so`);
    const state = await page.$eval('#an-state', e => e.textContent);
    check(state === 'These are the game review\'s findings for this position ' +
          '(live analysis is off).', `${size.name} ${game}: where the numbers come from: "${state}"`);
  }
  await shot(page, `panel-review-${game}-${size.name}`);
  await testReviewSaved(page, size, game, reviews);
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa'] });
    return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
      .map(v => `${v.id}: ${v.nodes.slice(0, 3).map(n => n.target).join(' ')}`);
  });
  check(found.length === 0, `${size.name} ${game}: axe-core finds no serious or critical ` +
        `violation in the reviewed page${found.length ? ': ' + found.join('; ') : ''}`);
}

// The review saved with Save SGF and loaded back: the same answers and
// marks on every node, the graph and the marked moves shown again.
async function testReviewSaved(page, size, game, reviews) {
  await page.$eval('#sgf', e => { e.value = ''; });
  await page.click('#save');
  await page.waitForFunction(() => document.querySelector('#sgf').value !== '');
  const sgf = await page.$eval('#sgf', e => e.value);
  check(sgf.includes('XREVIEW[nodes 10000]') && sgf.includes('XBEST['),
        `${size.name} ${game}: Save SGF writes the review`);
  const file = path.join(outDir, `panel-${game}-reviewed-${size.name}.sgf`);
  fs.writeFileSync(file, sgf);
  await page.$eval('#board', b => { delete b.dataset.position; });
  await page.evaluate(() => { for (const n of page.line()) n.review = null; });
  await (await page.$('#load')).uploadFile(file);
  await page.waitForFunction(n => document.querySelector('#board').dataset.position &&
    page.line().length === n && page.line().every(x => x.review), { timeout: 10000 },
    reviews.length).catch(() => {});
  const back = await page.evaluate(() => page.line().map(n => n.review));
  // SGF keeps three decimals of a win chance, two of a score.
  const fixed = (x, d) => (typeof x === 'number' ? x.toFixed(d) : x);
  const key = r => r && [r.best, fixed(r.win, 3), fixed(r.score, 2), r.mark || null,
    r.mark ? fixed(r.loss, 3) : null].join();
  check(back.length === reviews.length && back.every((r, t) => key(r) === key(reviews[t])),
        `${size.name} ${game}: loaded back, every position's review and mark as saved`);
  const shown = await page.$eval('#graph-box', e => !e.hidden);
  const listed = await page.$$eval('#review-marks button', b => b.length);
  check(shown && listed === reviews.filter(r => r.mark).length,
        `${size.name} ${game}: the graph and the ${listed} marked moves shown again`);
}

// The marks from win probabilities (REVIEW thresholds 0.10, 0.20,
// 0.30 of the mover's win chance), whichever side moved; the engine's own
// move loses nothing; with the position after the best move analysed, the
// loss is measured from there (0.55 after the best move, not the parent's
// 0.70: 0.55 - 0.40 = 0.15, an inaccuracy, not a blunder).
async function testMarks(page) {
  const got = await page.evaluate(() => [
    [0.70, 0.61, 0], [0.70, 0.60, 0], [0.70, 0.50, 0], [0.70, 0.40, 0], [0.30, 0.45, 1],
    [0.30, 0.62, 1], [0.30, 0.10, 1],
  ].map(([a, b, mover]) => TriadReview.judge({ win: a, best: 'X' }, { win: b }, mover, 'Y'))
    .concat([TriadReview.judge({ win: 0.9, best: 'X' }, { win: 0.1 }, 0, 'X'),
      TriadReview.judge({ win: 0.70, best: 'X' }, { win: 0.40 }, 0, 'Y', { win: 0.55 }),
      TriadReview.judge({ win: 0.30, best: 'X' }, { win: 0.55 }, 1, 'Y', { win: 0.20 })]));
  const want = [[0.09, null], [0.1, 'inaccuracy'], [0.2, 'mistake'], [0.3, 'blunder'],
    [0.15, 'inaccuracy'], [0.32, 'blunder'], [-0.2, null], [0, null],
    [0.15, 'inaccuracy'], [0.35, 'blunder']];
  check(JSON.stringify(got.map(j => [j.loss, j.mark])) === JSON.stringify(want),
        `marks from the mover's drop in win chance: ${JSON.stringify(got.map(j => j.mark))}`);
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const { srv, port } = await startServer(serverBin, ['--threads', '2']);
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchChromium();
  try {
    for (const size of SIZES) {
      const { page, seen } = await openPage(browser, base, size);
      if (!size.phone) await testMarks(page);
      for (const game of Object.keys(RECORDS)) await testLive(page, size, game);
      await testCaptures(page, size);
      await testRestart(page, size, seen, srv);
      for (const game of Object.keys(RECORDS)) await testReview(page, size, game);
      await page.close();
      await waitFor(() => childrenOf(srv.pid).length === 0, 5000);
      check(childrenOf(srv.pid).length === 0,
            `${size.name}: a closed page leaves no engine and no analysis behind`);
    }
  } finally {
    await browser.close();
    await stopServer(srv);
  }
  check(pageErrors === 0, 'no JavaScript error, CSP violation or failed load in the page');
  console.log(`all panel tests passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch(e => { console.error(e); process.exit(1); });
