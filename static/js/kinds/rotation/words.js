// Rotation's words: a step of the trajectory told (the turn, the falls),
// an answer told, and the turns of a play for a link. In the page's
// language (i18n.js): a rotation's move is a turn, a Drehung, where other
// kinds' are Züge, so its messages name their counts %(turns)s and the like,
// which keeps them apart from the shell's "%(n)s moves" in the catalogue.

import { count, duration, isNumber } from "../../common/format.js";
import { lang, number, t, tn } from "../../common/i18n.js";

const turned = (move) => (move === "L" ? t("Turned left.") : t("Turned right."));

// "stick 0 fell 3 cells"
const fellWords = (symbol, n) =>
  tn("stick %(stick)s fell %(n)s cell", "stick %(stick)s fell %(n)s cells", n, { stick: symbol });

// "Stick 1 fell out." / "Sticks 0, 1 fell out."
const fellOut = (symbols) =>
  tn("Stick %(sticks)s fell out.", "Sticks %(sticks)s fell out.", symbols.length, { sticks: symbols.join(", ") });

// "Stick 1 falls out." / "Sticks 0, 1 fall out."
const fallsOut = (symbols) =>
  tn("Stick %(sticks)s falls out.", "Sticks %(sticks)s fall out.", symbols.length, { sticks: symbols.join(", ") });

// "Turned left. Stick 0 fell 3 cells, stick 1 fell 1 cell. Stick 1 fell out."
export function stepWords(step, released = true) {
  const words = step.move ? [turned(step.move)] : [];
  const fell = Object.entries(step.moved || {}).filter(([, n]) => n > 0).map(([symbol, n]) => fellWords(symbol, n));
  if (fell.length) words.push(capital(`${fell.join(", ")}.`));
  if (released && step.released.length) words.push(fellOut(step.released));
  if (!fell.length && !step.released.length) words.push(t("Nothing moved."));
  return words.join(" ");
}

// "LRR": the turns of steps, for a link.
export const linkMoves = (steps) => steps.map((step) => step.move).join("");

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

const SPELLED_OUT_MOVES = 20;

// Answers decided without a search say why (`reason`; older cached answers lack it).
const REASONS = {
  "no-gap": { unsolvable: () => t("No solution: the frame has no gap, so no stick can ever fall out.") },
  "no-sticks": {
    solved: () => t("Solved in 0 moves: the board has no sticks, so none is left to release."),
    unsolvable: () => t("No solution: the board has no sticks."),
  },
};

function describe(answer) {
  const why = REASONS[answer.reason]?.[answer.status];
  if (why) return why();
  if (answer.status === "solved") {
    const n = answer.length;
    if (n === 0) {
      const out = answer.start?.released || [];
      if (!out.length) return t("Solved before any turn: the goal holds as the puzzle settles.");
      return tn("Solved before any turn: stick %(sticks)s falls out as the puzzle settles.",
        "Solved before any turn: sticks %(sticks)s fall out as the puzzle settles.", out.length,
        { sticks: out.join(", ") });
    }
    // a long solution is told by its chips, not by a wall of letters
    const values = { turns: number(n), letters: answer.moves.split("").join(" ") };
    if (n > SPELLED_OUT_MOVES) return tn("Solved in %(turns)s move", "Solved in %(turns)s moves", n, values);
    return tn("Solved in %(turns)s move: %(letters)s", "Solved in %(turns)s moves: %(letters)s", n, values);
  }
  if (answer.status === "unsolvable") {
    if (answer.reason && answer.summary) return t("No solution: %(summary)s.", { summary: answer.summary });
    if (!isNumber(answer.states)) return t("No solution: no sequence of turns reaches the goal.");
    return tn("No solution: all %(n)s reachable position tried.", "No solution: all %(n)s reachable positions tried.",
      answer.states, { n: count(answer.states) });
  }
  const values = { within: turnCount(answer.depth), after: positions(answer.states) };
  return answer.limit === "time"
    ? t("Gave up at the time limit: no solution within %(within)s after %(after)s.", values)
    : t("Gave up at the state limit: no solution within %(within)s after %(after)s.", values);
}

