"""The base class of every file-format and state model, and the bound on every number in them."""

from __future__ import annotations

import math
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator

NUMBER_BOUND = 10**9
"""No number in a map, a scenario, a game state or a command may exceed this in size (|n| ≤ 10^9): far above
any real game (a thousand million counters, points, money or pixels) and far below what breaks arithmetic,
JSON or the screen. A field that needs more declares it (``json_schema_extra={"number_bound": N}``); a field
with a tighter bound of its own (``le=``, ``ge=``) is held to that first. Documented in docs/formats.md and
docs/commands.md."""


def number_bound(model: type[BaseModel], field: str | None) -> int:
    """The bound of ``field`` of ``model``: its own ``number_bound``, else :data:`NUMBER_BOUND`."""
    info = model.model_fields.get(field) if field else None
    extra = info.json_schema_extra if info is not None else None
    if isinstance(extra, dict):
        own = extra.get("number_bound")
        if isinstance(own, int) and not isinstance(own, bool):
            return own
    return NUMBER_BOUND


def out_of_bound(value: Any, bound: int = NUMBER_BOUND, depth: int = 0) -> str | None:
    """Why a number in ``value`` (a number, or lists, tuples, sets and dict values of them) is refused, or None.

    Models inside are left to their own validation (they are checked as they are built)."""
    if isinstance(value, bool) or value is None or isinstance(value, str | BaseModel):
        return None
    if isinstance(value, int):
        if -bound <= value <= bound:
            return None
        digits = len(str(abs(value))) if value.bit_length() < 14_000 else "thousands of"
        shown = f"{value:,}" if value.bit_length() <= 64 else f"a number of {digits} digits"
        return f"{shown} is beyond the bound every number here has: at most {bound:,} in size"
    if isinstance(value, float):
        if not math.isfinite(value):
            return f"{value} is not a finite number"
        return None if -bound <= value <= bound else (
            f"{value:g} is beyond the bound every number here has: at most {bound:,} in size")
    if depth < 8:
        items = value.values() if isinstance(value, dict) else value if isinstance(value, list | tuple | set
                                                                                   | frozenset) else ()
        for item in items:
            why = out_of_bound(item, bound, depth + 1)
            if why is not None:
                return why
    return None


class BoundedNumbers(BaseModel):
    """Every int and float field (and the numbers in its lists and dicts) is bounded (:data:`NUMBER_BOUND`)."""

    @field_validator("*", mode="after")
    @classmethod
    def _bounded(cls, value: Any, info: ValidationInfo) -> Any:
        if isinstance(value, int | float | list | tuple | dict | set | frozenset) and not isinstance(value, bool):
            why = out_of_bound(value, number_bound(cls, info.field_name))
            if why is not None:
                raise ValueError(f"{info.field_name}: {why}")
        return value


class FileModel(BoundedNumbers):
    """A section of a file a person writes: unknown keys are errors, not silently dropped."""

    model_config = ConfigDict(
        extra="forbid",
        populate_by_name=True,
        use_attribute_docstrings=False,
        validate_default=False,
        defer_build=True,
    )
