// The board as the editor holds it: a grid of cells in the frame's own
// coordinates. '#' wall, ' ' empty, or a stick symbol. The text it reads is
// the canonical text the server returns; the server checks everything else.

export const SYMBOLS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const WALL = "#";
export const EMPTY = " ";

export class Grid {
  constructor(width, height, cells) {
    this.width = width;
    this.height = height;
    this.cells = cells ?? new Array(width * height).fill(EMPTY);
  }

  static frame(width, height = width) {
    const grid = new Grid(width, height);
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        if (grid.isBorder(r, c)) grid.set(r, c, WALL);
      }
    }
    grid.set(height - 1, Math.floor(width / 2), EMPTY);
    return grid;
  }

  static fromText(text) {
    const lines = text.replace(/\r/g, "").split("\n");
    const size = lines[0].trim().split(/\s+/).map(Number);
    const [width, height] = size.length === 2 ? size : [size[0], size[0]];
    const grid = new Grid(width, height);
    for (let r = 0; r < height; r++) {
      const row = lines[r + 1] ?? "";
      for (let c = 0; c < width; c++) grid.set(r, c, row[c] ?? EMPTY);
    }
    return grid;
  }

  toText() {
    const size = this.width === this.height ? `${this.width}` : `${this.width} ${this.height}`;
    const rows = [];
    for (let r = 0; r < this.height; r++) {
      rows.push(this.cells.slice(r * this.width, (r + 1) * this.width).join(""));
    }
    return [size, ...rows].join("\n") + "\n";
  }

  clone() {
    return new Grid(this.width, this.height, this.cells.slice());
  }

  inside(r, c) {
    return r >= 0 && c >= 0 && r < this.height && c < this.width;
  }

  get(r, c) {
    return this.cells[r * this.width + c];
  }

  set(r, c, value) {
    this.cells[r * this.width + c] = value;
  }

  isBorder(r, c) {
    return r === 0 || c === 0 || r === this.height - 1 || c === this.width - 1;
  }

  isStick(r, c) {
    const v = this.get(r, c);
    return v !== WALL && v !== EMPTY;
  }

  // symbol -> {symbol, row, col, length, vertical}
  sticks() {
    const found = new Map();
    for (let r = 0; r < this.height; r++) {
      for (let c = 0; c < this.width; c++) {
        const v = this.get(r, c);
        if (v === WALL || v === EMPTY) continue;
        const s = found.get(v);
        if (!s) found.set(v, { symbol: v, row: r, col: c, length: 1, vertical: false });
        else { s.length += 1; s.vertical = c === s.col; }
      }
    }
    return new Map([...found].sort((a, b) => SYMBOLS.indexOf(a[0]) - SYMBOLS.indexOf(b[0])));
  }

  nextSymbol() {
    const used = new Set(this.cells);
    for (const s of SYMBOLS) if (!used.has(s)) return s;
    return null;
  }

  // The same frame (walls) holding the sticks `specs` at `positions`
  // (symbol -> [row, col]); sticks missing from `positions` are left out.
  withSticks(specs, positions) {
    const grid = this.clone();
    grid.cells = grid.cells.map((v) => (v === WALL ? WALL : EMPTY));
    for (const [symbol, [row, col]] of Object.entries(positions)) {
      const s = specs.get(symbol);
      for (const [r, c] of stickCells({ ...s, row, col })) grid.set(r, c, symbol);
    }
    return grid;
  }
}

export function stickCells(s) {
  const cells = [];
  for (let k = 0; k < s.length; k++) {
    cells.push(s.vertical ? [s.row + k, s.col] : [s.row, s.col + k]);
  }
  return cells;
}
