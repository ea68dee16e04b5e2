// clicks.js -- moves entered by clicks, for any game: a move is a
// sequence of keys clicked in order, then keys clicked in any order, a key
// once per click (the game's parts(), web/board.js).  The candidates are
// the legal moves that agree with the clicks so far (SEL: {seq, set}).
'use strict';

const TriadClicks = (() => {
  const count = (list, k) => list.filter(x => x === k).length;
  const within = (small, big) => small.every(k => count(small, k) <= count(big, k));
  const EMPTY = { seq: [], set: [] };

  // GAME: {legal, parts(move), own(key)}: the legal moves, the game's
  // parts and whether a key is one of the mover's own pieces.
  function candidates(game, sel) {
    return game.legal.filter(m => {
      const p = game.parts(m);
      if (p.seq.length < sel.seq.length) return false;
      for (let i = 0; i < sel.seq.length; i++) if (p.seq[i] !== sel.seq[i]) return false;
      if (sel.set.length && p.seq.length !== sel.seq.length) return false;
      return within(sel.set, p.set);
    });
  }

  // The candidate the clicks make in full, if one.
  function complete(game, cands, sel) {
    return cands.find(m => {
      const p = game.parts(m);
      return p.seq.length === sel.seq.length && p.set.length === sel.set.length &&
        within(sel.set, p.set);
    });
  }

  function nextKeys(game, cands, sel) {
    const keys = new Set();
    for (const m of cands) {
      const p = game.parts(m);
      if (p.seq.length > sel.seq.length) keys.add(p.seq[sel.seq.length]);
      else for (const k of p.set) if (count(p.set, k) > count(sel.set, k)) keys.add(k);
    }
    return keys;
  }

  // One click (or the drop of a drag) on KEY: {sel} the clicks after it,
  // or {play} the move they make.
  function click(game, sel, key, drop) {
    const cands = candidates(game, sel);
    const nexts = nextKeys(game, cands, sel);
    const done = complete(game, cands, sel);
    const starts = nextKeys(game, game.legal, EMPTY);
    const last = sel.seq[sel.seq.length - 1];
    // A second click on the last key of a move that could go on plays it
    // as it stands (a step that could also merge or split).
    if (done && !sel.set.length && key === last && !nexts.has(key)) return { play: done };
    let next;
    if (!drop && sel.seq.length === 1 && !sel.set.length && key === last) {
      next = EMPTY;                                    // a second click lets go
    } else if (!drop && sel.seq.length === 1 && !sel.set.length &&
               game.own(key) && game.own(last) && starts.has(key)) {
      next = { seq: [key], set: [] };                  // another own piece
    } else if (nexts.has(key)) {
      next = cands.some(m => game.parts(m).seq[sel.seq.length] === key)
        ? { seq: [...sel.seq, key], set: sel.set } : { seq: sel.seq, set: [...sel.set, key] };
    } else if (sel.set.includes(key)) {
      next = { seq: sel.seq, set: sel.set.filter(k => k !== key) };  // all of it back
    } else {
      next = { seq: starts.has(key) ? [key] : [], set: [] };
    }
    // One move left and nothing more to click in order: play it (the
    // rest of its set follows).
    const left = candidates(game, next);
    if (left.length === 1 && game.parts(left[0]).seq.length === next.seq.length)
      return { play: left[0] };
    return { sel: next };
  }

  return { candidates, complete, nextKeys, click, count };
})();
