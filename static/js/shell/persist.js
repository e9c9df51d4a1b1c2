// Keeping a kind's work: the start position and the moves played are saved
// in the browser under the kind's own key, and the address bar follows the
// start (?p=<code>) so that a reload or a bookmark opens it again. The share
// code is the server's word, in the Share box's answer for the start (one
// question a start, once editing pauses); until it comes the address is the
// kind's plain page, which opens the saved work, never the board before the
// change. No history entry per edit.

// A play longer than this is not worth a full localStorage entry.
const MAX_SAVED_STEPS = 2000;

export class Keeper {
  // page: the kind's plain page (its address without a puzzle), which opens
  // the work kept here
  constructor(kind, page) {
    this.page = page;
    this.key = `rotation-playground:${kind}:work`;
    this.latest = null; // the start the address follows
    this.kept = false; // the last save reached the browser's storage
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

  // `more`: what else a kind keeps with its work (a goal, a tab).
  save({ start, title, steps, cursor, ...more }) {
    const kept = steps && steps.length <= MAX_SAVED_STEPS ? steps : null;
    const write = (work) => localStorage.setItem(this.key, JSON.stringify({ ...more, start, title, ...work }));
    try {
      write({ steps: kept, cursor: kept ? cursor : 0 });
      this.kept = true;
    } catch {
      try {
        write({ steps: null, cursor: 0 }); // too big: the start at least, never an older work
        this.kept = true;
      } catch {
        this.kept = false; // blocked: the address still keeps the start
      }
    }
  }

  // The address follows the start `text`, kept (save) before: at once the
  // kind's plain page, so that a reload or a copied address before the
  // share code comes opens the work kept, never the board before; then the
  // address in `answer` (a promise of the kind's /share answer for `text`),
  // unless another start came meanwhile.
  followAddress(text, answer) {
    if (this.kept && window.location.pathname + window.location.search !== this.page) {
      history.replaceState(history.state, "", this.page);
    }
    this.latest = text;
    answer.then((body) => {
      if (this.latest !== text || !body.url) return;
      const url = new URL(body.url, window.location.origin);
      // a play=1 is for the first opening only, not for every reload
      history.replaceState(history.state, "", url.pathname + url.search);
    });
  }
}
