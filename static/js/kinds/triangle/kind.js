// The triangle puzzle in the browser: the big triangle and the tray of
// pieces (drawn by draw.js), the placement changed one piece at a time (a
// drag from the tray onto a slot, a tap on a placed piece or R to turn it, a
// drag off the triangle to take it out), each move the server's word
// (/api/triangle/move gives the placement after it and the edges that do
// not fit). The shell's timeline holds placements (placement.js), so Undo,
// Restart, Play and keeping the work over a reload come from the shell
// (static/js/shell/playground.js says what a kind gives it). A solution's
// timeline puts the pieces in place one by one (solutions.js).

import { isNumber } from "../../common/format.js";
import { number, t, tn } from "../../common/i18n.js";
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

// Solutions listed by a solve, for Next and Previous.
const LISTED = 100;
const NUMBERS_KEY = "rotation-playground:triangle:numbers";

// The board's data and counters follow the position shown.
function published(host, view) {
  const p = host.current();
  const shown = host.timelineShown;
  const filled = p.placement.filter(Boolean).length;
  view.svg.dataset.placement = JSON.stringify(p.placement);
  view.svg.dataset.filled = String(filled);
  if (shown && shown.kind === "trace") {
    const counter = traceCounter(shown);
    $("#search-counter").textContent = shown.cut
      ? t("Search: %(counter)s (the first %(shown)s of %(made)s moves, then its solution)",
        { counter, shown: number(shown.steps.length - 2), made: number(shown.made) })
      : t("Search: %(counter)s", { counter });
    view.svg.dataset.traceStep = String(shown.cursor);
    view.svg.dataset.traceSteps = String(shown.steps.length - 1);
    view.svg.dataset.takebacks = String(p.takebacks);
  } else if (view.svg.dataset.traceStep !== undefined) {
    delete view.svg.dataset.traceStep;
    $("#search-counter").textContent = t("The search, slowed down: each piece it tries, and each it takes back.");
  }
  publishSolutions(host);
}

function counter(p, shown) {
  const values = { filled: p.placement.filter(Boolean).length, n: p.placement.length };
  if (shown && shown.kind === "solution") {
    return t("Placed: %(filled)s of %(n)s · step %(step)s of %(steps)s",
      { ...values, step: shown.cursor, steps: shown.steps.length - 1 });
  }
  if (shown && shown.kind === "trace") return t("Placed: %(filled)s of %(n)s · search %(counter)s", { ...values, counter: traceCounter(shown) });
  return t("Placed: %(filled)s of %(n)s", values);
}

function buttons(host) {
  const shown = host.timelineShown;
  const tracing = shown?.kind === "trace";
  const busy = host.solving || host.hinting || host.busy;
  $("#show-search").disabled = busy || (tracing && host.playing);
  $("#show-search").textContent = tracing && shown.cursor > 0 && shown.cursor < shown.steps.length - 1
    ? t("Resume search") : t("Show search");
  $("#pause-search").disabled = !(tracing && host.playing);
  $("#stop-search").disabled = !tracing;
  $("#keep-searching").disabled = busy;
}

// A solution's step, or the search show's.
function stepWords(shown, step) {
  if (shown.kind === "trace") return traceStepWords(shown);
  const last = shown.cursor === shown.steps.length - 1;
  const said = [t("Step %(step)s of %(steps)s.", { step: shown.cursor, steps: shown.steps.length - 1 }), moveWords(step.move)];
  if (last) said.push(t("Done: every piece is in place."));
  return [said.join(" "), last ? "ok" : "info"];
}

// After a move of yours: the edges that do not fit, or how many are placed.
function movedWords(move, before, after) {
  const wrong = after.misfits.length;
  const words = moveWords(move);
  if (wrong) {
    const misfit = tn("%(n)s edge does not fit (marked red).", "%(n)s edges do not fit (marked red).", wrong);
    return [`${words} ${misfit}`, "warn"];
  }
  const placedNow = t("Placed: %(filled)s of %(n)s.", { filled: after.placement.filter(Boolean).length, n: after.placement.length });
  return [`${words} ${placedNow}`, "info"];
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
      ? t("Hint: piece %(piece)s is in the right slot but turned wrong: turn it as shown on the board, " +
        "or press Hint again to turn it.", { piece: move.piece })
      : t("Hint: piece %(piece)s goes in slot %(slot)s, turned as shown on the board. " +
        "Put it there, or press Hint again to place it.", { piece: move.piece, slot: move.slot }) };
  }
  if (hint.status === "solved") return { text: t("Every piece is in place already."), kind: "ok" };
  if (hint.status === "unsolvable") {
    return { kind: "warn", text: t("Nothing placed can be completed: no solution keeps these pieces where they are. " +
      "Take some out (Undo, or drag them off the triangle).") };
  }
  return { text: limitHintWords(hint), kind: "warn" };
}

