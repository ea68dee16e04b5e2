// browser.mjs -- end-to-end tests of triad-web in headless chromium
// (puppeteer-core), then hostile requests against the server.
//
//   node browser.mjs TRIAD_WEB OUTDIR
//
// Starts TRIAD_WEB on a free port, plays every game in the page by
// clicking, and keeps a screenshot of each board in OUTDIR (checked not
// to be blank).  Exits non-zero at the first failed check.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { launchChromium } from './chromium.mjs';
import { childrenOf, request, sizeAndCsp, startServer, stopServer } from './serve.mjs';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const [serverBin, outDir] = process.argv.slice(2);
const MAX_SESSIONS = 6;
const started = Date.now();
const SIZES = [{ name: 'desktop', width: 1280, height: 800 },
               { name: 'phone', width: 390, height: 844, phone: true }];

function check(cond, what) {
  if (!cond) throw new Error('check failed: ' + what);
  console.log('ok - ' + what);
}
const sleep = ms => new Promise(r => setTimeout(r, ms));

// --- the page ---------------------------------------------------------------

async function historyLength(page) {
  return page.$$eval('#moves li.move', li => li.length);
}

async function moveList(page) {
  return page.$$eval('#moves li.move', li => li.map(e => e.textContent));
}

// Waits until the page's move list has n moves and the engine has
// caught up with the move viewed (its legal moves known there).
async function waitMoves(page, n) {
  try {
    await page.waitForFunction(k => document.querySelectorAll('#moves li.move').length === k &&
                               (!page.players.includes('human') || page.legalAt === page.at),
                               { timeout: 30000 }, n);
  } catch (e) {
    const state = await page.$eval('aside', el => el.innerText);
    throw new Error(`expected ${n} moves; the page says: ${state}`);
  }
}

// Opens the page at a size and waits for its first board.
async function openPage(browser, base, size) {
  const page = await browser.newPage();
  page.on('console', m => {
    console.log('page: ' + m.text());
    if (/Content Security Policy/.test(m.text())) cspViolations++;
    else if (/Failed to load resource/.test(m.text())) pageErrors++;
  });
  page.on('pageerror', e => { console.log('page error: ' + e.message); pageErrors++; });
  // The page is served as the server will serve it: under a strict
  // Content-Security-Policy (no inline script or style, nothing from
  // elsewhere); a violation is reported on the console and fails.
  await sizeAndCsp(page, base, size, CSP);
  await page.goto(base + '/', { waitUntil: 'load' });
  cspProbes++;
  check(await page.evaluate(() => {
    const d = document.body.appendChild(document.createElement('div'));
    d.setAttribute('style', 'width: 7px');
    const refused = d.getBoundingClientRect().width !== 7;
    d.remove();
    return refused;
  }), `${size.name}: the page runs under the CSP (a style attribute refused)`);
  await waitBoard(page);
  return page;
}
let pageErrors = 0;
let cspViolations = 0, cspProbes = 0;      // each page's probe makes one
const CSP = "default-src 'self'; frame-ancestors 'none'";

async function waitBoard(page) {
  await page.waitForFunction(() => document.querySelector('#board').dataset.position &&
                             document.querySelector('#counts').textContent !== '',
                             { timeout: 20000 });
}

async function hit(page, key) {
  const e = await page.$(`#board [data-key="${key}"] .hit`);
  if (!e) throw new Error('no cell ' + key);
  return e;
}

// Plays one move by clicking highlighted targets (junctions before tiles,
// so Truchet moves without a flip), then the Done button if the clicks
// make a move that could go on.  No notation button is used.
async function clickMove(page) {
  const before = await historyLength(page);
  const clicked = new Set();      // a click may select another stack instead
  for (let clicks = 1; clicks <= 12; clicks++) {
    const done = await page.$('#done:not([hidden])');
    const keys = await page.$$eval('#board .target:not(.tile)', t => t.map(e => e.dataset.key));
    const key = keys.find(k => !clicked.has(k));
    if (key) clicked.add(key);
    const el = (clicks > 3 || !key) && done ? done
      : key ? await page.$(`#board [data-key="${key}"]`) : null;
    if (!el) {
      const state = await page.$eval('aside', e => e.innerText);
      throw new Error('nothing to click; the page says: ' + state);
    }
    await el.click();
    await page.waitForFunction(
      b => document.querySelectorAll('#moves li.move').length !== b ||
           document.querySelector('#board .target:not(.tile), #done:not([hidden])') ||
           !document.querySelector('#crash').hidden,
      { timeout: 20000 }, before);
    if ((await historyLength(page)) !== before) return clicks;
  }
  throw new Error('no move after 12 clicks');
}

