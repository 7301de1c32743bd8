// cardstack web: replay timing: a move's offset at any time, as CardLayout's MotionStart and
// Motion compute it, and a transition's offset between the frames the daemon sent. No DOM:
// Tests/page/moves.test.mjs runs it in node.
import { curveValue, landing } from "./curves.js";
import { springState } from "./springs.js";

// A move's offset (its own space, unwrapped) at `t`, as CardLayout's MotionStart and
// Motion compute it: a step on its spring (settled within 0.001 pt and 0.05 pt/s, or after 60 s:
// the target) or its timing curve ("decelerate" on a step is Motion.landing); a fling as a
// step on its spring when it snaps to one, else its coast (Motion.fling); a fling or a
// drag's release the scroll model's throw (throwAt), which needs the whole parameters `p`
// (null: such a move cannot be computed here).
export function moveAt(motion, animation, t, p = null) {
  if (motion.kind === "fling" || motion.kind === "release") return p ? throwAt(motion, p, t) : null;
  if (motion.from === motion.to) return motion.to;
  const slowdown = animation.slowdown || 1, elapsed = (t - motion.start) / slowdown;
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
  const own = params && params.revision === frame.revision ? moveAt(frame.motion, params.params.animation, t, params.params) : null;
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

// MARK: Throws: a `fling` or a drag's `release` under the scroll model (docs/layouts.md §8.1),
// as CardLayout's ScrollMotion.release, ScrollView, ICarousel and FlipPan compute it.

const BOUNCE = { response: (2 * Math.PI) / 10, damping_ratio: 1 };  // ScrollView.bounceSpring
const away = (x) => Math.sign(x) * Math.round(Math.abs(x));       // .toNearestOrAwayFromZero
const cubic = (x) => { const t = Math.min(Math.max(x, 0), 1); return t < 0.5 ? 0.5 * (2 * t) ** 3 : 0.5 * (2 * t - 2) ** 3 + 1; };

// The scroll model in force: `scroll.model`, or the style's seed's.
export function scrollModel(p) {
  if (p.scroll && p.scroll.model) return p.scroll.model;
  const style = p.layout.style;
  return style === "stack" || style === "zoom_flow" || style === "switcher7" ? "scroll_view" : style === "flip" ? "flip" : "icarousel";
}

function normalize(x, p) {
  if (!Number.isFinite(x)) return 0;
  const period = p.layout.cards * p.layout.spacing;
  if (p.layout.wrap) { let r = x % period; if (r < 0) r += period; return r < period ? r : 0; }
  return Math.min(Math.max(x, 0), period - p.layout.spacing);
}

function snapPoint(x, p) {
  const d = p.layout.spacing, steps = away(x / d);
  const snapped = Number.isFinite(steps) && Number.isFinite(steps * d) ? steps * d : x;
  return p.layout.wrap ? snapped : normalize(snapped, p);
}

// A piece's duration; its position and velocity `t` s in (ScrollMotion.Piece).
function pieceDuration(q) {
  if (q.kind === "brake") return q.v !== 0 && (q.to - q.from) / q.v > 0 ? Math.abs(q.to - q.from) / Math.abs(0.5 * q.v) : 0;
  return q.kind === "spring" ? Infinity : q.d;
}
function pieceAt(q, t) {
  const d = pieceDuration(q);
  t = Math.min(Math.max(t, 0), d);
  switch (q.kind) {
    case "decay": return q.from - (q.v * Math.expm1(-q.k * t)) / q.k;
    case "brake": return d > 0 && t < d ? q.from + q.v * t - 0.5 * (q.v / d) * t * t : q.to;
    case "spring": {
      if (t >= 60) return q.to;
      const [x, v] = springState(q.spring, q.from - q.to, q.v, t);
      return Math.abs(x) <= 0.001 && Math.abs(v) <= 0.05 ? q.to : q.to + x;
    }
    default: return d > 0 ? q.from + (q.to - q.from) * (q.curve === "cubic" ? cubic(t / d) : curveValue(q.curve, t / d)) : q.to;
  }
}
const settle = (spring, from, to, v) => (from !== to || v !== 0 ? [{ kind: "spring", spring, from, to, v }] : []);

// ScrollView.release and its landing.
function scrollViewRelease(x, v, p) {
  const a = p.animation, s = p.scroll, spring = a.spring || BOUNCE, k = -1000 * Math.log(a.deceleration);
  if (!p.layout.wrap) {
    const lo = 0, hi = Math.max(p.layout.cards * p.layout.spacing - p.layout.spacing, 0);
    if (x < lo || x > hi) {
      const edge = Math.min(Math.max(x, lo), hi), past = x - edge, limit = 10 * Math.abs(past);
      if (!a.spring && v * past < 0 && Math.abs(v) > limit) v = past > 0 ? -limit : limit;
      return settle(spring, x, edge, v);
    }
    let coast = (v / 1000) * (a.deceleration / (1 - a.deceleration));
    if (!Number.isFinite(coast)) coast = 0;
    const natural = x + coast;
    if (s.bounces && !s.paging && v !== 0 && k > 0 && (natural < lo || natural > hi)) {
      const edge = natural > hi ? hi : lo, reach = ((edge - x) * k) / v, t = -Math.log1p(-reach) / k;
      return [...(t > 0 ? [{ kind: "decay", from: x, v, k, d: t }] : []), ...settle(spring, edge, edge, v * (1 - reach))];
    }
  }
  let to;
  if (s.paging) {
    const page = x / p.layout.spacing;
    to = (v > 0 ? Math.floor(page) + 1 : v < 0 ? Math.ceil(page) - 1 : away(page)) * p.layout.spacing;
    if (!p.layout.wrap) to = normalize(to, p);
  } else {
    let coast = (v / 1000) * (a.deceleration / (1 - a.deceleration));
    const end = x + (Number.isFinite(coast) ? coast : 0);
    to = a.snap ? snapPoint(end, p) : p.layout.wrap ? end : normalize(end, p);
  }
  const d = to - x;
  if (!(v !== 0 && d * v > 0 && k > 0 && Number.isFinite(k))) return settle(spring, x, to, v);
  const q = (d * k) / v;
  if (q <= 0.5) return [{ kind: "brake", from: x, to, v }];
  if (q > 2) return Math.abs(v) <= 10 * Math.abs(d) || a.spring ? settle(spring, x, to, v) : [{ kind: "brake", from: x, to, v }];
  const k2 = k * Math.min(1, 0.995 / q), vs = 2 * (v - d * k2);
  const decay = { kind: "decay", from: x, v, k: k2, d: Math.log(v / vs) / k2 };
  return [decay, { kind: "brake", from: pieceAt(decay, decay.d), to, v: vs }];
}

// ICarousel.release, in points.
function icarouselRelease(x, velocity, p) {
  const sp = p.layout.spacing, n = p.layout.cards, sc = p.scroll, wrap = p.layout.wrap, s = x / sp;
  const clamped = (u) => (wrap ? u : Math.min(Math.max(u, 0), n - 1));
  const b = sc.bounces ? Math.max(sc.bounce_distance, 0) : 0;
  const inRange = (u) => (wrap ? u : Math.min(Math.max(u, -b), n - 1 + b));
  const factor = !wrap && sc.bounces && sc.bounce_distance > 0 ? 1 - Math.min(Math.abs(s - clamped(s)), sc.bounce_distance) / sc.bounce_distance : 1;
  const v = (velocity * factor * sc.scroll_speed) / sp;
  let coast = v / (2 * 30 * (1 - sc.deceleration_rate));
  if (!Number.isFinite(coast)) coast = 0;
  const current = (u) => clamped(away(u));
  const scroll = (from, item) => {
    const to = item * sp;
    if (from === to) return [];
    if (p.animation.spring) return settle(p.animation.spring, from, to, 0);
    return [{ kind: "eased", from, to, d: Math.abs(from / sp - item) < 1e-6 ? 0.01 : 0.4, curve: "cubic" }];
  };
  if (Math.abs(v) > 2 && Math.abs(coast) > 0.1) {
    let end = s + coast;
    if (sc.paging) end = coast > 0 ? Math.ceil(s) : Math.floor(s);
    else if (sc.stop_at_item_boundary) end = coast > 0 ? Math.ceil(end) : Math.floor(end);
    end = inRange(end);
    const pieces = end !== s ? [{ kind: "brake", from: x, to: end * sp, v: v * sp }] : [];
    if (!(sc.scroll_to_item_boundary || clamped(end) !== end)) return pieces;
    return [...pieces, ...scroll(end * sp, current(end))];
  }
  if (!(sc.scroll_to_item_boundary || clamped(s) !== s)) return [];
  const item = current(s);
  let to = item;
  if (Math.abs(s - item) >= 1e-6 && Math.abs(v) > 2 && Math.abs(s - item) > 0.1) to = clamped(item + (v > 0 ? 1 : -1));
  return scroll(x, to);
}

// FlipPan.release from `x`, the pan counted from `base`.
function flipRelease(x, base, p) {
  const sp = p.layout.spacing, q = (2 * (x - base)) / sp, step = q >= 0.5 ? 1 : q <= -0.5 ? -1 : 0;
  let to = base + step * sp;
  if (!p.layout.wrap) to = normalize(to, p);
  if (to === x) return [];
  if (p.animation.spring) return settle(p.animation.spring, x, to, 0);
  return [{ kind: "eased", from: x, to, d: to === base ? 0.2 : 0.3, curve: "ease_in_out" }];
}

// A throw's offset (unwrapped) at `t` on the daemon's clock: `motion` a frame's `fling` or
// `release`, `p` the parameters it ran under (get_params' `params`).
export function throwAt(motion, p, t) {
  const v = Number.isFinite(motion.velocity) ? motion.velocity : 0, model = scrollModel(p);
  const pieces = model === "scroll_view" ? scrollViewRelease(motion.from, v, p)
    : model === "icarousel" ? icarouselRelease(motion.from, v, p)
    : flipRelease(motion.from, motion.kind === "release" && motion.base != null ? motion.base : snapPoint(motion.from, p), p);
  if (pieces.length === 0) return motion.from;
  let u = Math.max((t - motion.start) / (p.animation.slowdown || 1), 0);
  for (const q of pieces) {
    const d = pieceDuration(q);
    if (u < d) return pieceAt(q, u);
    u -= d;
  }
  return pieceAt(pieces[pieces.length - 1], Infinity);
}
