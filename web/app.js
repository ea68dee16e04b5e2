// app.js -- the triad page: a protocol client of one engine session
// (through triad-web's JSON API, doc/triad-web.md).  It names no game: the
// games and their setups come from the engine's `list_games`, the side
// names from its records, and each game's drawing from web/game-NAME.js
// (web/board.js).  Game flow, moves by clicks and drags, the move list,
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
  pos: null, legal: [], status: '', history: [],
  sel: { seq: [], set: [] },
  news: '',
  generation: 0,       // bumped by new game / undo: stale engine replies are dropped
  dead: false,
  flipped: false,      // the board turned half round
  cursor: null,        // the key the keyboard's cursor is on
  audio: null,         // AudioContext once the player turned sound on
  positions: [],       // the position after each ply (0: the start)
  view: null,          // the ply looked at in the move list (null: the game)
  clocks: null,        // GameClocks of a game per game
  lostOnTime: -1,      // the side that lost on time, if one did
  paused: false,       // engine against engine: waiting for Resume or Step
  thinking: false,     // a genmove loop is running
  busy: false,         // a human move or a restore is on its way to the engine
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
// again with the game replayed, and the lines sent once more.
async function run(lines, again = true) {
  if (page.dead) return null;
  let data;
  try {
    data = await api(`/${page.sid}/commands`, { commands: lines });
  } catch (e) {
    if (!(e instanceof HttpError) || e.status !== 404 || !again || !page.game) throw e;
    page.sid = null;
    if (!await replay()) return null;
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
  if (!page.game) return;
  localStorage.setItem(STORE, JSON.stringify({
    game: page.game.name, start: page.start, options: page.options,
    players: page.players, moves: page.history, form: formValues(), flipped: page.flipped,
    clocks: page.clocks && [0, 1].map(i => page.clocks.remaining(i, performance.now())),
  }));
}

function storedState() {
  try {
    const s = JSON.parse(localStorage.getItem(STORE));
    const words = a => Array.isArray(a) && a.every(m => typeof m === 'string' && /^\S+$/.test(m));
    return s && typeof s.start === 'string' && s.options && words(s.moves) &&
      words(s.players) ? s : null;
  } catch {
    return null;
  }
}

// Sets the game up in a new session (or the current one) from page.start
// and page.history: a reload, a lost session, a restarted engine.
async function replay() {
  await ensureSession();
  const moves = page.history;
  const head = [`setposition ${page.start}`, ...optionLines(page.options)];
  const r = await runAll([...head, ...moves.flatMap(m => [`play ${m}`, 'position'])]);
  if (!r) return false;
  const bad = r.find(x => !x.ok);
  if (bad) showError(bad.text);
  page.positions = [page.start, ...moves.map((m, i) => r[head.length + 2 * i + 1].text)];
  return true;
}

// --- game state and drawing -------------------------------------------------

function sideToMove() {
  const m = /^playing (\w+)/.exec(page.status);
  return m ? page.game.sides.indexOf(m[1]) : -1;
}

const cap = s => s[0].toUpperCase() + s.slice(1);

// "Game over: White wins by 3 (W+3): the board is full."  The reason:
// a resignation (R), the ply limit (a draw at maxplies), else the rules.
function resultText(result) {
  const g = page.game;
  const limit = Number(page.options.maxplies);
  if (result === '0')
    return limit > 0 && page.history.length >= limit
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

async function refresh() {
  const r = await run(['position', 'legal_moves', 'game_status', 'history']);
  if (!r) return false;
  page.busy = false;               // a human move has come back
  const before = page.pos, plies = page.history.length;
  const pieces = TriadMotion.capture($('board'));
  page.pos = page.game.board.parse(r[0].text);
  $('board').dataset.position = r[0].text;
  page.legal = r[1].text ? r[1].text.split(' ') : [];
  page.status = r[2].text;
  page.history = r[3].text ? r[3].text.split(' ') : [];
  page.positions.length = page.history.length;
  page.positions[page.history.length] = r[0].text;
  page.view = null;
  page.sel = { seq: [], set: [] };
  const news = page.game.board.news;
  page.news = before && news && page.history.length === plies + 1
    ? news(before, page.pos, page.game.sides) : '';
  runClocks();
  saveState();
  render();
  document.dispatchEvent(new CustomEvent('triad:view'));
  const board = page.game.board;
  if (page.history.length === plies + 1) {
    if (board.motion) TriadMotion.play($('board'), pieces, board.motion(page.history[plies]));
    click();
  }
  return true;
}

function statusText() {
  const g = page.game;
  const side = sideToMove();
  let status = '';
  if (!page.status.startsWith('over') && side >= 0) {
    const name = cap(g.sides[side]);
    if (page.players[side] === 'engine')
      status = page.paused && !page.thinking ? `${name} (engine) to move: paused.`
        : `${name} (engine) is thinking…`;
    else if (page.players.includes('engine')) status = `Your move: you play ${name}.`;
    else status = `${name} to move.`;
    if (page.legal.length === 1 && page.legal[0] === 'PASS' && page.players[side] === 'human')
      status += ` ${cap(g.sides[side])} has no move and must pass.`;
  }
  return status;
}

function render() {
  const g = page.game;
  const over = page.status.startsWith('over');
  $('status').textContent = statusText();
  $('news').textContent = page.news;
  $('result').textContent = over ? resultText(page.status.split(' ')[1]) : '';
  $('counts').textContent = g.board.counts(page.pos, g.sides);
  $('about').textContent = g.board.about ? g.board.about(page.pos, g.sides) : '';
  const list = $('moves');
  list.textContent = '';
  page.history.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = m;
    li.dataset.n = i % 2 === 0 ? `${i / 2 + 1}.` : '';
    li.dataset.ply = i + 1;
    list.appendChild(li);
  });
  list.scrollTop = list.scrollHeight;
  $('undo').disabled = page.history.length === 0;
  $('resign').disabled = over || !page.players.includes('human');
  $('save').disabled = false;
  $('resign-confirm').hidden = true;
  drawBoard();
  legalList();
  pauseButtons();
  showClocks();
}

