// Animating one step of the engine's trajectory: the frame turns by a
// quarter, then the sticks fall with constant acceleration, each until it
// has travelled the distance the engine reported. The final picture is
// always the engine's own positions.

import { prefersReducedMotion } from "../../common/motion.js";

// Gravity in frame coordinates for each orientation (quarter turns clockwise):
// the frame's bottom, right, top, left side. This is how the server counts.
export const GRAVITY = [[1, 0], [0, 1], [-1, 0], [0, -1]];

const TURN_MS = 520;
const REDUCED_HOLD_MS = 120;
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

// The two phases of a step, each a duration and a picture for t in [0, 1]:
// the frame's quarter turn (when the step has a move), then the fall.
function phases(from, step, speed, drawAt) {
  const quarter = Math.PI / 2;
  const out = [];
  if (step.move) {
    const start = from.orientation * quarter;
    const delta = step.move === "R" ? quarter : -quarter;
    out.push({
      ms: TURN_MS / speed,
      draw: (t) => drawAt(from.positions, {}, start + delta * easeInOut(t)),
    });
  }
  const angle = step.orientation * quarter;
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
    out.push({
      ms: seconds * 1000,
      draw: (t) => {
        const fallen = 0.5 * g * (t * seconds) ** 2;
        const offsets = {};
        for (const [symbol, d] of Object.entries(travel)) {
          const k = Math.min(d, fallen);
          const gone = released.has(symbol) ? Math.max(0, k - (step.moved[symbol] || 0) + 3) / 6 : 0;
          offsets[symbol] = { dr: dr * k, dc: dc * k, alpha: Math.max(0, 1 - gone) };
        }
        drawAt(from.positions, offsets, angle);
      },
    });
  }
  return out;
}

// from: {positions: {symbol: [r, c]}, orientation}; step: a trajectory entry.
// drawAt(positions, offsets, angle) draws one picture. With reverse, the
// step is played backwards and ends on `from`: the sticks rise back, then
// the frame turns back.
// With "reduce motion" set, the step is instant: one picture, the end, then
// a short still moment so that Play shows each move rather than only the last.
export async function animateStep(from, step, speed, drawAt, { reverse = false } = {}) {
  const parts = phases(from, step, speed, drawAt);
  if (reverse) parts.reverse();
  if (prefersReducedMotion()) {
    if (parts.length) parts[parts.length - 1].draw(reverse ? 0 : 1);
    await new Promise((resolve) => setTimeout(resolve, REDUCED_HOLD_MS));
    return;
  }
  for (const part of parts) {
    await frames(part.ms, (t) => part.draw(reverse ? 1 - t : t));
  }
}
