"""The key events of a game for its review: fights, control changes, deaths, PR changes and the
rulings CONTROL forced, each with its turn and the position to jump to.

What a public report may tell is decided here: an event the rule module marks hidden is left out,
and so is an event that names a counter the public board does not show (a special-forces team in a
fight): a public report must not place a secret counter even in a sentence. A forced ruling is told
publicly by CONTROL's words and the public events it produced; the command itself and the rules it
overrode are for the umpires' report.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardapp.engine.module import Audience
from boardapp.review.timeline import Review

KEY_KINDS: dict[str, str] = {
    "fight": "fight",
    "control": "control",
    "deaths": "deaths",
    "pr": "PR",
    "eliminated": "eliminated",
    "victory": "victory",
    "victory_points": "victory points",
    "insurrection": "insurrection",
}
"""Event kinds (as the rule modules name them) a review tells, and the word it tags them with."""


@dataclass(frozen=True)
class KeyEvent:
    position: int
    """The position right after the entry that produced it (where the review jumps)."""
    seq: int
    """The journal entry."""
    turn: str
    tag: str
    """'fight', 'control', 'deaths', 'PR', … or 'ruling' for a forced ruling."""
    text: str


def _secret_counters(review: Review, position: int) -> set[str]:
    picture = review.module.board(review.state_at(position))
    return {p.id for p in picture.pieces if p.hidden}


def key_events(review: Review, audience: Audience = Audience.PUBLIC) -> list[KeyEvent]:
    """The key events in journal order, as ``audience`` may read them."""
    out: list[KeyEvent] = []
    for position, entry in enumerate(review.entries, start=1):
        keys = [e for e in entry.events if e.kind in KEY_KINDS]
        if not keys and not entry.overridden:
            continue
        if audience.sees_everything:
            told = keys
            public_texts = [e.text for e in entry.events]
        else:
            secret = _secret_counters(review, position - 1) | _secret_counters(review, position)
            visible = [e for e in entry.events if e.visible(audience) and not secret & set(e.counters)]
            told = [e for e in visible if e.kind in KEY_KINDS]
            public_texts = [e.text for e in visible]
        for e in told:
            out.append(KeyEvent(position, entry.seq, entry.turn, KEY_KINDS[e.kind], e.text))
        if entry.overridden:
            force = str(entry.command.get("force", ""))
            if audience.sees_everything:
                cmd = review.module.parse_command(entry.command)
                text = (f"CONTROL's ruling ({force}): {cmd.describe()} although " + "; ".join(entry.overridden)
                        + (f" — {public_texts[0]}" if public_texts else ""))
            else:
                text = f"CONTROL's ruling: {force}" + (f" — {public_texts[0]}" if public_texts else "")
            out.append(KeyEvent(position, entry.seq, entry.turn, "ruling", text))
    return out
