"""Issue 25's The Game items 1-8: each rule exact as the source (seed 003) words it.

Every expected value below is worked out from the quoted rule text and the shipped tables (the unit
and facility tables of docs/the-game.md R4/R5: a militia's maintenance $1, a mech's attack 3, a
factory's maintenance $2, a major ground unit's stand-down 10 insurgents), never read off the code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from boardapp.cli import main
from boardapp.engine.dice import DiceRangeError, ScriptedDice
from boardapp.engine.module import Impossible
from boardapp.engine.rights import teams_concerned
from boardapp.rules.thegame import conflict
from boardapp.rules.thegame.world import World as Lookups

from .helpers import World, base_scenario, joined, tiny_map


def war(changes: dict[str, Any] | None = None) -> World:
    """n1 (p1) at war with n2 (p2), in the first combat year."""
    w = World(changes)
    w.s.wars.add(frozenset(("n1", "n2")))
    return w.at("IV.A")


# --- 1. breakthrough ---------------------------------------------------------------------------------
def test_breakthrough_only_for_the_victorious_units_in_the_region_where_the_defender_was_eliminated() -> None:
    """"Operational Movement consists of moving units into an adjacent, enemy-occupied region" and comes before
    "Combat"; "Breakthrough Operations occur only if an attacking player destroys all enemy units in a region. If
    he does so, the victorious units in that region (and only that region) may again receive operational supply,
    conduct an operational move, and then attack again."

    n1 fights in b1 (the defender survives: a mech, attack 3, against a militia, defence 0, misses on a 6) and in
    b2 (the defender is destroyed: a roll of 1). Enemy units stand in a1 and b1, next to both.
    """
    w = war()
    w.unit("c", "mech", "n1", "b1")
    w.unit("f", "militia", "n2", "b1")
    w.unit("a", "mech", "n1", "b2")
    w.unit("d", "militia", "n2", "b2")
    w.unit("g", "militia", "n2", "a1")
    w.do(kind="supply", units=["c", "a"])
    w.do(dice=[6], kind="combat", region="b1", targets={"c": "f"})
    assert "f" in w.s.units
    events = w.do(dice=[1], kind="combat", region="b2", targets={"a": "d"})
    assert "d" not in w.s.units and any(e.kind == "breakthrough" for e in events)
    # c fought in b1, where the defender survived: no breakthrough, no operational move after its combat
    assert "only a breakthrough" in joined(w.check(kind="move", unit="c", to="a1"))
    # a is a victorious unit in b2: supplied again, it moves into enemy-occupied b1 and attacks again
    w.do(kind="supply", units=["a"])
    w.do(kind="move", unit="a", to="b1")
    w.do(dice=[1], kind="combat", region="b1", targets={"a": "f"})
    assert "f" not in w.s.units


def test_a_unit_present_at_a_combat_it_held_fire_in_does_not_move_on_afterwards() -> None:
    """Movement precedes combat; only "the victorious units in that region" of a breakthrough move again. A
    supplied unit that was in b1 when combat there was resolved (and the defender survived) stays."""
    w = war()
    w.unit("c", "mech", "n1", "b1")
    w.unit("h", "mech", "n1", "b1")
    w.unit("f", "militia", "n2", "b1")
    w.unit("g", "militia", "n2", "a1")
    w.do(kind="supply", units=["c", "h"])
    w.do(dice=[6], kind="combat", region="b1", targets={"c": "f"})
    assert "only a breakthrough" in joined(w.check(kind="move", unit="h", to="a1"))


# --- 2. transport --------------------------------------------------------------------------------------
def test_an_item_off_loaded_from_a_ship_is_not_loaded_again_the_same_turn() -> None:
    """"Any individual item may travel part of its movement by land and part by sea. However, it may only be
    loaded and off-loaded from a ship once per turn."

    n1's coal (2 units) in a1 crosses s1 to b1 (n1's for this test), carried by a pipeline of n1's merchant ships.
    Another ship command may not load that coal again at b1 in the same turn; fresh coal there may go."""
    w = World({"b1": {"owner": "n1"}, "a1": {"stock": {"coal": 2}}, "b2": {"owner": "n1"}}).at("V")
    w.unit("m1", "merchant", "n1", "s1")
    w.unit("m2", "merchant", "n1", "s2")
    w.do(kind="ship", nation="n1", good="coal", amount=2, path=["a1", "b1", "s1", "s2", "b2"])
    assert w.region("b2").stock["coal"] == 2
    # b2 -> s2 -> s3 -> b3: both units were off-loaded at b2 this turn
    again = joined(w.check(kind="ship", nation="n1", good="coal", amount=1, path=["b2", "s2", "s3", "b3"]))
    assert "only once per turn" in again and "0 may be loaded" in again
    w.unit("m3", "merchant", "n1", "s3")
    # by land it may go on (part by land); the mark goes with it: it still may not be loaded on a ship at b1
    w.do(kind="ship", nation="n1", good="coal", amount=1, path=["b2", "b1"])
    assert "only once per turn" in joined(w.check(kind="ship", nation="n1", good="coal", amount=1,
                                                 path=["b1", "s1", "s2", "s3", "b3"]))
    # a carrier counts as a ship too
    assert "only once per turn" in joined(w.check(kind="ship", nation="n1", good="coal", amount=1,
                                                 path=["b2", "s2", "s3", "b3"], carrier="m3"))
    # coal that never was on a ship this turn may be loaded
    w.region("b2").stock["coal"] += 1
    assert w.check(kind="ship", nation="n1", good="coal", amount=1, path=["b2", "s2", "s3", "b3"]) == []
    # a new turn: the mark is gone
    w.at("VI.C").do(kind="finish_step", step="VI.C")
    assert w.s.unloaded == {}


def test_a_voyage_with_several_stops_pays_one_zone_per_zone_sailed_and_per_loading_or_unloading() -> None:
    """"each merchant ship may move up to 50 zones per turn. A ship may carry one food, coal, or mineral or two
    oils or hydrogen while so doing. The ship may load and unload as many items as desired, paying one zone of
    movement each time it does so."

    One voyage: load 2 oil at b1 (1 zone), sail s1, s2 (2), unload 1 oil at b2 (1), sail s2, s3 (2), unload 1 oil
    at b3 (1): 7 zones. A ship holds 2 oil or 1 coal: 2 oil and 1 coal at once is refused. Of the 50 zones, 43 are
    left: a second voyage of 41 sea zones with a loading and an unloading (43) goes, one of 43 sea zones (45) not."""
    w = World({"b1": {"owner": "n1", "stock": {"oil": 2}}, "b2": {"owner": "n1"}}).at("V")
    w.unit("m1", "merchant", "n1", "s1")
    bad = [{"port": "a1", "load": {"oil": 2}}, "s1", {"port": "b1", "unload": {"oil": 2}}]
    assert "not adjacent" in joined(w.check(kind="voyage", nation="n1", carrier="m1", route=bad)), \
        "a1 does not touch s1 on the tiny map"
    route = [{"port": "b1", "load": {"oil": 2}}, "s1", "s2", {"port": "b2", "unload": {"oil": 1}}, "s2", "s3",
             {"port": "b3", "unload": {"oil": 1}}]
    words = ["b1 load oil 2", "s1", "s2", "b2 unload oil 1", "s2", "s3", "b3 unload oil 1"]
    assert w.cmd(kind="voyage", nation="n1", carrier="m1", route=words) == w.cmd(kind="voyage", nation="n1",
                                                                                carrier="m1", route=route)
    w.do(kind="voyage", nation="n1", carrier="m1", route=words)
    assert w.s.carrier_zones == {"m1": 1 + 2 + 1 + 2 + 1}
    assert (w.region("b1").stock["oil"], w.region("b2").stock["oil"], w.region("b3").stock["oil"]) == (0, 1, 1)
    assert w.s.unloaded == {"b2:oil": 1, "b3:oil": 1}, "what came off a ship this turn is marked"
    w.region("b1").stock.update(oil=3, coal=1)
    over = [{"port": "b1", "load": {"oil": 2, "coal": 1}}, "s1", {"port": "b1", "unload": {"oil": 2, "coal": 1}}]
    assert "carries 1 food, coal, minerals or uranium, or 2 oil" in joined(
        w.check(kind="voyage", nation="n1", carrier="m1", route=over))

    def there_and_back(pairs: int) -> list[Any]:
        return [{"port": "b1", "load": {"oil": 1}}, *(["s1", "s2"] * pairs), "s1", {"port": "b1", "unload": {"oil": 1}}]

    assert w.check(kind="voyage", nation="n1", carrier="m1", route=there_and_back(20)) == []
    assert "at most 50" in joined(w.check(kind="voyage", nation="n1", carrier="m1", route=there_and_back(21)))
    # the goods aboard must come off by the end; an unload of what is not aboard is refused
    assert "aboard" in joined(w.check(kind="voyage", nation="n1", carrier="m1",
                                      route=[{"port": "b1", "load": {"oil": 1}}, "s1", {"port": "b1"}]))
    assert "carries 0 coal" in joined(w.check(kind="voyage", nation="n1", carrier="m1",
                                              route=[{"port": "b1"}, "s1", {"port": "b1", "unload": {"coal": 1}}]))


def test_another_players_merchant_ships_named_friendly_form_a_pipeline() -> None:
    """"Any number of items can be moved through a sea zone which contains a friendly merchant ship. A string of
    such ships is referred to as a merchant pipeline." p2's ships in s1 and s2, named friendly to p1, carry n1's
    coal; without the naming they are not n1's pipeline."""
    w = World({"b1": {"owner": "n1"}, "b2": {"owner": "n1"}, "a1": {"stock": {"coal": 3}}}).at("V")
    w.unit("x1", "merchant", "n2", "s1")
    w.unit("x2", "merchant", "n2", "s2")
    path = ["a1", "b1", "s1", "s2", "b2"]
    assert "no friendly merchant ship" in joined(w.check(kind="ship", nation="n1", good="coal", amount=3, path=path))
    w.do(kind="friendly_ships", player="p1", owner="p2")
    w.do(kind="ship", nation="n1", good="coal", amount=3, path=path)
    assert w.region("b2").stock["coal"] == 3
    w.do(kind="friendly_ships", player="p1", owner="p2", friendly=False)
    assert "no friendly merchant ship" in joined(w.check(kind="ship", nation="n1", good="oil", amount=1, path=path))
    # both players act: a seat of one of them alone cannot name the other's ships
    assert teams_concerned(w.m, w.s, w.cmd(kind="friendly_ships", player="p1", owner="p2")) == {"p1", "p2"}


