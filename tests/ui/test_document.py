"""The one door (Qt-free): GameController.submit and drop, and what its listeners hear."""

from __future__ import annotations

from typing import Any

import pytest

from boardapp.engine.files import load_scenario, new_game
from boardapp.engine.journal import JournalEntry
from boardapp.ui.document.controller import GameController, Outcome
from boardapp.ui.document.source import GameSource, is_shared
from tests.ui.conftest import ROOT, TINY


@pytest.fixture
def door() -> tuple[GameController, list[Outcome], list[Outcome]]:
    controller = GameController(new_game(load_scenario(TINY)))
    accepted: list[Outcome] = []
    refused: list[Outcome] = []
    controller.on_accepted(accepted.append)
    controller.on_refused(refused.append)
    return controller, accepted, refused


def test_an_accepted_command_comes_back_as_its_journal_entry(door: Any) -> None:
    controller, accepted, refused = door
    outcome = controller.submit({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    assert outcome.accepted and isinstance(outcome.entry, JournalEntry)
    assert outcome.entry is controller.source.entries[-1]
    assert accepted == [outcome] and refused == []
    assert controller.source.state.counters["g-mil1"].place == "charlie"


def test_a_refusal_carries_the_reasons_and_whether_control_may_force_it(door: Any) -> None:
    controller, accepted, refused = door
    too_far = controller.submit({"kind": "move", "counter": "g-bde1", "to": "echo"})
    assert not too_far.accepted and too_far.code == "illegal" and too_far.forceable
    assert too_far.reasons and too_far.command_data == {"kind": "move", "counter": "g-bde1", "to": "echo"}
    unknown = controller.submit({"kind": "move", "counter": "x-nobody", "to": "echo"})
    assert unknown.code == "illegal" and not unknown.forceable  # an unknown counter cannot be forced
    assert refused == [too_far, unknown] and accepted == []
    assert controller.source.entries == []


def test_a_malformed_command_is_a_refusal_not_an_exception(door: Any) -> None:
    controller, _, refused = door
    outcome = controller.submit({"kind": "set_pr", "team": "gov", "level": 5})  # CONTROL's edits need a reason
    assert outcome.code == "malformed" and not outcome.forceable and outcome.reasons
    assert refused == [outcome]


def test_a_drop_submits_what_the_rule_module_says_it_means(door: Any) -> None:
    controller, accepted, _ = door
    moved = controller.drop("g-mil1", "charlie")  # on the map: a move
    deployed = controller.drop("g-sf1", "charlie")  # waiting outside the region: a deployment
    assert moved is not None and moved.entry is not None and moved.entry.command["kind"] == "move"
    assert deployed is not None and deployed.entry is not None and deployed.entry.command["kind"] == "deploy"
    assert [o.entry.command["counter"] for o in accepted] == ["g-mil1", "g-sf1"]


def test_a_drop_that_means_nothing_submits_nothing() -> None:
    controller = GameController(new_game(load_scenario(ROOT / "scenarios" / "mun-historical-1935.yaml")))
    unit = controller.source.module.board(controller.source.state).pieces[0]
    heard: list[Outcome] = []
    controller.on_accepted(heard.append)
    controller.on_refused(heard.append)
    assert controller.drop(unit.id, unit.place) is None  # Diplomacy: a drag writes an order, it is no command
    assert heard == [] and controller.source.entries == []


def test_every_kind_of_game_is_a_game_source(door: Any) -> None:
    controller, _, _ = door
    assert isinstance(controller.source, GameSource) and not is_shared(controller.source)
    from boardapp.ui.network.public import PublicGame
    from boardapp.ui.network.seats import LiveGame

    assert LiveGame.shared is True
    for cls in (LiveGame, PublicGame):
        missing = [m for m in ("subscribe", "parse", "push", "undo", "redo", "summary") if not hasattr(cls, m)]
        assert missing == [], f"{cls.__name__} lacks {missing}"
