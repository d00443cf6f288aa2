"""Order value objects and the order parser.

Orders are small frozen, hashable values in the style of python-chess's
``Move``.  :meth:`Order.parse` reads both the DATC JSON syntax and the players'
shorthand; ``str(order)`` prints a canonical form that parses back to an equal
order.

>>> o = Order.parse("TUR: F ank -> bla")
>>> o
Order.parse('TUR: F ank -> bla')
>>> o.dest, o.unit_type
('bla', <UnitType.FLEET: 'F'>)
>>> str(Order.parse("F Eng C A Lon-Bre"))
'F eng convoys lon -> bre'
>>> str(Order.parse("A Sil S A Cze-Kra"))
'A sil supports A cze -> kra'
>>> str(Order.parse("F Cas-Irn NC"))
'F cas -> irn(nc)'
>>> str(Order.parse("RUS: F con Supports F bla -> ank"))
'RUS: F con supports F bla -> ank'
>>> Order.parse("A lvp -> edi", phase=Phase.RETREAT)
Order.parse('A lvp retreats to edi')
>>> Order.parse("A Par-Bur").via_convoy
False
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, TypeVar

from boardapp.rules.diplomacy.mapdata import MapData, province_of, region_id

__all__ = [
    "AmbiguousOrderError",
    "Build",
    "Convoy",
    "Disband",
    "Hold",
    "IllegalOrderError",
    "Move",
    "Order",
    "Phase",
    "Retreat",
    "SupportHold",
    "SupportMove",
    "Unit",
    "UnitType",
]


class IllegalOrderError(ValueError):
    """The text is not an order (or names no place on the map).

    >>> try:
    ...     Order.parse("A Par jumps Bur")
    ... except IllegalOrderError as exc:
    ...     print(exc)
    illegal order 'A Par jumps Bur': unexpected 'jumps' after 'par'
    """


class AmbiguousOrderError(ValueError):
    """The text could mean more than one order (e.g. an abbreviation of two names)."""


class UnitType(Enum):
    """Army or fleet."""

    ARMY = "A"
    FLEET = "F"


class Phase(Enum):
    """Phase of a game year; values are the DATC JSON names."""

    MOVEMENT = "Main"
    RETREAT = "Retreat"
    ADJUSTMENT = "Build"


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit on the board.

    >>> str(Unit("FRA", UnitType.FLEET, "spa(nc)"))
    'FRA: F spa(nc)'

    ``Unit.parse(text)`` reads ``"ENG: F lon"``:

    >>> Unit.parse("RUS: F stp(sc)")
    Unit(power='RUS', unit_type=<UnitType.FLEET: 'F'>, region='stp(sc)')

    A text read once is remembered (units are frozen values, so the same one serves every time):
    a position of 30 units is read again each phase, and a look-up costs a fraction of a
    microsecond where reading the text costs several.  ``Unit.parse`` is the remembering table's
    own look-up (``_UNITS.__getitem__``; a text not in it is read by ``_UnitTable.__missing__``):
    a remembered unit then runs no Python code at all.  A subclass gets a class method of its own
    (``__init_subclass__``) that makes units of its class and remembers none.
    """

    power: str
    unit_type: UnitType
    region: str

    @property
    def province(self) -> str:
        """The province the unit stands in."""
        return province_of(self.region)

    def __str__(self) -> str:
        return f"{self.power}: {self.unit_type.value} {self.region}"

    parse: ClassVar[Callable[[str], Unit]]
    """``Unit.parse("ENG: F lon")``: the unit a text names (set below the class: the look-up of ``_UNITS``)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super(Unit, cls).__init_subclass__(**kwargs)  # not super(): a slots dataclass is a new class
        if "parse" not in cls.__dict__:
            cls.parse = classmethod(_read_unit)  # type: ignore[assignment]


@dataclass(frozen=True, slots=True)
class Order:
    """Base class of all orders: who orders which unit where it stands.

    ``power`` and ``unit_type`` may be ``None`` when the text leaves them out.
    """

    power: str | None
    unit_type: UnitType | None
    region: str

    _verb: ClassVar[str] = ""

    @property
    def province(self) -> str:
        """Province of the ordered unit."""
        return province_of(self.region)

    def _unit_text(self) -> str:
        pre = f"{self.power}: " if self.power else ""
        t = f"{self.unit_type.value} " if self.unit_type else ""
        return f"{pre}{t}{self.region}"

    def __str__(self) -> str:
        return f"{self._unit_text()} {self._verb}"

    def __repr__(self) -> str:
        return f"Order.parse({str(self)!r})"

    @staticmethod
    def parse(text: str, phase: Phase = Phase.MOVEMENT, mapdata: MapData | None = None) -> Order:
        """Parse one order.

        ``phase`` decides what a bare move means (a :class:`Retreat` in the
        retreat phase).  With ``mapdata``, full province names and unique
        abbreviations of them are accepted and every place is checked.

        Raises :class:`IllegalOrderError` or :class:`AmbiguousOrderError`.
        """
        # the movement phase's table without hashing the enum (Enum.__hash__ is Python code: a third of a look-up);
        # the last map's movement table by identity (the map is held, so it is that very map): no id(), no look-up
        if mapdata is not None:
            if mapdata is _last_map and phase is _MOVEMENT:
                seen = _last_moves
            else:
                vocab = _vocabulary(mapdata)
                seen = vocab.moves if phase is _MOVEMENT else vocab.parsed[phase]
        else:
            seen = _PARSED_MOVES if phase is _MOVEMENT else _PARSED[phase]
        # an order text read once is remembered (orders are frozen values): hand-ins repeat texts
        # phase after phase ("FRANCE: A PAR - BUR"), and a look-up is a tenth of a parse
        order = seen.get(text) if type(text) is str else None
        if order is not None:
            return order
        order = _parse_plain(text, phase, mapdata) if mapdata is not None else None
        if order is None:
            order = _Parser(text, phase, mapdata).parse()
        if type(text) is str:
            _remember(seen, text, order)
        return order


@dataclass(frozen=True, slots=True, repr=False)
class Hold(Order):
    """``A mun hold``."""

    _verb: ClassVar[str] = "hold"


@dataclass(frozen=True, slots=True, repr=False)
class Move(Order):
    """``A par -> bur``; ``via_convoy`` marks an explicit convoy route."""

    dest: str
    via_convoy: bool = False

    def __str__(self) -> str:
        via = " via convoy" if self.via_convoy else ""
        return f"{self._unit_text()} -> {self.dest}{via}"


@dataclass(frozen=True, slots=True, repr=False)
class SupportHold(Order):
    """``A tyr supports A ven`` (support to hold, or to stay in place)."""

    target_type: UnitType | None
    target: str

    def __str__(self) -> str:
        t = f"{self.target_type.value} " if self.target_type else ""
        return f"{self._unit_text()} supports {t}{self.target}"


@dataclass(frozen=True, slots=True, repr=False)
class SupportMove(Order):
    """``A sil supports A boh -> mun``."""

    target_type: UnitType | None
    target: str
    dest: str

    def __str__(self) -> str:
        t = f"{self.target_type.value} " if self.target_type else ""
        return f"{self._unit_text()} supports {t}{self.target} -> {self.dest}"


@dataclass(frozen=True, slots=True, repr=False)
class Convoy(Order):
    """``F nth convoys lon -> nwy``: convoy the army in ``army`` to ``dest``."""

    army: str
    dest: str

    def __str__(self) -> str:
        return f"{self._unit_text()} convoys {self.army} -> {self.dest}"


@dataclass(frozen=True, slots=True, repr=False)
class Retreat(Order):
    """``F ank retreats to bla`` (retreat phase only)."""

    dest: str

    def __str__(self) -> str:
        return f"{self._unit_text()} retreats to {self.dest}"


@dataclass(frozen=True, slots=True, repr=False)
class Disband(Order):
    """``A pic disband`` (retreat or adjustment phase)."""

    _verb: ClassVar[str] = "disband"


@dataclass(frozen=True, slots=True, repr=False)
class Build(Order):
    """``A ber build`` (adjustment phase)."""

    _verb: ClassVar[str] = "build"


# -- fast constructors -------------------------------------------------------
#
# A frozen dataclass's ``__init__`` stores each field with ``object.__setattr__`` (looked up and
# called per field): about 0.7 us for three fields, three times a plain class's.  The parser's
# plain path and the adjudicator build one order, one result and often one unit per line of a
# hand-in, so they use these instead: the same objects (equal, hashable, still frozen: nothing
# else can assign to them), built by calling the slots' own descriptors, about twice as fast.

_new = object.__new__
_set_power: Any = Order.__dict__["power"].__set__
_set_unit_type: Any = Order.__dict__["unit_type"].__set__
_set_region: Any = Order.__dict__["region"].__set__
_set_dest: Any = Move.__dict__["dest"].__set__
_set_via: Any = Move.__dict__["via_convoy"].__set__
_set_sh_type: Any = SupportHold.__dict__["target_type"].__set__
_set_sh_target: Any = SupportHold.__dict__["target"].__set__
_set_sm_type: Any = SupportMove.__dict__["target_type"].__set__
_set_sm_target: Any = SupportMove.__dict__["target"].__set__
_set_sm_dest: Any = SupportMove.__dict__["dest"].__set__
_set_cv_army: Any = Convoy.__dict__["army"].__set__
_set_cv_dest: Any = Convoy.__dict__["dest"].__set__
_set_unit_power: Any = Unit.__dict__["power"].__set__
_set_unit_unit_type: Any = Unit.__dict__["unit_type"].__set__
_set_unit_region: Any = Unit.__dict__["region"].__set__


def _hold(power: str | None, utype: UnitType | None, region: str) -> Hold:
    """``Hold(power, utype, region)``, fast."""
    o = _new(Hold)
    _set_power(o, power)
    _set_unit_type(o, utype)
    _set_region(o, region)
    return o


def _move(power: str | None, utype: UnitType | None, region: str, dest: str, via: bool) -> Move:
    """``Move(power, utype, region, dest, via)``, fast."""
    o = _new(Move)
    _set_power(o, power)
    _set_unit_type(o, utype)
    _set_region(o, region)
    _set_dest(o, dest)
    _set_via(o, via)
    return o


def _support_hold(power: str | None, utype: UnitType | None, region: str, ttype: UnitType | None,
                  target: str) -> SupportHold:
    """``SupportHold(...)``, fast."""
    o = _new(SupportHold)
    _set_power(o, power)
    _set_unit_type(o, utype)
    _set_region(o, region)
    _set_sh_type(o, ttype)
    _set_sh_target(o, target)
    return o


def _support_move(  # noqa: PLR0917 - the dataclass's own fields, in its order
    power: str | None, utype: UnitType | None, region: str, ttype: UnitType | None, target: str, dest: str
) -> SupportMove:
    """``SupportMove(...)``, fast."""
    o = _new(SupportMove)
    _set_power(o, power)
    _set_unit_type(o, utype)
    _set_region(o, region)
    _set_sm_type(o, ttype)
    _set_sm_target(o, target)
    _set_sm_dest(o, dest)
    return o


def _convoy(power: str | None, utype: UnitType | None, region: str, army: str, dest: str) -> Convoy:
    """``Convoy(...)``, fast."""
    o = _new(Convoy)
    _set_power(o, power)
    _set_unit_type(o, utype)
    _set_region(o, region)
    _set_cv_army(o, army)
    _set_cv_dest(o, dest)
    return o


def new_unit(power: str, utype: UnitType, region: str) -> Unit:
    """``Unit(power, utype, region)``, fast (for the adjudicator's results)."""
    u = _new(Unit)
    _set_unit_power(u, power)
    _set_unit_unit_type(u, utype)
    _set_unit_region(u, region)
    return u


# -- remembered texts -------------------------------------------------------

_REMEMBER_MAX = 1 << 16
"""Most texts remembered in one table (units; orders per map and phase); a full table starts again."""

_T = TypeVar("_T")
_U = TypeVar("_U", bound=Unit)


def _remember(table: dict[str, _T], text: str, value: _T) -> None:
    if len(table) >= _REMEMBER_MAX:
        table.clear()
    table[text] = value


_COASTS = frozenset(("nc", "sc", "ec", "wc"))


class _UnitTable(dict[str, Unit]):
    """Unit texts read so far -> the unit; a text not in it is read (and remembered) on the way."""

    __slots__ = ()

    def __missing__(self, text: str) -> Unit:
        if type(text) is not str:  # only plain texts are remembered (a str subclass may hash as it likes)
            if isinstance(text, str):
                return _read_unit(Unit, text)
            raise IllegalOrderError(f"illegal unit {text!r}: expected a text 'POWER: A|F place'")
        # the commonest new text, a known power's known unit elsewhere ("FRANCE: A bur" after "GERMANY: A bur"),
        # read here without the calls of the full path (each is more code to fetch from cold caches)
        head, colon, body = text.partition(":")
        power = _power_words_get(head) if colon else None
        where = _unit_bodies_get(body) if power is not None else None
        unit = _read_unit(Unit, text) if where is None else new_unit(power, *where)  # type: ignore[arg-type]
        if len(self) >= _REMEMBER_MAX:
            self.clear()
        self[text] = unit
        return unit


_UNITS = _UnitTable()
"""Unit texts read so far -> the unit (cleared when full, never replaced: ``Unit.parse`` is its look-up)."""
Unit.parse = _UNITS.__getitem__
_PARSED: dict[Phase, dict[str, Order]] = {phase: {} for phase in Phase}
"""Order texts read so far without a map, per phase (a bare move reads as a retreat in the retreat phase)."""
_MOVEMENT = Phase.MOVEMENT
_PARSED_MOVES = _PARSED[_MOVEMENT]


def _read_unit(cls: type[_U], text: str) -> _U:
    """A unit of class ``cls`` read from ``text`` (nothing remembered); :meth:`Unit.parse` without its table."""
    unit = _parse_unit_plain(text)
    if unit is not None and cls is Unit:
        return unit  # type: ignore[return-value]
    if unit is not None:
        return cls(unit.power, unit.unit_type, unit.region)
    o = Order.parse(text)
    if not isinstance(o, Hold) or o.power is None or o.unit_type is None:
        raise IllegalOrderError(f"illegal unit {text!r}: expected 'POWER: A|F place'")
    return cls(o.power, o.unit_type, o.region)


_POWER_WORDS: dict[str, str] = {}
"""The text before an order's or a unit's colon (``"FRANCE"``, ``" FRANCE "``) -> the power's name, letters only:
one string per power, shared by every unit and order read from such a text."""
_power_words_get = _POWER_WORDS.get
_UNIT_BODIES: dict[str, tuple[UnitType, str]] = {}
"""The text after a unit's colon (``" A par"``) -> its unit type and region, for every power's units."""
_unit_bodies_get = _UNIT_BODIES.get


def _parse_unit_plain(text: str) -> Unit | None:
    """``"FRANCE: A par"`` read word by word; ``None`` for anything else (coasts, odd spacing, every error),
    which :meth:`Unit.parse` leaves to the full parser: it gives the same unit for these texts (a test checks).

    The power's text and the unit's text are read apart and each is remembered (``_POWER_WORDS``,
    ``_UNIT_BODIES``): a unit text never seen before is mostly a known power's known unit elsewhere
    ("FRANCE: A bur" after "GERMANY: A bur"), then two look-ups and no reading.
    """
    head, colon, body = text.partition(":")
    if not colon:
        return None
    power = _power_words_get(head)
    if power is None:
        power = head.strip()
        if not (power.isalpha() and power.isascii()):
            return None
        _remember(_POWER_WORDS, head, power)
    where = _unit_bodies_get(body)
    if where is None:
        where = _unit_body(body)
        if where is None:
            return None
        _remember(_UNIT_BODIES, body, where)
    utype, region = where
    return new_unit(power, utype, region)


def _unit_body(body: str) -> tuple[UnitType, str] | None:
    """``" A par"`` -> ``(UnitType.ARMY, "par")``; ``None``: left to the full parser (see ``_parse_unit_plain``)."""
    words = body.split()
    if len(words) != 2:
        return None
    utype = _TYPES.get(words[0].lower())
    if utype is None:
        return None
    place = words[1].lower()
    coast = None
    if place[-1] == ")":  # stp(sc)
        place, bracket, coast = place[:-1].partition("(")
        if not bracket or coast not in _COASTS:
            return None
    elif "/" in place:  # stp/sc
        place, _, coast = place.partition("/")
        if coast not in _COASTS:
            return None
    # ^[a-z][a-z0-9_]*$ (the full parser's province word) without the regex, slow to start from cold caches
    if place in _KEYWORDS or not (place.isascii() and place[:1].isalpha() and place.replace("_", "a").isalnum()):
        return None
    return utype, region_id(place, coast) if coast else place


# -- parser ---------------------------------------------------------------

_HOLD = {"h", "hold", "holds", "stand", "stands"}
_MOVE = {"-", "to", "m", "move", "moves"}
_SUPPORT = {"s", "support", "supports"}
_CONVOY = {"c", "convoy", "convoys"}
_RETREAT = {"r", "retreat", "retreats"}
_DISBAND = {"d", "disband", "disbands", "remove", "removes"}
_BUILD = {"b", "build", "builds"}
_VIA = {"via", "by"}
_TYPES = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET}
_COAST_WORDS = {
    "nc": "nc",
    "sc": "sc",
    "ec": "ec",
    "wc": "wc",
    "north": "nc",
    "south": "sc",
    "east": "ec",
    "west": "wc",
    "n": "nc",
    "s": "sc",
    "e": "ec",
    "w": "wc",
}
_KEYWORDS = (_HOLD | _MOVE | _SUPPORT | _CONVOY | _RETREAT | _DISBAND | _BUILD | _VIA | set(_TYPES)) | {
    "convoy",
    "coast",
    "(",
    ")",
    "/",
}
_POWER_RE = re.compile(r"^\s*([A-Za-z][\w .'-]*?)\s*:\s*(.*)$", re.DOTALL)
_POWER_NAME_RE = re.compile(r"[A-Za-z][\w .'-]*\Z")
_SPLIT_RE = re.compile(r"->|[-\u2013\u2192()/]|[^\s\-\u2013\u2192()/]+")
_WORD_RE = re.compile(r"^[a-z][a-z0-9_]*$")


