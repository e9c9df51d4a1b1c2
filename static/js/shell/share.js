// The Share panel of every kind's page: ask the server for a link to the
// puzzle (the full one carries the puzzle in ?p=, the short one is /s/<id>),
// add play=1 when asked, show it and copy it.

import { post } from "../common/api.js";
import { copyText } from "../common/files.js";

const $ = (selector) => document.querySelector(selector);

// path: the kind's /share or /links route; payload: what it needs; more:
// what the link carries besides the puzzle (the moves played).
export async function share(path, payload, more = {}) {
  const msg = $("#share-message");
  try {
    const body = await post(path, payload);
    const copied = await copyText(shown(body.url, more));
    msg.textContent = copied ? "Link copied to the clipboard." : "Copy the link above.";
    msg.dataset.kind = "ok";
  } catch (error) {
    // a short link refused as the server's store is full comes with the
    // long link: shown in its place, to copy instead
    if (error.body?.url) shown(error.body.url, more);
    msg.textContent = error.message;
    msg.dataset.kind = "error";
  }
}

// Puts the link (with `more` and play=1 when asked) in the field; returns it.
function shown(link, more) {
  const url = new URL(link, window.location.origin);
  for (const [key, value] of Object.entries(more)) url.searchParams.set(key, value);
  if ($("#share-play").checked) url.searchParams.set("play", "1");
  $("#share-url").value = url.toString();
  return url.toString();
}

// The moves a link carries (?moves=, from "the moves played so far"), read
// by the kind's `read` (which throws an Error naming what is wrong): {moves},
// {error} for moves that cannot be read, or null when there are none.
export const MAX_LINK_MOVES = 2000;

export function linkMoves(params, read) {
  const text = params.get("moves");
  if (text === null || text === "") return null;
  try {
    const moves = read(text);
    if (moves.length > MAX_LINK_MOVES) return { error: `more than ${MAX_LINK_MOVES} moves` };
    return { moves };
  } catch (error) {
    return { error: error.message };
  }
}

// The address without the link's moves (and `names`): they are played once,
// and a reload then brings back the work as it goes on.
export function forgetLinkMoves(...names) {
  const here = new URL(window.location.href);
  for (const name of ["moves", ...names]) here.searchParams.delete(name);
  history.replaceState(history.state, "", here.pathname + here.search);
}

// Print: the sheet of this puzzle (/print.pdf, the server's PDF with its
// solution) opens in a new tab, so the work here stays as it is; the puzzle
// goes as its share code, asked for from `path` (the kind's /share route).
// The tab is opened at the click, before the wait: a tab opened after it
// may be taken for a pop-up and blocked.
export async function printSheet(path, payload, kind) {
  const msg = $("#share-message");
  const tab = window.open("about:blank", "_blank");
  try {
    const body = await post(path, payload);
    const code = new URL(body.url, window.location.origin).searchParams.get("p");
    const sheet = new URL("/print.pdf", window.location.origin);
    sheet.searchParams.set("kind", kind);
    sheet.searchParams.set("p", code);
    if (tab) tab.location.href = sheet.toString();
    else window.location.assign(sheet.toString());
  } catch (error) {
    tab?.close();
    msg.textContent = error.message;
    msg.dataset.kind = "error";
  }
}
