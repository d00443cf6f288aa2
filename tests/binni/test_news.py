"""The news (``rules/binni/news.py``)."""

from __future__ import annotations

from typing import Any


def test_news_is_logged(g: Any) -> None:
    entry = g.push({"kind": "news", "text": "Rebels shell Delta"})
    assert entry.events[0].text == "NEWS: Rebels shell Delta"
    assert g.state.news == ["Rebels shell Delta"]