# --- 3. reactivation ------------------------------------------------------------------------------------
def test_reactivation_costs_twice_maintenance_and_no_normal_maintenance_on_top() -> None:
    """"During the maintenance phase, active units must be maintained and inactive units may be reactivated ...
    Inactive items can be reactivated by paying twice their normal maintenance." Reactivating is what the item
    does in this maintenance phase instead of being maintained: an inactive factory ($2 maintenance) and an
    inactive militia ($1) cost 2 x 2 + 2 x 1 = $6 and nothing more; the active net ($1) and the factory it feeds
    stay paid as usual only for the items that were active."""
    w = World({"a1": {"pool": 2, "stock": {"food": 10},
                      "facilities": {"transport-net": {"active": 1}, "factory": {"active": 1, "inactive": 1}}}})
    w.at("VI.A")
    w.unit("m", "militia", "n1", "a1")
    w.s.units["m"].active = False
    w.do(kind="reactivate", item="facility:a1:factory")
    w.do(kind="reactivate", item="unit:m")
    assert w.nation("n1").bank == 100 - 6
    w.do(kind="finish_step", step="VI.A")
    # maintenance: the net $1 and the factory that was already active $2; not the reactivated factory or militia
    assert w.nation("n1").bank == 100 - 6 - 1 - 2
    assert w.region("a1").active["factory"] == 2 and w.s.units["m"].active


