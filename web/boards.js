// boards.js -- the three games for the page: reading `position` strings,
// drawing them as SVG, and cutting move tokens into the clicks that make
// them.  Coordinates and notation as in doc/games/*.md.
//
// Every game object has:
//   parse(pos)        -> the position as data
//   draw(svg, p)      draws it; every clickable thing carries data-key
//   parts(move)       -> {seq: [keys clicked in order], set: [keys in any
//                        order after seq]} of a legal move token
//   counts(p)         -> a short text (scores, dice, chips)
//   sides             colour words of the protocol, first player first
'use strict';

const SVG_NS = 'http://www.w3.org/2000/svg';

function el(parent, name, attrs, text) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}

function clearSvg(svg, w, h) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
}

// ---------------------------------------------------------------- DVONN
// Rows 1-5; row r holds columns first..last (A=0).  Cell x leans half a
// cell per row, so the columns run on diagonals.
const DV_ROWS = [[1, 0, 8], [2, 0, 9], [3, 0, 10], [4, 1, 10], [5, 2, 10]];
const DV_S = 60;

const dvonn = {
  name: 'dvonn',
  sides: ['white', 'black'],
  cells() {
    const out = [];
    for (const [row, first, last] of DV_ROWS)
      for (let c = first; c <= last; c++)
        out.push({ name: String.fromCharCode(65 + c) + row, row, col: c });
    return out;
  },
  parse(pos) {
    const [, phase, side, cells] = pos.split(':');
    const stacks = cells.split(',');
    return { phase, side, stacks, cells: this.cells() };
  },
  xy(cell) {
    return [DV_S * (1.5 + cell.col - (cell.row - 1) * 0.5),
            DV_S * (0.9 + (5 - cell.row) * 0.866)];
  },
  draw(svg, p) {
    clearSvg(svg, DV_S * 11, DV_S * 5.4);
    const pts = [[0, 1], [8, 1], [10, 3], [10, 5], [2, 5], [0, 3]].map(
      ([c, r]) => this.xy({ col: c, row: r }));
    const grow = (x, y) => [x + (x - DV_S * 5.75) * 0.08, y + (y - DV_S * 2.63) * 0.25];
    el(svg, 'polygon', { class: 'dv-board',
      points: pts.map(([x, y]) => grow(x, y).join(',')).join(' ') });
    p.cells.forEach((cell, i) => {
      const [x, y] = this.xy(cell);
      const g = el(svg, 'g', { class: 'cell', 'data-key': cell.name });
      el(g, 'circle', { cx: x, cy: y, r: DV_S * 0.46, class: 'hit' });
      const st = p.stacks[i];
      if (st === '.') {
        el(g, 'circle', { cx: x, cy: y, r: DV_S * 0.12, class: 'dv-empty' });
      } else {
        const top = st[st.length - 1];
        el(g, 'circle', { cx: x, cy: y, r: DV_S * 0.38,
          class: 'piece dv-' + top, 'data-stack': st });
        if (st.includes('R') && top !== 'R')
          el(g, 'circle', { cx: x, cy: y, r: DV_S * 0.3, class: 'dv-dvonn-ring' });
        if (st.length > 1 || top !== 'R')
          el(g, 'text', { x, y: y + DV_S * 0.12, class: 'label dv-h-' + top },
             String(st.length));
      }
      el(g, 'text', { x, y: y + DV_S * 0.47, class: 'coord' }, cell.name);
    });
  },
  parts(m) {
    if (m === 'PASS') return { seq: ['pass'], set: [] };
    return m.length > 3 && /[A-K][1-5][A-K][1-5]/.test(m)
      ? { seq: [m.slice(0, 2), m.slice(2)], set: [] }
      : { seq: [m], set: [] };
  },
  endReason() { return 'no stack can move any more'; },
  counts(p) {
    const score = { W: 0, B: 0 };
    for (const st of p.stacks)
      if (st !== '.' && score[st[st.length - 1]] !== undefined)
        score[st[st.length - 1]] += st.length;
    return p.phase === 'P' ? 'placement phase'
      : `score: white ${score.W}, black ${score.B}`;
  },
};

