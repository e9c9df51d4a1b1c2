// The Share box of every kind's page (templates/_playground.html): what
// the puzzle shown is shared as, each in a row of its own with its Copy
// button: the link (the puzzle itself in ?p=), the short link (/s/<id>,
// stored on the server and rate limited, so made only when asked), the
// preview image, the animation (its row: animation.js) and the embed code
// (the <iframe> of the player, as /oembed gives it). The addresses are the
// server's, whole (it knows the public address), asked for once a start
// from the kind's /share route; a start changed meanwhile wins, and until
// its answer comes the fields are empty, never the puzzle before's. The
// options ("with the moves played so far", "open with the solution
// playing") shape them here, as they change. Where the browser has one
// (phones), Share… opens the system share sheet.

import { post } from "../common/api.js";
import { copyText } from "../common/files.js";
import { number, t } from "../common/i18n.js";
import { animationAddress, showAnimation } from "./animation.js";

const $ = (selector) => document.querySelector(selector);

// An editor that sets a start at every stroke asks once it pauses.
const SETTLE_MS = 250;
// An animation being prepared is asked for this many times at most (its
// Retry-After apart: 5 s by default) before the page gives up.
const MAX_ASKS = 24;

// Each row: its field, its Copy button, what the status line says once
// it is copied, or selected to be copied by hand.
const ROWS = {
  link: { field: "#share-url", button: "#copy-link", copied: () => t("Link copied to the clipboard."),
    byHand: () => t("The clipboard is not available here: the link is selected, copy it by hand.") },
  short: { field: "#short-url", button: "#short-link", copied: () => t("Short link copied to the clipboard."),
    byHand: () => t("The clipboard is not available here: the short link is selected, copy it by hand.") },
  image: { field: "#share-image", button: "#copy-image", copied: () => t("Image address copied to the clipboard."),
    byHand: () => t("The clipboard is not available here: the image address is selected, copy it by hand.") },
  animation: { field: "#share-animation", button: "#copy-animation",
    copied: () => t("Animation address copied to the clipboard."),
    byHand: () => t("The clipboard is not available here: the animation address is selected, copy it by hand.") },
  embed: { field: "#share-embed", button: "#copy-embed", copied: () => t("Embed code copied to the clipboard."),
    byHand: () => t("The clipboard is not available here: the embed code is selected, copy it by hand.") },
};

export class ShareBox {
  // api(route): the kind's API path; extras(): what a link carries besides
  // the puzzle ({moves, ...the options they were played under}, or {}).
  constructor({ api, extras }) {
    this.api = api;
    this.extras = extras;
    this.start = null; // the start the box is for
    this.addresses = null; // the server's answer for it, once come
    this.asking = null; // the promise of that answer
    this.came = null; // a promise of the answer for the start, settled when it comes
    this.arrived = null; // what settles it
    this.short = null; // its short link, once made
    this.timer = null;
    for (const [name, row] of Object.entries(ROWS)) $(row.button)?.addEventListener("click", () => this.copy(name));
    for (const id of ["#share-moves", "#share-play"]) $(id)?.addEventListener("change", () => this.show());
    $("#share-system")?.addEventListener("click", () => this.systemShare());
    $("#animation-link")?.addEventListener("click", (event) => this.download(event));
  }

