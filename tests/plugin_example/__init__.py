"""The smallest rule system there is: one counter that moves anywhere, and one dock. It lives only in
the tests, and reaches the board the way any plugin does: through a manifest (see ``manifest.py``)."""
