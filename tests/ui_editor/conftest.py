"""Fixtures of the editor-as-a-designer tests (issue #31): the editor tests' window, isolated user data,
and unsaved edits discarded at teardown."""

from __future__ import annotations

from tests.editor.conftest import (  # noqa: F401  (fixtures)
    _isolated_user_data,
    _unsaved_edits_discarded_at_teardown,
    window,
)