// The form's setup: FORM as the engine's usage writes it ('random',
// 'KEY', 'WxH'), ARG the value typed for its upper-case word.
async function newGame(page, game, opts) {
  await page.select('#game', game);
  await page.select('#setup', opts.setup || '');
  await page.$eval('#arg', (e, v) => { e.value = v; }, opts.arg || '');
  await page.select('#first', opts.first);
  await page.select('#second', opts.second);
  await page.$eval('#time', (e, v) => { e.value = v; }, String(opts.time));
  await page.$eval('#maxplies', (e, v) => { e.value = v; }, String(opts.maxplies || 0));
  await page.select('#timemode', opts.timemode || 'move');
  await page.$eval('#flag', (e, v) => { e.checked = v; }, Boolean(opts.flag));
  // The board before may be of the same game: a mark that the new game's
  // drawing removes tells the new board from the old one.
  await page.$eval('#board', b => {
    b.appendChild(document.createElementNS('http://www.w3.org/2000/svg', 'g')).id = 'stale';
    delete b.dataset.position;
  });
  await page.click('#new');
  await page.waitForFunction(g => !document.querySelector('#stale') &&
                             document.querySelector('#board').dataset.game === g &&
                             document.querySelector('#board').dataset.position,
                             { timeout: 10000 }, game);
}

// A position set up in the page as a player would: an SGF record with
// the start position and no moves, loaded with Load SGF.
async function loadPosition(page, game, position) {
  const file = path.join(outDir, `position-${game}.sgf`);
  fs.writeFileSync(file, `(;FF[4]XGAME[${game}]XSTART[${position}])\n`);
  await page.$eval('#board', b => { delete b.dataset.position; });
  await (await page.$('#load')).uploadFile(file);
  await page.waitForFunction(p => document.querySelector('#board').dataset.position === p,
                             { timeout: 10000 }, position);
}

// The board fills its place, inside the window (not clipped), with
// content: the screenshot is kept and decoded in the page, which counts
// its distinct colours.
async function keepScreenshot(page, name) {
  const board = await page.$('#board');
  const box = await board.boundingBox();
  const vp = page.viewport();
  check(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= vp.width + 0.5 &&
        box.y + box.height <= vp.height + 0.5 && box.width >= vp.width * 0.5,
        `${name}: the board (${box && box.width.toFixed(0)}x${box && box.height.toFixed(0)} at ` +
        `${box && box.x.toFixed(0)},${box && box.y.toFixed(0)}) is inside the ` +
        `${vp.width}x${vp.height} window`);
  const file = path.join(outDir, `board-${name}.png`);
  const png = await board.screenshot({ encoding: 'base64' });
  fs.writeFileSync(file, Buffer.from(png, 'base64'));
  await page.screenshot({ path: path.join(outDir, `page-${name}.png`) });
  // Decoded from bytes, not from a data: URL, which the page's CSP forbids.
  const colours = await page.evaluate(async data => {
    const bytes = Uint8Array.from(atob(data), ch => ch.charCodeAt(0));
    const img = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
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

// DVONN's column letters: each once, beside its column's lowest cell on
// the column's diagonal (A1..I1, J2, K3), nearer to that cell than to
// any other, whichever way the board is turned.
async function testDvonnLetters(page, size) {
  const found = await page.evaluate(() => {
    const centre = e => {
      const r = e.getBoundingClientRect();
      return [r.x + r.width / 2, r.y + r.height / 2];
    };
    const cells = [...document.querySelectorAll('#board .cell')]
      .map(g => [g.dataset.key, centre(g.querySelector('.hit'))]);
    return [...document.querySelectorAll('#board .coord')]
      .filter(t => /^[A-K]$/.test(t.textContent)).map(t => {
        const [x, y] = centre(t);
        const near = cells.map(([k, [cx, cy]]) => [Math.hypot(cx - x, cy - y), k])
          .sort((a, b) => a[0] - b[0]);
        return `${t.textContent}:${near[0][1]}`;
      }).sort();
  });
  const want = [...'ABCDEFGHI'].map(l => `${l}:${l}1`).concat(['J:J2', 'K:K3']);
  check(found.join() === want.join(),
        `${size.name}: dvonn's column letters once each, at their lowest cells (${found.join(' ')})`);
}

// Truchet's moves said in words: a move's title in the list, and the
// notice of a move viewed (one tap on a phone) says them too.
async function testTruchetWords(page, size) {
  const [move, title] = await page.$eval('#moves li.move', e => [e.textContent, e.title]);
  check(/^(flip tile [a-g][1-7], then )?(move|split|merge) /.test(title),
        `${size.name}: truchet's ${move} has a title in words: "${title}"`);
  await page.$eval('#moves li.move', e => e.click());
  await page.waitForSelector('#viewing:not([hidden])', { timeout: 5000 });
  const text = await page.$eval('#view-text', e => e.textContent);
  check(text === `After move 1 of 6: ${move}, ${title}.`,
        `${size.name}: viewing truchet's first move says it in words: "${text}"`);
  await page.click('#back-to-game');
  await page.waitForSelector('#viewing[hidden]', { timeout: 5000 });
}

// axe-core's WCAG 2 A/AA rules on the page as it stands: no serious or
// critical violation.
async function audit(page, state) {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa'] });
    return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
      .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target).join(' ')}`);
  });
  check(found.length === 0, `axe-core on ${state}: no serious or critical violation` +
        (found.length ? ': ' + found.join('; ') : ''));
}

// Each mark (a ring on a white halo) stands out at 3:1 or more (WCAG's
// non-text contrast) against every fill of the board it is drawn on: its
// ring against the halo, and its ring or its halo against each fill.
async function markContrast(page, state) {
  const worst = await page.evaluate(() => {
    const rgb = c => (c.match(/\d+(\.\d+)?/g) || []).slice(0, 3).map(Number);
    const lum = c => {
      const [r, g, b] = rgb(c).map(v => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a, b) => {
      const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
      return (x + 0.05) / (y + 0.05);
    };
    const fills = new Set();
    for (const e of document.querySelectorAll('#board *:not(.mark):not(text)')) {
      const f = getComputedStyle(e).fill;
      if (f.startsWith('rgb(')) fills.add(f);
    }
    let low = { ratio: 99 };
    for (const kind of ['target', 'sel', 'last']) {
      const ring = document.querySelector(`#board .m-${kind}.ring`);
      const halo = document.querySelector(`#board .m-${kind}.halo`);
      const r = getComputedStyle(ring).stroke, h = getComputedStyle(halo).stroke;
      const cands = [{ ratio: ratio(r, h), what: `${kind} ring on its halo` }];
      for (const f of fills)
        cands.push({ ratio: Math.max(ratio(r, f), ratio(h, f)), what: `${kind} on ${f}` });
      for (const c of cands) if (c.ratio < low.ratio) low = c;
    }
    return low;
  });
  check(worst.ratio >= 3, `${state}: every mark at 3:1 or more (lowest ${worst.ratio.toFixed(2)}, ` +
        `${worst.what})`);
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
    await page.waitForFunction(k => document.querySelectorAll('#moves li.move').length >= k + 2 ||
                               document.querySelector('#result').textContent !== '',
                               { timeout: 20000 }, n);
  }
}