# --- 4. food aid -----------------------------------------------------------------------------------------
def test_food_aid_where_nobody_starves_goes_through_with_no_free_pips() -> None:
    """"For each unit of food provided, the player receives 1 free PIP, up to the maximum of labor units in the
    region currently starving." With none starving the maximum is 0: the food goes, 0 PIPs come."""
    w = World({"a1": {"stock": {"food": 3}}, "b1": {"starving": 0}}).at("II.C")
    events = w.do(kind="food_aid", player="p1", source="a1", region="b1", food=2)
    assert (w.region("a1").stock["food"], w.region("b1").stock["food"]) == (1, 2)
    assert events[0].data["pips"] == 0 and w.s.pending == []
    # with 1 starving, 2 food give 1 PIP (up to the starving)
    w.region("b2").starving = 1
    events = w.do(kind="food_aid", player="p1", source="a1", region="b2", food=1)
    assert events[0].data["pips"] == 1


# --- 5. stand-down ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("unit", "type_", "region", "reason"), [
    ("m", "militia", "a1", "not hostile territory"),
    ("f", "fighter", "a1", "not a ground unit"),
    ("w", "warship", "s1", "not a ground unit"),
])
def test_stand_down_with_insurgents_where_conversion_is_impossible_still_stands_down(
        unit: str, type_: str, region: str, reason: str) -> None:
    """"A unit which was maintained during the turn may be voluntarily removed from play. If it is in hostile
    territory it may be converted to loyal insurgents." The removal is the player's right; only the conversion
    depends on hostile territory (and on being a ground unit): the unit is removed, 0 insurgents appear, and the
    event gives the reason."""
    w = World().at("VI.C")
    w.unit(unit, type_, "n1", region)
    w.s.units[unit].maintained = True
    assert w.check(kind="stand_down", unit=unit, insurgents=True) == []
    events = w.do(kind="stand_down", unit=unit, insurgents=True)
    assert unit not in w.s.units
    assert w.region(region).insurgent_total() == 0
    assert reason in events[0].data["conversion_refused"] and events[0].data["insurgents"] == 0


