// app.js -- the triad page: a protocol client of one engine session
// (through triad-web's JSON API, doc/triad-web.md).  It names no game: the
// games and their setups come from the engine's `list_games`, the side
// names from its records, and each game's drawing from web/game-NAME.js
// (web/board.js).  Game flow, moves by clicks and drags, the game tree
// with its variations (web/tree.js, drawn by web/movelist.js, saved and
// loaded by web/sgf.js) and the engine kept on the viewed node,
// the game kept over a reload, recovery from a lost engine.  Analysis and
// review (web/analysis.js, web/review.js) follow the viewed position
// through page.viewed() and the `triad:view` event, and draw on the board
// at each `triad:drawn`.
'use strict';

const $ = id => document.getElementById(id);
const STORE = 'triad.game';
const PLACEHOLDER = /[A-Z]+(?:x[A-Z]+)?/;     // KEY, SEED, WxH in a setup usage

const page = {
  sid: null,
  games: [],           // [{name, title, forms, sides, board}] from list_games
  game: null,          // the entry of the game on the board
  start: '',           // its start position (a new engine begins there)
  options: { time: '1', timemode: 'move', maxplies: '0' },
  players: ['human', 'engine'],
  pos: null,           // the viewed position (its game's parse)
  legal: [],           // the legal moves at page.legalAt
  legalAt: null,
  tree: null,          // the game tree's root (web/tree.js)
  at: null,            // the viewed node
  lineShown: [],       // the line shown: root first, the viewed node on it
  held: null,          // the node the engine holds (null: unknown, set up again)
  heldResigned: false, // ... with a resignation played there
  shown: null,         // the node drawn last (a step forward is drawn moving)
  queue: Promise.resolve(),   // the engine's work, one piece at a time
  asking: null,        // answers the question on the page (false: no)
  listed: [],          // the move list's nodes by data-node
  sel: { seq: [], set: [] },
  news: '',
  generation: 0,       // bumped by new game / undo / load: stale engine work is dropped
  dead: false,
  flipped: false,      // the board turned half round
  cursor: null,        // the key the keyboard's cursor is on
  audio: null,         // AudioContext once the player turned sound on
  clocks: null,        // GameClocks of a game per game
  lostOnTime: -1,      // the side that lost on time, if one did
  paused: false,       // engine against engine: waiting for Resume or Step
  thinking: false,     // a genmove loop is running
  busy: false,         // a human move or a restore is on its way to the engine

  // For the page's other parts (analysis, review): the viewed position,
  // a turn of the line shown, the line's nodes (their `review` may be
  // set, then renderMoves shows the marks and keeps them), and the
  // review's budget for the SGF's root ('seconds 0.2', 'nodes 100000').
  viewed() {
    const moves = TriadTree.movesTo(page.at);
    return { start: page.start, moves, turn: moves.length, pos: page.at.pos };
  },
  goTo(turn) { if (page.lineShown[turn]) view(page.lineShown[turn]); },
  line() { return page.lineShown.slice(); },
  renderMoves() { renderMoves(); saveState(); },
  reviewed(budget) {
    page.tree.props.XREVIEW = [budget];
    delete page.tree.props.XREVIEWER;   // this engine's, when saved
    saveState();
  },
};

class HttpError extends Error {
  constructor(status, text) { super(text); this.status = status; }
}

async function api(path, body) {
  const res = await fetch('/api/sessions' + path, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? '{}' : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new HttpError(res.status, data.error || res.statusText);
  return data;
}

function freeSession(sid) {
  if (sid) fetch(`/api/sessions/${sid}`, { method: 'DELETE', keepalive: true }).catch(() => {});
}

function showError(text) { $('error').textContent = text || ''; }

function engineDied() {
  page.dead = true;
  $('crash').hidden = false;
  $('status').textContent = 'The engine stopped.';
  drawBoard();                     // nothing can be played now
}

// Runs protocol lines in order; returns the replies, or null when the
// engine died (the page then offers a restart).  A session the server no
// longer knows (closed by another page's exit, reaped when idle) is made
// again with the engine's node set up again, and the lines sent once more.
async function run(lines, again = true) {
  if (page.dead) return null;
  let data;
  try {
    data = await api(`/${page.sid}/commands`, { commands: lines });
  } catch (e) {
    if (!(e instanceof HttpError) || e.status !== 404 || !again || !page.game) throw e;
    const held = page.held;
    Object.assign(page, { sid: null, held: null, heldResigned: false });
    await ensureSession();
    if (held && !await hold(held)) return null;
    return run(lines, false);
  }
  if (!data.alive || data.replies.some(r => r.dead)) { engineDied(); return null; }
  return data.replies;
}

// As run, for any number of lines (the server takes 16 per request).
async function runAll(lines) {
  const replies = [];
  for (let i = 0; i < lines.length; i += 16) {
    const r = await run(lines.slice(i, i + 16));
    if (!r) return null;
    replies.push(...r);
  }
  return replies;
}

async function ensureSession() {
  if (!page.sid) page.sid = (await api('')).id;
}

// --- the games the engine plays ------------------------------------------

// "[random | random=SEED]" -> the setup forms: '' (none), 'random',
// 'random=SEED'; an upper-case word is a value the player types.
function setupForms(usage) {
  const inner = usage.replace(/^\[|\]$/g, '').trim();
  return ['', ...inner.split('|').map(s => s.trim()).filter(Boolean)];
}

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = resolve;
    s.onerror = () => reject(new Error('cannot load ' + src));
    document.head.appendChild(s);
  });
}

