// The words a playground page shows, shared by every kind's page: the
// status line under the board (also announced to screen readers), the
// solver's answer, and the focus kept on a control that a busy moment
// disabled.

import { announce } from "../common/announce.js";

const $ = (selector) => document.querySelector(selector);

// The status line under the board; its words are also announced.
export function say(text, kind = "info") {
  const el = $("#board-message");
  el.textContent = text || "";
  el.dataset.kind = kind;
  announce(text);
}

// The status line with a button after the words (a search the server lost:
// "Solve again"); pressing it clears the line and does it.
export function offerAgain(text, label, again) {
  say(text, "error");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "message-action";
  button.textContent = label;
  button.addEventListener("click", () => {
    say("");
    again();
  }, { once: true });
  $("#board-message").append(" ", button);
}

// The answer line of the Solve panel.
export function setAnswer(text, kind = "info") {
  const el = $("#answer");
  el.textContent = text || "";
  el.dataset.kind = kind;
}

// A button disabled while it has the focus drops it; the keyboard gets it back.
export function keepFocus(el, board) {
  const active = document.activeElement;
  if (el && el !== board && !el.disabled && el.isConnected && (!active || active === document.body)) {
    el.focus({ preventScroll: true });
  }
}
