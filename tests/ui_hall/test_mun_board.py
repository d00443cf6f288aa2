"""The MUN board (issue #13 item 15): supply centres are dots tinted by their owner's colour (grey
when unowned), on the board, the big screen and in render (all draw BoardScene tokens)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor

from boardapp.engine.files import load_scenario, new_game

MUN = Path(__file__).resolve().parents[2] / "scenarios" / "mun-historical-1935.yaml"


def test_supply_centres_are_dots_in_their_owners_colour(qtbot):
    from boardapp.ui.board.scene import BoardScene

    game = new_game(load_scenario(MUN))
    scene = BoardScene(game, public=True)
    tokens = {(t.place, t.team) for t in scene.visible_tokens() if t.kind == "supply_centre"}
    owned = next((place, team) for place, team in tokens if team)
    unowned = next(place for place, team in tokens if not team)
    by_place = {item.data(0): item for item in scene.tokens}
    colour = QColor(scene.teams[owned[1]].colour)
    img = by_place[owned[0]].pixmap().toImage()
    edge = img.pixelColor(img.width() // 2, 6)  # inside the dot, above its text
    assert (edge.red(), edge.green(), edge.blue()) == (colour.red(), colour.green(), colour.blue())
    grey = by_place[unowned].pixmap().toImage()
    g = grey.pixelColor(grey.width() // 2, 6)
    assert g.red() == g.green() == g.blue()  # an unowned centre is a neutral dot
    assert img.width() >= img.height() - 1  # a dot, never narrower than it is high
    scene.detach()


def test_armies_and_fleets_are_different_shapes(qtbot):
    """A fleet's chip is a hull (its bottom corners are cut away), an army's a disc (its top corners
    too); the letter is not the only cue."""
    from boardapp.ui.board.scene import BoardScene

    game = new_game(load_scenario(MUN))
    scene = BoardScene(game, public=True)
    shapes = {pc.label: pc.shape for pc in scene.visible_pieces()}
    assert shapes == {"A": "round", "F": "hull"}
    chips = {scene._chips[pc.id].piece.label: scene._chips[pc.id].pixmap.toImage() for pc in scene.visible_pieces()}
    army, fleet = chips["A"], chips["F"]
    w, h = army.width(), army.height()
    assert army.pixelColor(3, 3).alpha() == 0 and army.pixelColor(w - 4, h - 4).alpha() == 0  # a disc
    assert fleet.pixelColor(w // 2, h // 4).alpha() > 0 and fleet.pixelColor(3, h - 4).alpha() == 0  # a hull
    assert fleet.pixelColor(w - 4, h // 4).alpha() > 0  # deck corner filled, where a disc has none
    scene.detach()