// The engine's games that have a drawing file, with their side names
// (the names of the engine's records: PW and PB).
async function learnGames() {
  const r = await run(['list_games']);
  if (!r) return;
  const listed = r[0].text.split('\n').filter(Boolean).map(line => {
    const [name, title, ...usage] = line.split(' ');
    return { name, title, forms: setupForms(usage.join(' ')) };
  });
  await Promise.all(listed.map(g => loadScript(`game-${g.name}.js`).catch(() => {})));
  const games = listed.filter(g => TriadBoards.get(g.name));
  const sides = await run(games.flatMap(g => [`setup ${g.name}`, 'printsgf']));
  if (!sides) return;
  games.forEach((g, i) => {
    const sgf = sides[2 * i + 1].text;
    g.sides = [/PW\[([^\]]*)\]/.exec(sgf), /PB\[([^\]]*)\]/.exec(sgf)].map(
      (m, k) => (m ? m[1] : ['first', 'second'][k]));
    g.board = TriadBoards.get(g.name);
  });
  page.games = games;
  const sel = $('game');
  sel.textContent = '';
  for (const g of games) {
    const o = document.createElement('option');
    o.value = g.name;
    o.textContent = g.title;
    sel.appendChild(o);
  }
}

const gameNamed = name => page.games.find(g => g.name === name);

// --- the game kept over a reload -----------------------------------------

function saveState() {
  if (!page.game || !page.tree) return;
  localStorage.setItem(STORE, JSON.stringify({
    game: page.game.name, start: page.start, options: page.options,
    players: page.players, tree: TriadTree.toPlain(page.tree),
    at: TriadTree.indexPath(page.at), line: TriadTree.indexPath(leaf()),
    form: formValues(), flipped: page.flipped,
    clocks: page.clocks && [0, 1].map(i => page.clocks.remaining(i, performance.now())),
  }));
}

// The stored game with its tree (a game stored before trees: its moves).
function storedState() {
  try {
    const s = JSON.parse(localStorage.getItem(STORE));
    const words = a => Array.isArray(a) && a.every(m => typeof m === 'string' && /^\S+$/.test(m));
    if (!s || typeof s.start !== 'string' || !s.options || !words(s.players)) return null;
    s.root = s.tree ? TriadTree.fromPlain(s.tree) : words(s.moves) ? TriadTree.fromMoves(s.moves) : null;
    return s.root ? s : null;
  } catch {
    return null;
  }
}

// --- the tree, the line shown and the node the engine holds ---------------

const leaf = () => page.lineShown[page.lineShown.length - 1];
const atEnd = () => page.at === leaf();

// The side to move at NODE (0 or 1; -1 when the game is over there).
function sideAt(node) {
  const m = /^playing (\S+)/.exec(node.status);
  return m ? page.game.sides.indexOf(m[1]) : -1;
}

// Runs F when the engine's earlier work is done: everything that moves the
// engine (and reads where it is) goes through here, one at a time.
function exclusive(f) {
  const p = page.queue.then(() => f());
  page.queue = p.catch(() => {});
  return p;
}

// The lines that take the engine from page.held to NODE: undo back to
// where the two lines part, then play on; from the start when the
// engine's place is unknown.
function holdLines(node) {
  if (page.held === node && page.heldResigned === (node.resigned >= 0)) return [];
  const { back, on } = TriadTree.route(page.held, node);
  return [...(back === null ? [`setposition ${page.start}`, ...optionLines(page.options)]
    : Array(back + (page.heldResigned ? 1 : 0)).fill('undo')),
  ...on.map(n => `play ${n.move}`), ...resignLines(node)];
}

const resignLines = n => (n.resigned >= 0 ? [`play ${page.game.sides[n.resigned]} resign`] : []);

// Has the engine hold NODE (setposition, undo, play); false if it failed.
async function hold(node) {
  const lines = holdLines(node);
  if (!lines.length) return true;
  const r = await runAll(lines);
  const bad = r && r.find(x => !x.ok);
  if (!r || bad) {
    if (bad) showError(bad.text);
    Object.assign(page, { held: null, heldResigned: false });
    return false;
  }
  Object.assign(page, { held: node, heldResigned: node.resigned >= 0 });
  return true;
}

// Walks the whole tree in the engine from the start (play, position,
// game_status, then undo), so that every node knows its position and
// status; a move the engine refuses is dropped with what follows it.
// Leaves the engine at the root.
async function replayTree() {
  for (let dropped = 0; dropped <= 100; dropped++) {
    const head = [`setposition ${page.start}`, ...optionLines(page.options), 'position',
      'game_status'];
    const lines = [...head], what = [];
    const add = (n, kind, line) => { lines.push(line); what.push([n, kind]); };
    TriadTree.tour(page.tree, (n, step) => {
      if (step === 'leave') { add(n, 'undo', 'undo'); return; }
      add(n, 'play', `play ${n.move}`);
      add(n, 'pos', 'position');
      add(n, 'status', 'game_status');
      for (const line of resignLines(n)) {
        add(n, 'resign', line);
        add(n, 'status', 'game_status');
        add(n, 'undo', 'undo');
      }
    });
    const r = await runAll(lines);
    if (!r) return false;
    const badHead = r.slice(0, head.length).find(x => !x.ok);
    if (badHead) { showError(badHead.text); return false; }
    page.tree.pos = r[head.length - 2].text;
    page.tree.status = r[head.length - 1].text;
    const failed = what.findIndex(([, kind], i) => !r[head.length + i].ok &&
                                   (kind === 'play' || kind === 'resign'));
    Object.assign(page, { held: page.tree, heldResigned: false });
    if (failed < 0) {
      what.forEach(([n, kind], i) => {
        if (kind === 'pos') n.pos = r[head.length + i].text;
        if (kind === 'status') n.status = r[head.length + i].text;
      });
      return true;
    }
    const [n, kind] = what[failed];
    showError(`${n.move}: ${r[head.length + failed].text} (left out, with what follows)`);
    page.held = null;
    if (kind === 'resign') n.resigned = -1;
    else TriadTree.cut(n);
  }
  return false;
}

