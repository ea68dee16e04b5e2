// tree.mjs -- the page's game tree: web/tree.js and web/sgf.js checked in
// node, then the page in headless chromium (puppeteer-core) at desktop
// and phone size: looking back by clicks and keys, a variation made in a
// game between humans, saved as SGF, loaded back (opening at the start),
// kept over a reload; against the engine, a move played back in the game
// asks before the moves after it are deleted; review marks in the list.
//
//   node tree.mjs TRIAD_WEB OUTDIR
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { launchChromium } from './chromium.mjs';
import { startServer, stopServer } from './serve.mjs';

const require = createRequire(import.meta.url);
const Tree = require('../../web/tree.js');
const Sgf = require('../../web/sgf.js');

const [serverBin, outDir] = process.argv.slice(2);
const SIZES = [{ name: 'desktop', width: 1280, height: 800 },
               { name: 'phone', width: 390, height: 844, phone: true }];
let pageErrors = 0;

function check(cond, what) {
  if (!cond) throw new Error('check failed: ' + what);
  console.log('ok - ' + what);
}

// A tree as text: each node's move, parent, review and kept properties.
const shape = root => JSON.stringify(Tree.toPlain(root));

// --- web/tree.js and web/sgf.js in node --------------------------------------

function unitChecks() {
  const root = Tree.fromMoves(['b2', 'a1', 'c3', 'a3']);
  const a1 = root.children[0].children[0];
  const c1 = Tree.add(a1, 'c1');
  Tree.add(c1, 'b1');
  check(Tree.add(a1, 'c3') === a1.children[0] && a1.children.length === 2,
        'tree: a move already there is followed, a new one is a variation');
  check(Tree.lineThrough(c1).map(n => n.move).join() === ',b2,a1,c1,b1' &&
        Tree.sibling(c1, 1) === a1.children[0] && Tree.sibling(root, 1) === null,
        'tree: the line through a variation, its sibling');
  const moves = r => ({ back: r.back, on: r.on.map(n => n.move).join() });
  const c3 = a1.children[0], b1 = c1.children[0];
  check(JSON.stringify(moves(Tree.route(c3.children[0], b1))) === '{"back":2,"on":"c1,b1"}' &&
        JSON.stringify(moves(Tree.route(null, c1))) === '{"back":null,"on":"b2,a1,c1"}' &&
        JSON.stringify(moves(Tree.route(b1, a1))) === '{"back":2,"on":""}',
        'tree: the route between two nodes: back to where they part, then on');
  const steps = [];
  Tree.tour(root, (n, step) => steps.push(step[0] + n.move));
  check(steps.join(' ') === 'eb2 ea1 ec3 ea3 la3 lc3 ec1 eb1 lb1 lc1 la1 lb2',
        `tree: the tour plays and takes back every move (${steps.join(' ')})`);
  check(shape(Tree.fromPlain(Tree.toPlain(root))) === shape(root) &&
        Tree.fromPlain([{ m: null, p: -1 }, { m: 'x', p: 5 }]) === null &&
        Tree.fromPlain([{ m: 'x', p: -1 }]) === null,
        'tree: kept as a flat list and read back; a malformed list refused');
  const review = { score: 1.5, unit: 'dice', win: 0.62, best: 'c3', pv: ['c3', 'a3'], depth: 7,
    proven: null, loss: null, mark: null };
  root.review = { ...review, score: 0, win: 0.5 };
  a1.review = review;
  c1.review = { score: -2, unit: 'dice', win: 0.3, best: 'b1', pv: ['b1'], depth: 6,
    proven: 'B+2', loss: 0.32, mark: 'blunder' };
  c1.props = { C: ['a note ] with \\ escapes\nand a second line'], XFOO: ['kept', 'two'] };
  root.props = { XREVIEW: ['seconds 0.2'] };
  const rootProps = { FF: ['4'], AP: ['triad 0.1.0'], XGAME: ['cephalopod'],
    PW: ['white'], PB: ['black'], XSTART: ['cephalopod:3x3:W:....../....../......'] };
  const text = Sgf.record(root, rootProps, ['white', 'black']);
  check(/\(;W\[c3\];B\[a3\]\)\s*\(;W\[c1\]/.test(text) && text.includes('XFOO[kept][two]') &&
        text.includes('C[Blunder: White\'s win chance 0.62 -> 0.30. Better: c3.\n\n' +
                      'a note \\] with \\\\ escapes\nand a second line]') &&
        text.includes('BM[2]XLOSS[0.320]') && text.includes('XPROVEN[B+2]') &&
        /XUNIT\[dice\]/.test(text) && /XREVIEW\[seconds 0\.2\]/.test(text) &&
        /XREVIEWER\[triad 0\.1\.0\]/.test(text) && text.includes('XPV[c3 a3]'),
        'sgf: variations, review properties, a mark\'s comment, escapes, kept properties');
  const back = Sgf.read(text);
  const again = Tree.toPlain(back.root);
  const orig = Tree.toPlain(root);
  check(again.length === orig.length && again.every((e, i) => e.m === orig[i].m && e.p === orig[i].p &&
        JSON.stringify(e.r) === JSON.stringify(orig[i].r)),
        'sgf: read back, the same tree with the same reviews');
  const c1b = back.root.children[0].children[0].children[1];
  check(c1b.props.C[0] === 'a note ] with \\ escapes\nand a second line' &&
        c1b.props.XFOO.join() === 'kept,two' && back.root.props.XREVIEW[0] === 'seconds 0.2',
        'sgf: unknown properties and a comment kept, the mark\'s comment not doubled');
  check(Sgf.record(back.root, rootProps, ['white', 'black']) === text,
        'sgf: written again, the same text');
  // A record as triad-match writes it (one line, no variation, a soft line break).
  const match = '(;FF[4]CA[UTF-8]AP[triad-match 0.1.0]GM[37]XGAME[dvonn]RO[3]DT[2026-11-26]' +
    'PW[triad]PB[triad-old]RE[W+4]XEND[normal]\nXMATCH[triad][triad-old]XSEED[7]' +
    'XTIME[movetime 0.05]XSETUP[random=7]XOPENING[0]\nXSTART[dvonn:P:W:x]\nXREASON[W+4]' +
    'C[W+4 \\\nafter 3 moves]\n;W[E3];B[PASS];W[E3F4])\n(;FF[4]XGAME[dvonn]XSTART[y];W[A1])\n';
  const m = Sgf.read(match);
  check(m.game === 'dvonn' && m.start === 'dvonn:P:W:x' &&
        Tree.movesTo(Tree.lineThrough(m.root).pop()).join() === 'E3,PASS,E3F4' &&
        m.root.props.C[0] === 'W+4 after 3 moves' && m.root.props.XMATCH.join() === 'triad,triad-old',
        'sgf: a triad-match record (the first game of the file) reads');
  for (const bad of ['', '(;FF[4]', '(;XGAME[dvonn]XSTART[x];W[a b])', ';W[x])',
                     '(;XGAME[x]XSTART[y]W)', '(;FF[4]C[x', '(;FF[4](;W[a])'])
    check((() => { try { Sgf.read(bad); return false; } catch (e) { return /\S/.test(e.message); } })(),
          `sgf: refused with a reason: ${JSON.stringify(bad)}`);
  const deep = Tree.fromMoves(Array.from({ length: 5000 }, (_, i) => `m${i}`));
  const deepText = Sgf.record(deep, rootProps, ['white', 'black']);
  check(Tree.size(Sgf.read(deepText).root) === 5001, 'sgf: a line of 5000 moves written and read');
}

// --- the page ------------------------------------------------------------------

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// axe-core's WCAG 2 A/AA rules: no serious or critical violation.
async function audit(page, state) {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa'] });
    return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
      .map(v => `${v.id}: ${v.nodes.slice(0, 3).map(n => n.target).join(' ')}`);
  });
  check(found.length === 0, `axe-core on ${state}: no serious or critical violation` +
        (found.length ? ': ' + found.join('; ') : ''));
}

