// Hint: the next move of the solution shown when the moves so far follow
// it, else the server's (a job, with progress and Cancel, when it is too
// dear to give at once). The hint stays on the board while the board stays
// where it was asked; with the kind's hintAgainMoves, Hint again makes it.
// These are the shell's methods (static/js/shell/playground.js).

import { post } from "../common/api.js";
import { t } from "../common/i18n.js";
import { JobLost, JobStopped, unanswered, unfinished } from "../common/jobs.js";
import { offerAgain } from "./messages.js";

export const hinting = {
  // The next move of the solved answer when the moves so far follow it.
  hintFromSolution() {
    const s = this.state.solution;
    const t = this.state.timeline;
    if (!this.solutionFits(s) || s.answer.status !== "solved" || !this.provenShortest(s.answer)) return null;
    if (t && t.kind !== "solution" && t.kind !== "play") return null;
    const steps = this.stepsOf(s.answer);
    const played = t ? t.steps.slice(1, t.cursor + 1) : [];
    if (played.some((step, i) => this.keyOf(step.position) !== this.keyOf(steps[i + 1]?.position))) return null;
    const next = steps[played.length + 1];
    return { status: "solved", move: next ? next.move : null, length: steps.length - 1 - played.length, optimal: true };
  },

  provenShortest(answer) {
    return Boolean(answer.optimal);
  },

  // The server is asked unless the solution shown knows the next move (a
  // board answered at once: the server's hint says more, every move's distance).
  needsServerHint(known) {
    return !known || (known.move !== null && Boolean(this.kind.answersAtOnce?.(this.state.start)));
  },

  async hint() {
    if (this.state.solving || this.state.hinting) return;
    const asked = this.current();
    const key = this.keyOf(asked);
    const shown = this.hintShown();
    if (shown && this.kind.hintAgainMoves) {
      this.tryMove((position) => ({ move: shown.move, words: this.words.hintMadeWords?.(shown.move, position) }));
      return;
    }
    let answer = this.hintFromSolution();
    const still = () => this.keyOf(this.current()) === key;
    if (this.needsServerHint(answer)) {
      const focused = document.activeElement;
      this.state.hinting = true;
      this.updateButtons();
      try {
        answer = await this.fetchHint(asked);
      } catch (error) {
        if (!still()) return;
        if (error instanceof JobLost) offerAgain(error.message, t("Hint again"), () => this.hint());
        else this.say(error.message, error instanceof JobStopped ? "info" : "error");
        return;
      } finally {
        this.state.hinting = false;
        this.updateButtons();
        this.keepFocus(focused);
      }
      if (!still()) return;
    }
    this.showHint(answer, asked);
  },

  showHint(answer, position) {
    const { text, kind } = this.words.hintWords(answer, position);
    this.say(text, kind);
    if (answer.move !== null && answer.move !== undefined) {
      this.state.hint = { start: this.state.start, key: this.keyOf(position), move: answer.move };
      this.render();
    }
  },

  // The server's hint; when it is too dear to give at once, the first move
  // of a solve (a job, with progress and Cancel).
  async fetchHint(position) {
    this.say(t("Looking for the best next move…"));
    const board = this.kind.hintBody ? this.kind.hintBody(position, this.state.start) : { board: position };
    const fields = { ...board, ...this.options() };
    const body = await post(this.api("hint"), fields);
    if ((body.id || body.job) && unfinished(body)) return hintOf(await this.hintAnswer(body));
    if (body.status === "limit" && !body.move) {
      return hintOf(await this.jobs.solve(fields, "Hint"));
    }
    return hintOf(body);
  },

  // A hint the server answered with a job (202): the job's answer, once it
  // has one (with progress and Cancel meanwhile); any other answer as it is.
  async hintAnswer(body) {
    if (!(body.id || body.job) || !unfinished(body)) return body;
    const job = await this.jobs.follow({ ...body, id: body.id || body.job }, "Hint");
    if (job.status === "cancelled") throw new JobStopped(this.jobs.stoppedText(job));
    if (job.status !== "done" || !job.answer) throw unanswered(job);
    return job.answer;
  },
};

// One shape for a hint, whatever route gave it: {status, move, length,
// distances} (a solve's answer gives the first of its moves).
function hintOf(body) {
  const first = (x) => (Array.isArray(x) || typeof x === "string" ? x[0] ?? null : x ?? null);
  return {
    status: body.status || "solved",
    move: body.move !== undefined ? body.move : first(body.moves),
    length: body.length ?? null,
    optimal: body.optimal !== false,
    distances: body.distances || null,
    message: body.message,
  };
}
