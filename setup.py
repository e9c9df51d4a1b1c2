"""Compiled parts of the playground, built by setuptools during `pip install`,
and the data folders a wheel carries.

Everything else is declared in pyproject.toml; this file lists the C
extensions, because setuptools takes `ext_modules` from setup.py. Each one is
optional: without a compiler (or Python headers) the install prints a warning
and goes on, and the code falls back to its pure-Python twin, which gives the
same answers. With ROTATION_PLAYGROUND_REQUIRE_NATIVE=1 in the environment
(CI sets it) a failed extension fails the install instead, so that a compile
error cannot turn the C engines' tests into skips. Add later extensions to
EXTENSIONS below.

The top-level folders static/, templates/ and puzzles/ stay where they are
(beside webapp/ in the checkout); a built wheel carries a copy of each under
webapp/_data/, where webapp.resources finds them once installed.
"""

import os
import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext as setuptools_build_ext
from setuptools.command.build_py import build_py
from setuptools.errors import SetupError

# -O3 on top of Python's own flags: the inner loops are the whole point.
COMPILE_ARGS = ["-O3"]

#: The folders the wheel carries (webapp.resources.FOLDERS, read here
#: without importing the package, whose dependencies may not be installed).
DATA_FOLDERS = ("static", "templates", "puzzles")
HERE = Path(__file__).resolve().parent
#: Set (not "" or "0"): an extension that does not build fails the install.
REQUIRE_NATIVE = "ROTATION_PLAYGROUND_REQUIRE_NATIVE"


def required() -> bool:
    return os.environ.get(REQUIRE_NATIVE, "") not in ("", "0")


def extension(name, sources):
    """A C extension with the project's compiler flags, optional unless
    ROTATION_PLAYGROUND_REQUIRE_NATIVE is set.

    >>> extension("webapp._sliding", ["csrc/sliding.c"]).optional == (not required())
    True
    """
    return Extension(name, sources, extra_compile_args=COMPILE_ARGS, optional=not required())


EXTENSIONS = [
    extension("webapp._sliding", ["csrc/sliding.c"]),
    extension("webapp._rotation", ["csrc/rotation.c"]),
    extension("webapp._triangle", ["csrc/triangle.c"]),
]


class build_ext(setuptools_build_ext):
    """setuptools' build_ext, whose failure on a required extension names the
    variable that made it required (an optional one only warns, as before;
    the class keeps the name the warning shows)."""

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as error:
            if ext.optional:
                raise
            raise SetupError(f'building extension "{ext.name}" failed and {REQUIRE_NATIVE} is set: '
                             f"{error} (unset it to install without the C engines)") from error


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
    setup(ext_modules=EXTENSIONS, cmdclass={"build_py": build_py_with_data,
                                                  "build_ext": build_ext})
