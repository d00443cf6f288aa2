"""A scripted two-turn world on the real scenario (production through maintenance, one war, one
absorption), replayed from the journal and reopened from a game file; previews; the ledger and its
history; what public screens and other players' seats may see.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.engine.game import Game
from boardapp.engine.module import Audience, BoardPicture, Event
from boardapp.rules.thegame import conflict
from boardapp.rules.thegame.ledger import history_of
from boardapp.rules.thegame.steps import STEPS

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "the-game.yaml"

FIRST_TURN: dict[str, list[dict[str, Any]]] = {
    "I": [{"kind": "sever", "player": "tbrown", "other": "harshman"}],
    "II.C": [
        {"kind": "buy_pips", "player": "wiseman", "nation": "germany", "region": "bavaria", "count": 25},
        {"kind": "buy_pips", "player": "harshman", "nation": "france", "region": "benelux", "count": 2},
        {"kind": "declare_war", "nation": "france", "enemy": "germany"},
        {"kind": "build", "nation": "france", "item": "militia", "region": "france"},
        {"kind": "research", "nation": "japan", "field": "energy", "money": 20},
    ],
    "III.B": [
        {"kind": "upgrade", "player": "wiseman", "region": "bavaria", "to": "understanding"},
        {"kind": "upgrade", "player": "wiseman", "region": "bavaria", "to": "alliance"},
        {"kind": "upgrade", "player": "wiseman", "region": "bavaria", "to": "control"},
        {"kind": "absorb", "player": "wiseman", "region": "bavaria", "nation": "germany"},
    ],
    "IV.A": [
        {"kind": "roll_order", "players": ["harshman", "wiseman"]},
        {"kind": "supply", "units": ["france-mec-1", "france-bmr-1"]},
        {"kind": "move", "unit": "france-mec-1", "to": "germany"},
        {"kind": "move", "unit": "france-bmr-1", "to": "germany"},
        {"kind": "supply", "units": ["germany-mil-1", "germany-mec-1", "germany-ftr-1", "germany-imc-1"]},
        {"kind": "combat", "region": "germany", "targets": {
            "france-bmr-1": "germany-imc-1", "germany-ftr-1": "france-bmr-1", "france-mec-1": "germany-mil-1",
            "germany-mec-1": "france-mec-1", "germany-imc-1": "france-mec-1", "germany-mil-1": "france-mec-1"}},
    ],
    "V": [{"kind": "ship", "nation": "russia", "good": "oil", "amount": 2, "path": ["west-siberia", "russia"]},
          {"kind": "pay", "nation": "japan", "to": "germany", "amount": 5}],
    "VI.A": [{"kind": "neglect", "items": ["unit:canada-mil-2"]}],
    "VI.C": [{"kind": "stand_down", "unit": "cuba-mil-1"}],
}
SECOND_TURN: dict[str, list[dict[str, Any]]] = {
    "II.E": [{"kind": "migrate", "source": "russia", "to": "west-siberia"}],
    "II.C": [{"kind": "build", "nation": "germany", "item": "militia", "region": "bavaria"}],
}


def _keep_units_in_contact_supplied(game: Game[Any]) -> Iterator[dict[str, Any]]:
    """Each combat year: supply the units facing the enemy if their nation can pay, else pull them back."""
    w = game.module.world
    s = game.state
    for uid in conflict.unsupplied_in_contact(w, s):
        u = s.units[uid]
        if s.nations[u.nation].bank >= w.utype(u).maintenance.money:
            yield {"kind": "supply", "units": [uid]}
            continue
        home = next((r for r in sorted(w.adj[u.region]) if not s.regions[r].sea
                     and s.regions[r].owner is not None and s.nations[s.regions[r].owner].player == w.side(s, u)
                     and not w.hostile_units(s, r, u.nation)), None)
        assert home is not None
        yield {"kind": "redeploy", "unit": uid, "path": [home]}


def play_turn(game: Game[Any], script: dict[str, list[dict[str, Any]]], stop: str | None = None) -> None:
    """Every step of a turn with the script's commands; with ``stop``, that step's commands but not its end."""
    for st in STEPS:
        for cmd in script.get(st.code, []):
            game.push(cmd)
        if st.code == stop:
            return
        if st.id.startswith("year-"):
            for cmd in list(_keep_units_in_contact_supplied(game)):
                game.push(cmd)
        game.push(game.module.finish_command(game.state))


@pytest.fixture(scope="module")
def played() -> Game[Any]:
    game = Game.new(load_scenario(SCENARIO), dice=SeededDice(2300))
    play_turn(game, FIRST_TURN)
    play_turn(game, SECOND_TURN)
    return game


def test_the_two_turn_world(played: Game[Any]) -> None:
    s = played.state
    assert (s.turn, s.year, s.step) == (3, 2010, 0)
    assert s.at_war("france", "germany")
    assert s.regions["bavaria"].owner == "germany", "absorbed into Germany's home country"
    assert "hydrogen-net" in s.nations["japan"].coupons, "Japan at Energy 2 holds the Hydrogen Net coupon"
    assert "cuba-mil-1" not in s.units
    kinds = {e.kind for entry in played.entries for e in entry.events}
    assert {"primary", "secondary", "growth", "attack", "absorb", "war", "maintenance", "turn"} <= kinds
    assert played.module.check_state(s) == []
    # the ledger's history: the start and two turns; Germany's regions grow from 1 to 2 with Bavaria
    assert [h["turn"] for h in s.history] == [0, 1, 2]
    assert [v for _t, _y, v in history_of(s, "nations", "germany", "regions")] == [1, 2, 2]
    assert [y for _t, y, _v in history_of(s, "nations", "germany", "regions")] == [2000, 2000, 2005]


def test_replay_gives_the_same_state(played: Game[Any]) -> None:
    again = played.replay(verify=True)
    assert played.module.summary(again) == played.summary()


def test_replay_in_the_middle_of_a_war_gives_the_same_turn_records() -> None:
    game = Game.new(load_scenario(SCENARIO), dice=SeededDice(2300))
    play_turn(game, FIRST_TURN, stop="IV.A")
    assert game.summary()["this_turn"]["fought"] == ["germany"]
    assert game.summary()["this_turn"]["pips_bought"] == {"harshman": 2, "wiseman": 25}
    assert game.module.summary(game.replay(verify=True)) == game.summary()


def test_saved_and_reopened_through_a_game_file(tmp_path: Path) -> None:
    path = tmp_path / "the-game.boardgame"
    game = new_game(load_scenario(SCENARIO), save=path, dice=SeededDice(2300))
    play_turn(game, FIRST_TURN)
    summary = game.summary()
    game.store.close()
    reopened = open_game(path)
    try:
        assert reopened.summary() == summary
        play_turn(reopened, SECOND_TURN)
        assert reopened.state.turn == 3
    finally:
        reopened.store.close()


def test_preview_says_what_finishing_a_step_will_do_without_doing_it(played: Game[Any]) -> None:
    game = Game.new(load_scenario(SCENARIO), dice=SeededDice(5))
    game.push({"kind": "finish_step", "step": "I"})
    game.push({"kind": "finish_step", "step": "II.A"})
    before = game.summary()
    preview = game.module.preview(game.state)
    assert game.summary() == before, "a preview changes nothing"
    entry = game.push(game.module.finish_command(game.state))
    assert [e.text for e in preview] == [e.text for e in entry.events], "secondary production has no dice"
    assert any(e.kind == "secondary" for e in preview)


def test_the_ledger_sections(played: Game[Any]) -> None:
    pic = played.module.board(played.state)
    ids = [s.id for s in pic.sections]
    assert ids[:4] == ["steps", "nations", "regions", "orbit"]
    steps = pic.sections[0]
    assert [r[0] for r in steps.rows] == [s.code for s in STEPS]
    assert steps.rows[0][2] == "now"
    books = next(s for s in pic.sections if s.id == "books-wiseman")
    assert books.hidden and books.visible_to == ("wiseman",)
    germany = next(r for r in books.rows if r[0] == "Germany")
    assert germany[1] == f"${played.state.nations['germany'].bank}"
    regions = next(s for s in pic.sections if s.id == "regions")
    assert len(regions.rows) == sum(1 for r in played.state.regions.values() if not r.sea)
    assert pic.control["bavaria"] == "wiseman"
    orbit = next(s for s in pic.sections if s.id == "orbit")
    assert {r[0] for r in orbit.rows} == {u.id for u in played.state.units.values() if u.region == "orbit"}
    assert {"milgov-sat-1", "russia-icb-1"} <= {r[0] for r in orbit.rows}


def test_the_reviews_curves_and_the_turn_clock(played: Game[Any]) -> None:
    module, s = played.module, played.state
    assert module.turn_number(s) == 3
    curves = module.series(s)
    assert curves["regions"]["wiseman"] == sum(1 for r in s.regions.values() if r.owner in
                                                 ("new-america", "germany", "indonesia"))
    assert curves["money"]["miller"] == sum(s.nations[n].bank for n in ("azania", "japan", "bolivia", "egypt"))
    assert "money" in module.board(s).hidden_keys, "the money curve is secret"
    assert curves["wars"] == {"total": len(s.wars)}


# --- secrets -----------------------------------------------------------------------------------
def _walk(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _walk(v)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from _walk(v)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            yield from _walk(getattr(value, name))
    elif value is not None:
        yield str(value)


def _everything(picture: BoardPicture, events: list[Event], audience: Audience) -> str:
    shown = list(_walk(picture)) + [t for e in events if e.visible(audience) for t in _walk(e.model_dump())]
    return "\n".join(shown)


def test_public_screens_and_other_seats_see_no_bank_technology_or_coupon(played: Game[Any]) -> None:
    game = played
    state = game.state.copy()
    secrets = {}
    for i, (nid, n) in enumerate(sorted(state.nations.items())):
        n.bank = 987_650 + i  # numbers found nowhere else
        secrets[nid] = str(n.bank)
    state.nations["japan"].research["space"] = 4_321_987
    events = [e for entry in game.entries for e in entry.events]
    module = game.module
    public = _everything(module.view(state, Audience.PUBLIC), events, Audience.PUBLIC)
    for nid, bank in secrets.items():
        assert bank not in public, f"{nid}'s bank on a public screen"
    assert "4321987" not in public
    assert "hydrogen-net" not in public and "Hydrogen net" not in public
    # a player's seat sees its own books only
    seat = Audience.player_seat("wiseman")
    mine = _everything(module.view(state, seat), events, seat)
    assert secrets["germany"] in mine
    assert secrets["japan"] not in mine and "Hydrogen net" not in mine
    miller = Audience.player_seat("miller")
    assert "Hydrogen net" in _everything(module.view(state, miller), events, miller)
    # control: the same walk finds them when they are shown
    everything = _everything(module.view(state, Audience.CONTROL), events, Audience.CONTROL)
    assert all(bank in everything for bank in secrets.values())
    assert "4321987" in everything and "hydrogen-net" in everything


def test_exported_as_json_lines_and_imported_again(played: Game[Any], tmp_path: Path) -> None:
    from boardapp.engine.files import export_jsonl, import_jsonl

    path = tmp_path / "the-game.jsonl"
    with path.open("w", encoding="utf-8") as out:
        export_jsonl(played, out)
    again = import_jsonl(path)
    assert again.summary() == played.summary()
