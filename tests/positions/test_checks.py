"""Positions written by hand: what each system's scenario can now state (issue 25, item 13), and the
impossible ones refused with the file's line and a message naming the bad value and what to give."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from boardapp.engine.dice import ScriptedDice
from boardapp.engine.position import PositionCodec, PositionError
from boardapp.model.problems import FileProblemsError
from boardapp.model.writer import dump_scenario
from tests.positions.helpers import GAMES, open_text, played


def _text(system: str, position: dict[str, Any], **changes: Any) -> str:
    """The system's example scenario with ``position`` (and top-level ``changes``), as a file would say it."""
    data = yaml.safe_load(GAMES[system][0].read_text(encoding="utf-8"))
    data.update(changes)
    data["position"] = position
    model = type(played(system).module).scenario_model
    return dump_scenario(model.model_validate(data))


def _exported(system: str, entry: int) -> dict[str, Any]:
    """The position after ``entry`` of the system's example game, as ``export --position`` writes it."""
    game = played(system)
    module = game.module
    state = module.initial_state()
    for e in game.entries[:entry]:
        module.apply(state, module.parse_command(e.command), ScriptedDice(e.rolls))
    position: dict[str, Any] = module.position_scenario(state)["position"]
    return position


def _refused(system: str, text: str, marker: str, *words: str) -> None:
    """Opening ``text`` is refused at the line holding ``marker``, with a message holding ``words``."""
    with pytest.raises(FileProblemsError) as err:
        open_text(played(system), text)
    lines = [i for i, line in enumerate(text.splitlines(), start=1) if marker in line]
    assert lines, f"{marker!r} is not in the text"
    problems = err.value.problems
    assert any(p.line in lines and all(w in p.message for w in words) for p in problems), (
        f"expected a problem at line {lines} naming {words}, got {[str(p) for p in problems]}")


# --- what can now be stated -----------------------------------------------------------------------
def test_mideast_states_a_round_forces_at_a_border_overturned_and_superpower_forces() -> None:
    position = {
        "round": 3, "turn": 1, "phases": ["military", "diplomatic"], "step": 0,
        "owner": {"lebanon": "israel"},                       # a player owning another country's zone
        "forces": {"israel": 3, "lebanon": 2}, "overturned": {"lebanon": 1},
        "superpowers": [{"id": "sf-1", "player": "israel", "zone": "israel"}], "sf_serial": 1,
        "battles": [{"target": "jordan", "source": "israel", "attacker": "israel", "defender": "jordan",
                     "forces": 2}],                            # Forces moved up to Jordan's border
    }
    module = open_text(played("mideast"), _text("mideast", position))
    state = module.initial_state()
    assert (state.round, state.owner["lebanon"], state.overturned, state.superpowers[0].zone) == (
        3, "israel", {"lebanon": 1}, "israel")
    assert state.battles[0].forces == 2 and state.battles[0].target == "jordan"
    assert module.turn_label(state).count("3") >= 1, module.turn_label(state)
    # the defender may now enter his fist for the battle at the border, as in play
    assert module.check(state, module.parse_command({"kind": "fist", "battle": "jordan", "side": "defender",
                                                     "chips": 1})) == []


def test_mideast_a_scenario_of_one_country_is_accepted_and_plays_its_rounds() -> None:
    data = yaml.safe_load(GAMES["mideast"][0].read_text(encoding="utf-8"))
    data["countries"] = data["countries"][:1]
    model = type(played("mideast").module).scenario_model
    module = open_text(played("mideast"), dump_scenario(model.model_validate(data)))
    state = module.initial_state()
    for command in ({"kind": "choose_phases", "phases": ["economic", "military"]}, {"kind": "collect_oil"},
                    {"kind": "end_turn", "force": "the test ends the Player-Turn"},
                    {"kind": "end_turn", "force": "the Negotiation Phase ends"}):
        module.apply(state, module.parse_command(command), ScriptedDice([]))
    assert (state.round, state.turn) == (2, 0), "one country: its Player-Turn, the Negotiation, then round 2"


def test_coup_states_hands_chips_and_a_block_window_from_an_export() -> None:
    position = _exported("coup", 16)          # a Block window is open after entry 16 of the example
    module = open_text(played("coup"), _text("coup", position))
    state = module.initial_state()
    assert state.pending is not None and state.hands == position["hands"]


# --- impossible positions -------------------------------------------------------------------------
def test_coup_a_card_in_two_places_is_refused_at_its_line() -> None:
    position = _exported("coup", 16)
    card = position["deck"][0]
    position["hands"]["reb-civ"] = [*position["hands"]["reb-civ"], card]
    text = _text("coup", position)
    _refused("coup", text, f"reb-civ: [{card}" if position["hands"]["reb-civ"] == [card] else "reb-civ:",
             f"card {card} is also in deck", "leave one of the two out")