def _norm_name(name: str) -> str:
    return " ".join(re.sub(r"[.,']", "", name.lower()).split())


class _Parser:
    def __init__(self, text: str, phase: Phase, map_: MapData | None) -> None:
        self.text = text
        self.phase = phase
        self.map = map_
        self.toks: list[str] = []
        self.i = 0

    # errors
    def illegal(self, what: str) -> IllegalOrderError:
        return IllegalOrderError(f"illegal order {self.text!r}: {what}")

    # token helpers
    def peek(self, k: int = 0) -> str | None:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def take(self) -> str:
        t = self.toks[self.i]
        self.i += 1
        return t

    def accept(self, words: set[str]) -> str | None:
        t = self.peek()
        if t is not None and t in words:
            self.i += 1
            return t
        return None

    def _tokens(self, body: str) -> Iterator[str]:
        for t in _SPLIT_RE.findall(body.lower()):
            yield "-" if t in {"->", "\u2013", "\u2192"} else t

    def parse(self) -> Order:
        text = self.text
        if not text.strip():
            raise self.illegal("empty order")
        power: str | None = None
        m = _POWER_RE.match(text)
        body = text
        if m:
            power, body = m.group(1).strip(), m.group(2)
        self.toks = self._merge_names(list(self._tokens(body)))
        if not self.toks:
            raise self.illegal("no unit after the power")
        # "Build A Par" / "Disband F Nth" / "Remove ..."
        lead: type[Order] | None = None
        if self.accept(_BUILD):
            lead = Build
        elif self.peek() in _DISBAND and self.peek(1) is not None:
            self.take()
            lead = Disband
        utype, region = self.unit()
        if lead is not None:
            self.end()
            return lead(power, utype, region)
        order = self.rest(power, utype, region)
        self.end()
        return order

    def end(self) -> None:
        if self.i < len(self.toks):
            prev = self.toks[self.i - 1] if self.i else "the start"
            raise self.illegal(f"unexpected {self.toks[self.i]!r} after {prev!r}")

    def unit(self) -> tuple[UnitType | None, str]:
        t = self.peek()
        utype = None
        if t in _TYPES and (self.peek(1) is None or self.peek(1) not in _HOLD | _DISBAND | _BUILD):
            utype = _TYPES[self.take()]
        return utype, self.location()

    def location(self) -> str:
        t = self.peek()
        if t is None:
            raise self.illegal("expected a province at the end")
        prov = self.province(t)
        self.i += 1
        coast = self.coast()
        if coast and self.map is not None and region_id(prov, coast) not in self.map.regions:
            raise self.illegal(f"{prov!r} has no coast {coast!r}")
        return region_id(prov, coast)

    def province(self, t: str) -> str:
        if self.map is not None:
            if t in self.map.provinces:
                return t
            if t in self._names():
                return self._names()[t]
            if len(t) >= 3 and _WORD_RE.match(t):
                hits = sorted(
                    {s for n, s in self._names().items() if n.startswith(t)},
                )
                if len(hits) == 1:
                    return hits[0]
                if len(hits) > 1:
                    raise AmbiguousOrderError(
                        f"ambiguous order {self.text!r}: {t!r} could be "
                        + " or ".join(f"{self.map.provinces[h].name} ({h})" for h in hits)
                    )
            raise self.illegal(f"unknown province {t!r}")
        if t in _KEYWORDS or not _WORD_RE.match(t):
            raise self.illegal(f"expected a province, found {t!r}")
        return t

    def coast(self) -> str | None:
        t = self.peek()
        if t in {"(", "/"}:
            self.take()
            c = self.peek()
            if c is None or c not in _COAST_WORDS:
                raise self.illegal(f"expected a coast after {t!r}")
            self.take()
            self.accept({"coast"})
            if t == "(" and self.accept({")"}) is None:
                raise self.illegal("missing ')' after the coast")
            return _COAST_WORDS[c]
        if t in {"nc", "sc", "ec", "wc"}:
            self.take()
            return t
        if t in {"north", "south", "east", "west"} and self.peek(1) == "coast":
            self.i += 2
            return _COAST_WORDS[t]
        return None

    def rest(self, power: str | None, utype: UnitType | None, region: str) -> Order:
        t = self.peek()
        if t is None or self.accept(_HOLD):
            return Hold(power, utype, region)
        if self.accept(_MOVE):
            dest = self.location()
            via = self.via()
            if self.phase is Phase.RETREAT and not via:
                return Retreat(power, utype, region, dest)
            return Move(power, utype, region, dest, via)
        if self.accept(_RETREAT):
            self.accept({"to", "-"})
            return Retreat(power, utype, region, self.location())
        if self.accept(_DISBAND):
            return Disband(power, utype, region)
        if self.accept(_BUILD):
            return Build(power, utype, region)
        if self.accept(_SUPPORT):
            ttype, target = self.unit()
            if self.accept(_MOVE):
                return SupportMove(power, utype, region, ttype, target, self.location())
            self.accept(_HOLD)
            return SupportHold(power, utype, region, ttype, target)
        if self.accept(_CONVOY):
            if self.peek() in _TYPES and self.peek(1) not in _KEYWORDS and _TYPES[self.take()] is UnitType.FLEET:
                raise self.illegal("only armies can be convoyed")
            army = self.location()
            if self.accept(_MOVE) is None:
                raise self.illegal("a convoy order needs the army's destination")
            return Convoy(power, utype, region, army, self.location())
        raise self.illegal(f"unexpected {t!r} after {region!r}")

    def via(self) -> bool:
        if self.peek() in _VIA and self.peek(1) == "convoy":
            self.i += 2
            return True
        if self.peek() == "vc" or (self.peek() == "via" and self.peek(1) is None):  # "A Lon-Nwy VIA" (DAIDE style)
            self.i += 1
            return True
        return False

    # full names -------------------------------------------------------

    def _names(self) -> dict[str, str]:
        assert self.map is not None
        return _vocabulary(self.map).names

    def _merge_names(self, toks: list[str]) -> list[str]:
        """Join the words of a full province name (``north sea``) into its short name (``nth``)."""
        if self.map is None:
            return toks
        vocab = _vocabulary(self.map)
        names, lengths = vocab.names, vocab.name_lengths
        out: list[str] = []
        i = 0
        while i < len(toks):
            # only a token that starts some multi-word name can start a merge
            for n in lengths.get(_norm_name(toks[i]), ()):
                if i + n <= len(toks):
                    cand = _norm_name(" ".join(toks[i : i + n]))
                    if cand in names:
                        out.append(names[cand])
                        i += n
                        break
            else:
                out.append(toks[i])
                i += 1
        return out


