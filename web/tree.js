// tree.js -- the game tree of the page: a node per position, the root
// the start, each other node the move that led to it.  The first child
// is the main line, the others its variations.  A model only: no DOM, no
// engine; usable from node (module.exports) for the unit checks.
//
// A node: { move, children, review, props, pos, status, resigned } with
// `parent` (not enumerable, so that a node prints as JSON).  `move` is
// null at the root; `review` is null or the analysis of REVIEW's shape;
// `props` the SGF properties the page does not read, kept to be written
// again; `pos` and `status` the engine's `position` and `game_status`
// there (known once the engine has been there); `resigned` the side that
// resigned at this node (0 or 1), or -1.
'use strict';

const TriadTree = (() => {
  const MAX_NODES = 10000;     // a stored or loaded tree is refused past it (each is walked in the engine)

  function node(move, parent) {
    const n = { move, children: [], review: null, props: {}, pos: null, status: '',
      resigned: -1 };
    Object.defineProperty(n, 'parent', { value: parent, writable: true, enumerable: false });
    return n;
  }

  const create = () => node(null, null);

  // The child of PARENT with MOVE, made (as the last child: a variation
  // if there was one already) when there is none.
  function add(parent, move) {
    let child = parent.children.find(c => c.move === move);
    if (!child) {
      child = node(move, parent);
      parent.children.push(child);
    }
    return child;
  }

  // Takes NODE and what follows it out of the tree; returns its index.
  function cut(n) {
    const i = n.parent.children.indexOf(n);
    n.parent.children.splice(i, 1);
    return i;
  }

  // Moves NODE to index I among its siblings (0: the main line).
  function place(n, i) {
    const kids = n.parent.children;
    kids.splice(kids.indexOf(n), 1);
    kids.splice(Math.min(i, kids.length), 0, n);
  }

  // The nodes from the root to N.
  function path(n) {
    const p = [];
    for (let x = n; x; x = x.parent) p.push(x);
    return p.reverse();
  }

  const movesTo = n => path(n).slice(1).map(x => x.move);
  const depth = n => path(n).length - 1;

  // N's line: the path to it, then the first child on to a leaf.
  function lineThrough(n) {
    const line = path(n);
    for (let x = n; x.children.length; x = x.children[0]) line.push(x.children[0]);
    return line;
  }

  // The line shown carried on past its last node by first children (moves
  // added at its end since).
  function extend(line) {
    const out = line.slice();
    for (let x = out[out.length - 1]; x.children.length; x = x.children[0])
      out.push(x.children[0]);
    return out;
  }

  // The deepest node that A and B both descend from (or are).
  function common(a, b) {
    const pa = path(a), pb = path(b);
    let i = 0;
    while (i < pa.length && i < pb.length && pa[i] === pb[i]) i++;
    return i ? pa[i - 1] : null;
  }

  // How to go from FROM to TO: back up BACK moves to where the two lines
  // part, then play the moves of the nodes ON (null when FROM is null:
  // from the root).
  function route(from, to) {
    const meet = from ? common(from, to) : null;
    const p = path(to);
    return { back: meet ? depth(from) - depth(meet) : null,
      on: p.slice(meet ? p.indexOf(meet) + 1 : 1) };
  }

  // The walk of every node in the order of a depth-first search: F(n,
  // 'enter') when the move of n is played, F(n, 'leave') when it is taken
  // back after its children.
  function tour(r, f) {
    const stack = r.children.slice().reverse().map(n => [n, false]);
    while (stack.length) {
      const [n, left] = stack.pop();
      if (left) { f(n, 'leave'); continue; }
      f(n, 'enter');
      stack.push([n, true]);
      for (let i = n.children.length - 1; i >= 0; i--) stack.push([n.children[i], false]);
    }
  }

  // Every node, parents before children, children in order.
  function walk(r, f) {
    const stack = [r];
    while (stack.length) {
      const n = stack.pop();
      f(n);
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
    }
  }

  function size(r) {
    let k = 0;
    walk(r, () => { k++; });
    return k;
  }

  const hasReview = r => {
    let found = false;
    walk(r, n => { if (n.review) found = true; });
    return found;
  };

  // The child indices from the root to N, and back.
  const indexPath = n => path(n).slice(1).map(x => x.parent.children.indexOf(x));
  function at(r, indices) {
    let n = r;
    for (const i of indices || []) {
      if (!Number.isInteger(i) || !n.children[i]) break;
      n = n.children[i];
    }
    return n;
  }

  // The nearest node at or above N that has a sibling STEP (1 or -1)
  // away, and that sibling; null when there is none.
  function sibling(n, step) {
    for (let x = n; x.parent; x = x.parent) {
      const kids = x.parent.children;
      const i = kids.indexOf(x) + step;
      if (kids.length > 1) return kids[(i + kids.length) % kids.length];
    }
    return null;
  }

  // A line of moves as a tree.
  function fromMoves(moves) {
    const r = create();
    let n = r;
    for (const m of moves) n = add(n, m);
    return r;
  }

  // Flat and plain for localStorage: the nodes in walk order, each with
  // its parent's index, so that a long game is no deep nesting.
  function toPlain(r) {
    const out = [], index = new Map();
    walk(r, n => {
      index.set(n, out.length);
      const e = { m: n.move, p: n.parent ? index.get(n.parent) : -1 };
      if (n.review) e.r = n.review;
      if (Object.keys(n.props).length) e.x = n.props;
      if (n.resigned >= 0) e.g = n.resigned;
      out.push(e);
    });
    return out;
  }

  const word = m => typeof m === 'string' && /^\S+$/.test(m) && m.length < 200;

  // The tree back from toPlain's list; null for anything malformed.
  function fromPlain(list) {
    if (!Array.isArray(list) || !list.length || list.length > MAX_NODES || list[0].m !== null)
      return null;
    const nodes = [];
    for (const [i, e] of list.entries()) {
      if (!e || typeof e !== 'object') return null;
      let n;
      if (i === 0) n = create();
      else {
        const parent = nodes[e.p];
        if (!Number.isInteger(e.p) || e.p >= i || !parent || !word(e.m)) return null;
        n = node(e.m, parent);
        parent.children.push(n);
      }
      if (e.r && typeof e.r === 'object') n.review = e.r;
      if (e.x && typeof e.x === 'object') n.props = e.x;
      if (e.g === 0 || e.g === 1) n.resigned = e.g;
      nodes.push(n);
    }
    return nodes[0];
  }

  return { create, add, cut, place, path, movesTo, depth, lineThrough, extend, common, route,
    tour, walk, size, hasReview, indexPath, at, sibling, fromMoves, toPlain, fromPlain, MAX_NODES };
})();

if (typeof module !== 'undefined') module.exports = TriadTree;