// The engine's legal moves in a position, from a session of its own.
async function engineLegal(base, position) {
  const { json } = await post(base, '/api/sessions', '');
  const r = await post(base, `/api/sessions/${json.id}/commands`,
                       JSON.stringify({ commands: [`setposition ${position}`, 'legal_moves'] }));
  await fetch(`${base}/api/sessions/${json.id}`, { method: 'DELETE' });
  check(r.json.replies[0].ok, `the engine takes ${position.slice(0, 40)}...`);
  return r.json.replies[1].text.split(' ');
}

async function testCephalopod(page) {
  await newGame(page, 'cephalopod', { setup: 'WxH', arg: '3x3', first: 'human', second: 'engine',
                                      time: 0.1 });
  check((await page.$$('#board .target')).length === 9, 'cephalopod: 9 empty cells highlighted');
  await clickMove(page);
  await waitMoves(page, 2);
  check(true, 'cephalopod: a click plays, the engine answers');
  check((await page.$$('#board .ce-die')).length === 2, 'cephalopod: two dice drawn');
  await page.click('#undo');
  await waitMoves(page, 0);
  check(true, 'cephalopod: undo takes back both moves');
  check(await page.$eval('#undo', b => b.disabled), 'cephalopod: Undo is disabled with no move');
  // Flipped, a1 is drawn top right instead of bottom left.
  const corner = async () => {
    const b = await (await hit(page, 'a1')).boundingBox();
    const board = await (await page.$('#board')).boundingBox();
    return [b.x + b.width / 2 < board.x + board.width / 2, b.y + b.height / 2 > board.y + board.height / 2];
  };
  check((await corner()).join() === 'true,true', 'cephalopod: a1 at the bottom left');
  await page.click('#flip');
  check((await corner()).join() === 'false,false', 'cephalopod: flipped, a1 at the top right');
  await page.click('#flip');
  // A move typed in notation, Enter to play it.
  await page.type('#typed', 'B2');
  await page.keyboard.press('Enter');
  await waitMoves(page, 2);
  check((await moveList(page))[0] === 'b2', 'cephalopod: a typed move is played');
  await page.click('#undo');
  await waitMoves(page, 0);
  // Sound on: one tone for the move and one for the engine's answer.
  await page.evaluate(() => {
    window.tones = 0;
    const make = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function () { window.tones++; return make.call(this); };
  });
  await page.click('#sound');
  await clickMove(page);
  await waitMoves(page, 2);
  await page.click('#sound');
  check(await page.evaluate(() => window.tones) === 2, 'cephalopod: sound on, a tone a move');
  await clickMove(page);
  await waitMoves(page, 4);
  check(await page.evaluate(() => window.tones) === 2, 'cephalopod: sound off, no tone');
  await page.click('#undo');
  await waitMoves(page, 2);
  await page.click('#undo');
  await waitMoves(page, 0);
  // Looking back: a click on the first move shows its position, the
  // arrows step, End comes back to the game, which goes on.
  await clickMove(page);
  await waitMoves(page, 2);
  const dice = () => page.$$eval('#board .ce-die', d => d.length);
  await page.click('#moves li:first-child');
  check(await dice() === 1 && !(await page.$('#board .target')),
        'cephalopod: the first move looked at: one die, nothing to click');
  await page.keyboard.press('ArrowRight');
  check(await dice() === 2, 'cephalopod: the arrow steps to the second move');
  await page.keyboard.press('Home');
  check(await dice() === 0, 'cephalopod: Home shows the start');
  await page.keyboard.press('End');
  await page.waitForSelector('#board .target', { timeout: 10000 });
  check(await page.$eval('#viewing', e => e.hidden),
        'cephalopod: End is the game again, to be played');
  await page.click('#undo');
  await waitMoves(page, 0);
  // By keyboard: the board focused, an arrow to b1 (the cursor starts on
  // the first target, a1), Enter.
  await page.$eval('#board', b => b.focus());
  await page.keyboard.press('ArrowRight');
  check(await page.$eval('#board .focus', e => e.dataset.key) === 'b1',
        'cephalopod: the arrow moves the cursor to b1');
  await page.keyboard.press('Enter');
  await waitMoves(page, 2);
  check((await moveList(page))[0] === 'b1', 'cephalopod: Enter plays the cursor\'s cell');
  await page.click('#undo');
  await waitMoves(page, 0);
  await playUntilEnd(page, 60);
  const result = await resultText(page);
  check(/^Game over: (White|Black) wins by \d+ \([WB]\+\d+\): the board is full\.$/.test(result),
        `cephalopod: the game ends with a result: "${result}"`);
  // Save the game as SGF, start another, load the record back (twice:
  // the same file loads again).
  await page.click('#save');
  await page.waitForFunction(() => document.querySelector('#sgf').value !== '');
  const sgf = await page.$eval('#sgf', e => e.value);
  const re = /RE\[([^\]]*)\]/.exec(sgf);
  check(sgf.startsWith('(;FF[4]') && sgf.includes('XGAME[cephalopod]') &&
        re && result.includes(`(${re[1]})`), `cephalopod: saved as SGF with RE[${re && re[1]}]`);
  const moves = await historyLength(page);
  const file = path.join(outDir, 'cephalopod.sgf');
  fs.writeFileSync(file, sgf);
  for (const time of ['first', 'second']) {
    await newGame(page, 'cephalopod', { setup: '', first: 'human', second: 'human', time: 0.1 });
    const input = await page.$('#load');
    await input.uploadFile(file);
    await waitMoves(page, moves);
    check(await page.$$eval('#board .ce-die', d => d.length) === 0,
          `cephalopod: the SGF loaded a ${time} time opens at the start`);
    await page.click('#back-to-game');
    const loaded = await waitResult(page, 20000);
    check(loaded === result, `cephalopod: the SGF loaded a ${time} time gives the same result`);
  }
}