const sleep = ms => new Promise(r => setTimeout(r, ms));
const moves = page => page.$$eval('#moves li.move', li => li.map(e => e.firstChild.textContent));
const dice = page => page.$$eval('#board .ce-die', d => d.length);
const viewedMove = page => page.$eval('#moves .viewed', e => e.firstChild.textContent).catch(() => '');
const pageTree = page => page.evaluate(() => JSON.stringify(TriadTree.toPlain(page.line()[0])));

async function waitMoves(page, n) {
  await page.waitForFunction(k => document.querySelectorAll('#moves li.move').length === k,
                             { timeout: 20000 }, n);
}

// The engine holds the viewed node and a human may play there.
const playable = page => page.waitForSelector('#board .target', { timeout: 10000 });

// Clicks a move of the list once the engine is where the page looks (the
// list is drawn again when it gets there).
async function clickList(page, selector) {
  await page.waitForFunction(() => page.legalAt === page.at, { timeout: 10000 });
  await page.click(selector);
}

async function typeMove(page, move) {
  await playable(page);
  await page.$eval('#typed', e => { e.value = ''; });
  await page.type('#typed', move);
  await page.keyboard.press('Enter');
}

// Keys pressed with the focus on the move list (not in a field).
async function key(page, name) {
  await page.$eval('#moves', e => e.focus());
  await page.keyboard.press(name);
}

