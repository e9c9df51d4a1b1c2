// Solves that run on the server as jobs: start one, show its progress (or
// its place in the queue), cancel it, and cancel it too when the page is
// left, so that nobody's abandoned search keeps a solver busy.

import { post } from "./api.js";
import { count, duration, isNumber } from "./format.js";
import { t } from "./i18n.js";

// Older servers only knew "running"; "queued" is as unfinished.
export function unfinished(job) {
  return job.status === "running" || job.status === "queued";
}

// A job waiting for a solver: its place in the queue.
export function queuedText(job) {
  return job.place ? t("Waiting for a free solver: number %(place)s in the queue", { place: count(job.place) })
    : t("Waiting for a free solver");
}

// A job under a time limit shows its clock against the limit ("12 s of 60 s"):
// a long wait reads as a wait with an end, not as a hang.
export function limited(job) {
  return job.status !== "queued" && isNumber(job.max_seconds) && job.max_seconds > 0;
}

export function clockWords(job) {
  const spent = isNumber(job.seconds) ? Math.floor(job.seconds) : 0;
  return t("%(spent)s s of %(limit)s s", { spent: count(Math.min(spent, Math.ceil(job.max_seconds))), limit: count(job.max_seconds) });
}

export class JobStopped extends Error {}

// The server no longer has the job (its queue restarted and lost it): the
// page says so and offers to start it again.
export class JobLost extends Error {}

// A job that ended without an answer: the error that says why.
export function unanswered(job) {
  const words = job.error || t("The solver could not finish.");
  return job.failure === "lost" ? new JobLost(words) : new Error(words);
}

export class Jobs {
  // box: the progress element, shown while a job runs; bar, label inside it.
  // path: where solves are asked for (each kind has its own, /api/<kind>/solve).
  // outageMs: how long a job out of reach (503, no connection) is waited for.
  constructor({ box, bar, label, path, pollMs = 250, outageMs = 120_000 }) {
    Object.assign(this, { box, bar, label, pollMs, path, outageMs });
    this.id = null;
    this.active = false;
    this.outage = null;
    this.wake = null;
    window.addEventListener("pagehide", () => this.abandon());
  }

  // Solve (payload as for POST /api/<kind>/solve; another of the kind's
  // searches at its own path, e.g. a kind's own trace route) and wait for its
  // answer: 200 is the answer itself, 202 the job finding it, followed here.
  async solve(payload, what = "Solving", path = this.path) {
    if (this.active) throw new Error(t("A search is already running: wait for it, or press Cancel."));
    this.active = true;
    try {
      // respond-async: a solve that goes to a worker comes back as its job at
      // once, so that its progress and Cancel show straight away
      const body = await post(path, payload, { Prefer: "respond-async" });
      if (!body.job) return body;
      let job = { ...body, id: body.job };
      if (unfinished(job)) job = await this.follow(job, what);
      if (job.status === "cancelled") throw new JobStopped(this.stoppedText(job));
      if (job.status !== "done" || !job.answer) throw unanswered(job);
      return job.answer;
    } finally {
      this.active = false;
    }
  }

  async follow(job, what) {
    this.id = job.id;
    this.stopping = false;
    this.box.hidden = false;
    this.box.dataset.what = what;
    this.outage = null; // since when the server has not answered for this job
    let wait = this.pollMs;
    try {
      while (unfinished(job)) {
        if (this.outage === null) this.show(job);
        await new Promise((resolve) => {
          this.wake = resolve; // Cancel ends a long wait at once
          setTimeout(resolve, wait);
        });
        if (this.stopping && this.outage !== null) throw new JobStopped(t("Cancelled."));
        let response = null;
        try {
          response = await fetch(`/api/jobs/${encodeURIComponent(job.id)}`);
        } catch {
          response = null; // the web process went away: behind a proxy another answers
        }
        const body = response ? await response.json().catch(() => ({})) : {};
        // 503: the jobs' store is down for a while (Retry-After says how
        // long); the job may well be running still, so the page asks again
        if (!response || response.status === 503) {
          this.outage ??= Date.now();
          if (this.stopping) throw new JobStopped(t("Cancelled."));
          if (Date.now() - this.outage > this.outageMs) {
            throw new Error(body.error || t("The server cannot be reached. Is it still running?"));
          }
          const after = Number(response?.headers.get("Retry-After"));
          wait = Math.min(10_000, Math.max(this.pollMs, (after > 0 ? after : 1) * 1000));
          this.waitingWords(body.error);
          continue;
        }
        this.outage = null;
        wait = this.pollMs;
        delete this.box.dataset.outage;
        if (!response.ok) throw new Error(body.error || t("The search was lost."));
        job = body;
      }
      return job;
    } finally {
      this.id = null;
      this.outage = null;
      this.wake = null;
      this.box.hidden = true;
      this.box.dataset.status = "";
      delete this.box.dataset.outage;
    }
  }

  // The job is out of reach for now: the progress says so, and keeps its bar.
  waitingWords(error) {
    this.box.dataset.outage = "yes";
    const why = error || t("The server cannot be reached just now.");
    this.label.textContent = t("%(why)s Asking again…", { why });
  }

  // Words for a job cancelled part way; a kind counts its own work.
  stoppedText() {
    return t("Cancelled.");
  }

  // The words of a job's progress, and how far it is (0 to 1, or null when
  // nothing measures it); a kind's jobs count their own work.
  progressWords(job) {
    const time = duration(job.seconds, 1);
    return time ? t("Searching, %(time)s", { time }) : t("Searching");
  }

  progressFraction() {
    return null;
  }

  // Written once for every kind: the count, the clock against a time limit,
  // and the kind's note on what the search will do (a big board's limit).
  show(job) {
    this.box.dataset.status = job.status;
    const clock = limited(job);
    let fraction = job.status === "queued" ? null : this.progressFraction(job);
    // the nearer of the two limits, the count's or the clock's (not while tables build)
    if (clock && job.phase !== "building") {
      fraction = Math.max(fraction ?? 0, Math.min(1, (job.seconds || 0) / job.max_seconds));
    }
    if (fraction === null || fraction === undefined) this.bar.removeAttribute("value"); // indeterminate
    else this.bar.value = fraction;
    // under a limit the clock replaces the elapsed time the words would give
    const words = job.status === "queued" ? queuedText(job) : this.progressWords(clock ? { ...job, seconds: null } : job);
    this.label.textContent = clock ? `${words} · ${clockWords(job)}` : words;
    const note = this.box.querySelector(".progress-note");
    if (note) {
      const text = typeof job.note === "string" ? job.note.trim() : "";
      note.textContent = text;
      note.hidden = !text;
    }
  }

  async cancel() {
    if (!this.id) return;
    // while the job is out of reach the page stops following it (its worker
    // stops a job nobody polls) and asks nothing that could not get through
    this.stopping = true;
    if (this.outage !== null) {
      this.wake?.();
      return;
    }
    await post(`/api/jobs/${encodeURIComponent(this.id)}/cancel`, {});
  }

  // The page is going away: a beacon still gets out when a fetch would not.
  abandon() {
    if (!this.id || !navigator.sendBeacon) return;
    navigator.sendBeacon(`/api/jobs/${encodeURIComponent(this.id)}/cancel`);
  }
}
