"""What vulture (tests/project/test_lint.py) would call dead code but is
not: names only a framework, a protocol or a reader outside the package
uses. Each line names one, with why; vulture reads this file as code that
uses them. Not imported by anything."""

# ruff: noqa: F821 (bare names: vulture counts them as used wherever they are)

from webapp import worker
from webapp.rotation.board import Board
from webapp.sliding.position import Position as SlidingPosition

# the value types' own methods, for a reader of the Python modules (each has
# a doctest or a unit test; the web and the command line do not need them)
Board.empty_frame
SlidingPosition.slide

# RQ runs these by their dotted names (webapp.worker.perform) and calls the
# worker's hooks and settings by name
worker.perform
worker.failed
max_connection_wait_time
log_result_lifespan
_stopped_job_id
_install_signal_handlers
get_worker_process
burst
logging_level

# attributes that a library reads: werkzeug's Cache-Control, sqlite3's rows
immutable
row_factory
