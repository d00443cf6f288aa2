"""The Game's commands: what the referee enters, step by step (see docs/commands-thegame.md).

In a commands file one command is a mapping, e.g. ``{kind: build, nation: france, item: militia,
region: france}``. Dice are rolled on screen and journalled; a ``die`` field takes a physical
die's roll typed by the referee instead.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from boardapp.engine.module import Command
from boardapp.engine.rights import CHOSEN, TEAM, side

NATION = side("nation")
"""A nation acts through its player: the nation's player decides (a nation no one plays names nobody)."""
UNIT = side("unit")
"""Units act through their nation's player (``unit``, ``units``, a ship's ``carrier`` when one is named)."""
ITEM = side("item")
"""An item to maintain or reactivate ('unit:<id>', 'facility:<region>:<type>'): its nation's player decides."""

Goods = Literal["food", "minerals", "oil", "coal", "uranium", "electricity", "hydrogen"]
"""A good kept in a region's stock."""

Die = Field(None, ge=1, le=6, description="A physical die's roll typed by the referee; empty: roll on screen.")


class FinishStep(Command):
    """Carry out the current step's own processing and go to the next step (the end-of-turn command)."""

    kind: Literal["finish_step"] = "finish_step"
    step: Annotated[str | None, CHOSEN] = Field(
        None, description="The step being finished, by code ('II.A') or id ('primary'); "
                          "refused unless it is the current step (forcing it carries out that step out of "
                             "order). Empty: the current step.")
    draws: Annotated[dict[str, list[str]], CHOSEN] = Field(
        default_factory=dict,
        description="VI.B attrition drawn by hand: region ('orbit' for spacecraft) -> the items drawn, in drawing "
                    "order ('facility:<type>' or 'unit:<id>', as the preview's attrition event names them); "
                    "draws not typed are made on screen.")


class Edit(Command):
    """The referee sets any number of the state, with a reason (logged)."""

    kind: Literal["edit"] = "edit"
    path: Annotated[str, CHOSEN] = Field(
        description="Where the figure is: 'nations.france.bank', 'regions.france.pool', "
                    "'regions.france.stock.food', 'nations.japan.tech.energy', 'units.fr-mil-1.active' …")
    old: Annotated[int | bool | str | None, CHOSEN] = Field(
        description="The value the referee sees now (checked: refused if it "
                    "changed meanwhile).")
    new: Annotated[int | bool | str | None, CHOSEN] = Field(description="The new value.")
    reason: Annotated[str, CHOSEN] = Field(min_length=1, description="Why (kept in the log).")


class AllowTransit(Command):
    """A player region's nation allows (or stops allowing) another player's units through that region."""

    kind: Literal["allow_transit"] = "allow_transit"
    region: Annotated[str | None, side("region")] = Field(
        None, description="The region transit is allowed through (a region of a player's home country; its "
                          "nation's player decides).")
    nation: Annotated[str | None, NATION] = Field(
        None, description="Instead of region: every region the nation holds now, one grant per region (each lapses "
                          "when its region changes hands). The form boardapp 0.1.0 wrote; still read.")
    player: Annotated[str, CHOSEN] = Field(description="The player whose units may pass.")
    allowed: Annotated[bool, CHOSEN] = True

    @model_validator(mode="after")
    def _region_or_nation(self) -> AllowTransit:
        if (self.region is None) == (self.nation is None):
            raise ValueError("give either region (one region) or nation (every region the nation holds)")
        return self


class MakePeace(Command):
    """The referee ends a war between two nations (the source has no peace rule: a ruling)."""

    kind: Literal["make_peace"] = "make_peace"
    nation: Annotated[str, NATION]
    other: Annotated[str, side("other nation")]


class Sever(Command):
    """I. A player breaks diplomatic relations with another player."""

    kind: Literal["sever"] = "sever"
    player: Annotated[str, TEAM]
    other: Annotated[str, CHOSEN] = Field(description="The player whose countries relations are broken with.")


class Build(Command):
    """II.C. Buy a military unit or a facility, placed in II.F."""

    kind: Literal["build"] = "build"
    nation: Annotated[str, NATION]
    item: Annotated[str, CHOSEN] = Field(description="A unit type or facility type id.")
    region: Annotated[str, CHOSEN] = Field(
        description="Where it goes: the region supplying its minerals, fuel or labour, or any "
                    "owned region if it needs money only.")
    count: Annotated[int, CHOSEN] = Field(1, ge=1)
    at: Annotated[str | None, CHOSEN] = Field(
        None, description="Naval units: the sea region next to ``region`` where they are "
                          "launched (spacecraft go to orbit).")


