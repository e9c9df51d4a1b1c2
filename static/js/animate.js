// Animating one step of the engine's trajectory: the frame turns by a
// quarter, then the sticks fall with constant acceleration, each until it
// has travelled the distance the engine reported. The final picture is
// always the engine's own positions.

// Gravity in frame coordinates for each orientation (quarter turns clockwise):
// the frame's bottom, right, top, left side. This is how the server counts.
export const GRAVITY = [[1, 0], [0, 1], [-1, 0], [0, -1]];

const TURN_MS = 520;
const G = 55; // cells per second squared at 1x

const easeInOut = (t) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

function frames(durationMs, onFrame) {
  return new Promise((resolve) => {
    if (durationMs <= 0) { onFrame(1); resolve(); return; }
    const start = performance.now();
    const tick = (now) => {
      const t = Math.min(1, (now - start) / durationMs);
      onFrame(t);
      if (t < 1) requestAnimationFrame(tick); else resolve();
    };
    requestAnimationFrame(tick);
  });
}

// from: {positions: {symbol: [r, c]}, orientation}; step: a trajectory entry.
// drawAt(positions, offsets, angle) draws one picture.
export async function animateStep(from, step, speed, drawAt) {
  const quarter = Math.PI / 2;
  let angle = from.orientation * quarter;
  if (step.move) {
    const delta = step.move === "R" ? quarter : -quarter;
    const start = angle;
    await frames(TURN_MS / speed, (t) => {
      angle = start + delta * easeInOut(t);
      drawAt(from.positions, {}, angle);
    });
  }
  angle = step.orientation * quarter;
  const [dr, dc] = GRAVITY[step.orientation];
  const g = G * speed * speed;
  const released = new Set(step.released);
  const travel = {};
  let longest = 0;
  for (const symbol of Object.keys(from.positions)) {
    const d = step.moved[symbol] || 0;
    // a stick that falls out keeps going until it is well off the board
    travel[symbol] = released.has(symbol) ? d + 6 : d;
    longest = Math.max(longest, travel[symbol]);
  }
  if (longest > 0) {
    const seconds = Math.sqrt((2 * longest) / g);
    await frames(seconds * 1000, (t) => {
      const fallen = 0.5 * g * (t * seconds) ** 2;
      const offsets = {};
      for (const [symbol, d] of Object.entries(travel)) {
        const k = Math.min(d, fallen);
        const out = released.has(symbol) ? Math.max(0, k - (step.moved[symbol] || 0) + 3) / 6 : 0;
        offsets[symbol] = { dr: dr * k, dc: dc * k, alpha: Math.max(0, 1 - out) };
      }
      drawAt(from.positions, offsets, angle);
    });
  }
}
