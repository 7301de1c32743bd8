// cardstack web: marking the reference for Fit. Corners on a still for a pose fit
// (docs/fit.md, "The pose"): with "Mark corners" on, each click on the picture puts a corner
// where it lands on the reference, in points of the phone (as the reference is lined up),
// four a card: top-left, top-right, bottom-right, bottom-left. Two or more cards marked make
// Fit read the pose (`cardstack fit --corners`) instead of the motion. Or one point to follow
// through the move: with "Mark a point" on, a click sets it where it lands in the clip's
// pixels, in the frame shown (`cardstack fit --mark X,Y@F`). The two are exclusive; markers
// show over the reference.
// Test contract: the buttons are [data-action="mark-corners"] and [data-action="mark-point"];
// the corners' layer carries them as JSON in data-corners, the point's (.point-mark) carries
// data-mark "x,y@frame" (the reference's pixels as served; "" when none).
import { el } from "./dom.js";

const CORNER_NAMES = ["top-left", "top-right", "bottom-right", "bottom-left"];
const SVG_NS = "http://www.w3.org/2000/svg";

// Where a press lands on the reference's layer: the phone in points, whether the reference
// is over or beside the stage.
function phonePoint(reference, e) {
  const box = reference.layer.getBoundingClientRect();
  const scale = reference.view.stage.scale || 1;
  return [(e.clientX - box.left) / scale, (e.clientY - box.top) / scale];
}

// `svg` the size of the phone, in its points.
function sizeToPhone(svg, stage) {
  if (!stage.viewport) return;
  svg.setAttribute("viewBox", `0 0 ${stage.viewport.width} ${stage.viewport.height}`);
  svg.setAttribute("width", String(stage.viewport.width));
  svg.setAttribute("height", String(stage.viewport.height));
}

export class CornerMarks {
  // The row of the reference panel that marks corners, on `reference`'s layer.
  constructor(reference) {
    this.reference = reference;
    this.marks = [];       // [x, y] in points, four a card
    this.marking = false;
    this.markButton = el("button", { type: "button", "data-action": "mark-corners", "aria-pressed": "false", text: "Mark corners",
      title: "click each card's corners on the still (top-left, top-right, bottom-right, bottom-left) to fit its pose" });
    this.markButton.addEventListener("click", () => this.setMarking(!this.marking));
    const undo = el("button", { type: "button", "data-action": "unmark-corner", text: "undo corner", title: "take back the last corner" });
    undo.addEventListener("click", () => { this.marks.pop(); this.showMarks(); });
    const clear = el("button", { type: "button", "data-action": "clear-corners", text: "clear", title: "take back every corner" });
    clear.addEventListener("click", () => { this.marks = []; this.showMarks(); });
    this.markStatus = el("span", { class: "reference-hint" });
    this.markLayer = document.createElementNS(SVG_NS, "svg");
    this.markLayer.classList.add("corner-marks");
    this.markLayer.dataset.corners = "[]";
    reference.layer.append(this.markLayer);
    this.listenForMarks(reference.view.stage.picture);
    this.showMarks();
    this.root = el("div", { class: "reference-row" }, this.markButton, undo, clear, this.markStatus);
  }

  // Every corner taken back (a new clip).
  clear() {
    this.marks = [];
    this.showMarks();
  }

  setMarking(on) {
    this.marking = on && !!this.reference.clip;
    if (this.marking) this.reference.point.setMarking(false);  // one or the other
    this.markButton.setAttribute("aria-pressed", String(this.marking));
    this.reference.view.stage.picture.classList.toggle("marking", this.marking);
    this.showMarks();
  }

  // The complete cards marked: arrays of four [x, y].
  markedCards() {
    const cards = [];
    for (let i = 0; i + 4 <= this.marks.length; i += 4) cards.push(this.marks.slice(i, i + 4));
    return cards;
  }

  // While marking, a press on the picture is a corner, not a drag of the deck (these
  // listeners run first and stop there). The point is where it lands on the reference's
  // layer, which is the phone in points whether the reference is over or beside the stage.
  listenForMarks(area) {
    area.addEventListener("pointerdown", (e) => {
      if (!this.marking || !this.reference.clip || e.button !== 0 || e.altKey) return;
      e.stopImmediatePropagation();
      e.preventDefault();
      const round = (v) => Math.round(v * 1000) / 1000;
      this.marks.push(phonePoint(this.reference, e).map(round));
      this.showMarks();
    }, { capture: true });
  }

