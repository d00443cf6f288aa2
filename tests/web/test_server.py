"""The web view's server with a real host on 127.0.0.1: the page's files, the live stream, its speed,
slow and surplus pages, the turn clock, and ``boardapp host`` serving the page."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from boardapp.engine.files import load_scenario, new_game
from boardapp.web.server import LIVE_PATH, page_urls, static_files
from tests.web.helpers import PAGE_FILES, fetch, live_messages
from tests.web.live import LiveGame

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"
BINNI = ROOT / "scenarios" / "war-in-binni.yaml"


@pytest.fixture
def live() -> Any:
    with LiveGame(new_game(load_scenario(TINY))) as running:
        yield running


def ws_url(live: LiveGame) -> str:
    return live.url.replace("http://", "ws://").rstrip("/") + LIVE_PATH


def test_the_page_files_are_served_with_their_types_and_no_cdn(live: LiveGame) -> None:
    files = static_files()
    kinds = {"/": "text/html", "/index.html": "text/html", "/app.js": "text/javascript", "/style.css": "text/css",
             "/favicon.svg": "image/svg+xml"}
    for path in PAGE_FILES:
        status, headers, body = fetch(live.url.rstrip("/") + path)
        assert status == 200
        assert headers["Content-Type"].startswith(kinds[path])
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert "default-src 'none'" in headers["Content-Security-Policy"]
        name = "index.html" if path == "/" else path.lstrip("/")
        assert body == files[name]
        # nothing is fetched from elsewhere: the venue may have no internet
        assert b"http://" not in body.replace(b"http://www.w3.org/2000/svg", b"") and b"https://" not in body


@pytest.mark.parametrize("path", ["/nothing", "/../pyproject.toml", "/static/app.js", "/server.py", "/%2e%2e/cli.py"])
def test_anything_else_is_not_found(live: LiveGame, path: str) -> None:
    status, _, body = fetch(live.url.rstrip("/") + path)
    assert status == 404 and b"not found" in body


def test_a_plain_request_for_the_live_stream_is_told_to_upgrade(live: LiveGame) -> None:
    status, _, _ = fetch(live.url.rstrip("/") + LIVE_PATH)
    assert status == 426


def test_a_page_gets_the_map_then_the_picture(live: LiveGame) -> None:
    messages = [json.loads(m) for m in live_messages(live.url, lambda msg: msg["board"] is not None)]
    setup, state = messages[0], messages[-1]
    assert setup["type"] == "setup" and setup["rules"] == "binni"
    game = live.game
    assert {p["id"] for p in setup["map"]["places"]} == {p.id for p in game.module.map.places}
    assert {t["id"]: t["symbol"] for t in setup["teams"]} == {t.id: t.symbol for t in game.module.teams}
    assert state["board"]["turn_label"] == "Week 1" and state["host"] == "live"
    public = {p.id: p.place for p in game.module.board(game.state).pieces if not p.hidden}
    assert {p["id"]: p["place"] for p in state["board"]["pieces"]} == public


def test_a_command_reaches_every_open_page_within_half_a_second(live: LiveGame) -> None:
    """Three pages on loopback; CONTROL moves a brigade; each page sees it, and how soon is measured."""
    with contextlib.ExitStack() as stack:
        pages = [stack.enter_context(connect(ws_url(live), proxy=None)) for _ in range(3)]
        for ws in pages:  # the map and the first picture
            while json.loads(ws.recv(timeout=5))["type"] != "state":
                pass
        sent = time.monotonic()
        assert live.play({"kind": "move", "counter": "g-bde1", "to": "bravo"}).accepted
        delays = []
        for ws in pages:
            while True:
                msg = json.loads(ws.recv(timeout=5))
                if any(p["id"] == "g-bde1" and p["place"] == "bravo" for p in msg["board"]["pieces"]):
                    delays.append(time.monotonic() - sent)
                    break
        assert max(delays) < 0.5, delays


def test_a_page_that_stops_reading_gets_the_newest_picture_when_it_reads_again(live: LiveGame) -> None:
    """A slow phone is not sent a queue of old pictures: the newest replaces what it has not had yet."""
    with connect(ws_url(live), proxy=None) as ws:
        ws.recv(timeout=5)
        moves = [("g-bde1", "bravo"), ("g-bde1", "alpha")] * 3
        for counter, to in moves:
            outcome = live.play({"kind": "move", "counter": counter, "to": to, "force": "test: back and forth"})
            assert outcome.accepted, outcome.reasons
        time.sleep(0.5)
        last = None
        while True:
            try:
                last = json.loads(ws.recv(timeout=0.5))
            except TimeoutError:
                break
    assert last is not None
    assert next(p["place"] for p in last["board"]["pieces"] if p["id"] == "g-bde1") == "alpha"
    assert live.web is not None and last["seq"] == live.web.seq


def test_pages_beyond_the_limit_are_turned_away(live: LiveGame) -> None:
    assert live.web is not None
    live.web.max_pages = 1
    with connect(ws_url(live), proxy=None) as first:
        first.recv(timeout=5)
        deadline = time.monotonic() + 5
        while live.web.pages < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        status, _, body = fetch(live.url.rstrip("/") + LIVE_PATH)
        assert status == 503 and b"too many pages" in body


def test_the_turn_clock_counts_down_from_controls_shared_record() -> None:
    """Week Two plays 12:00-12:30 in War in Binni's timetable: 30 minutes. CONTROL started it, 10 minutes
    had run when the record was written a minute ago: 30 - 10 - 1 = 19 minutes are left."""
    record = {"week": 2, "elapsed": 600.0, "extra": 0.0, "running": True, "started": True, "wall": time.time() - 60}
    with LiveGame(new_game(load_scenario(BINNI)), clock=lambda: record) as live:
        clock = json.loads(live_messages(live.url, lambda msg: msg["clock"] is not None)[-1])["clock"]
    assert clock["week"] == 2 and clock["running"] is True
    assert clock["length"] == 30 * 60
    assert abs(clock["remaining"] - 19 * 60) < 3


def test_no_clock_shared_means_no_clock_shown(live: LiveGame) -> None:
    state = json.loads(live_messages(live.url, lambda msg: msg["board"] is not None)[-1])
    assert state["clock"] is None


def test_page_urls_name_this_machine_on_the_lan() -> None:
    assert page_urls("192.168.1.20", 8766) == ["http://192.168.1.20:8766/"]
    urls = page_urls("0.0.0.0", 8766)
    assert urls and all(u.startswith("http://") and u.endswith(":8766/") and "0.0.0.0" not in u for u in urls)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_boardapp_host_serves_the_page_and_says_where(tmp_path: Path) -> None:
    path = tmp_path / "hosted.game"
    game = new_game(load_scenario(TINY), save=path)
    assert game.store is not None
    game.store.close()
    port, web_port = free_port(), free_port()
    with subprocess.Popen([sys.executable, "-m", "boardapp.cli", "host", str(path), "--bind", "127.0.0.1",
                           "--port", str(port), "--web-port", str(web_port)], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, cwd=ROOT,
                          env=os.environ | {"PYTHONUNBUFFERED": "1"}) as proc:
        try:
            lines = []
            assert proc.stdout is not None
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                line = proc.stdout.readline()
                lines.append(line)
                if ("web page" in line and "http://" in line) or not line:
                    break
            url = f"http://127.0.0.1:{web_port}/"
            assert any(url in line for line in lines), lines
            assert any("web page" in line and "viewer" in line for line in lines), "the web view's seat is listed"
            status, _, body = fetch(url)
            assert status == 200 and b"Public board" in body
            state = json.loads(live_messages(url, lambda msg: msg["board"] is not None)[-1])
            assert state["board"]["turn_label"] == "Week 1"
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
    seats = json.loads((tmp_path / "hosted.game.seats.json").read_text(encoding="utf-8"))
    assert [s["name"] for s in seats if s["role"] == "viewer"] == ["big screen", "web page"]


def test_boardapp_host_refuses_one_port_for_both(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from boardapp.cli import main

    assert main(["host", str(tmp_path / "x.game"), "--port", "9000", "--web-port", "9000"]) == 1
    assert "--web-port 9000" in capsys.readouterr().err


def test_the_web_view_needs_no_qt() -> None:
    """With PySide6 blocked, the web view imports, and nothing of boardapp.ui comes with it."""
    script = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'PySide6' or name.startswith('PySide6.'):\n"
        "            raise ImportError('Qt is blocked in this test')\n"
        "sys.meta_path.insert(0, Block())\n"
        "import boardapp.web.server, boardapp.web.hosting, boardapp.web.picture\n"
        "assert not [m for m in sys.modules if m.startswith(('PySide6', 'boardapp.ui'))]\n"
        "print(len(boardapp.web.server.static_files()))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "4"


def test_news_is_public_events_and_notices_newest_first_and_bounded() -> None:
    """What a host sends a viewer with its views (public events, undo notices) becomes the page's news;
    a hidden event would not, even if a host sent one."""
    from boardapp.engine.module import Event
    from boardapp.web.picture import NEWS_KEPT
    from boardapp.web.server import WebView

    web = WebView("ws://127.0.0.1:9/", "code")
    web._on_seat("events", [Event(kind="news", text="Talks collapse in the capital"),
                            Event(kind="fist_in", text="Egypt commits 37 chips", hidden=True, visible_to=("egypt",))])
    web._on_seat("notice", "CONTROL undid umpire 2's entry 6")
    news = web.state_message()["news"]
    assert [n["text"] for n in news] == ["CONTROL undid umpire 2's entry 6", "Talks collapse in the capital"]
    assert not re.search(r"(?<![\d.])37(?![\d.])", json.dumps(news))  # the number alone, not a timestamp's digits
    web._on_seat("events", [Event(kind="news", text=f"headline {i}") for i in range(NEWS_KEPT + 5)])
    news = web.state_message()["news"]
    assert len(news) == NEWS_KEPT and news[0]["text"] == f"headline {NEWS_KEPT + 4}"


def test_pages_are_told_when_the_host_is_unreachable_and_keep_the_last_board(live: LiveGame) -> None:
    assert live.host is not None and live.web is not None
    with connect(ws_url(live), proxy=None) as ws:
        while json.loads(ws.recv(timeout=5))["type"] != "state":
            pass
        live.call(live.host.stop())
        live.host = None  # stopped already: the fixture does not stop it again
        while True:
            msg = json.loads(ws.recv(timeout=10))
            if msg["type"] == "state" and msg["host"] == "reconnecting":
                break
    assert msg["board"]["turn_label"] == "Week 1" and msg["board"]["pieces"]  # the last known board stays
