"""The Coup table as a widget: the board's central view (Coup has no map) and the big screen's.

:class:`TableView` paints the spots :mod:`boardapp.ui.rules.coup.layout` lays out from the table the
window's audience may see — ``module.view(state, audience)``, never more — and turns the mouse into
commands through the window's one door: a card or unit dragged onto a seat asks the rule module's
drop rule (:func:`boardapp.rules.coup.drops.drop_on_table`), a button submits its command. In combat
the stacks are arranged by drag on the table and sent with one button.

The window's audience is a property (CONTROL by default): a player's seat on the LAN sets
``window.audience = Audience.player_seat("gov-mil")`` before the view is built, or calls
:meth:`TableView.set_audience`.
"""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QDockWidget, QFrame, QScrollArea, QSizePolicy, QWidget

from boardapp.engine.module import Audience, BoardPicture
from boardapp.rules.coup.components import PLAYERS, counterparts
from boardapp.rules.coup.drops import drop_on_table
from boardapp.ui.board import style
from boardapp.ui.rules.coup.layout import Spot, Staging, Table

BACKGROUND = "#2e4a3a"
"""The table's baize."""
DRAG_START_PX = 6


class TableView(QWidget):
    """The table for one audience. ``controller`` None: nothing can be done from it (the big screen)."""

    def __init__(self, game: Any, audience: Audience = Audience.CONTROL, controller: Any = None, *,
                 hall: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("coup-table")
        self.game = game
        self.audience = audience
        self.controller = controller
        self.hall = hall
        self.staging = Staging()
        self.picture: BoardPicture | None = None
        self.spots: list[Spot] = []
        self.said = ""
        """The last refusal or result this view showed (tests read it)."""
        self._press: tuple[Spot, QPointF] | None = None
        self._drag_at: QPointF | None = None
        self._unsubscribe: Any = None
        self.setMouseTracking(False)
        self.setMinimumSize(640, 420)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        if game is not None and not hall:
            self._unsubscribe = game.subscribe(self._changed)
            self.destroyed.connect(lambda _obj=None, stop=self._unsubscribe: _stop(stop))
        self.refresh()

    # --- what it draws ---------------------------------------------------------------------------
    def set_audience(self, audience: Audience) -> None:
        """Draw the table as ``audience`` may see it (a player's seat, CONTROL, the public)."""
        self.audience = audience
        self.staging.clear()
        self.refresh()

    def _changed(self, what: str = "", entry: Any = None) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Read the audience's view of the game again and lay the table out."""
        if self.game is None:
            return
        module, state = self.game.module, self.game.state
        view = getattr(module, "view", None)
        pic = view(state, self.audience) if view is not None else module.board(state)
        self.show_picture(pic)

    def show_picture(self, picture: BoardPicture) -> None:
        """Draw ``picture`` (the big screen hands in the public picture itself)."""
        if self.picture is None or self.picture.table != picture.table:
            old = (self.picture.table or {}) if self.picture is not None else {}
            new = picture.table or {}
            if (old.get("phase"), (old.get("combat") or {}).get("step"), (old.get("combat") or {}).get("half")) != \
                    (new.get("phase"), (new.get("combat") or {}).get("step"), (new.get("combat") or {}).get("half")):
                self.staging.clear()
        self.picture = picture
        self.relayout()

    def news(self) -> list[str]:
        """The latest public events (for the hall)."""
        out: list[str] = []
        for entry in reversed(getattr(self.game, "entries", []) or []):
            for ev in reversed(entry.events):
                if ev.visible(Audience.PUBLIC):
                    out.append(ev.text)
            if len(out) >= 3:
                break
        return list(reversed(out[:3]))

    def relayout(self) -> None:
        table = self.picture.table if self.picture is not None else None
        if not table:
            self.spots = []
        else:
            self.spots = Table(table, self.audience, self.width(), self.height(),
                               interactive=self.controller is not None, hall=self.hall, staging=self.staging,
                               news=self.news() if self.hall else None).build()
        self.update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.relayout()

    def drawn_texts(self) -> list[str]:
        """Every text this view paints (the secrets tests walk it)."""
        return [t for s in self.spots for t in s.texts]

    def spot(self, ident: str) -> Spot:
        """The spot ``ident`` (a seat 'gov-mil', a card '7C', a button 'draw:gov-mil' …)."""
        for s in self.spots:
            if s.ident == ident:
                return s
        raise KeyError(f"nothing called {ident!r} on the table; there are {sorted({s.ident for s in self.spots})}")

    def centre(self, ident: str) -> QPointF:
        x, y, w, h = self.spot(ident).rect
        return QPointF(x + w / 2, y + h / 2)

    # --- painting --------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.fillRect(self.rect(), QColor("#1b2026" if self.hall else BACKGROUND))
        dragged = self._press[0] if self._press is not None and self._drag_at is not None else None
        for s in self.spots:
            if s is dragged:
                continue
            self._paint(p, s, QRectF(*s.rect))
        if dragged is not None and self._drag_at is not None:
            _x, _y, w, h = dragged.rect
            p.setOpacity(0.85)
            self._paint(p, dragged, QRectF(self._drag_at.x() - w / 2, self._drag_at.y() - h / 2, w, h))
            p.setOpacity(1.0)
        p.end()

    def _paint(self, p: QPainter, s: Spot, r: QRectF) -> None:
        u = max(1.0, min(self.width() / 150.0, self.height() / 85.0))
        radius = {"card": 0.5, "back": 0.5, "button": 0.6, "unit": 0.35, "counter": 0.35}.get(s.kind, 0.4) * u
        if s.kind in ("panel", "card", "back", "unit", "counter", "button", "stack"):
            pen = QPen(QColor("#ffd34d" if s.lit else (s.border or s.fill)), u * (0.45 if s.lit else 0.18))
            p.setPen(pen if s.border or s.lit else Qt.PenStyle.NoPen)
            p.setBrush(QColor(s.fill))
            p.drawRoundedRect(r, radius, radius)
            if s.kind == "back":
                p.setPen(QPen(QColor(s.border or "#ffffff"), max(1.0, u * 0.12)))
                p.drawRoundedRect(r.adjusted(u * 0.4, u * 0.4, -u * 0.4, -u * 0.4), radius * 0.6, radius * 0.6)
            if s.kind == "counter":
                p.setPen(QPen(QColor("#8f8574"), max(1.0, u * 0.1)))
                p.drawLine(r.topLeft() + QPointF(u * 0.4, u * 0.4), r.bottomRight() - QPointF(u * 0.4, u * 0.4))
        if not s.texts:
            return
        p.setPen(QColor(s.ink))
        if s.kind in ("card", "unit", "stack") or (s.kind == "panel" and len(s.texts) > 1):
            # a name over a value: two lines
            lines = s.texts
            step = r.height() / (len(lines) + (0.6 if s.align == "top" else 0))
            top = r.top() + (u * 0.3 if s.align == "top" else 0)
            for i, text in enumerate(lines):
                px = s.px * (1.0 if i == 0 else 0.8)
                f = _fitted(text, px, s.bold if i == 0 else False, r.width() - 4, s.shrink)
                p.setFont(f)
                box = QRectF(r.left() + 2, top + i * (step if s.align != "top" else px * 1.4), r.width() - 4,
                             step if s.align != "top" else px * 1.4)
                if (i == len(lines) - 1 and " " in text and s.align != "top"
                        and QFontMetricsF(f).horizontalAdvance(text) > box.width()):
                    # a card's effect ("Loyalty Shift") on two lines in the rest of the card, not cut short
                    rest = QRectF(box.left(), box.top(), box.width(), r.bottom() - box.top())
                    p.drawText(rest, int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
                                         | Qt.TextFlag.TextWordWrap), text)
                    continue
                if QFontMetricsF(f).horizontalAdvance(text) > box.width() - 3 > 0:  # "Neutralize", "Intellectuals"
                    f = _whole(text, f, box.width() - 3)
                    p.setFont(f)
                p.drawText(box, int(Qt.AlignmentFlag.AlignCenter),
                           QFontMetricsF(f).elidedText(text, Qt.TextElideMode.ElideRight, box.width()))
            return
        align = {"left": Qt.AlignmentFlag.AlignLeft, "right": Qt.AlignmentFlag.AlignRight}.get(
            s.align, Qt.AlignmentFlag.AlignHCenter) | Qt.AlignmentFlag.AlignVCenter
        inner = r.adjusted(2, 0, -2, 0)
        if s.wrap:  # wrapped at spaces onto the lines its box was made for, never cut short
            p.setFont(style.font(s.px, s.bold))
            p.drawText(inner, int(align | Qt.TextFlag.TextWordWrap), s.texts[0])
            return
        f = _fitted(s.texts[0], s.px, s.bold, r.width() - 4, s.shrink)
        p.setFont(f)
        p.drawText(inner, int(align), QFontMetricsF(f).elidedText(s.texts[0], Qt.TextElideMode.ElideRight,
                                                                  inner.width()))

    # --- the mouse -------------------------------------------------------------------------------
    def at(self, pos: QPointF, want: str) -> Spot | None:
        """The topmost spot under ``pos`` that can be ``want``: 'press' (dragged or clicked) or 'drop'."""
        for s in reversed(self.spots):
            x, y, w, h = s.rect
            if not (x <= pos.x() <= x + w and y <= pos.y() <= y + h):
                continue
            if want == "press" and (s.drag is not None or s.command is not None):
                return s
            if want == "drop" and s.drop is not None:
                return s
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.controller is None or event.button() != Qt.MouseButton.LeftButton:
            return
        s = self.at(event.position(), "press")
        self._press = (s, event.position()) if s is not None else None
        self._drag_at = None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None or self._press[0].drag is None:
            return
        if self._drag_at is None and (event.position() - self._press[1]).manhattanLength() < DRAG_START_PX:
            return
        self._drag_at = event.position()
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press, dragging = self._press, self._drag_at is not None
        self._press, self._drag_at = None, None
        if press is None:
            return
        s = press[0]
        if dragging and s.drag is not None:
            target = self.at(event.position(), "drop")
            if target is not None and target.drop is not None:
                self.dropped(s.drag, target.drop)
            self.update()
            return
        if s.command is not None and self.at(event.position(), "press") is s:
            self.clicked(s)

    # --- what the mouse does ---------------------------------------------------------------------
    def dropped(self, piece: str, place: str) -> None:
        """``piece`` dropped on ``place``: a card or unit on a seat or the discard pile goes through the
        rule module's drop rule; a unit in combat goes into a stack being arranged."""
        if piece.startswith("combat:"):
            self._stage(piece.removeprefix("combat:"), place)
            return
        if piece.startswith("seat:"):
            self._attempt(piece.removeprefix("seat:"), place)
            return
        table = self.picture.table if self.picture is not None else None
        command = drop_on_table(table or {}, piece, place)
        if command is None:
            self.said = f"nothing to do with {piece} there"
            return
        data = command.model_dump(exclude_defaults=True) | {"kind": command.kind}
        giver, to = str(data["player"]), str(data.get("target") or data.get("to") or "")
        with_foreign = "for" in (giver.split("-", maxsplit=1)[0], to.split("-", maxsplit=1)[0])
        if data["kind"] == "transfer" and giver.startswith("for-"):
            self.staging.favours, self.staging.play = data, None  # the favours negotiated come with it
            self.relayout()
            return
        if data["kind"] == "play_card" and with_foreign:
            # a counterpart across the Foreign Power line may also be handed the card: ask which
            self.staging.play = data
            self.staging.favours = {"kind": "transfer", "player": giver, "to": to, "card": data["card"]}
            self.relayout()
            return
        self.submit(data)

    def _attempt(self, actor: str, target: str) -> None:
        """A seat's name dropped on a counterpart: offer the attempts without a card against him."""
        if target in PLAYERS and target in counterparts(actor):
            self.staging.attempt = (actor, target)
        else:
            self.said = "an attempt is made against a counterpart (the same class on another team)"
        self.relayout()

    def _stage(self, unit: str, place: str) -> None:
        table = (self.picture.table if self.picture is not None else None) or {}
        step = (table.get("combat") or {}).get("step")
        st = self.staging
        if step == "lay_out":
            for stack in st.stacks:
                if unit in stack:
                    stack.remove(unit)
            st.stacks = [s for s in st.stacks if s]
            if place == "new-stack":
                st.stacks.append([unit])
            elif place.startswith("stack:"):
                k = int(place.split(":")[1])
                if 1 <= k <= len(st.stacks) and len(st.stacks[k - 1]) < 2:
                    st.stacks[k - 1].append(unit)
                else:
                    self.said = "a stack holds one or two units"
        elif step == "match" and place.startswith("stack:"):
            k = int(place.split(":")[1])
            for sent in st.pairs.values():
                if unit in sent:
                    sent.remove(unit)
            if len(st.pairs.get(k, [])) < 2:
                st.pairs.setdefault(k, []).append(unit)
            else:
                self.said = "one or two units go against a stack"
        self.relayout()

    def clicked(self, s: Spot) -> None:
        command = dict(s.command or {})
        local = command.get("local")
        if local is None:
            if self.submit(command):
                self.staging.clear()
                self.relayout()
            return
        st = self.staging
        if local in ("clear", "cancel"):
            st.clear()
        elif local == "singles":
            placed = {u for stack in st.stacks for u in stack}
            d = ((self.picture.table or {}).get("combat") or {}).get("defender") if self.picture else None
            for p in (f"{d}-mil", f"{d}-para"):
                for s2 in (self.picture.table or {}).get("seats", []) if self.picture else []:
                    if s2["player"] == p:
                        st.stacks += [[un["id"]] for un in s2.get("unit_list", []) if un["id"] not in placed]
        elif local == "choose":
            self._choose(str(command["unit"]))
        self.relayout()

    def _choose(self, unit: str) -> None:
        """Choose ``unit`` as its side's loss in its pairing (another choice in that pairing is undone)."""
        st = self.staging
        if unit in st.chosen:
            st.chosen.remove(unit)
            return
        table = (self.picture.table if self.picture is not None else None) or {}
        for pr in (table.get("combat") or {}).get("pairings", []):
            for units in (pr["defender"], pr["attacker"]):
                ids = [un["id"] for un in units]
                if unit in ids:
                    st.chosen = [c for c in st.chosen if c not in ids] + [unit]

    def submit(self, command: dict[str, Any]) -> bool:
        """Through the window's one door; the refusal (if any) is said and shown by the window."""
        if self.controller is None:
            return False
        outcome = self.controller.submit(command)
        self.said = "; ".join(outcome.reasons) if outcome.entry is None else ""
        return outcome.entry is not None

    def detach(self) -> None:
        _stop(self._unsubscribe)
        self._unsubscribe = None