// A hint the limit stopped: the bound it ran into, as the server gives it.
function limitHintWords(hint) {
  const within = hint.within || {};
  if (isNumber(within.tries)) {
    return tn("No hint: no way to complete the pieces placed was found within %(n)s try. Take a piece or two out " +
      "and ask again, or press Solve.", "No hint: no way to complete the pieces placed was found within %(n)s tries. " +
      "Take a piece or two out and ask again, or press Solve.", within.tries);
  }
  if (isNumber(within.seconds)) {
    return t("No hint: no way to complete the pieces placed was found within %(seconds)s s. Take a piece or two out " +
      "and ask again, or press Solve.", { seconds: number(within.seconds) });
  }
  return hint.message || t("No hint: the search for one took too long.");
}

function reset(host) {
  if (!placed(host).some(Boolean)) {
    host.say(t("The tray has every piece already."));
    return;
  }
  host.setStart(host.start, { title: host.title, undoable: true,
    message: t("Every piece is back in the tray. Undo brings them back.") });
}

// ------------------------------------------------------------- the kind
export const triangle = {
  name: "triangle",
  words: {
    moveTitle: (move, i) => t("Step %(n)s: %(move)s", { n: i + 1, move: moveWords(move) }),
    moveWords, movedWords, stepWords, hintWords, counter,
    hintMadeWords: (move, { placement }) => (placement[move.slot]?.piece === move.piece
      ? t("Hint: piece %(piece)s turned.", { piece: move.piece })
      : t("Hint: piece %(piece)s goes in slot %(slot)s.", { piece: move.piece, slot: move.slot })),
    answerWords, progressWords, progressFraction, stoppedWords,
    solvedWords: (move, before, after, n) => tn("Done! Every piece is in place and every edge fits, in %(n)s move",
      "Done! Every piece is in place and every edge fits, in %(n)s moves", n),
    linkMoves, movesOfLink, levelWords,
  },
  texts: {
    unsolvableToPlay: t("Nothing to play: no placement of these pieces fits."),
    goalAlready: t("Nothing to play: the puzzle has no slots to fill."),
    latestMove: t("That was your latest move. Place another piece, or press Solve to watch a solution."),
  },
  // the show of the search: a beat between its moves
  timing: { showGap: 160 },
  moveList: {
    chipText,
    // the chip's text is in its name (what is read is what is seen)
    chipTitle: (move, i) => t("Step %(n)s: %(move)s", { n: i + 1, move: chipText(move) }),
    labels: { solution: t("The solution, piece by piece"), play: t("Your moves"), trace: t("The search, step by step") },
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
          if (!here || here.piece !== piece) {
            return { refusal: t("Piece %(piece)s is no longer in slot %(slot)s.", { piece, slot: from }) };
          }
          const other = placement[slot];
          const moved = t("Piece %(piece)s moved from slot %(from)s to slot %(slot)s.", { piece, from, slot });
          const back = other ? t("Piece %(piece)s back in the tray.", { piece: other.piece }) : "";
          const words = other ? `${moved} ${back}` : moved;
          return { move: { slot, piece, edges: [...here.edges] }, words, select: { slot }, animate: false };
        });
      },
      takeOut: (slot) => host.tryMove(() => ({ move: { slot, piece: null }, animate: false,
        words: t("Piece %(piece)s back in the tray.", { piece: view.placement[slot].piece }), select: null })),
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
        if (slot === undefined || slot === null) return () => ({ refusal: t("Pick a placed piece first (click it), then R turns it.") });
        return turnRequest(slot);
      },
    };
  },
};
