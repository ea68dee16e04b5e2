// game-dvonn.js -- DVONN for the page (web/board.js): the hexagonal board
// of 49 cells, stacks with their height and top colour, a red ring for a
// stack holding a DVONN piece.  Notation and position string as in
// doc/games/dvonn.md.
'use strict';

(() => {
  const { el, clear, cell, marks } = TriadBoards;
  // Rows 1-5; row r holds columns first..last (A=0).  Cell x leans half a
  // cell per row, so the columns run on diagonals.
  const ROWS = [[1, 0, 8], [2, 0, 9], [3, 0, 10], [4, 1, 10], [5, 2, 10]];
  const S = 60;
  const CELLS = [];
  for (const [row, first, last] of ROWS)
    for (let c = first; c <= last; c++)
      CELLS.push({ name: String.fromCharCode(65 + c) + row, row, col: c });

  const xy = cell => [S * (1.9 + cell.col - (cell.row - 1) * 0.5),
    S * (0.9 + (5 - cell.row) * 0.866)];
  const top = st => st[st.length - 1];

  function scores(p) {
    const score = { W: 0, B: 0 };
    for (const st of p.stacks)
      if (st !== '.' && score[top(st)] !== undefined) score[top(st)] += st.length;
    return score;
  }

  TriadBoards.register('dvonn', {
    parse(pos) {
      const [, phase, side, cells] = pos.split(':');
      return { phase, side, stacks: cells.split(',') };
    },
    draw(svg, p) {
      clear(svg, S * 11.8, S * 5.5);
      const pts = [[0, 1], [8, 1], [10, 3], [10, 5], [2, 5], [0, 3]].map(
        ([c, r]) => xy({ col: c, row: r }));
      const grow = (x, y) => [x + (x - S * 5.9) * 0.08, y + (y - S * 2.63) * 0.25];
      el(svg, 'polygon', { class: 'dv-board',
        points: pts.map(([x, y]) => grow(x, y).join(',')).join(' ') });
      CELLS.forEach((c, i) => {
        const [x, y] = xy(c);
        const g = cell(svg, c.name, { cx: x, cy: y, r: S * 0.48 });
        const st = p.stacks[i];
        if (st === '.') {
          el(g, 'circle', { cx: x, cy: y, r: S * 0.1, class: 'dv-empty' });
        } else {
          el(g, 'circle', { cx: x, cy: y, r: S * 0.4,
            class: 'piece dv-' + top(st), 'data-stack': st });
          if (st.includes('R') && top(st) !== 'R')
            el(g, 'circle', { cx: x, cy: y, r: S * 0.31, class: 'dv-dvonn-ring' });
          if (st.length > 1 || top(st) !== 'R')
            el(g, 'text', { x, y: y + S * 0.13, class: 'label dv-h-' + top(st) },
              String(st.length));
        }
        marks(g);
      });
      // Coordinates along the edges, where no stone hides them: a row's
      // number before its first cell; a column's letter once, on its
      // diagonal just past its lowest cell (A1..I1, J2, K3), so that
      // each letter points at one line of cells however the board is
      // turned.
      for (const c of CELLS) {
        const [x, y] = xy(c);
        if (c === CELLS.find(d => d.col === c.col))
          el(svg, 'text', { x: x + S * 0.3, y: y + S * 0.52 + 5, class: 'coord' }, c.name[0]);
        if (c.col === ROWS[c.row - 1][1])
          el(svg, 'text', { x: x - S * 0.68, y: y + 6, class: 'coord' }, String(c.row));
      }
    },
    parts(m) {
      if (m === 'PASS') return { seq: ['pass'], set: [] };
      return /^[A-K][1-5][A-K][1-5]$/.test(m)
        ? { seq: [m.slice(0, 2), m.slice(2)], set: [] }
        : { seq: [m], set: [] };
    },
    motion(m) {
      const { seq } = this.parts(m);
      return seq.length === 2 ? [seq] : [];
    },
    arrow(m) {
      const { seq } = this.parts(m);
      return seq.length === 2 ? { arrows: [seq] } : { places: seq };
    },
    ownPiece(p, key) {
      const i = CELLS.findIndex(c => c.name === key);
      return p.phase === 'S' && i >= 0 && p.stacks[i] !== '.' && top(p.stacks[i]) === p.side;
    },
    endReason() { return 'no stack can move any more'; },
    counts(p, sides) {
      const score = scores(p);
      return p.phase === 'P' ? 'placement phase'
        : `score: ${sides[0]} ${score.W}, ${sides[1]} ${score.B}`;
    },
    about(p) {
      return p.phase === 'P'
        ? 'Placement: the first three pieces placed are the red DVONN pieces.'
        : 'Stack onto stacks as far as the stack is high; stacks cut off from every ' +
          'red DVONN piece leave the board. The most pieces under your colour wins.';
    },
    news(before, after) {
      const pieces = p => p.stacks.reduce((n, st) => n + (st === '.' ? 0 : st.length), 0);
      const lost = pieces(before) - pieces(after);
      return lost > 0
        ? `${lost} piece${lost > 1 ? 's' : ''} cut off from the DVONN pieces left the board.`
        : '';
    },
  });
})();
