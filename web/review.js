// review.js -- the whole-game review: every position of the line shown
// (page.line() of web/app.js) analysed for a fixed budget each, with a
// progress bar; each node's review stored as the page's contract says
// (node.review: the first side's score and win probability, best move,
// line, depth, proven result; on a move node the mover's loss and its
// mark), the evaluation graph under the board (web/graph.js: a click
// views that turn) and the marked moves listed with the better move.
'use strict';

const TriadReview = (() => {
  const $ = id => document.getElementById(id);
  // A move whose mover's win probability drops by this much or more.
  const MARKS = [[0.30, 'blunder'], [0.20, 'mistake'], [0.10, 'inaccuracy']];
  const SIGN = { inaccuracy: '?!', mistake: '?', blunder: '??' };
  // best[t]: the review of the position after the best move at turn t - 1.
  const state = { ctl: null, start: null, movers: [], best: [] };
  const cap = s => s[0].toUpperCase() + s.slice(1);

  // The move from PARENT's position to CHILD's (review objects) by MOVER
  // (0 the first side, 1 the second): {loss, mark}.  The loss is what the
  // mover's win probability (else its score) after the move falls short
  // of the same after the engine's best move: BEST, the review of the
  // position after PARENT's best move, when it was analysed, else PARENT.
  // Comparing two positions with the same side to move cancels the bias
  // a side to move's score may carry (DVONN's placement: about 0.14 of win
  // chance each way).  The mark needs the probabilities, or a proven win
  // that the move threw away.  The engine's own move loses nothing.
  function judge(parent, child, mover, move, best) {
    if (move === parent.best) return { loss: 0, mark: null };
    const drop = (a, b) => (mover === 0 ? a - b : b - a);
    const won = r => r.proven && TriadAnalysis.provenWinner(r.proven) === mover;
    const base = best || parent;
    let loss = null;
    if (typeof base.win === 'number' && typeof child.win === 'number')
      loss = Math.round(1000 * drop(base.win, child.win)) / 1000;
    else if (typeof base.score === 'number' && typeof child.score === 'number')
      loss = Math.round(100 * drop(base.score, child.score)) / 100;
    if (won(parent) && child.proven && !won(child)) return { loss, mark: 'blunder' };
    const hit = typeof child.win === 'number' && loss !== null &&
      MARKS.find(([at]) => loss >= at - 1e-9);
    return { loss, mark: hit ? hit[1] : null };
  }

  // "Mistake: White's win chance 0.62 -> 0.41. Better: E3F4."
  function markText(node, parent, mover, sides) {
    const who = cap(sides[mover]);
    const chance = r => (mover === 0 ? r.win : 1 - r.win).toFixed(2);
    const r = node.review;
    // From the position after the best move to the one after the move
    // played: the loss says how far apart they are.
    const after = Number(chance(r));
    const how = typeof r.win === 'number' && typeof r.loss === 'number'
      ? `${who}'s win chance ${(after + r.loss).toFixed(2)} \u2192 ${after.toFixed(2)}`
      : parent.proven && TriadAnalysis.provenWinner(parent.proven) === mover
        ? `${who} threw away a proven win`
        : `${who} lost ${typeof r.loss === 'number' ? r.loss : '?'} ${r.unit}`;
    return `${cap(r.mark)}: ${how}.` + (parent.best ? ` Better: ${parent.best}.` : '');
  }

  // The side that moves from the position at turn T: the review's
  // answers say whose turn it was; a review loaded with a record counts
  // from the start position's side to move (the protocol's letter: W or L
  // for the first side, web/board.js).
  function moverAt(movers, t) {
    if (movers[t] !== undefined) return movers[t];
    const first = ['W', 'L'].includes(page.game.board.parse(page.viewed().start).side) ? 0 : 1;
    return (first + t) % 2;
  }

  function judgeAt(nodes, movers, t) {
    const node = nodes[t], parent = nodes[t - 1];
    if (!node || !parent || !node.review || !parent.review) return;
    const mover = moverAt(movers, t - 1);
    Object.assign(node.review,
      judge(parent.review, node.review, mover, node.move, state.best[t]));
  }

  // --- showing it --------------------------------------------------------------

  function redraw() {
    if (!page.game || !page.line) return;
    const nodes = page.line(), sides = page.game.sides;
    const reviewed = nodes.some(n => n.review);
    const turn = page.viewed().turn;
    $('graph-box').hidden = !reviewed;
    $('board-wrap').classList.toggle('reviewed', reviewed);
    if (reviewed) {
      TriadGraph.draw($('graph'), nodes.map(n => TriadAnalysis.share(n.review)),
        nodes.map(n => n.review && n.review.mark), turn);
      const what = nodes.some(n => n.review && typeof n.review.win === 'number')
        ? 'win chance' : 'score';
      $('graph-help').textContent = `${cap(sides[0])}'s ${what} over the moves: ` +
        `${sides[0]} ahead above the dashed line, ${sides[1]} below. ` +
        'Click or tap to view a move.';
    }
    // The list is made again only when its marks change (it is redrawn
    // with the board, and a button replaced under the pointer would lose
    // its click).
    const list = $('review-marks');
    const marked = nodes.map((node, t) => (node.review && node.review.mark && t > 0 &&
      nodes[t - 1].review ? [t, node.move, node.review.mark, node.review.loss,
        nodes[t - 1].review.best].join() : '')).join(' ');
    if (list.dataset.marked !== marked) {
      list.dataset.marked = marked;
      list.textContent = '';
    }
    if (!list.firstChild) nodes.forEach((node, t) => {
      const mark = node.review && node.review.mark;
      if (!mark || !nodes[t - 1].review) return;
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.className = `mk-${mark}`;
      b.dataset.turn = t;
      // Numbered as the move list is: two moves a number, from the start.
      b.textContent = `${Math.floor((t - 1) / 2) + 1}${t % 2 ? '.' : '\u2026'} ` +
        `${node.move}${SIGN[mark]}`;
      b.onclick = () => page.goTo(t);
      const text = document.createElement('span');
      text.textContent = ' ' + markText(node, nodes[t - 1].review,
        moverAt(state.movers, t - 1), sides);
      li.append(b, text);
      list.appendChild(li);
    });
    const node = nodes[turn];
    const mark = node && node.review && node.review.mark;
    $('an-mark').textContent = mark && nodes[turn - 1].review
      ? markText(node, nodes[turn - 1].review, moverAt(state.movers, turn - 1), sides) : '';
    $('an-mark').className = mark ? `mk-${mark}` : '';
    markMoveList(nodes);
  }

  // The marks after the moves of the move list (the list's own drawing
  // when the page has one, page.renderMoves).
  function markMoveList(nodes) {
    if (page.renderMoves) return;
    for (const li of document.querySelectorAll('#moves [data-ply]')) {
      const n = nodes[Number(li.dataset.ply)];
      const m = n && n.review && n.review.mark;
      li.classList.remove('mk-inaccuracy', 'mk-mistake', 'mk-blunder');
      if (m) li.classList.add(`mk-${m}`);
    }
  }

  // "Reviewed 28 positions. White: 1 blunder. Black: no marks."
  function summary(nodes, sides) {
    const many = { blunder: 'blunders', mistake: 'mistakes', inaccuracy: 'inaccuracies' };
    const per = [0, 1].map(side => {
      const counts = Object.keys(many).map(k => [k, nodes.filter((n, t) => t > 0 && n.review &&
        n.review.mark === k && moverAt(state.movers, t - 1) === side).length]).filter(c => c[1]);
      return `${cap(sides[side])}: ` + (counts.length
        ? counts.map(([k, n]) => `${n} ${n === 1 ? k : many[k]}`).join(', ') : 'no marks');
    });
    return `Reviewed ${nodes.length} positions. ${per.join('. ')}.`;
  }

  // --- the review ----------------------------------------------------------------

  function budget() {
    const [kind, value] = $('review-budget').value.split(':');
    return { [kind]: Number(value) };
  }

  function buttons(running) {
    $('review').hidden = running;
    $('review-stop').hidden = !running;
    $('review-progress').hidden = !running;
  }

  // The second pass: the position after the best move of every turn
  // whose move was another, with the same budget (one request each: the
  // endpoint takes one line of moves at a time).
  async function reviewBestMoves(nodes, moves, sides, ctl, bar) {
    const turns = nodes.map((n, t) => t).filter(t => {
      const r = t > 0 && nodes[t - 1].review;
      return r && r.best && !r.over && nodes[t].move !== r.best;
    });
    bar.max = nodes.length + turns.length;
    for (const t of turns) {
      const request = { position: state.start, moves: [...moves.slice(0, t - 1),
        nodes[t - 1].review.best], turns: [t], ...budget() };
      try {
        await TriadAnalysis.ask(request, a => {
          if (state.ctl !== ctl || a.turn !== t) return;
          state.best[t] = TriadAnalysis.fromAnswer(a, sides);
          judgeAt(nodes, state.movers, t);
        }, ctl.signal);
      } catch (e) {
        if (e.name === 'AbortError') throw e;   // else: measured from the parent
      }
      bar.value++;
      $('review-state').textContent =
        `Analysed ${bar.value} of ${bar.max} positions (the best moves' after the game's)…`;
      redraw();
    }
  }

  async function review() {
    if (!page.game || state.ctl) return;
    const nodes = page.line(), sides = page.game.sides;
    const moves = nodes.slice(1).map(n => n.move);
    const ctl = new AbortController();
    Object.assign(state, { ctl, start: page.viewed().start, movers: [], best: [] });
    for (const n of nodes) n.review = null;
    const bar = $('review-progress');
    bar.max = nodes.length;
    bar.value = 0;
    buttons(true);
    $('review-state').textContent = `Analysing ${nodes.length} positions…`;
    TriadAnalysis.pause(true);
    try {
      const request = { position: page.viewed().start, moves, ...budget() };
      const answered = await TriadAnalysis.ask(request, a => {
        const node = nodes[a.turn];
        if (state.ctl !== ctl || !node) return;
        node.review = TriadAnalysis.fromAnswer(a, sides);
        state.movers[a.turn] = sides.indexOf(a.side);
        judgeAt(nodes, state.movers, a.turn);
        judgeAt(nodes, state.movers, a.turn + 1);
        bar.value++;
        $('review-state').textContent = `Analysed ${bar.value} of ${nodes.length} positions…`;
        redraw();
      }, ctl.signal);
      if (answered < nodes.length)
        throw new Error(`The analysis ended after ${answered} of ${nodes.length} positions.`);
      await reviewBestMoves(nodes, moves, sides, ctl, bar);
      $('review-state').textContent = summary(nodes, sides);
      if (page.reviewed) page.reviewed($('review-budget').value.replace(':', ' '));
    } catch (e) {
      $('review-state').textContent = e.name === 'AbortError'
        ? `Stopped after ${bar.value} of ${nodes.length} positions.` : e.message;
    } finally {
      if (state.ctl === ctl) state.ctl = null;
      buttons(false);
      if (page.renderMoves) page.renderMoves();
      redraw();
      TriadAnalysis.pause(false);
    }
  }

  function stop() {
    if (state.ctl) state.ctl.abort();
  }

  window.addEventListener('DOMContentLoaded', () => {
    $('review').onclick = review;
    $('review-stop').onclick = stop;
    TriadGraph.listen($('graph'), t => page.goTo(t), () => page.viewed().turn);
    document.addEventListener('triad:view', () => {
      if (page.viewed().start !== state.start) {   // another game
        stop();
        Object.assign(state, { start: page.viewed().start, movers: [], best: [] });
      }
      redraw();
    });
    document.addEventListener('triad:drawn', redraw);
  });

  return { judge, redraw };
})();
