// cardstack web: starts the page (one View a daemon) and binds the keys, drags and wheel
// every View shares. Loaded last (view.js says the order).
"use strict";

const views = [];
for (let i = 0; i < DAEMONS; i++) views.push(new View(i));
window.cardstack = { views, drawByHand: () => drawClock.byHand() };

if (REPLAY) startReplay(views[0]);

// Compare mode: the keys whose values differ are highlighted in both panels.
function compareRows() {
  if (!COMPARE) return;
  const [a, b] = views;
  for (const [key, ra] of a.rows) {
    const rb = b.rows.get(key);
    const differs = !!(rb && a.params && b.params && ra.row.dataset.value !== rb.row.dataset.value);
    ra.row.classList.toggle("differs", differs);
    if (rb) rb.row.classList.toggle("differs", differs);
  }
}

function everyView(f) { for (const v of views) f(v); }

document.addEventListener("keydown", (e) => {
  if (REPLAY) return;
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  let handled = false;
  everyView((v) => { if (v.key(e.key) !== false) handled = true; });
  if (handled) e.preventDefault();
});

// Drag or touch pan: the content follows the pointer (points = CSS px / data-scale) along the
// axis the gesture started on; release flings with the release velocity (or snaps when slow),
// as UIScrollView does.
for (const view of views) {
  const area = view.picture;
  let drag = null;
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
    drag.owed += -moved / view.scale;
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
    const velocity = dt > 0 && e.timeStamp - last.t < 100 ? -((d.axis === "x" ? last.x - first.x : last.y - first.y) / view.scale) / dt : 0;
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
    const by = delta / view.scale;
    everyView((v) => v.send("scroll", { by }));
    clearTimeout(wheelTimer);
    wheelTimer = setTimeout(() => everyView((v) => { if (v.params && v.params.params.animation.snap) v.send("snap"); }), 200);
  }, { passive: false });
}

setInterval(() => { const now = performance.now(); everyView((v) => v.tickStats(now)); }, 250);
