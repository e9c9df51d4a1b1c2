// The rotation kind: a frame of walls with a gap and sticks inside, turned
// a quarter at a time; gravity pulls. A position is a step of the server's
// trajectory: {sticks: {symbol: [row, col]}, orientation, moved, released}
// (the walls and the sticks' shapes are the start's). The start as drawn
// settles before the first turn (the server's word), and a puzzle ends
// when its goal is reached (what fell out is gone). The shell
// (static/js/shell/playground.js) owns play; this object only knows the
// puzzle, and its view (view.js) draws it, with the drawing editor
// (drawing.js) in Draw mode.

import { number, t, tn } from "../../common/i18n.js";
import { boardText, design, drawnPosition, positionOf } from "./position.js";
import { RotationView } from "./view.js";
import {
  answerWords, hintWords, linkMoves, movesOfLink, progressFraction, progressWords, settledWords, solutionStepWords,
  stepWords, stoppedWords,
} from "./words.js";

const $ = (selector) => document.querySelector(selector);

// A position kept in the browser: the start's sticks, inside the frame.
function keptPosition(start, p) {
  let grid;
  try {
    grid = design(start);
  } catch {
    return false;
  }
  const symbols = new Set(grid.sticks().keys());
  const place = (at) => Array.isArray(at) && at.length === 2 && at.every(Number.isInteger) && grid.inside(...at);
  return Boolean(p && typeof p === "object" && [0, 1, 2, 3].includes(p.orientation) && Array.isArray(p.released) &&
    p.moved && typeof p.moved === "object" && p.sticks && typeof p.sticks === "object" &&
    Object.entries(p.sticks).every(([symbol, at]) => symbols.has(symbol) && place(at)));
}

export const rotation = {
  name: "rotation",
  words: {
    moveTitle: (move, i) => (move === "L" ? t("Move %(turn)s: turn left", { turn: number(i + 1) })
      : t("Move %(turn)s: turn right", { turn: number(i + 1) })),
    moveWords: (move) => (move === "L" ? t("Turned left.") : t("Turned right.")),
    movedWords: (move, before, after, n) =>
      [t("%(step)s Moves: %(turns)s.", { step: stepWords({ ...after, move }), turns: number(n) }), "info"],
    solvedWords: (move, before, after, n) =>
      tn("%(step)s Done in %(turns)s move", "%(step)s Done in %(turns)s moves", n,
        { step: stepWords({ ...after, move }), turns: number(n) }),
    stepWords: solutionStepWords,
    settledWords,
    counter: (p, line) => t("Moves: %(turns)s", { turns: number(line ? line.cursor : 0) }),
    answerWords, hintWords, linkMoves, movesOfLink, progressWords, progressFraction, stoppedWords,
  },
  // Play has no pause between moves (each move's fall is its own pause);
  // Restart walks a few steps back at three times the speed.
  timing: { playGap: 0, reducedPause: 600, animatedRestartSteps: 4, rewindMs: 1500, rewindStepMs: 80, restartFaster: 3 },
  texts: {
    unsolvableToPlay: t("Nothing to play: no sequence of turns solves this puzzle."),
    goalAlready: t("Nothing to play: the goal is reached before any turn."),
    latestMove: t("That was your latest move. Turn again, or press Solve to watch the shortest way."),
    ended: t("A stick is already out. Press Undo or Restart to try again."),
    move: t("turn"),
    moves: t("turns"),
  },
  moveList: { labels: { play: t("Your turns") } },

  position: drawnPosition,
  key: (p) => `${p.orientation}|${Object.entries(p.sticks).sort().map(([s, [r, c]]) => `${s}${r},${c}`).join(" ")}`,
  boardText,
  settles: true,
  solvesFromHere: true,
  endsWhenSolved: true,
  // the shortest is always worth asking for: a solve is a breadth-first search
  shortestAfterSolve: true,
  moveBody: (p, move, start) => ({ board: boardText(p, start), orientation: p.orientation, move }),
  afterMove: (p, move, answer) => ({ position: positionOf(answer), move }),
  answerSteps(start, answer) {
    const first = answer.start ? positionOf(answer.start) : drawnPosition(start);
    return [{ position: first, move: null },
      ...(answer.trajectory || []).map((step) => ({ position: positionOf(step), move: step.move }))];
  },
  hintBody: (p, start) => ({ board: boardText(p, start), orientation: p.orientation }),
  // the goal is sent only when it is not the puzzle's own (any stick)
  solveOptions() {
    const goal = $("#goal").value;
    return goal && goal !== "any" ? { goal } : {};
  },
  keptPosition,

  mount: (host) => new RotationView(host),
};
