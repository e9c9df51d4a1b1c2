// The shell every puzzle kind's page shares, the one way each page starts:
// static/js/kinds/<name>/page.js calls startPlayground(kind). The shell owns
// play, the same for every kind: the timeline of positions and its buttons
// (timeline.js: Play, Pause, Step, Back, Restart, the scrubber), Solve as a
// job and the answer's timeline (solving.js), Hint (hinting.js), your own
// moves, Undo and Redo and a new start (moves.js), the work kept over a
// reload, the Share box and the start-up (keeping.js, share.js).
// docs/layout.md tells the same contract in prose.
//
// A kind is one object (static/js/kinds/<name>/kind.js) of plain values and
// pure functions; it knows its puzzle and nothing of the shell's state. The
// shell calls it; it never replaces a method of the shell, and a kind's
// modules never assign to the shell.
//   name                      its routes are /api/<name>/...
//   words                     what is said, plain functions:
//     moveTitle(move, i), moveWords(move, position), answerWords(answer),
//     hintWords(hint, position) -> {text, kind}, linkMoves(moves) -> text,
//     movesOfLink(text) -> moves (throws an Error naming what cannot be read);
//     optional: stepWords(t, step) -> [text, kind] (a solution stepped through),
//     movedWords(move, before, after, count) -> [text, kind] (after a move
//     of yours), settledWords(position) (a start the server settled),
//     counter(position, t, optimum), hintMadeWords(move, position) (a hint
//     made by Hint again), solvedWords(move, before, after, count),
//     progressWords(job),
//     progressFraction(job), stoppedWords(job) (else the jobs' own).
//   texts, timing, moveList   plain values that differ from the shell's.
//   Positions are plain values made from the server's answers; the shell
//   only stores them, compares their keys and hands them back:
//   position(start)           the position a start puts on the board (default: the text)
//   key(position)             a string the same for the same position (default: the position)
//   boardText(position, start) the position as puzzle text (default: the position)
//   replay(start, moves)      the positions the moves go through, when the page can tell
//   predict(position, move)   the position a move will likely give (drawn while the server is asked)
//   settles                   true: the server settles a start before the first move
//   moveBody(position, move, start) the body of POST /api/<name>/move (default {board, move})
//   afterMove(position, move, answer) -> {position, move} (default: the answer's board)
//   answerSteps(start, answer) -> [{position, move}], from the first position shown
//   hintBody(position, start) the body of POST /api/<name>/hint (default {board})
//   solveOptions()            what a solve, a move or a hint sends besides the board,
//                             the puzzle's own when empty (its goal, say)
//   solveFields               what a solve sends besides (how many solutions to list)
//   answersAtOnce(start)      small enough to be solved at once: the counter
//                             shows the shortest, a hint always asks the server
//   fewestMoves(start)        the fewest moves known without a search
//   shortestAfterSolve        true: a puzzle solved by hand asks the server for its shortest
//   endsWhenSolved            true: no move after the goal (what fell out is gone)
//   hintAgainMoves            true: Hint, while its hint is shown, makes the move
//   solvesFromHere            true: Solve after your moves solves the position
//                             shown (asked with hintBody), the start's answer a click away
//   keptPosition(start, p)    a position kept in the browser can be shown again
//   mount(host) -> view       the board: the host is this shell (its methods
//                             only: tryMove, setStart, say, render, on, ...)
// The view draws: show(position, marks), animate(from, to, {speed, reverse})
// (a promise), describe(position), valid(start), keyMove(event, position)
// -> null or a request; optional: boardKey(event) (a key the board uses
// itself, true when used), startChanged(start), kept() and restore(kept)
// (what the kind keeps with the work: its goal, its tab).
// Events a kind may follow with host.on(name, fn): "published" (the
// board changed), "timeline" (a solution or your moves are shown),
// "arrived" (the board came to a step), "started" (after the start-up).
// The page has the ids of templates/_playground.html (#board, #solve, #play, ...).