// Captures chosen on the board: a capture with one possible set plays at
// the first click; two dice of three are toggled and confirmed with Done,
// the new die's value shown before.
async function testCephalopodCaptures(page, base) {
  const pos = 'cephalopod:3x3:W:..W1../B1..B2/..W1..';
  const legal = await engineLegal(base, pos);
  check(legal.filter(m => m.startsWith('a1')).length === 1 &&
        legal.filter(m => m.startsWith('b2=')).length > 2,
        'cephalopod: a1 has one capture, b2 several (legal_moves)');
  await newGame(page, 'cephalopod', { setup: '', first: 'human', second: 'human', time: 0.1 });
  await loadPosition(page, 'cephalopod', pos);
  await (await hit(page, 'a1')).click();
  await waitMoves(page, 1);
  check((await moveList(page))[0] === 'a1=a2+b1', 'cephalopod: the only capture plays at one click');
  await page.click('#undo');
  await waitMoves(page, 0);
  for (const k of ['b2', 'a2', 'b1', 'c2', 'c2']) await (await hit(page, k)).click();
  const ghost = await page.$$eval('#board .ghost', g => g.map(e => e.dataset.stack));
  check(ghost.length === 1 && ghost[0] === 'W2',
        `cephalopod: a2, b1 chosen (c2 toggled off): the new die shows 2 (${ghost})`);
  const done = await page.$eval('#done', b => (b.hidden ? '' : b.textContent));
  check(done === 'Play b2=a2+b1', `cephalopod: Done offers the move ("${done}")`);
  await page.click('#done');
  await waitMoves(page, 1);
  check((await moveList(page))[0] === 'b2=a2+b1', 'cephalopod: two of three captured by clicks');
}

