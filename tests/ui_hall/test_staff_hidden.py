"""Issue 29: the big screen shows none of the Control team's rulings, follow-ups or notes, whether they were
written before it opened or while it shows the game; the public news written after them is shown (the walk
reads a screen that went past them)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QGraphicsSimpleTextItem, QGraphicsTextItem, QLabel, QWidget

from boardapp.engine.files import load_scenario, new_game
from tests.ui_hall.test_sidebar import ROOT

TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"


def _everything_shown(window: Any) -> str:
    texts = [window.windowTitle(), window.latest_news()]
    for w in window.findChildren(QWidget):
        if isinstance(w, QLabel):
            texts.append(w.text())
        if hasattr(w, "drawn_texts"):
            texts += w.drawn_texts()
        scene = w.scene() if hasattr(w, "scene") and callable(w.scene) else None
        for item in scene.items() if scene is not None else ():
            if isinstance(item, QGraphicsSimpleTextItem | QGraphicsTextItem):
                texts.append(item.text() if isinstance(item, QGraphicsSimpleTextItem) else item.toPlainText())
            texts.append(item.toolTip())
    return "\n".join(texts)


def test_the_big_screen_shows_none_of_the_control_team(qtbot: Any, settings: Any) -> None:
    from boardapp.ui.bigscreen.window import BigScreenWindow

    game = new_game(load_scenario(TINY))
    r = game.push({"kind": "ruling", "text": "BIG-SECRET-ruling", "places": ["alpha"], "teams": ["gov"]})
    game.push({"kind": "follow_up", "text": "BIG-SECRET-follow", "to_team": "gov", "places": ["alpha"]})
    window = BigScreenWindow(game, settings=settings)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    game.push({"kind": "confirm_ruling", "ruling": r.seq, "text": "BIG-SECRET-confirm"})
    game.push({"kind": "note", "text": "BIG-SECRET-note"})
    game.push({"kind": "news", "text": "BIG-PUBLIC-after"})
    qtbot.waitUntil(lambda: "BIG-PUBLIC-after" in _everything_shown(window), timeout=5000)
    game.push({"kind": "note", "text": "BIG-SECRET-last"})  # a staff entry last in the journal
    qtbot.wait(300)
    shown = _everything_shown(window)
    assert "BIG-PUBLIC-after" in shown
    assert "BIG-SECRET" not in shown
