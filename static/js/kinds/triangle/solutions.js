// The triangle's solutions and its search show: the listed solutions
// (Next, Previous), Keep searching from where a limit stopped the search,
// and Show search, the search slowed down (play, pause, stop).

import { JobStopped } from "../../common/jobs.js";
import { prefersReducedMotion } from "../../common/motion.js";
import { own, placed } from "./placement.js";
import { TRACE_STEPS, traceStepWords, traceTimeline } from "./search.js";
import { FLY_MS } from "./view.js";
import { emptyPlacement, limitWords, moveOf, partial } from "./words.js";

const $ = (selector) => document.querySelector(selector);

// The beat between two moves of "Show search" (at 1x; the speed divides it).
const TRACE_GAP_MS = 160;

export function publishSolutions(shell) {
  const s = shell.state.solution;
  const fits = shell.solutionFits(s);
  const listed = fits && shell.playable(s.answer) ? s.answer.solutions.length : 0;
  const showing = shell.state.timeline?.kind === "solution" && listed;
  $("#previous-solution").disabled = !showing || own.solutionIndex === 0;
  $("#next-solution").disabled = !showing || own.solutionIndex >= listed - 1;
  let more = listed && s.answer.count_text !== String(listed) ? ` (the first ${listed} listed)` : "";
  if (partial(s?.answer)) more = ` found so far (not all: the search stopped at ${limitWords(s.answer)})`;
  $("#solution-index").textContent = showing ? `Solution ${own.solutionIndex + 1} of ${listed}${more}` :
    "Solve to list them.";
  $("#keep-searching").hidden = !(fits && s.answer.status === "limit" && s.answer.resume);
}

// Keep searching: the search a limit stopped goes on from where it was
// (the answer's token), under a fresh limit; the counts and the solutions
// listed become those of the whole search so far.
export function keepSearching(shell) {
  shell.whenIdle(() => shell.run(async () => {
    const s = shell.state.solution;
    if (!shell.solutionFits(s) || s.answer.status !== "limit" || !s.answer.resume) return;
    const text = shell.startText();
    shell.setAnswer("Searching on from where the search stopped…");
    shell.state.solving = true;
    shell.updateButtons();
    publishSolutions(shell);
    let answer;
    try {
      answer = await shell.jobs.solve({ board: text, ...shell.solveOptions(), resume: s.answer.resume }, "Searching on");
    } catch (error) {
      shell.setAnswer(error.message, error instanceof JobStopped ? "info" : "error");
      return;
    } finally {
      shell.state.solving = false;
      shell.updateButtons();
    }
    if (shell.startText() !== text) return; // another puzzle meanwhile
    shell.state.solution = shell.solutionOf(text, answer);
    shell.setAnswer(shell.answerText(answer), answer.status === "solved" ? "ok" : "warn");
    // the solution shown stays, as far into it as it was, unless the
    // listing no longer goes that far
    const was = shell.state.timeline;
    const cursor = was?.kind === "solution" ? was.cursor : 0;
    own.indexed = answer;
    own.solutionIndex = Math.min(own.solutionIndex, Math.max(0, (answer.solutions?.length ?? 1) - 1));
    await shell.buildSolutionTimeline(answer);
    const t = shell.state.timeline;
    t.cursor = Math.min(cursor, t.steps.length - 1);
    shell.render();
    shell.publish();
    shell.say(shell.answerText(answer), answer.status === "solved" ? "ok" : "info");
  }), "Searching on as soon as the board stops moving…");
}

// The solution at `solutionIndex`, one slot filled a step.
export async function solutionTimeline(shell, answer) {
  if (answer !== own.indexed) {
    own.indexed = answer;
    own.solutionIndex = 0;
  }
  const start = shell.state.start;
  const empty = emptyPlacement(start);
  const steps = [{ board: start, move: null, placement: empty, misfits: [] }];
  const solution = shell.playable(answer) ? answer.solutions?.[own.solutionIndex] : null;
  if (solution) {
    let placement = empty;
    solution.forEach((entry, slot) => {
      placement = placement.slice();
      placement[slot] = { piece: entry.piece, edges: [...entry.edges] };
      const detail = { slot, piece: entry.piece, edges: [...entry.edges] };
      steps.push({ board: start, move: moveOf(detail, null), detail, placement, misfits: [] });
    });
  }
  shell.state.timeline = { kind: "solution", steps, cursor: 0 };
}

