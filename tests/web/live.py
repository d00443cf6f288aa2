"""A real LAN host and its web view on 127.0.0.1, run on an asyncio loop in a thread (for tests that
drive a browser or plain sockets from synchronous code), plus a CONTROL seat to push commands."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

from boardapp.engine.game import Game
from boardapp.net.client import Outcome, Seat
from boardapp.net.host import Host
from boardapp.web.server import WebView


class LiveGame:
    """``with LiveGame(game) as live:`` a host serving ``game``, its web view at ``live.url`` and CONTROL."""

    def __init__(self, game: Game[Any], clock: Callable[[], dict[str, Any] | None] | None = None,
                 view_interval: float = 0.02) -> None:
        self.game = game
        self.clock = clock
        self.view_interval = view_interval
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="live-game", daemon=True)
        self.host: Host | None = None
        self.web: WebView | None = None
        self.control: Seat | None = None

    def call(self, coro: Any, timeout: float = 20.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def _start(self) -> None:
        self.host = Host(self.game, view_interval=self.view_interval)
        await self.host.start()
        viewer = self.host.add_seat("viewer", "web page")
        self.web = WebView(self.host.url, viewer.token, clock=self.clock, scenario=self.game.module.scenario)
        await self.web.start()
        self.control = Seat(self.host.url, self.host.add_seat("control", "CONTROL").token)
        await self.control.start()

    async def _stop(self) -> None:
        for part in (self.control, self.web, self.host):
            if part is not None:
                await (part.close() if isinstance(part, Seat) else part.stop())

    def __enter__(self) -> LiveGame:
        self.thread.start()
        self.call(self._start())
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.call(self._stop())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)
            self.loop.close()

    @property
    def url(self) -> str:
        assert self.web is not None
        return f"http://127.0.0.1:{self.web.port}/"

    def play(self, command: dict[str, Any]) -> Outcome:
        """CONTROL plays ``command`` on the host; its outcome."""
        assert self.control is not None
        control = self.control

        async def go() -> Outcome:
            return await control.play(command, timeout=10)

        outcome: Outcome = self.call(go())
        return outcome
