"""Join codes people can read aloud and type, and QR codes always available (issue 24.6)."""

from __future__ import annotations

import asyncio
import json
import math
import re
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

from boardapp.engine.files import load_scenario, new_game
from boardapp.net import codes
from boardapp.net.client import Seat, SeatError
from boardapp.net.grants import Grant
from boardapp.net.host import Host

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"
LOOK_ALIKES = set("0O1IL")


def test_codes_are_four_groups_of_four_without_look_alikes() -> None:
    made = {codes.new_code() for _ in range(2000)}
    assert len(made) == 2000
    for code in made:
        assert re.fullmatch(r"[2-9A-Z]{4}(-[2-9A-Z]{4}){3}", code), code
        assert not LOOK_ALIKES & set(code)
    used = set("".join(made).replace("-", ""))
    assert used == set(codes.ALPHABET)  # every symbol of the alphabet is drawn, and no other
    assert not LOOK_ALIKES & set(codes.ALPHABET) and len(codes.ALPHABET) == 31
    assert pytest.approx(16 * math.log2(31)) == codes.BITS
    assert codes.BITS > 79
    token = Grant(role="umpire", name="u").token  # a new seat's code is one of these
    assert codes.canonical(token) == token and len(token) == 19


@pytest.mark.parametrize("typed", ["k7qx-m4td-9rhc-wp3n", "K7QX M4TD 9RHC WP3N", "k7qxm4td9rhcwp3n",
                                   " K7QX.M4TD.9RHC.WP3N\n", "k7qx_m4td / 9rhc wp3n", "K7QX\u2013M4TD\u2013 9RHC WP3N"])
def test_a_code_is_read_whatever_the_case_and_the_separators(typed: str) -> None:
    assert codes.canonical(typed) == "K7QX-M4TD-9RHC-WP3N"
    assert codes.typing_problem(typed) is None


def test_what_a_dialog_says_about_a_mistyped_code() -> None:
    assert "no '0', 'O'" in (codes.typing_problem("K7QX-M4TD-9RHC-WP0O") or "")
    assert "read them again" in (codes.typing_problem("K7QX-M4TD-9RHC-WP0O") or "")
    assert codes.typing_problem("K7QX-M4TD-9RHC") == "a join code has 16 letters and digits; this has 12"
    assert codes.typing_problem("  ").startswith("type the join code")  # type: ignore[union-attr]
    assert codes.typing_problem("OjEYOmPg40SJAsyz9Jtbyn-9") is None  # an older code
    assert codes.canonical("OjEYOmPg40SJAsyz9Jtbyn-9") == "OjEYOmPg40SJAsyz9Jtbyn-9"


def test_the_host_takes_a_code_as_typed_and_older_codes_exactly(tmp_path: Path) -> None:
    """A seat typing its code in lower case with spaces joins; a seats file of an older boardapp (codes of
    ``token_urlsafe``) keeps its codes working exactly — and only exactly."""
    old_file = tmp_path / "old.seats.json"
    old_code = "OjEYOmPg40SJAsyz9Jtbyn-9"
    old_file.write_text(json.dumps([{"role": "umpire", "name": "umpire 1", "token": old_code, "teams": None,
                                     "revoked": False}]), encoding="utf-8")

    async def go() -> None:
        async with Host(new_game(load_scenario(TINY))) as host:
            host.load_grants(old_file)
            grant = host.add_seat("umpire", "umpire 2")
            typed = grant.token.lower().replace("-", " ")
            seat = Seat(host.url, typed)
            await seat.start(10)
            assert seat.role == "umpire" and seat.key == grant.key
            await seat.close()
            old = Seat(host.url, old_code)
            await old.start(10)
            assert old.role == "umpire"
            await old.close()
            wrong_case = Seat(host.url, old_code.lower())
            with pytest.raises(SeatError):
                await wrong_case.start(10)
            await wrong_case.close()

    asyncio.run(asyncio.wait_for(go(), 60))