import { number, t } from "../common/i18n.js";
import { Jobs, JobStopped } from "../common/jobs.js";
import { installShortcuts } from "../common/keys.js";
import { MoveList } from "./movelist.js";
import { keepFocus, say, setAnswer } from "./messages.js";
import { Keeper } from "./persist.js";
import { timeline, TIMING } from "./timeline.js";
import { solving } from "./solving.js";
import { hinting } from "./hinting.js";
import { moves } from "./moves.js";
import { keeping } from "./keeping.js";
import { mountLevels } from "./levels.js";

const $ = (selector) => document.querySelector(selector);

// What the shell says that depends on the kind's moves (a kind gives its
// own in the page's language).
const TEXTS = {
  move: t("move"), // what one move is called (a link's "2 moves")
  moves: t("moves"),
  unsolvableToPlay: t("Nothing to play: this position cannot reach the goal."),
  goalAlready: t("Nothing to play: this is the goal already."),
  latestMove: t("That was your latest move. Move again, or press Solve to watch a solution."),
};

// The jobs' words are the kind's where it has them.
class KindJobs extends Jobs {
  constructor(options, words) {
    super(options);
    this.words = words;
  }

  stoppedText(job) {
    return this.words.stoppedWords ? this.words.stoppedWords(job) : super.stoppedText(job);
  }

  progressWords(job) {
    return this.words.progressWords ? this.words.progressWords(job) : super.progressWords(job);
  }

  progressFraction(job) {
    if (!this.words.progressWords) return super.progressFraction(job);
    return this.words.progressFraction?.(job) ?? null;
  }
}

export class Playground {
  constructor(kind) {
    this.kind = kind;
    this.words = kind.words;
    this.timing = { ...TIMING, ...kind.timing };
    this.texts = { ...TEXTS, ...kind.texts };
    this.initial = JSON.parse($("#initial").textContent);
    this.board = $("#board");
    this.keeper = new Keeper(kind.name, this.initial.page);
    this.listeners = new Map(); // event name -> [fn]
    this.state = {
      start: this.initial.board, // the position set up: the puzzle
      title: this.initial.title || "",
      // {kind: "solution" | "play" | a kind's own, steps: [{position, move}], cursor}; a
      // solution from a position of yours also {from: your moves' count, answer}
      timeline: null,
      solution: null, // {text, options, answer} for the start as last solved
      optimum: null, // {text, options, length}: the shortest for the start, when known
      hint: null, // {key, move}: the hint shown, while the board is where it was asked
      busy: false, // a move or an animation is under way
      solving: false,
      hinting: false,
      playing: false,
      moves: [], // moves asked for while the board was moving, done in order
      pending: null, // an action asked for while the board moved: done next
      jump: null,
      wake: null,
      previous: null, // the board a quick change of start replaced: Undo brings it back
    };
    this.jobs = new KindJobs({
      box: $("#progress"), bar: $("#progress-bar"), label: $("#progress-text"), path: this.api("solve"),
    }, this.words);
    this.moveList = new MoveList({
      list: $("#moves-list"), label: $("#moves-label"), scrubber: $("#scrubber"), scrubRow: $("#scrub-row"),
      onJump: (step) => this.jumpTo(step),
      chipTitle: (move, i) => this.words.moveTitle(move, i),
      ...kind.moveList,
      // the heading claims no more than the answer proves
      labels: { play: t("Your moves"),
        solution: (shown) => {
          const unproven = this.solvedUnproven();
          if (shown?.from) return unproven ? t("Your moves, then the way found from there") : t("Your moves, then the shortest from there");
          return unproven ? t("A solution, not proven shortest") : t("Shortest solution");
        },
        ...kind.moveList?.labels },
    });
    this.known = new Map(); // "position|move|options" -> the server's answer to a move
  }

  api(path) {
    return `/api/${this.kind.name}/${path}`;
  }

