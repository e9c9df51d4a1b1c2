// Try it: a move asked for by a key, a click, a drag or a swipe, done in
// order and each the server's word; Undo and Redo; a new start set by the
// kind's editor (the board it replaced kept for Undo).
// These are the shell's methods (static/js/shell/playground.js).

import { post } from "../common/api.js";
import { plural } from "../common/format.js";
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
      this.say("The solver is still working: wait for it, or press Cancel.");
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
  },

  async moveOnce(request) {
    if (this.kind.moveOnce) return this.kind.moveOnce(this, request);
    const before = this.current();
    const wanted = typeof request === "function" ? request(before) : { move: request };
    if (wanted.refusal) {
      this.say(wanted.refusal, "warn");
      return false;
    }
    const move = wanted.move;
    // The piece starts moving while the server is asked; the move counts
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
  },

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
    showSolved(moves, best);
  },

  undo() {
    if (this.kind.undo) {
      this.kind.undo(this);
      return;
    }
    this.stopPlaying();
    const t = this.state.timeline;
    if ((!t || t.cursor === 0) && this.state.previous) {
      this.bringBackPrevious();
      return;
    }
    this.run(() => this.backward());
  },

  redo() {
    if (this.kind.redo) {
      this.kind.redo(this);
      return;
    }
    this.stopPlaying();
    this.run(() => this.forward());
  },

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
  },

  newStart({ start, title, timeline, optimum }) {
    Object.assign(this.state, { start, title, timeline, optimum, moves: [] });
    $("#puzzle-title").textContent = title || "Your puzzle";
    this.render();
    this.publish();
    this.keep();
    this.keeper.followAddress(start);
    this.view.startChanged?.(start);
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
      this.say(played ? `Your board is back, with ${plural(played, "move")} played.` : "Your board is back.");
    });
  },
};
