"""War in Binni's Fight dialog offers a seat only the attackers it may command: an umpire limited to some teams
by his seat is offered his teams' counters; CONTROL and an umpire with no limit, every team's."""

from __future__ import annotations

from typing import Any

from tests.ui_net.test_network_windows import WAIT, code_of


def _offered(window: Any, place: str) -> set[str]:
    from boardapp.ui.rules.binni.fight import FightDialog

    dlg = FightDialog.for_window(window, place)
    try:
        return set(dlg.checks)
    finally:
        dlg.close()
        dlg.deleteLater()


def test_a_limited_umpire_is_offered_only_his_teams_attackers(qtbot: Any, host_window: Any, join: Any) -> None:
    control = host_window  # umpire 1: no limit; umpire 2: Rebels only (tests/ui_net/conftest.py)
    url = control.network.runner.url
    ump1, ump2 = join(url, code_of(control, "umpire 1")), join(url, code_of(control, "umpire 2"))
    # Charlie, with the counters in it or one road away: a Government militia and two Rebel ones.
    both = {"g-mil1", "r-mil1", "r-mil2"}
    assert _offered(control, "charlie") == both
    assert _offered(ump1, "charlie") == both
    assert _offered(ump2, "charlie") == {"r-mil1", "r-mil2"}
    assert _offered(ump2, "alpha") == set()  # only Government counters near Alpha: the dialog says why
    from boardapp.ui.rules.binni.fight import FightDialog

    empty = FightDialog.for_window(ump2, "alpha")
    assert empty.none_near.text() == "No counter of the teams this seat commands in Alpha or one road away."
    empty.close()

    # What is offered is what the host lets this seat play: a Rebel attack from the dialog is accepted.
    from tests.ui_net.test_network_windows import place_in_scene

    control.controller.submit({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    qtbot.waitUntil(lambda: place_in_scene(ump2, "g-mil1") == "charlie", timeout=WAIT)
    assert _offered(ump2, "charlie") == {"r-mil1", "r-mil2"}
    dlg = FightDialog.for_window(ump2, "charlie", ["r-mil1"])
    ump2.dialog = dlg
    dlg.show()
    dlg.fight()
    qtbot.waitUntil(lambda: dlg.entry is not None, timeout=WAIT)
    assert dlg.entry.command["attackers"] == ["r-mil1"]
    dlg.close()


def test_a_limited_umpire_cannot_attack_from_another_teams_counter(qtbot: Any, host_window: Any, join: Any) -> None:
    """The counter's menu leads to the same dialog: for a counter of a team the seat does not command, its
    "Attack a neighbouring place from here…" is greyed, saying why; for his own team's, it is offered."""
    from PySide6.QtWidgets import QMenu

    from boardapp.ui.rules.binni.actions import BinniActions

    control = host_window
    url = control.network.runner.url
    ump1, ump2 = join(url, code_of(control, "umpire 1")), join(url, code_of(control, "umpire 2"))

    def attack_item(window: Any, counter: str) -> Any:
        menu = QMenu(window)
        BinniActions(window).counter_menu(menu, counter)
        return next(a for a in menu.actions() if "from here" in a.text())

    theirs = attack_item(ump2, "g-mil1")
    assert not theirs.isEnabled() and theirs.toolTip() == "this seat commands Rebels, not Government"
    assert attack_item(ump2, "r-mil1").isEnabled()
    assert attack_item(ump1, "g-mil1").isEnabled() and attack_item(control, "g-mil1").isEnabled()