def _fitted(text: str, px: float, bold: bool, width: float, shrink: float = 0.6) -> QFont:
    """The font for ``text`` at ``px``, shrunk (to ``shrink`` of it at most) so that it fits ``width``; past
    that it is elided."""
    f = style.font(px, bold)
    wide = QFontMetricsF(f).horizontalAdvance(text)
    if wide > width > 0 and shrink < 1.0:
        f = style.font(max(px * shrink, px * width / wide), bold)
    return f


def _whole(text: str, f: QFont, width: float, least: float = 8.0) -> QFont:
    """``f`` narrowed (condensed) and then made smaller, down to ``least`` px, until ``text`` fits
    ``width``: a word shown whole rather than cut short."""
    f = QFont(f)
    f.setStretch(QFont.Stretch.Condensed)
    px = float(f.pixelSize())
    while QFontMetricsF(f).horizontalAdvance(text) > width and px > least:
        px = max(least, px - 0.5)
        f.setPixelSize(round(px))
    return f


def _stop(unsubscribe: Any) -> None:
    if unsubscribe is not None:
        with contextlib.suppress(ValueError):
            unsubscribe()


# --- the manifest's factories --------------------------------------------------------------------
MAP_DOCKS = ("Overview", "Off the map", "Teams")
"""The window's docks that only a map fills: hidden while the table is shown, back when it goes."""


