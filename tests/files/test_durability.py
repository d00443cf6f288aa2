"""Every sync the game file relies on is guarded by a test that fails when it is removed (issue 28, item 2).

A kill cannot show a missing sync (the operating system keeps the writes), so these tests look at the syncs
themselves, three ways:

- a Python-level fsync shim of our own (``os.fsync`` wrapped, each call recorded with the inode it synced):
  creating a game file syncs the new file before it is linked into place and then its folder
  (``gamefile._fsync(tmp)``, ``gamefile._fsync_dir``); SQLite's own syncs of the same file do not count;
- ``PRAGMA synchronous`` and ``journal_mode`` read back from every connection a game writes through
  (``FULL``, ``wal``): ``synchronous=OFF`` or ``NORMAL`` anywhere fails;
- with ``strace`` (``-y``: each sync with its file), SQLite's own syncs counted per acknowledged command:
  at least one sync of the game file or its WAL per command (``NORMAL`` in WAL mode syncs none).

None of them skips in CI (``CI`` set): a missing ``strace`` there is a failure; ``.ci/run`` installs it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import export_jsonl, import_jsonl, load_scenario, new_game, open_game
from boardapp.engine.gamefile import GameFile

DATA = Path(__file__).resolve().parents[1] / "data"
TINY = DATA / "tiny-scenario.yaml"
IN_CI = os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}
FULL, NORMAL = 2, 1


def missing(why: str) -> None:
    """A tool a durability test needs is missing: a failure in CI, a skip elsewhere."""
    if IN_CI:
        pytest.fail(f"{why} — in CI no durability test may skip (.ci/run installs what they need)")
    pytest.skip(why)


@pytest.fixture
def fsyncs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, int, bool]]]:
    """Every ``os.fsync`` from Python while the test runs: (device, inode, is a folder) of what it synced."""
    calls: list[tuple[int, int, bool]] = []
    real = os.fsync

    def counting(fd: Any) -> None:
        st = os.fstat(fd)
        calls.append((st.st_dev, st.st_ino, os.path.isdir(f"/proc/self/fd/{fd}") if sys.platform == "linux"
                      else False))
        real(fd)

    monkeypatch.setattr(os, "fsync", counting)
    yield calls


def synced(calls: list[tuple[int, int, bool]], path: Path) -> int:
    st = os.stat(path)
    return sum(1 for dev, ino, _ in calls if (dev, ino) == (st.st_dev, st.st_ino))


def _assert_created_durably(calls: list[tuple[int, int, bool]], path: Path) -> None:
    assert synced(calls, path) >= 1, (f"{path.name} was linked into place without being synced first "
                                      "(gamefile._fsync(tmp)): a power cut could leave a name with no game")
    if os.name != "nt":  # Windows cannot open a folder; a rename there needs no such step
        assert synced(calls, path.parent) >= 1, (f"{path.parent} was not synced after {path.name} was linked "
                                                 "into it (gamefile._fsync_dir): a power cut could lose the name")


def test_creating_a_game_file_syncs_it_and_its_folder(tmp_path: Path, fsyncs: list[Any]) -> None:
    path = tmp_path / "new.game"
    game = new_game(load_scenario(TINY), save=path)
    game.store.close()
    _assert_created_durably(fsyncs, path)


def test_overwriting_a_game_file_syncs_it_and_its_folder(tmp_path: Path, fsyncs: list[Any]) -> None:
    path = tmp_path / "again.game"
    path.write_bytes(b"old")
    game = new_game(load_scenario(TINY), save=path, overwrite=True)
    game.store.close()
    _assert_created_durably(fsyncs, path)


def test_an_imported_game_file_is_synced_and_its_folder(tmp_path: Path, fsyncs: list[Any]) -> None:
    game = new_game(load_scenario(TINY), dice=SeededDice(1))
    game.push({"kind": "news", "text": "bulletin"})
    game.push({"kind": "end_turn"})
    journal = tmp_path / "j.jsonl"
    with journal.open("w", encoding="utf-8") as fh:
        export_jsonl(game, fh)
    fsyncs.clear()
    imported = import_jsonl(journal, save=tmp_path / "imported.game")
    for g in (imported,):
        store = getattr(g, "store", None)
        if store is not None:
            store.close()
    _assert_created_durably(fsyncs, tmp_path / "imported.game")


def _pragmas(store: GameFile) -> tuple[int, str]:
    sync = store.conn.execute("PRAGMA synchronous").fetchone()[0]
    mode = store.conn.execute("PRAGMA journal_mode").fetchone()[0]
    return int(sync), str(mode).lower()


def test_every_connection_a_game_writes_through_syncs_each_commit(tmp_path: Path) -> None:
    path = tmp_path / "g.game"
    game = new_game(load_scenario(TINY), save=path, dice=SeededDice(1))
    try:
        assert _pragmas(game.store) == (FULL, "wal"), "a new game's file must commit with synchronous=FULL in WAL"
        for i in range(5):
            game.push({"kind": "news", "text": f"bulletin {i}"})
        game.undo()
        game.redo()
        assert _pragmas(game.store) == (FULL, "wal"), "synchronous changed during play"
    finally:
        game.store.close()
    again = open_game(path)
    try:
        assert _pragmas(again.store) == (FULL, "wal"), "a reopened game must commit with synchronous=FULL in WAL"
        again.push({"kind": "news", "text": "after reopening"})
        assert _pragmas(again.store) == (FULL, "wal")
    finally:
        again.store.close()
    store = GameFile.open(path)
    try:
        assert _pragmas(store)[0] == FULL
    finally:
        store.close()


STRACE_CHILD = """
import sys
sys.path.insert(0, {root!r})
from boardapp.engine.dice import SeededDice
from boardapp.engine.files import load_scenario, new_game
game = new_game(load_scenario({scenario!r}), save={path!r}, dice=SeededDice(1))
print("created", flush=True)
for i in range({n}):
    game.push({{"kind": "news", "text": "bulletin " + str(i)}})
    print("ack", i, flush=True)
