"""A hosted seat's Edit menu: Undo and Redo say which entry they take back and whose it is, and are offered
only when the host would allow them (issue 19.1-2).

On a hosted game the window's own undo stack cannot tell the truth: another seat's later entry makes its
step unplayable, and CONTROL may take back entries it never played. So a seat's window gets actions
driven by its seat's replica (:meth:`boardapp.net.client.Seat.may_undo` / ``may_redo``), re-read on every
change of the mirror: "Undo entry 6: r-mil3 moves from Echo to Delta (umpire 2's)". The window's own
Undo/Redo actions are hidden and their shortcuts move here.

CONTROL also gets **Take back to…**: the last :data:`TAKE_BACK_LIST` entries, each named with its seat;
choosing one takes back that entry and every entry after it, the newest first, one undo each (so every
seat hears of each one, and the host refuses any that was played meanwhile). Stops at the first refusal.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox

from boardapp.engine.journal import JournalEntry
from boardapp.ui.document.undo import step_text
from boardapp.ui.network.loops import LoopClosedError
from boardapp.ui.network.seats import LiveGame, SeatLink

NOTHING_OF_YOURS = "nothing of yours to undo"
TAKE_BACK_LIST = 10
"""How many of the last entries CONTROL's Take back to… lists."""


def entry_label(entry: JournalEntry, author: str) -> str:
    """'entry 6: r-mil3 moves from Echo to Delta (umpire 2's)' — what an Edit menu names."""
    whose = "yours" if author == "this seat" else ("the host's" if author == "the host" else f"{author}'s")
    return f"entry {entry.seq}: {step_text(entry)} ({whose})"



def menu_reason(why: str, most: int = 72) -> str:
    """A refusal short enough for a menu on a 1366-px laptop (the whole sentence ran to ~1,600 px): its first
    clause, without the entries' descriptions if still long; the whole sentence goes to the tip and status line.

    >>> menu_reason("your entry 3 (move g-bde1 to delta) stands behind umpire B's entry 4 (move r-mil1 to "
    ...             "echo): only the last entry can be undone (ask CONTROL)")
    "your entry 3 stands behind umpire B's entry 4"
    >>> menu_reason("nothing of yours to undo")
    'nothing of yours to undo'
    >>> menu_reason("your entry 5 (attack place='delta', attackers=['g-bde1', 'g-bde2', 'g-bde3']) rolled dice "
    ...             "(a 4): only CONTROL may undo an entry that rolled dice (ask CONTROL)")
    'your entry 5 rolled dice: only CONTROL may undo it'
    """
    import re

    first = why.split("): ", 1)[0] + ")" if "): " in why else why.split(": ", 1)[0]
    dice = "rolled dice" in why and "only CONTROL" in why
    said = first
    for clause in (first, re.sub(r" \((?:[^()]|\([^()]*\))*\)", "", first)):
        said = f"{clause}: only CONTROL may undo it" if dice else clause
        if len(said) <= most:
            return said
    return said[: most - 1] + "…"