function humanToMove() {
  const s = sideToMove();
  return s >= 0 && page.players[s] === 'human' && !page.dead && !page.busy;
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
  const looking = page.view !== null;
  const playing = humanToMove() && !looking;
  const game = clickGame();
  const cands = playing ? TriadClicks.candidates(game, page.sel) : [];
  const done = TriadClicks.complete(game, cands, page.sel);
  const shown = looking ? board.parse(page.positions[page.view])
    : board.preview && playing && seq.length
      ? board.preview(page.pos, seq, set, Boolean(done)) : page.pos;
  const svg = $('board');
  board.draw(svg, shown, { sides: g.sides });
  TriadBoards.orient(svg, page.flipped,
    window.matchMedia('(max-width: 760px) and (orientation: portrait)').matches);
  svg.dataset.game = g.name;
  svg.setAttribute('aria-label', `${g.title} board: ${$('counts').textContent}`);
  const plies = looking ? page.view : page.history.length;
  const lastMove = page.history[plies - 1];
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
      if (humanToMove() && page.view === null) choose(page.cursor, false);
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
    if (!to || !humanToMove() || page.view !== null) return;
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

// --- looking back through the moves ---------------------------------------

// Shows the position after PLY (null: the game as it stands).
function look(ply) {
  const n = page.history.length;
  page.view = ply === null || ply >= n || !page.positions[ply] ? null : Math.max(0, ply);
  page.sel = { seq: [], set: [] };
  drawBoard();
  document.dispatchEvent(new CustomEvent('triad:view'));
}

// The viewed position, the line shown and going to a turn of it, as
// analysis and review use them: a first version over page.history (the
// line is the game; its nodes are kept while their moves stay).
page.viewed = () => {
  const turn = page.view === null ? page.history.length : page.view;
  return { start: page.start, moves: page.history.slice(0, turn), turn,
    pos: page.positions[turn] };
};
page.goTo = turn => look(turn);
page.nodes = [];
page.line = () => {
  const moves = [null, ...page.history];
  const n = page.nodes;
  let same = n.length && n.start === page.start ? 1 : 0;
  while (same < Math.min(n.length, moves.length) && n[same].move === moves[same]) same++;
  page.nodes = Object.assign([...n.slice(0, same),
    ...moves.slice(same).map(move => ({ move, children: [], review: null }))],
  { start: page.start });
  page.nodes.forEach((node, i) => { node.children = page.nodes.slice(i + 1, i + 2); });
  return page.nodes;
};
// Plays MOVES from the viewed position as far as they are a human's
// moves at the game's position; false when none could be.
page.playMoves = async moves => {
  let played = 0;
  for (const m of moves) {
    if (page.view !== null || !humanToMove() || !page.legal.includes(m)) break;
    await playHuman(m);
    played++;
  }
  return played > 0;
};

function viewLine() {
  const looking = page.view !== null;
  $('viewing').hidden = !looking;
  if (looking)
    $('view-text').textContent = page.view === 0 ? 'The start position.'
      : `After move ${page.view} of ${page.history.length}: ${page.history[page.view - 1]}.`;
  for (const li of $('moves').children)
    li.classList.toggle('viewed', looking && Number(li.dataset.ply) === page.view);
}

function moveListKeys() {
  const list = $('moves');
  list.addEventListener('click', ev => {
    const li = ev.target.closest('li');
    if (li) look(Number(li.dataset.ply));
  });
  list.addEventListener('keydown', ev => {
    const n = page.history.length, at = page.view === null ? n : page.view;
    const to = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1,
      Home: 0, End: n }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    look(Math.max(0, Math.min(n, to)));
  });
  $('back-to-game').onclick = () => look(null);
}

