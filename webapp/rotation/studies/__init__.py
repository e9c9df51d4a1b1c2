"""The rotation kind's studies, behind ``rotation-playground study``:
exhaustive studies of every position of some sticks in a frame
(:mod:`.study`), the families of frames and sticks a run covers
(:mod:`.family`), the database that keeps them (:mod:`.db`), the climbs
towards hard puzzles over boards (:mod:`.climb`) and over frames
(:mod:`.frameclimb`), and the command's part (:mod:`.command`).

Nothing here is imported with the kind: a solve never loads it; the
command and the levels' pools (:func:`webapp.rotation.levels.studied`)
import the module they need.
"""
