"""The Control team dock (issue 29): Rulings, Follow-ups and Notes, for CONTROL's and every umpire's board.

Everything it shows is the register :mod:`boardapp.engine.staff` derives from the journal the window
follows (a LAN seat's replica, or the host's own game); everything it does is a staff command submitted
through the window's one door (``GameController.submit``). A viewer's or a player's window has no journal
and gets no dock.

- **Rulings**: newest first, searchable, by area and by status (open, standing, overturned); CONTROL
  confirms or overturns the one selected; any Control seat writes one.
- **Follow-ups**: this seat's own open ones (addressed to it, or to a team it is limited to) or all, by
  age, with Done and Drop; a form pins a new one on a seat or a team, due now, at a time or by a turn.
- **Notes**: to this seat or to all of Control, with the sender's name, an unread count, a send box.

The dock's title carries a badge, "Control team (3)": this seat's open follow-ups plus its unread notes;
the map shows one on each place a follow-up of this seat concerns (:class:`PlaceBadge`).
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFrame,
    QGraphicsItem,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from boardapp.engine import staff

ALL_CONTROL = "All of Control"
STATUS_WORDS = {"open": "ruled", "standing": "standing", "overturned": "overturned"}


# --- who this window is, and its register ---------------------------------------------------------------
def seat_of(game: Any) -> tuple[str, str, list[str] | None]:
    """(seat name, role, teams it is limited to) of the board showing ``game``: a LAN seat's, or CONTROL's
    own (a local game, or the host's window)."""
    link = getattr(game, "link", None)
    if link is not None and getattr(link, "role", None):
        return str(link.seat_name or link.role), str(link.role), link.teams
    return "CONTROL", "control", None


def register_of(game: Any) -> staff.StaffRegister | None:
    """The Control team's register of the journal ``game`` follows; None for a source without a journal."""
    inner = getattr(game, "mirror", game)
    try:
        reg = inner.staff
    except Exception:  # a viewer's or a player's source: no journal, no register
        return None
    return reg if isinstance(reg, staff.StaffRegister) else None


def seat_names(window: Any, game: Any) -> list[str]:
    """The seats this board knows by name (to address a follow-up or a note): the host's seats as a LAN seat
    heard them, or the hosting window's own grants; and everyone who wrote in the register."""
    names: list[str] = []
    link = getattr(game, "link", None)
    seat = getattr(link, "seat", None)
    names += list(getattr(seat, "seat_names", {}).values())
    host = getattr(getattr(getattr(window, "network", None), "runner", None), "host", None)
    for grant in getattr(host, "grants", {}).values():
        if grant.role in ("control", "umpire") and not grant.revoked:
            names.append(grant.name)
    reg = register_of(game)
    if reg is not None:
        names += [f.by for f in reg.follow_ups.values()] + [n.by for n in reg.notes]
    return sorted({n for n in names if n})


def _ago(at: str, now: _dt.datetime) -> str:
    try:
        t = _dt.datetime.fromisoformat(at)
    except ValueError:
        return ""
    minutes = int((now - (t if t.tzinfo else t.replace(tzinfo=_dt.UTC))).total_seconds() // 60)
    return f"{minutes} min" if minutes < 120 else f"{minutes // 60} h {minutes % 60:02d}"


def open_follow_up_lines(window: Any) -> list[str]:
    """What the end-of-turn preview adds: the follow-ups still open (this seat's; CONTROL: all of them)."""
    game = window.game
    reg = register_of(game)
    if reg is None:
        return []
    name, role, teams = seat_of(game)
    items = reg.open_follow_ups() if role == "control" else reg.follow_ups_for(name, teams)
    return [f"Follow-up still open (for {f.addressee()}, from {f.by or 'CONTROL'}, "
            f"{staff.hhmm(f.at)}): {f.text}" for f in items]


class PlaceBadge(QGraphicsItem):
    """A follow-up's badge on the map: a red disc with the number of this seat's open follow-ups at a place,
    drawn at the same size on screen whatever the zoom (hall-readable: the digit's ink is ≥ 19 px at 1920x1080,
    and ``scale`` times that on a screen the window scales its fonts for: 2 at 3840x2160)."""

    SIZE = 34.0

    def __init__(self, count: int, tip: str, scale: float = 1.0) -> None:
        super().__init__()
        self.count = count
        self.scale_ = max(1.0, float(scale))
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(10_000)
        self.setToolTip(tip)
        self.font = QFont()
        self.font.setBold(True)
        self.font.setPixelSize(round(26 * self.scale_))

    @property
    def size(self) -> float:
        return self.SIZE * self.scale_

    def boundingRect(self) -> QRectF:
        s = self.size
        return QRectF(-s / 2 - 1, -s / 2 - 1, s + 2, s + 2)

    def paint(self, painter: QPainter, _option: Any, _widget: Any = None) -> None:
        s = self.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("white"), 2))
        painter.setBrush(QBrush(QColor("#c0392b")))
        painter.drawEllipse(QRectF(-s / 2, -s / 2, s, s))
        painter.setFont(self.font)
        painter.setPen(QColor("white"))
        text = str(self.count) if self.count < 10 else "9+"
        painter.drawText(QRectF(-s / 2, -s / 2, s, s).adjusted(0, -1, 0, 0), Qt.AlignmentFlag.AlignCenter, text)