// --- game state and drawing -------------------------------------------------

const sideToMove = () => sideAt(page.at);

const cap = s => s[0].toUpperCase() + s.slice(1);

// "Game over: White wins by 3 (W+3): the board is full."  The reason:
// a resignation (R), the ply limit (a draw at maxplies), else the rules.
function resultText(result) {
  const g = page.game;
  const limit = Number(page.options.maxplies);
  if (result === '0')
    return limit > 0 && TriadTree.depth(page.at) >= limit
      ? `Game over: a draw (0): the limit of ${limit} plies.` : 'Game over: a draw (0).';
  const winner = result[0] === 'W' ? 0 : 1;
  const margin = result.slice(2);
  const head = `Game over: ${cap(g.sides[winner])} wins`;
  if (margin === 'R')
    return `${head} (${result}): ${g.sides[1 - winner]} ` +
      `${page.lostOnTime === 1 - winner ? 'lost on time' : 'resigned'}.`;
  return `${head}${margin ? ' by ' + margin : ''} (${result}): ` +
         `${g.board.endReason(page.pos, winner, g.sides)}.`;
}

// Reads the engine's state where it is (position, legal moves, status,
// history), finds its node in the tree (a move just played is added
// there) and, when PLAYED and it was played from the viewed node, views it.
async function refresh(played) {
  const r = await run(['position', 'legal_moves', 'game_status', 'history']);
  if (!r) return false;
  page.busy = false;               // a human move has come back
  let node = page.tree;
  for (const m of r[3].text ? r[3].text.split(' ') : []) node = TriadTree.add(node, m);
  node.pos = r[0].text;
  node.status = r[2].text;
  Object.assign(page, { held: node, heldResigned: node.resigned >= 0 });
  page.legal = r[1].text ? r[1].text.split(' ') : [];
  page.legalAt = node;
  if (played && node.parent === page.at) {
    page.at = node;
    page.lineShown = page.lineShown.includes(node) ? TriadTree.extend(page.lineShown) : TriadTree.path(node);
    click();
  } else if (played) {
    page.lineShown = TriadTree.extend(page.lineShown);   // an engine's move while the player looks back
  }
  runClocks();
  saveState();
  show();
  return true;
}

// Draws the viewed node (a step forward drawn moving, with what it did
// said) and tells the page's other parts when it changed.
function show() {
  const prev = page.shown, at = page.at, board = page.game.board;
  const forward = prev && at.parent === prev && prev.pos && board.motion;
  const pieces = forward ? TriadMotion.capture($('board')) : null;
  page.pos = board.parse(at.pos);
  $('board').dataset.position = at.pos;
  page.news = prev && at.parent === prev && prev.pos && board.news
    ? board.news(board.parse(prev.pos), page.pos, page.game.sides) : '';
  page.shown = at;
  if (prev !== at) {
    page.sel = { seq: [], set: [] };
    $('resign-confirm').hidden = true;
  }
  render();
  if (forward) TriadMotion.play($('board'), pieces, board.motion(at.move));
  if (prev !== at) document.dispatchEvent(new CustomEvent('triad:view'));
}

function statusText() {
  const g = page.game;
  const side = sideToMove();
  let status = '';
  if (side >= 0) {
    const name = cap(g.sides[side]);
    if (page.players[side] === 'engine')
      status = !atEnd() ? `${name} (engine) to move.`
        : page.paused && !page.thinking ? `${name} (engine) to move: paused.`
          : `${name} (engine) is thinking…`;
    else if (page.players.includes('engine')) status = `Your move: you play ${name}.`;
    else status = `${name} to move.`;
    if (page.legalAt === page.at && page.legal.length === 1 && page.legal[0] === 'PASS' &&
        page.players[side] === 'human')
      status += ` ${cap(g.sides[side])} has no move and must pass.`;
  }
  return status;
}

function render() {
  const g = page.game;
  const over = page.at.status.startsWith('over');
  $('status').textContent = statusText();
  $('news').textContent = page.news;
  $('result').textContent = over ? resultText(page.at.status.split(' ')[1]) : '';
  $('counts').textContent = g.board.counts(page.pos, g.sides);
  $('about').textContent = g.board.about ? g.board.about(page.pos, g.sides) : '';
  renderMoves();
  $('undo').disabled = !atEnd() || page.at === page.tree;
  $('resign').disabled = leaf().status.startsWith('over') || !page.players.includes('human');
  $('save').disabled = false;
  if ($('resign').disabled) $('resign-confirm').hidden = true;
  drawBoard();
  legalList();
  pauseButtons();
  showClocks();
}

// A human may play on the board: their turn at the viewed node, which the
// engine holds.
function humanToMove() {
  const s = sideToMove();
  return s >= 0 && page.players[s] === 'human' && !page.dead && !page.busy &&
    page.held === page.at && page.legalAt === page.at &&
    page.heldResigned === (page.at.resigned >= 0);
}

// --- choosing a move by clicks and drags ----------------------------------

// The game on the board as web/clicks.js sees it.
function clickGame() {
  const board = page.game.board;
  return { legal: page.legal, parts: m => board.parts(m),
    own: k => Boolean(board.ownPiece && board.ownPiece(page.pos, k)) };
}

// One click (or the drop of a drag) on KEY.
function choose(key, drop) {
  const r = TriadClicks.click(clickGame(), page.sel, key, drop);
  if (r.play) { playHuman(r.play); return; }
  page.sel = r.sel;
  drawBoard();
}

