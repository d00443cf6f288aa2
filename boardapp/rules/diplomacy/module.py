"""The Diplomacy-family rule module: orders in secret, adjudication, seasons, insurrection.

The adjudicator (:mod:`boardapp.rules.diplomacy.adjudicator`) resolves each phase; this module
checks and applies the commands (:mod:`.commands`) to the game state (:mod:`.state`: units,
centre owners, submitted orders, the calendar, victory points, eliminated powers) behind
boardapp's :class:`~boardapp.engine.module.RuleModule` interface.

A year: Spring movement → Spring retreats (only when a unit was dislodged) → Fall movement →
Fall retreats → Winter adjustments (only when some power must build or disband) → next year.
Orders are submitted per power with ``submit_orders`` (a power's new submission replaces its
earlier one in the same phase) and stay secret until ``adjudicate`` reveals them.

The MUN Historical Committee's officers' side (who has not handed in, political goals and the
score table, conferences, the end of the game) lives in :mod:`.officers`; this module dispatches to it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

from boardapp.engine.dice import Dice
from boardapp.engine.module import (
    BoardPicture,
    BoardPiece,
    BoardToken,
    Command,
    Event,
    Impossible,
    MoveOption,
    RuleModule,
    Section,
)
from boardapp.model.mapfile import Map
from boardapp.rules.diplomacy import officers, provinces, series
from boardapp.rules.diplomacy import position as pos
from boardapp.rules.diplomacy.adjudicator import (
    adjudicate_adjustments,
    adjudicate_movement,
    adjudicate_retreats,
    update_ownership,
)
from boardapp.rules.diplomacy.commands import (
    OFFICERS_ONLY,
    Adjudicate,
    AwardPoints,
    Insurrection,
    OpenConference,
    Reclaim,
    SetVictoryPoints,
    SubmitOrders,
)
from boardapp.rules.diplomacy.mapdata import province_of
from boardapp.rules.diplomacy.orders import (
    AmbiguousOrderError,
    Build,
    IllegalOrderError,
    Order,
    Phase,
    Unit,
    UnitType,
)
from boardapp.rules.diplomacy.scenario import DiplomacyScenario, Power
from boardapp.rules.diplomacy.state import ADJUSTMENT, MOVEMENT, RETREAT, DiplomacyState, Goal, Result

_PHASE = {MOVEMENT: Phase.MOVEMENT, RETREAT: Phase.RETREAT, ADJUSTMENT: Phase.ADJUSTMENT}

_INS_RE = re.compile(
    r"^\s*(?:(?P<power>[A-Za-z][\w .'-]*?)\s*:\s*)?(?:(?P<type>[AaFf])\s+)?(?P<prov>[\w()/ .'-]+?)\s*"
    r"(?:->|-|\u2192|\binsurrection(?:\s+for)?\b|\binsurrects(?:\s+for)?\b)\s*(?P<target>[\w .'-]+?)\s*$",
)
_RECLAIM_RE = re.compile(r"^\s*(?:[A-Za-z][\w .'-]*?\s*:\s*)?reclaims?\s+(?P<list>.+)$", re.I)
_BUILD_RE = re.compile(r"^\s*(?:[A-Za-z][\w .'-]*?\s*:\s*)?builds?\s+(?P<type>[AaFf])\s+(?P<where>.+)$", re.I)


class DiplomacyRules(RuleModule[DiplomacyState]):
    name: ClassVar[str] = "diplomacy"
    title: ClassVar[str] = "Diplomacy (and the MUN Historical Committee)"
    scenario_model = DiplomacyScenario
    command_types = (SubmitOrders, Adjudicate, SetVictoryPoints, *officers.OFFICER_COMMANDS)
    control_only_kinds = OFFICERS_ONLY

    def __init__(self, scenario: DiplomacyScenario, the_map: Map) -> None:
        super().__init__(scenario, the_map)
        self.scenario: DiplomacyScenario = scenario
        self.m = scenario.build_mapdata(the_map)
        self.powers = {p.id: p for p in scenario.powers}
        self._power_names: dict[str, str] = {}
        for p in scenario.powers:
            for n in (p.id, p.name, p.adjective, p.symbol):
                if n:
                    self._power_names[n.casefold()] = p.id

    # --- names --------------------------------------------------------------------------
    @property
    def teams(self) -> Sequence[Power]:
        """The Great Powers are this game's teams."""
        return self.scenario.powers

    def power_name(self, pid: str) -> str:
        p = self.powers.get(pid)
        return p.name if p else pid

    def province_name(self, prov: str) -> str:
        p = self.m.provinces.get(province_of(prov))
        return p.name if p else prov

    def unit_text(self, u: Unit) -> str:
        return f"{u.unit_type.value} {u.region}"

    def find_power(self, text: str) -> str | None:
        return self._power_names.get(text.strip().casefold())

    def side_teams(self, state: DiplomacyState, command: Command, side: str) -> set[str]:
        """The powers an officers' command names by id or name: ``power`` (the power a goal or award is
        for) and ``delegations`` (every power taking part in a conference: each must agree to attend).
        A name that is no power stays as written: no seat holds it, so a limited seat is refused."""
        if side == "power":
            texts = [str(getattr(command, "power", ""))]
        elif side == "delegations" and isinstance(command, OpenConference):
            texts = list(command.powers)
        else:
            return super().side_teams(state, command, side)
        return {self.find_power(t) or t for t in texts}

    # --- state --------------------------------------------------------------------------
    def initial_state(self) -> DiplomacyState:
        sc = self.scenario
        units = [Unit(u.power, UnitType(u.type), u.at.lower()) for u in sc.units]
        state = DiplomacyState(
            year=sc.calendar.year, season=sc.calendar.season, phase=MOVEMENT, units=units,
            owners=sc.initial_owners(), political={p.id: 0 for p in sc.powers},
        )
        for pid, texts in sc.officers.goals.items():
            state.goals[pid] = {i: Goal(t.strip()) for i, t in enumerate(texts, start=1)}
        officers.note_europe(self, state)  # a scenario may start a power with the bonus centres already
        return pos.with_position(self, state, pos.CODEC)

    def position_scenario(self, state: DiplomacyState) -> dict[str, Any]:
        """The scenario whose start is ``state`` (CONTROL's: it holds orders handed in): :mod:`.position`."""
        return pos.position_scenario(self, state, pos.CODEC)

    def game_over(self, state: DiplomacyState) -> str | None:
        return self.turn_label(state) if state.result is not None else None

    def turn_label(self, state: DiplomacyState) -> str:
        season = state.season.capitalize()
        label = f"{season} {state.year}"
        if state.result is not None:
            return f"{label}: game over"
        if state.phase == RETREAT:
            label += " (retreats)"
        elif state.phase == ADJUSTMENT:
            label += " (adjustments)"
        return label

    def centres(self, state: DiplomacyState) -> dict[str, int]:
        out = dict.fromkeys(self.powers, 0)
        for pw in state.owners.values():
            out[pw] = out.get(pw, 0) + 1
        return out

    def score(self, state: DiplomacyState, power: str) -> int:
        """Supply centres (when the scenario scores them) + political victory points + the Europe bonus."""
        v = self.scenario.victory
        c = self.centres(state).get(power, 0)
        s = (c if v.score_centres else 0) + state.political.get(power, 0) + officers.goal_points(state, power)
        return s + officers.europe_bonus(self, state, power)

    def score_parts(self, state: DiplomacyState) -> dict[str, dict[str, int]]:
        """Each power's score and its parts (``boardapp run``'s ``score_parts``): ``centres`` (0 when the
        scenario does not score them) + ``political`` (= ``goals`` + ``insurrection`` + ``other``, every
        non-territorial political point) + ``europe`` (the control-of-Europe bonus) = ``score``."""
        counts = self.centres(state)
        out = {}
        for p in sorted(self.powers):
            ins = state.insurrection_vp.get(p, 0)
            goals = officers.goal_points(state, p)
            other = state.political.get(p, 0) - ins
            centres = counts.get(p, 0) if self.scenario.victory.score_centres else 0
            europe = officers.europe_bonus(self, state, p)
            out[p] = {"centres": centres, "goals": goals, "insurrection": ins, "other": other,
                      "political": goals + ins + other, "europe": europe, "score": self.score(state, p)}
        return out

    def missing_powers(self, state: DiplomacyState) -> list[str]:
        """The powers that must order in this phase and have not handed in (see :func:`officers.missing_powers`).

        >>> from boardapp.engine.files import load_scenario
        >>> rules = DiplomacyRules(*load_scenario("scenarios/mun-historical-1935.yaml"))
        >>> state = rules.initial_state(); state.orders["uk"] = []
        >>> rules.missing_powers(state)[:3]
        ['france', 'italy', 'germany']
        """
        return officers.missing_powers(self, state)

    def turn_number(self, state: DiplomacyState) -> int:
        """The turn the clock counts, from 1: each Spring and each Fall is a turn; the retreats and
        the winter adjustments belong to the turn just played (Spring 1935 = 1, Fall 1935 = 2,
        Winter 1935 = 2, Spring 1936 = 3 when the game starts in Spring 1935)."""
        cal = self.scenario.calendar
        start = cal.year * 2 + (cal.season == "fall")
        now = state.year * 2 + (state.season != "spring")
        return max(1, now - start + 1)

    def turn_minutes(self, state: DiplomacyState) -> float:
        """The negotiation clock for the current turn: 30 minutes before the first, 15 before each
        later one (the scenario's ``negotiation``)."""
        n = self.scenario.negotiation
        return n.first_turn_minutes if self.turn_number(state) <= 1 else n.turn_minutes

    # --- parsing orders ------------------------------------------------------------------
    def parse_order(self, state: DiplomacyState, power: str, text: str) -> Order | Insurrection | Reclaim:
        """One order of ``power``, or raise ``ValueError`` with the parser's message."""
        phase = _PHASE[state.phase]
        if state.phase == MOVEMENT:
            rm = _RECLAIM_RE.match(text)
            if rm:
                return self._parse_reclaim(state, power, text, rm.group("list"))
            bm = _BUILD_RE.match(text)
            if bm and power in state.eliminated:
                return self._parse_reclaim(state, power, text, "", bm)
            ins = self._parse_insurrection(state, power, text)
            if ins is not None:
                return ins
        try:
            order = Order.parse(text, phase=phase, mapdata=self.m)
        except (IllegalOrderError, AmbiguousOrderError) as exc:
            raise ValueError(str(exc)) from None
        if order.power is not None:
            named = self.find_power(order.power)
            if named is None:
                raise ValueError(f"illegal order {text!r}: unknown power {order.power!r}")
            if named != power:
                raise ValueError(f"illegal order {text!r}: written for {self.power_name(named)}, "
                                 f"submitted by {self.power_name(power)}")
        order = _with_power(order, power)
        if isinstance(order, Build):
            return order
        p = order.province
        if state.phase == RETREAT:
            assert state.movement is not None
            mine = [d.unit for d in state.movement.dislodged if d.unit.province == p]
            if not mine or mine[0].power != power:
                raise ValueError(f"illegal order {text!r}: {self.power_name(power)} has no dislodged unit in {p}")
        else:
            mine = [u for u in state.units if u.province == p]
            if not mine or mine[0].power != power:
                raise ValueError(f"illegal order {text!r}: {self.power_name(power)} has no unit in {p}")
        return order

    def _parse_insurrection(self, state: DiplomacyState, power: str, text: str) -> Insurrection | None:
        mt = _INS_RE.match(text)
        if not mt:
            return None
        target_text = mt.group("target")
        target = self.find_power(target_text)
        if target is None:
            return None
        explicit = re.search(r"\binsurrect", text, re.I) is not None
        if not explicit and self._is_province(target_text):
            return None  # 'F Lon-Eng' is a move even if a power is abbreviated like a province (England)
        if mt.group("power") and self.find_power(mt.group("power")) not in (power, None):
            raise ValueError(f"illegal order {text!r}: written for another power")
        if not self.scenario.insurrection.enabled:
            raise ValueError(f"illegal order {text!r}: this scenario has no insurrections")
        if target not in state.eliminated:
            raise ValueError(f"illegal order {text!r}: {self.power_name(target)} is not eliminated")
        prov_text = mt.group("prov").strip()
        try:
            o = Order.parse(f"{prov_text} holds", mapdata=self.m)
        except (IllegalOrderError, AmbiguousOrderError) as exc:
            raise ValueError(f"illegal order {text!r}: {exc}") from None
        p = o.province
        mine = [u for u in state.units if u.province == p]
        if not mine or mine[0].power != power:
            raise ValueError(f"illegal order {text!r}: {self.power_name(power)} has no unit in {p}")
        if mt.group("type") and UnitType(mt.group("type").upper()) is not mine[0].unit_type:
            raise ValueError(f"illegal order {text!r}: the unit in {p} is {self.unit_text(mine[0])}")
        return Insurrection(mine[0].region, target)

    def _is_province(self, text: str) -> bool:
        try:
            Order.parse(f"{text} holds", mapdata=self.m)
        except (IllegalOrderError, AmbiguousOrderError):
            return False
        return True

    def _parse_reclaim(self, state: DiplomacyState, power: str, text: str, listing: str,
                       build: re.Match[str] | None = None) -> Reclaim:
        if power not in state.eliminated:
            raise ValueError(f"illegal order {text!r}: only an eliminated power reclaims its centres")
        homes = set(self.powers[power].home_centres)
        if build is not None:
            try:
                o = Order.parse(f"build {build.group('type')} {build.group('where')}", Phase.ADJUSTMENT, self.m)
            except (IllegalOrderError, AmbiguousOrderError) as exc:
                raise ValueError(f"illegal order {text!r}: {exc}") from None
            if o.province not in homes:
                raise ValueError(f"illegal order {text!r}: {o.province} is not a home centre of "
                                 f"{self.power_name(power)}")
            assert o.unit_type is not None
            return Reclaim((), (o.unit_type.value, o.region))
        centres: list[str] = []
        sep = r"\s*[,;]\s*|\s+then\s+" if re.search(r"[,;]|\bthen\b", listing) else r"\s+"
        for word in re.split(sep, listing.strip()):
            if not word or word.lower() in {"then", "and"}:
                continue
            try:
                o = Order.parse(f"{word} holds", mapdata=self.m)
            except (IllegalOrderError, AmbiguousOrderError) as exc:
                raise ValueError(f"illegal order {text!r}: {exc}") from None
            if o.province not in homes:
                raise ValueError(f"illegal order {text!r}: {o.province} is not a home centre of "
                                 f"{self.power_name(power)}")
            if o.province in centres:
                raise ValueError(f"illegal order {text!r}: {o.province} is named twice")
            centres.append(o.province)
        need = self.scenario.insurrection.min_centres
        if len(centres) < need:
            raise ValueError(f"illegal order {text!r}: name at least {need} home centres in order of preference")
        return Reclaim(tuple(centres))

    # --- check -------------------------------------------------------------------------
    def check(self, state: DiplomacyState, command: Command) -> list[str]:
        if state.finished:
            if isinstance(command, (SetVictoryPoints, AwardPoints)) and state.result is not None:
                return ["the game is over and its final scores stand (CONTROL may force a correction; the "
                        "result is worked out again)", *self._check_live(state, command)]
            if not isinstance(command, SetVictoryPoints):
                return ["the game is over"]
        return self._check_live(state, command)

    def _check_live(self, state: DiplomacyState, command: Command) -> list[str]:
        if isinstance(command, (SubmitOrders, SetVictoryPoints)):
            if command.power not in self.powers:
                return [Impossible(f"unknown power {command.power!r}; powers are {sorted(self.powers)}")]
            return []  # illegal lines do not refuse a hand-in: those units hold (see split_orders)
        if isinstance(command, Adjudicate):
            return officers.adjudicate_reasons(self, state)
        return officers.check_officers(self, state, command)

    def end_turn_command(self) -> Command:
        return Adjudicate()

    # --- apply -------------------------------------------------------------------------
    def apply(self, state: DiplomacyState, command: Command, dice: Dice) -> list[Event]:
        if isinstance(command, SubmitOrders):
            power = command.power
            legal, illegal = self.split_orders(state, power, command.orders)
            state.orders[power] = legal
            if illegal:
                state.illegal[power] = illegal
            else:
                state.illegal.pop(power, None)
            n = len(command.orders)
            events = [Event(kind="orders_submitted", teams=(power,), data={"count": n},
                            text=f"{self.power_name(power)} handed in {n} order{'s' * (n != 1)} "
                            f"for {self.turn_label(state)} (secret until adjudication)")]
            for text, why in illegal:
                events.append(Event(kind="order_illegal", teams=(power,), hidden=True, visible_to=(power,),
                                    data={"order": text, "reason": why},
                                    text=f"{self.power_name(power)}: {why} — {self._void(state)}"))
            return events
        if isinstance(command, SetVictoryPoints):
            old = state.political.get(command.power, 0)
            state.political[command.power] = command.points
            state.vp_log.append((command.power, command.points - old, command.reason))
            why = f" ({command.reason})" if command.reason else ""
            events = [Event(kind="victory_points", teams=(command.power,),
                            data={"points": command.points, "was": old},
                            text=f"{self.power_name(command.power)}: political victory points {old} → "
                            f"{command.points}{why}")]
            if state.result is not None:
                events += officers.end_game(self, state, state.result.reason)
            return events
        if isinstance(command, Adjudicate):
            label = self.turn_label(state)
            if state.phase == MOVEMENT:
                events = self._movement(state)
            elif state.phase == RETREAT:
                events = self._retreats(state)
            else:
                events = self._adjustments(state)
            events.insert(0, Event(kind="adjudicated", text=f"{label} adjudicated",
                                   data={"phase": label}))
            events += officers.watch_conference(self, state)
            events.append(Event(kind="phase", text=f"Now: {self.turn_label(state)}",
                                data={"phase": self.turn_label(state)}))
            return events
        if isinstance(command, officers.OFFICER_COMMANDS):
            events = officers.apply_officers(self, state, command)
            if isinstance(command, AwardPoints) and state.result is not None:
                events += officers.end_game(self, state, state.result.reason)
            return events
        raise ValueError(f"unknown command {command.kind!r}")

    def split_orders(self, state: DiplomacyState, power: str,
                     texts: Sequence[str]) -> tuple[list[str], list[tuple[str, str]]]:
        """A hand-in's legal lines, and its illegal lines each with the parser's reason.

        The rules: an illegal order is void and the unit holds (in a retreat phase an unordered
        dislodged unit is disbanded; in the winter a void build or disband is not made). So a
        hand-in is never refused for a bad line: the legal orders stand and the bad lines are kept
        with their reasons for CONTROL and the power.
        """
        legal: list[str] = []
        illegal: list[tuple[str, str]] = []
        for text in texts:
            try:
                self.parse_order(state, power, text)
            except ValueError as exc:
                illegal.append((text, str(exc)))
            else:
                legal.append(text)
        return legal, illegal

    def _void(self, state: DiplomacyState, done: bool = False) -> str:
        """What an illegal order means in this phase, before or after adjudication."""
        if state.phase == MOVEMENT:
            return "the unit holds" if done else "the unit will hold"
        if state.phase == RETREAT:
            return "the order is void (a dislodged unit without a valid retreat is disbanded)"
        return "the order is void"

    def _parsed(self, state: DiplomacyState, events: list[Event]) -> list[tuple[str, str, Any]]:
        """Every handed-in order parsed; the illegal lines of each hand-in are revealed, with their
        reasons, and dropped (those units hold)."""
        for power in sorted(state.illegal):
            for text, why in state.illegal[power]:
                events.append(Event(kind="order_illegal", teams=(power,), data={"order": text, "reason": why},
                                    text=f"{self.power_name(power)}: {why} — {self._void(state, done=True)}"))
        state.illegal = {}
        out = []
        for power in sorted(state.orders):
            for text in state.orders[power]:
                try:
                    out.append((power, text, self.parse_order(state, power, text)))
                except ValueError as exc:
                    events.append(Event(kind="order_illegal", teams=(power,), data={"order": text, "reason": str(exc)},
                                        text=f"{self.power_name(power)}: {exc} — {self._void(state, done=True)}"))
        state.orders = {}
        return out

    def _result_event(self, power: str, order: Order, ok: bool, reason: str) -> Event:
        places = tuple(sorted({province_of(r) for r in _regions(order)}))
        verdict = "succeeds" if ok else f"fails ({reason})"
        if ok and reason not in ("moves", "holds", "support given", "convoys", "retreats", "built", "disbanded"):
            verdict = f"succeeds ({reason})"
        return Event(kind="order", teams=(power,), places=places,
                     data={"order": str(order), "succeeded": ok, "reason": reason},
                     text=f"{self.power_name(power)}: {_with_power(order, None)} — {verdict}")

    def _movement(self, state: DiplomacyState) -> list[Event]:
        events: list[Event] = []
        parsed = self._parsed(state, events)
        orders: list[Order] = []
        owner_of: list[str] = []
        state.pledges, state.missing_pledges = [], []
        given: set[str] = set()
        for power, text, o in parsed:
            if isinstance(o, Insurrection):
                unit = next((u for u in state.units if u.region == o.unit and u.power == power), None)
                if unit is None or o.unit in given:
                    state.missing_pledges.append((power, o.unit, o.target))
                    continue
                given.add(o.unit)
                state.pledges.append((power, o.unit, o.target))
                state.units.remove(unit)
                events.append(Event(kind="insurrection_unit", teams=(power, o.target), places=(unit.province,),
                                    data={"unit": str(unit), "for": o.target},
                                    text=f"{self.power_name(power)}: {self.unit_text(unit)} is disbanded into "
                                    f"the insurrection for {self.power_name(o.target)}"))
            elif isinstance(o, Reclaim):
                state.reclaims.setdefault(power, []).append(text)
            else:
                orders.append(o)
                owner_of.append(power)
        before = set(state.units)
        result = adjudicate_movement(self.m, state.units, orders)
        self._note_arrivals(state, before, result.units, 1)
        for power, o, r in zip(owner_of, orders, result.results, strict=True):
            events.append(self._result_event(power, o, r.succeeded, r.reason))
        for d in result.dislodged:
            events.append(Event(kind="dislodged", teams=(d.unit.power,), places=(d.unit.province, d.attacker_origin),
                                data={"unit": str(d.unit), "from": d.attacker_origin},
                                text=f"{self.power_name(d.unit.power)}: {self.unit_text(d.unit)} is dislodged "
                                f"(attacked from {d.attacker_origin})"))
        state.units = list(result.units)
        if result.dislodged:
            state.movement = result
            state.phase = RETREAT
        else:
            events += self._end_of_season(state)
        return events

    def _retreats(self, state: DiplomacyState) -> list[Event]:
        events: list[Event] = []
        parsed = self._parsed(state, events)
        assert state.movement is not None
        orders = [o for _p, _t, o in parsed if isinstance(o, Order)]
        powers = [p for p, _t, o in parsed if isinstance(o, Order)]
        before = set(state.units)
        result = adjudicate_retreats(self.m, state.movement, orders)
        self._note_arrivals(state, before, result.units, 2)
        for power, o, r in zip(powers, orders, result.results, strict=True):
            events.append(self._result_event(power, o, r.succeeded, r.reason))
        for u in result.disbanded:
            events.append(Event(kind="disbanded", teams=(u.power,), places=(u.province,), data={"unit": str(u)},
                                text=f"{self.power_name(u.power)}: {self.unit_text(u)} is disbanded"))
        state.units = list(result.units)
        state.movement = None
        events += self._end_of_season(state)
        return events

    def _end_of_season(self, state: DiplomacyState) -> list[Event]:
        events: list[Event] = []
        if state.season == "fall":
            old = dict(state.owners)
            state.owners = update_ownership(self.m, state.units, state.owners)
            for c in sorted(state.owners):
                if old.get(c) != state.owners[c]:
                    was = f" from {self.power_name(old[c])}" if c in old else ""
                    events.append(Event(kind="control", teams=tuple(x for x in (state.owners[c], old.get(c)) if x),
                                        places=(c,), data={"centre": c, "owner": state.owners[c], "was": old.get(c)},
                                        text=f"{self.power_name(state.owners[c])} takes "
                                        f"{self.province_name(c)}{was}"))
            events += self._eliminations(state, old)
            state.arrivals = {}
        events += self._insurrections(state)
        events += officers.note_europe(self, state)
        events += self._victory(state)
        if state.finished:  # an outright win: the calendar stops
            return events
        last = self.scenario.calendar.last_year
        if state.season == "fall" and last is not None and state.year >= last:
            # The scenario's last year has passed: no winter adjustments (they change no score).
            return events + officers.end_game(self, state, f"the last year, {state.year}, has passed")
        if state.season == "spring":
            state.season, state.phase = "fall", MOVEMENT
        elif self._adjustments_due(state):
            state.season, state.phase = "winter", ADJUSTMENT
        else:
            self._next_year(state)
        return events

    @staticmethod
    def _note_arrivals(state: DiplomacyState, before: set[Unit], after: Sequence[Unit], when: int) -> None:
        """Remember, in a Fall, which provinces a unit entered in this phase (see ``state.arrivals``)."""
        if state.season == "fall":
            for u in set(after) - before:
                state.arrivals[u.province] = when

    def _eliminations(self, state: DiplomacyState, old: dict[str, str]) -> list[Event]:
        return provinces.eliminations(self, state, old)

    def _adjustments_due(self, state: DiplomacyState) -> bool:
        counts = self.centres(state)
        units: dict[str, int] = {}
        for u in state.units:
            units[u.power] = units.get(u.power, 0) + 1
        occupied = {u.province for u in state.units}
        for pw in set(counts) | set(units):
            diff = counts.get(pw, 0) - units.get(pw, 0)
            if diff < 0:
                return True
            if diff > 0 and any(state.owners.get(c) == pw and c not in occupied
                                for c in self.m.home_centres(pw)):
                return True
        return False

    def _next_year(self, state: DiplomacyState) -> None:
        state.year += 1
        state.season, state.phase = "spring", MOVEMENT

    def _adjustments(self, state: DiplomacyState) -> list[Event]:
        events: list[Event] = []
        parsed = self._parsed(state, events)
        orders = [o for _p, _t, o in parsed if isinstance(o, Order)]
        powers = [p for p, _t, o in parsed if isinstance(o, Order)]
        result = adjudicate_adjustments(self.m, state.units, state.owners, orders)
        for power, o, r in zip(powers, orders, result.results, strict=True):
            events.append(self._result_event(power, o, r.succeeded, r.reason))
        for u in result.civil_disorder:
            events.append(Event(kind="disbanded", teams=(u.power,), places=(u.province,), data={"unit": str(u)},
                                text=f"{self.power_name(u.power)}: {self.unit_text(u)} is removed (civil disorder)"))
        state.units = list(result.units)
        self._next_year(state)
        return events

    # --- insurrection ------------------------------------------------------------------
    def _insurrections(self, state: DiplomacyState) -> list[Event]:
        events: list[Event] = []
        rules = self.scenario.insurrection
        pledges, missing, reclaims = state.pledges, state.missing_pledges, state.reclaims
        state.pledges, state.missing_pledges, state.reclaims = [], [], {}
        by_giver: dict[tuple[str, str], int] = {}
        for giver, _unit, target in pledges:
            by_giver[(giver, target)] = by_giver.get((giver, target), 0) + 1
        for (giver, target), n in sorted(by_giver.items()):
            if n >= rules.vp_min_units and rules.vp:
                state.political[giver] = state.political.get(giver, 0) + rules.vp
                state.insurrection_vp[giver] = state.insurrection_vp.get(giver, 0) + rules.vp
                state.vp_log.append((giver, rules.vp, f"invested {n} units in the insurrection for {target}"))
                events.append(Event(kind="victory_points", teams=(giver,), data={"points": rules.vp},
                                    text=f"{self.power_name(giver)} earns {rules.vp} political victory point "
                                    f"for investing {n} units in the insurrection for {self.power_name(target)}"))
        targets = sorted({t for _g, _u, t in pledges} | {t for _g, _u, t in missing} | set(reclaims))
        for target in targets:
            n = sum(1 for _g, _u, t in pledges if t == target)
            name = self.power_name(target)

            def fail(why: str, target: str = target, name: str = name, n: int = n) -> Event:
                return Event(kind="insurrection_failed", teams=(target,), data={"units": n, "why": why},
                             text=f"The insurrection for {name} fails: {why}")

            if target not in state.eliminated:
                events.append(fail(f"{name} is not eliminated"))
                continue
            if any(t == target for _g, _u, t in missing):
                events.append(fail("a promised unit did not turn up"))
                continue
            texts = reclaims.get(target, [])
            parsed = [self._parse_reclaim_quiet(state, target, t) for t in texts]
            prefs = next((r.centres for r in parsed if r is not None and r.centres), None)
            build = next((r.build for r in parsed if r is not None and r.build), None)
            if prefs is None:
                events.append(fail(f"{name} filed no valid order naming its centres in order of preference"))
                continue
            if n < rules.units_for_three:
                events.append(fail(f"{n} unit{'s' * (n != 1)} given; {rules.units_for_three} are needed"))
                continue
            taken = self._choose_centres(state, prefs, n)
            if len(taken) < rules.min_centres:
                events.append(fail(f"only {len(taken)} of its home centres could be taken back "
                                   f"({rules.min_centres} needed)"))
                continue
            events += self._revive(state, target, taken, build, n)
        return events

    def _parse_reclaim_quiet(self, state: DiplomacyState, power: str, text: str) -> Reclaim | None:
        try:
            r = self.parse_order(state, power, text)
        except ValueError:
            return None
        return r if isinstance(r, Reclaim) else None

    def _choose_centres(self, state: DiplomacyState, prefs: tuple[str, ...], n: int) -> list[str]:
        """The centres ``n`` insurrection units take back, in the power's order of preference.

        Three units (``units_for_three``) take three centres, four (``units_for_all``) all of
        them; each occupied centre taken needs one unit more than that (its occupier is
        disbanded). Occupied centres that cannot be paid for are passed over.
        """
        rules = self.scenario.insurrection
        occupied = {u.province for u in state.units}
        best: list[str] = []
        for want, base in ((len(prefs), rules.units_for_all), (3, rules.units_for_three)):
            spare = n - base
            if spare < 0:
                continue
            taken: list[str] = []
            for c in prefs:
                if len(taken) >= want:
                    break
                if c not in occupied:
                    taken.append(c)
                elif spare > 0:
                    spare -= 1
                    taken.append(c)
            if len(taken) > len(best):
                best = taken
        return best

    def _revive(self, state: DiplomacyState, target: str, taken: list[str], build: tuple[str, str] | None,
                n: int) -> list[Event]:
        events: list[Event] = []
        name = self.power_name(target)
        for c in taken:
            occupant = next((u for u in state.units if u.province == c), None)
            if occupant is not None:
                state.units.remove(occupant)
                events.append(Event(kind="disbanded", teams=(occupant.power,), places=(c,),
                                    data={"unit": str(occupant)},
                                    text=f"{self.power_name(occupant.power)}: {self.unit_text(occupant)} is "
                                    f"overthrown by the insurrection for {name}"))
            was = state.owners.get(c)
            state.owners[c] = target
            events.append(Event(kind="control", teams=(target,), places=(c,),
                                data={"centre": c, "owner": target, "was": was},
                                text=f"{name} takes back {self.province_name(c)}"))
        del state.eliminated[target]
        state.province_ties.pop(target, None)
        unit: Unit | None = None
        if build is not None and province_of(build[1]) in taken:
            unit = Unit(target, UnitType(build[0]), build[1])
        else:
            for c in taken:
                if self.m.army_can_stand(c):
                    unit = Unit(target, UnitType.ARMY, c)
                    break
        if unit is not None:
            state.units.append(unit)
            events.append(Event(kind="built", teams=(target,), places=(unit.province,), data={"unit": str(unit)},
                                text=f"{name} builds {self.unit_text(unit)}"))
        events.insert(0, Event(kind="insurrection", teams=(target,), places=tuple(taken),
                               data={"units": n, "centres": list(taken)},
                               text=f"The insurrection for {name} succeeds with {n} units: "
                               f"{', '.join(self.province_name(c) for c in taken)} rise"))
        return events

    def _victory(self, state: DiplomacyState) -> list[Event]:
        v = self.scenario.victory
        if not v.centres or state.season != "fall":
            return []
        for pw, c in sorted(self.centres(state).items()):
            if c >= v.centres:
                state.finished = True
                state.result = Result(officers.season_label(state), f"{self.power_name(pw)} holds {c} supply centres",
                                      tuple(officers.final_scores(self, state)), (pw,))
                return [Event(kind="victory", teams=(pw,), data={"centres": c},
                              text=f"{self.power_name(pw)} holds {c} supply centres and wins")]
        return []

    # --- what the board asks -----------------------------------------------------------
    def move_options(self, state: DiplomacyState, piece: str) -> list[MoveOption]:
        prov = piece.removesuffix("-dislodged")
        if state.phase == RETREAT and state.movement is not None:
            d = next((d for d in state.movement.dislodged if d.unit.province == prov), None)
            if d is None:
                return []
            occupied = {u.province for u in state.units}
            out = []
            for dest in self._reach(d.unit):
                p = province_of(dest)
                if p in occupied or p in state.movement.contested or (p == d.attacker_origin and not d.by_convoy):
                    continue
                out.append(MoveOption(place=p, path=(p,), note=dest if dest != p else ""))
            return out
        if state.phase != MOVEMENT:
            return []
        unit = next((u for u in state.units if u.province == prov), None)
        if unit is None:
            return []
        return [MoveOption(place=province_of(r), path=(province_of(r),), note=r if "(" in r else "")
                for r in self._reach(unit)]

    def _reach(self, unit: Unit) -> list[str]:
        if unit.unit_type is UnitType.ARMY:
            return sorted(self.m.army_adj.get(unit.province, ()))
        return sorted(self.m.fleet_adj.get(unit.region, ()))

    def board(self, state: DiplomacyState) -> BoardPicture:
        def shape(u: Any) -> str:  # armies and fleets drawn as different shapes, not only letters
            return "hull" if u.unit_type.value == "F" else "round"

        pieces = [BoardPiece(id=u.province, team=u.power, label=u.unit_type.value, place=u.province, shape=shape(u),
                             tooltip=f"{self.power_name(u.power)} {self.unit_text(u)}") for u in state.units]
        if state.phase == RETREAT and state.movement is not None:
            for d in state.movement.dislodged:
                u = d.unit
                pieces.append(BoardPiece(id=f"{u.province}-dislodged", team=u.power, label=u.unit_type.value,
                                         place=u.province, damage=1, shape=shape(u),
                                         tooltip=f"{self.power_name(u.power)} {self.unit_text(u)}, dislodged"))
        control: dict[str, str | None] = {c: state.owners.get(c) for c in self.m.supply_centres}
        tokens = [BoardToken(kind="supply_centre", place=c, team=state.owners.get(c), label="SC")
                  for c in self.m.supply_centres]
        counts = self.centres(state)
        units: dict[str, int] = {}
        for u in state.units:
            units[u.power] = units.get(u.power, 0) + 1
        missing = set(officers.missing_powers(self, state))
        tracks = [{"team": p.id, "name": p.name, "centres": counts.get(p.id, 0), "units": units.get(p.id, 0),
                   "vp": state.political.get(p.id, 0) + officers.goal_points(state, p.id),
                   "score": self.score(state, p.id), "orders_due": p.id in missing,
                   "orders_in": p.id in state.orders, "eliminated": p.id in state.eliminated}
                  for p in self.scenario.powers]
        return BoardPicture(control=control, pieces=pieces, tokens=tokens, turn_label=self.turn_label(state),
                            tracks=tracks, tallies={"supply centres": len(self.m.supply_centres)},
                            hidden_keys=frozenset({"orders"}), sections=self.sections(state))

    def sections(self, state: DiplomacyState) -> list[Section]:
        """The officers' tables for the board's panels and the big screen: the final scores once the
        game is over, the score table, the running conference, and each power's goals (hidden: that
        delegation and the officers only)."""
        out = [s for s in (officers.result_section(self, state),) if s is not None]
        out.append(officers.score_section(self, state))
        conference = officers.conference_section(self, state)
        if conference is not None:
            out.append(conference)
        eliminated = provinces.province_section(self, state)
        if eliminated is not None:
            out.append(eliminated)
        return out + officers.goal_sections(self, state)

    def summary(self, state: DiplomacyState) -> dict[str, Any]:
        return {
            "rules": self.name,
            "turn": self.turn_label(state),
            "year": state.year,
            "season": state.season,
            "phase": state.phase,
            "units": sorted(str(u) for u in state.units),
            "dislodged": sorted(str(d.unit) for d in state.movement.dislodged) if state.movement else [],
            "owners": dict(sorted(state.owners.items())),
            "centres": self.centres(state),
            "political_vp": {p: parts["political"] for p, parts in sorted(self.score_parts(state).items())},
            "score": {p: self.score(state, p) for p in self.powers},
            "score_parts": self.score_parts(state),
            "eliminated": dict(sorted(state.eliminated.items())),
            "province_ties": {p: list(c) for p, c in sorted(state.province_ties.items())},
            "orders_submitted": sorted(state.orders),
            "orders": {"hidden": True, "by_power": {p: list(v) for p, v in sorted(state.orders.items())},
                       "illegal": {p: [{"order": o, "reason": r} for o, r in v]
                                   for p, v in sorted(state.illegal.items())}},
            "insurrection_units": [list(p) for p in state.pledges],
            "finished": state.finished,
            "goals": {p: {str(n): {"text": g.text, "allowed": g.allowed, "points": g.points,
                                   "awarded": g.award.turn if g.award else None}
                          for n, g in sorted(goals.items())} for p, goals in sorted(state.goals.items())},
            "insurrection_vp": dict(sorted(state.insurrection_vp.items())),
            "control_of_europe": dict(sorted(state.europe.items())),
            "conference": None if state.conference is None else {
                "name": state.conference.name, "location": state.conference.location,
                "powers": list(state.conference.powers), "form": state.conference.form,
                "since": state.conference.turn},
            "result": None if state.result is None else {
                "turn": state.result.turn, "reason": state.result.reason,
                "scores": dict(state.result.scores), "winners": list(state.result.winners),
                "draw": len(state.result.winners) > 1},
        }

    def check_state(self, state: DiplomacyState) -> list[str]:
        problems = []
        seen: set[str] = set()
        for u in state.units:
            if u.province in seen:
                problems.append(f"two units in {u.province}")
            seen.add(u.province)
            if u.region not in self.m.regions:
                problems.append(f"{u} stands in an unknown region")
        for c in state.owners:
            if c not in self.m.provinces or not self.m.provinces[c].supply_center:
                problems.append(f"{c} is owned but not a supply centre")
        for pw, goals in state.goals.items():
            if pw not in self.powers or not set(goals) <= {1, 2, 3}:
                problems.append(f"goals {sorted(goals)} of {pw!r}: only powers' goals 1, 2 and 3 exist")
        conf = state.conference
        if conf is not None and (conf.location not in self.m.provinces or len(set(conf.powers)) < 3):
            problems.append(f"the {conf.name} meets in {conf.location!r} with {list(conf.powers)}: a province and "
                            "three delegations are needed")
        return problems

    def drop_command(self, state: DiplomacyState, piece: str, place: str) -> Command | None:
        """Nothing: in Diplomacy a unit dragged to a province writes an order into its power's orders
        (the orders panel's work, handed in with ``submit_orders``), it is not a command of its own."""
        return None

    def series(self, state: DiplomacyState) -> dict[str, dict[str, float]]:
        return series.series(self, state)


def _with_power(order: Order, power: str | None) -> Order:
    import dataclasses

    return dataclasses.replace(order, power=power)


def _regions(order: Order) -> list[str]:
    out = [order.region]
    for attr in ("dest", "target", "army"):
        v = getattr(order, attr, None)
        if isinstance(v, str):
            out.append(v)
    return out