class Convert(Command):
    """II.C. Convert a militia into another ground unit type for that type's full cost."""

    kind: Literal["convert"] = "convert"
    unit: Annotated[str, UNIT]
    to: Annotated[str, CHOSEN] = Field(description="The ground unit type it becomes.")


class BuyPips(Command):
    """II.C. Buy PIPs for a region or a player's capital (placed in II.F)."""

    kind: Literal["buy_pips"] = "buy_pips"
    player: Annotated[str, TEAM]
    nation: Annotated[str, NATION] = Field(description="The player's nation whose bank pays.")
    region: Annotated[str, CHOSEN]
    count: Annotated[int, CHOSEN] = Field(ge=1)


class BuyInsurgents(Command):
    """II.C. Buy insurgents loyal to a nation, in a region its player does not own (placed in II.F)."""

    kind: Literal["buy_insurgents"] = "buy_insurgents"
    nation: Annotated[str, NATION]
    region: Annotated[str, CHOSEN]
    count: Annotated[int, CHOSEN] = Field(ge=1)


class DeclareWar(Command):
    """II.C. Declare war: costs money equal to the PIPs the player bought this turn."""

    kind: Literal["declare_war"] = "declare_war"
    nation: Annotated[str, NATION]
    enemy: Annotated[str, CHOSEN] = Field(
        description="The nation war is declared on. (Not 'on': YAML reads a bare on as true.)")


class Research(Command):
    """II.C. Spend money on R&D in a technology field (needs an active R&D facility)."""

    kind: Literal["research"] = "research"
    nation: Annotated[str, NATION]
    field: Annotated[str, CHOSEN]
    money: Annotated[int, CHOSEN] = Field(ge=1)


class FoodAid(Command):
    """II.C. Give food to a region with starving labour: one free PIP per food unit, up to the starving."""

    kind: Literal["food_aid"] = "food_aid"
    player: Annotated[str, TEAM]
    source: Annotated[str, side("source")] = Field(description="The player's region whose stock gives the food.")
    region: Annotated[str, CHOSEN]
    food: Annotated[int, CHOSEN] = Field(ge=1)


class EconomicAid(Command):
    """II.C. Give money to a region where the player has an Understanding: one PIP per $2."""

    kind: Literal["economic_aid"] = "economic_aid"
    player: Annotated[str, TEAM]
    nation: Annotated[str, NATION] = Field(description="The player's nation whose bank pays.")
    region: Annotated[str, CHOSEN]
    money: Annotated[int, CHOSEN] = Field(ge=1)


class Reallocate(Command):
    """II.E. Move labour between the farm sector and the general pool within a region (free)."""

    kind: Literal["reallocate"] = "reallocate"
    region: Annotated[str, side("region")]
    to: Annotated[Literal["farm", "pool"], CHOSEN]
    count: Annotated[int, CHOSEN] = Field(1, ge=1)


class Migrate(Command):
    """II.E. Move one labour unit to an adjacent region (paid by the source region's nation)."""

    kind: Literal["migrate"] = "migrate"
    source: Annotated[str, side("source")] = Field(description="The region it leaves (its general pool).")
    to: Annotated[str, CHOSEN]
    sector: Annotated[Literal["farm", "pool"], CHOSEN] = "pool"


class DiplomacyOrder(Command):
    """III.A. Roll for the order of several players' diplomatic attacks in a region (ties re-rolled)."""

    kind: Literal["diplomacy_order"] = "diplomacy_order"
    region: Annotated[str, CHOSEN]
    players: Annotated[list[str], TEAM] = Field(min_length=2)


class DiplomaticAttack(Command):
    """III.A. A player's one diplomatic attack in a region against one or several players' PIPs."""

    kind: Literal["diplomatic_attack"] = "diplomatic_attack"
    player: Annotated[str, TEAM]
    region: Annotated[str, CHOSEN]
    against: Annotated[list[str], CHOSEN] = Field(min_length=1)
    die: Annotated[int | None, CHOSEN] = Die


class Upgrade(Command):
    """III.B. Turn PIPs into an Understanding, an Alliance or Control."""

    kind: Literal["upgrade"] = "upgrade"
    player: Annotated[str, TEAM]
    region: Annotated[str, CHOSEN]
    to: Annotated[Literal["understanding", "alliance", "control"], CHOSEN]