def test_stand_down_in_hostile_territory_still_converts() -> None:
    """"Each major ground unit becomes ten insurgents": a militia in b3, n2's country at war with n1."""
    w = World().at("VI.C")
    w.s.wars.add(frozenset(("n1", "n2")))
    w.unit("m", "militia", "n1", "b3")
    w.s.units["m"].maintained = True
    w.do(kind="stand_down", unit="m", insurgents=True)
    assert w.region("b3").loyal == {"n1": 10}


# --- 6. transit ---------------------------------------------------------------------------------------
def test_transit_is_allowed_per_region() -> None:
    """"A unit may only move through land regions which are part of a player's home country, a region of another
    player who will allow transit, or a non-player allied or controlled region." n1 (p1) allows p3 through a2 only:
    p3's militia from a3 passes a2, but not a1, which n1 did not open."""
    w = World().at("IV.A")
    w.unit("m", "militia", "n3", "a3")
    assert "allows him transit" in joined(w.check(kind="redeploy", unit="m", path=["a2"]))
    w.do(kind="allow_transit", region="a2", player="p3")
    assert w.check(kind="redeploy", unit="m", path=["a2"]) == []
    assert "allows him transit" in joined(w.check(kind="redeploy", unit="m", path=["a2", "a1"]))
    # the grant is the region's nation's: if a2 changes hands, it lapses
    w.s.regions["a2"].owner = "n2"
    assert "allows him transit" in joined(w.check(kind="redeploy", unit="m", path=["a2"]))
    # a non-player region is not opened by transit
    assert isinstance(w.check(kind="allow_transit", region="b1", player="p3")[0], Impossible)


def test_transit_by_nation_grants_each_region_it_holds_now() -> None:
    """The form 0.1.0 wrote (`nation:`) still reads: a nation allowing transit is that nation allowing it through
    each of its regions ("a region of another player who will allow transit"), each grant lapsing on its own."""
    w = World().at("IV.A")
    w.unit("m", "militia", "n3", "a3")
    held = sorted(r for r, reg in w.s.regions.items() if reg.owner == "n1" and not reg.sea)
    w.do(kind="allow_transit", nation="n1", player="p3")
    assert {(r, n) for r, n, p in w.s.transit if p == "p3"} == {(r, "n1") for r in held}
    assert w.check(kind="redeploy", unit="m", path=["a2"]) == []
    w.s.regions["a2"].owner = "n2"  # a2 changes hands: its grant lapses, the others stand
    assert "allows him transit" in joined(w.check(kind="redeploy", unit="m", path=["a2"]))
    assert w.check(kind="allow_transit", nation="n3", player="p3") != []  # his own nation
    with pytest.raises(ValueError, match="either region"):
        w.cmd(kind="allow_transit", nation="n1", region="a2", player="p3")


