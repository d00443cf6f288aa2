"""Crash safety: a game played into a file and killed (SIGKILL) at random keeps every acknowledged command.

A child process plays a scripted game and prints each journal seq once ``push`` has returned
(the acknowledgement an umpire would see). The parent kills it at a random moment; the file must
then open cleanly, hold every acknowledged command, and replay to a consistent state.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from boardapp.engine.files import open_game

from tests.conftest import ROOT, TINY

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

CHILD = textwrap.dedent("""
    import sys
    sys.path.insert(0, {root!r})
    from boardapp.engine.dice import SeededDice
    from boardapp.engine.files import load_scenario, new_game
    game = new_game(load_scenario({scenario!r}), save={path!r}, dice=SeededDice(1))
    print("ready", flush=True)
    i = 0
    while True:
        i += 1
        step = i % 7
        if step == 0:
            cmd = {{"kind": "end_turn"}}
        elif step == 1:
            cmd = {{"kind": "supply", "team": "gov", "money": 1, "stores": 1, "reason": "drip " + str(i)}}
        elif step == 2:
            cmd = {{"kind": "strike", "team": "gov", "weapon": "bombing", "target": "r-mil1", "die": 3}}
        elif step == 3:
            cmd = {{"kind": "set_pr", "team": "reb", "level": i % 9, "reason": "press"}}
        elif step == 4 and i % 3 == 0:
            game.undo()
            print("undo", game.redo_stack[-1].seq, flush=True)
            game.redo()
            print("redo", game.entries[-1].seq, flush=True)
            continue
        else:
            cmd = {{"kind": "news", "text": "bulletin " + str(i)}}
        entry = game.push(cmd)
        print("ack", entry.seq, flush=True)
""")


def run_and_kill(tmp_path: Path, n: int, delay: float) -> tuple[Path, list[int]]:
    path = tmp_path / f"crash-{n}.game"
    script = CHILD.format(root=str(ROOT), scenario=str(TINY), path=str(path))
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, bufsize=1)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first == "ready\n", first + (proc.stderr.read() if proc.stderr else "")
    time.sleep(delay)
    os.kill(proc.pid, signal.SIGKILL)
    out, err = proc.communicate(timeout=10)
    assert proc.returncode == -signal.SIGKILL, err
    acked = [int(line.split()[1]) for line in out.splitlines(keepends=True)
             if line.endswith("\n") and line.startswith("ack ")]
    return path, acked


@pytest.mark.parametrize("n", range(6))
def test_killed_game_keeps_every_acknowledged_command(tmp_path: Path, n: int, close_later: list[Any]) -> None:
    delay = random.Random(n).uniform(0.05, 1.2)
    path, acked = run_and_kill(tmp_path, n, delay)
    game = open_game(path)
    close_later.append(game)
    seqs = [e.seq for e in game.entries] + [e.seq for e in reversed(game.redo_stack)]
    assert seqs == list(range(1, len(seqs) + 1)), "the journal has a gap"
    assert set(acked) <= set(seqs), f"acknowledged {sorted(set(acked) - set(seqs))} lost (delay {delay:.2f} s)"
    assert game.state.model_dump() == game.replay().model_dump()
    assert game.module.check_state(game.state) == []
    # the file is writable again, and what is written next survives a reopen
    if game.redo_stack:
        game.redo()
    entry = game.push({"kind": "news", "text": "after the crash"})
    game.store.close()
    again = open_game(path)
    close_later.append(again)
    assert again.entries[-1].model_dump() == entry.model_dump()
    assert again.state.model_dump() == game.state.model_dump()
