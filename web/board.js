// board.js -- what every game's drawing file (web/game-NAME.js) builds on:
// the registry the page looks games up in, and SVG helpers.
//
// A game file calls TriadBoards.register(NAME, game), NAME as the engine's
// `list_games` prints it, with
//   parse(pos)              -> the position string as data (p.side: the
//                              protocol's side letter, 'W'/'B', 'L'/'D')
//   draw(svg, p, view)      draws it (view.sides: the engine's side
//                              names); every clickable thing is a
//                              TriadBoards.cell with its marks, a piece
//                              on it has the class "piece" (and "ghost"
//                              when only previewed)
//   parts(move)             -> {seq, set}: the keys clicked in order, then
//                              the keys clicked in any order (a key may
//                              repeat: one click each)
//   counts(p, sides)        -> a short text (scores, dice, chips)
//   endReason(p, winner, sides) -> why a game won by the rules ended
// and optionally
//   ownPiece(p, key)        -> true on the mover's own pieces: clicking
//                              one while another is selected selects it
//   preview(p, seq, set, done) -> the position as the clicks so far
//                              leave it (done: they make a move in full)
//   motion(move)            -> [from, to] keys of what the move carried
//                              (drawn sliding, web/motion.js)
//   news(before, after, sides) -> a sentence on what a move did that the
//                              board alone does not say (pieces removed)
//   about(p, sides)         -> a line on the goal of each side
//   arrow(move, p)          -> what the move is drawn as over the board
//                              (web/arrows.js): {arrows: [[from, to]],
//                              places: [key], captures: [key], flips:
//                              [key]}, each part optional; without it
//                              motion() gives the arrows, else the first
//                              key is a placement
//   describe(move)          -> the move in plain words, for a notation
//                              that does not say itself (the move
//                              list's tooltips)
'use strict';

const TriadBoards = (() => {
  const SVG_NS = 'http://www.w3.org/2000/svg';
  const games = {};

  function el(parent, name, attrs, text) {
    const e = document.createElementNS(SVG_NS, name);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    parent.appendChild(e);
    return e;
  }

  function clear(svg, w, h) {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  }

  // A clickable thing: a group with data-key and its hit area, a circle
  // {cx, cy, r} or a rectangle {x, y, width, height}.
  function cell(svg, key, shape, cls) {
    const g = el(svg, 'g', { class: 'cell' + (cls ? ' ' + cls : ''), 'data-key': key });
    el(g, shape.r ? 'circle' : 'rect', { ...shape, class: 'hit' });
    g.shape = shape;
    return g;
  }

  // The marks of a cell (target, selected, last move), drawn above its
  // pieces and shown by the page's classes: each a dark ring on a white
  // halo, told apart by shape (dashes, thickness, an inner dot) as well
  // as by hue; the keyboard's cursor is one more.
  function marks(g) {
    const s = g.shape;
    const ring = (cls, inset) => s.r
      ? el(g, 'circle', { cx: s.cx, cy: s.cy, r: s.r - inset, class: cls })
      : el(g, 'rect', { x: s.x + inset, y: s.y + inset, width: s.width - 2 * inset,
        height: s.height - 2 * inset, rx: 6, class: cls });
    for (const kind of ['last', 'target', 'sel', 'focus']) {
      ring(`mark halo m-${kind}`, 4);
      ring(`mark ring m-${kind}`, 4);
    }
    const [cx, cy] = s.r ? [s.cx, s.cy] : [s.x + s.width / 2, s.y + s.height / 2];
    el(g, 'circle', { cx, cy, r: 7, class: 'mark halo m-dot' });
    el(g, 'circle', { cx, cy, r: 5, class: 'mark ring m-dot' });
  }

  // A small count drawn on a cell (chips sent to a junction so far).
  function badge(g, text) {
    const s = g.shape;
    const [x, y] = s.r ? [s.cx + s.r * 0.7, s.cy - s.r * 0.7]
      : [s.x + s.width - 12, s.y + 12];
    el(g, 'circle', { cx: x, cy: y, r: 12, class: 'badge' });
    el(g, 'text', { x, y: y + 5, class: 'badge-text' }, text);
  }

  // The board as the player wants to see it: turned half round (flip),
  // and a board much wider than high turned a quarter round on a portrait
  // screen, so that it fills the width with larger cells.  Text stays
  // upright.
  function orient(svg, flip, portrait) {
    const [, , w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
    const quarter = portrait && w >= 1.4 * h;
    if (!flip && !quarter) return;
    const g = document.createElementNS(SVG_NS, 'g');
    while (svg.firstChild) g.appendChild(svg.firstChild);
    const turn = (flip ? 180 : 0) + (quarter ? 90 : 0);
    const [W, H] = quarter ? [h, w] : [w, h];
    g.setAttribute('transform', `translate(${W / 2} ${H / 2}) rotate(${turn}) ` +
                                `translate(${-w / 2} ${-h / 2})`);
    svg.appendChild(g);
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    for (const t of g.querySelectorAll('text')) {
      const x = Number(t.getAttribute('x')), y = Number(t.getAttribute('y'));
      t.setAttribute('transform', `rotate(${-turn} ${x} ${y - 6})`);
    }
  }

  return {
    el, clear, cell, marks, badge, orient,
    register(name, game) { games[name] = { name, ...game }; },
    get(name) { return games[name]; },
  };
})();
