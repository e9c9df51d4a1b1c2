const board = document.getElementById("board");
const answer = document.getElementById("answer");

document.getElementById("solve").addEventListener("click", async () => {
  answer.textContent = "Solving…";
  const response = await fetch("/api/solve", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ board: board.dataset.board, goal: "any" }),
  });
  const body = await response.json();
  answer.textContent = response.ok ? body.summary : body.error;
});
