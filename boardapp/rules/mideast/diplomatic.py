"""The Diplomatic Phase: the Arms Auction, the UN Assembly (motions, votes, the Peacekeeping Force, a
Cease Fire), Superpower Intervention; and what may happen at any time: gifts of chips, Bloc changes."""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event
from boardapp.rules.mideast.base import Base
from boardapp.rules.mideast.commands import (
    Bid,
    CloseAuction,
    GiveChips,
    HostAuction,
    SetBloc,
    SuperpowerIntervention,
    UnMotion,
    UnTally,
    UnVote,
)
from boardapp.rules.mideast.state import Auction, MideastState, Motion, Superpower
from boardapp.rules.mideast.turn import end_game


# --- the Arms Auction ---------------------------------------------------------------------
def check_host_auction(r: Base, state: MideastState, cmd: HostAuction) -> list[str]:
    return r.unknown_player(cmd.player) or r.function_reasons(state, "arms_auction", cmd.player)


def apply_host_auction(r: Base, state: MideastState, cmd: HostAuction, dice: Dice) -> list[Event]:
    r.enter_function(state, "arms_auction")
    state.used.add("arms_auction")
    who = r.actor(state, cmd.player)
    state.auction = Auction(who, r.sc.settings.lot)
    return [Event(kind="auction", teams=(who,), data={"lot": r.sc.settings.lot},
                  text=f"{r.name(who)} hosts an Arms Auction of {r.sc.settings.lot} Forces: every player may bid")]


def check_bid(r: Base, state: MideastState, cmd: Bid) -> list[str]:
    reasons = r.unknown_player(cmd.player) or r.game_over(state)
    if reasons:
        return reasons
    if state.auction is None:
        return ["no Arms Auction is open"]
    held = state.chips.get(cmd.player, 0)
    if cmd.chips > held:
        reasons.append(f"a bid of {cmd.chips} is more than the {held} Oil Chips {r.name(cmd.player)} holds")
    if not state.zones_of(cmd.player):
        reasons.append(f"{r.name(cmd.player)} holds no zone to place Forces in")
    return reasons


def apply_bid(r: Base, state: MideastState, cmd: Bid, dice: Dice) -> list[Event]:
    assert state.auction is not None
    state.auction.bids.append((cmd.player, cmd.chips))
    lead = state.auction.leader()
    leads = lead is not None and lead == (cmd.player, cmd.chips) and state.auction.bids.index(lead) == len(
        state.auction.bids) - 1
    note = " and leads" if leads else ""
    return [Event(kind="bid", teams=(cmd.player,), data={"chips": cmd.chips, "leads": leads},
                  text=f"{r.name(cmd.player)} bids {cmd.chips} Oil Chips{note}")]


def check_close_auction(r: Base, state: MideastState, cmd: CloseAuction) -> list[str]:
    if state.auction is None:
        return ["no Arms Auction is open"]
    lead = state.auction.leader()
    if lead is not None and state.chips.get(lead[0], 0) < lead[1]:
        # Chips given away since the bid: the bid cannot be paid (forced, it is paid as far as it goes).
        return [f"{r.name(lead[0])} bid {lead[1]} but now holds {state.chips.get(lead[0], 0)} Oil Chips"]
    return []


def delivery_zone(r: Base, state: MideastState, player: str) -> str | None:
    """The Homeland if the player still owns it, else the player's first zone in scenario order."""
    home = r.sc.country_by_id[player].home
    if state.owner.get(home) == player:
        return home
    return next((z for z in r.zones if state.owner.get(z) == player), None)


def apply_close_auction(r: Base, state: MideastState, cmd: CloseAuction, dice: Dice) -> list[Event]:
    auction = state.auction
    assert auction is not None
    state.auction = None
    lead = auction.leader()
    if lead is None:
        return [Event(kind="auction_closed", teams=(auction.host,), text="The Arms Auction closes without a bid")]
    who, price = lead
    zone = delivery_zone(r, state, who)
    paid = min(price, state.chips.get(who, 0))
    state.chips[who] = state.chips.get(who, 0) - paid
    state.reserve += paid
    if zone is None:
        return [Event(kind="auction_closed", teams=(who,), data={"price": paid},
                      text=f"{r.name(who)} pays {paid} Oil Chips but holds no zone: the Forces are lost")]
    state.forces[zone] = state.forces.get(zone, 0) + auction.lot
    return [Event(kind="auction_closed", teams=(who,), places=(zone,), data={"price": paid, "lot": auction.lot},
                  text=f"{r.name(who)} buys {auction.lot} Forces for {paid} Oil Chips (to the Oil Reserve); "
                  f"they are placed in {r.zone_name(zone)}")]


