"""Game files written by earlier versions open in this one (issue 28, item 1).

tests/data/games/ keeps a small game file of every shipped rule system per boardapp version that wrote one
(tests/data/make_games.py). Each must open, verify (digest chains, history, replay with its recorded dice)
and give the events it recorded. Verification compares what the rules decide — event kinds and data, what
they concern, who sees them — not the sentences: a later version may reword an event's text or a turn's
label (docs/game-files.md, "What a version may change"), and a file shows the texts it recorded.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from boardapp import plugins
from boardapp.engine import files
from boardapp.engine.files import check_file, open_game
from boardapp.engine.gamefile import DamagedGameError, GameFile, GameFileError
from boardapp.engine.module import Event
from boardapp.rules import get_module

GAMES = Path(__file__).resolve().parents[1] / "data" / "games"
FIXTURES = sorted(GAMES.glob("*.game"))


def _copy(src: Path, tmp_path: Path) -> Path:
    dst = tmp_path / src.name
    shutil.copyfile(src, dst)
    return dst


def _meta(path: Path) -> dict[str, str]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return dict(conn.execute("SELECT key, value FROM meta").fetchall())
    finally:
        conn.close()


def _recorded(path: Path) -> list[Any]:
    store = GameFile.open(path, readonly=True)
    try:
        active, _ = store.read_entries()
        return active
    finally:
        store.close()


def test_every_shipped_rule_system_has_a_game_file_kept() -> None:
    systems = {_meta(p)["rules"] for p in FIXTURES}
    builtin = set(plugins.FALLBACK)  # the shipped rule systems
    assert builtin <= systems, f"no game file in tests/data/games for {sorted(builtin - systems)}: " \
                               "run tests/data/make_games.py"


@pytest.mark.parametrize("fixture", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_kept_game_file_opens_verifies_and_shows_its_recorded_texts(fixture: Path, tmp_path: Path) -> None:
    path = _copy(fixture, tmp_path)
    meta = _meta(path)
    assert meta["app_version"] and meta["rules_format"].isdigit(), "the file records the versions it was written by"
    kind, problems = check_file(path)
    assert (kind, [str(p) for p in problems if p.severity == "error"]) == ("game", [])
    recorded = _recorded(path)
    game = open_game(path)
    try:
        assert len(game.entries) == len(recorded) >= 5
        assert len(game.redo_stack) == 1, "the kept file has its last command undone"
        assert [e.events for e in game.entries] == [e.events for e in recorded]
        assert [e.turn for e in game.entries] == [e.turn for e in recorded]
        game.redo()  # and plays on
    finally:
        game.store.close()


def _reworded(module_cls: type, monkeypatch: pytest.MonkeyPatch, change: Any) -> None:
    apply = module_cls.apply

    def reworded_apply(self: Any, state: Any, command: Any, dice: Any) -> list[Event]:
        return [change(e) for e in apply(self, state, command, dice)]

    monkeypatch.setattr(module_cls, "apply", reworded_apply)


@pytest.mark.parametrize("fixture", FIXTURES[:1] + [p for p in FIXTURES if "binni" in p.name][:1])
def test_a_later_version_may_reword_event_texts_and_turn_labels(fixture: Path, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = _copy(fixture, tmp_path)
    module_cls = get_module(_meta(path)["rules"])
    recorded = _recorded(path)
    _reworded(module_cls, monkeypatch, lambda e: e.model_copy(update={"text": "Reworded: " + e.text}))
    label = module_cls.turn_label
    monkeypatch.setattr(module_cls, "turn_label", lambda self, state: f"Round «{label(self, state)}»")
    monkeypatch.setattr(files, "__version__", "99.0")  # a later boardapp opens this version's file
    game = open_game(path, readonly=True)
    try:
        assert [e.events for e in game.entries] == [e.events for e in recorded], "texts are shown as recorded"
        assert not any(ev.text.startswith("Reworded") for e in game.entries for ev in e.events)
    finally:
        game.follow.close()
    from boardapp.review.timeline import Review

    assert len(Review.open(path).entries) == len(recorded), "the after-action review opens it too"


def test_a_change_in_what_the_rules_decide_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _copy(next(p for p in FIXTURES if "binni" in p.name), tmp_path)
    module_cls = get_module("binni")
    recorded = _recorded(path)
    changed = next(i for i, e in enumerate(recorded) if any(ev.data for ev in e.events))
    key = next(k for ev in recorded[changed].events for k in ev.data)

    def other(e: Event) -> Event:  # one recorded number decided otherwise
        return e.model_copy(update={"data": {**e.data, key: ["not", "what", "was", "recorded"]}}) if key in e.data \
            else e

    _reworded(module_cls, monkeypatch, other)
    with pytest.raises(DamagedGameError) as exc:
        open_game(path, readonly=True)
    assert f"entry {recorded[changed].seq} (" in str(exc.value) and "replays differently" in str(exc.value)
    assert f"data {key} recorded" in str(exc.value)


def test_a_dropped_data_key_is_caught_and_an_added_one_is_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A later version may record more about a decision (a key added to an event's data); it may not drop or
    rename what an older file recorded (docs/game-files.md, "What a version may change")."""
    path = _copy(next(p for p in FIXTURES if "binni" in p.name), tmp_path)
    module_cls = get_module("binni")

    def more(e: Event) -> Event:
        return e.model_copy(update={"data": {**e.data, "added_by_a_later_version": 1}})

    _reworded(module_cls, monkeypatch, more)
    open_game(path, readonly=True)  # opens: nothing recorded was changed
    monkeypatch.undo()

    def fewer(e: Event) -> Event:
        return e.model_copy(update={"data": dict(list(e.data.items())[1:])})

    _reworded(module_cls, monkeypatch, fewer)
    with pytest.raises(DamagedGameError) as exc:
        open_game(path, readonly=True)
    assert "replays differently" in str(exc.value)


