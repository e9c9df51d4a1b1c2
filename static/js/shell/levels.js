// The New puzzle panel every kind's page shares: a puzzle of a level
// (easy to expert) from the kind's pool (/api/<kind>/shuffle with
// "level"), opened as the kind opens a puzzle given whole (the shell's
// openPuzzle); the Puzzle of the day is a plain link (the server opens the
// day's puzzle, so the link can be shared). The panel says the level shown
// (#level-message, data-level) and what the level promises.

import { post } from "../common/api.js";
import { plural } from "../common/format.js";

const $ = (selector) => document.querySelector(selector);

const capital = (word) => word.charAt(0).toUpperCase() + word.slice(1);

// What a level promises, in the figures the server proved it with (a kind
// whose levels are measured otherwise says it in its words.levelWords).
function levelWords(level, body) {
  const a = /^[aeiou]/.test(level) ? "An" : "A";
  if (Number.isInteger(body.length)) {
    return `${a} ${level} puzzle: its shortest solution takes ${plural(body.length, "move")}.`;
  }
  return `${a} ${level} puzzle.`;
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
      tell(`Finding ${/^[aeiou]/.test(level) ? "an" : "a"} ${level} puzzle…`);
      try {
        // instead_of: another puzzle, never the one on the board
        const body = await post(shell.api("shuffle"), { level, instead_of: shell.state.start });
        const words = shell.words.levelWords?.(level, body) ?? levelWords(level, body);
        shell.openPuzzle(body.board, {
          title: `${capital(level)} puzzle`,
          message: `${words} Try it, or press Solve.`,
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
