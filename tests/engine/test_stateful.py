"""A hypothesis state machine plays random legal and illegal commands on the tiny scenario.

After every step the live state must equal a replay of the journal, satisfy the module's own
invariants, and conserve what cannot appear from nowhere: the same counters (destroyed only by
losses the events report), and money, stores, aid, cruise missiles and cards changing only by
what the applied command accounts for. The expected totals are computed by this test, from the
state before each command, independently of the rule module's bookkeeping; undo and redo move
along the same record. Now and then the game file is closed and reopened, and play goes on in
the reopened game.
"""

from __future__ import annotations

import shutil
import tempfile
from collections import Counter as Tally
from pathlib import Path
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from pydantic import ValidationError

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.engine.module import IllegalCommandError, Impossible
from tests.conftest import TINY

LOADED = load_scenario(TINY)
SCENARIO, MAP = LOADED
PLACES = [p.id for p in MAP.places]
TEAMS = [t.id for t in SCENARIO.teams]
COUNTERS = [c.id for c in SCENARIO.counters]
TYPES = {u.id: u for u in SCENARIO.unit_types}
SETTINGS = SCENARIO.settings
PR_TABLES = {t.id: t.pr_table for t in SCENARIO.teams}

places = st.sampled_from([*PLACES, "atlantis"])
teams = st.sampled_from([*TEAMS, "martians"])
counters = st.sampled_from([*COUNTERS, "g-ghost"])
dice_or_none = st.one_of(st.none(), st.integers(1, 6))
support = st.lists(st.sampled_from(["bombing", "cruise_missile"]), max_size=2)
small = st.integers(0, 4)
RESOURCES = ("money", "stores", "aid", "cruise_missiles")

#: Forced commands the rules could not carry out (the state must be kept; they are listed by the
#: report below). A legal command must never fail at all.
CRASHES: list[str] = []
STATS: Tally[str] = Tally()


def totals(state: Any, camp_aid: int) -> dict[str, int]:
    out = {r: sum(getattr(t, r) for t in state.teams.values()) for r in RESOURCES}
    out["aid"] += sum(n for blocks in state.aid.values() for n in blocks.values()) + camp_aid
    out["cards"] = sum(len(t.cards) for t in state.teams.values())
    return out


class GameMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(prefix="boardapp-stateful-"))
        self.path = self.dir / "game.game"
        self.game: Any = None

    @initialize(seed=st.integers(0, 2**16))
    def start(self, seed: int) -> None:
        self.game = new_game(LOADED, save=self.path, dice=SeededDice(seed))
        self.module = self.game.module
        self.ids = set(self.game.state.counters)
        self.camp_aid = 0
        # One record per journal entry (and per redo-able entry): state dump and expected totals after it.
        self.done: list[tuple[dict[str, Any], dict[str, int], int]] = []
        self.undone: list[tuple[dict[str, Any], dict[str, int], int]] = []
        self.start_dump = self.game.state.model_dump()
        self.expected = totals(self.game.state, 0)

    def teardown(self) -> None:
        if self.game is not None and self.game.store is not None:
            self.game.store.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    # --- the oracle -------------------------------------------------------------------------
    def expected_change(self, s: Any, cmd: dict[str, Any], events: list[Any]) -> tuple[dict[str, int], int]:
        """What the command should do to the totals, from the state ``s`` before it; and aid used by a camp."""
        d = dict.fromkeys((*RESOURCES, "cards"), 0)
        camp_used = 0
        kind = cmd["kind"]
        team = s.teams.get

        def pay(t: str, what: str, n: int) -> int:
            ts = team(t)
            paid = min(getattr(ts, what), n)
            setattr(ts, what, getattr(ts, what) - paid)  # on the scratch copy
            return paid

        if kind == "move":
            ctr = s.counters[cmd["counter"]]
            ut = TYPES[ctr.type]
            ts = team(ctr.team)
            act = 0 if ctr.activated else ut.activation_cost
            holder = s.control.get(cmd["to"])
            foreign = holder is not None and holder != ctr.team and holder not in ts.allies
            entry = foreign and not ut.free_entry
            how = cmd.get("pay") or ("money" if ts.money >= act + SETTINGS.entry_money else "card")
            d["money"] -= pay(ctr.team, "money", act)
            if entry:
                if how == "card" and ts.cards:
                    d["cards"] -= min(SETTINGS.entry_cards, len(ts.cards))
                else:
                    d["money"] -= pay(ctr.team, "money", SETTINGS.entry_money)
        elif kind == "deploy":
            ctr = s.counters[cmd["counter"]]
            d["money"] -= pay(ctr.team, "money", TYPES[ctr.type].deploy_cost)
        elif kind == "activate":
            ctr = s.counters[cmd["counter"]]
            d["money"] -= pay(ctr.team, "money", TYPES[ctr.type].activation_cost)
        elif kind == "attack":
            f = self.module.fight_sides(s, self.module.parse_command(cmd))  # who fights (not what it costs)
            attackers = [s.counters[a] for a in cmd["attackers"] if a in s.counters]
            need = sum(TYPES[a.type].attack_stores for a in attackers) + cmd.get("extra_stores", 0)
            fights = [e for e in events if e.kind == "fight"]
            assert len(fights) == 1 and fights[0].data["stores"] == need, (fights, need)
            d["stores"] -= pay(f["team"], "stores", need)
            if f["defender_team"] is not None:
                d["stores"] -= pay(f["defender_team"], "stores", cmd.get("defender_extra_stores", 0))
                d["cruise_missiles"] -= pay(f["defender_team"], "cruise_missiles",
                                            cmd.get("defender_support", []).count("cruise_missile"))
            d["cruise_missiles"] -= pay(f["team"], "cruise_missiles",
                                        cmd.get("attacker_support", []).count("cruise_missile"))
        elif kind == "strike":
            if cmd["weapon"] == "cruise_missile":
                d["cruise_missiles"] -= pay(cmd["team"], "cruise_missiles", 1)
        elif kind == "influence":
            for t, cards in cmd["bids"].items():
                d["cards"] -= sum((Tally(cards) & Tally(team(t).cards)).values())
        elif kind == "supply":
            ts = team(cmd["team"])
            for r in RESOURCES:
                d[r] += max(0, getattr(ts, r) + cmd.get(r, 0)) - getattr(ts, r)
            d["cards"] += len(cmd.get("cards", []))
        elif kind == "rebuild":
            ctr = s.counters[cmd["counter"]]
            d["stores"] -= pay(ctr.team, "stores", cmd.get("losses", 1) * SETTINGS.rebuild_stores)
        elif kind == "camp":
            d["money"] -= pay(cmd["team"], "money", SETTINGS.camp_money)
            camp_used = min(SETTINGS.camp_aid, s.aid.get(cmd["place"], {}).get(cmd["team"], 0))
        elif kind == "end_turn":
            for ctr in sorted(s.counters.values(), key=lambda u: u.id):
                up = TYPES[ctr.type].upkeep
                if up and ctr.place is not None and not ctr.destroyed and team(ctr.team).money >= up:
                    d["money"] -= pay(ctr.team, "money", up)
            after = sum(PR_TABLES[t.id][t.pr] for t in s.teams.values())
            d["cards"] = after - sum(len(t.cards) for t in s.teams.values())
            drawn = sum(len(e.data.get("drawn", [])) - len(e.data.get("discarded", []))
                        for e in events if e.kind == "cards")
            assert drawn == d["cards"], (drawn, d["cards"])
        # transfer, deliver_aid, move_aid, handover, set_*, news: nothing appears or vanishes
        return d, camp_used

    # --- issuing commands -------------------------------------------------------------------
    def issue(self, cmd: dict[str, Any], force: bool) -> None:
        if force:
            cmd = cmd | {"force": "CONTROL: reality trumps rules"}
        game = self.game
        before = game.state.model_dump()
        n = len(game.entries)
        try:
            parsed = game.parse(cmd)
        except ValidationError:
            return  # not even a command (a transfer of nothing …): nothing happens
        reasons = game.check(parsed)
        if reasons and (not force or any(isinstance(r, Impossible) for r in reasons)):
            with pytest.raises(IllegalCommandError) as exc:
                game.push(parsed)
            assert exc.value.reasons == reasons
            assert game.state.model_dump() == before
            assert len(game.entries) == n
            STATS["refused"] += 1
            return
        scratch = game.state.copy()
        try:
            entry = game.push(parsed)
        except Exception as exc:
            what = f"{parsed.describe()}: {type(exc).__name__}: {exc}"
            assert reasons, f"a legal command crashed: {what}"
            CRASHES.append(what)  # a forced one: reported below, and the state must be kept
            assert game.state.model_dump() == before, "a failed command left the state changed"
            assert len(game.entries) == n
            return
        assert entry.overridden == reasons
        STATS["forced" if reasons else "legal"] += 1
        after = game.state
        # counters: none appear or vanish; destroyed only by a reported loss
        assert set(after.counters) == self.ids
        destroyed_by_loss = {c for e in entry.events if e.kind == "loss" and e.data.get("destroyed")
                             for c in e.counters}
        loss_events = Tally(c for e in entry.events if e.kind == "loss" for c in e.counters)
        for cid, ctr in after.counters.items():
            was = before["counters"][cid]
            if ctr.destroyed and not was["destroyed"]:
                assert cid in destroyed_by_loss, f"{cid} destroyed without a loss event"
            assert not (was["destroyed"] and not ctr.destroyed), f"{cid} came back from destruction"
            if ctr.destroyed:
                assert ctr.place is None, f"destroyed {cid} still stands at {ctr.place}"
            rebuilt = 0
            if parsed.kind == "rebuild" and parsed.counter == cid:  # type: ignore[attr-defined]
                rebuilt = min(was["losses"], parsed.losses)  # type: ignore[attr-defined]
            assert ctr.losses - was["losses"] == loss_events[cid] - rebuilt, (cid, entry.events)
        delta, camp_used = self.expected_change(scratch, entry.command, entry.events)
        expected = {k: self.expected[k] + delta[k] for k in self.expected}
        self.camp_aid += camp_used
        self.expected = expected
        self.done.append((game.state.model_dump(), dict(expected), self.camp_aid))
        self.undone.clear()

    @rule(counter=counters, to=places, pay=st.sampled_from([None, "money", "card"]), with_aid=st.integers(0, 2),
          force=st.booleans())
    def move(self, *, counter: str, to: str, pay: str | None, with_aid: int, force: bool) -> None:
        self.issue({"kind": "move", "counter": counter, "to": to, "pay": pay, "with_aid": with_aid}, force)

    @rule(counter=counters, to=places, force=st.booleans())
    def deploy(self, counter: str, to: str, force: bool) -> None:
        self.issue({"kind": "deploy", "counter": counter, "to": to}, force)

    @rule(counter=counters, force=st.booleans())
    def activate(self, counter: str, force: bool) -> None:
        self.issue({"kind": "activate", "counter": counter}, force)

    @rule(place=places, attackers=st.lists(counters, min_size=1, max_size=3, unique=True), die=dice_or_none,
          extra=small, dextra=small, asup=support, dsup=support, force=st.booleans(), data=st.data())
    def attack(self, *, place: str, attackers: list[str], die: int | None, extra: int, dextra: int,
               asup: list[str], dsup: list[str], force: bool, data: st.DataObject) -> None:
        cmd: dict[str, Any] = {"kind": "attack", "place": place, "attackers": attackers, "die": die,
                               "extra_stores": extra, "defender_extra_stores": dextra,
                               "attacker_support": asup, "defender_support": dsup}
        if data.draw(st.booleans()):
            cmd["defender_loss"] = data.draw(st.lists(counters, max_size=2))
            cmd["retreat_to"] = data.draw(st.one_of(st.none(), places))
        self.issue(cmd, force)

    @rule(team=teams, weapon=st.sampled_from(["bombing", "cruise_missile"]), victim=counters, die=dice_or_none,
          force=st.booleans())
    def strike(self, team: str, weapon: str, victim: str, die: int | None, force: bool) -> None:
        self.issue({"kind": "strike", "team": team, "weapon": weapon, "target": victim, "die": die}, force)

    @rule(place=places, bids=st.dictionaries(teams, st.lists(st.integers(1, 3), max_size=3), min_size=1, max_size=3),
          force=st.booleans())
    def influence(self, place: str, bids: dict[str, list[int]], force: bool) -> None:
        self.issue({"kind": "influence", "place": place, "bids": bids}, force)

    @rule(src=teams, to=teams, money=small, stores=small, aid=small, cm=st.integers(0, 2),
          cards=st.lists(st.integers(1, 3), max_size=2), ctrs=st.lists(counters, max_size=1), force=st.booleans())
    def transfer(self, *, src: str, to: str, money: int, stores: int, aid: int, cm: int, cards: list[int],
                 ctrs: list[str], force: bool) -> None:
        self.issue({"kind": "transfer", "from": src, "to": to, "money": money, "stores": stores, "aid": aid,
                    "cruise_missiles": cm, "cards": cards, "counters": ctrs}, force)

    @rule(team=teams, money=st.integers(-6, 6), stores=st.integers(-6, 6), aid=st.integers(-3, 3),
          cm=st.integers(-2, 2), cards=st.lists(st.integers(1, 3), max_size=2), force=st.booleans())
    def supply(self, *, team: str, money: int, stores: int, aid: int, cm: int, cards: list[int], force: bool) -> None:
        self.issue({"kind": "supply", "team": team, "money": money, "stores": stores, "aid": aid,
                    "cruise_missiles": cm, "cards": cards, "reason": "outside help"}, force)

    @rule(team=teams, place=places, count=st.integers(1, 4), force=st.booleans())
    def deliver_aid(self, team: str, place: str, count: int, force: bool) -> None:
        self.issue({"kind": "deliver_aid", "team": team, "place": place, "count": count}, force)

    @rule(by=teams, owner=teams, place=places, to=places, count=st.integers(1, 3), force=st.booleans())
    def move_aid(self, *, by: str, owner: str, place: str, to: str, count: int, force: bool) -> None:
        self.issue({"kind": "move_aid", "by": by, "owner": owner, "place": place, "to": to, "count": count}, force)

    @rule(team=teams, place=places, force=st.booleans())
    def camp(self, team: str, place: str, force: bool) -> None:
        self.issue({"kind": "camp", "team": team, "place": place}, force)

    @rule(counter=counters, losses=st.integers(1, 2), force=st.booleans())
    def rebuild(self, counter: str, losses: int, force: bool) -> None:
        self.issue({"kind": "rebuild", "counter": counter, "losses": losses}, force)

    @rule(place=places, to=st.one_of(st.none(), teams), force=st.booleans())
    def handover(self, place: str, to: str | None, force: bool) -> None:
        self.issue({"kind": "handover", "place": place, "to": to}, force)

    @rule(place=places, team=st.one_of(st.none(), teams), force=st.booleans())
    def set_control(self, place: str, team: str | None, force: bool) -> None:
        self.issue({"kind": "set_control", "place": place, "team": team, "reason": "ruling"}, force)

    @rule(team=teams, level=st.integers(0, 8), force=st.booleans())
    def set_pr(self, team: str, level: int, force: bool) -> None:
        self.issue({"kind": "set_pr", "team": team, "level": level, "reason": "news"}, force)

    @rule(a=teams, b=teams, allied=st.booleans(), force=st.booleans())
    def set_alliance(self, a: str, b: str, allied: bool, force: bool) -> None:
        self.issue({"kind": "set_alliance", "teams": [a, b], "allied": allied, "reason": "treaty"}, force)

    # Likely-legal commands, drawn from the live state, so that play gets somewhere.
    @precondition(lambda self: self.game is not None)
    @rule(data=st.data())
    def move_somewhere_possible(self, data: st.DataObject) -> None:
        state = self.game.state
        movers = sorted(c.id for c in state.counters.values() if c.place is not None and not c.destroyed)
        if not movers:
            return
        cid = data.draw(st.sampled_from(movers))
        options = self.module.move_options(state, cid)
        if options:
            self.issue({"kind": "move", "counter": cid, "to": data.draw(st.sampled_from(options)).place}, False)

    @precondition(lambda self: self.game is not None)
    @rule(data=st.data())
    def deploy_at_home(self, data: st.DataObject) -> None:
        state = self.game.state
        off = sorted(c.id for c in state.counters.values() if c.place is None and not c.destroyed)
        if not off:
            return
        cid = data.draw(st.sampled_from(off))
        home = sorted(p for p, t in state.control.items() if t == state.counters[cid].team)
        if home:
            self.issue({"kind": "deploy", "counter": cid, "to": data.draw(st.sampled_from(home))}, False)

    @precondition(lambda self: self.game is not None)
    @rule(data=st.data(), die=dice_or_none)
    def attack_a_neighbour(self, data: st.DataObject, die: int | None) -> None:
        state = self.game.state
        pairs = sorted((u.id, p) for u in state.counters.values() if u.place is not None and not u.destroyed
                       for p in (u.place, *MAP.adjacency[u.place]) if self.module.hostile_units(state, p, u.team))
        if pairs:
            cid, place = data.draw(st.sampled_from(pairs))
            self.issue({"kind": "attack", "place": place, "attackers": [cid], "die": die}, False)

    @rule()
    def end_turn(self) -> None:
        self.issue({"kind": "end_turn"}, False)

    @precondition(lambda self: self.game is not None and self.game.can_undo)
    @rule()
    def undo(self) -> None:
        self.game.undo()
        self.undone.append(self.done.pop())
        dump, self.expected, self.camp_aid = self.done[-1] if self.done else (self.start_dump, totals(
            self.game._initial, 0), 0)
        assert self.game.state.model_dump() == dump

    @precondition(lambda self: self.game is not None and self.game.can_redo)
    @rule()
    def redo(self) -> None:
        self.game.redo()
        record = self.undone.pop()
        self.done.append(record)
        dump, self.expected, self.camp_aid = record
        assert self.game.state.model_dump() == dump

    @precondition(lambda self: self.game is not None)
    @rule()
    def reopen(self) -> None:
        old = self.game
        old.store.close()
        new = open_game(self.path, dice=SeededDice(len(old.entries)))
        self.game = new
        assert new.state.model_dump() == old.state.model_dump()
        assert [e.model_dump() for e in new.entries] == [e.model_dump() for e in old.entries]
        assert [e.model_dump() for e in new.redo_stack] == [e.model_dump() for e in old.redo_stack]
        self.module = new.module

    # --- invariants -------------------------------------------------------------------------
    @invariant()
    def replays_to_the_live_state(self) -> None:
        if self.game is not None:
            assert self.game.state.model_dump() == self.game.replay().model_dump()

    @invariant()
    def module_invariants_hold(self) -> None:
        if self.game is not None:
            assert self.module.check_state(self.game.state) == []

    @invariant()
    def nothing_appears_or_vanishes(self) -> None:
        if self.game is not None:
            assert set(self.game.state.counters) == self.ids
            assert totals(self.game.state, self.camp_aid) == self.expected


GameMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=30, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestGame = GameMachine.TestCase


def test_report_forced_command_crashes() -> None:
    """A short run of the machine on its own: it reaches every outcome (legal, forced, refused), so
    the properties above are not passing by never playing; forced commands the rules could not carry
    out are listed (each a ValueError, the state kept)."""
    from hypothesis.stateful import run_state_machine_as_test

    STATS.clear()
    CRASHES.clear()
    run_state_machine_as_test(GameMachine, settings=settings(
        max_examples=8, stateful_step_count=30, deadline=None, database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]))
    print(dict(STATS), *sorted(set(CRASHES)), sep="\n")
    assert STATS["legal"] > 0 and STATS["forced"] > 0 and STATS["refused"] > 0, dict(STATS)


def test_forcing_a_transfer_of_an_unknown_counter_is_refused_clearly() -> None:
    game = new_game(LOADED)
    with pytest.raises(IllegalCommandError) as refused:
        game.push({"kind": "transfer", "from": "gov", "to": "gov", "counters": ["g-ghost"], "force": "ruling"})
    assert not refused.value.forceable and "g-ghost" in str(refused.value)
