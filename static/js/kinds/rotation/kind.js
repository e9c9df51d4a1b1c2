// The rotation kind: one board, drawn in "Draw" mode (drawing.js), turned
// in "Try it" mode, solved and animated from the engine's trajectory. The
// timeline (Play, Pause, Step, Back, Restart, chips, scrubber), Solve as a
// job, Try it, Hint and Undo/Redo of the moves are the shell's
// (static/js/shell/playground.js says what a kind gives it); this object
// gives what is rotation's own: each step of a timeline is a step of the
// server's trajectory ({move, moved, released, sticks, orientation}), and
// steps[0] the settled start (board.js draws and animates them), the goals,
// the hints drawn on the board, and the words for them (words.js). The
// server decides every move; this page only draws what it answers.

import { plural, named } from "../../common/format.js";
import { announceSolved } from "../../common/solved.js";
import { say } from "../../shell/messages.js";
import { movesShown } from "../../shell/keeping.js";
import { showSolved } from "../../shell/finish.js";
import { share } from "../../shell/share.js";
import { Grid } from "./grid.js";
import { askMove } from "./nextsteps.js";
import {
  animate, current, goal, goalReached, markHint, prefetch, publish, render, startTimeline, updateButtons,
} from "./board.js";
import { boardKey, mountDrawing, openPuzzle, redoShown, redoTurn, setMode, undoShown, undoTurn } from "./drawing.js";
import { attach, canvas, initial, pg, state, view } from "./here.js";
import { begin } from "./startup.js";
import { answerWords, capital, playedTurns, stepWords } from "./words.js";

const $ = (selector) => document.querySelector(selector);

function turn(move) {
  setMode("try");
  pg.tryMove(move);
}

async function turnOnce(move) {
  let t = state.timeline;
  if (!t) {
    const start = await askMove(state.design.toText(), 0, null);
    await startTimeline("play", start, goal());
    t = state.timeline;
  } else {
    t.kind = "play";
    t.goal = goal();
    t.steps = t.steps.slice(0, t.cursor + 1);
  }
  if (goalReached(t)) {
    say("A stick is already out. Press Undo or Restart to try again.");
    return false;
  }
  const now = current();
  const step = await askMove(now.grid.toText(), now.orientation, move);
  t.steps.push(step);
  await animate(t.steps[t.cursor], step);
  t.cursor += 1;
  publish();
  pg.arrived();
  if (goalReached(t)) {
    await celebrate(t.cursor);
    return false;
  }
  say(`${stepWords(step)} Moves: ${t.cursor}.`);
  return true;
}

async function celebrate(moves) {
  if (goal() === "any") announceSolved(state.design.toText(), moves);
  const last = stepWords(state.timeline.steps[moves]);
  let best = null;
  const s = state.solution;
  if (pg.solutionFits(s) && s.answer.status === "solved") {
    best = s.answer.length;
  } else if (state.design.toText() === initial.board && Number.isInteger(initial.optimal) && goal() === "any") {
    best = initial.optimal;
  } else {
    try {
      const answer = await pg.fetchSolution();
      if (answer.status === "solved") best = answer.length;
    } catch {
      best = null;
    }
  }
  const done = plural(moves, "move");
  if (best === null) say(`${last} Done in ${done}!`, "ok");
  else if (best === moves) say(`${last} Done in ${done}: the shortest possible!`, "ok");
  else say(`${last} Done in ${done}; the shortest takes ${best}.`, "ok");
  showSolved(moves, best);
}

function showHint(answer) {
  if (answer.status === "solved" && answer.move) {
    const rest = answer.length - 1;
    say(`Hint: turn ${answer.move === "L" ? "left (L)" : "right (R)"}` +
        (rest ? `, then ${plural(rest, "more move", "more moves")}.` : ": a stick falls out."));
    const button = answer.move === "L" ? $("#turn-left") : $("#turn-right");
    button.classList.add("hinted");
    setTimeout(() => button.classList.remove("hinted"), 1800);
    markHint(answer.move);
  } else if (answer.status === "solved") {
    say("The goal is reached already.");
  } else if (answer.status === "unsolvable") {
    say("No sequence of turns reaches the goal from here.", "warn");
  } else {
    say("This one is too big for a hint: the search stopped at its limit.", "warn");
  }
}


// The drawing, the tab, the goal and the turns played, kept in the browser.
function keep() {
  const t = state.timeline;
  const play = t?.kind === "play";
  // a step's board text is the sticks' places again: not kept twice
  const steps = play ? t.steps.map(({ board, ...step }) => step) : null;
  pg.keeper.save({ start: state.design.toText(), title: $("#puzzle-title").textContent, steps,
    cursor: play ? t.cursor : 0, goal: play ? t.goal : goal(), mode: state.mode });
}

function solutionStepMessage(shell, t, step) {
  const n = step.released.length;
  const out = n ? ` ${capital(named(step.released, "stick"))} ${n === 1 ? "falls" : "fall"} out.` : "";
  return [`Move ${t.cursor} of ${t.steps.length - 1}. ${stepWords(step, false)}${out}`,
    step.released.length ? "ok" : "info"];
}

// A solution is watched in Try it (Draw shows the drawing, unturned).
async function solutionTimeline(shell, answer) {
  setMode("try");
  await startTimeline("solution", answer.start, answer.goal);
  if (!state.timeline) return; // left while the start settled
  for (const step of answer.trajectory || []) state.timeline.steps.push(step);
}

// ------------------------------------------------------------ hint
function hintPosition() {
  const now = current();
  return { text: now.grid.toText(), orientation: now.orientation, goal: goal() };
}

