"""Who a command acts for: the teams whose rights a seat needs to play it.

An umpire's seat may be limited to some teams. Whether a command stays within them cannot be
read from a hand list of field names (a new command, or a new field of an old one, would slip
through: an ``attack`` once spent the defender's stores from the attacker's seat). Instead every
field of every command declares who decides its value, with a marker in its type::

    class Attack(Command):
        attackers: Annotated[list[str], COUNTER]                      # their teams act
        place: Annotated[str, CHOSEN]                                 # the attacker's choice
        defender_loss: Annotated[list[str], side("defender")] = []    # the defender's choice

and :func:`teams_concerned` walks the fields of a command to collect the teams acting in it.
A field without a marker is an error (:class:`UndeclaredRightsError`, and a test over every
rule module), so nothing is forgotten silently.

The markers:

``TEAM``
    The value names teams that act: a team id, a list of them, or a mapping keyed by them
    (an influence contest's bids). Each named team is concerned.
``COUNTER``
    The value names counters (one id or a list); the teams owning them act.
``CHOSEN``
    The acting team's own choice: a destination, a target, a recipient, an amount, a die typed
    in, a reason. It names nobody else who acts: a strike's target does not act, the striker does.
``side(name)``
    The choice of a side the rule module knows (the defender of an attack, the holder of a
    place), resolved by :meth:`RuleModule.side_teams`. It counts when the command sets it: a
    field left at its default leaves the decision to the rules, not to the sender.
    ``side(name, always=True)`` counts even at its default: a field whose empty value still names
    who acts (Mid-East PEACE: an empty ``player`` is the phasing player).

``kind`` and ``force`` (on every command) are the command's name and CONTROL's ruling; a seat's
right to force is checked on its own.

>>> from boardapp.rules.binni.commands import Handover
>>> field_rights(Handover)
{'place': Decider(who='side', side='holder', always=False), 'to': Decider(who='chosen', side='', always=False)}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from boardapp.engine.module import Command

if TYPE_CHECKING:
    from boardapp.engine.module import RuleModule


@dataclass(frozen=True)
class Decider:
    """Who decides a command field's value (see the module's docstring)."""

    who: str
    """'team', 'counter', 'chosen' or 'side'."""
    side: str = ""
    """For 'side': the rule module's name of the side ('defender', 'holder')."""
    always: bool = False
    """For 'side': the side counts even when the field is left at its default (an empty ``player`` that
    means "the phasing player" names someone who acts all the same)."""


TEAM = Decider("team")
COUNTER = Decider("counter")
CHOSEN = Decider("chosen")


def side(name: str, always: bool = False) -> Decider:
    """A field decided by a side of the command that only the rule module can name.

    ``always``: the side acts even when the field is left at its default (Mid-East PEACE's empty
    ``player``, the phasing player); otherwise a default leaves the decision to the rules."""
    return Decider("side", name, always)


_BUILT_IN = frozenset({"kind", "force"})
"""Fields every command has: its name, and CONTROL's ruling (checked separately: only CONTROL forces)."""


class UndeclaredRightsError(TypeError):
    """A command field declares no :class:`Decider`: nobody can tell whose rights it needs."""


@cache
def field_rights(command_type: type[Command]) -> dict[str, Decider]:
    """The declared decider of each field of ``command_type`` (``kind`` and ``force`` excepted).

    Raises :class:`UndeclaredRightsError` naming every field without a marker (or with two).
    """
    out: dict[str, Decider] = {}
    missing: list[str] = []
    for name, info in command_type.model_fields.items():
        if name in _BUILT_IN:
            continue
        marks = [m for m in info.metadata if isinstance(m, Decider)]
        if len(marks) != 1:
            missing.append(name)
            continue
        out[name] = marks[0]
    if missing:
        kind = command_type.model_fields["kind"].default
        raise UndeclaredRightsError(
            f"command {kind!r} ({command_type.__qualname__}): field{'s' if len(missing) > 1 else ''} "
            f"{', '.join(missing)} declare{'' if len(missing) > 1 else 's'} no single decider "
            "(annotate it with TEAM, COUNTER, CHOSEN or side(...) from boardapp.engine.rights)")
    return out


def undeclared_fields(command_types: Iterable[type[Command]]) -> list[str]:
    """Every problem :func:`field_rights` finds in ``command_types``, one line each (for a test)."""
    problems = []
    for command_type in command_types:
        try:
            field_rights(command_type)
        except UndeclaredRightsError as exc:
            problems.append(str(exc))
    return problems


def _ids(value: Any) -> list[str]:
    """The ids a field value names: a string, the strings in a list or tuple, a mapping's keys."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [k for k in value if isinstance(k, str)]
    if isinstance(value, list | tuple | set | frozenset):
        return [v for v in value if isinstance(v, str)]
    return []


def teams_concerned(module: RuleModule[Any], state: Any, command: Command) -> set[str]:
    """The teams acting in ``command``: a seat limited to some teams needs all of them.

    Counters are looked up in ``state.counters`` (an unknown counter names no team: the rules
    refuse such a command anyway, as impossible). Side fields count only when set to something
    other than their default.
    """
    teams: set[str] = set()
    counters: Mapping[str, Any] = getattr(state, "counters", None) or {}
    fields = type(command).model_fields
    for name, decider in field_rights(type(command)).items():
        value = getattr(command, name)
        if decider.who == "team":
            teams.update(_ids(value))
        elif decider.who == "counter":
            for cid in _ids(value):
                team = getattr(counters.get(cid), "team", None)
                if isinstance(team, str):
                    teams.add(team)
        elif decider.who == "side":
            info = fields[name]
            if decider.always or info.is_required() or value != info.get_default(call_default_factory=True):
                teams.update(module.side_teams(state, command, decider.side))
        elif decider.who != "chosen":
            raise UndeclaredRightsError(f"field {name!r} of {command.kind!r}: unknown decider {decider.who!r}")
    return teams
