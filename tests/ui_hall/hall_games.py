"""Each shipped scenario's game file, made as issue #23 made them: the scenario plus its documented
example game (``docs/examples/*-every-command.yaml``), journalled by ``boardapp run --save``."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SYSTEMS: dict[str, tuple[str, str, int]] = {
    "binni": ("war-in-binni.yaml", "every-command.yaml", 7),
    "mun": ("mun-historical-1935.yaml", "mun-officers.yaml", 1),
    "mideast": ("mideast-peace.yaml", "mideast-every-command.yaml", 1),
    "thegame": ("the-game.yaml", "thegame-every-command.yaml", 1),
    "coup": ("coup.yaml", "coup-every-command.yaml", 2),
    "tables": ("tarn-valley.yaml", "tables-every-command.yaml", 1),
}
"""system -> (scenario, example commands, seed): the seeds the examples' headers name."""


def scenario_path(system: str) -> Path:
    return ROOT / "scenarios" / SYSTEMS[system][0]


def make_game(system: str, folder: Path) -> Path:
    """``folder/<system>.game``: the scenario with its example game played (made once per folder)."""
    from boardapp import cli

    scenario, commands, seed = SYSTEMS[system]
    out = Path(folder) / f"{system}.game"
    if not out.exists():
        with contextlib.redirect_stdout(io.StringIO()):
            code = cli.main(["run", str(ROOT / "scenarios" / scenario), "--commands",
                             str(ROOT / "docs" / "examples" / commands), "--seed", str(seed), "--save", str(out)])
        if code != 0:
            raise RuntimeError(f"boardapp run of {system}'s example game exited {code}")
    return out
