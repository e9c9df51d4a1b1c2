// Words and numbers for people. Every number may be missing from an answer
// (an older server, another path through it): a missing one is left out,
// never allowed to break the page.

export function isNumber(x) {
  return typeof x === "number" && Number.isFinite(x);
}

// "29,148": a number, or a count the server sent as its decimal digits (a
// count past 2**53 stays exact that way), grouped by thousands alike.
export function count(n) {
  if (typeof n === "string" && /^\d+$/.test(n)) return n.replace(/\B(?=(\d{3})+$)/g, ",");
  return isNumber(n) ? n.toLocaleString("en-US") : "?";
}

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
  return seconds < floor ? `<${floor} s` : `${seconds.toFixed(digits)} s`;
}
