"""Issue #31 item 10: Save as suggests a .yaml name in the file's folder; a renamed region is redrawn at
once; a new map size refits the view; a region's name fits a narrow region."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog

from boardapp.editor import AddRegion
from boardapp.ui.editor.window import Tool

from .helpers import activate, click_map, field, settle, type_into


def test_save_as_suggests_a_yaml_name_in_the_files_folder(window, qtbot, monkeypatch, tmp_path) -> None:
    w = window
    asked: list[str] = []
    target = tmp_path / "sequel"  # typed without an ending

    def fake(parent, caption, start, filt):  # the platform's file dialog: what it is asked to show
        asked.append(start)
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", fake)
    w.select(("scenario", None))
    settle(qtbot)
    from .test_plain_fields import field_by_row

    type_into(qtbot, field_by_row(w, "name"), "Binni: the sequel")
    settle(qtbot)
    activate(w)
    QTest.keyClick(w, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    settle(qtbot)
    assert asked and Path(asked[0]).name == "binni-the-sequel.yaml" and Path(asked[0]).parent == Path.cwd()
    assert (tmp_path / "sequel.yaml").exists(), "the .yaml ending added"
    # the next Save as starts at the file itself, in its folder
    QTest.keyClick(w, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    settle(qtbot)
    assert Path(asked[1]) == tmp_path / "sequel.yaml"


def test_a_renamed_region_is_redrawn_at_once(window, qtbot) -> None:
    w = window
    w.push(AddRegion({"id": "west", "name": "West", "kind": "country",
                      "polygon": [(20, 20), (500, 20), (500, 580), (20, 580)]}))
    settle(qtbot)
    click_map(w, 250, 300)
    settle(qtbot)
    assert w.selected == ("regions", "west")
    dirty: list[QRectF] = []
    w.scene.changed.connect(dirty.extend)
    type_into(qtbot, field(w.props_box, "name"), "Holloway")
    settle(qtbot, 60)
    area = QRectF(20, 20, 480, 560)
    assert any(r.intersects(area) for r in dirty), "the region's area was repainted"


def test_a_new_map_size_refits_the_view(window, qtbot) -> None:
    w = window
    w.set_tool(Tool.SELECT)
    click_map(w, 500, 300)
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "size"), "[3000, 2000]")
    settle(qtbot, 60)
    seen = w.view.mapToScene(w.view.viewport().rect()).boundingRect()
    assert seen.contains(QRectF(0, 0, 3000, 2000)), seen


def _ink_outside(w, rect: QRectF, margin: float) -> int:
    """Non-white pixels drawn left or right of ``rect`` (beyond ``margin``) in a render of the scene."""
    box = rect.adjusted(-400, 0, 400, 0)
    img = QImage(int(box.width()), int(box.height()), QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    w.scene.render(p, QRectF(0, 0, img.width(), img.height()), box)
    p.end()
    n = 0
    for x in list(range(int(400 - margin))) + list(range(int(400 + rect.width() + margin), img.width())):
        for y in range(0, img.height(), 2):
            c = img.pixelColor(x, y)
            if c.red() < 200 or c.green() < 200 or c.blue() < 200:
                n += 1
    return n


def test_a_region_name_fits_a_narrow_region(window, qtbot) -> None:
    w = window
    w.scene.setBackgroundBrush(QColor("white"))
    w.scene.drawBackground = lambda painter, rect: painter.fillRect(rect, QColor("white"))
    w.push(AddRegion({"id": "strip", "name": "Northern Gate Province", "kind": "province",
                      "polygon": [(440, 50), (560, 50), (560, 550), (440, 550)]}))
    settle(qtbot)
    assert _ink_outside(w, QRectF(440, 50, 120, 500), margin=6) == 0
