"""Side panels: teams (tracks, CONTROL's edits), the log, the turn, and counters off the map."""

from __future__ import annotations

import csv
import io
from typing import Any

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QDrag
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from boardapp.engine.module import Audience
from boardapp.ui.board.style import text_on
from boardapp.ui.document.source import GameSource
from boardapp.ui.widgets.wrapfit import keep_whole

COUNTER_MIME = "application/x-boardapp-counter"


def _team_cell(text: str, colour: str | None) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    if colour:
        item.setBackground(QBrush(QColor(colour)))
        item.setForeground(QBrush(text_on(QColor(colour))))
    return item


class TeamPanel(QWidget):
    """Every team's tracks, as the rule module's board picture gives them (a rule system's own
    edits of them, such as War in Binni's CONTROL rulings, come in its own dock). The columns are the
    numbers the picture's tracks hold, in the order they first appear, under their own words (a few
    common keys have short headings)."""

    HEADINGS = {"pr": "PR", "cards": "Cards", "cards_max": "Limit", "money": "$M", "stores": "Stores",
                "aid": "Aid", "cruise_missiles": "Missiles"}
    NOT_COLUMNS = frozenset({"team", "name", "on_map", "hidden"})

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.table = QTableWidget(0, 1)
        self.table.setHorizontalHeaderLabels(["Team"])
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        # A long team name wraps between words (never "Government of Bin…"): rows take the height it needs.
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.table.setAlternatingRowColors(True)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # The vertical bar always there: as needed, it narrowed the name column, the names wrapped, the rows
        # were measured again and the bar went, for ever (an umpire's 1400x900 board at 40 % CPU: issue 24's
        # rehearsal). With the bar fixed the column's width no longer depends on the rows' height.
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        header = self.table.horizontalHeader()
        header.setMinimumSectionSize(28)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        lay.addWidget(self.table)
        self._tracks: dict[str, dict[str, Any]] = {}
        self.columns: list[tuple[str, str]] = []
        """(key, heading) of each number shown, after the Team column."""

    def _columns_of(self, tracks: list[dict[str, Any]]) -> list[tuple[str, str]]:
        keys: list[str] = []
        for tr in tracks:
            for key, value in tr.items():
                # numbers only: a long text (The Game's list of nations) would squeeze the names until cut
                if key in self.NOT_COLUMNS or key in keys or isinstance(value, bool) \
                        or not isinstance(value, (int, float)):
                    continue
                keys.append(key)
        known = list(self.HEADINGS)  # the common ones in their usual order (PR, Cards, Limit, …), then the rest
        first = {k: i for i, k in enumerate(keys)}
        keys.sort(key=lambda k: (known.index(k) if k in known else len(known), first[k]))
        return [(k, self.HEADINGS.get(k, k.upper() if len(k) <= 2 else k.replace("_", " ").capitalize()))
                for k in keys]  # a short key is an abbreviation: 'vp' -> 'VP'

    def show_game(self, game: GameSource, audience: Audience = Audience.CONTROL) -> None:
        """The turn and the tallies as ``audience`` may see them (a hidden tally is not shown to a player)."""
        view = getattr(game.module, "view", None)
        picture = view(game.state, audience) if view is not None and audience != Audience.CONTROL \
            else game.module.board(game.state)
        colours = {t.id: t.colour for t in game.module.teams}
        tracks = [tr for tr in picture.tracks if isinstance(tr, dict) and "team" in tr]
        columns = self._columns_of(tracks)
        if columns != self.columns:  # a track no team has takes no room; a new one gets its column
            self.columns = columns
            self.table.setColumnCount(len(columns) + 1)
            self.table.setHorizontalHeaderLabels(["Team"] + [h for _, h in columns])
            header = self.table.horizontalHeader()
            header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
            for c in range(1, len(columns) + 1):  # numbers take what they need, the name the rest
                header.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setRowCount(len(tracks))
        self._tracks = {}
        for r, tr in enumerate(tracks):
            self._tracks[tr["team"]] = tr
            name = _team_cell(tr.get("name", tr["team"]), colours.get(tr["team"]))
            name.setToolTip(tr.get("name", tr["team"]))
            self.table.setItem(r, 0, name)
            for c, (key, _) in enumerate(columns, start=1):
                cell = QTableWidgetItem(str(tr.get(key, "")))
                cell.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(r, c, cell)


