// game-cephalopod.js -- Cephalopod for the page (web/board.js): the
// rectangular board and the dice with their pips.  Notation and position
// string as in doc/games/cephalopod.md.
'use strict';

(() => {
  const { el, clear, cell, marks } = TriadBoards;
  const S = 70;
  const PIPS = {
    1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  };

  function die(g, x, y, d) {
    const m = S * 0.12, size = S - 2 * m;
    el(g, 'rect', { x: x + m, y: y + m, width: size, height: size, rx: S * 0.12,
      class: `piece ce-die ce-${d.side}${d.ghost ? ' ghost' : ''}`,
      'data-stack': d.side + d.pips });
    const cx = x + S / 2, cy = y + S / 2, step = size * 0.27;
    for (const [dx, dy] of PIPS[d.pips])
      el(g, 'circle', { cx: cx + dx * step, cy: cy + dy * step, r: S * 0.065,
        class: 'pip ce-pip-' + d.side });
  }

  TriadBoards.register('cephalopod', {
    parse(pos) {
      const [, size, side, rows] = pos.split(':');
      const [w, h] = size.split('x').map(Number);
      const cells = {};
      rows.split('/').forEach((row, i) => {
        const r = h - i;
        for (let c = 0; c < w; c++) {
          const v = row.slice(2 * c, 2 * c + 2);
          if (v !== '..')
            cells[String.fromCharCode(97 + c) + r] = { side: v[0], pips: Number(v[1]) };
        }
      });
      return { w, h, side, cells };
    },
    draw(svg, p) {
      clear(svg, S * (p.w + 0.8), S * (p.h + 0.8));
      for (let r = 1; r <= p.h; r++)
        for (let c = 0; c < p.w; c++) {
          const name = String.fromCharCode(97 + c) + r;
          const x = S * (c + 0.6), y = S * (p.h - r + 0.2);
          const g = cell(svg, name, { x, y, width: S, height: S });
          g.firstChild.classList.add('ce-square');
          if (p.cells[name]) die(g, x, y, p.cells[name]);
          marks(g);
        }
      for (let c = 0; c < p.w; c++)
        el(svg, 'text', { x: S * (c + 1.1), y: S * (p.h + 0.62), class: 'coord' },
          String.fromCharCode(97 + c));
      for (let r = 1; r <= p.h; r++)
        el(svg, 'text', { x: S * 0.3, y: S * (p.h - r + 0.78), class: 'coord' }, String(r));
    },
    parts(m) {
      const [target, caps] = m.split('=');
      return { seq: [target], set: caps ? caps.split('+') : [] };
    },
    motion(m) {
      const { seq, set } = this.parts(m);
      return set.map(k => [k, seq[0]]);
    },
    // The new die's square, and the dice it captures crossed out.
    arrow(m) {
      const { seq, set } = this.parts(m);
      return { places: seq, captures: set, arrows: set.map(k => [k, seq[0]]) };
    },
    // The new die where it goes, with the pips it will have: the sum of
    // the dice chosen for capture (they leave), or 1 for a move that
    // captures nothing.
    preview(p, seq, set, done) {
      if (!seq.length || (!set.length && !done)) return p;
      const q = { ...p, cells: { ...p.cells } };
      const pips = set.length ? set.reduce((n, k) => n + p.cells[k].pips, 0) : 1;
      for (const k of set) delete q.cells[k];
      q.cells[seq[0]] = { side: p.side, pips, ghost: true };
      return q;
    },
    endReason() { return 'the board is full'; },
    counts(p, sides) {
      const n = { W: 0, B: 0 };
      for (const d of Object.values(p.cells)) n[d.side]++;
      return `dice: ${sides[0]} ${n.W}, ${sides[1]} ${n.B}`;
    },
    about() {
      return 'A die placed next to two or more dice whose pips sum to 6 or less ' +
        'captures them (you choose which) and shows their sum. The most dice when ' +
        'the board is full wins.';
    },
  });
})();
