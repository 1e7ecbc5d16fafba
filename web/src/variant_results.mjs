/**
 * The results of the "Try a variant" page (variants.mjs): the figures of a run beside the
 * preset's, as variants.py reports them (their text is Python's, written as the "Compare the
 * variants" page writes it), with plain HTML bars and SVG column plots; no plotting library.
 */
import { el } from "./variant_controls.mjs";

/** The colours of the plots of the "Compare the variants" page: a rule set, and standard. */
export const COLOURS = { variant: "#c44e52", base: "#9a9a9a" };

function bar(value, top, colour) {
  const width = top > 0 ? Math.max(0, (value / top) * 100) : 0;
  return el("span", {
    class: "variant-bar",
    style: `width: ${width.toFixed(1)}%; background: ${colour}`,
  });
}

/**
 * The table of figures: a row each, this rule set's beside the preset's ("—" when there are
 * none), each with a bar: from 0% to 100% for a share, to the larger of the two otherwise.
 */
export function figureTable(rows, presetName) {
  const body = rows.map((row) => {
    const [mine, theirs] = row.values;
    const top = row.share ? 1 : Math.max(Math.abs(mine), Math.abs(theirs ?? 0));
    return el("tr", {},
      el("th", { scope: "row", text: row.label }),
      el("td", {},
        el("span", { class: "variant-value", text: row.variant }),
        bar(mine, top, COLOURS.variant)),
      el("td", {},
        el("span", { class: "variant-value", text: row.base ?? "—" }),
        row.base === null ? "" : bar(theirs, top, COLOURS.base)));
  });
  return el("table", { class: "variant-table" },
    el("thead", {}, el("tr", {},
      el("th", { text: "figure" }),
      el("th", { text: "this rule set" }),
      el("th", {}, el("code", { text: presetName })))),
    el("tbody", {}, ...body));
}

/** A bar for each seat's share of the wins, with a mark at a fair share. */
export function seatBars(seats, fair) {
  const mark = `${(fair * 100).toFixed(1)}%`;
  return el("div", { class: "variant-seats" }, ...seats.map((seat, k) =>
    el("div", { class: "variant-seat" },
      el("span", { text: `seat ${k}` }),
      el("span", { class: "variant-track", title: `a fair share: ${mark}` },
        bar(seat.value, 1, COLOURS.variant),
        el("span", { class: "variant-fair", style: `left: ${mark}` })),
      el("span", { class: "variant-value", text: seat.text }))));
}

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, String(value));
  }
  node.append(...children);
  return node;
}

/** The shares of a histogram `[[value, count], ...]`, by value. */
function shares(histogram) {
  const total = histogram.reduce((sum, [, count]) => sum + count, 0);
  return new Map(histogram.map(([value, count]) => [value, count / total]));
}

/** The step of the grid lines: no more than five of them up to `top`. */
function gridStep(top) {
  return [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1].find((step) => top / step <= 5) ?? 1;
}

/**
 * A column plot, `width` pixels wide, of the shares of `mine` (a histogram, as
 * variant_figures.figures() writes it) beside those of `theirs` (the preset's, or null), every
 * `step` from the lowest value to the highest. `unit` names the values and `of` what is
 * counted; with `bin`, each value is a bin of that width.
 */
export function columns(mine, theirs, presetName, { width, step, unit, of, bin = 0 }) {
  const a = shares(mine);
  const b = theirs ? shares(theirs) : new Map();
  const keys = [...a.keys(), ...b.keys()];
  const xs = [];
  for (let x = Math.min(...keys); x <= Math.max(...keys); x += step) xs.push(x);
  const height = 220;
  const margin = { left: 44, right: 8, top: 26, bottom: 34 };
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const top = Math.max(...a.values(), ...b.values());
  const tick = gridStep(top);
  const yMax = Math.ceil(top / tick) * tick;
  const y = (value) => margin.top + plotH - (value / yMax) * plotH;
  const slot = plotW / xs.length;
  const barW = Math.max(1, theirs ? slot * 0.42 : slot * 0.8);
  // Every few values are written under the axis, as many as fit.
  const labelEvery = Math.ceil((xs.length * 34) / plotW);
  const beside = theirs ? ` beside ${presetName}` : "";
  const out = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role: "img",
    "aria-label": `The share of ${of} by ${unit}: this rule set${beside}`,
  });
  for (let t = 0; t <= yMax + 1e-9; t += tick) {
    out.append(
      svg("line",
        { x1: margin.left, x2: width - margin.right, y1: y(t), y2: y(t), class: "variant-axis" }),
      svg("text", {
        x: margin.left - 4, y: y(t) + 4, "text-anchor": "end", text: `${Math.round(t * 100)}%`,
      }));
  }
  const column = (x, left, share, colour, whose) => {
    const what = bin ? `${x} to ${x + bin - 1} ${unit}` : `${x} ${unit}`;
    const title = `${what}: ${(share * 100).toFixed(1)}% of ${of} (${whose})`;
    return svg("rect", { x: left, y: y(share), width: barW, height: y(0) - y(share), fill: colour },
      svg("title", { text: title }));
  };
  xs.forEach((x, i) => {
    const left = margin.left + i * slot + (slot - (theirs ? 2 * barW : barW)) / 2;
    out.append(column(x, left, a.get(x) ?? 0, COLOURS.variant, "this rule set"));
    if (theirs) out.append(column(x, left + barW, b.get(x) ?? 0, COLOURS.base, presetName));
    if (i % labelEvery === 0) {
      const middle = margin.left + (i + 0.5) * slot;
      out.append(svg("text",
        { x: middle, y: height - margin.bottom + 16, "text-anchor": "middle", text: x }));
    }
  });
  const caption = bin ? `${unit} (bins of ${bin}, each from its value)` : unit;
  out.append(svg("text",
    { x: margin.left + plotW / 2, y: height - 4, "text-anchor": "middle", text: caption }));
  const legend = [["this rule set", COLOURS.variant]];
  if (theirs) legend.push([presetName, COLOURS.base]);
  let x = margin.left;
  for (const [text, colour] of legend) {
    out.append(svg("rect", { x, y: 6, width: 12, height: 12, fill: colour }),
      svg("text", { x: x + 16, y: 16, text }));
    x += 16 + text.length * 7 + 18;
  }
  out.append(svg("text",
    { x: width - margin.right, y: 16, "text-anchor": "end", text: `share of ${of}` }));
  return out;
}
