"""A seat's window closing while a signal is still queued (an umpire's laptop dies; CI saw it once): the
Edit menu's refresh asked the seat's network loop after it had stopped, and a RuntimeError ('Event loop is
closed') and an un-awaited coroutine escaped into Qt's event loop. Work offered to a stopped loop is refused
with LoopClosedError, the coroutine closed; the Edit menu then greys Undo and Redo and asks nothing."""

from __future__ import annotations

import gc
import warnings
from types import SimpleNamespace

import pytest

from boardapp.ui.network.loops import LoopClosedError, LoopThread


def test_work_for_a_stopped_loop_is_refused_and_never_left_unawaited() -> None:
    loop = LoopThread("test-loop")
    assert loop.call(lambda: 41 + 1) == 42
    loop.close()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a coroutine never awaited would warn as it is collected
        with pytest.raises(LoopClosedError):
            loop.call(lambda: 1)
        gc.collect()


def test_the_edit_menu_of_a_closing_seat_asks_nothing(qtbot) -> None:
    from PySide6.QtGui import QAction

    from boardapp.ui.network.edit import HostedEdit

    loop = LoopThread("test-seat")
    loop.close()
    edit = HostedEdit.__new__(HostedEdit)  # only what refresh() reads: a seat whose loop has stopped
    edit.link = SimpleNamespace(fatal=None, game=object(), loop=loop, seat=SimpleNamespace())
    edit.undo_action, edit.redo_action = QAction("Undo"), QAction("Redo")
    edit.undo_action.setEnabled(True)
    edit.refresh()
    assert not edit.undo_action.isEnabled() and not edit.redo_action.isEnabled()
