"""The rulebook's tables, exactly as printed: odds columns, combat results, strikes."""

from __future__ import annotations

from enum import StrEnum


class Column(StrEnum):
    ONE_ONE = "1:1"
    THREE_TWO = "3:2"
    TWO_ONE = "2:1"
    THREE_ONE = "3:1"
    FOUR_ONE = "4:1+"


class Result(StrEnum):
    LOSE = "LOSE"
    DRAW = "DRAW"
    PYRRHIC_WIN = "PYRRHIC WIN"
    DECISIVE_WIN = "DECISIVE WIN"


COLUMNS = (Column.ONE_ONE, Column.THREE_TWO, Column.TWO_ONE, Column.THREE_ONE, Column.FOUR_ONE)
_L, _D, _P, _W = Result.LOSE, Result.DRAW, Result.PYRRHIC_WIN, Result.DECISIVE_WIN

#: COMBAT_RESULTS[die][column]
COMBAT_RESULTS: dict[int, dict[Column, Result]] = {
    die: dict(zip(COLUMNS, row, strict=True))
    for die, row in {
        1: (_L, _L, _L, _D, _D),
        2: (_L, _D, _D, _D, _P),
        3: (_D, _D, _D, _P, _W),
        4: (_D, _P, _P, _W, _W),
        5: (_P, _D, _W, _W, _W),
        6: (_W, _W, _W, _W, _W),
    }.items()
}

#: result -> (attacker losses, defender losses, defender must retreat)
RESULT_EFFECTS: dict[Result, tuple[int, int, bool]] = {
    Result.LOSE: (1, 0, False),
    Result.DRAW: (1, 1, False),
    Result.PYRRHIC_WIN: (1, 1, True),
    Result.DECISIVE_WIN: (0, 1, True),
}


def odds_column(attack: int, defence: int) -> Column | None:
    """The odds column, rounded down; None below 1:1 (the attack is aborted).

    >>> odds_column(6, 4), odds_column(5, 4), odds_column(3, 2), odds_column(12, 3), odds_column(2, 3)
    (<Column.THREE_TWO: '3:2'>, <Column.ONE_ONE: '1:1'>, <Column.THREE_TWO: '3:2'>, <Column.FOUR_ONE: '4:1+'>, None)
    """
    if defence <= 0:
        return Column.FOUR_ONE if attack > 0 else None
    # Exact ratio comparisons in whole numbers (attack/defence >= 3/2  <=>  2*attack >= 3*defence).
    if attack >= 4 * defence:
        return Column.FOUR_ONE
    if attack >= 3 * defence:
        return Column.THREE_ONE
    if attack >= 2 * defence:
        return Column.TWO_ONE
    if 2 * attack >= 3 * defence:
        return Column.THREE_TWO
    if attack >= defence:
        return Column.ONE_ONE
    return None


class Weapon(StrEnum):
    BOMBING = "bombing"
    CRUISE_MISSILE = "cruise_missile"


#: STRIKE_RESULTS[weapon][modified die] = (hits, collateral effects)
STRIKE_RESULTS: dict[Weapon, dict[int, tuple[int, int]]] = {
    Weapon.CRUISE_MISSILE: {1: (0, 1), 2: (0, 0), 3: (0, 0), 4: (1, 1), 5: (1, 0), 6: (1, 0)},
    Weapon.BOMBING: {1: (0, 1), 2: (0, 1), 3: (0, 0), 4: (1, 1), 5: (1, 1), 6: (2, 0)},
}
