// graph.js -- the evaluation graph of a reviewed game: the first side's
// share (web/analysis.js: its win probability, or its score squashed)
// over the turns, drawn in SVG at the size the page gives it, the marked
// moves as dots, the viewed turn as a line.  A click or a tap picks the
// turn under it; the arrow keys step when it has the focus.
'use strict';

const TriadGraph = (() => {
  const { el, clear } = TriadBoards;

  // VALUES: the share at each turn (null: not analysed); MARKS: the mark
  // at each turn (null or 'inaccuracy', 'mistake', 'blunder'); CURRENT:
  // the viewed turn.
  function draw(svg, values, marks, current) {
    const w = Math.max(100, svg.clientWidth), h = Math.max(40, svg.clientHeight);
    clear(svg, w, h);
    svg.dataset.turns = values.length;
    const pad = 4, n = values.length;
    const x = t => pad + (n > 1 ? t * (w - 2 * pad) / (n - 1) : 0);
    const y = v => pad + (1 - v) * (h - 2 * pad);
    el(svg, 'rect', { x: 0, y: 0, width: w, height: h, class: 'gr-second' });
    // The first side's area, one polygon per run of analysed turns.
    let run = [];
    const flush = () => {
      if (run.length) {
        const pts = run.map(t => `${x(t).toFixed(1)},${y(values[t]).toFixed(1)}`);
        el(svg, 'polygon', { class: 'gr-first', points: [`${x(run[0]).toFixed(1)},${h}`,
          ...pts, `${x(run[run.length - 1]).toFixed(1)},${h}`].join(' ') });
        el(svg, 'polyline', { class: 'gr-line', points: pts.join(' ') });
      }
      run = [];
    };
    values.forEach((v, t) => { if (v === null) flush(); else run.push(t); });
    flush();
    el(svg, 'line', { x1: 0, x2: w, y1: y(0.5), y2: y(0.5), class: 'gr-mid' });
    el(svg, 'line', { x1: x(current), x2: x(current), y1: 0, y2: h, class: 'gr-now' });
    marks.forEach((m, t) => {
      if (m && values[t] !== null)
        el(svg, 'circle', { cx: x(t), cy: y(values[t]), r: 5, class: `gr-mark mk-${m}`,
          'data-turn': t });
    });
  }

  // Calls PICK(turn) for a click or tap on SVG, and for the arrow keys
  // (CURRENT() the viewed turn).
  function listen(svg, pick, current) {
    svg.addEventListener('click', ev => {
      const n = Number(svg.dataset.turns);
      if (!n) return;
      const b = svg.getBoundingClientRect();
      const f = (ev.clientX - b.left - 4) / Math.max(1, b.width - 8);
      pick(Math.max(0, Math.min(n - 1, Math.round(f * (n - 1)))));
    });
    svg.addEventListener('keydown', ev => {
      const n = Number(svg.dataset.turns);
      const step = { ArrowLeft: -1, ArrowRight: 1, Home: -n, End: n }[ev.key];
      if (!n || step === undefined) return;
      ev.preventDefault();
      pick(Math.max(0, Math.min(n - 1, current() + step)));
    });
  }

  return { draw, listen };
})();
