"""What the MUN Historical Committee's presiding officers keep beside the orders: who has not handed
in, the political goals and their points, the control-of-Europe bonus, conferences, and the end.

The officers are the umpires (``../shared/rules/mun-historical.md``): they set each power's two
political goals, allow or deny the third the power proposes and award the points; the board keeps
the score table. These functions hold those rules so that :mod:`.module` stays the dispatcher;
each takes the rule module (for names and the map) and the state. Rulings: ``docs/mun-historical.md``.

>>> from boardapp.engine.files import load_scenario
>>> from boardapp.engine.game import Game
>>> from boardapp.rules.diplomacy.module import DiplomacyRules
>>> game = Game(DiplomacyRules(*load_scenario("scenarios/mun-historical-1935.yaml")))
>>> _ = game.push({"kind": "set_goals", "power": "italy", "goals": ["Conquer Abyssinia", "Keep Libya"]})
>>> _ = game.push({"kind": "award_points", "power": "italy", "goal": 1, "points": 2})
>>> score_section(game.module, game.state).rows[2]
['Kingdom of Italy', '5', '2 (Spring 1935)', '—', '—', '0', '0', '—', '7']
>>> game.push({"kind": "end_game"}).events[0].data["winners"]
['italy']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.engine.module import Command, Event, Impossible, Section
from boardapp.rules.diplomacy import provinces
from boardapp.rules.diplomacy.commands import (
    AwardPoints,
    EndConference,
    EndGame,
    OpenConference,
    ProposeGoal,
    RuleGoal,
    RuleProvince,
    SetGoals,
)
from boardapp.rules.diplomacy.state import (
    ADJUSTMENT,
    MOVEMENT,
    RETREAT,
    Award,
    Conference,
    DiplomacyState,
    Goal,
    Result,
)

if TYPE_CHECKING:
    from boardapp.rules.diplomacy.module import DiplomacyRules

OFFICER_COMMANDS = (SetGoals, ProposeGoal, RuleGoal, AwardPoints, OpenConference, EndConference, EndGame,
                    RuleProvince)

_SEASON_STEP = {"spring": 0, "fall": 1, "winter": 2}


def season_label(state: DiplomacyState) -> str:
    """'Fall 1935': when an award, a bonus or a conference is dated (the phase within the season left out)."""
    return f"{state.season.capitalize()} {state.year}"


def _step(year: int, season: str) -> int:
    """The calendar as one count of seasons (Spring, Fall and Winter each one), to measure a year."""
    return year * 3 + _SEASON_STEP[season]


# --- who has not handed in ---------------------------------------------------------------------
def missing_powers(rules: DiplomacyRules, state: DiplomacyState) -> list[str]:
    """The powers that must order in this phase and have not handed in, in the scenario's order.

    Must order: in a movement phase every power with a unit; in the retreats every power with a
    dislodged unit; in the winter every power with a build it can make or a disband it owes. An
    empty hand-in counts as handed in (the power chose to hold). An eliminated power's reclaim
    order is never awaited: without it the insurrection simply fails.
    """
    if state.phase == MOVEMENT:
        due = {u.power for u in state.units}
    elif state.phase == RETREAT:
        due = {d.unit.power for d in state.movement.dislodged} if state.movement is not None else set()
    else:
        due = set(adjustments_owed(rules, state))
    return [p.id for p in rules.scenario.powers if p.id in due and p.id not in state.orders]


def adjustments_owed(rules: DiplomacyRules, state: DiplomacyState) -> dict[str, int]:
    """Power -> builds it may make (positive) or disbands it owes (negative) this winter.

    Builds are capped by its unoccupied home centres it still controls (the rules)."""
    counts = rules.centres(state)
    units: dict[str, int] = {}
    for u in state.units:
        units[u.power] = units.get(u.power, 0) + 1
    occupied = {u.province for u in state.units}
    owed: dict[str, int] = {}
    for pw in set(counts) | set(units):
        diff = counts.get(pw, 0) - units.get(pw, 0)
        if diff > 0:
            diff = min(diff, sum(1 for c in rules.m.home_centres(pw)
                                 if state.owners.get(c) == pw and c not in occupied))
        if diff:
            owed[pw] = diff
    return owed


def adjudicate_reasons(rules: DiplomacyRules, state: DiplomacyState) -> list[str]:
    """Why revealing and resolving now is refused (forceable): the powers still to hand in."""
    if not rules.scenario.officers.orders_from_all:
        return []
    missing = missing_powers(rules, state)
    if not missing:
        return []
    what = {MOVEMENT: "their units hold", RETREAT: "their dislodged units are disbanded",
            ADJUSTMENT: "their builds are not made and owed disbands go by civil disorder"}[state.phase]
    names = ", ".join(rules.power_name(p) for p in missing)
    return [f"no orders yet from {names} ({len(missing)} of {len(rules.powers)}); resolving without them, "
            f"{what} (CONTROL may force it)"]


# --- goals and points --------------------------------------------------------------------------
def goal_points(state: DiplomacyState, power: str) -> int:
    return sum(g.points for g in state.goals.get(power, {}).values())


def europe_bonus(rules: DiplomacyRules, state: DiplomacyState, power: str) -> int:
    return rules.scenario.victory.bonus_points if power in state.europe else 0


def note_europe(rules: DiplomacyRules, state: DiplomacyState) -> list[Event]:
    """Record, once, each power that now controls the bonus centres (25: control of Europe).

    The rules: "As soon as one Great Power controls 25 supply centres … [it] gains 5 additional
    victory points." The award is kept as earned: losing centres later does not take it away."""
    v = rules.scenario.victory
    if v.bonus_centres is None:
        return []
    events = []
    for pw, n in sorted(rules.centres(state).items()):
        if n >= v.bonus_centres and pw not in state.europe:
            state.europe[pw] = season_label(state)
            events.append(Event(kind="control_of_europe", teams=(pw,), data={"centres": n, "points": v.bonus_points},
                                text=f"{rules.power_name(pw)} controls {n} supply centres: control of Europe, "
                                f"+{v.bonus_points} victory points"))
    return events


