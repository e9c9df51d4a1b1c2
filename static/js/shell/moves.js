// Try it: a move asked for by a key, a click, a drag or a swipe, done in
// order and each the server's word; Undo and Redo; a new start set by the
// kind's editor (the board it replaced kept for Undo).
// These are the shell's methods (static/js/shell/playground.js).

import { post } from "../common/api.js";
import { plural } from "../common/format.js";
import { number, t, tn } from "../common/i18n.js";
import { announceSolved } from "../common/solved.js";
import { showSolved } from "./finish.js";

const MAX_QUEUED_MOVES = 6;

const $ = (selector) => document.querySelector(selector);

export const moves = {
  // A move asked for by a key, a click, a drag or a swipe: done in order,
  // each confirmed by the server before the board shows it. `request` is a
  // move, or a function of the board it will be made on, giving {move} or
  // {refusal} (keys pressed during a slide are read on the board after it).
  tryMove(request) {
    if (this.state.solving) {
      this.say(t("The solver is still working: wait for it, or press Cancel."));
      return;
    }
    if (this.state.hinting) this.jobs.cancel().catch(() => {}); // its position is about to be left
    this.stopPlaying();
    if (this.state.moves.length >= MAX_QUEUED_MOVES) return;
    this.state.moves.push(request);
    if (!this.state.busy) this.playMoves();
  },

  async playMoves() {
    if (this.state.busy || !this.state.moves.length) return;
    await this.run(async () => {
      while (this.state.moves.length) {
        const request = this.state.moves.shift();
        if (!(await this.moveOnce(request))) this.state.moves = [];
      }
    });
  },

  // The server's answer to `move` made on `position` (asked once: a move
  // asked again, say by a prefetch, is answered from memory).
  // `again`: asked anew, not answered from memory (the move asked ahead failed).
  askMove(position, move, { again = false } = {}) {
    const body = { ...(this.kind.moveBody ? this.kind.moveBody(position, move, this.state.start) : { board: position, move }),
      ...this.options() };
    const key = JSON.stringify(body);
    if (again) this.known.delete(key);
    let promise = this.known.get(key);
    if (!promise) {
      promise = post(this.api("move"), body);
      this.known.set(key, promise);
      promise.catch(() => this.known.delete(key));
      if (this.known.size > 256) this.known.delete(this.known.keys().next().value);
    }
    return promise;
  },

  madeBy(position, move, answer) {
    if (this.kind.afterMove) return this.kind.afterMove(position, move, answer);
    return { position: answer.board, move: answer.moved ?? move };
  },

  // The goal was reached on the way to the position shown, and the kind's
  // puzzle ends there (what fell out is gone).
  endedHere(t = this.state.timeline) {
    return Boolean(this.kind.endsWhenSolved && t && t.steps.slice(0, t.cursor + 1).some((step) => step.solved));
  },

  // `request` is a move, or a function of the position it will be made on,
  // giving {move} (and when the kind wants: words, the line said after it;
  // animate: false, the picture is there already) or {refusal}.
  async moveOnce(request) {
    if (this.endedHere()) {
      this.say(this.texts.ended ?? t("Solved already. Press Undo or Restart to try again."));
      return false;
    }
    const line = this.state.timeline;
    const before = this.current();
    const key = this.keyOf(before);
    const wanted = typeof request === "function" ? request(before) : { move: request };
    if (wanted.refusal) {
      this.say(wanted.refusal, "warn");
      return false;
    }
    const move = wanted.move;
    // The picture starts moving while the server is asked; the move counts
    // (and the board changes) only once the server has agreed, and a
    // refusal puts the picture back (run() redraws the board as it is).
    const guess = this.kind.predict?.(before, move) ?? null;
    let from = before;
    let asked = null;
    if (guess !== null) {
      asked = this.askMove(before, move);
      await Promise.all([this.animate(before, guess), asked.catch(() => {})]);
    } else if (!line && this.kind.settles) {
      // the start as drawn settles first: the move is made on its settled position
      from = this.madeBy(before, null, await this.askMove(before, null)).position;
    }
    // a move asked ahead that the server could not answer then (busy, out
    // of reach) is asked again now; a refusal of the move itself stands
    const answer = await (asked ?? this.askMove(from, move)).catch((error) => {
      if (error.status && error.status < 500) throw error;
      return this.askMove(from, move, { again: true });
    });
    if (this.state.timeline !== line || this.keyOf(this.current()) !== key) return false; // the board was changed meanwhile
    let play = line;
    if (line && (line.kind === "play" || line.kind === "solution")) {
      line.kind = "play";
      line.steps = line.steps.slice(0, line.cursor + 1);
    } else {
      // a move on a kind's own show starts your moves from the board shown
      play = { kind: "play", steps: [{ position: from, move: null }], cursor: 0 };
      this.state.timeline = play;
      this.emit("timeline", play);
      if (from !== before) await this.settle(from);
    }
    const made = this.madeBy(from, move, answer);
    play.steps.push({ position: made.position, move: made.move, solved: Boolean(answer.solved) });
    if (wanted.animate !== false && (guess === null || this.keyOf(guess) !== this.keyOf(made.position))) {
      await this.animate(from, made.position);
    }
    play.cursor += 1;
    this.publish();
    this.emit("moved", wanted, answer);
    this.arrived();
    if (answer.solved) {
      await this.celebrate(play.cursor, made, from);
      return false;
    }
    const [text, kind] = wanted.words ? [wanted.words, "info"] :
      this.words.movedWords ? this.words.movedWords(made.move, from, made.position, play.cursor) :
        [t("%(words)s Moves: %(n)s.", { words: this.words.moveWords(made.move, from), n: number(play.cursor) }), "info"];
    this.say(text, kind);
    return true;
  },

  // The shortest for the start: known, or the kind's fewest (known without
  // a search), or the solution's; else asked of the server, when cheap or
  // when the kind always can.
  async shortestKnown() {
    const known = this.optimum() ?? this.kind.fewestMoves?.(this.state.start) ?? null;
    if (known !== null) return known;
    const proven = (answer) => (answer.status === "solved" && this.provenShortest(answer) ? answer.length : null);
    if (this.solutionFits()) return proven(this.state.solution.answer);
    if (!this.kind.shortestAfterSolve) return null;
    try {
      return proven(await this.fetchSolution());
    } catch {
      return null;
    }
  },

  async celebrate(moves, made, before) {
    if (this.replaying) {
      // a link's moves that solve the puzzle are not a solve of this browser's
      this.say(t("Played the link's %(moves)s: the puzzle is solved.", { moves: plural(moves, this.texts.move, this.texts.moves) }), "ok");
      return;
    }
    // a solve under other options than the puzzle's own (another goal) is not its solve
    if (this.optionsKey() === "{}") announceSolved(this.state.start, moves);
    const best = await this.shortestKnown();
    this.say(this.solvedText(this.words.solvedWords?.(made.move, before, made.position, moves), moves, best), "ok");
    showSolved(moves, best);
  },

  // "Solved in 9 moves; the shortest takes 7.": `done`, the kind's words
  // for the solve ("Solved in 9 moves"), or the shell's.
  solvedText(done, moves, best) {
    const values = { done, best: best === null ? "" : number(best) };
    if (done) {
      if (best === null) return t("%(done)s!", values);
      if (best === moves) return t("%(done)s: the shortest possible!", values);
      return t("%(done)s; the shortest takes %(best)s.", values);
    }
    if (best === null) return tn("Solved in %(n)s move!", "Solved in %(n)s moves!", moves);
    if (best === moves) return tn("Solved in %(n)s move: the shortest possible!", "Solved in %(n)s moves: the shortest possible!", moves);
    return tn("Solved in %(n)s move; the shortest takes %(best)s.", "Solved in %(n)s moves; the shortest takes %(best)s.", moves, values);
  },

  undo() {
    this.stopPlaying();
    const t = this.state.timeline;
    if ((!t || t.cursor === 0) && this.state.previous) {
      this.bringBackPrevious();
      return;
    }
    this.run(() => this.backward());
  },

  redo() {
    this.stopPlaying();
    this.run(() => this.forward());
  },

  // The kind's editor sets a new position to play from. `undoable`: the
  // board it replaces (with the moves played on it) stays for Undo, as after
  // a new size chosen in passing; "keep" keeps the board kept already (a
  // second change in a row must not make the first one's board the one kept).
  setStart(text, { title = "", message = "", tone = "info", optimum = null, undoable = false, opened = false } = {}) {
    this.whenIdle(() => {
      const s = this.state;
      if (undoable === true) {
        s.previous = { start: s.start, title: s.title, timeline: s.timeline, optimum: s.optimum };
      } else if (undoable !== "keep") {
        s.previous = null;
      }
      this.newStart({ start: text, title, timeline: null,
        optimum: optimum === null ? null : { text, options: this.optionsKey(), length: optimum } }, { opened });
      this.setAnswer("");
      this.say(message, tone);
    });
  },

  // A puzzle given whole (a level's from the New puzzle panel): the new
  // start, the board it replaces kept for Undo.
  openPuzzle(text, options) {
    this.setStart(text, { ...options, undoable: true, opened: true });
  },

  newStart({ start, title, timeline, optimum }, { opened = false } = {}) {
    Object.assign(this.state, { start, title, timeline, optimum, moves: [], hint: null });
    $("#puzzle-title").textContent = title || t("Your puzzle");
    this.view.startChanged?.(start, { opened });
    this.render();
    this.publish();
    this.keep();
    this.followShare({ address: true });
    this.learnOptimum();
  },

  bringBackPrevious() {
    this.whenIdle(() => {
      const previous = this.state.previous;
      if (!previous) return;
      this.state.previous = null;
      this.newStart(previous);
      this.setAnswer("");
      const played = previous.timeline?.kind === "play" ? previous.timeline.cursor : 0;
      this.say(played ? tn("Your board is back, with %(n)s move played.", "Your board is back, with %(n)s moves played.", played)
        : t("Your board is back."));
    });
  },
};
