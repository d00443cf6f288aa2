"""Writes tests/data/games/: a small game file of every shipped rule system, as this version writes them.

    .venv/bin/python tests/data/make_games.py            # adds the files of this boardapp version

Each is the first commands of the system's shipped example (docs/examples/, its own seed), with the last one
undone, saved by ``boardapp run --save`` and vacuumed. The files are test data, committed: every later version
must open and verify them (tests/files/test_upgrades.py), so a change that breaks an older game file fails
a test the day it is made. Files of an older version are never rewritten; a new version adds its own
(``<scenario>-<version>.game``) beside them.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from boardapp import __version__, resources  # noqa: E402
from boardapp.engine.files import open_game  # noqa: E402

OUT = ROOT / "tests" / "data" / "games"
COMMANDS = 14
"""Commands played from each example: enough for moves, dice, an end of turn in most systems; small files."""


def make(example: resources.Example) -> Path | None:
    target = OUT / f"{example.scenario.stem}-{__version__}.game"
    if target.exists():
        return None
    commands = yaml.safe_load(example.path.read_text(encoding="utf-8"))[:COMMANDS]
    args = [a for a in example.args if a != "--events"]
    with tempfile.TemporaryDirectory() as tmp:
        short = Path(tmp) / example.path.name
        short.write_text(yaml.safe_dump(commands, sort_keys=False), encoding="utf-8")
        run = subprocess.run([sys.executable, "-m", "boardapp", "run", str(example.scenario), "--commands", str(short),
                              *args, "--save", str(target)], capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise SystemExit(f"{example.path.name}: boardapp run failed:\n{run.stderr}")
    game = open_game(target)
    game.undo()  # an undone entry and its history, as real files have
    game.store.close()
    conn = sqlite3.connect(target)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute("VACUUM")
    conn.close()
    return target


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for example in resources.shipped_examples():
        made = make(example)
        print(f"{made.relative_to(ROOT)}: {made.stat().st_size:,} bytes" if made else
              f"{example.scenario.stem}: this version's file exists already")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
