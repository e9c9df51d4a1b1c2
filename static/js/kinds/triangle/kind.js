// The triangle puzzle in the browser: the big triangle and the tray of
// pieces (drawn by draw.js), the placement changed one piece at a time (a
// drag from the tray onto a slot, a tap on a placed piece or R to turn it, a
// drag off the triangle to take it out), each move the server's word
// (/api/triangle/move gives the placement after it and the edges that do
// not fit). The shell's timeline holds placements (placement.js), so Undo,
// Restart, Play and keeping the work over a reload come from the shell
// (static/js/shell/playground.js says what a kind gives it). A solution's
// timeline puts the pieces in place one by one (solutions.js).

import { count, plural } from "../../common/format.js";
import { mountEditor } from "./editor.js";
import { mountPieceEditor } from "./pieces.js";
import { installKeys } from "./keys.js";
import { traceCounter, traceStepWords } from "./search.js";
import { linkMoves, movesOfLink } from "./link.js";
import { parsePuzzle } from "./draw.js";
import { installGestures, placeRequest, turnRequest } from "./gestures.js";
import { own, placed, startPosition } from "./placement.js";
import { keepSearching, otherSolution, pauseSearch, publishSolutions, searchClicked, stopSearch } from "./solutions.js";
import { TriangleView } from "./view.js";
import {
  answerWords, chipText, levelWords, moveOf, moveWords, partial, progressFraction, progressWords, stoppedWords,
} from "./words.js";

const $ = (selector) => document.querySelector(selector);

const SEARCH_IDLE = "The search, slowed down: each piece it tries, and each it takes back.";
// Solutions listed by a solve, for Next and Previous.
const LISTED = 100;
const NUMBERS_KEY = "rotation-playground:triangle:numbers";

// The board's data and counters follow the position shown.
function published(host, view) {
  const p = host.current();
  const t = host.timelineShown;
  const filled = p.placement.filter(Boolean).length;
  view.svg.dataset.placement = JSON.stringify(p.placement);
  view.svg.dataset.filled = String(filled);
  if (t && t.kind === "trace") {
    $("#search-counter").textContent = `Search: ${traceCounter(t)}` +
      (t.cut ? ` (the first ${count(t.steps.length - 2)} of ${count(t.made)} moves, then its solution)` : "");
    view.svg.dataset.traceStep = String(t.cursor);
    view.svg.dataset.traceSteps = String(t.steps.length - 1);
    view.svg.dataset.takebacks = String(p.takebacks);
  } else if (view.svg.dataset.traceStep !== undefined) {
    delete view.svg.dataset.traceStep;
    $("#search-counter").textContent = SEARCH_IDLE;
  }
  publishSolutions(host);
}

function counter(p, t) {
  const filled = p.placement.filter(Boolean).length;
  let text = `Placed: ${filled} of ${p.placement.length}`;
  if (t && t.kind === "solution") text += ` · step ${t.cursor} of ${t.steps.length - 1}`;
  if (t && t.kind === "trace") text += ` · search ${traceCounter(t)}`;
  return text;
}

function buttons(host) {
  const t = host.timelineShown;
  const tracing = t?.kind === "trace";
  const busy = host.solving || host.hinting || host.busy;
  $("#show-search").disabled = busy || (tracing && host.playing);
  $("#show-search").textContent = tracing && t.cursor > 0 && t.cursor < t.steps.length - 1 ? "Resume search" : "Show search";
  $("#pause-search").disabled = !(tracing && host.playing);
  $("#stop-search").disabled = !tracing;
  $("#keep-searching").disabled = busy;
}

// A solution's step, or the search show's.
function stepWords(t, step) {
  if (t.kind === "trace") return traceStepWords(t);
  const last = t.cursor === t.steps.length - 1;
  return [`Step ${t.cursor} of ${t.steps.length - 1}. ${moveWords(step.move)}` +
    (last ? " Done: every piece is in place." : ""), last ? "ok" : "info"];
}

