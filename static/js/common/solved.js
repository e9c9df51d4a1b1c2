// What this browser solved among the gallery's puzzles: for each, the fewest
// moves and the shortest time, kept in localStorage (nothing leaves the
// browser). A playground says a solve by a "puzzle-solved" event on the
// document, {detail: {board, moves}}; it counts for the gallery puzzle the
// page was opened on when the board solved is that puzzle's start.

const KEY = "rotation-playground:solved";

export function solvedRecords() {
  try {
    const records = JSON.parse(localStorage.getItem(KEY) || "{}");
    return records && typeof records === "object" && !Array.isArray(records) ? records : {};
  } catch {
    return {}; // storage blocked or a bad copy: nothing remembered
  }
}

// Keeps the better of the old and the new: fewest moves, shortest time, each
// on its own.
export function recordSolved(name, moves, seconds) {
  const records = solvedRecords();
  const old = records[name] || {};
  const better = (a, b) => (Number.isFinite(a) ? Math.min(a, b) : b);
  records[name] = { moves: better(old.moves, moves), seconds: better(old.seconds, seconds), times: (old.times || 0) + 1 };
  try {
    localStorage.setItem(KEY, JSON.stringify(records));
  } catch {
    // full or blocked: the solve is not remembered
  }
  return records[name];
}

export function announceSolved(board, moves) {
  document.dispatchEvent(new CustomEvent("puzzle-solved", { detail: { board, moves } }));
}

// "1:05", "12:00", "1:02:03"
export function clock(seconds) {
  const s = Math.round(seconds);
  const parts = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  const [, m, r] = parts.map((v) => String(v).padStart(2, "0"));
  return parts[0] ? `${parts[0]}:${m}:${r}` : `${parts[1]}:${r}`;
}

// On a playground opened from the gallery: remember its solves, timed from
// the page's opening.
function listen() {
  let initial = {};
  try {
    initial = JSON.parse(document.getElementById("initial")?.textContent || "{}");
  } catch {
    return;
  }
  if (!initial.gallery) return;
  const opened = performance.now();
  document.addEventListener("puzzle-solved", (e) => {
    if (e.detail?.board !== initial.board || !Number.isInteger(e.detail.moves)) return;
    recordSolved(initial.gallery, e.detail.moves, (performance.now() - opened) / 1000);
  });
}

listen();
