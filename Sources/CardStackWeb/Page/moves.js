// cardstack web: replay timing: a move's offset at any time, as CardLayout's MotionStart and
// Motion compute it, and a transition's offset between the frames the daemon sent. No DOM:
// Tests/page/moves.test.mjs runs it in node.
import { curveValue, landing } from "./curves.js";
import { springState } from "./springs.js";

// A move's offset (its own space, unwrapped) at `t`, as CardLayout's MotionStart and
// Motion compute it: a step on its spring (settled within 0.001 pt and 0.05 pt/s, or after 60 s:
// the target) or its timing curve ("decelerate" on a step is Motion.landing); a fling as a
// step on its spring when it snaps to one, else its coast (Motion.fling).
export function moveAt(motion, animation, t) {
  if (motion.from === motion.to) return motion.to;
  const slowdown = animation.slowdown || 1, elapsed = (t - motion.start) / slowdown;
  if (motion.kind === "fling" && !(animation.spring && animation.snap)) {
    // A coast to its target (the frame's `to`): the decay of Motion.fling, at most 2 s.
    const k = animation.deceleration, duration = Math.min(Math.log(0.01) / Math.log(k) / 1000, 2);
    if (elapsed >= duration) return motion.to;
    const u = Math.max(elapsed, 0), total = 1 - Math.pow(k, duration * 1000);
    const progress = total > 1e-12 ? (1 - Math.pow(k, u * 1000)) / total : u / duration;
    return motion.from + (motion.to - motion.from) * progress;
  }
  if (animation.spring) {
    if (elapsed >= 60) return motion.to;
    const [x, v] = springState(animation.spring, motion.from - motion.to, motion.velocity, elapsed);
    if (Math.abs(x) <= 0.001 && Math.abs(v) <= 0.05) return motion.to;
    return motion.to + springState(animation.spring, motion.from - motion.to, motion.velocity, Math.max(elapsed, 0))[0];
  }
  const duration = Math.min(Math.max(animation.duration, 0), 10);
  const u = Math.max(elapsed, 0);
  if (elapsed >= duration || !(duration > 0)) return motion.to;
  const progress = animation.curve === "decelerate" ? landing(u / duration) : curveValue(animation.curve, u / duration);
  return motion.from + (motion.to - motion.from) * progress;
}

// The transition's offset at `t` (unwrapped, as the graph plots it): the last frame at or
// before `t`; while it moves, its step computed again (moveAt) when the page can, else the
// straight line to the next frame (`verify --device` computes every move exactly); at rest,
// or after the last frame, that frame's; before the first, the first's. `lined` counts the
// times the straight line stood in for the move.
export function specAt(frames, points, t, params, period, lined) {
  let low = 0, high = points.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (points[middle][0] <= t) low = middle + 1; else high = middle;
  }
  if (low === 0) return points[0][1];
  const [t0, x0] = points[low - 1];
  const frame = frames[low - 1];
  if (!frame.motion) return x0;
  const own = params && params.revision === frame.revision ? moveAt(frame.motion, params.params.animation, t) : null;
  if (own !== null) {
    let d = own - frame.frame.offset;
    if (period > 0) d -= period * Math.round(d / period);
    return x0 + d;
  }
  if (low === points.length) return x0;
  const [t1, x1] = points[low];
  lined.count++;
  return x0 + ((x1 - x0) * (t - t0)) / (t1 - t0);
}
