// game-toy.js -- the toy game of tests/arch/toy.c for triad-web's page
// (the interface at the top of web/board.js), for one test only:
// tests/web/toygame.mjs copies it, as step 11 of the checklist "Adding a
// game" would add it, into a scratch copy of web/.  Not part of the page.
//
// Position string toy:STONES:SIDE; a move is the number of stones taken
// (1 to 3).  The pile is a row of stones; the player clicks one of the
// three cells under it, keyed by the move itself.
'use strict';

(() => {
  const { el, clear, cell, marks } = TriadBoards;
  const S = 48;
  const PILE = 15;

  TriadBoards.register('toy', {
    parse(pos) {
      const [, stones, side] = pos.split(':');
      return { stones: Number(stones), side };
    },
    // The pile, then a cell per move holding as many (white) stones as
    // it takes.
    draw(svg, p) {
      clear(svg, S * (PILE + 1), S * 3.4);
      for (let i = 0; i < PILE; i++)
        el(svg, 'circle', { cx: S * (i + 1), cy: S, r: S * 0.4,
          class: i < p.stones ? 'piece ce-B pile' : 'ce-square' });
      for (let k = 1; k <= 3; k++) {
        const x = S * (PILE + 0.5 - 3 * (4 - k)), y = S * 1.9;
        const g = cell(svg, String(k), { x, y, width: S * 2.8, height: S * 1.2 });
        g.firstChild.classList.add('ce-square');
        for (let i = 0; i < k; i++)
          el(g, 'circle', { cx: x + S * (1.4 + 0.8 * (i - (k - 1) / 2)), cy: y + S * 0.6,
            r: S * 0.3, class: 'piece ce-W' });
        marks(g);
      }
    },
    parts(m) { return { seq: [m], set: [] }; },
    counts(p) { return `stones: ${p.stones}`; },
    endReason(p, winner, sides) { return `${sides[winner]} took the last stone`; },
    about() { return 'Take 1, 2 or 3 stones (click a cell under the pile); ' +
      'whoever takes the last stone wins.'; },
  });
})();
