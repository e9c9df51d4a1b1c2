// The triangle puzzle in the browser: the big triangle and the tray of
// pieces (drawn by draw.js), the placement changed one piece at a time (a
// drag from the tray onto a slot, a tap on a placed piece or R to turn it, a
// drag off the triangle to take it out), each move the server's word
// (/api/triangle/move gives the placement after it and the edges that do
// not fit). The shell's timeline holds placements (placement.js), so Undo,
// Restart, Play and keeping the work over a reload come from the shell
// (static/js/shell/playground.js says what a kind gives it). A solution's
// timeline puts the pieces in place one by one (solutions.js).

import { post } from "../../common/api.js";
import { count, plural } from "../../common/format.js";
import { announceSolved } from "../../common/solved.js";
import { showSolved } from "../../shell/finish.js";
import { mountEditor } from "./editor.js";
import { mountPieceEditor } from "./pieces.js";
import { installKeys } from "./keys.js";
import { traceCounter, traceMarks, traceStepWords } from "./search.js";
import { linkMoves, movesOfLink } from "./link.js";
import { parsePuzzle } from "./draw.js";
import { installGestures, placeRequest, turnRequest } from "./gestures.js";
import { misfitsOf, own, placed, stepNow } from "./placement.js";
import {
  keepSearching, otherSolution, pauseSearch, playTrace, publishSolutions, searchClicked, solutionTimeline, stopSearch,
} from "./solutions.js";
import { TriangleView } from "./view.js";
import { answerWords, chipText, moveOf, moveWords, partial, progressFraction, progressWords, stoppedWords } from "./words.js";

const $ = (selector) => document.querySelector(selector);

const SEARCH_IDLE = "The search, slowed down: each piece it tries, and each it takes back.";
// Solutions listed by a solve, for Next and Previous.
const LISTED = 100;
const NUMBERS_KEY = "rotation-playground:triangle:numbers";

function render(shell, marks = {}) {
  const t = shell.state.timeline;
  const shown = t?.kind === "trace" ? traceMarks(stepNow(shell)) : hintMarks(shell);
  shell.view.show(shell.current(), { placement: placed(shell), misfits: misfitsOf(shell), ...shown, ...marks });
}

function published(shell) {
  const placement = placed(shell);
  const t = shell.state.timeline;
  const filled = placement.filter(Boolean).length;
  shell.board.dataset.placement = JSON.stringify(placement);
  shell.board.dataset.filled = String(filled);
  let counter = `Placed: ${filled} of ${placement.length}`;
  if (t && t.kind === "solution") counter += ` · step ${t.cursor} of ${t.steps.length - 1}`;
  if (t && t.kind === "trace") {
    counter += ` · search ${traceCounter(t)}`;
    $("#search-counter").textContent = `Search: ${traceCounter(t)}` +
      (t.cut ? ` (the first ${count(t.steps.length - 2)} of ${count(t.made)} moves, then its solution)` : "");
    shell.board.dataset.traceStep = String(t.cursor);
    shell.board.dataset.traceSteps = String(t.steps.length - 1);
    shell.board.dataset.takebacks = String(t.steps[t.cursor].takebacks);
  } else if (shell.board.dataset.traceStep !== undefined) {
    delete shell.board.dataset.traceStep;
    $("#search-counter").textContent = SEARCH_IDLE;
  }
  $("#move-counter").textContent = counter;
  publishSolutions(shell);
}

function buttonsShown(shell) {
  const t = shell.state.timeline;
  const tracing = t?.kind === "trace";
  $("#show-search").disabled = shell.state.solving || shell.state.hinting || shell.state.busy || (tracing && shell.state.playing);
  $("#show-search").textContent = tracing && t.cursor > 0 && t.cursor < t.steps.length - 1 ? "Resume search" : "Show search";
  $("#pause-search").disabled = !(tracing && shell.state.playing);
  $("#stop-search").disabled = !tracing;
  $("#keep-searching").disabled = shell.state.solving || shell.state.hinting || shell.state.busy;
}

function playable(shell, answer) {
  return answer?.status === "solved" || partial(answer);
}

function animateStep(shell, before, after, { reverse = false, faster = 1 } = {}) {
  const [source, target] = reverse ? [after, before] : [before, after];
  const marks = shell.state.timeline?.kind === "trace" ? traceMarks(target) : {};
  shell.board.dataset.animating = "true";
  return shell.view.fly(shell.current(), source, target, marks, shell.speed() * faster)
    .finally(() => delete shell.board.dataset.animating);
}

function arrived(shell) {
  shell.keep();
  const t = shell.state.timeline;
  if (t?.kind === "trace") shell.say(...traceStepWords(t));
}

// Play (and the space bar) on the show pauses or resumes it.
function play(shell) {
  if (shell.state.timeline?.kind === "trace") {
    if (shell.state.playing) pauseSearch(shell);
    else playTrace(shell);
    return true;
  }
  return false;
}

