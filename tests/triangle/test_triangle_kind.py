"""The triangle kind behind the kinds interface (docs/triangle.md): the
registry, text, codes, solving (checked against a plain exhaustive search
written from the rules alone), play (moves, misfits, hints), random
puzzles, detection and summaries.

The plain search it is checked against (``inner_edges``, ``check``,
``brute``) lives in tests/support/triangle_reference.py."""

from __future__ import annotations

import random

import pytest

from triangle_reference import NUMBERED as EXAMPLES  # the four examples of the rules, piece 0 first
from triangle_reference import FIGURES, _turn_map, brute, check, inner_edges, text_of
from triangle_reference import spins as turns_of
from webapp import kinds
from webapp.triangle.kind import EXAMPLE, KIND
from webapp.triangle.puzzle import TriangleError
from webapp.errors import FieldError

PLAYED = EXAMPLES[3]  # the kind's example: one picture, three placements


# ------------------------------------------------------------ the registry
def test_the_registry_lists_triangle_last():
    assert kinds.NAMES[-1] == "triangle" and kinds.get("triangle") is KIND
    assert KIND.counter == "nodes" and KIND.error is TriangleError


def test_the_helpers_agree_with_the_rules_own_3x3_labels():
    # the rules' nine inner edges of the classic case in their own labels: slots
    # 0-4 the bottom row, 5-7 the middle, 8 the top; numbers named (left, right,
    # center) as the piece points up, a point-down piece being it turned 180 degrees
    labels = [(0, "right", 1, "right"), (1, "left", 2, "left"), (2, "right", 3, "right"),
              (3, "left", 4, "left"), (1, "center", 5, "center"), (5, "right", 6, "right"),
              (6, "left", 7, "left"), (3, "center", 7, "center"), (6, "center", 8, "center")]
    ours = {0: 4, 1: 5, 2: 6, 3: 7, 4: 8, 5: 1, 6: 2, 7: 3, 8: 0}
    up_side = {"left": 0, "right": 1, "center": 2}
    down_side = {"left": 1, "right": 2, "center": 0}  # turned 180 degrees: left shows on the right

    def side(label, name):
        return (up_side if label in (0, 2, 4, 5, 7, 8) else down_side)[name]

    expected = {frozenset({(ours[a], side(a, sa)), (ours[b], side(b, sb))}) for a, sa, b, sb in labels}
    assert {frozenset({(a, sa), (b, sb)}) for a, sa, b, sb in inner_edges(3)} == expected
    assert sorted(_turn_map(3).values()) == sorted(_turn_map(3).keys())  # a permutation


# ------------------------------------------------------------------ text
def test_text_and_codes_round_trip():
    p = KIND.parse(EXAMPLE)
    assert p.n == 3 and p.figures == 10 and p.pieces == PLAYED
    assert KIND.parse(KIND.text(p)) == p
    assert KIND.decode(KIND.encode(p)) == p


# --------------------------------------------------------------- solving
@pytest.mark.parametrize("number", sorted(EXAMPLES))
def test_every_example_is_solved_and_agrees_with_the_plain_search(number):
    pieces = EXAMPLES[number]
    answer = KIND.solve(text_of(FIGURES[number], pieces), {"first": 1000})
    count, distinct, listed = brute(pieces)
    assert answer["status"] == "solved" and count > 0
    assert (answer["count"], answer["distinct"]) == (count, distinct)
    assert answer["count_text"] == str(count)
    assert answer["solutions"] == listed  # every one, in the listed order
    for solution in answer["solutions"]:
        check(pieces, solution)
    assert {"seconds", "engine", "nodes", "optimal", "summary"} <= answer.keys()
    assert answer["summary"].startswith("solved: ")


def test_solve_lists_the_first_ten_by_default():
    pieces = ((0, 0, 0),) * 4  # 4! placements, one picture
    answer = KIND.solve(text_of(0, pieces), {})
    assert answer["count"] == 24 and answer["distinct"] == 1 and len(answer["solutions"]) == 10
    assert answer["solutions"] == brute(pieces)[2][:10]


def test_an_unsolvable_set_is_proved_so():
    pieces = ((1, 1, 1),) * 4  # every inner edge would be 1 + 1
    answer = KIND.solve(text_of(1, pieces), {})
    assert answer["status"] == "unsolvable" and answer["count"] == 0 and answer["solutions"] == []
    assert answer["summary"].startswith("unsolvable")


@pytest.mark.parametrize("seed", range(6))
def test_random_small_sets_with_equal_pieces_and_zeros_agree_with_the_plain_search(seed):
    rng = random.Random(seed)
    values = [0, 1, -1, 2, -2]
    base = [tuple(rng.choice(values) for _ in range(3)) for _ in range(3)]
    pieces = tuple(rng.choice(base) for _ in range(4))  # equal pieces, zeros
    answer = KIND.solve(text_of(2, pieces), {"first": 1000})
    count, distinct, listed = brute(pieces)
    assert (answer["count"], answer["distinct"], answer["solutions"]) == (count, distinct, listed)
    assert answer["status"] == ("solved" if count else "unsolvable")