# --- the United Nations -------------------------------------------------------------------
def check_un_motion(r: Base, state: MideastState, cmd: UnMotion) -> list[str]:
    reasons = r.unknown_player(cmd.player) + r.unknown_zone(cmd.zone)
    if reasons:
        return reasons
    if state.negotiation:
        reasons = r.game_over(state)
        if cmd.player is None:
            reasons.append("in the Negotiation Phase a motion names the player who brings it")
        if cmd.motion != "resolution":
            reasons.append(f"a {cmd.motion} motion belongs to a Diplomatic Phase; in the Negotiation Phase only a "
                           "resolution on a dispute (binding nothing) goes to the UN")
    else:
        reasons = r.function_reasons(state, "un_motion", cmd.player)
    if state.motion is not None:
        reasons.append("a motion is already before the Assembly")
    if cmd.motion == "peacekeeping" and cmd.zone is None:
        reasons.append("a peacekeeping motion names the zone the UN Force moves to")
    if cmd.motion == "peacekeeping" and cmd.zone is not None and cmd.zone == state.pkf:
        reasons.append(f"the UN Peacekeeping Force is already in {r.zone_name(cmd.zone)}")
    return reasons


def apply_un_motion(r: Base, state: MideastState, cmd: UnMotion, dice: Dice) -> list[Event]:
    who = r.actor(state, cmd.player)
    if not state.negotiation:
        r.enter_function(state, "un_motion")
        state.used.add("un_motion")
    state.motion = Motion(who, cmd.motion, cmd.zone, cmd.text)
    what = {"resolution": f"a resolution: {cmd.text!r}" if cmd.text else "a resolution",
            "peacekeeping": f"that the UN Peacekeeping Force move to {r.zone_name(cmd.zone)}",
            "cease_fire": "a Cease Fire"}[cmd.motion]
    return [Event(kind="un_motion", teams=(who,), places=(cmd.zone,) if cmd.zone else (),
                  data={"motion": cmd.motion, "zone": cmd.zone, "text": cmd.text},
                  text=f"{r.name(who)} moves before the UN Assembly {what}")]


def check_un_vote(r: Base, state: MideastState, cmd: UnVote) -> list[str]:
    reasons = r.unknown_player(cmd.player) or r.game_over(state)
    if reasons:
        return reasons
    if state.motion is None:
        return ["no motion is before the UN Assembly"]
    if r.votes(state, cmd.player) == 0:
        reasons.append(f"{r.name(cmd.player)} has no UN vote (holds no country's Homeland)")
    if cmd.player in state.motion.votes:
        reasons.append(f"{r.name(cmd.player)} already voted {state.motion.votes[cmd.player]}")
    return reasons


def apply_un_vote(r: Base, state: MideastState, cmd: UnVote, dice: Dice) -> list[Event]:
    assert state.motion is not None
    state.motion.votes[cmd.player] = cmd.vote
    n = r.votes(state, cmd.player)
    return [Event(kind="un_vote", teams=(cmd.player,), data={"vote": cmd.vote, "votes": n},
                  text=f"{r.name(cmd.player)} casts {n} vote{'s' * (n != 1)}: {cmd.vote}")]


def tally(r: Base, state: MideastState) -> tuple[int, int, bool]:
    """(Yea, Nay, passes) for the motion before the Assembly; abstentions count for nothing."""
    motion = state.motion
    assert motion is not None
    yea = sum(r.votes(state, p) for p, v in motion.votes.items() if v == "yea")
    nay = sum(r.votes(state, p) for p, v in motion.votes.items() if v == "nay")
    if motion.motion == "cease_fire":
        num, den = r.sc.settings.cease_fire_yea
        return yea, nay, yea > 0 and yea * den >= num * (yea + nay)
    return yea, nay, yea > nay


def check_un_tally(r: Base, state: MideastState, cmd: UnTally) -> list[str]:
    reasons = r.game_over(state)
    if reasons:
        return reasons
    if state.motion is None:
        return ["no motion is before the UN Assembly"]
    m = state.motion
    if isinstance(cmd.veto, str) and r.unknown_player(cmd.veto):
        return r.unknown_player(cmd.veto)
    if cmd.veto:
        occupant = state.owner.get(m.zone) if m.zone is not None else None
        if m.motion != "peacekeeping":
            reasons.append("only a move of the UN Peacekeeping Force can be vetoed")
        elif occupant is None:
            reasons.append(f"no one occupies {r.zone_name(m.zone)}: there is no one to veto the move")
        elif cmd.veto is True:
            reasons.append(f"a veto names the vetoing player (veto: {occupant}, who occupies "
                           f"{r.zone_name(m.zone)}): {VETO_RULE}")
        elif cmd.veto != occupant:
            reasons.append(f"{r.name(cmd.veto)} does not occupy {r.zone_name(m.zone)} ({r.name(occupant)} does): "
                           f"{VETO_RULE}")
    return reasons


VETO_RULE = '"any player can veto any such move into a zone he occupies" (the synopsis)'


