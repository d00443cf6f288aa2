"""The real umpire's window under a real X server: Xvfb, the xcb platform, a grab into a PNG."""

from __future__ import annotations

import shutil

import pytest

from tests.ui.xshot import shoot

pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None,
                                reason="Xvfb is not on PATH (apt-get install xvfb and the xcb libraries "
                                       "listed in the CI script)")


def test_main_window_on_xvfb_screenshot(tmp_path):
    from PySide6.QtGui import QImage

    out = shoot(tmp_path / "board.png", 1280, 800)
    img = QImage(str(out))
    assert not img.isNull()
    assert (img.width(), img.height()) == (1280, 800)
    # not blank: many colours (map fills, roads, chips, panels), and the board's middle is not flat
    colours = {img.pixel(x, y) for x in range(0, img.width(), 7) for y in range(0, img.height(), 7)}
    assert len(colours) > 200, len(colours)
    middle = {img.pixel(x, y) for x in range(500, 780, 3) for y in range(300, 500, 3)}
    assert len(middle) > 20
