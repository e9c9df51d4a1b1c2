// The sliding-tile puzzle in the browser: the board drawn as a grid of tiles
// (each an element named "Tile N"), the hole left empty; tiles slide with the
// Web Animations API (reduced motion: at once); a tile is moved by a click, a
// drag towards the hole, the arrow keys (← slides the tile right of the hole
// to the left into it) or a swipe. The editor sets the start: a size, the
// goal, a shuffle (on 3 x 3 and smaller also "N moves from the goal"), or a
// typed position. Every move and every position is the server's word
// (/api/sliding/move, /parse, /shuffle); the page reads the canonical text
// only to draw it.

import { post, refusal } from "../../common/api.js";
import { prefersReducedMotion } from "../../common/motion.js";
import { number, t, tn } from "../../common/i18n.js";
import {
  answerWords, atEdge, DIRECTIONS, directionOf, goalText, grid, hintWords, KEYS, linkMoves, MAX_SIDE, MIN_SIDE,
  moveWords, movesOfLink, onlyWay, parity, progressFraction, progressWords, replay, stoppedWords, tileFor,
  unsolvableWords,
} from "./text.js";

const $ = (selector) => document.querySelector(selector);

const SLIDE_MS = 150;
const REDUCED_HOLD_MS = 60;
const SWIPE_PX = 30;
const TAP_PX = 8;

// ------------------------------------------------------------- the view
class BoardView {
  constructor(board, wrap) {
    this.board = board;
    this.wrap = wrap;
    this.tiles = new Map(); // tile number -> element
    this.shape = null; // "w x h" of the tiles drawn
    this.shown = null;
    new ResizeObserver(() => this.fit()).observe(wrap);
  }

  // The board takes the width it has, and on a wide screen no more height
  // than leaves the controls in view.
  fit() {
    const g = grid(this.shown);
    if (!g) return;
    const width = this.wrap.clientWidth;
    const tall = Math.max(220, Math.min(window.innerHeight * 0.62, 560));
    const cell = Math.floor(Math.min(width / g.width, tall / g.height, 120));
    // the wrapper grows with the board: setting the same size again would
    // only wake the resize observer once more
    const key = `${cell}:${g.width}x${g.height}`;
    if (key === this.fitted) return;
    this.fitted = key;
    this.board.style.width = `${cell * g.width}px`;
    this.board.style.height = `${cell * g.height}px`;
    this.board.style.fontSize = `${Math.max(12, Math.round(cell * 0.38))}px`;
    this.cell = cell;
  }

  build(g) {
    this.board.replaceChildren();
    this.tiles.clear();
    for (let n = 1; n < g.tiles.length; n++) {
      const el = document.createElement("div");
      el.className = "tile";
      el.dataset.tile = String(n);
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", t("Tile %(n)s", { n }));
      el.textContent = String(n);
      el.style.width = `${100 / g.width}%`;
      el.style.height = `${100 / g.height}%`;
      this.board.append(el);
      this.tiles.set(n, el);
    }
    this.shape = `${g.width}x${g.height}`;
  }

  place(g, el, index) {
    const r = Math.floor(index / g.width);
    const c = index % g.width;
    el.style.left = `${(c * 100) / g.width}%`;
    el.style.top = `${(r * 100) / g.height}%`;
    // a tile in its goal cell is drawn as settled
    el.classList.toggle("home", Number(el.dataset.tile) === index + 1);
  }

  show(text, { hinted = null } = {}) {
    const g = grid(text);
    if (!g) return;
    if (this.shape !== `${g.width}x${g.height}`) this.build(g);
    this.shown = text;
    g.tiles.forEach((n, i) => {
      if (!n) return;
      const el = this.tiles.get(n);
      el.getAnimations().forEach((a) => a.cancel());
      el.style.transform = "";
      this.place(g, el, i);
      const way = directionOf(g, n);
      el.classList.toggle("movable", way !== null);
      // the hinted tile is marked, with an arrow the way it slides
      const hint = hinted !== null && Number(hinted) === n;
      el.classList.toggle("hinted", hint);
      if (hint && way) el.dataset.way = way;
      else delete el.dataset.way;
    });
    this.fit();
  }