// "3 moves", "1 position": a count with its noun, for a sentence that holds two of them
const turnCount = (n) => tn("%(turns)s move", "%(turns)s moves", n ?? 0, { turns: count(n ?? 0) });
const positions = (n) => tn("%(n)s position", "%(n)s positions", n ?? 0, { n: count(n ?? 0) });

// The answer, with what the search looked at when it searched.
export function answerWords(answer) {
  const facts = [];
  if (isNumber(answer.states)) {
    facts.push(tn("%(n)s position looked at", "%(n)s positions looked at", answer.states, { n: count(answer.states) }));
  }
  if (duration(answer.time)) facts.push(duration(answer.time));
  const detail = answer.status === "solved" && !answer.reason && facts.length ? ` (${facts.join(", ")})` : "";
  return describe(answer) + detail;
}

// A search's progress: the positions looked at (against the limit) and how deep.
export function progressWords(job) {
  const time = duration(job.seconds, 1);
  // the count against its limit too ("1,200 of 5,000,000 positions"): the
  // search ends at whichever of the two limits, positions or time, comes first
  const states = isNumber(job.max_states) && job.max_states > 0
    ? tn("%(states)s of %(n)s position", "%(states)s of %(n)s positions", job.max_states,
      { states: count(job.states || 0), n: count(job.max_states) })
    : positions(job.states || 0);
  const deep = tn("%(turns)s move deep", "%(turns)s moves deep", job.depth || 0, { turns: count(job.depth || 0) });
  return [states, deep, time].filter(Boolean).join(", ");
}

export function progressFraction(job) {
  return job.max_states ? Math.min(1, (job.states || 0) / job.max_states) : null;
}

export const stoppedWords = (job) =>
  tn("Cancelled after %(n)s position.", "Cancelled after %(n)s positions.", job.states || 0, { n: count(job.states || 0) });

// What a hint says: the turn, and how many follow.
export function hintWords(hint) {
  if (hint.status === "solved" && hint.move) {
    const rest = (hint.length ?? 1) - 1;
    const left = hint.move === "L";
    let text;
    if (!rest) text = left ? t("Hint: turn left (L): a stick falls out.") : t("Hint: turn right (R): a stick falls out.");
    else if (left) text = tn("Hint: turn left (L), then %(turns)s more move.", "Hint: turn left (L), then %(turns)s more moves.", rest, { turns: number(rest) });
    else text = tn("Hint: turn right (R), then %(turns)s more move.", "Hint: turn right (R), then %(turns)s more moves.", rest, { turns: number(rest) });
    return { text, kind: "info" };
  }
  if (hint.status === "solved") return { text: t("The goal is reached already."), kind: "info" };
  if (hint.status === "unsolvable") return { text: t("No sequence of turns reaches the goal from here."), kind: "warn" };
  return { text: t("This one is too big for a hint: the search stopped at its limit."), kind: "warn" };
}

// A step of a solution as it is stepped through.
export function solutionStepWords(line, step) {
  const p = step.position;
  const n = p.released.length;
  const text = t("Move %(turn)s of %(turns)s. %(step)s", {
    turn: number(line.cursor), turns: number(line.steps.length - 1), step: stepWords({ ...p, move: step.move }, false),
  });
  return [n ? `${text} ${fallsOut(p.released)}` : text, n ? "ok" : "info"];
}

// The start as drawn settling before the first turn. English lowers the
// first letter of the falls, now inside a sentence; German keeps its nouns'.
export function settledWords(p) {
  const fell = stepWords({ ...p, move: null });
  const inside = lang === "en" ? fell.charAt(0).toLowerCase() + fell.slice(1) : fell;
  return t("Before the first turn the sticks fall into place: %(fell)s", { fell: inside });
}

export function movesOfLink(text) {
  if (!/^[LR]+$/.test(text)) throw new Error(t('"%(text)s" is not a row of turns L and R', { text: text.slice(0, 20) }));
  return text.split("");
}
