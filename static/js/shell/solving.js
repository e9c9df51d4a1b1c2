// Solve: the answer as a job (progress, Cancel), kept for the start and the
// options it was solved under, and shown as a timeline; the shortest for the
// move counter, when a small board is answered at once.
// These are the shell's methods (static/js/shell/playground.js).

import { post } from "../common/api.js";
import { JobLost, JobStopped, unfinished } from "../common/jobs.js";
import { offerAgain } from "./messages.js";

export const solving = {
  // The position set up, as text: what a solve starts from.
  startText() {
    if (this.kind.startText) return this.kind.startText(this);
    return this.state.start;
  },

  // What is sent with a solve besides the board (a goal, say).
  solveOptions() {
    if (this.kind.solveOptions) return this.kind.solveOptions(this);
    return {};
  },

  // The solution shown is a way to the goal that no search proved shortest.
  solvedUnproven() {
    const s = this.state.solution;
    return this.solutionFits(s) && s.answer.status === "solved" && !this.provenShortest(s.answer);
  },

  // The start is known to have no solution: there is nothing to play.
  knownUnsolvable() {
    const s = this.state.solution;
    return this.solutionFits(s) && s.answer.status === "unsolvable";
  },

  // The answer kept for a start, with the options it was solved under.
  solutionOf(text, answer) {
    return { text, options: JSON.stringify(this.solveOptions()), answer };
  },

  // The last solution is for the start and options as they are now.
  solutionFits(s = this.state.solution) {
    return Boolean(s) && s.text === this.startText() && s.options === JSON.stringify(this.solveOptions());
  },

  async fetchSolution() {
    const text = this.startText();
    if (this.solutionFits()) return this.state.solution.answer;
    const answer = await this.jobs.solve({ board: text, ...this.solveOptions() }, "Solving");
    this.state.solution = this.solutionOf(text, answer);
    if (answer.status === "solved" && answer.optimal) this.state.optimum = { text, length: answer.length };
    return answer;
  },

  answerText(answer) {
    return this.words.answerWords(answer);
  },

  // The solution's timeline, from the start along the answer's moves.
  async buildSolutionTimeline(answer) {
    if (this.kind.solutionTimeline) {
      await this.kind.solutionTimeline(this, answer);
      return;
    }
    const start = this.state.start;
    const steps = [{ board: start, move: null }];
    if (answer.status === "solved") {
      const boards = this.words.replay(start, answer.moves || [], answer);
      answer.moves.forEach((move, i) => steps.push({ board: boards[i], move }));
    }
    this.state.timeline = { kind: "solution", steps, cursor: 0 };
  },

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
      if (error instanceof JobLost) offerAgain(error.message, "Solve again", () => this.solveClicked());
      else this.say(error.message, kind);
      this.state.solving = false;
      this.updateButtons();
      return null;
    }
    // the buttons follow once the timeline is there (publish)
    this.state.solving = false;
    // a way found but not proven shortest is no success to colour green
    const proven = answer.status === "solved" && this.provenShortest(answer);
    this.setAnswer(this.answerText(answer), proven ? "ok" : answer.status === "solved" ? "info" : "warn");
    await this.buildSolutionTimeline(answer);
    this.render();
    this.publish();
    this.keep();
    return answer;
  },

  solveClicked() {
    this.whenIdle(() => this.run(() => this.showSolution()), "Solving as soon as the board stops moving…");
  },

  // Small boards are answered at once: the counter shows the shortest.
  async learnOptimum() {
    if (this.kind.learnsOptimum === false) return;
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
  },
};