// Next or Previous: another listed solution, shown whole.
export function otherSolution(shell, delta) {
  shell.whenIdle(async () => {
    const s = shell.state.solution;
    if (!shell.solutionFits(s) || !shell.playable(s.answer)) return;
    const index = own.solutionIndex + delta;
    if (index < 0 || index >= s.answer.solutions.length) return;
    own.solutionIndex = index;
    await shell.buildSolutionTimeline(s.answer);
    const t = shell.state.timeline;
    t.cursor = t.steps.length - 1;
    shell.render();
    shell.publish();
    shell.say(`Solution ${index + 1} of ${s.answer.solutions.length}.`);
  });
}

// The trace of the search for the puzzle shown (asked once per puzzle).
async function fetchTrace(shell) {
  const text = shell.state.start;
  if (own.traced?.text === text) return own.traced.answer;
  shell.setAnswer("Tracing the search…");
  shell.state.solving = true;
  shell.updateButtons();
  let answer;
  try {
    answer = await shell.jobs.solve({ board: text, events: TRACE_STEPS }, "Tracing", shell.api("trace"));
  } finally {
    shell.state.solving = false;
    shell.updateButtons();
  }
  own.traced = { text, answer };
  return answer;
}

export function searchClicked(shell) {
  const t = shell.state.timeline;
  if (t?.kind === "trace" && t.cursor < t.steps.length - 1) {
    playTrace(shell);
    return;
  }
  shell.whenIdle(() => shell.run(async () => {
    let answer;
    try {
      answer = await fetchTrace(shell);
    } catch (error) {
      shell.setAnswer(error.message, error instanceof JobStopped ? "info" : "error");
      throw error;
    }
    shell.setAnswer(answer.summary ? `Search ${answer.summary}.` : "", answer.status === "solved" ? "ok" : "warn");
    if (shell.state.timeline?.kind !== "trace") own.beforeTrace = { timeline: shell.state.timeline };
    shell.state.timeline = traceTimeline(shell.state.start, placed(shell).length, answer);
    shell.render();
    shell.publish();
    shell.say(...traceStepWords(shell.state.timeline));
  }).then((done) => done && playTrace(shell)), "Showing the search as soon as the board stops moving…");
}

// Plays the show from where it is, one move a beat at the chosen speed.
export async function playTrace(shell) {
  const t = shell.state.timeline;
  if (t?.kind !== "trace" || shell.state.playing) return;
  shell.state.playing = true;
  shell.updateButtons();
  await shell.run(async () => {
    if (t.cursor >= t.steps.length - 1) {
      t.cursor = 0;
      shell.render();
      shell.publish();
    }
    while (shell.state.playing && shell.state.timeline === t && await shell.forward()) {
      // with reduced motion a move is one still picture: the beat holds it as long as a flight
      const beat = prefersReducedMotion() ? TRACE_GAP_MS + FLY_MS : TRACE_GAP_MS;
      if (shell.state.playing && t.cursor < t.steps.length - 1) await shell.pause(beat);
    }
  });
  shell.state.playing = false;
  shell.updateButtons();
}

export function pauseSearch(shell) {
  if (shell.state.timeline?.kind !== "trace") return;
  shell.stopPlaying();
  shell.say("Search paused: Resume search goes on, Stop ends the show.");
}

// Stop: the show ends and the board as it was before comes back.
export function stopSearch(shell) {
  if (shell.state.timeline?.kind !== "trace") return;
  shell.whenIdle(() => {
    shell.state.timeline = own.beforeTrace?.timeline ?? null;
    own.beforeTrace = null;
    shell.render();
    shell.publish();
    shell.say("The search show is over: your board is back.");
  });
}
