// The New puzzle panel every kind's page shares: a puzzle of a level
// (easy to expert) from the kind's pool (/api/<kind>/shuffle with
// "level"), opened as the kind opens a puzzle given whole (the shell's
// openPuzzle); the Puzzle of the day is a plain link (the server opens the
// day's puzzle, so the link can be shared). The panel says the level shown
// (#level-message, data-level) and what the level promises.

import { post } from "../common/api.js";
import { t, tn } from "../common/i18n.js";

const $ = (selector) => document.querySelector(selector);

// Each level's words, whole sentences (a level's name declines in German:
// "ein leichtes Rätsel", "Leichtes Rätsel").
const LEVELS = {
  easy: {
    finding: () => t("Finding an easy puzzle…"),
    title: () => t("Easy puzzle"),
    plain: () => t("An easy puzzle."),
    taking: (n) => tn("An easy puzzle: its shortest solution takes %(n)s move.",
      "An easy puzzle: its shortest solution takes %(n)s moves.", n),
  },
  medium: {
    finding: () => t("Finding a medium puzzle…"),
    title: () => t("Medium puzzle"),
    plain: () => t("A medium puzzle."),
    taking: (n) => tn("A medium puzzle: its shortest solution takes %(n)s move.",
      "A medium puzzle: its shortest solution takes %(n)s moves.", n),
  },
  hard: {
    finding: () => t("Finding a hard puzzle…"),
    title: () => t("Hard puzzle"),
    plain: () => t("A hard puzzle."),
    taking: (n) => tn("A hard puzzle: its shortest solution takes %(n)s move.",
      "A hard puzzle: its shortest solution takes %(n)s moves.", n),
  },
  expert: {
    finding: () => t("Finding an expert puzzle…"),
    title: () => t("Expert puzzle"),
    plain: () => t("An expert puzzle."),
    taking: (n) => tn("An expert puzzle: its shortest solution takes %(n)s move.",
      "An expert puzzle: its shortest solution takes %(n)s moves.", n),
  },
};

// What a level promises, in the figures the server proved it with (a kind
// whose levels are measured otherwise says it in its words.levelWords).
function levelWords(level, body) {
  const words = LEVELS[level];
  return Number.isInteger(body.length) ? words.taking(body.length) : words.plain();
}

export function mountLevels(shell) {
  const panel = $("#levels-panel");
  if (!panel) return;
  const message = $("#level-message");
  const buttons = [...panel.querySelectorAll("button[data-level]")];
  const tell = (text, kind = "info", level = "") => {
    message.textContent = text;
    message.dataset.kind = kind;
    message.dataset.level = level;
  };
  for (const button of buttons) {
    button.addEventListener("click", async () => {
      const level = button.dataset.level;
      for (const b of buttons) b.disabled = true;
      tell(LEVELS[level].finding());
      try {
        // instead_of: another puzzle, never the one on the board
        const body = await post(shell.api("shuffle"), { level, instead_of: shell.state.start });
        const words = shell.words.levelWords?.(level, body) ?? levelWords(level, body);
        shell.openPuzzle(body.board, {
          title: LEVELS[level].title(),
          message: t("%(words)s Try it, or press Solve.", { words }),
          optimum: Number.isInteger(body.length) ? body.length : null,
        });
        tell(words, "ok", level);
      } catch (error) {
        tell(error.message, "error");
      } finally {
        for (const b of buttons) b.disabled = false;
      }
    });
  }
}
