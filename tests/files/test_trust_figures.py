"""The short run of ``benchmarks/bench_trust.py``: random kills and generated mutations, held to issue 11's figures.

No acknowledged command lost, every journal a prefix of what was sent, no traceback, no hang, and
nothing accepted that changes the game. The full run (500 kills, 1,200 mutations) is the script's.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_trust

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not hasattr(signal, "SIGKILL") or not hasattr(bench_trust.os, "fork"),
                                 reason="needs fork and SIGKILL")]


def test_kills_lose_no_acknowledged_command(tmp_path: Path) -> None:
    fig = bench_trust.run_kills(40, seed=5, folder=tmp_path)
    assert fig.kills == 40
    assert fig.problems == []
    assert fig.acked_lost == 0
    assert fig.acked_total > 0
    assert fig.journals_prefix == fig.files_open
    assert fig.files_open + fig.not_created == fig.kills
    assert fig.by_phase["push"] > 0


def test_mutations_give_clean_errors_only(tmp_path: Path) -> None:
    fig = bench_trust.run_mutations(160, seed=5, folder=tmp_path)
    assert sum(fig.total.values()) == 160
    assert fig.tracebacks == []
    outcomes = {result for _, result in fig.outcome}
    assert "hang" not in outcomes
    assert "accepted though changed" not in outcomes
    assert sum(v for (_, result), v in fig.outcome.items() if result == "clean error") > 80
