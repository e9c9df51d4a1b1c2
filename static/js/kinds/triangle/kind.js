// The triangle puzzle in the browser: the big triangle and the tray of
// pieces (drawn by draw.js), the placement changed one piece at a
// time (a drag from the tray onto a slot, a tap on a placed piece or R to
// turn it, a drag off the triangle to take it out), each move the server's
// word (/api/triangle/move gives the placement after it and the edges that
// do not fit). The shell's timeline holds placements: each step is the
// puzzle's text (it never changes) with the placement after that step, so
// Undo, Restart, Play and keeping the work over a reload come from the shell.
// A solution's timeline puts the pieces in place one by one.

import { post } from "../../common/api.js";
import { prefersReducedMotion } from "../../common/motion.js";
import { count, duration, isNumber, plural } from "../../common/format.js";
import { JobStopped } from "../../common/jobs.js";
import { Playground } from "../../shell/playground.js";
import { announceSolved } from "../../common/solved.js";
import { mountEditor } from "./editor.js";
import { mountPieceEditor } from "./pieces.js";
import { installKeys, markCursor } from "./keys.js";
import { TRACE_STEPS, traceCounter, traceMarks, traceStepWords, traceTimeline } from "./search.js";
import { linkMoves, movesOfLink } from "./link.js";
import { boardMarkup, centroid, parsePuzzle, slotAt, slotPoints, trayPoints } from "./draw.js";

const $ = (selector) => document.querySelector(selector);

const FLY_MS = 420;
// The beat between two moves of "Show search" (at 1x; the speed divides it).
const TRACE_GAP_MS = 160;
const SEARCH_IDLE = "The search, slowed down: each piece it tries, and each it takes back.";
const TAP_PX = 8;
const WIDE_PX = 560;
// Solutions listed by a solve, for Next and Previous.
const LISTED = 100;
const NUMBERS_KEY = "rotation-playground:triangle:numbers";

export function emptyPlacement(text) {
  const p = parsePuzzle(text);
  return p ? Array(p.pieces.length).fill(null) : [];
}

// ---------------------------------------------------------------- words
// A step's move as the timeline keeps it: {act, piece, slot} with act
// "place" (piece into slot), "turn" (turned there) or "out" (back in the
// tray); the move sent to the server is the step's `detail`.
export function moveOf(move, before) {
  if (move.piece === null || move.piece === undefined) {
    const was = before?.[move.slot];
    return { act: "out", piece: was ? was.piece : null, slot: move.slot };
  }
  const act = before?.[move.slot]?.piece === move.piece ? "turn" : "place";
  return { act, piece: move.piece, slot: move.slot };
}

// Work kept before moves were objects has labels such as "4→7", "4↻7", "4↑".
function asMove(m) {
  if (m && typeof m === "object") return m;
  const found = /^(\d+)([→↻↑])(\d*)$/.exec(String(m || ""));
  if (!found) return null;
  const act = { "→": "place", "↻": "turn", "↑": "out" }[found[2]];
  return { act, piece: Number(found[1]), slot: found[3] === "" ? null : Number(found[3]) };
}

// The move list's chip: short words a person reads.
export function chipText(m) {
  const move = asMove(m);
  if (!move) return String(m ?? "");
  if (move.act === "out") return `piece ${move.piece ?? "?"} → tray`;
  if (move.act === "turn") return `turn piece ${move.piece}`;
  if (move.act === "found") return "first solution";
  return `piece ${move.piece} → slot ${move.slot}`;
}

function moveWords(m) {
  const move = asMove(m);
  if (!move) return "";
  if (move.act === "out") return move.piece === null ? `Slot ${move.slot} emptied.` : `Piece ${move.piece} back in the tray.`;
  if (move.act === "turn") return `Piece ${move.piece} turned in slot ${move.slot}.`;
  if (move.act === "found") return "The search's first solution.";
  return `Piece ${move.piece} in slot ${move.slot}.`;
}

function countText(answer) {
  return count(answer.count_text ?? answer.count ?? 0);
}

function facts(answer) {
  const out = [];
  if (isNumber(answer.nodes)) out.push(`${plural(answer.nodes, "node")} searched`);
  if (duration(answer.seconds)) out.push(duration(answer.seconds));
  return out.length ? ` (${out.join(", ")})` : "";
}

