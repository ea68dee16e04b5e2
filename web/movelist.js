// movelist.js -- the move list of the page drawn from its game tree
// (web/tree.js), as lichess and Sabaki show one: the main line two plies
// a row, numbered; under a move that has alternatives, each variation on
// a line of its own, indented, its own variations in brackets; a
// reviewed move's mark after it (?! inaccuracy, ? mistake, ?? blunder).
// Every move is an element with data-node, its node's index in
// TriadTree.walk order, and the move in plain words as its title when
// the game's file says them (describe, web/board.js).
'use strict';

const TriadMoveList = (() => {
  const GLYPHS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

  // "3." before a first side's move, "3…" before a second side's one
  // that starts a line (DEPTH: the node's ply).
  const number = (depth, always) =>
    depth % 2 === 1 ? `${(depth + 1) / 2}.` : always ? `${depth / 2}…` : '';

  function fill(e, n, id, at, describe) {
    e.dataset.node = id;
    e.append(n.move);
    const words = describe && describe(n.move);
    if (words) e.title = words;
    const mark = n.review && GLYPHS[n.review.mark];
    if (mark) {
      const m = document.createElement('span');
      m.className = `glyph glyph-${n.review.mark}`;
      m.textContent = mark;
      m.title = n.review.mark;
      e.append(m);
    }
    if (n === at) {
      e.classList.add('viewed');
      e.setAttribute('aria-current', 'true');
    }
  }

  // The line starting at N (a variation) into CONTAINER, inline.
  function inline(container, n, ids, at, depth, describe) {
    let x = n, first = true;
    for (;;) {
      const s = document.createElement('span');
      s.className = 'vmove';
      s.dataset.n = number(depth, first);
      fill(s, x, ids.get(x), at, describe);
      container.append(s, ' ');
      const kids = x.children;
      if (!kids.length) return;
      first = kids.length > 1;
      for (const alt of kids.slice(1)) {
        const b = document.createElement('span');
        b.className = 'nested';
        inline(b, alt, ids, at, depth + 1, describe);
        container.append('(', b, ') ');
      }
      x = kids[0];
      depth++;
    }
  }

  // Draws ROOT's tree into the <ol> LIST, AT marked as viewed, DESCRIBE
  // (optional) saying a move in words; returns the nodes by their
  // data-node.
  function render(list, root, at, describe) {
    const nodes = [], ids = new Map();
    TriadTree.walk(root, n => { ids.set(n, nodes.length); nodes.push(n); });
    list.textContent = '';
    let x = root, depth = 0, after = false;   // after: a block of variations just drawn
    while (x.children.length) {
      const kids = x.children;
      x = kids[0];
      depth++;
      if (after && depth % 2 === 0) {         // the row goes on after the block
        const gap = document.createElement('li');
        gap.className = 'gap';
        gap.dataset.n = number(depth, true);
        gap.setAttribute('aria-hidden', 'true');
        list.append(gap);
      }
      const li = document.createElement('li');
      li.className = 'move';
      li.dataset.n = number(depth, false);
      li.dataset.ply = depth;
      fill(li, x, ids.get(x), at, describe);
      list.append(li);
      after = kids.length > 1;
      if (after) {
        if (depth % 2 === 1) {                // the row's second half, empty
          const gap = document.createElement('li');
          gap.className = 'gap';
          gap.textContent = '…';
          gap.setAttribute('aria-hidden', 'true');
          list.append(gap);
        }
        const block = document.createElement('li');
        block.className = 'variations';
        for (const alt of kids.slice(1)) {
          const line = document.createElement('div');
          line.className = 'variation';
          inline(line, alt, ids, at, depth, describe);
          block.append(line);
        }
        list.append(block);
      }
    }
    const moves = list.querySelectorAll('li.move');
    if (moves.length) moves[moves.length - 1].classList.add('latest');
    return nodes;
  }

  return { render, GLYPHS };
})();