def _power_reason(rules: DiplomacyRules, power: str) -> list[str]:
    if rules.find_power(power) is None:
        return [Impossible(f"unknown power {power!r}; powers are {sorted(rules.powers)}")]
    return []


def check_officers(rules: DiplomacyRules, state: DiplomacyState, command: Command) -> list[str]:
    """Why the rules refuse an officers' command (empty: legal)."""
    if isinstance(command, (SetGoals, ProposeGoal, RuleGoal, AwardPoints)):
        bad = _power_reason(rules, command.power)
        if bad:
            return bad
        power = rules.find_power(command.power) or command.power
        name = rules.power_name(power)
        mine = state.goals.get(power, {})
        if isinstance(command, SetGoals):
            if len(command.goals) != 2 or not all(t.strip() for t in command.goals):
                return [f"the officers set exactly 2 political goals for {name}, got {len(command.goals)} "
                        f"{list(command.goals)!r}"]
            return []
        if isinstance(command, ProposeGoal):
            if not command.goal.strip():
                return [f"{name}'s proposed goal is empty"]
            if 3 in mine and mine[3].allowed is not None:
                return [f"the officers have already {'allowed' if mine[3].allowed else 'denied'} {name}'s own goal "
                        f"({mine[3].text!r})"]
            return []
        if isinstance(command, RuleGoal):
            if 3 not in mine:
                return [Impossible(f"{name} has proposed no goal of its own to allow or deny")]
            return []
        if command.goal not in (1, 2, 3):
            return [Impossible(f"goal {command.goal} does not exist: 1 and 2 are the officers' goals, 3 the power's "
                               "own")]
        if command.goal not in mine:
            what = "proposed no goal of its own" if command.goal == 3 else f"no goal {command.goal} set (set_goals)"
            return [f"{name} has {what}"]
        reasons = []
        if command.points < 0:
            reasons.append(f"{command.points} points: political victory points are not negative")
        if command.goal == 3:
            limit = rules.scenario.officers.third_goal_points
            if mine[3].allowed is not True:
                reasons.append(f"{name}'s own goal is {'denied' if mine[3].allowed is False else 'not yet allowed'} "
                               "(rule_goal first)")
            if command.points > limit:
                reasons.append(f"the officers award up to {limit} points for a power's own goal, not {command.points}")
        return reasons
    if isinstance(command, OpenConference):
        return _conference_reasons(rules, state, command)
    if isinstance(command, EndConference):
        return [] if state.conference is not None else [Impossible("no conference is running")]
    if isinstance(command, EndGame):
        return []
    if isinstance(command, RuleProvince):
        return provinces.check_rule_province(rules, state, command)
    return [f"unknown command {command.kind!r}"]


