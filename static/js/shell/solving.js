// Solve: the answer as a job (progress, Cancel), kept for the start and the
// options it was solved under, and shown as a timeline; the shortest for the
// move counter, when a small board is answered at once.
// These are the shell's methods (static/js/shell/playground.js).

import { post } from "../common/api.js";
import { JobLost, JobStopped, unfinished } from "../common/jobs.js";
import { plural } from "../common/format.js";
import { number, t } from "../common/i18n.js";
import { offerAgain } from "./messages.js";

export const solving = {
  // The position set up, as text: what a solve starts from.
  startText() {
    return this.state.start;
  },

  // What is sent with a solve, a move or a hint besides the board (a goal, say).
  options() {
    return this.kind.solveOptions?.() ?? {};
  },

  // The solution shown is a way to the goal that no search proved shortest.
  solvedUnproven() {
    const answer = this.state.timeline?.answer ?? this.solution;
    return Boolean(answer) && answer.status === "solved" && !this.provenShortest(answer);
  },

  // The start is known to have no solution: there is nothing to play.
  knownUnsolvable() {
    const s = this.state.solution;
    return this.solutionFits(s) && s.answer.status === "unsolvable";
  },

  // The answer kept for a start, with the options it was solved under.
  solutionOf(text, answer) {
    return { text, options: this.optionsKey(), answer };
  },

  // The last solution is for the start and options as they are now.
  solutionFits(s = this.state.solution) {
    return Boolean(s) && s.text === this.state.start && s.options === this.optionsKey();
  },

  // The shortest learnt for the start, under the options chosen.
  learnt(text, answer) {
    if (answer.status === "solved" && answer.optimal && Number.isInteger(answer.length)) {
      this.state.optimum = { text, options: this.optionsKey(), length: answer.length };
    }
  },

  async fetchSolution(more = {}) {
    const text = this.state.start;
    if (this.solutionFits() && !Object.keys(more).length) return this.state.solution.answer;
    const answer = await this.jobs.solve({ board: text, ...this.options(), ...this.kind.solveFields, ...more },
      more.resume ? "Searching on" : "Solving");
    if (this.state.start !== text) throw new JobStopped(t("The puzzle changed while it was solved."));
    this.state.solution = this.solutionOf(text, answer);
    this.learnt(text, answer);
    return answer;
  },

  answerText(answer) {
    return this.words.answerWords(answer);
  },

  // The positions of an answer, from the first one shown.
  stepsOf(answer) {
    const start = this.state.start;
    if (this.kind.answerSteps) return this.kind.answerSteps(start, answer);
    return this.replayed(this.positionOf(start), answer);
  },

  // The solution's timeline, from the start along the answer's moves; a
  // start that settles is shown settling first.
  async buildSolutionTimeline(answer) {
    const steps = this.stepsOf(answer);
    if (answer.status === "solved" && steps.length > 1) steps[steps.length - 1].solved = true;
    await this.settle(steps[0].position);
    this.showTimeline({ kind: "solution", steps, cursor: 0 });
  },

  // A timeline put on the board (a solution, a kind's own show).
  showTimeline(t) {
    this.state.timeline = t;
    this.emit("timeline", t);
    this.render();
    this.publish();
  },

  // The start as drawn settles into its first position (the server's word):
  // shown, and said.
  async settle(first) {
    const drawn = this.positionOf(this.state.start);
    if (!this.kind.settles || this.keyOf(first) === this.keyOf(drawn)) return;
    this.emit("timeline", null);
    await this.animate(drawn, first);
    const words = this.words.settledWords?.(first);
    if (words) this.say(words);
  },

  // `more`: fields besides the start's (a search's token to go on from).
  // A solve as a job, its progress shown; a failure said (a lost job with
  // a button to ask again): the answer, or null.
  async solvingJob(ask, again) {
    this.setAnswer(t("Solving…"));
    this.say("");
    this.state.solving = true;
    this.updateButtons();
    try {
      return await ask();
    } catch (error) {
      const kind = error instanceof JobStopped ? "info" : "error";
      this.setAnswer(error.message, kind);
      if (error instanceof JobLost) offerAgain(error.message, t("Solve again"), again);
      else this.say(error.message, kind);
      return null;
    } finally {
      // the buttons follow once the timeline is there (publish)
      this.state.solving = false;
    }
  },

  async showSolution(more = {}) {
    const answer = await this.solvingJob(() => this.fetchSolution(more), () => this.solveClicked());
    if (!answer) {
      this.updateButtons();
      return null;
    }
    // a way found but not proven shortest is no success to colour green
    const proven = answer.status === "solved" && this.provenShortest(answer);
    this.setAnswer(this.answerText(answer), proven ? "ok" : answer.status === "solved" ? "info" : "warn");
    const was = this.state.timeline;
    await this.buildSolutionTimeline(answer);
    // searching on keeps the solution shown as far into it as it was
    const t = this.state.timeline;
    if (more.resume && was?.kind === "solution") t.cursor = Math.min(was.cursor, t.steps.length - 1);
    this.keep();
    return answer;
  },

  // Solve answers from the position shown once your moves left the start
  // (a kind that can be asked so): the shortest from there goes on after
  // your moves, Undo walks back through them; From the start shows the
  // start's own answer.
  fromHere() {
    const t = this.state.timeline;
    return Boolean(this.kind.solvesFromHere && t && t.kind === "play" && t.cursor > 0 && !this.endedHere());
  },

  solveClicked() {
    this.whenIdle(() => this.run(() => (this.fromHere() ? this.solveFromHere() : this.showSolution())),
      t("Solving as soon as the board stops moving…"));
  },

  solveFromStart() {
    this.whenIdle(() => this.run(() => this.showSolution()), t("Solving as soon as the board stops moving…"));
  },

  async solveFromHere() {
    const line = this.state.timeline;
    const here = line.steps[line.cursor].position;
    const start = this.state.start;
    const body = { ...(this.kind.hintBody ? this.kind.hintBody(here, start) : { board: here }), ...this.options() };
    const answer = await this.solvingJob(() => this.jobs.solve(body, "Solving"), () => this.solveClicked());
    if (!answer) {
      this.updateButtons();
      return null;
    }
    if (this.state.timeline !== line || line.steps[line.cursor].position !== here) return null; // the board moved on
    const proven = answer.status === "solved" && this.provenShortest(answer);
    this.setAnswer(t("From move %(n)s: %(answer)s", { n: number(line.cursor), answer: this.answerText(answer) }),
      proven ? "ok" : answer.status === "solved" ? "info" : "warn");
    if (answer.status !== "solved") {
      this.say(answer.status === "unsolvable" ? t("No way to the goal from here: Undo, or Restart.") :
        t("No way found from here: the search stopped at its limit."), "warn");
      return answer;
    }
    const text = this.kind.boardText ? this.kind.boardText(here, start) : here;
    const rest = this.kind.answerSteps ? this.kind.answerSteps(text, answer) : this.replayed(text, answer);
    if (rest.length > 1) rest[rest.length - 1].solved = true;
    const mine = line.steps.slice(0, line.cursor + 1);
    this.showTimeline({ kind: "solution", steps: [...mine, ...rest.slice(1)], cursor: line.cursor, from: line.cursor, answer });
    const n = rest.length - 1;
    const more = { moves: plural(n, this.texts.move, this.texts.moves) };
    this.say(proven
      ? t("From here the shortest takes %(moves)s more: Play or Step to watch it. Undo goes back through your own moves.", more)
      : t("From here the way found takes %(moves)s more: Play or Step to watch it. Undo goes back through your own moves.", more),
    "ok");
    this.keep();
    return answer;
  },

  // The positions the moves of an answer go through from `text`, by the kind's replay.
  replayed(text, answer) {
    const steps = [{ position: text, move: null }];
    if (answer.status === "solved") {
      const boards = this.kind.replay(text, answer.moves || []);
      answer.moves.forEach((move, i) => steps.push({ position: boards[i], move }));
    }
    return steps;
  },

  // Small boards are answered at once: the counter shows the shortest.
  async learnOptimum() {
    const text = this.state.start;
    if (this.optimum() !== null || !this.kind.answersAtOnce?.(text)) return;
    try {
      const answer = await post(this.api("solve"), { board: text, ...this.options() });
      const job = answer.job ?? answer.id;
      if (job && unfinished(answer)) {
        // not cheap after all: no solver is kept busy for a counter
        post(`/api/jobs/${encodeURIComponent(job)}/cancel`, {}).catch(() => {});
        return;
      }
      if (answer.status === "solved" && answer.optimal && Number.isInteger(answer.length)) {
        if (!this.state.solution || this.state.solution.text !== text) this.state.solution = this.solutionOf(text, answer);
        this.learnt(text, answer);
        if (this.state.start === text) this.publish();
      }
    } catch {
      // the counter goes without; Solve still asks
    }
  },
};
