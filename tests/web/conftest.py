"""The web layer's tests, without a browser: the Flask app and its routes,
pages as HTML, the JSON API and its OpenAPI description (schemathesis),
jobs, limits, storage, security headers, real server processes
(``support/web_helpers.py``) and the cluster's Redis and PostgreSQL
(``tests/web/test_cluster_*.py``, which start their own servers:
``support/servers.py``). No marker of its own: the slowest tests carry
``slow`` themselves; the fixtures (``app``, ``client``, ``make_app``) are
the root's."""