  // Each tile whose cell differs slides from its old cell to its new one;
  // a tile already dragged part way starts from where it is.
  async animate(fromText, toText, { speed = 1 } = {}) {
    const a = grid(fromText);
    const b = grid(toText);
    const dragged = this.dragOffset;
    this.dragOffset = null;
    this.show(toText);
    if (!a || !b || a.width !== b.width || a.height !== b.height) return;
    if (prefersReducedMotion()) {
      await new Promise((resolve) => setTimeout(resolve, REDUCED_HOLD_MS));
      return;
    }
    const runs = [];
    b.tiles.forEach((n, i) => {
      const j = a.tiles.indexOf(n);
      if (!n || j === i) return;
      const dx = ((j % a.width) - (i % b.width)) * 100;
      const dy = (Math.floor(j / a.width) - Math.floor(i / b.width)) * 100;
      let from = `translate(${dx}%, ${dy}%)`;
      if (dragged && dragged.tile === n) from = `translate(${dx * (1 - dragged.part)}%, ${dy * (1 - dragged.part)}%)`;
      const el = this.tiles.get(n);
      const animation = el.animate([{ transform: from }, { transform: "translate(0, 0)" }],
        { duration: SLIDE_MS / speed, easing: "ease-out" });
      runs.push(animation.finished.catch(() => {}));
    });
    await Promise.all(runs);
  }

  tileAt(target) {
    const el = target.closest?.(".tile");
    return el && this.board.contains(el) ? Number(el.dataset.tile) : null;
  }
}

function describe(text) {
  const g = grid(text);
  if (!g) return "";
  const rows = [];
  for (let r = 0; r < g.height; r++) {
    const row = g.tiles.slice(r * g.width, (r + 1) * g.width).map((n) => (n ? String(n) : t("hole")));
    rows.push(t("Row %(n)s: %(tiles)s.", { n: r + 1, tiles: row.join(", ") }));
  }
  const out = g.tiles.filter((n, i) => n && n !== i + 1).length;
  const state = out ? tn("%(n)s tile out of place.", "%(n)s tiles out of place.", out) : t("Solved: every tile is home.");
  return `${rows.join(" ")} ${state}`;
}

// Said as soon as an unsolvable position is set: the server's parity check
// needs no search, so nobody has to press Solve to learn it.
async function nameUnsolvable(shell) {
  const text = shell.start;
  if (shell.optimum() !== null) return; // a known distance: solvable
  try {
    const body = await post(shell.api("parse"), { board: text });
    if (body.solvable === false && shell.start === text) shell.say(unsolvableWords(), "warn");
  } catch {
    // Solve still says it
  }
}

// ------------------------------------------------------------- the editor
function sizeOptions(select, chosen) {
  select.replaceChildren(...Array.from({ length: MAX_SIDE - MIN_SIDE + 1 }, (_, i) => {
    const n = MIN_SIDE + i;
    return new Option(String(n), String(n), false, n === chosen);
  }));
}

// The size choosers follow the board (a typed position, Undo of a new size).
function showSize(text) {
  const g = grid(text);
  if (!g || chosenSize().join("x") === `${g.width}x${g.height}`) return;
  $("#width").value = String(g.width);
  $("#height").value = String(g.height);
  showShuffleN();
}

function editorSay(text, kind = "info") {
  const el = $("#position-message");
  el.textContent = text;
  el.dataset.kind = kind;
}

function chosenSize() {
  return [Number($("#width").value), Number($("#height").value)];
}

// The "N moves from the goal" shuffle is for boards whose every distance is
// in the server's table (9 cells or fewer).
// The farthest any position of each small shape lies from the goal (the
// depth of its table); only the input's bounds, the server still decides.
const FARTHEST = { "2x2": 6, "2x3": 21, "3x2": 21, "2x4": 36, "4x2": 36, "3x3": 31 };

function showShuffleN() {
  const [w, h] = chosenSize();
  const farthest = FARTHEST[`${w}x${h}`];
  $("#shuffle-n-row").hidden = farthest === undefined;
  if (farthest === undefined) return;
  const field = $("#shuffle-moves");
  field.max = String(farthest);
  if (Number(field.value) > farthest) field.value = String(farthest);
  $("#shuffle-range").textContent = t("(%(low)s to %(high)s)", { low: number(0), high: number(farthest) });
}