// --- game flow -------------------------------------------------------------

async function playHuman(move) {
  if (page.busy) return;           // a second click while the first plays
  page.busy = true;
  drawBoard();                     // no targets while it is on its way
  let ok = false;
  try {
    const r = await run([`play ${move}`]);
    if (!r) return;
    if (!r[0].ok) showError(r[0].text);
    ok = await refresh();
  } finally {
    if (page.busy) {               // refresh did not run: the targets back
      page.busy = false;
      drawBoard();
    }
  }
  if (ok) engineTurn();
}

// The engine moves while it is its turn; in a game of engines alone the
// player may pause it and step one move at a time (ONCE).
async function engineTurn(once) {
  const gen = page.generation;
  if (page.thinking === gen) return;
  page.thinking = gen;
  try {
    while (!page.dead && gen === page.generation && (once || !page.paused)) {
      const side = sideToMove();
      if (side < 0 || page.players[side] !== 'engine') return;
      const color = page.game.sides[side];
      const clock = page.clocks
        ? [`time_left ${color} ${(page.clocks.remaining(side, performance.now()) / 1000).toFixed(2)} 0`]
        : [];
      const r = await run([...clock, `genmove ${color}`]);
      if (!r || gen !== page.generation) return;
      const reply = r[r.length - 1];
      if (!reply.ok) { showError(reply.text); return; }
      if (!await refresh()) return;
      if (once) return;
    }
  } finally {
    if (page.thinking === gen) page.thinking = false;
    if (gen === page.generation && page.game) {
      $('status').textContent = statusText();
      pauseButtons();
      runClocks();
    }
  }
}

