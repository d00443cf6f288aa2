"""A power cut simulated by a library of our own (``powercut.c``, preloaded), for the durability tests.

The child process that writes games runs with ``powercut.c`` preloaded (``LD_PRELOAD``). It keeps, in a shadow
folder, what a disk would still hold of one watched folder after a power cut: a file's data as it was at its last
``fsync``/``fdatasync``, and the folder's names as they were at the folder's last sync (see the C file's header).
:meth:`PowerCut.cut` rebuilds the folder from that shadow after the child was killed (SIGKILL, at any moment): the
files a disk would show when the power came back. Nothing needs privileges, FUSE or a package outside Debian's
``gcc``/``libc6-dev``: the library is compiled here, at test time, with the system's C compiler.

This is what runs in CI. LazyFS (a FUSE filesystem that drops unsynced writes) is used as well where it is installed
(``BOARDAPP_LAZYFS``; see ``test_crash.py``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

SOURCE = Path(__file__).with_name("powercut.c")
IN_CI = os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}


def missing(why: str) -> None:
    """Something the power-cut tests need is missing: a failure in CI, a skip elsewhere."""
    if IN_CI:
        pytest.fail(f"{why} — in CI no durability test may skip (.ci/run installs what they need)")
    pytest.skip(why)


def compile_library(folder: Path) -> Path:
    """``powercut.c`` built into ``folder`` with the system's C compiler (``cc``, else ``gcc``)."""
    if not sys.platform.startswith("linux"):
        missing("the power-cut library is Linux-only (LD_PRELOAD and /proc/self/fd)")
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not cc:
        missing("no C compiler (apt-get install gcc libc6-dev): the power-cut library cannot be built")
    assert cc is not None
    out = folder / "libpowercut.so"
    done = subprocess.run([cc, "-shared", "-fPIC", "-O2", "-Wall", "-Wno-format-truncation", "-o", str(out),
                           str(SOURCE), "-ldl"], capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0:
        text = (done.stderr or done.stdout).strip()
        if "stdio.h" in text or "No such file" in text:  # a compiler without the C library's headers
            missing(f"the C compiler cannot build the power-cut library (apt-get install libc6-dev): {text[:300]}")
        pytest.fail(f"powercut.c does not compile:\n{text[-2000:]}")
    _check_preloaded(out, folder / "check")
    return out


def _check_preloaded(library: Path, root: Path) -> None:
    """A child with the library preloaded syncs a folder: the shadow must have its listing. A library the
    loader refused (a ``noexec`` temporary folder, another architecture) would otherwise leave every power cut
    an empty folder, and the tests would fail for the wrong reason."""
    power = PowerCut.make(library, root)
    (power.disk / "seen").write_bytes(b"x")
    done = subprocess.run([sys.executable, "-c", "import os, sys; fd = os.open(sys.argv[1], os.O_RDONLY); "
                           "os.fsync(fd)", str(power.disk)], env=power.env(), capture_output=True, text=True,
                          timeout=60, check=False)
    if done.returncode != 0 or "seen" not in power.durable():
        pytest.fail(f"the power-cut library does not work here (LD_PRELOAD={library}): "
                    f"exit {done.returncode}, {done.stderr.strip()[-1000:] or 'no listing kept'}")


@dataclass
class PowerCut:
    """One watched folder (``disk``, where the child writes) and its shadow."""

    library: Path
    disk: Path
    shadow: Path

    @classmethod
    def make(cls, library: Path, root: Path) -> PowerCut:
        disk, shadow = root / "disk", root / "shadow"
        for folder in (disk, shadow, shadow / "data", shadow / "gen"):
            folder.mkdir(parents=True)
        return cls(library, disk, shadow)

    def env(self) -> dict[str, str]:
        """The environment for a child whose writes under ``disk`` the power cut applies to."""
        preload = os.environ.get("LD_PRELOAD", "")
        return {**os.environ, "LD_PRELOAD": f"{self.library} {preload}".strip(),
                "BOARDAPP_POWERCUT_DIR": str(self.disk), "BOARDAPP_POWERCUT_SHADOW": str(self.shadow)}

    def durable(self) -> dict[str, bytes]:
        """Name -> data of every file the disk would hold now (the child must be dead or idle)."""
        listing = self.shadow / "listing"
        if not listing.exists():  # the folder was never synced: none of its new names is on the disk
            return {}
        held: dict[str, bytes] = {}
        for line in listing.read_text(encoding="utf-8").splitlines():
            key, name = line.split("\t", 1)
            data = self.shadow / "data" / key
            held[name] = data.read_bytes() if data.exists() else b""  # named but never synced: no data
        return held

    def cut(self, after: Path) -> dict[str, bytes]:
        """The power went off: write the folder as the disk holds it into ``after`` (made here), and return it."""
        after.mkdir()
        held = self.durable()
        for name, data in held.items():
            (after / name).write_bytes(data)
        return held
