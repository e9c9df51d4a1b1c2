// Whether the reader asked for less motion (every kind's animation and the
// shell's Play read it).

// Read on every step, not once: the setting can change while the page is open.
export function prefersReducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}
