// cardstack web: a recording's playback, as the terminal's ReplayPlayer has it: its events
// applied in order up to the position, pause, step and speed. Times are seconds, passed in.
// No DOM: Tests/page/replayplayer.test.mjs runs it in node.

// Plays a recording at its recorded timing, as `cardstack view --replay` does (the same
// semantics as the terminal's ReplayPlayer): the events up to the playback position are
// applied in order; space pauses (at the end it plays again from the start), `,` and `.`
// pause and step one frame, `+` and `-` step the speed through SPEEDS. Times are seconds:
// the recording's on the daemon's clock, the wall's from performance.now().
export const SPEEDS = [0.1, 0.25, 0.5, 1, 2, 4];

export class ReplayPlayer {
  constructor(entries, now) {
    this.entries = entries;
    this.frames = [];
    entries.forEach((e, i) => { if (e.message.event === "frame") this.frames.push(i); });
    this.paused = false;
    this.speed = 1;
    this.wall = now;
    this.restart(now);
  }

  get start() { return this.entries.length ? this.entries[0].time : 0; }
  get end() { return this.entries.length ? this.entries[this.entries.length - 1].time : 0; }
  get atEnd() { return this.applied === this.entries.length; }

  restart(now) {
    this.frame = null;   // the newest frame event played
    this.params = null;  // the newest params event played
    this.error = null;   // the config error in force
    this.applied = 0;
    this.position = this.start;
    this.playUpTo(this.position);
  }

  apply(m) {
    switch (m.event) {
      case "frame": this.frame = m; break;
      case "params": this.params = m; this.error = m.error || null; break;
      case "config_error": this.error = m; break;
    }
  }

  playUpTo(time) {
    while (this.applied < this.entries.length && this.entries[this.applied].time <= time) {
      this.apply(this.entries[this.applied++].message);
    }
  }

  advance(now) {
    if (!this.paused && !this.atEnd) {
      this.position = Math.min(this.position + (now - this.wall) * this.speed, this.end);
      this.playUpTo(this.position);
    }
    this.wall = now;
  }

  togglePause(now) {
    this.advance(now);
    if (this.atEnd) { this.restart(now); this.paused = false; } else this.paused = !this.paused;
  }

  step(count, now) {
    this.advance(now);
    this.paused = true;
    if (!this.frames.length) return;
    let current = -1;
    for (let k = 0; k < this.frames.length && this.frames[k] < this.applied; k++) current = k;
    const target = Math.min(Math.max(current + count, 0), this.frames.length - 1);
    const index = this.frames[target];
    if (index + 1 < this.applied) this.restart(now);
    this.position = this.entries[index].time;
    while (this.applied <= index) this.apply(this.entries[this.applied++].message);
  }

  changeSpeed(faster, now) {
    this.advance(now);
    if (faster) this.speed = SPEEDS.find((s) => s > this.speed + 1e-9) ?? SPEEDS[SPEEDS.length - 1];
    else this.speed = [...SPEEDS].reverse().find((s) => s < this.speed - 1e-9) ?? SPEEDS[0];
  }

  // `replay 0.734 / 2.100 s · ×0.5 · t 12.345 · paused`, as the terminal's status line.
  statusText() {
    const seconds = (x) => {
      const ms = Math.round(Math.max(x, 0) * 1000);
      return `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, "0")}`;
    };
    let text = `replay ${seconds(this.position - this.start)} / ${seconds(this.end - this.start)} s · ×${this.speed}`;
    if (this.frame && this.frame.time !== undefined) text += ` · t ${seconds(this.frame.time)}`;
    if (this.atEnd) text += " · end"; else if (this.paused) text += " · paused";
    return text;
  }
}

// The recording's JSON lines as entries; a later line with an earlier time plays at its place.
export function readRecording(text) {
  const entries = [];
  let latest = -Infinity;
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const message = JSON.parse(line);
    if (typeof message.time !== "number" || !message.event) continue;
    latest = Math.max(latest, message.time);
    entries.push({ time: latest, message });
  }
  return entries;
}
