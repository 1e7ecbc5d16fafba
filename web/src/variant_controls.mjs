/**
 * The controls of the "Try a variant" form (variants.mjs): one for each field of RuleConfig,
 * drawn from its description by variant_form.py (its kind, its values, its ranges), and the
 * small helpers the page's modules share to make elements.
 */

/**
 * An element with attributes (`text` sets its text; false, null and undefined are left out)
 * and children.
 */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  node.append(...children);
  return node;
}

/** Text whose `backquoted` words become code, as nodes. */
export function withCode(text) {
  return text.split("`").map((part, i) => (i % 2 ? el("code", { text: part }) : part));
}

/** The id of the input of a field (and of one of its parts). */
export function inputId(name, part = "") {
  return `variant-f-${name}${part === "" ? "" : `-${part}`}`;
}

/** A number from a number box: null when it is empty (or not a number). */
export function readNumber(input) {
  if (input.value.trim() === "") return null;
  const number = Number(input.value);
  return Number.isFinite(number) ? number : null;
}

function writeNumber(input, value) {
  input.value = value === null || value === undefined ? "" : String(value);
}

function numberBox(id, label = null) {
  return el("input", { type: "number", step: 1, id, inputmode: "numeric", "aria-label": label });
}

/** `[low, high]` in words: "1 to 100", "0 or more", "up to 8", "only 1 with these rules". */
export function rangeText([low, high]) {
  if (low === null && high === null) return "";
  if (low === high) return `only ${low} with these rules`;
  if (high === null) return `${low} or more`;
  if (low === null) return `up to ${high}`;
  return `${low} to ${high}`;
}

function setBounds(input, range) {
  input.min = range?.[0] ?? "";
  input.max = range?.[1] ?? "";
  input.title = range ? rangeText(range) : "";
}

/**
 * The control of a field of RuleConfig, as variant_form.describe() gives it: its element,
 * and how to show a value (`set`), read it (`get`, in the form rummy500.to_data writes) and
 * show the range of each number (`bounds`, as variant_form.bounds gives it).
 */
export function control(field) {
  const id = inputId(field.name);
  if (field.kind === "flag") {
    const box = el("input", { type: "checkbox", id, name: field.name });
    return {
      element: box,
      set: (value) => { box.checked = value; },
      get: () => box.checked,
      bounds: () => {},
    };
  }
  if (field.kind === "choice") {
    const options = field.choices.map((choice) => el("option", { value: choice, text: choice }));
    const select = el("select", { id, name: field.name }, ...options);
    return {
      element: select,
      set: (value) => { select.value = value; },
      get: () => select.value,
      bounds: () => {},
    };
  }
  if (field.kind === "whole") return whole(field);
  if (field.kind === "per_count") return perCount(field);
  if (field.kind === "card_values") {
    const parts = field.parts.map((part) => cardPart(field.name, part));
    return {
      element: el("span", { class: "variant-cards" }, ...parts.map((p) => p.element)),
      set: (value) => parts.forEach((p) => p.set(value[p.name])),
      get: () => Object.fromEntries(parts.map((p) => [p.name, p.get()])),
      bounds: (range) => parts.forEach((p) => p.bounds(range?.[p.name])),
    };
  }
  throw new Error(`the page cannot show ${field.name}, of kind ${field.kind}`);
}

/** A whole number, with a "none" box when the field may be None. */
function whole(field) {
  const box = numberBox(inputId(field.name));
  box.name = field.name;
  const range = el("span", { class: "variant-range" });
  const bounds = (b) => {
    setBounds(box, b);
    range.textContent = rangeText(b);
  };
  if (!field.optional) {
    return {
      element: el("span", { class: "variant-whole" }, box, range),
      set: (value) => writeNumber(box, value),
      get: () => readNumber(box),
      bounds,
    };
  }
  const none = el("input", { type: "checkbox", id: inputId(field.name, "none") });
  // The number shown again when "none" is unticked: the last one the field held.
  let kept = field.default ?? 1;
  none.addEventListener("change", () => {
    box.disabled = none.checked;
    if (!none.checked && box.value === "") writeNumber(box, kept);
  });
  return {
    element: el("span", { class: "variant-whole" },
      box, el("label", { class: "variant-none" }, none, " none"), range),
    set: (value) => {
      none.checked = value === null;
      box.disabled = value === null;
      if (value !== null) kept = value;
      writeNumber(box, value ?? kept);
    },
    get: () => (none.checked ? null : readNumber(box)),
    bounds,
  };
}

/** A number for each player count (a PlayerTable, whose index 0 and 1 are kept as they are). */
function perCount(field) {
  const boxes = field.counts.map((n) =>
    numberBox(inputId(field.name, n), `${field.name} at ${n} players`));
  const grid = el("span",
    { class: "variant-grid", role: "group", "aria-label": `${field.name} by player count` },
    ...field.counts.map((n, i) => el("label", {}, el("span", { text: `${n}` }), boxes[i])));
  let stored = [];
  return {
    element: el("span", {},
      el("span", { class: "variant-caption", text: "by player count" }), grid),
    set: (value) => {
      stored = [...value];
      field.counts.forEach((n, i) => writeNumber(boxes[i], value[n]));
    },
    get: () => {
      const out = [...stored];
      field.counts.forEach((n, i) => { out[n] = readNumber(boxes[i]); });
      return out;
    },
    bounds: (range) => field.counts.forEach((n, i) => setBounds(boxes[i], range?.[i])),
  };
}

/** One part of the card values: the value of each rank, or one number. */
function cardPart(name, part) {
  if (part.kind === "ranks") {
    const boxes = part.labels.map((rank) =>
      numberBox(inputId(name, `${part.name}-${rank}`), `value of ${rank}`));
    const labelled = part.labels.map((rank, i) =>
      el("label", {}, el("span", { text: rank }), boxes[i]));
    return {
      name: part.name,
      element: el("span",
        { class: "variant-grid", role: "group", "aria-label": "value of each rank" }, ...labelled),
      // Index 0 of by_rank is unused: it stays 0.
      set: (value) => boxes.forEach((box, i) => writeNumber(box, value[i + 1])),
      get: () => [0, ...boxes.map(readNumber)],
      bounds: (range) => boxes.forEach((box, i) => setBounds(box, range?.[i])),
    };
  }
  const words = part.name.replaceAll("_", " ");
  const box = numberBox(inputId(name, part.name), words);
  return {
    name: part.name,
    element: el("label", { class: "variant-part" }, el("span", { text: words }), box),
    set: (value) => writeNumber(box, value),
    get: () => readNumber(box),
    bounds: (range) => setBounds(box, range),
  };
}

/** A field's new value in words, for the list of changes (`before` is the preset's). */
export function valueText(field, value, before) {
  if (field.kind === "flag") return value ? "yes" : "no";
  if (value === null) return "none";
  if (field.kind === "per_count") {
    return field.counts.filter((n) => value[n] !== before[n])
      .map((n) => `${value[n]} at ${n} players`).join(", ");
  }
  if (field.kind === "card_values") {
    const words = [];
    for (const part of field.parts) {
      const [now, was] = [value[part.name], before[part.name]];
      if (part.kind === "ranks") {
        part.labels.forEach((rank, i) => {
          if (now[i + 1] !== was[i + 1]) words.push(`${rank} ${now[i + 1]}`);
        });
      } else if (now !== was) {
        words.push(`${part.name.replaceAll("_", " ")} ${now}`);
      }
    }
    return words.join(", ");
  }
  return String(value);
}
