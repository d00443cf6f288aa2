"""The War in Binni rule module: a table from each command's kind to the rule that checks it and
the rule that carries it out, in the file named after that rule.

====================  =====================================================================
rule area             file
====================  =====================================================================
movement              :mod:`.movement` (move, deploy, activate; what a drag may reach)
fights                :mod:`.combat` (attack, retreat, losses, rebuild)
strikes               :mod:`.strikes` (bombing missions, cruise missiles, spotting)
influence, PR         :mod:`.influence` (contests, cards, PR)
control of places     :mod:`.control` (occupation, handover, CONTROL's rulings)
aid and camps         :mod:`.aid`
displaced people      :mod:`.displaced`
trades and supply     :mod:`.trades`
alliances, news       :mod:`.alliances`, :mod:`.news`
end of the week       :mod:`.endweek`
what the board reads  :mod:`.board`
set-up                :mod:`.start`; names and relations: :mod:`.facts`; paying: :mod:`.costs`
====================  =====================================================================

``check`` answers "legal, or why not" in the game's words; ``apply`` carries a command out (a
forced command too: costs are then paid as far as the team can, never below zero, and the
shortfall is logged). See ``docs/rulings.md`` for the rulings these files add to the digest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardapp.engine.dice import Dice
from boardapp.engine.module import BoardPicture, Command, Event, MoveOption
from boardapp.rules.binni import (
    aid,
    alliances,
    board,
    combat,
    control,
    displaced,
    endweek,
    influence,
    movement,
    news,
    series,
    start,
    strikes,
    trades,
)
from boardapp.rules.binni import commands as c
from boardapp.rules.binni import position as pos
from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.scenario import BinniScenario
from boardapp.rules.binni.state import BinniState, CounterState

Check = Callable[[BinniFacts, BinniState, Any], list[str]]
Apply = Callable[[BinniFacts, BinniState, Any, Dice], list[Event]]

RULES: dict[str, tuple[Check, Apply]] = {
    "move": (movement.check_move, movement.apply_move),
    "deploy": (movement.check_deploy, movement.apply_deploy),
    "activate": (movement.check_activate, movement.apply_activate),
    "attack": (combat.check_attack, combat.apply_attack),
    "rebuild": (combat.check_rebuild, combat.apply_rebuild),
    "strike": (strikes.check_strike, strikes.apply_strike),
    "set_bombing": (strikes.check_set_bombing, strikes.apply_set_bombing),
    "influence": (influence.check_influence, influence.apply_influence),
    "set_pr": (influence.check_set_pr, influence.apply_set_pr),
    "handover": (control.check_handover, control.apply_handover),
    "set_control": (control.check_set_control, control.apply_set_control),
    "camp": (aid.check_camp, aid.apply_camp),
    "deliver_aid": (aid.check_deliver_aid, aid.apply_deliver_aid),
    "move_aid": (aid.check_move_aid, aid.apply_move_aid),
    "transfer": (trades.check_transfer, trades.apply_transfer),
    "supply": (trades.check_supply, trades.apply_supply),
    "set_alliance": (alliances.check_set_alliance, alliances.apply_set_alliance),
    "news": (news.check_news, news.apply_news),
    "end_turn": (endweek.check_end_turn, endweek.apply_end_turn),
}
"""command kind -> (the rule that checks it, the rule that carries it out)."""


class BinniRules(BinniFacts):
    """The War in Binni rule module."""

    name = "binni"
    title = "War in Binni"
    scenario_model = BinniScenario
    command_types = c.ALL_COMMANDS
    control_only_kinds = frozenset({"supply", "set_pr", "set_control", "set_bombing", "set_alliance", "end_turn"})

    def initial_state(self) -> BinniState:
        return pos.with_position(self, start.initial_state(self), pos.CODEC)

    def position_scenario(self, state: BinniState) -> dict[str, Any]:
        """The scenario whose start is ``state`` (CONTROL's: it holds the hands): :mod:`.position`."""
        return pos.position_scenario(self, state, pos.CODEC)

    def check(self, state: BinniState, command: Command) -> list[str]:
        return RULES[command.kind][0](self, state, command)

    def apply(self, state: BinniState, command: Command, dice: Dice) -> list[Event]:
        return board.keep_secrets(self, state, RULES[command.kind][1](self, state, command, dice))

    def end_turn_command(self) -> Command:
        return c.EndTurn()

    # --- what the board, dialogs and big screen ask -----------------------------------------------
    def move_options(self, state: BinniState, piece: str) -> list[MoveOption]:
        return movement.move_options(self, state, piece)

    def move_costs(self, state: BinniState, ctr: CounterState, dest: str) -> tuple[int, int, int, str]:
        """See :func:`.movement.move_costs`."""
        return movement.move_costs(self, state, ctr, dest)

    def fight_sides(self, state: BinniState, cmd: c.Attack) -> dict[str, Any]:
        """See :func:`.combat.fight_sides` (the fight dialog shows these before the die)."""
        return combat.fight_sides(self, state, cmd)

    def retreat_options(self, state: BinniState, place: str, defenders: list[CounterState]) -> list[str]:
        """See :func:`.combat.retreat_options` (the fight dialog offers these)."""
        return combat.retreat_options(self, state, place, defenders)

    def spotters(self, state: BinniState, team: str, place: str) -> list[str]:
        """See :func:`.strikes.spotters`."""
        return strikes.spotters(self, state, team, place)

    def aid_mover(self, state: BinniState, place: str, owner: str) -> str:
        """See :func:`.aid.aid_mover`."""
        return aid.aid_mover(self, state, place, owner)

    def conflict_distance(self, state: BinniState) -> dict[str, int]:
        """See :func:`.displaced.conflict_distance`."""
        return displaced.conflict_distance(self, state)

    def board(self, state: BinniState) -> BoardPicture:
        return board.board_picture(self, state)

    def summary(self, state: BinniState) -> dict[str, Any]:
        return board.summary(self, state)

    def check_state(self, state: BinniState) -> list[str]:
        return board.check_state(self, state)

    def drop_command(self, state: BinniState, piece: str, place: str) -> c.Move | c.Deploy:
        """A counter dropped on a place moves there if it stands on the map, and deploys there if it
        waits outside the region (dragged from the off-map list). An unknown counter is a move the
        rules then refuse with their own words."""
        counter = state.counters.get(piece)
        if counter is not None and counter.place is None:
            return c.Deploy(counter=piece, to=place)
        return c.Move(counter=piece, to=place)

    def series(self, state: BinniState) -> dict[str, dict[str, float]]:
        return series.series(self, state)

    # --- seats' rights -------------------------------------------------------------------------------
    def side_teams(self, state: BinniState, command: Command, side: str) -> set[str]:
        """The defender of an attack: every team with units hostile to the attackers at the place (its
        stores, support, losses and retreat are the defender's to decide); the holder of a place: the
        team holding it (a handover is the holder's to make). Unknown counters or places name nobody:
        the rules refuse such a command anyway."""
        if side == "defender" and isinstance(command, c.Attack):
            return {d.team for d in self.fight_sides(state, command)["defenders"]}
        if side == "holder" and isinstance(command, c.Handover | c.SetControl):
            holder = state.control.get(command.place)
            return {holder} if holder is not None else set()
        return super().side_teams(state, command, side)
