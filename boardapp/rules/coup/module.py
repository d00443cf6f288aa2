"""Coup as a rule module: the table of command kinds and the interface the board and the journal use.

Each rule area lives in its own file (``turn``, ``cards``, ``coup``, ``combat``, ``score``); this
module only maps a command's kind to its (check, apply) pair and answers the board.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from boardapp.engine.dice import Dice
from boardapp.engine.module import Audience, BoardPicture, Command, Event, Impossible, RuleModule
from boardapp.model.mapfile import Map
from boardapp.model.scenario import ScenarioBase
from boardapp.rules.coup import cards, combat, conference, coup, drops, score, series, turn
from boardapp.rules.coup import commands as c
from boardapp.rules.coup import position as pos
from boardapp.rules.coup.components import DECK, PLAYERS, UNITS, team_of
from boardapp.rules.coup.picture import picture, turn_label
from boardapp.rules.coup.scenario import CoupScenario
from boardapp.rules.coup.state import CoupState

Check = Callable[[CoupScenario, CoupState, Command], list[str]]
Apply = Callable[[CoupScenario, CoupState, Command, Dice], list[Event]]

RULES: dict[str, tuple[Check, Apply]] = {
    "setup": (turn.check_setup, turn.apply_setup),
    "end_turn": (turn.check_end_turn, turn.apply_end_turn),
    "end_conference": (turn.check_end_conference, turn.apply_end_conference),
    "arrange_meeting": (conference.check_arrange, conference.apply_arrange),
    "meet": (conference.check_meet, conference.apply_meet),
    "draw": (turn.check_draw, turn.apply_draw),
    "pass": (turn.check_pass, turn.apply_pass),
    "transfer": (turn.check_transfer, turn.apply_transfer),
    "discard": (turn.check_discard, turn.apply_discard),
    "play_card": (cards.check_play_card, cards.apply_play_card),
    "attempt": (cards.check_attempt, cards.apply_attempt),
    "bust": (cards.check_bust, cards.apply_bust),
    "block": (cards.check_block, cards.apply_block),
    "no_block": (cards.check_no_block, cards.apply_no_block),
    "block_timeout": (cards.check_block_timeout, cards.apply_block_timeout),
    "declare_coup": (coup.check_declare_coup, coup.apply_declare_coup),
    "support": (coup.check_support, coup.apply_support),
    "arm": (coup.check_arm, coup.apply_arm),
    "start_combat": (coup.check_start_combat, coup.apply_start_combat),
    "lay_out": (combat.check_lay_out, combat.apply_lay_out),
    "match": (combat.check_match, combat.apply_match),
    "lose": (combat.check_lose, combat.apply_lose),
    "objective_met": (score.check_objective_met, score.apply_objective_met),
}


class CoupRules(RuleModule[CoupState]):
    """Coup (Brian Train, 1998-99): nine players in three teams and Control; the board is the table."""

    name: ClassVar[str] = "coup"
    title: ClassVar[str] = "Coup"
    scenario_model: ClassVar[type[ScenarioBase]] = CoupScenario
    command_types: ClassVar[tuple[type[Command], ...]] = c.ALL_COMMANDS
    control_only_kinds: ClassVar[frozenset[str]] = c.CONTROL_ONLY

    def __init__(self, scenario: ScenarioBase, the_map: Map) -> None:
        super().__init__(scenario, the_map)
        assert isinstance(scenario, CoupScenario)
        self.coup: CoupScenario = scenario

    @property
    def players(self) -> Sequence[str]:
        """The nine seats: each player sees his own hand and units."""
        return list(PLAYERS)

    def team_players(self, team: str) -> list[str]:
        """A team's three players: an umpire's seat limited to the team plays for them (docs/network.md)."""
        return [p for p in PLAYERS if team_of(p) == team]

    def initial_state(self) -> CoupState:
        """Before the deal: every counter in the Neutral Pool; ``setup`` shuffles and deals."""
        return pos.with_position(self, CoupState(), pos.CODEC)

    def check(self, state: CoupState, command: Command) -> list[str]:
        rule = RULES.get(command.kind)
        if rule is None:
            return [Impossible(f"Coup has no command {command.kind!r}")]
        return rule[0](self.coup, state, command)

    def apply(self, state: CoupState, command: Command, dice: Dice) -> list[Event]:
        return RULES[command.kind][1](self.coup, state, command, dice)

    def end_turn_command(self) -> Command:
        return c.EndTurn()

    def drop_command(self, state: CoupState, piece: str, place: str) -> Command | None:
        """A card or unit dragged onto a seat (or the discard pile): see :mod:`boardapp.rules.coup.drops`."""
        return drops.drop_command(state, piece, place)

    def board(self, state: CoupState) -> BoardPicture:
        """Control's picture: everything face up."""
        return picture(self.coup, state, Audience.CONTROL)

    def view(self, state: CoupState, audience: Audience) -> BoardPicture:
        """The table as ``audience`` may see it: built for that audience, so secrets are never in it."""
        return picture(self.coup, state, audience).for_audience(audience)

    def turn_label(self, state: CoupState) -> str:
        return turn_label(state)

    def game_over(self, state: CoupState) -> str | None:
        return turn_label(state) if state.phase == "over" else None

    def series(self, state: CoupState) -> dict[str, dict[str, float]]:
        return series.series(state)

    def summary(self, state: CoupState) -> dict[str, Any]:
        """The whole state (Control's view), as JSON-able data."""
        data = state.as_dict()
        data["turn_label"] = turn_label(state)
        if state.phase == "over":
            data["scores"] = {p: v["total"] for p, v in score.score_lines(self.coup, state).items()}
        return data

    def position_scenario(self, state: CoupState) -> dict[str, Any]:
        """The scenario whose start is ``state`` (CONTROL's: it holds the hands): :mod:`.position`."""
        return pos.position_scenario(self, state, pos.CODEC)

    def check_state(self, state: CoupState) -> list[str]:
        """Every counter is in exactly one place (pool, a player, out of the game); after the deal,
        every card is in exactly one place (deck, a hand, the discard pile)."""
        problems: list[str] = []
        where = [u for cls in state.pool.values() for u in cls] + [u for us in state.units.values() for u in us]
        where += state.removed
        if sorted(where) != sorted(UNITS):
            problems.append(f"unit counters are lost or doubled: {len(where)} placed, {len(set(where))} distinct, "
                            f"{len(UNITS)} in the game")
        if state.phase != "setup":
            cards_at = list(state.deck) + list(state.discard) + [x for h in state.hands.values() for x in h]
            if sorted(cards_at) != sorted(DECK):
                problems.append(f"cards are lost or doubled: {len(cards_at)} placed, {len(set(cards_at))} distinct")
        for p in PLAYERS:
            wrong = [u for u in state.units[p] if UNITS[u].cls != p.split("-")[1] and u not in state.armed]
            if wrong:
                problems.append(f"{p} holds units of another class: {wrong}")
        return problems
