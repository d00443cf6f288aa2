"""The Game on the big screen: the turn, the step and the news, public information only.

The secret figures (a nation's bank and technology: docs/the-game.md R1) are set to numbers found nowhere
else, then every text the big screen shows is walked; the control case walks the referee's own window,
which must show them (so the walk would find them if they leaked)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QSettings
from PySide6.QtWidgets import QAbstractItemView, QGraphicsSimpleTextItem, QGraphicsTextItem, QLabel, QWidget

from boardapp.ui.bigscreen.window import BigScreenWindow

BANK = 987654
TECH = 97531


def texts_of(window: QWidget) -> str:
    """Every text a window shows or would show: labels, buttons, tooltips, table cells, scene texts."""
    out = [window.windowTitle()]
    for w in window.findChildren(QWidget):
        out.append(w.toolTip())
        if isinstance(w, QLabel):
            out.append(w.text())
        if hasattr(w, "drawn_texts"):
            out += w.drawn_texts()
        if isinstance(w, QAbstractItemView) and w.model() is not None:
            m, root = w.model(), QModelIndex()
            columns = 1 if isinstance(m, QAbstractListModel) else m.columnCount(root)
            out += [str(m.index(r, c, root).data()) for r in range(m.rowCount(root)) for c in range(columns)]
    scene = getattr(window, "scene", None)
    for item in scene.items() if scene is not None and hasattr(scene, "items") else []:
        if isinstance(item, QGraphicsSimpleTextItem):
            out.append(item.text())
        if isinstance(item, QGraphicsTextItem):
            out.append(item.toPlainText())
        out.append(item.toolTip())
    return "\n".join(t for t in out if t)


def screen_for(qtbot: Any, game: Any, tmp_path: Any) -> BigScreenWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    screen = BigScreenWindow(game, settings=settings)
    qtbot.addWidget(screen)
    screen.resize(1920, 1080)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def hall(screen: BigScreenWindow) -> Any:
    found = [w for w in screen.sections if w.objectName() == "thegame-hall"]
    assert len(found) == 1
    return found[0]


def test_the_hall_sees_the_step_and_the_news(qtbot: Any, win: Any, tmp_path: Any) -> None:
    screen = screen_for(qtbot, win.game, tmp_path)
    section = hall(screen)
    assert section.step.text() == "Step I (1 of 18): Sever diplomatic relations"
    assert section.news.isHidden()
    # I. a player breaks relations: the module puts it in the year's news; the side bar's news line shows the
    # latest headline, and the section the ones before it
    assert win.controller.submit({"kind": "sever", "player": "astell", "other": "banner"}).accepted
    assert screen.sidebar.news.text() == "John Astell breaks diplomatic relations with Rich Banner"
    assert section.news.isHidden()
    assert win.controller.submit({"kind": "sever", "player": "astell", "other": "kbrown"}).accepted
    assert screen.sidebar.news.text() == "John Astell breaks diplomatic relations with Kevin Brown"
    assert not section.news.isHidden()
    assert section.news.text() == "• John Astell breaks diplomatic relations with Rich Banner"
    assert win.controller.submit(win.game.module.finish_command(win.game.state)).accepted
    assert section.step.text() == "Step II.A (2 of 18): Primary production"
    screen.close()


def test_no_bank_or_technology_figure_reaches_the_hall(qtbot: Any, win: Any, installed: Any, tmp_path: Any) -> None:
    state = win.game.state
    for path, new in (("nations.mexico.bank", BANK), ("nations.mexico.tech.space", TECH)):
        old = state.nations["mexico"].bank if path.endswith("bank") else state.nations["mexico"].tech["space"]
        assert win.controller.submit({"kind": "edit", "path": path, "old": old, "new": new,
                                      "reason": "a secret to look for"}).accepted
    screen = screen_for(qtbot, win.game, tmp_path)
    public = texts_of(screen)
    assert "Mexico" in public or "MEXICO" in public.upper()  # the walk does read the map and the side bar
    assert str(BANK) not in public and str(TECH) not in public
    # control: the referee's window (its ledgers) shows both, so the walk would find a leak
    referee = texts_of(win)
    assert str(BANK) in referee and str(TECH) in referee
    screen.close()


def test_a_viewers_big_screen_gets_the_fills_and_no_secret(qtbot: Any, win: Any, tmp_path: Any) -> None:
    """A LAN viewer's big screen is built from the public board only (``PublicGame``): the fills come from
    its control, and the secret figures are not there either."""
    from boardapp.ui.network.public import PublicGame
    from boardapp.ui.rules.thegame.overlay import RegionFills

    state = win.game.state
    assert win.controller.submit({"kind": "edit", "path": "nations.mexico.bank", "old": state.nations["mexico"].bank,
                                  "new": BANK, "reason": "a secret to look for"}).accepted
    viewer = PublicGame.following(win.game)
    screen = screen_for(qtbot, viewer, tmp_path)
    [fills] = [i for i in screen.scene.items() if isinstance(i, RegionFills)]
    astell = next(t.colour for t in win.game.module.teams if t.id == "astell")
    assert fills.looks["mexico"].fill == astell  # Mexico is John Astell's nation's
    assert str(BANK) not in texts_of(screen)
    screen.close()
