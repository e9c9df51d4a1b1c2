// The Share panel of every kind's page: ask the server for a link to the
// puzzle (the full one carries the puzzle in ?p=, the short one is /s/<id>),
// add play=1 when asked, show it and copy it.

import { post } from "../api.js";
import { copyText } from "../files.js";

const $ = (selector) => document.querySelector(selector);

// path: the kind's /share or /links route; payload: what it needs; more:
// what the link carries besides the puzzle (rotation: the turns played).
export async function share(path, payload, more = {}) {
  const msg = $("#share-message");
  try {
    const body = await post(path, payload);
    const url = new URL(body.url, window.location.origin);
    for (const [key, value] of Object.entries(more)) url.searchParams.set(key, value);
    if ($("#share-play").checked) url.searchParams.set("play", "1");
    $("#share-url").value = url.toString();
    const copied = await copyText(url.toString());
    msg.textContent = copied ? "Link copied to the clipboard." : "Copy the link above.";
    msg.dataset.kind = "ok";
  } catch (error) {
    msg.textContent = error.message;
    msg.dataset.kind = "error";
  }
}