function mountEditor(shell) {
  const start = grid(shell.start) || grid(goalText(3, 3));
  sizeOptions($("#width"), start.width);
  sizeOptions($("#height"), start.height);
  showShuffleN();
  // A new size shows its solved board at once (a chooser that changes
  // nothing until another button is pressed looks broken); the board it
  // replaces stays for Undo. Width then height in a row keep the first
  // board for Undo, not the one in between.
  let sized = null;
  const resized = () => {
    showShuffleN();
    const [w, h] = chosenSize();
    const text = goalText(w, h);
    const inPassing = sized !== null && shell.start === sized && !shell.timelineShown;
    sized = text;
    shell.setStart(text, {
      message: t("A %(width)s × %(height)s board, solved. Shuffle it, or move tiles yourself; Undo brings your last board back.",
        { width: w, height: h }),
      optimum: 0, undoable: inPassing ? "keep" : true,
    });
  };
  $("#width").addEventListener("change", resized);
  $("#height").addEventListener("change", resized);

  $("#new-goal").addEventListener("click", () => {
    const [w, h] = chosenSize();
    shell.setStart(goalText(w, h), {
      message: t("The %(width)s × %(height)s goal: every tile home. Shuffle, or move tiles yourself.", { width: w, height: h }),
      optimum: 0,
    });
  });

  const shuffle = async (moves = null) => {
    const [width, height] = chosenSize();
    const payload = moves === null ? { width, height } : { width, height, distance: moves };
    try {
      const body = await post(shell.api("shuffle"), payload);
      const message = moves === null
        ? t("A random %(width)s × %(height)s position. Solve it, or try it yourself.", { width, height })
        : tn("A %(width)s × %(height)s position %(n)s move from the goal. Solve it, or try it yourself.",
          "A %(width)s × %(height)s position %(n)s moves from the goal. Solve it, or try it yourself.", moves,
          { width, height });
      const optimum = Number.isInteger(body.optimal) ? body.optimal : moves;
      shell.setStart(body.board, { message, optimum });
    } catch (error) {
      shell.say(error.message, "error");
    }
  };
  $("#shuffle").addEventListener("click", () => shuffle());
  $("#shuffle-n").addEventListener("click", () => {
    const field = $("#shuffle-moves");
    const n = Number(field.value);
    if (!Number.isInteger(n) || n < 0 || n > Number(field.max)) {
      shell.say(t("Choose a number of moves from 0 to %(max)s.", { max: number(Number(field.max)) }), "error");
      field.focus();
      return;
    }
    shuffle(n);
  });

  $("#use-position").addEventListener("click", async () => {
    const text = $("#position-text").value;
    if (!text.trim()) {
      editorSay(t("Type or paste a position first: the numbers row by row, 0 for the hole."), "error");
      return;
    }
    try {
      const body = await post(shell.api("parse"), { board: text });
      const g = grid(body.board);
      const size = { width: g.width, height: g.height };
      editorSay(t("Using this %(width)s × %(height)s position.", size), "ok");
      const typed = t("A %(width)s × %(height)s position, as typed.", size);
      shell.setStart(body.board, {
        title: t("Your position"),
        message: body.solvable === false ? [typed, t("It cannot reach the goal."), parity()].join(" ") : typed,
        optimum: Number.isInteger(body.optimal) ? body.optimal : null,
      });
    } catch (error) {
      editorSay(refusal(error), "error");
      shell.say(t("That text is not a position. Your board is unchanged."), "error");
    }
  });
  // an error is about the text as it was: editing it makes the message stale
  $("#position-text").addEventListener("input", () => {
    if ($("#position-message").dataset.kind === "error") editorSay("");
  });
  $("#copy-position").addEventListener("click", () => {
    $("#position-text").value = shell.current();
    editorSay(t("The board shown is in the box: edit it and press Use this position."));
  });
}