class HostedEdit(QObject):
    """The Edit menu of a window playing through ``link`` (a CONTROL or umpire seat)."""

    def __init__(self, window: Any, link: SeatLink) -> None:
        super().__init__(window)
        self.window = window
        self.link = link
        game = link.game
        assert isinstance(game, LiveGame)
        self.game = game
        edit: QMenu = window.menu("edit")
        for old in (window.undo_action, window.redo_action, getattr(window, "take_back_action", None)):
            if old is not None:  # the window's own stack would offer steps the host refuses
                old.setVisible(False)
                old.setShortcut(QKeySequence())
        first = edit.actions()[0] if edit.actions() else None
        self.undo_action = QAction("Undo", window)
        self.undo_action.setObjectName("hosted-undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = QAction("Redo", window)
        self.redo_action.setObjectName("hosted-redo")
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        self.redo_action.triggered.connect(self.redo)
        self.why_action = QAction("Why nothing is undone", window)
        """Ctrl+Z while the grey Undo says why not: says it in the status line (issue 24.9) instead of nothing."""
        self.why_action.setObjectName("hosted-undo-why")
        self.why_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.why_action.setEnabled(False)
        self.why_action.triggered.connect(self.undo)
        window.addAction(self.why_action)  # not in the menu: only its shortcut, while Undo is grey
        edit.insertAction(first, self.undo_action)
        edit.insertAction(first, self.redo_action)
        self.take_back_menu: QMenu | None = None
        if link.role == "control":
            self.take_back_menu = QMenu("Take &back to…", window)
            self.take_back_menu.setObjectName("take-back-to")
            self.take_back_menu.aboutToShow.connect(self._fill_take_back)
            edit.insertMenu(first, self.take_back_menu)
        self._undo_entry: JournalEntry | None = None
        self._redo_entry: JournalEntry | None = None
        self._authors: dict[int, str] = {}
        self.why = ""
        self._seat_why: str | None = None
        """The seat's (client's) own reason, when it has ``Seat.why_not_undo``: preferred to the one derived here."""
        """Why Undo takes nothing back now (an umpire's menu says it; Ctrl+Z tells it)."""
        self._unsub = game.subscribe(lambda _what, _entry: self.refresh())
        link.seatEvent.connect(self._on_seat_event)
        self.refresh()

    def _on_seat_event(self, kind: str, _data: Any) -> None:
        if kind in ("undone", "redone", "synced", "reset"):
            self.refresh()  # who undid what changes an umpire's Redo even when the mirror already matches

    # --- what the seat may do -----------------------------------------------------------------------
    def _ask(self) -> tuple[int | None, int | None, dict[int, str]]:
        """(seq this seat may undo, seq it may redo, author of the last entries), read on the seat's loop."""
        seat = self.link.seat

        def read() -> tuple[int | None, int | None, dict[int, str]]:
            u, r = seat.may_undo(), seat.may_redo()
            g = seat.game
            authors: dict[int, str] = {}
            if g is not None:
                for e in g.entries[-TAKE_BACK_LIST:] + g.redo_stack[-1:]:
                    authors[e.seq] = seat.author(e)
                if u is None:  # why not: this seat's own latest entry, wherever it stands (see why_not_undo)
                    mine = next((e for e in reversed(g.entries) if seat.author(e) == "this seat"), None)
                    if mine is not None:
                        authors[mine.seq] = "this seat"
            ask_why = getattr(seat, "why_not_undo", None)  # the seat's own reason, where the client gives one
            self._seat_why = ask_why() if u is None and ask_why is not None else None
            return (u.seq if u else None, r.seq if r else None, authors)
        return self.link.loop.call(read)

    def why_not_undo(self) -> str:
        """Why this seat's Undo takes nothing back, in its words (issue 24.9): the seat's own answer where the
        client gives one (``Seat.why_not_undo``, with the host's rules), else from the replica: "your entry 3
        stands behind umpire 2's entry 4", "your entry 5 rolled dice: only CONTROL may undo it", or
        "nothing of yours to undo"."""
        if self._seat_why:
            return str(self._seat_why)
        entries = self.game.entries
        mine = max((seq for seq, who in self._authors.items() if who == "this seat"
                    and any(e.seq == seq for e in entries)), default=None)
        if mine is None or not entries:
            return NOTHING_OF_YOURS
        last = entries[-1]
        if last.seq != mine:
            who = self._authors.get(last.seq, "another seat")
            whose = "the host's" if who == "the host" else ("another seat's" if who == "another seat" else f"{who}'s")
            return f"your entry {mine} stands behind {whose} entry {last.seq}"
        entry = self.game.entry(mine)
        if entry is not None and entry.rolls:
            return f"your entry {mine} rolled dice: only CONTROL may undo it"
        return f"the host does not let this seat undo entry {mine}"

    def refresh(self) -> None:
        """Make Undo and Redo say what this seat may take back now (and nothing else)."""
        if self.link.fatal or self.link.game is None:
            self.undo_action.setEnabled(False)
            self.redo_action.setEnabled(False)
            return
        try:
            undo_seq, redo_seq, self._authors = self._ask()
        except LoopClosedError:  # the seat is closing (a signal queued before its loop stopped): nothing to ask
            self.undo_action.setEnabled(False)
            self.redo_action.setEnabled(False)
            return
        mirror = self.game.mirror
        self._undo_entry = self.game.entry(undo_seq)
        self._redo_entry = next((e for e in mirror.redo_stack if e.seq == redo_seq), None) if redo_seq else None
        for action, word, entry in ((self.undo_action, "Undo", self._undo_entry),
                                    (self.redo_action, "Redo", self._redo_entry)):
            if entry is None and word == "Undo" and self.link.role == "umpire":
                self.why = self.why_not_undo()
                action.setText(f"Undo ({menu_reason(self.why)})")  # the whole reason: tip, status line, Ctrl+Z
                action.setToolTip(self.why)
                action.setStatusTip(self.why)
                action.setEnabled(False)  # grey, saying why; Ctrl+Z then says it too (why_action)
            elif entry is None:
                action.setText(f"{word} (nothing of yours to {word.lower()})" if self.link.role == "umpire"
                               else word)
                action.setEnabled(False)
            else:
                action.setText(f"{word} " + entry_label(entry, self._authors.get(entry.seq, "another seat")))
                action.setEnabled(True)
        self.why_action.setEnabled(not self.undo_action.isEnabled() and self.link.role == "umpire")

    # --- doing it -------------------------------------------------------------------------------------
    def undo(self) -> JournalEntry | None:
        """Take back the entry the menu names (the host refuses if another was played meanwhile)."""
        entry = self._undo_entry
        if entry is None:
            if self.link.role == "umpire":
                say = getattr(getattr(self.window, "network", None), "say", None)
                text = f"Nothing undone: {self.why_not_undo()}"
                say(text) if say is not None else self.window.statusBar().showMessage(text, 10000)
            return None
        taken = self.game.undo(entry)
        self.refresh()
        return taken

    def redo(self) -> JournalEntry | None:
        entry = self._redo_entry
        if entry is None:
            return None
        again = self.game.redo(entry)
        self.refresh()
        return again

    def take_back_choices(self) -> list[tuple[JournalEntry, str]]:
        """CONTROL's list: the last entries, newest first, each with its label."""
        _u, _r, authors = self._ask()
        entries = self.game.entries[-TAKE_BACK_LIST:]
        return [(e, entry_label(e, authors.get(e.seq, "another seat"))) for e in reversed(entries)]

    def _fill_take_back(self) -> None:
        menu = self.take_back_menu
        assert menu is not None
        menu.clear()
        choices = self.take_back_choices()
        if not choices:
            menu.addAction("(the journal is empty)").setEnabled(False)
        for entry, label in choices:
            later = len(self.game.entries) - entry.seq
            text = label + (f" and the {later} after it" if later > 1 else " and the one after it" if later else "")
            menu.addAction(text).triggered.connect(lambda _c=False, s=entry.seq: self.confirm_take_back(s))

    def confirm_take_back(self, seq: int) -> list[JournalEntry]:
        """Ask CONTROL to confirm, naming every entry that will be taken back, then take them back."""
        doomed = [e for e in self.game.entries if e.seq >= seq]
        names = "\n".join(entry_label(e, self._authors.get(e.seq, "another seat")) for e in reversed(doomed))
        box = QMessageBox(QMessageBox.Icon.Question, "Take back entries",
                          f"Take back these {len(doomed)} entries, newest first? Every seat is told of each.\n\n"
                          + names, QMessageBox.StandardButton.Ok | QMessageBox.StandardButton.Cancel, self.window)
        self.window.dialog = box
        if box.exec() != QMessageBox.StandardButton.Ok:
            return []
        return self.take_back_to(seq)

    def take_back_to(self, seq: int) -> list[JournalEntry]:
        """Take back entry ``seq`` and every entry after it, newest first; stop at the first refusal.
        The entries taken back, newest first."""
        taken: list[JournalEntry] = []
        while self.game.entries and self.game.entries[-1].seq >= seq:
            last = self.game.entries[-1]
            if self.game.undo(last) is None:
                break  # refused: the host said why (notice)
            taken.append(last)
        self.refresh()
        return taken

    def detach(self) -> None:
        self._unsub()
