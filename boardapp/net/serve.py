"""``boardapp host GAME_FILE``: serve a game file, make and print the seats' join codes (and their QR codes)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any

from boardapp.model.problems import FileProblemsError
from boardapp.net import codes
from boardapp.net.grants import Grant, read_grants
from boardapp.net.host import Host
from boardapp.net.replica import head


def _print_code(label: str, url: str, grant: Grant, qr: bool = False) -> None:
    """One line per code; with ``qr`` also its QR code (large: a terminal holds two or three of them)."""
    teams = f" (teams: {', '.join(sorted(grant.teams))})" if grant.teams is not None and grant.role != "player" \
        else ""
    player = f" (plays {grant.player})" if grant.player else ""
    print(f"  {label:<12} {grant.name}{teams}{player}: {grant.token}")
    if qr:
        print(codes.qr_text(codes.join_text(url, grant.token)))


def write_qr_files(folder: str | Path, url: str, grants: Iterable[Grant]) -> list[Path]:
    """A QR code per seat, as SVG and PNG, in ``folder`` (made if missing): ``umpire-1.svg``, ``umpire-1.png`` …
    each holding the seat's address and code (``ws://host:port/#CODE``). The files written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    used: set[str] = set()
    for grant in grants:
        stem = "".join(c if c.isalnum() else "-" for c in grant.name.casefold()).strip("-") or grant.role
        while stem in used:
            stem += "-2"
        used.add(stem)
        text = codes.join_text(url, grant.token)
        svg, png = folder / f"{stem}.svg", folder / f"{stem}.png"
        svg.write_text(codes.qr_svg(text), encoding="utf-8")
        png.write_bytes(codes.qr_png(text))
        written += [svg, png]
    return written


Beside = Callable[["Host", Any], Awaitable[Callable[[], Awaitable[None]] | None]]
"""Something served beside the host (the players' web page): started once the host is, given the
host and its game; returns how to stop it (or None if it did not start)."""


def main(path: str | Path, port: int = 8765, bind: str = "0.0.0.0", umpires: int = 4, qr: bool = False, *,
         prepare: Callable[[Host], Any] | None = None, beside: Beside | None = None,
         players: Iterable[str] = (), plan: str | Path | None = None, qr_dir: str | Path | None = None) -> int:
    """``boardapp host GAME_FILE``: serve a game file, print the join codes, run until Ctrl-C.

    Seats and codes are kept in ``GAME_FILE.seats.json`` (private to this user) so that a restarted
    host accepts the same codes. The codes are printed one line each (``qr``: with their QR codes too;
    the board's Game ▸ Join codes… shows them better), then how CONTROL gets its board on this host.
    ``prepare`` may add seats before they are saved (the web page's viewer seat); ``beside`` starts
    what is served beside the host (see :data:`Beside`).

    ``plan``: a seats plan file (:mod:`boardapp.net.seatplan`, what the Host dialog writes) — the seats to host
    with (without a seats file yet: only those); ``players``: player seats to make, by player id or name (Coup's
    nine: ``gov-mil`` …), each checked against the rule module; a bad one stops before anything is served, named.
    ``qr_dir``: write each seat's QR code there (SVG and PNG).
    """
    from boardapp.engine.files import open_game
    from boardapp.net import seatplan

    path = Path(path)
    try:
        game = open_game(path)
    except FileProblemsError as exc:
        for problem in exc.problems:
            print(str(problem), file=sys.stderr)
        return 1
    seats_file = path.with_name(path.name + ".seats.json")
    try:
        specs = seatplan.read_plan(plan, game.module) if plan is not None else []
        specs += [seatplan.player_seat(game.module, word) for word in players]
        saved = read_grants(seats_file) if seats_file.exists() else None
    except ValueError as exc:  # SeatPlanError too: the file, the seat and what is wrong
        print(f"boardapp: {exc}", file=sys.stderr)
        if game.store is not None:
            game.store.close()
        return 1

    async def run() -> None:
        host = Host(game, host=bind, port=port)
        if saved is not None:
            for grant in saved:
                host.grants[grant.token] = grant
        elif plan is None:
            host.add_seat("control", "CONTROL")
            for i in range(umpires):
                host.add_seat("umpire", f"umpire {i + 1}")
            host.add_seat("viewer", "big screen")
        for change in seatplan.apply_plan(host, specs):
            print(f"boardapp: {change}")
        if prepare is not None:
            prepare(host)
        host.save_grants(seats_file)
        await host.start()
        print(f"boardapp: hosting {path.name} at {host.url} (entry {head(game)}); join codes:")
        for grant in host.grants.values():
            if not grant.revoked:
                _print_code(grant.role, host.url, grant, qr=qr)
        if qr_dir is not None:
            written = write_qr_files(qr_dir, host.url, [g for g in host.grants.values() if not g.revoked])
            print(f"boardapp: QR codes of {len(written) // 2} seats written to {qr_dir} (SVG and PNG)")
        stop_beside = await beside(host, game) if beside is not None else None
        control = next((g for g in host.grants.values() if g.role == "control" and not g.revoked), None)
        if control is not None:
            print(f"CONTROL's board on this machine: boardapp join 127.0.0.1:{host.port} --code {control.token}\n"
                  f"(or stop this host, open {path.name} on the board and use Game ▸ Host: the same codes)")
        print("Press Ctrl-C to stop.")
        try:
            await asyncio.Event().wait()
        finally:
            if stop_beside is not None:
                await stop_beside()
            await host.stop()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    finally:
        if game.store is not None:
            game.store.close()
    return 0