@dataclass(frozen=True)
class _Vocabulary:
    """What the parser knows of one map, computed once per map.

    ``names``: normalised full name -> short name; ``name_lengths``: first word of a
    multi-word name -> the word counts of the names it starts, longest first (a merge is
    tried only where one can begin); ``places``: every spelling of a place the plain
    parser takes as it stands (``spa``, ``spa(nc)``, ``spa/nc``) -> its region id.
    """

    names: dict[str, str]
    name_lengths: dict[str, tuple[int, ...]]
    places: dict[str, str]
    parsed: dict[Phase, dict[str, Order]]
    """Order texts read so far on this map, per phase -> the order (see :meth:`Order.parse`)."""
    moves: dict[str, Order]
    """``parsed[Phase.MOVEMENT]``, the same table, reached without hashing the enum."""


_MOVE_WORDS = _MOVE | {"->", "\u2013", "\u2192"}
_VIA_TAILS = {("via",): True, ("via", "convoy"): True, ("by", "convoy"): True, ("vc",): True, (): False}


_VOCABULARIES: dict[int, tuple[MapData, _Vocabulary]] = {}
"""id(map) -> (the map, its vocabulary); the map is held, so its id names no other map while it is here."""
_VOCABULARIES_MAX = 16
"""Most maps whose vocabularies are kept (a full table starts again): each holds its map alive."""
_last_map: MapData | None = None
"""The map of the last vocabulary asked for, its movement table and its places (the parsers' fast path)."""
_last_moves: dict[str, Order] = {}
_last_places: dict[str, str] = {}


