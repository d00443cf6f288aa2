"""Several umpires, one game — on the desktop: host from the board, join a hosted game, the big screen.

* **Game ▸ Host on the LAN…** serves the open game file (:class:`HostRunner`: the host on its own
  asyncio loop in a worker thread), shows the join codes per role (text, and QR codes when the
  optional ``qrcode`` package is installed) and a dock of the connected seats (role, lag, last seen,
  Kick). The hosting window itself plays through a CONTROL seat of its own host ("host board"), so
  its commands go through the host's game like everyone else's and are broadcast.
* **Game ▸ Join a hosted game…** / ``boardapp join HOST:PORT --code CODE`` (:func:`run_join`) opens
  a board on the seat's live replica (:class:`~boardapp.ui.network.seats.LiveGame`); ``--screen`` (or
  a viewer's code) opens the big screen on the public view.
* A status-bar indicator says online (seat, role, lag), offline — reconnecting (the board keeps
  its last state; commands queue), or revoked; refusals from the host (stale, forbidden, queued)
  are shown in the status bar, never as CONTROL's force dialog, and queued commands report their
  outcome when the host answers.

See docs/network.md ("On the desktop").
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QLabel,
    QListWidget,
    QMessageBox,
    QWidget,
)

from boardapp.clock import TurnClock
from boardapp.ui.document.controller import Outcome
from boardapp.ui.network import roles
from boardapp.ui.network.dialogs import (  # split out of this file; re-exported (callers and tests use these names)
    CodesDialog,
    HostDialog,
    JoinDialog,
    WebAddressDialog,
    lan_addresses,
    qr_pixmap,
)
from boardapp.ui.network.pending import PendingMoves
from boardapp.ui.network.roles import kind_words
from boardapp.ui.network.seatpanel import HostStatusPanel, lag_text  # the Seats dock's panel (re-exported)
from boardapp.ui.widgets.dockfit import fit_docks, join_a_tab_group

# The network itself (asyncio, websockets, the host, the seats: a tenth of a second to import) is imported
# inside the functions that host or join, not here: every board window installs this module's Game menu,
# and opening the board needs none of the network until someone hosts or joins.
if TYPE_CHECKING:
    from boardapp.ui.network.loops import HostRunner, SeatPlan
    from boardapp.ui.network.seats import SeatLink

__all__ = ["CodesDialog", "HostDialog", "HostStatusPanel", "JoinDialog", "NetworkControl", "WebAddressDialog",
           "install", "lan_addresses", "open_join", "qr_pixmap", "run_join"]

GREEN, RED = "#1a8f3a", "#c62828"
FIGHT_BANNER_MS = 15000
"""How long a fight's result stays over the big screen."""
SHOWN_AS_STATUS = frozenset({"stale", "forbidden", "queued", "closed", "failed", "invalid"})
"""Refusal codes shown in the status bar (only a plain 'illegal' offers CONTROL's force)."""


# --- the window's side ------------------------------------------------------------------------------
CLOCK_WORDS = {"running": "running", "paused": "paused", "warning5": "under 5 minutes", "warning1": "last minute",
               "expired": "time up"}


def clock_for(module: Any, record: dict[str, Any]) -> TurnClock:
    """A clock showing the host's ``record`` (counted from its arrival) with the scenario's week lengths."""
    clock = TurnClock.for_scenario(getattr(module, "scenario", None))
    clock.restore(record)
    return clock


def clock_text(clock: TurnClock, game: Any = None) -> str:
    """'Week 2 · 29:41 · running' — the host's clock in a seat's status bar, its turn in the words the game's
    rule system shows on its Turn dock (:func:`clock_turn`)."""
    state = clock.state()
    over = int(clock.overrun())
    left = clock.text() if state != "expired" else f"+{over // 60}:{over % 60:02d}"
    return f"{clock_turn(clock, game)} · {left} · {CLOCK_WORDS[state]}"


TURN_HEAD = re.compile(r": | — ")
"""Where a turn label's turn ends and its part of the turn begins ('Round 1: Egypt's Player-Turn', 'Turn 1 (2000)
— I Sever diplomatic relations')."""