function hintStill(shell, asked, failed = false) {
  const still = current();
  return still.grid.toText() === asked.text && still.orientation === asked.orientation &&
    (failed || goal() === asked.goal);
}

// A solve from the position as it is (its orientation too), as a job.
async function fetchHint(shell, asked) {
  const fromStart = !state.timeline;
  say("Looking for the best next turn…");
  const answer = await shell.jobs.solve({ board: asked.text, orientation: asked.orientation, goal: asked.goal }, "Hint");
  if (hintStill(shell, asked) && fromStart && asked.text === state.design.toText()) {
    state.solution = shell.solutionOf(asked.text, answer);
  }
  return { status: answer.status, move: (answer.moves || "")[0] || null, length: answer.length };
}

// The link carries the puzzle, and when asked the turns played and their goal.
function shareLink(shell, which) {
  const t = state.timeline;
  const turns = $("#share-moves").checked && movesShown(t) ? playedTurns(t) : "";
  const more = turns ? { moves: turns, ...(goal() === "any" ? {} : { goal: goal() }) } : {};
  return share(shell.api(which === "short" ? "links" : "share"), { board: state.design.toText() }, more);
}

// The board's own pointer: a swipe turns it in "Try it" mode (right is
// clockwise), and the stick under the pointer is outlined.
function installPointer() {
  let swipe = null;
  canvas.addEventListener("pointerdown", (e) => {
    if (state.mode === "try") swipe = { x: e.clientX, y: e.clientY };
  });
  // The stick under the pointer is outlined (on the board as turned now).
  canvas.addEventListener("pointermove", (e) => {
    const hover = stickAt(e.clientX, e.clientY);
    if (hover === state.hover) return;
    state.hover = hover;
    if (!canvas.dataset.animating) render();
  });
  canvas.addEventListener("pointerleave", () => {
    state.hover = null;
    if (!canvas.dataset.animating) render();
  });

  function stickAt(clientX, clientY) {
    const now = current();
    const rect = canvas.getBoundingClientRect();
    // back from the turned picture to the frame's own coordinates
    const cx = rect.left + rect.width / 2;
    const cy = rect.top + rect.height / 2;
    const a = (now.orientation * Math.PI) / 2;
    const dx = clientX - cx;
    const dy = clientY - cy;
    const x = cx + dx * Math.cos(a) + dy * Math.sin(a);
    const y = cy - dx * Math.sin(a) + dy * Math.cos(a);
    const at = view.cellAt(now.grid, x, y);
    return at && now.grid.isStick(...at) ? now.grid.get(...at) : null;
  }

  canvas.addEventListener("pointerup", (e) => {
    if (!swipe || state.mode !== "try") return;
    const dx = e.clientX - swipe.x;
    const dy = e.clientY - swipe.y;
    swipe = null;
    if (Math.abs(dx) > 30 && Math.abs(dx) > Math.abs(dy)) turn(dx > 0 ? "R" : "L");
  });
}

// ------------------------------------------------------------- the kind
export const rotation = {
  name: "rotation",
  words: { answerWords }, // the jobs' progress words are the jobs' own
  // Play has no pause between moves (each move's fall is its own pause);
  // Restart walks a few steps back at three times the speed.
  timing: { playGap: 0, reducedPause: 600, animatedRestartSteps: 4, rewindMs: 1500, rewindStepMs: 80, restartFaster: 3 },
  texts: {
    unsolvableToPlay: "Nothing to play: no sequence of turns solves this puzzle.",
    goalAlready: "Nothing to play: the goal is reached before any turn.",
    latestMove: "That was your latest move. Turn again, or press Solve to watch the shortest way.",
  },
  moveList: {
    chipTitle: (move, i) => `Move ${i + 1}: turn ${move === "L" ? "left" : "right"}`,
    labels: { solution: "Shortest solution", play: "Your turns" },
  },

  mount(shell) {
    attach(shell);
    Object.assign(shell.state, {
      design: Grid.fromText(initial.board), // the board as drawn, orientation 0
      undo: [],
      redo: [],
      mode: "draw",
      extra: null, // the editor's picture while a gesture is under way
      cursor: [1, 1], // the keyboard's drawing cursor, in board (unturned) coordinates
      cursorShown: false, // the board has the keyboard focus in Draw mode
      hover: null, // the stick under the pointer
      hintShown: null, // the hint drawn on the board and the position it is for
    });
    mountDrawing();
    $("#turn-left").addEventListener("click", () => turn("L"));
    $("#turn-right").addEventListener("click", () => turn("R"));
    installPointer();
    return view;
  },
  begin,
  open: (shell, text, options) => openPuzzle(text, options),

  startText: () => state.design.toText(),
  solveOptions: () => ({ goal: goal() }),
  current: () => current(),
  render: () => render(),
  publish: () => publish(),
  buttons: () => updateButtons(),
  keep,
  arrived() {
    keep();
    prefetch();
  },
  animateStep: (shell, before, after, options) => animate(before, after, options),
  playStepMessage: (shell, t, step) => [`${stepWords(step)} Moves: ${t.cursor}.`, "info"],
  solutionStepMessage,
  solutionTimeline,
  moveOnce: (shell, move) => turnOnce(move),
  // the buttons in Try it; Ctrl+Z follows the mode (shortcuts)
  undo: () => undoTurn(),
  redo: () => redoTurn(),
  provenShortest: () => true, // a rotation answer is always a shortest one
  hintPosition,
  hintStill,
  needsServerHint: (shell, known) => !known,
  fetchHint,
  showHint: (shell, answer) => showHint(answer),
  share: shareLink,
  shortcuts: () => ({ boardKey, undo: undoShown, redo: redoShown, turn, move: undefined }),
};
