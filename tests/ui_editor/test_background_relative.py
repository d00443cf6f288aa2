"""Issue #31 item 7: the background image path is saved relative to the map file, the image copied
beside the map when the designer agrees (so the map folder travels to another laptop)."""

from __future__ import annotations

import yaml
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QToolBar

from .helpers import activate, click_button, settle, when_modal


def _image(path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    img = QImage(60, 40, QImage.Format.Format_RGB32)
    img.fill(QColor("#336699"))
    assert img.save(str(path))


def choose_background(w, qtbot, monkeypatch, path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    bar = w.findChild(QToolBar, "regions")
    QTest.mouseClick(bar.widgetForAction(w.bar_actions["Background image…"]), Qt.MouseButton.LeftButton)
    settle(qtbot)


def save_as(w, qtbot, monkeypatch, path, answer: str) -> list:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    seen = when_modal(qtbot, "copy-background-dialog", lambda d: click_button(d, answer))
    activate(w)
    QTest.keyClick(w, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    settle(qtbot)
    return seen


def test_image_copied_beside_the_map_and_saved_relative(window, qtbot, monkeypatch, tmp_path) -> None:
    w = window
    image = tmp_path / "downloads" / "bg.png"
    _image(image)
    choose_background(w, qtbot, monkeypatch, image)
    assert w.map_doc.background is not None and w.scene.background is not None
    (tmp_path / "game").mkdir()
    seen = save_as(w, qtbot, monkeypatch, tmp_path / "game" / "walk.yaml", "Copy it beside")
    assert seen and "bg.png" in seen[0]
    saved_map = yaml.safe_load((tmp_path / "game" / "walk-map.yaml").read_text())
    assert saved_map["background"]["image"] == "bg.png"
    assert (tmp_path / "game" / "bg.png").read_bytes() == image.read_bytes()
    assert w.scene.background is not None, "still drawn from its new place"


def test_image_left_where_it_is_is_saved_relative_with_steps(window, qtbot, monkeypatch, tmp_path) -> None:
    w = window
    image = tmp_path / "pictures" / "bg.png"
    _image(image)
    choose_background(w, qtbot, monkeypatch, image)
    (tmp_path / "game").mkdir()
    seen = save_as(w, qtbot, monkeypatch, tmp_path / "game" / "walk.yaml", "Leave it")
    assert seen
    saved_map = yaml.safe_load((tmp_path / "game" / "walk-map.yaml").read_text())
    assert saved_map["background"]["image"] == "../pictures/bg.png"
    assert not (tmp_path / "game" / "bg.png").exists()
