// The Share panel's "Download animation" link: the server's GIF of the
// shortest solution of the start shown (/api/<kind>/animation.gif?p=<code>),
// or, with "the moves played so far" ticked, of those moves (&moves=, as
// the page's links write them). The share code is the server's word, asked
// for once a start; a start changed meanwhile wins, and until its code
// comes the link is hidden, so that it never downloads the puzzle before.

import { post } from "../common/api.js";
import { movesShown } from "./keeping.js";

const $ = (selector) => document.querySelector(selector);

export const animation = {
  async followAnimation() {
    const row = $("#animation-share");
    const link = $("#animation-link");
    if (!row || !link) return;
    const start = this.state.start;
    row.hidden = true;
    try {
      const { code } = await post(this.api("share"), { board: start });
      if (this.state.start !== start || !code) return;
      this.animationCode = code;
      link.href = this.animationAddress();
      row.hidden = false;
    } catch {
      // no code, no link: the rest of the panel still shares
    }
  },

  // Read as the link is followed, so that it carries the moves played then.
  animationAddress() {
    const t = this.state.timeline;
    const played = movesShown(t) ? t.steps.slice(1, t.cursor + 1) : [];
    const moves = $("#share-moves")?.checked && played.length ? this.words.linkMoves?.(played) : "";
    const address = `${this.api("animation.gif")}?p=${encodeURIComponent(this.animationCode)}`;
    return moves ? `${address}&moves=${encodeURIComponent(moves)}` : address;
  },
};
