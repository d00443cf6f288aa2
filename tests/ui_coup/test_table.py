"""The Coup table in the umpire's window: it replaces the map, a card dragged onto a counterpart is
played, the Block prompt asks the counterparts, seats see their own hands, combat is arranged by drag.

Expected values come from the rulebook (shared/rules/coup.md): a player's counterparts are the players
of his class on the other two teams; Jacks and Queens Infiltrate; 2-10 of Spades Block; set-up deals
one card to each Government and Rebel player and two to each Foreign Power player.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDockWidget

from boardapp.engine.files import load_scenario, new_game
from boardapp.engine.module import Audience
from boardapp.ui.rules.coup.view import TableView
from tests.ui_coup.conftest import ROOT, game_at, script

LEFT = Qt.MouseButton.LeftButton


def table_of(win: Any) -> TableView:
    view = win.centralWidget().table  # in its scrolling area (TableArea)
    assert isinstance(view, TableView)
    return view


def drag(view: TableView, src: str, dst: str) -> None:
    """A real press, moves and release from the spot ``src`` to the spot ``dst``."""
    a, b = view.centre(src).toPoint(), view.centre(dst).toPoint()
    QTest.mousePress(view, LEFT, Qt.KeyboardModifier.NoModifier, a)
    QTest.mouseMove(view, a + QPoint(12, 12))
    QTest.mouseMove(view, b)
    QTest.mouseRelease(view, LEFT, Qt.KeyboardModifier.NoModifier, b)


def click(view: TableView, ident: str) -> None:
    QTest.mouseClick(view, LEFT, Qt.KeyboardModifier.NoModifier, view.centre(ident).toPoint())


def texts_of(view: TableView, ident: str) -> list[str]:
    return view.spot(ident).texts


def test_the_table_replaces_the_map_and_the_map_docks_stand_aside(qtbot: Any, window: Any, loaded: Any) -> None:
    win = window(game_at(loaded, 0))
    assert table_of(win).objectName() == "coup-table"
    hidden = {d.objectName() for d in win.findChildren(QDockWidget) if d.isHidden()}
    assert {"Overview", "Off the map", "Teams"} <= hidden
    win.set_game(new_game(load_scenario(ROOT / "tests" / "data" / "tiny-scenario.yaml")))  # a game with a map
    assert win.centralWidget() is win.view

    def shown() -> set[str]:
        return {d.objectName() for d in win.findChildren(QDockWidget) if not d.isHidden()}

    qtbot.waitUntil(lambda: {"Overview", "Off the map", "Teams"} <= shown(), timeout=2000)  # once the table is gone


def test_control_deals_and_a_seat_draws_with_the_table_s_buttons(window: Any, loaded: Any) -> None:
    game = game_at(loaded, 0)
    view = table_of(window(game))
    click(view, "control:setup")
    assert game.state.phase == "play"
    counts = [t for t in view.drawn_texts() if t.startswith("Cards ")]
    # one card and one unit to each Government and Rebel player (limit 2); two cards to each Foreign Power player
    assert sorted(counts) == sorted(["Cards 1/2   Units 1   Chips 0"] * 6 + ["Cards 2/3   Units 0   Chips 0"] * 3)
    first = game.state.order[0]
    player = f"{first}-mil"
    click(view, f"draw:{player}")
    assert game.entries[-1].command == {"kind": "draw", "player": player}
    dealt = 2 if first == "for" else 1
    assert len(game.state.hands[player]) == dealt + 1
    assert f"Cards {dealt + 1}/{3 if first == 'for' else 2}" in " ".join(view.drawn_texts())


def test_a_card_dragged_onto_a_counterpart_is_played_and_control_s_screen_asks_both_counterparts(
        window: Any, loaded: Any) -> None:
    game = game_at(loaded, 4)  # Reb-Mil holds the Jack of Diamonds
    assert "JD" in game.state.hands["reb-mil"]
    view = table_of(window(game))
    gov_cards = len(game.state.hands["gov-mil"])
    drag(view, "JD", "gov-mil")
    assert game.entries[-1].command == {"kind": "play_card", "player": "reb-mil", "card": "JD", "target": "gov-mil"}
    # the Block window: Reb-Mil's counterparts are Gov-Mil and For-Mil, both asked, on Control's screen
    assert texts_of(view, "prompt-asked") == ["Waiting for Gov-Mil, For-Mil"]
    assert "Infiltrate (J♦)" in texts_of(view, "prompt-what")[0]
    assert view.spot("status:gov-mil").texts == ["BLOCK?"] and view.spot("status:for-mil").texts == ["BLOCK?"]
    click(view, "no_block:gov-mil")
    click(view, "no_block:for-mil")
    assert [e.command["kind"] for e in game.entries[-2:]] == ["no_block", "no_block"]
    # unblocked, the Infiltrate takes one card from Gov-Mil's hand
    assert len(game.state.hands["gov-mil"]) == gov_cards - 1
    assert "prompt" not in {s.ident for s in view.spots}


def test_a_counterpart_blocks_with_a_spade_from_the_prompt(window: Any, loaded: Any) -> None:
    game = game_at(loaded, 15)  # Gov-Civ holds the Queen of Spades, Reb-Civ the 4 of Spades
    view = table_of(window(game))
    drag(view, "QS", "reb-civ")  # a Queen Infiltrates in any suit: played, not a Block
    assert game.entries[-1].command["kind"] == "play_card"
    assert "block:reb-civ:4S" in {s.ident for s in view.spots}
    assert not any(s.ident.startswith("block:for-civ") for s in view.spots) or "4S" not in game.state.hands["for-civ"]
    click(view, "block:reb-civ:4S")
    assert game.entries[-1].command == {"kind": "block", "player": "reb-civ", "card": "4S"}
    assert game.state.pending is None and "QS" in game.state.discard


def test_a_refused_drop_says_why_and_changes_nothing(window: Any, loaded: Any) -> None:
    game = game_at(loaded, 4)
    win = window(game)
    view = table_of(win)
    before = len(game.entries)
    drag(view, "JD", "gov-para")  # not a counterpart, not a team-mate: a transfer the rules refuse
    assert len(game.entries) == before
    assert win.dialog is not None  # the window's own refusal: the force dialog with the reasons
    win.dialog.reject()


def test_a_player_seat_sees_and_answers_for_itself_only(window: Any, loaded: Any) -> None:
    game = game_at(loaded, 15)
    view = table_of(window(game))
    view.set_audience(Audience.player_seat("reb-civ"))
    own = set(game.state.hands["reb-civ"])
    faces = {s.ident for s in view.spots if s.kind == "card"}
    assert faces == own
    backs = [s for s in view.spots if s.kind == "back" and s.ident.startswith("back:gov-civ:")]
    assert len(backs) == len(game.state.hands["gov-civ"])
    # Rebels do not act now; no Control buttons. Arranging a meeting with his Foreign Power counterpart is
    # talk, open all through the round of play (docs/coup.md ruling 3): the only button on his screen.
    assert {s.ident for s in view.spots if s.kind == "button"} == {"arrange:reb-civ:for-civ"}
    game.push({"kind": "play_card", "player": "gov-civ", "card": "QS", "target": "reb-civ"})
    buttons = {s.ident for s in view.spots if s.kind == "button"}
    assert buttons == {"block:reb-civ:4S", "no_block:reb-civ"}, "For-Civ answers on his own seat"
    click(view, "no_block:reb-civ")
    assert game.entries[-1].command == {"kind": "no_block", "player": "reb-civ"}


def test_combat_is_laid_out_matched_and_lost_by_drag_and_gives_the_example_s_game(window: Any, loaded: Any) -> None:
    game = game_at(loaded, 80)  # Gov-Mil lays out: the example lays Engineer+Militia, then Labour
    expected = game_at(loaded, 84).state
    assert game.state.combat is not None and game.state.combat.step == "lay_out"
    view = table_of(window(game))
    assert "Round 1 of 3: Government lay out face down" in view.drawn_texts()
    drag(view, "tray:mil-engineer-2", "new-stack")
    drag(view, "tray:para-militia-4", "stack:1")
    drag(view, "tray:civ-labour-2", "new-stack")
    click(view, "lay_out")
    assert game.entries[-1].command == script()[80]
    # Reb-Mil matches: two Infantry against stack 1
    drag(view, "tray:mil-infantry-6", "stack:1")
    drag(view, "tray:mil-infantry-2", "stack:1")
    click(view, "match")
    parse = game.module.parse_command
    assert parse(game.entries[-1].command) == parse({"kind": "match", "player": "reb-mil",
                                                     "pairs": {1: ["mil-infantry-6", "mil-infantry-2"]}})
    # flipped: neither side has twice the other's firepower, so each loses one of its choice
    assert game.state.combat.step == "losses"
    click(view, "flipped:para-militia-4")
    click(view, "lose:gov")
    click(view, "flipped:mil-infantry-2")
    click(view, "lose:reb")
    assert game.state == expected


def test_the_public_sees_laid_stacks_face_down_and_the_running_count(window: Any, loaded: Any) -> None:
    game = game_at(loaded, 81)  # Gov-Mil has laid two stacks face down
    view = table_of(window(game))
    view.set_audience(Audience.PUBLIC)
    laid = {u for s in game.state.combat.stacks for u in s}
    assert not laid & {s.ident for s in view.spots}
    assert [s.texts for s in view.spots if s.kind == "stack"] == [["Stack 1", "2 units"], ["Stack 2", "1 unit"]]
    assert len([s for s in view.spots if s.kind == "counter" and s.ident.startswith("laid:")]) == 3
    # the count: each side's military and paramilitary units (armed civilians with them), dummies not counted
    from boardapp.rules.coup.components import UNITS

    def count(side: str) -> int:
        return sum(1 for p in (f"{side}-mil", f"{side}-para") for u in game.state.units[p] if not UNITS[u].dummy)

    assert view.spot("count").texts == [f"Government {count('gov')}  ·  Rebels {count('reb')}"]


def test_a_seat_s_name_dragged_onto_a_counterpart_offers_the_attempts_without_a_card(window: Any, loaded: Any) -> None:
    game = game_at(loaded, 19)  # turn 2: the example's Reb-Para attempts a Recruit against Gov-Para, no card
    view = table_of(window(game))
    drag(view, "band:reb-para", "reb-civ")  # a team-mate is no counterpart: nothing offered
    assert "attempt-prompt" not in {s.ident for s in view.spots}
    drag(view, "band:reb-para", "gov-para")
    assert view.spot("attempt-what").texts == ["Reb-Para against Gov-Para, without a card (1-3 succeeds):"]
    offered = {s.ident for s in view.spots if s.ident.startswith("attempt:")}
    assert offered == {"attempt:attempt:recruit:", "attempt:attempt:neutralize:pool",
                       "attempt:attempt:neutralize:counterpart", "attempt:cancel"}, "a Bust is Gov-Para's only"
    click(view, "attempt:attempt:recruit:")
    assert game.entries[-1].command == script()[19]
    assert view.spot("prompt-asked").texts == ["Waiting for Gov-Para, For-Para"], "Reb-Para's counterparts"


def test_after_the_declarations_a_civilian_unit_dragged_to_the_team_s_paramilitary_is_armed(
        window: Any, loaded: Any) -> None:
    game = game_at(loaded, 77)  # the example: Gov-Civ arms Labour (optional rule: Students and Labour)
    view = table_of(window(game))
    drag(view, "civ-labour-2", "gov-para")
    assert game.entries[-1].command == script()[77]
    assert "civ-labour-2" in game.state.units["gov-para"]


def test_control_rules_a_secret_objective_met_from_the_seat(window: Any, loaded: Any) -> None:
    game = game_at(loaded, 0)
    view = table_of(window(game))
    objective = next(o for o in game.module.coup.objectives if o.player == "gov-civ")
    click(view, "objective_met:gov-civ")
    assert game.entries[-1].command == {"kind": "objective_met", "player": "gov-civ"}
    assert game.state.objectives_met == {"gov-civ": objective.points}
    assert "objective_met:gov-civ" not in {s.ident for s in view.spots}, "met: no second award"
    view.set_audience(Audience.player_seat("gov-civ"))
    assert not any(s.ident.startswith("objective_met:") for s in view.spots), "a player does not award himself"
    assert any(s.ident == "objective:gov-civ" for s in view.spots)


def test_a_foreign_power_card_dropped_on_a_counterpart_asks_play_or_hand_over_with_favours(
        window: Any, loaded: Any) -> None:
    game = game_at(loaded, 1)  # the example: For-Mil hands the 7 of Diamonds to Gov-Mil with one chip
    view = table_of(window(game))
    before = len(game.entries)
    drag(view, "7D", "gov-mil")  # Gov-Mil is For-Mil's counterpart: the card could be played on him, or given
    assert len(game.entries) == before, "nothing is sent before the choice"
    offered = {s.ident for s in view.spots if s.ident.startswith("favours:")}
    assert offered == {"favours:play", "favours:cancel"} | {f"favours:{n}" for n in range(6)}
    assert view.spot("favours:play").texts == ["Play it against Gov-Mil (Neutralize)"]  # 2-10 of Diamonds
    click(view, "favours:1")
    assert game.entries[-1].command == script()[1]
    assert game.state.chips["gov-mil"] == 1, "the favour goes with the card to the receiver"


def test_a_government_card_handed_to_the_foreign_power_carries_no_chips(window: Any, loaded: Any) -> None:
    game = game_at(loaded, 12)
    card = game.state.hands["gov-mil"][0]
    view = table_of(window(game))
    drag(view, card, "for-mil")
    offered = {s.ident for s in view.spots if s.ident.startswith("favours:")}
    assert offered == {"favours:play", "favours:0", "favours:cancel"}, "only a Foreign Power giver adds chips"
    click(view, "favours:cancel")
    assert "favours-prompt" not in {s.ident for s in view.spots}