// The limit that stopped a search, in a player's words (never the option's name).
export function limitWords(answer) {
  if (answer.limit === "max_seconds") return "its time limit";
  if (answer.limit === "max_nodes") return "its limit of steps";
  return "its limit";
}

// An answer a limit cut short that still lists solutions: they are the
// first of those found so far, not of all.
export function partial(answer) {
  return answer?.status === "limit" && Array.isArray(answer.solutions) && answer.solutions.length > 0;
}

function answerWords(answer) {
  const found = `${countText(answer)} placement${countText(answer) === "1" ? "" : "s"}, ` +
    `${plural(answer.distinct ?? 0, "distinct picture")} up to turning`;
  if (answer.status === "solved") return `Solved: ${found}${facts(answer)}.`;
  if (answer.status === "unsolvable") return `No solution: no placement of these pieces fits${facts(answer)}.`;
  const more = answer.resume ? " Keep searching goes on from where it stopped." : "";
  if (!partial(answer)) {
    return `Not finished: the search stopped at ${limitWords(answer)} before it found a solution${facts(answer)}.${more}`;
  }
  return `Not finished: the search stopped at ${limitWords(answer)}. Found so far: ${found}${facts(answer)}. ` +
    `Not all the solutions: ${plural(answer.solutions.length, "solution")} of those found listed.${more}`;
}

function progressWords(job) {
  if (job.status === "queued") {
    return job.place ? `Waiting for a free solver: number ${job.place} in the queue` : "Waiting for a free solver";
  }
  const time = duration(job.seconds, 1);
  return `${plural(job.nodes ?? 0, "node")} searched, ${plural(job.depth ?? 0, "slot")} filled${time ? `, ${time}` : ""}`;
}

function progressFraction(job) {
  return isNumber(job.nodes) && isNumber(job.max_nodes) && job.max_nodes > 0 ? Math.min(1, job.nodes / job.max_nodes) : null;
}

function stoppedWords(job) {
  return isNumber(job.nodes) ? `Cancelled after ${plural(job.nodes, "node")}.` : "Cancelled.";
}

// ------------------------------------------------------------- the view
class TriangleView {
  constructor(svg) {
    this.svg = svg;
    this.numbers = false;
    this.selected = null; // {slot} of a placed piece or {piece} in the tray
    this.puzzle = null;
    this.placement = [];
    this.layout = null;
    this.cursor = null; // the keyboard's: {slot} or {piece} in the tray
  }

  show(text, { placement = null, misfits = [], hinted = null, hint = null } = {}) {
    const puzzle = parsePuzzle(text);
    if (!puzzle) return;
    this.puzzle = puzzle;
    this.placement = placement && placement.length === puzzle.pieces.length ? placement : emptyPlacement(text);
    if (this.selected?.slot !== undefined && !this.placement[this.selected.slot]) this.selected = null;
    // a piece picked in the tray is let go once it is placed; one lifted from
    // its slot (to move it) is held while it is still there
    const lifted = this.selected?.from;
    if (this.selected?.piece !== undefined && (lifted === undefined ? this.placement.some((e) => e && e.piece === this.selected.piece)
      : this.placement[lifted]?.piece !== this.selected.piece)) this.selected = null;
    this.wide = this.isWide();
    const { markup, layout: L } = boardMarkup(puzzle, this.placement, misfits,
      { numbers: this.numbers, hinted, hint, selected: this.selected, wide: this.wide });
    this.layout = L;
    this.svg.setAttribute("viewBox", `0 0 ${L.width.toFixed(3)} ${L.height.toFixed(3)}`);
    this.svg.innerHTML = markup;
    this.svg.dataset.side = String(puzzle.n);
    markCursor(this);
  }

  // The tray goes beside the triangle where the board has the room.
  isWide() {
    return (this.svg.parentElement?.clientWidth || 0) >= WIDE_PX;
  }

