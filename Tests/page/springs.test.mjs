// Springs (Sources/CardStackWeb/Page/springs.js), without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SPRING_DIALECTS, springFigures, springState, springStep, writtenSpring }
  from "../../Sources/CardStackWeb/Page/springs.js";

const close = (a, b, tolerance, what) => assert.ok(Math.abs(a - b) <= tolerance, `${what}: ${a} vs ${b}`);

test("the step response starts at 0 and settles at 1 in every damping regime", () => {
  for (const zeta of [0.3, 1, 1.8]) {
    close(springStep(zeta, 0.5, 0), 0, 1e-12, `ζ ${zeta} at 0`);
    close(springStep(zeta, 0.5, 10), 1, 1e-6, `ζ ${zeta} at 10 s`);
  }
});

test("overshoot is exp(-πζ/√(1-ζ²)) for an underdamped spring, none at or over critical", () => {
  for (const zeta of [0.2, 0.5, 0.8]) {
    const expected = Math.exp((-Math.PI * zeta) / Math.sqrt(1 - zeta * zeta)) * 100;
    close(springFigures(zeta, 0.5).overshoot, expected, 0.01, `ζ ${zeta}`);
  }
  assert.equal(springFigures(1, 0.5).overshoot, 0);
  assert.equal(springFigures(1.5, 0.5).overshoot, 0);
});

test("a stiffer spring (shorter response) settles sooner", () => {
  assert.ok(springFigures(0.7, 0.2).settle < springFigures(0.7, 0.6).settle);
});

test("springState agrees with the step response and its derivative", () => {
  for (const spring of [{ damping_ratio: 0.4, response: 0.5 }, { damping_ratio: 1, response: 0.3 }, { damping_ratio: 2, response: 0.4 }]) {
    for (const t of [0.01, 0.1, 0.3]) {
      // From x0 = -1 at rest, the state is the step response minus 1.
      const [x, v] = springState(spring, -1, 0, t);
      close(x, springStep(spring.damping_ratio, spring.response, t) - 1, 1e-9, `x at ${t}`);
      const h = 1e-6;
      const slope = (springStep(spring.damping_ratio, spring.response, t + h) - springStep(spring.damping_ratio, spring.response, t - h)) / (2 * h);
      close(v, slope, 1e-4, `v at ${t}`);
    }
  }
  assert.deepEqual(springState({ damping_ratio: 0.5, response: 0.5 }, 3, 4, 0), [3, 4]);
});

test("a spring is written in its own dialect, or by its name", () => {
  const s = { dialect: "duration_bounce", duration: 0.5, bounce: 0.2, response: 0.5, damping_ratio: 0.8 };
  assert.deepEqual(writtenSpring(s), { duration: 0.5, bounce: 0.2 });
  assert.equal(writtenSpring({ dialect: "bouncy", duration: 0.5 }), "bouncy");
  assert.deepEqual(Object.keys(SPRING_DIALECTS), ["duration_bounce", "damping_ratio", "mass_stiffness_damping"]);
});
