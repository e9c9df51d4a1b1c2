"""Compiled parts of the playground, built by setuptools during `pip install`.

Everything else is declared in pyproject.toml; this file only lists the C
extensions, because setuptools takes `ext_modules` from setup.py. Each one is
optional: without a compiler (or Python headers) the install prints a warning
and goes on, and the code falls back to its pure-Python twin, which gives the
same answers. Add later extensions to EXTENSIONS below.
"""

from setuptools import Extension, setup

# -O3 on top of Python's own flags: the inner loops are the whole point.
COMPILE_ARGS = ["-O3"]


def extension(name, sources):
    """An optional C extension with the project's compiler flags.

    >>> extension("webapp._sliding", ["csrc/sliding.c"]).optional
    True
    """
    return Extension(name, sources, extra_compile_args=COMPILE_ARGS, optional=True)


EXTENSIONS = [
    extension("webapp._sliding", ["csrc/sliding.c"]),
    extension("webapp._rotation", ["csrc/rotation.c"]),
]

if __name__ == "__main__":
    setup(ext_modules=EXTENSIONS)
