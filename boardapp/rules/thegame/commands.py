"""The Game's commands: what the referee enters, step by step (see docs/commands-thegame.md).

In a commands file one command is a mapping, e.g. ``{kind: build, nation: france, item: militia,
region: france}``. Dice are rolled on screen and journalled; a ``die`` field takes a physical
die's roll typed by the referee instead.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from boardapp.engine.module import Command

Die = Field(None, ge=1, le=6, description="A physical die's roll typed by the referee; empty: roll on screen.")


class FinishStep(Command):
    """Carry out the current step's own processing and go to the next step (the end-of-turn command)."""

    kind: Literal["finish_step"] = "finish_step"
    step: str | None = Field(None, description="The step being finished, by code ('II.A') or id ('primary'); "
                             "refused unless it is the current step (forcing it carries out that step out of "
                             "order). Empty: the current step.")


class Edit(Command):
    """The referee sets any number of the state, with a reason (logged)."""

    kind: Literal["edit"] = "edit"
    path: str = Field(description="Where the figure is: 'nations.france.bank', 'regions.france.pool', "
                      "'regions.france.stock.food', 'nations.japan.tech.energy', 'units.fr-mil-1.active' …")
    old: int | bool | str | None = Field(description="The value the referee sees now (checked: refused if it "
                                         "changed meanwhile).")
    new: int | bool | str | None = Field(description="The new value.")
    reason: str = Field(min_length=1, description="Why (kept in the log).")


class AllowTransit(Command):
    """A nation allows (or stops allowing) a player's units through its regions."""

    kind: Literal["allow_transit"] = "allow_transit"
    nation: str
    player: str
    allowed: bool = True


class MakePeace(Command):
    """The referee ends a war between two nations (the source has no peace rule: a ruling)."""

    kind: Literal["make_peace"] = "make_peace"
    nation: str
    other: str


class Sever(Command):
    """I. A player breaks diplomatic relations with another player."""

    kind: Literal["sever"] = "sever"
    player: str
    other: str = Field(description="The player whose countries relations are broken with.")


class Build(Command):
    """II.C. Buy a military unit or a facility, placed in II.F."""

    kind: Literal["build"] = "build"
    nation: str
    item: str = Field(description="A unit type or facility type id.")
    region: str = Field(description="Where it goes: the region supplying its minerals, fuel or labour, or any "
                        "owned region if it needs money only.")
    count: int = Field(1, ge=1)
    at: str | None = Field(None, description="Naval units: the sea region next to ``region`` where they are "
                           "launched (spacecraft go to orbit).")


class Convert(Command):
    """II.C. Convert a militia into another ground unit type for that type's full cost."""

    kind: Literal["convert"] = "convert"
    unit: str
    to: str = Field(description="The ground unit type it becomes.")


class BuyPips(Command):
    """II.C. Buy PIPs for a region or a player's capital (placed in II.F)."""

    kind: Literal["buy_pips"] = "buy_pips"
    player: str
    nation: str = Field(description="The player's nation whose bank pays.")
    region: str
    count: int = Field(ge=1)


class BuyInsurgents(Command):
    """II.C. Buy insurgents loyal to a nation, in a region its player does not own (placed in II.F)."""

    kind: Literal["buy_insurgents"] = "buy_insurgents"
    nation: str
    region: str
    count: int = Field(ge=1)


class DeclareWar(Command):
    """II.C. Declare war: costs money equal to the PIPs the player bought this turn."""

    kind: Literal["declare_war"] = "declare_war"
    nation: str
    enemy: str = Field(description="The nation war is declared on. (Not 'on': YAML reads a bare on as true.)")


class Research(Command):
    """II.C. Spend money on R&D in a technology field (needs an active R&D facility)."""

    kind: Literal["research"] = "research"
    nation: str
    field: str
    money: int = Field(ge=1)


class FoodAid(Command):
    """II.C. Give food to a region with starving labour: one free PIP per food unit, up to the starving."""

    kind: Literal["food_aid"] = "food_aid"
    player: str
    source: str = Field(description="The player's region whose stock gives the food.")
    region: str
    food: int = Field(ge=1)


class EconomicAid(Command):
    """II.C. Give money to a region where the player has an Understanding: one PIP per $2."""

    kind: Literal["economic_aid"] = "economic_aid"
    player: str
    nation: str = Field(description="The player's nation whose bank pays.")
    region: str
    money: int = Field(ge=1)


class Reallocate(Command):
    """II.E. Move labour between the farm sector and the general pool within a region (free)."""

    kind: Literal["reallocate"] = "reallocate"
    region: str
    to: Literal["farm", "pool"]
    count: int = Field(1, ge=1)


class Migrate(Command):
    """II.E. Move one labour unit to an adjacent region (paid by the source region's nation)."""

    kind: Literal["migrate"] = "migrate"
    source: str = Field(description="The region it leaves (its general pool).")
    to: str
    sector: Literal["farm", "pool"] = "pool"


class DiplomacyOrder(Command):
    """III.A. Roll for the order of several players' diplomatic attacks in a region (ties re-rolled)."""

    kind: Literal["diplomacy_order"] = "diplomacy_order"
    region: str
    players: list[str] = Field(min_length=2)


