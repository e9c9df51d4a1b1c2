// The gallery: each card of a puzzle solved on this browser says so, with
// the fewest moves and the shortest time (static/js/common/solved.js keeps them).

import { tn } from "./common/i18n.js";
import { clock, solvedRecords } from "./common/solved.js";

const records = solvedRecords();
for (const card of document.querySelectorAll(".card[data-puzzle]")) {
  const best = records[card.dataset.puzzle];
  if (!best || !Number.isFinite(best.moves)) continue;
  const badge = card.querySelector(".card-solved");
  badge.textContent = Number.isFinite(best.seconds)
    ? tn("Solved here: best %(n)s move, %(time)s", "Solved here: best %(n)s moves, %(time)s", best.moves,
      { time: clock(best.seconds) })
    : tn("Solved here: best %(n)s move", "Solved here: best %(n)s moves", best.moves);
  badge.hidden = false;
  card.classList.add("solved");
}