function mark(key, cls) {
  const e = document.querySelector(`#board [data-key="${key}"]`);
  if (e) e.classList.add(cls);
  return e;
}

function drawBoard() {
  const g = page.game;
  if (!g || !page.pos) return;
  const board = g.board;
  const { seq, set } = page.sel;
  const playing = humanToMove() && !page.asking;
  const game = clickGame();
  const cands = playing ? TriadClicks.candidates(game, page.sel) : [];
  const done = TriadClicks.complete(game, cands, page.sel);
  const shown = board.preview && playing && seq.length
    ? board.preview(page.pos, seq, set, Boolean(done)) : page.pos;
  const svg = $('board');
  board.draw(svg, shown, { sides: g.sides });
  TriadBoards.orient(svg, page.flipped,
    window.matchMedia('(max-width: 760px) and (orientation: portrait)').matches);
  svg.dataset.game = g.name;
  svg.setAttribute('aria-label', `${g.title} board: ${$('counts').textContent}`);
  const lastMove = page.at.move;
  viewLine();
  if (lastMove && lastMove !== 'PASS') {
    const p = board.parts(lastMove);
    for (const k of [...p.seq, ...p.set]) mark(k, 'last');
  }
  document.dispatchEvent(new CustomEvent('triad:drawn'));
  $('choices').textContent = '';
  $('done').hidden = !done || cands.length < 2;
  $('cancel').hidden = !seq.length;
  $('pass').hidden = !playing || !page.legal.includes('PASS');
  if (done) $('done').textContent = `Play ${done}`;
  if (page.cursor) mark(page.cursor, 'focus');
  svg.classList.toggle('selecting', playing && seq.length > 0);
  if (!playing) return;
  const nexts = TriadClicks.nextKeys(game, cands, page.sel);
  for (const k of nexts) mark(k, 'target');
  // A key clicked more than once, or that may be again, shows its count.
  for (const k of new Set([...seq, ...set])) {
    const e = mark(k, 'sel');
    const n = TriadClicks.count(set, k);
    if (e && n > 0 && (n > 1 || nexts.has(k))) TriadBoards.badge(e, String(n));
  }
  if (seq.length && cands.length <= 60)
    for (const m of cands) {
      const b = document.createElement('button');
      b.textContent = m;
      b.className = 'choice';
      b.onclick = () => playHuman(m);
      $('choices').appendChild(b);
    }
}

// A move typed in the engine's notation, offered from the legal moves
// as the player types (the input's list).
function typedMove() {
  const input = $('typed');
  const text = input.value.trim();
  if (!humanToMove()) { showError('not your turn'); return; }
  const move = page.legal.find(m => m.toLowerCase() === text.toLowerCase());
  if (!move) { showError(`not a legal move here: ${text}`); return; }
  showError('');
  input.value = '';
  playHuman(move);
}

function legalList() {
  const list = $('legal-list');
  list.textContent = '';
  if (!humanToMove()) return;
  for (const m of page.legal) {
    const o = document.createElement('option');
    o.value = m;
    list.appendChild(o);
  }
}

// The board by keyboard: the arrows move a cursor to the nearest
// clickable thing that way on the screen (any board's geometry), Enter or
// Space clicks it; Enter elsewhere plays a move waiting for Play.
function boardKeys() {
  const svg = $('board');
  svg.addEventListener('keydown', ev => {
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const centre = e => {
      const b = e.querySelector('.hit').getBoundingClientRect();
      return [b.x + b.width / 2, b.y + b.height / 2];
    };
    const cells = [...svg.querySelectorAll('[data-key]')];
    if (!cells.length) return;
    const at = cells.find(e => e.dataset.key === page.cursor);
    if (dirs[ev.key]) {
      ev.preventDefault();
      const from = at || svg.querySelector('.target') || cells[0];
      const [x0, y0] = centre(from), [dx, dy] = dirs[ev.key];
      let best = at ? null : from, score = Infinity;
      for (const e of cells) {
        const [x, y] = centre(e);
        const along = (x - x0) * dx + (y - y0) * dy;
        const across = Math.abs((x - x0) * dy - (y - y0) * dx);
        if (along > 1 && across < along * 1.5 && along + 2 * across < score) {
          best = e;
          score = along + 2 * across;
        }
      }
      if (best) page.cursor = best.dataset.key;
      drawBoard();
    } else if ((ev.key === 'Enter' || ev.key === ' ') && at) {
      ev.preventDefault();
      if (humanToMove()) choose(page.cursor, false);
    }
  });
  document.addEventListener('keydown', ev => {
    if (ev.key === 'Enter' && ev.target === document.body && !$('done').hidden) $('done').click();
  });
}

// Pointer down on one key and up on another is a drag: the two clicks,
// the second taken as a destination.  Up on the same key is a click.
function boardPointer() {
  let down = null;
  const keyAt = (x, y) => {
    const e = document.elementFromPoint(x, y);
    const k = e && e.closest('#board [data-key]');
    return k ? k.dataset.key : null;
  };
  $('board').addEventListener('pointerdown', ev => {
    if (ev.button !== 0) return;
    down = keyAt(ev.clientX, ev.clientY);
  });
  $('board').addEventListener('pointerup', ev => {
    const from = down;
    down = null;
    const to = keyAt(ev.clientX, ev.clientY);
    if (!to || !humanToMove()) return;
    if (from && from !== to) {
      if (page.sel.seq[page.sel.seq.length - 1] !== from) choose(from, false);
      if (page.busy) return;
      choose(to, true);
    } else {
      choose(to, false);
    }
  });
  window.addEventListener('pointerup', () => { down = null; });
}