  // A pointer's place in the drawing's units.
  point(e) {
    const m = this.svg.getScreenCTM();
    if (!m) return [0, 0];
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  pieceEl(piece) {
    return this.svg.querySelector(`.piece[data-piece="${piece}"]`);
  }

  // Where a piece is in a placement: its slot's points, or its tray home's.
  pointsOf(placement, piece) {
    const slot = placement.findIndex((e) => e && e.piece === piece);
    return slot >= 0 ? slotPoints(this.layout, slot) : trayPoints(this.layout, piece);
  }

  // The piece that moved from `source` to `target` flies to where `target`
  // has it (the board shows `target` when this ends).
  async fly(text, source, target, marks, speed) {
    this.show(text, { ...marks, placement: target.placement, misfits: target.misfits || [] });
    if (prefersReducedMotion()) return;
    let piece = null;
    target.placement.forEach((e, s) => {
      const was = source.placement[s];
      if (e && (!was || was.piece !== e.piece)) piece = e.piece;
      if (!e && was && piece === null) piece = was.piece;
    });
    if (piece === null) return;
    const from = centroid(this.pointsOf(source.placement, piece));
    const to = centroid(this.pointsOf(target.placement, piece));
    const el = this.pieceEl(piece);
    if (!el || (from[0] === to[0] && from[1] === to[1])) return;
    this.svg.append(el); // over the others while it flies
    const dx = from[0] - to[0];
    const dy = from[1] - to[1];
    const animation = el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }],
      { duration: FLY_MS / speed, easing: "cubic-bezier(.3,.7,.4,1)" });
    await animation.finished.catch(() => {});
  }

  describe() {
    if (!this.puzzle) return "";
    const placed = this.placement.filter(Boolean).length;
    return `A triangle of side ${this.puzzle.n} with ${plural(this.puzzle.pieces.length, "piece")}, ` +
      `${placed} placed.`;
  }
}

// --------------------------------------------------------- the playground
class TrianglePlayground extends Playground {
  constructor(kind) {
    super(kind);
    this.texts = {
      unsolvableToPlay: "Nothing to play: no placement of these pieces fits.",
      goalAlready: "Nothing to play: the puzzle has no slots to fill.",
      latestMove: "That was your latest move. Place another piece, or press Solve to watch a solution.",
    };
    this.solutionIndex = 0;
    this.indexed = null; // the answer the index counts in
  }

  moveListOptions() {
    return {
      chipText,
      // the chip's text is in its name (what is read is what is seen)
      chipTitle: (move, i) => `Step ${i + 1}: ${chipText(move)}`,
      labels: { solution: "The solution, piece by piece", play: "Your moves", trace: "The search, step by step" },
    };
  }

  solveOptions() {
    return { first: LISTED };
  }

  stepNow() {
    const t = this.state.timeline;
    return t ? t.steps[t.cursor] : null;
  }

  // The same array while nothing changes: a move's answer is dropped when
  // the placement it was asked on is no longer the one shown.
  placement() {
    const p = this.stepNow()?.placement;
    if (Array.isArray(p)) return p;
    if (this.empty?.text !== this.state.start) this.empty = { text: this.state.start, placement: emptyPlacement(this.state.start) };
    return this.empty.placement;
  }

  misfits() {
    return this.stepNow()?.misfits || [];
  }

  render(marks = {}) {
    const t = this.state.timeline;
    const shown = t?.kind === "trace" ? traceMarks(this.stepNow()) : this.hintMarks();
    this.view.show(this.current(), { placement: this.placement(), misfits: this.misfits(), ...shown, ...marks });
  }

  publish() {
    super.publish();
    const placement = this.placement();
    const t = this.state.timeline;
    const filled = placement.filter(Boolean).length;
    this.board.dataset.placement = JSON.stringify(placement);
    this.board.dataset.filled = String(filled);
    let counter = `Placed: ${filled} of ${placement.length}`;
    if (t && t.kind === "solution") counter += ` · step ${t.cursor} of ${t.steps.length - 1}`;
    if (t && t.kind === "trace") {
      counter += ` · search ${traceCounter(t)}`;
      $("#search-counter").textContent = `Search: ${traceCounter(t)}` +
        (t.cut ? ` (the first ${count(t.steps.length - 2)} of ${count(t.made)} moves, then its solution)` : "");
      this.board.dataset.traceStep = String(t.cursor);
      this.board.dataset.traceSteps = String(t.steps.length - 1);
      this.board.dataset.takebacks = String(t.steps[t.cursor].takebacks);
    } else if (this.board.dataset.traceStep !== undefined) {
      delete this.board.dataset.traceStep;
      $("#search-counter").textContent = SEARCH_IDLE;
    }
    $("#move-counter").textContent = counter;
    this.publishSolutions();
  }

