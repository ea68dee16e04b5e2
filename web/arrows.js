// arrows.js -- moves drawn over a board, for any game: the engine's best
// move, the steps of a principal variation.  What a move shows comes from
// the game's optional arrow(move, p) hook (web/board.js), else from its
// motion() and parts(); this file draws it on the cells the game drew.
'use strict';

const TriadArrows = (() => {
  const { el } = TriadBoards;

  // What MOVE shows in position P: {arrows: [[from, to]], places: [key],
  // captures: [key], flips: [key]}.  Without a hook: what the move
  // carries as arrows, else its first key as a placement.
  function shape(game, move, p) {
    const none = { arrows: [], places: [], captures: [], flips: [] };
    if (!move || move === 'PASS') return none;
    if (game.arrow) return { ...none, ...game.arrow(move, p) };
    const carried = game.motion ? game.motion(move) : [];
    if (carried.length) return { ...none, arrows: carried };
    return { ...none, places: game.parts(move).seq.slice(0, 1) };
  }

  // The group the board's cells are in (turned by TriadBoards.orient)
  // and its turn in degrees, so that labels can stand upright.
  function root(svg) {
    const g = svg.querySelector(':scope > g[transform]');
    const m = g && /rotate\((-?[\d.]+)\)/.exec(g.getAttribute('transform'));
    return { node: g || svg, turn: m ? Number(m[1]) : 0 };
  }

  // A cell's centre and half size, from the shape TriadBoards.cell kept.
  function spot(svg, key) {
    const g = svg.querySelector(`[data-key="${CSS.escape(key)}"]`);
    const s = g && g.shape;
    if (!s) return null;
    return s.r ? { x: Number(s.cx), y: Number(s.cy), r: Number(s.r) }
      : { x: s.x + s.width / 2, y: s.y + s.height / 2, r: Math.min(s.width, s.height) / 2 };
  }

  // An arrow from A to B (spots), its head ending short of B's centre.
  function arrow(layer, a, b, cls) {
    const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy);
    if (len < 1) return;
    const w = Math.max(4, b.r * 0.32), head = w * 2.2;
    const ux = dx / len, uy = dy / len;
    const end = Math.max(head, len - b.r * 0.35);
    const bx = a.x + ux * (end - head), by = a.y + uy * (end - head);
    const px = -uy, py = ux;
    const pt = (x, y) => `${x.toFixed(1)},${y.toFixed(1)}`;
    el(layer, 'polygon', { class: `an-arrow ${cls}`, points: [
      pt(a.x + px * w / 2, a.y + py * w / 2), pt(bx + px * w / 2, by + py * w / 2),
      pt(bx + px * head / 1.6, by + py * head / 1.6), pt(a.x + ux * end, a.y + uy * end),
      pt(bx - px * head / 1.6, by - py * head / 1.6), pt(bx - px * w / 2, by - py * w / 2),
      pt(a.x - px * w / 2, a.y - py * w / 2)].join(' ') });
  }

  // Draws MOVES ([{move, p, cls, label}]) on SVG, in a layer of its own
  // above the board (replaced at each call; none for an empty list).
  function draw(svg, game, moves) {
    for (const old of svg.querySelectorAll('.an-layer')) old.remove();
    if (!moves.length) return;
    const { node, turn } = root(svg);
    const layer = el(node, 'g', { class: 'an-layer' });
    for (const { move, p, cls, label } of moves) {
      const s = shape(game, move, p);
      let labelAt = null;
      for (const k of s.flips) {
        const c = spot(svg, k);
        if (!c) continue;
        el(layer, 'rect', { x: c.x - c.r * 0.8, y: c.y - c.r * 0.8, width: c.r * 1.6,
          height: c.r * 1.6, rx: c.r * 0.3, class: `an-flip ${cls}` });
        labelAt = labelAt || c;
      }
      for (const k of s.captures) {
        const c = spot(svg, k);
        if (!c) continue;
        const d = c.r * 0.45;
        el(layer, 'path', { class: `an-capture ${cls}`, d: `M${c.x - d} ${c.y - d}` +
          `L${c.x + d} ${c.y + d}M${c.x + d} ${c.y - d}L${c.x - d} ${c.y + d}` });
      }
      for (const [from, to] of s.arrows) {
        const a = spot(svg, from), b = spot(svg, to);
        if (!a || !b) continue;
        arrow(layer, a, b, cls);
        labelAt = b;
      }
      for (const k of s.places) {
        const c = spot(svg, k);
        if (!c) continue;
        el(layer, 'circle', { cx: c.x, cy: c.y, r: c.r * 0.55, class: `an-place ${cls}` });
        labelAt = c;
      }
      if (label && labelAt) {
        const x = labelAt.x + labelAt.r * 0.55, y = labelAt.y - labelAt.r * 0.55;
        el(layer, 'circle', { cx: x, cy: y, r: 13, class: `an-label ${cls}` });
        el(layer, 'text', { x, y: y + 5, class: 'an-label-text',
          transform: `rotate(${-turn} ${x} ${y})` }, label);
      }
    }
  }

  return { shape, draw };
})();
