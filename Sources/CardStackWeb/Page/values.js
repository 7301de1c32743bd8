// cardstack web: the panel's value rules: which keys a style reads, a slider's steps and
// bounds, the loose text a free value is typed in, and the variants grid's value lists. No
// DOM: Tests/page/values.test.mjs runs it in node.

// Whether the current style reads a key: `get_schema` names the styles that read it (its
// `styles`, absent when every style does); the others are folded away.
export function keyApplies(spec, style) {
  // [scroll] shapes a finger's drag and throw (docs/layouts.md §8.1), which the daemon does
  // not animate yet (issue 46): folded away until it does.
  if (spec.key.startsWith("scroll.")) return false;
  return !spec.styles || spec.styles.includes(style);
}

// A slider window is SLIDER_STEPS steps wide; a value it gives is rounded to the step's decimals.
export const SLIDER_STEPS = 1000;

export function decimalsOf(step) {
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}

export function roundTo(x, step) {
  return Number((Math.round(x / step) * step).toFixed(decimalsOf(step)));
}

// Keeps v inside the key's allowed values (an open bound is not a value: stop a step inside).
export function clampToSpec(v, spec, step) {
  if (spec.min !== undefined) {
    if (v < spec.min || (spec.min_inclusive === false && v <= spec.min)) v = spec.min_inclusive === false ? spec.min + step : spec.min;
  }
  if (spec.max !== undefined) {
    if (v > spec.max || (spec.max_inclusive === false && v >= spec.max)) v = spec.max_inclusive === false ? spec.max - step : spec.max;
  }
  return v;
}

// The scale of a key when its value is 0: its default's size, else a tenth of its range.
export function baseScale(spec) {
  if (typeof spec.default === "number" && spec.default !== 0) return Math.abs(spec.default);
  if (spec.min !== undefined && Number.isFinite(spec.max - spec.min)) return Math.min(1, (spec.max - spec.min) / 10) || 1;
  return 1;
}

// A label that says what a value means where the number alone does not.
export function valueHint(key, v) {
  if (key === "layout.m34" && typeof v === "number") return v === 0 ? "no perspective" : `eye ${Math.round(1 / Math.abs(v))} pt`;
  return "";
}

// JSON when it parses; a TOML inline table `{ a = 1, b = 2 }` as an object; else the text.
export function parseLoose(text) {
  try { return JSON.parse(text); } catch (e) { /* not JSON */ }
  const m = /^\s*\{(.*)\}\s*$/s.exec(text);
  if (m) {
    const out = {};
    for (const part of m[1].split(",")) {
      if (!part.trim()) continue;
      const kv = /^\s*([A-Za-z0-9_]+)\s*=\s*(.+?)\s*$/.exec(part);
      if (!kv) return text;
      try { out[kv[1]] = JSON.parse(kv[2]); } catch (e) { return text; }
    }
    return out;
  }
  return text;
}

export const VARIANT_LIMIT = 16;

// "0, 0.15, 0.3" (numbers, names or JSON arrays) or "FROM..TO/COUNT"; throws a sentence.
export function variantValues(text, key) {
  const t = text.trim();
  const range = /^(-?[\d.e+-]+)\s*\.\.\s*(-?[\d.e+-]+)\s*\/\s*(\d+)$/.exec(t);
  if (range) {
    const [a, b, n] = [parseFloat(range[1]), parseFloat(range[2]), parseInt(range[3], 10)];
    if (!Number.isFinite(a) || !Number.isFinite(b) || n < 2 || n > VARIANT_LIMIT) throw new Error(`${key}: a range is FROM..TO/COUNT with COUNT 2 to 16`);
    return Array.from({ length: n }, (_, i) => a + (b - a) * i / (n - 1));
  }
  const out = [];
  let depth = 0, current = "";
  for (const c of `${t},`) {
    if (c === "[") depth++;
    if (c === "]") depth--;
    if (c === "," && depth === 0) {
      const item = current.trim();
      current = "";
      if (!item) throw new Error(`${key}: an empty value`);
      try { out.push(JSON.parse(item)); } catch (e) { out.push(item); }
    } else current += c;
  }
  return out;
}

// A value's short text for a label.
export function variantText(v) { return typeof v === "number" ? String(+v.toPrecision(6)) : JSON.stringify(v); }
