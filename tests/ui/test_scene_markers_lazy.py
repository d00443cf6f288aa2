"""Control markers' and tokens' items stay out of the scene while a far view paints them from the pieces
layer (a thousand hidden items in the scene's index cost ~25 ms of a first paint); they go in when the view
zooms in, when the scene's items are asked for, and at once from then on. The control markers' items are
not even made until then, or until :attr:`BoardScene.badges` is asked (making a thousand cost ~8 ms)."""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtWidgets import QGraphicsScene

from boardapp.engine.module import BoardPicture, BoardPiece, BoardToken
from boardapp.model.mapfile import Map
from boardapp.ui.board.items import CounterItem
from boardapp.ui.board.scene import BoardScene
from boardapp.ui.board.view import BoardView


def _in_scene(scene: BoardScene) -> set[int]:
    """The ids of the items Qt's own index holds (not :meth:`BoardScene.items`, which puts the markers in)."""
    return {id(i) for i in QGraphicsScene.items(scene)}


def test_far_view_paints_markers_without_their_items_then_zoomed_in_has_them(qtbot, tiny_game):
    scene = BoardScene(tiny_game)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(500, 300)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    view.viewport().repaint()
    assert scene.far
    assert len(scene.badges) == len(scene.map.places)  # laid out (the paint may come later)
    markers = [*scene._badges.values(), *scene._token_items.values()]
    held = _in_scene(scene)
    assert not [m for m in markers if id(m) in held], "far away the markers' items were put in the scene"
    layer = scene.pieces_layer()  # what the far view painted: every marker's picture at its place
    for pid, badge in scene._badges.items():
        assert any(row[2].cacheKey() == badge.pixmap().cacheKey() and row[1] == badge.sceneBoundingRect()
                   for row in layer[pid][1]), pid
    view.zoom_by(1.0 / view.zoom())  # zoomed in: the markers are items again, shown, with their tooltips
    assert not scene.far
    held = _in_scene(scene)
    assert all(id(m) in held and m.isVisible() for m in markers)
    assert all(b.toolTip() for b in scene._badges.values())
    scene.detach()


class _Module:
    """Three places, tokens at two of them, one counter: what the board asks of a rule module."""

    def __init__(self) -> None:
        self.map = Map.model_validate(
            {"id": "m", "name": "M", "size": [900, 300], "regions": [],
             "places": [{"id": p, "name": p.title(), "kind": "town", "at": [150 + 300 * i, 150]}
                        for i, p in enumerate(("alpha", "bravo", "charlie"))], "roads": []},
            context={"defer_checks": True})
        self.teams = [SimpleNamespace(id="t", name="Team", colour="#0072b2", symbol="T", on_map=True)]
        self.scenario = SimpleNamespace(name="M", teams=self.teams)
        self.tokens = [BoardToken(kind="dp", place="alpha", count=2), BoardToken(kind="dp", place="charlie", count=1)]
        self.pieces = [BoardPiece(id="c1", team="t", label="MIL", value="2", place="bravo")]

    def board(self, state: object) -> BoardPicture:
        return BoardPicture(control={"alpha": "t"}, pieces=list(self.pieces), tokens=list(self.tokens))


class _Game:
    def __init__(self) -> None:
        self.module = _Module()
        self.state = object()

    def subscribe(self, listener: object) -> object:
        return lambda: None


