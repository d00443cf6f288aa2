"""boardapp installed the way a user installs it: ``python -m build`` (an sdist, and the wheel built from it),
the wheel installed into a fresh virtual environment outside the checkout, and every command run from an
empty folder — the shipped scenarios checked, every shipped example run, the board rendered and opened
offscreen to its first paint, a scenario copied with ``boardapp new`` — then the install broken on purpose.

Slow (a build and an install: about a minute; dependencies come from pip's index and its cache) but
part of the default run, so CI runs it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

import boardapp

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
BIN = "Scripts" if os.name == "nt" else "bin"


@dataclass
class Installed:
    wheel: Path
    sdist: Path
    venv: Path
    work: Path  # the empty folder every command runs in
    env: dict[str, str]

    @property
    def boardapp(self) -> str:
        return str(self.venv / BIN / "boardapp")

    @property
    def python(self) -> str:
        return str(self.venv / BIN / "python")

    def run(self, *args: str | Path, timeout: float = 180) -> subprocess.CompletedProcess[str]:
        return subprocess.run([self.boardapp, *map(str, args)], cwd=self.work, env=self.env, capture_output=True,
                              text=True, timeout=timeout, check=False)

    def shipped(self, code: str) -> str:
        """What the installed boardapp's resources module says (run by the installed interpreter)."""
        out = subprocess.run([self.python, "-c", f"from boardapp import resources as r; print({code})"],
                             cwd=self.work, env=self.env, capture_output=True, text=True, timeout=60, check=True)
        return out.stdout.strip()


