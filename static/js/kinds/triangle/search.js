// "Show search": the server's trace of the search (a solve with "trace":
// the first moves it made, each a piece placed or taken back) as a timeline
// the shell can step through, and the words said as it plays. The timeline
// ends on the search's first solution; when the trace was cut, one last
// step puts that solution in place whole.

import { count, plural } from "../../common/format.js";

// How many moves the page asks for: a long search is cut there.
export const TRACE_STEPS = 1500;

function emptyOf(n) {
  return Array(n).fill(null);
}

// steps[0] is the board before the show, emptied; each later step {move,
// position: {placement, misfits, detail, takebacks}}.
export function traceTimeline(pieces, answer) {
  const trace = answer.trace || { events: [] };
  let placement = emptyOf(pieces);
  let takebacks = 0;
  const at = (detail, move) => ({ placement, misfits: [], detail, takebacks, marks: traceMarks(move) });
  const steps = [{ position: at(null, null), move: null }];
  for (const e of trace.events) {
    placement = placement.slice();
    let move;
    let detail;
    if (e.act === "take") {
      placement[e.slot] = null;
      takebacks += 1;
      move = { act: "out", piece: e.piece, slot: e.slot };
      detail = { slot: e.slot, piece: null };
    } else {
      placement[e.slot] = { piece: e.piece, edges: [...e.edges] };
      move = { act: "place", piece: e.piece, slot: e.slot };
      detail = { slot: e.slot, piece: e.piece, edges: [...e.edges] };
    }
    steps.push({ position: at(detail, move), move });
  }
  const solution = answer.status === "solved" ? answer.solutions?.[0] : null;
  if (trace.cut && solution) {
    placement = solution.map((e) => (e ? { piece: e.piece, edges: [...e.edges] } : null));
    const found = { act: "found", piece: null, slot: null };
    steps.push({ position: at(null, found), move: found });
  }
  return { kind: "trace", steps, cursor: 0, cut: Boolean(trace.cut), made: trace.made ?? trace.events.length,
    status: answer.status };
}

// "step k of N, d take-backs"
export function traceCounter(t) {
  const d = t.steps[t.cursor].position.takebacks;
  return `step ${count(t.cursor)} of ${count(t.steps.length - 1)}, ${plural(d, "take-back")}`;
}

export function traceStepWords(t) {
  const step = t.steps[t.cursor];
  const m = step.move;
  let what = "";
  if (!m) what = "Every piece in the tray.";
  else if (m.act === "found") what = `The search went on for ${count(t.made)} moves in all: its first solution.`;
  else if (m.act === "out") what = `Piece ${m.piece} taken back from slot ${m.slot}.`;
  else what = `Piece ${m.piece} tried in slot ${m.slot}.`;
  const last = t.cursor === t.steps.length - 1;
  let end = "";
  if (last && t.status === "solved") end = " Done: the search's first solution, every piece in place.";
  else if (last && t.status === "unsolvable") end = " The search ended: no solution.";
  else if (last) end = " The search stopped at its limit here.";
  return [`Search ${traceCounter(t)}. ${what}${end}`, last && t.status === "solved" ? "ok" : "info"];
}

// The board's marks for a step of the show: the slot just tried, or the
// one just emptied.
function traceMarks(m) {
  if (!m || m.slot === null || m.slot === undefined) return {};
  return m.act === "out" ? { vacated: m.slot } : { hinted: m.slot };
}