def test_tokens_come_and_go_while_out_of_the_scene_and_after(qapp, qtlog):
    game = _Game()
    scene = BoardScene(game)  # type: ignore[arg-type]
    scene.set_far(True)
    scene.pieces_layer()
    gone = scene._token_items[("charlie", 0)]
    del game.module.tokens[1]  # a token goes, and one comes, while the items are out of the scene
    game.module.tokens.append(BoardToken(kind="camp", place="bravo", count=1))
    scene.refresh()
    assert set(scene._token_items) == {("alpha", 0), ("bravo", 0)}
    assert not _in_scene(scene)
    scene.set_far(False)  # zoomed in: the markers and the tokens now shown go in, the gone one does not
    held = _in_scene(scene)
    assert all(id(m) in held for m in (*scene._badges.values(), *scene._token_items.values()))
    assert id(gone) not in held
    game.module.tokens.append(BoardToken(kind="aid", place="charlie", count=3))  # from now on, in at once
    scene.refresh()
    assert id(scene._token_items[("charlie", 0)]) in _in_scene(scene)
    del game.module.tokens[0]
    scene.refresh()
    assert ("alpha", 0) not in scene._token_items
    assert len([i for i in QGraphicsScene.items(scene) if i.data(0) == "alpha"]) == 1  # its marker only
    warnings = [r.message for r in qtlog.records if "removeItem" in r.message or "addItem" in r.message]
    assert warnings == []
    scene.detach()


def test_zoomed_in_from_far_a_counter_drags_and_the_markers_are_found_under_the_pointer(qtbot, tiny_game):
    """Fitted far away (nothing but pictures), then zoomed in: the counter at the place zoomed to is dragged
    to a neighbour (the game moves it), and the marker under the pointer is an item the view finds (its tooltip)."""
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtTest import QTest

    from tests.ui.test_window import _move

    scene = BoardScene(tiny_game)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(500, 300)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    view.viewport().repaint()
    assert scene.far
    chip = scene._chips["g-mil1"]  # its picture only: no item asked for
    assert chip.place == "bravo"
    view.zoom_by(1.0 / view.zoom())
    view.centerOn((scene.place_pos("bravo") + scene.place_pos("charlie")) / 2)
    assert not scene.far
    badge = scene.badges["bravo"]
    under = view.items(view.mapFromScene(badge.sceneBoundingRect().center()))
    assert badge in under and badge.toolTip()
    r = chip.rect
    start = view.mapFromScene(QPointF(r.left() + 4, r.center().y()))
    grabbed = [i for i in view.items(start) if isinstance(i, CounterItem)]
    assert grabbed and grabbed[0].counter_id == "g-mil1" and grabbed[0].isVisible()
    end = view.mapFromScene(scene.place_pos("charlie"))
    vp = view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for i in range(1, 7):
        _move(vp, start + (end - start) * (i / 6))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    assert tiny_game.state.counters["g-mil1"].place == "charlie"
    scene.detach()


def _badge_rows(scene: BoardScene) -> dict[str, list[tuple[float, tuple[float, float, float, float], int]]]:
    """Each place's control-marker rows of a freshly made pieces layer: (z, rectangle, picture's key)."""
    from boardapp.ui.board.style import Z_BADGE

    return {pid: [(z, r.getRect(), pm.cacheKey()) for z, r, pm in rows if z == Z_BADGE]
            for pid, (_b, rows) in scene._layer_of(None).items()}


def test_far_first_paint_makes_no_marker_item_and_paints_each_as_its_item_would(qtbot, tiny_game):
    """Fitted far away, the control markers are painted from their layout alone: no item is made for them (not
    even out of the scene) until asked for; the items then made are where, and show what, was painted."""
    scene = BoardScene(tiny_game)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(500, 300)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    before = view.viewport().grab().toImage()  # painted: the pieces laid out for it
    assert scene.far and not scene._unlaid
    assert scene._badges == {}, "far away a control marker's item was made"
    painted = _badge_rows(scene)
    assert sum(map(len, painted.values())) == len(scene.map.places)  # every place's marker was painted
    badges = scene.badges  # asked for: every marker gets its item, out of the scene while far
    held = _in_scene(scene)
    assert set(badges) == set(scene.places) and not [b for b in badges.values() if id(b) in held]
    for pid, badge in badges.items():
        assert painted[pid] == [(badge.zValue(), badge.sceneBoundingRect().getRect(), badge.pixmap().cacheKey())]
        assert badge.toolTip().startswith(scene.places[pid].name + ": ")
    assert _badge_rows(scene) == painted  # the layer now read from the items: the same rows
    scene._layer = None  # painted again from the items: the same pixels
    scene.invalidate(scene.sceneRect())
    view.resetCachedContent()
    view.viewport().repaint()
    assert view.viewport().grab().toImage() == before
    scene.detach()