def _ok(proc: subprocess.CompletedProcess[str], what: str) -> str:
    assert proc.returncode == 0, f"{what}: exit {proc.returncode}\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    assert "Traceback" not in proc.stderr, f"{what}:\n{proc.stderr}"
    return proc.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("install")
    assert not base.resolve().is_relative_to(ROOT), "the install must be outside the checkout"
    dist = base / "dist"
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME"}}
    built = subprocess.run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)], env=env,
                           capture_output=True, text=True, timeout=300, check=False)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    wheel = next(dist.glob("boardapp-*.whl"))
    sdist = next(dist.glob("boardapp-*.tar.gz"))
    venv = base / "venv"
    base_python = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base_python, "-m", "venv", str(venv)], check=True, timeout=120)
    pip = subprocess.run([str(venv / BIN / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                          str(wheel)], env=env, capture_output=True, text=True, timeout=600, check=False)
    assert pip.returncode == 0, pip.stdout[-3000:] + pip.stderr[-3000:]
    work = base / "empty"
    work.mkdir()
    env.update(QT_QPA_PLATFORM="offscreen", BOARDAPP_DATA_DIR=str(base / "user-data"),
               BOARDAPP_CONFIG_DIR=str(base / "user-config"))
    return Installed(wheel, sdist, venv, work, env)


def test_the_wheel_carries_the_shipped_files_and_metadata(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as whl:
        names = set(whl.namelist())
        meta = whl.read(f"boardapp-{boardapp.__version__}.dist-info/METADATA").decode()
    for folder, package in (("maps", "maps"), ("scenarios", "scenarios"), ("docs/examples", "examples")):
        for f in sorted((ROOT / folder).glob("*.yaml")):
            assert f"boardapp/{package}/{f.name}" in names, f"{folder}/{f.name} is not in the wheel"
    assert f"Version: {boardapp.__version__}" in meta
    assert "License-Expression: MIT" in meta
    assert "License-File: LICENSE" in meta and f"boardapp-{boardapp.__version__}.dist-info/licenses/LICENSE" in names
    assert "Requires-Python: >=3.11" in meta
    assert "Classifier: Operating System :: Microsoft :: Windows" in meta
    assert "Provides-Extra: report" in meta and "Provides-Extra: qr" in meta
    assert "## Install for a game day" in meta, "the README is the long description"
    assert "Requires-Dist: platformdirs" in meta
    print(f"\nwheel {installed.wheel.name}: {installed.wheel.stat().st_size / 1e3:.0f} kB; "
          f"sdist {installed.sdist.stat().st_size / 1e3:.0f} kB")


def test_version_and_the_files_come_from_the_install_not_the_checkout(installed: Installed) -> None:
    assert _ok(installed.run("--version"), "--version").strip() == f"boardapp {boardapp.__version__}"
    where = Path(installed.shipped("r.scenario_dir()"))
    assert where.is_relative_to(installed.venv.resolve()), where
    assert not where.is_relative_to(ROOT), where
    assert Path(installed.shipped("r.default_scenario()")).name == "war-in-binni.yaml"


def test_check_every_shipped_scenario_and_map(installed: Installed) -> None:
    scenarios = installed.shipped("'\\n'.join(map(str, r.shipped_scenarios()))").splitlines()
    maps = installed.shipped("'\\n'.join(map(str, r.shipped_maps()))").splitlines()
    assert sorted(Path(s).name for s in scenarios) == sorted(p.name for p in (ROOT / "scenarios").glob("*.yaml"))
    out = _ok(installed.run("check", *scenarios, *maps), "check")
    for s in scenarios:
        assert f"{s}: valid scenario" in out, out


def test_boardapp_scenarios_lists_the_shipped_ones(installed: Installed) -> None:
    out = _ok(installed.run("scenarios"), "scenarios")
    for rules, name in (("binni", "war-in-binni"), ("diplomacy", "mun-historical-1935"), ("mideast", "mideast-peace"),
                        ("coup", "coup"), ("thegame", "the-game")):
        assert any(line.split()[:2] == [rules, name] for line in out.splitlines()), out


def test_run_every_shipped_example(installed: Installed) -> None:
    lines = installed.shipped("'\\n'.join(f'{e.path}|{e.scenario}|{\" \".join(e.args)}' for e in r.shipped_examples())")
    examples = [line.split("|") for line in lines.splitlines()]
    assert len(examples) == len(list((ROOT / "docs/examples").glob("*.yaml")))
    for path, scenario, args in examples:
        out = _ok(installed.run("run", scenario, "--commands", path, *args.split()), f"run {Path(path).name}")
        # The state as JSON; with --events, the events as JSON Lines and the state the last line.
        state = json.loads(out.strip().splitlines()[-1] if "--events" in args else out)
        assert isinstance(state, dict) and state, f"{path}: no state printed"


def test_render_the_default_scenario(installed: Installed) -> None:
    default = installed.shipped("r.default_scenario()")
    _ok(installed.run("render", default, "--out", "binni.png", "--width", "800", "--height", "450"), "render")
    png = (installed.work / "binni.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 10_000


def test_boardapp_with_no_file_opens_war_in_binni_to_its_first_paint(installed: Installed) -> None:
    out = _ok(installed.run("open", "--first-paint", timeout=120), "open --first-paint")
    assert out.startswith("first paint: War in Binni, "), out
    print("\n" + out.strip())


def test_new_copies_a_scenario_and_its_map_that_still_resolves(installed: Installed) -> None:
    out = _ok(installed.run("new", "mideast", "--out", "my-game"), "new")
    scenario = installed.work / "my-game" / "scenarios" / "mideast-peace.yaml"
    assert "my-game/scenarios/mideast-peace.yaml" in out.replace(os.sep, "/")
    assert (installed.work / "my-game" / "maps" / "mideast.yaml").is_file()
    assert "valid scenario" in _ok(installed.run("check", scenario), "check the copy")
    again = installed.run("new", "mideast", "--out", "my-game")
    assert again.returncode == 1 and "never overwrites" in again.stderr and "Traceback" not in again.stderr


def _broken(installed: Installed, shipped: Path, *args: str) -> None:
    """With ``shipped`` moved away, ``boardapp ARGS`` names it, says it is missing and how to repair the install."""
    aside = shipped.with_suffix(".moved")
    shipped.rename(aside)
    try:
        proc = installed.run(*args, timeout=120)
    finally:
        aside.rename(shipped)
    assert proc.returncode == 1, (args, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert f"{shipped}: missing" in proc.stderr, proc.stderr
    assert "pipx reinstall boardapp" in proc.stderr, proc.stderr


def test_a_broken_install_names_the_missing_file_and_the_repair(installed: Installed) -> None:
    _broken(installed, Path(installed.shipped("r.default_scenario()")), "open", "--first-paint")
    _broken(installed, Path(installed.shipped("r.map_dir() / 'binni.yaml'")), "new", "binni", "--out", "x")
    _broken(installed, Path(installed.shipped("r.scenario_dir()")), "scenarios")
