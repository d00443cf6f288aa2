"""Far away the scene paints its pieces itself (``BoardScene.paint_pieces``): each marker, token and counter
must show its own picture, at its own place, at its size on screen, as its item would."""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from boardapp.engine.module import BoardPicture, BoardPiece, BoardToken
from boardapp.model.mapfile import Map
from boardapp.ui.board.scene import BoardScene


class _Module:
    """Four places far apart, counters of two teams with different labels and values (two of them stacked), a
    token, holders."""

    def __init__(self) -> None:
        self.map = Map.model_validate(
            {"id": "m", "name": "M", "size": [1600, 500], "regions": [],
             "places": [{"id": p, "name": p.title(), "kind": "town", "at": [200 + 400 * i, 300]}
                        for i, p in enumerate(("alpha", "bravo", "charlie", "delta"))], "roads": []},
            context={"defer_checks": True})
        self.teams = [SimpleNamespace(id="red", name="Red", colour="#c0392b", symbol="R", on_map=True),
                      SimpleNamespace(id="blue", name="Blue", colour="#1f5fbf", symbol="B", on_map=True)]
        self.scenario = SimpleNamespace(name="M", teams=self.teams)

    def board(self, state: object) -> BoardPicture:
        pieces = [BoardPiece(id="r1", team="red", label="MIL", value="2", place="alpha"),
                  BoardPiece(id="r3", team="red", label="ENG", value="1", place="alpha"),  # a stack (overlapping)
                  BoardPiece(id="b1", team="blue", label="ARM", value="6", place="bravo"),
                  BoardPiece(id="r2", team="red", label="HQ", value="", place="charlie"),
                  BoardPiece(id="b2", team="blue", label="ART", value="4", damage=1, place="delta")]
        return BoardPicture(control={"alpha": "red", "delta": "blue"}, pieces=pieces,
                            tokens=[BoardToken(kind="dp", place="bravo", count=3)])


class _Game:
    def __init__(self) -> None:
        self.module = _Module()
        self.state = object()

    def subscribe(self, listener: object) -> object:
        return lambda: None


def test_far_paint_shows_each_piece_its_own_picture_where_it_lies(qapp):
    scene = BoardScene(_Game())  # type: ignore[arg-type]
    scene.set_far(True)
    rows = [row for _bounds, place_rows in scene.pieces_layer().values() for row in place_rows]
    assert len(rows) == 4 + 5 + 1  # every place's control marker (held or neutral), five counters, a token
    area = scene.sceneRect()
    k = 0.37
    img = QImage(round(area.width() * k) + 2, round(area.height() * k) + 2, QImage.Format.Format_RGB32)
    img.fill(QColor("#ffffff"))
    p = QPainter(img)
    p.scale(k, k)
    p.translate(-area.x(), -area.y())
    t = p.worldTransform()
    scene.paint_pieces(p, area)
    p.end()
    checked = 0
    for z, rect, pm in rows:
        r = t.mapRect(rect)
        x, y, w, h = round(r.x()), round(r.y()), max(1, round(r.width())), max(1, round(r.height()))
        own = pm.scaled(w, h, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
        own = own.toImage().convertToFormat(QImage.Format.Format_ARGB32)
        above = [t.mapRect(other[1]) for other in rows if other[0] > z or (other[0] == z and other[1] != rect)]
        same = differ = 0
        for j in range(h):
            for i in range(w):
                c = own.pixelColor(i, j)
                if c.alpha() < 255 or any(o.contains(x + i + 0.5, y + j + 0.5) for o in above):
                    continue  # a see-through corner, or a pixel another piece may cover
                if img.pixelColor(x + i, y + j).rgb() == c.rgb():
                    same += 1
                else:
                    differ += 1
        assert same > 0 and differ == 0, (rect, same, differ)  # (a marker under a stack shows a few pixels)
        checked += same
    assert checked > 10 * 100
    scene.detach()


def test_the_margins_round_the_map_get_the_scene_background(qtbot, tiny_game):
    """The background brush is filled only where the map's ground does not cover (``_fill_margins``): the view's
    letterbox beside the scene and the scene's margin round the map still show it, the map its sea."""
    from boardapp.ui.board.mapdraw import SEA
    from boardapp.ui.board.view import BoardView

    scene = BoardScene(tiny_game)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(700, 250)  # wider than the map: a band of the view beside the scene on each side
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    img = view.viewport().grab().toImage()
    brush = scene.backgroundBrush().color().rgb()
    w, h = scene.map.size
    margin = scene.sceneRect()
    for x, y in ((1, 1), (img.width() - 2, img.height() - 2)):  # the view's corners, beside the scene
        assert img.pixelColor(x, y).rgb() == brush, (x, y)
    for at in (QPointF(margin.left() / 2, h / 2), QPointF(w + (margin.right() - w) / 2, h / 2)):
        p = view.mapFromScene(at)  # the scene's own margin left and right of the map
        assert img.rect().contains(p) and img.pixelColor(p.x(), p.y()).rgb() == brush, at
    p = view.mapFromScene(QPointF(3, h / 3))  # just inside the map's edge: its sea or what lies on it, not the brush
    assert img.pixelColor(p.x(), p.y()).rgb() != brush
    assert SEA.rgb() != brush
    scene.detach()