class LogPanel(QWidget):
    """Every journal entry's events; filter by text, team and kind; click to find it on the map."""

    placeClicked = Signal(str)

    HEADERS = ["#", "Turn", "Kind", "Event", "Teams", "Places"]

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.text = QLineEdit()
        self.text.setPlaceholderText("filter…")
        self.team = QComboBox()
        self.kind = QComboBox()
        bar.addWidget(self.text, 2)
        bar.addWidget(self.team, 1)
        bar.addWidget(self.kind, 1)
        lay.addLayout(bar)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(self.HEADERS)
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        # The event is what the umpire reads (a fight's die and result): it wraps in full instead of
        # being cut to a tooltip, and the short columns take only the room their text needs.
        self.tree.setWordWrap(True)
        self.tree.setUniformRowHeights(False)
        header = self.tree.header()
        header.setStretchLastSection(False)
        for col in (0, 1, 2, 4, 5):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        lay.addWidget(self.tree)
        self.text.textChanged.connect(self.apply_filter)
        self.team.currentIndexChanged.connect(self.apply_filter)
        self.kind.currentIndexChanged.connect(self.apply_filter)
        self.tree.itemClicked.connect(self._clicked)
        self.rows: list[dict[str, Any]] = []

    def show_game(self, game: GameSource, audience: Audience = Audience.CONTROL) -> None:
        """List the events ``audience`` may see (CONTROL: all; a player's seat: public ones and its own)."""
        names = {t.id: t.name for t in game.module.teams}
        game_map = getattr(game.module, "map", None)
        place_names = {p.id: p.name for p in game_map.places} if game_map is not None else {}
        self.rows = []
        for entry in game.entries:
            for ev in entry.events:
                if not ev.visible(audience):
                    continue
                self.rows.append({"seq": entry.seq, "turn": entry.turn, "kind": ev.kind, "text": ev.text,
                                  "teams": list(ev.teams), "places": list(ev.places),
                                  "team_names": ", ".join(names.get(t, t) for t in ev.teams),
                                  "place_names": ", ".join(place_names.get(p, p) for p in ev.places)})
        team, kind = self.team.currentData(), self.kind.currentData()
        for combo, values, current, label in (
            (self.team, sorted({t for r in self.rows for t in r["teams"]}), team, "all teams"),
            (self.kind, sorted({r["kind"] for r in self.rows}), kind, "all kinds"),
        ):
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(label, None)
            for v in values:
                combo.addItem(names.get(v, v) if combo is self.team else v, v)
            if current is not None and combo.findData(current) >= 0:
                combo.setCurrentIndex(combo.findData(current))
            combo.blockSignals(False)
        self.tree.clear()
        for r in self.rows:
            item = QTreeWidgetItem([str(r["seq"]), r["turn"], r["kind"], r["text"], r["team_names"],
                                    r["place_names"]])
            item.setData(0, Qt.ItemDataRole.UserRole, r)
            item.setToolTip(3, r["text"])
            self.tree.addTopLevelItem(item)
        self.apply_filter()
        if self.tree.topLevelItemCount():
            self.tree.scrollToItem(self.tree.topLevelItem(self.tree.topLevelItemCount() - 1))

    def matches(self, r: dict[str, Any]) -> bool:
        text = self.text.text().strip().lower()
        if text and text not in r["text"].lower():
            return False
        team, kind = self.team.currentData(), self.kind.currentData()
        if team is not None and team not in r["teams"]:
            return False
        return kind is None or r["kind"] == kind

    def apply_filter(self) -> None:
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            item.setHidden(not self.matches(item.data(0, Qt.ItemDataRole.UserRole)))

    def shown_rows(self) -> list[dict[str, Any]]:
        return [r for r in self.rows if self.matches(r)]

    def _clicked(self, item: QTreeWidgetItem) -> None:
        r = item.data(0, Qt.ItemDataRole.UserRole)
        if r and r["places"]:
            self.placeClicked.emit(r["places"][0])

    def to_csv(self) -> str:
        out = io.StringIO()
        w = csv.writer(out)
        w.writerow(["seq", "turn", "kind", "text", "teams", "places"])
        for r in self.shown_rows():
            w.writerow([r["seq"], r["turn"], r["kind"], r["text"], " ".join(r["teams"]), " ".join(r["places"])])
        return out.getvalue()

    def to_markdown(self) -> str:
        lines = ["| # | Turn | Kind | Event |", "|---|---|---|---|"]
        for r in self.shown_rows():
            text = r["text"].replace("|", "\\|")
            lines.append(f"| {r['seq']} | {r['turn']} | {r['kind']} | {text} |")
        return "\n".join(lines) + "\n"


