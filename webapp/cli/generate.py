"""``rotation-playground generate``: a random puzzle made by the kind's
part (its ``generate(args, seed)``)."""

from __future__ import annotations

import random
import sys

from ..commandline import EXIT_BAD_INPUT, EXIT_LIMIT, EXIT_OK, OutOfTries, OverMemory, Usage
from ..errors import BAD_INPUT
from .parts import named
from .solve import fill_defaults, foreign


def generate(args) -> int:
    part = named(args.kind)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    if part.generate is None:
        args.parser.error(f"a {part.name} puzzle cannot be generated")
    wrong = foreign(args.options, args, part, part.name)
    if wrong:
        args.parser.error(wrong)
    fill_defaults(args, part.generate_options)
    try:
        text, note = part.generate(args, seed)
    except Usage as exc:
        args.parser.error(str(exc))
    except OutOfTries as exc:
        print(f"{'limit' if isinstance(exc, OverMemory) else 'error'}: {exc}", file=sys.stderr)
        return EXIT_LIMIT
    except BAD_INPUT as exc:  # the kind's: a puzzle no rule allows, arguments none can meet
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    sys.stdout.write(text)
    print(note, file=sys.stderr)
    return EXIT_OK