// ------------------------------------------------------------- gestures
// A press on the board: a tap on a tile next to the hole slides it; a drag
// of such a tile follows the pointer towards the hole and slides it when
// let go past a third of the way. A drag moves the tile dragged or nothing
// (a tile pulled away from the hole, or one not beside it, stays, and the
// page says why). A swipe slides the tile that lies that way from the hole
// (as the arrow keys do) when it starts in the hole, or, on a touch screen,
// on a tile that cannot move: a finger there means the gesture, not the tile.
function installGestures(shell, view) {
  const board = view.board;
  let press = null;
  board.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    const g = grid(shell.current());
    const tile = view.tileAt(e.target);
    const direction = tile !== null && g ? directionOf(g, tile) : null;
    const swipes = tile === null || (e.pointerType === "touch" && !direction);
    press = { x: e.clientX, y: e.clientY, tile, direction, swipes, part: 0 };
    board.setPointerCapture(e.pointerId);
  });
  board.addEventListener("pointermove", (e) => {
    if (!press || !press.direction || shell.busy) return;
    const [dr, dc] = DIRECTIONS[press.direction];
    // the tile goes the opposite way from where it lies seen from the hole
    const along = -((e.clientX - press.x) * dc + (e.clientY - press.y) * dr);
    press.part = Math.max(0, Math.min(1, along / (view.cell || 60)));
    const el = view.tiles.get(press.tile);
    el.style.transform = `translate(${-dc * press.part * 100}%, ${-dr * press.part * 100}%)`;
  });
  const end = (e, cancelled = false) => {
    if (!press) return;
    const p = press;
    press = null;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    const far = Math.hypot(dx, dy);
    if (cancelled) {
      shell.render();
      return;
    }
    const way = Math.abs(dx) > Math.abs(dy) ? (dx < 0 ? "left" : "right") : (dy < 0 ? "up" : "down");
    // a quick flick of the tile its own way counts as much as a long drag
    if (p.direction && (p.part >= 1 / 3 || (far >= SWIPE_PX && way === p.direction))) {
      view.dragOffset = { tile: p.tile, part: p.part };
      shell.tryMove(tileMove(p.tile));
      return;
    }
    if (p.part > 0) shell.render(); // a tile dragged too little goes back
    if (far <= TAP_PX) {
      if (p.tile === null) return;
      if (p.direction) shell.tryMove(tileMove(p.tile));
      else shell.say(t("Tile %(tile)s is not next to the hole.", { tile: p.tile }), "warn");
      return;
    }
    if (p.swipes) {
      if (far >= SWIPE_PX) slide(shell, way);
      return;
    }
    if (!p.direction) {
      shell.say(t("Tile %(tile)s is not next to the hole: only a tile beside the hole can slide.", { tile: p.tile }), "warn");
    } else if (far >= SWIPE_PX) {
      shell.say(onlyWay(p.tile, p.direction), "warn");
    }
  };
  board.addEventListener("pointerup", (e) => end(e));
  board.addEventListener("pointercancel", (e) => end(e, true));
}

// A request for the shell: the tile that lies `direction` of the hole on
// the board the move is made on (keys pressed during a slide count from
// the board after it).
function towards(direction) {
  return (text) => {
    const g = grid(text);
    const tile = g ? tileFor(g, direction) : null;
    return tile === null ? { refusal: atEdge(direction) } : { move: tile };
  };
}

// A request for one named tile, refused when it is not next to the hole then.
function tileMove(tile) {
  return (text) => {
    const g = grid(text);
    return g && directionOf(g, tile) ? { move: tile } : { refusal: t("Tile %(tile)s is not next to the hole.", { tile }) };
  };
}

function slide(shell, direction) {
  shell.tryMove(towards(direction));
}

// ------------------------------------------------------------- the kind
export const sliding = {
  name: "sliding",
  words: {
    moveTitle: (move, i) => t("Move %(n)s: tile %(tile)s", { n: i + 1, tile: move }),
    moveWords, answerWords, hintWords, progressWords, progressFraction, stoppedWords, linkMoves, movesOfLink,
  },
  replay: (text, moves) => replay(text, moves),
  // the picture to slide to while the server is asked (null: wait for it)
  predict(text, move) {
    try {
      return replay(text, [move])[0];
    } catch {
      return null;
    }
  },
  solvesFromHere: true,
  // the server answers a board of 9 cells or fewer from its table at once
  answersAtOnce: (text) => (grid(text)?.tiles.length ?? Infinity) <= 9,

  mount(shell) {
    // the page opened on a board kept or linked: is it one with no solution?
    shell.on("started", () => nameUnsolvable(shell));
    const board = $("#board");
    const view = new BoardView(board, $("#board-wrap"));
    const api = {
      show: (text, marks) => view.show(text, marks),
      animate: (a, b, options) => view.animate(a, b, options),
      describe,
      startChanged: showSize,
      valid: (text) => grid(text) !== null,
      keyMove(e) {
        const direction = KEYS[e.key];
        return direction && !e.shiftKey ? towards(direction) : null;
      },
    };
    mountEditor(shell);
    installGestures(shell, view);
    return api;
  },
};
