// A made-up fourth kind, for the test that the shell plays any kind given
// only the contract's object (static/js/shell/playground.js): a counter
// whose one move, "down", takes one off; the goal is 0. It knows its
// puzzle and nothing of the shell's state.

import { startPlayground } from "../../shell/playground.js";

const number = (text) => Number(text.trim());

const counter = {
  name: "counter",
  words: {
    moveTitle: (move, i) => `Step ${i + 1}: down`,
    moveWords: (move, before) => `Down from ${number(before)}.`,
    answerWords: (answer) => `Counted down in ${answer.length} steps.`,
    hintWords: (hint) => ({ text: hint.move ? "Hint: go down." : "At 0 already.", kind: "info" }),
    linkMoves: (steps) => String(steps.length),
    movesOfLink: (text) => Array.from({ length: Number(text) }, () => "down"),
  },
  replay: (start, moves) => moves.map((_, i) => `${number(start) - i - 1}\n`),
  // once counted down by hand, the shortest is asked of the server
  shortestAfterSolve: true,
  mount(host) {
    const board = document.querySelector("#board");
    document.querySelector("#down").addEventListener("click", () => host.tryMove("down"));
    return {
      show: (position, { hinted = null } = {}) => {
        board.textContent = `${number(position)}${hinted ? " ↓" : ""}`;
      },
      animate: async (from, to) => {
        board.textContent = String(number(to));
      },
      describe: (position) => `The counter shows ${number(position)}.`,
      valid: (text) => /^\d+\n$/.test(text),
      keyMove: (e) => (e.key === "ArrowDown" ? "down" : null),
    };
  },
};

startPlayground(counter);