function pauseButtons() {
  const watching = !page.players.includes('human') && !page.status.startsWith('over');
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

async function resign(loser) {
  const side = sideToMove();
  if (side < 0) return;
  page.generation++;
  const human = loser !== undefined ? loser : page.players[side] === 'human' ? side : 1 - side;
  const r = await run([`play ${page.game.sides[human]} resign`]);
  if (r && !r[0].ok) showError(r[0].text);
  await refresh();
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
  await ensureSession();
  page.dead = false;
  const r = await run([form.setupLine, ...optionLines(form.options)]);
  if (!r) return;
  const bad = r.find(x => !x.ok);
  if (bad) { $('form-error').textContent = bad.text; return; }
  // Random starts and keys depend on the engine's state: remember the
  // position itself.
  const start = await run(['position']);
  if (!start) return;
  Object.assign(page, { game: form.game, start: start[0].text, options: form.options,
    players: form.players, pos: null, history: [], paused: false, lostOnTime: -1,
    positions: [start[0].text],
    clocks: form.options.timemode === 'game' ? new GameClocks(Number(form.options.time)) : null });
  if (await refresh()) {
    $('play').scrollIntoView({ block: 'start' });    // the form may be far below
    engineTurn();
  }
}

async function undo() {
  page.generation++;
  // Back to a human's turn: in a game against the engine that takes two.
  do {
    const r = await run(['undo']);
    if (!r) return;
    if (!r[0].ok) { showError(r[0].text); break; }
    if (!await refresh()) return;
  } while (page.history.length && !humanToMove() && page.players.includes('human'));
  engineTurn();
}

async function restartEngine() {
  await api(`/${page.sid}/restart`);
  page.dead = false;
  $('crash').hidden = true;
  // The new engine knows nothing: set the game up again and replay it.
  if (await replay() && await refresh()) engineTurn();
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

// The side to move's clock runs, but not when the game is over or an
// engine waits for Resume or Step.
function runClocks() {
  if (!page.clocks) return;
  const side = sideToMove();
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

async function saveSgf() {
  const r = await run(['printsgf']);
  if (!r) return;
  const text = r[0].text.replace(/^\n/, '') + '\n';
  $('sgf').value = text;
  $('sgf').hidden = false;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'application/x-go-sgf' }));
  a.download = `triad-${page.game.name}.sgf`;
  a.click();
  URL.revokeObjectURL(a.href);
}

// Reads the record's game, start position and moves (the format of
// printsgf and triad-match) and replays it in the engine.
async function loadSgf(text) {
  const prop = name => {
    const m = new RegExp(`(?:^|[^A-Z])${name}\\[((?:[^\\]\\\\]|\\\\.)*)\\]`).exec(text);
    return m ? m[1].replace(/\\(.)/g, '$1') : null;
  };
  const game = gameNamed(prop('XGAME'));
  const start = prop('XSTART');
  if (!game || !start) { showError('not a triad SGF record (XGAME, XSTART)'); return; }
  const moves = [...text.matchAll(/;\s*[WB]\[([^\]]*)\]/g)].map(m => m[1]);
  $('game').value = game.name;
  setupChoices();
  const form = readForm();
  if (form.error) { $('form-error').textContent = form.error; return; }
  page.generation++;
  await ensureSession();
  Object.assign(page, { game, start, options: form.options, players: form.players,
    history: moves, pos: null });
  if (await replay() && await refresh()) engineTurn();
}

// --- start ---------------------------------------------------------------------

// The board at once: the game of the last visit (replayed in a new
// session), else the engine's first game with the form's defaults.
async function open() {
  page.busy = true;
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
    if (game && stored.start) {
      Object.assign(page, { game, start: stored.start, options: stored.options,
        players: stored.players, history: stored.moves,
        clocks: stored.options.timemode === 'game'
          ? new GameClocks(Number(stored.options.time), stored.clocks) : null });
      if (!await replay()) return;
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
  if (await refresh()) engineTurn();
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
    if (ev.key === 'Escape' && page.sel.seq.length) $('cancel').click();
  });
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
  if (ev.persisted && page.game) guard(async () => { await replay(); await refresh(); })();
});