function solutionStepMessage(shell, t, step) {
  const last = t.cursor === t.steps.length - 1;
  return [`Step ${t.cursor} of ${t.steps.length - 1}. ${moveWords(step.move)}` +
    (last ? " Done: every piece is in place." : ""), last ? "ok" : "info"];
}

// `request`: a move, or a function of the placement it is made on giving
// {move, words, fly, select} or {refusal}.
async function moveOnce(shell, request) {
  const before = placed(shell);
  const from = stepNow(shell) || { placement: before, misfits: [] };
  const wanted = typeof request === "function" ? request(before) : { move: request };
  if (wanted.refusal) {
    shell.say(wanted.refusal, "warn");
    return false;
  }
  const answer = await post(shell.api("move"), { board: shell.state.start, move: wanted.move, placement: before });
  if (placed(shell) !== before) return false; // the board was changed meanwhile
  // a move on the search's show starts your own moves from the board shown:
  // the search's steps are not yours to undo
  if (shell.state.timeline?.kind === "trace") shell.state.timeline = null;
  let t = shell.state.timeline;
  if (!t) {
    t = { kind: "play", steps: [{ board: shell.state.start, move: null, placement: before, misfits: [] }], cursor: 0 };
    shell.state.timeline = t;
  } else {
    t.kind = "play";
    t.steps = t.steps.slice(0, t.cursor + 1);
  }
  const step = { board: shell.state.start, move: moveOf(wanted.move, before), detail: wanted.move,
    placement: answer.placement, misfits: answer.misfits };
  shell.view.select(wanted.select ?? (answer.placement[answer.moved] ? { slot: answer.moved } : null));
  if (wanted.fly) await shell.animateStep(from, step);
  t.steps.push(step);
  t.cursor += 1;
  shell.publish();
  shell.keep();
  if (answer.solved) {
    if (!shell.replaying) announceSolved(shell.state.start, t.cursor); // a link's moves are not a solve here
    shell.say("Done! Every piece is in place and every edge fits.", "ok");
    // the fewest moves: each piece put in its place once
    if (!shell.replaying) showSolved(t.cursor, answer.placement.length);
    return false;
  }
  const wrong = answer.misfits.length;
  const words = wanted.words || moveWords(step.move);
  if (wrong) shell.say(`${words} ${plural(wrong, "edge")} ${wrong === 1 ? "does" : "do"} not fit (marked red).`, "warn");
  else shell.say(`${words} Placed: ${answer.filled} of ${answer.placement.length}.`);
  return true;
}

// A hint is drawn on the board (the piece, its ghost in the slot, an
// arrow) while the placement it was given for is the one shown; any move
// ends it. Hint again, while it is shown, puts the piece there.
function shownHint(shell) {
  const h = own.hinted;
  // once left, a hint is forgotten: Undo back to its position does not bring it back
  if (h && (h.start !== shell.state.start || h.at !== JSON.stringify(placed(shell)))) own.hinted = null;
  return own.hinted ?? null;
}

function hintMarks(shell) {
  const h = shownHint(shell);
  return h ? { hint: h.move } : {};
}

function hintFromSolution(shell) {
  const h = shownHint(shell);
  return h ? { status: "solved", move: h.move } : null;
}

async function fetchHint(shell, asked) {
  shell.say("Looking for a piece that fits…");
  // a hint too dear to find at once is a job: followed as the others' are
  return shell.hintAnswer(await post(shell.api("hint"), { board: shell.state.start, placement: JSON.parse(asked) }));
}

function showHint(shell, answer) {
  const move = answer.move;
  // the piece is in its slot already, turned so that nothing can be completed
  const turn = move && placed(shell)[move.slot]?.piece === move.piece;
  if (move && shownHint(shell)?.move === move) {
    shell.tryMove(() => ({ move, fly: true,
      words: turn ? `Hint: piece ${move.piece} turned.` : `Hint: piece ${move.piece} goes in slot ${move.slot}.` }));
  } else if (move) {
    own.hinted = { start: shell.state.start, at: JSON.stringify(placed(shell)), move };
    shell.render();
    shell.say(turn
      ? `Hint: piece ${move.piece} is in the right slot but turned wrong: turn it as shown on the board, ` +
        "or press Hint again to turn it."
      : `Hint: piece ${move.piece} goes in slot ${move.slot}, turned as shown on the board. ` +
        "Put it there, or press Hint again to place it.");
  } else if (answer.status === "solved") {
    shell.say("Every piece is in place already.", "ok");
  } else if (answer.status === "unsolvable") {
    shell.say("Nothing placed can be completed: no solution keeps these pieces where they are. " +
      "Take some out (Undo, or drag them off the triangle).", "warn");
  } else {
    shell.say(answer.message || "No hint: the search for one took too long.", "warn");
  }
}

function reset(shell) {
  if (!placed(shell).some(Boolean)) {
    shell.say("The tray has every piece already.");
    return;
  }
  shell.setStart(shell.state.start, { title: shell.state.title, undoable: true,
    message: "Every piece is back in the tray. Undo brings them back." });
}

