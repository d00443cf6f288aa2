"""The scenario file of a table-driven game: the designer's rules as data (docs/designing-rules.md).

Every rule is a table or a number with a ``refusal`` the designer writes in their own words; the
placeholders in braces (``{unit}``, ``{place}``, ``{limit}`` …) are filled in when the rule refuses.
The JSON Schema and docs/formats/tables.md are written from these models' descriptions.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from boardapp.engine.position import POSITION_DESCRIPTION
from boardapp.model.base import FileModel
from boardapp.model.mapfile import Id, Map
from boardapp.model.problems import Problem
from boardapp.model.scenario import ScenarioBase, TeamBase

STEPS = ("control", "income", "upkeep", "refresh")
"""The end-of-turn steps a designer may list, in the order they want them."""


class UnitType(FileModel):
    """A kind of unit: how far it moves, how hard it hits, where it may go, what it costs to keep."""

    id: Id
    name: str = Field(description="The type's name as players know it ('Infantry').")
    label: str = Field(min_length=1, max_length=4, description="The short label drawn on the counter ('INF').")
    movement: int = Field(ge=0, le=1000, description="Movement points a unit of this type spends in one turn.")
    strength: int = Field(ge=0, le=1000, description="Combat strength, summed in a fight.")
    may_enter: list[str] = Field(
        default_factory=list,
        description="The place kinds (town, city, port, …) it may enter; empty: every kind.")
    enter_refusal: str = Field(
        "{unit} may not enter {place}", description="Refusal when the destination's kind is not in may_enter "
        "(placeholders {unit}, {place}, {kind}).")
    upkeep: dict[str, int] = Field(
        default_factory=dict, description="Resource -> what each unit of this type costs at the upkeep step.")
    attack_cost: dict[str, int] = Field(
        default_factory=dict, description="Resource -> what each unit of this type consumes to attack (War in Binni: "
        "a brigade 4 warlike stores, a militia 1); a team that lacks it cannot attack.")
    steps: int = Field(1, ge=1, le=100, description="Losses a unit of this type takes before it is destroyed (a "
                       "loss is one step); its strength falls with each, rounded up: strength * (steps - losses) / "
                       "steps (War in Binni: a brigade of value 6 and 2 steps fights at 3 after one loss).")


class Unit(FileModel):
    """A counter on the map at the start."""

    id: Id
    type: str = Field(description="Its unit type's id.")
    team: str = Field(description="The team that owns it.")
    at: str = Field(description="The place where it starts.")


class BorderCost(FileModel):
    """What crossing from one region into another costs (a road whose two places lie in different regions)."""

    regions: list[str] = Field(
        default_factory=list, max_length=2,
        description="The two regions (ids) this border lies between; empty: every border between regions.")
    cost: int = Field(0, ge=0, le=1000, description="Extra movement points for crossing it.")
    closed: bool = Field(False, description="No unit may cross it.")
    refusal: str = Field("the border {border} is closed", description="Refusal when it is closed "
                         "(placeholders {unit}, {border}).")


class Payment(FileModel):
    """One way of paying: an amount of a resource (a track) of the mover's team."""

    resource: str = Field(description="The resource (a track id) paid from.")
    amount: int = Field(1, ge=0, le=1000000, description="How much of it.")


class EnterHeld(FileModel):
    """Entering a place another team holds (with none of its units there) by paying, as War in Binni's
    'spending either one influence card or $M1': the move ends there."""

    pay: list[Payment] = Field(min_length=1, description="What the mover's team pays, one of these: the move's "
                               "pay_with names the resource, else the first the team can afford.")
    free_for: list[str] = Field(default_factory=list, description="Unit types that enter free (Binni's special "
                                "forces).")
    refusal: str = Field("{team} cannot pay to enter {place} ({price})", description="Refusal when the team cannot "
                         "pay (placeholders {team}, {unit}, {place}, {price}).")


