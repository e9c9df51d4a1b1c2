"""The sliding-tile kind's tests: positions, text format, share codes, SVG,
construction, the generator, the gallery, the tables and pattern databases
(``sliding_databases``, built once a run, from the root conftest), IDA*
against breadth-first search (``support/sliding_reference.py``), the C
engine, and Korf's positions (``data/korf-sample.txt``, which
benchmarks/sliding.py also reads). No marker of its own: the slowest tests
carry ``slow`` themselves."""
