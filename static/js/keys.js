// The keyboard shortcuts. They act wherever the focus is, except where a
// control needs the key itself: text fields keep their own undo, and radio
// buttons, the scrubber and selects keep their arrows and Home/End, so that
// keyboard users can still work every control.

const NOT_TEXT = new Set(["radio", "checkbox", "button", "submit", "reset", "range", "file", "color", "image"]);

// Fields where the browser's own undo and arrows edit what is typed.
export function typing(el) {
  if (!el || !el.tagName) return false;
  if (el.isContentEditable || el.tagName === "TEXTAREA" || el.tagName === "SELECT") return true;
  return el.tagName === "INPUT" && !NOT_TEXT.has(el.type);
}

// actions: {undo, redo, turn(move), home, end, play}; home and end return
// false when there are no steps to go through.
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
    const tag = el.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    const act = {
      ArrowLeft: () => actions.turn("L"),
      ArrowRight: () => actions.turn("R"),
      Home: actions.home,
      End: actions.end,
      " ": tag === "BUTTON" ? null : actions.play, // a focused button's own space
    }[e.key];
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
