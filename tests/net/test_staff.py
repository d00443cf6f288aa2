"""The Control team as one mind across a real host (issue 29): CONTROL and two umpire seats share rulings,
follow-ups and notes through the journal; a player seat and a viewer may do none of it and receive none of it.

Every message a player seat and a viewer receive is kept raw (as the host sent it) and walked for the staff
texts; the same walk over an umpire's messages finds them (the control case).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.net.client import Seat
from boardapp.net.host import Host

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"

SECRETS = ("SECRET-RULING-river", "SECRET-FOLLOWUP-asteroid", "SECRET-NOTE-lunch", "SECRET-ALL-NOTE",
           "SECRET-CONFIRM", "SECRET-OVERTURN", "SECRET-DONE", "SECRET-DROP", "SECRET-FORCED-boat",
           "SECRET-AREA-published")


class RawSeat(Seat):
    """A seat that keeps every message the host sent it, as text, before handling it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.raw: list[str] = []

    def _on_raw(self, raw: str | bytes) -> None:
        self.raw.append(raw if isinstance(raw, str) else raw.decode("utf-8", "replace"))
        super()._on_raw(raw)


async def until(cond: Any, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not cond():
        assert asyncio.get_running_loop().time() < deadline, "condition not met in time"
        await asyncio.sleep(0.01)


def test_control_team_across_a_host_and_nothing_reaches_players_or_viewers(tmp_path: Path) -> None:
    path = tmp_path / "staff.game"
    new_game(load_scenario(TINY), save=path).store.close()

    async def go() -> None:
        game = open_game(path)
        async with Host(game, view_interval=0.01, view_events=True) as host:
            seats = {
                "control": RawSeat(host.url, host.add_seat("control", "CONTROL").token),
                "map": RawSeat(host.url, host.add_seat("umpire", "Map Control").token),
                "aliens": RawSeat(host.url, host.add_seat("umpire", "Aliens umpire", teams=["reb"]).token),
                "viewer": RawSeat(host.url, host.add_seat("viewer", "big screen").token),
                "player": RawSeat(host.url, host.add_seat("player", player="gov").token),
            }
            for s in seats.values():
                await s.start()
            control, mapc, aliens, viewer, player = seats.values()

            # 1. a ruling by one umpire, signed by the host with the seat's own name (not the one it claims)
            out = await mapc.play({"kind": "ruling", "text": "SECRET-RULING-river: rivers block moves",
                                   "area": "movement", "kinds": ["move"], "places": ["echo"], "by": "CONTROL"},
                                  timeout=5)
            assert out.accepted, out
            ruling_seq = out.seq
            await until(lambda: aliens.game is not None and ruling_seq in aliens.game.staff.rulings)
            for s in (control, mapc, aliens):
                await until(lambda s=s: ruling_seq in s.game.staff.rulings)
                r = s.game.staff.rulings[ruling_seq]
                assert (r.by, r.area, r.status) == ("Map Control", "movement", "open")
            assert game.staff.rulings[ruling_seq].by == "Map Control"

            # 2. only CONTROL confirms or overturns; an umpire is refused, and nothing is journalled
            n = len(game.entries)
            out = await aliens.play({"kind": "confirm_ruling", "ruling": ruling_seq, "text": "SECRET-CONFIRM"},
                                    timeout=5)
            assert out.code == "forbidden" and out.reasons == ("only CONTROL may confirm a ruling",)
            assert len(game.entries) == n
            out = await control.play({"kind": "confirm_ruling", "ruling": ruling_seq, "text": "SECRET-CONFIRM"},
                                     timeout=5)
            assert out.accepted
            for s in (mapc, aliens):
                await until(lambda s=s: s.game.staff.rulings[ruling_seq].status == "standing")
            assert aliens.game.staff.rulings[ruling_seq].status_by == "CONTROL"

            # 3. a command CONTROL forces enters the register by itself, with its reason and what it concerns
            out = await control.play({"kind": "move", "counter": "g-bde1", "to": "echo",
                                      "force": "SECRET-FORCED-boat: they crossed by boat"}, timeout=5)
            assert out.accepted, out
            forced_seq = out.seq
            await until(lambda: forced_seq in aliens.game.staff.rulings)
            forced = aliens.game.staff.rulings[forced_seq]
            assert forced.forced is not None and forced.kinds == ("move",) and "echo" in forced.places
            assert forced.overridden  # the rules it broke are kept
            out = await control.play({"kind": "overturn_ruling", "ruling": forced_seq, "text": "SECRET-OVERTURN"},
                                     timeout=5)
            assert out.accepted
            await until(lambda: aliens.game.staff.rulings[forced_seq].status == "overturned")

            # 4. a follow-up for another umpire's seat crosses tables; its addressee closes it
            out = await mapc.play({"kind": "follow_up", "text": "SECRET-FOLLOWUP-asteroid: tell them it was diverted",
                                   "to_seat": "Aliens umpire", "due": "turn", "due_turn": 1, "teams": ["reb"]},
                                  timeout=5)
            assert out.accepted
            fu_seq = out.seq
            await until(lambda: [f.seq for f in aliens.game.staff.follow_ups_for("Aliens umpire", ["reb"])]
                        == [fu_seq])
            assert mapc.game.staff.follow_ups_for("Map Control") == []
            out = await aliens.play({"kind": "follow_up_done", "follow_up": fu_seq, "text": "SECRET-DONE"},
                                    timeout=5)
            assert out.accepted
            await until(lambda: mapc.game.staff.follow_ups[fu_seq].status == "done")
            await until(lambda: control.game.staff.follow_ups[fu_seq].status == "done")
            fu = control.game.staff.follow_ups[fu_seq]
            assert fu.closed_by == "Aliens umpire" and fu.closed_at and not fu.late
            out = await aliens.play({"kind": "follow_up_done", "follow_up": fu_seq}, timeout=5)
            assert out.code == "illegal" and "done already" in out.reasons[0]  # one click is enough
            out = await control.play({"kind": "follow_up", "text": "SECRET-DROP", "to_team": "gov"}, timeout=5)
            out = await control.play({"kind": "follow_up_dropped", "follow_up": out.seq}, timeout=5)
            assert out.accepted

            # 5. notes: seat to seat, and to all of Control
            assert (await aliens.play({"kind": "note", "text": "SECRET-NOTE-lunch", "to": "Map Control"},
                                      timeout=5)).accepted
            assert (await control.play({"kind": "note", "text": "SECRET-ALL-NOTE"}, timeout=5)).accepted
            await until(lambda: len(mapc.game.staff.notes) == 2)
            assert [(x.by, x.to) for x in mapc.game.staff.notes] == [("Aliens umpire", "Map Control"),
                                                                     ("CONTROL", "")]
            assert [x.text for x in control.game.staff.notes_for("Map Control")] == ["SECRET-NOTE-lunch",
                                                                                     "SECRET-ALL-NOTE"]

            # 6. a player seat and a viewer may do none of it
            for s in (player, viewer):
                for cmd in ({"kind": "ruling", "text": "x"}, {"kind": "note", "text": "x"},
                            {"kind": "follow_up", "text": "x", "to_team": "gov"},
                            {"kind": "follow_up_done", "follow_up": fu_seq}):
                    out = await s.play(cmd, timeout=5)
                    assert out.code == "forbidden", (cmd, out)
            # 6b. a ruling CONTROL publishes tells the hall its sentence, nothing else; an umpire may not publish
            published = {"kind": "ruling", "text": "PUBLIC-RULING: ceasefire holds", "published": True,
                         "area": "SECRET-AREA-published", "teams": ["reb"]}
            out = await mapc.play(published, timeout=5)
            assert out.code == "forbidden" and out.reasons == ("only CONTROL publishes a ruling to the hall",)
            assert (await control.play(published, timeout=5)).accepted
            # a public change, to be sure the walk below reads messages sent after all of the above
            assert (await control.play({"kind": "news", "text": "PUBLIC-after-staff"}, timeout=5)).accepted
            for s in (viewer, player):
                await until(lambda s=s: any("PUBLIC-after-staff" in m for m in s.raw))

            # 7. ... and receives none of it: walk every message they were sent
            for who, s in (("viewer", viewer), ("player", player)):
                text = "\n".join(s.raw)
                for secret in SECRETS:
                    assert secret not in text, (who, secret)
                assert "staff_" not in text and "Map Control" not in text, who
                assert "CONTROL's ruling: PUBLIC-RULING: ceasefire holds" in text, who
            umpire_text = "\n".join(aliens.raw)  # control case: the same walk finds them in an umpire's messages
            for secret in SECRETS:
                assert secret in umpire_text, secret

            # 8. undo of a staff entry is a journal undo like any other (the register follows)
            last = game.entries[-1].seq
            out = await control.undo(last)
            await until(lambda: aliens.game.entries[-1].seq < last)
            for s in seats.values():
                await s.close()
        # 9. it survives the host: the game file opens with the same register
        game.store.close()
        again = open_game(path)
        try:
            reg = again.staff
            assert reg.rulings[ruling_seq].status == "standing" and reg.rulings[forced_seq].status == "overturned"
            assert reg.follow_ups[fu_seq].status == "done" and len(reg.notes) == 2
        finally:
            again.store.close()

    asyncio.run(asyncio.wait_for(go(), 60))
