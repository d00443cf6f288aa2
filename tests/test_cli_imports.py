"""The command line answers at once: help and argument errors import none of the heavy modules.

Each case runs ``boardapp.cli.main`` in a fresh interpreter and lists the modules it loaded: a
module-set test, not a timing test (timings on a shared machine say little; the set of imports
says why ``boardapp --help`` is quick or slow). What a sub-command needs (pydantic, yaml, the
engine, the rule systems, shapely, Qt) is imported only when that sub-command runs.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from boardapp.cli import DEFAULT_SCENARIO_NAME, SUBCOMMANDS

ROOT = Path(__file__).resolve().parents[1]

HEAVY = ("PySide6", "shiboken6", "pydantic", "pydantic_core", "shapely", "yaml", "numpy",
         "boardapp.engine", "boardapp.rules", "boardapp.model.base", "boardapp.model.mapfile",
         "boardapp.model.scenario", "boardapp.model.yamlfile", "boardapp.ui", "boardapp.net", "boardapp.web",
         "boardapp.editor", "boardapp.review", "boardapp.plugins", "boardapp.builtin_rules")

_PROBE = """
import json, sys
from boardapp.cli import main
try:
    code = main(json.loads(sys.argv[1]))
except SystemExit as exc:
    code = exc.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def loaded_after(argv: list[str]) -> tuple[int, set[str]]:
    """Run ``boardapp *argv`` in a fresh interpreter: (exit status, the modules it imported)."""
    proc = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(argv)], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, check=False)
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    return int(out["code"] or 0), set(out["modules"])


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


CASES = [["--help"], ["check", "--help"], ["check"], ["run", "x.yaml"], ["run", "x.yaml", "--commands"],
         ["render", "x.yaml"], ["host", "g.game", "--port", "eighty"], ["diplomacy"], ["render", "--help"]]
CASES += [[sub, "--no-such-option"] for sub in sorted(SUBCOMMANDS)]


@pytest.mark.parametrize("argv", CASES, ids=[" ".join(a) for a in CASES])
def test_help_and_argument_errors_import_nothing_heavy(argv: list[str]) -> None:
    code, modules = loaded_after(argv)
    assert code in (0, 2), f"boardapp {' '.join(argv)} exited {code}"  # help 0, argument error 2
    assert "boardapp.cli" in modules
    assert heavy(modules) == [], f"boardapp {' '.join(argv)} imported {heavy(modules)}"


def test_a_command_that_runs_still_imports_what_it_needs() -> None:
    """The probe sees imports: ``check`` of a scenario loads pydantic and the rule system."""
    code, modules = loaded_after(["check", str(ROOT / "scenarios" / DEFAULT_SCENARIO_NAME)])
    assert code == 0
    assert "pydantic" in modules
    assert "boardapp.rules.binni" in {m.rsplit(".", 1)[0] for m in modules} | modules


def test_the_help_names_the_real_default_scenario() -> None:
    from boardapp.engine.files import DEFAULT_SCENARIO

    assert DEFAULT_SCENARIO.name == DEFAULT_SCENARIO_NAME
    assert DEFAULT_SCENARIO.exists()
