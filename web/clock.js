// clock.js -- the two clocks of a game played per game (sudden death):
// each side's time left, the side to move's running.  Times in
// milliseconds, `now` from performance.now().
'use strict';

class GameClocks {
  constructor(seconds, left) {
    this.left = left ? [...left] : [seconds * 1000, seconds * 1000];
    this.running = -1;
    this.since = 0;
  }

  // Charges the running side and starts SIDE (-1: none runs).
  switchTo(side, now) {
    if (this.running >= 0) this.left[this.running] -= now - this.since;
    this.running = side;
    this.since = now;
  }

  remaining(side, now) {
    const spent = side === this.running ? now - this.since : 0;
    return Math.max(0, this.left[side] - spent);
  }

  // "4:05", "0:09.4" under ten seconds.
  static format(ms) {
    const s = ms / 1000;
    if (s < 10) return `0:0${s.toFixed(1)}`;
    const whole = Math.ceil(s);
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
  }
}