  updateButtons() {
    super.updateButtons();
    const t = this.state.timeline;
    const tracing = t?.kind === "trace";
    $("#show-search").disabled = this.state.solving || this.state.hinting || this.state.busy || (tracing && this.state.playing);
    $("#show-search").textContent = tracing && t.cursor > 0 && t.cursor < t.steps.length - 1 ? "Resume search" : "Show search";
    $("#pause-search").disabled = !(tracing && this.state.playing);
    $("#stop-search").disabled = !tracing;
    $("#keep-searching").disabled = this.state.solving || this.state.hinting || this.state.busy;
  }

  publishSolutions() {
    const s = this.state.solution;
    const fits = this.solutionFits(s);
    const listed = fits && this.playable(s.answer) ? s.answer.solutions.length : 0;
    const showing = this.state.timeline?.kind === "solution" && listed;
    $("#previous-solution").disabled = !showing || this.solutionIndex === 0;
    $("#next-solution").disabled = !showing || this.solutionIndex >= listed - 1;
    let more = listed && s.answer.count_text !== String(listed) ? ` (the first ${listed} listed)` : "";
    if (partial(s?.answer)) more = ` found so far (not all: the search stopped at ${limitWords(s.answer)})`;
    $("#solution-index").textContent = showing ? `Solution ${this.solutionIndex + 1} of ${listed}${more}` :
      "Solve to list them.";
    $("#keep-searching").hidden = !(fits && s.answer.status === "limit" && s.answer.resume);
  }

  playable(answer) {
    return answer?.status === "solved" || partial(answer);
  }

  // Keep searching: the search a limit stopped goes on from where it was
  // (the answer's token), under a fresh limit; the counts and the solutions
  // listed become those of the whole search so far.
  keepSearching() {
    this.whenIdle(() => this.run(async () => {
      const s = this.state.solution;
      if (!this.solutionFits(s) || s.answer.status !== "limit" || !s.answer.resume) return;
      const text = this.startText();
      this.setAnswer("Searching on from where the search stopped…");
      this.state.solving = true;
      this.updateButtons();
      this.publishSolutions();
      let answer;
      try {
        answer = await this.jobs.solve({ board: text, ...this.solveOptions(), resume: s.answer.resume }, "Searching on");
      } catch (error) {
        this.setAnswer(error.message, error instanceof JobStopped ? "info" : "error");
        return;
      } finally {
        this.state.solving = false;
        this.updateButtons();
      }
      if (this.startText() !== text) return; // another puzzle meanwhile
      this.state.solution = this.solutionOf(text, answer);
      this.setAnswer(this.answerText(answer), answer.status === "solved" ? "ok" : "warn");
      // the solution shown stays, as far into it as it was, unless the
      // listing no longer goes that far
      const was = this.state.timeline;
      const cursor = was?.kind === "solution" ? was.cursor : 0;
      this.indexed = answer;
      this.solutionIndex = Math.min(this.solutionIndex, Math.max(0, (answer.solutions?.length ?? 1) - 1));
      await this.buildSolutionTimeline(answer);
      const t = this.state.timeline;
      t.cursor = Math.min(cursor, t.steps.length - 1);
      this.render();
      this.publish();
      this.say(this.answerText(answer), answer.status === "solved" ? "ok" : "info");
    }), "Searching on as soon as the board stops moving…");
  }

  learnOptimum() {
    // no shortest here: a solve is only asked for by Solve
  }

  keep() {
    const t = this.state.timeline;
    const play = t && t.kind === "play";
    this.keeper.save({ start: this.state.start, title: this.state.title, steps: play ? t.steps : null,
      cursor: play ? t.cursor : 0 });
  }

  animateStep(before, after, { reverse = false, faster = 1 } = {}) {
    const [source, target] = reverse ? [after, before] : [before, after];
    const marks = this.state.timeline?.kind === "trace" ? traceMarks(target) : {};
    this.board.dataset.animating = "true";
    return this.view.fly(this.current(), source, target, marks, this.speed() * faster)
      .finally(() => delete this.board.dataset.animating);
  }

  arrived() {
    super.arrived();
    const t = this.state.timeline;
    if (t?.kind === "trace") this.say(...traceStepWords(t));
  }