  // ------------------------------------------------------------- events
  on(name, fn) {
    this.listeners.set(name, [...(this.listeners.get(name) || []), fn]);
  }

  emit(name, ...args) {
    for (const fn of this.listeners.get(name) || []) fn(...args);
  }

  // ------------------------------------------------------ the kind's hooks
  positionOf(text) {
    return this.kind.position ? this.kind.position(text) : text;
  }

  keyOf(position) {
    return this.kind.key ? this.kind.key(position) : String(position);
  }

  // ------------------------------------------------------------- showing
  say(text, kind = "info") {
    say(text, kind);
  }

  setAnswer(text, kind = "info") {
    setAnswer(text, kind);
  }

  get start() {
    return this.state.start;
  }

  get title() {
    return this.state.title;
  }

  get timelineShown() {
    return this.state.timeline;
  }

  get busy() {
    return this.state.busy;
  }

  get solving() {
    return this.state.solving;
  }

  get hinting() {
    return this.state.hinting;
  }

  get playing() {
    return this.state.playing;
  }

  // The answer for the start under the options chosen, when solved.
  get solution() {
    return this.solutionFits() ? this.state.solution.answer : null;
  }

  // A search of the kind's own (a trace) runs as a solve does: Solve and
  // Hint wait for it.
  async whileSolving(task) {
    this.state.solving = true;
    this.updateButtons();
    try {
      return await task();
    } finally {
      this.state.solving = false;
      this.updateButtons();
    }
  }

  // The position shown.
  current() {
    const t = this.state.timeline;
    return t ? t.steps[t.cursor].position : this.positionOf(this.state.start);
  }

  step() {
    return this.state.timeline ? this.state.timeline.cursor : 0;
  }

  // The hint shown while the board is where it was asked; once left, it is
  // forgotten (Undo back to its position does not bring it back).
  hintShown() {
    const h = this.state.hint;
    if (h && (h.start !== this.state.start || h.key !== this.keyOf(this.current()))) this.state.hint = null;
    return this.state.hint;
  }

  render(marks = {}) {
    const hint = this.board.dataset.animating ? null : this.hintShown();
    this.view.show(this.current(), hint ? { hinted: hint.move, ...marks } : marks);
  }

  // The shortest for the start under the options chosen, when known.
  optimum() {
    const o = this.state.optimum;
    return o && o.text === this.state.start && o.options === this.optionsKey() ? o.length : null;
  }

  optionsKey() {
    return JSON.stringify(this.kind.solveOptions?.() ?? {});
  }

  publish() {
    const now = this.current();
    const line = this.state.timeline;
    this.board.dataset.board = this.kind.boardText ? this.kind.boardText(now, this.state.start) : now;
    this.board.dataset.step = String(this.step());
    $("#board-description").textContent = this.view.describe(now) +
      (line ? ` ${t("Moves: %(n)s.", { n: number(line.cursor) })}` : "");
    let counter = t("Moves: %(n)s", { n: number(this.step()) });
    if (this.words.counter) counter = this.words.counter(now, line, this.optimum());
    else if (line && line.kind === "solution") counter = t("Move %(n)s of %(m)s", { n: number(line.cursor), m: number(line.steps.length - 1) });
    else if (this.optimum() !== null) {
      counter = t("Moves: %(n)s · shortest: %(best)s", { n: number(this.step()), best: number(this.optimum()) });
    }
    $("#move-counter").textContent = counter;
    this.moveList.update(line);
    this.updateButtons();
    this.emit("published");
  }

