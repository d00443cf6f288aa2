"""The news: a headline from the International News Media, logged and kept for the big screen.

Digest section "Influence cards and PR" (reporting moves PR; CONTROL sets PR with a reason).
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event
from boardapp.rules.binni import commands as c
from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.state import BinniState


def check_news(rules: BinniFacts, state: BinniState, cmd: c.News) -> list[str]:
    return []


def apply_news(rules: BinniFacts, state: BinniState, cmd: c.News, dice: Dice) -> list[Event]:
    state.news.append(cmd.text)
    return [Event(kind="news", text=f"NEWS: {cmd.text}")]
