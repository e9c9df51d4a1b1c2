"""The command line's tests: ``rotation-playground`` solve, generate, serve,
help, input, pipes, progress, every kind (a made-up one included), fuzzed
arguments, and every command the README prints, run as printed. Helpers in
``support/cli_helpers.py``; no marker of its own: the slowest tests carry
``slow`` themselves."""
