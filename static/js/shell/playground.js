// The shell every puzzle kind's page shares, the one way each page starts:
// static/js/kinds/<name>/page.js calls startPlayground(kind). The shell holds
// the timeline of positions and the buttons around the board; its concerns
// live beside this file: timeline.js (Play, Pause, Step, Back, Restart, the
// scrubber), solving.js (Solve as a job, the answer's timeline, the shortest
// for the counter), hinting.js (Hint), moves.js (Try it: moves asked of the
// server, Undo, Redo, a new start), keeping.js (the work kept over a reload,
// Share, a link's moves, the start-up). The kind draws, edits and animates
// its board and names its moves; the server decides every rule.
//
// A kind is one object (static/js/kinds/<name>/kind.js), the same shape for
// every page; the shell calls it and it never changes the shell's methods:
//   name, words, mount(shell) -> view;
//   view: show(text, marks), animate(fromText, toText, {speed}) (a promise),
//     describe(text), size(text) (cells), valid(text) (a saved text can be
//     drawn), keyMove(event) -> null or a request, startChanged(text) (optional);
//   words: moveTitle(move, i), moveWords(move, board), answerWords(answer),
//     hintWords(hint), progressWords(job), progressFraction(job), stoppedWords(job),
//     replay(text, moves) -> boards, predict(text, move) -> board | null,
//     linkMoves(steps), movesOfLink(text) (throws an Error naming what cannot be read);
//     progress and stopped words a kind leaves out are the jobs' own (common/jobs.js).
// Optional, for a kind whose board is more than a text (a drawing turned by
// a trajectory, a placement of pieces): plain values
//   timing, texts, moveList (the move list's
//   options), learnsOptimum (true)
// and hooks, each given the shell first, each in place of the shell's own:
//   current, startText, solveOptions, render(marks), publish, buttons,
//   keep, arrived, animateStep(before, after, {reverse, faster}),
//   solutionStepMessage(t, step), playStepMessage(t, step),
//   solutionTimeline(answer), playable(answer), moveOnce(request), undo, redo,
//   provenShortest(answer), hintFromSolution, hintPosition, hintStill(asked, failed),
//   needsServerHint(known, asked), fetchHint(asked), showHint(answer),
//   share(which), begin (the start-up: what is kept, what the link asks),
//   open(text, {title, message, optimum}) (a puzzle given whole: a level's);
// and hooks that add to the shell's own: published and buttonsShown (after
// publish and updateButtons), shortcuts (keys besides the shell's), play
// (true when the kind took Play: a search shown step by step), started
// (after the start-up: a kind may name an unsolvable start).
// The page has the ids of templates/_playground.html (#board, #solve, #play, ...).

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

