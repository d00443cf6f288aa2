"""War in Binni's sections of the big screen's side bar (its manifest's ``sidebar``): every map team's
political rating as a track 0 to 8 with its card limit, and the humanitarian tally (displaced
people, people in camps, deaths). They are Binni's words, so they live here, not in the generic
big screen; each widget is given the public picture (``show_picture``) on every change."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QWidget

from boardapp.engine.module import BoardPicture
from boardapp.ui.bigscreen.scene import INK, big_font, wrap_name
from boardapp.ui.board import style

DIM = QColor("#9aa4ad")
NAMED_KEYS = {"money": "$M", "cruise_missiles": "Missiles", "stores": "Stores", "aid": "Aid", "cards": "Cards"}
"""How a track key not hidden is labelled in a team's row."""
TRACK_SKIP = {"team", "name", "pr", "pr_max", "cards_max", "on_map"}


def _fitted(f: Any, text: str, width: float) -> Any:
    """``f`` made smaller until ``text`` fits ``width`` (a team's long name is shrunk, not cut)."""
    while QFontMetricsF(f).horizontalAdvance(text) > width and f.pixelSize() > 8:
        f.setPixelSize(f.pixelSize() - 1)
    return f


def _label(parent: QWidget, name: str) -> QLabel:
    lab = QLabel(parent)
    lab.setObjectName(name)
    lab.setTextFormat(Qt.TextFormat.PlainText)
    lab.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter)
    lab.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
    return lab


class TeamTracks(QWidget):
    """Every map team's PR with its card limit, painted one team a row, every text at the hall's size
    (at least 2.5 side-bar units: capitals 19 px at 1080): the team's marker, its name (on two lines
    rather than smaller), its PR in a box of its colour, "cards ≤ N", and under the name the public
    resources it holds ("Aid 15"; none at zero). :meth:`drawn_texts` lists every string it paints
    (the public-information tests read it)."""

    TEXT = 2.5
    """Every text's font pixel size, in side-bar units (``unit``, a hundredth of the screen's height)."""
    names_every_team = True
    """Every map team's marker and name is a row here: the side bar leaves out its team legend."""

    def __init__(self, screen: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.teams: dict[str, Any] = dict(getattr(getattr(screen, "scene", None), "teams", {}) or {})
        self.rows: list[dict[str, Any]] = []
        self.colours: dict[str, tuple[str, str]] = {}
        self.unit = 10.0
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def show_picture(self, pic: BoardPicture) -> None:
        self.set_rows(track_rows(pic, self.teams))

    def set_rows(self, rows: list[dict[str, Any]]) -> None:
        if rows != self.rows:
            self.rows = rows
            self._resize()
            self.update()

    def set_unit(self, u: float) -> None:
        self.unit = u
        self._resize()
        self.update()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._resize()

    def _resize(self) -> None:
        h = round(sum(rh for rh, *_ in self._layout(self.width() or 400)))
        if h != self.height():
            self.setFixedHeight(h)

    def _fonts(self) -> tuple[Any, Any]:
        u = self.unit
        return big_font(u * self.TEXT, True, condensed=True), big_font(u * self.TEXT, True)

    def _columns(self, width: float) -> tuple[float, float, float, float]:
        """Marker side, the name's width, the PR box's width, the limit's width."""
        u = self.unit
        _name_font, bold = self._fonts()
        d = u * 4.0
        limit_w = max((QFontMetricsF(bold).horizontalAdvance(r["limit"]) for r in self.rows if r["limit"]),
                      default=0.0)
        pr_w = u * 4.2
        return d, max(u * 8, width - d - u * 0.8 - pr_w - u * 2.0 - limit_w), pr_w, limit_w

    def _layout(self, width: float) -> list[tuple[float, list[str], list[str]]]:
        """Per row: its height, its name's lines (one, or two when one is too wide) and its resources' lines."""
        name_font, _bold = self._fonts()
        fm = QFontMetricsF(name_font)
        _d, name_w, _pr_w, _limit_w = self._columns(width)
        line = fm.height() * 1.02
        out = []
        for r in self.rows:
            name = r["name"]
            fits = fm.horizontalAdvance(name) <= name_w or " " not in name
            lines = [name] if fits else wrap_name(name, 1).split("\n")
            extra = [r["extra"]] if r["extra"] else []
            if extra and fm.horizontalAdvance(f"{lines[-1]}  {extra[0]}") <= name_w:
                lines, extra = [*lines[:-1], f"{lines[-1]}\t{extra[0]}"], []  # beside the name: one line less
            out.append((max(self.unit * 4.3, line * (len(lines) + len(extra)) + self.unit * 0.6), lines, extra))
        return out

    def sizeHint(self) -> QSize:
        return QSize(400, max(1, self.height()))

    def drawn_texts(self) -> list[str]:
        texts = []
        for r in self.rows:
            texts += [r["symbol"], r["name"], r["limit"], r["extra"]]
            texts += [str(r["pr"])] if r["pr"] is not None else []
        return [t for t in texts if t]

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        u = self.unit
        w = self.width()
        d, name_w, pr_w, limit_w = self._columns(w)
        name_font, bold = self._fonts()
        line = QFontMetricsF(name_font).height() * 1.02
        left = d + u * 0.8
        vcentre = int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
        top = 0.0
        for r, (rh, lines, extra) in zip(self.rows, self._layout(w), strict=True):
            fill = QColor(r["colour"])
            badge = QRectF(0, top + (rh - d) / 2, d, d)
            p.setPen(QPen(QColor("#ffffff"), max(1.0, u * 0.18)))
            p.setBrush(fill)
            p.drawEllipse(badge)
            p.setPen(style.text_on(fill))
            p.setFont(_fitted(big_font(u * self.TEXT, True, condensed=True), r["symbol"], d * 0.92))
            p.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), r["symbol"])
            y = top + (rh - line * (len(lines) + len(extra))) / 2
            p.setFont(name_font)
            p.setPen(INK)
            for entry in lines:
                text, _tab, beside = entry.partition("\t")
                p.setPen(INK)
                p.drawText(QRectF(left, y, name_w, line), vcentre, text)
                if beside:  # the resources held, after the name, in the dimmer ink
                    p.setPen(QColor("#c9d3dc"))
                    x = left + QFontMetricsF(name_font).horizontalAdvance(text + "  ")
                    p.drawText(QRectF(x, y, name_w - (x - left), line), vcentre, beside)
                y += line
            p.setPen(QColor("#c9d3dc"))
            for text in extra:
                p.drawText(QRectF(left, y, name_w, line), vcentre, text)
                y += line
            p.setFont(bold)
            if r["pr"] is not None:
                box = QRectF(w - limit_w - u * 1.2 - pr_w, top + (rh - u * 3.4) / 2, pr_w, u * 3.4)
                p.setPen(QPen(QColor("#ffffff"), max(1.0, u * 0.22)))
                p.setBrush(fill)
                p.drawRect(box)
                p.setPen(style.text_on(fill))
                p.drawText(box, int(Qt.AlignmentFlag.AlignCenter), str(r["pr"]))
            p.setPen(INK)
            p.drawText(QRectF(w - limit_w - 2, top, limit_w + 2, rh),
                       int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight), r["limit"])
            top += rh
        p.end()