class Absorb(Command):
    """III.B. With the referee's consent, absorb a Controlled region into a nation's home country."""

    kind: Literal["absorb"] = "absorb"
    player: Annotated[str, TEAM]
    region: Annotated[str, CHOSEN]
    nation: Annotated[str, NATION] = Field(description="The player's nation whose home country it joins.")


class RollOrder(Command):
    """IV. Each player (or alliance) rolls for this combat year's order of action (ties re-rolled)."""

    kind: Literal["roll_order"] = "roll_order"
    players: Annotated[list[str], TEAM] = Field(min_length=1)


class Redeploy(Command):
    """IV. Strategic redeployment of a unit along a path of regions."""

    kind: Literal["redeploy"] = "redeploy"
    unit: Annotated[str, UNIT]
    path: Annotated[list[str], CHOSEN] = Field(min_length=1, description="Regions entered, in order, destination last.")


class Supply(Command):
    """IV. Operational supply: pay the maintenance of units that will move or fight this year."""

    kind: Literal["supply"] = "supply"
    units: Annotated[list[str], UNIT] = Field(min_length=1)


class Replace(Command):
    """IV. Replace a unit destroyed earlier this turn for half its cost, money only, in a home region."""

    kind: Literal["replace"] = "replace"
    nation: Annotated[str, NATION]
    type: Annotated[str, CHOSEN]
    region: Annotated[str, CHOSEN]


class Move(Command):
    """IV. Operational movement into an adjacent enemy-occupied region."""

    kind: Literal["move"] = "move"
    unit: Annotated[str, UNIT]
    to: Annotated[str, CHOSEN]


class Remove(Command):
    """IV. Take a unit facing the enemy without supply out of play; a ground unit may become a minor unit or
    loyal insurgents, at its owner's option."""

    kind: Literal["remove"] = "remove"
    unit: Annotated[str, UNIT]
    into: Annotated[Literal["nothing", "minor", "insurgents"], CHOSEN] = Field(
        "nothing", description="What a ground unit becomes: nothing, a minor unit, or loyal insurgents (2d6-2).")


class Combat(Command):
    """IV. Resolve combat in a region: space, air, naval, land; higher priority first; both sides attack."""

    kind: Literal["combat"] = "combat"
    region: Annotated[str, CHOSEN]
    targets: Annotated[dict[str, str], side("firing units")] = Field(
        description="Attacking unit -> the unit it attacks (units not listed hold fire). "
                    "Equal priorities attack in the order listed.")


class NuclearStrike(Command):
    """IV. A nuclear strike on a region (an event: nothing moves in or out of it this turn)."""

    kind: Literal["nuclear_strike"] = "nuclear_strike"
    nation: Annotated[str, NATION]
    region: Annotated[str, CHOSEN]


class LowAttack(Command):
    """IV.A. One low-intensity attack by a minor unit or an insurgent."""

    kind: Literal["low_attack"] = "low_attack"
    region: Annotated[str, CHOSEN]
    attacker: Annotated[str, side("low attacker")] = Field(
        description="A minor unit id, 'insurgent:independent' or 'insurgent:<nation>'.")
    target: Annotated[str, CHOSEN] = Field(
        description="A minor unit id, 'insurgent:independent', 'insurgent:<nation>' or "
                    "'pips:<player>'.")
    die: Annotated[int | None, CHOSEN] = Die


class Ship(Command):
    """V. Move goods by land, sea or air from one region's stock to another's."""

    kind: Literal["ship"] = "ship"
    nation: Annotated[str, NATION]
    good: Annotated[Goods, CHOSEN]
    amount: Annotated[int, CHOSEN] = Field(ge=1)
    path: Annotated[list[str], CHOSEN] = Field(
        min_length=2, description="Regions from the source to the destination, inclusive.")
    carrier: Annotated[str | None, UNIT] = Field(
        None, description="A merchant ship or transport aircraft that carries the goods "
                          "(up to 50 zones); empty: by land, or through a merchant pipeline.")


class Stop(BaseModel):
    """A stop of a voyage: the ship (or aircraft) unloads, then loads, at a land region."""

    model_config = ConfigDict(extra="forbid")

    port: str = Field(description="The land region the stop is at.")
    unload: dict[Goods, Annotated[int, Field(ge=1)]] = Field(default_factory=dict,
                                                             description="Goods off-loaded here: good -> units.")
    load: dict[Goods, Annotated[int, Field(ge=1)]] = Field(default_factory=dict,
                                                           description="Goods loaded here: good -> units.")


