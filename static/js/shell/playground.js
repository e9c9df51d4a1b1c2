// The shell every puzzle kind's page shares: the timeline of positions
// (Play, Pause, Step, Back, Restart, a list of move chips, a scrubber), Solve
// as a job with progress and Cancel, Try it (your own moves, counted against
// the shortest), Hint, Undo and Redo, Share, messages and live announcements,
// and keeping the work over a reload. The kind module draws, edits and
// animates its board and names its moves; the server decides every rule.
//
// A kind gives (see static/js/kinds/sliding/kind.js):
//   name, mount(shell) -> view with
//     view.show(text, marks), view.animate(fromText, toText, {speed}) (a promise),
//     view.describe(text) (words for screen readers), view.size(text) (cells),
//     view.valid(text) (a saved text can be drawn),
//     view.keyMove(event) -> null (not its key) or a request: (board) -> {move} | {refusal: words};
//   words: moveTitle(move, i), moveWords(move, board), answerWords(answer),
//     hintWords(hint), progressWords(job), progressFraction(job), stoppedWords(job),
//     replay(text, moves) -> boards, predict(text, move) -> board | null,
//     linkMoves(steps) -> the ?moves= of a share link, movesOfLink(text) ->
//     the moves to make again (throws an Error naming what cannot be read).
// The page has the ids of templates/sliding.html (#board, #solve, #play, ...).
//
// A kind whose timeline is more than a list of texts (rotation: each step is
// a step of the server's trajectory, with the frame's turn and the falls)
// extends Playground and overrides its hooks: animateStep(before, after,
// {reverse, faster}), arrived() (the board came to a step of the timeline),
// solutionStepMessage(t, step) and playStepMessage(t, step) (the words of a
// step forward), solveOptions() (the goal, say, sent with a solve),
// buildSolutionTimeline(answer), moveOnce(request), fetchHint(asked),
// showHint(answer), timing and the words of `texts`
// (see static/js/kinds/rotation/kind.js).

import { post } from "../common/api.js";
import { prefersReducedMotion } from "../common/motion.js";
import { plural } from "../common/format.js";
import { Jobs, JobStopped, unfinished } from "../common/jobs.js";
import { installShortcuts } from "../common/keys.js";
import { MoveList } from "./movelist.js";
import { keepFocus, say, setAnswer } from "./messages.js";
import { Keeper } from "./persist.js";
import { forgetLinkMoves, linkMoves, share } from "./share.js";
import { announceSolved } from "../common/solved.js";

const $ = (selector) => document.querySelector(selector);

const MAX_QUEUED_MOVES = 6;
// Play holds each position a moment after its slide, longer with reduced
// motion, where a move is one still picture.
const PLAY_GAP_MS = 180;
const REDUCED_PAUSE_MS = 450;
const ANIMATED_RESTART_STEPS = 4;
const REWIND_MS = 1500;
const REWIND_STEP_MS = 60;

class KindJobs extends Jobs {
  constructor(options, words) {
    super(options);
    this.words = words;
  }

  stoppedText(job) {
    return this.words.stoppedWords(job);
  }

  progressWords(job) {
    return this.words.progressWords(job);
  }

  progressFraction(job) {
    return this.words.progressFraction?.(job) ?? null;
  }
}

// How long Play holds a position, and how Restart walks back (a kind may differ).
const TIMING = {
  playGap: PLAY_GAP_MS, reducedPause: REDUCED_PAUSE_MS, animatedRestartSteps: ANIMATED_RESTART_STEPS,
  rewindMs: REWIND_MS, rewindStepMs: REWIND_STEP_MS, restartFaster: 1,
};

// What the shell says that depends on the kind's moves.
const TEXTS = {
  unsolvableToPlay: "Nothing to play: this position cannot reach the goal.",
  goalAlready: "Nothing to play: this is the goal already.",
  latestMove: "That was your latest move. Move again, or press Solve to watch a solution.",
};

