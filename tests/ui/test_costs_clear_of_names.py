"""Issue #31 item 10: the move costs shown while a counter is in the air never cover a place's name, a
place's symbol or another cost: measured on what is drawn (each cost's painted box in the view against
each name's box as the board paints it), on War in Binni's map at 1920x1080, fitted and zoomed in."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QLineF, QPointF, QRectF

from boardapp.ui.mainwindow import MainWindow


def _painted(view, item) -> QRectF:
    """A cost text's box on the screen (it ignores the view's zoom: its size is in pixels)."""
    drawn = item.boundingRect().united(item.childrenBoundingRect())  # the letters and their plate
    return item.deviceTransform(view.viewportTransform()).mapRect(drawn)


def _name_boxes(view, scene) -> dict[str, QRectF]:
    out = {}
    for pid, spot in scene.name_spots().items():
        b = spot.box
        out[pid] = view.viewportTransform().mapRect(QRectF(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0))
    return out


def _costs(scene) -> list:
    return [i for i in scene._option_items if hasattr(i, "text") and i.text()]


@pytest.fixture
def board(qtbot, binni_game, tmp_path):
    w = MainWindow(binni_game, tmp_path / "binni.game")
    qtbot.addWidget(w)
    w.resize(1920, 1080)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return w


@pytest.mark.parametrize("zoom", [1.0, 2.5])
def test_costs_cover_no_name_symbol_or_other_cost(board, zoom) -> None:
    view, scene = board.view, board.scene
    if zoom != 1.0:
        view.scale(zoom, zoom)
    # the counters with the most costs to show, wherever they stand
    ranked = sorted(scene.counters, key=lambda c: -sum(
        1 for o in board.game.module.move_options(board.game.state, c) if o.cost))
    checked = 0
    for cid in ranked[:4]:
        scene.show_options(cid)
        if zoom != 1.0:
            view.centerOn(scene.counters[cid])
            scene.show_options(cid)  # placed for what the view shows now
        names = _name_boxes(view, scene)
        vp = QRectF(view.viewport().rect())
        costs = [(c, _painted(view, c)) for c in _costs(scene)]
        assert costs, f"{cid} shows costs"
        r = 18 * scene.base_scale
        for text, box in costs:
            if not vp.intersects(box):
                continue
            for pid, name in names.items():
                assert not box.intersects(name), f"the cost {text.text()!r} covers the name of {pid}"
            for p in scene.map.places:
                sym = view.viewportTransform().mapRect(QRectF(p.at[0] - r, p.at[1] - r, 2 * r, 2 * r))
                assert not box.intersects(sym), f"the cost {text.text()!r} covers the symbol of {p.id}"
            for other, obox in costs:
                assert other is text or not box.intersects(obox), "two costs overlap"
            checked += 1
        scene.clear_options()
    assert checked >= 4


def test_a_cost_stays_beside_its_ring_or_has_a_line_to_it(board) -> None:
    """Placed clear of the names, a cost is still read as its place's: its box is within two cost heights
    of its ring, or a leader line runs from the ring to the box."""
    from PySide6.QtWidgets import QGraphicsLineItem

    view, scene = board.view, board.scene
    cid = next(c for c in scene.counters if any(o.cost for o in board.game.module.move_options(board.game.state, c)))
    scene.show_options(cid)
    texts = _costs(scene)
    lines = [i.line() for i in scene._option_items if isinstance(i, QGraphicsLineItem)]
    zoom = view.transform().m11()
    assert texts and all(t.data(0) in scene._options for t in texts)
    for text in texts:
        x, y = scene.places[text.data(0)].at
        box = _painted(view, text)
        centre = view.viewportTransform().map(QPointF(x, y))
        far = max(box.left() - centre.x(), centre.x() - box.right(), box.top() - centre.y(),
                  centre.y() - box.bottom(), 0)
        near = far <= 37.5 * scene.base_scale * zoom + 2 * box.height() + 2
        to_box = [ln for ln in lines if QLineF(ln.p1(), QPointF(x, y)).length() <= 38 * scene.base_scale]
        assert near or to_box, f"the cost at {text.data(0)} is {far:.0f} px away with no line to it"
    scene.clear_options()