def _stop_from_words(text: str) -> dict[str, object]:
    words = text.split()
    stop: dict[str, dict[str, int]] = {"unload": {}, "load": {}}
    rest = words[1:]
    if len(rest) % 3:
        raise ValueError(f"route entry {text!r}: write a stop as '<port> load|unload <good> <units> …'")
    for verb, good, units in zip(rest[::3], rest[1::3], rest[2::3], strict=True):
        if verb not in stop or not units.isdigit():
            raise ValueError(f"route entry {text!r}: {verb} {good} {units!r} is not 'load|unload <good> <units>'")
        stop[verb][good] = stop[verb].get(good, 0) + int(units)
    return {"port": words[0], **stop}


class Voyage(Command):
    """V. One merchant ship's (or transport aircraft's) voyage with several stops: it loads and unloads as many
    items as desired, paying one zone each time it does so."""

    kind: Literal["voyage"] = "voyage"
    nation: Annotated[str, NATION] = Field(description="The nation whose goods are loaded.")
    carrier: Annotated[str, UNIT] = Field(description="The merchant ship or transport aircraft.")
    route: Annotated[list[str | Stop], CHOSEN] = Field(
        min_length=2, description="In order: stops and the zones sailed (or flown) between them; a stop is "
                                  "'<port> load|unload <good> <units> …' or {port, unload, load}, e.g. "
                                  "[b1 load oil 2, s1, s2, b2 unload oil 2].")

    @field_validator("route", mode="before")
    @classmethod
    def _stops_in_words(cls, value: object) -> object:
        """'b2 unload oil 1 load coal 1' is a stop (a zone is one word), so that a route can be typed on one line."""
        if not isinstance(value, list):
            return value
        return [_stop_from_words(v) if isinstance(v, str) and len(v.split()) > 1 else v for v in value]


class FriendlyShips(Command):
    """A player names another player's merchant ships and transport aircraft friendly (both agree): they form part
    of his pipelines and may carry his goods; friendly: false ends it."""

    kind: Literal["friendly_ships"] = "friendly_ships"
    player: Annotated[str, TEAM] = Field(description="The player whose pipelines the ships join.")
    owner: Annotated[str, TEAM] = Field(description="The player whose ships they are.")
    friendly: Annotated[bool, CHOSEN] = True


class Pay(Command):
    """V. Money from one nation's bank to another's (trade has no rules: any deal)."""

    kind: Literal["pay"] = "pay"
    nation: Annotated[str, NATION]
    to: Annotated[str, CHOSEN]
    amount: Annotated[int, CHOSEN] = Field(ge=1)


class Neglect(Command):
    """VI.A. Leave items unmaintained this turn ('unit:<id>' or 'facility:<region>:<type>')."""

    kind: Literal["neglect"] = "neglect"
    items: Annotated[list[str], ITEM] = Field(min_length=1)


class Reactivate(Command):
    """VI.A. Reactivate an inactive unit or facility for twice its maintenance."""

    kind: Literal["reactivate"] = "reactivate"
    item: Annotated[str, ITEM] = Field(description="'unit:<id>' or 'facility:<region>:<type>'.")


class StandDown(Command):
    """VI.C. Remove a maintained unit; in hostile territory a ground unit may become loyal insurgents."""

    kind: Literal["stand_down"] = "stand_down"
    unit: Annotated[str, UNIT]
    insurgents: Annotated[bool, CHOSEN] = Field(
        False, description="Convert into loyal insurgents (ground units in hostile territory).")


ALL_COMMANDS: tuple[type[Command], ...] = (
    FinishStep, Edit, AllowTransit, MakePeace, Sever, Build, Convert, BuyPips, BuyInsurgents, DeclareWar, Research,
    FoodAid, EconomicAid, Reallocate, Migrate, DiplomacyOrder, DiplomaticAttack, Upgrade, Absorb, RollOrder,
    Redeploy, Supply, Replace, Remove, Move, Combat, NuclearStrike, LowAttack, Ship, Voyage, FriendlyShips, Pay,
    Neglect, Reactivate, StandDown,
)
CONTROL_ONLY = frozenset({"edit", "absorb", "make_peace", "finish_step"})
