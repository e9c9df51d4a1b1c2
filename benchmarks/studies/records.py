"""Write puzzles/records.json from the study summaries kept here (5x5.json,
6x6.json, 7x7.json: `rotation-playground study` runs, see README.md) and
the climbs listed in climbs.json, the table, boards and commands of
docs/records.md (between its marks), and each climbed record's gallery
puzzle (puzzles/record-WxH.txt and its entry in puzzles/catalogue.json,
placed by its turns; the proven records' entries are kept as they are).

    .venv/bin/python benchmarks/studies/records.py
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

#: The family each summary covers (docs/records.md defines the words),
#: in English and in German (the gallery's studies: docs/translating.md).
FAMILIES = {
    "5x5": ("every multiset that fits: 1 to 8 sticks of length 1 to 3", "--max-sticks 8"),
    "6x6": ("every multiset that fits: 1 to 15 sticks of length 1 to 4", "--max-sticks 15"),
    "7x7": ("every multiset of 1 to 8 sticks of length 1 to 5", "--max-sticks 8 --max-positions 0"),
}
GERMAN_FAMILIES = {
    "5x5": "jede Zusammenstellung, die passt: 1 bis 8 Stäbchen der Länge 1 bis 3",
    "6x6": "jede Zusammenstellung, die passt: 1 bis 15 Stäbchen der Länge 1 bis 4",
    "7x7": "jede Zusammenstellung von 1 bis 8 Stäbchen der Länge 1 bis 5",
}


def studied() -> list[dict]:
    records = []
    for size, (family, flags) in FAMILIES.items():
        path = HERE / f"{size}.json"
        if not path.exists():
            continue
        figures = json.loads(path.read_text())["sizes"][size]
        n = size.split("x")[0]
        records.append({
            "frame": size, "turns": figures["hardest_turns"],
            "proven": figures["unfinished"] == 0, "board": figures["board"],
            "sticks": figures["sticks"], "gap": figures["gap"], "family": family,
            "positions": figures["positions"], "studies": figures["studies"],
            "unsolvable": figures["unsolvable"],
            "histogram": {turns: figures["histogram"][turns]
                          for turns in sorted(figures["histogram"], key=int)},
            "command": f"rotation-playground study --size {n} --gap {figures['gap']} "
                       f"--sticks {figures['sticks']} --db record-{size}.sqlite",
            "family_command": f"rotation-playground study --size {n} {flags} "
                              f"--db {size}.sqlite",
            "de": {"family": GERMAN_FAMILIES[size]},
        })
    return records


def climbed() -> list[dict]:
    path = HERE / "climbs.json"
    return json.loads(path.read_text()) if path.exists() else []


def markdown(records: list[dict]) -> str:
    """The table, the boards and the commands, for docs/records.md."""
    lines = ["## The table", "",
             "Positions: those of the whole family for a proven maximum; those its "
             "solve visits for a climbed record.", "",
             "| frame | how | turns | sticks | positions |", "| --- | --- | --- | --- | --- |"]
    for r in records:
        turns = str(r["turns"]) if r["proven"] else f"at least {r['turns']}"
        how = f"proven maximum over {r['family']}" if r["proven"] else r.get("how", "climb")
        lines.append(f"| {r['frame']} | {how} | {turns} | {r.get('sticks') or '-'} | "
                     f"{r['positions']:,} |" if "positions" in r else
                     f"| {r['frame']} | {how} | {turns} | {r.get('sticks') or '-'} | - |")
    lines += ["", "## The positions", ""]
    for r in records:
        turns = str(r["turns"]) if r["proven"] else f"at least {r['turns']}"
        lines += [f"{r['frame']}, {r['turns']} turns ({'proven maximum' if r['proven'] else turns}"
                  f"{', sticks ' + r['sticks'] if r.get('sticks') else ''}), rebuilt by",
                  f"`{r['command']}`:", "", "```", r["board"].rstrip("\n"), "```", ""]
    lines += ["## Reproducing", "", "One command a line, each printing the record it rebuilds:", "",
              "```sh"]
    lines += [r["command"] for r in records]
    lines += ["# the whole families"] + [r["family_command"] for r in records if "family_command" in r]
    lines += ["```"]
    return "\n".join(lines) + "\n"


def _times(frame: str) -> str:
    return frame.replace("x", " × ")


def gallery(records: list[dict]) -> None:
    """Write each climbed record as a gallery puzzle, its catalogue entry
    (moves and states as the library's solver finds them) in its place, or
    after the last puzzle of no more turns when its turns changed."""
    from webapp.rotation.board import Board
    from webapp.rotation.search import solve

    path = ROOT / "puzzles" / "catalogue.json"
    catalogue = json.loads(path.read_text())
    for r in records:
        if r["proven"]:
            continue
        board = Board.from_text(r["board"])
        name = f"record-{r['frame']}.txt"
        answer = solve(board)
        assert answer.status == "solved" and len(answer.moves) == r["turns"], r["frame"]
        (ROOT / "puzzles" / name).write_text(board.text())
        over = "frames" if r["how"].startswith("frame climb") else "boards"
        entry = {"file": name, "title": f"Record {_times(r['frame'])}: {r['turns']} turns",
                 "size": r["frame"], "sticks": len(board.sticks), "moves": r["turns"],
                 "states": answer.states,
                 "notes": f"The hardest {_times(r['frame'])} puzzle found so far, by a climb over "
                          f"{over} ({r['how']}); other boards may need more. Rebuilt by: "
                          f"{r['command']}",
                 # the gallery's German (docs/translating.md), without the climb's details
                 "de": {"title": f"Rekord {_times(r['frame'])}: {r['turns']} Drehungen",
                        "notes": f"Das schwerste {_times(r['frame'])}-Rätsel, das bisher gefunden wurde, durch ein "
                                 f"Klettern über {'Rahmen' if over == 'frames' else 'Spielfelder'}; andere "
                                 f"Spielfelder brauchen vielleicht mehr. Neu berechnet mit: {r['command']}"}}
        kept = [i for i, e in enumerate(catalogue) if e["file"] == name]
        if kept and catalogue[kept[0]]["moves"] == r["turns"]:
            catalogue[kept[0]] = entry  # in its place
            continue
        catalogue = [e for e in catalogue if e["file"] != name]
        at = max((i + 1 for i, e in enumerate(catalogue)
                  if e.get("moves") is not None and e["moves"] <= r["turns"]), default=0)
        catalogue.insert(at, entry)
    path.write_text(json.dumps(catalogue, indent=2, ensure_ascii=False) + "\n")


def main() -> None:
    records = studied() + climbed()
    gallery(records)
    (ROOT / "puzzles" / "records.json").write_text(json.dumps(records, indent=2) + "\n")
    doc = ROOT / "docs" / "records.md"
    text = doc.read_text()
    begin = text.index("\n", text.index("<!-- records:")) + 1
    end = text.index("<!-- records end -->")
    doc.write_text(text[:begin] + "\n" + markdown(records) + "\n" + text[end:])


if __name__ == "__main__":
    main()
