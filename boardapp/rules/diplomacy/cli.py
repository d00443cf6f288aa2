"""Adjudicate a position and orders given in the shape of one DATC JSON entry.

The file holds one object with ``phase`` (``Main``, ``Retreat`` or ``Build``),
``orders`` (order text -> anything; only the keys are read) and optionally
``starting_state`` (``["ENG: F lon", ...]``).  Units named by orders and not in
``starting_state`` are placed where the order says.  A ``Retreat`` entry also
has ``preceding_main_phase`` (``starting_state``/``orders``) which is
adjudicated first; a ``Build`` entry may have ``occupiers`` (centre -> owner,
overriding the home owners; units standing on centres own them too).

>>> import json
>>> case = {"phase": "Main", "orders": {"AUS: A vie -> tyr": None, "ITA: A ven -> tyr": None}}
>>> out = run_case(case)
>>> out["results"]
{'AUS: A vie -> tyr': 'Fails', 'ITA: A ven -> tyr': 'Fails'}
>>> out["contested"]
['tyr']
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from boardapp.rules.diplomacy.adjudicator import (
    MovementResult,
    adjudicate_adjustments,
    adjudicate_movement,
    adjudicate_retreats,
)
from boardapp.rules.diplomacy.mapdata import MapData, MapDataError, load_standard_map
from boardapp.rules.diplomacy.orders import (
    AmbiguousOrderError,
    IllegalOrderError,
    Order,
    Phase,
    Unit,
)

__all__ = ["CaseError", "adjudicate_file", "main_adjudicate", "run_case"]


class CaseError(ValueError):
    """The position/orders object is malformed."""


@functools.cache
def _standard_map() -> MapData:
    """The shipped standard map, read once."""
    return load_standard_map()


def _str_list(obj: Mapping[str, Any], key: str) -> list[str]:
    v = obj.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise CaseError(f"{key!r} must be a list of strings")
    return list(v)


def _order_texts(obj: Mapping[str, Any], where: str = "orders") -> list[str]:
    v = obj.get("orders")
    if not isinstance(v, dict):
        raise CaseError(f"{where!r} must be an object mapping order text to a result")
    return list(v)


def _movement(m: MapData, obj: Mapping[str, Any]) -> tuple[list[str], MovementResult]:
    texts = _order_texts(obj)
    units = [Unit.parse(t) for t in _str_list(obj, "starting_state")]
    orders = [Order.parse(t, Phase.MOVEMENT, m) for t in texts]
    _place(m, units, orders)
    return texts, adjudicate_movement(m, units, orders)


def _place(m: MapData, units: list[Unit], orders: list[Order]) -> None:
    """Add a unit for every order whose province holds none yet."""
    taken = {u.province for u in units}
    for o in orders:
        if o.province in taken:
            continue
        if o.power is None or o.unit_type is None:
            raise CaseError(f"order {str(o)!r} needs the power and unit type to place its unit")
        if o.region not in m.regions:
            raise CaseError(f"order {str(o)!r}: no region {o.region!r} on the map")
        units.append(Unit(o.power, o.unit_type, o.region))
        taken.add(o.province)


def _units(units: Any) -> list[str]:
    return [str(u) for u in units]


def run_case(case: Mapping[str, Any], mapdata: MapData | None = None) -> dict[str, Any]:
    """Adjudicate one DATC-shaped entry; return results, units, dislodged units, owners."""
    m = mapdata or _standard_map()
    try:
        phase = Phase(case.get("phase", "Main"))
    except ValueError:
        raise CaseError(f"'phase' must be Main, Retreat or Build, not {case.get('phase')!r}") from None
    out: dict[str, Any] = {"phase": phase.value}
    if phase is Phase.MOVEMENT:
        texts, mv = _movement(m, case)
        out["results"] = {t: r.outcome for t, r in zip(texts, mv.results, strict=True)}
        out["reasons"] = {t: r.reason for t, r in zip(texts, mv.results, strict=True)}
        out["units"] = _units(mv.units)
        out["dislodged"] = [{"unit": str(d.unit), "attacker_origin": d.attacker_origin} for d in mv.dislodged]
        out["contested"] = sorted(mv.contested)
        owners = dict(m.initial_owners())
    elif phase is Phase.RETREAT:
        pre = case.get("preceding_main_phase")
        if not isinstance(pre, dict):
            raise CaseError("a Retreat entry needs 'preceding_main_phase'")
        _texts, mv = _movement(m, pre)
        texts = _order_texts(case)
        orders = [Order.parse(t, Phase.RETREAT, m) for t in texts]
        rr = adjudicate_retreats(m, mv, orders)
        out["results"] = {t: r.outcome for t, r in zip(texts, rr.results, strict=True)}
        out["reasons"] = {t: r.reason for t, r in zip(texts, rr.results, strict=True)}
        out["units"] = _units(rr.units)
        out["dislodged"] = []
        out["disbanded"] = _units(rr.disbanded)
        owners = dict(m.initial_owners())
    else:
        texts = _order_texts(case)
        units = [Unit.parse(t) for t in _str_list(case, "starting_state")]
        occ = case.get("occupiers", {})
        if not isinstance(occ, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in occ.items()):
            raise CaseError("'occupiers' must map centres to powers")
        owners = dict(m.initial_owners())
        owners.update(occ)
        for u in units:
            if u.province in m.provinces and m.provinces[u.province].supply_center:
                owners[u.province] = u.power
        orders = [Order.parse(t, Phase.ADJUSTMENT, m) for t in texts]
        ar = adjudicate_adjustments(m, units, owners, orders)
        out["results"] = {t: r.outcome for t, r in zip(texts, ar.results, strict=True)}
        out["reasons"] = {t: r.reason for t, r in zip(texts, ar.results, strict=True)}
        out["units"] = _units(ar.units)
        out["dislodged"] = []
        out["civil_disorder"] = _units(ar.civil_disorder)
    out["supply_centre_owners"] = dict(sorted(owners.items()))
    return out


def adjudicate_file(path: Path) -> dict[str, Any]:
    """Read a DATC-shaped JSON file and adjudicate it (see :func:`run_case`).

    Raises :class:`CaseError` (a ``ValueError``) naming the file and the problem.
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise CaseError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise CaseError(f"{path}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise CaseError(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(data, dict):
        raise CaseError(f"{path}: expected a JSON object with 'phase' and 'orders'")
    try:
        return run_case(data)
    except (IllegalOrderError, AmbiguousOrderError, MapDataError) as exc:
        raise CaseError(f"{path}: {exc}") from None
    except CaseError as exc:
        raise CaseError(f"{path}: {exc}") from None
    except ValueError as exc:  # e.g. two units in one province
        raise CaseError(f"{path}: {exc}") from None


def main_adjudicate(path: str) -> int:
    """Print the adjudication of ``path`` as JSON; on a bad file print one line, return 1."""
    try:
        out = adjudicate_file(Path(path))
    except CaseError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(out, indent=2))
    return 0
