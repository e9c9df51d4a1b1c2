"""Rotation Playground: draw, solve and share gravity puzzles.

The puzzle engines (``webapp.rotation``) import nothing from Flask; the web
application is built by :func:`create_app`.
"""

__version__ = "0.1.0"


def create_app(test_config=None):
    """Build the Flask application (see :mod:`webapp.web.factory`)."""
    # here: every kind imports this package, which must not load Flask
    from .web.factory import create_app as build

    return build(test_config)
