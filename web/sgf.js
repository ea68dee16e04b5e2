// sgf.js -- SGF game trees for the page: a reader and a writer of SGF's
// grammar (variations, escapes, properties it does not know kept), and
// the mapping of triad's records to the page's tree (web/tree.js): moves
// in W[] and B[], the root's properties as the engine's printsgf writes
// them, and each node's review in the properties of doc/triad-web.md
// ("SGF").  No DOM; usable from node for the unit checks.
'use strict';

const TriadSgf = (() => {
  const Tree = typeof TriadTree !== 'undefined' ? TriadTree : require('./tree.js');

  // --- SGF's grammar ---------------------------------------------------------

  // An SGF node: { props: {ID: [value, ...]}, children: [node, ...] }.
  const sgfNode = () => ({ props: {}, children: [] });

  // The first game tree of TEXT as SGF nodes; throws an Error naming the
  // byte where the text stops being SGF.
  function parse(text) {
    let i = text.indexOf('(');
    if (i < 0) throw new Error('not SGF: no "("');
    const top = sgfNode(), stack = [];
    let cur = top, count = 0, inNode = false;
    const fail = what => { throw new Error(`not SGF: ${what} at byte ${i}`); };
    while (i < text.length) {
      const c = text[i];
      if (c === '(') {
        stack.push(cur);
        inNode = false;
        i++;
      } else if (c === ')') {
        if (!stack.length) fail('")" without "("');
        cur = stack.pop();
        inNode = false;
        i++;
        if (!stack.length) break;          // the first game tree is read
      } else if (c === ';') {
        if (!stack.length) fail('";" outside a game tree');
        if (++count > Tree.MAX_NODES) fail('too many nodes');
        const n = sgfNode();
        cur.children.push(n);
        cur = n;
        inNode = true;
        i++;
      } else if (/[A-Za-z]/.test(c)) {
        if (!inNode) fail('a property outside a node');
        let id = '';
        while (i < text.length && /[A-Za-z]/.test(text[i])) {
          if (/[A-Z]/.test(text[i])) id += text[i];  // FF[3]'s lower case is dropped
          i++;
        }
        const values = [];
        for (;;) {
          while (i < text.length && /\s/.test(text[i])) i++;
          if (text[i] !== '[') break;
          let v = '';
          for (i++; i < text.length && text[i] !== ']'; i++) {
            if (text[i] === '\\') {
              i++;
              if (text[i] === '\r' && text[i + 1] === '\n') i++;   // a soft line break
              else if (text[i] !== '\n' && text[i] !== '\r') v += text[i] ?? '';
            } else {
              v += text[i];
            }
          }
          if (i >= text.length) fail(`a value of ${id} not closed`);
          i++;
          values.push(v);
        }
        if (!values.length || !id) fail(`property ${id || c} without a value`);
        cur.props[id] = (cur.props[id] || []).concat(values);
      } else if (/\s/.test(c)) {
        i++;
      } else {
        fail(`"${c}"`);
      }
    }
    if (stack.length) throw new Error('not SGF: a game tree not closed');
    if (!top.children.length) throw new Error('not SGF: no node');
    return top.children[0];
  }

  const escape = v => String(v).replace(/[\]\\]/g, '\\$&');

  function nodeText(n) {
    return ';' + Object.entries(n.props)
      .map(([id, values]) => id + values.map(v => `[${escape(v)}]`).join('')).join('');
  }

  // The game tree under ROOT as SGF text: a line goes on in one sequence,
  // a node with several children opens a "(...)" for each.
  function write(root) {
    const seq = (n, top) => {
      let out = nodeText(n) + (top ? '\n' : '');
      let x = n, k = 0;
      while (x.children.length === 1) {
        x = x.children[0];
        out += nodeText(x) + (++k % 10 === 0 ? '\n' : '');
      }
      return out + x.children.map(c => `\n(${seq(c).trimEnd()})`).join('');
    };
    return `(${seq(root, true).trimEnd()})\n`;
  }

  // --- reviews -----------------------------------------------------------------

  const REVIEW_IDS = ['XE', 'XW', 'XBEST', 'XPV', 'XPROVEN', 'XDEPTH', 'XLOSS', 'DO', 'BM'];
  const MARKS = { inaccuracy: ['DO', ''], mistake: ['BM', '1'], blunder: ['BM', '2'] };
  const COMMENT = /^(Inaccuracy|Mistake|Blunder): [^\n]*(\n\n)?/;
  const cap = s => s[0].toUpperCase() + s.slice(1);
  const finite = v => typeof v === 'number' && Number.isFinite(v);

  // A node's review from its properties (UNIT the root's XUNIT), taking
  // them out of PROPS; null when it has none.
  function readReview(props, unit) {
    const one = id => (props[id] ? props[id][0] : undefined);
    if (one('XE') === undefined && one('XW') === undefined && one('XBEST') === undefined)
      return null;
    const num = v => (v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));
    const mark = props.DO ? 'inaccuracy' : one('BM') === '2' ? 'blunder'
      : props.BM ? 'mistake' : null;
    const review = { score: num(one('XE')), unit: unit || null, win: num(one('XW')),
      best: one('XBEST') || null, pv: (one('XPV') || '').split(' ').filter(Boolean),
      depth: num(one('XDEPTH')), proven: one('XPROVEN') || null, loss: num(one('XLOSS')), mark };
    for (const id of REVIEW_IDS) delete props[id];
    if (mark && props.C) {                 // the comment written for the mark
      const rest = props.C[0].replace(COMMENT, '');
      if (rest) props.C = [rest];
      else delete props.C;
    }
    return review;
  }

  // "Mistake: White's win chance 0.62 -> 0.41. Better: E3F4."
  function markComment(review, before, mover, sides) {
    const side = cap(sides[mover]);
    const view = w => (mover === 0 ? w : 1 - w);
    let what;
    if (before && finite(before.win) && finite(review.win))
      what = `${side}'s win chance ${view(before.win).toFixed(2)} -> ${view(review.win).toFixed(2)}`;
    else if (before && finite(before.score) && finite(review.score)) {
      const s = v => (mover === 0 ? v : -v).toFixed(2);
      what = `${side}'s score ${s(before.score)} -> ${s(review.score)}` +
        (review.unit ? ` ${review.unit}` : '');
    } else {
      what = `${side} lost ${finite(review.loss) ? review.loss.toFixed(2) : 'ground'}`;
    }
    const better = before && before.best ? ` Better: ${before.best}.` : '';
    return `${cap(review.mark)}: ${what}.${better}`;
  }

  // The properties of a review (on a move node: with its mark, loss and
  // comment; MOVER the side that played it, BEFORE its parent's review).
  function reviewProps(review, move, before, mover, sides) {
    const p = {};
    if (finite(review.score)) p.XE = [review.score.toFixed(2)];
    if (finite(review.win)) p.XW = [review.win.toFixed(3)];
    if (review.best) p.XBEST = [review.best];
    if (Array.isArray(review.pv) && review.pv.length) p.XPV = [review.pv.join(' ')];
    if (review.proven) p.XPROVEN = [review.proven];
    if (Number.isInteger(review.depth)) p.XDEPTH = [String(review.depth)];
    if (move && MARKS[review.mark]) {
      const [id, v] = MARKS[review.mark];
      p[id] = [v];
      if (finite(review.loss)) p.XLOSS = [review.loss.toFixed(3)];
      p.C = [markComment(review, before, mover, sides)];
    }
    return p;
  }

  // --- triad's records ---------------------------------------------------------

  const moveOf = props => (props.W || props.B || [])[0];

  // TEXT (a record of printsgf, triad-match or this page) as
  // { game, start, root }: root a tree (web/tree.js) with the moves, their
  // variations, the reviews, and in root.props the root's properties.
  function read(text) {
    const s = parse(text);
    const game = s.props.XGAME && s.props.XGAME[0];
    const start = s.props.XSTART && s.props.XSTART[0];
    if (!game || !start) throw new Error('not a triad SGF record (XGAME, XSTART)');
    const root = Tree.create();
    const unit = s.props.XUNIT ? s.props.XUNIT[0] : null;
    const props = { ...s.props };
    delete props.XUNIT;
    root.review = readReview(props, unit);
    root.props = props;
    // Nodes without a move (a comment, a setup) are passed through to their children.
    const todo = s.children.map(c => [c, root]);
    while (todo.length) {
      const [sn, parent] = todo.shift();
      const move = moveOf(sn.props);
      let n = parent;
      if (move !== undefined) {
        if (!/^\S+$/.test(move) || move.length > 200) throw new Error(`not a move: "${move}"`);
        n = Tree.add(parent, move);
        const kept = { ...sn.props };
        delete kept.W;
        delete kept.B;
        n.review = readReview(kept, unit);
        n.props = kept;
      }
      todo.push(...sn.children.map(c => [c, n]));
    }
    return { game, start, root };
  }

  // The side (0 or 1) that played N: the side to move at its parent.
  function mover(n, sides) {
    const m = /^playing (\S+)/.exec(n.parent.status || '');
    const i = m ? sides.indexOf(m[1]) : -1;
    return i >= 0 ? i : (Tree.depth(n) - 1) % 2;
  }

  // The tree under ROOT as SGF text, with the root properties ROOTPROPS
  // (the engine's printsgf's, in their order) before those of root.props
  // they do not have.  SIDES: the side names (PW, PB).
  function record(root, rootProps, sides) {
    const reviewed = Tree.hasReview(root);
    const convert = n => {
      const s = sgfNode();
      if (n.move === null) {
        Object.assign(s.props, rootProps);
        for (const [k, v] of Object.entries(n.props)) if (!(k in s.props)) s.props[k] = v;
        if (reviewed) {
          let unit = null;
          Tree.walk(root, x => { if (!unit && x.review && x.review.unit) unit = x.review.unit; });
          if (unit) s.props.XUNIT = [unit];
          if (!s.props.XREVIEWER && rootProps.AP) s.props.XREVIEWER = rootProps.AP;
          for (const k of ['XUNIT', 'XREVIEW', 'XREVIEWER']) {    // always in this order
            const v = s.props[k];
            delete s.props[k];
            if (v) s.props[k] = v;
          }
        }
      } else {
        s.props[mover(n, sides) === 0 ? 'W' : 'B'] = [n.move];
      }
      if (n.review)
        Object.assign(s.props, reviewProps(n.review, n.move !== null, n.parent && n.parent.review,
                                           n.move === null ? 0 : mover(n, sides), sides));
      if (n.move !== null)
        for (const [k, v] of Object.entries(n.props)) {
          if (k === 'C' && s.props.C) s.props.C = [`${s.props.C[0]}\n\n${v[0]}`];
          else if (!(k in s.props)) s.props[k] = v;
        }
      return s;
    };
    // Built without recursion: a long game is a deep tree.
    const top = convert(root);
    const todo = [[root, top]];
    while (todo.length) {
      const [n, s] = todo.pop();
      for (const c of n.children) {
        const sc = convert(c);
        s.children.push(sc);
        todo.push([c, sc]);
      }
    }
    return write(top);
  }

  return { parse, write, read, record };
})();

if (typeof module !== 'undefined') module.exports = TriadSgf;
