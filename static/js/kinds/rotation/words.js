// Rotation's words: a step of the trajectory told (the turn, the falls),
// an answer told, and the turns of a play for a link.

import { duration, isNumber, named, plural } from "../../common/format.js";

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

// "LRR": the turns of a play timeline up to the step shown.
export function playedTurns(t) {
  return t.steps.slice(1, t.cursor + 1).map((step) => step.move).join("");
}

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
