"""The Flask application: pages and the JSON API over the puzzle engines."""
