"""The rules engine and the data model stay pure Python: no Qt, no UI."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_import_contract_holds() -> None:
    """import-linter's contracts (pyproject.toml): no Qt in the model, engine, rules, net, editor and the
    controller; the generic windows never import a rule system's extras; rule systems are independent."""
    lint = Path(sys.executable).with_name("lint-imports")
    if not lint.exists():
        pytest.skip("import-linter is not installed")
    result = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 4 kept, 0 broken" in result.stdout


def test_engine_runs_with_qt_unavailable(tmp_path: Path) -> None:
    """Block PySide6 entirely and play a few commands headless: the engine must not notice."""
    script = textwrap.dedent(f"""
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name == "PySide6" or name.startswith("PySide6."):
                    raise ImportError("Qt is blocked in this test")
        sys.meta_path.insert(0, Block())
        from boardapp.engine.files import load_scenario, new_game
        from boardapp.engine.dice import SeededDice
        import boardapp.rules.binni.module, boardapp.model.mapfile, boardapp.cli
        game = new_game(load_scenario({str(ROOT / "tests/data/tiny-scenario.yaml")!r}),
                        save={str(tmp_path / "g.game")!r}, dice=SeededDice(3))
        game.push({{"kind": "move", "counter": "g-mil1", "to": "charlie"}})
        game.push({{"kind": "end_turn"}})
        assert not any(m.startswith("PySide6") for m in sys.modules), "PySide6 was imported"
        print("week", game.state.week)
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "week 2"
