// Rotation's start-up: the last drawing at "/", the work kept on the board
// shown (the tab, the goal, the turns played), a link's turns played again,
// or Play when the link asks.

import { plural } from "../../common/format.js";
import { say, setAnswer } from "../../shell/messages.js";
import { forgetLinkMoves, linkMoves } from "../../shell/share.js";
import { Grid } from "./grid.js";
import { askMove } from "./nextsteps.js";
import { goal, goalReached, prefetch, publish, render } from "./board.js";
import { chooseGoal, designWarnings, MAX_SIZE, MIN_SIZE, refreshGoals, setMode, showSize, warmUpSoon } from "./drawing.js";
import { initial, pg, state } from "./here.js";

const $ = (selector) => document.querySelector(selector);

// The page at "/" with no puzzle in its address brings back the last drawing.
function restoreDrawing() {
  const params = new URLSearchParams(window.location.search);
  if (window.location.pathname !== "/" || params.has("p") || params.has("daily")) return false;
  const text = pg.keeper.savedDrawing();
  if (!text || text === initial.board) return false;
  let grid;
  try {
    grid = Grid.fromText(text);
    if (!(grid.width >= MIN_SIZE && grid.width <= MAX_SIZE && grid.height >= MIN_SIZE && grid.height <= MAX_SIZE)) return false;
  } catch {
    return false;
  }
  state.undo.push(state.design); // Undo brings back the example
  state.design = grid;
  $("#puzzle-title").textContent = "Your puzzle";
  pg.keeper.followAddress(text);
  return true;
}

// The work kept on the board shown comes back with it: the tab, the goal
// and the turns played (a link that asks to play shows its own solution).
// Only what the user did is kept, so opening a puzzle keeps the work on
// another until a tab, a turn or an edit (pg.keep).
function restoreWork() {
  const saved = pg.keeper.load();
  if (initial.autoplay || !saved || saved.start !== state.design.toText()) return null;
  chooseGoal(saved.goal);
  const steps = keptSteps(saved.steps, state.design);
  if (steps) {
    const cursor = Math.max(0, Math.min(Number.isInteger(saved.cursor) ? saved.cursor : 0, steps.length - 1));
    state.timeline = { kind: "play", specs: state.design.sticks(), steps, cursor, goal: goal() };
  }
  return saved.mode === "try" || saved.mode === "draw" ? saved.mode : null;
}

const TURNS = [null, "L", "R"];

// Steps of the server's trajectory for the sticks of `grid`, or null.
function keptSteps(steps, grid) {
  if (!Array.isArray(steps) || steps.length < 2) return null;
  const symbols = new Set(grid.sticks().keys());
  const place = (at) => Array.isArray(at) && at.length === 2 && at.every(Number.isInteger) && grid.inside(...at);
  const fits = (step) => step && typeof step === "object" && TURNS.includes(step.move ?? null) &&
    [0, 1, 2, 3].includes(step.orientation) && Array.isArray(step.released) &&
    step.moved && typeof step.moved === "object" && step.sticks && typeof step.sticks === "object" &&
    Object.entries(step.sticks).every(([symbol, at]) => symbols.has(symbol) && place(at));
  return steps.every(fits) ? steps : null;
}

// A link may carry turns played on its puzzle (?moves=LRR, from Share):
// the server plays them again and the page opens in Try it at the last.
function sharedTurns() {
  if (initial.autoplay) return null;
  const params = new URLSearchParams(window.location.search);
  const linked = linkMoves(params, (text) => {
    if (!/^[LR]+$/.test(text)) throw new Error(`"${text.slice(0, 20)}" is not a row of turns L and R`);
    return text;
  });
  return linked && { ...linked, goal: params.get("goal") };
}

async function replayTurns({ moves, goal: wanted, error }) {
  if (error) {
    forgetLinkMoves("goal");
    say(`The turns in this link cannot be read (${error}): the puzzle opens at its start.`, "warn");
    return;
  }
  chooseGoal(wanted);
  say("Playing the turns of the link…");
  const design = state.design;
  const specs = design.sticks();
  const t = { kind: "play", specs, steps: [await askMove(design.toText(), 0, null)], cursor: 0, goal: goal() };
  for (const move of moves) {
    if (goalReached(t)) break; // no turn is played once the goal is reached
    const last = t.steps[t.cursor];
    t.steps.push(await askMove(design.withSticks(specs, last.sticks).toText(), last.orientation, move));
    t.cursor += 1;
  }
  if (state.design !== design || state.timeline) return; // the board was changed meanwhile
  state.timeline = t;
  setMode("try");
  // the link's turns are played once: a reload brings back the work as it goes on
  forgetLinkMoves("goal");
  pg.arrived();
  say(`Played the link's ${plural(t.cursor, "turn")}. Moves: ${t.cursor}.`);
}

export function begin() {
  const shared = sharedTurns();
  const restored = !shared && restoreDrawing();
  refreshGoals();
  const keptMode = shared ? null : restoreWork();
  setMode(keptMode || (initial.mode === "try" ? "try" : "draw"));
  showSize();
  render();
  publish();
  const played = state.timeline ? state.timeline.cursor : 0;
  if (restored) {
    const moves = played ? `, with ${plural(played, "move")} played` : "";
    say(`Restored your last drawing${moves}. ${state.mode === "draw" ? "Undo" : "Undo in Draw"} brings back the example.`);
  } else if (played) {
    say(`Restored your work: ${plural(played, "move")} played.`);
  } else {
    say(designWarnings(), "warn");
  }
  if (!restored && Number.isInteger(initial.optimal)) {
    setAnswer(`The shortest solution takes ${plural(initial.optimal, "move")}. Try it, or press Solve.`);
  }
  if (initial.autoplay && !restored) pg.playClicked();
  else if (shared) pg.run(() => replayTurns(shared));
  else if (state.timeline) prefetch();
  else warmUpSoon();
}
