"""The rotation kind's tests: its board, text format, physics, share codes,
SVG and palette, the searches (the reference and the C engine) against each
other and the rules of docs/rotation.md, the generator, the puzzle library
and its catalogues, hypothesis properties. No marker of its own: the
slowest tests carry ``slow`` themselves; the fixtures are the root's."""
