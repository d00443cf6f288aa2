"""Diplomacy-family games in the umpire's window: the orders panel, orders by dragging units,
order arrows and the revealed results.

Installed by :mod:`boardapp.ui.document.extras` for games whose rule module is ``diplomacy``:

* an **Orders** dock: pick a power, write its orders one a line as players write them
  (``A Par-Bur``, ``F Eng C A Lon-Bre``, ``A Sil S A Cze-Kra``, full names too) with the
  parser's verdict for every line; *Hand in orders* pushes ``submit_orders`` for that power
  (refused with the parser's message while a line is wrong). The panel shows of the other powers
  only whether they have handed in. *Reveal and resolve* pushes ``adjudicate``; the results are
  listed and drawn until the next phase's orders begin;
* **dragging a unit** writes an order into the edited power's draft instead of moving the
  counter: a drag is a move (a retreat in the retreat phase), back onto its own province a hold;
  with Shift a support, with Ctrl a convoy — drop on the supported (convoyed) unit, then click
  where it goes (on the unit itself: support to hold). Esc cancels. Right-click a unit or a
  home centre for hold, disband and build orders;
* the board draws the edited power's draft orders, then after adjudication every order with its
  result, and supply centres tinted in their owners' colours.

The scene is not changed: an event filter on it takes the mouse presses on counters, and the
drawings are items of this module's own (:mod:`boardapp.ui.rules.diplomacy.overlay`).
"""

from __future__ import annotations

import contextlib
import functools
import math
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QGraphicsSceneMouseEvent,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from boardapp.rules.diplomacy.hints import examples
from boardapp.rules.diplomacy.mapdata import MapData, province_of
from boardapp.rules.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    UnitType,
)
from boardapp.ui.board.items import CounterItem
from boardapp.ui.rules.diplomacy.overlay import Drawn, OrdersLayer, SupplyCentreTint, drawn_from_order

OK_INK, BAD_INK, WARN_INK = QColor("#0a6b2a"), QColor("#b00000"), QColor("#8a5a00")
DRAG_MIN = 6.0
"""A press that moves less than this (map units) is a click, not an order."""

HINT_LEADS = {
    "movement": "One order a line",
    "retreat": "Retreats (or drag the dislodged unit)",
    "adjustment": "Builds and disbands (or right-click)",
}
"""The hint's first words in each phase; its examples are the edited power's own orders, made from
the game's map and units (:func:`boardapp.rules.diplomacy.hints.examples`): a fixed ``A Par-Bur``
is illegal on MUN's 1935 map, which has no Burgundy."""


def hint_text(phase: str, examples: list[str]) -> str:
    """The hint line: its lead, then the examples (or what there is nothing to order)."""
    lead = HINT_LEADS.get(phase, "")
    if not examples:
        return f"{lead}: this power has no unit to order now" if lead else ""
    return f"{lead}: " + " · ".join(examples)


def install(window: Any, game: Any) -> DiplomacyBoard:
    return DiplomacyBoard(window, game)


def convoy_could_reach(m: MapData, src: str, dst: str) -> bool:
    """Whether some chain of fleets could convoy an army from province ``src`` to ``dst``.

    The map decides, not where fleets stand now: both ends must touch water and a chain of open
    seas must join them. A drop that fails this is refused on the board, since the order could
    never succeed whatever the other powers write (an army moves only by land or by convoy)."""
    adj, seas = m.fleet_province_adj, m.seas
    if src == dst or not (m.is_coastal(src) and m.is_coastal(dst)):
        return False
    seen = {p for p in adj.get(src, ()) if p in seas}
    todo = list(seen)
    while todo:
        p = todo.pop()
        if dst in adj.get(p, ()):
            return True
        for q in adj.get(p, ()):
            if q in seas and q not in seen:
                seen.add(q)
                todo.append(q)
    return False


def region_text(region: str) -> str:
    """``stp(sc)`` -> ``Stp SC``, ``par`` -> ``Par`` (as players write)."""
    prov = province_of(region)
    coast = region[len(prov):].strip("()/ ")
    return prov.capitalize() + (f" {coast.upper()}" if coast else "")


