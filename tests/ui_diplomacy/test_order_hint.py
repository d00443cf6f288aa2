"""The Orders dock's hint shows the edited power's own legal orders on MUN's 1935 map (rehearsal 2:
it showed ``A Par-Bur``, and the 1935 map has no Burgundy)."""

from __future__ import annotations

from boardapp.rules.diplomacy.orders import Order
from boardapp.ui.rules.diplomacy.board import DiplomacyBoard


def hint_examples(board: DiplomacyBoard) -> list[str]:
    text = board.panel.hint.text()
    assert ": " in text, text
    return text.split(": ", 1)[1].split(" · ")


def test_the_hint_names_the_edited_powers_units_in_legal_orders(win, board) -> None:
    rules, state = win.game.module, win.game.state
    for power in ("france", "uk", "ussr"):
        board.select_power(power)
        shown = hint_examples(board)
        assert len(shown) >= 3, shown
        assert not any("Bur" in t for t in shown), shown
        for t in shown:
            order = rules.parse_order(state, power, t)  # raises on an illegal line
            assert isinstance(order, Order) and order.power == power, t
        placeholder = board.panel.editor.placeholderText().splitlines()
        assert placeholder == shown