  updateButtons() {
    const { timeline: line, busy, solving, hinting, playing } = this.state;
    const atStart = !line || line.cursor === 0;
    const atEnd = !line || line.cursor >= line.steps.length - 1;
    $("#back").disabled = busy || atStart;
    $("#restart").disabled = busy || atStart;
    $("#undo").disabled = atStart && !this.state.previous;
    $("#redo").disabled = atEnd;
    // nothing to play on a start known to have no solution
    const hopeless = (!line || line.kind === "solution" || line.kind === "play") && this.knownUnsolvable();
    $("#step").disabled = busy || (hopeless && line?.kind !== "play") || Boolean(line && atEnd && line.kind === "solution");
    $("#hint").disabled = hinting || solving;
    $("#solve").disabled = hinting || solving;
    const fromStart = $("#solve-start");
    if (fromStart) {
      fromStart.hidden = !(this.fromHere() || line?.from > 0);
      fromStart.disabled = hinting || solving;
    }
    const play = $("#play");
    play.disabled = hopeless && !playing;
    play.querySelector(".label").textContent = playing ? t("Pause") : t("Play");
    play.classList.toggle("lit", playing || Boolean(line && line.steps.length > 1));
    play.setAttribute("aria-pressed", String(playing));
    this.emit("buttons");
  }

  // ----------------------------------------------------------- running
  keepFocus(el) {
    keepFocus(el, this.board);
  }

  async run(task) {
    if (this.state.busy) return false;
    const focused = document.activeElement;
    this.state.busy = true;
    this.updateButtons();
    try {
      await task();
      return true;
    } catch (error) {
      this.say(error.message, error instanceof JobStopped ? "info" : "error");
      return false;
    } finally {
      this.state.busy = false;
      this.render();
      this.publish();
      this.keepFocus(focused);
      if (this.state.pending) {
        const action = this.state.pending;
        this.state.pending = null;
        this.state.jump = null;
        this.state.moves = [];
        action();
      } else if (this.state.jump !== null) {
        const cursor = this.state.jump;
        this.state.jump = null;
        this.jumpTo(cursor);
      }
      if (this.state.moves.length) setTimeout(() => this.playMoves(), 0);
    }
  }

  // An action that replaces what the board shows: at once when the board is
  // still, else as soon as the move under way ends. Never dropped.
  whenIdle(action, note = "") {
    this.stopPlaying();
    if (!this.state.busy) {
      action();
      return;
    }
    this.state.pending = action;
    if (note) this.say(note);
  }

  speed() {
    return Number($("#speed").value) || 1;
  }

  // ------------------------------------------------------------ wiring
  launch() {
    this.view = this.kind.mount(this);
    this.wire();
    this.installKeys();
    this.begin();
    return this;
  }

  // The shell's buttons.
  wire() {
    const on = (id, fn) => $(id).addEventListener("click", fn);
    on("#solve", () => this.solveClicked());
    $("#solve-start")?.addEventListener("click", () => this.solveFromStart());
    on("#cancel", () => {
      this.state.pending = null;
      this.jobs.cancel().catch((error) => this.say(error.message, "error"));
    });
    on("#play", () => this.playClicked());
    on("#step", () => this.stepClicked());
    on("#back", () => {
      this.stopPlaying();
      this.run(() => this.backward());
    });
    on("#restart", () => this.restart());
    on("#hint", () => this.hint());
    on("#undo", () => this.undo());
    on("#redo", () => this.redo());
    this.wireShare();
    mountLevels(this);
  }

  installKeys() {
    const timeline = () => this.state.timeline;
    installShortcuts({
      board: this.board,
      undo: () => this.view.undoKey?.() || this.undo(),
      redo: () => this.view.redoKey?.() || this.redo(),
      boardKey: (e) => Boolean(this.view.boardKey?.(e)),
      move: (e) => {
        const request = this.view.keyMove(e, this.current());
        if (!request) return false;
        this.tryMove(request);
        return true;
      },
      home: () => Boolean(timeline()) && (this.jumpTo(0), true),
      end: () => Boolean(timeline()) && (this.jumpTo(timeline().steps.length - 1), true),
      play: () => this.playClicked(),
    });
  }
}

// The shell's concerns, each in its own module, are the shell's methods.
Object.assign(Playground.prototype, timeline, solving, hinting, moves, keeping);

export function startPlayground(kind) {
  return new Playground(kind).launch();
}