def test_quick_answers_a_small_puzzle_on_the_spot():
    body = KIND.quick(KIND.parse(EXAMPLE), {"first": 10})
    assert body is not None and body["status"] == "solved" and body["count"] == brute(PLAYED)[0] == 3


def test_a_node_limit_gives_a_limit_answer():
    pieces = ((0, 0, 0),) * 16  # 16! placements: no search of them all ends in 5 nodes
    answer = KIND.solve(text_of(0, pieces), {}, max_count=5)
    assert answer["status"] in ("limit", "solved")
    if answer["status"] == "limit":
        assert answer["summary"].startswith("limit")


@pytest.mark.parametrize("first", [0, 1001, "3", True, 2.5])
def test_options_refuse_a_bad_first(first):
    with pytest.raises(ValueError, match='"first"'):
        KIND.options({"first": first})


# ------------------------------------------------------------------ play
def _solution():
    return brute(PLAYED)[2][0]


def test_moves_fill_the_triangle_and_say_when_it_is_done():
    p = KIND.parse(EXAMPLE)
    placement = None
    for slot, item in enumerate(_solution()):
        body = KIND.move(p, {"placement": placement}, {"slot": slot, **item})
        placement = body["placement"]
        assert body["moved"] == slot and body["filled"] == slot + 1 and body["misfits"] == []
        assert body["solved"] == (slot == 8)
    assert placement == _solution()


def test_a_misfit_is_named_by_its_slots_and_sides():
    p = KIND.parse(EXAMPLE)
    top = _solution()[0]
    # slot 2 is the point-down slot under slot 0: its top meets slot 0's bottom
    piece, edges = next((i, t) for i, piece in enumerate(PLAYED) if i != top["piece"]
                        for t in turns_of(piece) if t[0] + top["edges"][2] != 0)
    body = KIND.move(p, {"placement": [top] + [None] * 8}, {"slot": 2, "piece": piece, "edges": list(edges)})
    assert [sorted([tuple(m[:2]), tuple(m[2:])]) for m in body["misfits"]] == [[(0, 2), (2, 0)]]
    assert body["solved"] is False and body["filled"] == 2


def test_placing_a_piece_again_moves_it_and_null_takes_it_out():
    p = KIND.parse(EXAMPLE)
    body = KIND.move(p, {}, {"slot": 3, "piece": 5})
    assert body["placement"][3] == {"piece": 5, "edges": list(PLAYED[5])}
    body = KIND.move(p, {"placement": body["placement"]}, {"slot": 4, "piece": 5, "edges": None})
    assert body["placement"][3] is None and body["placement"][4]["piece"] == 5
    body = KIND.move(p, {"placement": body["placement"]}, {"slot": 4, "piece": None})
    assert body["filled"] == 0


@pytest.mark.parametrize("move, words", [
    ({"slot": 9, "piece": 0}, '"slot" must be 0 to 8'),
    ({"slot": 0, "piece": 9}, '"piece" must be 0 to 8'),
    ({"slot": 0, "piece": 0, "edges": [1, -2, -1]}, "is not a turning of piece 0"),
    ({"slot": 0, "piece": 0, "edges": [1, 2]}, "three whole numbers"),
    ("L", "a move is"),
])
def test_a_bad_move_is_refused_with_a_message(move, words):
    with pytest.raises(TriangleError, match=words):
        KIND.move(KIND.parse(EXAMPLE), {}, move)


def test_a_placement_with_a_piece_twice_is_refused():
    twice = [{"piece": 1, "edges": list(PLAYED[1])}] * 2 + [None] * 7
    with pytest.raises(TriangleError, match="piece 1 is placed twice"):
        KIND.move(KIND.parse(EXAMPLE), {"placement": twice}, {"slot": 3, "piece": None})


def test_hints_lead_to_a_solution_from_nothing():
    p = KIND.parse(EXAMPLE)
    placement = None
    for _ in range(9):
        hint = KIND.hint(p, {"placement": placement})
        assert hint["status"] == "solved" and hint["move"] is not None
        placement = KIND.move(p, {"placement": placement}, hint["move"])["placement"]
    check(PLAYED, placement)
    done = KIND.hint(p, {"placement": placement})
    assert done["move"] is None and done["status"] == "solved"
    assert KIND.hint(p, {})["move"] == {"slot": 0, **_solution()[0]}  # the first solution's


