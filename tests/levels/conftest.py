"""The difficulty levels' tests, no browser: the pools of puzzles by level
(puzzles/levels/<kind>.json) proven again, each kind's meaning of a level
(webapp/<kind>/levels.py), picks and the puzzle of the day
(webapp/levels.py). Nothing of its own to share."""
