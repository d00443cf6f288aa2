"""The one-folder bundle (tools/bundle.py, PyInstaller) built and run headless: check, run, render, first paint.

Opt-in (``BOARDAPP_TEST_BUNDLE=1``): building takes minutes and needs PyInstaller (``pip install -e ".[bundle]"``).
With ``BOARDAPP_TEST_BUNDLE=existing`` it smoke-tests the folder ``python tools/bundle.py`` already built.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODE = os.environ.get("BOARDAPP_TEST_BUNDLE", "")

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not MODE, reason="opt-in: BOARDAPP_TEST_BUNDLE=1 builds the bundle (minutes)")]


def test_the_bundle_runs_without_python(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import bundle
    finally:
        sys.path.remove(str(ROOT / "tools"))
    if MODE == "existing":
        exe = ROOT / "dist" / "bundle" / "boardapp" / ("boardapp.exe" if os.name == "nt" else "boardapp")
        assert exe.is_file(), f"no bundle at {exe}: python tools/bundle.py"
    else:
        if importlib.util.find_spec("PyInstaller") is None:
            pytest.fail('PyInstaller is not installed: pip install -e ".[bundle]"')
        exe = bundle.build(tmp_path / "dist", tmp_path / "work")
    lines = bundle.smoke(exe)
    print("\n" + "\n".join(lines))
    assert any(line.startswith("first paint: War in Binni") for line in lines), lines
    assert sum(" boardapp run " in line for line in lines) == len(list((ROOT / "docs/examples").glob("*.yaml")))
    size = bundle.folder_size(exe.parent)
    print(f"bundle: {size / 1e6:.0f} MB")
    assert size > 20e6, "a folder this small cannot hold Python and Qt"