// After a move of yours: the edges that do not fit, or how many are placed.
function movedWords(move, before, after) {
  const wrong = after.misfits.length;
  const words = moveWords(move);
  if (wrong) return [`${words} ${plural(wrong, "edge")} ${wrong === 1 ? "does" : "do"} not fit (marked red).`, "warn"];
  return [`${words} Placed: ${after.placement.filter(Boolean).length} of ${after.placement.length}.`, "info"];
}

// The solution at `solutionIndex`, one slot filled a step.
function answerSteps(start, answer) {
  if (answer !== own.indexed) {
    // a search gone on keeps the solution shown, while the listing goes that far
    const kept = own.searchingOn ? Math.min(own.solutionIndex, Math.max(0, (answer.solutions?.length ?? 1) - 1)) : 0;
    Object.assign(own, { indexed: answer, solutionIndex: kept, searchingOn: false });
  }
  const first = startPosition(start);
  const steps = [{ position: first, move: null }];
  const solution = answer.status === "solved" || partial(answer) ? answer.solutions?.[own.solutionIndex] : null;
  let placement = first.placement;
  (solution || []).forEach((entry, slot) => {
    placement = placement.slice();
    placement[slot] = { piece: entry.piece, edges: [...entry.edges] };
    const detail = { slot, piece: entry.piece, edges: [...entry.edges] };
    steps.push({ position: { placement, misfits: [], detail }, move: moveOf(detail, null) });
  });
  return steps;
}

// What a hint says (the board shows the piece, its ghost in the slot, an arrow).
function hintWords(hint, position) {
  const move = hint.move;
  if (move) {
    // the piece is in its slot already, turned so that nothing can be completed
    const turn = position.placement[move.slot]?.piece === move.piece;
    return { kind: "info", text: turn
      ? `Hint: piece ${move.piece} is in the right slot but turned wrong: turn it as shown on the board, ` +
        "or press Hint again to turn it."
      : `Hint: piece ${move.piece} goes in slot ${move.slot}, turned as shown on the board. ` +
        "Put it there, or press Hint again to place it." };
  }
  if (hint.status === "solved") return { text: "Every piece is in place already.", kind: "ok" };
  if (hint.status === "unsolvable") {
    return { kind: "warn", text: "Nothing placed can be completed: no solution keeps these pieces where they are. " +
      "Take some out (Undo, or drag them off the triangle)." };
  }
  return { text: hint.message || "No hint: the search for one took too long.", kind: "warn" };
}

function reset(host) {
  if (!placed(host).some(Boolean)) {
    host.say("The tray has every piece already.");
    return;
  }
  host.setStart(host.start, { title: host.title, undoable: true,
    message: "Every piece is back in the tray. Undo brings them back." });
}

