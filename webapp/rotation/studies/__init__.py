"""The rotation kind's studies, behind ``rotation-playground study``
(docs/records.md says how they work).

Nothing here is imported with the kind, so a solve never loads it; the
command and the levels' pools (:func:`webapp.rotation.levels.studied`)
import the module they need.
"""
