"""Compiled parts of the playground, built by setuptools during `pip install`,
and the data folders a wheel carries.

Everything else is declared in pyproject.toml; this file lists the C
extensions, because setuptools takes `ext_modules` from setup.py. Each one is
optional: without a compiler (or Python headers) the install prints a warning
and goes on, and the code falls back to its pure-Python twin, which gives the
same answers. Add later extensions to EXTENSIONS below.

The top-level folders static/, templates/ and puzzles/ stay where they are
(beside webapp/ in the checkout); a built wheel carries a copy of each under
webapp/_data/, where webapp.resources finds them once installed.
"""

import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

# -O3 on top of Python's own flags: the inner loops are the whole point.
COMPILE_ARGS = ["-O3"]

#: The folders the wheel carries (webapp.resources.FOLDERS, read here
#: without importing the package, whose dependencies may not be installed).
DATA_FOLDERS = ("static", "templates", "puzzles")
HERE = Path(__file__).resolve().parent


def extension(name, sources):
    """An optional C extension with the project's compiler flags.

    >>> extension("webapp._sliding", ["csrc/sliding.c"]).optional
    True
    """
    return Extension(name, sources, extra_compile_args=COMPILE_ARGS, optional=True)


EXTENSIONS = [
    extension("webapp._sliding", ["csrc/sliding.c"]),
    extension("webapp._rotation", ["csrc/rotation.c"]),
    extension("webapp._triangle", ["csrc/triangle.c"]),
]


class build_py_with_data(build_py):
    """build_py, then the data folders copied into the built package (never
    into the checkout: there webapp.resources reads them in place). An
    editable install needs no copy."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "webapp" / "_data"
        for name in DATA_FOLDERS:
            if target.joinpath(name).exists():
                shutil.rmtree(target / name)  # a build folder left from before: no stale files
            shutil.copytree(HERE / name, target / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))


if __name__ == "__main__":
    setup(ext_modules=EXTENSIONS, cmdclass={"build_py": build_py_with_data})
