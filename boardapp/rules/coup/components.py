"""Coup's components as data: the nine seats, the 50 unit counters, the 52-card deck, and the
rulebook's tables (order of play, Bust attempts, Affiliation Check) and limits.

Everything here is a constant read from the rulebook (``shared/seeds/002_…``) and its digest
(``shared/rules/coup.md``); the rules modules only look things up here.

>>> len(UNITS), len(DECK), sum(1 for u in UNITS.values() if u.dummy)
(50, 52, 10)
>>> card_effect("10S"), card_effect("QH"), ORDER_TABLE[3]
('block', 'infiltrate', ('reb', 'gov', 'for'))
"""

from __future__ import annotations

from dataclasses import dataclass

TEAMS: tuple[str, ...] = ("gov", "reb", "for")
"""Government, Rebel, Foreign Power."""
TEAM_NAMES = {"gov": "Government", "reb": "Rebel", "for": "Foreign Power"}
CLASSES: tuple[str, ...] = ("mil", "para", "civ")
"""Military, paramilitary, civilian: a player's class is also the class of his units."""
CLASS_NAMES = {"mil": "military", "para": "paramilitary", "civ": "civilian"}

PLAYERS: tuple[str, ...] = tuple(f"{t}-{c}" for t in TEAMS for c in CLASSES)
"""The nine seats, 'gov-mil' … 'for-civ' (team, then class)."""

PLAYER_TITLES = {
    "gov-mil": "Minister of Defence", "gov-para": "Minister of Interior", "gov-civ": "Head of State",
    "reb-mil": "Colonel X", "reb-para": "Head of Party", "reb-civ": "Popular Opposition Figure",
    "for-mil": "Military Advisors", "for-para": "MNC/Ethnic Groups", "for-civ": "NGO/Business Interests",
}


def seat_name(player: str) -> str:
    """'Gov-Mil', as the rulebook writes the seats."""
    team, cls = player.split("-")
    return f"{team.capitalize()}-{cls.capitalize()}"


def team_of(player: str) -> str:
    return player.split("-", maxsplit=1)[0]


def class_of(player: str) -> str:
    return player.split("-")[1]


def counterparts(player: str) -> tuple[str, str]:
    """The players of the same class on the other two teams: the only ones a card may be played
    against, and the only ones who may Block this player."""
    team, cls = player.split("-")
    a, b = (f"{t}-{cls}" for t in TEAMS if t != team)
    return a, b


def card_limit(player: str) -> int:
    """Government and Rebel players hold two cards at most, Foreign Power players three."""
    return 3 if team_of(player) == "for" else 2


FOREIGN_UNIT_LIMIT = 3
"""A Foreign Power player holds three units at most."""


@dataclass(frozen=True)
class UnitType:
    """A kind of unit counter: its class, the name printed on it, and its firepower (0 for
    civilian groups and dummies)."""

    kind: str
    cls: str
    name: str
    firepower: int
    count: int

    @property
    def dummy(self) -> bool:
        return self.kind == "dummy"


UNIT_TYPES: tuple[UnitType, ...] = (
    UnitType("infantry", "mil", "Infantry", 4, 6),
    UnitType("tanks", "mil", "Tanks", 6, 2),
    UnitType("artillery", "mil", "Artillery", 6, 2),
    UnitType("engineer", "mil", "Engineer", 3, 2),
    UnitType("mp", "mil", "MP", 3, 2),
    UnitType("air", "mil", "Air", 5, 2),
    UnitType("dummy", "mil", "Dummy", 0, 4),
    UnitType("police", "para", "Police", 2, 6),
    UnitType("riot-police", "para", "Riot Police", 3, 2),
    UnitType("militia", "para", "Militia", 2, 4),
    UnitType("dummy", "para", "Dummy", 0, 3),
    UnitType("media", "civ", "Media", 0, 2),
    UnitType("labour", "civ", "Labour", 0, 2),
    UnitType("bureaucrats", "civ", "Bureaucrats", 0, 2),
    UnitType("business", "civ", "Business", 0, 2),
    UnitType("students", "civ", "Students", 0, 2),
    UnitType("intellectuals", "civ", "Intellectuals", 0, 1),
    UnitType("religious-group", "civ", "Religious Group", 0, 1),
    UnitType("dummy", "civ", "Dummy", 0, 3),
)

ARMED_FIREPOWER = 2
"""Armed civilians (Students, Labour) fight with strength 2 (optional rule)."""
ARMABLE = frozenset({"students", "labour"})


@dataclass(frozen=True)
class Unit:
    """One unit counter: 'mil-tanks-2' is the second Tanks counter of the military class."""

    id: str
    type: UnitType

    @property
    def cls(self) -> str:
        return self.type.cls

    @property
    def dummy(self) -> bool:
        return self.type.dummy

    @property
    def name(self) -> str:
        return self.type.name


def _units() -> dict[str, Unit]:
    out: dict[str, Unit] = {}
    for t in UNIT_TYPES:
        for n in range(1, t.count + 1):
            uid = f"{t.cls}-{t.kind}-{n}"
            out[uid] = Unit(uid, t)
    return out


UNITS: dict[str, Unit] = _units()
"""All 50 counters by id, in the rulebook's order (the order the pool starts in)."""

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
"""The 52 cards, no jokers: '7C' is the seven of Clubs, '10S' the ten of Spades, 'AH' the Ace of Hearts."""

EFFECT_NAMES = {
    "loyalty_shift": "Loyalty Shift", "infiltrate": "Infiltrate", "leak": "Leak",
    "recruit": "Recruit", "neutralize": "Neutralize", "block": "Block",
}


def card_name(card: str) -> str:
    """'7 of Clubs', 'Ace of Spades'."""
    rank, suit = card[:-1], card[-1]
    return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}"


def card_effect(card: str) -> str:
    """What a card does: Ace/King Loyalty Shift and Jack/Queen Infiltrate in any suit; 2-10 by suit
    (Hearts Leak, Clubs Recruit, Diamonds Neutralize, Spades Block)."""
    rank, suit = card[:-1], card[-1]
    if rank in ("A", "K"):
        return "loyalty_shift"
    if rank in ("J", "Q"):
        return "infiltrate"
    return {"H": "leak", "C": "recruit", "D": "neutralize", "S": "block"}[suit]


ORDER_TABLE: dict[int, tuple[str, str, str]] = {
    1: ("gov", "reb", "for"),
    2: ("gov", "for", "reb"),
    3: ("reb", "gov", "for"),  # the source prints "R G G": a misprint (digest)
    4: ("reb", "for", "gov"),
    5: ("for", "gov", "reb"),
    6: ("for", "reb", "gov"),
}
"""Order of Play Table: a d6 gives the order of the teams for the turn."""


def bust_needs(attempts: int) -> int | None:
    """Bust Attempt Table: the highest roll that succeeds against a team with ``attempts`` counted
    recruit attempts (None: no attempt counted, nothing to bust).

    >>> [bust_needs(n) for n in (0, 1, 8, 9, 15, 16, 21, 22, 26, 27, 40)]
    [None, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    """
    if attempts <= 0:
        return None
    for top, need in ((8, 1), (15, 2), (21, 3), (26, 4)):
        if attempts <= top:
            return need
    return 5


def affiliation(roll: int) -> str | None:
    """Affiliation Check Table: 1 loyal to the Government, 2-5 removed from the game (None), 6 joins the Rebels."""
    if roll == 1:
        return "gov"
    if roll == 6:
        return "reb"
    return None


ATTEMPT_SUCCEEDS = 3
"""A Recruit or Neutralize attempt without a card succeeds on a d6 of 1-3."""
