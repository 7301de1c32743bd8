// cardstack web: the page's entry module (page.html loads it; docs/architecture.md, "The
// page"): one View a daemon, the keys and gestures every View shares, compare mode, the
// stats tick, and the one global name, the test hook `window.cardstack` (hook.js).
import { COMPARE, DAEMONS, REPLAY } from "./config.js";
import { bindGestures } from "./gestures.js";
import { testHook } from "./hook.js";
import { startReplay } from "./replay.js";
import { View } from "./view.js";

class Page {
  constructor() {
    this.views = [];
    for (let i = 0; i < DAEMONS; i++) this.views.push(new View(i, this));
  }

  everyView(f) { for (const v of this.views) f(v); }

  // Compare mode: the keys whose values differ are highlighted in both panels.
  compareRows() {
    if (!COMPARE || this.views.length < 2) return;
    const [a, b] = this.views;
    for (const [key, ra] of a.panel.rows) {
      const rb = b.panel.rows.get(key);
      const differs = !!(rb && a.params && b.params && ra.row.dataset.value !== rb.row.dataset.value);
      ra.row.classList.toggle("differs", differs);
      if (rb) rb.row.classList.toggle("differs", differs);
    }
  }
}

const page = new Page();
const hook = testHook(page.views);
window.cardstack = hook;

if (REPLAY) startReplay(page.views[0], (player) => { hook.player = player; });

document.addEventListener("keydown", (e) => {
  if (REPLAY) return;
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  let handled = false;
  page.everyView((v) => { if (v.key(e.key) !== false) handled = true; });
  if (handled) e.preventDefault();
});

for (const view of page.views) bindGestures(view, (f) => page.everyView(f));

setInterval(() => { const now = performance.now(); page.everyView((v) => v.stage.tickStats(now)); }, 250);