// --- the move list: looking back, variations ------------------------------

// Views NODE, on LINE (default: the line shown if NODE is on it, else
// NODE's own line); the engine follows when a human may play there.
function view(node, line) {
  if (!node || !page.tree) return;
  if (page.asking) page.asking(false);
  page.at = node;
  page.lineShown = line || (page.lineShown.includes(node) ? page.lineShown : TriadTree.lineThrough(node));
  page.sel = { seq: [], set: [] };
  show();
  saveState();
  followView();
}

// The engine to the viewed node, where a human may then play (not while an
// engine thinks, nor when only engines play: they play at the line's end).
function followView() {
  if (!page.players.includes('human') || page.thinking) return;
  exclusive(async () => {
    const gen = page.generation;
    if (page.held === page.at && page.heldResigned === (page.at.resigned >= 0)) return;
    if (await hold(page.at) && gen === page.generation) await refresh(false);
  }).then(() => engineTurn()).catch(e => showError(e.message));
}

function renderMoves() {
  const list = $('moves');
  page.listed = TriadMoveList.render(list, page.tree, page.at, describeMove);
  const e = list.querySelector('.viewed');
  if (!e) list.scrollTop = atEnd() ? list.scrollHeight : 0;
  else if (e.offsetTop < list.scrollTop || e.offsetTop + e.offsetHeight > list.scrollTop + list.clientHeight)
    list.scrollTop = e.offsetTop - list.clientHeight / 2;
}

// Plays MOVES from the viewed position as far as they are a human's
// moves there (web/analysis.js: a click on the best line); false when
// none could be.
page.playMoves = async moves => {
  let played = 0;
  for (const m of moves) {
    if (!humanToMove() || !page.legal.includes(m)) break;
    await playHuman(m);
    played++;
  }
  return played > 0;
};

// The move in plain words, when the game's file says them (web/board.js).
function describeMove(move) {
  const board = page.game && page.game.board;
  return board && board.describe ? board.describe(move) : '';
}

function viewLine() {
  const looking = !atEnd();
  $('nav-start').disabled = $('nav-back').disabled = page.at === page.tree;
  $('nav-next').disabled = $('nav-end').disabled = !looking;
  const n = page.lineShown.indexOf(page.at);
  const main = TriadTree.path(page.at).every(x => !x.parent || x.parent.children[0] === x);
  $('viewing').hidden = !looking;
  if (looking)
    $('view-text').textContent = (n === 0 ? 'The start position'
      : `After move ${n} of ${page.lineShown.length - 1}: ${page.at.move}` +
        (describeMove(page.at.move) ? `, ${describeMove(page.at.move)}` : '')) +
      (main ? '.' : ' (a variation).');
}

