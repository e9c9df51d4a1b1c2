// Keeping the work: the drawing is saved in the browser, and the address
// bar follows the board (/?p=<code>) so that a reload or a bookmark opens it.

import { post } from "./api.js";

const KEY = "rotation-playground:design";
const ADDRESS_DELAY_MS = 400;

export function savedDesign() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // storage blocked (private mode, policy): nothing saved
  }
}

export function saveDesign(text) {
  try {
    localStorage.setItem(KEY, text);
  } catch {
    // full or blocked: the address below still keeps the board
  }
}

let timer = null;
let latest = null;

// One replaceState per pause in editing, never a history entry per edit.
export function followAddress(text) {
  latest = text;
  clearTimeout(timer);
  timer = setTimeout(async () => {
    try {
      const body = await post("/api/share", { board: text });
      if (latest === text) history.replaceState(history.state, "", body.url);
    } catch {
      // the address stays as it was; the saved copy still has the board
    }
  }, ADDRESS_DELAY_MS);
}
