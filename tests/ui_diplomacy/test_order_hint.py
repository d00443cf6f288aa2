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


def test_after_the_reveal_the_hint_is_the_new_phases_and_the_old_slip_is_gone(win, board) -> None:
    """Seen on Xvfb: after CONTROL's forced Reveal and resolve the editor still showed the spring's
    examples (half repainted) and the spring's "1 line recorded as illegal" under it in the Fall."""
    from tests.ui_diplomacy.conftest import resolve_forced

    board.select_power("uk")
    board.panel.editor.setPlainText("A Lvp-Cly\nA Lvp-Bur")
    assert board.hand_in() is not None
    assert "recorded as illegal" in board.panel.error.text()
    resolve_forced(win, board, missing=8)
    state = win.game.state
    assert state.season == "fall"
    assert board.panel.error.text() == ""
    shown = hint_examples(board)
    assert any(t.startswith("A Cly") for t in shown), shown  # the army that went to Clyde, ordered from there
    for t in shown:
        win.game.module.parse_order(state, "uk", t)
    assert board.panel.editor.placeholderText().splitlines() == shown