  // ------------------------------------------------------- show search
  // The trace of the search for the puzzle shown (asked once per puzzle).
  async fetchTrace() {
    const text = this.state.start;
    if (this.traced?.text === text) return this.traced.answer;
    this.setAnswer("Tracing the search…");
    this.state.solving = true;
    this.updateButtons();
    let answer;
    try {
      answer = await this.jobs.solve({ board: text, trace: TRACE_STEPS }, "Tracing");
    } finally {
      this.state.solving = false;
      this.updateButtons();
    }
    this.traced = { text, answer };
    return answer;
  }

  searchClicked() {
    const t = this.state.timeline;
    if (t?.kind === "trace" && t.cursor < t.steps.length - 1) {
      this.playTrace();
      return;
    }
    this.whenIdle(() => this.run(async () => {
      let answer;
      try {
        answer = await this.fetchTrace();
      } catch (error) {
        this.setAnswer(error.message, error instanceof JobStopped ? "info" : "error");
        throw error;
      }
      this.setAnswer(answer.summary ? `Search ${answer.summary}.` : "", answer.status === "solved" ? "ok" : "warn");
      if (this.state.timeline?.kind !== "trace") this.beforeTrace = { timeline: this.state.timeline };
      this.state.timeline = traceTimeline(this.state.start, this.placement().length, answer);
      this.render();
      this.publish();
      this.say(...traceStepWords(this.state.timeline));
    }).then((done) => done && this.playTrace()), "Showing the search as soon as the board stops moving…");
  }

  // Plays the show from where it is, one move a beat at the chosen speed.
  async playTrace() {
    const t = this.state.timeline;
    if (t?.kind !== "trace" || this.state.playing) return;
    this.state.playing = true;
    this.updateButtons();
    await this.run(async () => {
      if (t.cursor >= t.steps.length - 1) {
        t.cursor = 0;
        this.render();
        this.publish();
      }
      while (this.state.playing && this.state.timeline === t && await this.forward()) {
        // with reduced motion a move is one still picture: the beat holds it as long as a flight
        const beat = prefersReducedMotion() ? TRACE_GAP_MS + FLY_MS : TRACE_GAP_MS;
        if (this.state.playing && t.cursor < t.steps.length - 1) await this.pause(beat);
      }
    });
    this.state.playing = false;
    this.updateButtons();
  }

  pauseSearch() {
    if (this.state.timeline?.kind !== "trace") return;
    this.stopPlaying();
    this.say("Search paused: Resume search goes on, Stop ends the show.");
  }

  // Stop: the show ends and the board as it was before comes back.
  stopSearch() {
    if (this.state.timeline?.kind !== "trace") return;
    this.whenIdle(() => {
      this.state.timeline = this.beforeTrace?.timeline ?? null;
      this.beforeTrace = null;
      this.render();
      this.publish();
      this.say("The search show is over: your board is back.");
    });
  }

  // Play (and the space bar) on the show pauses or resumes it.
  playClicked() {
    if (this.state.timeline?.kind === "trace") {
      if (this.state.playing) this.pauseSearch();
      else this.playTrace();
      return;
    }
    super.playClicked();
  }

  solutionStepMessage(t, step) {
    const last = t.cursor === t.steps.length - 1;
    return [`Step ${t.cursor} of ${t.steps.length - 1}. ${moveWords(step.move)}` +
      (last ? " Done: every piece is in place." : ""), last ? "ok" : "info"];
  }

  // The solution at `solutionIndex`, one slot filled a step.
  async buildSolutionTimeline(answer) {
    if (answer !== this.indexed) {
      this.indexed = answer;
      this.solutionIndex = 0;
    }
    const start = this.state.start;
    const empty = emptyPlacement(start);
    const steps = [{ board: start, move: null, placement: empty, misfits: [] }];
    const solution = this.playable(answer) ? answer.solutions?.[this.solutionIndex] : null;
    if (solution) {
      let placement = empty;
      solution.forEach((entry, slot) => {
        placement = placement.slice();
        placement[slot] = { piece: entry.piece, edges: [...entry.edges] };
        const detail = { slot, piece: entry.piece, edges: [...entry.edges] };
        steps.push({ board: start, move: moveOf(detail, null), detail, placement, misfits: [] });
      });
    }
    this.state.timeline = { kind: "solution", steps, cursor: 0 };
  }

