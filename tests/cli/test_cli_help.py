"""Help, --version and what the command imports (issue 9, item 11)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import help_of

import webapp
from webapp.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_solve_help_gives_the_default_limits_and_the_exit_codes(capsys):
    text = help_of(capsys, "solve")
    assert "stop after visiting N states, N >= 1 (default: no limit)" in text
    assert "stop after S seconds, at least 0.001 (default: no limit)" in text
    assert "limits: the memory the search holds is bounded by default (--max-memory:" in text
    assert "no other limit unless given" in text
    assert "--max-seconds, --max-memory) or Ctrl+C" in text
    assert "exit status:" in text
    for code, meaning in [("0", "an answer"), ("2", "a bad file"), ("3", "a limit"),
                          ("141", "the reader of standard output stopped early")]:
        assert f"{code} {meaning}" in text


def test_solve_help_keeps_the_exit_codes_one_a_line(capsys):
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines if line.startswith("  ") and line.split()[0]
            in {"0", "2", "3", "141"}] == ["0", "2", "3", "141"]


def test_serve_help_has_a_description_and_every_default(capsys):
    text = help_of(capsys, "serve")
    assert text.count("(default: ") == 3  # host, port, dev
    assert "Serve the web playground with waitress" in text
    assert "exit status 2" in text


def test_version_names_the_program_and_the_package_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"rotation-playground {webapp.__version__}\n"


def test_help_texts_read_late_still_give_the_figures_they_name(capsys):
    """The top-level help, solve's epilog and generate's --max-states are
    finished only when shown (a solve does not import what they read)."""
    from webapp.rotation.generate import DEFAULT_MAX_STATES
    from webapp.sliding.kind import BIG_SECONDS

    text = help_of(capsys, "generate")
    assert f"states each search may visit (default {DEFAULT_MAX_STATES:,})" in text
    assert f"stops after {BIG_SECONDS:g} s and a fast solution follows" in help_of(capsys, "solve")
    top = help_of(capsys)
    assert "Draw, solve and share puzzles of 3 kinds:" in top
    for words in ("rotation gravity rotation puzzles", "sliding sliding-tile puzzles",
                  "triangle edge-matching puzzles", "(as in: solve --kind triangle FILE)"):
        assert words in top
    # shown twice (the parser is built anew), the same
    assert help_of(capsys, "generate") == text


def test_generate_without_max_states_searches_up_to_the_default(capsys, monkeypatch):
    from webapp.rotation import commandline, generate

    seen = []
    real = generate.search

    def spy(*args, **kwargs):
        seen.append(kwargs["max_states"])
        return real(*args, **kwargs)

    monkeypatch.setattr(commandline, "search", spy)  # where the command looks it up
    assert main(["generate", "--size", "7", "--sticks", "2", "--seed", "3", "--tries", "2"]) == 0
    assert main(["generate", "--size", "7", "--sticks", "2", "--seed", "3", "--tries", "2",
                 "--max-states", "50"]) == 0
    assert seen == [generate.DEFAULT_MAX_STATES, 50]
    capsys.readouterr()