// A game per game: both clocks shown, the side to move's running; a
// human out of time, with that chosen, loses.
async function testClocks(page) {
  await newGame(page, 'cephalopod', { setup: 'WxH', arg: '3x3', first: 'human', second: 'engine',
                                      time: 30, timemode: 'game' });
  const clock = side => page.$eval(`#clock-${side}`, e => e.textContent);
  const first = await clock(0);
  await sleep(1300);
  const later = await clock(0);
  check(first.startsWith('White 0:') && later < first && await clock(1) === 'Black 0:30' &&
        await page.$eval('#clock-0', e => e.classList.contains('running')),
        `clocks: White's runs on its turn (${first} -> ${later}), Black's waits`);
  await clickMove(page);
  await waitMoves(page, 2);
  check(await clock(1) < 'Black 0:30', `clocks: the engine's clock ran (${await clock(1)})`);
  // Paused, no clock runs.
  await newGame(page, 'cephalopod', { setup: 'WxH', arg: '3x3', first: 'engine', second: 'engine',
                                      time: 20, timemode: 'game' });
  await page.waitForFunction(() => document.querySelectorAll('#moves li.move').length >= 2);
  await page.click('#pause');
  await page.waitForSelector('#step:not([hidden]):not([disabled])');
  const both = async () => (await clock(0)) + ' ' + (await clock(1));
  const stopped = await both();
  await sleep(1300);
  check(await both() === stopped && !(await page.$('.clock.running')),
        `clocks: none runs while engine against engine is paused (${stopped})`);
  await newGame(page, 'cephalopod', { setup: 'WxH', arg: '3x3', first: 'human', second: 'engine',
                                      time: 1, timemode: 'game', flag: true });
  const result = await waitResult(page, 5000);
  check(result === 'Game over: Black wins (B+R): white lost on time.',
        `clocks: a human out of time loses: "${result}"`);
}

