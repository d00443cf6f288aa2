"""Rehearsal 3, fault 8: the Mid-East big screen in the rehearsal's state (Round 1, Egypt chose
Economic then Military and collected its oil, Israel's Player-Turn) at 1920x1080, the Levant and the
Gulf: nothing touching. test_hall_standard.py measures the example game's last state (later rounds,
other pieces), and only counts two texts as overlapping when their inks share 15 % of the smaller's
area, texts only: "Hejaz" 1 px into "Persian Gulf" (at 063fd39), a name 3 px from a chip's box or a
token's box half under another place's chip all passed it.

Measured from what is drawn: the pieces' painted boxes and the names' ink boxes, in viewport pixels.
Touching: two places' pieces overlapping by more than their 2-px outline; a name's ink nearer than a
fifth of its height to another place's piece; two names on one line nearer than three quarters of
their height (they read as one: "Lebanon Israel")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from boardapp.engine.files import open_game

ROOT = Path(__file__).resolve().parents[2]
REHEARSAL = """\
- {kind: choose_phases, phases: [economic, military]}
- {kind: collect_oil}
- {kind: end_turn}
"""


@pytest.fixture(scope="module")
def rehearsal_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import contextlib
    import io

    from boardapp import cli

    folder = tmp_path_factory.mktemp("levant")
    (folder / "r3.yaml").write_text(REHEARSAL)
    out = folder / "r3.game"
    with contextlib.redirect_stdout(io.StringIO()):
        code = cli.main(["run", str(ROOT / "scenarios" / "mideast-peace.yaml"), "--commands", str(folder / "r3.yaml"),
                         "--seed", "1", "--save", str(out)])
    assert code == 0
    return out


def _gap(a: QRectF, b: QRectF) -> float:
    """The distance between two boxes (negative: how far they overlap, the lesser way)."""
    return max(b.left() - a.right(), a.left() - b.right(), b.top() - a.bottom(), a.top() - b.bottom())


def touching(window: Any) -> list[str]:
    sc, view = window.scene, window.view
    vis = QRectF(view.viewport().rect())

    def on_screen(item: Any, rect: QRectF) -> QRectF:
        return view.mapFromScene(item.mapRectToScene(rect)).boundingRect().toRectF()

    pieces = [(it.data(0), on_screen(it, it.boundingRect()), (it.toolTip() or "").split("\n")[0][:24])
              for it in (*sc.counters.values(), *sc.badges.values(), *sc.tokens) if it.isVisible()]
    names = [(k, on_screen(it, it.ink_rect()), it.text()) for k, it in sc.names.items() if it.isVisible()]
    pieces = [p for p in pieces if vis.intersects(p[1])]
    names = [n for n in names if vis.intersects(n[1])]
    found = []
    for i, (pa, ra, ta) in enumerate(pieces):
        for pb, rb, tb in pieces[i + 1:]:
            if pa != pb and _gap(ra, rb) < -2:
                found.append(f"pieces {ta!r}@{pa} / {tb!r}@{pb}: {_gap(ra, rb):.0f} px")
    for k, rn, tn in names:
        for pb, rb, tb in pieces:
            if pb != k and _gap(rn, rb) < 0.2 * rn.height() / (tn.count("\n") + 1):
                found.append(f"name {tn!r} / piece {tb!r}@{pb}: {_gap(rn, rb):.0f} px")
    for i, (_ka, ra, ta) in enumerate(names):
        for _kb, rb, tb in names[i + 1:]:
            h = min(ra.height() / (ta.count("\n") + 1), rb.height() / (tb.count("\n") + 1))  # a line's
            same_line = min(ra.bottom(), rb.bottom()) - max(ra.top(), rb.top()) > 0.5 * h
            if _gap(ra, rb) < 0 or (same_line and _gap(ra, rb) < 0.75 * h):
                found.append(f"names {ta!r} / {tb!r}: {_gap(ra, rb):.0f} px")
    return found


@pytest.mark.xfail(strict=True, reason="rehearsal 3 fault 8, not fixed: the Levant's chips, tokens and names "
                   "(ISR 5 over Jordan's drill token, N. Cyprus 3 px from LEB 1, 'Lebanon Israel'); see "
                   "docs/big-screen.md, 'Not yet: the Levant in round 1'")
def test_mideast_levant_nothing_touching_in_the_rehearsal_state(qtbot, settings, rehearsal_game):
    from boardapp.ui.bigscreen.window import BigScreenWindow

    window = BigScreenWindow(open_game(rehearsal_game, readonly=True), settings=settings)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    for _ in range(5):  # as the hall standard's measure (hall_measure.big_screen_report): the side bar laid out
        QApplication.processEvents()
    window.view._settle()
    QApplication.processEvents()
    found = touching(window)
    window.detach()
    assert not found, "\n".join(found)
