// The sliding puzzle's text and words: the canonical text (rows of numbers,
// one space apart) read as a grid to draw it, which tile each direction
// slides, a solver's moves replayed to draw them, a link's moves, and what is
// said of moves, answers, hints and a search under way. Every rule is the
// server's; this only reads what it answers.

import { count, duration, isNumber, plural } from "../../common/format.js";

export const MIN_SIDE = 2;
export const MAX_SIDE = 8;
export const SPELLED_OUT_MOVES = 20;

// ------------------------------------------------------------- the text
// The canonical text (rows of numbers, one space apart) as a grid; null
// when it is not one (only saved copies can be that).
export function grid(text) {
  if (typeof text !== "string") return null;
  const rows = text.trim().split("\n").map((row) => row.trim().split(/\s+/).map(Number));
  const width = rows[0].length;
  const height = rows.length;
  const tiles = rows.flat();
  if (rows.some((row) => row.length !== width) || width < MIN_SIDE || width > MAX_SIDE ||
      height < MIN_SIDE || height > MAX_SIDE) return null;
  const seen = new Set(tiles);
  if (seen.size !== tiles.length || tiles.some((n) => !Number.isInteger(n) || n < 0 || n >= tiles.length)) return null;
  return { width, height, tiles, hole: tiles.indexOf(0) };
}

export function textOf(g) {
  const rows = [];
  for (let r = 0; r < g.height; r++) rows.push(g.tiles.slice(r * g.width, (r + 1) * g.width).join(" "));
  return `${rows.join("\n")}\n`;
}

export function goalText(width, height) {
  const tiles = Array.from({ length: width * height }, (_, i) => (i + 1) % (width * height));
  return textOf({ width, height, tiles });
}

// Which way each arrow (and swipe) slides a tile, and where that tile is
// seen from the hole: "left" takes the tile right of the hole leftwards.
export const DIRECTIONS = {
  left: [0, 1], right: [0, -1], up: [1, 0], down: [-1, 0],
};
export const KEYS = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

// The tile that a slide in `direction` moves, or null at the frame's edge.
export function tileFor(g, direction) {
  const [dr, dc] = DIRECTIONS[direction];
  const r = Math.floor(g.hole / g.width) + dr;
  const c = (g.hole % g.width) + dc;
  if (r < 0 || c < 0 || r >= g.height || c >= g.width) return null;
  return g.tiles[r * g.width + c];
}

// Where `tile` would slide, or null when it is not next to the hole.
export function directionOf(g, tile) {
  for (const [direction] of Object.entries(DIRECTIONS)) if (tileFor(g, direction) === tile) return direction;
  return null;
}

// The positions after each move of a solver's answer. The moves are the
// server's; this only swaps each named tile with the hole to draw them, and
// refuses an answer that does not replay.
export function replay(text, moves) {
  const g = grid(text);
  const tiles = [...g.tiles];
  let hole = g.hole;
  return moves.map((tile) => {
    const at = tiles.indexOf(Number(tile));
    const near = at >= 0 && Math.abs(Math.floor(at / g.width) - Math.floor(hole / g.width)) +
      Math.abs((at % g.width) - (hole % g.width)) === 1;
    if (!near) throw new Error(`The answer does not replay: tile ${tile} is not next to the hole.`);
    [tiles[at], tiles[hole]] = [0, Number(tile)];
    hole = at;
    return textOf({ ...g, tiles });
  });
}

// A link's moves (?moves=, "With the moves played so far"): the tiles
// moved, joined by "-"; whether each can move is the server's word.
export function linkMoves(steps) {
  return steps.map((step) => step.move).join("-");
}

export function movesOfLink(text) {
  return text.split("-").map((part, i) => {
    if (!/^\d{1,2}$/.test(part)) throw new Error(`move ${i + 1}, "${part.slice(0, 20)}", is not a tile number`);
    return Number(part);
  });
}

// ------------------------------------------------------------- words
export const WHERE = { left: "left", right: "right", up: "up", down: "down" };
export const UNSOLVABLE = "cannot reach the goal. Tiles in the wrong parity " +
  "(swap two tiles, say) make half of all positions unsolvable.";