// What the shell says that depends on the kind's moves.
const TEXTS = {
  unsolvableToPlay: "Nothing to play: this position cannot reach the goal.",
  goalAlready: "Nothing to play: this is the goal already.",
  latestMove: "That was your latest move. Move again, or press Solve to watch a solution.",
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
    this.state = {
      start: this.initial.board, // the position set up: the puzzle
      title: this.initial.title || "",
      timeline: null, // {kind: "solution" | "play", steps: [{board, move}], cursor}
      solution: null, // {text, answer} for the start as last solved
      optimum: null, // {text, length}: the shortest for the start, when known
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
      ...(kind.moveList ?? {
        chipTitle: (move, i) => this.words.moveTitle(move, i),
        // the heading claims no more than the answer proves
        labels: { solution: () => (this.solvedUnproven() ? "A solution, not proven shortest" : "Shortest solution"),
          play: "Your moves" },
      }),
    });
    this.known = new Map(); // "board|move" -> the server's answer to a move
  }

  api(path) {
    return `/api/${this.kind.name}/${path}`;
  }

  // ------------------------------------------------------------- showing
  say(text, kind = "info") {
    say(text, kind);
  }

  setAnswer(text, kind = "info") {
    setAnswer(text, kind);
  }

  // The position shown, as the kind counts positions (a text, unless the
  // kind's `current` says otherwise).
  current() {
    if (this.kind.current) return this.kind.current(this);
    const t = this.state.timeline;
    return t ? t.steps[t.cursor].board : this.state.start;
  }

  step() {
    return this.state.timeline ? this.state.timeline.cursor : 0;
  }

  render(marks = {}) {
    if (this.kind.render) this.kind.render(this, marks);
    else this.view.show(this.current(), marks);
  }

  optimum() {
    const o = this.state.optimum;
    return o && o.text === this.state.start ? o.length : null;
  }

  publish() {
    if (this.kind.publish) {
      this.kind.publish(this);
      return;
    }
    const now = this.current();
    const t = this.state.timeline;
    this.board.dataset.board = now;
    this.board.dataset.step = String(this.step());
    $("#board-description").textContent = this.view.describe(now) + (t ? ` Moves: ${t.cursor}.` : "");
    let counter = `Moves: ${this.step()}`;
    if (t && t.kind === "solution") counter = `Move ${t.cursor} of ${t.steps.length - 1}`;
    else if (this.optimum() !== null) counter += ` · shortest: ${this.optimum()}`;
    $("#move-counter").textContent = counter;
    this.moveList.update(t);
    this.updateButtons();
    this.kind.published?.(this);
  }

  updateButtons() {
    if (this.kind.buttons) {
      this.kind.buttons(this);
      return;
    }
    const { timeline: t, busy, solving, hinting, playing } = this.state;
    const atStart = !t || t.cursor === 0;
    const atEnd = !t || t.cursor >= t.steps.length - 1;
    $("#back").disabled = busy || atStart;
    $("#restart").disabled = busy || atStart;
    $("#undo").disabled = atStart && !this.state.previous;
    $("#redo").disabled = atEnd;
    // nothing to play on the shell's own timelines (a kind's own, such as a
    // search shown step by step, plays whatever the answer)
    const hopeless = (!t || t.kind === "solution" || t.kind === "play") && this.knownUnsolvable();
    $("#step").disabled = busy || (hopeless && t?.kind !== "play") || Boolean(t && atEnd && t.kind === "solution");
    $("#hint").disabled = hinting || solving;
    $("#solve").disabled = hinting || solving;
    const play = $("#play");
    play.disabled = hopeless && !playing;
    play.querySelector(".label").textContent = playing ? "Pause" : "Play";
    play.classList.toggle("lit", playing || Boolean(t && t.steps.length > 1));
    play.setAttribute("aria-pressed", String(playing));
    this.kind.buttonsShown?.(this);
  }

  // A puzzle given whole (a level's from the New puzzle panel): the kind
  // opens it as its own editor would, else it is the new start, the board
  // it replaces kept for Undo.
  openPuzzle(text, options) {
    if (this.kind.open) this.kind.open(this, text, options);
    else this.setStart(text, { ...options, undoable: true });
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
  start() {
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
    on("#copy-link", () => this.share("full"));
    on("#short-link", () => this.share("short"));
    mountLevels(this);
  }

  installKeys() {
    const timeline = () => this.state.timeline;
    installShortcuts({
      board: this.board,
      undo: () => this.undo(),
      redo: () => this.redo(),
      move: (e) => {
        const request = this.view.keyMove(e);
        if (!request) return false;
        this.tryMove(request);
        return true;
      },
      home: () => Boolean(timeline()) && (this.jumpTo(0), true),
      end: () => Boolean(timeline()) && (this.jumpTo(timeline().steps.length - 1), true),
      play: () => this.playClicked(),
      ...this.kind.shortcuts?.(this),
    });
  }
}

// The shell's concerns, each in its own module, are the shell's methods.
Object.assign(Playground.prototype, timeline, solving, hinting, moves, keeping);

export function startPlayground(kind) {
  return new Playground(kind).start();
}
