// motion.js -- a move shown moving: the pieces that left a cell slide to
// where they went and fade there while the new board's piece appears, and
// pieces removed from the board fade where they stood.  Web Animations
// only (nothing in style attributes); none when the player asks the system
// for reduced motion.
'use strict';

const TriadMotion = (() => {
  const MS = 260;

  function center(group) {
    const b = group.querySelector('.hit').getBBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  }

  // The board's pieces as they stand: key -> {node (a copy), at (centre)}.
  function capture(svg) {
    const out = new Map();
    for (const g of svg.querySelectorAll('[data-key]'))
      if (g.querySelector('.piece')) {
        const copy = g.cloneNode(true);
        copy.removeAttribute('data-key');
        copy.classList.remove('target', 'sel', 'last');
        out.set(g.dataset.key, { node: copy, at: center(g) });
      }
    return out;
  }

  // PAIRS: [from, to] keys of what the move carried; BEFORE: capture()
  // of the board before it.
  function play(svg, before, pairs) {
    if (!before || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const root = svg.querySelector(':scope > g[transform]') || svg;
    const cell = k => svg.querySelector(`[data-key="${k}"]`);
    const moved = new Set(pairs.map(([from]) => from));
    const ghost = node => {
      node.classList.add('moving');
      root.appendChild(node);
      return node;
    };
    for (const [from, to] of pairs) {
      const was = before.get(from), dest = cell(to);
      if (!was || !dest) continue;
      const [x0, y0] = was.at, [x1, y1] = center(dest);
      const node = ghost(was.node.cloneNode(true));
      node.animate([{ transform: 'translate(0px, 0px)', opacity: 1 },
        { transform: `translate(${x1 - x0}px, ${y1 - y0}px)`, opacity: 1, offset: 0.8 },
        { transform: `translate(${x1 - x0}px, ${y1 - y0}px)`, opacity: 0 }],
      { duration: MS, easing: 'ease-in-out' }).finished.then(() => node.remove());
      const piece = dest.querySelector('.piece');
      if (piece)
        for (const e of dest.querySelectorAll('.piece, .label, .pip'))
          e.animate([{ opacity: 0 }, { opacity: 0, offset: 0.6 }, { opacity: 1 }],
            { duration: MS });
    }
    for (const [key, was] of before) {
      const now = cell(key);
      if (moved.has(key) || (now && now.querySelector('.piece'))) continue;
      const node = ghost(was.node);
      node.animate([{ opacity: 1 }, { opacity: 0 }], { duration: MS * 2, easing: 'ease-in' })
        .finished.then(() => node.remove());
    }
  }

  return { capture, play };
})();
