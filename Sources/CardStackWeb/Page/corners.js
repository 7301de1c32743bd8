// cardstack web: marking card corners on a still for a pose fit (docs/fit.md, "The pose").
// With "Mark corners" on, each click on the picture puts a corner where it lands on the
// reference, in points of the phone (as the reference is lined up), four a card: top-left,
// top-right, bottom-right, bottom-left. Two or more cards marked make Fit read the pose
// (`cardstack fit --corners`) instead of the motion. Markers show over the reference.
// Test contract: the button is [data-action="mark-corners"], the markers' layer carries the
// corners as JSON in data-corners.
import { el } from "./dom.js";

const CORNER_NAMES = ["top-left", "top-right", "bottom-right", "bottom-left"];
const SVG_NS = "http://www.w3.org/2000/svg";

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
      const box = this.reference.layer.getBoundingClientRect();
      const scale = this.reference.view.stage.scale || 1;
      const round = (v) => Math.round(v * 1000) / 1000;
      this.marks.push([round((e.clientX - box.left) / scale), round((e.clientY - box.top) / scale)]);
      this.showMarks();
    }, { capture: true });
  }

  // The markers (a dot a corner, an outline a card) and what to click next.
  showMarks() {
    const v = this.reference.view.stage, svg = this.markLayer;
    if (v.viewport) {
      svg.setAttribute("viewBox", `0 0 ${v.viewport.width} ${v.viewport.height}`);
      svg.setAttribute("width", String(v.viewport.width));
      svg.setAttribute("height", String(v.viewport.height));
    }
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