def clock_turn(clock: TurnClock, game: Any = None) -> str:
    """The clock's turn as the rule system calls it on its Turn dock: the head of the game's turn label ('Spring
    1935', 'Round 1', 'Turn 1 (2000)', 'Set-up'), when the clock counts the game's turn; else 'Week 3', 'Turn 3'
    (:func:`turn_name`: the clock was started for a turn the game has not reached). The status line said 'Season 1'
    where MUN's Turn dock said 'Spring 1935', and 'Turn 1' where Mid-East's said 'Round 1' (the rehearsal)."""
    from boardapp.clock import week_of

    try:
        label = str(game.module.turn_label(game.state)) if game is not None else ""
        week = week_of(game.state, label, game.module) if label else None
    except Exception:  # a stand-in module without turn labels
        label, week = "", None
    head = TURN_HEAD.split(label, maxsplit=1)[0].strip()
    if head and week in (None, clock.week):
        return head
    return f"{turn_name(game)} {clock.week}"


def turn_name(game: Any) -> str:
    """What one of the clock's turns is called in ``game``: 'Week', 'Turn', 'Season'…; 'Turn' for a step of
    the turn sequence or a player's part of a round (the clock counts whole turns)."""
    from boardapp.clock import turn_word

    try:
        label = str(game.module.turn_label(game.state)) if game is not None else ""
    except Exception:  # a stand-in module without turn labels
        label = ""
    word = turn_word([label]) if label else "turn"
    return "Turn" if word in ("step", "player-turn") else word.capitalize()


