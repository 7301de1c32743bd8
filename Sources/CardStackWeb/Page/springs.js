// cardstack web: springs as the page reads them: the step response the spring editor draws
// (with its overshoot and settle time), a spring's state as CardLayout's Spring.state has it,
// and the dialects the file writes. No DOM: Tests/page/springs.test.mjs runs it in node.

// The spring's step response from rest (0) to 1, SwiftUI's parameters: mass 1, stiffness
// (2π / response)², damping 4π ζ / response. For the picture only: the daemon moves cards.
export function springStep(zeta, response, t) {
  const w = (2 * Math.PI) / response;
  if (zeta < 1) {
    const wd = w * Math.sqrt(1 - zeta * zeta);
    return 1 - Math.exp(-zeta * w * t) * (Math.cos(wd * t) + ((zeta * w) / wd) * Math.sin(wd * t));
  }
  if (zeta === 1) return 1 - Math.exp(-w * t) * (1 + w * t);
  const s = w * Math.sqrt(zeta * zeta - 1), r1 = -zeta * w + s, r2 = -zeta * w - s;
  return 1 - (r2 * Math.exp(r1 * t) - r1 * Math.exp(r2 * t)) / (r2 - r1);
}

export function springFigures(zeta, response) {
  let peak = 0, settle = 0;
  for (let i = 1; i <= 10000; i++) {
    const t = i / 1000, x = springStep(zeta, response, t);
    peak = Math.max(peak, x);
    if (Math.abs(x - 1) > 0.001) settle = t;
  }
  return { overshoot: Math.max(0, peak - 1) * 100, settle };
}

// The spring's dialects (docs/parameters.md, "Springs in every dialect"): the keys each one
// writes, and the sliders' ranges. The daemon converts; get_params gives every reading.
export const SPRING_DIALECTS = {
  duration_bounce: { label: "duration / bounce (iOS 17)", keys: ["duration", "bounce"] },
  damping_ratio: { label: "damping ratio / response (SwiftUI)", keys: ["damping_ratio", "response"] },
  mass_stiffness_damping: { label: "mass / stiffness / damping (UIKit)", keys: ["mass", "stiffness", "damping"] },
};
export const SPRING_RANGES = {
  duration: [0.05, 2, 0.01], bounce: [-0.9, 0.99, 0.01], damping_ratio: [0.05, 2, 0.01], response: [0.05, 2, 0.01],
  mass: [0.1, 10, 0.1], stiffness: [1, 2000, 1], damping: [0, 100, 0.1],
};
export const SPRING_NAMES = ["smooth", "snappy", "bouncy"];

// The spring as the file writes it: its own dialect's keys, or its name.
export function writtenSpring(s) {
  if (!s || typeof s !== "object" || !s.dialect) return s;
  const d = SPRING_DIALECTS[s.dialect];
  if (!d) return s.dialect;
  const out = {};
  for (const k of d.keys) out[k] = s[k];
  return out;
}

// A spring's state (x, v) `t` s after (x0, v0), as CardLayout's Spring.state: critically
// damped, underdamped or overdamped, from the damping ratio and the response.
export function springState(spring, x0, v0, t) {
  const w = (2 * Math.PI) / spring.response, z = spring.damping_ratio;
  if (!(t > 0)) return [x0, v0];
  if (Math.abs(z - 1) < 1e-9) {
    const e = Math.exp(-w * t), b = v0 + w * x0;
    return [e * (x0 + b * t), e * (b - w * (x0 + b * t))];
  }
  if (z < 1) {
    const wd = w * Math.sqrt(1 - z * z), a = x0, b = (v0 + z * w * x0) / wd, e = Math.exp(-z * w * t);
    const c = Math.cos(wd * t), s = Math.sin(wd * t);
    return [e * (a * c + b * s), e * ((b * wd - z * w * a) * c - (a * wd + z * w * b) * s)];
  }
  const root = Math.sqrt(z * z - 1), r1 = -w * (z - root), r2 = -w * (z + root);
  const c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2, e1 = Math.exp(r1 * t), e2 = Math.exp(r2 * t);
  return [c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2];
}
