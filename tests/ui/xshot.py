"""Screenshots of the real umpire's window under a real X server (Xvfb).

Used by ``test_xvfb.py`` and by hand to look at the board::

    .venv/bin/python tests/ui/xshot.py out/board-1920.png 1920 1080 [scenario]

``start_xvfb`` lets Xvfb choose a free display (``-displayfd``); ``child`` runs in a process with
``DISPLAY`` set and ``QT_QPA_PLATFORM=xcb``: it opens ``MainWindow`` on the scenario, sizes it to
the screen, lets it paint and grabs it into a PNG.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def start_xvfb(width: int, height: int) -> tuple[subprocess.Popen[bytes], str]:
    """An Xvfb on a free display number; (process, ':N')."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        raise FileNotFoundError("Xvfb is not on PATH")
    read, write = os.pipe()
    proc = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24",
                             "-nolisten", "tcp", "-noreset"], pass_fds=(write,), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    deadline = time.monotonic() + 20
    with os.fdopen(read, "rb") as f:
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            chunk = f.read(1)
            if not chunk:
                break
            number += chunk
    if not number.strip():
        proc.kill()
        proc.wait(10)
        raise RuntimeError(f"Xvfb did not start (exit status {proc.returncode})")
    return proc, f":{int(number)}"


def shoot(out: Path, width: int, height: int, scenario: str | None = None, timeout: float = 120) -> Path:
    """Start Xvfb, run :func:`child` against it, stop Xvfb; the PNG written."""
    proc, display = start_xvfb(width, height)
    try:
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb")
        env.pop("WAYLAND_DISPLAY", None)
        env.setdefault("BOARDAPP_DATA_DIR", tempfile.mkdtemp(prefix="boardapp-xshot-"))
        args = [sys.executable, __file__, "--child", str(out), str(width), str(height)]
        if scenario:
            args.append(scenario)
        done = subprocess.run(args, check=False, env=env, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
        if done.returncode != 0:
            raise RuntimeError(f"the window's process failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
    return out


def child(out: str, width: int, height: int, scenario: str | None) -> None:
    sys.path.insert(0, str(ROOT))
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    app.setApplicationName("boardapp")
    assert app.platformName() == "xcb", app.platformName()
    from boardapp.ui.app import open_window

    window = open_window(scenario, ask=None)
    window.setGeometry(0, 0, width, height)
    window.show()

    def grab() -> None:
        pm = window.grab()
        if not pm.save(out, "PNG"):
            raise SystemExit(f"cannot write {out}")
        window.close()
        app.quit()

    QTimer.singleShot(1500, grab)
    app.exec()


if __name__ == "__main__":
    if len(sys.argv) >= 5 and sys.argv[1] == "--child":
        child(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] if len(sys.argv) > 5 else None)
    else:
        target = Path(sys.argv[1])
        target.parent.mkdir(parents=True, exist_ok=True)
        shoot(target, int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] if len(sys.argv) > 4 else None)
        print(target)