class NetworkControl(QObject):
    """The network menu, indicator and docks of one board window (see :func:`install`)."""

    _clockAnswered = Signal(object)
    """The host's answer to CONTROL's clock change (a concurrent future), in the Qt thread."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.runner: HostRunner | None = None
        self.link: SeatLink | None = None
        self.status_dock: QDockWidget | None = None
        self.codes_dialog: CodesDialog | None = None
        self.web_dialog: WebAddressDialog | None = None
        self.log_dock: QDockWidget | None = None
        self.log_view = QListWidget()
        """Every message of the network, newest first; in a dock only when asked for (:meth:`show_log`)."""
        self.log_view.setObjectName("network-log")
        self.edit: Any = None
        self.pending = PendingMoves(window)
        """Moves queued while offline, drawn on the map until the host answers."""
        self.hidden: list[str] = []
        """What this seat's role may not do, hidden from its board (:mod:`boardapp.ui.network.roles`)."""
        """The hosted seat's Edit menu (:class:`boardapp.ui.network.edit.HostedEdit`), once attached."""
        self.messages: list[str] = []
        """What the network told this window (refusals, late outcomes), newest last."""
        self.joined: list[Any] = []
        """Windows opened with Join (kept alive here)."""
        window.refusal_handlers.append(self.show_refusal)
        self._build_menu()
        self.indicator = QLabel()
        self.indicator.setObjectName("network-indicator")
        window.statusBar().addPermanentWidget(self.indicator)
        self.clock_label = QLabel()
        self.clock_label.setObjectName("host-clock")
        window.statusBar().addPermanentWidget(self.clock_label)
        self.clock: TurnClock | None = None
        """The host's turn clock as this seat last heard it (None: not on a hosted game yet)."""
        self._clockAnswered.connect(self._clock_answer)
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self._tick)
        window.installEventFilter(self)
        self.update_indicator()

    def _build_menu(self) -> None:
        menu = self.window.menu("game")
        self.menu = menu

        def act(text: str, slot: Any) -> QAction:
            a = QAction(text, self.window)
            a.triggered.connect(slot)
            menu.addAction(a)
            return a

        self.host_action = act("&Host on the LAN…", self.host_dialog)
        self.join_action = act("&Join a hosted game…", self.join_dialog)
        self.status_action = act("Host &status", self.show_status)
        self.codes_action = act("Join &codes…", self.show_codes)
        self.web_action = act("Players' &web page address (QR)…", self.show_web_address)
        self.stop_action = act("Stop hosting", self.stop_hosting)
        self.log_action = act("Network &log", self.show_log)
        self._update_actions()

    def _update_actions(self) -> None:
        hosting = self.runner is not None and self.runner.running
        self.host_action.setEnabled(not hosting and self.link is None)
        self.status_action.setEnabled(hosting)
        self.codes_action.setEnabled(hosting)
        self.web_action.setEnabled(hosting and bool(self.runner is not None and self.runner.web_urls))
        self.stop_action.setEnabled(hosting)

    # --- indicator and messages ---------------------------------------------------------------------
    def _tick(self) -> None:
        """Refresh, then wait until the clock shows its next second (TurnClock.until_change), at most 1 s."""
        self.update_indicator()
        clock = self.clock
        wait = clock.until_change() if clock is not None else 1.0
        self.timer.setInterval(max(15, min(1000, round(wait * 1000) + 10)))

    def update_indicator(self) -> None:
        link = self.link
        clock = self.clock
        self.clock_label.setText(clock_text(clock, self.window.game) if clock is not None and link is not None else "")
        if link is None:
            self.indicator.setText("")
            self.indicator.setToolTip("")
            return
        if link.fatal:
            text, colour = f"● stopped: {link.fatal}", RED
        elif link.stale:
            queued = link.queued
            text = "● offline — reconnecting" + (f" ({queued} queued)" if queued else "")
            colour = RED
        else:
            where = "hosting" if self.runner is not None else "online"
            text, colour = f"● {where} — {link.seat_name} ({link.role}) · lag {lag_text(link.lag)}", GREEN
            if self.runner is not None and self.runner.running:
                text += f" · {self.runner.url}"
        self.indicator.setText(text)
        self.indicator.setStyleSheet(f"color: {colour}; font-weight: bold;")
        self.indicator.setToolTip("\n".join(self.messages[-10:]) or link.url)

    def say(self, text: str, ms: int = 10000) -> None:
        """Tell the user: the status line now, and the Network log (with the time) for later. The log is a
        dock only on request (Game ▸ Network log): appearing by itself on its first line it took a quarter
        of the window from the map, and resized the board under the user (issue 24.12)."""
        self.messages.append(text)
        self.window.statusBar().showMessage(text, ms)
        self.log_view.insertItem(0, time.strftime("%H:%M:%S ") + text)
        self.indicator.setToolTip("\n".join(self.messages[-10:]) + "\n(Game ▸ Network log: every message)")

    def show_log(self) -> QDockWidget:
        """The Network log dock (made on first request, newest first), shown."""
        if self.log_dock is None:
            self.log_dock = QDockWidget("Network log", self.window)
            self.log_dock.setObjectName("Network log")
            self.log_dock.setWidget(self.log_view)
            self.window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.log_dock)
            self.window.resizeDocks([self.log_dock], [max(120, self.window.height() // 6)], Qt.Orientation.Vertical)
        self.log_dock.show()
        self.log_dock.raise_()
        return self.log_dock

    def show_refusal(self, outcome: Outcome) -> bool:
        """Refusals by the host other than a plain 'illegal' go to the status bar, not the force dialog
        (a window's refusal handler: True when it showed the refusal)."""
        if outcome.code not in SHOWN_AS_STATUS:
            return False
        if outcome.code == "queued":
            self.pending.add(outcome.command)  # drawn on the map until the host settles it
        word = {"stale": "Refused (the game moved on)", "queued": "Queued", "forbidden": "Not allowed here"}
        reasons = [self._in_words(r) for r in outcome.reasons]  # the game's words, not internal names
        self.say(f"{word.get(outcome.code, 'Refused')}: " + "; ".join(reasons))
        self.update_indicator()
        return True

    def _in_words(self, reason: str) -> str:
        """A host's refusal with command kinds and team ids in the game's words ('only CONTROL may set PR';
        'this seat plays for Rebels, not Binni Government')."""
        reason = re.sub(r"only CONTROL may play '(\w+)'", lambda m: f"only CONTROL may {kind_words(m[1])}", reason)
        names = {t.id: t.name for t in self.window.game.module.teams}

        def teams(text: str) -> str:
            return ", ".join(names.get(t.strip(), t.strip()) for t in text.split(","))
        return re.sub(r"this seat plays for ([\w, -]+), not ([\w, -]+)",
                      lambda m: f"this seat plays for {teams(m[1])}, not {teams(m[2])}", reason)

    def _late(self, outcome: Any, command: Any) -> None:
        self.pending.settle(command)
        kind = command.get("kind", "command") if isinstance(command, dict) else getattr(command, "kind", "command")
        if outcome.accepted:
            self.say(f"Queued {kind} accepted by the host (entry {outcome.seq})")
        else:
            self.say(f"Queued {kind} refused by the host ({outcome.code}): " + "; ".join(outcome.reasons))
        self.update_indicator()

    # --- a seat -------------------------------------------------------------------------------------
    def attach(self, link: SeatLink, path: Path | None = None) -> None:
        """Play through ``link``: the window's game becomes the seat's live game."""
        self.link = link
        game = link.game if link.game is not None else link.public  # a player's seat: its own view
        assert game is not None
        link.staleChanged.connect(lambda _s: self.update_indicator())
        link.lateOutcome.connect(self._late)
        link.failed.connect(self._failed)
        link.notice.connect(lambda text: self.say(in_control_words(text)))
        link.clockChanged.connect(self._host_clock)
        bigscreen = getattr(self.window, "bigscreen", None)
        if link.role == "control" and bigscreen is not None:
            bigscreen.driver.clockChanged.connect(self._control_clock)
        if self.window.game is not game:
            self.window.set_game(game, path, getattr(self.window, "autosave", False) if path else False)
        if bigscreen is not None:  # a joined board keeps its game object: its dock must learn the clock is the host's
            bigscreen.dock_widget.update_share()
        if link.role in ("control", "umpire"):
            from boardapp.ui.network.edit import HostedEdit

            self.edit = HostedEdit(self.window, link)
        self.hidden = roles.apply(self.window, link.role)  # CONTROL's controls off an umpire's board
        self.window.gameReplaced.connect(lambda _g: self._apply_role())
        self._title_listener = game.subscribe(lambda _w, _e: self._retitle())
        self._fight_listener = game.subscribe(self._fight_heard)
        self._retitle()
        self.timer.start()
        self._update_actions()
        self.update_indicator()

    def _apply_role(self) -> None:
        self.pending.marks.clear()  # a new scene: the old marks went with the old one
        if self.link is not None:
            self.hidden = roles.apply(self.window, self.link.role)

    # --- fights -------------------------------------------------------------------------------------
    def _fight_heard(self, what: str, entry: Any) -> None:
        """A fight's result (issue 19.5): in every seat's status line and Network log; at the seat that fought,
        also a result box, since the status bar shows only the last event."""
        from boardapp.net.host import FIGHT_KINDS  # lazy: see the imports

        if what not in ("push", "redo") or entry is None or self.link is None:
            return
        if not any(e.kind == "fight" for e in entry.events):
            return
        texts = [e.text for e in entry.events if e.kind in FIGHT_KINDS]
        seat = self.link.seat
        author = self.link.loop.call(lambda: seat.author(entry))
        if author == "this seat":
            self.say("Fight: " + "; ".join(texts), 20000)
            if self._dialog_shows_result():
                return  # the dialog it was fought from shows the result: once is enough (issue 24.11)
            box = QMessageBox(QMessageBox.Icon.Information, "Fight result", "\n".join(texts),
                              QMessageBox.StandardButton.Ok, self.window)
            box.setObjectName("fight-result")
            box.setModal(False)
            self.fight_box = box
            box.open()
        else:
            self.say(f"Fight ({author}): " + "; ".join(texts), 20000)

    def _dialog_shows_result(self) -> bool:
        """Whether the window's open dialog shows a fight's result itself: a rule system's fight dialog says
        so with a widget named 'fight-result' (War in Binni's FightDialog)."""
        dlg = getattr(self.window, "dialog", None)
        try:
            return bool(dlg is not None and dlg.isVisible() and dlg.findChild(QWidget, "fight-result") is not None)
        except RuntimeError:  # the dialog was deleted
            return False

    # --- the host's clock -----------------------------------------------------------------------------
    def _host_clock(self, record: dict[str, Any]) -> None:
        """The host's clock changed: show it, and make the board's big-screen clock follow it."""
        game = self.window.game
        self.clock = clock_for(game.module, record)
        bigscreen = getattr(self.window, "bigscreen", None)
        if bigscreen is not None:
            bigscreen.driver.clock.restore(record)  # no echo: restoring is not CONTROL's change
            bigscreen.driver.ticked.emit()
        self.update_indicator()

    def _control_clock(self, record: dict[str, Any]) -> None:
        """CONTROL changed the clock on its panel: the host's clock is the one everyone sees."""
        link = self.link
        if link is None or link.role != "control":
            return
        if link.stale:
            self.say("Offline: the clock change was not sent — the host's clock stands; set it again once back")
            return
        fut = link.set_clock(record)
        fut.add_done_callback(self._clockAnswered.emit)

    def _clock_answer(self, fut: Any) -> None:
        try:
            outcome = fut.result()
        except Exception as exc:  # a seat error, said to the user
            self.say(f"The clock change was not sent: {exc}")
            return
        if not outcome.accepted:
            self.say("The host refused the clock change: " + "; ".join(outcome.reasons))

    def _retitle(self) -> None:
        link = self.link
        if link is None or self.runner is not None:
            return
        title = self.window.windowTitle()
        if title.endswith("— unsaved"):
            self.window.setWindowTitle(title.removesuffix("unsaved") + f"{link.seat_name} at {link.url}")

    def _failed(self, why: str) -> None:
        self.say(f"The host stopped this seat: {why}", 0)
        self.update_indicator()

    # --- hosting ------------------------------------------------------------------------------------
    def host_dialog(self) -> None:
        from boardapp.ui.network.loops import saved_allies, saved_players, saved_umpires  # lazy: see the imports

        teams = [(t.id, t.name) for t in self.window.game.module.teams]
        path = self.window.path
        try:
            saved = saved_umpires(path.with_name(path.name + ".seats.json")) if path is not None else None
        except ValueError as exc:
            QMessageBox.critical(self.window, "Cannot host", str(exc))
            return
        seats_file = path.with_name(path.name + ".seats.json") if path is not None else None
        module = self.window.game.module
        names = dict(teams)
        players = [(str(p), str(names.get(p, str(p).title()))) for p in getattr(module, "players", [])]
        dlg = HostDialog(teams, self.window, saved=saved, allies=hasattr(module, "friends"),
                         saved_allies=saved_allies(seats_file), players=players,
                         saved_players=saved_players(seats_file), remembered=self.remembered_hosting())
        self.window.dialog = dlg
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return
        try:
            self.host_game(port=dlg.port.value(), bind=str(dlg.bind.currentData()), plan=dlg.plan())
        except Exception as exc:
            QMessageBox.critical(self.window, "Cannot host", f"{type(exc).__name__}: {exc}")
            return
        self.show_codes()

    def host_game(self, port: int = 8765, bind: str = "0.0.0.0", plan: SeatPlan | None = None,
                  **host_options: Any) -> HostRunner:
        """Serve the window's game and play on through the host's own CONTROL seat."""
        from boardapp.ui.network.loops import HostRunner  # lazy: see the imports
        from boardapp.ui.network.seats import SeatLink

        w = self.window
        path = w.path
        if self.runner is not None and self.runner.running:
            return self.runner
        widths, height = self._side_dock_widths(), w.height()
        if path is not None and getattr(w.game, "store", None) is not None:
            w.close_store()  # the host opens the file again on its own thread
            runner = HostRunner(path, bind=bind, port=port, parent=self, **host_options)
        else:
            runner = HostRunner(None, game=w.game, bind=bind, port=port, parent=self, **host_options)
        try:
            runner.start(plan)
        except Exception:
            runner.loop.close()
            if path is not None and getattr(w.game, "store", None) is None and runner._handed is None:
                from boardapp.ui.app import game_for_path

                w.set_game(game_for_path(path)[0], path, w.autosave)
            raise
        self.runner = runner
        self.remember_hosting(runner.port, bind)
        link = SeatLink(runner.local_url, runner.own_code(), parent=self)
        link.start()
        self.attach(link, path)
        for change in runner.changes:  # loaded, made, changed: said and kept in the Network log
            self.say(change)
        self.show_status()
        self._keep_side_widths(widths, height)
        self._update_actions()
        return runner

    def _side_dock_widths(self) -> dict[QDockWidget, int]:
        """The widths of the docks beside the board, as CONTROL left them."""
        w = self.window
        sides = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)
        return {d: d.width() for d in w.findChildren(QDockWidget)
                if d.isVisible() and not d.isFloating() and w.dockWidgetArea(d) in sides}

    def _keep_side_widths(self, before: dict[QDockWidget, int], height: int) -> None:
        """Hosting puts a new central view in the window (the seat's own board) and the rule system's docks
        come back with it, once its first layout has run (it is queued): then the window keeps the height it
        had (:meth:`_keep_within`: The Game's grew to 1,098 px at 1920x1080), the docks keep the widths they
        had and the Seats dock takes its side's. Without it Coup's table went from 1,188 to 640 px wide, the
        Turn dock on the left growing to 634 (the rehearsal of issue 24)."""
        w = self.window
        right = Qt.DockWidgetArea.RightDockWidgetArea
        sides = (Qt.DockWidgetArea.LeftDockWidgetArea, right)

        def again() -> None:
            if not shiboken6.isValid(w):
                return
            seats = self.status_dock
            if seats is not None and shiboken6.isValid(seats):
                self._keep_within(seats, height)
            kept = {d: width for d, width in before.items()  # still in the layout, not behind a tab
                    if shiboken6.isValid(d) and d.isVisible() and w.dockWidgetArea(d) in sides
                    and not w.tabifiedDockWidgets(d)}
            if seats is not None and seats not in kept and w.dockWidgetArea(seats) == right \
                    and not w.tabifiedDockWidgets(seats):
                side = [width for d, width in kept.items() if w.dockWidgetArea(d) == right]
                if side:
                    kept[seats] = max(side)
            if kept:
                w.resizeDocks(list(kept), list(kept.values()), Qt.Orientation.Horizontal)

        QTimer.singleShot(0, w, again)  # dropped with the window

    def _hosting_key(self) -> str | None:
        path = self.window.path
        return f"hosting/{Path(path).resolve()}" if path is not None else None

    def remembered_hosting(self) -> dict[str, Any]:
        """The port and interface this game was last hosted on ({} if never): a re-host, even after a
        crash and a restart, listens where the seats will look for it (issue 24.5)."""
        from PySide6.QtCore import QSettings

        key = self._hosting_key()
        if key is None:
            return {}
        value = QSettings("boardapp", "boardapp").value(key)
        if not isinstance(value, str):
            return {}
        port, _, bind = value.partition(" ")
        return {"port": int(port), "bind": bind} if port.isdigit() else {}

    def remember_hosting(self, port: int, bind: str) -> None:
        from PySide6.QtCore import QSettings

        key = self._hosting_key()
        if key is not None:
            QSettings("boardapp", "boardapp").setValue(key, f"{port} {bind}")

    def show_status(self) -> QDockWidget | None:
        if self.runner is None:
            return None
        height = self.window.height()
        if self.status_dock is None:
            names = {t.id: t.name for t in self.window.game.module.teams}
            self.status_panel = HostStatusPanel(self.runner, team_names=names)
            self.status_panel.codes_button.clicked.connect(self.show_codes)
            dock = QDockWidget("Seats", self.window)
            dock.setObjectName("Seats")
            dock.setWidget(self.status_panel)
            self.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            self.status_dock = dock
        self.status_dock.show()
        self.status_panel.refresh()
        self._keep_within(self.status_dock, height)
        self.status_dock.raise_()
        return self.status_dock

    def _keep_within(self, dock: QDockWidget, height: int) -> None:
        """Hosting must never make the window taller than it is: at 1920x1080 the Seats dock stacked under
        the Teams, Big screen and rulings docks asked for 1,095 px, so a full-screen CONTROL window grew past
        the screen and lost its status line (where every network notice goes, issue 24.12; found in the
        rehearsal). If it would, docks share tabs as on a small screen (:func:`fit_docks`), keeping in sight
        the Seats dock and the Big screen dock, whose clock CONTROL keeps in sight (MUN's window hid it behind
        Seats)."""
        win = self.window
        if not win.isVisible():
            return
        clock = win.findChild(QDockWidget, "Big screen")
        join_a_tab_group(win, dock, height, keep_in_sight=[clock] if clock is not None else [])  # the rest stay put
        fit_docks(win, height, keep_in_sight=[d for d in (dock, clock) if d is not None])
        if clock is not None and win.minimumSizeHint().height() > height:
            # the last resort: the Big screen dock shares a tab too (The Game at 1366x768 grew to 1031 px, its
            # side holding only Seats and the clock); the host's clock stays in the status line
            fit_docks(win, height, keep_in_sight=[dock])
        if win.height() > height >= win.minimumSizeHint().height():
            win.resize(win.width(), height)  # back to the size it had (full screen: the screen's)

    def show_codes(self) -> CodesDialog | None:
        if self.runner is None or not self.runner.running:
            return None
        old = self.codes_dialog
        if old is not None and shiboken6.isValid(old):
            old.close()  # one codes window, the current codes: a re-host replaces it instead of stacking another
            old.deleteLater()
        dlg = CodesDialog(self.runner.url, self.runner.grants(), self.window, web_urls=self.runner.web_urls,
                          team_names={t.id: t.name for t in getattr(self.window.game.module, "teams", [])})
        dlg.setModal(False)  # never in the way of the board (a Start click behind it went nowhere)
        self.codes_dialog = dlg
        dlg.show()
        dlg.raise_()
        return dlg

    def show_web_address(self) -> WebAddressDialog | None:
        """The players' web page's address as a QR code and large text, for the big screen (issue 17)."""
        if self.runner is None or not self.runner.running:
            return None
        dlg = WebAddressDialog(self.runner.web_urls, self.window)
        self.web_dialog = dlg
        dlg.open()
        return dlg

    def stop_hosting(self) -> None:
        """Stop serving: the seats go offline; this window plays on the game file alone again."""
        runner, link = self.runner, self.link
        if runner is None:
            return
        self.link = None
        if link is not None:
            link.close()
        runner.close()
        self.runner = None
        if self.status_dock is not None:
            self.status_dock.close()
        path = self.window.path
        if path is not None:
            from boardapp.ui.app import game_for_path

            self.window.set_game(game_for_path(path)[0], path, self.window.autosave)
        elif runner.game is not None:
            self.window.set_game(runner.game, None)
        self.timer.stop()
        self._update_actions()
        self.update_indicator()

    # --- joining ------------------------------------------------------------------------------------
    def join_dialog(self) -> None:
        from boardapp.net.client import SeatError  # lazy: see the imports

        dlg = JoinDialog(self.window)
        self.window.dialog = dlg
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return
        url, code, screen = dlg.values()
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            win = open_join(url, code, screen=screen)
        except (SeatError, TimeoutError, OSError) as exc:
            QMessageBox.warning(self.window, "Cannot join", str(exc))
            return
        finally:
            QApplication.restoreOverrideCursor()
        self.joined.append(win)
        win.show()

    # --- closing ------------------------------------------------------------------------------------
    def shutdown(self) -> None:
        self.timer.stop()
        link, runner = self.link, self.runner
        self.link = self.runner = None
        if link is not None:
            link.close()
        if runner is not None:
            runner.close()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.window and event.type() == QEvent.Type.Close:
            self.shutdown()
        return False


class _OnClose(QObject):
    """Call ``fn`` when ``widget`` closes."""

    def __init__(self, widget: QWidget, fn: Any) -> None:
        super().__init__(widget)
        self.fn = fn
        widget.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Close and self.fn is not None:
            fn, self.fn = self.fn, None
            fn()
        return False


def install(window: Any) -> NetworkControl:
    """Add the network to a board window: the Game menu, the indicator, hosting and joining."""
    existing = getattr(window, "network", None)
    if isinstance(existing, NetworkControl):
        return existing
    control = NetworkControl(window)
    window.network = control
    return control


# --- joining from the command line ---------------------------------------------------------------------
def open_join(url: str, code: str, screen: bool = False, timeout: float = 10.0) -> Any:
    """A board window (or, with ``screen`` or a viewer's code, the big screen) on a hosted game.

    A first connection refused (a wrong port) or an unknown host name fails at once; no answer fails
    after ``timeout``. Either way the seat is closed: the :class:`SeatError` says so (it does not keep
    trying behind a window that was never opened)."""
    from boardapp.net.client import SeatError  # lazy: see the imports
    from boardapp.ui.board.render import ensure_app
    from boardapp.ui.network.public import PublicGame
    from boardapp.ui.network.seats import SeatLink, normalise_url

    ensure_app()
    url, in_url = normalise_url(url)
    code = code or in_url
    if not code:
        raise SeatError("no join code: type the code the host gave you (or paste its 'address#code' text)",
                        "unauthorized")
    link = SeatLink(url, code)
    try:
        link.start(timeout, fail_fast=True)
    except SeatError as exc:
        link.close()
        if exc.code == "unreachable":
            raise SeatError(f"{exc} — this seat gave up; join again once the address is right", exc.code) from None
        raise
    except TimeoutError:
        why = link.seat.last_error
        link.close()
        raise SeatError(f"no answer from {url} in {timeout:g} s" + (f" ({why})" if why else "")
                        + " — this seat gave up; join again to retry", "timeout") from None
    except BaseException:
        link.close()
        raise
    if screen or link.role == "viewer":
        from boardapp.ui.bigscreen.window import BigScreenWindow

        public = link.public if link.public is not None else PublicGame.following(link.game)
        screen_window = BigScreenWindow(public)
        screen_window.link = link  # type: ignore[attr-defined]
        _OnClose(screen_window, link.close)

        from boardapp.ui.network.banner import OFFLINE, Banner

        offline = Banner(screen_window, "offline-banner")
        news = Banner(screen_window, "fight-banner")
        screen_window.offline_banner, screen_window.fight_banner = offline, news  # type: ignore[attr-defined]

        def stale(s: bool) -> None:
            screen_window.setWindowTitle(("offline — reconnecting — " if s else "") + "big screen")
            if s:  # the title bar is invisible on a projector: say it over the picture
                offline.say("Offline — reconnecting to the host… (the picture may be out of date)", 0, OFFLINE)
            else:
                offline.clear()
        link.staleChanged.connect(stale)
        link.fought.connect(lambda text: news.say(text, FIGHT_BANNER_MS, avoid_y=place_y(screen_window, text)))
        link.clockChanged.connect(screen_window.restore_clock)  # the host's clock, not the hall's own
        return screen_window
    from boardapp.ui.mainwindow import MainWindow

    if link.role == "player":
        try:
            window = MainWindow(link.public, None)  # type: ignore[arg-type]
        except (AssertionError, AttributeError) as exc:  # the rule system's board extras need the whole game
            link.close()
            rules = getattr(getattr(link.public, "module", None), "name", "this rule system")
            raise SeatError(f"a player's seat cannot open {rules}'s board yet: its board reads the whole game, "
                            f"which a player's seat never receives ({type(exc).__name__} in its board extras)"
                            ) from exc
    else:
        window = MainWindow(link.game, None)
    control = install(window)
    link.setParent(control)
    control.attach(link)
    return window


def in_control_words(text: str) -> str:
    """A host's notice as the hall says it: the host's own seat is CONTROL's board, so "host board undid
    umpire 1's entry 3" reads "CONTROL undid umpire 1's entry 3" (issue 24.14)."""
    from boardapp.ui.network.loops import SEAT_FOR_HOST  # lazy: see the imports

    return re.sub(rf"\b{re.escape(SEAT_FOR_HOST)}\b", "CONTROL", text)


def place_y(window: Any, text: str) -> float | None:
    """Where the place a fight's sentence names ('Government attacks Delta: …') is in ``window``, as a share
    of its height (None: no place of the map named, or no map)."""
    view = getattr(window, "view", None)
    scene = view.scene() if view is not None else None
    places = getattr(scene, "places", None)
    if not places:
        return None
    head = text.split(":", 1)[0]
    for pid, place in places.items():
        name = getattr(place, "name", "") or ""
        if name and re.search(rf"\b{re.escape(str(name))}\b", head):
            y = view.mapTo(window, view.mapFromScene(scene.place_pos(pid))).y()
            return float(y) / max(1, window.height())
    return None


def run_join(url: str, code: str, screen: bool = False) -> int:
    """``boardapp join HOST:PORT --code CODE [--screen]``: run a seat's window until it closes."""
    from boardapp.net.client import SeatError  # lazy: see the imports

    app = QApplication.instance() or QApplication(sys.argv[:1])
    try:
        window = open_join(url, code, screen=screen)
    except (SeatError, TimeoutError, OSError) as exc:
        print(f"boardapp join: {exc}", file=sys.stderr)
        return 2
    if screen and hasattr(window, "show_on"):
        window.show_on(None)
    else:
        window.show()
    return int(app.exec())
