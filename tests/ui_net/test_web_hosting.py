"""Game ▸ Host on the LAN also serves the players' web page (issue 17): its address in the Seats dock, as a
QR code or large text for the big screen, and the page's clock is the host's one clock."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import fetch, live_messages

ELAPSED = 10 * 60.0
"""CONTROL's clock in the tests: running, ten minutes into the week."""


@pytest.fixture
def web_window(qtbot: Any, game_path: Path) -> Any:
    """A board window hosting its game on 127.0.0.1 with the web page on any free port."""
    from boardapp.engine.files import open_game
    from boardapp.ui.mainwindow import MainWindow
    from boardapp.ui.network.loops import SeatPlan

    win = MainWindow(open_game(game_path), game_path)
    qtbot.addWidget(win)
    win.show()
    win.network.host_game(port=0, bind="127.0.0.1", web_port=0, view_interval=0.02,
                          plan=SeatPlan(umpires=[("umpire 1", None)]))
    yield win
    win.network.shutdown()


def _set_running_clock(host: Any) -> None:
    """What CONTROL's ``clock_set`` does: the week's clock running, :data:`ELAPSED` seconds in."""
    host.set_clock(dict(host.clock.record(), running=True, started=True, elapsed=ELAPSED), by="CONTROL")


def _clock_counts_down(base: str, length: float) -> None:
    """The page is given the host's clock: running, the week's length less :data:`ELAPSED` left (a second's
    slack for the time the test takes), and a later picture has less left."""
    def running(msg: dict[str, Any]) -> bool:
        return bool(msg["clock"] and msg["clock"]["running"])

    first = json.loads(live_messages(base, running)[-1])["clock"]
    assert first["length"] == pytest.approx(length, abs=0.1)
    assert first["remaining"] == pytest.approx(length - ELAPSED, abs=2.0)
    time.sleep(1.2)
    later = json.loads(live_messages(base, running)[-1])["clock"]  # a page opened later: the clock went on
    assert later["remaining"] < first["remaining"]


def test_hosting_from_the_board_serves_the_web_page_and_says_where(qtbot: Any, web_window: Any) -> None:
    runner = web_window.network.runner
    urls = runner.web_urls
    assert urls and urls[0].startswith("http://127.0.0.1:")
    status, _, body = fetch(urls[0])
    assert status == 200 and b"<html" in body.lower()
    msgs = live_messages(urls[0], lambda m: m["board"] is not None)
    assert json.loads(msgs[0])["type"] == "setup"
    # the page's viewer seat is a seat like the others, kept in the seats file
    assert any(g.role == "viewer" and g.name == "web page" for g in runner.grants())
    assert any(urls[0] in change for change in runner.changes)
    dock = web_window.network.show_status()
    assert dock is not None
    assert urls[0] in web_window.network.status_panel.address.text()
    codes = web_window.network.show_codes()
    assert codes is not None and urls[0] in codes.text
    assert "web page" not in [g.name for g in codes.grants]  # nobody types the page's own code
    codes.accept()
    web_window.network.stop_hosting()
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        urllib.request.urlopen(urls[0], timeout=2)


def test_a_busy_web_port_is_said_and_the_seats_are_served_all_the_same(qtbot: Any, game_path: Path) -> None:
    import socket

    from boardapp.ui.network.loops import HostRunner, SeatPlan

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        runner = HostRunner(game_path, bind="127.0.0.1", port=0, web_port=busy.getsockname()[1])
        try:
            url = runner.start(SeatPlan(umpires=[]))
            assert url.startswith("ws://127.0.0.1:")
            assert runner.web is None and runner.web_urls == []
            assert any("web page could not use port" in c for c in runner.changes)
        finally:
            runner.close()


def test_the_page_counts_down_from_the_hosts_clock_when_the_board_hosts(qtbot: Any, web_window: Any) -> None:
    runner = web_window.network.runner
    length = runner.call(lambda h: h.clock.length)
    runner.call(_set_running_clock)
    _clock_counts_down(runner.web_urls[0], length)


def test_the_page_counts_down_from_the_hosts_clock_with_boardapp_host(game_path: Path) -> None:
    """``boardapp host`` starts the page with :func:`start_web` beside its host: the same clock."""
    from boardapp.engine.files import open_game
    from boardapp.net.host import Host
    from boardapp.web.hosting import start_web

    async def go() -> None:
        game = open_game(game_path)
        try:
            async with Host(game, view_interval=0.02) as host:
                web = await start_web(host, game, "127.0.0.1", 0)
                try:
                    _set_running_clock(host)
                    await asyncio.to_thread(_clock_counts_down, web.urls[0], host.clock.length)
                finally:
                    await web.stop()
        finally:
            game.store.close()

    asyncio.run(go())


def test_the_big_screen_shows_the_pages_address_as_a_qr_code_and_large_text(qtbot: Any, web_window: Any,
                                                                             tmp_path: Any) -> None:
    import shutil
    import subprocess

    url = web_window.network.runner.web_urls[0]
    assert web_window.network.web_action.isEnabled()
    dlg = web_window.network.show_web_address()
    assert dlg is not None and dlg.address.text() == url
    assert dlg.has_qr and not dlg.qr.pixmap().isNull()  # always: segno is a dependency
    assert dlg.address.font().pointSize() >= 28  # beside the QR code; typed from across the room
    if shutil.which("zbarimg"):
        path = tmp_path / "web.png"
        assert dlg.qr.pixmap().save(str(path))
        read = subprocess.run(["zbarimg", "-q", "--raw", str(path)], capture_output=True, text=True, timeout=60,
                              check=False)
        assert read.stdout.strip() == url
    dlg.accept()