// ------------------------------------------------------------- the kind
export const triangle = {
  name: "triangle",
  words: {
    moveTitle: (move, i) => `Step ${i + 1}: ${moveWords(move)}`,
    moveWords, answerWords, progressWords, progressFraction, stoppedWords,
    hintWords: () => ({ text: "", kind: "info" }),
    linkMoves, movesOfLink,
    replay: () => [],
  },
  texts: {
    unsolvableToPlay: "Nothing to play: no placement of these pieces fits.",
    goalAlready: "Nothing to play: the puzzle has no slots to fill.",
    latestMove: "That was your latest move. Place another piece, or press Solve to watch a solution.",
  },
  moveList: {
    chipText,
    // the chip's text is in its name (what is read is what is seen)
    chipTitle: (move, i) => `Step ${i + 1}: ${chipText(move)}`,
    labels: { solution: "The solution, piece by piece", play: "Your moves", trace: "The search, step by step" },
  },
  // no shortest here: a solve is only asked for by Solve
  learnsOptimum: false,
  solveOptions: () => ({ first: LISTED }),
  render, published, buttonsShown, playable, animateStep, arrived, play, solutionStepMessage, solutionTimeline,
  moveOnce, hintFromSolution, fetchHint, showHint,
  needsServerHint: (shell, known) => !known,
  hintPosition: (shell) => JSON.stringify(placed(shell)),

  mount(shell) {
    const view = new TriangleView($("#board"));
    const numbers = $("#numbers");
    try {
      numbers.checked = localStorage.getItem(NUMBERS_KEY) === "1";
    } catch {
      // storage blocked: numbers start hidden
    }
    view.numbers = numbers.checked;
    numbers.addEventListener("change", () => {
      view.numbers = numbers.checked;
      try {
        localStorage.setItem(NUMBERS_KEY, numbers.checked ? "1" : "0");
      } catch {
        // not kept: fine
      }
      shell.render();
    });
    mountEditor(shell);
    const pieceEditor = mountPieceEditor(shell);
    installGestures(shell, view);
    installKeys(shell, view, {
      place: (piece, slot, from) => {
        if (from === null || from === undefined) {
          shell.tryMove(placeRequest(piece, slot, [...view.puzzle.pieces[piece]]));
          return;
        }
        // moved as it is turned; a piece in the slot it goes to goes back to the tray
        shell.tryMove((placement) => {
          const here = placement[from];
          if (!here || here.piece !== piece) return { refusal: `Piece ${piece} is no longer in slot ${from}.` };
          const other = placement[slot];
          const words = `Piece ${piece} moved from slot ${from} to slot ${slot}.` +
            (other ? ` Piece ${other.piece} back in the tray.` : "");
          return { move: { slot, piece, edges: [...here.edges] }, words, select: { slot } };
        });
      },
      takeOut: (slot) => shell.tryMove(() => ({ move: { slot, piece: null },
        words: `Piece ${view.placement[slot].piece} back in the tray.`, select: null })),
    });
    const on = (id, fn) => $(id).addEventListener("click", fn);
    on("#reset", () => reset(shell));
    on("#previous-solution", () => otherSolution(shell, -1));
    on("#next-solution", () => otherSolution(shell, 1));
    on("#show-search", () => searchClicked(shell));
    on("#pause-search", () => pauseSearch(shell));
    on("#stop-search", () => stopSearch(shell));
    on("#keep-searching", () => keepSearching(shell));
    // a turned phone or a resized window may move the tray
    new ResizeObserver(() => {
      if (view.puzzle && view.isWide() !== view.wide && !shell.state.busy) shell.render();
    }).observe($("#board-wrap"));
    const api = {
      view,
      show: (text, marks) => view.show(text, marks),
      animate: async (a, b) => view.show(b, { placement: placed(shell), misfits: misfitsOf(shell) }),
      describe: () => view.describe(),
      size: (text) => parsePuzzle(text)?.pieces.length ?? Infinity,
      valid: (text) => parsePuzzle(text) !== null,
      startChanged: (text) => {
        view.selected = null;
        pieceEditor.startChanged(text);
        const p = parsePuzzle(text);
        if (p) {
          $("#size").value = String(p.n);
          $("#figures").value = String(Math.min(p.figures, Number($("#figures").max)));
        }
      },
      keyMove(e) {
        if (e.key !== "r" && e.key !== "R") return null;
        const lifted = view.selected?.from;
        if (lifted !== undefined && lifted !== null) {
          // a piece lifted to be moved turns where it is and stays lifted
          const turn = turnRequest(lifted);
          return (placement) => ({ ...turn(placement), select: { piece: view.selected.piece, from: lifted } });
        }
        const slot = view.selected?.slot;
        if (slot === undefined || slot === null) return () => ({ refusal: "Pick a placed piece first (click it), then R turns it." });
        return turnRequest(slot);
      },
      fly: (...args) => view.fly(...args),
      // the piece R turns: the one last placed, turned or clicked
      select: (which) => {
        view.selected = which;
      },
    };
    return api;
  },
};