def _finder_at(rows: list[list[bool]], top: int, left: int) -> bool:
    """A QR finder pattern (7x7: dark ring, light ring, dark 3x3 centre) with its top-left at (top, left)."""
    for r in range(7):
        for c in range(7):
            ring = max(abs(r - 3), abs(c - 3))
            if rows[top + r][left + c] != (ring != 2):
                return False
    return True


def test_a_qr_matrix_is_a_qr_code_of_the_join_text() -> None:
    text = codes.join_text("ws://192.168.1.5:8765/", "K7QX-M4TD-9RHC-WP3N")
    assert text == "ws://192.168.1.5:8765/#K7QX-M4TD-9RHC-WP3N"
    rows = codes.qr_matrix(text)
    n = len(rows)
    assert all(len(r) == n for r in rows)
    size = n - 8  # the quiet zone of four light modules each side
    assert (size - 17) % 4 == 0 and size >= 21  # a QR version's size: 17 + 4 * version
    assert not any(rows[0]) and not any(r[0] for r in rows)  # the quiet zone is light
    assert _finder_at(rows, 4, 4) and _finder_at(rows, 4, n - 11) and _finder_at(rows, n - 11, 4)
    assert not _finder_at(rows, n - 11, n - 11)  # the fourth corner has none: that is how a reader turns it
    assert codes.qr_matrix(text) == rows and codes.qr_matrix(text + "X") != rows


def test_qr_png_and_svg_are_what_they_say() -> None:
    text = codes.join_text("ws://10.0.0.2:8765/", codes.new_code())
    n = len(codes.qr_matrix(text))
    png = codes.qr_png(text, scale=5)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = struct.unpack(">II", png[16:24])
    assert width == height == n * 5
    # the PNG's chunks are whole (CRC of IHDR checks)
    length = struct.unpack(">I", png[8:12])[0]
    assert zlib.crc32(png[12:16 + length]) == struct.unpack(">I", png[16 + length:20 + length])[0]
    svg = codes.qr_svg(text, scale=4)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert float(root.get("width", "0")) == n * 4


def test_qr_text_draws_two_rows_a_line() -> None:
    text = "ws://127.0.0.1:8765/#K7QX-M4TD-9RHC-WP3N"
    rows = codes.qr_matrix(text)
    lines = codes.qr_text(text).splitlines()
    assert len(lines) == (len(rows) + 1) // 2 and all(len(line) == len(rows) for line in lines)
    assert lines[0] == "█" * len(rows)  # the light quiet zone
    assert set("".join(lines)) <= set("█▄▀ ")


def test_boardapp_join_says_what_is_wrong_with_a_mistyped_code_before_connecting(
        capsys: pytest.CaptureFixture[str]) -> None:
    from boardapp.cli import main

    assert main(["join", "127.0.0.1:9", "--code", "K7QX-M4TD-9RHC-WPOO"]) == 1
    err = capsys.readouterr().err
    assert "--code 'K7QX-M4TD-9RHC-WPOO': a join code has no 'O'" in err and "Traceback" not in err
    assert main(["join", "127.0.0.1:9", "--code", "K7QX-M4TD"]) == 1
    assert "a join code has 16 letters and digits; this has 8" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg (Debian's zbar-tools) reads QR codes back")
def test_a_qr_reader_reads_the_join_text_back(tmp_path: Path) -> None:
    """The PNG, and the matrix a window paints (written here as a plain PGM picture), read back by zbar."""
    text = codes.join_text("ws://192.168.1.5:8765/", codes.new_code())
    png = tmp_path / "seat.png"
    png.write_bytes(codes.qr_png(text))
    rows = codes.qr_matrix(text)
    scale = 6
    pgm = tmp_path / "matrix.pgm"
    size = len(rows) * scale
    pixels = bytes(0 if dark else 255 for row in rows for _ in range(scale) for dark in row for _ in range(scale))
    pgm.write_bytes(f"P5 {size} {size} 255\n".encode() + pixels)
    for picture in (png, pgm):
        done = subprocess.run(["zbarimg", "-q", "--raw", str(picture)], capture_output=True, text=True,
                              timeout=60, check=False)
        assert done.stdout.strip() == text, (picture.name, done.stdout, done.stderr)