def _vocabulary(m: MapData) -> _Vocabulary:
    global _last_map, _last_moves, _last_places  # the one-map fast path of the parsers
    hit = _VOCABULARIES.get(id(m))
    if hit is not None and hit[0] is m:
        _last_map, _last_moves, _last_places = m, hit[1].moves, hit[1].places
        return hit[1]
    names = {_norm_name(p.name): p.short for p in m.provinces.values()}
    lengths: dict[str, set[int]] = {}
    for n in names:
        words = n.split()
        if len(words) > 1:
            lengths.setdefault(words[0], set()).add(len(words))
    places: dict[str, str] = {}
    for r in m.regions.values():
        if r.coast:
            places[f"{r.province}({r.coast})"] = places[f"{r.province}/{r.coast}"] = r.id
        else:
            places[r.province] = r.id
    for p in m.provinces:
        places.setdefault(p, p)
    # a word that may begin a full name, or a keyword ("a", "h", "to"), is never read as a place here:
    # so "A H" or "A S A - bur" never pass as orders on this path
    unsafe = set(lengths) | _KEYWORDS
    places = {k: v for k, v in places.items() if province_of(v) not in unsafe and k not in unsafe}
    # a full name beginning with an order word ("S Tyrol") would be merged by _Parser: no plain path
    plain = not set(lengths) & (_KEYWORDS | _MOVE_WORDS | {"vc"})
    parsed: dict[Phase, dict[str, Order]] = {phase: {} for phase in Phase}
    vocab = _Vocabulary(
        names, {w: tuple(sorted(ns, reverse=True)) for w, ns in lengths.items()}, places if plain else {},
        parsed, parsed[Phase.MOVEMENT],
    )
    # the unit texts of this map's places in their usual spelling (``str(unit)``: "FRANCE: F spa(nc)"), read
    # once here by the same reader, so that a unit entering a place for the first time costs two look-ups
    for region in m.regions:
        for body in (f" A {region}", f" F {region}"):
            if body not in _UNIT_BODIES:
                where = _unit_body(body)
                if where is not None:
                    _remember(_UNIT_BODIES, body, where)
    if len(_VOCABULARIES) >= _VOCABULARIES_MAX:
        _VOCABULARIES.clear()
    _VOCABULARIES[id(m)] = (m, vocab)
    _last_map, _last_moves, _last_places = m, vocab.moves, vocab.places
    return vocab


