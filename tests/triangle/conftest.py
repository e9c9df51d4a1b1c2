"""The triangle (edge-matching) kind's tests: geometry, puzzles, text format,
share codes, SVG, the counting search and its trace, limits and resume
tokens, the generator, properties, checked against the spec's words
(``support/triangle_reference.py``). No marker of its own: the slowest
tests carry ``slow`` themselves; the fixtures are the root's."""
