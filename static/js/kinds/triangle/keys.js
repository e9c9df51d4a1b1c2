// Play without a pointer: a keyboard cursor on the board (the focused SVG)
// goes over the tray's pieces and the triangle's slots. Arrows move it,
// Enter picks up the piece under it (in the tray, or placed: to move it to
// another slot, as it is turned) and then drops it in the slot chosen, R
// turns the piece under it (the shell's keyMove), Delete takes it back to
// the tray, Escape lets go (a piece lifted from a slot stays there). Every cursor move is said through the
// shell's status line, which is a live region, since an SVG's inner parts
// are not focusable one by one without losing the focus on each redraw.

import { t } from "../../common/i18n.js";

// The stops the cursor visits in order: while a piece is held only the
// slots (it can only go to one), otherwise the tray's pieces then the slots.
function stops(view) {
  const held = heldPiece(view);
  const slots = view.placement.map((_, s) => ({ slot: s }));
  if (held !== null) return slots;
  const used = new Set(view.placement.filter(Boolean).map((e) => e.piece));
  const tray = view.puzzle.pieces.map((_, p) => p).filter((p) => !used.has(p)).map((p) => ({ piece: p }));
  return [...tray, ...slots];
}

export function heldPiece(view) {
  const p = view.selected?.piece;
  return p === undefined || p === null ? null : p;
}

// The slot a held piece was lifted from, or null (a tray piece).
export function heldFrom(view) {
  const s = view.selected?.from;
  return s === undefined || s === null ? null : s;
}

const same = (a, b) => Boolean(a && b) && a.slot === b.slot && a.piece === b.piece;

// The cursor kept on a stop that still exists (a tray piece placed meanwhile
// leaves the tray): otherwise the first stop.
export function cursorNow(view) {
  if (!view.puzzle) return null;
  const all = stops(view);
  const found = all.find((s) => same(s, view.cursor));
  view.cursor = found || all[0] || null;
  return view.cursor;
}

export function cursorWords(view, c = cursorNow(view)) {
  if (!c) return "";
  if (c.slot === undefined) {
    return t("Tray: piece %(piece)s (%(edges)s).", { piece: c.piece, edges: view.puzzle.pieces[c.piece].join(", ") });
  }
  const e = view.placement[c.slot];
  return e ? t("Slot %(slot)s: piece %(piece)s (%(edges)s).", { slot: c.slot, piece: e.piece, edges: e.edges.join(", ") })
    : t("Slot %(slot)s: empty.", { slot: c.slot });
}

// The cursor's element gets a class (the ring is drawn only while the board
// has the focus, see triangle.css); the board says where it is for tests.
export function markCursor(view) {
  const c = cursorNow(view);
  view.svg.querySelectorAll(".kbd-cursor").forEach((el) => el.classList.remove("kbd-cursor"));
  if (!c) {
    delete view.svg.dataset.cursor;
    return;
  }
  view.svg.dataset.cursor = c.slot === undefined ? `tray:${c.piece}` : `slot:${c.slot}`;
  const el = c.slot === undefined
    ? view.svg.querySelector(`.piece.in-tray[data-piece="${c.piece}"]`)
    : view.svg.querySelector(`.piece.placed[data-slot="${c.slot}"]`) || view.svg.querySelector(`.slot[data-slot="${c.slot}"]`);
  el?.classList.add("kbd-cursor");
}

// `place(piece, slot, from)` (from: the slot it leaves, or null from the
// tray) and `takeOut(slot)` ask the shell for the move.
export function installKeys(shell, view, { place, takeOut }) {
  const step = (delta) => {
    const all = stops(view);
    if (!all.length) return;
    const i = all.findIndex((s) => same(s, cursorNow(view)));
    view.cursor = all[(i + delta + all.length) % all.length];
    // R turns the piece under the cursor (it turns the selected one)
    if (heldPiece(view) === null) view.selected = view.placement[view.cursor.slot] ? { slot: view.cursor.slot } : null;
    shell.render();
    shell.say(cursorWords(view));
  };
  const enter = () => {
    const c = cursorNow(view);
    if (!c) return;
    const held = heldPiece(view);
    if (c.slot === undefined) {
      view.selected = { piece: c.piece };
      const empty = view.placement.findIndex((e) => !e);
      view.cursor = { slot: empty >= 0 ? empty : 0 };
      shell.render();
      const picked = t("Piece %(piece)s picked up. Arrows choose a slot, Enter puts it there, Escape puts it back.",
        { piece: c.piece });
      shell.say(`${picked} ${cursorWords(view)}`);
    } else if (held !== null) {
      const from = heldFrom(view);
      if (from === c.slot) {
        view.selected = { slot: from };
        shell.render();
        shell.say(t("Piece %(piece)s put down in slot %(slot)s again, where it was.", { piece: held, slot: from }));
      } else {
        place(held, c.slot, from);
      }
    } else if (view.placement[c.slot]) {
      const piece = view.placement[c.slot].piece;
      view.selected = { piece, from: c.slot };
      shell.render();
      shell.say(t("Piece %(piece)s lifted from slot %(slot)s. Arrows choose another slot, Enter puts it there, " +
        "Escape leaves it where it was.", { piece, slot: c.slot }));
    } else {
      shell.say(t("Slot %(slot)s is empty: choose a piece in the tray first (arrows, then Enter).", { slot: c.slot }));
    }
  };
  const keys = {
    ArrowRight: () => step(1),
    ArrowDown: () => step(1),
    ArrowLeft: () => step(-1),
    ArrowUp: () => step(-1),
    Enter: enter,
    Escape: () => {
      const held = heldPiece(view);
      if (held === null) return false;
      const from = heldFrom(view);
      if (from !== null) {
        view.selected = { slot: from };
        view.cursor = { slot: from };
        shell.render();
        shell.say(t("Piece %(piece)s stays in slot %(slot)s.", { piece: held, slot: from }));
        return true;
      }
      view.selected = null;
      view.cursor = { piece: held };
      shell.render();
      shell.say(t("Piece %(piece)s put back in the tray.", { piece: held }));
      return true;
    },
    Delete: () => {
      const c = cursorNow(view);
      if (c?.slot === undefined) return false;
      if (!view.placement[c.slot]) shell.say(t("Slot %(slot)s is empty: nothing to take out.", { slot: c.slot }), "warn");
      else takeOut(c.slot);
      return true;
    },
  };
  keys.Backspace = keys.Delete;
  // On the board itself, before the page's shortcuts (they listen on the document).
  view.svg.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || !view.puzzle || shell.solving) return;
    const act = keys[e.key];
    if (!act || act() === false) return;
    e.preventDefault();
    e.stopPropagation();
  });
}
