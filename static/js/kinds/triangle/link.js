// A triangle link's moves (?moves=, "With the pieces placed so far"): each
// move as sent to /api/triangle/move, written "slot.piece.e0.e1.e2" (the
// piece put in the slot, turned so) or "slot.x" (the slot emptied), the
// moves joined by "_". The page only writes and reads them: whether each
// can be made is the server's word when the link is opened.

import { t } from "../../common/i18n.js";

const MOVE = /^(\d{1,2})\.(?:x|(\d{1,2})\.(-?\d{1,4})\.(-?\d{1,4})\.(-?\d{1,4}))$/;

// The steps of a play timeline as a link's moves; "" when a step has no
// move to send (work kept before moves were kept whole).
export function linkMoves(steps) {
  const parts = [];
  for (const { position: { detail: m } } of steps) {
    if (!m || !Number.isInteger(m.slot)) return "";
    if (m.piece === null || m.piece === undefined) parts.push(`${m.slot}.x`);
    else if (Array.isArray(m.edges) && m.edges.length === 3) parts.push([m.slot, m.piece, ...m.edges].join("."));
    else return "";
  }
  return parts.join("_");
}

// A link's moves as moves to send; throws an Error naming the first that
// cannot be read.
export function movesOfLink(text) {
  return text.split("_").map((part, i) => {
    const found = MOVE.exec(part);
    if (!found) {
      throw new Error(t("move %(n)s, \"%(part)s\", is not a piece put in a slot or taken out",
        { n: i + 1, part: part.slice(0, 20) }));
    }
    const slot = Number(found[1]);
    if (found[2] === undefined) return { slot, piece: null };
    return { slot, piece: Number(found[2]), edges: found.slice(3, 6).map(Number) };
  });
}
