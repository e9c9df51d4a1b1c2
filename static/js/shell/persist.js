// Keeping a kind's work: the start position and the moves played are saved
// in the browser under the kind's own key, and the address bar follows the
// start (?p=<code>, from /api/<kind>/share) so that a reload or a bookmark
// opens it again. One replaceState per pause in editing, never a history
// entry per edit.

import { post } from "../api.js";

const ADDRESS_DELAY_MS = 400;
// A play longer than this is not worth a full localStorage entry.
const MAX_SAVED_STEPS = 2000;

export class Keeper {
  constructor(kind) {
    this.kind = kind;
    this.key = `rotation-playground:${kind}:work`;
    this.timer = null;
    this.latest = null;
  }

  // {start, title, steps, cursor, ...more} as saved, or null (nothing, or unreadable).
  load() {
    try {
      const work = JSON.parse(localStorage.getItem(this.key) || "null");
      if (!work || typeof work.start !== "string") return null;
      if (!Array.isArray(work.steps) || !Number.isInteger(work.cursor)) return { ...work, steps: null };
      return work;
    } catch {
      return null; // storage blocked (private mode, policy) or not ours
    }
  }

  // `more`: what else a kind keeps with its work (rotation: the goal, the tab).
  save({ start, title, steps, cursor, ...more }) {
    const kept = steps && steps.length <= MAX_SAVED_STEPS ? steps : null;
    const write = (work) => localStorage.setItem(this.key, JSON.stringify({ ...more, start, title, ...work }));
    try {
      write({ steps: kept, cursor: kept ? cursor : 0 });
    } catch {
      try {
        write({ steps: null, cursor: 0 }); // too big: the start at least, never an older work
      } catch {
        // blocked: the address still keeps the start
      }
    }
  }

  followAddress(text) {
    this.latest = text;
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      try {
        const body = await post(`/api/${this.kind}/share`, { board: text });
        if (this.latest !== text || !body.url) return;
        const url = new URL(body.url, window.location.origin);
        // a play=1 is for the first opening only, not for every reload
        history.replaceState(history.state, "", url.pathname + url.search);
      } catch {
        // the address stays as it was; the saved copy still has the board
      }
    }, ADDRESS_DELAY_MS);
  }
}