async function newGame(page, first, second) {
  await page.select('#game', 'cephalopod');
  await page.select('#setup', 'WxH');
  await page.$eval('#arg', e => { e.value = '3x3'; });
  await page.select('#first', first);
  await page.select('#second', second);
  await page.$eval('#time', e => { e.value = '0.05'; });
  await page.$eval('#board', b => { delete b.dataset.position; });
  await page.click('#new');
  await page.waitForFunction(() => document.querySelector('#board').dataset.position &&
                             document.querySelectorAll('#moves li.move').length === 0,
                             { timeout: 10000 });
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(outDir, `tree-${name}.png`), fullPage: true });
}

async function testHumans(page, size) {
  await newGame(page, 'human', 'human');
  for (const [i, m] of ['b2', 'a1', 'c3', 'a3'].entries()) {
    await typeMove(page, m);
    await waitMoves(page, i + 1);
  }
  const views = await page.evaluate(() => {
    window.views = 0;
    document.addEventListener('triad:view', () => { window.views++; });
    return window.views;
  });
  await clickList(page, '#moves li.move[data-ply="2"]');
  check(await dice(page) === 2 && await page.$eval('#viewing', e => !e.hidden) &&
        (await moves(page)).length === 4,
        `${size}: a click on move 2 shows it, nothing deleted, "Back to the game" offered`);
  const shownPos = await page.$eval('#board', b => b.dataset.position);
  check(JSON.stringify(await page.evaluate(() => page.viewed())) ===
        JSON.stringify({ start: 'cephalopod:3x3:W:....../....../......', moves: ['b2', 'a1'],
                         turn: 2, pos: shownPos }) && /^cephalopod:3x3:W:/.test(shownPos),
        `${size}: page.viewed() gives the start, the moves, the turn and the position`);
  await key(page, 'ArrowLeft');
  check(await dice(page) === 1, `${size}: Left steps back`);
  await key(page, 'ArrowRight');
  await key(page, 'ArrowRight');
  check(await dice(page) === 3, `${size}: Right steps on`);
  await key(page, 'Home');
  check(await dice(page) === 0, `${size}: Home shows the start`);
  await page.evaluate(() => page.goTo(3));
  check(await dice(page) === 3 && await viewedMove(page) === 'c3', `${size}: page.goTo(3)`);
  await key(page, 'End');
  check(await dice(page) === 4 && await page.$eval('#viewing', e => e.hidden),
        `${size}: End is the game again`);
  check(await page.evaluate(() => window.views) >= views + 6,
        `${size}: triad:view at each change (${await page.evaluate(() => window.views)})`);
  // The buttons under the list (a phone has no arrow keys).
  const counts = [];
  for (const b of ['#nav-back', '#nav-start', '#nav-next', '#nav-end']) {
    await page.click(b);
    counts.push(await dice(page));
  }
  check(counts.join() === '3,0,1,4' && await page.$eval('#nav-end', b => b.disabled),
        `${size}: the buttons step back, to the start, on, to the end (${counts})`);
  // Anywhere on the page but in a field: Left from the page's body.
  await page.$eval('#typed', e => e.blur());
  await page.keyboard.press('ArrowLeft');
  check(await dice(page) === 3, `${size}: Left with no field focused steps back`);
  await page.$eval('#typed', e => e.focus());
  await page.keyboard.press('ArrowLeft');
  check(await dice(page) === 3, `${size}: Left in the move field moves no move`);
  // A variation: after move 2 another move than c3.
  await clickList(page, '#moves li.move[data-ply="2"]');
  await typeMove(page, 'c3');
  await page.waitForFunction(() => document.querySelector('#moves .viewed') &&
                             document.querySelector('#moves .viewed').dataset.ply === '3');
  check(!(await page.$('#moves li.variations')), `${size}: the move recorded there is followed`);
  await clickList(page, '#moves li.move[data-ply="2"]');
  await typeMove(page, 'c1');
  await page.waitForSelector('#moves li.variations .vmove.viewed');
  await typeMove(page, 'a3');
  await page.waitForFunction(() => document.querySelectorAll('#moves .vmove').length === 2);
  const variation = await page.$eval('#moves li.variations', e => e.textContent.replace(/\s+/g, ' ').trim());
  check(variation === 'c1 a3' && await page.$eval('#moves .vmove', e => e.dataset.n) === '2.' &&
        (await moves(page)).join() === 'b2,a1,c3,a3' && await viewedMove(page) === 'a3' &&
        await page.$eval('#viewing', e => e.hidden),
        `${size}: a move played back starts a variation shown under move 2 ("2. ${variation}")`);
  await key(page, 'ArrowUp');
  check(await viewedMove(page) === 'c3', `${size}: Up goes to the main line at the branch`);
  await key(page, 'ArrowDown');
  check(await viewedMove(page) === 'c1', `${size}: Down to the variation`);
  await key(page, 'End');
  check(await viewedMove(page) === 'a3', `${size}: End: the variation's end`);
  // A review mark set by the page's other parts.
  await page.evaluate(() => {
    const line = page.line();
    line[4].review = { score: -2, unit: 'dice', win: 0.2, best: 'a3', pv: ['a3'], depth: 5,
      proven: null, loss: 0.35, mark: 'blunder' };
    line[3].review = { score: 0.5, unit: 'dice', win: 0.55, best: 'c3', pv: ['c3', 'a3'], depth: 5,
      proven: null, loss: 0.22, mark: 'mistake' };
    line[2].review = { score: 0.5, unit: 'dice', win: 0.77, best: 'b1', pv: ['b1'], depth: 5,
      proven: null, loss: 0.12, mark: 'inaccuracy' };
    page.reviewed('seconds 0.2');
    page.renderMoves();
  });
  const glyphs = await page.$$eval('#moves .glyph', g => g.map(e => e.textContent).join(' '));
  check(glyphs === '?! ? ??', `${size}: the marks in the list: ${glyphs}`);
  await key(page, 'Home');
  await playable(page);
  await audit(page, `${size}: variations and marks`);
  await shot(page, `variation-${size}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(outDir, `tree-window-${size}.png`) });
  const nav = await (await page.$('#nav')).boundingBox();
  check(nav.y + nav.height <= page.viewport().height + 1,
        `${size}: the move buttons are in the window with the page at its top`);
  await key(page, 'End');
  const before = await pageTree(page);
  // Saved: the whole tree.
  await page.click('#save');
  await page.waitForFunction(() => document.querySelector('#sgf').value !== '');
  const sgf = await page.$eval('#sgf', e => e.value);
  check(/\(;W\[c3\];B\[a3\]\)\s*\(;W\[c1\][^)]*;B\[a3\][^)]*BM\[2\]/.test(sgf) &&
        sgf.includes('XGAME[cephalopod]') && sgf.includes('XUNIT[dice]') &&
        sgf.includes('XREVIEW[seconds 0.2]') && /XREVIEWER\[triad [^\]]+\]/.test(sgf) &&
        sgf.includes('C[Blunder: Black'),
        `${size}: Save SGF writes the variation and the review`);
  const parsed = Sgf.read(sgf);
  check(Tree.size(parsed.root) === 7, `${size}: the SGF holds the 7 nodes`);
  // Loaded back into another game: the same tree, at the start.
  const file = path.join(outDir, `tree-${size}.sgf`);
  fs.writeFileSync(file, sgf);
  await newGame(page, 'human', 'human');
  await (await page.$('#load')).uploadFile(file);
  await waitMoves(page, 4);
  await page.waitForSelector('#moves .vmove');
  const loaded = await pageTree(page);
  const strip = t => JSON.parse(t).map(e => [e.m, e.p, e.r && e.r.mark]).join(';');
  check(strip(loaded) === strip(before), `${size}: loaded back, the same tree`);
  check(await dice(page) === 0 && await page.$eval('#view-text', e => e.textContent) ===
        'The start position.', `${size}: the loaded record opens at the start`);
  // Away from the phone's sticky navigation bar, which may cover it.
  await page.$eval('#back-to-game', e => e.scrollIntoView({ block: 'center' }));
  await page.click('#back-to-game');
  check(await dice(page) === 4 && await viewedMove(page) === 'a3', `${size}: Back to the game: its end`);
  // Kept over a reload, with the viewed node.
  await clickList(page, '#moves .vmove');
  const viewedBefore = await page.evaluate(() => page.viewed().moves.join());
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => document.querySelector('#board').dataset.position &&
                             document.querySelector('#moves .viewed'), { timeout: 20000 });
  check(strip(await pageTree(page)) === strip(before) &&
        await page.evaluate(() => page.viewed().moves.join()) === viewedBefore,
        `${size}: a reload keeps the tree and the viewed move (${viewedBefore})`);
  check(await page.$eval('#moves .glyph-blunder', e => e.textContent) === '??' &&
        await page.evaluate(() => page.line()[4].review.loss) === 0.35,
        `${size}: ... and the review`);
}

async function testEngine(page, size) {
  await newGame(page, 'human', 'engine');
  await typeMove(page, 'b2');
  await waitMoves(page, 2);
  await typeMove(page, 'c3');
  await waitMoves(page, 4);
  const game = await moves(page);
  await clickList(page, '#moves li.move[data-ply="2"]');
  await playable(page);
  const other = ['a1', 'a3', 'c1', 'c3', 'b1', 'b3', 'a2', 'c2']
    .find(m => !game.slice(0, 3).includes(m) && m !== game[2]);
  await typeMove(page, other);
  await page.waitForSelector('#ask:not([hidden])');
  check((await moves(page)).join() === game.join() && !(await page.$('#board .target')) &&
        /the 2 moves after this position are deleted/.test(await page.$eval('#ask-text', e => e.textContent)),
        `${size}: against the engine, ${other} back at move 2 asks first, nothing deleted yet, nothing to click meanwhile`);
  await shot(page, `ask-${size}`);
  await page.click('#ask-no');
  check(await page.$eval('#ask', e => e.hidden) && (await moves(page)).join() === game.join(),
        `${size}: "Keep the game" keeps it`);
  await typeMove(page, other);
  await page.waitForSelector('#ask:not([hidden])');
  await page.click('#ask-yes');
  await page.waitForFunction(m => {
    const li = [...document.querySelectorAll('#moves li.move')];
    return li.length === 4 && li[2].firstChild.textContent === m;
  }, { timeout: 20000 }, other);
  check(!(await page.$('#moves li.variations')) && await page.$eval('#viewing', e => e.hidden),
        `${size}: on yes the game goes on from there, the engine answers (${(await moves(page)).join(' ')})`);
}

// DVONN between humans: a variation in the placement, saved and loaded.
async function testDvonn(page) {
  await page.select('#game', 'dvonn');
  await page.select('#setup', '');
  await page.select('#first', 'human');
  await page.select('#second', 'human');
  await page.$eval('#board', b => { delete b.dataset.position; });
  await page.click('#new');
  await page.waitForFunction(() => document.querySelector('#board').dataset.game === 'dvonn' &&
                             document.querySelectorAll('#moves li.move').length === 0);
  for (const [i, m] of ['A1', 'A2', 'A3'].entries()) {
    await typeMove(page, m);
    await waitMoves(page, i + 1);
  }
  await clickList(page, '#moves li.move[data-ply="1"]');
  await typeMove(page, 'B1');
  await page.waitForSelector('#moves li.variations .vmove.viewed');
  await page.click('#save');
  await page.waitForFunction(() => /B\[B1\]/.test(document.querySelector('#sgf').value));
  const sgf = await page.$eval('#sgf', e => e.value);
  check(/;W\[A1\]\s*\(;B\[A2\];W\[A3\]\)\s*\(;B\[B1\]\)\)/.test(sgf),
        'dvonn: a variation in the placement, saved as one');
  const file = path.join(outDir, 'tree-dvonn.sgf');
  fs.writeFileSync(file, sgf);
  await (await page.$('#load')).uploadFile(file);
  await page.waitForFunction(() => document.querySelector('#view-text').textContent ===
                             'The start position.', { timeout: 10000 });
  await key(page, 'ArrowRight');
  await key(page, 'ArrowRight');
  await key(page, 'ArrowDown');
  check(await viewedMove(page) === 'B1' &&
        (await page.$$eval('#board .dv-W, #board .dv-B, #board .dv-R', p => p.length)) === 2,
        'dvonn: loaded back at the start; Right, Right, Down: the variation\'s B1, two pieces drawn');
  await shot(page, 'dvonn-desktop');
}

// A record file of triad-match (two games, no variation): the first
// game opens at its start; its end has the record's moves and result.
async function testMatchRecord(page) {
  const file = path.join(outDir, 'tree-match.sgf');
  const bin = path.join(path.dirname(serverBin), 'triad-match');
  const run = spawnSync(bin, ['--game', 'cephalopod', '--engine', path.join(path.dirname(serverBin), 'triad'),
    '--engine', path.join(path.dirname(serverBin), 'triad'), '--games', '2', '--movetime', '0.02',
    '--setup', '4x4', '--records', file], { encoding: 'utf8', timeout: 120000 });
  check(run.status === 0 && fs.existsSync(file), `triad-match wrote a record (${run.status})`);
  const text = fs.readFileSync(file, 'utf8');
  const first = text.split(/\n(?=\(;)/)[0];
  const moves = [...first.matchAll(/;[WB]\[([^\]]*)\]/g)].map(m => m[1]);
  const re = /RE\[([^\]]*)\]/.exec(first)[1];
  await (await page.$('#load')).uploadFile(file);
  await page.waitForFunction(n => document.querySelectorAll('#moves li.move').length === n &&
                             document.querySelector('#board').dataset.game === 'cephalopod',
                             { timeout: 20000 }, moves.length);
  check(await page.$eval('#view-text', e => e.textContent) === 'The start position.' &&
        await dice(page) === 0, `triad-match's record opens at its start (${moves.length} moves)`);
  await page.click('#nav-end');
  const result = await page.$eval('#result', e => e.textContent);
  check((await page.evaluate(() => page.viewed().moves.join(' '))) === moves.join(' ') &&
        result.includes(`(${re})`), `... and its end is the record's game: "${result}"`);
}

async function main() {
  unitChecks();
  fs.mkdirSync(outDir, { recursive: true });
  const { srv, port } = await startServer(serverBin, ['--max-sessions', '4']);
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchChromium();
  try {
    for (const size of SIZES) {
      const page = await browser.newPage();
      await page.setViewport(size.phone
        ? { width: size.width, height: size.height, isMobile: true, hasTouch: true }
        : { width: size.width, height: size.height });
      page.on('pageerror', e => { console.log('page error: ' + e.message); pageErrors++; });
      page.on('console', m => console.log('page: ' + m.text()));
      await page.goto(base + '/', { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelector('#board').dataset.position,
                                 { timeout: 20000 }).catch(async e => {
        throw new Error(`no board: ${await page.$eval('aside', a => a.innerText.slice(0, 200))}`);
      });
      await testHumans(page, size.name);
      await testEngine(page, size.name);
      if (size === SIZES[0]) {
        await testDvonn(page);
        await testMatchRecord(page);
      }
      check(await page.$eval('#error', e => e.textContent) === '', `${size.name}: no error shown`);
      await page.close();
    }
  } finally {
    await browser.close();
    await stopServer(srv);
  }
  check(pageErrors === 0, 'no JavaScript error in the page');
}

main().catch(e => { console.error(e); process.exit(1); });
