"""``boardapp host GAME`` with the players' web page beside the LAN host, in one process and loop.

The host (:class:`boardapp.net.host.Host`) serves the seats as before; a :class:`WebView` joins it
as a viewer seat named "web page" (its code kept in ``GAME.seats.json`` with the others) and serves
the page on its own port. This mirrors :func:`boardapp.net.serve.main`, which has no hook to start
anything beside the host (see docs/web.md for the hook that would let it).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from boardapp.net.grants import Grant
from boardapp.net.host import Host
from boardapp.web.server import ANY_ADDRESS, KEEP_FREE, WebView

WEB_SEAT = "web page"
"""The name of the viewer seat the web view joins with."""
META_CLOCK = "clock"
"""The game file's meta key where CONTROL's board shares the turn clock (ui/bigscreen_control.py)."""


def web_grant(host: Host) -> Grant:
    """The viewer seat the web view joins with: the one named :data:`WEB_SEAT`, made if missing."""
    for grant in host.grants.values():
        if grant.role == "viewer" and grant.name == WEB_SEAT and not grant.revoked:
            return grant
    return host.add_seat("viewer", WEB_SEAT)


def clock_reader(game: Any) -> Any:
    """A function giving CONTROL's clock record from the game file's meta (None when there is none)."""

    def read() -> dict[str, Any] | None:
        store = getattr(game, "store", None)
        if store is None:
            return None
        text = store.meta().get(META_CLOCK)
        record = json.loads(text) if text else None
        return record if isinstance(record, dict) else None

    return read


async def start_web(host: Host, game: Any, bind: str, port: int) -> WebView:
    """Start the web view of ``host`` on ``bind:port`` (the host must be serving already)."""
    grant = web_grant(host)
    local = f"ws://127.0.0.1:{host.port}/" if host.bind in ANY_ADDRESS else host.url
    # the host's own clock (issue 19.3): what every seat is sent; the game file's record only without one
    clock = getattr(host, "clock_record", None) or clock_reader(game)
    # the descriptors the page may not take: every connection the host serves its seats, and the usual margin
    web = WebView(local, grant.token, bind=bind, port=port, clock=clock,
                  scenario=getattr(game.module, "scenario", None), keep_free=host.limits.connections + KEEP_FREE)
    await web.start()
    return web


def main(path: str | Path, port: int = 8765, bind: str = "0.0.0.0", umpires: int = 4,
         web_port: int | None = None, **seats: Any) -> int:
    """Serve a game file to seats on ``port`` (``boardapp.net.serve.main``: the same seats, codes and
    messages; ``seats``: its ``players``, ``plan``, ``qr`` and ``qr_dir``) and its public web page on
    ``web_port`` beside it (None: no page)."""
    from boardapp.net.serve import main as host_main

    if web_port is None:
        return host_main(path, port=port, bind=bind, umpires=umpires, **seats)

    async def beside(host: Host, game: Any) -> Any:
        try:
            web = await start_web(host, game, bind, web_port)
        except OSError as exc:
            print(f"boardapp: the web page could not use port {web_port}: {exc.strerror or exc}; "
                  f"choose another with --web-port", file=sys.stderr)
            return None
        print("boardapp: the players' web page (public board, read-only): " + "  ".join(web.urls))
        return web.stop

    return host_main(path, port=port, bind=bind, umpires=umpires, prepare=web_grant, beside=beside, **seats)
