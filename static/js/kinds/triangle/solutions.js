// The triangle's solutions and its search show: the listed solutions
// (Next, Previous), Keep searching from where a limit stopped the search,
// and Show search, the search slowed down (play, pause, stop): a timeline
// of the kind's own that the shell plays.

import { JobStopped } from "../../common/jobs.js";
import { t } from "../../common/i18n.js";
import { own, placed } from "./placement.js";
import { TRACE_STEPS, traceStepWords, traceSummary, traceTimeline } from "./search.js";
import { limitWords, partial } from "./words.js";

const $ = (selector) => document.querySelector(selector);

export function publishSolutions(host) {
  const answer = host.solution;
  const listed = answer?.solutions?.length ?? 0;
  const showing = host.timelineShown?.kind === "solution" && listed;
  $("#previous-solution").disabled = !showing || own.solutionIndex === 0;
  $("#next-solution").disabled = !showing || own.solutionIndex >= listed - 1;
  $("#solution-index").textContent = showing ? solutionIndexWords(answer, own.solutionIndex + 1, listed) :
    t("Solve to list them.");
  $("#keep-searching").hidden = !(answer?.status === "limit" && answer.resume);
}

// "Solution 2 of 100 (the first 100 listed)"
function solutionIndexWords(answer, i, n) {
  if (partial(answer)) {
    return t("Solution %(i)s of %(n)s found so far (not all: the search stopped at %(limit)s)",
      { i, n, limit: limitWords(answer) });
  }
  if (answer.count_text !== String(n)) return t("Solution %(i)s of %(n)s (the first %(n)s listed)", { i, n });
  return t("Solution %(i)s of %(n)s", { i, n });
}

// Keep searching: the search a limit stopped goes on from where it was
// (the answer's token), under a fresh limit; the counts and the solutions
// listed become those of the whole search so far.
export function keepSearching(host) {
  const answer = host.solution;
  if (answer?.status !== "limit" || !answer.resume) return;
  host.whenIdle(() => host.run(async () => {
    own.searchingOn = true;
    const more = await host.showSolution({ resume: answer.resume });
    if (more) host.say(host.answerText(more), more.status === "solved" ? "ok" : "info");
  }), t("Searching on as soon as the board stops moving…"));
}

// Next or Previous: another listed solution, shown whole.
export function otherSolution(host, delta) {
  const answer = host.solution;
  const index = own.solutionIndex + delta;
  if (!answer?.solutions || index < 0 || index >= answer.solutions.length) return;
  host.whenIdle(async () => {
    own.solutionIndex = index;
    await host.buildSolutionTimeline(answer);
    host.jumpTo(host.timelineShown.steps.length - 1);
    host.say(t("Solution %(i)s of %(n)s.", { i: index + 1, n: answer.solutions.length }));
  });
}

// The trace of the search for the puzzle shown (asked once per puzzle).
async function fetchTrace(host) {
  const text = host.start;
  if (own.traced?.text === text) return own.traced.answer;
  host.setAnswer(t("Tracing the search…"));
  const answer = await host.whileSolving(() =>
    host.jobs.solve({ board: text, events: TRACE_STEPS }, "Tracing", host.api("trace")));
  own.traced = { text, answer };
  return answer;
}

export function searchClicked(host) {
  const shown = host.timelineShown;
  if (shown?.kind === "trace" && shown.cursor < shown.steps.length - 1) {
    host.playClicked();
    return;
  }
  host.whenIdle(() => host.run(async () => {
    let answer;
    try {
      answer = await fetchTrace(host);
    } catch (error) {
      host.setAnswer(error.message, error instanceof JobStopped ? "info" : "error");
      throw error;
    }
    host.setAnswer(traceSummary(answer), answer.status === "solved" ? "ok" : "warn");
    if (host.timelineShown?.kind !== "trace") own.beforeTrace = host.timelineShown;
    host.showTimeline(traceTimeline(placed(host).length, answer));
    host.say(...traceStepWords(host.timelineShown));
  }).then((done) => done && host.playClicked()), t("Showing the search as soon as the board stops moving…"));
}

export function pauseSearch(host) {
  if (host.timelineShown?.kind !== "trace") return;
  host.stopPlaying();
  host.say(t("Search paused: Resume search goes on, Stop ends the show."));
}

// Stop: the show ends and the board as it was before comes back.
export function stopSearch(host) {
  if (host.timelineShown?.kind !== "trace") return;
  host.whenIdle(() => {
    host.showTimeline(own.beforeTrace ?? null);
    own.beforeTrace = null;
    host.say(t("The search show is over: your board is back."));
  });
}