def apply_officers(rules: DiplomacyRules, state: DiplomacyState, command: Command) -> list[Event]:
    turn = season_label(state)
    if isinstance(command, EndGame):
        return end_game(rules, state, command.reason or "the officers end the game")
    if isinstance(command, EndConference):
        return _end_conference(rules, state, command.reason or "its business is done")
    if isinstance(command, OpenConference):
        return _open_conference(rules, state, command)
    if isinstance(command, RuleProvince):
        return provinces.apply_rule_province(rules, state, command)
    assert isinstance(command, (SetGoals, ProposeGoal, RuleGoal, AwardPoints))
    power = rules.find_power(command.power) or command.power
    name = rules.power_name(power)
    mine = state.goals.setdefault(power, {})
    if isinstance(command, SetGoals):
        for i, text in enumerate(command.goals, start=1):
            old = mine.get(i)
            mine[i] = Goal(text.strip(), True, old.award if old is not None else None)
        return [Event(kind="goals_set", teams=(power,), hidden=True, visible_to=(power,),
                      data={"goals": [g.strip() for g in command.goals]},
                      text=f"{name}'s political goals: 1. {command.goals[0].strip()}; 2. {command.goals[1].strip()}")]
    if isinstance(command, ProposeGoal):
        mine[3] = Goal(command.goal.strip(), None)
        return [Event(kind="goal_proposed", teams=(power,), hidden=True, visible_to=(power,),
                      data={"goal": command.goal.strip()},
                      text=f"{name} proposes its own goal: {command.goal.strip()} (the officers allow or deny it)")]
    if isinstance(command, RuleGoal):
        g = mine[3]
        mine[3] = Goal(g.text, command.allowed, g.award)
        verdict = "allow" if command.allowed else "deny"
        why = f" ({command.reason})" if command.reason else ""
        # Hidden like the proposal: the reason may well name the goal (the score table shows only the status).
        return [Event(kind="goal_ruled", teams=(power,), data={"allowed": command.allowed}, hidden=True,
                      visible_to=(power,), text=f"The officers {verdict} {name}'s own political goal{why}")]
    g = mine[command.goal]
    was = g.award.points if g.award is not None else None
    mine[command.goal] = Goal(g.text, g.allowed, Award(command.points, turn, command.reason))
    corrected = f", was {was}" if was is not None else ""
    points = f"{command.points} political victory point{'s' * (command.points != 1)}"
    # The points are public (the score table); the reason may name the secret goal, so it goes to the power only.
    events = [Event(kind="points_awarded", teams=(power,),
                    data={"goal": command.goal, "points": command.points, "was": was, "turn": turn},
                    text=f"{name}: {points} for goal {command.goal}{corrected}")]
    if command.reason:
        events.append(Event(kind="points_awarded_why", teams=(power,), hidden=True, visible_to=(power,),
                            data={"goal": command.goal, "reason": command.reason},
                            text=f"{name}: {points} for goal {command.goal}: {command.reason}"))
    return events


# --- conferences -------------------------------------------------------------------------------
def find_province(rules: DiplomacyRules, text: str) -> str | None:
    key = text.strip().casefold()
    for pid, p in rules.m.provinces.items():
        if key in (pid.casefold(), p.name.casefold()):
            return pid
    return None


def hostile_units(rules: DiplomacyRules, state: DiplomacyState, location: str, powers: tuple[str, ...]) -> list[str]:
    """Units in ``location`` of powers not taking part, in words: hostile to the conference (the ruling)."""
    return [f"{rules.power_name(u.power)} {rules.unit_text(u)}" for u in state.units
            if u.province == location and u.power not in powers]


