"""Where everything lies on the Coup table, as plain data: a list of :class:`Spot` built from the table
an audience sees (``BoardPicture.table``, made by the rule module's ``view``).

The table is drawn like the rulebook's seating: the Rebels across the top, Control and the Neutral
Pool in the middle, the Government at the bottom, the Foreign Power at the side. A card or a unit is
face up only where the table holds its identity (the audience may see it); elsewhere it is a back.
In combat the middle row becomes the combat area: the stacks laid out, matched, flipped, the losses.

No Qt here: the view (:mod:`boardapp.ui.rules.coup.view`) paints the spots and hit-tests them, and
the tests walk every text the spots carry (nothing else is painted).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardapp.engine.module import Audience

TEAM_COLOURS = {"gov": "#2f5d9b", "reb": "#a8322d", "for": "#3b7d3b", "control": "#5d5d66"}
TEAM_WORDS = {"gov": "Government", "reb": "Rebels", "for": "Foreign Power"}
CLASS_WORDS = {"mil": "Military", "para": "Paramilitary", "civ": "Civilian"}
SUIT_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
EFFECT_WORDS = {
    "loyalty_shift": "Loyalty Shift", "infiltrate": "Infiltrate", "leak": "Leak", "recruit": "Recruit",
    "neutralize": "Neutralize", "block": "Block", "bust": "Bust",
}
SEAT_NAMES = {f"{t}-{c}": f"{t.capitalize()}-{c.capitalize()}" for t in ("gov", "reb", "for")
              for c in ("mil", "para", "civ")}
STEP_WORDS = {"lay_out": "lays out", "match": "matches", "losses": "losses"}


@dataclass
class Spot:
    """One thing on the table: a rectangle, what it is, the texts painted in it, and what it does.

    ``kind``: 'panel' (a seat, Control, the pool, the combat area), 'card', 'back' (a face-down card),
    'unit', 'counter' (a face-down unit), 'stack', 'button', 'text'. ``drag``: the piece id it carries
    when dragged; ``drop``: the place id a drop on it names (a seat, 'discard', 'stack:2', 'new-stack');
    ``command``: what clicking a button submits (or a local action, ``{"local": ...}``)."""

    kind: str
    rect: tuple[float, float, float, float]
    texts: list[str] = field(default_factory=list)
    ident: str = ""
    fill: str = "#ffffff"
    ink: str = "#111111"
    border: str = ""
    px: float = 12.0
    bold: bool = False
    drag: str | None = None
    drop: str | None = None
    command: dict[str, Any] | None = None
    lit: bool = False
    """Drawn highlighted (a seat asked to Block, a unit chosen as a loss, the team to act)."""
    align: str = "centre"
    shrink: float = 0.6
    """How far a text too wide for its box may shrink before it is cut short with an ellipsis."""
    wrap: bool = False
    """A text that wraps onto more lines at spaces (the hall's news) instead of being cut short."""


@dataclass
class Staging:
    """What the window's user is arranging before it is sent (combat only): the stacks he is laying
    out, the units he sends against each laid stack, the units he chooses to lose."""

    stacks: list[list[str]] = field(default_factory=list)
    pairs: dict[int, list[str]] = field(default_factory=dict)
    chosen: list[str] = field(default_factory=list)
    attempt: tuple[str, str] | None = None
    """(actor, counterpart): a seat's name dragged onto a counterpart, asking what to attempt without a card."""
    favours: dict[str, Any] | None = None
    """A transfer to or from the Foreign Power waiting for the favours (chips) negotiated with it."""
    play: dict[str, Any] | None = None
    """With ``favours``: the same card could be played against that counterpart instead (offered too)."""

    def clear(self) -> None:
        self.stacks, self.pairs, self.chosen, self.attempt, self.favours, self.play = [], {}, [], None, None, None


def acts_for(audience: Audience, player: str) -> bool:
    """Whether the window may act for ``player``: Control's window for all, a player's seat for itself."""
    return audience.sees_everything or audience.player == player


def card_face(card: str) -> str:
    """'J♦' for 'JD'."""
    return card[:-1] + SUIT_SIGNS.get(card[-1], card[-1])


def card_effect(card: str) -> str:
    rank, suit = card[:-1], card[-1]
    if rank in ("A", "K"):
        return "loyalty_shift"
    if rank in ("J", "Q"):
        return "infiltrate"
    return {"H": "leak", "C": "recruit", "D": "neutralize", "S": "block"}[suit]


UMPIRE_LEAST_PX = 12.0
"""The least text size on the umpire's table (an arm's length from the screen): no 7-px objectives."""


def _points(x: float) -> str:
    """A score as the table writes it: '11.5', '9', and a nought never signed ('-0' is 0)."""
    return f"{x + 0.0:g}"


def _hall_least(height: float) -> float:
    from boardapp.ui.bigscreen.pages import hall_px

    return float(hall_px(height))


def _advance(text: str, px: float, bold: bool) -> float:
    from PySide6.QtGui import QFontMetricsF

    from boardapp.ui.board import style

    return float(QFontMetricsF(style.font(px, bold)).horizontalAdvance(text))


def _wrapped_height(text: str, px: float, width: float) -> float:
    """The height ``text`` takes at ``px`` wrapped at spaces in ``width``."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QFontMetricsF

    from boardapp.ui.board import style

    fm = QFontMetricsF(style.font(px, False))
    return float(fm.boundingRect(QRectF(0, 0, width, 1e6), int(Qt.TextFlag.TextWordWrap), text).height()) + px * 0.2


def unit_words(u: dict[str, Any]) -> list[str]:
    """A face-up unit counter: its name and firepower ('Tanks', '6'); a dummy says so."""
    return [u["name"], "dummy" if u.get("dummy") else str(u["firepower"])]


def guarded(table: dict[str, Any], audience: Audience) -> dict[str, Any]:
    """``table`` without what ``audience`` may not see, whatever it was handed: a guard behind the rule
    module's ``view`` (which already leaves it out), so that a table sent whole by mistake still shows
    no other player's hand or units, no deck, no pool (the rule: :mod:`boardapp.rules.coup.picture`).

    >>> t = {"phase": "play", "seats": [{"player": "gov-mil", "hand": [{"card": "5C"}]},
    ...      {"player": "reb-mil", "hand": [{"card": "9S"}]}], "deck_cards": ["AS"]}
    >>> [sorted(s) for s in guarded(t, Audience.player_seat("gov-mil"))["seats"]]
    [['hand', 'player'], ['player']]
    >>> "deck_cards" in guarded(t, Audience.PUBLIC)
    False
    """
    if audience.sees_everything:
        return table
    out = {k: v for k, v in table.items() if k not in ("deck_cards", "discard_cards", "pool_units")}
    fighting = table.get("phase") in ("combat", "over")

    def sees_units(p: str) -> bool:
        team, cls = p.split("-")
        if audience.may_see((p,)):
            return True
        side = (f"{team}-mil", f"{team}-para")
        return fighting and team in ("gov", "reb") and cls != "civ" and audience.may_see(side)

    seats = []
    for given in table.get("seats", []):
        p = given["player"]
        seats.append({k: v for k, v in given.items() if k not in ("hand", "objective", "unit_list")
                      or (k == "unit_list" and sees_units(p)) or (k != "unit_list" and audience.may_see((p,)))})
    out["seats"] = seats
    cb = table.get("combat")
    if cb is not None and not audience.may_see((f"{cb['defender']}-mil", f"{cb['defender']}-para")):
        out["combat"] = dict(cb, stacks=[{k: v for k, v in st.items() if k != "units"} for st in cb.get("stacks", [])])
    return out


class Table:
    """Lays out one table for one audience in a ``width`` by ``height`` area."""

    def __init__(self, table: dict[str, Any], audience: Audience, width: float, height: float, *,
                 interactive: bool = True, hall: bool = False, staging: Staging | None = None,
                 news: list[str] | None = None) -> None:
        self.t = guarded(table, audience)
        self.audience = audience
        self.w, self.h = max(width, 200.0), max(height, 150.0)
        self.interactive = interactive
        self.hall = hall
        self.staging = staging or Staging()
        self.news = news or []
        self.u = min(self.w / 150.0, self.h / 85.0)
        self.least = _hall_least(self.h) if hall else 0.0
        """In the hall, no text smaller than the hall standard (capitals 19 px per 1080 of height)."""
        self.spots: list[Spot] = []
        self.seats = {s["player"]: s for s in self.t.get("seats", [])}

    # --- helpers --------------------------------------------------------------------------------
    def add(self, kind: str, rect: tuple[float, float, float, float], *texts: str, **kw: Any) -> Spot:
        if self.least and any(texts):  # the hall: never below the standard, shrunk at most down to it
            px = max(float(kw.get("px", 12.0)), self.least)
            kw["px"], kw["shrink"] = px, self.least / px
        spot = Spot(kind, rect, [t for t in texts if t], **kw)
        self.spots.append(spot)
        return spot

    def button(self, x: float, y: float, text: str, command: dict[str, Any], ident: str = "") -> float:
        """A button at (x, y); returns its right edge."""
        u = self.u
        w = max(6 * u, len(text) * u * 0.95 + 2 * u)
        self.add("button", (x, y, w, 3.2 * u), text, ident=ident or text, command=command, fill="#f2efe6",
                 border="#6b6b6b", px=1.5 * u, bold=True)
        return x + w + u

    def control(self) -> bool:
        return self.audience.sees_everything and self.interactive

    # --- the whole table --------------------------------------------------------------------------
    def build(self) -> list[Spot]:
        u, t = self.u, self.t
        self.header()
        top = 8 * u
        bottom = self.h - (14 * u if self.hall else u)
        if self.hall:
            self.newsbar(bottom + u)
        left_w = self.w * 0.75
        fight = t.get("phase") in ("combat", "over")
        shares = (0.24, 0.52, 0.24) if fight else (1 / 3, 1 / 3, 1 / 3)
        body = bottom - top
        rows = [top]
        for s in shares:
            rows.append(rows[-1] + body * s)
        seating = t.get("seating", {})
        for row, key in ((0, "top"), (2, "bottom")):
            players = seating.get(key, [])
            for i, p in enumerate(players):
                bw = (left_w - u) / max(1, len(players))
                self.seat(p, (u + i * bw, rows[row] + u * 0.5, bw - u, rows[row + 1] - rows[row] - u))
        mid = (u, rows[1] + u * 0.5, left_w - u * 2, rows[2] - rows[1] - u)
        if fight:
            self.combat(mid)
        else:
            cw = mid[2] * 0.42
            under = len(self.spots)
            self.control_box((mid[0], mid[1], cw - u, mid[3]))
            pool = len(self.spots)
            self.pool_box((mid[0] + cw, mid[1], mid[2] - cw, mid[3]))
            boxes = len(self.spots)
            if t.get("pending"):
                self.block_prompt(mid)
            elif self.staging.attempt is not None and self.interactive:
                self.attempt_prompt(mid, *self.staging.attempt)
            elif self.staging.favours is not None and self.interactive:
                self.favours_prompt(mid, self.staging.favours, self.staging.play)
            if len(self.spots) > boxes and not self.hall:  # a prompt over the middle: the two boxes alone
                # (what lay in them showed through the prompt's edge, "D" of "Deck", and took clicks meant for it)
                self.spots[under:boxes] = [self.spots[i] for i in (under, pool) if self.spots[i].kind == "panel"]
        side = seating.get("side", [])
        sh = (bottom - top) / max(1, len(side))
        for i, p in enumerate(side):
            self.seat(p, (left_w, top + i * sh + u * 0.5, self.w - left_w - u, sh - u))
        return self.spots

    def header(self) -> None:
        """The turn, the teams' order of play (chips) and the deck's counts across the top. In the hall the
        parts are placed one after another as wide as they are drawn (at the hall's size the order's chips
        ran under the counts, and "Order" under the first chip); the counts stay in the header only where they
        fit after the chips, and the CONTROL box shows them in any case (:meth:`control_box`)."""
        u, t = self.u, self.t
        big = 3.4 * u if self.hall else 2.6 * u
        words = self.turn_words()
        self.add("text", (u, 0, self.w * 0.42, 7 * u), words, px=big, bold=True, align="left", ink="#f4f1ea")
        order = t.get("order", [])
        x = self.w * (0.3 if self.hall else 0.4)
        end = u + _advance(words, max(big, self.least), True) if self.hall else x
        if self.hall:
            x = max(x, end + 2 * u)
        if order and t.get("phase") == "play":
            order_w = max(8 * u, _advance("Order", max(1.6 * u, self.least), False) + u)
            self.add("text", (x, 0, order_w, 7 * u), "Order", px=1.6 * u, align="left", ink="#c9c3b5")
            x += order_w
            arrow_w = _advance(">", max(2 * u, self.least), False) + 6 if self.hall else 2 * u
            gap = max(u, arrow_w) if self.hall else u
            for i, team in enumerate(order):
                now = team == t.get("current_team")
                bw = (len(TEAM_WORDS[team]) * 1.25 + 2) * u
                if self.least:
                    bw = max(bw, _advance(TEAM_WORDS[team], self.least, now) + 2 * u)
                self.add("panel", (x, 1.4 * u, bw, 4.4 * u), TEAM_WORDS[team], fill=TEAM_COLOURS[team],
                         ink="#ffffff", px=(1.9 if now else 1.5) * u, bold=now, lit=now,
                         border="#ffd34d" if now else "", ident=f"order:{team}")
                x += bw + gap
                end = x - gap
                if i < len(order) - 1:
                    # across the gap, unshrunk (in a box as wide as the gap it was shrunk to 10-px ink); in the
                    # hall the gap as wide as the arrow drawn (it was clipped)
                    self.add("text", (x - gap / 2 - arrow_w / 2, 0, arrow_w, 7 * u), ">", px=2 * u, ink="#f4f1ea",
                             shrink=1.0)
        counts = self.counts_words()
        left = self.w * (0.5 if self.hall else 0.74)
        if self.hall:
            px = max(2.2 * u, self.least)
            left = max(end + 2 * u, self.w - u - _advance(counts, px, True) - 4)
            if left + _advance(counts, px, True) + 4 > self.w - u:
                return  # no room after the order: the CONTROL box shows the counts
        self.add("text", (left, 0, self.w - left - u, 7 * u), counts, px=(2.2 if self.hall else 1.6) * u,
                 align="right", ink="#f4f1ea", bold=self.hall, ident="counts")

    def counts_words(self) -> str:
        t = self.t
        return f"Deck {t.get('deck', 0)} · Discard {t.get('discard', 0)} · Out {t.get('removed', 0)}"

    def turn_words(self) -> str:
        t = self.t
        phase = t.get("phase")
        if phase == "setup":
            return "Set-up: Control deals"
        if phase == "play":
            pause = " — CONFERENCE BREAK" if t.get("conference") else ""
            return f"Turn {t.get('turn', 1)}{pause}"
        if phase == "coup":
            return "COUP! Declarations"
        if phase == "combat" and t.get("combat"):
            return f"Combat round {t['combat']['round']} of 3"
        power = t.get("power")
        return f"Game over: {TEAM_WORDS.get(power or '', '?')} hold power" if power else "Game over"

    def newsbar(self, y: float) -> None:
        """The latest public events, each wrapped at spaces: as many of the latest as the bar holds."""
        u = self.u
        self.add("panel", (u, y, self.w - 2 * u, self.h - y - u), fill="#1d2329", border="#3a444d", ident="news")
        px = max(2.4 * u, self.least)
        width = self.w - 4 * u
        room = self.h - y - u - u * 0.6
        shown: list[tuple[str, float]] = []
        for line in reversed(self.news[-3:]):
            h = _wrapped_height(line, px, width)
            if shown and sum(hh for _l, hh in shown) + h > room:
                break
            shown.insert(0, (line, h))
        yy = y + u * 0.3
        for line, h in shown:
            self.add("text", (2 * u, yy, width, h), line, px=px, align="left", ink="#f4f1ea", ident="news-line",
                     wrap=True)
            yy += h

    # --- a seat --------------------------------------------------------------------------------
    def seat(self, p: str, rect: tuple[float, float, float, float]) -> None:
        s = self.seats.get(p)
        if s is None:
            return
        u, t = self.u, self.t
        x, y, w, h = rect
        team = s["team"]
        pending = t.get("pending") or {}
        asked = p in pending.get("asked", [])
        to_act = t.get("phase") == "play" and t.get("current_team") == team and not s.get("acted")
        self.add("panel", rect, fill="#fbf8f0", border=TEAM_COLOURS[team], lit=asked or to_act,
                 drop=p if self.interactive else None, ident=p)
        k = 1.35 if self.hall else 1.0
        band = 3.6 * u * k
        may_attempt = (self.interactive and acts_for(self.audience, p) and t.get("phase") == "play"
                       and not t.get("pending") and not s.get("acted") and not t.get("conference"))
        self.add("panel", (x, y, w, band), fill=TEAM_COLOURS[team], ident=f"band:{p}",
                 drag=f"seat:{p}" if may_attempt else None)
        self.add("text", (x + u * 0.6, y, w * 0.5, band), s["name"], px=2.2 * u * k, bold=True, align="left",
                 ink="#ffffff")
        playing = t.get("phase") == "play"
        status = "BLOCK?" if asked else ("acted" if s.get("acted") and playing else ("to act" if to_act else ""))
        line = f"Cards {s['cards']}/{s['card_limit']}   Units {s['units']}   Chips {s['chips']}"
        if "support" in s:
            line += f"   backs {(s['support'] or 'no side').capitalize()}"
        yy = y + band + 0.3 * u
        if self.hall:  # at the back of the hall: the status in the band, the counts across the seat
            if not status and "support" in s:
                status = f"backs {(s['support'] or 'no side').capitalize()}"
                line = f"Cards {s['cards']}/{s['card_limit']}   Units {s['units']}   Chips {s['chips']}"
            beside = w - _advance(s["name"], 2.2 * u * k, True) - 2.4 * u
            if status and _advance(status.upper(), max(1.9 * u, self.least), True) <= beside:
                self.add("text", (x + w - beside - u * 0.6, y, beside, band), status.upper(), px=1.9 * u, bold=True,
                         align="right", ink="#ffe08a" if asked or to_act else "#e6e6e6", ident=f"status:{p}")
            elif status:  # too long beside the name at the hall's size: a line of its own under the band
                self.add("text", (x + u * 0.6, yy, w - 1.2 * u, self.least * 1.25), status.upper(), px=1.9 * u,
                         bold=True, align="left", ink="#8a5a00" if asked or to_act else "#333333", ident=f"status:{p}")
                yy += self.least * 1.25
            # three columns, each a word over its figure: the counts at the hall's size in a seat's width
            cw3 = (w - 1.2 * u) / 3
            lh = self.least * 1.25
            for i, (word, value) in enumerate((("Cards", f"{s['cards']}/{s['card_limit']}"),
                                               ("Units", str(s["units"])), ("Chips", str(s["chips"])))):
                self.add("text", (x + u * 0.6 + i * cw3, yy, cw3, lh), word, px=self.least, align="left",
                         ink="#555555", bold=True, ident=f"count:{p}:{word}")
                self.add("text", (x + u * 0.6 + i * cw3, yy + lh, cw3, lh), value, px=self.least, align="left",
                         bold=True, ident=f"count:{p}:{word}:value")
            yy += 2 * lh + 0.4 * u
        else:
            self.add("text", (x + w * 0.42, y, w * 0.58 - u * 0.6, band), s["title"], px=1.3 * u, align="right",
                     ink="#f0f0f0")
            self.add("text", (x + u * 0.6, yy, w - (8 if status else 1.2) * u, 2.6 * u), line, px=1.5 * u,
                     align="left")
            if status:
                self.add("text", (x + w - 8 * u, yy, 7.4 * u, 2.6 * u), status, px=1.5 * u, bold=True,
                         align="right", ink="#b35c00" if asked or to_act else "#555555", ident=f"status:{p}")
            yy += 3 * u
        mine = acts_for(self.audience, p) and self.interactive
        # the hand: faces where the table holds them, backs otherwise
        hand = s.get("hand")
        held = len(hand) if hand is not None else s["cards"]
        ch = min(12.0 * u, (h - (yy - y)) * 0.55)
        cw = min(ch * 0.75, (w * 0.5 - u) / max(2, held))
        cx = x + u * 0.6
        if hand is not None:
            for card in hand:
                cid = card["card"]
                red = cid[-1] in "HD"
                self.add("card", (cx, yy, cw, ch), card_face(cid), EFFECT_WORDS[card_effect(cid)], ident=cid,
                         fill="#ffffff", ink="#b0161b" if red else "#111111", border="#333333",
                         px=min(2.6 * u, cw / 2.6), bold=True, drag=cid if mine else None, shrink=0.45)
                cx += cw + u * 0.4
        else:
            for i in range(s["cards"]):
                self.add("back", (cx, yy, cw, ch), ident=f"back:{p}:{i}", fill="#7a2430", border="#f0e0c0")
                cx += cw * 0.55
        # the units, beside the hand
        ux = max(cx + u * 0.6, x + w * 0.5)
        uw_total = x + w - u * 0.6 - ux
        units = s.get("unit_list")
        n = len(units) if units is not None else s["units"]
        arming = (t.get("phase") == "coup" and p in ("gov-civ", "reb-civ")
                  and bool(t.get("options", {}).get("arming_civilians")))
        if n:
            per_row = max(1, min(n, int(uw_total // (7.5 * u))))
            rows = (n + per_row - 1) // per_row
            cell_w = min(uw_total / per_row, 12 * u)
            cell_h = min((ch - (rows - 1) * u * 0.3) / rows, 5.5 * u)
            for i in range(n):
                r, col = divmod(i, per_row)
                rc = (ux + col * cell_w, yy + r * (cell_h + u * 0.3), cell_w - u * 0.4, cell_h)
                if units is not None:
                    un = units[i]
                    self.add("unit", rc, *unit_words(un), ident=un["id"], fill="#e8e1cc" if not un.get("armed")
                             else "#e7d2b0", border=TEAM_COLOURS[team], px=min(1.5 * u, rc[2] / 5.5, rc[3] / 2.6),
                             bold=True,
                             drag=un["id"] if mine and (t.get("phase") == "play" or arming) else None)
                else:
                    self.add("counter", rc, ident=f"counter:{p}:{i}", fill="#6c6354", border="#3b352b")
        yy += ch + u * 0.5
        objective = s.get("objective")
        if objective is not None and yy + 2 * u < y + h:
            met = " (met)" if objective.get("met") else ""
            award = self.control() and not objective.get("met")
            if award:  # Control rules that the objective is met: a small button before the text
                self.add("button", (x + u * 0.6, yy, 5 * u, 2.2 * u), "Met", ident=f"objective_met:{p}",
                         command={"kind": "objective_met", "player": p}, fill="#f2efe6", border="#6b6b6b",
                         px=1.2 * u, bold=True)
            ox = x + (6.2 if award else 0.6) * u
            # the whole objective, wrapped over the rest of the seat (it was cut at 7 px): an umpire reads it
            px = max(1.2 * u, UMPIRE_LEAST_PX)
            room = (y + h - (3.6 * u if mine else 0.4 * u)) - yy
            text = f"Objective ({objective['points']}){met}: {objective['text']}"
            need = _wrapped_height(text, px, x + w - 0.6 * u - ox)
            self.add("text", (ox, yy, x + w - 0.6 * u - ox, max(2.2 * u, min(room, need))), text, px=px,
                     align="left", ink="#5b4a1e", ident=f"objective:{p}", shrink=1.0, wrap=True)
            yy += max(2.4 * u, min(room, need) + 0.2 * u)
        if mine and yy + 3.2 * u <= y + h + u * 0.5:
            self.seat_buttons(p, s, x + u * 0.6, min(yy, y + h - 3.4 * u), right=x + w, bottom=y + h)

    def seat_buttons(self, p: str, s: dict[str, Any], x: float, y: float, *, right: float = float("inf"),
                     bottom: float = 0.0) -> None:
        t, x0 = self.t, x
        phase = t.get("phase")
        if phase == "play" and not t.get("pending") and not t.get("conference") and not s.get("acted"):
            x = self.button(x, y, "Draw", {"kind": "draw", "player": p}, ident=f"draw:{p}")
            x = self.button(x, y, "Pass", {"kind": "pass", "player": p}, ident=f"pass:{p}")
        if phase == "play" and p == "reb-mil" and t.get("deck", 0) > 0 and not t.get("pending"):
            x = self.button(x, y, "Declare the coup", {"kind": "declare_coup", "player": p}, ident="coup")
        if phase == "play" and not t.get("pending"):  # meetings (docs/coup.md ruling 3), not in a Block window
            below = y + 3.6 * self.u
            if x > x0 and below + 3.2 * self.u <= bottom:
                self.meeting_buttons(p, s, x0, below, right=right, bottom=bottom)
            else:
                x = self.meeting_buttons(p, s, x, y, right=right, bottom=bottom)
        if phase == "coup" and s["team"] == "for" and "support" not in s:
            for side, word in (("gov", "Back Gov"), ("reb", "Back Reb"), ("none", "No side")):
                x = self.button(x, y, word, {"kind": "support", "player": p, "side": side}, ident=f"support:{p}:{side}")

    def meeting_buttons(self, p: str, s: dict[str, Any], x: float, y: float, *, right: float, bottom: float) -> float:
        """"Arrange …" during play, "Meet …" at the break, for each of the seat's meetings with a counterpart
        (a Foreign Power seat has two: Gov and Reb); one that does not fit goes to a row below, or is left out
        when the seat has no room (never drawn cut)."""
        t, u, x0 = self.t, self.u, x
        others = [f"{team}-{s['class']}" for team in ("gov", "reb")] if s["team"] == "for" else [f"for-{s['class']}"]
        for other in others:
            pair = [p, other] if s["team"] != "for" else [other, p]
            arranged = pair in t.get("meetings_arranged", [])
            who = "-".join(w.capitalize() for w in other.split("-"))  # 'For-Mil', as the rulebook writes the seats
            if t.get("conference") and arranged and pair not in t.get("meetings", []):
                text, kind = f"Meet {who}", "meet"
            elif not t.get("conference") and not arranged:
                text, kind = f"Arrange {who}", "arrange_meeting"
            else:
                continue
            width = max(6 * u, len(text) * u * 0.95 + 2 * u)
            if x + width > right - u * 0.6 and x > x0 and y + 6.8 * u <= bottom:
                x, y = x0, y + 3.6 * u
            if x + width > right - u * 0.6:
                continue
            x = self.button(x, y, text, {"kind": kind, "player": p, "counterpart": other},
                            ident=f"{'meet' if kind == 'meet' else 'arrange'}:{p}:{other}")
        return x

    # --- Control and the pool ---------------------------------------------------------------------
    def control_box(self, rect: tuple[float, float, float, float]) -> None:
        u, t = self.u, self.t
        x, y, w, h = rect
        self.add("panel", rect, fill="#ece8dc", border=TEAM_COLOURS["control"], ident="control")
        self.add("text", (x + u, y + u * 0.4, w - 2 * u, 3 * u), "CONTROL", px=2.0 * u, bold=True, align="left")
        ch = min(9 * u, h * 0.45)
        cw = ch * 0.7
        dy = y + 4 * u
        for i in range(min(4, t.get("deck", 0))):
            self.add("back", (x + u + i * u * 0.35, dy - i * u * 0.2, cw, ch), ident=f"deck:{i}", fill="#7a2430",
                     border="#f0e0c0")
        px_ = x + cw + 4 * u
        if self.hall:  # the deck's counts in full across the box (the header's may have no room after the order;
            # "Deck" alone was elided in a box as wide as the cards), the discard pile's name and count whole
            line = self.least * 1.3
            self.add("text", (x + u, dy + ch + u * 0.3, w - 2 * u, line),
                     f"Deck {t.get('deck', 0)} · Out {t.get('removed', 0)}", px=1.8 * u, bold=True, align="left",
                     ident="deck")
            dpx = self.least / 0.8  # the count is drawn at 0.8 of the name's size
            dw = max(cw * 1.3, _advance("Discard", dpx, False) + u)
            self.add("panel", (px_, dy, dw, ch), "Discard", str(t.get("discard", 0)), fill="#d9d2bf",
                     border="#8a8170", px=dpx, ident="discard")
            my = dy + ch + u * 0.6 + line
            if t.get("conference"):
                self.add("text", (x + u, my, w - 2 * u, line),
                         f"Conference break ({t.get('conference_minutes', 6)} min)", px=1.6 * u, bold=True,
                         align="left", ink="#8a4b00", ident="conference")
                my += line + 0.2 * u
        else:
            self.add("text", (x + u, dy + ch + u * 0.3, cw + 6 * u, 2.6 * u), f"Deck {t.get('deck', 0)}",
                     px=1.8 * u, bold=True, align="left", ident="deck")
            self.add("panel", (px_, dy, cw * 1.3, ch), "Discard", str(t.get("discard", 0)), fill="#d9d2bf",
                     border="#8a8170", px=1.6 * u, drop="discard" if self.interactive else None, ident="discard")
            my = dy + ch + 3.2 * u
        bx = px_ + cw * 1.3 + 2 * u
        if t.get("conference") and not self.hall:
            self.add("text", (bx, dy, x + w - bx - u, 3 * u),
                     f"Conference break ({t.get('conference_minutes', 6)} min)", px=1.6 * u, bold=True,
                     align="left", ink="#8a4b00", ident="conference")
        meetings = [("Meeting", m) for m in t.get("meetings", [])] + [
            ("Arranged", m) for m in t.get("meetings_arranged", []) if m not in t.get("meetings", [])]
        mh = (3.6 if self.hall else 2.4) * u  # hall-sized (caps >= 19 px) on the big screen
        for word, m in meetings:  # the break's meetings (an arrangement only where the audience may see it)
            if my + mh > y + h:
                break
            names = " & ".join("-".join(w.capitalize() for w in q.split("-")) for q in m)
            self.add("text", (x + u, my, w - 2 * u, mh), f"{word}: {names}", px=mh * 0.65, align="left",
                     ink="#8a4b00", ident=f"meeting:{m[0]}:{m[1]}")
            my += mh + 0.2 * u
        if self.control():
            by = dy + 3.6 * u
            phase = t.get("phase")
            buttons: list[tuple[str, dict[str, Any]]] = []
            if phase == "setup":
                buttons.append(("Deal", {"kind": "setup"}))
            if phase == "play" and t.get("conference"):
                buttons.append(("End conference", {"kind": "end_conference"}))
            elif phase == "play" and not t.get("pending"):
                buttons.append(("End turn", {"kind": "end_turn"}))
            if phase == "coup":
                buttons.append(("Start combat", {"kind": "start_combat"}))
            for text, cmd in buttons:
                self.button(bx, by, text, cmd, ident=f"control:{cmd['kind']}")
                by += 4 * u

    def pool_box(self, rect: tuple[float, float, float, float]) -> None:
        u, t = self.u, self.t
        x, y, w, h = rect
        self.add("panel", rect, fill="#e4e0d4", border="#7b7566", ident="pool")
        k = 1.3 if self.hall else 1.0
        self.add("text", (x + u, y + u * 0.4, w - 2 * u, 3 * u), "NEUTRAL POOL (face down)", px=1.8 * u * k,
                 bold=True, align="left")
        pool = t.get("pool", {})
        col = (w - 2 * u) / 3
        for i, cls in enumerate(("mil", "para", "civ")):
            cx = x + u + i * col
            n = int(pool.get(cls, 0))
            self.add("text", (cx, y + 4 * u, col - u, 2.6 * u), CLASS_WORDS[cls], px=1.6 * u * k, align="left")
            self.add("text", (cx, y + 6.6 * u, col - u, 5 * u * k), str(n), px=4.2 * u * k, bold=True, align="left",
                     ident=f"pool:{cls}")
            cs = min(5 * u, max(u, h - 14 * u * k))
            for j in range(min(n, 8)):
                self.add("counter", (cx + j * u * 0.9, y + 7.5 * u + 5 * u * k - j * u * 0.15, cs, cs),
                         ident=f"pool-counter:{cls}:{j}", fill="#6c6354", border="#3b352b")

    def block_prompt(self, rect: tuple[float, float, float, float]) -> None:
        """The Block window: on every screen who is asked; on the screens that may answer for an asked
        counterpart (Control's at one table, the counterpart's own seat) the buttons to answer."""
        u, t = self.u, self.t
        pd = t["pending"]
        x, y, w, h = rect
        card = f" ({card_face(pd['card'])})" if pd.get("card") else " (no card: a die decides)"
        what = EFFECT_WORDS.get(pd["action"], pd["action"])
        asked = list(pd.get("asked", []))
        answering = [p for p in asked if acts_for(self.audience, p) and self.interactive]
        lines = 2 + len(answering) + (1 if self.control() else 0)
        ph = min(h - u, (3.2 + 4.2 * lines) * u)
        py = y + (h - ph) / 2
        self.add("panel", (x + 2 * u, py, w - 4 * u, ph), fill="#fff4d6", border="#d08a00", lit=True, ident="prompt")
        self.add("text", (x + 3 * u, py + u * 0.5, w - 6 * u, 3.4 * u),
                 f"BLOCK?  {SEAT_NAMES.get(pd['actor'], pd['actor'])} plays {what}{card} against "
                 f"{SEAT_NAMES.get(pd['target'], pd['target'])}", px=1.9 * u, bold=True, align="left",
                 ident="prompt-what")
        self.add("text", (x + 3 * u, py + 4 * u, w - 6 * u, 3 * u),
                 "Waiting for " + ", ".join(SEAT_NAMES.get(p, p) for p in asked), px=1.6 * u, align="left",
                 ident="prompt-asked")
        by = py + 8 * u
        for p in answering:
            bx = x + 3 * u
            self.add("text", (bx, by, 9 * u, 3.2 * u), SEAT_NAMES.get(p, p), px=1.6 * u, bold=True, align="left")
            bx += 9 * u
            for card_ in self.seats.get(p, {}).get("hand", []):
                cid = card_["card"]
                if card_effect(cid) == "block":
                    bx = self.button(bx, by, f"Block with {card_face(cid)}",
                                     {"kind": "block", "player": p, "card": cid}, ident=f"block:{p}:{cid}")
            self.button(bx, by, "Let it pass", {"kind": "no_block", "player": p}, ident=f"no_block:{p}")
            by += 4.2 * u
        if self.control():
            self.button(x + 3 * u, by, "Close the window (no answer lets it pass)", {"kind": "block_timeout"},
                        ident="control:block_timeout")

    def attempt_prompt(self, rect: tuple[float, float, float, float], actor: str, target: str) -> None:
        """A seat's name dragged onto a counterpart: what to attempt against him without a card (a d6 of
        1-3 succeeds after the Block window), or, for Gov-Para with a Leak, a Bust of his team."""
        u = self.u
        x, y, w, h = rect
        options: list[tuple[str, dict[str, Any]]] = [
            ("Recruit", {"kind": "attempt", "player": actor, "action": "recruit", "target": target}),
            ("Neutralize from the pool", {"kind": "attempt", "player": actor, "action": "neutralize",
                                          "target": target, "remove_from": "pool"}),
            (f"Neutralize {SEAT_NAMES[target]}'s units", {"kind": "attempt", "player": actor, "action": "neutralize",
                                                          "target": target, "remove_from": "counterpart"}),
        ]
        team = target.split("-", maxsplit=1)[0]
        if actor == "gov-para" and team in ("reb", "for") and self.t.get("options", {}).get("busting"):
            for card in self.seats.get(actor, {}).get("hand", []):
                if card_effect(card["card"]) == "leak":
                    options.append((f"Bust the {TEAM_WORDS[team]} with {card_face(card['card'])}",
                                    {"kind": "bust", "player": actor, "card": card["card"], "against": team}))
        ph = 12.5 * u
        py = y + (h - ph) / 2
        self.add("panel", (x + 2 * u, py, w - 4 * u, ph), fill="#eef3ff", border="#2f5d9b", lit=True,
                 ident="attempt-prompt")
        self.add("text", (x + 3 * u, py + u * 0.5, w - 6 * u, 3.4 * u),
                 f"{SEAT_NAMES[actor]} against {SEAT_NAMES[target]}, without a card (1-3 succeeds):", px=1.9 * u,
                 bold=True, align="left", ident="attempt-what")
        bx, by = x + 3 * u, py + 4.5 * u
        for text, cmd in options:
            if bx + len(text) * u > x + w - 4 * u:
                bx, by = x + 3 * u, by + 4 * u
            bx = self.button(bx, by, text, cmd, ident=f"attempt:{cmd['kind']}:{cmd.get('action', '')}"
                             f":{cmd.get('remove_from') or cmd.get('card', '')}")
        self.button(bx, by, "Cancel", {"local": "cancel"}, ident="attempt:cancel")

    def favours_prompt(self, rect: tuple[float, float, float, float], transfer: dict[str, Any],
                       play: dict[str, Any] | None) -> None:
        """A card or unit handed over to or by the Foreign Power: with how many favours (chips, only a
        Foreign Power giver's). A card dropped on a counterpart of the Foreign Power could also be played
        against him: both are offered."""
        u = self.u
        x, y, w, h = rect
        ph = 13 * u if play is not None else 9 * u
        py = y + (h - ph) / 2
        what = card_face(transfer["card"]) if transfer.get("card") else "a unit"
        giver, to = SEAT_NAMES[transfer["player"]], SEAT_NAMES[transfer["to"]]
        self.add("panel", (x + 2 * u, py, w - 4 * u, ph), fill="#eef7ee", border="#3b7d3b", lit=True,
                 ident="favours-prompt")
        self.add("text", (x + 3 * u, py + u * 0.5, w - 6 * u, 3.4 * u),
                 f"{giver} {what} to {to}:" if play is not None else f"{giver} hands {what} to {to}: favours with it?",
                 px=1.9 * u, bold=True, align="left", ident="favours-what")
        bx, by = x + 3 * u, py + 4.5 * u
        if play is not None:
            effect = EFFECT_WORDS[card_effect(play["card"])]
            self.button(bx, by, f"Play it against {to} ({effect})", play, ident="favours:play")
            by += 4.2 * u
        if transfer["player"].startswith("for-"):
            self.add("text", (bx, by, 13 * u, 3.2 * u), "Hand over with", px=1.6 * u, bold=True, align="left")
            bx += 13 * u
            for n in range(6):
                bx = self.button(bx, by, f"{n} chip{'s' if n != 1 else ''}", dict(transfer, chips=n),
                                 ident=f"favours:{n}")
        else:
            bx = self.button(bx, by, "Hand it over", transfer, ident="favours:0")
        self.button(bx, by, "Cancel", {"local": "cancel"}, ident="favours:cancel")

    # --- combat ---------------------------------------------------------------------------------
    def combat(self, rect: tuple[float, float, float, float]) -> None:
        u, t = self.u, self.t
        x, y, w, h = rect
        self.add("panel", rect, fill="#2a2f35", border="#111111", ident="combat")
        if t.get("phase") == "over":
            self.game_over(rect)
            return
        cb = t["combat"]
        d, a = cb["defender"], cb["attacker"]
        step = cb["step"]
        doing = {"lay_out": f"{TEAM_WORDS[d]} lay out face down", "match": f"{TEAM_WORDS[a]} match the stacks",
                 "losses": "Stacks flipped: losses"}[step]
        count = cb.get("count", {})
        counted = f"Government {count.get('gov', 0)}  ·  Rebels {count.get('reb', 0)}"
        if self.hall:  # the running count is what the hall watches: a line of its own
            self.add("text", (x + u, y + u * 0.3, w - 2 * u, 5 * u), counted, px=4.2 * u, bold=True,
                     ink="#ffd34d", ident="count")
            self.add("text", (x + u, y + 5.5 * u, w - 2 * u, 3.4 * u), f"Round {cb['round']} of 3: {doing}",
                     px=2.4 * u, bold=True, ink="#ffffff", ident="step")
            top = 9.5 * u
        else:
            self.add("text", (x + u, y + u * 0.3, w * 0.6, 3.6 * u), f"Round {cb['round']} of 3: {doing}",
                     px=2.2 * u, bold=True, align="left", ink="#ffffff", ident="step")
            self.add("text", (x + w * 0.55, y + u * 0.3, w * 0.45 - u, 3.6 * u), counted, px=2.6 * u, bold=True,
                     align="right", ink="#ffd34d", ident="count")
            top = 5 * u
        inner = (x + u, y + top, w - 2 * u, h - top - 7 * u)
        if step == "lay_out":
            self.lay_out_area(inner, d)
        elif step == "match":
            self.match_area(inner, d, a)
        else:
            self.losses_area(inner, d, a)
        self.history((x + u, y + h - 6.6 * u, w - 2 * u, 6.2 * u))

    def side_units(self, side: str) -> list[dict[str, Any]] | None:
        """A side's fighting units as this table holds them (None: face down to this audience)."""
        out: list[dict[str, Any]] = []
        for p in (f"{side}-mil", f"{side}-para"):
            seat = self.seats.get(p, {})
            if "unit_list" not in seat:
                return None
            out += seat["unit_list"]
        return out

    def tray(self, units: list[dict[str, Any]], rect: tuple[float, float, float, float], draggable: bool,
             title: str) -> None:
        u = self.u
        x, y, w, _h = rect
        self.add("text", (x, y, w, 2.4 * u), title, px=1.5 * u, align="left", ink="#d8dde2")
        cw = min(8 * u, w / max(1, min(len(units), 10)))
        for i, un in enumerate(units):
            r, c = divmod(i, max(1, int(w // cw)))
            self.add("unit", (x + c * cw, y + 2.6 * u + r * 5.4 * u, cw - u * 0.4, 5 * u), *unit_words(un),
                     ident=f"tray:{un['id']}", fill="#e8e1cc", border="#888888", px=min(1.3 * u, cw / 6),
                     drag=f"combat:{un['id']}" if draggable else None)

    def lay_out_area(self, rect: tuple[float, float, float, float], d: str) -> None:
        u = self.u
        x, y, w, h = rect
        actor = f"{d}-mil"
        mine = acts_for(self.audience, actor) and self.interactive
        units = self.side_units(d) if mine else None
        if units is None:
            self.add("text", rect, f"{SEAT_NAMES[actor]} is laying out {TEAM_WORDS[d]} units face down",
                     px=2.0 * u, ink="#d8dde2", ident="waiting")
            return
        placed = {uid for s in self.staging.stacks for uid in s}
        by_id = {un["id"]: un for un in units}
        left = [un for un in units if un["id"] not in placed]
        self.tray(left, (x, y, w, h * 0.4), True, f"{TEAM_WORDS[d]} units: drag each into a stack of one or two")
        sy = y + h * 0.45
        self.stack_row([[by_id[i] for i in s if i in by_id] for s in self.staging.stacks], (x, sy, w, h * 0.4),
                       new_slot=True)
        bx = self.button(x, y + h - 3.4 * u, f"Lay out {len(self.staging.stacks)} stacks",
                         {"kind": "lay_out", "player": actor, "stacks": [list(s) for s in self.staging.stacks]},
                         ident="lay_out")
        bx = self.button(bx, y + h - 3.4 * u, "Each alone", {"local": "singles"}, ident="singles")
        self.button(bx, y + h - 3.4 * u, "Clear", {"local": "clear"}, ident="clear")

    def stack_row(self, stacks: list[list[dict[str, Any]]], rect: tuple[float, float, float, float], *,
                  new_slot: bool = False, faces: bool = True, sizes: list[int] | None = None,
                  drop_prefix: str = "stack") -> list[tuple[float, float, float, float]]:
        u = self.u
        x, y, w, h = rect
        n = len(stacks) + (1 if new_slot else 0)
        sw = min(14 * u, w / max(1, n))
        out = []
        for i, stack in enumerate(stacks):
            r = (x + i * sw, y, sw - u, h)
            out.append(r)
            size = sizes[i] if sizes is not None else len(stack)
            self.add("stack", r, f"Stack {i + 1}", f"{size} unit{'s' if size != 1 else ''}" if not faces else "",
                     ident=f"stack:{i + 1}", fill="#4a525b", border="#c9c3b5", px=1.4 * u, ink="#ffffff",
                     drop=f"{drop_prefix}:{i + 1}" if self.interactive else None, align="top")
            for j, un in enumerate(stack if faces else []):
                self.add("unit", (r[0] + u * 0.4, y + 3 * u + j * 5.4 * u, r[2] - u * 0.8, 5 * u), *unit_words(un),
                         ident=f"stacked:{un['id']}", fill="#e8e1cc", border="#888888", px=min(1.3 * u, r[2] / 6))
            if not faces:
                for j in range(size):
                    self.add("counter", (r[0] + u * 0.4, y + 3 * u + j * 5.4 * u, r[2] - u * 0.8, 5 * u),
                             ident=f"laid:{i + 1}:{j}", fill="#6c6354", border="#3b352b")
        if new_slot:
            self.add("stack", (x + len(stacks) * sw, y, sw - u, h), "New stack", ident="new-stack", fill="#333a41",
                     border="#8a8170", px=1.4 * u, ink="#c9c3b5", drop="new-stack" if self.interactive else None,
                     align="top")
        return out

    def match_area(self, rect: tuple[float, float, float, float], d: str, a: str) -> None:
        u, cb = self.u, self.t["combat"]
        x, y, w, h = rect
        laid = cb.get("stacks", [])
        faces = all("units" in s for s in laid)
        self.add("text", (x, y, w, 2.4 * u), f"{TEAM_WORDS[d]} stacks, face down" if not faces
                 else f"{TEAM_WORDS[d]} stacks (face up on this screen only)", px=1.5 * u, align="left", ink="#d8dde2")
        actor = f"{a}-mil"
        mine = acts_for(self.audience, actor) and self.interactive
        units = self.side_units(a) if mine else None
        by_id = {un["id"]: un for un in units or []}
        rects = self.stack_row([s.get("units", []) for s in laid], (x, y + 2.6 * u, w, h * 0.45), faces=faces,
                               sizes=[s["size"] for s in laid])
        if units is None:
            self.add("text", (x, y + h * 0.55, w, h * 0.3), f"{SEAT_NAMES[actor]} is matching the stacks",
                     px=2.0 * u, ink="#d8dde2", ident="waiting")
            return
        for k, sent in self.staging.pairs.items():
            if 1 <= k <= len(rects):
                r = rects[k - 1]
                for j, uid in enumerate(sent):
                    if uid in by_id:
                        self.add("unit", (r[0] + u * 0.4, r[1] + r[3] - (j + 1) * 5.4 * u, r[2] - u * 0.8, 5 * u),
                                 *unit_words(by_id[uid]), ident=f"sent:{uid}", fill="#f3d9a8", border=TEAM_COLOURS[a],
                                 px=min(1.3 * u, r[2] / 6))
        used = {uid for s in self.staging.pairs.values() for uid in s}
        self.tray([un for un in units if un["id"] not in used], (x, y + h * 0.5, w, h * 0.35), True,
                  f"{TEAM_WORDS[a]} units: drag one or two onto a stack to engage it")
        bx = self.button(x, y + h - 3.4 * u, "Match and flip", {"kind": "match", "player": actor,
                                                                "pairs": {k: list(v) for k, v in
                                                                          self.staging.pairs.items() if v}},
                         ident="match")
        self.button(bx, y + h - 3.4 * u, "Clear", {"local": "clear"}, ident="clear")

    def losses_area(self, rect: tuple[float, float, float, float], d: str, a: str) -> None:
        u, cb = self.u, self.t["combat"]
        x, y, w, h = rect
        pairings = cb.get("pairings", [])
        k = 1.5 if self.hall else 1.0
        ph = min(6 * u * k, (h - 5 * u) / max(1, len(pairings)))
        for i, pr in enumerate(pairings):
            py = y + i * ph
            self.add("text", (x, py, 12 * u * k, ph), f"Stack {pr['stack']}", px=1.6 * u * k, bold=True,
                     align="left", ink="#ffffff")
            for side, units, fire, x0 in ((d, pr["defender"], pr["defender_fire"], x + 12 * u * k),
                                          (a, pr["attacker"], pr["attacker_fire"], x + w * 0.55)):
                choose = side in pr.get("owes", []) and acts_for(self.audience, f"{side}-mil") and self.interactive
                self.add("text", (x0, py, 12 * u * k, ph), f"{TEAM_WORDS[side]} {fire}", px=1.5 * u * k,
                         align="left", ink="#ffd34d" if side in pr.get("owes", []) else "#d8dde2")
                for j, un in enumerate(units):
                    self.add("unit", (x0 + 12 * u * k + j * 9 * u * k, py + u * 0.3, 8.5 * u * k, ph - u * 0.6),
                             *unit_words(un),
                             ident=f"flipped:{un['id']}", fill="#e8e1cc", border=TEAM_COLOURS[side],
                             px=min(1.3 * u * k, ph / 3),
                             lit=un["id"] in self.staging.chosen,
                             command={"local": "choose", "unit": un["id"]} if choose else None)
        by = y + h - 3.4 * u
        bx = x
        for side in (d, a):
            actor = f"{side}-mil"
            if any(side in pr.get("owes", []) for pr in pairings) and acts_for(self.audience, actor) \
                    and self.interactive:
                mine = {un["id"] for pr in pairings for un in (pr["defender"] if side == d else pr["attacker"])}
                bx = self.button(bx, by, f"{TEAM_WORDS[side]}: lose the chosen",
                                 {"kind": "lose", "player": actor,
                                  "units": [uid for uid in self.staging.chosen if uid in mine]}, ident=f"lose:{side}")

    def history(self, rect: tuple[float, float, float, float]) -> None:
        u, cb = self.u, self.t["combat"]
        x, y, w, _h = rect
        past = cb.get("history", [])[-2:]
        for i, hx in enumerate(past):
            who = ("Gov", "Reb") if hx["half"] == 0 else ("Reb", "Gov")
            names_d = ", ".join(str(v).split("-")[1].capitalize() for v in hx["defender"]) or "nothing"
            names_a = ", ".join(str(v).split("-")[1].capitalize() for v in hx["attacker"]) or "nothing"
            self.add("text", (x, y + i * 3 * u, w, 3 * u),
                     f"Round {hx['round']}, stack {hx['stack']}: {who[0]} {names_d} ({hx['defender_fire']}) against "
                     f"{who[1]} {names_a} ({hx['attacker_fire']})", px=1.4 * u, align="left", ink="#aeb6be",
                     ident="history")

    def game_over(self, rect: tuple[float, float, float, float]) -> None:
        u, t = self.u, self.t
        x, y, w, _h = rect
        k = 1.35 if self.hall else 1.0
        self.add("text", (x + u, y + u, w - 2 * u, 5 * u * k), self.turn_words(), px=3 * u * k, bold=True,
                 ink="#ffd34d")
        scores = t.get("scores") or {}
        cols = 3
        cw = (w - 2 * u) / cols
        for i, (p, v) in enumerate(scores.items()):
            r, c = divmod(i, cols)
            self.add("text", (x + u + c * cw, y + 7 * u * k + r * 3.4 * u * k, cw, 3.2 * u * k),
                     f"{SEAT_NAMES.get(p, p)}  {_points(v['total'])}", px=1.9 * u * k, bold=True, align="left",
                     ink="#ffffff", ident=f"score:{p}")