  // The markers (a dot a corner, an outline a card) and what to click next.
  showMarks() {
    const svg = this.markLayer;
    sizeToPhone(svg, this.reference.view.stage);
    svg.replaceChildren();
    const shape = (name, attrs) => {
      const e = document.createElementNS(SVG_NS, name);
      for (const [k, val] of Object.entries(attrs)) e.setAttribute(k, String(val));
      svg.append(e);
    };
    const marked = this.markedCards();
    for (const card of marked) shape("polygon", { points: card.map((p) => p.join(",")).join(" "), class: "corner-card" });
    this.marks.forEach(([x, y], i) => shape("circle", { cx: x, cy: y, r: 4, class: i % 4 === 0 ? "corner first" : "corner" }));
    svg.dataset.corners = JSON.stringify(marked);
    const cards = marked.length, next = this.marks.length % 4;
    const made = `${cards} card${cards === 1 ? "" : "s"} marked`;
    this.markStatus.textContent = this.marking
      ? `${made}; click card ${cards + 1}'s ${CORNER_NAMES[next]} corner`
      : cards >= 2 ? `${made}: Fit reads the pose` : cards ? `${made} (mark two or more to fit the pose)` : "";
  }
}

// The one point `cardstack fit --mark` follows, marked on the reference in the page.
export class PointMark {
  constructor(reference) {
    this.reference = reference;
    this.point = null;     // {x, y, frame}: pixels of the reference's frames as served
    this.problem = "";     // a press beside the clip, said until the next press
    this.marking = false;
    this.markButton = el("button", { type: "button", "data-action": "mark-point", "aria-pressed": "false", text: "Mark a point",
      title: "click a point on a card that stays in sight through the move, in the frame shown: Fit follows it (cardstack fit --mark)" });
    this.markButton.addEventListener("click", () => this.setMarking(!this.marking));
    const clear = el("button", { type: "button", "data-action": "clear-point", text: "clear point", title: "take back the marked point: Fit chooses one" });
    clear.addEventListener("click", () => this.clear());
    this.status = el("span", { class: "reference-hint" });
    this.layer = document.createElementNS(SVG_NS, "svg");
    this.layer.classList.add("point-mark");
    this.layer.dataset.mark = "";
    reference.layer.append(this.layer);
    this.listen(reference.view.stage.picture);
    this.root = el("div", { class: "reference-row" }, this.markButton, clear, this.status);
  }

  // The point taken back (a new clip, or "clear point").
  clear() {
    this.point = null;
    this.problem = "";
    this.show();
  }

  setMarking(on) {
    this.marking = on && !!this.reference.clip;
    if (this.marking) this.reference.corners.setMarking(false);  // one or the other
    this.markButton.setAttribute("aria-pressed", String(this.marking));
    this.reference.view.stage.picture.classList.toggle("marking", this.marking || this.reference.corners.marking);
    this.show();
  }

  // POST /fit's `mark`, or null.
  body() {
    return this.point ? { ...this.point } : null;
  }

  // While marking, a press on the picture sets the point (not a drag of the deck): where it
  // lands on the reference, in its pixels, in the frame shown. A press beside the clip says so.
  listen(area) {
    area.addEventListener("pointerdown", (e) => {
      const reference = this.reference;
      if (!this.marking || !reference.clip || e.button !== 0 || e.altKey) return;
      e.stopImmediatePropagation();
      e.preventDefault();
      const { fit, left, top } = reference.placement();
      const [px, py] = phonePoint(reference, e);
      const round = (v) => Math.round(v * 100) / 100;
      const x = round((px - left) / fit), y = round((py - top) / fit);
      const { width, height } = reference.clip;
      if (!(x >= 0 && y >= 0 && x <= width && y <= height)) {
        this.problem = `(${x}, ${y}) is beside the ${width} × ${height} clip: click on the reference itself`;
        this.show();
        return;
      }
      this.point = { x, y, frame: parseInt(reference.image.dataset.referenceFrame, 10) || 0 };
      this.problem = "";
      this.show();
    }, { capture: true });
  }

  // The dot (drawn where the point lies as the reference is placed now) and what it means.
  show() {
    const reference = this.reference, v = reference.view.stage, svg = this.layer;
    svg.replaceChildren();
    sizeToPhone(svg, v);
    const p = this.point;
    svg.dataset.mark = p ? `${p.x},${p.y}@${p.frame}` : "";
    if (p && reference.clip && v.viewport) {
      const { fit, left, top } = reference.placement();
      for (const [r, cls] of [[9, "point-ring"], [3.5, "point"]]) {
        const c = document.createElementNS(SVG_NS, "circle");
        for (const [k, val] of Object.entries({ cx: left + p.x * fit, cy: top + p.y * fit, r, class: cls })) c.setAttribute(k, String(val));
        svg.append(c);
      }
    }
    const said = p ? `Fit follows the point (${p.x}, ${p.y}) of frame ${p.frame} (the reference's pixels)` : "";
    this.status.dataset.error = String(!!this.problem);
    this.status.textContent = this.problem || (this.marking && !p ? "click a point on a card that stays in sight through the move" : said);
  }
}
