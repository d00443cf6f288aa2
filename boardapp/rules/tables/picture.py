"""What the board draws of a table-driven game: counters with their strength, control, the turn, and
every team's tracks (a hidden track only to its team)."""

from __future__ import annotations

from boardapp.engine.module import BoardPicture, BoardPiece, Section
from boardapp.rules.tables.facts import Facts
from boardapp.rules.tables.state import TablesState


def board(f: Facts, state: TablesState) -> BoardPicture:
    from boardapp.rules.tables.combat import unit_strength
    from boardapp.rules.tables.turn import turn_label

    pieces = []
    for cid, ctr in sorted(state.counters.items()):
        ut = f.types[ctr.type]
        marks = tuple(m for m, on in (("moved", ctr.moved), ("attacked", ctr.attacked)) if on)
        now = unit_strength(f, state, cid)
        steps = f", {ut.steps - ctr.losses} of {ut.steps} steps" if ut.steps > 1 else ""
        pieces.append(BoardPiece(id=cid, team=ctr.team, label=ut.label, value=str(now), place=ctr.place,
                                 tooltip=f"{ut.name} {cid} ({f.team_name(ctr.team)}): strength {now}{steps}, "
                                 f"{ut.movement} MP", marks=marks))
    public = [tr for tr in f.s.tracks if not tr.hidden]
    tracks = []
    rows = []
    for t in f.s.teams:
        entry: dict[str, object] = {"team": t.id, "name": t.name}
        for tr in f.s.tracks:
            entry[tr.id] = f.value(state, t.id, tr.id)
        limit = f.action_limit(state, t.id)
        used = state.actions.get(t.id, 0)
        entry["actions"] = used
        if limit is not None:
            entry["actions_max"] = limit[0]
        tracks.append(entry)
        rows.append([t.name, *(str(f.value(state, t.id, tr.id)) for tr in public),
                     f"{used}/{limit[0]}" if limit is not None else str(used)])
    sections = [Section(id="tables.tracks", title="Tracks", columns=["Team", *(tr.name for tr in public), "Actions"],
                        rows=rows, shows_tracks=True)]
    for t in f.s.teams:
        secret = [tr for tr in f.s.tracks if tr.hidden]
        if secret:
            sections.append(Section(id=f"tables.secret.{t.id}", title=f"{t.name}: own tracks",
                                    columns=[tr.name for tr in secret],
                                    rows=[[str(f.value(state, t.id, tr.id)) for tr in secret]],
                                    hidden=True, visible_to=(t.id,)))
    return BoardPicture(control={p: state.control.get(p) for p in f.places}, pieces=pieces,
                        turn_label=turn_label(f, state.turn), tracks=tracks,
                        hidden_keys=frozenset(tr.id for tr in f.s.tracks if tr.hidden), sections=sections)