def test_a_hint_keeps_what_is_placed_or_says_it_cannot():
    p = KIND.parse(EXAMPLE)
    count, _, listed = brute(PLAYED)
    used = {s[0]["piece"] for s in listed}
    stranger = next(i for i in range(9) if i not in used)  # a piece no solution puts in slot 0
    placement = [{"piece": stranger, "edges": list(PLAYED[stranger])}] + [None] * 8
    hint = KIND.hint(p, {"placement": placement})
    assert hint["status"] == "unsolvable" and hint["move"] is None and "cannot" in hint["summary"]
    last = listed[-1]
    partial = [None] * 8 + [last[8]]
    hint = KIND.hint(p, {"placement": partial})
    assert hint["status"] == "solved" and hint["move"]["slot"] == 0
    assert any(s[8] == last[8] and s[0] == {k: hint["move"][k] for k in ("piece", "edges")}
               for s in listed)


def test_a_piece_in_its_slot_turned_wrong_gets_a_hint_to_turn_it():
    p = KIND.parse(EXAMPLE)
    _, _, listed = brute(PLAYED)
    right = listed[0][4]
    wrong = next(list(t) for t in turns_of(PLAYED[right["piece"]])
                 if all(s[4] != {"piece": right["piece"], "edges": list(t)} for s in listed))
    placement = [None] * 4 + [{"piece": right["piece"], "edges": wrong}] + [None] * 4
    hint = KIND.hint(p, {"placement": placement})
    assert hint["status"] == "solved" and hint["turn"] is True
    assert hint["move"]["slot"] == 4 and hint["move"]["piece"] == right["piece"]
    assert any(s[4] == {k: hint["move"][k] for k in ("piece", "edges")} for s in listed)
    assert hint["summary"] == f"turn piece {right['piece']} in slot 4"


# --------------------------------------------------------- random puzzles
@pytest.mark.slow
def test_shuffle_makes_a_puzzle_of_the_size_asked():
    p = KIND.shuffle({"size": 4, "figures": 5}, random.Random(3))
    assert p.n == 4 and p.figures == 5 and all(abs(v) <= 5 for piece in p.pieces for v in piece)
    assert KIND.solve(KIND.text(p), {})["status"] == "solved"


def test_shuffle_unique_gives_one_picture():
    p = KIND.shuffle({"size": 3, "figures": 8, "unique": True}, random.Random(4))
    assert brute(p.pieces)[1] == 1


@pytest.mark.parametrize("data, words", [
    ({"size": 0}, '"size" must be 1 to 8'), ({"size": "3"}, '"size"'),
    ({"figures": -1}, '"figures" must be 0 to'), ({"unique": "yes"}, '"unique"'),
    ({"size": 7, "unique": True}, "up to size 6"),
])
def test_shuffle_refuses_what_it_cannot_make(data, words):
    with pytest.raises(FieldError, match=words):
        KIND.shuffle(data, random.Random(1))


# ------------------------------------------------------- describing, guessing
def test_detect_is_sure_of_its_texts_and_half_sure_of_broken_ones():
    assert KIND.detect(EXAMPLE) == 1.0
    broken = "3\n4\n1 2 3\n1 2\n-1 2 3\n1 1 1\n"  # line 4 has two numbers
    assert 0 < KIND.detect(broken) < 1
    assert all(KIND.detect(broken) > other.detect(broken) for other in kinds.KINDS if other is not KIND)
    for other in ("1 2 3\n4 5 6\n7 8 0\n", "5\n#####\n#0  #\n#   #\n#    \n#####\n"):
        assert KIND.detect(other) == 0.0


def test_summary_and_picture():
    p = KIND.parse(EXAMPLE)
    assert KIND.summary(p) == {"width": 3, "height": 3, "size": 3, "pieces": 9, "figures": 10}
    assert KIND.svg(p).startswith("<svg") and KIND.svg(p).count('class="piece"') == 9


def test_a_bad_text_names_line_and_column():
    with pytest.raises(TriangleError) as info:
        KIND.parse("3\n4\n1 2 3\n1 x 3\n1 2 3\n1 2 3\n")
    assert "line 4" in str(info.value) and info.value.line == 4


# ---------------------------------------------------------------- gallery
@pytest.mark.slow
def test_the_gallery_catalogue_holds_the_examples_and_generated_puzzles():
    import json
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "puzzles" / "triangle"
    entries = json.loads((folder / "catalogue.json").read_text(encoding="utf-8"))
    sizes = {e["size"] for e in entries}
    assert {"3x3", "4x4", "5x5", "6x6"} <= sizes
    pieces = [KIND.parse((folder / e["file"]).read_text(encoding="utf-8")).pieces for e in entries]
    assert all(p in pieces for p in EXAMPLES.values())  # the four examples of the rules
    assert any("unique" in e["file"] for e in entries) and any("many" in e["file"] for e in entries)
    assert len({e["title"] for e in entries}) == len(entries)
    for entry, p in zip(entries, pieces):
        if len(p) <= 9 and entry["count"] < 1000:  # the plain search is quick enough for these
            count, distinct, _ = brute(p)
            assert (entry["count"], entry["distinct"]) == (count, distinct), entry["file"]
        if "unique" in entry["file"]:
            assert entry["distinct"] == 1
