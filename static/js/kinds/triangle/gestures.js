// The triangle's gestures: a drag from the tray onto a slot, a drag off the
// triangle to take a piece out, a tap to turn a placed piece or to pick one
// in the tray; each a request to the shell's Try it (shell.tryMove).

import { t } from "../../common/i18n.js";
import { centroid, slotAt } from "./draw.js";

const TAP_PX = 8;

// A clockwise turn of a placed piece: the number on side 0 goes to side 1.
export function turnRequest(slot) {
  return ({ placement }) => {
    const e = placement[slot];
    if (!e) return { refusal: t("Slot %(slot)s is empty: nothing to turn.", { slot }) };
    const [x, y, z] = e.edges;
    return { move: { slot, piece: e.piece, edges: [z, x, y] }, words: t("Piece %(piece)s turned.", { piece: e.piece }), select: { slot },
      animate: false };
  };
}

export function placeRequest(piece, slot, edges) {
  return () => ({ move: { slot, piece, edges }, select: { slot }, animate: false });
}

export function installGestures(shell, view) {
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
    if (!press || !press.el || shell.solving) return;
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
      shell.tryMove(() => ({ move: { slot: p.slot, piece: null }, words: t("Piece %(piece)s back in the tray.", { piece: p.piece }), animate: false }));
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
    if (view.selected) shell.say(t("Piece %(piece)s picked: tap a slot to put it there.", { piece: p.piece }));
  } else {
    view.selected = null;
    shell.render();
  }
}