class Costs(FileModel):
    """Movement costs: a step along a road costs its road kind's points, plus the destination's place kind's,
    plus a border's when the road crosses one."""

    roads: dict[str, int] = Field(
        default_factory=lambda: {"road": 1}, description="Road kind (road, track, highway, rail, …) -> movement "
        "points to follow a road of that kind; a kind not listed cannot be used.")
    terrain: dict[str, int] = Field(
        default_factory=dict, description="Place kind (town, city, dam, …) -> extra points to enter such a place.")
    borders: list[BorderCost] = Field(default_factory=list, description="Costs and closures of region borders; the "
                                      "first entry naming both regions applies, else the first with no regions.")
    stop_in_held: bool = Field(False, description="A unit that enters a place another team holds stops there "
                               "(War in Binni's movement); its own start place does not stop it.")
    enter_held: EnterHeld | None = Field(None, description="Entering a place another team holds is paid (and ends "
                                         "the move); empty: it is free (and ends the move only with stop_in_held).")
    too_far: str = Field("{unit} cannot reach {place} this turn ({cost} movement points needed, {left} left)",
                         description="Refusal when the destination is out of reach (placeholders {unit}, {place}, "
                         "{cost}, {left}).")
    blocked: str = Field("{place} is held by enemy units: attack it", description="Refusal when enemy units stand "
                         "at the destination (placeholders {unit}, {place}).")
    moved: str = Field("{unit} has already moved this turn", description="Refusal of a second move in a turn.")


class Stacking(FileModel):
    """How many units of one team may stand at one place."""

    limit: int = Field(ge=1, le=1000, description="Most units of one team at a place after a move.")
    refusal: str = Field("no more than {limit} units of a team may stand at {place}",
                         description="Refusal when a move would break it (placeholders {limit}, {place}, {unit}).")


class ZonesOfControl(FileModel):
    """Zones of control: a unit that enters a place one road from enemy units stops there."""

    refusal: str = Field("{unit} must stop at {stop}, next to enemy units", description="Refusal of a move that "
                         "would go on past such a place (placeholders {unit}, {place}, {stop}).")


class CombatResult(FileModel):
    """What a result code of the combat table does."""

    attacker_losses: int = Field(0, ge=0, le=1000, description="Units the attacker loses (weakest first).")
    defender_losses: int = Field(0, ge=0, le=1000, description="Units the defender loses (weakest first).")
    defender_retreats: bool = Field(False, description="The defender's survivors retreat one place.")
    attacker_retreats: bool = Field(False, description="The attackers' survivors go back to where they came from "
                                    "(they do not advance; they stay put, marked as having attacked).")
    attacker_advances: bool = Field(False, description="The attackers' survivors move into the place when no "
                                    "defender is left there (they count as having moved).")
    if_cannot_retreat: Literal["lost", "one_more_loss"] = Field(
        "lost", description="Defenders that must retreat and have nowhere to go: 'lost' (each such unit is "
        "destroyed), or 'one_more_loss' (they stay, and their side takes one more loss among them: War in Binni's "
        "pyrrhic win).")
    text: str = Field("", description="The result as the designer reads it out ('Defender retreats').")


class OddsTable(FileModel):
    """A combat results table by odds: attack strength divided by defence strength, rounded down in the
    defender's favour, picks a column; one die picks the row."""

    columns: list[str] = Field(min_length=1, description="Odds columns in rising order, each 'A:D' ('1:2', '1:1', "
                               "'2:1'): the highest column not above the real odds is used.")
    rows: dict[int, list[str]] = Field(description="Die roll (1-6) -> one result code per column.")
    too_low: str = Field("the odds {odds} are below the table's lowest column {lowest}",
                         description="Refusal of an attack at odds below the first column (placeholders {odds}, "
                         "{lowest}).")


class DicePerStrength(FileModel):
    """Each side rolls dice for its strength; each die at or above ``hit_on`` is a loss to the other side."""

    dice_per_strength: int = Field(1, ge=1, le=10, description="Dice rolled for each point of strength.")
    hit_on: int = Field(5, ge=1, le=6, description="A die showing this or more hits.")
    hits_per_loss: int = Field(1, ge=1, le=100, description="Hits that make one unit lost.")
    loser_retreats: bool = Field(True, description="A defender who takes more losses than it gives retreats.")
    max_dice: int = Field(60, ge=1, le=600, description="Most dice one side rolls in one fight.")


