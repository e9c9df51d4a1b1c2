// The triangle page's Set up panel: a new random puzzle (size, figure kinds,
// exactly one picture) from /api/triangle/shuffle, and the text both ways
// (a pasted puzzle is checked by /api/triangle/parse; a malformed one shows
// the server's message with its line and column and keeps the puzzle shown).

import { post, refusal } from "../../common/api.js";
import { t, tn } from "../../common/i18n.js";
import { parsePuzzle } from "./draw.js";

const $ = (selector) => document.querySelector(selector);

function editorSay(text, kind = "info") {
  const el = $("#puzzle-message");
  el.textContent = text || "";
  el.dataset.kind = kind;
}

export function mountEditor(shell) {
  const shuffle = $("#shuffle");
  shuffle.addEventListener("click", async () => {
    const size = Number($("#size").value);
    const figures = Number($("#figures").value);
    const unique = $("#unique").checked;
    if (!Number.isInteger(figures) || figures < 0 || figures > Number($("#figures").max)) {
      shell.say(t("Choose 0 to %(max)s figure kinds.", { max: $("#figures").max }), "error");
      return;
    }
    shuffle.disabled = true;
    shell.say(unique ? t("Looking for a puzzle with exactly one picture…") : t("Making a random puzzle…"));
    try {
      const body = await post(shell.api("shuffle"), { size, figures, unique });
      shell.setStart(body.board, {
        title: unique ? t("Random %(n)s × %(n)s, one picture", { n: size }) : t("Random %(n)s × %(n)s", { n: size }),
        message: tn("A random %(size)s × %(size)s puzzle with %(n)s figure kind. Place the pieces, or press Solve.",
          "A random %(size)s × %(size)s puzzle with %(n)s figure kinds. Place the pieces, or press Solve.", figures,
          { size }),
      });
    } catch (error) {
      shell.say(refusal(error), "error");
    } finally {
      shuffle.disabled = false;
    }
  });

  $("#use-puzzle").addEventListener("click", async () => {
    const text = $("#puzzle-text").value;
    if (!text.trim()) {
      editorSay(t("Paste a puzzle first: the figure kinds, the piece count, then one piece a line."), "error");
      return;
    }
    try {
      const body = await post(shell.api("parse"), { board: text });
      const p = parsePuzzle(body.board);
      editorSay(tn("Using this puzzle: %(size)s × %(size)s, %(n)s piece.", "Using this puzzle: %(size)s × %(size)s, %(n)s pieces.",
        p.pieces.length, { size: p.n }), "ok");
      shell.setStart(body.board, { title: t("Your puzzle"), message: t("The puzzle as pasted: every piece in the tray.") });
    } catch (error) {
      editorSay(refusal(error), "error");
      shell.say(t("That text is not a puzzle. Your puzzle is unchanged."), "error");
    }
  });
  // a message is about the text as it was: editing it makes the message stale
  $("#puzzle-text").addEventListener("input", () => {
    if ($("#puzzle-message").dataset.kind === "error") editorSay("");
  });
  $("#copy-puzzle").addEventListener("click", () => {
    $("#puzzle-text").value = shell.start;
    editorSay(t("The puzzle shown is in the box: copy it, or edit it and press Use this puzzle."));
  });
}
