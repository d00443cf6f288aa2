"""Issue #13 item 15: a drop onto a province no convoy could reach is refused, not written as an order.

The rules: an army moves to an adjacent province, or by convoy along a chain of fleets in sea
provinces joining its coast to the destination's; a fleet moves only to an adjacent region. A drop
that no chain of fleets could ever make good is refused on the board with the reason in the status
bar; one a convoy could carry is written as the move (the adjudicator decides whether it happens).
"""

from __future__ import annotations

from boardapp.ui.rules.diplomacy.board import convoy_could_reach
from tests.ui_diplomacy.test_orders import drag_unit


def test_the_map_says_which_convoys_could_ever_happen(mun_game):
    m = mun_game.module.m
    assert convoy_could_reach(m, "rom", "tun")  # Rome and Tunis share the Tyrrhenian Sea
    assert not convoy_could_reach(m, "mun", "lon")  # Munich touches no water
    assert not convoy_could_reach(m, "rom", "mun")  # Munich touches no water
    # Rostov's only water is the Black Sea: no chain of seas leads out of it past Istanbul's straits
    assert [p for p in m.fleet_province_adj["ros"] if p in m.seas] == ["ebs"]
    assert not convoy_could_reach(m, "ros", "rom")


def test_a_drop_no_convoy_could_reach_is_refused(win, board):
    board.select_power("germany")
    drag_unit(win, "mun", "lon")
    assert board.draft_lines() == [], "nothing written for a move that can never happen"
    said = win.statusBar().currentMessage()
    assert "Refused" in said and "London" in said and "Munich" in said


def test_a_fleet_dropped_out_of_reach_is_refused(win, board):
    board.select_power("uk")
    drag_unit(win, "lon", "rom")
    assert board.draft_lines() == []
    assert "fleet" in win.statusBar().currentMessage()


def test_a_drop_a_convoy_could_carry_is_written(win, board):
    board.select_power("italy")
    drag_unit(win, "rom", "tun")
    assert board.draft_lines() == ["A Rom-Tun"]
