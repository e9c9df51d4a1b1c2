// The Share box's animation row (templates/_animation_link.html): the
// server's GIF of the shortest solution of the start shown
// (/api/<kind>/animation.gif?p=<code>, whole, as the box's addresses give
// it) or, with "the moves played so far" ticked, of those moves (&moves=,
// as the page's links write them); its Download link downloads the same.

const $ = (selector) => document.querySelector(selector);

// The animation's address: `base`, the server's, with the moves when any.
export function animationAddress(base, moves) {
  if (!base) return "";
  return moves ? `${base}&moves=${encodeURIComponent(moves)}` : base;
}

// The row shows `address` ("" while the start's addresses are on their way:
// the link then has no href, so it never downloads the puzzle before);
// `none`: the kind draws no animation, and the row is hidden.
export function showAnimation(address, none) {
  const row = $("#animation-share");
  if (!row) return;
  row.hidden = none;
  $("#share-animation").value = address;
  const link = $("#animation-link");
  if (address) link.href = address;
  else link.removeAttribute("href");
}