async function testDvonn(page, base) {
  await newGame(page, 'dvonn', { setup: 'random', first: 'human', second: 'engine', time: 0.1 });
  check((await page.$$('#board .dv-W, #board .dv-B, #board .dv-R')).length === 49,
        'dvonn: 49 pieces on the random start');
  // Re-selection: a stack selected, another own movable stack that is
  // also its target clicked: that one is selected, nothing played.
  const pos = await page.$eval('#board', b => b.dataset.position);
  const legal = await engineLegal(base, pos);
  const starts = new Set(legal.map(m => m.slice(0, 2)));
  const onOwn = legal.find(m => starts.has(m.slice(2)));
  check(onOwn, `dvonn: a move onto an own movable stack exists (${onOwn})`);
  await (await hit(page, onOwn.slice(0, 2))).click();
  await (await hit(page, onOwn.slice(2))).click();
  const sel = await page.$$eval('#board .sel', e => e.map(x => x.dataset.key));
  check(sel.length === 1 && sel[0] === onOwn.slice(2) && (await historyLength(page)) === 0,
        `dvonn: clicking ${onOwn.slice(2)} after ${onOwn.slice(0, 2)} selects it instead`);
  // Drag and drop: that very move, onto the own stack.
  const from = await (await hit(page, onOwn.slice(0, 2))).boundingBox();
  const to = await (await hit(page, onOwn.slice(2))).boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
  await waitMoves(page, 2);
  check((await moveList(page))[0] === onOwn, `dvonn: ${onOwn} played by drag and drop`);
  check((await page.$$('#board .last')).length >= 2, 'dvonn: the last move is marked');
  await page.click('#undo');
  await waitMoves(page, 0);
  check(true, 'dvonn: undo');
  const clicks = await clickMove(page);
  check(clicks >= 2, `dvonn: a stacking move by clicks (${clicks})`);
  await waitMoves(page, 2);
  // Watch the engine play itself: paused, stepped, resumed to the end.
  await newGame(page, 'dvonn', { setup: 'random', first: 'engine', second: 'engine', time: 0.05 });
  await page.waitForFunction(() => document.querySelectorAll('#moves li.move').length >= 2);
  await page.click('#pause');
  await page.waitForSelector('#step:not([hidden]):not([disabled])');
  const paused = await historyLength(page);
  await sleep(600);
  check(await historyLength(page) === paused, `dvonn: paused at ${paused} moves`);
  await page.click('#step');
  await waitMoves(page, paused + 1);
  await sleep(600);
  check(await historyLength(page) === paused + 1, 'dvonn: Step plays one move');
  await page.select('#speed', '0.2');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('triad.game')).options.time);
  // The page's set_option and this options may reach the engine in
  // either order: ask again for a little while.
  let engine = '';
  for (let i = 0; i < 20 && !/^movetime 0\.2$/m.test(engine); i++) {
    await sleep(100);
    engine = await page.evaluate(async () => (await run(['options']))[0].text);
  }
  check(stored === '0.2' && /^movetime 0\.2$/m.test(engine),
        `dvonn: the speed changed while watching (${stored} s a move, the engine's too)`);
  await page.select('#speed', '0.05');
  await page.click('#pause');
  const result = await waitResult(page, 60000);
  check(/^Game over: ((White|Black) wins by \d+ \([WB]\+\d+\): no stack can move any more|a draw \(0\))\.$/
          .test(result), `dvonn: engine against engine ends: "${result}"`);
  check(await latestMoveShown(page), 'dvonn: the move list shows its latest move');
  // Pieces cut off from every DVONN piece leave the board, and the page
  // says so: B1 onto C1 cuts C1 and D1 (three pieces) off from A1.
  const cells = Array(49).fill('.');
  Object.assign(cells, { 0: 'R', 1: 'W', 2: 'B', 3: 'W', 47: 'R', 48: 'R' });
  const cut = `dvonn:S:W:${cells.join(',')}`;
  check((await engineLegal(base, cut)).includes('B1C1'), 'dvonn: B1C1 is legal (legal_moves)');
  await newGame(page, 'dvonn', { setup: '', first: 'human', second: 'human', time: 0.1 });
  await loadPosition(page, 'dvonn', cut);
  await (await hit(page, 'B1')).click();
  await (await hit(page, 'C1')).click();
  await page.waitForSelector('#board .moving', { timeout: 5000 });
  const ghosts = await page.$$eval('#board .moving', g => g.length);
  await page.waitForFunction(() => !document.querySelector('#board .moving'), { timeout: 3000 });
  check(ghosts === 3, `dvonn: the moved stack slides, the two cut off fade, then go (${ghosts})`);
  await waitMoves(page, 1);
  const news = await page.$eval('#news', e => e.textContent);
  check(news === '3 pieces cut off from the DVONN pieces left the board.',
        `dvonn: a cut-off is said: "${news}"`);
}

// The last move of the list is inside the list's visible part.
async function latestMoveShown(page) {
  return page.$eval('#moves', list => {
    const last = list.lastElementChild;
    if (!last) return false;
    const a = list.getBoundingClientRect(), b = last.getBoundingClientRect();
    return b.top >= a.top - 1 && b.bottom <= a.bottom + 1 && b.right <= a.right + 1;
  });
}

async function testTruchet(page) {
  await newGame(page, 'truchet', { setup: 'KEY', arg: '2470377', first: 'human', second: 'engine',
                                   time: 0.1, maxplies: 6 });
  check((await page.$$('#board [data-link]')).length === 49, 'truchet: 49 tiles with links');
  check((await page.$$('#board .tr-L')).length === 12, 'truchet: 12 light stacks');
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
  await page.$eval('#maxplies', e => { e.value = '9'; });
  check(await resultText(page) === result, 'truchet: the form does not rewrite a result');
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#result').textContent === '');
  await page.click('#resign');
  check(await page.$eval('#resign-confirm', e => !e.hidden) &&
        await resultText(page) === '', 'truchet: Resign asks first');
  await page.click('#resign-yes');
  const resigned = await waitResult(page, 10000);
  check(resigned === 'Game over: Dark wins (B+R): light resigned.',
        `truchet: the human resigns: "${resigned}"`);
  await audit(page, 'a finished game');
}

// Every kind of Truchet move entered on the board, in positions where it
// arises (checked with the engine's legal_moves): CLICKS are keys (t: a
// tile, j: a junction) or 'done'.
const TRUCHET_START = 'truchet:1000100100011000000000100010010100110010101111000:L:' +
  'a1D1,a3D1,a6L1,a8L1,b2D1,b7L1,c1D1,c3D1,c6L1,c8L1,d2D1,d7L1,e1D1,e3D1,e6L1,e8L1,' +
  'f2D1,f7L1,g1D1,g3D1,g6L1,g8L1,h2D1,h7L1';
