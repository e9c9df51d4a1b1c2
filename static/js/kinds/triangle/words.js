// The triangle's words: a step's move as the timeline keeps it, the move
// list's chips, and what is said of an answer and of a search under way.

import { count, duration, isNumber, plural } from "../../common/format.js";
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
  if (move.act === "out") return `piece ${move.piece ?? "?"} → tray`;
  if (move.act === "turn") return `turn piece ${move.piece}`;
  if (move.act === "found") return "first solution";
  return `piece ${move.piece} → slot ${move.slot}`;
}

export function moveWords(m) {
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

export function answerWords(answer) {
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

// A level's puzzle: its side, and how hard a plain search finds it.
export function levelWords(level, body) {
  const a = /^[aeiou]/.test(level) ? "An" : "A";
  const side = Number.isInteger(body.side) ? `, side ${body.side}` : "";
  if (!Number.isInteger(body.nodes)) return `${a} ${level} puzzle${side}.`;
  return `${a} ${level} puzzle${side}: a plain search tries ${count(body.nodes)} placements before every piece fits.`;
}

export function progressWords(job) {
  const time = duration(job.seconds, 1);
  return `${plural(job.nodes ?? 0, "node")} searched, ${plural(job.depth ?? 0, "slot")} filled${time ? `, ${time}` : ""}`;
}

export function progressFraction(job) {
  return isNumber(job.nodes) && isNumber(job.max_nodes) && job.max_nodes > 0 ? Math.min(1, job.nodes / job.max_nodes) : null;
}

export function stoppedWords(job) {
  return isNumber(job.nodes) ? `Cancelled after ${plural(job.nodes, "node")}.` : "Cancelled.";
}
