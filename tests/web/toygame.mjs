// toygame.mjs -- step 11 of the checklist "Adding a game"
// (doc/architecture.md) in headless chromium (puppeteer-core): the page,
// unchanged, plays the toy game of tests/arch/toy.c once its drawing file
// is added, and leaves it out without that file.
//
//   node toygame.mjs TRIAD_WEB TOY_TRIAD OUTDIR
//
// TOY_TRIAD is a triad linked with the toy (tests/arch/toygame.sh leaves
// one with TOY_KEEP).  The pages are served from scratch copies of web/,
// one with tests/arch/game-toy.js added as web/game-toy.js; screenshots
// of the toy board are kept in OUTDIR.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';
import { startServer, stopServer } from './serve.mjs';

const [serverBin, toyEngine, outDir] = process.argv.slice(2);
const top = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SIZES = [{ name: 'desktop', width: 1280, height: 800 },
               { name: 'phone', width: 390, height: 844, isMobile: true, hasTouch: true }];
let pageErrors = 0;

function check(cond, what) {
  if (!cond) throw new Error('check failed: ' + what);
  console.log('ok - ' + what);
}

// A scratch web root: a copy of web/, with the toy's drawing file or not.
function webRoot(scratch, withToy) {
  const root = path.join(scratch, withToy ? 'web-toy' : 'web');
  fs.cpSync(path.join(top, 'web'), root, { recursive: true });
  if (withToy) fs.copyFileSync(path.join(top, 'tests/arch/game-toy.js'),
                               path.join(root, 'game-toy.js'));
  return root;
}

// The page at a size, once its first board is drawn; page.missing: the
// files it asked for and did not get.
async function openPage(browser, base, size) {
  const page = await browser.newPage();
  page.missing = [];
  page.on('console', m => console.log('page: ' + m.text()));
  page.on('response', r => { if (r.status() >= 400) page.missing.push(r.url().slice(base.length)); });
  page.on('pageerror', e => { console.log('page error: ' + e.message); pageErrors++; });
  await page.setViewport(size);
  await page.goto(base + '/', { waitUntil: 'load' });
  await page.waitForFunction(() => document.querySelector('#board').dataset.position,
                             { timeout: 20000 });
  return page;
}

const offered = page => page.$$eval('#game option', o => o.map(e => e.value));
const position = page => page.$eval('#board', b => b.dataset.position);

// The toy set up (human first, engine second), one move clicked, the
// engine's reply; the board drawn as each position says.
async function playToy(page, size) {
  check((await offered(page)).includes('toy'), `${size.name}: the page offers the toy`);
  await page.select('#game', 'toy');
  check(await page.$$eval('#setup option', o => o.length === 1 && o[0].value === ''),
        `${size.name}: the toy's one setup (no setup words)`);
  await page.select('#first', 'human');
  await page.select('#second', 'engine');
  await page.$eval('#time', e => { e.value = '0.1'; });
  await page.click('#new');
  await page.waitForFunction(() => document.querySelector('#board').dataset.game === 'toy' &&
                             document.querySelector('#board').dataset.position === 'toy:15:F' &&
                             document.querySelectorAll('#moves li').length === 0,
                             { timeout: 10000 });
  check(true, `${size.name}: the toy set up (toy:15:F)`);
  const stones = () => page.$$eval('#board .pile', p => p.length);
  check(await stones() === 15, `${size.name}: 15 stones drawn`);
  const targets = await page.$$eval('#board .target', t => t.map(e => e.dataset.key));
  check(targets.join() === '1,2,3', `${size.name}: the moves 1, 2, 3 offered (${targets})`);
  await page.click('#board [data-key="3"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2 &&
                             document.querySelector('#status').textContent.startsWith('Your move'),
                             { timeout: 20000 });
  const moves = await page.$$eval('#moves li', li => li.map(e => e.textContent));
  const reply = Number(/(\d)\s*$/.exec(moves[1])[1]);
  const pos = await position(page);
  check(/3\s*$/.test(moves[0]) && reply >= 1 && reply <= 3 && pos === `toy:${12 - reply}:F`,
        `${size.name}: the click took 3, the engine took ${reply} (${moves}; ${pos})`);
  check(await stones() === 12 - reply, `${size.name}: ${12 - reply} stones drawn`);
  const board = await page.$('#board');
  const box = await board.boundingBox();
  check(box.x >= 0 && box.x + box.width <= size.width + 0.5 && box.width >= size.width * 0.5,
        `${size.name}: the board (${box.width.toFixed(0)} wide) lies across the window`);
  await board.screenshot({ path: path.join(outDir, `board-toy-${size.name}.png`) });
  await page.screenshot({ path: path.join(outDir, `page-toy-${size.name}.png`) });
  check(page.missing.length === 0, `${size.name}: every file the page asked for was served`);
}

// Without game-toy.js: the engine lists the toy, the page does not offer it.
async function leftOut(page) {
  const listed = await page.evaluate(async () =>
    (await api(`/${page.sid}/commands`, { commands: ['list_games'] })).replies[0].text);
  check(/^toy /m.test(listed), "without game-toy.js: the page's engine lists the toy");
  const games = await offered(page);
  check(!games.includes('toy') && games.length === 3,
        `without game-toy.js: the page offers ${games}, not the toy`);
  check(page.missing.join() === '/game-toy.js',
        `without game-toy.js: the one file missing is it (${page.missing})`);
}

// TEST at each of SIZES on pages served from ROOT.
async function serve(browser, root, test, sizes) {
  const { srv, port } = await startServer(serverBin, ['--engine', toyEngine, '--root', root]);
  const base = `http://127.0.0.1:${port}`;
  try {
    for (const size of sizes) {
      const page = await openPage(browser, base, size);
      await test(page, size);
      await page.close();
    }
  } finally {
    check((await stopServer(srv)).code === 0, 'triad-web stops cleanly on SIGTERM');
  }
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'toygame-'));
  const browser = await launchChromium();
  try {
    await serve(browser, webRoot(scratch, true), playToy, SIZES);
    await serve(browser, webRoot(scratch, false), leftOut, SIZES.slice(0, 1));
  } finally {
    await browser.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  check(pageErrors === 0, 'no JavaScript error in the page');
  console.log('the page took the toy game');
}

main().catch(e => { console.error(e); process.exit(1); });
