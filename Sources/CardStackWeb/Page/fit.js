// cardstack web: the reference panel's Fit and Apply: the bridge runs `cardstack fit` on the
// clip the panel holds (POST /fit; where the reference was aligned on the stage, if it was,
// as the stage in the clip), or on the corners marked on it (corners.js); Apply puts the
// fitted numbers in force as one set_params.
"use strict";

mixin(Reference, class {
  // POST /fit: `cardstack fit` on the clip; its numbers and residual, and Apply.
  fit() {
    if (!this.clip) return;
    const body = { id: this.clip.id, style: this.fitStyle.value, view: this.view.index };
    // Two or more cards' corners marked: the pose (also when asked for "spring or curve").
    const cards = this.markedCards();
    const pose = this.fitKind.value === "pose" || (this.fitKind.value === "auto" && cards.length >= 2);
    if (pose && cards.length < 2) {
      this.fitResult.hidden = false;
      this.fitResult.dataset.error = "true";
      this.fitResult.textContent = "cannot fit the pose: mark the corners of two or more cards first (Mark corners)";
      return;
    }
    if (pose) body.corners = cards;
    else if (this.fitKind.value !== "auto") body.kind = this.fitKind.value;
    // The reference moved or scaled onto the stage: the fit reads the clip where it lies.
    const stage = pose ? null : this.stageInClip();
    if (stage) body.stage = stage;
    this.fitButton.disabled = true;
    this.applyButton.hidden = true;
    this.fitResult.hidden = false;
    this.fitResult.dataset.error = "false";
    this.fitResult.textContent = `fitting as ${body.style}…`;
    fetch(`/fit?token=${encodeURIComponent(TOKEN)}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then((r) => (r.ok ? r.json() : r.text().then((t) => { throw new Error(t.trim() || `${r.status}`); })))
      .then((result) => {
        this.fitted = result;
        const lines = [];
        const flat = (prefix, value) => {
          if (value && typeof value === "object" && !Array.isArray(value)) {
            for (const [k, v] of Object.entries(value)) flat(prefix ? `${prefix}.${k}` : k, v);
          } else lines.push(`${prefix} = ${JSON.stringify(value)}`);
        };
        flat("", result.params || {});
        const r = result.residual || {};
        const pt = (v) => (typeof v === "number" ? `${v.toFixed(2)} pt` : "?");
        lines.push(`residual: mean ${pt(r.mean)}, worst ${pt(r.worst)}`);
        if (typeof result.start === "number") lines.push(`starts ${result.start.toFixed(3)} s into the clip`);
        if (result.frames !== undefined) lines.push(`frames used: ${Array.isArray(result.frames) ? result.frames.length : result.frames}`);
        if (result.better_style) lines.push(`${result.better_style} fits better than ${result.style}`);
        this.fitResult.textContent = lines.join("\n");
        this.fitResult.dataset.residual = typeof r.mean === "number" ? String(r.mean) : "";
        this.applyButton.hidden = !result.settings;
      })
      .catch((e) => {
        this.fitResult.dataset.error = "true";
        this.fitResult.textContent = e.message.startsWith("cannot fit") ? e.message : `cannot fit: ${e.message}`;
      })
      .finally(() => { this.fitButton.disabled = false; });
  }

  // One set_params with what `cardstack fit --apply` sends (`settings`: the spring in the
  // dialect fitted, or a curve with the spring cleared): one history entry, one undo.
  apply() {
    if (!this.fitted || !this.fitted.settings) return;
    if (this.view.send("set_params", { params: this.fitted.settings })) this.view.say("applied the fitted parameters (u undoes)");
    else this.view.say("apply: not connected to the daemon", true);
  }
});