def test_this_versions_files_still_compare_turn_labels(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _copy(next(p for p in FIXTURES if "binni" in p.name), tmp_path)
    monkeypatch.setattr(files, "__version__", _meta(path)["app_version"])
    module_cls = get_module("binni")
    label = module_cls.turn_label
    monkeypatch.setattr(module_cls, "turn_label", lambda self, state: f"Round «{label(self, state)}»")
    with pytest.raises(DamagedGameError, match=r"was played in .* but replays in Round «"):
        open_game(path, readonly=True)


def test_a_file_of_a_newer_rules_format_is_refused_with_the_remedy(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path = _copy(FIXTURES[0], tmp_path)
    module_cls = get_module(_meta(path)["rules"])
    monkeypatch.setattr(module_cls, "format_version", 0)
    with pytest.raises(GameFileError, match=r"written by a newer boardapp .* update boardapp to open it"):
        open_game(path, readonly=True)


def test_this_versions_files_still_compare_texts_word_for_word(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = _copy(next(p for p in FIXTURES if "binni" in p.name), tmp_path)
    monkeypatch.setattr(files, "__version__", _meta(path)["app_version"])
    _reworded(get_module("binni"), monkeypatch, lambda e: e.model_copy(update={"text": "Reworded: " + e.text}))
    with pytest.raises(DamagedGameError, match=r"entry 1 \(.*replays differently"):
        open_game(path, readonly=True)


def test_a_file_from_before_rules_format_was_recorded_opens_as_format_1(tmp_path: Path) -> None:
    from boardapp.engine.files import _game_meta, load_scenario

    loaded = load_scenario(Path(__file__).resolve().parents[1] / "data" / "tiny-scenario.yaml")
    meta = _game_meta(loaded, "")
    del meta["rules_format"]  # as boardapp wrote game files before it recorded the rules' format
    GameFile.create(tmp_path / "old.game", meta).close()
    game = open_game(tmp_path / "old.game")
    try:
        game.push({"kind": "news", "text": "still playable"})
    finally:
        game.store.close()
    assert "rules_format" not in _meta(tmp_path / "old.game")