// ------------------------------------------------------------- the kind
export const triangle = {
  name: "triangle",
  words: {
    moveTitle: (move, i) => `Step ${i + 1}: ${moveWords(move)}`,
    moveWords, movedWords, stepWords, hintWords, counter,
    hintMadeWords: (move, { placement }) => (placement[move.slot]?.piece === move.piece
      ? `Hint: piece ${move.piece} turned.` : `Hint: piece ${move.piece} goes in slot ${move.slot}.`), answerWords, progressWords, progressFraction, stoppedWords,
    solvedWords: (move, before, after, n) => `Done! Every piece is in place and every edge fits, in ${plural(n, "move")}`,
    linkMoves, movesOfLink, levelWords,
  },
  texts: {
    unsolvableToPlay: "Nothing to play: no placement of these pieces fits.",
    goalAlready: "Nothing to play: the puzzle has no slots to fill.",
    latestMove: "That was your latest move. Place another piece, or press Solve to watch a solution.",
  },
  // the show of the search: a beat between its moves
  timing: { showGap: 160 },
  moveList: {
    chipText,
    // the chip's text is in its name (what is read is what is seen)
    chipTitle: (move, i) => `Step ${i + 1}: ${chipText(move)}`,
    labels: { solution: "The solution, piece by piece", play: "Your moves", trace: "The search, step by step" },
  },
  position: startPosition,
  key: (p) => JSON.stringify(p.placement),
  boardText: (p, start) => start,
  moveBody: (p, move, start) => ({ board: start, move, placement: p.placement }),
  afterMove: (p, move, answer) => ({ position: { placement: answer.placement, misfits: answer.misfits, detail: move },
    move: moveOf(move, p.placement) }),
  answerSteps,
  hintBody: (p, start) => ({ board: start, placement: p.placement }),
  solveFields: { first: LISTED },
  // the fewest moves: each piece put in its place once
  fewestMoves: (start) => startPosition(start).placement.length,
  hintAgainMoves: true,
  keptPosition: (start, p) => Boolean(p && Array.isArray(p.placement) && Array.isArray(p.misfits) &&
    p.placement.length === startPosition(start).placement.length),

  mount(host) {
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
      host.render();
    });
    mountEditor(host);
    const pieceEditor = mountPieceEditor(host);
    installGestures(host, view);
    installKeys(host, view, {
      place: (piece, slot, from) => {
        if (from === null || from === undefined) {
          host.tryMove(placeRequest(piece, slot, [...view.puzzle.pieces[piece]]));
          return;
        }
        // moved as it is turned; a piece in the slot it goes to goes back to the tray
        host.tryMove(({ placement }) => {
          const here = placement[from];
          if (!here || here.piece !== piece) return { refusal: `Piece ${piece} is no longer in slot ${from}.` };
          const other = placement[slot];
          const words = `Piece ${piece} moved from slot ${from} to slot ${slot}.` +
            (other ? ` Piece ${other.piece} back in the tray.` : "");
          return { move: { slot, piece, edges: [...here.edges] }, words, select: { slot }, animate: false };
        });
      },
      takeOut: (slot) => host.tryMove(() => ({ move: { slot, piece: null }, animate: false,
        words: `Piece ${view.placement[slot].piece} back in the tray.`, select: null })),
    });
    const on = (id, fn) => $(id).addEventListener("click", fn);
    on("#reset", () => reset(host));
    on("#previous-solution", () => otherSolution(host, -1));
    on("#next-solution", () => otherSolution(host, 1));
    on("#show-search", () => searchClicked(host));
    on("#pause-search", () => pauseSearch(host));
    on("#stop-search", () => stopSearch(host));
    on("#keep-searching", () => keepSearching(host));
    // a turned phone or a resized window may move the tray
    new ResizeObserver(() => {
      if (view.puzzle && view.isWide() !== view.wide && !host.busy) host.render();
    }).observe($("#board-wrap"));
    host.on("published", () => published(host, view));
    host.on("buttons", () => buttons(host));
    // the piece R turns: the one last placed, turned or clicked
    host.on("moved", (wanted, answer) => {
      view.selected = wanted.select !== undefined ? wanted.select
        : answer.placement[answer.moved] ? { slot: answer.moved } : null;
    });
    const marks = (p, { hinted = null } = {}) => ({ placement: p.placement, misfits: p.misfits, ...p.marks,
      ...(hinted ? { hint: hinted } : {}) });
    return {
      show: (p, shown) => view.show(host.start, marks(p, shown)),
      animate: (from, to, { speed = 1 } = {}) => view.fly(host.start, from, to, to.marks || {}, speed),
      describe: () => view.describe(),
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
          return (position) => ({ ...turn(position), select: { piece: view.selected.piece, from: lifted } });
        }
        const slot = view.selected?.slot;
        if (slot === undefined || slot === null) return () => ({ refusal: "Pick a placed piece first (click it), then R turns it." });
        return turnRequest(slot);
      },
    };
  },
};