def _conference_reasons(rules: DiplomacyRules, state: DiplomacyState, command: OpenConference) -> list[str]:
    reasons: list[str] = []
    location = find_province(rules, command.location)
    if location is None:
        reasons.append(Impossible(f"unknown province {command.location!r} for the conference"))
    powers = []
    for text in command.powers:
        pid = rules.find_power(text)
        if pid is None:
            reasons.append(Impossible(f"unknown power {text!r}; powers are {sorted(rules.powers)}"))
        elif pid in powers:
            reasons.append(f"{rules.power_name(pid)} is listed twice")
        else:
            powers.append(pid)
    if len(set(powers)) < 3:
        reasons.append(f"a conference needs at least three delegations, {len(set(powers))} named")
    if not command.name.strip():
        reasons.append("the conference has no name")
    if state.conference is not None:
        c = state.conference
        reasons.append(f"the {c.name} is still running (since {c.turn}): only one conference at a time")
    if location is not None:
        hostile = hostile_units(rules, state, location, tuple(powers))
        if hostile:
            reasons.append(f"{rules.province_name(location)} holds a unit hostile to the conference: "
                           f"{', '.join(hostile)} (of a power not taking part)")
    return reasons


def _open_conference(rules: DiplomacyRules, state: DiplomacyState, command: OpenConference) -> list[Event]:
    location = find_province(rules, command.location) or command.location
    powers: list[str] = []
    for text in command.powers:
        pid = rules.find_power(text) or text
        if pid not in powers:
            powers.append(pid)
    season = state.season
    c = Conference(command.name.strip(), location, tuple(powers), command.form, state.year, season,
                   season_label(state), state.owners.get(location))
    state.conference = c
    names = ", ".join(rules.power_name(p) for p in powers)
    form = "" if c.form in c.name.casefold() else f" ({c.form})"
    return [Event(kind="conference_opened", teams=tuple(powers), places=(location,),
                  data={"name": c.name, "location": location, "powers": list(powers), "form": c.form},
                  text=f"The {c.name}{form} opens in {rules.province_name(location)}: {names}")]


def _end_conference(rules: DiplomacyRules, state: DiplomacyState, why: str, kind: str = "conference_ended"
                    ) -> list[Event]:
    c = state.conference
    assert c is not None
    state.conference = None
    state.conferences.append((c, season_label(state), why))
    return [Event(kind=kind, teams=c.powers, places=(c.location,),
                  data={"name": c.name, "location": c.location, "since": c.turn, "why": why},
                  text=f"The {c.name} ends: {why}")]


def watch_conference(rules: DiplomacyRules, state: DiplomacyState) -> list[Event]:
    """After each resolved phase: end the conference when its area is conquered or its year is up.

    Conquered: a unit of a power not taking part stands in its province, or its supply centre has
    passed to such a power. Its year is up when the calendar reaches the season it began in, a year
    later (Spring 1935 → Spring 1936), or the first phase after that if that season is skipped."""
    c = state.conference
    if c is None:
        return []
    hostile = hostile_units(rules, state, c.location, c.powers)
    owner = state.owners.get(c.location)
    if hostile or (owner is not None and owner not in c.powers and owner != c.owner_at_start):
        who = hostile[0] if hostile else f"{rules.power_name(owner or '')} took it"
        return _end_conference(rules, state, f"{rules.province_name(c.location)} is conquered ({who}); a new "
                               "conference must follow the whole procedure again", kind="conference_conquered")
    if _step(state.year, state.season) >= _step(c.year, c.season) + 3:
        return _end_conference(rules, state, f"its year is up (it began in {c.turn})", kind="conference_year_up")
    return []


# --- the end -----------------------------------------------------------------------------------
def final_scores(rules: DiplomacyRules, state: DiplomacyState) -> list[tuple[str, int]]:
    """(power, score), best first; equal scores in the scenario's order of powers."""
    order = {p.id: i for i, p in enumerate(rules.scenario.powers)}
    return sorted(((p, rules.score(state, p)) for p in rules.powers), key=lambda ps: (-ps[1], order[ps[0]]))