const TRUCHET_TALL = 'truchet:1000100100011000000000100010010100110010101111000:L:' +
  'a1D1,a8L1,c1D1,c8L1,e1D1,e8L1,f6L3,g1D1,g8L1';
const TRUCHET_KINDS = [
  { what: 'a step that could go on to merge, confirmed by a second click', pos: TRUCHET_START,
    move: 'g6-f5', also: 'g6-f5+f6<ws', clicks: ['j:g6', 'j:f5', 'j:f5'],
    words: 'move g6 to f5' },
  { what: 'a flip and a step', pos: TRUCHET_START, move: '*d4,g6-h5',
    clicks: ['t:d4', 'j:g6', 'j:h5', 'done'], words: 'flip tile d4, then move g6 to h5' },
  { what: 'a step and a merge', pos: TRUCHET_START, move: 'g6-f5+f6<ws',
    clicks: ['j:g6', 'j:f5', 'j:f6', 'j:e6', 'j:f5', 'done'],
    words: 'move g6 to f5, then merge the stacks of e6 and f5 onto f6' },
  { what: 'a merge', pos: TRUCHET_START, move: 'e7<wnes',
    clicks: ['j:e7', 'j:d7', 'j:e8', 'j:f7', 'j:e6'],
    words: 'merge the stacks of d7, e8, f7 and e6 onto e7' },
  { what: 'a split of three chips, two to one junction', pos: TRUCHET_TALL, move: 'f6>wwe',
    clicks: ['j:f6', 'j:e6', 'j:e6', 'j:g6'], badge: ['j:e6', '2'],
    words: 'split f6: 2 chips to e6 and 1 chip to g6' },
  { what: 'a step and a split', pos: TRUCHET_TALL, move: 'f6-d4>nss',
    clicks: ['j:f6', 'j:d4', 'j:d5', 'j:d3', 'j:d3'],
    words: 'move f6 to d4, then split it: 1 chip to d5 and 2 chips to d3' },
];

async function testTruchetKinds(page, base) {
  await newGame(page, 'truchet', { setup: '', first: 'human', second: 'human', time: 0.1 });
  for (const kind of TRUCHET_KINDS) {
    const legal = await engineLegal(base, kind.pos);
    check(legal.includes(kind.move) && (!kind.also || legal.includes(kind.also)),
          `truchet: ${kind.move} is legal (legal_moves)`);
    await loadPosition(page, 'truchet', kind.pos);
    for (const [i, k] of kind.clicks.entries()) {
      if (k === 'done') {
        await keepScreenshot(page, `truchet-${kind.move.replace(/[^a-z0-9]/g, '_')}-building`);
        await page.click('#done');
      }
      else await (await hit(page, k)).click();
      if (kind.badge && i === 2) {
        const text = await page.$eval(`#board [data-key="${kind.badge[0]}"] .badge-text`,
                                      e => e.textContent).catch(() => '');
        check(text === kind.badge[1], `truchet: ${kind.badge[0]} shows ${kind.badge[1]} chips`);
        await keepScreenshot(page, 'truchet-split-building');
      }
      if (k === 't:d4') {
        check(await page.$('#board [data-key="t:d4"].flipped'), 'truchet: the flip is drawn');
      }
    }
    await waitMoves(page, 1);
    const played = (await moveList(page))[0];
    check(played === kind.move, `truchet: ${kind.what} by clicks: ${played}`);
    const title = await page.$eval('#moves li.move', e => e.title);
    check(title === kind.words, `truchet: ${played} is said in the move list as "${title}"`);
  }
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

// Each game at a size: the board inside the window, kept as a
// screenshot; a reload brings the same position and moves back with no
// more engines than before.
async function testSize(browser, base, srv, size) {
  const page = await openPage(browser, base, size);
  check(await page.$eval('#board', b => b.dataset.game) === 'dvonn' ||
        (await page.$eval('#board', b => b.dataset.game)) !== '',
        `${size.name}: a board at once`);
  const games = [['dvonn', { setup: 'random' }], ['truchet', { setup: 'KEY', arg: '2470377' }],
                 ['cephalopod', { setup: '' }]];
  for (const [game, setup] of games) {
    await newGame(page, game, { ...setup, first: 'human', second: 'engine', time: 0.05 });
    await keepScreenshot(page, `${game}-${size.name}-start`);
    await audit(page, `${game} at the start, ${size.name}`);
    if (size === SIZES[0]) await markContrast(page, game);
    for (let i = 0; i < 3; i++) {
      const n = await historyLength(page);
      await clickMove(page);
      await waitMoves(page, n + 2);
    }
    await keepScreenshot(page, `${game}-${size.name}`);
    if (game === 'dvonn') await testDvonnLetters(page, size);
    if (game === 'truchet') await testTruchetWords(page, size);
    const before = { pos: await page.$eval('#board', b => b.dataset.position),
                     moves: await moveList(page), engines: childrenOf(srv.pid).length };
    await page.reload({ waitUntil: 'load' });
    await waitBoard(page);
    await sleep(500);
    const after = { pos: await page.$eval('#board', b => b.dataset.position),
                    moves: await moveList(page), engines: childrenOf(srv.pid).length };
    check(after.pos === before.pos && after.moves.join() === before.moves.join() &&
          await page.$eval('#game', s => s.value) === game,
          `${size.name}: ${game} comes back after a reload (${after.moves.length} moves)`);
    check(after.engines <= before.engines,
          `${size.name}: no engine more after a reload (${before.engines} -> ${after.engines})`);
    check(await latestMoveShown(page), `${size.name}: ${game}: the latest move is in view`);
    await (await page.$('#board .target:not(.tile)')).click();
    await audit(page, `${game} with a piece clicked, ${size.name}`);
  }
  // A closed page frees its engine within seconds.
  const engines = childrenOf(srv.pid).length;
  await page.close({ runBeforeUnload: true });
  let left = engines;
  for (let i = 0; i < 50 && left >= engines; i++) {
    await sleep(100);
    left = childrenOf(srv.pid).length;
  }
  check(left === engines - 1, `${size.name}: a closed page frees its engine (${engines} -> ${left})`);
}

// --- hostile requests --------------------------------------------------------

// One POST on a connection of its own, closed after the reply: connections
// kept alive would count against the server's cap per address long after
// the test is done with them.
function post(base, p, body, headers = {}) {
  return request(Number(new URL(base).port), 'POST', p, body,
                 { headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers } });
}