  // Next or Previous: another listed solution, shown whole.
  otherSolution(delta) {
    this.whenIdle(async () => {
      const s = this.state.solution;
      if (!this.solutionFits(s) || !this.playable(s.answer)) return;
      const index = this.solutionIndex + delta;
      if (index < 0 || index >= s.answer.solutions.length) return;
      this.solutionIndex = index;
      await this.buildSolutionTimeline(s.answer);
      const t = this.state.timeline;
      t.cursor = t.steps.length - 1;
      this.render();
      this.publish();
      this.say(`Solution ${index + 1} of ${s.answer.solutions.length}.`);
    });
  }

  // ------------------------------------------------------------ moves
  // `request`: a move, or a function of the placement it is made on giving
  // {move, words, fly, select} or {refusal}.
  async moveOnce(request) {
    const before = this.placement();
    const from = this.stepNow() || { placement: before, misfits: [] };
    const wanted = typeof request === "function" ? request(before) : { move: request };
    if (wanted.refusal) {
      this.say(wanted.refusal, "warn");
      return false;
    }
    const answer = await post(this.api("move"), { board: this.state.start, move: wanted.move, placement: before });
    if (this.placement() !== before) return false; // the board was changed meanwhile
    // a move on the search's show starts your own moves from the board shown:
    // the search's steps are not yours to undo
    if (this.state.timeline?.kind === "trace") this.state.timeline = null;
    let t = this.state.timeline;
    if (!t) {
      t = { kind: "play", steps: [{ board: this.state.start, move: null, placement: before, misfits: [] }], cursor: 0 };
      this.state.timeline = t;
    } else {
      t.kind = "play";
      t.steps = t.steps.slice(0, t.cursor + 1);
    }
    const step = { board: this.state.start, move: moveOf(wanted.move, before), detail: wanted.move,
      placement: answer.placement, misfits: answer.misfits };
    this.view.select(wanted.select ?? (answer.placement[answer.moved] ? { slot: answer.moved } : null));
    if (wanted.fly) await this.animateStep(from, step);
    t.steps.push(step);
    t.cursor += 1;
    this.publish();
    this.keep();
    if (answer.solved) {
      if (!this.replaying) announceSolved(this.state.start, t.cursor); // a link's moves are not a solve here
      this.say("Done! Every piece is in place and every edge fits.", "ok");
      return false;
    }
    const wrong = answer.misfits.length;
    const words = wanted.words || moveWords(step.move);
    if (wrong) this.say(`${words} ${plural(wrong, "edge")} ${wrong === 1 ? "does" : "do"} not fit (marked red).`, "warn");
    else this.say(`${words} Placed: ${answer.filled} of ${answer.placement.length}.`);
    return true;
  }

  // ------------------------------------------------------------- hint
  // A hint is drawn on the board (the piece, its ghost in the slot, an
  // arrow) while the placement it was given for is the one shown; any move
  // ends it. Hint again, while it is shown, puts the piece there.
  shownHint() {
    const h = this.hinted;
    // once left, a hint is forgotten: Undo back to its position does not bring it back
    if (h && (h.start !== this.state.start || h.at !== JSON.stringify(this.placement()))) this.hinted = null;
    return this.hinted ?? null;
  }

  hintMarks() {
    const h = this.shownHint();
    return h ? { hint: h.move } : {};
  }

  hintFromSolution() {
    const h = this.shownHint();
    return h ? { status: "solved", move: h.move } : null;
  }

  needsServerHint(known) {
    return !known;
  }

  hintPosition() {
    return JSON.stringify(this.placement());
  }

  async fetchHint(asked) {
    this.say("Looking for a piece that fits…");
    // a hint too dear to find at once is a job: followed as the others' are
    return this.hintAnswer(await post(this.api("hint"), { board: this.state.start, placement: JSON.parse(asked) }));
  }

  showHint(answer) {
    const move = answer.move;
    if (move && this.shownHint()?.move === move) {
      this.tryMove(() => ({ move, fly: true, words: `Hint: piece ${move.piece} goes in slot ${move.slot}.` }));
    } else if (move) {
      this.hinted = { start: this.state.start, at: JSON.stringify(this.placement()), move };
      this.render();
      this.say(`Hint: piece ${move.piece} goes in slot ${move.slot}, turned as shown on the board. ` +
        "Put it there, or press Hint again to place it.");
    } else if (answer.status === "solved") {
      this.say("Every piece is in place already.", "ok");
    } else if (answer.status === "unsolvable") {
      this.say("Nothing placed can be completed: no solution keeps these pieces where they are. " +
        "Take some out (Undo, or drag them off the triangle).", "warn");
    } else {
      this.say(answer.message || "No hint: the search for one took too long.", "warn");
    }
  }

