// The gallery: each card of a puzzle solved on this browser says so, with
// the fewest moves and the shortest time (static/js/common/solved.js keeps them).

import { plural } from "./common/format.js";
import { clock, solvedRecords } from "./common/solved.js";

const records = solvedRecords();
for (const card of document.querySelectorAll(".card[data-puzzle]")) {
  const best = records[card.dataset.puzzle];
  if (!best || !Number.isFinite(best.moves)) continue;
  const badge = card.querySelector(".card-solved");
  badge.textContent = `Solved here: best ${plural(best.moves, "move")}` +
    (Number.isFinite(best.seconds) ? `, ${clock(best.seconds)}` : "");
  badge.hidden = false;
  card.classList.add("solved");
}
