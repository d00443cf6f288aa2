"""The Control team's section of the umpires' after-action report (issue 29.4): the rulings (standing,
overturned, ruled and left) and the follow-ups (done, late, dropped, left open), with their times.

Drawn from the register the journal folds into (:func:`boardapp.engine.staff.fold`). Only the umpires'
report calls it (``build_report(umpire=True)``): the public report shows none of it.
"""

from __future__ import annotations

from html import escape

from boardapp.engine.staff import FollowUpRecord, fold, hhmm
from boardapp.review.timeline import Review

STATUS = {"standing": "standing", "overturned": "overturned", "open": "ruled (not confirmed)"}


def _when(at: str, turn: str) -> str:
    return escape(" · ".join(x for x in (hhmm(at), turn) if x))


def _follow_up_state(f: FollowUpRecord) -> str:
    if f.status == "open":
        return "left open"
    state = "late" if f.status == "done" and f.late else f.status
    return f"{state} — {escape(f.closed_by or 'CONTROL')} at {escape(hhmm(f.closed_at))}" + (
        f": {escape(f.closed_text)}" if f.closed_text else "")


def control_team_html(review: Review) -> str:
    """The section as HTML (a heading and two tables; a sentence when Control wrote nothing)."""
    reg = fold(review.entries)
    out = ['<section class="control-team" id="control-team"><h2>The Control team: rulings and follow-ups</h2>']
    if not reg.rulings and not reg.follow_ups:
        out.append("<p><em>No rulings or follow-ups were recorded in this game.</em></p></section>")
        return "\n".join(out)
    counts = {s: sum(1 for r in reg.rulings.values() if r.status == s) for s in STATUS}
    out.append(f"<h3>Rulings</h3><p>{len(reg.rulings)} rulings: {counts['standing']} standing, "
               f"{counts['overturned']} overturned, {counts['open']} not confirmed.</p>")
    out.append("<table><tr><th>Entry</th><th>When</th><th>By</th><th>Area</th><th>Ruling</th><th>Status</th></tr>")
    for r in sorted(reg.rulings.values(), key=lambda r: r.seq):
        what = escape(r.text) + (f"<br><small>forced {escape(str(r.forced.get('kind')))} although "
                                 f"{escape('; '.join(r.overridden))}</small>" if r.forced else "")
        status = STATUS[r.status] + (f" — {escape(r.status_by or 'CONTROL')} at {escape(hhmm(r.status_at))}"
                                     if r.status != "open" else "")
        out.append(f"<tr class=\"ruling {r.status}\"><td>{r.seq}</td><td>{_when(r.at, r.turn)}</td>"
                   f"<td>{escape(r.by or 'CONTROL')}</td><td>{escape(r.area)}</td><td>{what}</td>"
                   f"<td>{status}</td></tr>")
    out.append("</table>")
    fus = sorted(reg.follow_ups.values(), key=lambda f: f.seq)
    late = sum(1 for f in fus if f.status == "done" and f.late)
    out.append(f"<h3>Follow-ups</h3><p>{len(fus)} follow-ups: {sum(f.status == 'done' for f in fus)} done "
               f"({late} late), {sum(f.status == 'dropped' for f in fus)} dropped, "
               f"{sum(f.status == 'open' for f in fus)} left open.</p>")
    out.append("<table><tr><th>Entry</th><th>When</th><th>From</th><th>For</th><th>Due</th><th>Follow-up</th>"
               "<th>Outcome</th></tr>")
    for f in fus:
        due = {"now": "now", "clock": f"at {hhmm(f.due_at)}", "turn": f"by turn {f.due_turn}"}[f.due]
        out.append(f"<tr class=\"follow-up {f.status}\"><td>{f.seq}</td><td>{_when(f.at, f.turn)}</td>"
                   f"<td>{escape(f.by or 'CONTROL')}</td><td>{escape(f.addressee())}</td><td>{escape(due)}</td>"
                   f"<td>{escape(f.text)}</td><td>{_follow_up_state(f)}</td></tr>")
    out.append("</table></section>")
    return "\n".join(out)