export class Playground {
  constructor(kind) {
    this.kind = kind;
    this.words = kind.words;
    this.timing = TIMING;
    this.texts = TEXTS;
    this.initial = JSON.parse($("#initial").textContent);
    this.board = $("#board");
    this.keeper = new Keeper(kind.name);
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
    this.jobs = this.makeJobs();
    this.moveList = new MoveList({
      list: $("#moves-list"), label: $("#moves-label"), scrubber: $("#scrubber"), scrubRow: $("#scrub-row"),
      onJump: (step) => this.jumpTo(step),
      ...this.moveListOptions(),
    });
    this.known = new Map(); // "board|move" -> the server's answer to a move
  }

  makeJobs() {
    return new KindJobs({
      box: $("#progress"), bar: $("#progress-bar"), label: $("#progress-text"), path: this.api("jobs"),
    }, this.words);
  }

  moveListOptions() {
    return {
      chipTitle: (move, i) => this.words.moveTitle(move, i),
      // the heading claims no more than the answer proves
      labels: { solution: () => (this.solvedUnproven() ? "A solution, not proven shortest" : "Shortest solution"),
        play: "Your moves" },
    };
  }

  // The solution shown is a way to the goal that no search proved shortest.
  solvedUnproven() {
    const s = this.state.solution;
    return this.solutionFits(s) && s.answer.status === "solved" && !this.provenShortest(s.answer);
  }

  // The start is known to have no solution: there is nothing to play.
  knownUnsolvable() {
    const s = this.state.solution;
    return this.solutionFits(s) && s.answer.status === "unsolvable";
  }

  // The position set up, as text: what a solve starts from.
  startText() {
    return this.state.start;
  }

