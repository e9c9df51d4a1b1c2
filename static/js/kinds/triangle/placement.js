// Where the triangle's pieces are: each step of the shell's timeline holds
// the puzzle's text (it never changes) with the placement after that step
// and the edges that do not fit; and what this page keeps besides the
// shell's state (the solution shown, the search show, the hint drawn).

import { emptyPlacement } from "./words.js";

export const own = {
  solutionIndex: 0, // the listed solution shown
  indexed: null, // the answer the index counts in
  traced: null, // {text, answer}: the search's trace for the puzzle shown
  beforeTrace: null, // the timeline the search show replaced
  hinted: null, // the hint drawn on the board
  empty: null, // {text, placement}: the empty placement of the start
};

export function stepNow(shell) {
  const t = shell.state.timeline;
  return t ? t.steps[t.cursor] : null;
}

// The same array while nothing changes: a move's answer is dropped when
// the placement it was asked on is no longer the one shown.
export function placed(shell) {
  const p = stepNow(shell)?.placement;
  if (Array.isArray(p)) return p;
  if (own.empty?.text !== shell.state.start) own.empty = { text: shell.state.start, placement: emptyPlacement(shell.state.start) };
  return own.empty.placement;
}

export function misfitsOf(shell) {
  return stepNow(shell)?.misfits || [];
}
