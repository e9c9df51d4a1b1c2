// Rotation's positions: a step of the server's trajectory, {sticks: {symbol:
// [row, col]}, orientation, moved, released}, on the walls and the sticks'
// shapes of the start it came from (its grid, read once per start).

import { Grid } from "./grid.js";

let read = { text: null, grid: null };

export function design(start) {
  if (read.text !== start) read = { text: start, grid: Grid.fromText(start) };
  return read.grid;
}

export function positionsOf(grid) {
  const out = {};
  for (const s of grid.sticks().values()) out[s.symbol] = [s.row, s.col];
  return out;
}

// The start as drawn, before it settles.
export const drawnPosition = (start) => ({ sticks: positionsOf(design(start)), orientation: 0, moved: {}, released: [] });

// A step of the server's trajectory, as a position.
export const positionOf = (step) => ({ sticks: step.sticks, orientation: step.orientation, moved: step.moved || {},
  released: step.released || [] });

// The grid with the position's sticks.
export const gridOf = (p, start) => design(start).withSticks(design(start).sticks(), p.sticks);

export const boardText = (p, start) => gridOf(p, start).toText();
