// Drawing the triangle puzzle as SVG markup: the big triangle's slots, the
// pieces placed in them and the tray of pieces not placed yet. A figure kind
// is a colour and a shape; an edge shows half of it (the shape centred on the
// edge, clipped to the piece), so two pieces that fit make one whole figure.
// The sign picks the half: + is the solid "knob", − the pale "socket" with a
// coloured rim. 0 is a plain straight edge. Numbers are drawn on demand.

import { t } from "../../common/i18n.js";

export const H = Math.sqrt(3) / 2;
const PAD = 0.15;
const TRAY_GAP = 0.35;
const TRAY_STEP_X = 1.08;
const TRAY_STEP_Y = H + 0.16;
// The figures' shapes, colours and sizes, and where an edge's number goes:
// one description shared with the server's pictures (webapp/triangle/svg.py).
export const FIGURES = await (await fetch(new URL("../triangle-figures.json", import.meta.url))).json();

// ------------------------------------------------------------- the text
// The canonical text as {figures, pieces: [[x, y, z], ...], n}; null when it
// is not a puzzle (only saved copies can be that).
export function parsePuzzle(text) {
  if (typeof text !== "string") return null;
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (lines.length < 2) return null;
  const figures = Number(lines[0]);
  const count = Number(lines[1]);
  const n = Math.round(Math.sqrt(count));
  if (!Number.isInteger(figures) || !Number.isInteger(count) || n < 1 || n > 8 || n * n !== count) return null;
  const pieces = lines.slice(2).map((l) => l.split(/\s+/).map(Number));
  if (pieces.length !== count || pieces.some((p) => p.length !== 3 || p.some((v) => !Number.isInteger(v)))) return null;
  return { figures, pieces, n };
}

// ------------------------------------------------------------- geometry
export function rowOf(slot) {
  return Math.floor(Math.sqrt(slot));
}

export function isUp(slot) {
  const r = rowOf(slot);
  return (slot - r * r) % 2 === 0;
}

// The slot's corners in triangle units (side 1, y down), so that side i runs
// from corner i to corner i + 1: up (bottom-left, top, bottom-right) = sides
// left, right, bottom; down (top-left, top-right, bottom) = top, right, left.
export function slotCorners(n, slot) {
  const r = rowOf(slot);
  const k = slot - r * r;
  const left = n / 2 - r / 2 + Math.floor(k / 2);
  const top = r * H;
  const bottom = (r + 1) * H;
  if (k % 2 === 0) return [[left - 0.5, bottom], [left, top], [left + 0.5, bottom]];
  return [[left, top], [left + 1, top], [left + 0.5, bottom]];
}

// Where everything goes in the SVG's units: the triangle's offset, the tray's
// columns, each piece's home in the tray, the whole view box. `wide`: the
// tray beside the triangle (a wide screen), else under it (a phone).
export function layout(n, wide = false) {
  const count = n * n;
  const cols = wide ? n : Math.max(n + 1, Math.ceil(Math.sqrt(count * 1.4)));
  const rows = Math.ceil(count / cols);
  const trayWidth = cols * TRAY_STEP_X;
  const trayHeight = rows * TRAY_STEP_Y;
  let L;
  if (wide) {
    const width = PAD + n + TRAY_GAP + trayWidth + PAD;
    const height = PAD + Math.max(n * H, trayHeight) + PAD;
    L = { width, height, tx: PAD, ty: PAD, trayTop: PAD, trayLeft: PAD + n + TRAY_GAP + TRAY_STEP_X / 2 };
  } else {
    const width = Math.max(n, trayWidth) + 2 * PAD;
    const trayTop = PAD + n * H + TRAY_GAP;
    L = { width, height: trayTop + trayHeight + PAD, tx: (width - n) / 2, ty: PAD, trayTop,
      trayLeft: (width - trayWidth) / 2 + TRAY_STEP_X / 2 };
  }
  const m = 0.07;
  L.tray = { x: L.trayLeft - TRAY_STEP_X / 2 - m, y: L.trayTop - m, width: trayWidth + 2 * m, height: trayHeight + m };
  return { n, cols, rows, wide, ...L };
}

export function slotPoints(L, slot) {
  return slotCorners(L.n, slot).map(([x, y]) => [x + L.tx, y + L.ty]);
}

export function trayPoints(L, piece) {
  const x = L.trayLeft + (piece % L.cols) * TRAY_STEP_X;
  const y = L.trayTop + Math.floor(piece / L.cols) * TRAY_STEP_Y;
  return [[x - 0.5, y + H], [x, y], [x + 0.5, y + H]];
}

export function centroid(points) {
  return [(points[0][0] + points[1][0] + points[2][0]) / 3, (points[0][1] + points[1][1] + points[2][1]) / 3];
}

