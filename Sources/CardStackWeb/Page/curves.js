// cardstack web: timing curves as CardLayout's TimingCurve and Motion have them: the named
// curves' control points, a cubic Bézier's value, decelerate's landing, and the Bézier an
// export's design tokens carry. No DOM: Tests/page/curves.test.mjs runs it in node.

// A timing curve's value at x in [0, 1], as CardLayout's TimingCurve and UnitBezier have it:
// the named curves' control points, Newton's method then bisection to 1e-9.
export const CURVE_POINTS = {
  linear: [0, 0, 1, 1], ease_in: [0.42, 0, 1, 1], ease_out: [0, 0, 0.58, 1], ease_in_out: [0.42, 0, 0.58, 1],
};
// The names animation.curve takes; decelerate is no Bézier (landing).
export const CURVE_NAMES = ["decelerate", "linear", "ease_in", "ease_out", "ease_in_out"];

export function curveValue(curve, x) {
  const t = Math.min(Math.max(x, 0), 1);
  const p = Array.isArray(curve) ? curve : CURVE_POINTS[curve];
  if (!p || (p[0] === 0 && p[1] === 0 && p[2] === 1 && p[3] === 1)) return t;
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  const cx = 3 * p[0], bx = 3 * (p[2] - p[0]) - cx, ax = 1 - cx - bx;
  const cy = 3 * p[1], by = 3 * (p[3] - p[1]) - cy, ay = 1 - cy - by;
  const X = (s) => ((ax * s + bx) * s + cx) * s;
  const solved = (() => {
    let s = t;
    for (let i = 0; i < 8; i++) {
      const error = X(s) - t;
      if (Math.abs(error) < 1e-9) return s;
      const slope = (3 * ax * s + 2 * bx) * s + cx;
      if (Math.abs(slope) < 1e-6) break;
      s -= error / slope;
    }
    let low = 0, high = 1;
    s = t;
    for (let i = 0; i < 100; i++) {
      const value = X(s);
      if (Math.abs(value - t) < 1e-9) return s;
      if (value < t) low = s; else high = s;
      s = (low + high) / 2;
    }
    return s;
  })();
  return ((ay * solved + by) * solved + cy) * solved;
}

// Motion.landing: decelerate on a step, the fling's exponential (speed 1 -> r = 1 %) minus its
// end speed, landing at rest: progress at u in [0, 1].
export function landing(u) {
  const x = Math.min(Math.max(u, 0), 1), r = 0.01, k = -Math.log(r);
  return (1 - Math.pow(r, x) - x * r * k) / (1 - r - r * k);
}

// The first `cubicBezier` token named `curve` in a design-tokens document, as four numbers.
export function bezierToken(node) {
  if (!node || typeof node !== "object") return null;
  for (const [k, v] of Object.entries(node)) {
    if (k === "curve" && v && v.$type === "cubicBezier" && Array.isArray(v.$value) && v.$value.length === 4) return v.$value;
    const inner = bezierToken(v);
    if (inner) return inner;
  }
  return null;
}