game.store.close()
"""


def test_sqlite_syncs_the_game_file_for_every_acknowledged_command(tmp_path: Path) -> None:
    """strace -y: at least one fsync/fdatasync of the game file or its WAL per acknowledged command."""
    if shutil.which("strace") is None:
        missing("strace is not installed (apt-get install strace): SQLite's syncs cannot be counted")
    n = 30
    path = tmp_path / "traced.game"
    trace = tmp_path / "strace.txt"
    child = STRACE_CHILD.format(root=str(Path(__file__).resolve().parents[2]), scenario=str(TINY), path=str(path),
                                n=n)
    done = subprocess.run(["strace", "-f", "-y", "-e", "trace=fsync,fdatasync", "-o", str(trace), sys.executable,
                           "-c", child], capture_output=True, text=True, timeout=180, check=False)
    if done.returncode != 0 and ("ptrace" in done.stderr or "Operation not permitted" in done.stderr):
        missing(f"strace cannot trace here: {done.stderr.strip()[:200]}")
    assert done.returncode == 0, done.stderr[-2000:]
    acked = sum(1 for line in done.stdout.splitlines() if line.startswith("ack "))
    assert acked == n
    text = trace.read_text(encoding="utf-8", errors="replace")
    # After "created", the file has its name: syncs of traced.game or traced.game-wal (SQLite's, per commit).
    syncs = len(re.findall(rf"f(?:data)?sync\(\d+<[^>]*{re.escape(path.name)}(?:-wal)?>\)\s+=\s+0", text))
    assert syncs >= acked, (f"{syncs} syncs of {path.name} and its WAL for {acked} acknowledged commands: a command "
                            "can be acknowledged before it is on disk (synchronous must be FULL)")


@pytest.mark.parametrize("level", ["OFF", "NORMAL"])
def test_the_strace_count_fails_with_a_weaker_synchronous(tmp_path: Path, level: str) -> None:
    """The count above is not vacuous: the same child with ``synchronous`` lowered syncs less than once a command."""
    if shutil.which("strace") is None:
        missing("strace is not installed (apt-get install strace): SQLite's syncs cannot be counted")
    n = 30
    path = tmp_path / "weak.game"
    trace = tmp_path / "strace.txt"
    child = STRACE_CHILD.format(root=str(Path(__file__).resolve().parents[2]), scenario=str(TINY), path=str(path),
                                n=n).replace(
        "for i in range", f"game.store.conn.execute('PRAGMA synchronous={level}')\nfor i in range")
    done = subprocess.run(["strace", "-f", "-y", "-e", "trace=fsync,fdatasync", "-o", str(trace), sys.executable,
                           "-c", child], capture_output=True, text=True, timeout=180, check=False)
    if done.returncode != 0 and ("ptrace" in done.stderr or "Operation not permitted" in done.stderr):
        missing(f"strace cannot trace here: {done.stderr.strip()[:200]}")
    assert done.returncode == 0, done.stderr[-2000:]
    text = trace.read_text(encoding="utf-8", errors="replace")
    syncs = len(re.findall(rf"f(?:data)?sync\(\d+<[^>]*{re.escape(path.name)}(?:-wal)?>\)\s+=\s+0", text))
    assert syncs < n, f"with synchronous={level} SQLite still synced {syncs} times for {n} commands"


def test_in_ci_a_missing_strace_fails_rather_than_skips(tmp_path: Path) -> None:
    """Run the strace test itself with CI set and no strace on the PATH: a failure, not a skip."""
    env = {**os.environ, "CI": "true", "PATH": str(tmp_path)}  # an empty folder: no strace
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           f"{__file__}::test_sqlite_syncs_the_game_file_for_every_acknowledged_command"],
                          cwd=Path(__file__).resolve().parents[2], env=env, capture_output=True, text=True,
                          timeout=180, check=False)
    assert done.returncode == 1, done.stdout[-2000:]
    assert "1 failed" in done.stdout and "in CI no durability test may skip" in done.stdout, done.stdout[-2000:]