# --- 7. attrition's draw ------------------------------------------------------------------------------
def test_attrition_draw_names_its_items_in_order_and_the_referee_may_type_it() -> None:
    """"One third of all starving labor and other facilities are removed. Draw these at random, with a die roll
    used to determine removal of excess units not divisible by three." "Air, naval, and space units which are not
    maintained are treated as inactive facilities for purposes of attrition."

    a1 holds 2 inactive factories, 1 inactive R&D facility and an inactive fighter: 4 items, one whole third (1)
    drawn, the leftover 1 removed on a d6 roll of 1-2 (a 6 keeps it). The event lists the 4 items in order; the
    referee names the fighter as drawn."""
    w = World({"a1": {"facilities": {"factory": {"inactive": 2}, "rnd": {"inactive": 1}}}}).at("VI.B")
    w.unit("f", "fighter", "n1", "a1")
    w.s.units["f"].active = False
    items = ["facility:factory", "facility:factory", "facility:rnd", "unit:f"]
    # a typed draw that cannot be: not there, or more often than there, or more than can be drawn
    assert isinstance(w.check(kind="finish_step", draws={"a1": ["unit:zz"]})[0], Impossible)
    assert isinstance(w.check(kind="finish_step", draws={"a1": ["facility:rnd", "facility:rnd"]})[0], Impossible)
    assert isinstance(w.check(kind="finish_step", draws={"a1": ["unit:f"] + ["facility:factory"] * 2})[0],
                      Impossible)
    events = w.do(dice=[6], kind="finish_step", draws={"a1": ["unit:f"]})
    draw = next(e for e in events if e.kind == "attrition" and e.places == ("a1",))
    assert draw.data["items"] == items
    assert draw.data["removed"] == ["unit:f"] and draw.data["draws"] == [4]
    assert "f" not in w.s.units and w.region("a1").inactive == {"factory": 2, "rnd": 1}


def test_attrition_draw_on_screen_is_a_numbered_draw_that_dice_type() -> None:
    """The same 4 items drawn with the dice: a leftover roll of 1 removes the leftover too (2 draws). The draws are
    numbers 1 to the items left, counted in the listed order after earlier draws were taken out: 3 takes
    facility:rnd from [factory, factory, rnd, unit:f], then 1 takes the first factory of [factory, factory, unit:f].
    """
    w = World({"a1": {"facilities": {"factory": {"inactive": 2}, "rnd": {"inactive": 1}}}}).at("VI.B")
    w.unit("f", "fighter", "n1", "a1")
    w.s.units["f"].active = False
    events = w.do(dice=[1, 3, 1], kind="finish_step")
    draw = next(e for e in events if e.kind == "attrition" and e.places == ("a1",))
    assert draw.data["removed"] == ["facility:rnd", "facility:factory"]
    assert w.region("a1").inactive == {"factory": 1, "rnd": 0} and "f" in w.s.units


# --- 8. bounds and scale ------------------------------------------------------------------------------
def _write_world(tmp_path: Path, scenario: dict[str, Any]) -> Path:
    (tmp_path / "tiny.yaml").write_text(yaml.safe_dump(tiny_map().model_dump(mode="json", exclude_defaults=True)))
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(scenario, sort_keys=False))
    return path


