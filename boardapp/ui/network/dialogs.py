"""The network's dialogs: Host on the LAN (seats, players, port and interface), the join codes, the players'
web page address, Join a hosted game; and the QR codes they draw. Split out of :mod:`windows` (issue 24:
the file had passed ~900 lines); :mod:`windows` re-exports every name, so callers are unchanged."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from boardapp.ui.network.loops import SeatPlan

RED = "#c62828"

def qr_pixmap(text: str, module_px: int = 4) -> QPixmap:
    """A QR code of ``text`` (``boardapp.net.codes.qr_matrix``: segno, a required dependency, so always there)."""
    from boardapp.net.codes import qr_matrix

    matrix = qr_matrix(text)
    n = len(matrix)
    img = QImage(n * module_px, n * module_px, QImage.Format.Format_RGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                p.fillRect(x * module_px, y * module_px, module_px, module_px, QColor("black"))
    p.end()
    return QPixmap.fromImage(img)


# --- dialogs ----------------------------------------------------------------------------------------
class _WholeScroll(QScrollArea):
    """A frameless scroll area that asks for its whole content (QScrollArea caps its hint at 24 lines), so a
    dialog shows all of it when the screen has room and scrolls only when it has not; its content is never
    squeezed below the height it asks for."""

    def __init__(self) -> None:
        super().__init__()
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def sizeHint(self) -> Any:
        inner = self.widget()
        hint = super().sizeHint()
        if inner is not None:
            hint.setHeight(inner.sizeHint().height() + 2 * self.frameWidth())
            hint.setWidth(inner.sizeHint().width() + self.verticalScrollBar().sizeHint().width())
        return hint

    def minimumSizeHint(self) -> Any:
        hint = super().minimumSizeHint()
        inner = self.widget()
        if inner is not None:
            hint.setWidth(inner.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width())
        return hint

    def resizeEvent(self, event: Any) -> None:
        inner = self.widget()
        if inner is not None:  # never below what its rows ask: the area scrolls instead
            inner.setMinimumHeight(inner.sizeHint().height())
        super().resizeEvent(event)


def fit_dialog_to_screen(dialog: QWidget, margin: int = 48) -> None:
    """Size ``dialog`` to what it asks for, within its screen's free room less ``margin`` (a window manager's title
    bar and a panel), and keep it on that screen."""
    screen = (dialog.parentWidget() or dialog).screen() or dialog.screen()
    hint = dialog.sizeHint()
    if screen is None:
        dialog.resize(hint)
        return
    free = screen.availableGeometry()
    width = max(dialog.minimumSizeHint().width(), min(hint.width(), free.width() - margin, dialog.maximumWidth()))
    height = max(dialog.minimumSizeHint().height(), min(hint.height(), free.height() - margin))
    dialog.resize(width, height)
    frame = dialog.frameGeometry()
    x = min(max(frame.x(), free.left()), free.right() - frame.width() + 1)
    y = min(max(frame.y(), free.top()), free.bottom() - frame.height() + 1)
    if (x, y) != (frame.x(), frame.y()):
        dialog.move(x, y)


class HostDialog(QDialog):
    """Where to listen and which umpire codes to make (each optionally limited to some teams).

    ``teams``: (id, name) pairs (or bare ids). ``saved``: the umpires of the game's seats file (name,
    teams): the rows start with them, so hosting again keeps every limit unless CONTROL edits a row
    (issue 19.4). Teams are typed by name or id; a word that is neither is refused before hosting."""

    def __init__(self, teams: list[Any], parent: QWidget | None = None, *,
                 saved: list[tuple[str, list[str] | None]] | None = None, allies: bool = False,
                 saved_allies: set[str] | None = None, players: list[tuple[str, str]] | None = None,
                 saved_players: set[str] | None = None, remembered: dict[str, Any] | None = None) -> None:
        super().__init__(parent)
        self.allies_possible = allies
        """The rule module has alliances (``friends``): each row offers "and allies"."""
        self.saved_allies = saved_allies or set()
        self.ally_boxes: list[QCheckBox] = []
        self.setWindowTitle("Host on the LAN")
        pairs = [(t, t) if isinstance(t, str) else (str(t[0]), str(t[1])) for t in teams]
        self.teams = [i for i, _ in pairs]
        self.team_names = dict(pairs)
        self.saved = saved
        outer = QVBoxLayout(self)
        form = QFormLayout()
        outer.addLayout(form)
        remembered = remembered or {}
        self.port = QSpinBox()
        self.port.setRange(0, 65535)
        self.port.setValue(int(remembered.get("port") or 8765))
        self.port.setToolTip("0: any free port. The port this game was last hosted on is kept: seats that "
                             "lost the host come back to it by themselves.")
        form.addRow("Port:", self.port)
        self.bind = QComboBox()
        self.bind.addItem("the local network (every interface)", "0.0.0.0")
        self.bind.addItem("this machine only", "127.0.0.1")
        for name, address in lan_addresses():
            self.bind.addItem(f"{address} only ({name})", address)
        wanted = remembered.get("bind")
        at = self.bind.findData(wanted) if wanted else -1
        if at < 0 and not wanted and self.bind.count() > 2:
            at = 2  # by default only the venue's network, not every interface this machine has
        self.bind.setCurrentIndex(max(at, 0))
        form.addRow("Listen on:", self.bind)
        if saved is not None:
            note = QLabel(f"The saved seats of this game are shown ({len(saved)} umpires): their codes and "
                          "limits stay as they are unless you change a row. Changes are logged.")
            note.setObjectName("saved-seats")
            note.setWordWrap(True)
            form.addRow(note)
        self.umpires = QSpinBox()
        self.umpires.setRange(0, 20)
        self.umpires.setValue(len(saved) if saved is not None else 4)
        form.addRow("Umpire codes:", self.umpires)
        # The seats (umpire rows, player boxes) scroll when they are taller than the screen has room for: in one
        # form the dialog was held to two thirds of a 1366x768 screen and squeezed them (the "All players"
        # button 13 px high, its text cut; War in Binni's 25 player boxes 14 px).
        self.seats_area = _WholeScroll()
        self.seats_area.setObjectName("host-seats")
        body = QWidget()
        seats = QVBoxLayout(body)
        seats.setContentsMargins(0, 0, 0, 0)
        self.seats_area.setWidget(body)
        outer.addWidget(self.seats_area, 1)
        self.team_edits: list[QLineEdit] = []
        self._rows = QWidget()
        self._rows_layout = QFormLayout(self._rows)
        self._rows_layout.setContentsMargins(0, 0, 0, 0)
        teams_label = QLabel("Teams each umpire plays (names, comma-separated; empty: every team). Teams: "
                             + ", ".join(name for _, name in pairs))
        teams_label.setWordWrap(True)  # a long list of teams must not widen the dialog past the screen
        seats.addWidget(teams_label)
        seats.addWidget(self._rows)
        self.player_boxes: dict[str, QCheckBox] = {}
        """A player seat for each of the rule system's players (Coup's nine): checked, a code is made."""
        if players:
            box = QWidget()
            grid = QGridLayout(box)
            grid.setContentsMargins(0, 0, 0, 0)
            for i, (pid, pname) in enumerate(players):
                check = QCheckBox(pname)
                check.setObjectName(f"player:{pid}")
                check.setChecked(pid in (saved_players or set()))
                grid.addWidget(check, i // 3, i % 3)
                self.player_boxes[pid] = check
            every = QPushButton("All players")
            every.setObjectName("all-players")
            every.clicked.connect(lambda: [c.setChecked(True) for c in self.player_boxes.values()])
            grid.addWidget(every, (len(players) + 2) // 3, 0, Qt.AlignmentFlag.AlignLeft)
            seats.addWidget(QLabel("Player seats (each sees and plays for one player only):"))
            seats.addWidget(box)
        seats.addStretch(1)
        self.error = QLabel()
        self.error.setStyleSheet(f"color: {RED};")
        self.error.setWordWrap(True)
        outer.addWidget(self.error)
        self.umpires.valueChanged.connect(self._rebuild)
        self._rebuild()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Host")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        self.setMaximumWidth(900)
        self._sized = False

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if not self._sized:  # once: as tall as its seats ask, within the screen (not Qt's two thirds of it)
            self._sized = True
            fit_dialog_to_screen(self)

    def _name(self, i: int) -> str:
        return self.saved[i][0] if self.saved is not None and i < len(self.saved) else f"umpire {i + 1}"

    def _rebuild(self) -> None:
        while len(self.team_edits) < self.umpires.value():
            i = len(self.team_edits)
            edit = QLineEdit()
            edit.setPlaceholderText("every team")
            if self.saved is not None and i < len(self.saved) and self.saved[i][1] is not None:
                edit.setText(", ".join(self.team_names.get(t, t) for t in self.saved[i][1] or []))
            box = QCheckBox("and allies")
            box.setToolTip("Also the allies of these teams, as the alliances stand at each command")
            box.setChecked(self._name(i) in self.saved_allies)
            box.setVisible(self.allies_possible)
            row = QWidget()
            lay = QHBoxLayout(row)
            lay.setContentsMargins(0, 0, 0, 0)
            lay.addWidget(edit, 1)
            lay.addWidget(box)
            self._rows_layout.addRow(f"{self._name(i)}:", row)
            self.team_edits.append(edit)
            self.ally_boxes.append(box)
        while len(self.team_edits) > self.umpires.value():
            self.team_edits.pop()
            self.ally_boxes.pop()
            self._rows_layout.removeRow(self._rows_layout.rowCount() - 1)

    def _team_id(self, word: str) -> str | None:
        low = word.casefold()
        for tid, name in self.team_names.items():
            if low in (tid.casefold(), name.casefold()):
                return tid
        return None

    def problems(self) -> list[str]:
        """Every word in the rows that names no team, with its row."""
        out = []
        for i, edit in enumerate(self.team_edits):
            bad = [w.strip() for w in edit.text().split(",") if w.strip() and self._team_id(w.strip()) is None]
            if bad:
                out.append(f"{self._name(i)}: no team called {', '.join(repr(b) for b in bad)}")
        return out

    def _accept(self) -> None:
        problems = self.problems()
        self.error.setText("; ".join(problems) + (f" (teams: {', '.join(self.team_names.values())})"
                                                  if problems else ""))
        if not problems:
            self.accept()

    def plan(self) -> SeatPlan:
        from boardapp.ui.network.loops import SeatPlan  # lazy: see the imports

        umpires: list[tuple[str, list[str] | None]] = []
        for i, edit in enumerate(self.team_edits):
            ids = [self._team_id(w.strip()) for w in edit.text().split(",") if w.strip()]
            teams = sorted({t for t in ids if t is not None})
            umpires.append((self._name(i), teams or None))
        allies = {self._name(i) for i, box in enumerate(self.ally_boxes)
                  if self.allies_possible and box.isChecked() and umpires[i][1] is not None}
        players = [pid for pid, box in self.player_boxes.items() if box.isChecked()]
        return SeatPlan(umpires=umpires, allies=allies, players=players)


def lan_addresses() -> list[tuple[str, str]]:
    """(interface, IPv4 address) of this machine's running network interfaces other than loopback."""
    from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface

    out = []
    for iface in QNetworkInterface.allInterfaces():
        flags = iface.flags()
        if not (flags & QNetworkInterface.InterfaceFlag.IsUp) or flags & QNetworkInterface.InterfaceFlag.IsLoopBack:
            continue
        for entry in iface.addressEntries():
            ip = entry.ip()
            if ip.protocol() == QAbstractSocket.NetworkLayerProtocol.IPv4Protocol and not ip.isLoopback():
                out.append((iface.humanReadableName(), ip.toString()))
    return out


