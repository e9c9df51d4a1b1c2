// The colour theme, on every page: the player's kept choice ("light",
// "dark", or "system" to follow the system), else the system's
// prefers-color-scheme. It is put on <html data-theme="light|dark">, the one
// thing the stylesheets read. A change fires "themechange" on window so that
// what is painted by script (a canvas) is painted again.
//
// base.html loads it first in <head> as a plain script, not a module: it
// runs before the page is painted, so a dark page never shows light first
// (a module would run only once the page is parsed).

(() => {
const KEY = "rotation-playground:theme";
const CHOICES = ["system", "light", "dark"];
const system = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;

function keptChoice() {
  try {
    const kept = localStorage.getItem(KEY);
    return CHOICES.includes(kept) ? kept : "system";
  } catch {
    return "system"; // storage blocked: the system decides
  }
}

function themeFor(choice) {
  if (choice !== "system") return choice;
  return system && system.matches ? "dark" : "light";
}

let current = keptChoice();

function apply() {
  const theme = themeFor(current);
  const root = document.documentElement;
  if (root.dataset.theme === theme) return;
  // The controls ease their colours (a transition): without this each would
  // fade from the old theme on its own, and a check of contrast made at
  // once would read the colours half way.
  root.classList.add("theme-switching");
  root.dataset.theme = theme;
  requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove("theme-switching")));
  window.dispatchEvent(new Event("themechange"));
}

function choose(choice) {
  current = choice;
  try {
    localStorage.setItem(KEY, choice);
  } catch {
    // not kept, but this page still follows the choice
  }
  apply();
}

// The switch in the top bar (templates/base.html) shows the kept choice.
function wire(select) {
  select.value = current;
  select.addEventListener("change", () => choose(select.value));
  // a choice made in another tab
  window.addEventListener("storage", (e) => {
    if (e.key !== KEY) return;
    current = keptChoice();
    select.value = current;
    apply();
  });
}

apply();
if (system) system.addEventListener("change", apply);
// the switch is further down the page than this script
document.addEventListener("DOMContentLoaded", () => {
  const select = document.getElementById("theme-choice");
  if (select) wire(select);
});
})();
