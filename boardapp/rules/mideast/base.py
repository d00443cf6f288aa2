"""What every rule area of Mid-East PEACE asks: names, neighbours, whose turn, the order of functions, votes.

The order rule is the synopsis': a Player-Turn enacts two phases in one of three orders, and the
functions of those phases come in their listed order, any skipped, none repeated or gone back to.
``function_reasons`` says why a function is out of order; ``enter_function`` moves the turn on.
"""

from __future__ import annotations

from boardapp.engine.module import Impossible
from boardapp.model.mapfile import Map
from boardapp.rules.mideast.scenario import MideastScenario
from boardapp.rules.mideast.state import FUNCTION_NAMES, FUNCTIONS, MideastState


class Base:
    """The scenario and map, read once, and the questions every rule area asks of them."""

    def __init__(self, scenario: MideastScenario, the_map: Map) -> None:
        self.sc = scenario
        self.map = the_map
        self.order = [c.id for c in scenario.countries]
        self.zones = [z.id for z in scenario.zones]
        self._names = {c.id: c.name for c in scenario.countries}
        places = {p.id: p.name for p in the_map.places}
        self._zone_names = {z: places.get(z, z) for z in self.zones}

    # --- names ---------------------------------------------------------------------
    def name(self, player: str | None) -> str:
        if player is None:
            return "no one"
        return self._names.get(player, player)

    def zone_name(self, zone: str | None) -> str:
        if zone is None:
            return "off the board"
        return self._zone_names.get(zone, zone)

    def neighbours(self, zone: str) -> tuple[str, ...]:
        return self.map.adjacency.get(zone, ())

    # --- ids ---------------------------------------------------------------------
    def unknown_player(self, player: str | None) -> list[str]:
        if player is not None and player not in self._names:
            return [Impossible(f"unknown player {player!r}; players are {self.order}")]
        return []

    def unknown_zone(self, zone: str | None, what: str = "zone") -> list[str]:
        if zone is not None and zone not in self._zone_names:
            return [Impossible(f"unknown {what} {zone!r}; zones are {self.zones}")]
        return []

    # --- whose turn ----------------------------------------------------------------
    def phasing(self, state: MideastState) -> str:
        return self.order[state.turn]

    def actor(self, state: MideastState, player: str | None) -> str:
        return player if player is not None else self.phasing(state)

    def functions(self, state: MideastState) -> list[str]:
        """The functions of the chosen phases, in order."""
        return [f for ph in state.phases for f in FUNCTIONS[ph]]

    def current_function(self, state: MideastState) -> str | None:
        seq = self.functions(state)
        return seq[state.step] if 0 <= state.step < len(seq) else None

    def functions_left(self, state: MideastState) -> list[str]:
        """Functions still to come (the current one included unless it is done)."""
        seq = self.functions(state)
        start = max(state.step, 0)
        return [f for i, f in enumerate(seq) if i >= start and f not in state.used]

    def game_over(self, state: MideastState) -> list[str]:
        if state.ended:
            return [f"the game is over ({state.ended.upper()})"]
        return []

    def function_reasons(self, state: MideastState, function: str, player: str | None) -> list[str]:
        """Why the phasing player may not do ``function`` now (empty: in order)."""
        reasons = self.game_over(state)
        if reasons:
            return reasons
        fn = FUNCTION_NAMES[function]
        if state.negotiation:
            return [f"it is the Negotiation Phase of round {state.round}: {fn} belongs to a Player-Turn"]
        ph = self.phasing(state)
        if player is not None and player != ph:
            reasons.append(f"it is {self.name(ph)}'s Player-Turn, not {self.name(player)}'s")
        if not state.phases:
            reasons.append(f"{self.name(ph)} has not chosen the two phases of the Player-Turn yet (choose_phases)")
            return reasons
        seq = self.functions(state)
        if function not in seq:
            phase = next(p for p, fs in FUNCTIONS.items() if function in fs)
            reasons.append(f"{fn} belongs to the {phase} phase, which {self.name(ph)} did not choose "
                           f"({' then '.join(state.phases)})")
            return reasons
        pos = seq.index(function)
        if pos < state.step:
            reasons.append(f"{fn} comes before {FUNCTION_NAMES[seq[state.step]]}: a function passed cannot be "
                           "gone back to")
        elif function in state.used:
            reasons.append(f"{fn} was already done in this Player-Turn: a function is never repeated")
        if pos > state.step:
            reasons += self.skipped_pay(state, fn, pos)
        if function not in ("moves", "battles") and pos > state.step:
            reasons += self.unfinished_battles(state)
        if pos > state.step and state.auction is not None:
            reasons.append("the Arms Auction is still open (close_auction first)")
        if pos > state.step and state.motion is not None:
            reasons.append("the UN motion is still before the Assembly (un_tally first)")
        return reasons

    def skipped_pay(self, state: MideastState, what: str, upto: int | None = None) -> list[str]:
        """A function that pays the player (Collect Oil Revenue) that ``what`` would skip, never to come back:
        refused (forceable) so that the umpire confirms it, as he would ask at the table. ``upto``: the
        position of the function ``what`` enters (None: the end of the Player-Turn)."""
        seq = self.functions(state)
        skipped = seq[state.step + 1:upto]
        if "oil_revenue" not in skipped or "oil_revenue" in state.used:
            return []
        ph = self.phasing(state)
        due = min(self.revenue(state, ph), state.reserve)
        if due <= 0:
            return []
        return [f"{what} skips Collect Oil Revenue: {self.name(ph)} would not collect the {due} Oil Chips due, "
                "and a function passed cannot be gone back to (collect_oil first; CONTROL may force the skip)"]

    def unfinished_battles(self, state: MideastState) -> list[str]:
        reasons = []
        left = [b.target for b in state.battles if not b.result]
        if left:
            reasons.append("battles still to resolve: " + ", ".join(self.zone_name(z) for z in left))
        if state.retreat is not None:
            reasons.append(f"{self.name(state.retreat.player)}'s Forces from {self.zone_name(state.retreat.zone)} "
                           "must retreat first")
        return reasons

    def enter_function(self, state: MideastState, function: str) -> None:
        seq = self.functions(state)
        if function in seq:
            state.step = seq.index(function)

    # --- counts --------------------------------------------------------------------
    def votes(self, state: MideastState, player: str) -> int:
        """One vote per country whose Homeland zone the player owns (Sinai is no country), +1 in a Bloc."""
        n = sum(1 for c in self.sc.countries if state.owner.get(c.home) == player)
        if n and state.bloc.get(player):
            n += 1
        return n

    def revenue(self, state: MideastState, player: str) -> int:
        """Oil of the zones owned, less the Superpower Forces' toll; never below 0."""
        gross = sum(state.oil.get(z, 0) for z in state.zones_of(player))
        toll = self.sc.settings.superpower_oil * len(state.superpowers_of(player))
        return max(0, gross - toll)

    def forces_of(self, state: MideastState, player: str) -> int:
        return sum(state.forces.get(z, 0) for z in state.zones_of(player))

    def staged(self, state: MideastState, zone: str) -> int:
        """Forces of a zone moved up to the border for attacks not yet resolved."""
        return sum(b.forces for b in state.battles if b.source == zone and not b.result)

    def movable(self, state: MideastState, zone: str) -> int:
        """Forces of a zone free to move now: upright, not yet moved this turn, not at a border."""
        return max(0, state.upright(zone) - state.arrived.get(zone, 0) - self.staged(state, zone))

    def score(self, state: MideastState, player: str) -> int:
        """PEACE: Oil Chips; WAR (and while the game goes on): Forces; -/+ per Superpower Force."""
        sf = len(state.superpowers_of(player)) * self.sc.settings.superpower_score
        if state.ended == "peace":
            return state.chips.get(player, 0) - sf
        return self.forces_of(state, player) + sf