def apply_un_tally(r: Base, state: MideastState, cmd: UnTally, dice: Dice) -> list[Event]:
    m = state.motion
    assert m is not None
    yea, nay, passes = tally(r, state)
    state.motion = None
    need = "two thirds" if m.motion == "cease_fire" else "a majority"
    if m.motion == "cease_fire":
        num, den = r.sc.settings.cease_fire_yea
        need = "two thirds" if (num, den) == (2, 3) else f"{num}/{den}"
    events = [Event(kind="un_result", teams=(m.proposer,), places=(m.zone,) if m.zone else (),
                    data={"yea": yea, "nay": nay, "passed": passes, "motion": m.motion},
                    text=f"The UN Assembly votes {yea} Yea, {nay} Nay: the motion "
                    f"{'carries' if passes else 'fails'} ({need} of Yea+Nay needed)")]
    if not passes:
        return events
    if m.motion == "peacekeeping" and m.zone is not None:
        occupant = state.owner.get(m.zone)
        if cmd.veto:
            # A forced veto of someone else's (or the older `true`) is recorded under the name given.
            vetoer = cmd.veto if isinstance(cmd.veto, str) else occupant
            veto = Event(kind="un_veto", teams=(vetoer,) if vetoer else (), places=(m.zone,),
                         data={"by": vetoer, "occupant": occupant},
                         text=f"{r.name(vetoer)} vetoes the UN Force's move into {r.zone_name(m.zone)}")
            return [*events, veto]
        was = state.pkf
        state.pkf = m.zone
        events.append(Event(kind="peacekeeping", places=(m.zone,) + ((was,) if was else ()),
                            data={"zone": m.zone, "was": was},
                            text=f"The UN Peacekeeping Force moves at once from {r.zone_name(was)} to "
                            f"{r.zone_name(m.zone)}"))
    elif m.motion == "cease_fire":
        events.append(Event(kind="cease_fire", text="The Cease Fire carries: the game ends in PEACE"))
        events += end_game(r, state, "peace")
    return events


# --- Superpower Alliance, Blocs, chips -------------------------------------------------------
def check_superpower(r: Base, state: MideastState, cmd: SuperpowerIntervention) -> list[str]:
    reasons = r.unknown_player(cmd.player)
    if reasons:
        return reasons
    reasons = r.function_reasons(state, "superpower", cmd.player)
    who = r.actor(state, cmd.player)
    if not state.bloc.get(who):
        reasons.append(f"{r.name(who)} is Non-Aligned: only a Bloc member may call Superpower Intervention")
    home = r.sc.country_by_id[who].home
    if state.owner.get(home) != who:
        reasons.append(f"{r.name(who)}'s Homeland {r.zone_name(home)} is held by {r.name(state.owner.get(home))}")
    return reasons


def apply_superpower(r: Base, state: MideastState, cmd: SuperpowerIntervention, dice: Dice) -> list[Event]:
    r.enter_function(state, "superpower")
    state.used.add("superpower")
    who = r.actor(state, cmd.player)
    home = r.sc.country_by_id[who].home
    state.sf_serial += 1
    sf = Superpower(f"sf-{state.sf_serial}", who, home)
    state.superpowers.append(sf)
    bloc = state.bloc.get(who) or "no"
    return [Event(kind="superpower", teams=(who,), places=(home,), counters=(sf.id,),
                  data={"bloc": bloc},
                  text=f"The {bloc.capitalize()} Bloc's Superpower Force arrives in {r.name(who)}'s Homeland "
                  f"{r.zone_name(home)}")]


def check_give_chips(r: Base, state: MideastState, cmd: GiveChips) -> list[str]:
    reasons = r.unknown_player(cmd.player) + r.unknown_player(cmd.to)
    if reasons:
        return reasons
    reasons = r.game_over(state)
    if cmd.player == cmd.to:
        reasons.append(f"{r.name(cmd.player)} cannot give chips to itself")
    if cmd.chips > state.chips.get(cmd.player, 0):
        reasons.append(f"{r.name(cmd.player)} holds {state.chips.get(cmd.player, 0)} Oil Chips, not {cmd.chips}")
    return reasons


def apply_give_chips(r: Base, state: MideastState, cmd: GiveChips, dice: Dice) -> list[Event]:
    n = min(cmd.chips, state.chips.get(cmd.player, 0))
    state.chips[cmd.player] = state.chips.get(cmd.player, 0) - n
    state.chips[cmd.to] = state.chips.get(cmd.to, 0) + n
    return [Event(kind="chips_given", teams=(cmd.player, cmd.to), data={"chips": n},
                  text=f"{r.name(cmd.player)} gives {n} Oil Chips to {r.name(cmd.to)}")]


def check_set_bloc(r: Base, state: MideastState, cmd: SetBloc) -> list[str]:
    if r.unknown_player(cmd.player):
        return r.unknown_player(cmd.player)
    bloc = None if cmd.bloc == "none" else cmd.bloc
    if state.bloc.get(cmd.player) == bloc:
        return [f"{r.name(cmd.player)} is already {'Non-Aligned' if bloc is None else f'in the {bloc} Bloc'}"]
    return []


def apply_set_bloc(r: Base, state: MideastState, cmd: SetBloc, dice: Dice) -> list[Event]:
    bloc = None if cmd.bloc == "none" else cmd.bloc
    state.bloc[cmd.player] = bloc
    what = "becomes Non-Aligned" if bloc is None else f"joins the {bloc.capitalize()} Bloc"
    return [Event(kind="bloc", teams=(cmd.player,), data={"bloc": bloc}, text=f"{r.name(cmd.player)} {what}")]