def test_absurd_counts_are_refused_by_check_with_file_and_line(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """docs/the-game.md R39: every count has a bound a real world never reaches (facilities of a type in a region:
    1,000; units: 5,000). A facility count of 10^12 and 20,000 copies of a unit line are refused, each at its
    line."""
    data = base_scenario()
    data["regions"][0]["facilities"] = {"factory": {"active": 10**12}}
    data["units"] = [{"id": f"u{i}", "type": "militia", "nation": "n1", "region": "a1"} for i in range(20_000)]
    path = _write_world(tmp_path, data)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr()
    text = out.out + out.err
    lines = path.read_text().splitlines()
    active_line = next(i for i, ln in enumerate(lines, 1) if "1000000000000" in ln)
    assert f"scenario.yaml:{active_line}:" in text and "regions[0].facilities.factory.active" in text
    assert "units" in text and "5000" in text


def test_maintenance_work_is_per_kind_of_facility_not_per_facility() -> None:
    """A count no check let through (10^12 factories set in the state) ends VI.A at once: maintenance is paid kind
    by kind. The rule: each maintained factory costs $2; n1's $100 pays for 50; the rest become inactive and each
    returns its labour unit to the general pool ("the labor unit is placed ... in general labor pool (if from a
    factory...)"). The net ($1) is maintained first, leaving $99: 49 factories."""
    w = World({"a1": {"pool": 0, "stock": {"food": 0},
                      "facilities": {"transport-net": {"active": 1}, "factory": {"active": 1}}}}).at("VI.A")
    w.region("a1").active["factory"] = 10**12
    w.apply(w.cmd(kind="finish_step", step="VI.A"))
    r = w.region("a1")
    assert r.active["factory"] == 49 and r.inactive["factory"] == 10**12 - 49
    assert w.nation("n1").bank == 100 - 1 - 49 * 2
    # a1 has no food: the returned labour is not fed and starves ("flipped to its starving side")
    assert (r.pool, r.starving) == (0, 10**12 - 49)


def test_each_command_asks_only_for_the_turn_label_not_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command asks for the turn label (the journal records it): with many units that must not look at
    every unit's enemies. Counted: no hostility question at all for the label, and the contact check asks
    at most once per unit and nation in its region."""
    w = war()
    for i in range(300):
        w.unit(f"a{i}", "militia", "n1", "b2")
    calls = {"n": 0}
    real = Lookups.hostile

    def counting(self: Lookups, *args: Any) -> bool:
        calls["n"] += 1
        return real(self, *args)

    monkeypatch.setattr(Lookups, "hostile", counting)
    assert w.m.turn_label(w.s).startswith("Turn 1 (2000)")
    assert calls["n"] == 0
    w.unit("e", "militia", "n2", "b2")
    assert len(conflict.unsupplied_in_contact(w.m.world, w.s)) == 301
    assert calls["n"] <= 301 * 2


def test_an_edit_past_a_bound_is_refused() -> None:
    """R39 holds for the referee's edits too: 10^12 factories cannot be typed in."""
    w = World({"a1": {"facilities": {"factory": {"active": 1}}}})
    reasons = w.check(kind="edit", path="regions.a1.active.factory", old=1, new=10**8, reason="test")
    assert "0 to 1,000" in joined(reasons) and isinstance(reasons[0], Impossible)
    # past every command's bound (10^9) the command is not even read, naming the field
    with pytest.raises(ValueError, match="new: 1,000,000,000,000 is beyond the bound"):
        w.cmd(kind="edit", path="regions.a1.active.factory", old=1, new=10**12, reason="test")


def test_a_dice_value_outside_a_draws_range_is_a_clear_error_naming_the_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """4 inactive factories in a1: the leftover's d6 (3: kept) then one draw among 4; --dice types 9 for it."""
    data = base_scenario()
    data["regions"][0]["facilities"] = {"factory": {"inactive": 4}}
    path = _write_world(tmp_path, data)
    commands = tmp_path / "commands.yaml"
    commands.write_text('- {kind: finish_step, step: VI.B, force: "straight to attrition"}\n')
    rc = main(["run", str(path), "--commands", str(commands), "--dice", "3,9"])
    err = capsys.readouterr().err
    assert rc == 1 and "Traceback" not in err
    assert "commands.yaml:1:3: command 1 (finish_step" in err
    assert "value number 2, 9, is outside the range of the draw that takes it (1 to 4)" in err
    with pytest.raises(DiceRangeError, match="outside"):
        ScriptedDice([0], what="--dice values").draw(3)
