// The page's one polite live region (#announce): turns, steps, edits and the
// keyboard cursor are told there, so that a screen reader hears each once.

let region = null;

export function announce(text) {
  region ??= document.querySelector("#announce");
  if (!region || !text) return;
  // the same words twice in a row are not re-read unless the text changes
  region.textContent = region.textContent === text ? `${text}\u00a0` : text;
}
