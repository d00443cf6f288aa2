"""Build boardapp as one folder that runs without Python (PyInstaller, one-folder mode).

    python -m pip install -e ".[bundle]"      # once: PyInstaller into the venv
    python tools/bundle.py                    # -> dist/bundle/boardapp/boardapp (boardapp.exe on Windows)
    python tools/bundle.py --smoke            # ... then run the built program headless: check, run, render, paint

Build on the operating system the bundle is for (PyInstaller does not cross-compile): a Windows bundle on
Windows, a macOS one on macOS (see docs/install.md for what each needs and what was not tested). The folder
holds the interpreter, Qt, the shipped maps, scenarios and examples (the packages ``boardapp.maps``,
``boardapp.scenarios``, ``boardapp.examples``), the web page's files and the rule systems' entry points.
Copy the whole folder; start ``boardapp`` (``boardapp.exe``) inside it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = {"maps": ROOT / "maps", "scenarios": ROOT / "scenarios", "examples": ROOT / "docs" / "examples"}
# Not needed at run time by the board (tests, type checking, benchmarks); keeps the folder smaller.
EXCLUDE = ["pytest", "hypothesis", "mypy", "selenium", "pytest_qt", "pytest_benchmark", "importlinter", "_pytest",
           "tkinter", "IPython"]


def build(dist: Path, work: Path) -> Path:
    """Run PyInstaller; the path of the built program."""
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        raise SystemExit("bundle: PyInstaller is not installed: python -m pip install -e \".[bundle]\"") from None
    work.mkdir(parents=True, exist_ok=True)
    entry = work / "boardapp_main.py"
    entry.write_text("import sys\nfrom boardapp.cli import main\n\nsys.exit(main())\n", encoding="utf-8")
    sep = os.pathsep
    args = [str(entry), "--name", "boardapp", "--onedir", "--noconfirm", "--clean", "--log-level", "WARN",
            "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
            "--collect-submodules", "boardapp",      # rule systems and windows are imported by name
            "--collect-data", "boardapp",            # the web page's files, Diplomacy's map data
            "--copy-metadata", "boardapp",           # the rule systems' entry points (boardapp.rules)
            "--paths", str(ROOT)]
    for package, folder in SHIPPED.items():          # the shipped files as the packages resources.py reads
        args += ["--add-data", f"{folder}{sep}boardapp/{package}"]
    for name in EXCLUDE:
        args += ["--exclude-module", name]
    pyinstaller.run(args)
    exe = dist / "boardapp" / ("boardapp.exe" if os.name == "nt" else "boardapp")
    if not exe.is_file():
        raise SystemExit(f"bundle: PyInstaller made no {exe}")
    return exe


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def smoke(exe: Path) -> list[str]:
    """Run the built program headless from an empty folder: the lines it printed, in order; SystemExit on failure."""
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        here = Path(tmp)
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BOARDAPP_DATA_DIR": str(here / "data"),
               "BOARDAPP_CONFIG_DIR": str(here / "config")}
        env.pop("PYTHONPATH", None)

        def run(*args: str) -> str:
            started = time.perf_counter()
            proc = subprocess.run([str(exe), *args], cwd=here, env=env, capture_output=True, text=True, timeout=300,
                                  check=False)
            took = time.perf_counter() - started
            if proc.returncode != 0 or "Traceback" in proc.stderr:
                raise SystemExit(f"bundle smoke: boardapp {' '.join(args)}: exit {proc.returncode}\n{proc.stderr}")
            lines.append(f"{took:6.2f} s  boardapp {' '.join(args)[:90]}")
            return proc.stdout

        run("--version")
        listing = run("scenarios")
        internal = exe.parent
        scenarios = sorted(str(p) for p in internal.rglob("boardapp/scenarios/*.yaml"))
        maps = sorted(str(p) for p in internal.rglob("boardapp/maps/*.yaml"))
        if len(scenarios) < 5 or "war-in-binni" not in listing:
            raise SystemExit(f"bundle smoke: the shipped scenarios are not in the bundle: {scenarios}")
        run("check", *scenarios, *maps)
        examples = {p.name: p for p in internal.rglob("boardapp/examples/*.yaml")}
        for _name, path in sorted(examples.items()):
            head = path.read_text(encoding="utf-8")[:2000]
            marker = head.index("boardapp run scenarios/") + len("boardapp run scenarios/")
            scenario_name, rest = head[marker:].split(" --commands ", 1)
            extra = rest.splitlines()[0].split()[1:]
            run("run", str(next(p for p in scenarios if p.endswith(scenario_name))), "--commands", str(path), *extra)
        default = next(p for p in scenarios if p.endswith("war-in-binni.yaml"))
        run("render", default, "--out", str(here / "binni.png"), "--width", "800", "--height", "450")
        if not (here / "binni.png").read_bytes().startswith(b"\x89PNG"):
            raise SystemExit("bundle smoke: render wrote no PNG")
        lines.append(run("open", "--first-paint").strip())
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist" / "bundle", help="where the folder goes")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "bundle", help="PyInstaller's work folder")
    parser.add_argument("--smoke", action="store_true", help="then run the built program headless")
    parser.add_argument("--no-build", action="store_true", help="only the smoke test of an existing build")
    args = parser.parse_args(argv)
    exe = args.dist / "boardapp" / ("boardapp.exe" if os.name == "nt" else "boardapp")
    if not args.no_build:
        if (args.dist / "boardapp").exists():
            shutil.rmtree(args.dist / "boardapp")
        started = time.perf_counter()
        exe = build(args.dist, args.work)
        print(f"bundle: {exe} ({folder_size(exe.parent) / 1e6:.0f} MB) in {time.perf_counter() - started:.0f} s")
    if args.smoke:
        for line in smoke(exe):
            print(f"bundle smoke: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
