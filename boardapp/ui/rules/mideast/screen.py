"""Mid-East PEACE on the big screen: the turn strip, the UN vote live, and the battle reveal as an event.

Manifest ``sidebar`` sections. The big screen gives each section the **public** picture only
(``show_picture``), so a fist that is not revealed cannot reach the hall: the battles section reads
"in" / "awaited" from the picture, which holds no number until both fists are in.

* **Turn** — on the map: a strip along the top of the hall's map: whose Player-Turn (in the
  country's colour) and the round, the phases chosen, the function now played.
* **UN Assembly** (only while a motion is before it): the motion, who voted Yea, Nay or abstained
  (each with its votes), how many are still to vote, and the tally as it grows vote by vote, with
  "carries" / "fails".
* **Battles** — on the map, not in the side bar: a banner along the bottom of the hall's map while
  the Player-Turn has battles, each declared attack with its fists in or awaited; when a battle's
  fists open, the reveal (as an event) in large type: both fists and who won, lit up for
  :data:`REVEAL_MS` and then kept, dimmed, until the next reveal.

* **Final table** — once the game has ended, a banner along the bottom of the hall's map (the middle
  covered the Levant): PEACE or WAR, the winner, every country's score on a line that wraps (the side
  bar's pager has the whole final table too).

The banners sit in margins the map view keeps free for them (``setViewportMargins``): the map is
fitted between them, so no banner covers a name or a piece.

Compact on purpose: the side bar also holds the clock and twelve countries' tracks; a section with
nothing to say is hidden with its heading.

The turn strip also lays the Bloc outlines and the Peacekeeping Force's zone on the hall's map
(:class:`boardapp.ui.rules.mideast.overlay.BlocOutlines`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from boardapp.engine.module import BoardPicture
from boardapp.ui.bigscreen.pages import hall_px, reserve_edge
from boardapp.ui.bigscreen.scene import big_font
from boardapp.ui.rules.mideast.common import section
from boardapp.ui.rules.mideast.overlay import BlocOutlines, OverturnedMarks

REVEAL_MS = 12000
"""How long a battle's reveal stays lit up on the big screen."""


