"""The MUN Historical Committee as its officers run it: who has not handed in, political goals and the
score table, control of Europe, the end, conferences and the negotiation clock.

Expected values come from the rules (``../shared/rules/mun-historical.md``, the rulebook
``../shared/seeds/001_d9f99a535668730c.txt``) and the rulings in ``docs/mun-historical.md``.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardapp.clock import TurnClock, week_of
from boardapp.engine.files import load_scenario
from boardapp.engine.module import Audience, IllegalCommandError, Section
from tests.diplomacy.test_module import ADJ, orders, texts
from tests.diplomacy.test_mun import MUN, RESOLVE, mun_game

ALL_NINE = ["uk", "france", "italy", "germany", "ussr", "turkey", "yugoslavia", "spain", "poland"]


def section(pic: Any, sid: str) -> Section:
    return next(s for s in pic.sections if s.id == sid)


def row(sec: Section, power_name: str) -> dict[str, str]:
    r = next(r for r in sec.rows if r[0].startswith(power_name))
    return dict(zip(sec.columns, r, strict=True))


# --- 7. resolving with powers missing ------------------------------------------------------------
def test_missing_powers_each_phase() -> None:
    g = mun_game()
    m = g.module
    assert m.missing_powers(g.state) == ALL_NINE
    g.push(orders("uk"))  # an empty hand-in: the UK chose to hold
    g.push(orders("france", "A Par-Pic", "F Bri-Eng"))
    assert m.missing_powers(g.state) == ALL_NINE[2:]
    track = {t["team"]: t for t in m.board(g.state).tracks}
    assert track["italy"]["orders_due"] and not track["uk"]["orders_due"]  # for the board's hand-in panel
    # Retreats: only the power with a dislodged unit is awaited.
    g.push(orders("germany", "A Mst-Bel"))
    g.push(RESOLVE)
    g.push(orders("france", "A Pic-Bel", "F Eng S A Pic-Bel"))
    g.push(RESOLVE)
    assert g.module.turn_label(g.state) == "Fall 1935 (retreats)"
    assert m.missing_powers(g.state) == ["germany"]
    g.push(orders("germany", "A Bel-Mst"))
    assert m.missing_powers(g.state) == []
    g.push(RESOLVE)
    # Winter: France took Belgium (6 centres, 5 units, Paris empty): only France owes an adjustment.
    assert g.module.turn_label(g.state) == "Winter 1935 (adjustments)"
    assert m.missing_powers(g.state) == ["france"]


def test_resolving_with_powers_missing_asks_first_and_they_hold() -> None:
    g = mun_game()  # the shipped scenario: every delegation must hand in (officers.orders_from_all)
    g.push(orders("germany", "A Mst-Bel"))
    g.push(orders("france", "A Par-Pic"))
    g.push(orders("italy"))
    reasons = g.check(ADJ)
    assert reasons == ["no orders yet from United Kingdom, USSR, Turkey, Yugoslavia, Spain, Poland (6 of 9); "
                       "resolving without them, their units hold (CONTROL may force it)"]
    with pytest.raises(IllegalCommandError) as err:
        g.push(ADJ)
    assert err.value.forceable
    entry = g.push({"kind": "adjudicate", "force": "Spain and Poland are late; the chair resolves"})
    assert entry.overridden == reasons  # the journal keeps what was overridden
    units = g.summary()["units"]
    assert "germany: A bel" in units and "france: A pic" in units
    for held in ("uk: F lon", "ussr: A mos", "spain: A mad", "poland: A pod"):  # the missing powers held
        assert held in units


def test_without_the_setting_missing_powers_simply_hold() -> None:
    g = mun_game(officers={"orders_from_all": False})
    assert g.check(ADJ) == []
    entry = g.push(ADJ)
    assert entry.overridden == []  # nothing was forced
    units = g.summary()["units"]
    for held in ("uk: F lon", "ussr: A mos", "spain: A mad", "poland: A pod"):
        assert held in units


def test_an_unknown_power_cannot_be_forced() -> None:
    g = mun_game()
    with pytest.raises(IllegalCommandError) as err:
        g.push({**orders("atlantis", "A Atl H"), "force": "the chair insists"})
    assert not err.value.forceable and "unknown power 'atlantis'" in str(err.value)


# --- 8. the score table --------------------------------------------------------------------------
def test_goals_points_and_when() -> None:
    g = mun_game()
    g.push({"kind": "set_goals", "power": "italy", "goals": ["Conquer Abyssinia", "Keep Libya"]})
    g.push({"kind": "award_points", "power": "italy", "goal": 1, "points": 2, "reason": "Abyssinia taken"})
    g.push(RESOLVE)  # to Fall 1935
    entry = g.push({"kind": "award_points", "power": "italy", "goal": 2, "points": 1})
    assert texts(entry) == ["Kingdom of Italy: 1 political victory point for goal 2"]
    score = section(g.module.view(g.state, Audience.PUBLIC), "score")
    assert score.columns == ["Power", "Centres", "Goal 1", "Goal 2", "Own goal", "Insurrection", "Other", "Europe",
                             "Score"]
    assert len(score.rows) == 9
    italy = row(score, "Kingdom of Italy")
    assert italy["Goal 1"] == "2 (Spring 1935)" and italy["Goal 2"] == "1 (Fall 1935)"
    assert italy["Score"] == str(5 + 2 + 1)  # centres + political points
    # A second award for the same goal is a correction: it replaces the first, with its own date.
    g.push({"kind": "award_points", "power": "italy", "goal": 1, "points": 3})
    italy = row(section(g.module.board(g.state), "score"), "Kingdom of Italy")
    assert italy["Goal 1"] == "3 (Fall 1935)" and italy["Score"] == str(5 + 3 + 1)
    assert g.summary()["score"]["italy"] == 9


def test_set_goals_takes_exactly_two() -> None:
    g = mun_game()
    assert g.check({"kind": "set_goals", "power": "uk", "goals": ["Peace for our time"]}) == [
        "the officers set exactly 2 political goals for United Kingdom, got 1 ['Peace for our time']"]
    assert g.check({"kind": "set_goals", "power": "atlantis", "goals": ["a", "b"]})[0].startswith(
        "unknown power 'atlantis'")
    assert g.check({"kind": "award_points", "power": "uk", "goal": 1, "points": 1}) == [
        "United Kingdom has no goal 1 set (set_goals)"]


def test_the_powers_own_goal_allowed_or_denied_up_to_three_points() -> None:
    g = mun_game()
    g.push({"kind": "propose_goal", "power": "ussr", "goal": "Divide Poland with Germany"})
    assert row(section(g.module.board(g.state), "score"), "USSR")["Own goal"] == "proposed"
    award = {"kind": "award_points", "power": "ussr", "goal": 3, "points": 2}
    assert g.check(award) == ["USSR's own goal is not yet allowed (rule_goal first)"]
    g.push({"kind": "rule_goal", "power": "ussr", "allowed": True})
    assert g.check({**award, "points": 4}) == ["the officers award up to 3 points for a power's own goal, not 4"]
    g.push({**award, "points": 3})
    assert row(section(g.module.board(g.state), "score"), "USSR")["Own goal"] == "3 (Spring 1935)"
    assert g.summary()["score"]["ussr"] == 5 + 3
    # Denied: no points, and no award accepted without CONTROL's force.
    g.push({"kind": "propose_goal", "power": "germany", "goal": "Promise Russia part of Poland"})
    g.push({"kind": "rule_goal", "power": "germany", "allowed": False, "reason": "not historical enough"})
    assert row(section(g.module.board(g.state), "score"), "German Empire")["Own goal"] == "denied"
    assert g.check({"kind": "award_points", "power": "germany", "goal": 3, "points": 1}) == [
        "German Empire's own goal is denied (rule_goal first)"]
    assert g.check({"kind": "propose_goal", "power": "germany", "goal": "another"}) == [
        "the officers have already denied German Empire's own goal ('Promise Russia part of Poland')"]


def test_officers_decide_goals_and_points() -> None:
    kinds = mun_game().module.control_only_kinds
    assert {"set_goals", "rule_goal", "award_points", "end_game"} <= kinds
    assert "propose_goal" not in kinds and "submit_orders" not in kinds


def test_goal_texts_are_each_delegations_secret() -> None:
    g = mun_game(officers={"goals": {"uk": ["Evacuate Dunkirk", "Attend Yalta"]}})
    g.push({"kind": "set_goals", "power": "ussr", "goals": ["Divide Poland", "Sphere in Eastern Europe"]})

    def words(pic: Any) -> str:
        return repr([(s.title, s.rows) for s in pic.sections])

    control = words(g.module.view(g.state, Audience.CONTROL))
    assert "Evacuate Dunkirk" in control and "Divide Poland" in control  # the walk finds them where they are
    public = words(g.module.view(g.state, Audience.PUBLIC))
    assert "Evacuate Dunkirk" not in public and "Divide Poland" not in public
    uk_seat = words(g.module.view(g.state, Audience.player_seat("uk")))
    assert "Evacuate Dunkirk" in uk_seat and "Divide Poland" not in uk_seat
    event = g.entries[-1].events[0]
    assert event.hidden and event.visible_to == ("ussr",)
    # An award's reason may name the goal: the points are public, the reason the power's and the officers'.
    g.push({"kind": "propose_goal", "power": "ussr", "goal": "Sign a pact with Germany"})
    g.push({"kind": "rule_goal", "power": "ussr", "allowed": True, "reason": "the pact is historical"})
    entry = g.push({"kind": "award_points", "power": "ussr", "goal": 1, "points": 2, "reason": "Poland divided"})
    public_log = [e.text for e in [*entry.events, *g.entries[-2].events] if e.visible(Audience.PUBLIC)]
    assert public_log == ["USSR: 2 political victory points for goal 1"]
    assert [e.text for e in entry.events if e.visible(Audience.player_seat("ussr"))] == [
        "USSR: 2 political victory points for goal 1", "USSR: 2 political victory points for goal 1: Poland divided"]


def test_control_of_europe_recorded_when_reached_and_kept() -> None:
    scenario, _ = load_scenario(MUN)
    homes = {c for p in scenario.powers for c in p.home_centres}
    neutral = sorted({p.id for p in scenario.provinces if p.supply_centre} - homes)
    assert len(neutral) == 15 and "bel" in neutral
    taken = [c for c in neutral if c != "bel"] + ["mst", "ham", "ber", "frk", "mun", "pod", "gdy", "pru", "kra", "wbe"]
    germany_24 = dict.fromkeys(taken, "germany")
    owners = {c: p.id for p in scenario.powers for c in p.home_centres if p.id != "poland"} | germany_24
    units = [u.model_dump() for u in scenario.units if u.power != "poland"]
    g = mun_game(owners=owners, units=units)
    assert g.summary()["centres"]["germany"] == 24 and g.summary()["control_of_europe"] == {}
    g.push(orders("germany", "A Mst-Bel"))
    g.push(orders("france", "A Par-Pic", "F Bri-Eng"))
    g.push(RESOLVE)
    fall = g.push(RESOLVE)
    assert "German Empire controls 25 supply centres: control of Europe, +5 victory points" in texts(fall)
    assert g.summary()["score"]["germany"] == 25 + 5
    while g.state.season != "spring":
        g.push(RESOLVE)  # Germany declines its builds
    g.push(orders("france", "A Pic-Bel", "F Eng S A Pic-Bel"))
    g.push(RESOLVE)
    g.push(RESOLVE)  # Germany gives no retreat: its army is disbanded
    g.push(RESOLVE)  # Fall 1936: Belgium passes to France
    s = g.summary()
    assert s["owners"]["bel"] == "france" and s["centres"]["germany"] == 24
    assert s["score"]["germany"] == 24 + 5  # the bonus is not recomputed away
    assert row(section(g.module.board(g.state), "score"), "German Empire")["Europe"] == "5 (Fall 1935)"
    assert g.module.summary(g.replay(verify=True)) == s  # the journal gives the same record again


def test_insurrection_points_in_their_own_column() -> None:
    scenario, _ = load_scenario(MUN)
    units = [u.model_dump() for u in scenario.units if u.power != "poland"] + [
        {"power": "ussr", "type": "A", "at": "kie"}]
    owners = scenario.initial_owners()
    for c in ("gdy", "pru", "kra", "wbe"):
        del owners[c]
    g = mun_game(units=units, owners=owners, calendar={"year": 1935, "season": "fall"})
    g.push(orders("ussr", "A Kie-Pod"))
    while not g.module.turn_label(g.state).startswith("Spring"):
        g.push(RESOLVE)
    g.push(orders("germany", "A Ber insurrection Poland", "A Frk insurrection Poland"))
    g.push(orders("italy", "A Ven insurrection Poland"))
    g.push(RESOLVE)  # no reclaim order from Poland: the insurrection fails, the investment still earns the point
    g.push({"kind": "set_victory_points", "power": "germany", "points": 3, "reason": "treaty of Rapallo"})
    score = section(g.module.board(g.state), "score")
    germany, italy = row(score, "German Empire"), row(score, "Kingdom of Italy")
    assert (germany["Insurrection"], germany["Other"]) == ("1", "2")  # 3 political points, 1 of them insurrection
    assert italy["Insurrection"] == "0"
    assert row(score, "Poland")["Power"] == "Poland (eliminated)"


# --- 9. the end ----------------------------------------------------------------------------------
def test_officers_end_the_game_single_winner() -> None:
    g = mun_game()
    g.push({"kind": "set_goals", "power": "italy", "goals": ["Conquer Abyssinia", "Keep Libya"]})
    g.push({"kind": "award_points", "power": "italy", "goal": 1, "points": 2})
    entry = g.push({"kind": "end_game", "reason": "Sunday, 16:00"})
    ev = entry.events[0]
    assert ev.kind == "game_over" and ev.data["winners"] == ["italy"] and not ev.data["draw"]
    assert ev.data["scores"]["italy"] == 7 and ev.data["scores"]["poland"] == 5
    assert ev.text.startswith("The game ends (Sunday, 16:00): Kingdom of Italy wins with 7 points.")
    result = section(g.module.view(g.state, Audience.PUBLIC), "result")
    assert result.title == "Final scores (Spring 1935) — Winner: Kingdom of Italy"
    assert result.rows[0] == ["1", "Kingdom of Italy", "7", "winner"]
    assert g.check(ADJ) == ["the game is over"]
    assert g.module.turn_label(g.state) == "Spring 1935: game over"


def test_equal_top_scores_are_a_draw_and_a_forced_correction_redoes_the_result() -> None:
    g = mun_game()
    for p in ("uk", "france"):
        g.push({"kind": "set_goals", "power": p, "goals": ["one", "two"]})
        g.push({"kind": "award_points", "power": p, "goal": 1, "points": 2})
    ev = g.push({"kind": "end_game"}).events[0]
    assert ev.data["winners"] == ["uk", "france"] and ev.data["draw"]
    assert "a draw between United Kingdom, Republic of France (7 points each)" in ev.text
    assert section(g.module.board(g.state), "result").title.endswith("Draw: United Kingdom, Republic of France")
    correction = {"kind": "award_points", "power": "france", "goal": 2, "points": 1}
    assert g.check(correction)[0].startswith("the game is over and its final scores stand")
    entry = g.push({**correction, "force": "the chair forgot France's second goal"})
    assert entry.events[-1].data["winners"] == ["france"]
    assert g.summary()["result"]["winners"] == ["france"]
    assert g.module.summary(g.replay(verify=True)) == g.summary()


def test_the_last_year_passing_ends_the_game() -> None:
    g = mun_game(calendar={"year": 1935, "season": "spring", "last_year": 1935})
    g.push(orders("germany", "A Mst-Bel"))
    g.push(RESOLVE)
    fall = g.push(RESOLVE)
    over = [e for e in fall.events if e.kind == "game_over"]
    assert len(over) == 1 and over[0].data["reason"] == "the last year, 1935, has passed"
    assert over[0].data["winners"] == ["germany"]  # 6 centres (Belgium) against 5
    assert g.state.finished and g.summary()["result"]["turn"] == "Fall 1935"
    assert g.check(ADJ) == ["the game is over"]  # no winter adjustments: they change no score


# --- 10. conferences -----------------------------------------------------------------------------
STRESA = {"kind": "open_conference", "name": "Stresa Front", "location": "Belgium",
          "powers": ["italy", "France", "United Kingdom"]}


def test_conference_recorded_and_refused() -> None:
    g = mun_game()
    assert g.check({**STRESA, "powers": ["italy", "france"]}) == [
        "a conference needs at least three delegations, 2 named"]
    assert g.check({**STRESA, "location": "Berlin"}) == [
        "Berlin holds a unit hostile to the conference: German Empire A ber (of a power not taking part)"]
    assert g.check({**STRESA, "location": "Berlin", "powers": ["germany", "italy", "france"]}) == []
    assert g.check({**STRESA, "location": "Atlantis"}) == ["unknown province 'Atlantis' for the conference"]
    entry = g.push(STRESA)
    assert texts(entry) == ["The Stresa Front (conference) opens in Belgium: Kingdom of Italy, Republic of France, "
                            "United Kingdom"]
    sec = section(g.module.view(g.state, Audience.PUBLIC), "conference")
    assert sec.rows == [["Belgium", "Kingdom of Italy, Republic of France, United Kingdom", "Spring 1935",
                         "Spring 1936"]]
    assert g.check({**STRESA, "name": "Munich Conference", "location": "Munich",
                    "powers": ["germany", "italy", "uk"]}) == [
        "the Stresa Front is still running (since Spring 1935): only one conference at a time"]
    assert g.module.check_state(g.state) == []
    g.push({"kind": "end_conference", "reason": "a joint communiqué"})
    assert g.summary()["conference"] is None
    assert g.check({"kind": "end_conference"}) == ["no conference is running"]


def test_conference_cut_short_when_its_area_is_conquered() -> None:
    g = mun_game()
    g.push(STRESA)
    g.push(orders("germany", "A Mst-Bel"))
    t = texts(g.push(RESOLVE))
    assert ("The Stresa Front ends: Belgium is conquered (German Empire A bel); a new conference must follow the "
            "whole procedure again") in t
    assert g.summary()["conference"] is None and g.state.conferences[0][2].startswith("Belgium is conquered")


def test_conference_ends_when_its_year_is_up() -> None:
    g = mun_game()
    g.push(STRESA)
    spring = g.push(RESOLVE)
    assert not [e for e in spring.events if e.kind.startswith("conference")]
    fall = g.push(RESOLVE)  # nobody moved: no adjustments, straight to Spring 1936
    assert g.module.turn_label(g.state) == "Spring 1936"
    up = [e for e in fall.events if e.kind == "conference_year_up"]
    assert [e.text for e in up] == ["The Stresa Front ends: its year is up (it began in Spring 1935)"]


# --- 11. the negotiation clock -------------------------------------------------------------------
def test_negotiation_clock_thirty_then_fifteen_minutes() -> None:
    g = mun_game()
    m = g.module
    assert (m.turn_label(g.state), m.turn_number(g.state), m.turn_minutes(g.state)) == ("Spring 1935", 1, 30)
    t = [0.0]
    clock = TurnClock.for_game(m, g.state, now=lambda: t[0])
    assert (clock.week, clock.length, clock.text()) == (1, 30 * 60, "30:00")
    g.push(RESOLVE)
    assert (m.turn_label(g.state), m.turn_number(g.state), m.turn_minutes(g.state)) == ("Fall 1935", 2, 15)
    clock.reset(m.turn_number(g.state), m.turn_minutes(g.state))
    assert (clock.week, clock.text()) == (2, "15:00")
    copy = TurnClock(now=lambda: t[0])
    copy.restore(clock.record(wall=0.0), wall=0.0)
    assert copy.length == 15 * 60  # a big screen on another machine takes the length over
    g.push(RESOLVE)
    assert (m.turn_label(g.state), m.turn_number(g.state), m.turn_minutes(g.state)) == ("Spring 1936", 3, 15)


def test_turn_number_not_the_year() -> None:
    g = mun_game()
    g.push(RESOLVE)
    label = g.module.turn_label(g.state)
    assert week_of(g.state, label) == 1935  # what the clock read before: Spring and Fall alike
    assert week_of(g.state, label, g.module) == 2
    g.push(orders("germany", "A Mst-Bel"))
    g.push(RESOLVE)
    # The winter belongs to the turn just played; a game starting in the Fall counts from it.
    assert g.module.turn_label(g.state) == "Winter 1935 (adjustments)" and g.module.turn_number(g.state) == 2
    fall_start = mun_game(calendar={"year": 1935, "season": "fall"})
    assert fall_start.module.turn_number(fall_start.state) == 1


# --- the documentation -----------------------------------------------------------------------------
def test_every_command_documented_and_in_the_runnable_example(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    import yaml

    from boardapp.cli import main
    from boardapp.rules.diplomacy.module import DiplomacyRules

    root = MUN.parents[1]
    reference = (root / "docs/commands-diplomacy.md").read_text(encoding="utf-8")
    example = root / "docs/examples/mun-officers.yaml"
    tie = root / "tests/diplomacy/data/province-tie-commands.yaml"  # a tie needs an elimination: its own position
    used = {c["kind"] for f in (example, tie) for c in yaml.safe_load(f.read_text(encoding="utf-8"))}
    for cls in DiplomacyRules.command_types:
        kind = cls.model_fields["kind"].default
        assert f"### `{kind}`" in reference, f"docs/commands-diplomacy.md lacks {kind!r}"
        assert kind in used, f"docs/examples/mun-officers.yaml (or the tie's commands) never uses {kind!r}"
    assert main(["run", str(MUN), "--commands", str(example), "--check"]) == 0  # every command legal
    out = json.loads(capsys.readouterr().out)
    assert out["result"]["winners"] == ["italy"] and out["score"]["italy"] == 5 + 2 + 3
    russia_down = root / "tests/diplomacy/data/russia-down.yaml"
    assert main(["run", str(russia_down), "--commands", str(tie), "--check"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["eliminated"] == {"russia": "austria"} and out["province_ties"] == {"russia": ["austria", "turkey"]}


def test_docstring_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    import doctest
    import importlib

    monkeypatch.chdir(MUN.parents[1])
    for name in ("module", "officers"):
        result = doctest.testmod(importlib.import_module(f"boardapp.rules.diplomacy.{name}"))
        assert result.failed == 0 and result.attempted > 0, name


def test_a_lan_host_keeps_the_officers_commands_for_control() -> None:
    from boardapp.net.host import Host

    host = Host(mun_game())
    assert {"set_goals", "rule_goal", "award_points", "set_victory_points", "end_game"} <= host.control_only
    assert "submit_orders" not in host.control_only and "open_conference" not in host.control_only


@pytest.mark.parametrize(("extra", "message"), [
    ({"officers": {"goals": {"atlantis": ["a", "b"]}}},
     "officers.goals.atlantis: unknown power 'atlantis'; powers are ['uk', 'france', 'italy', 'germany', 'ussr', "
     "'turkey', 'yugoslavia', 'spain', 'poland']"),
    ({"officers": {"goals": {"uk": ["Peace for our time"]}}},
     "officers.goals.uk: uk has 1 goals; the officers set exactly 2 (the third is the power's own proposal: "
     "propose_goal)"),
    ({"calendar": {"year": 1935, "last_year": 1930}},
     "calendar.last_year: the last year 1930 is before the first year 1935"),
])
def test_officers_fields_checked_with_their_place(tmp_path: Any, extra: dict[str, Any], message: str) -> None:
    import yaml

    from boardapp.engine.files import check_file

    data = yaml.safe_load(MUN.read_text(encoding="utf-8")) | extra
    data["map"] = str(MUN.parents[1] / "maps" / "mun-1935.yaml")
    path = tmp_path / "mun.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    _kind, problems = check_file(path)
    assert [p.message for p in problems if p.severity == "error"] == [message]


def test_political_vp_holds_every_political_point_and_the_score_is_its_parts() -> None:
    """Issue 32.2. The digest: "Final score: supply centres plus non-territorial (political) victory points",
    the political points being the goals' (2 set by the officers, 1 of the power's own, "up to 3"), the
    insurrection point and any other the officers set; control of Europe earns "5 extra victory points".
    Italy: 5 centres, 2 for goal 1 and 3 for its own goal = 5 political points, score 10. Germany: 1 other
    political point, 5 centres, score 6."""
    g = mun_game()
    for cmd in ({"kind": "set_goals", "power": "italy", "goals": ["Conquer Abyssinia", "Keep Libya"]},
                {"kind": "propose_goal", "power": "italy", "goal": "Sign the axis"},
                {"kind": "rule_goal", "power": "italy", "allowed": True},
                {"kind": "award_points", "power": "italy", "goal": 1, "points": 2},
                {"kind": "award_points", "power": "italy", "goal": 3, "points": 3},
                {"kind": "set_victory_points", "power": "germany", "points": 1}):
        g.push(cmd)
    s = g.summary()
    assert s["political_vp"]["italy"] == 2 + 3 and s["political_vp"]["germany"] == 1
    assert s["score_parts"]["italy"] == {"centres": 5, "goals": 5, "insurrection": 0, "other": 0, "political": 5,
                                         "europe": 0, "score": 10}
    assert s["score_parts"]["germany"] == {"centres": 5, "goals": 0, "insurrection": 0, "other": 1, "political": 1,
                                           "europe": 0, "score": 6}
    for power, parts in s["score_parts"].items():
        assert parts["political"] == parts["goals"] + parts["insurrection"] + parts["other"], power
        assert parts["score"] == parts["centres"] + parts["political"] + parts["europe"] == s["score"][power], power
