"""Issue #31 item 10 on the big screen: the fight banner covers no place's name. Where every spot over
the map would cover one (War in Binni at 1920x1080), the view gives the banner a margin of its own, kept
with the big screen's other overlays (``pages.reserve_edge``), and the region shown loses that band, so the
map keeps its zoom: the hall standard holds while the banner shows (measured by ``hall_measure``), and the
margin and the whole map come back when it goes. Measured on what is drawn: the banner's box and each
shown name's painted box in the window."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF

from .hall_measure import measure, recording

LINES = ["Binni Government attacks Kalen", "against Rebels", "4 against 2 · column 2:1 · die 5", "DECISIVE WIN"]


def _names_on_screen(window) -> dict[str, QRectF]:
    view = window.view
    t = view.viewportTransform()
    vp = view.viewport()
    out = {}
    for key, item in window.scene.names.items():
        if item.isVisible():
            r = t.mapRect(item.sceneBoundingRect())
            out[key] = r.translated(vp.mapTo(window, QPoint(0, 0)).toPointF())
    return out


def test_the_big_screens_banner_covers_no_name_and_keeps_the_hall_size(qtbot, settings, binni_game) -> None:
    from boardapp.ui.bigscreen.window import BigScreenWindow

    with recording():
        window = BigScreenWindow(binni_game, settings=settings)
        qtbot.addWidget(window)
        window.resize(1920, 1080)
        window.show()
        qtbot.waitExposed(window)
        qtbot.wait(300)
        zoom = window.view.scale_now()
        before = window.view.viewport().geometry()
        window.banner.announce(LINES)
        qtbot.wait(1000)  # the margin, the map fitted again, the names placed again
        b = window.banner
        banner = QRectF(b.mapTo(window, QPoint(0, 0)).toPointF(), b.size().toSizeF())
        names = _names_on_screen(window)
        assert names, "names shown"
        for key, box in names.items():
            assert not banner.intersects(box), f"the banner covers {key}"
        assert window.view.scale_now() >= 0.99 * zoom, "the map kept its zoom"
        report = measure(window)
        assert not report.problems(), report.describe()
        b.hide()
        qtbot.wait(500)
    assert window.view.viewport().geometry() == before, "the margin given back"
    assert window.view.region is None, "the whole map shown again"
    window.detach()