  // ------------------------------------------------------------ reset
  reset() {
    if (!this.placement().some(Boolean)) {
      this.say("The tray has every piece already.");
      return;
    }
    this.setStart(this.state.start, { title: this.state.title, undoable: true,
      message: "Every piece is back in the tray. Undo brings them back." });
  }

  wire() {
    super.wire();
    $("#reset").addEventListener("click", () => this.reset());
    $("#previous-solution").addEventListener("click", () => this.otherSolution(-1));
    $("#next-solution").addEventListener("click", () => this.otherSolution(1));
    $("#show-search").addEventListener("click", () => this.searchClicked());
    $("#pause-search").addEventListener("click", () => this.pauseSearch());
    $("#stop-search").addEventListener("click", () => this.stopSearch());
    $("#keep-searching").addEventListener("click", () => this.keepSearching());
  }
}

// ------------------------------------------------------------ gestures
// A clockwise turn of a placed piece: the number on side 0 goes to side 1.
function turnRequest(slot) {
  return (placement) => {
    const e = placement[slot];
    if (!e) return { refusal: `Slot ${slot} is empty: nothing to turn.` };
    const [x, y, z] = e.edges;
    return { move: { slot, piece: e.piece, edges: [z, x, y] }, words: `Piece ${e.piece} turned.`, select: { slot } };
  };
}

function placeRequest(piece, slot, edges) {
  return () => ({ move: { slot, piece, edges }, select: { slot } });
}

function installGestures(shell, view) {
  const svg = view.svg;
  let press = null;
  svg.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    const el = e.target.closest?.(".piece") || null;
    press = { x: e.clientX, y: e.clientY, at: view.point(e), el, dragging: false,
      piece: el ? Number(el.dataset.piece) : null, slot: el?.dataset.slot !== undefined ? Number(el.dataset.slot) : null };
    svg.setPointerCapture(e.pointerId);
    if (el) e.preventDefault();
  });
  svg.addEventListener("pointermove", (e) => {
    if (!press || !press.el || shell.state.solving) return;
    if (!press.dragging && Math.hypot(e.clientX - press.x, e.clientY - press.y) <= TAP_PX) return;
    if (!press.dragging) {
      press.dragging = true;
      press.el.classList.add("dragging");
      svg.append(press.el);
    }
    const p = view.point(e);
    press.el.setAttribute("transform", `translate(${(p[0] - press.at[0]).toFixed(3)} ${(p[1] - press.at[1]).toFixed(3)})`);
  });
  const end = (e, cancelled) => {
    if (!press) return;
    const p = press;
    press = null;
    if (cancelled) {
      shell.render();
      return;
    }
    if (!p.dragging) {
      tap(shell, view, p, view.point(e));
      return;
    }
    const here = view.point(e);
    const home = centroid(view.pointsOf(view.placement, p.piece));
    const dropped = [home[0] + here[0] - p.at[0], home[1] + here[1] - p.at[1]];
    const slot = slotAt(view.layout, dropped);
    const edges = p.slot !== null ? view.placement[p.slot].edges : view.puzzle.pieces[p.piece];
    if (slot !== null && slot !== p.slot) shell.tryMove(placeRequest(p.piece, slot, [...edges]));
    else if (slot === null && p.slot !== null) {
      view.selected = null;
      shell.tryMove(() => ({ move: { slot: p.slot, piece: null }, words: `Piece ${p.piece} back in the tray.` }));
    } else shell.render();
  };
  svg.addEventListener("pointerup", (e) => end(e, false));
  svg.addEventListener("pointercancel", (e) => end(e, true));
}

