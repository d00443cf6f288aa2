"""MUN's End-turn preview words the orders as the results list does, with the provinces' and powers' names,
never the adjudicator's lower-case ids (rehearsal 3: "United Kingdom: A lvp -> cly — succeeds")."""

from __future__ import annotations


def test_end_turn_preview_reads_in_province_names(win, board):
    game = win.game
    game.push({"kind": "submit_orders", "power": "france", "orders": ["A Lyo-Als"]})
    game.push({"kind": "submit_orders", "power": "germany", "orders": ["A Mun-Als"]})
    lines = win.end_turn_preview()
    name = game.module.province_name
    france, germany = game.module.power_name("france"), game.module.power_name("germany")
    assert f"{france}: Army {name('lyo')} → {name('als')} — fails (bounced)" in lines, lines
    assert f"{germany}: Army {name('mun')} → {name('als')} — fails (bounced)" in lines, lines
    assert not any(" lyo " in f" {line} " or "->" in line for line in lines), lines