def end_game(rules: DiplomacyRules, state: DiplomacyState, reason: str) -> list[Event]:
    """End the game: final scores, and a single winner (the one highest score) or a draw (several
    powers share it). The rules: "The end must bring us a single winner, or a draw"."""
    scores = final_scores(rules, state)
    top = scores[0][1]
    winners = tuple(p for p, s in scores if s == top)
    state.finished = True
    state.result = Result(season_label(state), reason, tuple(scores), winners)
    table = ", ".join(f"{rules.power_name(p)} {s}" for p, s in scores)
    if len(winners) == 1:
        verdict = f"{rules.power_name(winners[0])} wins with {top} points"
    else:
        verdict = f"a draw between {', '.join(rules.power_name(p) for p in winners)} ({top} points each)"
    return [Event(kind="game_over", teams=winners,
                  data={"reason": reason, "scores": dict(scores), "winners": list(winners), "draw": len(winners) > 1},
                  text=f"The game ends ({reason}): {verdict}. Final scores: {table}")]


# --- what the board and the big screen show ----------------------------------------------------
def _goal_cell(g: Goal | None, own: bool) -> str:
    if g is None:
        return "—"
    if own and g.allowed is None:
        return "proposed"
    if own and g.allowed is False:
        return "denied"
    if g.award is None:
        return "allowed" if own else "—"
    return f"{g.award.points} ({g.award.turn})"


SCORE_COLUMNS = ["Power", "Centres", "Goal 1", "Goal 2", "Own goal", "Insurrection", "Other", "Europe", "Score"]


def score_section(rules: DiplomacyRules, state: DiplomacyState) -> Section:
    """The score table, a row per power: centres, each goal's points and when, insurrection points,
    other political points, the control-of-Europe bonus and when, and the score. Public: it shows
    points, never a goal's text (the goals are each delegation's secret)."""
    counts = rules.centres(state)
    rows = []
    for p in rules.scenario.powers:
        goals = state.goals.get(p.id, {})
        ins = state.insurrection_vp.get(p.id, 0)
        other = state.political.get(p.id, 0) - ins
        europe = f"{rules.scenario.victory.bonus_points} ({state.europe[p.id]})" if p.id in state.europe else "—"
        name = p.name + (" (eliminated)" if p.id in state.eliminated else "")
        rows.append([name, str(counts.get(p.id, 0)), _goal_cell(goals.get(1), False), _goal_cell(goals.get(2), False),
                     _goal_cell(goals.get(3), True), str(ins), str(other), europe, str(rules.score(state, p.id))])
    return Section(id="score", title="Score", columns=list(SCORE_COLUMNS), rows=rows)


def goal_sections(rules: DiplomacyRules, state: DiplomacyState) -> list[Section]:
    """Each power's goals with their texts: hidden, seen by the officers and that delegation only."""
    out = []
    for p in rules.scenario.powers:
        goals = state.goals.get(p.id, {})
        if not goals:
            continue
        rows = []
        for n in sorted(goals):
            g = goals[n]
            status = "" if n != 3 else {None: "proposed", True: "allowed", False: "denied"}[g.allowed]
            pts = f"{g.award.points} ({g.award.turn})" if g.award is not None else "—"
            rows.append([str(n) if n != 3 else "own", g.text, status, pts])
        out.append(Section(id=f"goals-{p.id}", title=f"{p.name}: political goals", columns=["Goal", "Text", "Status",
                           "Points"], rows=rows, hidden=True, visible_to=(p.id,)))
    return out


def conference_section(rules: DiplomacyRules, state: DiplomacyState) -> Section | None:
    c = state.conference
    if c is None:
        return None
    ends = f"{c.season.capitalize()} {c.year + 1}"
    return Section(id="conference", title=f"{c.form.capitalize()}: {c.name}", columns=["Where", "Delegations",
                   "Since", "Ends by"],
                   rows=[[rules.province_name(c.location), ", ".join(rules.power_name(p) for p in c.powers), c.turn,
                          ends]])


def result_section(rules: DiplomacyRules, state: DiplomacyState) -> Section | None:
    r = state.result
    if r is None:
        return None
    title = (f"Winner: {rules.power_name(r.winners[0])}" if len(r.winners) == 1
             else f"Draw: {', '.join(rules.power_name(p) for p in r.winners)}")
    rows = [[str(i), rules.power_name(p), str(s), "winner" if len(r.winners) == 1 and p in r.winners
             else "draw" if p in r.winners else ""] for i, (p, s) in enumerate(r.scores, start=1)]
    return Section(id="result", title=f"Final scores ({r.turn}) — {title}", columns=["#", "Power", "Score", ""],
                   rows=rows)
