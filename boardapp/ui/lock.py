"""A session lock the operating system releases when its process dies.

Crash recovery must tell "this autosave's session is still running in another window" from "the
process that ran it is gone". Probing a recorded pid cannot do that portably (on Windows
``os.kill(pid, 0)`` sends Ctrl+C to that process, and a pid may be reused), so a session holds an
exclusive lock on its marker file instead: ``flock`` on POSIX, ``msvcrt.locking`` on Windows. Both are
dropped by the kernel when the holding process ends, however it ends (SIGKILL, power cut of the
process, crash), so a marker whose lock can be taken was left by a dead session.

Both kinds of lock belong to one open file (not to the process), so a second open of the same marker
in the same process sees the lock held too: a window's own session is never offered for recovery.

Qt-free on purpose: the check runs before any window exists and is tested in plain subprocesses.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol


class LockBackend(Protocol):
    """Take or drop a non-blocking exclusive lock on an open file descriptor."""

    def try_lock(self, fd: int) -> bool:
        """True when the lock was taken; False when another open file holds it."""
        ...

    def unlock(self, fd: int) -> None: ...


class FlockBackend:
    """POSIX ``flock``: per open file description, released when the last descriptor closes."""

    def try_lock(self, fd: int) -> bool:
        import fcntl

        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def unlock(self, fd: int) -> None:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)


class MsvcrtBackend:
    """Windows ``msvcrt.locking`` on the file's first byte (a region lock the system drops with the handle).

    ``msvcrt`` is looked up when used, so the logic can be exercised with a stand-in off Windows."""

    def __init__(self, msvcrt: object | None = None) -> None:
        self._msvcrt = msvcrt

    def _module(self) -> object:
        if self._msvcrt is None:
            import msvcrt  # Windows only

            self._msvcrt = msvcrt
        return self._msvcrt

    def try_lock(self, fd: int) -> bool:
        m = self._module()
        os.lseek(fd, 0, os.SEEK_SET)  # locking() starts at the current position
        try:
            m.locking(fd, m.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:  # "Permission denied" / "Resource deadlock avoided": someone else holds it
            return False
        return True

    def unlock(self, fd: int) -> None:
        m = self._module()
        os.lseek(fd, 0, os.SEEK_SET)
        m.locking(fd, m.LK_UNLCK, 1)  # type: ignore[attr-defined]


def default_backend() -> LockBackend:
    return MsvcrtBackend() if os.name == "nt" else FlockBackend()


class SessionLock:
    """The exclusive lock on one marker file, held for as long as this object holds it.

    >>> import tempfile, pathlib
    >>> marker = pathlib.Path(tempfile.mkdtemp()) / "x.game.session"
    >>> mine = SessionLock(marker)
    >>> mine.acquire()
    True
    >>> is_held(marker)  # a second open, even in this process, finds it taken
    True
    >>> mine.release(); is_held(marker)
    False
    """

    def __init__(self, path: str | Path, backend: LockBackend | None = None) -> None:
        self.path = Path(path)
        self.backend = backend or default_backend()
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self, note: str = "") -> bool:
        """Create the marker if need be and lock it; False (nothing held) when another session holds it.

        ``note`` (say, the pid) is written into the marker for a person looking at the folder; nothing
        reads it back."""
        if self._fd is not None:
            return True
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        if not self.backend.try_lock(fd):
            os.close(fd)
            return False
        if note:
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, note.encode("utf-8"))
        self._fd = fd
        return True

    def release(self) -> None:
        """Drop the lock and close the marker (it stays on disk; the caller removes it if done)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            self.backend.unlock(fd)
        except OSError:
            pass  # closing the file drops it anyway
        finally:
            os.close(fd)


def is_held(path: str | Path, backend: LockBackend | None = None) -> bool:
    """Whether a live session (in any process, this one included) holds the lock on ``path``.

    A missing marker is not held. The probe never creates the file and leaves it as found."""
    backend = backend or default_backend()
    try:
        fd = os.open(Path(path), os.O_RDWR)
    except FileNotFoundError:
        return False
    try:
        if not backend.try_lock(fd):
            return True
        backend.unlock(fd)
        return False
    finally:
        os.close(fd)