// A tap: on a placed piece it turns it; on a tray piece it picks it (a tap
// on a slot then puts it there); on an empty slot it places the piece picked.
function tap(shell, view, p, point) {
  const picked = view.selected?.piece;
  if (picked !== undefined && picked !== null) {
    const slot = slotAt(view.layout, point);
    if (slot !== null) {
      shell.tryMove(placeRequest(picked, slot, [...view.puzzle.pieces[picked]]));
      return;
    }
  }
  if (p.slot !== null) {
    view.selected = { slot: p.slot };
    shell.tryMove(turnRequest(p.slot));
  } else if (p.piece !== null) {
    view.selected = picked === p.piece ? null : { piece: p.piece };
    shell.render();
    if (view.selected) shell.say(`Piece ${p.piece} picked: tap a slot to put it there.`);
  } else {
    view.selected = null;
    shell.render();
  }
}

// ------------------------------------------------------------- the kind
export const triangle = {
  name: "triangle",
  words: {
    moveTitle: (move, i) => `Step ${i + 1}: ${moveWords(move)}`,
    moveWords, answerWords, progressWords, progressFraction, stoppedWords,
    hintWords: () => ({ text: "", kind: "info" }),
    linkMoves, movesOfLink,
    replay: () => [],
  },

  mount(shell) {
    const view = new TriangleView($("#board"));
    const numbers = $("#numbers");
    try {
      numbers.checked = localStorage.getItem(NUMBERS_KEY) === "1";
    } catch {
      // storage blocked: numbers start hidden
    }
    view.numbers = numbers.checked;
    numbers.addEventListener("change", () => {
      view.numbers = numbers.checked;
      try {
        localStorage.setItem(NUMBERS_KEY, numbers.checked ? "1" : "0");
      } catch {
        // not kept: fine
      }
      shell.render();
    });
    mountEditor(shell);
    const pieceEditor = mountPieceEditor(shell);
    installGestures(shell, view);
    installKeys(shell, view, {
      place: (piece, slot, from) => {
        if (from === null || from === undefined) {
          shell.tryMove(placeRequest(piece, slot, [...view.puzzle.pieces[piece]]));
          return;
        }
        // moved as it is turned; a piece in the slot it goes to goes back to the tray
        shell.tryMove((placement) => {
          const here = placement[from];
          if (!here || here.piece !== piece) return { refusal: `Piece ${piece} is no longer in slot ${from}.` };
          const other = placement[slot];
          const words = `Piece ${piece} moved from slot ${from} to slot ${slot}.` +
            (other ? ` Piece ${other.piece} back in the tray.` : "");
          return { move: { slot, piece, edges: [...here.edges] }, words, select: { slot } };
        });
      },
      takeOut: (slot) => shell.tryMove(() => ({ move: { slot, piece: null },
        words: `Piece ${view.placement[slot].piece} back in the tray.`, select: null })),
    });
    // a turned phone or a resized window may move the tray
    new ResizeObserver(() => {
      if (view.puzzle && view.isWide() !== view.wide && !shell.state.busy) shell.render();
    }).observe($("#board-wrap"));
    const api = {
      view,
      show: (text, marks) => view.show(text, marks),
      animate: async (a, b) => view.show(b, { placement: shell.placement(), misfits: shell.misfits() }),
      describe: () => view.describe(),
      size: (text) => parsePuzzle(text)?.pieces.length ?? Infinity,
      valid: (text) => parsePuzzle(text) !== null,
      startChanged: (text) => {
        view.selected = null;
        pieceEditor.startChanged(text);
        const p = parsePuzzle(text);
        if (p) {
          $("#size").value = String(p.n);
          $("#figures").value = String(Math.min(p.figures, Number($("#figures").max)));
        }
      },
      keyMove(e) {
        if (e.key !== "r" && e.key !== "R") return null;
        const lifted = view.selected?.from;
        if (lifted !== undefined && lifted !== null) {
          // a piece lifted to be moved turns where it is and stays lifted
          const turn = turnRequest(lifted);
          return (placement) => ({ ...turn(placement), select: { piece: view.selected.piece, from: lifted } });
        }
        const slot = view.selected?.slot;
        if (slot === undefined || slot === null) return () => ({ refusal: "Pick a placed piece first (click it), then R turns it." });
        return turnRequest(slot);
      },
      fly: (...args) => view.fly(...args),
      // the piece R turns: the one last placed, turned or clicked
      select: (which) => {
        view.selected = which;
      },
    };
    return api;
  },
};

export function startTriangle() {
  return new TrianglePlayground(triangle).start();
}