class ControlTeamPanel(QWidget):
    """The dock's widget. ``window`` is the board window (its ``game``, ``controller`` and ``scene``)."""

    def __init__(self, window: Any) -> None:
        super().__init__()
        self.window_ = window
        self.dock: QDockWidget | None = None
        self.read_upto = 0
        """The last note (journal seq) this board has shown while the Notes tab was open."""
        self.map_badges: dict[str, PlaceBadge] = {}
        self._unsubscribe: Any = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        self.tabs = QTabWidget()
        lay.addWidget(self.tabs)
        self.tabs.addTab(self._rulings_tab(), "Rulings")
        self.tabs.addTab(self._follow_ups_tab(), "Follow-ups")
        self.tabs.addTab(self._notes_tab(), "Notes")
        self.tabs.currentChanged.connect(lambda _i: self.refresh())
        self.status = QLabel()
        self.status.setWordWrap(True)
        lay.addWidget(self.status)

    # --- building -----------------------------------------------------------------------------
    def _list(self) -> QListWidget:
        """A list whose items wrap to the dock's width (a line of who and when, then the text, never cut)."""
        items = QListWidget()
        items.setWordWrap(True)
        items.setResizeMode(QListView.ResizeMode.Adjust)
        items.setAlternatingRowColors(True)
        items.setTextElideMode(Qt.TextElideMode.ElideNone)
        return items

    def _rulings_tab(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        row = QHBoxLayout()
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search rulings")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(lambda _t: self.refresh())
        self.area_filter = QComboBox()
        self.area_filter.addItem("All areas", None)
        self.area_filter.currentIndexChanged.connect(lambda _i: self.refresh())
        self.status_filter = QComboBox()
        for label, value in (("All", None), ("Standing", "standing"), ("Ruled", "open"),
                             ("Overturned", "overturned")):
            self.status_filter.addItem(label, value)
        self.status_filter.currentIndexChanged.connect(lambda _i: self.refresh())
        row.addWidget(self.search, 2)
        row.addWidget(self.area_filter, 1)
        row.addWidget(self.status_filter, 1)
        lay.addLayout(row)
        self.rulings = self._list()
        self.rulings.itemSelectionChanged.connect(self._ruling_buttons)
        lay.addWidget(self.rulings, 1)
        row = QHBoxLayout()
        self.confirm_button = QPushButton("Confirm as standing")
        self.confirm_button.clicked.connect(lambda: self._judge("confirm_ruling"))
        self.overturn_button = QPushButton("Overturn")
        self.overturn_button.clicked.connect(lambda: self._judge("overturn_ruling"))
        row.addWidget(self.confirm_button)
        row.addWidget(self.overturn_button)
        lay.addLayout(row)
        row = QHBoxLayout()
        self.ruling_text = QLineEdit()
        self.ruling_text.setPlaceholderText("New ruling: what was decided")
        self.ruling_area = QLineEdit()
        self.ruling_area.setPlaceholderText("Rule area")
        self.ruling_about = QLineEdit()
        self.ruling_about.setPlaceholderText("Concerns: places, teams, counters, command kinds")
        self.publish = QCheckBox("Publish to the hall")
        self.publish.setToolTip("CONTROL only: the hall (big screen, web page, players) reads "
                                "\"CONTROL's ruling: …\"; who ruled and what it concerns stay Control's")
        self.write_button = QPushButton("Write ruling")
        self.write_button.clicked.connect(self.write_ruling)
        lay.addWidget(self.ruling_text)
        row.addWidget(self.ruling_area, 1)
        row.addWidget(self.ruling_about, 2)
        row.addWidget(self.publish)
        row.addWidget(self.write_button)
        lay.addLayout(row)
        return w

    def _follow_ups_tab(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        self.scope = QComboBox()
        for label, value in (("Mine", "mine"), ("All open (by age)", "all"), ("Closed", "closed")):
            self.scope.addItem(label, value)
        self.scope.currentIndexChanged.connect(lambda _i: self.refresh())
        lay.addWidget(self.scope)
        self.follow_ups = self._list()
        self.follow_ups.itemSelectionChanged.connect(self._follow_up_buttons)
        lay.addWidget(self.follow_ups, 1)
        row = QHBoxLayout()
        self.done_button = QPushButton("Done")
        self.done_button.clicked.connect(lambda: self._close_follow_up("follow_up_done"))
        self.drop_button = QPushButton("Drop")
        self.drop_button.clicked.connect(lambda: self._close_follow_up("follow_up_dropped"))
        row.addWidget(self.done_button)
        row.addWidget(self.drop_button)
        lay.addLayout(row)
        self.follow_up_text = QLineEdit()
        self.follow_up_text.setPlaceholderText("New follow-up: what is to be done")
        lay.addWidget(self.follow_up_text)
        row = QHBoxLayout()
        self.follow_up_to = QComboBox()
        self.follow_up_to.setEditable(True)
        self.follow_up_to.setToolTip("A seat's name, or 'team <id>'")
        self.follow_up_due = QComboBox()
        for label, value in (("Due now", "now"), ("Due at (HH:MM)", "clock"), ("Due by turn", "turn")):
            self.follow_up_due.addItem(label, value)
        self.follow_up_when = QLineEdit()
        self.follow_up_when.setPlaceholderText("11:30 or 3")
        self.follow_up_about = QLineEdit()
        self.follow_up_about.setPlaceholderText("Concerns: places, teams, counters")
        self.pin_button = QPushButton("Pin follow-up")
        self.pin_button.clicked.connect(self.pin_follow_up)
        row.addWidget(self.follow_up_to, 2)
        row.addWidget(self.follow_up_due, 1)
        row.addWidget(self.follow_up_when, 1)
        lay.addLayout(row)
        row = QHBoxLayout()
        row.addWidget(self.follow_up_about, 2)
        row.addWidget(self.pin_button)
        lay.addLayout(row)
        return w

    def _notes_tab(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        self.notes = QListWidget()
        self.notes.setWordWrap(True)
        lay.addWidget(self.notes, 1)
        row = QHBoxLayout()
        self.note_to = QComboBox()
        self.note_to.setEditable(True)
        self.note_text = QLineEdit()
        self.note_text.setPlaceholderText("A note to Control")
        self.note_text.returnPressed.connect(self.send_note)
        self.send_button = QPushButton("Send")
        self.send_button.clicked.connect(self.send_note)
        row.addWidget(self.note_to, 1)
        row.addWidget(self.note_text, 3)
        row.addWidget(self.send_button)
        lay.addLayout(row)
        return w

    # --- the game -------------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        return self.window_.game

    def bind(self, game: Any) -> None:
        """Follow ``game`` (the window's, again after it is replaced)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._clear_map_badges()
        self.read_upto = 0
        if register_of(game) is not None:
            self._unsubscribe = game.subscribe(lambda _what, _entry: self.refresh())
        self.refresh()

    @property
    def seat(self) -> tuple[str, str, list[str] | None]:
        return seat_of(self.game)

    def submit(self, command: dict[str, Any]) -> Any:
        """A staff command through the window's one door, signed with this seat's name."""
        name, _role, _teams = self.seat
        outcome = self.window_.controller.submit(command | {"by": name})
        self.status.setText("" if outcome.accepted else "Refused: " + "; ".join(outcome.reasons))
        return outcome

    def _ids(self, text: str) -> dict[str, list[str]]:
        """Places, teams, counters and command kinds named in a free 'concerns' line (by id or by name)."""
        module, state = self.game.module, self.game.state
        the_map = getattr(module, "map", None)
        places = {p.id: p for p in (*getattr(the_map, "places", ()), *getattr(the_map, "regions", ()))}
        by_name = {str(getattr(p, "name", "")).lower(): i for i, p in places.items()}
        teams = {t.id for t in module.teams} | set()
        team_names = {t.name.lower(): t.id for t in module.teams}
        counters = set(getattr(state, "counters", None) or {})
        kinds = {str(c.model_fields["kind"].default) for c in getattr(module, "command_types", ())}
        out: dict[str, list[str]] = {"places": [], "teams": [], "counters": [], "kinds": []}
        for word in [w.strip() for w in text.replace(";", ",").split(",") if w.strip()]:
            low = word.lower()
            if word in places or low in by_name:
                out["places"].append(word if word in places else by_name[low])
            elif word in teams or low in team_names:
                out["teams"].append(word if word in teams else team_names[low])
            elif word in counters:
                out["counters"].append(word)
            elif word in kinds:
                out["kinds"].append(word)
        return out

    # --- actions ---------------------------------------------------------------------------------
    def write_ruling(self) -> Any:
        text = self.ruling_text.text().strip()
        if not text:
            self.status.setText("A ruling needs its text")
            return None
        published = {"published": True} if self.publish.isChecked() and self.seat[1] == "control" else {}
        out = self.submit({"kind": "ruling", "text": text, "area": self.ruling_area.text().strip()}
                          | self._ids(self.ruling_about.text()) | published)
        if out.accepted:
            self.ruling_text.clear()
            self.ruling_about.clear()
            self.publish.setChecked(False)
        return out

    def _selected(self, items: QListWidget) -> int | None:
        chosen = items.selectedItems()
        return int(chosen[0].data(Qt.ItemDataRole.UserRole)) if chosen else None

    def _judge(self, kind: str) -> Any:
        seq = self._selected(self.rulings)
        return None if seq is None else self.submit({"kind": kind, "ruling": seq})

    def _close_follow_up(self, kind: str) -> Any:
        seq = self._selected(self.follow_ups)
        return None if seq is None else self.submit({"kind": kind, "follow_up": seq})

    def pin_follow_up(self) -> Any:
        text = self.follow_up_text.text().strip()
        to = self.follow_up_to.currentText().strip()
        if not text or not to:
            self.status.setText("A follow-up needs its text and whom it is for")
            return None
        command: dict[str, Any] = {"kind": "follow_up", "text": text}
        team_ids = {t.id for t in self.game.module.teams}
        by_name = {t.name.lower(): t.id for t in self.game.module.teams}  # the list names teams; an id typed works
        if to.lower().startswith("team "):
            named = to[5:].strip()
            command["to_team"] = by_name.get(named.lower(), named)
        elif to in team_ids:
            command["to_team"] = to
        else:
            command["to_seat"] = to
        due = self.follow_up_due.currentData()
        when = self.follow_up_when.text().strip()
        command["due"] = due
        if due == "clock":
            try:
                hh, mm = (int(x) for x in when.split(":"))
                local = _dt.datetime.now().astimezone().replace(hour=hh, minute=mm, second=0, microsecond=0)
            except ValueError:
                self.status.setText(f"'{when}' is not a time such as 11:30")
                return None
            command["due_at"] = local.isoformat(timespec="seconds")
        elif due == "turn":
            if not when.isdigit():
                self.status.setText(f"'{when}' is not a turn number")
                return None
            command["due_turn"] = int(when)
        ids = self._ids(self.follow_up_about.text())
        ids.pop("kinds")
        out = self.submit(command | ids)
        if out.accepted:
            self.follow_up_text.clear()
            self.follow_up_about.clear()
        return out

    def send_note(self) -> Any:
        text = self.note_text.text().strip()
        if not text:
            return None
        to = self.note_to.currentText().strip()
        out = self.submit({"kind": "note", "text": text, "to": "" if to in ("", ALL_CONTROL) else to})
        if out.accepted:
            self.note_text.clear()
        return out

    # --- showing ---------------------------------------------------------------------------------
    def unread(self) -> int:
        reg = register_of(self.game)
        name = self.seat[0]
        return 0 if reg is None else sum(1 for n in reg.notes_for(name) if n.by != name and n.seq > self.read_upto)

    def mine(self) -> list[staff.FollowUpRecord]:
        reg = register_of(self.game)
        name, _role, teams = self.seat
        return [] if reg is None else reg.follow_ups_for(name, teams)

    def badge(self) -> int:
        """This seat's open follow-ups plus its unread notes: the number on the dock's title."""
        return len(self.mine()) + self.unread()

    def refresh(self) -> None:
        reg = register_of(self.game)
        if reg is None:
            return
        name, role, _teams = self.seat
        now = _dt.datetime.now(_dt.UTC)
        # rulings
        areas = reg.areas()
        if [self.area_filter.itemData(i) for i in range(1, self.area_filter.count())] != areas:
            current = self.area_filter.currentData()
            self.area_filter.blockSignals(True)
            self.area_filter.clear()
            self.area_filter.addItem("All areas", None)
            for a in areas:
                self.area_filter.addItem(a, a)
            self.area_filter.setCurrentIndex(max(0, self.area_filter.findData(current)))
            self.area_filter.blockSignals(False)
        status = self.status_filter.currentData()
        selected = self._selected(self.rulings)
        self.rulings.clear()
        for r in reg.rulings_newest_first(self.search.text(), self.area_filter.currentData()):
            if status is not None and r.status != status:
                continue
            words = (staff.hhmm(r.at), r.by or "CONTROL", r.area, STATUS_WORDS[r.status], "published" * r.published)
            head = " · ".join(x for x in words if x)
            forced = f" (forced {r.forced.get('kind')})" if r.forced else ""
            item = QListWidgetItem(f"{head}\n{r.text}{forced}")
            item.setData(Qt.ItemDataRole.UserRole, r.seq)
            item.setToolTip(r.headline() + ("\nOverrode: " + "; ".join(r.overridden) if r.overridden else ""))
            if r.status == "overturned":
                item.setForeground(QBrush(QColor("#777")))
            self.rulings.addItem(item)
            if r.seq == selected:
                item.setSelected(True)
        self._ruling_buttons()
        # follow-ups
        scope = self.scope.currentData()
        items = (self.mine() if scope == "mine" else reg.open_follow_ups() if scope == "all"
                 else sorted((f for f in reg.follow_ups.values() if not f.is_open), key=lambda f: f.seq))
        selected = self._selected(self.follow_ups)
        self.follow_ups.clear()
        turn_no = staff.turn_index(self.game.module.turn_label(self.game.state),
                                   self.game.module.turn_number(self.game.state))
        now_iso = now.isoformat(timespec="seconds")
        for f in items:
            due = {"now": "now", "clock": f"at {staff.hhmm(f.due_at)}", "turn": f"turn {f.due_turn}"}[f.due]
            if not f.is_open:
                due += f" — {f.status} by {f.closed_by or 'CONTROL'} {staff.hhmm(f.closed_at)}" \
                       + (" (late)" if f.late else "")
            item = QListWidgetItem(f"{_ago(f.at, now)} · {f.by or 'CONTROL'} → {f.addressee()} · due {due}\n{f.text}")
            item.setData(Qt.ItemDataRole.UserRole, f.seq)
            if f.is_open and f.overdue(now_iso, turn_no) and f.due != "now":
                item.setForeground(QBrush(QColor("#b00")))
                item.setToolTip("Past due")
            self.follow_ups.addItem(item)
            if f.seq == selected:
                item.setSelected(True)
        self._follow_up_buttons()
        # notes
        notes = reg.notes_for(name)
        if self.tabs.currentIndex() == 2 and self.isVisible() and notes:
            self.read_upto = max(self.read_upto, notes[-1].seq)
        self.notes.clear()
        for n in notes:
            self.notes.addItem(f"{staff.hhmm(n.at)} {n.by or 'CONTROL'} → {n.to or ALL_CONTROL}: {n.text}")
            if n.seq > self.read_upto and n.by != name:
                it = self.notes.item(self.notes.count() - 1)
                f = it.font()
                f.setBold(True)
                it.setFont(f)
        self.notes.scrollToBottom()
        # who may be addressed
        names = [s for s in seat_names(self.window_, self.game) if s != name]
        teams = [f"team {t.name}" for t in self.game.module.teams]  # named as people know them (not 'binni-gov')
        for combo, extra in ((self.follow_up_to, teams), (self.note_to, [])):
            want = ([ALL_CONTROL] if combo is self.note_to else []) + names + extra
            if [combo.itemText(i) for i in range(combo.count())] != want:
                text = combo.currentText()
                combo.blockSignals(True)
                combo.clear()
                combo.addItems(want)
                combo.setEditText(text if text else (want[0] if want else ""))
                combo.blockSignals(False)
        # badges
        unread, mine = self.unread(), len(self.mine())
        self.tabs.setTabText(1, f"Follow-ups ({mine})" if mine else "Follow-ups")
        self.tabs.setTabText(2, f"Notes ({unread})" if unread else "Notes")
        if self.dock is not None:
            n = mine + unread
            self.dock.setWindowTitle(f"Control team ({n})" if n else "Control team")
        self.confirm_button.setVisible(role == "control")
        self.overturn_button.setVisible(role == "control")
        self.publish.setVisible(role == "control")
        self.show_map_badges()

    def _ruling_buttons(self) -> None:
        seq = self._selected(self.rulings)
        reg = register_of(self.game)
        r = reg.rulings.get(seq) if reg is not None and seq is not None else None
        self.confirm_button.setEnabled(r is not None and r.status == "open")
        self.overturn_button.setEnabled(r is not None and r.status != "overturned")

    def _follow_up_buttons(self) -> None:
        seq = self._selected(self.follow_ups)
        reg = register_of(self.game)
        f = reg.follow_ups.get(seq) if reg is not None and seq is not None else None
        self.done_button.setEnabled(f is not None and f.is_open)
        self.drop_button.setEnabled(f is not None and f.is_open)

    # --- the map's badges ---------------------------------------------------------------------------
    def _clear_map_badges(self) -> None:
        for item in self.map_badges.values():
            scene = item.scene()
            if scene is not None:
                scene.removeItem(item)
        self.map_badges = {}

    def places_of(self, f: staff.FollowUpRecord) -> list[str]:
        """The places a follow-up concerns: those it names, and where the counters it names stand."""
        out = list(f.places)
        counters = getattr(self.game.state, "counters", None) or {}
        for c in f.counters:
            place = getattr(counters.get(c), "place", None)
            if place:
                out.append(str(place))
        return list(dict.fromkeys(out))

    def show_map_badges(self) -> None:
        scene = getattr(self.window_, "scene", None)
        self._clear_map_badges()
        if scene is None:
            return
        known = {p.id for p in getattr(self.game.module.map, "places", ())}
        at: dict[str, list[str]] = {}
        for f in self.mine():
            for place in self.places_of(f):
                if place in known:
                    at.setdefault(place, []).append(f"Follow-up from {f.by or 'CONTROL'}: {f.text}")
        for place, texts in at.items():
            item = PlaceBadge(len(texts), "\n".join(texts), getattr(self.window_, "screen_scale", 1.0))
            pos = scene.place_pos(place)
            item.setPos(pos.x() + 18, pos.y() - 18)
            scene.addItem(item)
            self.map_badges[place] = item


def install(window: Any) -> QDockWidget:
    """Add the Control team dock to a board window (hidden on a viewer's or a player's board, which follow no
    journal), with the refusal handler that shows a matching ruling, following the window's game."""
    panel = ControlTeamPanel(window)
    dock = QDockWidget("Control team", window)
    dock.setObjectName("control-team")
    # in a scroll area: its tabs, filters and send box must not make the window taller than a 1280x800 laptop
    # (tests/ui/test_xvfb.py); the dock scrolls instead
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setWidget(panel)
    dock.setWidget(scroll)
    panel.dock = dock
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    teams_dock = getattr(window, "teams_dock", None)
    if teams_dock is not None:
        window.tabifyDockWidget(teams_dock, dock)
        teams_dock.raise_()
    window.control_team = panel
    menus = getattr(window, "menus", {})
    if "view" in menus:
        menus["view"].addAction(dock.toggleViewAction())

    def follow(game: Any) -> None:
        dock.setVisible(register_of(game) is not None and seat_of(game)[1] in ("control", "umpire"))
        dock.toggleViewAction().setVisible(dock.isVisible())
        panel.bind(game)

    window.gameReplaced.connect(follow)
    def refused(outcome: Any) -> bool:
        if not getattr(outcome, "precedents", ()):
            return False
        from boardapp.ui.control.precedent import refusal_handler  # lazy: dialogs load when they open

        return refusal_handler(window, outcome)

    window.refusal_handlers.append(refused)
    follow(window.game)
    return dock
