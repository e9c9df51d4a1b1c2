// Words and numbers for people, in the page's language (1,234 and 0.42 s in
// English, 1.234 and 0,42 s in German). Every number may be missing from an
// answer (an older server, another path through it): a missing one is left
// out, never allowed to break the page.

import { lang, number } from "./i18n.js";

export function isNumber(x) {
  return typeof x === "number" && Number.isFinite(x);
}

// The page's language's thousands separator ("," in English, "." in German).
const GROUP = new Intl.NumberFormat(lang).formatToParts(1000).find((p) => p.type === "group")?.value ?? "";

// "29,148": a number, or a count the server sent as its decimal digits (a
// count past 2**53 stays exact that way), grouped by thousands alike.
export function count(n) {
  if (typeof n === "string" && /^\d+$/.test(n)) return n.replace(/\B(?=(\d{3})+$)/g, GROUP);
  return isNumber(n) ? number(n) : "?";
}

// A count and its noun, as the caller words them (a kind's "turn"/"turns",
// already in the page's language; German counts as English does: one is
// singular). A whole sentence with a count is tn()'s (i18n.js).
export function plural(n, word, words = `${word}s`) {
  return `${count(n)} ${n === 1 ? word : words}`;
}

// "item 3" or "items 3, 5": a list of names with its noun in the right number.
export function named(items, word, words = `${word}s`) {
  return `${items.length === 1 ? word : words} ${items.join(", ")}`;
}

// "0.42 s", "<0.01 s", or "" when the answer did not say.
export function duration(seconds, digits = 2) {
  if (!isNumber(seconds)) return "";
  const floor = 10 ** -digits;
  const fixed = (x) => new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits,
    useGrouping: false }).format(x);
  return seconds < floor ? `<${fixed(floor)} s` : `${fixed(seconds)} s`;
}