// The arrows anywhere but in a field or on the board (whose arrows move
// its cursor): Left and Right along the line shown, Home its start, End
// its end (the game), Up and Down the variation before or after at the
// nearest branch.
function moveListKeys() {
  $('moves').addEventListener('click', ev => {
    const e = ev.target.closest('[data-node]');
    if (e) view(page.listed[Number(e.dataset.node)]);
  });
  document.addEventListener('keydown', ev => {
    if (!page.tree || ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const t = ev.target;
    if (t.closest && t.closest('input, select, textarea, [contenteditable]')) return;
    if (t.closest && t.closest('#board') && ev.key.startsWith('Arrow')) return;
    const n = page.lineShown.indexOf(page.at);
    const to = { ArrowLeft: page.lineShown[n - 1], ArrowRight: page.lineShown[n + 1], Home: page.lineShown[0],
      End: leaf() }[ev.key];
    const other = { ArrowUp: -1, ArrowDown: 1 }[ev.key];
    if (to === undefined && other === undefined) return;
    ev.preventDefault();
    if (other) {
      const s = TriadTree.sibling(page.at, other);
      if (s) view(s, TriadTree.lineThrough(s));
    } else if (to) {
      view(to);
    }
  });
  $('back-to-game').onclick = () => view(leaf());
  const step = d => () => view(page.lineShown[page.lineShown.indexOf(page.at) + d]);
  $('nav-start').onclick = () => view(page.lineShown[0]);
  $('nav-back').onclick = step(-1);
  $('nav-next').onclick = step(1);
  $('nav-end').onclick = () => view(leaf());
}

// A question on the page (not window.confirm): resolves true or false.
function ask(text, yes) {
  if (page.asking) page.asking(false);
  $('ask-text').textContent = text;
  $('ask-yes').textContent = yes;
  $('ask').hidden = false;
  $('ask').scrollIntoView({ block: 'nearest' });
  $('ask-yes').focus();
  return new Promise(resolve => {
    page.asking = answer => {
      page.asking = null;
      $('ask').hidden = true;
      resolve(answer);
    };
  });
}

// --- game flow -------------------------------------------------------------

// A move played on the viewed node: a move recorded there is followed; in
// a game without the engine a new one starts a variation; against the
// engine, what followed is deleted once the player says yes.
async function playHuman(move) {
  if (page.busy || page.asking) return;
  const at = page.at;
  const known = at.children.find(c => c.move === move);
  if (known) { view(known); return; }
  let place = at.children.length;
  if (at.children.length && page.players.includes('engine')) {
    const next = page.lineShown[page.lineShown.indexOf(at) + 1];
    const after = page.lineShown.length - 1 - page.lineShown.indexOf(at);
    const question = ask(`Play ${move} here? In a game against the engine the ${after} ` +
      `move${after === 1 ? '' : 's'} after this position ${after === 1 ? 'is' : 'are'} deleted.`,
      `Play ${move}, delete the rest`);
    drawBoard();                   // no targets while it asks
    const yes = await question;
    if (!yes || page.at !== at) { page.sel = { seq: [], set: [] }; drawBoard(); return; }
    place = TriadTree.cut(next);
    page.lineShown = TriadTree.path(at);
  }
  page.busy = true;                // a second click while the first plays
  drawBoard();                     // no targets while it is on its way
  const ok = await exclusive(async () => {
    try {
      if (!await hold(at)) return false;
      const r = await run([`play ${move}`]);
      if (!r) return false;
      if (!r[0].ok) showError(r[0].text);
      if (!await refresh(true)) return false;
      if (page.at.parent === at) TriadTree.place(page.at, place);
      saveState();
      renderMoves();
      return true;
    } finally {
      if (page.busy) {             // refresh did not run: the targets back
        page.busy = false;
        drawBoard();
      }
    }
  });
  if (ok) engineTurn();
}

// The engine moves while it is its turn at the end of the line shown (the
// viewed node, unless only engines play); in a game of engines alone the
// player may pause it and step one move at a time (ONCE).
async function engineTurn(once) {
  const gen = page.generation;
  if (page.thinking === gen || !page.tree) return;
  page.thinking = gen;
  let moved = false;
  try {
    while (!page.dead && gen === page.generation && (once || !page.paused)) {
      const end = leaf();
      const side = sideAt(end);
      if (side < 0 || page.players[side] !== 'engine') return;
      if (page.players.includes('human') && page.at !== end) return;
      const ok = await exclusive(async () => {
        if (gen !== page.generation || leaf() !== end || !await hold(end)) return false;
        const color = page.game.sides[side];
        const clock = page.clocks
          ? [`time_left ${color} ${(page.clocks.remaining(side, performance.now()) / 1000).toFixed(2)} 0`]
          : [];
        const r = await run([...clock, `genmove ${color}`]);
        if (gen !== page.generation) page.held = null;   // its move is not in the tree
        if (!r || gen !== page.generation) return false;
        const reply = r[r.length - 1];
        if (!reply.ok) { showError(reply.text); return false; }
        return refresh(true);
      });
      if (!ok || once) return;
      moved = true;
    }
  } finally {
    if (page.thinking === gen) page.thinking = false;
    if (gen === page.generation && page.game) {
      $('status').textContent = statusText();
      pauseButtons();
      runClocks();
      if (moved && page.held !== page.at) followView();
    }
  }
}

function pauseButtons() {
  const watching = !page.players.includes('human') && !leaf().status.startsWith('over');
  $('pause').hidden = !watching;
  $('step').hidden = !watching || !page.paused;
  $('pause').textContent = page.paused ? 'Resume' : 'Pause';
  $('step').disabled = Boolean(page.thinking);
  $('speed-row').hidden = !watching || page.options.timemode !== 'move';
  $('speed').value = page.options.time;
}

// Engine against engine per move: a new time per move from the next move
// on (the form's time for the next game too).
async function setSpeed() {
  const t = $('speed').value;
  page.options = { ...page.options, time: t };
  $('time').value = t;
  saveState();
  const r = await run([`set_option movetime ${t}`]);
  if (r && !r[0].ok) showError(r[0].text);
}

// Resigns the game at the end of the line shown, for LOSER or the human
// whose turn it is (or the human against the engine).
async function resign(loser) {
  page.generation++;
  await exclusive(async () => {
    const end = leaf(), side = sideAt(end);
    if (side < 0 || !await hold(end)) return;
    const human = loser !== undefined ? loser : page.players[side] === 'human' ? side : 1 - side;
    const r = await run([`play ${page.game.sides[human]} resign`]);
    if (!r) return;
    if (!r[0].ok) showError(r[0].text);
    else end.resigned = human;
    page.at = end;
    await refresh(false);
  });
}

function optionLines(o) {
  const lines = o.timemode === 'game'
    ? [`time_settings ${o.time} 0 0`]
    : ['time_settings 0 1 0', `set_option movetime ${o.time}`];
  lines.push(`set_option maxplies ${o.maxplies}`);
  return lines;
}

// --- the new game form -------------------------------------------------------

function formValues() {
  return { game: $('game').value, setup: $('setup').value, arg: $('arg').value.trim(),
    first: $('first').value, second: $('second').value,
    time: $('time').value.trim(), timemode: $('timemode').value,
    maxplies: $('maxplies').value.trim(), flag: $('flag').checked };
}

function setForm(f) {
  if (!f || !gameNamed(f.game)) return;
  $('game').value = f.game;
  setupChoices();
  if ([...$('setup').options].some(o => o.value === f.setup)) $('setup').value = f.setup;
  $('arg').value = f.arg || '';
  argRow();
  for (const k of ['first', 'second', 'time', 'timemode', 'maxplies'])
    if (f[k] !== undefined) $(k).value = f[k];
  $('flag').checked = Boolean(f.flag);
}

// The form's setup line and options, or an error for the first bad field.
function readForm() {
  const f = formValues();
  const form = f.setup;
  const word = PLACEHOLDER.exec(form);
  if (word && !f.arg) return { error: `Setup: type the ${word[0]}.`, field: 'arg' };
  if (/\s/.test(f.arg)) return { error: 'Setup: one word, no spaces.', field: 'arg' };
  const t = Number(f.time);
  if (!/^\d*\.?\d+$/.test(f.time) || !(t > 0) || t > 86400)
    return { error: 'Engine time: a number of seconds above 0 (at most 86400).', field: 'time' };
  if (!/^\d+$/.test(f.maxplies) || Number(f.maxplies) > 1000000)
    return { error: 'Draw after: a whole number of plies (0 = never).', field: 'maxplies' };
  const args = word ? form.replace(PLACEHOLDER, f.arg) : form;
  return {
    game: gameNamed(f.game),
    setupLine: `setup ${f.game}${args ? ' ' + args : ''}`,
    options: { time: f.time, timemode: f.timemode, maxplies: f.maxplies, flag: f.flag },
    players: [f.first, f.second],
  };
}

function setupChoices() {
  const g = gameNamed($('game').value);
  const sel = $('setup');
  sel.textContent = '';
  for (const form of g.forms) {
    const o = document.createElement('option');
    o.value = form;
    o.textContent = form || 'standard';
    sel.appendChild(o);
  }
  $('first-label').textContent = cap(g.sides[0]);
  $('second-label').textContent = cap(g.sides[1]);
  argRow();
}

function argRow() {
  const word = PLACEHOLDER.exec($('setup').value);
  $('arg-row').hidden = !word;
  $('arg-label').textContent = word ? word[0] : '';
}

async function newGame(form) {
  $('form-error').textContent = '';
  showError('');
  if (form.error) {
    $('form-error').textContent = form.error;
    $(form.field).focus();
    return;
  }
  page.generation++;
  const ok = await exclusive(async () => {
    await ensureSession();
    page.dead = false;
    const r = await run([form.setupLine, ...optionLines(form.options)]);
    page.held = null;              // the engine left the game shown, whatever comes
    if (!r) return false;
    const bad = r.find(x => !x.ok);
    if (bad) { $('form-error').textContent = bad.text; return false; }
    // Random starts and keys depend on the engine's state: remember the
    // position itself.
    const start = await run(['position']);
    if (!start) return false;
    const tree = TriadTree.create();
    Object.assign(page, { game: form.game, start: start[0].text, options: form.options,
      players: form.players, tree, at: tree, lineShown: [tree], held: tree, heldResigned: false,
      shown: null, paused: false, lostOnTime: -1,
      clocks: form.options.timemode === 'game' ? new GameClocks(Number(form.options.time)) : null });
    return refresh(false);
  });
  if (ok) {
    $('play').scrollIntoView({ block: 'start' });    // the form may be far below
    engineTurn();
  }
}

// Takes back the last move of the line shown, deleting it (or the
// resignation there); in a game against the engine back to a human's turn.
async function undo() {
  page.generation++;
  let n = leaf();
  if (n.resigned >= 0) n.resigned = -1;
  else
    do {
      const up = n.parent;
      TriadTree.cut(n);
      n = up;
    } while (n.parent && page.players.includes('human') && page.players[sideAt(n)] === 'engine');
  view(n, TriadTree.path(n));
}

async function restartEngine() {
  await api(`/${page.sid}/restart`);
  Object.assign(page, { dead: false, held: null, heldResigned: false });
  $('crash').hidden = true;
  // The new engine knows nothing: set the viewed node up again.
  const ok = await exclusive(async () => await hold(page.at) && refresh(false));
  if (ok) engineTurn();
}

// A short tick for each move played, when the player turned sound on.
function click() {
  const ctx = page.audio;
  if (!ctx || !$('sound').checked) return;
  const osc = ctx.createOscillator(), gain = ctx.createGain();
  osc.frequency.value = 520;
  gain.gain.setValueAtTime(0.2, ctx.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.08);
  osc.connect(gain).connect(ctx.destination);
  osc.start();
  osc.stop(ctx.currentTime + 0.08);
}

// --- clocks ------------------------------------------------------------------

// The side to move's clock (at the game's end, whatever is viewed) runs,
// but not when the game is over or an engine waits for Resume or Step.
function runClocks() {
  if (!page.clocks) return;
  const side = sideAt(leaf());
  const waiting = page.paused && !page.thinking && page.players[side] === 'engine';
  page.clocks.switchTo(side < 0 || waiting ? -1 : side, performance.now());
  showClocks();
}

// Shows both clocks; a human out of time with "loses on time" chosen
// resigns.
function showClocks() {
  const c = page.clocks;
  $('clocks').hidden = !c;
  if (!c || !page.game) return;
  const now = performance.now();
  for (const side of [0, 1]) {
    const e = $(`clock-${side}`);
    e.textContent = `${cap(page.game.sides[side])} ${GameClocks.format(c.remaining(side, now))}`;
    e.classList.toggle('running', c.running === side);
  }
  const side = c.running;
  if (side >= 0 && c.remaining(side, now) === 0 && page.options.flag &&
      page.players[side] === 'human' && page.lostOnTime < 0 && !page.busy) {
    page.lostOnTime = side;
    guard(resign)(side);
  }
}

// --- SGF -----------------------------------------------------------------------

// The whole tree as SGF (web/sgf.js), with the root properties of the
// engine's printsgf on the main line's end (its result), the record
// downloaded and shown.
async function saveSgf() {
  const text = await exclusive(async () => {
    const main = TriadTree.lineThrough(page.tree).pop();
    if (!page.thinking && !await hold(main)) return null;
    const r = await run(['printsgf']);
    if (!r || !r[0].ok) return null;
    const rootProps = TriadSgf.parse(r[0].text).props;
    return TriadSgf.record(page.tree, rootProps, page.game.sides);
  });
  followView();
  if (!text) return;
  $('sgf').value = text;
  $('sgf').hidden = false;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'application/x-go-sgf' }));
  a.download = `triad-${page.game.name}.sgf`;
  a.click();
  URL.revokeObjectURL(a.href);
}

