// The keyboard shortcuts. A shortcut never takes a key that the focused
// control needs itself: text fields, selects, sliders and radio buttons keep
// every key, the mode tabs their arrows, Home and End, and buttons, links and
// summaries their Space and Enter. The board gives its keys to `boardKey`
// first (the drawing cursor in Draw mode).

const NOT_TEXT = new Set(["radio", "checkbox", "button", "submit", "reset", "range", "file", "color", "image"]);

// Fields where the browser's own undo and arrows edit what is typed.
export function typing(el) {
  if (!el || !el.tagName) return false;
  if (el.isContentEditable || el.tagName === "TEXTAREA" || el.tagName === "SELECT") return true;
  return el.tagName === "INPUT" && !NOT_TEXT.has(el.type);
}

const ACTIVATED = new Set([" ", "Enter"]);

// Whether the focused element `el` uses `key` itself.
export function ownsKey(el, key) {
  if (!el || el === document.body || el === document.documentElement || !el.closest) return false;
  if (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable) return true;
  if (el.closest('[role="tablist"], [role="radiogroup"], [role="listbox"], [role="menu"], [role="grid"]')) return true;
  if (el.closest("button, a[href], summary, [role=button], [role=link]")) return ACTIVATED.has(key);
  // any other focusable element (a tab panel, say) keeps Space for scrolling
  return el.hasAttribute("tabindex") && key === " ";
}

// actions: {undo, redo, home, end, play, board, boardKey(event), move(event)
// (a kind's own move keys: true when it used the key)}; home and end return
// false when there are no steps to go through, boardKey returns true when
// it used the key.
export function installShortcuts(actions) {
  document.addEventListener("keydown", (e) => {
    const el = e.target;
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    if (ctrl && (key === "z" || key === "y")) {
      if (typing(el)) return;
      e.preventDefault();
      if (key === "z" && !e.shiftKey) actions.undo(); else actions.redo();
      return;
    }
    if (ctrl || e.altKey) return;
    if (el === actions.board) {
      if (actions.boardKey?.(e)) {
        e.preventDefault();
        return;
      }
    } else if (ownsKey(el, e.key)) {
      return;
    }
    if (actions.move?.(e)) {
      e.preventDefault();
      return;
    }
    const act = { Home: actions.home, End: actions.end, " ": actions.play }[e.key];
    // an action that returns false had nothing to do: the key keeps its usual effect
    if (act && act() !== false) e.preventDefault();
  });
}

// A tool picked with the pointer hands the keyboard to `target`, so that
// shortcuts work next; a tool picked with the keyboard keeps its focus.
export function focusAfterPointerPick(group, target) {
  let byPointer = false;
  group.addEventListener("pointerdown", () => { byPointer = true; });
  group.addEventListener("keydown", () => { byPointer = false; });
  group.addEventListener("click", (e) => {
    if (!byPointer || !(e.target instanceof HTMLInputElement)) return;
    byPointer = false;
    target.focus({ preventScroll: true });
    // a click on a label's text focuses its radio after this event
    setTimeout(() => target.focus({ preventScroll: true }), 0);
  });
}