class ExtraStrength(FileModel):
    """A side may spend a resource in a fight for more strength (War in Binni: +1 per 2 extra warlike stores
    that side consumes; both sides may)."""

    resource: str = Field(description="The resource (a track id) spent.")
    per: int = Field(2, ge=1, le=1000, description="How much of it buys one step of extra strength.")
    adds: int = Field(1, ge=1, le=1000, description="Strength each step adds.")


class Support(FileModel):
    """Support the attacker may call into a fight (War in Binni: a bombing mission adds 2, a cruise missile 1)."""

    id: Id
    name: str = Field(description="Its name as players know it ('Cruise missile').")
    adds: int = Field(ge=0, le=1000, description="Strength it adds to the attacker's side.")
    resource: str | None = Field(None, description="The resource (a track id) one use consumes; empty: none (CONTROL "
                                 "rules whether it may be used).")
    amount: int = Field(1, ge=0, le=1000, description="How much of the resource one use consumes.")


class Combat(FileModel):
    """Fights: units attack a place next to theirs along a road."""

    method: Literal["odds", "dice"] = Field(description="'odds': an odds table; 'dice': dice per strength point.")
    odds: OddsTable | None = Field(None, description="The odds table (method odds).")
    results: dict[str, CombatResult] = Field(default_factory=dict, description="Result code -> what it does "
                                             "(method odds).")
    dice: DicePerStrength | None = Field(None, description="The dice rule (method dice).")
    retreat_into_held: bool = Field(True, description="A retreat may end in a place another team holds (with none "
                                    "of its units there); off: only in the unit's own team's or a neutral place (War "
                                    "in Binni).")
    losses_fall_on: Literal["weakest", "strongest"] = Field(
        "weakest", description="Which units a side loses when it names none (ties: by id).")
    extra: ExtraStrength | None = Field(None, description="Extra strength a side may buy with a resource in a fight "
                                        "(the attack's attacker_extra and defender_extra say how much each spends).")
    support: list[Support] = Field(default_factory=list, description="Support the attacker may call in (the "
                                   "attack's support lists which, by id).")
    no_stores: str = Field("{team} lacks the {resource} for this ({needed} needed, {left} left)",
                           description="Refusal when a side cannot pay what attacking, extra strength or support "
                           "consumes (placeholders {team}, {resource}, {needed}, {left}).")
    once: str = Field("{unit} has already attacked this turn", description="Refusal of a unit's second attack in a "
                      "turn (placeholder {unit}).")
    not_adjacent: str = Field("{unit} is not next to {place}", description="Refusal when an attacker is not one road "
                              "from the place (placeholders {unit}, {place}).")
    no_enemy: str = Field("no enemy units at {place}", description="Refusal of an attack on a place without enemies.")


class Track(FileModel):
    """A per-team number with limits: a resource (money, supply) or a track (morale, political rating)."""

    id: Id
    name: str = Field(description="Its name as players know it.")
    min: int = Field(0, ge=-1000, le=1000000, description="The lowest value it may take.")
    max: int | None = Field(None, ge=-1000, le=1000000, description="The highest value it may take; empty: none.")
    start: dict[str, int] = Field(default_factory=dict, description="Team -> its value at the start; a team not "
                                  "listed starts at min.")
    hidden: bool = Field(False, description="Kept off public screens (each team's own money, say).")
    action_limit: list[int] | None = Field(
        None, description="Actions a team may take per turn at each value of this track, from min upwards "
        "(a value past the list's end uses its last number); empty: this track sets no limit.")
    set_refusal: str = Field("{track} runs from {min} to {max}", description="Refusal of a value outside its "
                             "limits (placeholders {track}, {min}, {max}, {value}).")


class Actions(FileModel):
    """Which commands count as a team's actions, limited per turn by the tracks that set an action limit."""

    counted: list[str] = Field(default_factory=lambda: ["move", "attack"], description="Command kinds that are "
                               "actions (move, attack).")
    refusal: str = Field("{team} has used all {limit} actions this turn", description="Refusal past the limit "
                         "(placeholders {team}, {limit}, {track}).")