def test_coup_an_unknown_card_is_refused() -> None:
    position = _exported("coup", 16)
    position["discard"] = [*position.get("discard", []), "11Z"]
    _refused("coup", _text("coup", position), "11Z", "'11Z' is not a card", "like 7D")


def test_mideast_more_overturned_forces_than_forces_is_refused() -> None:
    _refused("mideast", _text("mideast", {"forces": {"israel": 2}, "overturned": {"israel": 3}}), "overturned:",
             "3 overturned Forces in israel, which holds only 2", "give at most 2")


def test_mideast_chips_are_neither_made_nor_lost() -> None:
    data = yaml.safe_load(GAMES["mideast"][0].read_text(encoding="utf-8"))
    reserve = data.get("settings", {}).get("oil_reserve", 300)
    # the starting total by the synopsis: the Oil Reserve plus every player's chips
    _refused("mideast", _text("mideast", {"reserve": reserve + 7}), "reserve:",
             "chips are neither made nor lost", f"give reserve: {reserve}")


def test_mideast_a_round_past_the_last_is_refused() -> None:
    _refused("mideast", _text("mideast", {"round": 99}), "round: 99", "round 99", "rounds 1 to")


def test_diplomacy_two_units_in_a_province_and_a_retreat_without_dislodged_units() -> None:
    units = ["france: A par", "germany: A par"]
    _refused("diplomacy", _text("diplomacy", {"units": units}), "germany: A par", "a second unit in par")
    _refused("diplomacy", _text("diplomacy", {"phase": "retreat"}), "phase: retreat", "needs the dislodged units")


def test_diplomacy_a_fleet_on_a_two_coast_province_names_its_coast() -> None:
    _refused("diplomacy", _text("diplomacy", {"units": ["russia: F stp"]}), "russia: F stp", "a fleet cannot stand",
             "stp(nc)")


def test_thegame_an_absurd_count_is_refused_not_played() -> None:
    region = yaml.safe_load(GAMES["thegame"][0].read_text(encoding="utf-8"))["regions"][0]["id"]
    _refused("thegame", _text("thegame", {"regions": {region: {"pool": 10**8}}}), "pool:",
             "no world holds more than 1,000,000")


def test_thegame_a_unit_of_no_nation_is_refused() -> None:
    position = {"units": {"x-1": {"id": "x-1", "type": "militia", "nation": "atlantis", "region": "orbit"}}}
    _refused("thegame", _text("thegame", position), "atlantis", "no nation 'atlantis'")


def test_binni_losses_and_destroyed_must_agree() -> None:
    cid = played("binni").module.scenario.counters[0].id
    _refused("binni", _text("binni", {"counters": {cid: {"losses": 9}}}), "losses: 9", "9 losses")


def test_a_misspelt_field_and_a_wrong_type_are_named_by_line() -> None:
    _refused("coup", _text("coup", {"hnads": {}}), "hnads", "unknown field 'hnads'", "hands")
    _refused("mideast", _text("mideast", {"round": "three"}), "round: three", "'three' is not a whole number")


def test_a_state_field_of_a_type_the_codec_cannot_write_is_flagged_not_dropped() -> None:
    from dataclasses import dataclass, field

    @dataclass
    class State:
        when: complex = 0j
        seen: list[str] = field(default_factory=list)

        def copy(self) -> State:
            return State(self.when, list(self.seen))

    with pytest.raises(PositionError, match="cannot write a value of type"):
        PositionCodec(State).diff(State(1j), State())


def test_mideast_negative_forces_are_refused_not_a_crash() -> None:
    """Found by mutating exported positions at random: a negative count once raised a KeyError."""
    _refused("mideast", _text("mideast", {"forces": {"israel": -1}}), "forces:", "-1: a count is 0 or more")


def test_the_mid_east_example_in_docs_formats_opens_as_it_says() -> None:
    import textwrap

    from tests.positions.helpers import ROOT

    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    start = text.index("    # Mid-East PEACE, round 3")
    block = textwrap.dedent(text[start:text.index("\n\n", start)])
    position = yaml.safe_load(block)["position"]
    module = open_text(played("mideast"), _text("mideast", position))
    state = module.initial_state()
    assert module.scenario.countries[state.turn].id == "jordan"      # "Jordan phasing"
    assert state.owner["lebanon"] == "israel" and state.overturned == {"lebanon": 1}
    assert state.battles[0].target == "jordan" and state.superpowers[0].zone == "israel"
