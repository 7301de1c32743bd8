// cardstack web: the motion graph's series from the frames the daemon sent: the last
// transition among the kept frames, from its first moving frame, offsets unwrapped across the
// deck's wrap, velocities, jumps marked. No DOM: Tests/page/series.test.mjs runs it in node.

export const TRANSITION_GAP = 0.15; // s between two frames that belong to different transitions
export const JUMP_FRACTION = 1 / 3; // a velocity change this share of the peak, alone, is a jump

// Two kept frames are of one transition when they are less than TRANSITION_GAP apart or are
// points of the same move (its `motion.start`): a tick late on a busy machine, or frames
// passed over for a page that read slowly, leave a gap inside a move, not two moves.
export function together(a, b) {
  return b.time - a.time < TRANSITION_GAP || (!!a.motion && !!b.motion && a.motion.start === b.motion.start);
}

// The last transition's frames among `kept` (frame events, oldest first): the newest run of
// frames together in which the offset moves (a reveal or a lone frame moves nothing: the one
// before), from the move's first frame. With `at` (a kept frame's index), the run holding it.
export function lastTransition(kept, at) {
  let end = kept.length;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && together(kept[start - 1], kept[start])) start--;
    const run = kept.slice(start, end);
    const inside = at === undefined || (at >= start && at < end);
    if (inside && run.length >= 2 && run.some((m) => m.frame.offset !== run[0].frame.offset)) return fromMoveStart(run);
    if (at !== undefined && at >= start) return [];
    end = start;
  }
  return [];
}

// The frames of one run from the move's first frame: the frames before it that repeat its
// offset (the frame at rest a subscriber is sent at once) are not part of the motion.
export function fromMoveStart(run) {
  const moved = run.findIndex((m) => m.frame.offset !== run[0].frame.offset);
  return moved > 1 ? run.slice(moved - 1) : run;
}

// Offsets with the deck's wraps taken out: a step between two frames is the shortest one
// modulo `period` (cards × spacing when the deck wraps, else 0: nothing to unwrap).
export function unwrapOffsets(offsets, period) {
  const out = [];
  offsets.forEach((o, i) => {
    if (!i) { out.push(o); return; }
    let d = o - offsets[i - 1];
    if (period > 0) d -= period * Math.round(d / period);
    out.push(out[i - 1] + d);
  });
  return out;
}

// What the graph draws of `frames` (one transition): the frames it plots, the (time,
// unwrapped offset) points, the velocity of each interval at its end ([time, pt/s]), its peak,
// and the times where the velocity jumps (jumpFrames). Every time is the frame's own (its
// event's `time`, the daemon's clock), never when it arrived; a frame whose time is not after
// the one before it (the same frame sent twice) is left out: it adds no interval.
export function motionSeries(all, period) {
  const frames = all.filter((m, i) => i === 0 || m.time > all[i - 1].time);
  const times = frames.map((m) => m.time);
  const offsets = unwrapOffsets(frames.map((m) => m.frame.offset), period);
  const velocities = [];
  const durations = [];
  for (let i = 1; i < frames.length; i++) {
    // Frames less than a nanosecond apart (a hand-made recording) have no speed to plot.
    const dt = times[i] - times[i - 1];
    durations.push(dt);
    velocities.push([times[i], dt > 1e-9 ? (offsets[i] - offsets[i - 1]) / dt : 0]);
  }
  const peak = Math.max(...velocities.map((v) => Math.abs(v[1])), 0);
  const jumps = jumpFrames(velocities.map((p) => p[1]), peak, durations).map((i) => times[Math.min(i, times.length - 1)]);
  return { frames, points: times.map((t, i) => [t, offsets[i]]), velocities, peak, jumps };
}

// The frames (indices) where the velocities jump, with rest before the first interval and
// after the last — the rule `cardstack plot` uses (MotionSeries.swift; docs/render.md,
// "Velocity jumps"). Each change of velocity is set against the time it took: the span
// between the middles of its two intervals (half the first interval from rest, half the
// last one to rest). A jump is a change of more than JUMP_FRACTION of the peak that is over
// twice what the rate of change beside it (velocity per second, before or after) would
// give over its own span; or two changes of the same sense that together are over three
// times that (a move that stops part-way through its last interval). `durations` are the
// intervals' lengths in seconds (all equal when left out): frames a busy machine sent late
// or never leave a long interval whose larger change is the motion's own, not a jump.
export function jumpFrames(velocities, peak, durations) {
  if (!(peak > 0)) return [];
  const v = [0, ...velocities, 0];
  const d = durations ?? velocities.map(() => 1);
  const big = JUMP_FRACTION * peak;
  const inside = (i) => i >= 1 && i < v.length;
  const change = (i) => (inside(i) ? v[i] - v[i - 1] : 0);
  const span = (i) => (i <= 1 ? d[0] / 2 : i >= v.length - 1 ? d[d.length - 1] / 2 : (d[i - 2] + d[i - 1]) / 2);
  const rate = (i) => (inside(i) ? Math.abs(change(i)) / span(i) : 0);
  const frames = new Set();
  for (let i = 1; i < v.length; i++) {
    const single = change(i);
    if (Math.abs(single) > big && Math.abs(single) > 2 * span(i) * Math.max(rate(i - 1), rate(i + 1))) {
      frames.add(i - 1);
    } else if (i + 1 < v.length && single * change(i + 1) > 0) {
      const double = single + change(i + 1);
      const both = (span(i) + span(i + 1)) / 2;
      if (Math.abs(double) > big && Math.abs(double) > 3 * both * Math.max(rate(i - 1), rate(i + 2))) frames.add(i);
    }
  }
  return [...frames].sort((a, b) => a - b);
}
