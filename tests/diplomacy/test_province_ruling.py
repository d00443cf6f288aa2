"""Issue 32.1: a true tie for an eliminated country is the officers' ruling, not an invented tie-break.

The MUN rules: "You will be considered a province of the Great Power that took your last supply centre",
and the officers "are the final arbiter in any dispute about the rules of procedure". When two powers
took the country's last centres at the same moment (the same phase of one Fall), the rule names no one:
the country stays unassigned, an event names the candidates, and the officers' ``rule_province``
records their ruling (and may change it, logged). Every expected value below comes from those sentences.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from boardapp.engine import files
from boardapp.engine.game import Game
from boardapp.engine.module import IllegalCommandError
from boardapp.net.client import Seat
from boardapp.net.host import Host
from tests.diplomacy.test_insurrection import russia_down_to
from tests.diplomacy.test_module import ADJ, orders, texts

RULE = ('"You will be considered a province of the Great Power that took your last supply centre" '
        "(the MUN rules)")


def tie(g: Game[Any]) -> Any:
    """Fall 1902: Austria walks into Moscow and Turkey into Sevastopol in the same phase — Russia's last two
    centres, taken at the same moment by two powers."""
    g.push(orders("austria", "A Ukr-Mos"))
    g.push(orders("turkey", "A Arm-Sev"))
    return g.push(ADJ)


def tied_game() -> Game[Any]:
    units = [{"power": "austria", "type": "A", "at": "ukr"}, {"power": "turkey", "type": "A", "at": "arm"}]
    return russia_down_to({"mos": "russia", "sev": "russia"}, units, season="fall")


def test_a_true_tie_leaves_the_country_unassigned_and_names_the_candidates() -> None:
    g = tied_game()
    result = tie(g)
    t = texts(result)
    assert ("Russia has lost its last supply centre: Austria and Turkey took its last centres in the same season, "
            "so the rule names no one; its country stays unassigned until the officers rule (rule_province)") in t
    assert "The officers must rule whose province Russia becomes: Austria and Turkey" in t
    event = next(e for e in result.events if e.kind == "province_tie")
    assert event.data == {"power": "russia", "candidates": ["austria", "turkey"]}
    s = g.summary()
    assert s["eliminated"] == {"russia": ""} and s["province_ties"] == {"russia": ["austria", "turkey"]}
    section = next(x for x in g.module.board(g.state).sections if x.id == "provinces")
    assert section.rows == [["Russia", "awaiting the officers' ruling", "tie: Austria or Turkey"]]


def test_the_officers_rule_between_the_candidates_and_may_change_it_logged() -> None:
    g = tied_game()
    tie(g)
    assert g.check({"kind": "rule_province", "power": "russia", "to": "germany"}) == [
        f"Germany took none of Russia's last supply centres (Austria and Turkey took them in the same season): {RULE}"]
    entry = g.push({"kind": "rule_province", "power": "Russia", "to": "turkey", "reason": "Sevastopol fell last"})
    assert texts(entry) == ["The officers rule: Russia's country becomes a province of Turkey (Sevastopol fell last)"]
    assert g.summary()["eliminated"] == {"russia": "turkey"}
    assert g.check({"kind": "rule_province", "power": "russia", "to": "turkey"}) == [
        "Russia is already a province of Turkey"]
    entry = g.push({"kind": "rule_province", "power": "russia", "to": "austria"})
    assert texts(entry) == ["The officers change their ruling: Russia's country becomes a province of Austria, "
                            "no longer of Turkey"]
    assert entry.events[0].data["was"] == "turkey"
    section = next(x for x in g.module.board(g.state).sections if x.id == "provinces")
    assert section.rows == [["Russia", "Austria", "ruled between Austria or Turkey"]]
    assert g.module.summary(g.replay(verify=True)) == g.summary()


def test_when_the_rule_decides_the_officers_ruling_is_refused_and_only_forced() -> None:
    """Austria took Moscow in the Spring (it stood there since); Turkey's move into Sevastopol in the Fall
    took the last centre: the rule gives Russia to Turkey, no ruling is needed."""
    g = russia_down_to({"mos": "russia", "sev": "russia"},
                       [{"power": "austria", "type": "A", "at": "ukr"}, {"power": "turkey", "type": "A", "at": "arm"}])
    g.push(orders("austria", "A Ukr-Mos"))
    g.push(ADJ)
    g.push(orders("turkey", "A Arm-Sev"))
    g.push(ADJ)
    assert g.summary()["eliminated"] == {"russia": "turkey"} and g.summary()["province_ties"] == {}
    cmd = {"kind": "rule_province", "power": "russia", "to": "austria"}
    assert g.check(cmd) == [f"the rule decides: Turkey took Russia's last supply centre, so Russia is its province "
                            f"({RULE}); the officers' ruling is for a tie"]
    entry = g.push(cmd | {"force": "CONTROL overrules"})
    assert entry.overridden and g.summary()["eliminated"] == {"russia": "austria"}


def test_a_ruling_needs_an_eliminated_power_and_real_powers() -> None:
    g = tied_game()
    for cmd, why in [({"kind": "rule_province", "power": "france", "to": "turkey"},
                      "France is not eliminated: its country is no one's province"),
                     ({"kind": "rule_province", "power": "ruritania", "to": "turkey"}, "unknown power 'ruritania'")]:
        assert g.check(cmd)[0].startswith(why)
        with pytest.raises(IllegalCommandError):
            g.push(cmd | {"force": "CONTROL"})  # impossible: cannot be forced
    tie(g)
    assert g.check({"kind": "rule_province", "power": "russia", "to": "russia"}) == [
        "Russia cannot be a province of itself"]
    assert "rule_province" in g.module.control_only_kinds  # the officers' (CONTROL's) ruling


def test_the_ruling_goes_over_the_lan_from_control_only(tmp_path: Path) -> None:
    """A real host on 127.0.0.1: CONTROL's seat (the officers) sends the ruling; an umpire's seat and a
    power's seat are refused it (a control-only kind, from the command table)."""
    g = tied_game()
    path = tmp_path / "tie.game"
    saved = files.new_game((g.module.scenario, g.module.map), save=path)
    for e in [orders("austria", "A Ukr-Mos"), orders("turkey", "A Arm-Sev"), ADJ]:
        saved.push(e)
    assert saved.summary()["eliminated"] == {"russia": ""}
    saved.store.close()

    async def go() -> None:
        game = files.open_game(path)
        async with Host(game) as host:
            control = Seat(host.url, host.add_seat("control", "the officers").token)
            umpire = Seat(host.url, host.add_seat("umpire", "an umpire").token)
            turkey = Seat(host.url, host.add_seat("player", player="turkey").token)
            for s in (control, umpire, turkey):
                await s.start()
            ruling = {"kind": "rule_province", "power": "russia", "to": "turkey", "reason": "by lot"}
            for seat in (umpire, turkey):
                out = await seat.play(ruling, timeout=5)
                assert not out.accepted and out.code == "forbidden", out
            assert game.summary()["eliminated"] == {"russia": ""}
            out = await control.play(ruling, timeout=5)
            assert out.accepted, out
            assert game.summary()["eliminated"] == {"russia": "turkey"}
            out = await control.play({"kind": "rule_province", "power": "russia", "to": "austria"}, timeout=5)
            assert out.accepted, out
            assert game.summary()["eliminated"] == {"russia": "austria"}
            for s in (control, umpire, turkey):
                await s.close()
        game.store.close()

    asyncio.run(asyncio.wait_for(go(), 60))
