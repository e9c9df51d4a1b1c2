// The triangle's positions: {placement, misfits, detail} (the piece in
// each slot turned so, the edges that do not fit, the move that made it as
// sent to the server), and what this page keeps of its own (the solution
// shown, the search show).

import { emptyPlacement } from "./words.js";

export const own = {
  solutionIndex: 0, // the listed solution shown
  indexed: null, // the answer the index counts in
  traced: null, // {text, answer}: the search's trace for the puzzle shown
  beforeTrace: null, // the timeline the search show replaced
  searchingOn: false, // Keep searching: the next answer keeps the solution shown
};

// The start's position, the same object while the start is the same: a
// move's answer is dropped when the position it was asked on is not shown.
let empty = { text: null, position: null };
export function startPosition(text) {
  if (empty.text !== text) empty = { text, position: { placement: emptyPlacement(text), misfits: [], detail: null } };
  return empty.position;
}

export const placed = (host) => host.current().placement;
