// The moves of the timeline as a compact, scrollable row of chips (each a
// button that jumps to its step), a label saying whose moves they are, and a
// scrubber over the steps.

import { number, t } from "../common/i18n.js";

const LABELS = { solution: t("Solution"), play: t("Your moves") };

const moveTitle = (move, i) => t("Move %(n)s: %(move)s", { n: number(i + 1), move });

export class MoveList {
  // onJump(step) is called with the step to show; a kind gives
  // chipTitle(move, i) and its own labels (each a text, or a function of
  // the timeline), and chipText(move) when its moves are not short strings
  // (objects, say).
  constructor({ list, label, scrubber, scrubRow, onJump, chipTitle = moveTitle, labels = LABELS, chipText = String }) {
    Object.assign(this, { list, label, scrubber, scrubRow, chipTitle, labels, chipText });
    this.shown = null; // "kind:moves" of the chips in the list
    list.addEventListener("click", (e) => {
      const chip = e.target.closest("button[data-step]");
      if (chip) onJump(Number(chip.dataset.step));
    });
    scrubber.addEventListener("input", () => onJump(Number(scrubber.value)));
  }

  update(timeline) {
    const moves = timeline ? timeline.steps.slice(1).map((s) => s.move) : [];
    const texts = moves.map((move) => this.chipText(move));
    const kind = timeline ? timeline.kind : "";
    // the texts as JSON: a chip's text may hold a comma
    const key = `${kind}:${JSON.stringify(texts)}`;
    if (key !== this.shown) {
      this.shown = key;
      this.list.replaceChildren(...moves.map((move, i) => {
        const li = document.createElement("li");
        const chip = document.createElement("button");
        chip.type = "button";
        chip.textContent = texts[i];
        chip.dataset.step = String(i + 1);
        chip.title = this.chipTitle(move, i);
        chip.setAttribute("aria-label", chip.title);
        li.append(chip);
        return li;
      }));
    }
    this.list.dataset.kind = kind;
    this.label.hidden = moves.length === 0;
    const label = this.labels[kind];
    const named = (typeof label === "function" ? label(timeline) : label) || "";
    // how many, so that a list longer than its box says there is more
    this.label.textContent = named && moves.length ? t("%(label)s (%(n)s)", { label: named, n: number(moves.length) }) : named;
    this.scrubRow.hidden = moves.length === 0;
    this.scrubber.max = String(moves.length);
    const cursor = timeline ? timeline.cursor : 0;
    this.scrubber.value = String(cursor);
    this.scrubber.setAttribute("aria-valuetext", t("Move %(n)s of %(m)s", { n: number(cursor), m: number(moves.length) }));
    let current = null;
    this.list.querySelectorAll("li").forEach((li, i) => {
      li.classList.toggle("done", i < cursor);
      const now = i === cursor - 1;
      li.classList.toggle("current", now);
      if (now) {
        li.setAttribute("aria-current", "step");
        current = li;
      } else {
        li.removeAttribute("aria-current");
      }
    });
    if (current) this.reveal(current);
    else if (cursor === 0) this.list.scrollTop = 0;
  }

  // Scroll the list, and only the list, so that the chip is in view.
  reveal(li) {
    const box = this.list.getBoundingClientRect();
    const chip = li.getBoundingClientRect();
    if (chip.top < box.top) this.list.scrollTop -= box.top - chip.top;
    else if (chip.bottom > box.bottom) this.list.scrollTop += chip.bottom - box.bottom;
  }
}
