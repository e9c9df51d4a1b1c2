// Rotation's words: a step of the trajectory told (the turn, the falls),
// an answer told, and the turns of a play for a link.

import { count, duration, isNumber, named, plural } from "../../common/format.js";

const TURNED = { L: "Turned left.", R: "Turned right." };

// "Turned left. Stick 0 fell 3 cells, stick 1 fell 1 cell. Stick 1 fell out."
export function stepWords(step, released = true) {
  const words = step.move ? [TURNED[step.move]] : [];
  const fell = Object.entries(step.moved || {}).filter(([, n]) => n > 0)
    .map(([symbol, n]) => `stick ${symbol} fell ${plural(n, "cell")}`);
  if (fell.length) words.push(`${fell.join(", ")}.`.replace(/^s/, "S"));
  if (released && step.released.length) words.push(`${capital(named(step.released, "stick"))} fell out.`);
  if (!fell.length && !step.released.length) words.push("Nothing moved.");
  return words.join(" ");
}

// "LRR": the turns of steps, for a link.
export const linkMoves = (steps) => steps.map((step) => step.move).join("");

export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

const SPELLED_OUT_MOVES = 20;

// Answers decided without a search say why (`reason`; older cached answers lack it).
const REASONS = {
  "no-gap": { unsolvable: "No solution: the frame has no gap, so no stick can ever fall out." },
  "no-sticks": {
    solved: "Solved in 0 moves: the board has no sticks, so none is left to release.",
    unsolvable: "No solution: the board has no sticks.",
  },
};

function describe(answer) {
  const why = REASONS[answer.reason]?.[answer.status];
  if (why) return why;
  if (answer.status === "solved") {
    const n = answer.length;
    if (n === 0) {
      const out = answer.start?.released || [];
      if (!out.length) return "Solved before any turn: the goal holds as the puzzle settles.";
      return `Solved before any turn: ${named(out, "stick")} ${out.length === 1 ? "falls" : "fall"} out ` +
        "as the puzzle settles.";
    }
    // a long solution is told by its chips, not by a wall of letters
    const letters = n <= SPELLED_OUT_MOVES ? `: ${answer.moves.split("").join(" ")}` : "";
    return `Solved in ${plural(n, "move")}${letters}`;
  }
  if (answer.status === "unsolvable") {
    if (answer.reason && answer.summary) return `No solution: ${answer.summary}.`;
    if (!isNumber(answer.states)) return "No solution: no sequence of turns reaches the goal.";
    return `No solution: all ${plural(answer.states, "reachable position")} tried.`;
  }
  const which = answer.limit === "time" ? "time" : "state";
  return `Gave up at the ${which} limit: no solution within ${plural(answer.depth, "move")} ` +
         `after ${plural(answer.states, "position")}.`;
}

// The answer, with what the search looked at when it searched.
export function answerWords(answer) {
  const facts = [];
  if (isNumber(answer.states)) facts.push(`${plural(answer.states, "position")} looked at`);
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
    ? `${count(job.states || 0)} of ${plural(job.max_states, "position")}` : plural(job.states || 0, "position");
  return `${states}, ${plural(job.depth || 0, "move")} deep` + (time ? `, ${time}` : "");
}

export function progressFraction(job) {
  return job.max_states ? Math.min(1, (job.states || 0) / job.max_states) : null;
}

export const stoppedWords = (job) => `Cancelled after ${plural(job.states || 0, "position")}.`;

// What a hint says: the turn, and how many follow.
export function hintWords(hint) {
  if (hint.status === "solved" && hint.move) {
    const rest = (hint.length ?? 1) - 1;
    return { text: `Hint: turn ${hint.move === "L" ? "left (L)" : "right (R)"}` +
      (rest ? `, then ${plural(rest, "more move", "more moves")}.` : ": a stick falls out."), kind: "info" };
  }
  if (hint.status === "solved") return { text: "The goal is reached already.", kind: "info" };
  if (hint.status === "unsolvable") return { text: "No sequence of turns reaches the goal from here.", kind: "warn" };
  return { text: "This one is too big for a hint: the search stopped at its limit.", kind: "warn" };
}

// A step of a solution as it is stepped through.
export function solutionStepWords(t, step) {
  const p = step.position;
  const n = p.released.length;
  const out = n ? ` ${capital(named(p.released, "stick"))} ${n === 1 ? "falls" : "fall"} out.` : "";
  return [`Move ${t.cursor} of ${t.steps.length - 1}. ${stepWords({ ...p, move: step.move }, false)}${out}`, n ? "ok" : "info"];
}

// The start as drawn settling before the first turn.
export function settledWords(p) {
  const fell = stepWords({ ...p, move: null });
  return `Before the first turn the sticks fall into place: ${fell.charAt(0).toLowerCase()}${fell.slice(1)}`;
}

export function movesOfLink(text) {
  if (!/^[LR]+$/.test(text)) throw new Error(`"${text.slice(0, 20)}" is not a row of turns L and R`);
  return text.split("");
}