def game_over(game: GameSource) -> str | None:
    """The rule module's words for a finished game (``RuleModule.game_over``), None while it goes on."""
    ask = getattr(game.module, "game_over", None)
    return ask(game.state) if ask is not None else None


class TurnPanel(QWidget):
    endTurn = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.label = QLabel()
        font = self.label.font()
        font.setPointSize(font.pointSize() + 6)
        font.setBold(True)
        self.label.setFont(font)
        self.label.setWordWrap(True)  # a long turn label wraps rather than widening the dock (and the window)
        self.tallies = QLabel()
        self.tallies.setWordWrap(True)
        keep_whole(self.label), keep_whole(self.tallies)  # wrapped, as tall as their text (never cut)
        self.button = QPushButton("End turn…")
        self.button.setProperty("command_kind", "end_turn")  # CONTROL's: hidden on an umpire's board
        self.button.clicked.connect(self.endTurn)
        lay.addWidget(self.label)
        lay.addWidget(self.tallies)
        lay.addWidget(self.button)
        lay.addStretch(1)

    def show_game(self, game: GameSource, audience: Audience = Audience.CONTROL) -> None:
        """The turn and the tallies as ``audience`` may see them (a hidden tally is not shown to a player)."""
        view = getattr(game.module, "view", None)
        picture = view(game.state, audience) if view is not None and audience != Audience.CONTROL \
            else game.module.board(game.state)
        self.label.setText(picture.turn_label)
        # each tally kept whole on its line (no-break spaces): it wrapped "pool civ:" away from its number
        self.tallies.setText("   ".join(f"{k}: {v}".replace(" ", "\u00a0") for k, v in picture.tallies.items()))
        over = game_over(game)
        self.button.setEnabled(over is None)  # a finished game takes no more turns
        self.button.setToolTip(f"{over}: no more turns" if over else "")


class OffMapTree(QTreeWidget):
    """Counters not on the map (place None), per team; drag one onto the map to deploy it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderLabels(["Counter", "Type"])
        # Team names and counter ids in full (they were cut to "Aga…"): the first column fits its text.
        self.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.setDragEnabled(True)

    def show_game(self, game: GameSource) -> None:
        self.clear()
        names = {t.id: (t.name, t.colour) for t in game.module.teams}
        counters = getattr(game.state, "counters", {})
        teams: dict[str, QTreeWidgetItem] = {}
        for cid, ctr in sorted(counters.items()):
            if getattr(ctr, "place", "") is not None or getattr(ctr, "destroyed", False):
                continue
            team = getattr(ctr, "team", "")
            if team not in teams:
                name, colour = names.get(team, (team, None))
                head = QTreeWidgetItem([name, ""])
                head.setFlags(head.flags() & ~Qt.ItemFlag.ItemIsDragEnabled)
                if colour:
                    head.setBackground(0, QBrush(QColor(colour)))
                    head.setForeground(0, QBrush(text_on(QColor(colour))))
                self.addTopLevelItem(head)
                teams[team] = head
            item = QTreeWidgetItem([cid, str(getattr(ctr, "type", ""))])
            item.setData(0, Qt.ItemDataRole.UserRole, cid)
            teams[team].addChild(item)
        self.expandAll()

    def off_map(self) -> list[str]:
        out = []
        for i in range(self.topLevelItemCount()):
            head = self.topLevelItem(i)
            out += [head.child(j).data(0, Qt.ItemDataRole.UserRole) for j in range(head.childCount())]
        return out

    def startDrag(self, actions: Any) -> None:
        item = self.currentItem()
        cid = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        if not cid:
            return
        mime = QMimeData()
        mime.setData(COUNTER_MIME, cid.encode())
        mime.setText(cid)
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.exec(Qt.DropAction.MoveAction)
