"""The tests of the repository as a whole: the import contracts
(import-linter), the vocabulary every kind shares and the code's shape, the
JavaScript modules' layout, the docs pointing inside the repository, the
wheel built and installed in a fresh environment. No marker of its own:
the slowest tests carry ``slow`` themselves."""