// -------------------------------------------------------------- Truchet
// Junctions a1..h8 (x = column, y = 8 - row); tile "c r" between
// junctions (c, r) and (c+1, r+1); bit 0 = '/' links SW and NE.
const TR_S = 64;
const TR_DIRS = { w: [-1, 0], e: [1, 0], n: [0, 1], s: [0, -1] };

function trName(c, r) { return String.fromCharCode(97 + c) + (r + 1); }
function trCell(name) { return [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1]; }
function trMoveTo(name, letter) {
  const [c, r] = trCell(name);
  const [dc, dr] = TR_DIRS[letter];
  return trName(c + dc, r + dr);
}

const truchet = {
  name: 'truchet',
  sides: ['light', 'dark'],
  parse(pos) {
    const [, bits, side, stacks] = pos.split(':');
    const at = {};
    for (const s of stacks ? stacks.split(',') : [])
      at[s.slice(0, 2)] = { side: s[2], h: Number(s.slice(3)) };
    return { bits, side, at };
  },
  xy(c, r) { return [TR_S * (c + 0.8), TR_S * (7.6 - r)]; },
  draw(svg, p) {
    clearSvg(svg, TR_S * 8.6, TR_S * 8.5);
    const [x0, y0] = this.xy(0, 7);
    el(svg, 'rect', { x: x0 - TR_S * 0.5, y: y0 - TR_S * 0.5,
      width: TR_S * 8, height: TR_S * 8, class: 'tr-board' });
    for (let r = 0; r < 7; r++)
      for (let c = 0; c < 7; c++) {
        const [x, y] = this.xy(c, r + 1);
        const g = el(svg, 'g', { class: 'cell tile', 'data-key': 't:' + trName(c, r) });
        el(g, 'rect', { x, y, width: TR_S, height: TR_S, class: 'tr-tile hit' });
        const slash = p.bits[r * 7 + c] === '0';
        el(g, 'line', slash
          ? { x1: x, y1: y + TR_S, x2: x + TR_S, y2: y, class: 'river' }
          : { x1: x, y1: y, x2: x + TR_S, y2: y + TR_S, class: 'river' });
      }
    const bases = ['a1', 'c1', 'e1', 'g1', 'a8', 'c8', 'e8', 'g8'];
    for (let r = 0; r < 8; r++)
      for (let c = 0; c < 8; c++) {
        const name = trName(c, r);
        const [x, y] = this.xy(c, r);
        const g = el(svg, 'g', { class: 'cell', 'data-key': 'j:' + name });
        el(g, 'circle', { cx: x, cy: y, r: TR_S * 0.3, class: 'hit' });
        if (bases.includes(name))
          el(g, 'rect', { x: x - TR_S * 0.3, y: y - TR_S * 0.3, width: TR_S * 0.6,
            height: TR_S * 0.6, class: 'tr-base' });
        const dark = (c + 1 + r + 1) % 2 === 0;
        el(g, 'circle', { cx: x, cy: y, r: TR_S * 0.08,
          class: dark ? 'tr-dark-junction' : 'tr-light-junction' });
        const st = p.at[name];
        if (st) {
          el(g, 'circle', { cx: x, cy: y, r: TR_S * 0.26, class: 'piece tr-' + st.side,
            'data-stack': st.side + st.h });
          el(g, 'text', { x, y: y + TR_S * 0.09, class: 'label tr-h-' + st.side },
             String(st.h));
        }
      }
    for (let c = 0; c < 8; c++) {
      const [x, y] = this.xy(c, 0);
      el(svg, 'text', { x, y: y + TR_S * 0.62, class: 'coord' }, trName(c, 0)[0]);
    }
    for (let r = 0; r < 8; r++) {
      const [x, y] = this.xy(0, r);
      el(svg, 'text', { x: x - TR_S * 0.6, y: y + 4, class: 'coord' }, String(r + 1));
    }
  },
  // "*d4,g6-f5+f6<ws": flip tile, step g6 to f5, merge onto f6 from the
  // west and the south; splits list the junctions the chips go to.
  parts(m) {
    const seq = [];
    let rest = m;
    const flip = /^\*([a-g][1-7]),/.exec(rest);
    if (flip) { seq.push('t:' + flip[1]); rest = rest.slice(flip[0].length); }
    let set = [];
    const step = /^([a-h][1-8])-([a-h][1-8])/.exec(rest);
    let at;
    if (step) {
      seq.push('j:' + step[1], 'j:' + step[2]);
      at = step[2];
      rest = rest.slice(step[0].length);
      const merge = /^\+([a-h][1-8])<([wens]+)$/.exec(rest);
      if (merge) {
        seq.push('j:' + merge[1]);
        set = [...new Set(merge[2])].map(l => 'j:' + trMoveTo(merge[1], l));
      } else if (rest[0] === '>') {
        set = [...new Set(rest.slice(1))].map(l => 'j:' + trMoveTo(at, l));
      }
    } else {
      const act = /^([a-h][1-8])([<>])([wens]+)$/.exec(rest);
      if (act) {
        seq.push('j:' + act[1]);
        set = [...new Set(act[3])].map(l => 'j:' + trMoveTo(act[1], l));
      }
    }
    return { seq, set };
  },
  endReason(p, winner) {
    const targets = winner === 0 ? ['a1', 'c1', 'e1', 'g1'] : ['a8', 'c8', 'e8', 'g8'];
    const me = 'LD'[winner], other = 'LD'[1 - winner];
    if (targets.filter(j => p.at[j] && p.at[j].side === me).length >= 3)
      return `${this.sides[winner]} holds three of its target bases`;
    if (!Object.values(p.at).some(st => st.side === other))
      return `${this.sides[1 - winner]} has no chips left`;
    return `${this.sides[1 - winner]} cannot move`;
  },
  counts(p) {
    const chips = { L: 0, D: 0 };
    for (const st of Object.values(p.at)) chips[st.side] += st.h;
    return `chips: light ${chips.L}, dark ${chips.D}`;
  },
};

