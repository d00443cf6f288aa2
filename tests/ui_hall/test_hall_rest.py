"""Issue #23, what remained after the counters: War in Binni's ``tables`` layout, its country's name,
the MUN's markers in Germany, the Mid-East's Levant and final banner, and how often the big screen
places its names while it opens. Every check reads what is drawn (hall_measure) or the scene's items
as painted (their scene bounding boxes)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from tests.ui_hall import hall_measure
from tests.ui_hall.hall_games import make_game


def _open(path, settings, size=(1920, 1080), layout=None):
    from boardapp.engine.files import open_game
    from boardapp.ui.bigscreen.window import BigScreenWindow

    window = BigScreenWindow(open_game(path, readonly=True), settings=settings)
    window.resize(*size)
    if layout:
        window.set_layout(layout)
    window.show()
    for _ in range(5):
        QApplication.processEvents()
    return window


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_binni_tables_layout_shows_its_tables_at_hall_size(qtbot, settings, tmp_path, size):
    """Binni's picture has no tables of its own (its side bar is its own widgets): the ``tables``
    layout was empty. It shows the teams' public numbers, the counts and every place someone holds
    or stands at, each counter's value read from the game, every page at the hall standard."""
    from boardapp.engine.files import open_game
    from boardapp.ui.board.scene import public_view

    path = make_game("binni", tmp_path)
    game = open_game(path, readonly=True)
    pic = public_view(game.module, game.state)
    with hall_measure.recording():
        window = _open(path, settings, size, "tables")
        qtbot.addWidget(window)
        pager = window.tables.pager
        qtbot.waitUntil(lambda: bool(pager.pages))
        shown = pager.all_texts()
        assert any(t.startswith("TEAMS") for t in shown) and any(t.startswith("PLACES") for t in shown), shown[:5]
        assert "Binni Government" in shown and "UN / International Agencies" in shown
        # every place with a public counter is a row, with each counter's label and value
        by_id = {pl.id: pl.name for pl in window.scene.map.places}
        for piece in pic.pieces:
            assert by_id[piece.place] in shown, piece.place
            assert any(f"{piece.label} {piece.value}" in t for t in shown), piece
        for index in range(len(pager.pages)):
            pager.show_page(index)
            report = hall_measure.measure(window)
            assert report.texts and not report.problems(), (index, report.describe())
    window.detach()


def test_opening_places_the_names_once_for_the_final_size(qtbot, settings, tmp_path, monkeypatch):
    """Issue #23 item 11: The Game's big screen placed its names seven times while opening (the scene's
    first placing, then twice a settle, for a passing width of the view and again for the final one,
    the last with a stale scale). Now: the scene's first placing and one for the final size, and the
    names are sized for the scale the view shows."""
    from boardapp.ui.bigscreen.scene import NAME_FRACTION, PublicScene

    calls: list[int] = []
    real = PublicScene.place_names

    def counted(self):
        calls.append(1)
        return real(self)

    monkeypatch.setattr(PublicScene, "place_names", counted)
    path = make_game("thegame", tmp_path)
    window = _open(path, settings)
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    for _ in range(5):
        QApplication.processEvents()
    assert window.tour.running
    assert len(calls) <= 2, len(calls)
    # the names' size is the one the final scale asks for (a 40th of the height on screen, capped)
    want = window.height() * NAME_FRACTION / window.view.scale_now()
    from boardapp.ui.bigscreen.tour import NAME_CAP
    from boardapp.ui.board.scene import NAME_PX

    want = min(max(NAME_PX * window.scene.base_scale, want), NAME_CAP * window.scene.base_scale)
    assert abs(window.scene.name_px - want) <= 0.5, (window.scene.name_px, want)
    window.detach()


def _ink(window, item) -> QRectF:
    """An item's box on the window, as painted."""
    view = window.view
    poly = view.mapFromScene(item.sceneBoundingRect())
    return QRectF(poly.boundingRect()).translated(view.pos().x(), view.pos().y())