def test_a_change_of_control_reaches_markers_without_items_and_the_items_made_later(qapp):
    """Control changing while no marker has an item: the marker painted and its tooltip follow it; the item
    made afterwards shows the new holder, and from then on a change reaches the items."""
    from PySide6.QtCore import QEvent, QPoint
    from PySide6.QtWidgets import QGraphicsSceneHelpEvent, QToolTip

    game = _Game()
    control = {"alpha": "t"}
    game.module.board = lambda state: BoardPicture(control=dict(control), pieces=list(game.module.pieces),
                                                   tokens=list(game.module.tokens))
    scene = BoardScene(game)  # type: ignore[arg-type]
    scene.set_far(True)
    first = _badge_rows(scene)
    control["bravo"] = "t"
    scene.refresh()
    assert scene._badges == {}
    now = _badge_rows(scene)
    assert now["alpha"] == first["alpha"] and now["charlie"] == first["charlie"]
    assert now["bravo"][0][2] == first["alpha"][0][2] != first["bravo"][0][2]  # bravo now shows the team's marker
    scene.set_piece_scale(1.5)  # laid out again at another size: the same holders, their tooltips kept
    assert scene._badges == {}
    rect = scene._badge_looks["bravo"].rect()
    help_event = QGraphicsSceneHelpEvent(QEvent.Type.GraphicsSceneHelp)
    help_event.setScenePos(rect.center())
    help_event.setScreenPos(QPoint(10, 10))
    scene.helpEvent(help_event)  # a tooltip far away, from the marker as laid out
    assert help_event.isAccepted() and QToolTip.text() == "Bravo: Team"
    assert scene._badges == {}  # (no item made for it)
    QToolTip.hideText()
    assert scene.badges["bravo"].toolTip() == "Bravo: Team"
    assert scene.badges["bravo"].pixmap().cacheKey() == now["bravo"][0][2]
    del control["alpha"]
    scene.refresh()
    assert scene.badges["alpha"].toolTip() == "Alpha: neutral"
    assert scene.badges["alpha"].pixmap().cacheKey() == first["charlie"][0][2]
    alpha = scene.badges["alpha"]  # painted from the item now: where it stands, the neutral picture
    neutral = first["charlie"][0][2]
    assert _badge_rows(scene)["alpha"] == [(alpha.zValue(), alpha.sceneBoundingRect().getRect(), neutral)]
    scene.detach()


def test_the_big_screen_lays_its_first_picture_out_around_the_markers_items(qapp):
    """The big screen's scene moves the control markers' items and lays counters and tokens out clear of
    them, so it makes those items with its first layout: that layout is the one a later full layout gives
    (on the dense MUN map every counter stood elsewhere when the first one found no marker item)."""
    from pathlib import Path

    from boardapp.engine.files import load_scenario, new_game
    from boardapp.ui.bigscreen.scene import PublicScene

    mun = Path(__file__).resolve().parents[2] / "scenarios" / "mun-historical-1935.yaml"
    scene = PublicScene(new_game(load_scenario(mun)))

    def laid_out() -> tuple[dict[str, tuple[float, ...]], list[tuple[float, ...]]]:
        return ({cid: item.sceneBoundingRect().getRect() for cid, item in scene.counters.items()},
                [item.sceneBoundingRect().getRect() for item in scene.tokens])

    first = laid_out()
    assert len(first[0]) > 40 and len(first[1]) > 40
    scene._stack_keys, scene._badge_keys = {}, {}  # everything laid out again, the markers' items made now
    scene.refresh()
    assert laid_out() == first
    scene.detach()