async function testHostile(browser, base, srv) {
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
  // Past 32 connections from one address the server closes them: status 0.
  const sessions = (await Promise.allSettled(Array.from({ length: 100 },
    () => post(base, '/api/sessions', ''))))
    .map(s => s.status === 'fulfilled' ? s.value : { status: 0 });
  const made = sessions.filter(s => s.status === 201).map(s => s.json.id);
  const hist = {};
  for (const x of sessions) hist[x.status] = (hist[x.status] || 0) + 1;
  // Refused: 503 (table full), 429 (this address's share), 0 (past this
  // address's 32 connections the server closes them).
  check(made.length > 0 && made.length <= MAX_SESSIONS - 1 &&
        sessions.every(s => [0, 201, 429, 503].includes(s.status)),
        `100 sessions at once: ${made.length} made, the rest refused ${JSON.stringify(hist)}`);
  // Connections the server closed may have left room: fill the table one by
  // one, so that the page below meets every session taken.
  for (let tries = 0; made.length < MAX_SESSIONS - 1 && tries < MAX_SESSIONS; tries++) {
    const more = await post(base, '/api/sessions', '');
    if (more.status !== 201) break;
    made.push(more.json.id);
  }
  // A page opened by a new visitor (no stored game) while every session is
  // taken says so.
  const visitor = await browser.createBrowserContext();
  const full = await visitor.newPage();
  await full.goto(base + '/', { waitUntil: 'load' });
  await full.waitForFunction(() => /^No engine could be started/.test(
    document.querySelector('#status').textContent), { timeout: 10000 })
    .catch(async e => {
      const text = await full.evaluate(() => document.querySelector('#status').textContent);
      throw new Error(`${e.message}; the page's status: ${text}`);
    });
  check(true, 'a page opened with every session taken says it cannot start an engine');
  await visitor.close();
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
  const { srv, port } = await startServer(serverBin, ['--max-sessions', String(MAX_SESSIONS),
                                          '--client-sessions', String(MAX_SESSIONS)]);
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchChromium();
  try {
    for (const size of SIZES) await testSize(browser, base, srv, size);
    const page = await openPage(browser, base, SIZES[0]);
    for (const t of [testCephalopod, testCephalopodCaptures, testClocks, testDvonn, testTruchet,
                     testTruchetKinds])
      await t(page, base);
    await testCrash(page, srv);
    await testHostile(browser, base, srv);
  } finally {
    await browser.close();
    const { code } = await stopServer(srv);
    check(code === 0, 'triad-web stops cleanly on SIGTERM');
    check(childrenOf(srv.pid).length === 0, 'no engine outlives the server');
  }
  check(pageErrors === 0, 'no JavaScript error or failed load in the page');
  check(cspViolations === cspProbes,
        `no CSP violation in the page but the probes' (${cspViolations} of ${cspProbes})`);
  console.log(`all browser tests passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch(e => { console.error(e); process.exit(1); });
