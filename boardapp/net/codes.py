"""Join codes people can read aloud and type, and their QR codes (issue 24.6).

A join code is 16 characters from an alphabet without the look-alikes — no 0/O, 1/I/L — in four groups
of four: ``K7QX-M4TD-9RHC-WP3N``. Typed, it is read whatever the case and whatever separates the groups
(spaces, hyphens, dots, nothing): ``k7qx m4td 9rhc wp3n`` is the same code. 31 symbols, 16 of them:
16 * log2(31) = 79.3 bits of entropy (see docs/network.md, Security).

Codes of older seats files (``secrets.token_urlsafe(18)``: 24 characters, case matters) keep working
exactly as they were written: :func:`canonical` leaves anything that is not a code of this form as it is.

QR codes are drawn with ``segno`` (pure Python, a required dependency): :func:`qr_matrix` (the modules as
rows of booleans), :func:`qr_svg`, :func:`qr_png` and :func:`qr_text` (for a terminal). What a QR code holds
is :func:`join_text`: the seat's address and its code, ``ws://192.168.1.5:8765/#K7QX-M4TD-9RHC-WP3N``,
which the Join dialog accepts as it is.
"""

from __future__ import annotations

import io
import math
import re
import secrets
from typing import Any

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""31 symbols: the digits 2-9 and the capital letters without I, L and O (so no 0/O or 1/I/l mix-up)."""
GROUPS = 4
GROUP_SIZE = 4
LENGTH = GROUPS * GROUP_SIZE
BITS = LENGTH * math.log2(len(ALPHABET))
"""Entropy of a code: 79.3 bits."""
_SEPARATORS = re.compile("[\\s\\-_.,:/\u00b7\u2013\u2014]+")


def new_code() -> str:
    """A fresh join code, grouped: ``K7QX-M4TD-9RHC-WP3N``."""
    return group("".join(secrets.choice(ALPHABET) for _ in range(LENGTH)))


def group(chars: str) -> str:
    """``K7QXM4TD9RHCWP3N`` as it is read aloud and shown: ``K7QX-M4TD-9RHC-WP3N``."""
    return "-".join(chars[i:i + GROUP_SIZE] for i in range(0, len(chars), GROUP_SIZE))


def canonical(typed: str) -> str:
    """The code as the host keeps it, from what a person typed: capitals, grouped with hyphens, whatever case
    and separators were typed. Anything that is not a code of this form (an older seats file's code, a wrong
    code) is returned as it is (stripped), to be compared exactly.

    >>> canonical(" k7qx m4td.9rhc_wp3n ")
    'K7QX-M4TD-9RHC-WP3N'
    >>> canonical("OjEYOmPg40SJAsyz9Jtbyn-9")  # an older code: kept, case and all
    'OjEYOmPg40SJAsyz9Jtbyn-9'
    """
    text = typed.strip()
    chars = _SEPARATORS.sub("", text).upper()
    if len(chars) == LENGTH and all(c in ALPHABET for c in chars):
        return group(chars)
    return text


def typing_problem(typed: str) -> str | None:
    """Why ``typed`` cannot be a join code of this form (for a dialog to say before connecting), or None when
    it is one. An older code (24 characters of letters, digits, ``-`` and ``_``) is accepted too."""
    text = typed.strip()
    if not text:
        return "type the join code (16 letters and digits, like K7QX-M4TD-9RHC-WP3N)"
    if re.fullmatch(r"[A-Za-z0-9_\-]{24}", text):
        return None  # a code of an older seats file
    chars = _SEPARATORS.sub("", text).upper()
    wrong = sorted({c for c in chars if c not in ALPHABET})
    if wrong:
        look = [c for c in wrong if c in "01IOL"]
        hint = " (codes have no 0, 1, I, L or O: read them again)" if look else ""
        return f"a join code has no {', '.join(repr(c) for c in wrong)}{hint}"
    if len(chars) != LENGTH:
        return f"a join code has {LENGTH} letters and digits; this has {len(chars)}"
    return None


def join_text(url: str, code: str) -> str:
    """What a seat's QR code holds: the host's address and the code (``ws://host:port/#CODE``)."""
    return f"{url}#{code}"


# --- QR codes -------------------------------------------------------------------------------------
def _qr(text: str) -> Any:
    import segno

    return segno.make_qr(text, error="m")


def qr_matrix(text: str) -> list[list[bool]]:
    """The QR code of ``text`` as rows of modules (True: dark), with the quiet zone of 4 modules around it,
    for a window to paint."""
    code = _qr(text)
    return [[bool(m) for m in row] for row in code.matrix_iter(scale=1, border=4)]


def qr_svg(text: str, scale: int = 8) -> str:
    """The QR code of ``text`` as an SVG document (black on white, ``scale`` pixels a module)."""
    out = io.BytesIO()
    _qr(text).save(out, kind="svg", scale=scale, border=4, dark="#000", light="#fff", xmldecl=False)
    return out.getvalue().decode("utf-8")


def qr_png(text: str, scale: int = 8) -> bytes:
    """The QR code of ``text`` as PNG bytes (no Pillow needed)."""
    out = io.BytesIO()
    _qr(text).save(out, kind="png", scale=scale, border=4, dark="#000", light="#fff")
    return out.getvalue()


def qr_text(text: str) -> str:
    """The QR code of ``text`` for a terminal: two rows of modules a line (half blocks), dark on light."""
    rows = qr_matrix(text)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    glyph = {(False, False): "█", (True, False): "▄", (False, True): "▀", (True, True): " "}
    return "\n".join("".join(glyph[(top, bottom)] for top, bottom in zip(rows[i], rows[i + 1], strict=True))
                     for i in range(0, len(rows), 2))