@dataclass
class LineCheck:
    """The parser's verdict on one line of the draft."""

    line: int
    text: str
    order: Any = None
    error: str = ""
    warning: str = ""
    description: str = ""

    @property
    def ok(self) -> bool:
        return not self.error


@dataclass
class _Drag:
    piece: Any
    unit: str  # province
    start: QPointF
    modifiers: Qt.KeyboardModifier
    moved: bool = False


class OrdersPanel(QWidget):
    """The Orders dock's widget (the controller fills it)."""

    handIn = Signal()
    resolve = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.turn = QLabel()
        f = self.turn.font()
        f.setPointSize(f.pointSize() + 4)
        f.setBold(True)
        self.turn.setFont(f)
        lay.addWidget(self.turn)
        self.handed_in = QListWidget()
        self.handed_in.setObjectName("handed_in")
        self.handed_in.setMaximumHeight(190)
        self.handed_in.setToolTip("Who has handed in orders for this phase (the orders stay secret)")
        lay.addWidget(QLabel("Handed in (secret until resolved):"))
        lay.addWidget(self.handed_in)
        row = QHBoxLayout()
        row.addWidget(QLabel("Orders of"))
        self.power = QComboBox()
        row.addWidget(self.power, 1)
        lay.addLayout(row)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #555;")
        lay.addWidget(self.hint)
        self.editor = QPlainTextEdit()
        self.editor.setTabChangesFocus(True)
        self.editor.setMinimumHeight(110)
        lay.addWidget(self.editor, 2)
        self.checks = QListWidget()
        self.checks.setObjectName("checks")
        self.checks.setWordWrap(True)
        lay.addWidget(self.checks, 2)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00000; font-weight: bold;")
        lay.addWidget(self.error)
        buttons = QHBoxLayout()
        self.hand_in = QPushButton("Hand in orders")
        self.hand_in.clicked.connect(self.handIn)
        self.clear = QPushButton("Clear")
        self.clear.clicked.connect(self.editor.clear)
        buttons.addWidget(self.hand_in, 2)
        buttons.addWidget(self.clear, 1)
        lay.addLayout(buttons)
        self.resolve_button = QPushButton("Reveal and resolve")
        self.resolve_button.clicked.connect(self.resolve)
        lay.addWidget(self.resolve_button)
        self.results_title = QLabel()
        self.results_title.setStyleSheet("font-weight: bold;")
        lay.addWidget(self.results_title)
        self.results = QListWidget()
        self.results.setObjectName("results")
        self.results.setWordWrap(True)
        lay.addWidget(self.results, 3)

    def texts(self) -> list[str]:
        """Everything the panel shows as text (tests look for secrets here)."""
        out = [self.turn.text(), self.hint.text(), self.editor.toPlainText(), self.error.text(),
               self.results_title.text()]
        out += [self.power.itemText(i) for i in range(self.power.count())]
        for lst in (self.handed_in, self.checks, self.results):
            out += [lst.item(i).text() for i in range(lst.count())]
            out += [lst.item(i).toolTip() for i in range(lst.count())]
        return out


