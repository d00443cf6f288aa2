"""The one door into a game: every drag, panel, dialog, rule extra and seat submits here.

``GameController.submit(command)`` hands the command to the window's :class:`GameSource` and
answers with an :class:`Outcome`: the accepted journal entry, or a refusal with the reasons, whether
CONTROL may force it, and what kind of refusal it was (the rules', a malformed command, a LAN host's
'stale', 'forbidden', 'queued' …). Who wants to know listens: the window puts an accepted entry on
its undo stack and offers CONTROL's force for a refusal; the network's status line shows the host's
refusals. Nothing else calls a game's ``push``.

Qt-free, so it is tested without a window:

>>> from boardapp.engine.files import DEFAULT_SCENARIO, load_scenario
>>> from boardapp.engine.game import Game
>>> controller = GameController(Game.new(load_scenario(DEFAULT_SCENARIO)))
>>> controller.submit({"kind": "news", "text": "Ceasefire talks"}).accepted
True
>>> refused = controller.submit({"kind": "move", "counter": "nobody", "to": "nowhere"})
>>> refused.accepted, refused.forceable, refused.code
(False, False, 'illegal')
>>> controller.submit({"kind": "no such thing"}).code
'malformed'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from boardapp.engine import staff
from boardapp.engine.journal import JournalEntry
from boardapp.engine.module import Command, IllegalCommandError
from boardapp.ui.document.source import GameSource


@dataclass(frozen=True)
class Outcome:
    """What became of a submitted command."""

    command: dict[str, Any] | Command
    """The command as submitted."""
    entry: JournalEntry | None = None
    """The journal entry, when the game accepted it."""
    reasons: tuple[str, ...] = ()
    """Why it was refused, in the game's words."""
    forceable: bool = False
    """Whether CONTROL's ruling may force it (not for an unknown counter, a malformed command …)."""
    code: str = ""
    """'' when accepted; 'illegal' (the rules refuse), 'malformed' (not a valid command), or a LAN
    host's refusal code ('stale', 'forbidden', 'queued', 'closed' …)."""
    precedents: tuple[Any, ...] = ()
    """For a refusal of the rules: the Control team's standing rulings it meets, best first
    (:class:`~boardapp.engine.staff.RulingRecord`: 'Ruled 11:24 by Map Control: …'), see :func:`precedents`."""

    @property
    def accepted(self) -> bool:
        return self.entry is not None

    @property
    def command_data(self) -> dict[str, Any]:
        """The command as a dict (what CONTROL's force dialog edits)."""
        cmd = self.command
        if isinstance(cmd, Command):
            return cmd.model_dump(mode="json", exclude_defaults=True, by_alias=True) | {"kind": cmd.kind}
        return dict(cmd)


OutcomeListener = Callable[[Outcome], None]


def precedents(source: Any, command: dict[str, Any] | Command) -> tuple[Any, ...]:
    """The standing rulings of the Control team's register a refused ``command`` meets: the same command
    kind, or the same place, team or counter (found generically among the command's values). Empty when
    the source keeps no register (a viewer's) or a ruling cannot be told."""
    game = getattr(source, "mirror", source)  # a LAN seat's replica keeps the register
    try:
        register = game.staff
    except Exception:  # a source without a journal (a viewer's, a player's)
        return ()
    if not register.rulings:
        return ()
    data = (command.model_dump(mode="json", exclude_defaults=True) | {"kind": command.kind}
            if isinstance(command, Command) else dict(command))
    module, state = source.module, source.state
    the_map = getattr(module, "map", None)
    places = [x.id for x in (*getattr(the_map, "places", ()), *getattr(the_map, "regions", ()))]
    counters = getattr(state, "counters", None) or {}
    p, t, c = staff.concerned(data, places, [x.id for x in module.teams], counters)
    owners = tuple(str(getattr(counters[x], "team", "")) for x in c if getattr(counters[x], "team", None))
    return tuple(register.matching(str(data.get("kind", "")), p, (*t, *owners), c))


class GameController:
    """Submits commands to a :class:`GameSource` and tells listeners what became of them."""

    def __init__(self, source: GameSource) -> None:
        self.source = source
        self._accepted: list[OutcomeListener] = []
        self._refused: list[OutcomeListener] = []

    # --- listening ---------------------------------------------------------------------------
    def on_accepted(self, listener: OutcomeListener) -> Callable[[], None]:
        """Call ``listener`` with each accepted outcome; returns a function that stops it."""
        self._accepted.append(listener)
        return lambda: self._accepted.remove(listener)

    def on_refused(self, listener: OutcomeListener) -> Callable[[], None]:
        """Call ``listener`` with each refusal; returns a function that stops it."""
        self._refused.append(listener)
        return lambda: self._refused.remove(listener)

    # --- the door ----------------------------------------------------------------------------
    def submit(self, command: dict[str, Any] | Command, command_id: str | None = None) -> Outcome:
        """Play ``command``; never raises for a refusal or a malformed command (the outcome says)."""
        try:
            entry = self.source.push(command, command_id)
        except IllegalCommandError as exc:
            code = str(getattr(exc, "code", "illegal"))
            outcome = Outcome(command, reasons=tuple(exc.reasons), forceable=exc.forceable, code=code,
                              precedents=precedents(self.source, command) if code == "illegal" else ())
        except ValueError as exc:  # a missing reason, a bad field, an unknown kind
            outcome = Outcome(command, reasons=(str(exc),), code="malformed")
        else:
            outcome = Outcome(command, entry=entry)
        for listener in list(self._accepted if outcome.accepted else self._refused):
            listener(outcome)
        return outcome

    def drop(self, piece: str, place: str) -> Outcome | None:
        """A counter dropped on a place: submit what the rule module says the drop means (None: nothing)."""
        module = self.source.module
        ask = getattr(module, "drop_command", None)
        command = ask(self.source.state, piece, place) if ask is not None else None
        return None if command is None else self.submit(command)

    def end_turn(self) -> Outcome:
        """Submit the rule module's end of turn (or phase)."""
        return self.submit(self.source.module.end_turn_command())
