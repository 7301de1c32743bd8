// cardstack web: a View's picture as a scroll view: a drag or touch pan is a finger on the
// deck (`drag` began/changed/ended, docs/protocol.md §4: the daemon's scroll model moves it,
// past an edge against its resistance, and throws it on release), and the wheel scrolls;
// sent to every View (compare mode moves both daemons alike). The reference's ⌥-drag and
// corner marks listen before these (capture) and stop them.

// How far back the release velocity looks, ms: the pointer's movement over its last 100 ms.
export const VELOCITY_WINDOW_MS = 100;

// The release velocity in points per second (in the offset's direction) from `samples`
// ({t, x, y}, oldest first, t in ms) along `axis`, released at `now`: the pointer's movement
// over its last VELOCITY_WINDOW_MS, 0 when it stood still that long or never moved.
export function releaseVelocity(samples, axis, now, scale) {
  if (!axis || samples.length < 2) return 0;
  const first = samples[0], last = samples[samples.length - 1];
  const dt = (last.t - first.t) / 1000;
  if (!(dt > 0) || now - last.t >= VELOCITY_WINDOW_MS) return 0;
  return -((axis === "x" ? last.x - first.x : last.y - first.y) / scale) / dt;
}

// Binds the gestures of `view`'s picture; `everyView(f)` runs f on each View of the page.
export function bindGestures(view, everyView) {
  const area = view.stage.picture;
  const scale = () => view.stage.scale;
  let drag = null;
  // The finger touches the deck: `began` catches it where it is (a throw or bounce stops).
  // The content then follows the pointer (points = CSS px / data-scale) along the axis the
  // gesture started on, one `changed` an animation frame; the release hands the pointer's
  // recent velocity to the daemon's model (`ended`).
  area.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    area.setPointerCapture(e.pointerId);
    area.classList.add("dragging");
    drag = { id: e.pointerId, x: e.clientX, y: e.clientY, axis: null, samples: [{ t: e.timeStamp, x: e.clientX, y: e.clientY }], owed: 0, scheduled: false };
    everyView((v) => v.send("drag", { phase: "began" }));
  });
  const flush = (d) => {
    if (d.owed === 0) return;
    const by = d.owed;
    d.owed = 0;
    everyView((v) => v.send("drag", { phase: "changed", by }));
  };
  area.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.axis) {
      if (Math.hypot(dx, dy) < 3) return;
      drag.axis = Math.abs(dx) >= Math.abs(dy) ? "x" : "y";
    }
    const moved = drag.axis === "x" ? dx : dy;
    drag.x = e.clientX; drag.y = e.clientY;
    drag.samples.push({ t: e.timeStamp, x: e.clientX, y: e.clientY });
    while (drag.samples.length > 2 && e.timeStamp - drag.samples[0].t > VELOCITY_WINDOW_MS) drag.samples.shift();
    drag.owed += -moved / scale();
    if (!drag.scheduled) {
      drag.scheduled = true;
      const d = drag;
      requestAnimationFrame(() => {
        d.scheduled = false;
        if (!d.ended) flush(d);
      });
    }
  });
  const end = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    d.ended = true;
    area.classList.remove("dragging");
    flush(d);
    const velocity = releaseVelocity(d.samples, d.axis, e.timeStamp, scale());
    everyView((v) => v.send("drag", { phase: "ended", velocity }));
  };
  area.addEventListener("pointerup", end);
  area.addEventListener("pointercancel", end);
  let wheelTimer = null;
  area.addEventListener("wheel", (e) => {
    e.preventDefault();
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? area.clientHeight : 1;
    const delta = (Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.deltaY) * unit;
    const by = delta / scale();
    everyView((v) => v.send("scroll", { by }));
    clearTimeout(wheelTimer);
    wheelTimer = setTimeout(() => everyView((v) => { if (v.params && v.params.params.animation.snap) v.send("snap"); }), 200);
  }, { passive: false });
}