// ----------------------------------------------------------- Cephalopod
const CE_S = 70;
const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

const cephalopod = {
  name: 'cephalopod',
  sides: ['white', 'black'],
  parse(pos) {
    const [, size, side, rows] = pos.split(':');
    const [w, h] = size.split('x').map(Number);
    const cells = {};
    rows.split('/').forEach((row, i) => {
      const r = h - i;
      for (let c = 0; c < w; c++) {
        const v = row.slice(2 * c, 2 * c + 2);
        if (v !== '..') cells[String.fromCharCode(97 + c) + r] = { side: v[0], pips: Number(v[1]) };
      }
    });
    return { w, h, side, cells };
  },
  draw(svg, p) {
    clearSvg(svg, CE_S * (p.w + 0.8), CE_S * (p.h + 0.8));
    for (let r = 1; r <= p.h; r++)
      for (let c = 0; c < p.w; c++) {
        const name = String.fromCharCode(97 + c) + r;
        const x = CE_S * (c + 0.6), y = CE_S * (p.h - r + 0.2);
        const g = el(svg, 'g', { class: 'cell', 'data-key': name });
        el(g, 'rect', { x, y, width: CE_S, height: CE_S, class: 'ce-square hit' });
        const d = p.cells[name];
        if (d) {
          const m = CE_S * 0.12, size = CE_S - 2 * m;
          el(g, 'rect', { x: x + m, y: y + m, width: size, height: size, rx: CE_S * 0.12,
            class: 'piece ce-die ce-' + d.side, 'data-stack': d.side + d.pips });
          const cx = x + CE_S / 2, cy = y + CE_S / 2, step = size * 0.27;
          for (const [dx, dy] of PIPS[d.pips])
            el(g, 'circle', { cx: cx + dx * step, cy: cy + dy * step, r: CE_S * 0.065,
              class: 'pip ce-pip-' + d.side });
        }
      }
    for (let c = 0; c < p.w; c++)
      el(svg, 'text', { x: CE_S * (c + 1.1), y: CE_S * (p.h + 0.55), class: 'coord' },
         String.fromCharCode(97 + c));
    for (let r = 1; r <= p.h; r++)
      el(svg, 'text', { x: CE_S * 0.3, y: CE_S * (p.h - r + 0.75), class: 'coord' }, String(r));
  },
  parts(m) {
    const [target, caps] = m.split('=');
    return { seq: [target], set: caps ? caps.split('+') : [] };
  },
  endReason() { return 'the board is full'; },
  counts(p) {
    const n = { W: 0, B: 0 };
    for (const d of Object.values(p.cells)) n[d.side]++;
    return `dice: white ${n.W}, black ${n.B}`;
  },
};

const GAMES = { dvonn, truchet, cephalopod };
