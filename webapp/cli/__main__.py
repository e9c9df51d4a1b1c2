"""``python -m webapp.cli``: the ``rotation-playground`` command."""

import sys

from . import main

sys.exit(main())
