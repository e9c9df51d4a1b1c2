// The board in words, for its description: what is on screen (the frame as
// turned now, gravity pulling down), the gaps and sticks, then the rows.

import { Grid, WALL, EMPTY } from "./grid.js";

// The grid turned clockwise `quarters` times, as the canvas shows it.
export function turned(grid, quarters) {
  let g = grid;
  for (let k = 0; k < ((quarters % 4) + 4) % 4; k++) {
    const next = new Grid(g.height, g.width);
    for (let r = 0; r < next.height; r++) {
      for (let c = 0; c < next.width; c++) next.set(r, c, g.get(g.height - 1 - c, r));
    }
    g = next;
  }
  return g;
}

function side(grid, r, c) {
  if (r === 0) return "top";
  if (r === grid.height - 1) return "bottom";
  return c === 0 ? "left" : "right";
}

function span(first, last, word) {
  return first === last ? `${word} ${first}` : `${word}s ${first} to ${last}`;
}

export function stickWords(s) {
  const last = s.length - 1;
  const where = s.vertical
    ? `column ${s.col + 1}, ${span(s.row + 1, s.row + 1 + last, "row")}`
    : `row ${s.row + 1}, ${span(s.col + 1, s.col + 1 + last, "column")}`;
  return `Stick ${s.symbol}: ${s.vertical ? "vertical" : "horizontal"}, ` +
         `${s.length} cell${s.length > 1 ? "s" : ""}, ${where}.`;
}

// What one cell of `grid` holds, in words.
export function cellWords(grid, r, c) {
  const v = grid.get(r, c);
  if (v === WALL) return "wall";
  if (v === EMPTY) return grid.isBorder(r, c) ? "gap" : "empty";
  return `stick ${v}`;
}

export function describeBoard(grid, quarters = 0) {
  const g = turned(grid, quarters);
  const parts = [`The board as shown, ${g.width} by ${g.height} cells; sticks fall down.`];
  const gaps = [];
  const inner = [];
  for (let r = 0; r < g.height; r++) {
    for (let c = 0; c < g.width; c++) {
      const v = g.get(r, c);
      if (g.isBorder(r, c) && v !== WALL) gaps.push(`Gap: row ${r + 1}, column ${c + 1} (${side(g, r, c)} side).`);
      if (!g.isBorder(r, c) && v === WALL) inner.push(`row ${r + 1} column ${c + 1}`);
    }
  }
  parts.push(...(gaps.length ? gaps : ["No gap: nothing can fall out."]));
  const sticks = [...g.sticks().values()];
  parts.push(...(sticks.length ? sticks.map(stickWords) : ["No sticks."]));
  parts.push(inner.length ? `Walls inside the frame: ${inner.join(", ")}.` : "No walls inside the frame.");
  const rows = [];
  for (let r = 0; r < g.height; r++) {
    let row = "";
    for (let c = 0; c < g.width; c++) row += g.get(r, c) === EMPTY ? "." : g.get(r, c);
    rows.push(`row ${r + 1}: ${row}`);
  }
  parts.push(`Rows, # for a wall, . for empty: ${rows.join("; ")}.`);
  return parts.join(" ");
}
