"""Rotation Playground: draw, solve and share gravity puzzles.

The puzzle engines (``webapp.rotation``) import nothing from Flask; the web
application is built by :func:`create_app`.
"""

__version__ = "0.1.0"


def create_app(test_config=None):
    """Build the Flask application (see :mod:`webapp.web.factory`)."""
    from .web.factory import create_app as build  # here: a kind imports this package, not Flask

    return build(test_config)