// Reads a record (printsgf's, triad-match's or this page's: the whole
// tree, reviews included) and opens it at its start, the players those
// of the form.
async function loadSgf(text) {
  let rec;
  try {
    rec = TriadSgf.read(text);
  } catch (e) {
    showError(e.message);
    return;
  }
  const game = gameNamed(rec.game);
  if (!game) { showError(`a game this page does not play: ${rec.game}`); return; }
  $('game').value = game.name;
  setupChoices();
  const form = readForm();
  if (form.error) { $('form-error').textContent = form.error; return; }
  showError('');
  // A resignation at the end of the main line: RE[W+R] or RE[B+R].
  const re = /^([WB])\+R$/.exec((rec.root.props.RE || [''])[0]);
  if (re) TriadTree.lineThrough(rec.root).pop().resigned = re[1] === 'W' ? 1 : 0;
  page.generation++;
  const ok = await exclusive(async () => {
    await ensureSession();
    Object.assign(page, { game, start: rec.start, options: form.options, players: form.players,
      tree: rec.root, held: null, shown: null, paused: false, lostOnTime: -1, clocks: null });
    if (!await replayTree()) return false;
    page.at = page.tree;
    page.lineShown = TriadTree.lineThrough(page.tree);
    return refresh(false);
  });
  if (ok) engineTurn();
}