class DiplomaticAttack(Command):
    """III.A. A player's one diplomatic attack in a region against one or several players' PIPs."""

    kind: Literal["diplomatic_attack"] = "diplomatic_attack"
    player: str
    region: str
    against: list[str] = Field(min_length=1)
    die: int | None = Die


class Upgrade(Command):
    """III.B. Turn PIPs into an Understanding, an Alliance or Control."""

    kind: Literal["upgrade"] = "upgrade"
    player: str
    region: str
    to: Literal["understanding", "alliance", "control"]


class Absorb(Command):
    """III.B. With the referee's consent, absorb a Controlled region into a nation's home country."""

    kind: Literal["absorb"] = "absorb"
    player: str
    region: str
    nation: str = Field(description="The player's nation whose home country it joins.")


class RollOrder(Command):
    """IV. Each player (or alliance) rolls for this combat year's order of action (ties re-rolled)."""

    kind: Literal["roll_order"] = "roll_order"
    players: list[str] = Field(min_length=1)


class Redeploy(Command):
    """IV. Strategic redeployment of a unit along a path of regions."""

    kind: Literal["redeploy"] = "redeploy"
    unit: str
    path: list[str] = Field(min_length=1, description="Regions entered, in order, destination last.")


class Supply(Command):
    """IV. Operational supply: pay the maintenance of units that will move or fight this year."""

    kind: Literal["supply"] = "supply"
    units: list[str] = Field(min_length=1)


class Replace(Command):
    """IV. Replace a unit destroyed earlier this turn for half its cost, money only, in a home region."""

    kind: Literal["replace"] = "replace"
    nation: str
    type: str
    region: str


class Move(Command):
    """IV. Operational movement into an adjacent enemy-occupied region."""

    kind: Literal["move"] = "move"
    unit: str
    to: str


class Remove(Command):
    """IV. Take a unit facing the enemy without supply out of play; a ground unit may become a minor unit or
    loyal insurgents, at its owner's option."""

    kind: Literal["remove"] = "remove"
    unit: str
    into: Literal["nothing", "minor", "insurgents"] = Field(
        "nothing", description="What a ground unit becomes: nothing, a minor unit, or loyal insurgents (2d6-2).")


class Combat(Command):
    """IV. Resolve combat in a region: space, air, naval, land; higher priority first; both sides attack."""

    kind: Literal["combat"] = "combat"
    region: str
    targets: dict[str, str] = Field(description="Attacking unit -> the unit it attacks (units not listed hold fire). "
                                    "Equal priorities attack in the order listed.")


class NuclearStrike(Command):
    """IV. A nuclear strike on a region (an event: nothing moves in or out of it this turn)."""

    kind: Literal["nuclear_strike"] = "nuclear_strike"
    nation: str
    region: str


class LowAttack(Command):
    """IV.A. One low-intensity attack by a minor unit or an insurgent."""

    kind: Literal["low_attack"] = "low_attack"
    region: str
    attacker: str = Field(description="A minor unit id, 'insurgent:independent' or 'insurgent:<nation>'.")
    target: str = Field(description="A minor unit id, 'insurgent:independent', 'insurgent:<nation>' or "
                        "'pips:<player>'.")
    die: int | None = Die


class Ship(Command):
    """V. Move goods by land, sea or air from one region's stock to another's."""

    kind: Literal["ship"] = "ship"
    nation: str
    good: Literal["food", "minerals", "oil", "coal", "uranium", "electricity", "hydrogen"]
    amount: int = Field(ge=1)
    path: list[str] = Field(min_length=2, description="Regions from the source to the destination, inclusive.")
    carrier: str | None = Field(None, description="A merchant ship or transport aircraft that carries the goods "
                                "(up to 50 zones); empty: by land, or through a merchant pipeline.")


class Pay(Command):
    """V. Money from one nation's bank to another's (trade has no rules: any deal)."""

    kind: Literal["pay"] = "pay"
    nation: str
    to: str
    amount: int = Field(ge=1)


class Neglect(Command):
    """VI.A. Leave items unmaintained this turn ('unit:<id>' or 'facility:<region>:<type>')."""

    kind: Literal["neglect"] = "neglect"
    items: list[str] = Field(min_length=1)


class Reactivate(Command):
    """VI.A. Reactivate an inactive unit or facility for twice its maintenance."""

    kind: Literal["reactivate"] = "reactivate"
    item: str = Field(description="'unit:<id>' or 'facility:<region>:<type>'.")


class StandDown(Command):
    """VI.C. Remove a maintained unit; in hostile territory a ground unit may become loyal insurgents."""

    kind: Literal["stand_down"] = "stand_down"
    unit: str
    insurgents: bool = Field(False, description="Convert into loyal insurgents (ground units in hostile territory).")


ALL_COMMANDS: tuple[type[Command], ...] = (
    FinishStep, Edit, AllowTransit, MakePeace, Sever, Build, Convert, BuyPips, BuyInsurgents, DeclareWar, Research,
    FoodAid, EconomicAid, Reallocate, Migrate, DiplomacyOrder, DiplomaticAttack, Upgrade, Absorb, RollOrder,
    Redeploy, Supply, Replace, Remove, Move, Combat, NuclearStrike, LowAttack, Ship, Pay, Neglect, Reactivate,
    StandDown,
)
CONTROL_ONLY = frozenset({"edit", "absorb", "make_peace", "finish_step"})
