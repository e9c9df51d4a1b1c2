// The board in words, for its description: what is on screen (the frame as
// turned now, gravity pulling down), the gaps and sticks, then the rows.

import { number, t, tn } from "../../common/i18n.js";
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

// "Gap: row 1, column 4 (top side)."
function gapWords(grid, r, c) {
  const at = { row: number(r + 1), column: number(c + 1) };
  if (r === 0) return t("Gap: row %(row)s, column %(column)s (top side).", at);
  if (r === grid.height - 1) return t("Gap: row %(row)s, column %(column)s (bottom side).", at);
  return c === 0 ? t("Gap: row %(row)s, column %(column)s (left side).", at)
    : t("Gap: row %(row)s, column %(column)s (right side).", at);
}

// "Stick 1: vertical, 3 cells, column 5, rows 2 to 4."
export function stickWords(s) {
  const values = { stick: s.symbol, row: number(s.row + 1), column: number(s.col + 1),
    last: number((s.vertical ? s.row : s.col) + s.length) };
  if (s.length === 1) {
    return s.vertical ? t("Stick %(stick)s: vertical, 1 cell, column %(column)s, row %(row)s.", values)
      : t("Stick %(stick)s: horizontal, 1 cell, row %(row)s, column %(column)s.", values);
  }
  return s.vertical
    ? tn("Stick %(stick)s: vertical, %(n)s cell, column %(column)s, rows %(row)s to %(last)s.",
      "Stick %(stick)s: vertical, %(n)s cells, column %(column)s, rows %(row)s to %(last)s.", s.length, values)
    : tn("Stick %(stick)s: horizontal, %(n)s cell, row %(row)s, columns %(column)s to %(last)s.",
      "Stick %(stick)s: horizontal, %(n)s cells, row %(row)s, columns %(column)s to %(last)s.", s.length, values);
}

// What one cell of `grid` holds, in words.
export function cellWords(grid, r, c) {
  const v = grid.get(r, c);
  if (v === WALL) return t("wall");
  if (v === EMPTY) return grid.isBorder(r, c) ? t("gap") : t("empty");
  return t("stick %(stick)s", { stick: v });
}

export function describeBoard(grid, quarters = 0) {
  const g = turned(grid, quarters);
  const parts = [t("The board as shown, %(width)s by %(height)s cells; sticks fall down.",
    { width: number(g.width), height: number(g.height) })];
  const gaps = [];
  const inner = [];
  for (let r = 0; r < g.height; r++) {
    for (let c = 0; c < g.width; c++) {
      const v = g.get(r, c);
      if (g.isBorder(r, c) && v !== WALL) gaps.push(gapWords(g, r, c));
      if (!g.isBorder(r, c) && v === WALL) inner.push(t("row %(row)s column %(column)s", { row: number(r + 1), column: number(c + 1) }));
    }
  }
  parts.push(...(gaps.length ? gaps : [t("No gap: nothing can fall out.")]));
  const sticks = [...g.sticks().values()];
  parts.push(...(sticks.length ? sticks.map(stickWords) : [t("No sticks.")]));
  parts.push(inner.length ? t("Walls inside the frame: %(walls)s.", { walls: inner.join(", ") }) : t("No walls inside the frame."));
  const rows = [];
  for (let r = 0; r < g.height; r++) {
    let row = "";
    for (let c = 0; c < g.width; c++) row += g.get(r, c) === EMPTY ? "." : g.get(r, c);
    rows.push(t("row %(row)s: %(cells)s", { row: number(r + 1), cells: row }));
  }
  parts.push(t("Rows, # for a wall, . for empty: %(rows)s.", { rows: rows.join("; ") }));
  return parts.join(" ");
}