  // What is sent with a solve besides the board (a goal, say).
  solveOptions() {
    return {};
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

  current() {
    const t = this.state.timeline;
    return t ? t.steps[t.cursor].board : this.state.start;
  }

  step() {
    return this.state.timeline ? this.state.timeline.cursor : 0;
  }

  render(marks = {}) {
    this.view.show(this.current(), marks);
  }

  optimum() {
    const o = this.state.optimum;
    return o && o.text === this.state.start ? o.length : null;
  }

  publish() {
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
  }

  updateButtons() {
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
    play.textContent = playing ? "Pause" : "Play";
    play.setAttribute("aria-pressed", String(playing));
  }

  // Saved in the browser, and the address follows the start.
  keep() {
    const t = this.state.timeline;
    const play = t && t.kind === "play";
    this.keeper.save({ start: this.state.start, title: this.state.title, steps: play ? t.steps : null,
      cursor: play ? t.cursor : 0 });
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

  async animate(from, to) {
    if (this.replaying) return; // a link's moves: only the last position is shown
    this.board.dataset.animating = "true";
    try {
      await this.view.animate(from, to, { speed: this.speed() });
    } finally {
      delete this.board.dataset.animating;
    }
  }

  // The move from step `before` to step `after` of the timeline, or back.
  animateStep(before, after, { reverse = false } = {}) {
    return reverse ? this.animate(after.board, before.board) : this.animate(before.board, after.board);
  }

  // The board came to another step of the timeline.
  arrived() {
    this.keep();
  }

  // What is said as a solution is stepped through: [text, kind].
  solutionStepMessage(t, step) {
    const last = t.cursor === t.steps.length - 1;
    return [`Move ${t.cursor} of ${t.steps.length - 1}. ${this.words.moveWords(step.move, t.steps[t.cursor - 1].board)}` +
      (last ? " Solved!" : ""), last ? "ok" : "info"];
  }

  // What is said as your own moves are stepped through again (Redo): [text, kind].
  playStepMessage(t, step) {
    return [`${this.words.moveWords(step.move, t.steps[t.cursor - 1].board)} Moves: ${t.cursor}.`, "info"];
  }

  async forward() {
    const t = this.state.timeline;
    if (!t || t.cursor >= t.steps.length - 1) return false;
    const step = t.steps[t.cursor + 1];
    await this.animateStep(t.steps[t.cursor], step);
    if (this.state.timeline !== t) return false; // the board was left while it moved
    t.cursor += 1;
    this.publish();
    this.arrived();
    if (t.kind === "solution") this.say(...this.solutionStepMessage(t, step));
    else if (t.kind === "play") this.say(...this.playStepMessage(t, step)); // Redo, Step: the line follows the counter
    return true;
  }

  async backward(faster = 1) {
    const t = this.state.timeline;
    if (!t || t.cursor === 0) return false;
    await this.animateStep(t.steps[t.cursor - 1], t.steps[t.cursor], { reverse: true, faster });
    if (this.state.timeline !== t) return false;
    t.cursor -= 1;
    this.publish();
    this.arrived();
    this.say(t.cursor ? `Back at move ${t.cursor}.` : "Back at the start.");
    return true;
  }

  restart() {
    const t = this.state.timeline;
    if (!t || t.cursor === 0) return;
    this.whenIdle(() => this.run(() => this.rewind()));
  }

  // A few steps are walked back one by one; a longer way is rewound, each
  // earlier position shown in turn, the whole in at most REWIND_MS.
  async rewind() {
    const t = this.state.timeline;
    if (!t || t.cursor === 0) return;
    const timing = this.timing;
    if (prefersReducedMotion()) {
      t.cursor = 0;
    } else if (t.cursor <= timing.animatedRestartSteps) {
      while (await this.backward(timing.restartFaster)) { /* to the start */ }
      return;
    } else {
      const from = t.cursor;
      const perStep = Math.min(timing.rewindStepMs, timing.rewindMs / from);
      const begun = performance.now();
      this.board.dataset.animating = "rewind";
      try {
        while (t.cursor > 0 && this.state.timeline === t) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const due = from - Math.floor((performance.now() - begun) / perStep);
          t.cursor = Math.max(0, Math.min(t.cursor - 1, due));
          this.render();
          this.publish();
        }
      } finally {
        delete this.board.dataset.animating;
      }
      if (this.state.timeline !== t) return;
    }
    this.render();
    this.publish();
    this.arrived();
    this.say("Back at the start.");
  }

  jumpTo(cursor) {
    const t = this.state.timeline;
    if (t && this.state.busy && this.state.playing) {
      this.stopPlaying();
      this.state.jump = cursor;
      return;
    }
    if (!t || this.state.busy) {
      this.publish(); // puts the scrubber back where the board is
      return;
    }
    this.stopPlaying();
    t.cursor = Math.max(0, Math.min(cursor, t.steps.length - 1));
    this.say(t.cursor ? `Move ${t.cursor} of ${t.steps.length - 1}.` : "Back at the start.");
    this.render();
    this.publish();
    this.arrived();
  }

  // ------------------------------------------------------------- solve
  // The answer kept for a start, with the options it was solved under.
  solutionOf(text, answer) {
    return { text, options: JSON.stringify(this.solveOptions()), answer };
  }

  // The last solution is for the start and options as they are now.
  solutionFits(s = this.state.solution) {
    return Boolean(s) && s.text === this.startText() && s.options === JSON.stringify(this.solveOptions());
  }

  async fetchSolution() {
    const text = this.startText();
    if (this.solutionFits()) return this.state.solution.answer;
    const answer = await this.jobs.solve({ board: text, ...this.solveOptions() }, "Solving");
    this.state.solution = this.solutionOf(text, answer);
    if (answer.status === "solved" && answer.optimal) this.state.optimum = { text, length: answer.length };
    return answer;
  }

  answerText(answer) {
    return this.words.answerWords(answer);
  }

  // The solution's timeline, from the start along the answer's moves.
  async buildSolutionTimeline(answer) {
    const start = this.state.start;
    const steps = [{ board: start, move: null }];
    if (answer.status === "solved") {
      const boards = this.words.replay(start, answer.moves || [], answer);
      answer.moves.forEach((move, i) => steps.push({ board: boards[i], move }));
    }
    this.state.timeline = { kind: "solution", steps, cursor: 0 };
  }

  async showSolution() {
    let answer;
    this.setAnswer("Solving…");
    this.say("");
    this.state.solving = true;
    this.updateButtons();
    try {
      answer = await this.fetchSolution();
    } catch (error) {
      const kind = error instanceof JobStopped ? "info" : "error";
      this.setAnswer(error.message, kind);
      this.say(error.message, kind);
      this.state.solving = false;
      this.updateButtons();
      return null;
    }
    // the buttons follow once the timeline is there (publish)
    this.state.solving = false;
    this.setAnswer(this.answerText(answer), answer.status === "solved" ? "ok" : "warn");
    await this.buildSolutionTimeline(answer);
    this.render();
    this.publish();
    this.keep();
    return answer;
  }

  solveClicked() {
    this.whenIdle(() => this.run(() => this.showSolution()), "Solving as soon as the board stops moving…");
  }

  hasSolutionTimeline() {
    const t = this.state.timeline;
    return Boolean(t && t.kind === "solution" && this.solutionFits());
  }

  // Whether an answer has a solution to play (a kind may play one that a
  // limit cut short).
  playable(answer) {
    return answer.status === "solved";
  }

  nothingToPlay(answer) {
    if (answer.status === "unsolvable") this.say(this.texts.unsolvableToPlay, "warn");
    else this.say("Nothing to play: the solver stopped at its limit before finding a solution.", "warn");
  }

  async playClicked() {
    if (this.state.playing) {
      this.stopPlaying();
      return;
    }
    if (this.state.busy) {
      this.whenIdle(() => this.playClicked(), this.state.solving ? "Playing as soon as the answer comes…" : "");
      return;
    }
    this.state.playing = true;
    this.updateButtons();
    await this.run(async () => {
      const answer = this.hasSolutionTimeline() ? this.state.solution.answer : await this.showSolution();
      if (!answer || !this.state.timeline) return;
      if (!this.playable(answer)) {
        this.nothingToPlay(answer);
        return;
      }
      const t = this.state.timeline;
      if (t.cursor >= t.steps.length - 1) {
        if (t.steps.length === 1) {
          this.say(this.texts.goalAlready);
          return;
        }
        t.cursor = 0;
        this.render();
        this.publish();
      }
      while (this.state.playing && await this.forward()) {
        // with reduced motion a move is one still picture: hold it long enough to be seen
        const ms = prefersReducedMotion() ? this.timing.reducedPause : this.timing.playGap;
        if (ms && this.state.playing && t.cursor < t.steps.length - 1) await this.pause(ms);
      }
    });
    this.state.playing = false;
    this.updateButtons();
  }

  // A pause between moves at the chosen speed; stopping Play ends it at once.
  pause(ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.state.wake = null;
        resolve();
      }, ms / this.speed());
      this.state.wake = () => {
        clearTimeout(timer);
        this.state.wake = null;
        resolve();
      };
    });
  }

  stopPlaying() {
    this.state.playing = false;
    if (this.state.wake) this.state.wake();
    this.updateButtons();
  }

  async stepClicked() {
    this.stopPlaying();
    await this.run(async () => {
      if (!this.state.timeline) {
        const answer = await this.showSolution();
        if (!answer) return;
        if (!this.playable(answer)) {
          this.nothingToPlay(answer);
          return;
        }
      }
      const s = this.state.solution;
      if (this.hasSolutionTimeline() && !this.playable(s.answer)) {
        this.nothingToPlay(s.answer);
        return;
      }
      const t = this.state.timeline;
      if (t.kind === "play" && t.cursor >= t.steps.length - 1) {
        this.say(this.texts.latestMove);
        return;
      }
      await this.forward();
    });
  }

  // ------------------------------------------------------------ try it
  // A move asked for by a key, a click, a drag or a swipe: done in order,
  // each confirmed by the server before the board shows it. `request` is a
  // move, or a function of the board it will be made on, giving {move} or
  // {refusal} (keys pressed during a slide are read on the board after it).
  tryMove(request) {
    if (this.state.solving) {
      this.say("The solver is still working: wait for it, or press Cancel.");
      return;
    }
    if (this.state.hinting) this.jobs.cancel().catch(() => {}); // its position is about to be left
    this.stopPlaying();
    if (this.state.moves.length >= MAX_QUEUED_MOVES) return;
    this.state.moves.push(request);
    if (!this.state.busy) this.playMoves();
  }

  async playMoves() {
    if (this.state.busy || !this.state.moves.length) return;
    await this.run(async () => {
      while (this.state.moves.length) {
        const request = this.state.moves.shift();
        if (!(await this.moveOnce(request))) this.state.moves = [];
      }
    });
  }

  askMove(board, move) {
    const key = `${board}|${move}`;
    let promise = this.known.get(key);
    if (!promise) {
      promise = post(this.api("move"), { board, move });
      this.known.set(key, promise);
      promise.catch(() => this.known.delete(key));
      if (this.known.size > 256) this.known.delete(this.known.keys().next().value);
    }
    return promise;
  }

  async moveOnce(request) {
    const before = this.current();
    const wanted = typeof request === "function" ? request(before) : { move: request };
    if (wanted.refusal) {
      this.say(wanted.refusal, "warn");
      return false;
    }
    const move = wanted.move;
    // The tile starts sliding while the server is asked; the move counts
    // (and the board's text changes) only once the server has agreed, and a
    // refusal puts the picture back (run() redraws the board as it is).
    const guess = this.words.predict?.(before, move) ?? null;
    const asked = this.askMove(before, move);
    if (guess !== null) await Promise.all([this.animate(before, guess), asked.catch(() => {})]);
    const answer = await asked;
    if (this.current() !== before) return false; // the board was changed meanwhile
    let t = this.state.timeline;
    if (!t) {
      t = { kind: "play", steps: [{ board: this.state.start, move: null }], cursor: 0 };
      this.state.timeline = t;
    } else {
      t.kind = "play";
      t.steps = t.steps.slice(0, t.cursor + 1);
    }
    const moved = answer.moved ?? move;
    t.steps.push({ board: answer.board, move: moved });
    if (answer.board !== guess) await this.animate(before, answer.board);
    t.cursor += 1;
    this.publish();
    this.keep();
    if (answer.solved) {
      this.celebrate(t.cursor);
      return false;
    }
    this.say(`${this.words.moveWords(moved, before)} Moves: ${t.cursor}.`);
    return true;
  }

  celebrate(moves) {
    if (this.replaying) {
      // a link's moves that solve the puzzle are not a solve of this browser's
      this.say(`Played the link's ${plural(moves, "move")}: the puzzle is solved.`, "ok");
      return;
    }
    announceSolved(this.state.start, moves);
    const best = this.optimum();
    const done = plural(moves, "move");
    if (best === null) this.say(`Solved in ${done}!`, "ok");
    else if (best === moves) this.say(`Solved in ${done}: the shortest possible!`, "ok");
    else this.say(`Solved in ${done}; the shortest takes ${best}.`, "ok");
  }

  undo() {
    this.stopPlaying();
    const t = this.state.timeline;
    if ((!t || t.cursor === 0) && this.state.previous) {
      this.bringBackPrevious();
      return;
    }
    this.run(() => this.backward());
  }

  redo() {
    this.stopPlaying();
    this.run(() => this.forward());
  }

  // -------------------------------------------------------------- hint
  // The next move of the solved answer when the moves so far follow it.
  hintFromSolution() {
    const s = this.state.solution;
    const t = this.state.timeline;
    if (!this.solutionFits(s) || s.answer.status !== "solved" || !this.provenShortest(s.answer)) return null;
    const played = t ? t.steps.slice(1, t.cursor + 1).map((step) => step.move) : [];
    const moves = s.answer.moves;
    if (played.some((m, i) => String(m) !== String(moves[i]))) return null;
    return { status: "solved", move: moves[played.length] ?? null, length: moves.length - played.length, optimal: true };
  }

  provenShortest(answer) {
    return Boolean(answer.optimal);
  }

  // The position a hint is asked for, and whether the board is still there
  // (`failed`: to say why the hint did not come).
  hintPosition() {
    return this.current();
  }

  hintStill(asked) {
    return this.hintPosition() === asked;
  }

  // small boards: the server's hint also gives the distance after each move
  needsServerHint(known, asked) {
    return !known || (this.view.size(asked) <= 9 && known.move !== null);
  }

  async hint() {
    if (this.state.solving || this.state.hinting) return;
    const asked = this.hintPosition();
    let answer = this.hintFromSolution();
    if (this.needsServerHint(answer, asked)) {
      const focused = document.activeElement;
      this.state.hinting = true;
      this.updateButtons();
      try {
        answer = await this.fetchHint(asked);
      } catch (error) {
        if (this.hintStill(asked, true)) this.say(error.message, error instanceof JobStopped ? "info" : "error");
        return;
      } finally {
        this.state.hinting = false;
        this.updateButtons();
        this.keepFocus(focused);
      }
      if (!this.hintStill(asked)) return;
    }
    this.showHint(answer);
  }

  showHint(answer) {
    const { text, kind } = this.words.hintWords(answer);
    this.say(text, kind);
    if (answer.move !== null && answer.move !== undefined) this.render({ hinted: answer.move });
  }

  // The server's hint; when it is too dear to give at once, the first move
  // of a solve (a job, with progress and Cancel).
  async fetchHint(board) {
    this.say("Looking for the best next move…");
    const body = await post(this.api("hint"), { board });
    if ((body.id || body.job) && unfinished(body)) return hintOf(await this.hintAnswer(body));
    if (body.status === "limit" && !body.move) {
      return hintOf(await this.jobs.solve({ board }, "Hint"));
    }
    return hintOf(body);
  }

  // A hint the server answered with a job (202): the job's answer, once it
  // has one (with progress and Cancel meanwhile); any other answer as it is.
  async hintAnswer(body) {
    if (!(body.id || body.job) || !unfinished(body)) return body;
    const job = await this.jobs.follow({ ...body, id: body.id || body.job }, "Hint");
    if (job.status === "cancelled") throw new JobStopped(this.jobs.stoppedText(job));
    if (job.status !== "done" || !job.answer) throw new Error(job.error || "The solver could not finish.");
    return job.answer;
  }

  // ------------------------------------------------------- a new start
  // The kind's editor sets a new position to play from. `undoable`: the
  // board it replaces (with the moves played on it) stays for Undo, as after
  // a new size chosen in passing; "keep" keeps the board kept already (a
  // second change in a row must not make the first one's board the one kept).
  setStart(text, { title = "", message = "", optimum = null, undoable = false } = {}) {
    this.whenIdle(() => {
      const s = this.state;
      if (undoable === true) {
        s.previous = { start: s.start, title: s.title, timeline: s.timeline, optimum: s.optimum };
      } else if (undoable !== "keep") {
        s.previous = null;
      }
      this.newStart({ start: text, title, timeline: null, optimum: optimum === null ? null : { text, length: optimum } });
      this.setAnswer("");
      this.say(message);
    });
  }

  newStart({ start, title, timeline, optimum }) {
    Object.assign(this.state, { start, title, timeline, optimum, moves: [] });
    $("#puzzle-title").textContent = title || "Your puzzle";
    this.render();
    this.publish();
    this.keep();
    this.keeper.followAddress(start);
    this.view.startChanged?.(start);
    this.learnOptimum();
  }

  bringBackPrevious() {
    this.whenIdle(() => {
      const previous = this.state.previous;
      if (!previous) return;
      this.state.previous = null;
      this.newStart(previous);
      this.setAnswer("");
      const played = previous.timeline?.kind === "play" ? previous.timeline.cursor : 0;
      this.say(played ? `Your board is back, with ${plural(played, "move")} played.` : "Your board is back.");
    });
  }

  // Small boards are answered at once: the counter shows the shortest.
  async learnOptimum() {
    const text = this.state.start;
    if (this.optimum() !== null || this.view.size(text) > 9) return;
    try {
      const answer = await post(this.api("solve"), { board: text });
      const job = answer.job ?? answer.id;
      if (job && unfinished(answer)) {
        // not cheap after all: no solver is kept busy for a counter
        post(`/api/jobs/${encodeURIComponent(job)}/cancel`, {}).catch(() => {});
        return;
      }
      if (answer.status === "solved" && answer.optimal && Number.isInteger(answer.length)) {
        if (!this.state.solution || this.state.solution.text !== text) this.state.solution = this.solutionOf(text, answer);
        this.state.optimum = { text, length: answer.length };
        if (this.state.start === text) this.publish();
      }
    } catch {
      // the counter goes without; Solve still asks
    }
  }

  // ------------------------------------------------------------- share
  // The link carries the puzzle, and with "the moves played so far" ticked
  // the moves too (?moves=, written by the kind's words.linkMoves).
  share(which) {
    const t = this.state.timeline;
    const played = t?.kind === "play" ? t.steps.slice(1, t.cursor + 1) : [];
    const moves = $("#share-moves")?.checked && played.length ? this.words.linkMoves?.(played) : "";
    return share(this.api(which === "short" ? "links" : "share"), { board: this.state.start }, moves ? { moves } : {});
  }

  // A link's moves are made again one by one, each the server's word (its
  // /move route), as if played here; a move it refuses ends the replay there.
  async replayLink(linked) {
    forgetLinkMoves();
    if (linked.error) {
      this.say(`The moves in this link cannot be read (${linked.error}): the puzzle opens at its start.`, "warn");
      return;
    }
    this.say("Playing the moves of the link…");
    let refused = null;
    let solved = false;
    this.replaying = true;
    try {
      await this.run(async () => {
        for (const move of linked.moves) {
          const before = this.step();
          try {
            if (await this.moveOnce(move)) continue;
          } catch (error) {
            refused = error.message;
          }
          solved = !refused && this.step() > before;
          break;
        }
      });
    } finally {
      this.replaying = false;
    }
    const n = this.step();
    if (refused) {
      const where = n ? `the board shows the ${plural(n, "move")} before it` : "the puzzle opens at its start";
      this.say(`Move ${n + 1} of the link cannot be made (${refused}): ${where}.`, "warn");
    } else if (!solved) {
      this.say(`Played the link's ${plural(n, "move")}. Moves: ${n}.`);
    }
  }

  // ---------------------------------------------------------- keyboard
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
    });
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
  }

  // The work kept, or the puzzle of the address; Play when the link asks.
  begin() {
    const params = new URLSearchParams(window.location.search);
    const autoplay = Boolean(this.initial.autoplay) || params.get("play") === "1";
    // a link that asks to play, or that carries moves, shows its own puzzle,
    // not the work kept here
    const linked = autoplay ? null : linkMoves(params, (text) => this.words.movesOfLink(text));
    const restored = !autoplay && !linked && this.restore(params);
    if (Number.isInteger(this.initial.optimal) && this.state.start === this.initial.board) {
      this.state.optimum = { text: this.state.start, length: this.initial.optimal };
    }
    $("#puzzle-title").textContent = this.state.title || "Your puzzle";
    this.view.startChanged?.(this.state.start);
    this.render();
    this.publish();
    this.keep();
    if (restored) this.keeper.followAddress(this.state.start);
    this.learnOptimum();
    if (restored) {
      this.say(this.step() ? `Restored your work: ${plural(this.step(), "move")} played.` : "Restored your last position.");
    } else if (this.optimum() !== null) {
      this.setAnswer(`The shortest solution takes ${plural(this.optimum(), "move")}. Try it, or press Solve.`);
    }
    if (autoplay) this.playClicked();
    else if (linked) this.replayLink(linked);
    this.kind.started?.(this);
  }

  // The last work on this kind's page comes back when the address names no
  // other puzzle (or names the same start).
  restore(params) {
    const saved = this.keeper.load();
    if (!saved) return false;
    const here = new URL(window.location.href);
    const plain = here.pathname === `/${this.kind.name}` && !params.has("p");
    if (!(plain || saved.start === this.initial.board)) return false;
    if (!this.view.valid(saved.start)) return false;
    const steps = (saved.steps || []).filter((s) => s && typeof s.board === "string" && this.view.valid(s.board));
    if (saved.start === this.initial.board && !steps.length) return false; // nothing to bring back
    this.state.start = saved.start;
    this.state.title = saved.start === this.initial.board ? this.initial.title || "" : saved.title || "";
    if (steps.length > 1 && steps[0].board === saved.start) {
      this.state.timeline = { kind: "play", steps, cursor: Math.max(0, Math.min(saved.cursor, steps.length - 1)) };
    }
    return true;
  }
}

// One shape for a hint, whatever route gave it: {status, move, length, distances}.
function hintOf(body) {
  const first = (x) => (Array.isArray(x) ? x[0] ?? null : x ?? null);
  return {
    status: body.status || "solved",
    move: first(body.move ?? body.tile ?? body.moves),
    length: body.length ?? null,
    optimal: body.optimal !== false,
    distances: body.distances || null,
  };
}

export function startPlayground(kind) {
  return new Playground(kind).start();
}
