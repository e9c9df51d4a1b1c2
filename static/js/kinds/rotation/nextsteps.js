// Positions asked of the server ahead of time: after each step both
// possible next turns are fetched, so that a turn starts the moment its key
// is pressed. A missing or failed one is simply asked for again.

import { post } from "../../common/api.js";

const MAX_REMEMBERED = 256;
const known = new Map(); // "orientation|move|board" -> Promise of the step

export function askMove(text, orientation, move) {
  const key = `${orientation}|${move}|${text}`;
  let promise = known.get(key);
  if (!promise) {
    promise = post("/api/rotation/move", { board: text, orientation, move });
    known.set(key, promise);
    promise.catch(() => known.delete(key));
    if (known.size > MAX_REMEMBERED) known.delete(known.keys().next().value);
  }
  return promise;
}

export function prefetchTurns(text, orientation) {
  for (const move of ["L", "R"]) askMove(text, orientation, move).catch(() => {});
}

// The settled start of a board and both first turns from it, asked for
// while the player is still looking at the board.
export function warmUp(text) {
  askMove(text, 0, null)
    .then((start) => prefetchTurns(start.board, start.orientation))
    .catch(() => {});
}
