"""Mid-East PEACE behind boardapp's RuleModule interface: a table of command kind -> (check, apply).

The rule areas live in their own files: the turn clock (turn.py), the Economic Phase
(economic.py), the Military Phase and battles (military.py), the Diplomatic Phase, the UN and
Blocs (diplomatic.py), and what the board draws (picture.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from boardapp.engine.dice import Dice
from boardapp.engine.module import Audience, BoardPicture, Command, Event, Impossible, MoveOption, RuleModule
from boardapp.model.mapfile import Map
from boardapp.rules.mideast import diplomatic, economic, military, picture, series, turn
from boardapp.rules.mideast import position as pos
from boardapp.rules.mideast.base import Base
from boardapp.rules.mideast.commands import ALL_COMMANDS, Attack, EndTurn, Fist, Move, UnTally
from boardapp.rules.mideast.scenario import Country, MideastScenario
from boardapp.rules.mideast.state import MideastState

Check = Callable[[Base, MideastState, Any], list[str]]
Apply = Callable[[Base, MideastState, Any, Dice], list[Event]]

TABLE: dict[str, tuple[Check, Apply]] = {
    "choose_phases": (turn.check_choose_phases, turn.apply_choose_phases),
    "end_turn": (turn.check_end_turn, turn.apply_end_turn),
    "collect_oil": (economic.check_collect_oil, economic.apply_collect_oil),
    "drill": (economic.check_drill, economic.apply_drill),
    "set_oil": (economic.check_set_oil, economic.apply_set_oil),
    "move": (military.check_move, military.apply_move),
    "attack": (military.check_attack, military.apply_attack),
    "fist": (military.check_fist, military.apply_fist),
    "retreat": (military.check_retreat, military.apply_retreat),
    "host_auction": (diplomatic.check_host_auction, diplomatic.apply_host_auction),
    "bid": (diplomatic.check_bid, diplomatic.apply_bid),
    "close_auction": (diplomatic.check_close_auction, diplomatic.apply_close_auction),
    "un_motion": (diplomatic.check_un_motion, diplomatic.apply_un_motion),
    "un_vote": (diplomatic.check_un_vote, diplomatic.apply_un_vote),
    "un_tally": (diplomatic.check_un_tally, diplomatic.apply_un_tally),
    "superpower": (diplomatic.check_superpower, diplomatic.apply_superpower),
    "give_chips": (diplomatic.check_give_chips, diplomatic.apply_give_chips),
    "set_bloc": (diplomatic.check_set_bloc, diplomatic.apply_set_bloc),
}


class MideastRules(RuleModule[MideastState]):
    name: ClassVar[str] = "mideast"
    title: ClassVar[str] = "Mid-East PEACE"
    scenario_model = MideastScenario
    command_types = ALL_COMMANDS
    control_only_kinds: ClassVar[frozenset[str]] = frozenset({"set_bloc", "set_oil"})

    def __init__(self, scenario: MideastScenario, the_map: Map) -> None:
        super().__init__(scenario, the_map)
        self.scenario: MideastScenario = scenario
        self.rules = Base(scenario, the_map)

    def side_teams(self, state: MideastState, command: Command, side: str) -> set[str]:
        """Who acts in a command besides the players it names (a country's seat needs its own):

        * ``actor``: the ``player`` named, or (left empty) the phasing player;
        * ``fist``: a fist is its side's, the attacker's or the defender's (the attacked zone's owner);
        * ``retreating``: the player whose beaten Forces wait to retreat;
        * ``vetoer``: a veto of the UN Force's move is the player's it names (``veto: true``, the older form
          naming nobody, is the target zone's occupant's).

        A battle, retreat or motion that does not exist names nobody: the rules refuse the command."""
        if side == "actor":
            player = getattr(command, "player", None)
            return {self.rules.actor(state, player if isinstance(player, str) else None)}
        if side == "fist" and isinstance(command, Fist):
            b = state.battle_at(command.battle)
            return {military.fist_player(state, b, command.side)} if b is not None else set()
        if side == "retreating":
            return {state.retreat.player} if state.retreat is not None else set()
        if side == "vetoer" and isinstance(command, UnTally):
            if isinstance(command.veto, str):
                return {command.veto}
            if not command.veto:  # `veto: false`: no veto, nobody acts
                return set()
            zone = state.motion.zone if state.motion is not None else None
            occupant = state.owner.get(zone) if zone is not None else None
            return {occupant} if occupant is not None else set()
        return super().side_teams(state, command, side)

    @property
    def teams(self) -> Sequence[Country]:
        """The twelve countries are this game's teams (one player each)."""
        return self.scenario.countries

    def initial_state(self) -> MideastState:
        sc = self.scenario
        owner: dict[str, str | None] = {z.id: sc.country_of_zone.get(z.id) for z in sc.zones}
        forces = {z.id: 0 for z in sc.zones}
        for c in sc.countries:
            forces.update(sc.start_forces(c))
        chips = {c.id: sc.settings.start_chips if c.chips is None else c.chips for c in sc.countries}
        start = MideastState(owner=owner, forces=forces, chips=chips, oil={z.id: z.oil for z in sc.zones},
                             bloc={c.id: c.bloc for c in sc.countries}, reserve=sc.settings.oil_reserve,
                             pkf=sc.settings.peacekeeping_at)
        return pos.with_position(self, start, pos.CODEC)

    def position_scenario(self, state: MideastState) -> dict[str, Any]:
        """The scenario whose start is ``state`` (CONTROL's: it holds the fists): :mod:`.position`."""
        return pos.position_scenario(self, state, pos.CODEC)

    def check(self, state: MideastState, command: Command) -> list[str]:
        entry = TABLE.get(command.kind)
        if entry is None:
            return [Impossible(f"unknown command {command.kind!r}")]
        return entry[0](self.rules, state, command)

    def apply(self, state: MideastState, command: Command, dice: Dice) -> list[Event]:
        return TABLE[command.kind][1](self.rules, state, command, dice)

    def end_turn_command(self) -> Command:
        return EndTurn()

    # --- what the board asks -------------------------------------------------------
    def drop_command(self, state: MideastState, piece: str, place: str) -> Command | None:
        """Dropping a zone's Forces on a neighbour: a re-deployment or annexation (move), else an attack, with
        every Force free to move (the umpire edits the number before submitting if fewer go)."""
        if not piece.startswith("forces-"):
            return None
        zone = piece.removeprefix("forces-")
        n = self.rules.movable(state, zone)
        if zone == place or n < 1 or place not in self.rules.neighbours(zone):
            return None
        enemy = state.owner.get(place)
        if enemy is not None and enemy != state.owner.get(zone):
            return Attack(zone=zone, to=place, forces=n)
        return Move(zone=zone, to=place, forces=n)

    def move_options(self, state: MideastState, piece: str) -> list[MoveOption]:
        if not piece.startswith("forces-"):
            return []
        zone = piece.removeprefix("forces-")
        me = state.owner.get(zone)
        out = []
        for z in self.rules.neighbours(zone):
            if z == state.pkf:
                continue
            o = state.owner.get(z)
            note = "re-deploy" if o == me else ("annex" if o is None else f"attack {self.rules.name(o)}")
            out.append(MoveOption(place=z, path=(z,), note=note))
        return out

    def board(self, state: MideastState) -> BoardPicture:
        """Everything on the board but the unrevealed fists (see :meth:`view`)."""
        return picture.board(self.rules, state)

    def view(self, state: MideastState, audience: Audience) -> BoardPicture:
        """The board for ``audience``, with the unrevealed fists it may see: its own player's, or all of
        them for CONTROL and umpires. They are never in :meth:`board`, so nothing built from it leaks one."""
        pic = self.board(state).for_audience(audience)
        pic.sections += [s for s in picture.fist_sections(self.rules, state) if audience.may_see(s.visible_to)]
        return pic

    def turn_label(self, state: MideastState) -> str:
        return picture.turn_label(self.rules, state)

    def game_over(self, state: MideastState) -> str | None:
        return picture.turn_label(self.rules, state) if state.ended else None

    def series(self, state: MideastState) -> dict[str, dict[str, float]]:
        return series.series(self.rules, state)

    def summary(self, state: MideastState) -> dict[str, Any]:
        return picture.summary(self.rules, state)

    def check_state(self, state: MideastState) -> list[str]:
        """Chips are neither made nor lost (players + Oil Reserve keep the starting total); counts never go
        below zero; Forces stand only in owned zones."""
        problems = []
        sc = self.scenario
        start = sc.settings.oil_reserve + sum(sc.settings.start_chips if c.chips is None else c.chips
                                              for c in sc.countries)
        total = state.reserve + sum(state.chips.values())
        if total != start:
            problems.append(f"Oil Chips in play {total} differ from the starting {start}")
        for p, n in state.chips.items():
            if n < 0:
                problems.append(f"{p} holds {n} Oil Chips")
        for z, n in state.forces.items():
            if n < 0:
                problems.append(f"{z} holds {n} Forces")
            if n and state.owner.get(z) is None:
                problems.append(f"{z} holds {n} Forces but no one owns it")
            if state.overturned.get(z, 0) > n:
                problems.append(f"{z} has more overturned Forces than Forces")
        return problems
