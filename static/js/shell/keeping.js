// Keeping and sharing the work: what is saved in the browser (and the
// address that follows the start), the Share box, a link's moves made again,
// and the start-up: the work kept, or the puzzle of the address, or Play
// when the link asks.
// These are the shell's methods (static/js/shell/playground.js).

import { plural } from "../common/format.js";
import { number, t, tn } from "../common/i18n.js";
import { forgetLinkMoves, linkMoves, printSheet, ShareBox } from "./share.js";

const $ = (selector) => document.querySelector(selector);

// A timeline whose steps are moves from the start (a search shown step by
// step is not).
export const movesShown = (t) => t?.kind === "play" || t?.kind === "solution";

export const keeping = {
  // Saved in the browser, and the address follows the start.
  keep() {
    const t = this.state.timeline;
    const play = t && t.kind === "play";
    this.keeper.save({ ...this.view.kept?.(), start: this.state.start, title: this.state.title,
      steps: play ? t.steps : null, cursor: play ? t.cursor : 0 });
  },

  // The Share box (share.js): made once, it follows the start shown and
  // shows the moves played as they change.
  wireShare() {
    this.shareBox = new ShareBox({ api: (route) => this.api(route), extras: () => this.linkExtras() });
    this.on("published", () => this.shareBox.show());
    $("#print-sheet").addEventListener("click", () => printSheet(this.shareBox, this.kind.name));
  },

  // The Share box follows the start shown; with `address`, the address bar
  // too, from the box's answer.
  followShare({ address = false } = {}) {
    this.shareBox.follow(this.state.start);
    if (address) this.keeper.followAddress(this.state.start, this.shareBox.answer());
  },

  // What a link carries besides the puzzle: with "the moves played so far"
  // ticked, those moves (?moves=, written by the kind's words.linkMoves):
  // those that lead to the position shown, a solution's watched so far
  // included; and the options they were played under (a goal).
  linkExtras() {
    const t = this.state.timeline;
    const played = movesShown(t) ? t.steps.slice(1, t.cursor + 1) : [];
    const moves = $("#share-moves")?.checked && played.length ? this.words.linkMoves?.(played) : "";
    return moves ? { moves, ...this.options() } : {};
  },

  // A link's moves are made again one by one, each the server's word (its
  // /move route), as if played here; a move it refuses ends the replay there.
  async replayLink(linked) {
    forgetLinkMoves();
    if (linked.error) {
      this.say(t("The %(moves)s in this link cannot be read (%(error)s): the puzzle opens at its start.",
        { moves: this.texts.moves, error: linked.error }), "warn");
      return;
    }
    this.say(t("Playing the %(moves)s of the link…", { moves: this.texts.moves }));
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
      const values = { n: number(n + 1), refused, moves: plural(n, this.texts.move, this.texts.moves) };
      this.say(n ? t("Move %(n)s of the link cannot be made (%(refused)s): the board shows the %(moves)s before it.", values)
        : t("Move %(n)s of the link cannot be made (%(refused)s): the puzzle opens at its start.", values), "warn");
    } else if (!solved) {
      this.say(t("Played the link's %(moves)s. Moves: %(n)s.", { moves: plural(n, this.texts.move, this.texts.moves), n: number(n) }));
    }
  },

  // The work kept, or the puzzle of the address; Play when the link asks.
  begin() {
    const params = new URLSearchParams(window.location.search);
    const autoplay = Boolean(this.initial.autoplay) || params.get("play") === "1";
    // a link that asks to play, or that carries moves, shows its own puzzle,
    // not the work kept here
    const linked = autoplay ? null : linkMoves(params, (text) => this.words.movesOfLink(text));
    if (linked) this.view.restore?.(Object.fromEntries(params)); // the options the link's moves were played under
    const restored = !autoplay && !linked && this.restore(params);
    if (Number.isInteger(this.initial.optimal) && this.state.start === this.initial.board) {
      this.state.optimum = { text: this.state.start, options: "{}", length: this.initial.optimal };
    }
    $("#puzzle-title").textContent = this.state.title || t("Your puzzle");
    this.view.startChanged?.(this.state.start);
    this.render();
    this.publish();
    this.keep();
    this.followShare({ address: restored });
    this.learnOptimum();
    if (restored) {
      this.say(this.step() ? tn("Restored your work: %(n)s move played.", "Restored your work: %(n)s moves played.", this.step())
        : t("Restored your last position."));
    } else if (this.optimum() !== null) {
      this.setAnswer(tn("The shortest solution takes %(n)s move. Try it, or press Solve.",
        "The shortest solution takes %(n)s moves. Try it, or press Solve.", this.optimum()));
    }
    if (autoplay) this.playClicked();
    else if (linked) this.replayLink(linked);
    this.emit("started", { restored, linked: Boolean(linked), autoplay });
  },

  // The last work on this kind's page comes back when the address names no
  // other puzzle (or names the same start).
  restore(params) {
    const saved = this.keeper.load();
    if (!saved) return false;
    const here = new URL(window.location.href);
    // a puzzle of the day's link opens that day's puzzle, not the work kept
    const plain = here.pathname === this.initial.page && !params.has("p") && !params.has("daily");
    if (!(plain || saved.start === this.initial.board)) return false;
    if (!this.view.valid(saved.start)) return false;
    const steps = saved.steps || [];
    const shown = (p) => (this.kind.keptPosition ? this.kind.keptPosition(saved.start, p) : typeof p === "string" && this.view.valid(p));
    const fine = steps.length > 1 && steps.every((s) => s && typeof s === "object" && shown(s.position));
    if (saved.start === this.initial.board && !fine) return false; // nothing to bring back
    this.state.start = saved.start;
    this.state.title = saved.start === this.initial.board ? this.initial.title || "" : saved.title || "";
    this.view.restore?.(saved);
    if (fine) {
      this.state.timeline = { kind: "play", steps, cursor: Math.max(0, Math.min(saved.cursor, steps.length - 1)) };
    }
    return true;
  },
};