class CodesDialog(QDialog):
    """The join codes per seat, as text and as QR codes of 'URL#CODE' (a phone or a laptop's camera reads them)."""

    def __init__(self, url: str, grants: list[Any], parent: QWidget | None = None,
                 web_urls: list[str] | None = None, team_names: dict[str, str] | None = None) -> None:
        from boardapp.net.codes import join_text
        from boardapp.ui.network.loops import SEAT_FOR_HOST  # lazy: see the imports
        from boardapp.web.hosting import WEB_SEAT

        super().__init__(parent)
        self.setWindowTitle("Join codes")
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(f"Hosting at <b>{url}</b> — on another machine: Game ▸ Join a hosted game…, or<br>"
                             f"<code>boardapp join {url.removeprefix('ws://').rstrip('/')} --code CODE</code>"
                             " (add <code>--screen</code> for the big screen)"))
        # the host's own seat and the web page's viewer seat join by themselves: nobody types their codes
        self.grants = [g for g in grants if not g.revoked and g.name != SEAT_FOR_HOST
                       and not (g.role == "viewer" and g.name == WEB_SEAT)]
        lines = []
        grid_host = QWidget()
        grid = QGridLayout(grid_host)
        names = team_names or {}
        for row, g in enumerate(self.grants):
            teams = f" (teams: {', '.join(sorted(names.get(t, t) for t in g.teams))})" if g.teams is not None else ""
            if getattr(g, "player", None):
                teams = f" (plays {names.get(g.player, g.player)})"
            lines.append(f"{g.role:<8} {g.name}{teams}: {g.token}")
            # the seat's name over its code, the QR code beside them: three columns side by side were
            # wider than the window, and every QR code was cut to a sliver (the rehearsal of issue 24)
            seat = QWidget()
            seat_lay = QVBoxLayout(seat)
            seat_lay.setContentsMargins(0, 0, 0, 0)
            about = QLabel(f"<b>{g.name}</b><br>{g.role}{teams}")
            about.setWordWrap(True)
            seat_lay.addWidget(about)
            code = QLineEdit(g.token)
            code.setReadOnly(True)
            code.setMinimumWidth(260)
            seat_lay.addWidget(code)
            seat_lay.addStretch(1)
            grid.addWidget(seat, row, 0)
            qr = QLabel()
            qr.setObjectName("seat-qr")
            qr.setPixmap(qr_pixmap(join_text(url, g.token)))
            grid.addWidget(qr, row, 1)
        grid.setColumnStretch(0, 1)
        if web_urls:  # players need no code: the page is public and read-only
            lay.addWidget(QLabel(f"Players' web page (public board, read-only, no code): <b>{web_urls[0]}</b>"))
            lines.append(f"web page: {'  '.join(web_urls)}")
        self.text = f"{url}\n" + "\n".join(lines)
        scroll = QScrollArea()
        scroll.setWidget(grid_host)
        scroll.setWidgetResizable(True)
        lay.addWidget(scroll, 1)
        buttons = QHBoxLayout()
        copy = QPushButton("Copy all")
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.text))
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        buttons.addStretch(1)
        buttons.addWidget(copy)
        buttons.addWidget(close)
        lay.addLayout(buttons)
        self.codes_area = scroll
        self._fit_codes(grid_host)

    def _fit_codes(self, grid_host: QWidget) -> None:
        """Wide enough for a row's name, code and whole QR code, and tall enough for two rows, within the
        screen (720x480 cut every QR code to a sliver behind a horizontal scroll bar at 1920x1080: the
        rehearsal of issue 24)."""
        scroll = self.codes_area
        bar = scroll.verticalScrollBar().sizeHint().width()
        margins = self.layout().contentsMargins()
        content = grid_host.sizeHint()
        width = content.width() + bar + 2 * scroll.frameWidth() + margins.left() + margins.right()
        rows = max(1, len(self.grants))
        height = self.layout().sizeHint().height() - scroll.sizeHint().height() + 2 * scroll.frameWidth() \
            + min(rows, 2) * content.height() // rows + margins.top()
        screen = self.screen() or QGuiApplication.primaryScreen()
        room = screen.availableGeometry() if screen is not None else None
        if room is not None:
            width, height = min(width, room.width() - 40), min(max(height, 480), room.height() - 80)
        self.resize(max(width, 720), height)