class HallSection(QWidget):
    """A big-screen section: labels sized from the screen's height (readable at the back of the hall)."""

    def __init__(self, screen: Any) -> None:
        super().__init__()
        self.screen_window = screen
        self.lay = QVBoxLayout(self)
        self.lay.setContentsMargins(0, 0, 0, 0)
        self.lay.setSpacing(2)
        self.labels: list[tuple[QLabel, float, bool]] = []

    def label(self, size: float, bold: bool = False, wrap: bool = True) -> QLabel:
        lab = QLabel()
        lab.setWordWrap(wrap)
        lab.setTextFormat(Qt.TextFormat.RichText)
        lab.setStyleSheet("color: white; background: transparent;")
        self.lay.addWidget(lab)
        self.labels.append((lab, size, bold))
        return lab

    def unit(self) -> float:
        """The big screen's unit: a hundredth of its height, as its own side bar uses."""
        return max(4.0, float(self.screen_window.height()) / 100)

    def size_fonts(self) -> None:
        u = self.unit()
        if u == getattr(self, "_sized_for", None):
            return
        self._sized_for = u
        for lab, size, bold in self.labels:  # never below the hall standard (capitals 19 px per 1080)
            lab.setFont(big_font(max(size * u, hall_px(100 * u, bold=bold)), bold))

    def resizeEvent(self, event: Any) -> None:
        """The hall's screen changed size (full screen, another monitor): size the type again."""
        super().resizeEvent(event)
        self.size_fonts()

    def map_banner(self, name: str, labels: list[tuple[float, bool]], top: bool | None) -> list[QLabel]:
        """A banner over the hall's map (top or bottom edge, or the middle for None; 70 % of its width)
        holding labels of these sizes; laid again whenever the map view changes size. Returns the labels."""
        view = getattr(self.screen_window, "view", None)
        # a child of the view, in a margin the view keeps free for it (the map is fitted between the
        # banners, so a banner never covers a name: issue #23 item 3)
        self.board = QWidget(view if view is not None else self)
        self.board.setObjectName(name)
        self.board.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.board.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        alpha = 215 if top is not None else 245  # the middle one covers the map: nearly opaque
        self.board.setStyleSheet(f"#{name} {{ background: rgba(15, 20, 26, {alpha}); border-radius: 6px; }}")
        self.board_layout = QVBoxLayout(self.board)
        self.board_top = top
        out = []
        for size, bold in labels:
            lab = QLabel()
            lab.setWordWrap(True)
            lab.setTextFormat(Qt.TextFormat.RichText)
            lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
            lab.setStyleSheet("color: white; background: transparent;")
            self.board_layout.addWidget(lab)
            self.labels.append((lab, size, bold))
            out.append(lab)
        self.board.hide()
        if view is not None:
            view.viewport().installEventFilter(self)
        return out

    def eventFilter(self, watched: Any, event: Any) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.place_board()
        return False

    def place_board(self) -> None:
        """Along the top or bottom of the map view: 70 % of its width, centred, as tall as its text, in a
        margin of the view kept for it (the map is fitted in what is left)."""
        board = getattr(self, "board", None)
        parent = board.parentWidget() if board is not None else None
        if board is None or parent is None or parent is self:
            return
        self.size_fonts()
        m = round(self.unit() * 0.8)
        self.board_layout.setContentsMargins(m, m // 2, m, m // 2)
        w = round(parent.width() * 0.7)
        h = board.heightForWidth(w) if board.hasHeightForWidth() else board.sizeHint().height()
        shown = not board.isHidden()
        at = reserve_edge(parent, board.objectName(), "top" if self.board_top else "bottom",
                          h + 2 * m if shown and self.board_top is not None else 0, place=self.place_board)
        y = (parent.height() - h) // 2 if self.board_top is None else \
            (at + m if self.board_top else parent.height() - at - h - m)
        board.setGeometry((parent.width() - w) // 2, y, w, h)

    def set_shown(self, shown: bool) -> None:
        """Show or hide the section with its heading (the side bar puts the heading just above it): a
        section with nothing to say leaves the crowded side bar its room (twelve countries' tracks)."""
        self.setVisible(shown)
        parent = self.parentWidget()
        lay = parent.layout() if parent is not None else None
        if lay is not None:
            at = lay.indexOf(self)
            item = lay.itemAt(at - 1) if at > 0 else None
            heading = item.widget() if item is not None else None
            if isinstance(heading, QLabel):
                heading.setVisible(shown)

    def texts(self) -> list[str]:
        """Every text the section shows (tests walk them for secrets)."""
        return [lab.text() for lab, _s, _b in self.labels]


class TurnSection(HallSection):
    """The turn strip, as a banner along the top of the hall's map (the side bar's heading cuts a long
    turn label short, and the side bar is full): whose Player-Turn in the country's colour, the phases
    chosen, the function now played. Also lays the Bloc outlines and the UN Force's zone on the map."""

    def __init__(self, screen: Any) -> None:
        super().__init__(screen)
        self.who, self.phases = self.map_banner("turnstrip", [(2.6, True), (1.9, False)], top=True)
        game = getattr(screen, "game", None)
        scene = getattr(screen, "scene", None)
        self.outlines = BlocOutlines(scene, game) if game is not None and scene is not None else None
        self.overturned = OverturnedMarks(scene) if scene is not None else None

    @classmethod
    def for_screen(cls, screen: Any) -> TurnSection:
        return cls(screen)

    def show_picture(self, picture: BoardPicture) -> None:
        self.set_shown(False)  # nothing in the side bar: the strip is on the map
        rows = {r[0]: r[1] for r in (section(picture, "turn").rows if section(picture, "turn") else [])}
        if "Game over" in rows:
            self.who.setText(f"Game over: {rows['Game over']}")
            self.phases.setText(f"Round {rows.get('Round', '')}")
        elif rows.get("Phase") == "Negotiation":
            self.who.setText("Negotiation Phase")
            self.phases.setText(f"Round {rows.get('Round', '')}")
        else:
            player = rows.get("Player-Turn", "")
            teams = getattr(getattr(self.screen_window, "scene", None), "teams", {})
            team = next((teams.get(t.get("team")) for t in picture.tracks if t.get("name") == player), None)
            colour = getattr(team, "colour", None)
            swatch = f"<span style='color:{colour}'>■</span> " if colour else ""
            self.who.setText(f"{swatch}{player}'s Player-Turn · Round {rows.get('Round', '').split(' ')[0]}")
            now = rows.get("Function", "—")
            self.phases.setText(f"{rows.get('Phases chosen', '')} · now: <b>{now}</b>")
            self.phases.setToolTip(f"then: {rows.get('Functions left', '—')}")
        self.board.setVisible(bool(rows))
        self.place_board()

    def texts(self) -> list[str]:
        return [self.who.text(), self.phases.text()]


class UnSection(HallSection):
    def __init__(self, screen: Any) -> None:
        super().__init__(screen)
        self.motion = self.label(1.9, True)
        self.rows = self.label(1.7)
        self.tally = self.label(2.6, True)

    @classmethod
    def for_screen(cls, screen: Any) -> UnSection:
        return cls(screen)

    def show_picture(self, picture: BoardPicture) -> None:
        self.size_fonts()
        sec = section(picture, "un")
        if sec is None or not sec.rows:
            for lab in (self.motion, self.rows, self.tally):
                lab.setText("")
            self.set_shown(False)
            return
        self.set_shown(True)
        self.motion.setText(sec.title.removeprefix("UN Assembly: "))
        ink = {"yea": "#7ee08a", "nay": "#ff8a80", "abstain": "#cfd8dc"}
        by_vote: dict[str, list[str]] = {"yea": [], "nay": [], "abstain": []}
        awaited = 0
        for name, votes, vote in sec.rows[:-1]:
            if vote in by_vote:
                by_vote[vote].append(f"{name} {votes}")
            else:
                awaited += 1
        parts = [f"<span style='color:{ink[v]}'>{v.upper()}</span> {', '.join(names)}"
                 for v, names in by_vote.items() if names]
        if awaited:
            parts.append(f"{awaited} still to vote")
        self.rows.setText(" · ".join(parts))
        _name, counts, result = sec.rows[-1]
        colour = "#7ee08a" if result == "carries" else "#ffcc80"
        self.tally.setText(f"{counts} — <span style='color:{colour}'>{result.upper()}</span>")


class BattleSection(HallSection):
    """Declared attacks with their fists in or awaited, and the reveal as an event — drawn as a banner
    along the bottom of the hall's map (the side bar is full with twelve countries), not in the side bar.

    The side bar keeps this section (and its heading) hidden; the banner is a child of the big
    screen's map view, laid along its bottom edge whenever the map view changes size."""

    def __init__(self, screen: Any) -> None:
        super().__init__(screen)
        self.banner, self.list = self.map_banner("battles", [(2.6, True), (1.9, False)], top=False)
        self.banner.setObjectName("reveal")
        self.seen: set[tuple[str, ...]] = set()
        self.first = True
        self.lit = False
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.dim)
        self.dim()

    @classmethod
    def for_screen(cls, screen: Any) -> BattleSection:
        return cls(screen)

    def show_picture(self, picture: BoardPicture) -> None:
        self.set_shown(False)  # nothing in the side bar: the banner is on the map
        sec = section(picture, "battles")
        rows = sec.rows if sec is not None else []
        lines = []
        for attack, _attacker, forces, a_fist, _defender, d_fist, result in rows:
            if result:
                continue
            lines.append(f"{attack}: {forces} Forces · fists: attacker {a_fist}, defender {d_fist}")
        self.list.setText("<br>".join(lines))
        self.list.setVisible(bool(lines))
        new = [tuple(r) for r in rows if r[6] and tuple(r) not in self.seen]
        self.seen |= {tuple(r) for r in rows if r[6]}
        if new:
            attack, attacker, _forces, a_fist, defender, d_fist, result = new[-1]
            target = attack.split(" → ")[-1]
            self.banner.setText(f"{target}: {attacker} {a_fist} · {defender} {d_fist} — {result.upper()}")
            if not self.first:
                self.light()
        self.first = False
        if not rows:
            self.banner.setText("")
        self.banner.setVisible(bool(self.banner.text()))
        self.board.setVisible(bool(rows))
        self.place_board()

    def texts(self) -> list[str]:
        return [self.banner.text(), self.list.text()]

    def light(self) -> None:
        self.lit = True
        self.banner.setStyleSheet("#reveal { color: #1a1a1a; background: #ffd54f; padding: 4px; }")
        self.timer.start(REVEAL_MS)

    def dim(self) -> None:
        self.lit = False
        self.banner.setStyleSheet("#reveal { color: #ffd54f; background: transparent; }")


class FinalSection(HallSection):
    """The end of the game on the hall's map: PEACE or WAR, the winner, and every country's score, in a
    banner along the bottom of the map (not over the Levant, where the game was played)."""

    def __init__(self, screen: Any) -> None:
        super().__init__(screen)
        self.title, self.table = self.map_banner("final", [(3.2, True), (1.9, False)], top=False)

    @classmethod
    def for_screen(cls, screen: Any) -> FinalSection:
        return cls(screen)

    def show_picture(self, picture: BoardPicture) -> None:
        self.set_shown(False)
        sec = section(picture, "final")
        if sec is None:
            self.title.setText("")
            self.table.setText("")
            self.board.setVisible(False)
            self.place_board()
            return
        winners = [row[0] for row in sec.rows if row[-1] == "winner"]
        how = sec.title.removeprefix("Final table (").removesuffix(")")
        self.title.setText(f"{how}: {' and '.join(winners)} {'wins' if len(winners) == 1 else 'win'}")
        scores = [f"<b>{row[0]}&nbsp;{row[4]}</b>" if row[-1] else f"{row[0]}&nbsp;{row[4]}" for row in sec.rows]
        self.table.setText(" · ".join(scores))
        self.board.setVisible(True)
        self.place_board()

    def texts(self) -> list[str]:
        return [self.title.text(), self.table.text()]
