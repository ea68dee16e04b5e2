// app.js -- the triad page: a protocol client of one engine session
// (through triad-web's JSON API, doc/triad-web.md).  Game flow, clicks,
// the move list, analysis and recovery from a crashed engine.
'use strict';

const $ = id => document.getElementById(id);

const SETUPS = {
  dvonn: [['', 'standard (placement first)'], ['random', 'random start']],
  truchet: [['key', 'layout from a key']],
  cephalopod: ['5x5', '3x3', '3x5', '5x3', '4x4', '6x6', '2x2'].map(s => [s, s]),
};

const page = {
  sid: null,
  game: null,          // entry of GAMES
  setupLine: '',       // the setup command of the game
  start: '',           // its start position (a restarted engine begins there)
  optionLines: [],     // set_option / time_settings lines
  players: ['human', 'engine'],
  pos: null, legal: [], status: '', history: [],
  sel: { seq: [], set: [] },
  generation: 0,       // bumped by new game / undo: stale engine replies are dropped
  analysis: null,      // EventSource while analysing
  dead: false,
  moving: false,       // a human move is on its way to the engine
};

async function api(path, body) {
  const res = await fetch('/api/sessions' + path, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? '{}' : JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

function showError(text) { $('error').textContent = text || ''; }

function engineDied() {
  page.dead = true;
  stopAnalysisDisplay();
  $('crash').hidden = false;
  $('status').textContent = 'The engine stopped.';
  highlight();                     // nothing can be played now
}

// Runs protocol lines in order; returns the replies, or null when the
// engine died (the page then offers a restart).
async function run(lines) {
  if (page.dead) return null;
  if (page.analysis) stopAnalysisDisplay();     // any command ends it
  const data = await api(`/${page.sid}/commands`, { commands: lines });
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

function sideToMove() {
  const m = /^playing (\w+)/.exec(page.status);
  return m ? page.game.sides.indexOf(m[1]) : -1;
}

// "Game over: White wins by 3 (W+3): the board is full."  The reason:
// a resignation (R), the ply limit (a draw at maxplies), else the rules.
function resultText(result) {
  const cap = s => s[0].toUpperCase() + s.slice(1);
  const limit = Number($('maxplies').value);
  if (result === '0')
    return limit > 0 && page.history.length >= limit
      ? `Game over: a draw (0): the limit of ${limit} plies.` : 'Game over: a draw (0).';
  const winner = result[0] === 'W' ? 0 : 1;
  const margin = result.slice(2);
  const head = `Game over: ${cap(page.game.sides[winner])} wins`;
  if (margin === 'R') return `${head} (${result}): ${page.game.sides[1 - winner]} resigned.`;
  return `${head}${margin ? ' by ' + margin : ''} (${result}): ` +
         `${page.game.endReason(page.pos, winner)}.`;
}

async function resign() {
  const side = sideToMove();
  if (side < 0) return;
  page.generation++;
  const human = page.players[side] === 'human' ? side : 1 - side;
  const r = await run([`play ${page.game.sides[human]} resign`]);
  if (r && !r[0].ok) showError(r[0].text);
  await refresh();
}

async function refresh() {
  const r = await run(['position', 'legal_moves', 'game_status', 'history']);
  if (!r) return false;
  page.pos = page.game.parse(r[0].text);
  page.legal = r[1].text ? r[1].text.split(' ') : [];
  page.status = r[2].text;
  page.history = r[3].text ? r[3].text.split(' ') : [];
  page.sel = { seq: [], set: [] };
  render();
  return true;
}

function render() {
  const g = page.game;
  g.draw($('board'), page.pos);
  $('board').dataset.game = g.name;
  const over = page.status.startsWith('over');
  $('status').textContent = over ? '' : `${page.status.replace('playing ', '')} to move`
    + (page.players[sideToMove()] === 'engine' ? ' (engine thinking…)' : '');
  $('result').textContent = over ? resultText(page.status.split(' ')[1]) : '';
  $('counts').textContent = g.counts(page.pos);
  const list = $('moves');
  list.textContent = '';
  page.history.forEach(m => {
    const li = document.createElement('li');
    li.textContent = m;
    list.appendChild(li);
  });
  const last = page.history[page.history.length - 1];
  if (last) for (const k of [...g.parts(last).seq, ...g.parts(last).set]) mark(k, 'last');
  $('pass').hidden = !page.legal.includes('PASS') || !humanToMove();
  highlight();
}

function mark(key, cls) {
  const e = document.querySelector(`#board [data-key="${key}"]`);
  if (e) e.classList.add(cls);
}

function humanToMove() {
  const s = sideToMove();
  return s >= 0 && page.players[s] === 'human' && !page.dead && !page.moving;
}

// --- choosing a move by clicks -------------------------------------------
// A move is a sequence of keys clicked in order, then a set of keys in any
// order (doc/triad-web.md).  The candidates are the legal moves that agree
// with what was clicked so far.

function sameSet(a, b) { return a.length === b.length && a.every(k => b.includes(k)); }

function candidates() {
  const { seq, set } = page.sel;
  return page.legal.filter(m => {
    const p = page.game.parts(m);
    if (p.seq.length < seq.length) return false;
    for (let i = 0; i < seq.length; i++) if (p.seq[i] !== seq[i]) return false;
    if (set.length && p.seq.length !== seq.length) return false;
    return set.every(k => p.set.includes(k));
  });
}

function nextKeys(cands) {
  const { seq, set } = page.sel;
  const keys = new Set();
  for (const m of cands) {
    const p = page.game.parts(m);
    if (p.seq.length > seq.length) keys.add(p.seq[seq.length]);
    else for (const k of p.set) if (!set.includes(k)) keys.add(k);
  }
  return keys;
}

function highlight() {
  document.querySelectorAll('#board .target, #board .sel').forEach(
    e => e.classList.remove('target', 'sel'));
  const choices = $('choices');
  choices.textContent = '';
  if (!humanToMove()) return;
  const cands = candidates();
  for (const k of nextKeys(cands)) mark(k, 'target');
  for (const k of [...page.sel.seq, ...page.sel.set]) mark(k, 'sel');
  if (page.sel.seq.length && cands.length <= 60)
    for (const m of cands) {
      const b = document.createElement('button');
      b.textContent = m;
      b.className = 'choice';
      b.onclick = () => playHuman(m);
      choices.appendChild(b);
    }
}

function onBoardClick(ev) {
  const e = ev.target.closest('[data-key]');
  if (!e || !humanToMove()) return;
  const key = e.dataset.key;
  const sel = page.sel;
  const cands = candidates();
  const nexts = nextKeys(cands);
  const seqNext = cands.some(m => page.game.parts(m).seq[sel.seq.length] === key);
  if (sel.set.includes(key)) {
    sel.set = sel.set.filter(k => k !== key);
  } else if (nexts.has(key)) {
    if (seqNext) sel.seq.push(key); else sel.set.push(key);
  } else {
    page.sel = { seq: [], set: [] };
    if (nextKeys(candidates()).has(key)) page.sel.seq.push(key);
  }
  const left = candidates();
  const done = left.filter(m => {
    const p = page.game.parts(m);
    return p.seq.length === page.sel.seq.length && sameSet(p.set, page.sel.set);
  });
  if (left.length === 1 && done.length === 1) { playHuman(done[0]); return; }
  highlight();
}

// --- game flow -------------------------------------------------------------

async function playHuman(move) {
  if (page.moving) return;         // a second click while the first plays
  page.moving = true;
  highlight();                     // no targets while it is on its way
  let ok = false;
  try {
    const r = await run([`play ${move}`]);
    if (!r) return;
    if (!r[0].ok) showError(r[0].text);
    ok = await refresh();
  } finally {
    page.moving = false;
  }
  highlight();
  if (ok) engineTurn();
}

async function engineTurn() {
  const gen = page.generation;
  while (!page.dead && gen === page.generation) {
    const side = sideToMove();
    if (side < 0 || page.players[side] !== 'engine') return;
    const r = await run([`genmove ${page.game.sides[side]}`]);
    if (!r || gen !== page.generation) return;
    if (!r[0].ok) { showError(r[0].text); return; }
    if (!await refresh()) return;
  }
}

function readForm() {
  const name = $('game').value;
  let args = $('setup').value;
  if (name === 'truchet') args = $('key').value.trim();
  page.game = GAMES[name];
  page.setupLine = `setup ${name}${args ? ' ' + args : ''}`;
  const t = $('time').value;
  page.optionLines = $('timemode').value === 'game'
    ? [`time_settings ${t} 0 0`]
    : ['time_settings 0 1 0', `set_option movetime ${t}`];
  page.optionLines.push(`set_option maxplies ${$('maxplies').value}`);
  page.players = [$('first').value, $('second').value];
}

async function newGame() {
  showError('');
  readForm();
  page.generation++;
  if (!page.sid) page.sid = (await api('')).id;
  const r = await run([page.setupLine, ...page.optionLines]);
  if (!r) return;
  const bad = r.find(x => !x.ok);
  if (bad) { showError(bad.text); return; }
  // Random starts and keys depend on the engine's state: remember the
  // position itself.
  const start = await run(['position']);
  if (!start) return;
  page.start = start[0].text;
  if (await refresh()) engineTurn();
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
  const r = await runAll([`setposition ${page.start}`, ...page.optionLines,
                       ...page.history.map(m => `play ${m}`)]);
  if (r && (await refresh())) engineTurn();
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
  const game = prop('XGAME');
  const start = prop('XSTART');
  if (!GAMES[game] || !start) { showError('not a triad SGF record (XGAME, XSTART)'); return; }
  const moves = [...text.matchAll(/;\s*[WB]\[([^\]]*)\]/g)].map(m => m[1]);
  $('game').value = game;
  setupChoices();
  readForm();
  page.generation++;
  if (!page.sid) page.sid = (await api('')).id;
  const r = await runAll([`setposition ${start}`, ...page.optionLines,
                       ...moves.map(m => `play ${m}`)]);
  if (!r) return;
  const bad = r.find(x => !x.ok);
  if (bad) showError(bad.text);
  page.start = start;
  if (await refresh()) engineTurn();
}

// --- analysis ----------------------------------------------------------------

function stopAnalysisDisplay() {
  if (page.analysis) page.analysis.close();
  page.analysis = null;
  $('analyze').disabled = false;
  $('stop').disabled = true;
  $('an-state').textContent = 'stopped';
}

function showInfo(line) {
  const f = {};
  const words = line.split(' ');
  for (let i = 1; i < words.length && words[i] !== 'pv'; i += 2) f[words[i]] = words[i + 1];
  const pv = words.indexOf('pv');
  $('an-depth').textContent = f.depth;
  $('an-score').textContent = f.score;
  $('an-best').textContent = f.best;
  $('an-nodes').textContent = f.nodes;
  $('an-pv').textContent = pv < 0 ? '' : words.slice(pv + 1).join(' ');
  $('an-count').textContent = String(Number($('an-count').textContent) + 1);
}

async function analyze() {
  const r = await api(`/${page.sid}/analyze`, { interval: 0.5 });
  if (r.dead) { engineDied(); return; }
  if (!r.ok) { showError(r.text); return; }
  $('an-count').textContent = '0';
  $('an-state').textContent = 'thinking';
  $('analyze').disabled = true;
  $('stop').disabled = false;
  const es = new EventSource(`/api/sessions/${page.sid}/stream`);
  page.analysis = es;
  es.onmessage = ev => showInfo(ev.data);
  es.addEventListener('end', () => { if (page.analysis === es) stopAnalysisDisplay(); });
}

async function stopAnalysis() {
  stopAnalysisDisplay();
  await run(['game_status']);      // the next command ends the stream
}

function setupChoices() {
  const name = $('game').value;
  const sel = $('setup');
  sel.textContent = '';
  for (const [v, label] of SETUPS[name]) {
    const o = document.createElement('option');
    o.value = v === 'key' ? '' : v;
    o.textContent = label;
    sel.appendChild(o);
  }
  $('key-row').hidden = name !== 'truchet';
  const [a, b] = GAMES[name].sides;
  $('first-label').textContent = a;
  $('second-label').textContent = b;
}

window.addEventListener('DOMContentLoaded', () => {
  $('game').onchange = setupChoices;
  $('new').onclick = () => newGame().catch(e => showError(e.message));
  $('undo').onclick = () => undo().catch(e => showError(e.message));
  $('resign').onclick = () => resign().catch(e => showError(e.message));
  $('pass').onclick = () => playHuman('PASS').catch(e => showError(e.message));
  $('analyze').onclick = () => analyze().catch(e => showError(e.message));
  $('stop').onclick = () => stopAnalysis().catch(e => showError(e.message));
  $('restart').onclick = () => restartEngine().catch(e => showError(e.message));
  $('board').addEventListener('click', onBoardClick);
  $('save').onclick = () => saveSgf().catch(e => showError(e.message));
  $('load').onchange = ev => {
    const f = ev.target.files[0];
    if (f) f.text().then(loadSgf).catch(e => showError(e.message));
  };
  setupChoices();
});
