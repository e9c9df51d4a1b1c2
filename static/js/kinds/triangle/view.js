// The triangle's view: the big triangle and the tray drawn as one SVG
// (draw.js makes the markup), a pointer's place in it, and a piece flying
// from where it was to where a move puts it.

import { prefersReducedMotion } from "../../common/motion.js";
import { tn } from "../../common/i18n.js";
import { markCursor } from "./keys.js";
import { boardMarkup, centroid, parsePuzzle, slotPoints, trayPoints } from "./draw.js";
import { emptyPlacement } from "./words.js";

export const FLY_MS = 420;
const WIDE_PX = 560;

export class TriangleView {
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
    return tn("A triangle of side %(side)s with %(n)s piece, %(placed)s placed.",
      "A triangle of side %(side)s with %(n)s pieces, %(placed)s placed.", this.puzzle.pieces.length,
      { side: this.puzzle.n, placed });
  }
}
