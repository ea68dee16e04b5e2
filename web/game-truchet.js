// game-truchet.js -- Truchet for the page (web/board.js): the 7x7
// flippable Truchet tiles, the 8x8 junctions, the bases and the stacks.  Notation and position string as in doc/games/truchet.md.
'use strict';

(() => {
  const { el, clear, cell, marks } = TriadBoards;
  // Junctions a1..h8 (x = column, y = 8 - row); tile "c r" between
  // junctions (c, r) and (c+1, r+1); bit 0 = '/' links SW and NE.
  const S = 64;
  const DIRS = { w: [-1, 0], e: [1, 0], n: [0, 1], s: [0, -1] };
  const HOMES = [['a8', 'c8', 'e8', 'g8'], ['a1', 'c1', 'e1', 'g1']];  // light, dark

  const name = (c, r) => String.fromCharCode(97 + c) + (r + 1);
  const coords = n => [n.charCodeAt(0) - 97, Number(n.slice(1)) - 1];
  function neighbour(n, letter) {
    const [c, r] = coords(n);
    const [dc, dr] = DIRS[letter];
    return name(c + dc, r + dr);
  }
  const xy = (c, r) => [S * (c + 0.8), S * (7.6 - r)];

  TriadBoards.register('truchet', {
    parse(pos) {
      const [, bits, side, stacks] = pos.split(':');
      const at = {};
      for (const s of stacks ? stacks.split(',') : [])
        at[s.slice(0, 2)] = { side: s[2], h: Number(s.slice(3)) };
      return { bits, side, at };
    },
    // Truchet tiles: a link joins two opposite corners by a band; the
    // other two corners keep a quarter disc.  Every junction's region has
    // the junction's colour, dark where column + row is even (a1 dark).
    draw(svg, p) {
      clear(svg, S * 8.6, S * 8.5);
      const [x0, y0] = xy(0, 7);
      el(svg, 'rect', { x: x0 - S * 0.5, y: y0 - S * 0.5, width: S * 8, height: S * 8,
        class: 'tr-board' });
      const tone = (c, r) => ((c + r) % 2 === 0 ? 'tr-dark' : 'tr-light');
      // The border tiles link nothing: a quarter disc at each corner.
      for (let r = 0; r < 8; r++)
        for (let c = 0; c < 8; c++) {
          const [x, y] = xy(c, r);
          el(svg, 'circle', { cx: x, cy: y, r: S / 2, class: tone(c, r) });
        }
      const quarter = (x, y, dx, dy, cls) => el(svg, 'path', { class: cls,
        d: `M${x} ${y}h${dx * S / 2}A${S / 2} ${S / 2} 0 0 ${dx * dy > 0 ? 1 : 0} ` +
           `${x} ${y + dy * S / 2}Z` });
      for (let r = 0; r < 7; r++)
        for (let c = 0; c < 7; c++) {
          const [x, y] = xy(c, r + 1);           // the tile's north-west corner
          const slash = p.bits[r * 7 + c] === '0';  // links south-west and north-east
          // The band's colour is that of the corners it links.
          el(svg, 'rect', { x, y, width: S, height: S,
            class: slash ? tone(c, r) : tone(c, r + 1) });
          const other = slash ? tone(c, r + 1) : tone(c, r);
          if (slash) {
            quarter(x, y, 1, 1, other);
            quarter(x + S, y + S, -1, -1, other);
          } else {
            quarter(x + S, y, -1, 1, other);
            quarter(x, y + S, 1, -1, other);
          }
          const g = cell(svg, 't:' + name(c, r), { x, y, width: S, height: S }, 'tile');
          g.dataset.link = slash ? '/' : '\\';
          if (p.flipped === name(c, r)) g.classList.add('flipped');
          marks(g);
        }
      for (let r = 0; r < 8; r++)
        for (let c = 0; c < 8; c++) {
          const n = name(c, r);
          const [x, y] = xy(c, r);
          const g = cell(svg, 'j:' + n, { cx: x, cy: y, r: S * 0.42 }, 'junction');
          if (HOMES.some(h => h.includes(n)))
            el(g, 'rect', { x: x - S * 0.3, y: y - S * 0.3, width: S * 0.6, height: S * 0.6,
              class: 'tr-base' });
          if (!p.at[n]) el(g, 'circle', { cx: x, cy: y, r: S * 0.06, class: 'tr-point' });
          const st = p.at[n];
          if (st) {
            el(g, 'circle', { cx: x, cy: y, r: S * 0.26,
              class: `piece tr-${st.side}${st.ghost ? ' ghost' : ''}`,
              'data-stack': st.side + st.h });
            el(g, 'text', { x, y: y + S * 0.09, class: 'label tr-h-' + st.side },
              String(st.h));
          }
          marks(g);
        }
      for (let c = 0; c < 8; c++) {
        const [x, y] = xy(c, 0);
        el(svg, 'text', { x, y: y + S * 0.72, class: 'coord' }, name(c, 0)[0]);
      }
      for (let r = 0; r < 8; r++) {
        const [x, y] = xy(0, r);
        el(svg, 'text', { x: x - S * 0.62, y: y + 6, class: 'coord' }, String(r + 1));
      }
    },
    // "*d4,g6-f5+f6<ws": flip tile d4, step g6 to f5, merge onto f6 from
    // the west and the south (each source once); a split's junctions once
    // per chip sent.
    parts(m) {
      const seq = [];
      let rest = m;
      const flip = /^\*([a-g][1-7]),/.exec(rest);
      if (flip) { seq.push('t:' + flip[1]); rest = rest.slice(flip[0].length); }
      const dests = (from, letters, once) =>
        [...(once ? new Set(letters) : letters)].map(l => 'j:' + neighbour(from, l));
      const step = /^([a-h][1-8])-([a-h][1-8])/.exec(rest);
      if (step) {
        seq.push('j:' + step[1], 'j:' + step[2]);
        rest = rest.slice(step[0].length);
        const merge = /^\+([a-h][1-8])<([wens]+)$/.exec(rest);
        if (merge) {
          seq.push('j:' + merge[1]);
          return { seq, set: dests(merge[1], merge[2], true) };
        }
        return { seq, set: rest[0] === '>' ? dests(step[2], rest.slice(1), false) : [] };
      }
      const act = /^([a-h][1-8])([<>])([wens]+)$/.exec(rest);
      if (act) {
        seq.push('j:' + act[1]);
        return { seq, set: dests(act[1], act[3], act[2] === '<') };
      }
      return { seq, set: [] };
    },
    // The move in plain words (the move list's and the best line's
    // tooltips): "flip tile d4, then move g6 to f5, then merge the stacks
    // of e6 and f5 onto f6".
    describe(m) {
      let rest = m, words = [];
      const flip = /^\*([a-g][1-7]),/.exec(rest);
      if (flip) { words.push(`flip tile ${flip[1]}`); rest = rest.slice(flip[0].length); }
      const step = /^([a-h][1-8])-([a-h][1-8])/.exec(rest);
      let at = null;
      if (step) {
        words.push(`move ${step[1]} to ${step[2]}`);
        at = step[2];
        rest = rest.slice(step[0].length);
        if (rest.startsWith('+')) rest = rest.slice(1);
        else if (rest.startsWith('>')) rest = at + rest;
      }
      const act = /^([a-h][1-8])([<>])([wens]+)$/.exec(rest);
      if (act) {
        const [, j, how, letters] = act;
        const count = new Map();
        for (const l of letters) count.set(neighbour(j, l), (count.get(neighbour(j, l)) || 0) + 1);
        const and = list => list.length > 1
          ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : list[0];
        const names = [...count.keys()];
        if (how === '<') words.push(`merge the stacks of ${and(names)} onto ${j}`);
        else {
          const one = [...count.values()].every(k => k === 1);
          words.push(`split ${j === at ? 'it' : j}: ` + (one ? `a chip each to ${and(names)}`
            : and([...count].map(([n, k]) => `${k} chip${k > 1 ? 's' : ''} to ${n}`))));
        }
      } else if (rest) return '';
      return words.join(', then ');
    },
    // Where the chips went: a step's stack to its end (or on to the merge
    // it joins), a merge's sources to its target, a split's chips to their
    // junctions.
    motion(m) {
      const { seq, set } = this.parts(m);
      const j = seq.filter(k => k.startsWith('j:'));
      if (j.length >= 3) return set.map(k => [k === j[1] ? j[0] : k, j[2]]);
      if (j.length === 2) return set.length ? set.map(k => [j[0], k]) : [[j[0], j[1]]];
      return m.includes('<') ? set.map(k => [k, j[0]]) : set.map(k => [j[0], k]);
    },
    // The tile flipped, the step, then the chips a merge gathers or a
    // split sends (one arrow per junction).
    arrow(m) {
      const { seq, set } = this.parts(m);
      const j = seq.filter(k => k.startsWith('j:'));
      const step = m.includes('-');
      const at = step ? j[1] : j[0];
      const rest = j.length >= 3 || (!step && m.includes('<'))
        ? set.map(k => [k, j[j.length - 1]]) : set.map(k => [at, k]);
      const arrows = [...(step ? [[j[0], j[1]]] : []), ...rest]
        .filter((a, i, all) => all.findIndex(b => b[0] === a[0] && b[1] === a[1]) === i);
      return { flips: seq.filter(k => k.startsWith('t:')), arrows };
    },
    ownPiece(p, key) {
      const st = key.startsWith('j:') && p.at[key.slice(2)];
      return Boolean(st) && st.side === p.side;
    },
    // The move as the clicks so far make it: the tile flipped, the
    // stepped stack moved, the chosen sources merged onto their target,
    // the chips sent so far on their junctions (drawn faint).
    preview(p, seq, set) {
      const q = { ...p, at: { ...p.at } };
      const j = seq.filter(k => k.startsWith('j:')).map(k => k.slice(2));
      const sent = set.map(k => k.slice(2));
      if (seq[0] && seq[0].startsWith('t:')) {
        const [c, r] = coords(seq[0].slice(2));
        const i = r * 7 + c;
        q.bits = p.bits.slice(0, i) + (p.bits[i] === '0' ? '1' : '0') + p.bits.slice(i + 1);
        q.flipped = seq[0].slice(2);
      }
      if (j.length >= 2 && p.at[j[0]] && !p.at[j[1]]) {
        q.at[j[1]] = p.at[j[0]];
        delete q.at[j[0]];
      }
      const own = n => q.at[n] && q.at[n].side === p.side;
      const target = j.length >= 3 ? j[2] : j.length === 1 && !own(j[0]) ? j[0] : null;
      if (target && sent.length) {
        const h = sent.reduce((n, k) => n + (own(k) ? q.at[k].h : 0), 0);
        for (const k of sent) delete q.at[k];
        q.at[target] = { side: p.side, h, ghost: true };
      } else if (!target && sent.length) {
        const from = j[j.length - 1];
        for (const k of sent) {
          const there = q.at[k] && q.at[k].ghost ? q.at[k].h : 0;
          q.at[k] = { side: p.side, h: there + 1, ghost: true };
        }
        const left = q.at[from].h - sent.length;
        if (left > 0) q.at[from] = { ...q.at[from], h: left };
        else delete q.at[from];
      }
      return q;
    },
    endReason(p, winner, sides) {
      const me = 'LD'[winner], other = 'LD'[1 - winner];
      if (HOMES[1 - winner].filter(j => p.at[j] && p.at[j].side === me).length >= 3)
        return `${sides[winner]} holds three of its target bases`;
      if (!Object.values(p.at).some(st => st.side === other))
        return `${sides[1 - winner]} has no chips left`;
      return `${sides[1 - winner]} cannot move`;
    },
    counts(p, sides) {
      const chips = { L: 0, D: 0 };
      for (const st of Object.values(p.at)) chips[st.side] += st.h;
      return `chips: ${sides[0]} ${chips.L}, ${sides[1]} ${chips.D}`;
    },
    about(p, sides) {
      return `${sides[0]} aims for the bases of row 1 (a1 c1 e1 g1), ` +
        `${sides[1]} for those of row 8: three of the four win.`;
    },
  });
})();
