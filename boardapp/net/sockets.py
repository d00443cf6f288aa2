"""Connections dropped at once, and the process's open-file limit: shared by the LAN host and the web page.

A connection dropped because its reader stopped reading (a seat, a phone) is aborted with ``SO_LINGER`` 0:
the socket is reset and the kernel discards what it still held for it (up to a few MiB of pictures),
instead of trying to deliver it for minutes to a reader that is not reading.
"""

from __future__ import annotations

import contextlib
import os
import socket
import struct
from typing import Any

FD_CEILING = 65536
"""The soft open-file limit asked for when the hard one is unlimited."""


def abort(transport: Any) -> None:
    """Reset a connection now: ``SO_LINGER`` on with a zero timeout, then abort (no close handshake, nothing
    kept in the kernel's send buffer). Safe on a transport already closed."""
    if transport is None:
        return
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError, ValueError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    transport.abort()


def raise_open_files(ceiling: int = FD_CEILING) -> tuple[int, int]:
    """Raise this process's soft limit of open files toward the hard one (at most ``ceiling`` when the hard
    one is unlimited); the (soft, hard) limits after. (-1, -1) where there is no such limit (Windows)."""
    try:
        import resource
    except ImportError:
        return -1, -1
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = ceiling if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < target:
        for want in (target, 10240):  # macOS refuses more than OPEN_MAX (10240) whatever the hard limit says
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
                break
            except (ValueError, OSError):
                continue
    return resource.getrlimit(resource.RLIMIT_NOFILE)


def open_files() -> int:
    """Descriptors this process has open now (an estimate of 64 where the system does not say)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        with contextlib.suppress(OSError):
            return len(os.listdir(folder)) - 1  # less the one listing the folder
    return 64


def soft_limit() -> int | None:
    """This process's soft limit of open files (None: no limit known)."""
    try:
        import resource
    except ImportError:
        return None
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else int(soft)
