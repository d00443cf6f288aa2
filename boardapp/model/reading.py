"""Reading a file a person names, with bounds: regular files only, and no more than a limit.

Files come from email and USB sticks. A name can point at ``/dev/zero`` (endless), at
``/dev/urandom`` or a FIFO (a read that never ends or never starts), or at a file far larger
than any map: reading such a thing whole would exhaust memory or hang the board. So a file is
opened without blocking, refused unless it is a regular file, and refused when larger than
the limit, before a byte of it is parsed.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from boardapp.model.problems import FileProblemsError, Problem

MAX_TEXT_BYTES = 64 * 1024 * 1024
"""Largest map, scenario or JSON Lines journal read (64 MiB).

The largest real files are far below it (the MUN map is 49 kB; a day's journal of 5,000
commands as JSON Lines is about 3 MB), and 64 MiB of YAML parses in well under a minute, so the
limit refuses only files no one wrote by hand while keeping memory bounded.
"""


def regular_file_problem(path: Path) -> str | None:
    """Why ``path`` cannot be read as a file (missing, a device, a FIFO, a folder), or None."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "no such file"
    except OSError as exc:
        return f"cannot read the file: {exc.strerror or exc}"
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    if not stat.S_ISREG(mode):
        return "not a regular file (a device, a FIFO or a socket); boardapp reads only ordinary files"
    return None


def read_bounded(path: str | Path, limit: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; anything else is a :class:`FileProblemsError`.

    The file is opened with ``O_NONBLOCK`` so that a FIFO swapped in after the check cannot
    hang the open, and its type is checked again on the open descriptor.
    """
    path = Path(path)
    why = regular_file_problem(path)
    if why is not None:
        raise FileProblemsError([Problem(why, file=path)])
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise FileProblemsError([Problem(f"cannot read the file: {exc.strerror or exc}", file=path)]) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblemsError([Problem("not a regular file; boardapp reads only ordinary files", file=path)])
        if info.st_size > limit:
            raise FileProblemsError([Problem(
                f"the file is {info.st_size:,} bytes, more than the {limit:,} a map, scenario or journal may be "
                "(is it the right file?)", file=path)])
        chunks = []
        total = 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:  # the file grew while we read it
                raise FileProblemsError([Problem(f"the file is larger than {limit:,} bytes", file=path)])
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise FileProblemsError([Problem(f"cannot read the file: {exc.strerror or exc}", file=path)]) from None
    finally:
        os.close(fd)


def decode_utf8(data: bytes, path: Path) -> str:
    """The text of ``data``; bad UTF-8 is a problem naming the line and column of the first bad byte."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise FileProblemsError([Problem(
            f"not UTF-8 text: the byte 0x{data[exc.start]:02x} cannot start or continue a character "
            "(save the file as UTF-8)", file=path, line=line, column=column)]) from None
    return text