class DiplomacyBoard(QObject):
    """Everything a Diplomacy game adds to one window; :meth:`uninstall` takes it out again."""

    def __init__(self, window: Any, game: Any) -> None:
        super().__init__(window)
        self.window = window
        self.game = game
        self.module = game.module
        self.scene = window.scene
        self.drafts: dict[str, str] = {}
        """Power -> the text written for it and not yet handed in (only the edited one is shown)."""
        self.power: str = ""
        self._drag: _Drag | None = None
        self.pending: tuple[str, str, str] | None = None
        """('support' | 'convoy', unit's province, supported/convoyed unit's province)."""
        self._phase_key = self._phase_now()
        self._loading = False
        # the board's items
        self.tint = SupplyCentreTint(self.module.map, self.scene.team_colour)
        self.scene.addItem(self.tint)
        self.layer = OrdersLayer(self.scene)
        self.scene.addItem(self.layer)
        self.scene.pointer_hook = self  # orders are drawn by dragging units: the board asks us first
        # the dock
        self.panel = OrdersPanel()
        for p in self.module.scenario.powers:
            pm = QPixmap(14, 14)
            pm.fill(QColor(p.colour or "#bbbbbb"))
            self.panel.power.addItem(QIcon(pm), p.name, p.id)
        self.panel.power.currentIndexChanged.connect(self._power_chosen)
        self.panel.editor.textChanged.connect(self._text_changed)
        self.panel.handIn.connect(self.hand_in)
        self.panel.resolve.connect(self.resolve)
        self.dock = QDockWidget("Orders", window)
        self.dock.setObjectName("Orders")
        self.dock.setWidget(self.panel)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        others = [d for d in window.findChildren(QDockWidget)
                  if d is not self.dock and window.dockWidgetArea(d) == Qt.DockWidgetArea.RightDockWidgetArea]
        if others:
            window.tabifyDockWidget(others[0], self.dock)
        self.dock.show()
        self.dock.raise_()
        self._unsubscribe = game.subscribe(self._on_game_changed)
        first = next((p.id for p in self.module.scenario.powers if p.id not in game.state.eliminated), "")
        self.select_power(first)
        self.refresh()

    def uninstall(self) -> None:
        if self._unsubscribe is not None:
            with contextlib.suppress(ValueError):
                self._unsubscribe()
            self._unsubscribe = None
        if self.scene.pointer_hook is self:
            self.scene.pointer_hook = None
        for item in (self.tint, self.layer):
            if item.scene() is not None:
                item.scene().removeItem(item)
        self.window.removeDockWidget(self.dock)
        self.dock.deleteLater()
        self.deleteLater()

    # --- the game ---------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.game.state

    def _phase_now(self) -> tuple[int, str, str]:
        s = self.game.state
        return (s.year, s.season, s.phase)

    def _on_game_changed(self, what: str, entry: Any) -> None:
        key = self._phase_now()
        if key != self._phase_key:  # a new phase: drafts written for the old one are void
            self._phase_key = key
            self.drafts.clear()
            self.cancel()
            self._loading = True
            self.panel.editor.clear()
            self._loading = False
            self.panel.error.clear()  # "Handed in; 1 line recorded as illegal" belongs to the phase before
        self.refresh()

    def refresh(self) -> None:
        picture = self.module.board(self.state)
        p = self.panel
        p.turn.setText(picture.turn_label)
        self._show_hint()
        p.handed_in.clear()
        over = self.module.game_over(self.state)  # a finished game takes no more orders
        p.hand_in.setEnabled(over is None)
        p.resolve_button.setEnabled(over is None)
        p.editor.setReadOnly(over is not None)
        if over is not None:
            p.hint.setText(f"{over}: no more orders")
        for t in picture.tracks:
            if t.get("eliminated"):
                mark, text = "✗", "eliminated"
            elif over is not None:
                mark, text = "■", "game over"
            elif t.get("orders_in"):
                mark, text = "✓", "handed in"
            else:
                mark, text = "·", "waiting"
            item = QListWidgetItem(f"{mark} {t['name']} — {text}  ({t['centres']} SC, {t['units']} units)")
            item.setData(Qt.ItemDataRole.UserRole, t["team"])
            if t.get("orders_in"):
                item.setForeground(QBrush(OK_INK))
            p.handed_in.addItem(item)
        self.tint.set_owners(dict(picture.control))
        self._check_lines()
        self._show_results()
        self._draw()

    # --- the edited power ---------------------------------------------------------------------
    def select_power(self, power: str) -> None:
        idx = self.panel.power.findData(power)
        if idx >= 0 and idx != self.panel.power.currentIndex():
            self.panel.power.setCurrentIndex(idx)  # -> _power_chosen
        elif idx >= 0 and power != self.power:
            self._power_chosen(idx)

    def _power_chosen(self, idx: int) -> None:
        power = self.panel.power.itemData(idx)
        if power == self.power:
            return
        if self.power:
            self.drafts[self.power] = self.panel.editor.toPlainText()
        self.power = power
        self.cancel()
        self._loading = True
        self.panel.editor.setPlainText(self.drafts.get(power, ""))
        self._loading = False
        self.panel.error.clear()
        if self.module.game_over(self.state) is None:
            self._show_hint()
        self._text_changed()

    def _show_hint(self) -> None:
        """The hint and the editor's placeholder: example orders of the edited power, legal now."""
        found = examples(self.module, self.state, self.power) if self.power else []
        self.panel.hint.setText(hint_text(self.state.phase, found))
        if self.panel.editor.placeholderText() != "\n".join(found):
            self.panel.editor.setPlaceholderText("\n".join(found))
            self.panel.editor.viewport().update()  # Qt repaints no placeholder on its own: seen half old, half new

    def _text_changed(self) -> None:
        if self._loading:
            return
        self.drafts[self.power] = self.panel.editor.toPlainText()
        self.panel.error.clear()
        self._check_lines()
        self._show_results()
        self._draw()

    def draft_lines(self) -> list[str]:
        return [ln.strip() for ln in self.panel.editor.toPlainText().splitlines() if ln.strip()]

    # --- checking the draft --------------------------------------------------------------------
    def check_lines(self) -> list[LineCheck]:
        """The parser's verdict on every line of the edited power's draft."""
        out: list[LineCheck] = []
        seen: dict[str, int] = {}
        state = self.state
        for n, text in enumerate(self.draft_lines(), 1):
            c = LineCheck(n, text)
            try:
                c.order = self.module.parse_order(state, self.power, text)
            except ValueError as exc:
                c.error = str(exc)
                out.append(c)
                continue
            c.description = self.describe(c.order)
            unit = getattr(c.order, "province", None) if isinstance(c.order, Order) else None
            if unit is not None and not isinstance(c.order, Build):
                if unit in seen:
                    c.error = f"a second order for the unit in {self.module.province_name(unit)} (line {seen[unit]})"
                seen.setdefault(unit, n)
            if not c.error:
                c.warning = self._reach_warning(c.order)
            out.append(c)
        return out

    def _reach_warning(self, order: Any) -> str:
        if isinstance(order, SupportHold | SupportMove) and self.state.phase == "movement":
            where = province_of(order.dest if isinstance(order, SupportMove) else order.target)
            near = {o.place for o in self.module.move_options(self.state, order.province)}
            if where not in near:
                return f"it cannot reach {self.module.province_name(where)}: the support is void"
        if isinstance(order, Move) and self.state.phase == "movement":
            unit = next((u for u in self.state.units if u.province == order.province), None)
            if unit is None:
                return ""
            near = {o.place for o in self.module.move_options(self.state, unit.province)}
            if province_of(order.dest) not in near:
                if unit.unit_type is UnitType.ARMY:
                    return "not adjacent: it goes only by convoy"
                return "a fleet cannot reach it: the unit will hold"
            if unit.unit_type is UnitType.FLEET and "(" not in order.dest and \
                    len(self.module.m.coasts_of(province_of(order.dest))) > 1:
                return "name the coast, or the fleet does not move"
        return ""

    def describe(self, o: Any) -> str:
        """An order in words, with the provinces' full names."""
        name = self.module.province_name

        def n(region: str) -> str:
            prov = province_of(region)
            coast = region[len(prov):].strip("()")
            return str(name(prov)) + (f" ({coast.upper()})" if coast else "")

        utype = getattr(o, "unit_type", None)
        kind = "Army" if utype is UnitType.ARMY else "Fleet" if utype is UnitType.FLEET else "Unit"
        if isinstance(o, Order):
            unit = f"{kind} {n(o.region)}"
        if isinstance(o, Move):
            return f"{unit} → {n(o.dest)}" + (" (by convoy)" if o.via_convoy else "")
        if isinstance(o, Retreat):
            return f"{unit} retreats → {n(o.dest)}"
        if isinstance(o, SupportMove):
            return f"{unit} supports {n(o.target)} → {n(o.dest)}"
        if isinstance(o, SupportHold):
            return f"{unit} supports {n(o.target)} to hold"
        if isinstance(o, Convoy):
            return f"{unit} convoys {n(o.army)} → {n(o.dest)}"
        if isinstance(o, Hold):
            return f"{unit} holds"
        if isinstance(o, Disband):
            return f"{unit} disbands"
        if isinstance(o, Build):
            return f"build {unit}"
        if hasattr(o, "target") and hasattr(o, "unit"):  # insurrection
            return f"the unit in {n(o.unit)} joins the insurrection for {self.module.power_name(o.target)}"
        if hasattr(o, "centres"):  # reclaim
            if o.build:
                return f"build {o.build[0]} {n(o.build[1])} when revived"
            return "reclaims " + ", ".join(name(c) for c in o.centres)
        return f"{o}"

    def _check_lines(self) -> list[LineCheck]:
        checks = self.check_lines()
        lst = self.panel.checks
        lst.clear()
        for c in checks:
            if c.error:
                item = QListWidgetItem(f"✗ {c.line}. {c.error}")
                item.setForeground(QBrush(BAD_INK))
            elif c.warning:
                item = QListWidgetItem(f"⚠ {c.line}. {c.description} — {c.warning}")
                item.setForeground(QBrush(WARN_INK))
            else:
                item = QListWidgetItem(f"✓ {c.line}. {c.description}")
                item.setForeground(QBrush(OK_INK))
            lst.addItem(item)
        has_orders = bool(checks)
        self.panel.hand_in.setText(
            f"Hand in {len(checks)} order{'s' * (len(checks) != 1)} for {self.module.power_name(self.power)}"
            if has_orders else f"Hand in orders for {self.module.power_name(self.power)}")
        return checks

    # --- handing in and resolving --------------------------------------------------------------
    def hand_in(self) -> Any:
        """Push the edited power's orders as written, wrong lines and all: the rules record an
        illegal line and hold its unit (docs/diplomacy.md), so a late delegation's slip never keeps
        its whole hand-in off the table. The lines recorded as illegal are shown after the hand-in."""
        checks = self.check_lines()
        orders = [c.text for c in checks]
        entry = self.window.push({"kind": "submit_orders", "power": self.power, "orders": orders})
        if entry is None:
            return None
        # the orders are the power's secret now: nothing of them stays on the screen
        self.drafts.pop(self.power, None)
        self._loading = True
        self.panel.editor.clear()
        self._loading = False
        illegal = [e for e in entry.events if e.kind == "order_illegal"]
        self.panel.error.setText(
            (f"Handed in; {len(illegal)} line{'s' * (len(illegal) != 1)} recorded as illegal (those units hold):\n"
             + "\n".join(f"• {e.data.get('order', '')}: {e.data.get('reason', '')}" for e in illegal))
            if illegal else "")
        self.refresh()
        self.window.statusBar().showMessage(
            f"{self.module.power_name(self.power)} handed in {len(orders)} order{'s' * (len(orders) != 1)} "
            "(secret until resolved)", 8000)
        return entry

    def resolve(self) -> Any:
        """Reveal every power's orders and adjudicate the phase."""
        self.cancel()
        return self.window.push({"kind": "adjudicate"})

    # --- results --------------------------------------------------------------------------------
    def last_results(self) -> Any:
        """The last adjudication's journal entry while its results are on show, else None.

        They show until the next phase's orders begin: a power hands in, or the edited power's
        draft gets a line.
        """
        for entry in reversed(self.game.entries):
            kind = entry.command.get("kind")
            if kind == "submit_orders":
                return None
            if kind == "adjudicate":
                return entry
        return None

    def _show_results(self) -> None:
        entry = self.last_results()
        p = self.panel
        p.results.clear()
        if entry is None:
            p.results_title.setText("")
            return
        label = next((e.data.get("phase", "") for e in entry.events if e.kind == "adjudicated"), "")
        p.results_title.setText(f"Results of {label}" if label else "Results")
        for ev in entry.events:
            if ev.kind in ("adjudicated",):
                continue
            item = QListWidgetItem(self.result_line(ev))
            if ev.kind == "order":
                item.setForeground(QBrush(OK_INK if ev.data.get("succeeded") else BAD_INK))
            elif ev.kind in ("dislodged", "disbanded", "order_illegal", "eliminated"):
                item.setForeground(QBrush(BAD_INK))
            p.results.addItem(item)

    def result_line(self, ev: Any) -> str:
        """A result as the results list shows it: the order in words with the provinces' full names
        ('Republic of France: Army Lyon → Alsace — fails (bounced)'), not the adjudicator's ids."""
        if ev.kind != "order":
            return str(ev.text)
        try:
            o = Order.parse(ev.data["order"])
        except (KeyError, ValueError):
            return str(ev.text)
        power = self.module.power_name(ev.teams[0]) if ev.teams else ""
        outcome = str(ev.text).rpartition(" — ")[2] if " — " in str(ev.text) else (
            "succeeds" if ev.data.get("succeeded") else f"fails ({ev.data.get('reason', '')})")
        return f"{power}: {self.describe(o)} — {outcome}" if power else f"{self.describe(o)} — {outcome}"

    def result_drawings(self) -> tuple[list[Drawn], list[tuple[str, str]]]:
        entry = self.last_results()
        if entry is None:
            return [], []
        drawn: list[Drawn] = []
        dislodged: list[tuple[str, str]] = []
        for ev in entry.events:
            if ev.kind == "order":
                try:
                    o = Order.parse(ev.data["order"])
                except ValueError:
                    continue
                d = drawn_from_order(o, ev.teams[0] if ev.teams else "", bool(ev.data.get("succeeded")),
                                     str(ev.data.get("reason", "")))
                if d is not None:
                    drawn.append(d)
            elif ev.kind == "dislodged" and ev.places:
                dislodged.append((ev.places[0], str(ev.data.get("from", ""))))
        return drawn, dislodged

    # --- drawing ----------------------------------------------------------------------------------
    def draft_drawings(self) -> list[Drawn]:
        out = []
        for c in self.check_lines():
            if c.ok and isinstance(c.order, Order):
                d = drawn_from_order(c.order, self.power)
                if d is not None:
                    out.append(d)
        return out

    def _draw(self) -> None:
        draft = self.draft_drawings() if self.draft_lines() else []
        if draft:
            self.layer.set_orders(draft)
        else:
            self.layer.set_orders(*self.result_drawings())
        self.layer.set_pending(self.pending)

    # --- orders from the board ----------------------------------------------------------------------
    def add_order(self, text: str) -> None:
        """Put ``text`` into the edited power's draft, replacing the order of the same unit."""
        new_unit = None
        try:
            o = self.module.parse_order(self.state, self.power, text)
            new_unit = o.province if isinstance(o, Order) and not isinstance(o, Build) else None
        except ValueError:
            pass
        lines = self.draft_lines()
        if new_unit is not None:
            keep = []
            for ln in lines:
                try:
                    old = self.module.parse_order(self.state, self.power, ln)
                except ValueError:
                    keep.append(ln)
                    continue
                if not (isinstance(old, Order) and not isinstance(old, Build) and old.province == new_unit):
                    keep.append(ln)
            lines = keep
        lines.append(text)
        self.panel.editor.setPlainText("\n".join(lines))  # -> _text_changed

    def unit_at(self, prov: str) -> Any:
        return next((u for u in self.state.units if u.province == prov), None)

    def _dislodged_at(self, prov: str) -> Any:
        mv = self.state.movement
        if self.state.phase != "retreat" or mv is None:
            return None
        return next((d.unit for d in mv.dislodged if d.unit.province == prov), None)

    def order_for_drop(self, unit_prov: str, target: str, modifiers: Any, dislodged: bool = False) -> str | None:
        """The order (or the first half of one) a drag of the unit in ``unit_prov`` onto ``target``
        means; a support or convoy waits for the second click (see :meth:`click_place`)."""
        mods = Qt.KeyboardModifier(modifiers)
        phase = self.state.phase
        if phase == "retreat":
            u = self._dislodged_at(unit_prov) if dislodged or self.unit_at(unit_prov) is None else None
            u = u or self._dislodged_at(unit_prov)
            if u is None:
                self._say(f"Only dislodged units move in {self.module.turn_label(self.state)}")
                return None
            if target == unit_prov:
                return f"{u.unit_type.value} {region_text(u.region)} Disband"
            dest = self._dest_region(f"{unit_prov}-dislodged", u, target)
            return f"{u.unit_type.value} {region_text(u.region)} R {region_text(dest)}"
        if phase != "movement":
            self._say("Builds and disbands: type them, or right-click a unit or a home centre")
            return None
        u = self.unit_at(unit_prov)
        if u is None:
            return None
        me = f"{u.unit_type.value} {region_text(u.region)}"
        if mods & Qt.KeyboardModifier.ShiftModifier or mods & Qt.KeyboardModifier.ControlModifier:
            kind = "support" if mods & Qt.KeyboardModifier.ShiftModifier else "convoy"
            other = self.unit_at(target)
            if target == unit_prov or other is None:
                self._say(f"Drop on the unit to {kind} (no unit in {self.module.province_name(target)})")
                return None
            if kind == "convoy" and (u.unit_type is not UnitType.FLEET or other.unit_type is not UnitType.ARMY):
                self._say("Ctrl-drag a fleet onto the army it convoys")
                return None
            self.pending = (kind, unit_prov, target)
            self.layer.set_pending(self.pending)
            where = "where it moves, or on the unit to support it holding" if kind == "support" else "where it goes"
            self._say(f"{me} {kind}s the unit in {self.module.province_name(target)}: click {where} (Esc cancels)")
            return None
        if target == unit_prov:
            return f"{me} H"
        if target not in {o.place for o in self.module.move_options(self.state, unit_prov)}:
            name = self.module.province_name
            if u.unit_type is UnitType.FLEET:
                self._say(f"Refused: a fleet in {name(unit_prov)} cannot reach {name(target)} (not adjacent by sea)")
                return None
            if not convoy_could_reach(self.module.m, unit_prov, target):
                self._say(f"Refused: {name(target)} is not next to {name(unit_prov)} and no chain of fleets could "
                          "convoy the army there")
                return None
        dest = self._dest_region(unit_prov, u, target)
        return f"{me}-{region_text(dest)}"

    def _dest_region(self, piece: str, unit: Any, target: str) -> str:
        """The region a unit goes to in ``target``: a fleet names the coast it can reach."""
        if unit.unit_type is not UnitType.FLEET:
            return target
        coasts = sorted({o.note for o in self.module.move_options(self.state, piece) if o.place == target and o.note})
        if len(coasts) > 1:
            self._say(f"{', '.join(coasts)} are all in reach: {coasts[0]} written — edit the line for another coast")
        return coasts[0] if coasts else target

    def click_place(self, place: str | None) -> str | None:
        """The second click of a support or convoy: the order it completes (added to the draft)."""
        pending, self.pending = self.pending, None
        self.layer.set_pending(None)
        if pending is None or place is None:
            self._say("Cancelled")
            return None
        kind, me_p, other_p = pending
        me, other = self.unit_at(me_p), self.unit_at(other_p)
        if me is None or other is None:
            return None
        me_t = f"{me.unit_type.value} {region_text(me.region)}"
        other_t = f"{other.unit_type.value} {region_text(other.region)}"
        if kind == "support":
            text = f"{me_t} S {other_t}" if place == other_p else f"{me_t} S {other_t}-{region_text(place)}"
        else:
            if place == other_p:
                self._say("Cancelled")
                return None
            text = f"{me_t} C {other_t}-{region_text(place)}"
        self.add_order(text)
        return text

    def cancel(self) -> None:
        self._drag = None
        self.pending = None
        if hasattr(self, "layer"):
            self.layer.set_pending(None)
            self.layer.set_rubber(None)

    def _say(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 10000)

    def context_orders(self, place: str) -> list[tuple[str, str, str]]:
        """(menu text, power, order) for a right-click on ``place``."""
        s = self.state
        out: list[tuple[str, str, str]] = []
        if s.phase == "movement":
            u = self.unit_at(place)
            if u is not None:
                out.append(("Hold", u.power, f"{u.unit_type.value} {region_text(u.region)} H"))
        elif s.phase == "retreat":
            u = self._dislodged_at(place)
            if u is not None:
                out.append(("Disband (no retreat)", u.power, f"{u.unit_type.value} {region_text(u.region)} Disband"))
        else:
            u = self.unit_at(place)
            if u is not None:
                out.append(("Disband", u.power, f"Disband {u.unit_type.value} {region_text(u.region)}"))
            else:
                owner = s.owners.get(place)
                if owner is not None and place in self.module.m.home_centres(owner):
                    m = self.module.m
                    if m.army_can_stand(place):
                        out.append(("Build army", owner, f"Build A {region_text(place)}"))
                    for r in m.coasts_of(place) or ((place,) if m.is_coastal(place) else ()):
                        out.append((f"Build fleet ({region_text(r)})", owner, f"Build F {region_text(r)}"))
        return out

    def order_from_menu(self, power: str, text: str) -> None:
        self.select_power(power)
        self.add_order(text)

    # --- the mouse on the board (the scene's pointer hook) ---------------------------------------------
    def press(self, ev: QGraphicsSceneMouseEvent) -> bool:
        return self._press(ev)

    def move(self, ev: QGraphicsSceneMouseEvent) -> bool:
        return self._move(ev)

    def release(self, ev: QGraphicsSceneMouseEvent) -> bool:
        return self._release(ev)

    def context(self, ev: Any) -> bool:
        return self._context(ev)

    def key(self, ev: Any) -> bool:
        """Escape cancels an order being drawn."""
        if ev.key() == Qt.Key.Key_Escape and (self.pending or self._drag):
            self.cancel()
            self._say("Cancelled")
            return True
        return False

    def _counter_at(self, pos: QPointF) -> CounterItem | None:
        finder = getattr(self.scene, "counter_at", None)  # also finds chips painted far away
        if finder is not None:
            return finder(pos)  # type: ignore[no-any-return]
        for item in self.scene.items(pos):
            if isinstance(item, CounterItem):
                return item
        return None

    def _press(self, ev: QGraphicsSceneMouseEvent) -> bool:
        if ev.button() != Qt.MouseButton.LeftButton:
            return False
        pos = ev.scenePos()
        if self.pending is not None:
            self.click_place(self.scene.place_at(pos))
            ev.accept()
            return True
        item = self._counter_at(pos)
        if item is None:
            return False  # the view pans
        piece = item.piece
        if piece.team and piece.team != self.power:
            self.select_power(piece.team)
        self._drag = _Drag(piece, piece.id.removesuffix("-dislodged"), QPointF(pos), ev.modifiers())
        ev.accept()
        return True

    def _move(self, ev: QGraphicsSceneMouseEvent) -> bool:
        d = self._drag
        if d is None:
            return False
        pos = ev.scenePos()
        if not d.moved and math.hypot(pos.x() - d.start.x(), pos.y() - d.start.y()) >= DRAG_MIN:
            d.moved = True
            if self.state.phase in ("movement", "retreat"):
                self.scene.show_options(d.piece.id)
        if d.moved:
            mods = d.modifiers | ev.modifiers()
            kind = ("support" if mods & Qt.KeyboardModifier.ShiftModifier else
                    "convoy" if mods & Qt.KeyboardModifier.ControlModifier else "move")
            self.layer.set_rubber(self.scene.place_pos(d.unit), pos, kind)
        ev.accept()
        return True

    def _release(self, ev: QGraphicsSceneMouseEvent) -> bool:
        d, self._drag = self._drag, None
        if d is None:
            return False
        self.layer.set_rubber(None)
        self.scene.clear_options()
        ev.accept()
        if not d.moved:
            return True  # a click picks the unit's power, no order
        target = self.scene.place_at(ev.scenePos())
        if target is None:
            return True
        text = self.order_for_drop(d.unit, target, d.modifiers | ev.modifiers(),
                                   dislodged=d.piece.id.endswith("-dislodged"))
        if text is not None:
            self.add_order(text)
        return True

    def _context(self, ev: Any) -> bool:
        item = self._counter_at(ev.scenePos())
        place = item.piece.id.removesuffix("-dislodged") if item is not None else self.scene.place_at(ev.scenePos(), 60)
        if place is None:
            return False
        choices = self.context_orders(place)
        menu = QMenu(self.window)
        for label, power, text in choices:
            menu.addAction(f"{label}: {text}", functools.partial(self.order_from_menu, power, text))
        if not choices:
            menu.addAction(f"{self.module.province_name(place)}: no order to give here").setEnabled(False)
        ev.accept()
        menu.exec(ev.screenPos())
        return True
