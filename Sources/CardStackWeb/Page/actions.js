// cardstack web: the panel's actions, as the terminal viewer's keys and the CLI's commands:
// save (w), undo (u), redo (U), a preset menu, export (downloaded or copied, the text
// `cardstack export` prints), open/close the circle reveal on a card (o), loop while tuning,
// and share (the kept frames rendered by the bridge).
import { FLING_VELOCITY } from "./config.js";
import { download, el } from "./dom.js";

const EXPORT_FORMATS = ["swift", "css", "json", "tokens"];
const EXPORT_FILES = { swift: "TunedLayout.swift", css: "cardstack.css", json: "cardstack.json", tokens: "cardstack.tokens.json" };

function button(action, text, title) {
  return el("button", { type: "button", "data-action": action, text, title });
}

// The toolbar of one View; its buttons call back into the View's parts.
export class Toolbar {
  constructor(view) {
    this.view = view;
    this.lastExport = null;  // the text of the last export downloaded or copied
    const save = button("save", "Save", "write the values in force into the file (w)");
    const undo = button("undo", "Undo", "put the previous parameter set back (u)");
    const redo = button("redo", "Redo", "again what undo took back (U)");
    const preset = el("select", { "data-action": "preset", title: "put a preset in force (until saved)" },
      el("option", { value: "", text: "preset…" }));
    const format = el("select", { "data-export-format": "", title: "export format" },
      ...EXPORT_FORMATS.map((f) => el("option", { value: f, text: f })));
    const exportButton = button("export", "Export", "download the export (as `cardstack export`)");
    const copy = button("copy", "Copy", "copy the export to the clipboard");
    const card = el("input", { type: "number", min: "0", step: "1", value: "", placeholder: "front",
      "data-open-item": "", title: "the item to open (empty: the front card)" });
    const open = button("open", "Open", "open or close the circle reveal on the card (o)");
    const loop = button("loop", "Loop", "replay the chosen transition every second while you tune");
    const loopKind = el("select", { "data-loop-kind": "", title: "the transition the loop replays" },
      ...["next", "prev", "fling", "open"].map((k) => el("option", { value: k, text: k })));
    const loopVelocity = el("input", { type: "number", step: "100", value: String(FLING_VELOCITY),
      "data-loop-velocity": "", title: "the looped fling's velocity, points/s (negative: backwards)" });
    const share = button("share", "Share", "render the kept frames (POST /render) and download them");
    const shareFormat = el("select", { "data-share-format": "" }, ...["gif", "png", "mp4", "webm"].map((f) => el("option", { value: f, text: f })));
    save.addEventListener("click", () => view.send("save", {}, "save"));
    undo.addEventListener("click", () => view.send("undo", {}, "undo"));
    redo.addEventListener("click", () => view.send("redo", {}, "redo"));
    preset.addEventListener("focus", () => view.send("preset", { list: true }, "presets"));
    preset.addEventListener("change", () => {
      if (preset.value) view.send("preset", { name: preset.value }, "preset");
      preset.value = "";
    });
    exportButton.addEventListener("click", () => view.send("export", { format: format.value }, "export:download"));
    copy.addEventListener("click", () => view.send("export", { format: format.value }, "export:copy"));
    open.addEventListener("click", () => view.toggleOpen(card.value === "" ? null : parseInt(card.value, 10)));
    loop.addEventListener("click", () => {
      const velocity = parseFloat(loopVelocity.value);
      view.motion.toggleLoop(loopKind.value, Number.isFinite(velocity) ? velocity : FLING_VELOCITY);
    });
    share.addEventListener("click", () => (view.variants.shown() ? view.variants : view.motion).share(shareFormat.value));
    this.presetMenu = preset;
    this.loopButton = loop;
    this.root = el("div", { class: "toolbar" },
      el("div", { class: "group" }, save, undo, redo, preset),
      el("div", { class: "group" }, format, exportButton, copy),
      el("div", { class: "group" }, card, open, loopKind, loopVelocity, loop, shareFormat, share));
  }

  // Replies to the toolbar's requests (ids "save", "undo", …); true when it was one.
  reply(m) {
    const view = this.view;
    const id = typeof m.id === "string" ? m.id : "";
    if (!["save", "undo", "redo", "preset", "presets", "export:download", "export:copy", "open", "close"].includes(id)) return false;
    if (!m.ok) {
      view.say(`${id}: ${m.error.code}: ${m.error.message}`, true);
      return true;
    }
    const r = m.result;
    switch (id) {
      case "save":
        view.say(r.written ? `saved ${r.path}: ${r.changed.length ? r.changed.join(", ") : "no lines changed"}` : `${r.path} already holds these values`);
        view.send("get_params", {}, "params");  // the unsaved marker clears
        break;
      case "undo": case "redo": case "preset":
        view.panel.showParams(r);
        view.say(`${id}: revision ${r.revision}`);
        break;
      case "presets": {
        const menu = this.presetMenu;
        const chosen = new Set([...menu.options].map((o) => o.value));
        for (const p of r.presets || []) if (!chosen.has(p.name)) menu.append(el("option", { value: p.name, text: p.name, title: p.path }));
        break;
      }
      case "export:download": {
        const text = r.text.endsWith("\n") ? r.text : `${r.text}\n`;
        this.lastExport = text;
        download(EXPORT_FILES[r.format] || `cardstack.${r.format}`, text);
        view.say(`exported ${r.format} (${text.length} bytes)`);
        break;
      }
      case "export:copy": {
        const text = r.text.endsWith("\n") ? r.text : `${r.text}\n`;
        this.lastExport = text;
        const done = () => view.say(`copied the ${r.format} export`);
        if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, () => download(EXPORT_FILES[r.format], text));
        else download(EXPORT_FILES[r.format], text);
        break;
      }
    }
    return true;
  }
}
