"""Issue #31 item 9 (the editor names no rule system): what War in Binni's own lists name — a displaced-
people token's place and community, a camp's place and team, aid blocks' place and team — is declared in
its manifest (``editor.references``), and the editor's renames, place uses and deletes follow it there."""

from __future__ import annotations

from pathlib import Path

from boardapp import plugins
from boardapp.editor.commands import AddItem, RenamePlace, UndoStack
from boardapp.editor.document import ScenarioDocument
from boardapp.editor.renames import RenameItem
from boardapp.editor.uses import DeletePlaceAndUses, place_uses

DATA = Path(__file__).resolve().parents[1] / "data"


def _with_tokens() -> tuple[ScenarioDocument, UndoStack]:
    sc = ScenarioDocument.open(DATA / "tiny-scenario.yaml")
    stack = UndoStack(sc)
    stack.push(AddItem("dp_tokens", {"place": "bravo", "count": 2, "community": "muslim"}))
    stack.push(AddItem("camps", {"place": "bravo", "team": "un"}))
    stack.push(AddItem("aid_blocks", {"place": "bravo", "team": "un", "count": 3}))
    return sc, stack


def test_renames_and_deletes_follow_the_declared_references() -> None:
    sc, stack = _with_tokens()
    assert sorted(u.text for u in place_uses(sc, "bravo") if u.section not in {"counters", "control"}) == [
        "aid blocks", "camp", "displaced-people token"]
    stack.push(RenamePlace("bravo", "bravo-ford"))
    assert [x.place for x in (*sc.dp_tokens, *sc.camps, *sc.aid_blocks)] == ["bravo-ford"] * 3
    stack.push(RenameItem("teams", "un", "united-nations"))
    assert [x.team for x in (*sc.camps, *sc.aid_blocks)] == ["united-nations"] * 2
    stack.push(RenameItem("communities", "muslim", "muslims"))
    assert sc.dp_tokens[0].community == "muslims"
    stack.push(DeletePlaceAndUses(sc, "bravo-ford", move_to="alpha"))
    assert [x.place for x in (*sc.dp_tokens, *sc.camps, *sc.aid_blocks)] == ["alpha"] * 3
    assert [p for p in sc.problems() if p.severity == "error"] == []


def test_without_the_declaration_the_editor_knows_nothing_of_those_lists() -> None:
    """The same edits with the references taken out of the manifest leave the tokens naming the old ids:
    the editor's knowledge of them is the manifest's, not its own."""
    real = plugins.manifest("binni")
    plugins.register(real.model_copy(update={"editor": real.editor.model_copy(update={"references": []})}))
    try:
        sc, stack = _with_tokens()
        assert [u for u in place_uses(sc, "bravo") if u.section in ("dp_tokens", "camps", "aid_blocks")] == []
        stack.push(RenamePlace("bravo", "bravo-ford"))
        assert [x.place for x in sc.camps] == ["bravo"]
    finally:
        plugins.unregister("binni")