export function moveWords(move, before) {
  const g = grid(before);
  const direction = g ? directionOf(g, Number(move)) : null;
  return direction ? `Tile ${move} slid ${WHERE[direction]}.` : `Tile ${move} slid.`;
}

export function facts(answer) {
  const out = [];
  // answers read from a table or decided by parity searched nothing
  if (isNumber(answer.nodes) && answer.nodes > 0) out.push(`${plural(answer.nodes, "node")} searched`);
  else if (answer.method === "table") out.push("read from the table of every position");
  else if (answer.method === "book") out.push("a proven shortest solution the library keeps");
  if (duration(answer.seconds)) out.push(duration(answer.seconds));
  return out.length ? ` (${out.join(", ")})` : "";
}

export function answerWords(answer) {
  if (answer.status === "solved") {
    const n = answer.length ?? (answer.moves || []).length;
    if (n === 0) return "Solved in 0 moves: this is the goal.";
    const moves = n <= SPELLED_OUT_MOVES ? `: ${answer.moves.join(" ")}` : "";
    if (answer.optimal) return `Solved in ${plural(n, "move")}, the fewest possible${moves}${facts(answer)}`;
    // said plainly: a search stopped by its limit gives a way, not the shortest
    const bound = isNumber(answer.lower_bound) && answer.lower_bound > 0
      ? `: the shortest takes at least ${plural(answer.lower_bound, "move")}` : "";
    return `A solution in ${plural(n, "move")}${facts(answer)}. It is not proven shortest${bound}.`;
  }
  if (answer.status === "unsolvable") return `No solution: this position ${UNSOLVABLE}`;
  return `Gave up at the ${answer.limit || "search"} limit${facts(answer)} without a solution.`;
}

export function hintWords(hint) {
  if (hint.status === "unsolvable") return { text: "No move helps: this position cannot reach the goal.", kind: "warn" };
  if (hint.status === "limit" && hint.move === null) {
    return { text: "This one is too big for a hint: the search stopped at its limit.", kind: "warn" };
  }
  if (hint.move === null) return { text: "The goal is reached already.", kind: "info" };
  let text = `Hint: slide tile ${hint.move}`;
  const rest = isNumber(hint.length) ? hint.length - 1 : null;
  if (rest === 0) text += ": that solves it.";
  else if (rest !== null) text += hint.optimal ? `, then ${plural(rest, "more move")}.` : `, then about ${rest} more.`;
  else text += ".";
  const d = hint.distances;
  if (d && typeof d === "object" && Object.keys(d).length) {
    const each = Object.entries(d).sort((a, b) => a[1] - b[1])
      .map(([tile, n]) => `tile ${tile} → ${plural(n, "move")} left`);
    text += ` After each move: ${each.join(", ")}.`;
  }
  return { text, kind: "info" };
}

export function progressWords(job) {
  const time = duration(job.seconds, 1);
  const tail = time ? `, ${time}` : "";
  const bound = job.bound ?? job.depth ?? 0;
  if (job.phase === "building") return `Building the pattern databases: ${count(bound)}%${tail}`;
  const nodes = job.nodes ?? job.count ?? job.states ?? 0;
  return `${plural(nodes, "node")} searched, ${plural(bound, "move")} deep${tail}`;
}

export function progressFraction(job) {
  const bound = job.bound ?? job.depth;
  if (job.phase === "building" && isNumber(bound)) return Math.min(1, bound / 100);
  const nodes = job.nodes ?? job.count ?? job.states;
  const max = job.max_nodes ?? job.max_count ?? job.max_states;
  return isNumber(nodes) && isNumber(max) && max > 0 ? Math.min(1, nodes / max) : null;
}

export function stoppedWords(job) {
  const nodes = job.nodes ?? job.count ?? job.states;
  return isNumber(nodes) ? `Cancelled after ${plural(nodes, "node")}.` : "Cancelled.";
}

