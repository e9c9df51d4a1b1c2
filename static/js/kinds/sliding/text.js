// The sliding puzzle's text and words: the canonical text (rows of numbers,
// one space apart) read as a grid to draw it, which tile each direction
// slides, a solver's moves replayed to draw them, a link's moves, and what is
// said of moves, answers, hints and a search under way. Every rule is the
// server's; this only reads what it answers.

import { duration, isNumber } from "../../common/format.js";
import { lang, number, t, tn } from "../../common/i18n.js";

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
    if (!near) throw new Error(t("The answer does not replay: tile %(tile)s is not next to the hole.", { tile }));
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
    if (!/^\d{1,2}$/.test(part)) {
      throw new Error(t("move %(n)s, \"%(part)s\", is not a tile number", { n: i + 1, part: part.slice(0, 20) }));
    }
    return Number(part);
  });
}

// ------------------------------------------------------------- words
// Each sentence is written whole, one for each way a tile goes: the
// languages put the direction in different places.
const SLID = {
  left: (tile) => t("Tile %(tile)s slid left.", { tile }),
  right: (tile) => t("Tile %(tile)s slid right.", { tile }),
  up: (tile) => t("Tile %(tile)s slid up.", { tile }),
  down: (tile) => t("Tile %(tile)s slid down.", { tile }),
};
const ONLY = {
  left: (tile) => t("Tile %(tile)s can only slide left, into the hole.", { tile }),
  right: (tile) => t("Tile %(tile)s can only slide right, into the hole.", { tile }),
  up: (tile) => t("Tile %(tile)s can only slide up, into the hole.", { tile }),
  down: (tile) => t("Tile %(tile)s can only slide down, into the hole.", { tile }),
};
const AT_EDGE = {
  left: () => t("No tile can slide left: the hole is at that edge."),
  right: () => t("No tile can slide right: the hole is at that edge."),
  up: () => t("No tile can slide up: the hole is at that edge."),
  down: () => t("No tile can slide down: the hole is at that edge."),
};

// "Tile 5 can only slide left, into the hole."
export function onlyWay(tile, direction) {
  return ONLY[direction](tile);
}

// "No tile can slide left: the hole is at that edge."
export function atEdge(direction) {
  return AT_EDGE[direction]();
}

// Why half of all positions have no solution, said after the position's own sentence.
export function parity() {
  return t("Tiles in the wrong parity (swap two tiles, say) make half of all positions unsolvable.");
}

export function unsolvableWords() {
  return [t("This position cannot reach the goal."), parity()].join(" ");
}

export function moveWords(move, before) {
  const g = grid(before);
  const direction = g ? directionOf(g, Number(move)) : null;
  return direction ? SLID[direction](move) : t("Tile %(tile)s slid.", { tile: move });
}

export function facts(answer) {
  const out = [];
  // answers read from a table or decided by parity searched nothing
  if (isNumber(answer.nodes) && answer.nodes > 0) out.push(tn("%(n)s node searched", "%(n)s nodes searched", answer.nodes));
  else if (answer.method === "table") out.push(t("read from the table of every position"));
  else if (answer.method === "book") out.push(t("a proven shortest solution the library keeps"));
  if (duration(answer.seconds)) out.push(duration(answer.seconds));
  return out.length ? ` (${out.join(", ")})` : "";
}

// A search stopped by a limit, each limit in a sentence of its own.
function gaveUp(limit, values) {
  if (limit === "seconds") return t("Gave up at the seconds limit%(facts)s without a solution.", values);
  if (limit === "nodes") return t("Gave up at the nodes limit%(facts)s without a solution.", values);
  if (limit === "memory") return t("Gave up at the memory limit%(facts)s without a solution.", values);
  if (limit === "interrupted") return t("Gave up at the interrupted limit%(facts)s without a solution.", values);
  if (!limit) return t("Gave up at the search limit%(facts)s without a solution.", values);
  return t("Gave up at the %(limit)s limit%(facts)s without a solution.", { ...values, limit });
}

export function answerWords(answer) {
  if (answer.status === "solved") {
    const n = answer.length ?? (answer.moves || []).length;
    if (n === 0) return t("Solved in 0 moves: this is the goal.");
    const moves = n <= SPELLED_OUT_MOVES ? `: ${answer.moves.join(" ")}` : "";
    if (answer.optimal) {
      return tn("Solved in %(n)s move, the fewest possible%(moves)s%(facts)s",
        "Solved in %(n)s moves, the fewest possible%(moves)s%(facts)s", n, { moves, facts: facts(answer) });
    }
    // said plainly: a search stopped by its limit gives a way, not the shortest
    const found = tn("A solution in %(n)s move%(facts)s.", "A solution in %(n)s moves%(facts)s.", n,
      { facts: facts(answer) });
    const bound = isNumber(answer.lower_bound) && answer.lower_bound > 0
      ? tn("It is not proven shortest: the shortest takes at least %(n)s move.",
        "It is not proven shortest: the shortest takes at least %(n)s moves.", answer.lower_bound)
      : t("It is not proven shortest.");
    return `${found} ${bound}`;
  }
  if (answer.status === "unsolvable") return [t("No solution: this position cannot reach the goal."), parity()].join(" ");
  return gaveUp(answer.limit, { facts: facts(answer) });
}

export function hintWords(hint) {
  if (hint.status === "unsolvable") return { text: t("No move helps: this position cannot reach the goal."), kind: "warn" };
  if (hint.status === "limit" && hint.move === null) {
    return { text: t("This one is too big for a hint: the search stopped at its limit."), kind: "warn" };
  }
  if (hint.move === null) return { text: t("The goal is reached already."), kind: "info" };
  const tile = hint.move;
  const rest = isNumber(hint.length) ? hint.length - 1 : null;
  let text;
  if (rest === 0) text = t("Hint: slide tile %(tile)s: that solves it.", { tile });
  else if (rest !== null && hint.optimal) {
    text = tn("Hint: slide tile %(tile)s, then %(n)s more move.", "Hint: slide tile %(tile)s, then %(n)s more moves.",
      rest, { tile });
  } else if (rest !== null) text = t("Hint: slide tile %(tile)s, then about %(n)s more.", { tile, n: number(rest) });
  else text = t("Hint: slide tile %(tile)s.", { tile });
  const d = hint.distances;
  if (d && typeof d === "object" && Object.keys(d).length) {
    const each = Object.entries(d).sort((a, b) => a[1] - b[1])
      .map(([after, n]) => tn("tile %(tile)s → %(n)s move left", "tile %(tile)s → %(n)s moves left", n, { tile: after }));
    text = [text, t("After each move: %(list)s.", { list: each.join(", ") })].join(" ");
  }
  return { text, kind: "info" };
}

export function progressWords(job) {
  const time = duration(job.seconds, 1);
  const tail = time ? `, ${time}` : "";
  const bound = job.bound ?? job.depth ?? 0;
  if (job.phase === "building") {
    // 50% in English, 50 % in German
    const percent = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 1 }).format(bound / 100);
    return t("Building the pattern databases: %(percent)s%(time)s", { percent, time: tail });
  }
  const nodes = job.nodes ?? job.count ?? job.states ?? 0;
  return [tn("%(n)s node searched", "%(n)s nodes searched", nodes), tn("%(n)s move deep", "%(n)s moves deep", bound)]
    .join(", ") + tail;
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
  return isNumber(nodes) ? tn("Cancelled after %(n)s node.", "Cancelled after %(n)s nodes.", nodes) : t("Cancelled.");
}
