"""Tampered game files (issue 11.2): every edit is found, named by entry, and never played on.

Each test breaks the closed game file of ``conftest.game_file`` one way, the way a person with an
SQLite browser would, and asserts the exact error and the intact prefix. Where a forger could also
recompute the digests (:func:`tests.files.forge.reseal`), the test shows the deeper check that still
refuses the file: numbering, exact dice, replay.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from boardapp.cli import main
from boardapp.engine.files import check_file, export_jsonl, new_game, open_game, open_intact_prefix
from boardapp.engine.gamefile import DamagedGameError, GameFile, GameFileError
from boardapp.net.replica import Chain
from tests.files.conftest import SCRIPT, play
from tests.files.forge import reseal, tamper


def damage(path: Path) -> DamagedGameError:
    with pytest.raises(DamagedGameError) as exc:
        open_game(path)
    return exc.value


def expect(path: Path, what: str, intact: int) -> DamagedGameError:
    err = damage(path)
    assert err.damage == what
    assert err.intact == intact
    return err


def test_a_sound_file_opens_and_checks_clean(game_file: Path, close_later: list[Any]) -> None:
    game = open_game(game_file)
    close_later.append(game)
    assert [e.seq for e in game.entries] == list(range(1, len(SCRIPT) + 1))
    assert check_file(game_file) == ("game", [])


def test_stored_digests_are_the_networks_chain(game_file: Path, close_later: list[Any]) -> None:
    game = open_game(game_file)
    close_later.append(game)
    chain = Chain(game)
    stored = [d for (d,) in game.store.conn.execute("SELECT digest FROM journal ORDER BY seq")]
    assert stored == [chain.digest(n) for n in range(1, len(SCRIPT) + 1)]


def test_deleted_row_is_a_gap(game_file: Path) -> None:
    tamper(game_file, "DELETE FROM journal WHERE seq = 5")
    err = expect(game_file, "entry 5 is missing (the journal jumps from entry 4 to entry 6)", 4)
    assert str(err) == (f"{game_file}: the game file is damaged: entry 5 is missing (the journal jumps from entry 4 "
                        "to entry 6); entries 1 to 4 are intact and can be opened read-only")
    reseal(game_file)  # recomputing the chain does not hide a gap
    expect(game_file, "entry 5 is missing (the journal jumps from entry 4 to entry 6)", 4)


def test_deleted_last_row_is_missing_from_the_history(game_file: Path) -> None:
    tamper(game_file, "DELETE FROM journal WHERE seq = 11")
    expect(game_file, "entry 11 is missing (the history records it)", 10)


@pytest.mark.parametrize("seq", [0, -1])
def test_extra_row_numbered_zero_or_less(game_file: Path, seq: int) -> None:
    tamper(game_file, f"INSERT INTO journal (seq, entry, undone, digest) SELECT {seq}, entry, 0, digest "
                      "FROM journal WHERE seq = 10")
    expect(game_file, f"the journal holds a row numbered {seq}; entries are numbered from 1 (was a row added by "
                      "hand?)", 11)


def test_extra_row_at_the_end(game_file: Path) -> None:
    tamper(game_file, "INSERT INTO journal (seq, entry, undone, digest) SELECT 12, json_set(entry, '$.seq', 12), 0, "
                      "'0' FROM journal WHERE seq = 10")
    expect(game_file, "entry 12 was changed after it was written", 11)
    reseal(game_file)
    expect(game_file, "entry 12 is not in the game's history (was it added by hand?)", 11)


def test_changed_dice(game_file: Path) -> None:
    tamper(game_file, "UPDATE journal SET entry = json_set(entry, '$.rolls[0]', "
                      "json_extract(entry, '$.rolls[0]') % 6 + 1) WHERE seq = 5")
    expect(game_file, "entry 5 was changed after it was written", 4)


def test_emptied_dice_even_with_a_recomputed_chain(game_file: Path) -> None:
    tamper(game_file, "UPDATE journal SET entry = json_set(entry, '$.rolls', json('[]')) WHERE seq = 5")
    expect(game_file, "entry 5 was changed after it was written", 4)
    reseal(game_file)
    expect(game_file, "entry 5 (strike(team='gov', weapon=<Weapon.CRUISE_MISSILE: 'cruise_missile'>, "
                      "target='r-mil3')) needs more dice than "
                      "the 0 it recorded", 4)


def test_extra_dice_even_with_a_recomputed_chain(game_file: Path) -> None:
    tamper(game_file, "UPDATE journal SET entry = json_insert(entry, '$.rolls[#]', 1) WHERE seq = 5")
    reseal(game_file)
    expect(game_file, "entry 5 (strike(team='gov', weapon=<Weapon.CRUISE_MISSILE: 'cruise_missile'>, "
                      "target='r-mil3')) recorded 2 dice but "
                      "uses 1", 4)


def test_dice_given_to_a_command_that_rolls_none(game_file: Path) -> None:
    tamper(game_file, "UPDATE journal SET entry = json_set(entry, '$.rolls', json('[3]')) WHERE seq = 9")
    reseal(game_file)
    expect(game_file, "entry 9 (camp(team='un', place='charlie')) recorded 1 dice but uses 0", 8)


def test_undone_set_on_a_middle_entry(game_file: Path) -> None:
    tamper(game_file, "UPDATE journal SET undone = 1 WHERE seq = 5")
    expect(game_file, "entry 5 is marked undone but entry 6 after it is not (undo takes back the last entry first)",
           4)


def test_undone_set_on_the_last_entry_without_an_undo_in_the_history(game_file: Path) -> None:
    tamper(game_file, "UPDATE journal SET undone = 1 WHERE seq = 11")
    expect(game_file, "entry 11 is marked undone, but the history says it is in play", 10)


def test_undone_cleared_on_an_entry_the_history_took_back(tiny: Any, tmp_path: Path) -> None:
    path = tmp_path / "undo.game"
    game = new_game(tiny, save=path)
    play(game)
    game.undo()
    game.store.close()
    tamper(path, "UPDATE journal SET undone = 0 WHERE seq = 11")
    expect(path, "entry 11 is marked active, but the history says it is taken back", 10)


def test_changed_history_row_is_named(game_file: Path) -> None:
    row = sqlite3.connect(game_file).execute("SELECT id FROM history WHERE action = 'undo'").fetchone()[0]
    tamper(game_file, "UPDATE history SET action = 'redo' WHERE action = 'undo'")
    expect(game_file, f"history row {row} (redo of entry 11) was changed after it was written", 10)


def test_changed_scenario_record(game_file: Path) -> None:
    tamper(game_file, "UPDATE meta SET value = replace(value, '\"money\":10', '\"money\":99') WHERE key = 'scenario'")
    err = expect(game_file, "its 'scenario' record was changed after the game was created", 0)
    assert err.entry is None
    assert str(err) == f"{game_file}: the game file is damaged: its 'scenario' record was changed after the game " \
        "was created"


def test_format_version_that_is_not_a_number(game_file: Path) -> None:
    tamper(game_file, "UPDATE meta SET value = 'abc' WHERE key = 'format_version'")
    with pytest.raises(GameFileError) as exc:
        open_game(game_file)
    assert str(exc.value) == (f"{game_file}: the game file's format_version 'abc' is not a whole number; the file is "
                              "damaged")


def test_check_reports_damage_and_exits_1(game_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tamper(game_file, "UPDATE journal SET entry = replace(entry, 'charlie', 'golf') WHERE seq = 9")
    kind, problems = check_file(game_file)
    assert kind == "game"
    assert [str(p) for p in problems] == [
        f"{game_file}: the game file is damaged: entry 9 was changed after it was written; entries 1 to 8 are intact "
        "and can be opened read-only"]
    assert main(["check", str(game_file)]) == 1
    out = capsys.readouterr()
    assert "valid" not in out.out
    assert "entry 9 was changed after it was written" in out.err


def test_intact_prefix_opens_read_only(game_file: Path, tiny: Any) -> None:
    tamper(game_file, "DELETE FROM journal WHERE seq = 7")
    game, err = open_intact_prefix(game_file)
    assert err is not None
    assert err.intact == 6
    assert [e.seq for e in game.entries] == [1, 2, 3, 4, 5, 6]
    assert game.store is None and game.follow is None  # nothing can write to the damaged file
    reference = new_game(tiny)
    for entry in game.entries:
        reference.append_recorded(entry)  # the host's way of following entries, checking their events
    assert game.state.model_dump() == reference.state.model_dump()
    before = game_file.read_bytes()
    game.push({"kind": "news", "text": "in memory only"})
    assert game_file.read_bytes() == before


def test_intact_prefix_of_a_sound_file_is_all_of_it(game_file: Path) -> None:
    game, err = open_intact_prefix(game_file)
    assert err is None
    assert len(game.entries) == len(SCRIPT)


def test_single_bit_flips_are_refused_or_harmless(game_file: Path, tmp_path: Path) -> None:
    """Flip one bit at a time anywhere in the file: it opens to exactly the same game, or is refused cleanly."""
    original = game_file.read_bytes()
    reference = _content(game_file)
    rng = random.Random(11)
    refused = same = 0
    for i in range(120):
        flipped = bytearray(original)
        bit = rng.randrange(len(original) * 8)
        flipped[bit // 8] ^= 1 << (bit % 8)
        path = tmp_path / f"flip{i}.game"
        path.write_bytes(bytes(flipped))
        try:
            game = open_game(path, readonly=True)
        except GameFileError:
            refused += 1
            continue
        game.follow.close()
        assert _content(path) == reference, f"bit {bit} changed the game and was not detected"
        same += 1
    assert refused + same == 120
    assert refused > 0


def _content(path: Path) -> Any:
    store = GameFile.open(path, readonly=True)
    try:
        found = store.verify()
        meta = store.meta()
        history = store.conn.execute("SELECT at, action, seq, entry FROM history ORDER BY id").fetchall()
        return meta, [e.model_dump() for e in found.active], [e.model_dump() for e in found.undone], history
    finally:
        store.close()


# --- format 1 files (no chain) ----------------------------------------------------------------------
def make_format_1(path: Path) -> None:
    """Turn a game file into what format 1 wrote: no digest columns, no meta digests."""
    tamper(path, "ALTER TABLE journal DROP COLUMN digest", "ALTER TABLE history DROP COLUMN entry",
           "ALTER TABLE history DROP COLUMN digest", "DELETE FROM meta WHERE key = 'meta_digest'",
           "UPDATE meta SET value = '1' WHERE key = 'format_version'")


def test_format_1_opens_read_only_with_a_warning(game_file: Path, close_later: list[Any]) -> None:
    make_format_1(game_file)
    kind, problems = check_file(game_file)
    assert kind == "game"
    assert [p.severity for p in problems] == ["warning"]
    assert "without an integrity chain" in problems[0].message
    tamper(game_file, "DELETE FROM journal WHERE seq = 5")  # a gap is found without a chain
    expect(game_file, "entry 5 is missing (the journal jumps from entry 4 to entry 6)", 4)


def test_format_1_is_sealed_when_opened_for_writing(game_file: Path, close_later: list[Any]) -> None:
    make_format_1(game_file)
    game = open_game(game_file)
    game.push({"kind": "news", "text": "after the upgrade"})
    game.undo()
    game.store.close()
    again = open_game(game_file)
    close_later.append(again)
    assert again.store.version == 2
    assert [e.seq for e in again.redo_stack] == [12]
    again.store.close()
    tamper(game_file, "UPDATE journal SET entry = replace(entry, 'charlie', 'golf') WHERE seq = 9")
    expect(game_file, "entry 9 was changed after it was written", 8)


def test_export_carries_the_chain(game_file: Path, close_later: list[Any]) -> None:
    import io
    import json

    game = open_game(game_file)
    close_later.append(game)
    buf = io.StringIO()
    export_jsonl(game, buf)
    lines = [json.loads(line) for line in buf.getvalue().splitlines()]
    assert lines[0]["entries"] == len(SCRIPT)
    assert [line["digest"] for line in lines[1:]] == [Chain(game).digest(n) for n in range(1, len(SCRIPT) + 1)]


def test_create_with_a_journal_and_a_redo_stack(game_file: Path, tmp_path: Path, close_later: list[Any]) -> None:
    """GameFile.create(entries=…, undone=…): what "Save as" of a game held in memory needs (one transaction)."""
    source = open_game(game_file, readonly=True)
    source.follow.close()
    source.undo()
    source.undo()
    meta = {"rules": "binni", "scenario": source.module.scenario.model_dump_json(),
            "map": source.module.map.model_dump_json(), "source": ""}
    copy = tmp_path / "copy.game"
    GameFile.create(copy, meta, entries=source.entries, undone=list(reversed(source.redo_stack))).close()
    again = open_game(copy)
    close_later.append(again)
    assert [e.seq for e in again.entries] == list(range(1, len(SCRIPT) - 1))
    assert [e.seq for e in again.redo_stack] == [len(SCRIPT), len(SCRIPT) - 1]
    again.redo()
    again.redo()
    whole = open_game(game_file, readonly=True)
    close_later.append(whole)
    assert again.state.model_dump() == whole.state.model_dump()