// --- start ---------------------------------------------------------------------

// The board at once: the game of the last visit (its tree walked again
// in a new session, the node viewed then viewed again), else the engine's
// first game with the form's defaults.
async function open() {
  page.busy = true;
  let ok = false;
  try {
    await ensureSession();
    await learnGames();
    if (!page.games.length) { showError('the engine plays no game this page can draw'); return; }
    const stored = storedState();
    const game = stored && gameNamed(stored.game);
    $('game').value = page.games[0].name;
    setupChoices();
    setForm(stored && stored.form);
    page.flipped = Boolean(stored && stored.flipped);
    $('new').disabled = false;
    if (game) {
      Object.assign(page, { game, start: stored.start, options: stored.options,
        players: stored.players, tree: stored.root,
        clocks: stored.options.timemode === 'game'
          ? new GameClocks(Number(stored.options.time), stored.clocks) : null });
      ok = await exclusive(async () => {
        if (!await replayTree()) return false;
        const end = TriadTree.at(page.tree, stored.line);
        page.at = TriadTree.at(page.tree, stored.at);
        page.lineShown = TriadTree.path(end).includes(page.at) ? TriadTree.extend(TriadTree.path(end))
          : TriadTree.lineThrough(page.at);
        return await hold(page.at) && refresh(false);
      });
    } else {
      const form = readForm();
      if (form.error) {                // a stored form gone bad: the defaults
        $('time').value = '1';
        $('maxplies').value = '0';
        $('arg').value = '';
      }
      page.busy = false;
      await newGame(readForm());
      return;
    }
  } finally {
    page.busy = false;
  }
  if (ok) engineTurn();
}

function guard(f) {
  return (...args) => Promise.resolve().then(() => f(...args)).catch(e => showError(e.message));
}

window.addEventListener('DOMContentLoaded', () => {
  $('game').onchange = setupChoices;
  $('setup').onchange = argRow;
  $('setup-panel').onsubmit = ev => { ev.preventDefault(); guard(newGame)(readForm()); };
  $('undo').onclick = guard(undo);
  $('resign').onclick = () => { $('resign-confirm').hidden = false; $('resign-yes').focus(); };
  $('resign-no').onclick = () => { $('resign-confirm').hidden = true; };
  $('resign-yes').onclick = guard(() => resign());
  $('pass').onclick = guard(() => playHuman('PASS'));
  $('done').onclick = guard(() => {
    const game = clickGame();
    const done = TriadClicks.complete(game, TriadClicks.candidates(game, page.sel), page.sel);
    if (done) playHuman(done);
  });
  $('cancel').onclick = () => { page.sel = { seq: [], set: [] }; drawBoard(); };
  $('pause').onclick = () => {
    page.paused = !page.paused;
    pauseButtons();
    runClocks();
    if (!page.paused) engineTurn();
  };
  $('speed').onchange = guard(setSpeed);
  $('step').onclick = () => { engineTurn(true); pauseButtons(); };
  $('sound').onchange = () => {    // audio may start only from a gesture
    if ($('sound').checked && !page.audio) page.audio = new AudioContext();
  };
  $('flip').onclick = () => { page.flipped = !page.flipped; saveState(); drawBoard(); };
  $('typed-form').onsubmit = ev => { ev.preventDefault(); typedMove(); };
  document.addEventListener('keydown', ev => {
    if (ev.key === 'Escape' && page.asking) page.asking(false);
    else if (ev.key === 'Escape' && page.sel.seq.length) $('cancel').click();
  });
  $('ask-yes').onclick = () => { if (page.asking) page.asking(true); };
  $('ask-no').onclick = () => { if (page.asking) page.asking(false); };
  $('restart').onclick = guard(restartEngine);
  $('save').onclick = guard(saveSgf);
  $('load').onchange = ev => {
    const f = ev.target.files[0];
    ev.target.value = '';          // the same file again loads again
    if (f) f.text().then(loadSgf).catch(e => showError(e.message));
  };
  boardPointer();
  boardKeys();
  moveListKeys();
  window.addEventListener('resize', drawBoard);
  setInterval(showClocks, 200);
  open().catch(e => {
    $('status').textContent = `No engine could be started (${e.message}): reload to try again.`;
  });
});

// A closed page frees its engine; a reload replays the stored game in a
// new session.  A page restored from the back-forward cache does so too.
window.addEventListener('pagehide', () => { freeSession(page.sid); page.sid = null; });
window.addEventListener('pageshow', ev => {
  if (ev.persisted && page.game) {
    Object.assign(page, { held: null, heldResigned: false });
    guard(() => exclusive(async () => await hold(page.at) && refresh(false)))();
  }
});
