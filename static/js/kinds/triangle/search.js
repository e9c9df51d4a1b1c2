// "Show search": the server's trace of the search (a solve with "trace":
// the first moves it made, each a piece placed or taken back) as a timeline
// the shell can step through, and the words said as it plays. The timeline
// ends on the search's first solution; when the trace was cut, one last
// step puts that solution in place whole.

import { isNumber } from "../../common/format.js";
import { lang, number, t, tn } from "../../common/i18n.js";

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
export function traceCounter(timeline) {
  const d = timeline.steps[timeline.cursor].position.takebacks;
  return tn("step %(step)s of %(steps)s, %(n)s take-back", "step %(step)s of %(steps)s, %(n)s take-backs", d,
    { step: number(timeline.cursor), steps: number(timeline.steps.length - 1) });
}

export function traceStepWords(timeline) {
  const m = timeline.steps[timeline.cursor].move;
  const said = [t("Search %(counter)s.", { counter: traceCounter(timeline) })];
  if (!m) said.push(t("Every piece in the tray."));
  else if (m.act === "found") {
    said.push(tn("The search went on for %(n)s move in all: its first solution.",
      "The search went on for %(n)s moves in all: its first solution.", timeline.made));
  } else if (m.act === "out") said.push(t("Piece %(piece)s taken back from slot %(slot)s.", { piece: m.piece, slot: m.slot }));
  else said.push(t("Piece %(piece)s tried in slot %(slot)s.", { piece: m.piece, slot: m.slot }));
  const last = timeline.cursor === timeline.steps.length - 1;
  if (last && timeline.status === "solved") said.push(t("Done: the search's first solution, every piece in place."));
  else if (last && timeline.status === "unsolvable") said.push(t("The search ended: no solution."));
  else if (last) said.push(t("The search stopped at its limit here."));
  return [said.join(" "), last && timeline.status === "solved" ? "ok" : "info"];
}

// What the trace found, said when the show begins: the server's fields in
// the page's words (its own summary is English).
export function traceSummary(answer) {
  const trace = answer.trace || {};
  const seconds = new Intl.NumberFormat(lang, { maximumSignificantDigits: 2 }).format(answer.seconds ?? 0);
  const work = t("%(nodes)s nodes, %(seconds)s s", { nodes: number(answer.nodes ?? 0), seconds });
  if (answer.status === "solved" && trace.cut && isNumber(trace.made)) {
    return tn("Search traced: %(made)s moves to the first solution; %(n)s take-back in the first %(steps)s, " +
      "kept to show (%(work)s).", "Search traced: %(made)s moves to the first solution; %(n)s take-backs in the " +
      "first %(steps)s, kept to show (%(work)s).", trace.takebacks ?? 0,
    { made: number(trace.made), steps: number(trace.steps ?? 0), work });
  }
  if (answer.status === "solved") {
    return tn("Search traced: %(made)s moves to the first solution, %(n)s take-back (%(work)s).",
      "Search traced: %(made)s moves to the first solution, %(n)s take-backs (%(work)s).", trace.takebacks ?? 0,
      { made: number(trace.made ?? 0), work });
  }
  if (answer.status === "unsolvable") return t("Search traced: the search ended with no solution (%(work)s).", { work });
  if (answer.limit === "max_seconds") return t("Search traced until the time limit, no solution yet (%(work)s).", { work });
  if (answer.limit === "max_nodes") return t("Search traced until the limit of steps, no solution yet (%(work)s).", { work });
  return t("Search traced until its limit, no solution yet (%(work)s).", { work });
}

// The board's marks for a step of the show: the slot just tried, or the
// one just emptied.
function traceMarks(m) {
  if (!m || m.slot === null || m.slot === undefined) return {};
  return m.act === "out" ? { vacated: m.slot } : { hinted: m.slot };
}
