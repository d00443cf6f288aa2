"""Region fills by owner and status, on the umpire's board and the big screen (public information only)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings

from boardapp.ui.bigscreen.window import BigScreenWindow
from boardapp.ui.rules.thegame.overlay import RegionFills, RegionLook


def colours(scenario_data: dict[str, Any]) -> dict[str, str]:
    return {p["id"]: p["colour"] for p in scenario_data["players"]}


def nation(scenario_data: dict[str, Any], nid: str) -> dict[str, Any]:
    return next(n for n in scenario_data["nations"] if n["id"] == nid)


def board_fills(win: Any) -> RegionFills:
    found = [i for i in win.scene.items() if isinstance(i, RegionFills)]
    assert len(found) == 1
    return found[0]


def test_an_owned_region_is_filled_in_its_players_colour(win: Any, scenario_data: dict[str, Any]) -> None:
    mexico_player = nation(scenario_data, "mexico")["player"]
    looks = board_fills(win).looks
    assert looks["mexico"] == RegionLook(fill=colours(scenario_data)[mexico_player])
    # a non-player region nobody controls is left as the map draws it
    free = next(r["id"] for r in scenario_data["regions"] if "owner" not in r and not r.get("relations")
                and r["id"] in looks)
    assert looks[free] == RegionLook()


def test_occupation_hatches_in_the_occupiers_colour(win: Any, scenario_data: dict[str, Any]) -> None:
    romania_player = nation(scenario_data, "romania")["player"]
    assert win.controller.submit({"kind": "edit", "path": "regions.mexico.occupier", "old": None, "new": "romania",
                                  "reason": "a test of the hatch"}).accepted
    look = board_fills(win).looks["mexico"]
    assert look.hatch == colours(scenario_data)[romania_player]
    win.undo_stack.undo()
    assert board_fills(win).looks["mexico"].hatch is None


def test_the_big_screen_map_has_the_same_fills(qtbot: Any, win: Any, tmp_path: Any) -> None:
    screen = BigScreenWindow(win.game, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(screen)
    found = [i for i in screen.scene.items() if isinstance(i, RegionFills)]
    assert len(found) == 1 and found[0].looks == board_fills(win).looks
    assert win.controller.submit({"kind": "edit", "path": "regions.mexico.occupier", "old": None, "new": "romania",
                                  "reason": "the hall follows"}).accepted
    assert found[0].looks["mexico"].hatch is not None
    screen.close()


def test_pips_and_relations_are_marked_per_player(win: Any, scenario_data: dict[str, Any]) -> None:
    """PIPs and a relation set by the referee: markers naming the player; a non-player country under a
    player's Control takes that player's colour, lighter (the 'controlled' look)."""
    free = next(r["id"] for r in scenario_data["regions"] if "owner" not in r and r["id"] in board_fills(win).looks)
    for path, new in ((f"regions.{free}.pips.banner", 4), (f"regions.{free}.relations.astell", "control")):
        old = 0 if ".pips." in path else None
        assert win.controller.submit({"kind": "edit", "path": path, "old": old, "new": new,
                                      "reason": "markers"}).accepted
    tips = {item.toolTip() for item in win.scene.tokens if item.data(0) == free}
    assert {"pips: 4 (Rich Banner)", "control: 1 (John Astell)"} <= tips
    assert board_fills(win).looks[free] == RegionLook(fill=colours(scenario_data)["astell"], controlled=True)
