"""The Host dialog on a laptop and on a hall PC: nothing cut, nothing overlapping (the game-day rehearsal of 27 Nov
on Xvfb at 1366x768: War in Binni's dialog, held to two thirds of the screen by Qt, squeezed its 25 player boxes
to 14 px and its "All players" button to 13 px, its text cut). Read from the laid-out dialog: every text widget at
least as large as its text asks, no two overlapping, the dialog within the screen; the seats scroll when there are
more than the screen has room for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel, QLineEdit, QSpinBox, QWidget

from boardapp.engine.files import load_scenario, new_game

ROOT = Path(__file__).resolve().parents[2]
TEXTS = (QAbstractButton, QLabel, QLineEdit, QSpinBox, QComboBox)


def host_dialog_for(scenario: str, qtbot: Any, monkeypatch: Any, size: tuple[int, int], umpires: int = 4) -> Any:
    """The dialog Game ▸ Host builds for ``scenario`` (its teams and players), shown on a screen of ``size``."""
    from boardapp.ui.network.dialogs import HostDialog

    module = new_game(load_scenario(ROOT / "scenarios" / scenario)).module
    teams = [(t.id, t.name) for t in module.teams]
    names = dict(teams)
    players = [(str(p), names.get(str(p), str(p).title())) for p in module.players]

    class Screen:
        def availableGeometry(self) -> QRect:
            return QRect(0, 0, *size)

    dlg = HostDialog(teams, players=players, allies=hasattr(module, "friends"))
    qtbot.addWidget(dlg)
    monkeypatch.setattr(dlg, "screen", Screen)
    dlg.umpires.setValue(umpires)
    dlg.show()
    qtbot.waitExposed(dlg)
    qtbot.wait(20)
    return dlg


def _in_dialog(dlg: QWidget, w: QWidget) -> QRect:
    return QRect(w.mapTo(dlg, QPoint(0, 0)), w.size())


def _seen(dlg: QWidget, w: QWidget) -> QRect:
    """The part of ``w`` one sees now (a row scrolled out of the seats area: none), in the dialog's coordinates."""
    return w.visibleRegion().boundingRect().translated(w.mapTo(dlg, QPoint(0, 0)))


def squeezed_or_overlapping(dlg: QWidget) -> list[str]:
    shown = [w for w in dlg.findChildren(QWidget) if isinstance(w, TEXTS) and w.isVisibleTo(dlg)
             and not isinstance(w.parentWidget(), TEXTS)]  # a spin box's own line edit is part of it
    problems = []
    for w in shown:
        name = getattr(w, "text", lambda: "")() or w.objectName() or type(w).__name__
        hint = w.sizeHint()
        need_h = w.heightForWidth(w.width()) if isinstance(w, QLabel) and w.wordWrap() else hint.height()
        if w.height() < need_h:
            problems.append(f"{name!r} {w.height()} px high, its text needs {need_h}")
        if isinstance(w, QAbstractButton) and w.width() < hint.width():
            problems.append(f"{name!r} {w.width()} px wide, its text needs {hint.width()}")
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            if _seen(dlg, a).intersects(_seen(dlg, b)):
                problems.append(f"{getattr(a, 'text', str)()!r} overlaps {getattr(b, 'text', str)()!r}")
    return problems


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
@pytest.mark.parametrize("scenario", ["war-in-binni.yaml", "coup.yaml", "mun-historical-1935.yaml"])
def test_nothing_in_the_host_dialog_is_cut_or_overlapping(qtbot: Any, monkeypatch: Any, scenario: str,
                                                         size: tuple[int, int]) -> None:
    dlg = host_dialog_for(scenario, qtbot, monkeypatch, size)
    assert dlg.frameGeometry().height() <= size[1] and dlg.frameGeometry().width() <= size[0]
    assert squeezed_or_overlapping(dlg) == []
    every = dlg.findChild(QAbstractButton, "all-players")
    assert every is not None and every.width() >= every.sizeHint().width()
    area = dlg.seats_area
    assert area.verticalScrollBar().maximum() == 0, "the seats scroll although the screen has room for them"


def test_twenty_umpires_on_a_laptop_scroll_instead_of_squeezing(qtbot: Any, monkeypatch: Any) -> None:
    dlg = host_dialog_for("war-in-binni.yaml", qtbot, monkeypatch, (1366, 768), umpires=20)
    assert dlg.frameGeometry().height() <= 768
    assert squeezed_or_overlapping(dlg) == []
    area = dlg.seats_area
    assert area.verticalScrollBar().maximum() > 0
    last = dlg.team_edits[-1]  # reachable: scrolled to, it is inside the visible part of the area
    area.ensureWidgetVisible(last)
    qtbot.wait(10)
    seen = QRect(area.viewport().mapTo(dlg, QPoint(0, 0)), area.viewport().size())
    assert seen.contains(_in_dialog(dlg, last))
