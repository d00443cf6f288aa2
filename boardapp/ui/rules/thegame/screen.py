"""The Game on the big screen: the step of the turn sequence and the year's news, in the side bar.

Named in the manifest as the side bar section ``thegame.news``. It is given the public picture only (the
big screen filters it: ``BoardPicture.for_audience(Audience.PUBLIC)``) and reads the picture's public
sections ('steps' and 'news'), never the game's state: no bank or technology figure can reach the hall
through it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from boardapp.engine.module import BoardPicture
from boardapp.ui.bigscreen.pages import hall_px
from boardapp.ui.bigscreen.scene import big_font
from boardapp.ui.rules.thegame.overlay import RegionFills, game_regions, looks

NEWS_SHOWN = 3
"""Earlier headlines of the year shown at once (latest first): more would not be read across a hall, and the
side bar must keep room for the players and the tallies."""


class HallSection(QWidget):
    """'Step II.C (4 of 18): Builds' and the year's earlier headlines, sized to the screen's height."""

    def __init__(self, screen: Any = None) -> None:
        super().__init__()
        self.setObjectName("thegame-hall")
        self.screen_window = screen
        self.step = QLabel()
        self.step.setWordWrap(True)
        self.news = QLabel()
        self.news.setWordWrap(True)
        for label in (self.step, self.news):
            label.setStyleSheet("color: #f2f2f2; background: transparent;")
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.step)
        box.addWidget(self.news)
        self._size()
        self.fills: RegionFills | None = None
        """The region fills on the big screen's map (a side bar section is the one contribution the big screen
        takes, so the section puts them on the screen's scene; they follow the public picture it is shown)."""
        scene = getattr(screen, "scene", None)
        if scene is not None and hasattr(scene, "addItem"):
            self.fills = RegionFills(screen.game.module.map, game_regions(screen.game.module))
            scene.addItem(self.fills)
            self.destroyed.connect(lambda _obj=None, fills=self.fills: _take_off(fills))

    def show_picture(self, picture: BoardPicture) -> None:
        sections = {s.id: s for s in picture.sections}
        steps = sections.get("steps")
        now = [row for row in steps.rows if row[2] == "now"] if steps is not None else []
        if now and steps is not None:
            code, title = now[0][0], now[0][1]
            number = [row[0] for row in steps.rows].index(code) + 1
            self.step.setText(f"Step {code} ({number} of {len(steps.rows)}): {title}")
        else:
            self.step.setText("")
        news = sections.get("news")
        # the latest headline is the side bar's own news line, just below: this section lists the ones before it
        earlier = [row[0] for row in news.rows][:-1][-NEWS_SHOWN:] if news is not None else []
        self.news.setText("\n".join(f"• {h}" for h in reversed(earlier)))
        self.news.setVisible(bool(earlier))
        if self.fills is not None:
            screen = self.screen_window
            self.fills.set_looks(looks(picture, screen.game.state, screen.scene.team_colour))

    def _size(self) -> None:
        height = self.screen_window.height() if self.screen_window is not None else 1080
        u = max(4.0, height / 100)
        # never below the hall standard (capitals 19 px per 1080 of height)
        self.step.setFont(big_font(max(2.0 * u, hall_px(height))))
        self.news.setFont(big_font(max(1.6 * u, hall_px(height, bold=False)), False))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._size()


def _take_off(fills: RegionFills) -> None:
    """Remove the fills from the screen's scene (the section is gone; the scene may be gone too)."""
    try:
        scene = fills.scene()
    except RuntimeError:  # the scene deleted its items already
        return
    if scene is not None:
        scene.removeItem(fills)
