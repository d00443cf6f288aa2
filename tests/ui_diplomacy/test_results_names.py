"""The MUN results list uses the provinces' and powers' names, never the adjudicator's lower-case
ids (issue #13 item 15); a bounce is drawn on the route (a red cross where the arrow stopped)."""

from __future__ import annotations

from tests.ui_diplomacy.conftest import RESOLVE


def test_results_list_reads_in_province_names(win, board):
    game = win.game
    game.push({"kind": "submit_orders", "power": "france", "orders": ["A Lyo-Als"]})
    game.push({"kind": "submit_orders", "power": "germany", "orders": ["A Mun-Als"]})
    game.push(RESOLVE)
    lines = [board.panel.results.item(i).text() for i in range(board.panel.results.count())]
    name = game.module.province_name
    france, germany = game.module.power_name("france"), game.module.power_name("germany")
    assert f"{france}: Army {name('lyo')} → {name('als')} — fails (bounced)" in lines
    assert f"{germany}: Army {name('mun')} → {name('als')} — fails (bounced)" in lines
    assert not any(" lyo " in f" {line} " or "->" in line for line in lines)
    # both moves bounced: drawn as failed arrows on their routes
    failed = [d for d in board.layer.orders if d.kind == "move" and d.ok is False]
    assert {(d.src, d.dest) for d in failed} == {("lyo", "als"), ("mun", "als")}
