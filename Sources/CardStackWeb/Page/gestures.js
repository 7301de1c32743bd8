// cardstack web: a View's picture as a scroll view: a drag or touch pan, its release (a fling
// or a snap) and the wheel, sent to every View (compare mode moves both daemons alike). The
// reference's ⌥-drag and corner marks listen before these (capture) and stop them.

// Binds the gestures of `view`'s picture; `everyView(f)` runs f on each View of the page.
export function bindGestures(view, everyView) {
  const area = view.stage.picture;
  const scale = () => view.stage.scale;
  let drag = null;
  // Drag or touch pan: the content follows the pointer (points = CSS px / data-scale) along
  // the axis the gesture started on; release flings with the release velocity (or snaps when
  // slow), as UIScrollView does.
  area.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    area.setPointerCapture(e.pointerId);
    area.classList.add("dragging");
    drag = { id: e.pointerId, x: e.clientX, y: e.clientY, axis: null, samples: [{ t: e.timeStamp, x: e.clientX, y: e.clientY }], owed: 0, scheduled: false };
  });
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
    while (drag.samples.length > 2 && e.timeStamp - drag.samples[0].t > 100) drag.samples.shift();
    drag.owed += -moved / scale();
    if (!drag.scheduled) {
      drag.scheduled = true;
      const d = drag;
      requestAnimationFrame(() => {
        d.scheduled = false;
        if (d.owed !== 0) { const by = d.owed; d.owed = 0; everyView((v) => v.send("scroll", { by })); }
      });
    }
  });
  const end = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    area.classList.remove("dragging");
    if (d.owed !== 0) { const by = d.owed; d.owed = 0; everyView((v) => v.send("scroll", { by })); }
    if (!d.axis) return;
    const first = d.samples[0], last = d.samples[d.samples.length - 1];
    const dt = (last.t - first.t) / 1000;
    const velocity = dt > 0 && e.timeStamp - last.t < 100 ? -((d.axis === "x" ? last.x - first.x : last.y - first.y) / scale()) / dt : 0;
    if (Math.abs(velocity) > 50) everyView((v) => v.send("fling", { velocity }));
    else everyView((v) => v.send("snap"));
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
