"""Test configuration for the whole suite: Qt runs headless, whatever the machine."""

from __future__ import annotations

import os

# Before any test module imports Qt: no test may need (or pop up on) a real screen.
# The Xvfb screenshot test sets its own DISPLAY and platform in a child process.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
