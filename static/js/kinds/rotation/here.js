// What the rotation page's modules share: the canvas and its view, the
// page's initial puzzle, and the shell they serve with its state (rotation
// keeps its drawing, its undo stacks and its mode there too), set once by
// the kind's mount (static/js/kinds/rotation/kind.js).

import { BoardView } from "./render.js";

const $ = (selector) => document.querySelector(selector);

export const initial = JSON.parse($("#initial").textContent);
export const canvas = $("#board");
export const view = new BoardView(canvas);

export let pg = null;
export let state = null;

export function attach(shell) {
  pg = shell;
  state = shell.state;
}