class WebAddressDialog(QDialog):
    """The players' web page's address for the big screen: a QR code a phone scans from across the hall
    and the address as large text (no phone camera: players type it)."""

    def __init__(self, urls: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("The players' web page")
        self.url = urls[0] if urls else ""
        lay = QVBoxLayout(self)
        pm = qr_pixmap(self.url, module_px=12) if self.url else None
        lay.addWidget(QLabel("The public board on your phone — " + ("scan or type:" if pm is not None else "type:")),
                      0, Qt.AlignmentFlag.AlignHCenter)
        self.qr = QLabel()
        self.qr.setObjectName("web-qr")
        if pm is not None:
            self.qr.setPixmap(pm)
            lay.addWidget(self.qr, 0, Qt.AlignmentFlag.AlignHCenter)
        self.has_qr = pm is not None
        self.address = QLabel(self.url or "No web page is served (the port was busy, or hosting without one).")
        self.address.setObjectName("web-address")
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.address.font()
        font.setPointSize(48 if pm is None else 28)
        font.setBold(True)
        self.address.setFont(font)
        lay.addWidget(self.address, 0, Qt.AlignmentFlag.AlignHCenter)
        for other in urls[1:]:
            lay.addWidget(QLabel(f"or {other}"), 0, Qt.AlignmentFlag.AlignHCenter)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        lay.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)


class JoinDialog(QDialog):
    """The host's address and a join code (or a scanned 'ws://host:port/#code')."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Join a hosted game")
        form = QFormLayout(self)
        self.address = QLineEdit()
        self.address.setPlaceholderText("192.168.1.5:8765")
        self.code = QLineEdit()
        self.code.setPlaceholderText("the join code the host gave you")
        # a code is 24 characters (or a pasted 'ws://host:port/#code'): show it whole, with room to spare
        width = self.code.fontMetrics().horizontalAdvance("ws://192.168.100.100:8765/#" + "M" * 24)
        self.code.setMinimumWidth(width)
        self.address.setMinimumWidth(width)
        form.addRow("Host:", self.address)
        form.addRow("Code:", self.code)
        self.open_as = QComboBox()
        self.open_as.addItem("the board", False)
        self.open_as.addItem("the big screen", True)
        form.addRow("Open:", self.open_as)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Join")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> tuple[str, str, bool]:
        from boardapp.ui.network.seats import normalise_url  # lazy: see the imports

        url, code = normalise_url(self.address.text())
        return url, self.code.text().strip() or code, bool(self.open_as.currentData())