READABLE_INK_PX = 12.0
"""The least ink (capital) height of a text on a board window's table: an umpire's laptop at arm's length."""
SMALLEST_TEXT_U = 1.2
"""The smallest text the table lays out, in its units (``layout.Table.u``): a seat's role, a card's effect."""


READABLE_UNITS = (150, 113)
"""The table's least size in its units when readable: 150 wide as it is laid out; 113 high, the least at which every
Foreign Power seat keeps both its meeting buttons (at 85 the "Arrange Reb-…" ones were left out, measured)."""


def readable_unit(ink_px: float = READABLE_INK_PX) -> float:
    """The table's unit at which its smallest text has ``ink_px`` capitals (read from the font's metrics)."""
    px = max(4, int(ink_px / 0.8))
    while QFontMetricsF(style.font(px)).capHeight() < ink_px + 0.5:  # half a pixel of margin for the ink
        px += 1
    return px / SMALLEST_TEXT_U


class TableArea(QScrollArea):
    """The board window's table, never drawn smaller than readable: where the window's centre is smaller than the
    table at :func:`readable_unit` (an umpire's 1400x900 laptop window gave it 668x859 px, its texts 4-8 px high),
    it scrolls. View ▸ *Fit the whole table in the window* draws it at the centre's size instead, to see it all at
    once (small). Why scrolling: the table's seats, hands and units at a readable size need about 2,050x1,550 px
    (:data:`READABLE_UNITS`); reflowing the seating for a laptop is a new layout, and shrinking only the texts cut and
    overlapped them (measured)."""

    def __init__(self, table: TableView, window: Any = None) -> None:
        super().__init__()
        self.setObjectName("coup-table-area")
        self.table = table
        self.setWidget(table)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setStyleSheet(f"QScrollArea#coup-table-area {{ background: {BACKGROUND}; }}")
        self.fit_action = QAction("Fit the whole &table in the window", self)
        self.fit_action.setCheckable(True)
        self.fit_action.toggled.connect(self.set_fit)
        menu = getattr(window, "menus", {}).get("view") if window is not None else None
        if menu is not None:  # goes with this view (an action deleted leaves its menus)
            menu.addAction(self.fit_action)
        self.set_fit(False)

    def set_fit(self, fit: bool) -> None:
        """Draw the table at the centre's size (``fit``) or never below readable, scrolling."""
        u = readable_unit()
        if fit:
            self.table.setMinimumSize(640, 420)
        else:
            self.table.setMinimumSize(round(READABLE_UNITS[0] * u), round(READABLE_UNITS[1] * u))
        if self.fit_action.isChecked() != fit:
            self.fit_action.setChecked(fit)


def central_view(window: Any) -> TableArea:
    """The board's central view: the table as the window's audience may see it (CONTROL by default), in a
    :class:`TableArea` (readable, scrolling). The map's own docks (overview, counters off the map, team tracks)
    stand empty for Coup: they are hidden while the table is up and shown again when it goes (another game opened)."""
    audience = getattr(window, "audience", None) or Audience.CONTROL
    view = TableView(window.game, audience, window.controller)
    for dock in window.findChildren(QDockWidget):
        if dock.objectName() in MAP_DOCKS and not dock.isHidden():
            dock.hide()  # shown again by the window's contributions when the table goes (ui/contributions.py)
    return TableArea(view, window)


def screen_view(screen: Any) -> TableView:
    """The big screen's table: the public picture only, sized for the hall, nothing to click. A render
    (``boardapp render``) asks for it too, with its audience (``--umpire``: CONTROL's table)."""
    return TableView(screen.game, getattr(screen, "audience", Audience.PUBLIC), None, hall=True)
