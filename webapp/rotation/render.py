"""Text pictures of a position as the viewer sees it."""

from __future__ import annotations

from .physics import SIDES, Position, Step


def screen_rows(position: Position) -> list[str]:
    """The rows of the board turned as it stands on screen (gravity down).

    >>> from webapp.rotation.board import Board
    >>> screen_rows(Position(Board.from_text("3\\n#0#\\n# #\\n###"), orientation=1))
    ['###', '# 0', '###']
    """
    return position.screen().rows()


def describe_step(number: int, step: Step) -> str:
    """A heading for one step of a solution, then the picture of the board."""
    position = step.position
    parts = []
    if step.moved:
        moved = ", ".join(f"{s} by {d}" for s, d in step.moved.items() if s not in step.released)
        if moved:
            parts.append(f"moved: {moved}")
    if step.released:
        parts.append(f"fell out: {', '.join(step.released)}")
    what = "; ".join(parts) or "nothing moves"
    if step.move is None:
        title = f"start, gravity towards the frame's {SIDES[position.orientation]} side ({what})"
    else:
        title = f"after move {number}, {step.move} ({what})"
    return "\n".join([title + ":", *screen_rows(position)])