function inside([px, py], pts) {
  const sign = (a, b) => (px - b[0]) * (a[1] - b[1]) - (a[0] - b[0]) * (py - b[1]);
  const d = [sign(pts[0], pts[1]), sign(pts[1], pts[2]), sign(pts[2], pts[0])];
  return !(d.some((v) => v < 0) && d.some((v) => v > 0));
}

// The slot under a point in SVG units, or null.
export function slotAt(L, point) {
  const r = Math.floor((point[1] - L.ty) / H);
  if (r < 0 || r >= L.n) return null;
  for (let s = r * r; s <= r * r + 2 * r; s++) if (inside(point, slotPoints(L, s))) return s;
  return null;
}

// ------------------------------------------------------------- figures
const half = (x) => Math.floor(x + 0.5);

// hsl(hue saturation% lightness%) as #rrggbb, by the same steps as
// webapp/triangle/figures.py, so that the board and the pictures agree.
function hex(hue, saturation, lightness) {
  const s = saturation / 100;
  const l = lightness / 100;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] = [[c, x, 0], [x, c, 0], [0, c, x], [0, x, c], [x, 0, c], [c, 0, x]][Math.floor(hue / 60) % 6];
  return `#${[r, g, b].map((v) => half((v + m) * 255).toString(16).padStart(2, "0")).join("")}`;
}

export function figureColour(f, light = false) {
  const rule = FIGURES.colour;
  const hue = half((f * rule.hue_step + rule.hue_start) % 360) % 360;
  if (light) return hex(hue, rule.socket.saturation, rule.socket.lightness);
  return hex(hue, rule.knob.saturation, f % 2 ? rule.knob.lightness_odd : rule.knob.lightness_even);
}

function shapeOf(f) {
  return FIGURES.shapes[(f - 1) % FIGURES.shapes.length];
}

const fmt = (v) => (Math.round(v * 1000) / 1000).toString();
const pointsText = (pts) => pts.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" ");

// Half a figure on the edge from p to q (the half inside the piece is what
// the piece's clip lets through).
function figure(value, p, q) {
  const f = Math.abs(value);
  const mx = (p[0] + q[0]) / 2;
  const my = (p[1] + q[1]) / 2;
  const shape = shapeOf(f);
  const knob = value > 0;
  const fill = knob ? figureColour(f) : figureColour(f, true);
  const stroke = figureColour(f);
  const cls = `figure ${knob ? "knob" : "socket"}`;
  const paint = `data-figure="${value}" data-shape="${shape.name}" fill="${fill}" stroke="${stroke}" ` +
    `stroke-width="${knob ? FIGURES.stroke.knob : FIGURES.stroke.socket}"`;
  const r = FIGURES.radius;
  if (!shape.points) return `<circle class="${cls}" ${paint} cx="${fmt(mx)}" cy="${fmt(my)}" r="${r}"/>`;
  const angle = Math.atan2(q[1] - p[1], q[0] - p[0]);
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const pts = shape.points.map(([u, v]) => [mx + r * (u * c - v * s), my + r * (u * s + v * c)]);
  return `<polygon class="${cls}" ${paint} points="${pointsText(pts)}"/>`;
}

// Where the number of the edge from p to q goes: along the edge beyond its
// figure, toward q, a little inside the piece (whose centre is c).
export function numberAt(p, q, c) {
  const { along, inward } = FIGURES.numbers;
  const mx = (p[0] + q[0]) / 2;
  const my = (p[1] + q[1]) / 2;
  const ux = q[0] - p[0];
  const uy = q[1] - p[1];
  const length = Math.hypot(ux, uy);
  const dx = c[0] - mx;
  const dy = c[1] - my;
  const depth = Math.hypot(dx, dy);
  return [mx + (ux / length) * along + (dx / depth) * inward, my + (uy / length) * along + (dy / depth) * inward];
}

// One piece: its triangle, its three half figures, its numbers on demand.
// `id` names its clip path; `cls` and `attrs` go on its group.
export function pieceMarkup(id, points, edges, { numbers = false, cls = "", attrs = "", label = "" } = {}) {
  const poly = pointsText(points);
  const c = centroid(points);
  let out = `<g class="piece ${cls}" ${attrs} role="img" aria-label="${label}">`;
  out += `<clipPath id="${id}"><polygon points="${poly}"/></clipPath>`;
  out += `<polygon class="piece-face" points="${poly}"/>`;
  out += `<g clip-path="url(#${id})">`;
  for (let i = 0; i < 3; i++) if (edges[i] !== 0) out += figure(edges[i], points[i], points[(i + 1) % 3]);
  out += "</g>";
  out += `<polygon class="piece-rim" points="${poly}"/>`;
  if (numbers) {
    for (let i = 0; i < 3; i++) {
      const p = points[i];
      const q = points[(i + 1) % 3];
      const at = numberAt(p, q, c);
      out += `<text class="edge-number" x="${fmt(at[0])}" y="${fmt(at[1])}">${edges[i]}</text>`;
    }
  }
  return `${out}</g>`;
}

