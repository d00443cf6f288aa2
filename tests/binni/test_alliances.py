"""Alliances (``rules/binni/alliances.py``): CONTROL records them, both ways, and ends them; what an
alliance changes for movement is tested in ``test_movement.py``."""

from __future__ import annotations

from typing import Any


def test_an_alliance_is_mutual_and_can_end(g: Any) -> None:
    entry = g.push({"kind": "set_alliance", "teams": ["reb", "un"], "allied": True, "reason": "a deal"})
    assert (g.state.teams["reb"].allies, g.state.teams["un"].allies) == (["un"], ["reb"])
    assert entry.events[0].text == "Rebels and United Nations are now allies (a deal)"
    g.push({"kind": "set_alliance", "teams": ["un", "reb"], "allied": False, "reason": "the deal is off"})
    assert (g.state.teams["reb"].allies, g.state.teams["un"].allies) == ([], [])


def test_alliance_refusals(g: Any) -> None:
    assert g.check({"kind": "set_alliance", "teams": ["gov", "gov"], "allied": True, "reason": "x"}) == [
        "a team cannot ally with itself"]
    assert g.check({"kind": "set_alliance", "teams": ["gov", "rebs"], "allied": True, "reason": "x"}) == [
        "no team 'rebs'; teams are gov, news, reb, un"]
