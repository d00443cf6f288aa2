"""What a viewer's seat draws: a read-only game-like object on the host's public picture (nothing hidden
ever reaches it)."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from boardapp.engine.journal import JournalEntry
from boardapp.engine.module import BoardPicture, BoardPiece, BoardToken, Section
from boardapp.net.replica import public_board
from boardapp.ui.document.source import GameSource
from boardapp.ui.network.refusal import NetRefusal


# --- what a viewer sees ------------------------------------------------------------------------------
class _PublicModule:
    """Just enough of a rule module to draw a public picture: the map, public teams, the picture."""

    title = "public view"

    def __init__(self, setup: Any) -> None:
        from boardapp.model.mapfile import Map

        self.name = str(setup.rules)
        """The rule system's name: its manifest's big-screen sections are shown to viewers too."""
        self.map = Map.model_validate(setup.map)
        teams = [SimpleNamespace(**({"on_map": True, "symbol": str(t.get("id", ""))[:1].upper()} | t))
                 for t in setup.teams]
        self.teams = teams
        name = getattr(setup, "name", "") or getattr(self.map, "name", "") or "boardapp"
        self.scenario = SimpleNamespace(name=name, teams=teams, rules=setup.rules, display=None)

    def board(self, state: Any) -> BoardPicture:
        picture: BoardPicture = state.picture
        return picture

    def turn_label(self, state: Any) -> str:
        return str(state.picture.turn_label)

    def move_options(self, state: Any, counter: str) -> list[Any]:
        return []

    def summary(self, state: Any) -> dict[str, Any]:
        return dict(state.board)


def picture_from(board: dict[str, Any]) -> BoardPicture:
    """A :class:`BoardPicture` from a public view (:func:`boardapp.net.replica.public_board`)."""
    def fields(cls: Any, d: dict[str, Any]) -> dict[str, Any]:
        names = cls.__dataclass_fields__
        return {k: v for k, v in d.items() if k in names}

    return BoardPicture(
        control=dict(board.get("control", {})),
        pieces=[BoardPiece(**fields(BoardPiece, pc)) for pc in board.get("pieces", [])],
        tokens=[BoardToken(**fields(BoardToken, t)) for t in board.get("tokens", [])],
        turn_label=str(board.get("turn_label", "")),
        tracks=[dict(t) for t in board.get("tracks", [])],
        tallies=dict(board.get("tallies", {})),
        hidden_keys=frozenset(board.get("hidden_keys", [])),
        table=board.get("table"),  # a map-less system's table (Coup), as the host's view for this seat made it
        sections=[Section(**{**fields(Section, sec), "rows": [list(r) for r in sec.get("rows", [])],
                             "visible_to": tuple(sec.get("visible_to", ()))})
                  for sec in board.get("sections", []) if not sec.get("hidden")],
    )


class PublicGame:
    """A read-only game-like object on a public view: what a viewer's big screen draws."""

    def __init__(self, setup: Any, board: dict[str, Any] | None = None) -> None:
        self.module = _PublicModule(setup)
        self.entries: list[JournalEntry] = []
        self.redo_stack: list[JournalEntry] = []
        self.store = None
        self.source = ""
        self.can_undo = self.can_redo = False
        self._listeners: list[Callable[[str, Any], None]] = []
        self.state = SimpleNamespace(board={}, picture=BoardPicture())
        self._unfollow: Callable[[], None] | None = None
        if board:
            self.update(board, notify=False)

    @classmethod
    def following(cls, game: GameSource) -> PublicGame:
        """The public view of a game in this process (a seat's mirror), kept up to date."""
        setup = SimpleNamespace(map=game.module.map.model_dump(mode="json"), rules=game.module.scenario.rules,
                                name=game.module.scenario.name,
                                teams=[{k: getattr(t, k) for k in ("id", "name", "colour", "symbol", "on_map")
                                        if hasattr(t, k)} for t in game.module.teams])
        pub = cls(setup, public_board(game))
        pub._unfollow = game.subscribe(lambda _w, _e: pub.update(public_board(game)))
        return pub

    def update(self, board: dict[str, Any], notify: bool = True) -> None:
        self.state = SimpleNamespace(board=board, picture=picture_from(board))
        if notify:
            for listener in list(self._listeners):
                listener("reset", None)

    def subscribe(self, listener: Callable[[str, Any], None]) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def parse(self, data: Any) -> Any:
        return data

    def push(self, command: Any, command_id: str | None = None) -> JournalEntry:
        raise NetRefusal(command, ["a viewer's seat is read-only: it cannot play commands"], "forbidden")

    def undo(self, entry: JournalEntry | None = None) -> JournalEntry | None:
        raise NetRefusal({"kind": "undo"}, ["a viewer's seat is read-only"], "forbidden")

    redo = undo

    def summary(self) -> dict[str, Any]:
        return dict(self.state.board)


# --- what a player's seat sees and plays ----------------------------------------------------------------
class PlayerGame(PublicGame):
    """A player seat's game: the host's view of the board for that one player (its own hand and units
    face up, the rest as the public sees it), with its commands forwarded to the host.

    The seat holds no journal (the host never sends one to a player): :attr:`entries` are the events
    the host sent this seat (``Host(view_events=True)``), each kept as a journal-like row with ``seq``
    0, so the log, turn panel and status line show only what this player may see. The window reads
    :attr:`audience` (the player's) for what it draws."""

    shared = True
    """Others play into this game too: the window never undoes 'the last entry, whoever played it'."""

    def __init__(self, setup: Any, board: dict[str, Any] | None, link: Any, player: str) -> None:
        super().__init__(setup, board)
        from boardapp.engine.module import Audience

        self.link = link
        """The :class:`~boardapp.ui.network.seats.SeatLink` commands go through."""
        self.player = player
        self.audience = Audience.player_seat(player)
        self.module.title = f"{player}'s seat"

    def add_events(self, events: list[Any]) -> None:
        """Events the host sent this seat: kept for the log (only those this player may see, twice sure)."""
        shown = tuple(ev for ev in events if ev.visible(self.audience))
        if not shown:
            return
        turn = str(self.state.picture.turn_label)
        self.entries.append(JournalEntry(seq=0, command={"kind": "events"}, events=list(shown), turn=turn))
        for listener in list(self._listeners):
            listener("entry", self.entries[-1])

    def push(self, command: Any, command_id: str | None = None) -> JournalEntry:
        """Send ``command`` to the host and wait for its answer; the host's refusal as :class:`NetRefusal`."""
        import uuid

        from boardapp.ui.network.loops import ANSWER_TIMEOUT

        data = command.model_dump(mode="json", exclude_defaults=True) | {"kind": command.kind} \
            if hasattr(command, "model_dump") else dict(command)
        link = self.link
        if link.fatal:
            raise NetRefusal(data, [f"this seat was stopped: {link.fatal}"], "closed")
        cid = command_id or str(uuid.uuid4())
        outcome = link.wait(link.submit(data, cid), 0 if link.stale else ANSWER_TIMEOUT)
        if outcome is None:
            link.queue(cid, data)
            raise NetRefusal(data, ["no answer from the host yet — the command stays queued; its outcome will be "
                                    "reported"], "queued")
        if not outcome.accepted:
            raise NetRefusal(data, outcome.reasons, outcome.code)
        return JournalEntry(seq=0, command=data)

    def undo(self, entry: JournalEntry | None = None) -> JournalEntry | None:
        raise NetRefusal({"kind": "undo"}, ["a player's seat cannot undo: ask an umpire or CONTROL"], "forbidden")

    redo = undo
