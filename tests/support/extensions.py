"""The C extensions setup.py builds, for the tests that require them
(tests/project/test_native_build.py keeps this list and setup.py's the same)."""

EXTENSIONS = ("webapp._rotation", "webapp._sliding", "webapp._triangle")