  // The start shown is `start`: the fields empty at once, its addresses
  // asked for once it stays (the first start's at once).
  follow(start) {
    if (start === this.start) return;
    const first = this.start === null;
    Object.assign(this, { start, addresses: null, asking: null, short: null });
    this.came = new Promise((resolve) => { this.arrived = resolve; });
    this.show();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.ask().catch((error) => this.say(error.message, "error")),
      first ? 0 : SETTLE_MS);
  }

  // The answer for the start shown, asked for once; a failed one is asked
  // again at the next Copy.
  ask() {
    clearTimeout(this.timer);
    if (!this.asking) {
      const start = this.start;
      const asking = post(this.api("share"), { board: start }).then((body) => {
        if (this.start === start) {
          this.addresses = body;
          this.show();
          this.arrived(body);
        }
        return body;
      });
      asking.catch(() => {
        if (this.asking === asking) this.asking = null;
      });
      this.asking = asking;
    }
    return this.asking;
  }

  // The server's answer for the start shown, whenever the box has it (the
  // address bar follows it too: one question a start). A start left before
  // its answer came never settles it.
  answer() {
    return this.came;
  }

  // The addresses of the start shown, however many starts come meanwhile.
  async ready() {
    while (!this.addresses) await this.ask();
    return this.addresses;
  }

  // A row's text: the server's address, shaped by the options of now.
  text(name) {
    const a = this.addresses;
    if (!a) return "";
    const extras = this.extras();
    const play = Boolean($("#share-play")?.checked);
    if (name === "link") return shaped(a.link, extras, play);
    if (name === "short") return this.short ? shaped(this.short, extras, play) : "";
    if (name === "image") return a.image;
    if (name === "animation") return animationAddress(a.animation, extras.moves);
    // the player reads a link's moves and play=1 as the page does
    const src = shaped(a.embed.src, extras, play);
    return a.embed.html.replace(`src="${attribute(a.embed.src)}"`, `src="${attribute(src)}"`);
  }

  show() {
    for (const name of ["link", "short", "image", "embed"]) $(ROWS[name].field).value = this.text(name);
    showAnimation(this.text("animation"), this.addresses?.animation === null);
    $("#short-link .label").textContent = this.short ? t("Copy") : t("Make");
    const system = $("#share-system");
    if (system) system.hidden = !navigator.share || !this.addresses;
  }

  say(text, kind) {
    const msg = $("#share-message");
    msg.textContent = text;
    msg.dataset.kind = kind;
  }

  // Copy: the row's text to the clipboard (the short link made first, when
  // it is not yet); where the clipboard is refused, the text is selected
  // in its field to be copied by hand.
  async copy(name) {
    const { field, copied, byHand } = ROWS[name];
    try {
      await this.ready();
      if (name === "short" && !this.short) await this.makeShort();
    } catch (error) {
      this.say(error.message, "error");
      return;
    }
    this.show();
    const text = this.text(name);
    if (!text) return; // a new start came meanwhile: its addresses are on their way
    if (await copyText(text)) {
      this.say(copied(), "ok");
    } else {
      $(field).focus();
      $(field).select();
      this.say(byHand(), "warn");
    }
  }

  // Download animation: the GIF fetched and saved, so that a refusal is
  // said here rather than saved as a .gif file. A heavy one is a 503 with
  // Retry-After while a worker draws it: asked again after that long, as
  // long as the address stays. A click that opens a tab is the browser's.
  async download(event) {
    this.show(); // the moves played at the click
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const address = this.text("animation");
    if (!address) return;
    this.say(t("Drawing the animation…"), "info");
    for (let asked = 1; ; asked += 1) {
      let response;
      try {
        response = await fetch(address);
      } catch {
        this.say(t("The server cannot be reached. Is it still running?"), "error");
        return;
      }
      if (response.ok) {
        save(await response.blob(), $("#animation-link").getAttribute("download") || "animation.gif");
        this.say(t("Animation downloaded."), "ok");
        return;
      }
      const body = await response.json().catch(() => ({}));
      const retry = Number(response.headers.get("Retry-After"));
      if (response.status !== 503 || !retry || asked >= MAX_ASKS || this.text("animation") !== address) {
        this.say(body.error || t("The server answered %(status)s.", { status: response.status }), "error");
        return;
      }
      this.say(t("The animation is being prepared: it downloads when it is ready (in about %(seconds)s s).",
        { seconds: number(retry) }), "info");
      await new Promise((resolve) => setTimeout(resolve, retry * 1000));
    }
  }

  // A full store refuses (507) with the long link, which the Link row holds.
  async makeShort() {
    const start = this.start;
    const body = await post(this.api("links"), { board: start });
    if (this.start === start) this.short = body.link;
  }

  // The system share sheet: the headline, a sentence and the link. Shown
  // only once the addresses are here: the sheet needs the click's
  // activation, which a wait could outlast.
  async systemShare() {
    const a = this.addresses;
    if (!a) return;
    this.say("", "info");
    try {
      await navigator.share({ title: a.title, text: a.text, url: this.text("link") });
    } catch (error) {
      if (error.name !== "AbortError") this.say(t("The share sheet could not open: %(error)s", { error: error.message }), "error");
    }
  }
}

// Saves `blob` as the file `name`.
function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // revoked once the click's download has taken the blob
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

// `address` with what the link carries (`extras`) and play=1 when asked.
function shaped(address, extras, play) {
  const url = new URL(address);
  for (const [key, value] of Object.entries(extras)) url.searchParams.set(key, value);
  if (play) url.searchParams.set("play", "1");
  return url.toString();
}

// As the server writes an attribute's value (webapp/web/sharing.py).
function attribute(text) {
  return text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
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
    if (moves.length > MAX_LINK_MOVES) return { error: t("more than %(n)s moves", { n: number(MAX_LINK_MOVES) }) };
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
// goes as its share code, the box's. The tab is opened at the click, before
// the wait: a tab opened after it may be taken for a pop-up and blocked.
export async function printSheet(box, kind) {
  const tab = window.open("about:blank", "_blank");
  try {
    const { code } = await box.ready();
    const sheet = new URL("/print.pdf", window.location.origin);
    sheet.searchParams.set("kind", kind);
    sheet.searchParams.set("p", code);
    if (tab) tab.location.href = sheet.toString();
    else window.location.assign(sheet.toString());
  } catch (error) {
    tab?.close();
    box.say(error.message, "error");
  }
}
