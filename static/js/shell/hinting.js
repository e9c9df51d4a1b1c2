// Hint: the next move of the solution shown when the moves so far follow
// it, else the server's (a job, with progress and Cancel, when it is too
// dear to give at once).
// These are the shell's methods (static/js/shell/playground.js).

import { post } from "../common/api.js";
import { JobLost, JobStopped, unanswered, unfinished } from "../common/jobs.js";
import { offerAgain } from "./messages.js";

export const hinting = {
  // The next move of the solved answer when the moves so far follow it.
  hintFromSolution() {
    if (this.kind.hintFromSolution) return this.kind.hintFromSolution(this);
    const s = this.state.solution;
    const t = this.state.timeline;
    if (!this.solutionFits(s) || s.answer.status !== "solved" || !this.provenShortest(s.answer)) return null;
    const played = t ? t.steps.slice(1, t.cursor + 1).map((step) => step.move) : [];
    const moves = s.answer.moves;
    if (played.some((m, i) => String(m) !== String(moves[i]))) return null;
    return { status: "solved", move: moves[played.length] ?? null, length: moves.length - played.length, optimal: true };
  },

  provenShortest(answer) {
    if (this.kind.provenShortest) return this.kind.provenShortest(this, answer);
    return Boolean(answer.optimal);
  },

  // The position a hint is asked for, and whether the board is still there
  // (`failed`: to say why the hint did not come).
  hintPosition() {
    if (this.kind.hintPosition) return this.kind.hintPosition(this);
    return this.current();
  },

  hintStill(asked, failed = false) {
    if (this.kind.hintStill) return this.kind.hintStill(this, asked, failed);
    return this.hintPosition() === asked;
  },

  // small boards: the server's hint also gives the distance after each move
  needsServerHint(known, asked) {
    if (this.kind.needsServerHint) return this.kind.needsServerHint(this, known, asked);
    return !known || (this.view.size(asked) <= 9 && known.move !== null);
  },

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
        if (!this.hintStill(asked, true)) return;
        if (error instanceof JobLost) offerAgain(error.message, "Hint again", () => this.hint());
        else this.say(error.message, error instanceof JobStopped ? "info" : "error");
        return;
      } finally {
        this.state.hinting = false;
        this.updateButtons();
        this.keepFocus(focused);
      }
      if (!this.hintStill(asked)) return;
    }
    this.showHint(answer);
  },

  showHint(answer) {
    if (this.kind.showHint) {
      this.kind.showHint(this, answer);
      return;
    }
    const { text, kind } = this.words.hintWords(answer);
    this.say(text, kind);
    if (answer.move !== null && answer.move !== undefined) this.render({ hinted: answer.move });
  },

  // The server's hint; when it is too dear to give at once, the first move
  // of a solve (a job, with progress and Cancel).
  async fetchHint(board) {
    if (this.kind.fetchHint) return this.kind.fetchHint(this, board);
    this.say("Looking for the best next move…");
    const body = await post(this.api("hint"), { board });
    if ((body.id || body.job) && unfinished(body)) return hintOf(await this.hintAnswer(body));
    if (body.status === "limit" && !body.move) {
      return hintOf(await this.jobs.solve({ board }, "Hint"));
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
