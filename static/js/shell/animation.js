// The Share panel's "Download animation" link: the server's GIF of the
// shortest solution of the start shown (/api/<kind>/animation.gif?p=<code>).
// The share code is the server's word, asked for once a start; a start
// changed meanwhile wins, and until its code comes the link is hidden, so
// that it never downloads the puzzle before.

import { post } from "../common/api.js";

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
      link.href = `${this.api("animation.gif")}?p=${encodeURIComponent(code)}`;
      row.hidden = false;
    } catch {
      // no code, no link: the rest of the panel still shares
    }
  },
};
