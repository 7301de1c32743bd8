// The page's drag (Sources/CardStackWeb/Page/gestures.js): the release velocity it hands to
// the daemon's `drag ended`, without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { releaseVelocity, VELOCITY_WINDOW_MS } from "../../Sources/CardStackWeb/Page/gestures.js";

test("the release velocity is the pointer's recent movement in points per second, against the pointer", () => {
  // 40 CSS px down in 50 ms at data-scale 2: 20 points, 400 pt/s; the offset goes up.
  const samples = [{ t: 1000, x: 0, y: 0 }, { t: 1050, x: 0, y: 40 }];
  assert.equal(releaseVelocity(samples, "y", 1060, 2), -400);
  assert.equal(releaseVelocity(samples, "x", 1060, 2), -0);
});

test("a pointer that stood still for the window, or never moved, lets go at rest", () => {
  const samples = [{ t: 1000, x: 0, y: 0 }, { t: 1050, x: 30, y: 0 }];
  assert.equal(releaseVelocity(samples, "x", 1050 + VELOCITY_WINDOW_MS, 1), 0);
  assert.equal(releaseVelocity(samples, null, 1060, 1), 0);
  assert.equal(releaseVelocity(samples.slice(0, 1), "x", 1000, 1), 0);
});
