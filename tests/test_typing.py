"""The engine, the model, the rule modules and the network core type-check under mypy --strict."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STRICT = ["boardapp/engine", "boardapp/model", "boardapp/rules", "boardapp/net", "boardapp/editor",
          "boardapp/clock.py", "boardapp/review", "boardapp/web", "boardapp/plugins.py", "boardapp/builtin_rules.py"]


def test_mypy_strict() -> None:
    mypy = Path(sys.executable).with_name("mypy")
    if not mypy.exists() and shutil.which("mypy") is None:
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    result = subprocess.run(
        [str(mypy if mypy.exists() else "mypy"), "--strict", "--follow-imports=silent", *STRICT],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found")
