// The shell's timeline: the positions a solution or your own moves went
// through, stepped (Step, Back, Redo), played (Play, Pause), rewound
// (Restart) and jumped through (the chips, the scrubber, Home and End).
// These are the shell's methods (static/js/shell/playground.js).

import { number, t } from "../common/i18n.js";
import { prefersReducedMotion } from "../common/motion.js";
import { showWatched } from "./finish.js";
import { movesShown } from "./keeping.js";

// Play holds each position a moment after its move, longer with reduced
// motion, where a move is one still picture; Restart walks a few steps back
// and rewinds a longer way (a kind's `timing` may differ).
export const TIMING = {
  playGap: 180, reducedPause: 450, animatedRestartSteps: 4, rewindMs: 1500, rewindStepMs: 60, restartFaster: 1,
};

export const timeline = {
  async animate(from, to, { reverse = false, faster = 1 } = {}) {
    if (this.replaying) return; // a link's moves: only the last position is shown
    this.board.dataset.animating = "true";
    try {
      await this.view.animate(from, to, { speed: this.speed() * faster, reverse });
    } finally {
      delete this.board.dataset.animating;
    }
  },

  // The move from step `before` to step `after` of the timeline, or back.
  animateStep(before, after, { reverse = false, faster = 1 } = {}) {
    return reverse ? this.animate(after.position, before.position, { reverse, faster })
      : this.animate(before.position, after.position, { faster });
  },

  // The board came to another step of the timeline.
  arrived() {
    this.keep();
    this.emit("arrived");
  },

  // What is said as a solution (or a kind's own show) is stepped through: [text, kind].
  stepMessage(line, step) {
    if (this.words.stepWords) return this.words.stepWords(line, step);
    const last = line.cursor === line.steps.length - 1;
    const values = { n: number(line.cursor), m: number(line.steps.length - 1),
      words: this.words.moveWords(step.move, line.steps[line.cursor - 1].position) };
    return [last ? t("Move %(n)s of %(m)s. %(words)s Solved!", values) : t("Move %(n)s of %(m)s. %(words)s", values),
      last ? "ok" : "info"];
  },

  // What is said as your own moves are stepped through again (Redo): [text, kind].
  playStepMessage(line, step) {
    const before = line.steps[line.cursor - 1].position;
    if (this.words.movedWords) return this.words.movedWords(step.move, before, step.position, line.cursor);
    return [t("%(words)s Moves: %(n)s.", { words: this.words.moveWords(step.move, before), n: number(line.cursor) }), "info"];
  },

  async forward() {
    const t = this.state.timeline;
    if (!t || t.cursor >= t.steps.length - 1) return false;
    const step = t.steps[t.cursor + 1];
    // the words of a move come with its picture, as it starts to move: never
    // a move behind while Play goes on
    const next = { ...t, cursor: t.cursor + 1 };
    this.say(...(t.kind === "play" ? this.playStepMessage(next, step) : this.stepMessage(next, step)));
    await this.animateStep(t.steps[t.cursor], step);
    if (this.state.timeline !== t) return false; // the board was left while it moved
    t.cursor += 1;
    this.publish();
    this.arrived();
    return true;
  },

  async backward(faster = 1) {
    const line = this.state.timeline;
    if (!line || line.cursor === 0) return false;
    await this.animateStep(line.steps[line.cursor - 1], line.steps[line.cursor], { reverse: true, faster });
    if (this.state.timeline !== line) return false;
    line.cursor -= 1;
    this.publish();
    this.arrived();
    this.say(line.cursor ? t("Back at move %(n)s.", { n: number(line.cursor) }) : t("Back at the start."));
    return true;
  },

  restart() {
    const t = this.state.timeline;
    if (!t || t.cursor === 0) return;
    this.whenIdle(() => this.run(() => this.rewind()));
  },

  // A few steps are walked back one by one; a longer way is rewound, each
  // earlier position shown in turn, the whole in at most timing.rewindMs.
  async rewind() {
    const line = this.state.timeline;
    if (!line || line.cursor === 0) return;
    const timing = this.timing;
    if (prefersReducedMotion()) {
      line.cursor = 0;
    } else if (line.cursor <= timing.animatedRestartSteps) {
      while (await this.backward(timing.restartFaster)) { /* to the start */ }
      return;
    } else {
      const from = line.cursor;
      const perStep = Math.min(timing.rewindStepMs, timing.rewindMs / from);
      const begun = performance.now();
      this.board.dataset.animating = "rewind";
      try {
        while (line.cursor > 0 && this.state.timeline === line) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const due = from - Math.floor((performance.now() - begun) / perStep);
          line.cursor = Math.max(0, Math.min(line.cursor - 1, due));
          this.render();
          this.publish();
        }
      } finally {
        delete this.board.dataset.animating;
      }
      if (this.state.timeline !== line) return;
    }
    this.render();
    this.publish();
    this.arrived();
    this.say(t("Back at the start."));
  },

  jumpTo(cursor) {
    const line = this.state.timeline;
    if (line && this.state.busy && this.state.playing) {
      this.stopPlaying();
      this.state.jump = cursor;
      return;
    }
    if (!line || this.state.busy) {
      this.publish(); // puts the scrubber back where the board is
      return;
    }
    this.stopPlaying();
    line.cursor = Math.max(0, Math.min(cursor, line.steps.length - 1));
    this.say(line.cursor ? t("Move %(n)s of %(m)s.", { n: number(line.cursor), m: number(line.steps.length - 1) })
      : t("Back at the start."));
    this.render();
    this.publish();
    this.arrived();
  },

  // A solution is shown: the start's, or one from a position of yours (its own answer).
  hasSolutionTimeline() {
    const t = this.state.timeline;
    return Boolean(t && t.kind === "solution" && (t.answer || this.solutionFits()));
  },

  shownAnswer() {
    return this.state.timeline?.answer ?? this.state.solution.answer;
  },

  // Whether an answer has moves to play (a limit may have cut a search
  // short with some found).
  playable(answer) {
    return answer.status === "solved" || this.stepsOf(answer).length > 1;
  },

  nothingToPlay(answer) {
    if (answer.status === "unsolvable") this.say(this.texts.unsolvableToPlay, "warn");
    else this.say(t("Nothing to play: the solver stopped at its limit before finding a solution."), "warn");
  },

  async playClicked() {
    if (this.state.playing) {
      this.stopPlaying();
      return;
    }
    if (this.state.busy) {
      this.whenIdle(() => this.playClicked(), this.state.solving ? t("Playing as soon as the answer comes…") : "");
      return;
    }
    this.state.playing = true;
    this.updateButtons();
    await this.run(async () => {
      // a kind's own show (a search step by step) plays as it is
      const shown = this.state.timeline && !movesShown(this.state.timeline);
      const answer = shown ? { status: "solved" } :
        this.hasSolutionTimeline() ? this.shownAnswer() : await this.showSolution();
      if (!answer || !this.state.timeline) return;
      if (!this.playable(answer) && !shown) {
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
        const gap = shown ? this.timing.showGap ?? this.timing.playGap : this.timing.playGap;
        const ms = prefersReducedMotion() ? this.timing.reducedPause + (shown ? gap : 0) : gap;
        if (ms && this.state.playing && t.cursor < t.steps.length - 1) await this.pause(ms);
      }
      // a solution watched to its end is a puzzle finished too
      if (this.state.playing && t.kind === "solution" && t === this.state.timeline && t.cursor >= t.steps.length - 1) {
        showWatched(t.steps.length - 1, this.provenShortest(answer));
      }
    });
    this.state.playing = false;
    this.updateButtons();
  },

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
  },

  stopPlaying() {
    this.state.playing = false;
    if (this.state.wake) this.state.wake();
    this.updateButtons();
  },

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
      if (this.hasSolutionTimeline() && !this.playable(this.shownAnswer())) {
        this.nothingToPlay(this.shownAnswer());
        return;
      }
      const t = this.state.timeline;
      if (t.kind === "play" && t.cursor >= t.steps.length - 1) {
        this.say(this.texts.latestMove);
        return;
      }
      await this.forward();
    });
  },
};
