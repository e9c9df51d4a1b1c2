// The triangle's words: a step's move as the timeline keeps it, the move
// list's chips, and what is said of an answer and of a search under way.

import { duration, isNumber } from "../../common/format.js";
import { number, t, tn } from "../../common/i18n.js";
import { parsePuzzle } from "./draw.js";

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
  if (move.act === "out") return t("piece %(piece)s → tray", { piece: move.piece ?? "?" });
  if (move.act === "turn") return t("turn piece %(piece)s", { piece: move.piece });
  if (move.act === "found") return t("first solution");
  return t("piece %(piece)s → slot %(slot)s", { piece: move.piece, slot: move.slot });
}

export function moveWords(m) {
  const move = asMove(m);
  if (!move) return "";
  if (move.act === "out") {
    return move.piece === null ? t("Slot %(slot)s emptied.", { slot: move.slot })
      : t("Piece %(piece)s back in the tray.", { piece: move.piece });
  }
  if (move.act === "turn") return t("Piece %(piece)s turned in slot %(slot)s.", { piece: move.piece, slot: move.slot });
  if (move.act === "found") return t("The search's first solution.");
  return t("Piece %(piece)s in slot %(slot)s.", { piece: move.piece, slot: move.slot });
}

// "29,148 placements, 2,429 distinct pictures up to turning" (the count may
// be past 2**53: the server sends its digits, which Intl formats exactly)
function found(answer) {
  const digits = String(answer.count_text ?? answer.count ?? 0);
  const placements = tn("%(n)s placement", "%(n)s placements", Number(digits), { n: number(digits) });
  const pictures = tn("%(n)s distinct picture up to turning", "%(n)s distinct pictures up to turning",
    answer.distinct ?? 0);
  return `${placements}, ${pictures}`;
}

function facts(answer) {
  const out = [];
  if (isNumber(answer.nodes)) out.push(tn("%(n)s node searched", "%(n)s nodes searched", answer.nodes));
  if (duration(answer.seconds)) out.push(duration(answer.seconds));
  return out.length ? ` (${out.join(", ")})` : "";
}

// The limit that stopped a search, in a player's words (never the option's name).
export function limitWords(answer) {
  if (answer.limit === "max_seconds") return t("its time limit");
  if (answer.limit === "max_nodes") return t("its limit of steps");
  return t("its limit");
}

// An answer a limit cut short that still lists solutions: they are the
// first of those found so far, not of all.
export function partial(answer) {
  return answer?.status === "limit" && Array.isArray(answer.solutions) && answer.solutions.length > 0;
}

export function answerWords(answer) {
  const values = { found: found(answer), facts: facts(answer), limit: limitWords(answer) };
  if (answer.status === "solved") return t("Solved: %(found)s%(facts)s.", values);
  if (answer.status === "unsolvable") return t("No solution: no placement of these pieces fits%(facts)s.", values);
  const said = !partial(answer)
    ? [t("Not finished: the search stopped at %(limit)s before it found a solution%(facts)s.", values)]
    : [t("Not finished: the search stopped at %(limit)s.", values), t("Found so far: %(found)s%(facts)s.", values),
      tn("Not all the solutions: %(n)s solution of those found listed.",
        "Not all the solutions: %(n)s solutions of those found listed.", answer.solutions.length)];
  if (answer.resume) said.push(t("Keep searching goes on from where it stopped."));
  return said.join(" ");
}

// A level's name as a puzzle: "an easy puzzle", each level in words of its own.
function levelPuzzle(level, side) {
  const values = { side };
  if (level === "easy") return side ? t("An easy puzzle, side %(side)s", values) : t("An easy puzzle");
  if (level === "medium") return side ? t("A medium puzzle, side %(side)s", values) : t("A medium puzzle");
  if (level === "hard") return side ? t("A hard puzzle, side %(side)s", values) : t("A hard puzzle");
  if (level === "expert") return side ? t("An expert puzzle, side %(side)s", values) : t("An expert puzzle");
  const a = /^[aeiou]/.test(level) ? "An" : "A";
  return `${a} ${level} puzzle${side ? `, side ${side}` : ""}`;
}

// A level's puzzle: its side, and how hard a plain search finds it.
export function levelWords(level, body) {
  const puzzle = levelPuzzle(level, Number.isInteger(body.side) ? body.side : null);
  if (!Number.isInteger(body.nodes)) return `${puzzle}.`;
  return tn("%(puzzle)s: a plain search tries %(n)s placement before every piece fits.",
    "%(puzzle)s: a plain search tries %(n)s placements before every piece fits.", body.nodes, { puzzle });
}

export function progressWords(job) {
  const time = duration(job.seconds, 1);
  const said = [tn("%(n)s node searched", "%(n)s nodes searched", job.nodes ?? 0),
    tn("%(n)s slot filled", "%(n)s slots filled", job.depth ?? 0)];
  if (time) said.push(time);
  return said.join(", ");
}

export function progressFraction(job) {
  return isNumber(job.nodes) && isNumber(job.max_nodes) && job.max_nodes > 0 ? Math.min(1, job.nodes / job.max_nodes) : null;
}

export function stoppedWords(job) {
  return isNumber(job.nodes) ? tn("Cancelled after %(n)s node.", "Cancelled after %(n)s nodes.", job.nodes) : t("Cancelled.");
}