def _parse_plain(text: str, phase: Phase, m: MapData) -> Order | None:
    """The common orders in their plain spellings, read word by word; ``None`` for anything else.

    ``A PAR - BUR``, ``FRANCE: F STP/SC - BOT``, ``A lon -> bel via Convoy``, ``A Sil S A Boh - Mun``,
    ``F nth C A lon - nwy``, ``A mun H``: words separated by spaces, places by their short names.
    Whatever this does not read (full names, ``A Par-Bur``, retreats and builds, every error) goes
    to :class:`_Parser`, which gives the same answer for these texts (a property test checks it);
    this path exists because it is several times faster, and parsing a hand-in of orders
    used to cost more than adjudicating it.
    """
    power: str | None = None
    head, colon, body = text.partition(":")
    if colon:
        power = _power_words_get(head)
        if power is None:
            power = head.strip()
            # letters only (``FRANCE``) pass without the regex, which is slow to start from cold caches
            if power.isalpha() and power.isascii():
                _remember(_POWER_WORDS, head, power)
            elif not _POWER_NAME_RE.match(power):
                return None
    else:
        body = head
    toks = body.lower().split()
    n = len(toks)
    if n == 0 or n > 9:
        return None
    places = _last_places if m is _last_map else _vocabulary(m).places
    i = 0
    utype = _TYPES.get(toks[0])
    if utype is not None:
        if n == 1:
            return None
        i = 1
    region = places.get(toks[i])
    if region is None:
        return None
    i += 1
    if i == n:
        return _hold(power, utype, region)
    verb = toks[i]
    i += 1
    # moves first: the commonest order (the word sets are disjoint, so the order of the tests is free)
    if verb in _MOVE_WORDS:
        if i == n:
            return None
        dest = places.get(toks[i])
        via = False if i + 1 == n else _VIA_TAILS.get(tuple(toks[i + 1 :]))
        if dest is None or via is None:
            return None
        if phase is Phase.RETREAT and not via:
            return Retreat(power, utype, region, dest)
        return _move(power, utype, region, dest, via)
    if verb in _HOLD:
        return _hold(power, utype, region) if i == n else None
    if i == n:
        return None
    if verb in _SUPPORT:
        ttype = _TYPES.get(toks[i])
        if ttype is not None:
            if i + 1 == n:
                return None
            i += 1
        target = places.get(toks[i])
        if target is None:
            return None
        i += 1
        if i == n or (i + 1 == n and toks[i] in _HOLD):
            return _support_hold(power, utype, region, ttype, target)
        if i + 2 == n and toks[i] in _MOVE_WORDS:
            dest = places.get(toks[i + 1])
            return None if dest is None else _support_move(power, utype, region, ttype, target, dest)
        return None
    if verb in _CONVOY:
        if toks[i] in ("a", "army"):
            i += 1
        if i + 3 != n or toks[i + 1] not in _MOVE_WORDS:
            return None
        army, dest = places.get(toks[i]), places.get(toks[i + 2])
        return None if army is None or dest is None else _convoy(power, utype, region, army, dest)
    return None
