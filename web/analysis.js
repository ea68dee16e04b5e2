// analysis.js -- the engine's analysis on the board: the score from the
// first side's point of view with its unit, the evaluation bar, the best
// move drawn as an arrow, the principal variation (hover: its moves
// drawn numbered on the board; click: played where the page lets the
// player move).  It asks triad-web's analysis endpoint
// (POST /api/sessions/ID/analysis, the analysis mode's answers streamed
// one JSON line per turn) and follows the viewed position: the
// `triad:view` event and page.viewed() of web/app.js.  A position with a
// stored review (web/review.js) shows it while live analysis is off.
'use strict';

const TriadAnalysis = (() => {
  const $ = id => document.getElementById(id);
  const { el } = TriadBoards;
  // Live analysis asks again with these budgets (seconds; the server
  // takes at most 10), each answer replacing the last, then rests.
  const BUDGETS = [0.5, 1, 2, 4, 8];
  const live = { on: false, key: null, ctl: null, shown: null, preview: 0, busy: false };

  // --- the endpoint ------------------------------------------------------------

  // Posts BODY to the analysis endpoint and calls ONANSWER with each
  // answer as it comes; resolves with the number of answers, or rejects
  // (an HTTP error, an answer {error}, the fetch aborted by SIGNAL).
  async function ask(body, onAnswer, signal) {
    const send = () => fetch(`/api/sessions/${page.sid}/analysis`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body), signal });
    let res = await send();
    if (res.status === 404 && await run(['game_status'])) res = await send(); // a new session
    if (!res.ok) {
      const data = await res.json().catch(() => ({}));
      throw new Error(`analysis: ${data.error || res.statusText || res.status}`);
    }
    const reader = res.body.getReader(), text = new TextDecoder();
    let buf = '', n = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (value) buf += text.decode(value, { stream: true });
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (!line) continue;
        const a = JSON.parse(line);
        if (a.error) throw new Error(`analysis: ${a.error}` +
          (a.index !== undefined ? ` (move ${a.index + 1})` : ''));
        n++;
        onAnswer(a);
      }
      if (done) return n;
    }
  }

  // --- the first side's point of view -----------------------------------------

  // The analysis mode's answer A as a review object (the page's
  // contract): score and win of the first side, SIDES the game's names.
  function fromAnswer(a, sides) {
    const flip = sides.indexOf(a.side) === 1;
    const score = typeof a.score === 'number' ? (flip ? -a.score : a.score) : null;
    const win = typeof a.win === 'number' ? (flip ? 1 - a.win : a.win) : null;
    return { score, unit: a.unit, win, best: a.best || null, pv: a.pv || [],
      depth: a.depth, proven: a.proven || null, loss: null, mark: null,
      over: Boolean(a.over), nodes: a.nodes };
  }

  // A proven result's winner: 0 the first side, 1 the second, -1 a draw.
  function provenWinner(proven) {
    return proven[0] === 'W' ? 0 : proven[0] === 'B' ? 1 : -1;
  }

  // The first side's share (0 to 1) for the bar and the graph: the win
  // probability, else a proven result, else the score squashed.
  function share(r) {
    if (!r) return null;
    if (typeof r.win === 'number') return r.win;
    if (r.proven) return [1, 0, 0.5][[0, 1, -1].indexOf(provenWinner(r.proven))];
    if (typeof r.score !== 'number') return null;
    return 0.5 + 0.5 * r.score / (Math.abs(r.score) + 5);
  }

  const cap = s => s[0].toUpperCase() + s.slice(1);
  const signed = x => (x > 0 ? '+' : x < 0 ? '\u2212' : '\u00b1') + Math.abs(x).toFixed(2)
    .replace(/\.?0+$/, '');

  // "White +3.5 stones", "White wins by 1, proven", "Dark wins, proven".
  function scoreText(r, sides) {
    if (r.proven) {
      const w = provenWinner(r.proven);
      const margin = r.proven.split('+')[1];
      const how = r.over ? 'game over' : 'proven';
      return w < 0 ? `A draw, ${how}`
        : `${cap(sides[w])} wins${margin ? ' by ' + margin : ''}, ${how}`;
    }
    if (typeof r.score !== 'number') return '';
    return `${cap(sides[0])} ${signed(r.score)} ${r.unit}`;
  }

  function winText(r, sides) {
    return typeof r.win === 'number' && !r.proven
      ? `${cap(sides[0])}'s win chance: ${Math.round(r.win * 100)}%` : '';
  }

  // --- showing it --------------------------------------------------------------

  // The evaluation bar, drawn at the board's left edge (the board's
  // box widened for it, so that it stands beside the board at any size or
  // orientation): the first side's share from the bottom, or from the top
  // on a flipped board, and its number (the score, else the win chance)
  // at the end of the side ahead, as lichess shows it.  It is BAR_PX wide
  // on the screen and its number LABEL_PX high, whatever the board's
  // scale.  Shown while analysis is on or a review is shown; its place is
  // kept when it is not, so that the board never changes size (and moves
  // what is under the player's finger) as the view changes.
  const BAR_PX = 26, LABEL_PX = 11;

  // Pixels per unit of the board's box once BW units wider: the board
  // fills the width, or stops at its height's limit.
  function scale(svg, w, h) {
    const rect = svg.getBoundingClientRect();
    if (!rect.width || !rect.height) return null;
    return bw => Math.min(rect.width / (w + 1.5 * bw), rect.height / h);
  }

  function barNumber(r) {
    if (r.proven) return provenWinner(r.proven) < 0 ? '=' : 'won';
    if (typeof r.score === 'number') {
      const a = Math.abs(r.score);
      return a < 10 ? a.toFixed(1).replace(/\.0$/, '') : String(Math.round(a));
    }
    return typeof r.win === 'number' ? `${Math.round(100 * Math.max(r.win, 1 - r.win))}%` : '';
  }

  function bar(svg, r) {
    let g = svg.querySelector(':scope > .an-bar');
    if (g) {
      svg.setAttribute('viewBox', g.dataset.box);
      g.remove();
    }
    const box = svg.getAttribute('viewBox');
    const [x, y, w, h] = box.split(' ').map(Number);
    const px = scale(svg, w, h);
    let bw = Math.max(w, h) * 0.025;
    if (px) for (let i = 0; i < 3; i++) bw = Math.max(bw, BAR_PX / px(bw));
    const left = x - 1.5 * bw, unit = px ? 1 / px(bw) : bw / BAR_PX;
    svg.setAttribute('viewBox', `${left} ${y} ${w + 1.5 * bw} ${h}`);
    g = el(svg, 'g', { class: 'an-bar', 'data-box': box });
    delete svg.dataset.share;
    if (!live.on && !r) return;
    const s = share(r), part = s === null ? 0.5 : s;
    const sides = page.game.sides;
    const bx = left + bw * 0.25;
    el(g, 'rect', { x: bx, y, width: bw, height: h, class: 'eb-second' });
    el(g, 'rect', { x: bx, y: page.flipped ? y : y + h * (1 - part), width: bw,
      height: h * part, class: 'eb-first' + (s === null ? ' unknown' : '') });
    el(g, 'line', { x1: bx, x2: bx + bw, y1: y + h / 2, y2: y + h / 2, class: 'eb-mid' });
    const number = r ? barNumber(r) : '';
    if (number && s !== null) {
      const firstAhead = s >= 0.5, atBottom = firstAhead !== page.flipped;
      const size = LABEL_PX * unit;
      el(g, 'text', { x: bx + bw / 2, y: atBottom ? y + h - 0.5 * size : y + 1.3 * size,
        'font-size': size, class: 'eb-number ' + (firstAhead ? 'on-first' : 'on-second') },
      number);
    }
    el(g, 'title', {}, s === null ? 'no evaluation yet'
      : `${cap(sides[0])}'s share: ${Math.round(s * 100)}%`);
    svg.dataset.share = s === null ? '' : s.toFixed(3);
    svg.dataset.barPx = px ? (bw * px(bw)).toFixed(1) : '';
  }

  // The viewed node's stored review, if any.
  function stored() {
    const v = page.viewed();
    const node = page.line()[v.turn];
    return node && node.review && node.move === (v.moves[v.turn - 1] || null) ? node.review : null;
  }

  // Shows R (a review object, or null: nothing yet) for the viewed position.
  function show(r, state) {
    live.shown = r;
    live.preview = 0;
    const sides = page.game.sides;
    $('an-score').textContent = r ? scoreText(r, sides) : '';
    $('an-win').textContent = r ? winText(r, sides) : '';
    $('an-detail').textContent = r && !r.over
      ? `depth ${r.depth}${r.nodes ? `, ${r.nodes.toLocaleString('en')} nodes` : ''}` : '';
    if (state !== undefined) $('an-state').textContent = state;
    const list = $('an-pv');
    list.textContent = '';
    const turn = page.viewed().turn;
    (r ? r.pv : []).forEach((m, i) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.textContent = m;
      b.className = 'pv-move';
      b.dataset.n = i + 1;
      const words = page.game.board.describe && page.game.board.describe(m);
      b.title = `move ${turn + i + 1}${words ? ': ' + words : ''}`;
      b.onmouseenter = b.onfocus = () => previewPv(i + 1);
      b.onmouseleave = b.onblur = () => previewPv(0);
      b.onclick = () => playPv(i + 1);
      li.appendChild(b);
      list.appendChild(li);
    });
    $('an-pv-box').hidden = !(r && r.pv.length);
    summary(r);
    drawOnBoard();
  }

  // The analysis in one line under the board (shown on a phone, where
  // the panel is below the fold): the score, the win chance and the best
  // move (in words too, for a notation that does not say itself), or
  // that the engine is thinking.
  function summary(r) {
    const line = $('an-line');
    line.textContent = '';
    if (!r) {
      if (live.on && !live.busy) line.textContent = 'Engine analysis: thinking…';
      return;
    }
    const sides = page.game.sides;
    const score = document.createElement('b');
    score.textContent = scoreText(r, sides);
    line.append(score);
    if (typeof r.win === 'number' && !r.proven)
      line.append(` \u00b7 win ${Math.round(r.win * 100)}%`);
    if (r.best && !r.over) {
      const best = document.createElement('code');
      best.textContent = r.best;
      line.append(' \u00b7 best ', best);
      const words = page.game.board.describe && page.game.board.describe(r.best);
      if (words) {
        const said = document.createElement('span');
        said.className = 'help';
        said.textContent = `: ${words}`;
        line.append(said);
      }
    }
    if (!live.on) line.append(' (from the review)');
  }

  // The best move as an arrow, or the first N moves of the line numbered
  // (a preview while the player hovers over the line).
  function drawOnBoard() {
    const svg = $('board');
    if (!page.game || !svg.firstChild) return;
    const r = live.shown, game = page.game.board, p = game.parse(page.viewed().pos);
    const moves = !r ? [] : live.preview
      ? r.pv.slice(0, live.preview).map((move, i) =>
        ({ move, p, cls: i % 2 ? 'pv-them' : 'pv-us', label: String(i + 1) }))
      : r.best ? [{ move: r.best, p, cls: 'best' }] : [];
    TriadArrows.draw(svg, game, moves);
    bar(svg, r);
  }

  function previewPv(n) {
    live.preview = n;
    for (const b of $('an-pv').querySelectorAll('button'))
      b.classList.toggle('previewed', Number(b.dataset.n) <= n);
    drawOnBoard();
  }

  // The line's first N moves played, as far as the page lets the player
  // play them from the viewed position.
  async function playPv(n) {
    const moves = live.shown ? live.shown.pv.slice(0, n) : [];
    previewPv(0);
    if (!await page.playMoves(moves)) $('an-state').textContent =
      'The line cannot be played here (not your move, or not at the game\'s position).';
  }

  // --- live analysis -----------------------------------------------------------

  function stopLive(state) {
    if (live.ctl) live.ctl.abort();
    live.ctl = null;
    if (state !== undefined) $('an-state').textContent = state;
  }

  // The viewed position changed (or the switch): what it shows starts
  // over.  Nothing happens when it is the position already shown.
  function follow(force) {
    if (!page.game || !page.viewed) return;
    const v = page.viewed();
    const key = `${v.start} ${v.moves.join(' ')}`;
    if (key === live.key && !force) { drawOnBoard(); return; }
    live.key = key;
    stopLive();
    const r = stored();
    if (!live.on || live.busy) {
      show(r, r ? 'These are the game review\'s findings for this position ' +
        '(live analysis is off).' : live.busy ? 'Reviewing the game…' : '');
      return;
    }
    show(null, 'Thinking…');
    analyse(v);
  }

  // Asks for the viewed turn V with each budget in turn, until another
  // position is viewed, the switch is turned off or the result is proven.
  async function analyse(v) {
    const ctl = new AbortController();
    live.ctl = ctl;
    const sides = page.game.sides;
    let spent = 0;
    try {
      for (const seconds of BUDGETS) {
        let got = null;
        await ask({ position: v.start, moves: v.moves, turns: [v.turn], seconds },
          a => { got = a; }, ctl.signal);
        if (live.ctl !== ctl) return;
        if (!got) throw new Error('The analysis ended without an answer.');
        spent += seconds;
        const r = fromAnswer(got, sides);
        show(r, r.over ? 'The game is over here.' : r.proven ? 'Proven.'
          : `Thinking… (${spent.toFixed(1)} s so far)`);
        if (r.over || r.proven) return;
      }
      $('an-state').textContent = `Done: ${spent.toFixed(1)} s in all.`;
    } catch (e) {
      if (live.ctl === ctl && e.name !== 'AbortError') $('an-state').textContent = e.message;
    } finally {
      if (live.ctl === ctl) live.ctl = null;
    }
  }

  function toggle(on) {
    live.on = on;
    if (!on) stopLive('');
    follow(true);
  }

  // The whole-game review takes the session's analysis (one at a time):
  // live analysis rests meanwhile and resumes after it.
  function pause(busy) {
    live.busy = busy;
    if (busy) stopLive();
    follow(true);
  }

  window.addEventListener('DOMContentLoaded', () => {
    $('an-on').onchange = () => toggle($('an-on').checked);
    document.addEventListener('triad:view', () => follow(false));
    document.addEventListener('triad:drawn', drawOnBoard);
  });

  return { ask, fromAnswer, share, scoreText, provenWinner, pause, follow };
})();
