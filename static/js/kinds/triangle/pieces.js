// The piece editor: one row of three numbers a piece, a piece added or
// removed. Each change is checked by /api/triangle/parse; while the text is
// not a puzzle (the piece count not a square, say) the server's message is
// shown and the rows keep what was typed, the puzzle shown staying as it
// was. The rows are rebuilt only when the puzzle comes from elsewhere.

import { post, refusal } from "../../common/api.js";
import { t, tn } from "../../common/i18n.js";
import { parsePuzzle } from "./draw.js";

const $ = (selector) => document.querySelector(selector);

function editorSay(text, kind = "info") {
  const el = $("#pieces-message");
  el.textContent = text || "";
  el.dataset.kind = kind;
}

function numberInput(value, label) {
  const input = document.createElement("input");
  input.type = "number";
  input.step = "1";
  input.inputMode = "numeric";
  input.value = String(value);
  input.setAttribute("aria-label", label);
  return input;
}

function row(edges) {
  const li = document.createElement("li");
  li.className = "piece-row";
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "remove-piece";
  remove.textContent = t("Remove");
  const name = document.createElement("span");
  name.className = "piece-name";
  name.setAttribute("aria-hidden", "true"); // the inputs' own names say it
  li.append(name, ...edges.map((v, i) => numberInput(v, t("side %(n)s", { n: i + 1 }))), remove);
  return li;
}

// The rows' pieces, or the words for the first number that is not whole.
export function readRows(list) {
  const pieces = [];
  for (const [r, li] of [...list.children].entries()) {
    const values = [...li.querySelectorAll("input")].map((input) => input.value.trim());
    const bad = values.findIndex((v) => !/^[-+]?\d+$/.test(v));
    if (bad >= 0) return { error: t("Piece %(piece)s, side %(side)s: write a whole number (0 for a straight edge).", { piece: r, side: bad + 1 }) };
    pieces.push(values.map(Number));
  }
  return { pieces };
}

// The puzzle's text for these pieces: as many figure kinds as the largest
// number asks for, at least those of the puzzle edited.
export function puzzleText(pieces, figures = 0) {
  const most = Math.max(figures, ...pieces.flat().map(Math.abs));
  return `${most}\n${pieces.length}\n${pieces.map((p) => p.join(" ")).join("\n")}\n`;
}

export function mountPieceEditor(shell) {
  const list = $("#piece-rows");
  let asked = 0;
  let ours = null; // the text this editor last gave the shell

  const labelRows = () => [...list.children].forEach((li, r) => {
    li.querySelector(".piece-name").textContent = String(r);
    li.querySelectorAll("input").forEach((input, i) => input.setAttribute("aria-label", t("Piece %(piece)s, side %(side)s", { piece: r, side: i + 1 })));
    li.querySelector(".remove-piece").setAttribute("aria-label", t("Remove piece %(piece)s", { piece: r }));
  });

  const fill = (text) => {
    const p = parsePuzzle(text);
    if (!p) return;
    list.replaceChildren(...p.pieces.map((edges) => row(edges)));
    labelRows();
    editorSay("");
  };

  const check = async () => {
    const mine = ++asked;
    const read = readRows(list);
    if (read.error) {
      editorSay(read.error, "error");
      return;
    }
    const text = puzzleText(read.pieces, parsePuzzle(shell.start)?.figures ?? 0);
    try {
      const body = await post(shell.api("parse"), { board: text });
      if (mine !== asked) return; // a newer edit is being checked
      const p = parsePuzzle(body.board);
      ours = body.board;
      editorSay(tn("The puzzle now: %(size)s × %(size)s, %(n)s piece.", "The puzzle now: %(size)s × %(size)s, %(n)s pieces.",
        p.pieces.length, { size: p.n }), "ok");
      if (body.board !== shell.start) {
        shell.setStart(body.board, { title: t("Your puzzle"), undoable: true,
          message: t("The pieces as edited: every piece in the tray.") });
      }
    } catch (error) {
      if (mine !== asked) return;
      const why = refusal(error).replace(/\.$/, "");
      editorSay(t("%(why)s. The puzzle shown is unchanged until this is fixed.", { why }), "error");
    }
  };

  list.addEventListener("input", check);
  list.addEventListener("click", (e) => {
    const remove = e.target.closest(".remove-piece");
    if (!remove) return;
    const li = remove.closest("li");
    const next = li.nextElementSibling?.querySelector(".remove-piece") || li.previousElementSibling?.querySelector(".remove-piece");
    li.remove();
    labelRows();
    (next || $("#add-piece")).focus();
    check();
  });
  $("#add-piece").addEventListener("click", () => {
    const li = row([0, 0, 0]);
    list.append(li);
    labelRows();
    li.querySelector("input").focus();
    check();
  });
  fill(shell.start || "");
  return {
    startChanged(text) {
      if (text !== ours) fill(text);
    },
  };
}