class TallyBox(QWidget):
    """The humanitarian tally: a big number over a word for each count."""

    def __init__(self, screen: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.numbers: dict[str, QLabel] = {}
        self.words: dict[str, QLabel] = {}
        self.unit = 10.0

    def show_picture(self, pic: BoardPicture) -> None:
        self.set_tallies({k: v for k, v in pic.tallies.items() if k not in pic.hidden_keys})

    def drawn_texts(self) -> list[str]:
        return [self.text()]

    def set_tallies(self, tallies: dict[str, int]) -> None:
        if list(tallies) != list(self.numbers):
            for lab in [*self.numbers.values(), *self.words.values()]:
                lab.deleteLater()
            self.numbers, self.words = {}, {}
            for col, key in enumerate(tallies):
                self.numbers[key] = _label(self, f"tally_{key}")
                self.words[key] = _label(self, f"tally_{key}_word")
                self.words[key].setText(key.upper())
                self.grid.addWidget(self.numbers[key], 0, col)
                self.grid.addWidget(self.words[key], 1, col)
            self.set_unit(self.unit)
        for key, value in tallies.items():
            if self.numbers[key].text() != str(value):
                self.numbers[key].setText(str(value))
            colour = "#ff6b5e" if key == "deaths" and value else "#ffffff"
            self.numbers[key].setStyleSheet(f"color: {colour}; background: transparent;")

    def set_unit(self, u: float) -> None:
        self.unit = u
        for lab in self.numbers.values():
            lab.setFont(big_font(3.4 * u))
        for lab in self.words.values():
            lab.setFont(big_font(2.5 * u))
            lab.setStyleSheet("color: #c9d3dc; background: transparent;")

    def text(self) -> str:
        return "   ".join(f"{k.capitalize()} {lab.text()}" for k, lab in self.numbers.items())


def track_rows(pic: BoardPicture, teams: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per map team: its PR, card limit and the public resources (hidden keys left out)."""
    hidden = pic.hidden_keys
    rows = []
    for t in pic.tracks:
        if not t.get("on_map", True):
            continue
        team = teams.get(t.get("team"))
        pr = t.get("pr") if "pr" not in hidden else None
        limit = f"cards ≤ {t['cards_max']}" if "cards_max" in t and "cards_max" not in hidden else ""
        extra = []
        for key, value in t.items():
            if key in TRACK_SKIP or key in hidden or not isinstance(value, int) or isinstance(value, bool):
                continue
            if value == 0:  # what a team holds none of is not news to the hall
                continue
            word = NAMED_KEYS.get(key, key.replace("_", " ").capitalize())
            extra.append(f"{word}{value}" if word == "$M" else f"{word} {value}")
        rows.append({
            "team": t.get("team"), "name": t.get("name", ""), "pr": pr, "pr_max": int(t.get("pr_max", 8)),
            "limit": limit, "extra": " · ".join(extra),
            "colour": team.colour if team is not None else "#888888",
            "symbol": team.symbol if team is not None else str(t.get("team", ""))[:3].upper(),
        })
    return rows
