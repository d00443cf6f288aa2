"""Issue #31 item 10: the fight banner never covers a place's name or an open dialog. Measured on what is
drawn: the banner's box on the screen against each name's box as the board paints it (the scene's name
spots through the view's transform) and against the dialog's frame, on War in Binni at 1920x1080."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout

from boardapp.ui.mainwindow import MainWindow

LINES = ["Binni Government attacks Kalen", "against Rebels", "4 against 2 · column 2:1 · die 5", "DECISIVE WIN"]


def _names(view) -> dict[str, QRectF]:
    t = view.viewportTransform()
    return {pid: t.mapRect(QRectF(s.box.x0, s.box.y0, s.box.x1 - s.box.x0, s.box.y1 - s.box.y0))
            for pid, s in view.scene().name_spots().items()}


def _banner_in_viewport(view) -> QRectF:
    b = view.banner
    top_left = view.viewport().mapFromGlobal(b.mapToGlobal(QPoint(0, 0)))
    return QRectF(top_left.x(), top_left.y(), b.width(), b.height())


@pytest.fixture
def board(qtbot, binni_game, tmp_path):
    w = MainWindow(binni_game, tmp_path / "binni.game")
    qtbot.addWidget(w)
    w.resize(1920, 1080)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return w


def _announce(qtbot, view, at=None) -> None:
    view.banner.announce(LINES, avoid_y=None if at is None else at.y() / view.viewport().height(), avoid_at=at)
    qtbot.wait(50)  # the view refits if it gave the banner a margin


@pytest.mark.parametrize("zoom", [1.0, 2.0])
def test_the_banner_covers_no_name(qtbot, board, zoom) -> None:
    view = board.view
    if zoom != 1.0:
        view.scale(zoom, zoom)
    vp = QRectF(view.viewport().rect())
    seen_before = {pid for pid, box in _names(view).items() if vp.contains(box)}
    _announce(qtbot, view)
    assert view.banner.isVisible()
    banner = _banner_in_viewport(view)
    vp = QRectF(view.viewport().rect())
    for pid, box in _names(view).items():
        if vp.intersects(box):
            assert not banner.intersects(box), f"the banner covers the name of {pid}"
    if zoom == 1.0:  # the whole map in view: every name still wholly in view (none pushed out)
        assert seen_before <= {pid for pid, box in _names(view).items() if vp.contains(box)}
    # every line is drawn whole in the banner (never cut): each line's advance fits its box
    from PySide6.QtGui import QFontMetricsF

    for line, font, _ in view.banner._fonts():
        assert QFontMetricsF(font).horizontalAdvance(line) <= view.banner.width(), line


def test_the_banner_keeps_clear_of_the_place_fought_over(qtbot, board) -> None:
    view, scene = board.view, board.scene
    kalen = view.mapFromScene(scene.place_pos("kalen")).toPointF()
    _announce(qtbot, view, kalen)
    kalen = view.mapFromScene(scene.place_pos("kalen")).toPointF()  # after any refit
    assert not _banner_in_viewport(view).contains(kalen)


def test_the_banner_covers_no_open_dialog(qtbot, board) -> None:
    view = board.view
    dlg = QDialog(board)
    QVBoxLayout(dlg).addWidget(QLabel("A dialog the umpire is reading"))
    dlg.resize(900, 500)
    dlg.show()
    qtbot.waitExposed(dlg)
    g = view.viewport().mapToGlobal(QPoint(view.viewport().width() // 2 - 450, 0))
    dlg.move(g)  # along the top of the map, where a banner went
    qtbot.wait(20)
    _announce(qtbot, view)
    b = view.banner
    banner = QRectF(b.mapToGlobal(QPoint(0, 0)).toPointF(), b.size().toSizeF())
    assert not banner.intersects(QRectF(dlg.frameGeometry())), "the banner is under the dialog"
    dlg.close()


def test_a_margin_given_to_the_banner_is_given_back(qtbot, board) -> None:
    view = board.view
    before = view.viewport().geometry()
    _announce(qtbot, view)
    qtbot.mouseClick(view.banner, Qt.MouseButton.LeftButton, pos=QPoint(10, 10))  # dismissed by a click
    qtbot.wait(50)
    assert not view.banner.isVisible() and view.banner.margin == 0
    assert view.viewport().geometry() == before
