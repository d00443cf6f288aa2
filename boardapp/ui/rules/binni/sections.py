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
from boardapp.ui.bigscreen.scene import INK, big_font
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
    """Every map team's PR as a track 0 to 8 with its card limit, painted; :meth:`drawn_texts`
    lists every string it paints (the public-information tests read it)."""

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
            self.setFixedHeight(self._row_h() * len(rows))
            self.update()

    def set_unit(self, u: float) -> None:
        self.unit = u
        self.setFixedHeight(self._row_h() * len(self.rows))
        self.update()

    def _row_h(self) -> int:
        return round(self.unit * 4.0)

    def sizeHint(self) -> QSize:
        return QSize(400, self._row_h() * max(1, len(self.rows)))

    def drawn_texts(self) -> list[str]:
        texts = []
        for r in self.rows:
            texts += [r["symbol"], r["name"], r["limit"], r["extra"]]
            texts += [str(i) for i in range(r["pr_max"] + 1)] if r["pr"] is not None else []
        return [t for t in texts if t]

    def paintEvent(self, event: QPaintEvent) -> None:
        """One row a team: marker with symbol, name (and any public resources under it), the
        PR track with the current level lit in the team's colour, the card limit."""
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        u = self.unit
        rh = self._row_h()
        w = self.width()
        d = u * 3.1
        name_w = w * 0.34
        limit_w = u * 3.6
        left = d + u * 0.6
        cells_left = left + name_w + u * 0.4
        vcentre = int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
        for i, r in enumerate(self.rows):
            top = i * rh
            fill = QColor(r["colour"])
            badge = QRectF(0, top + (rh - d) / 2, d, d)
            p.setPen(QPen(QColor("#ffffff"), max(1.0, u * 0.18)))
            p.setBrush(fill)
            p.drawEllipse(badge)
            p.setPen(style.text_on(fill))
            p.setFont(big_font(u * (1.3 if len(r["symbol"]) <= 2 else 0.95)))
            p.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), r["symbol"])
            p.setPen(INK)
            f = _fitted(big_font(u * 1.9, True, condensed=True), r["name"], name_w)  # shrunk, never cut
            p.setFont(f)
            name_h = rh * (0.58 if r["extra"] else 1.0)
            p.drawText(QRectF(left, top, name_w, name_h), vcentre, r["name"])
            if r["extra"]:
                f = _fitted(big_font(u * 1.35, False, condensed=True), r["extra"], name_w)
                p.setFont(f)
                p.setPen(QColor("#c9d3dc"))
                p.drawText(QRectF(left, top + name_h - u * 0.3, name_w, rh - name_h), vcentre, r["extra"])
            p.setPen(INK)
            p.setFont(big_font(u * 2.1))
            p.drawText(QRectF(w - limit_w, top, limit_w, rh),
                       int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight), r["limit"])
            if r["pr"] is None:
                continue
            n = r["pr_max"] + 1
            box_w = (w - limit_w - u * 0.5 - cells_left) / n
            bh = u * 2.6
            by = top + (rh - bh) / 2
            p.setFont(big_font(u * 1.6))
            for v in range(n):
                cell = QRectF(cells_left + v * box_w + 1, by, box_w - 2, bh)
                on = v == r["pr"]
                p.setPen(QPen(QColor("#ffffff") if on else QColor("#56606a"), max(1.0, u * (0.25 if on else 0.1))))
                p.setBrush(fill if on else QColor("#1c232a"))
                p.drawRect(cell)
                p.setPen(style.text_on(fill) if on else DIM)
                if on:
                    p.setFont(big_font(u * 2.0))
                p.drawText(cell, int(Qt.AlignmentFlag.AlignCenter), str(v))
                if on:
                    p.setFont(big_font(u * 1.6))
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
            lab.setFont(big_font(1.5 * u))
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
            word = NAMED_KEYS.get(key, key.replace("_", " ").capitalize())
            extra.append(f"{word}{value}" if word == "$M" else f"{word} {value}")
        rows.append({
            "team": t.get("team"), "name": t.get("name", ""), "pr": pr, "pr_max": int(t.get("pr_max", 8)),
            "limit": limit, "extra": " · ".join(extra),
            "colour": team.colour if team is not None else "#888888",
            "symbol": team.symbol if team is not None else str(t.get("team", ""))[:3].upper(),
        })
    return rows