class Income(FileModel):
    """What a team gains at the income step."""

    resource: str = Field(description="The resource (a track id) it goes to.")
    base: int = Field(0, ge=-1000, le=1000, description="A fixed amount every turn.")
    per_place: int = Field(0, ge=-1000, le=1000, description="For each place the team holds.")
    per_value: bool = Field(False, description="Also the sum of the values (the map's `value`) of places it holds.")


class Occupation(FileModel):
    """Control by occupation."""

    after_turns: int = Field(1, ge=1, le=100, description="A place becomes a team's when its units alone stand "
                             "there at this many ends of turn in a row.")


class TurnRules(FileModel):
    """The end of a turn."""

    steps: list[str] = Field(default_factory=lambda: list(STEPS), description="The end-of-turn steps in order: "
                             "control (occupation), income, upkeep, refresh (units may move and attack again; actions "
                             "counted anew).")
    label: str = Field("Turn {n}", description="How the turn is named on the board ({n}: the turn's number).")
    last: int | None = Field(None, ge=1, le=10000, description="The last turn: the game is over after it; empty: "
                             "it ends when CONTROL says.")


class TablesScenario(ScenarioBase):
    """A game whose rules are the tables below (docs/designing-rules.md)."""

    BLANK: ClassVar[dict[str, Any]] = {"combat": {"method": "dice", "dice": {}}}
    """What a blank scenario the editor starts needs beyond empty lists: a combat rule (one die per strength
    point, hits on 5 or 6), which the designer then changes."""

    rules: str = Field("tables", pattern="^tables$", description="Always 'tables' for this rule system.")
    teams: list[TeamBase] = Field(min_length=1, description="The teams (factions) playing.")
    unit_types: list[UnitType] = Field(min_length=1, description="The kinds of unit.")
    units: list[Unit] = Field(default_factory=list, description="The counters on the map at the start.")
    control: dict[str, str] = Field(default_factory=dict, description="Place -> the team holding it at the start; "
                                    "a place not listed is neutral.")
    costs: Costs = Field(default_factory=Costs, description="Movement costs by road, terrain and border kind.")
    stacking: Stacking | None = Field(None, description="The stacking limit; empty: none.")
    zones_of_control: ZonesOfControl | None = Field(None, description="Zones of control; empty: none (units "
                                                    "move past enemy units freely).")
    combat: Combat = Field(description="How fights are decided.")
    tracks: list[Track] = Field(default_factory=list, description="Resources and tracks, each with a value per team.")
    actions: Actions = Field(default_factory=Actions, description="What counts as an action (limited by tracks).")
    income: list[Income] = Field(default_factory=list, description="What teams gain at the income step.")
    occupation: Occupation = Field(default_factory=Occupation, description="Control by occupation.")
    turn: TurnRules = Field(default_factory=TurnRules, description="The end-of-turn steps and the turn's name.")
    alliances: dict[str, list[str]] = Field(
        default_factory=dict, description="Team -> its allies (mutual: naming one side is enough): allied units are "
        "not enemies (they do not block, are not attacked) and allied places count as friendly (War in Binni's "
        "alliances).")
    passage: dict[str, list[str]] = Field(
        default_factory=dict, description="Team -> the teams it grants passage: its places count as theirs for "
        "moving (no stop, no payment) and retreating (War in Binni: a faction may grant another passage).")
    control_only: list[str] = Field(
        default_factory=lambda: ["set_track", "end_turn"],
        description="Command kinds only CONTROL may give (the LAN host refuses them from other seats).")
    position: dict[str, Any] | None = Field(None, description=POSITION_DESCRIPTION)

    def cross_check(self, the_map: Map) -> list[Problem]:
        """Every id the tables name must exist: teams, unit types, places, road and place kinds, regions, tracks."""
        from boardapp.rules.tables.checks import scenario_problems

        return scenario_problems(self, the_map)