// The whole board: `placement` a list over the slots of null or {piece,
// edges}; `misfits` [[slotA, sideA, slotB, sideB]]; `marks`: hinted slot,
// vacated slot (a piece was just taken back from it), selected slot or
// piece, numbers, wide (the tray beside the triangle).
export function boardMarkup(puzzle, placement, misfits = [], marks = {}) {
  const L = layout(puzzle.n, Boolean(marks.wide));
  const used = new Set(placement.filter(Boolean).map((e) => e.piece));
  const tray = L.tray;
  let out = `<rect class="tray-area" x="${fmt(tray.x)}" y="${fmt(tray.y)}" width="${fmt(tray.width)}" ` +
    `height="${fmt(tray.height)}" rx="0.08"/>`;
  for (let s = 0; s < puzzle.n * puzzle.n; s++) {
    const vacated = marks.vacated === s ? " vacated" : "";
    out += `<polygon class="slot${vacated}" data-slot="${s}" points="${pointsText(slotPoints(L, s))}"/>`;
  }
  // the big triangle's own edge, solid: where the pieces go, seen at once
  const n = puzzle.n;
  const whole = [[L.tx, L.ty + n * H], [L.tx + n / 2, L.ty], [L.tx + n, L.ty + n * H]];
  out += `<polygon class="board-outline" points="${pointsText(whole)}"/>`;
  for (let p = 0; p < puzzle.pieces.length; p++) {
    if (used.has(p)) {
      out += `<polygon class="tray-home" points="${pointsText(trayPoints(L, p))}"/>`;
      continue;
    }
    let cls = marks.selected?.piece === p && marks.selected.slot === undefined ? " selected" : "";
    if (marks.hint?.piece === p) cls += " hint-piece";
    out += pieceMarkup(`tray-${p}`, trayPoints(L, p), puzzle.pieces[p], {
      numbers: marks.numbers,
      cls: `in-tray${cls}`,
      attrs: `data-piece="${p}" data-where="tray"`,
      label: t("Piece %(piece)s in the tray: %(edges)s", { piece: p, edges: puzzle.pieces[p].join(", ") }),
    });
  }
  placement.forEach((entry, s) => {
    if (!entry) return;
    const chosen = marks.selected?.slot === s || marks.selected?.from === s;
    const cls = [marks.hinted === s ? "hinted" : "", chosen ? "selected" : ""].join(" ");
    out += pieceMarkup(`slot-${s}`, slotPoints(L, s), entry.edges, {
      numbers: marks.numbers,
      cls: `placed ${cls}`,
      attrs: `data-piece="${entry.piece}" data-slot="${s}" data-where="slot"`,
      label: t("Piece %(piece)s in slot %(slot)s: %(edges)s", { piece: entry.piece, slot: s, edges: entry.edges.join(", ") }),
    });
  });
  for (const [a, side] of misfits) {
    const pts = slotPoints(L, a);
    const p = pts[side];
    const q = pts[(side + 1) % 3];
    out += `<line class="misfit" x1="${fmt(p[0])}" y1="${fmt(p[1])}" x2="${fmt(q[0])}" y2="${fmt(q[1])}"/>`;
  }
  if (marks.hint) out += hintMarkup(L, marks.hint, marks.numbers);
  return { markup: out, layout: L };
}

// A hint on the board: the piece's ghost in its slot, turned as the hint
// has it, and an arrow from the piece in the tray to the slot. Neither takes
// the pointer: a drag or a tap reaches the piece and the slot under them.
function hintMarkup(L, { piece, slot, edges }, numbers) {
  const to = slotPoints(L, slot);
  const [x1, y1] = centroid(trayPoints(L, piece));
  const [x2, y2] = centroid(to);
  const back = 0.12 / Math.hypot(x2 - x1, y2 - y1); // the head stops short of the middle
  const end = [x2 - (x2 - x1) * back, y2 - (y2 - y1) * back];
  return pieceMarkup("hint-ghost", to, edges, {
    numbers,
    cls: "hint-ghost",
    attrs: `data-hint-piece="${piece}" data-hint-slot="${slot}"`,
    label: t("Hint: piece %(piece)s goes in slot %(slot)s, turned as shown", { piece, slot }),
  }) + `<path class="hint-arrow" d="M${fmt(x1)} ${fmt(y1)} L${fmt(end[0])} ${fmt(end[1])}"/>` +
    arrowHead(end, [x2 - x1, y2 - y1]);
}

function arrowHead([x, y], [dx, dy]) {
  const n = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / n, dy / n];
  const size = 0.1;
  const a = [x - ux * size - uy * size * 0.6, y - uy * size + ux * size * 0.6];
  const b = [x - ux * size + uy * size * 0.6, y - uy * size - ux * size * 0.6];
  return `<polygon class="hint-arrow-head" points="${pointsText([[x, y], a, b])}"/>`;
}
