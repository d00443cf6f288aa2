"""A designer's case book: cases written as data, run against any rule system (``boardapp test CASES.yaml``).

A case book is a YAML file::

    scenario: ../../scenarios/tarn-valley.yaml     # relative to the case book; a case may name its own
    seed: 1                                        # the dice after a case's own scripted ones run out
    cases:
      - name: Infantry takes the highway to Crossway
        position: {counters: {c-mil1: {place: fen-cross}}}   # optional: the scenario's position: section
        dice: [4]                                  # optional: the dice the case's commands roll, in order
        steps:
          - do: {kind: move, counter: c-inf1, to: crossway}
            events: [{kind: moved, data: {cost: 3}}]       # these events, in this order, among the step's
            state: {counters.c-inf1.place: crossway}       # paths into the game's summary (or its state)
          - do: {kind: move, counter: c-inf1, to: millford}
            refused: "has already marched"                 # refused, with a reason containing this text

Each case starts a fresh game on its scenario. A step's command must be accepted unless the step says
``refused`` (text the reasons must contain, or ``true`` for any refusal); ``events`` lists what the
accepted command's events must include in order (``kind``, a ``text`` they contain, ``data``, ``teams``,
``places`` and ``counters`` they equal), and ``state`` the values the game then has. A mistake in the case
book itself is a problem naming its file and line, never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from boardapp.model.problems import FileProblemsError, Problem
from boardapp.model.yamlfile import YamlDocument

Loc = tuple[str | int, ...]
CASE_KEYS = {"name", "scenario", "position", "dice", "steps", "seed"}
STEP_KEYS = {"do", "refused", "events", "state"}
EVENT_KEYS = {"kind", "text", "data", "teams", "places", "counters"}


class CaseFileError(Exception):
    """The case book itself is wrong at ``loc``."""

    def __init__(self, loc: Loc, message: str) -> None:
        super().__init__(message)
        self.loc = loc
        self.message = message


@dataclass
class CaseResult:
    """How one case went."""

    name: str
    ok: bool
    message: str = ""
    """Why it failed (empty when it passed)."""
    line: int | None = None
    """The case book's line the failure points at."""


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


def lookup(data: Any, path: str) -> Any:
    """The value at a dotted path into JSON-like data (a number picks a list's item); KeyError naming the
    first part not found.

    >>> lookup({"counters": {"a-1": {"place": "x"}}}, "counters.a-1.place")
    'x'
    >>> lookup({"log": [3, 4]}, "log.1")
    4
    """
    here = data
    for i, part in enumerate(path.split(".")):
        if isinstance(here, dict) and part in here:
            here = here[part]
        elif isinstance(here, list | tuple) and part.lstrip("-").isdigit() and -len(here) <= int(part) < len(here):
            here = here[int(part)]
        elif not isinstance(here, dict | list | tuple) and not part.startswith("_") and hasattr(here, part):
            here = getattr(here, part)
        else:
            where = ".".join(path.split(".")[:i]) or "the summary"
            known = ", ".join(map(str, list(here)[:12])) if isinstance(here, dict) else ""
            raise KeyError(f"{where} has no {part!r}" + (f" (it has {known})" if known else ""))
    return here


def _event_matches(want: dict[str, Any], event: Any) -> bool:
    if "kind" in want and event.kind != want["kind"]:
        return False
    if "text" in want and str(want["text"]) not in event.text:
        return False
    for key in ("teams", "places", "counters"):
        if key in want and list(getattr(event, key)) != list(want[key]):
            return False
    if "data" in want:
        have = _plain(event.data)
        for k, v in want["data"].items():
            if k not in have or have[k] != _plain(v):
                return False
    return True


def events_missing(wanted: list[dict[str, Any]], events: list[Any]) -> dict[str, Any] | None:
    """The first wanted event not found, in order, among ``events`` (None: all found)."""
    i = 0
    for want in wanted:
        while i < len(events) and not _event_matches(want, events[i]):
            i += 1
        if i == len(events):
            return want
        i += 1
    return None


class CaseBook:
    """A case book read from its file: where each value was written, and its scenarios loaded once each."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.doc = YamlDocument.read(self.path)
        self._loaded: dict[Path, tuple[Any, Any]] = {}
        data = self.doc.data
        if not isinstance(data, dict):
            raise self.error((), "a case book is a mapping with scenario: and cases:")
        unknown = set(data) - {"scenario", "seed", "cases", "description"}
        if unknown:
            raise self.error((sorted(unknown)[0],), f"unknown key {sorted(unknown)[0]!r}; a case book has "
                             "scenario, seed, description and cases")
        self.data: dict[str, Any] = data
        cases = data.get("cases")
        if not isinstance(cases, list) or not cases:
            raise self.error(("cases",) if "cases" in data else (), "give cases: a list of cases")
        self.cases: list[Any] = cases
        seed = data.get("seed", 1)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**32:
            raise self.error(("seed",), f"seed {seed!r} is not a whole number from 0")
        self.seed = seed

    def line(self, loc: Loc) -> int | None:
        return self.doc.where(loc)[0]

    def error(self, loc: Loc, message: str) -> FileProblemsError:
        line, column = self.doc.where(loc)
        where = ".".join(str(p) for p in loc)
        return FileProblemsError([Problem(f"{where + ': ' if where else ''}{message}", file=self.path, line=line,
                                          column=column, loc=loc)])

    def scenario(self, loc: Loc, name: Any) -> tuple[Any, Any]:
        from boardapp.engine.files import load_scenario

        if not isinstance(name, str) or not name:
            raise CaseFileError(loc, "give the scenario file (a path relative to the case book)")
        path = (self.path.parent / name).resolve()
        if path not in self._loaded:
            if not path.is_file():
                raise CaseFileError(loc, f"no scenario file {name!r} (looked for {path})")
            try:
                self._loaded[path] = load_scenario(path)
            except FileProblemsError as exc:
                raise CaseFileError(loc, f"the scenario {name!r} has problems: "
                                    + "; ".join(str(p) for p in exc.problems[:3])) from None
        return self._loaded[path]


def _game(book: CaseBook, i: int, case: dict[str, Any]) -> Any:
    from boardapp.engine.dice import ScriptedDice, SeededDice
    from boardapp.engine.game import Game
    from boardapp.engine.position import PositionError
    from boardapp.rules import get_module

    loc: Loc = ("cases", i)
    name = case.get("scenario", book.data.get("scenario"))
    scenario, the_map = book.scenario((*loc, "scenario") if "scenario" in case else ("scenario",), name)
    if "position" in case:
        if not isinstance(case["position"], dict):
            raise CaseFileError((*loc, "position"), "a position is a mapping of the state's fields")
        try:
            data = scenario.model_dump(by_alias=True) | {"position": case["position"]}
            scenario = type(scenario).model_validate(data)
        except ValidationError as exc:
            raise CaseFileError((*loc, "position"), f"not a position: {exc.errors()[0]['msg']}") from None
        problems = [p for p in scenario.cross_check(the_map) if p.severity == "error"]
        if problems:
            first = problems[0]
            raise CaseFileError((*loc, *first.loc), first.message)
    seed = case.get("seed", book.seed)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**32:
        raise CaseFileError((*loc, "seed"), f"seed {seed!r} is not a whole number from 0")
    rolls = case.get("dice", [])
    if not isinstance(rolls, list) or not all(isinstance(r, int) and not isinstance(r, bool) for r in rolls):
        raise CaseFileError((*loc, "dice"), "dice is a list of whole numbers (the rolls in order: [4, 1, 6])")
    try:
        module = get_module(scenario.rules)(scenario, the_map)
        return Game(module, dice=ScriptedDice(rolls, fallback=SeededDice(seed)))
    except PositionError as exc:
        raise CaseFileError((*loc, *exc.loc), exc.message) from None


def _check_step(book: CaseBook, loc: Loc, step: Any) -> dict[str, Any]:
    if not isinstance(step, dict) or "do" not in step:
        raise CaseFileError(loc, "a step is a mapping with do: (a command) and what to expect")
    unknown = set(step) - STEP_KEYS
    if unknown:
        raise CaseFileError((*loc, sorted(unknown)[0]), f"unknown key; a step has {', '.join(sorted(STEP_KEYS))}")
    if not isinstance(step["do"], dict) or "kind" not in step["do"]:
        raise CaseFileError((*loc, "do"), "a command is a mapping with its kind: ({kind: move, counter: …, to: …})")
    if "refused" in step and not (isinstance(step["refused"], str) or step["refused"] is True):
        raise CaseFileError((*loc, "refused"), "refused is the text the refusal contains, or true")
    if "refused" in step and ("events" in step or "state" in step):
        raise CaseFileError((*loc, "refused"), "a refused command has no events or new state to expect")
    events = step.get("events", [])
    if not isinstance(events, list):
        raise CaseFileError((*loc, "events"), "events is a list of the events expected, in order")
    for j, ev in enumerate(events):
        if not isinstance(ev, dict) or not ev or set(ev) - EVENT_KEYS:
            raise CaseFileError((*loc, "events", j),
                                f"an expected event is a mapping of {', '.join(sorted(EVENT_KEYS))}")
        if "data" in ev and not isinstance(ev["data"], dict):
            raise CaseFileError((*loc, "events", j, "data"), "data is a mapping of the event's numbers")
    if "state" in step and not isinstance(step["state"], dict):
        raise CaseFileError((*loc, "state"), "state is a mapping of paths to values ({counters.a-1.place: town})")
    return step


def run_case(book: CaseBook, i: int) -> CaseResult:
    """Run the case ``i`` of ``book`` (CaseFileError: the case itself is wrong)."""
    from boardapp.engine.module import IllegalCommandError

    case = book.cases[i]
    loc: Loc = ("cases", i)
    if not isinstance(case, dict):
        raise CaseFileError(loc, "a case is a mapping with name: and steps:")
    unknown = set(case) - CASE_KEYS
    if unknown:
        raise CaseFileError((*loc, sorted(unknown)[0]), f"unknown key; a case has {', '.join(sorted(CASE_KEYS))}")
    name = case.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CaseFileError(loc, "give the case a name:")
    steps = case.get("steps")
    if not isinstance(steps, list) or not steps:
        raise CaseFileError((*loc, "steps") if "steps" in case else loc, "give steps: a list of commands to play")
    for j, step in enumerate(steps):
        _check_step(book, (*loc, "steps", j), step)
    game = _game(book, i, case)

    def fail(where: Loc, message: str) -> CaseResult:
        return CaseResult(name, False, message, book.line(where))

    for j, step in enumerate(steps):
        sloc: Loc = (*loc, "steps", j)
        try:
            command = game.parse(step["do"])
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err["loc"][1:]) or "the command"
            raise CaseFileError((*sloc, "do"), f"not a command of {game.module.title}: {field}: {err['msg']}") from None
        try:
            entry = game.push(command)
        except IllegalCommandError as exc:
            reasons = "; ".join(exc.reasons)
            want = step.get("refused")
            if want is None:
                return fail(sloc, f"step {j + 1} ({command.describe()}) was refused: {reasons}")
            if want is not True and want not in reasons:
                return fail((*sloc, "refused"), f"step {j + 1} was refused, but not with {want!r}: {reasons}")
            continue
        except Exception as exc:  # the rules broke on a case: a failure of the rules, reported, not a traceback
            return fail(sloc, f"step {j + 1} ({command.describe()}) broke the rules: {type(exc).__name__}: {exc}")
        if "refused" in step:
            return fail((*sloc, "refused"), f"step {j + 1} ({command.describe()}) was accepted, not refused")
        missing = events_missing(step.get("events", []), list(entry.events))
        if missing is not None:
            got = "; ".join(f"{e.kind}: {e.text} {_plain(e.data)}" for e in entry.events) or "no events"
            return fail((*sloc, "events"), f"step {j + 1}: no event like {missing} (in order); the events: {got}")
        summary = _plain(game.summary())
        for path, want in step.get("state", {}).items():
            try:
                have = lookup(summary, str(path))
            except KeyError:
                try:
                    have = lookup(game.state, str(path))
                except KeyError as exc:
                    raise CaseFileError((*sloc, "state", path), f"no {path!r} in the game's state: {exc.args[0]}") \
                        from None
            if _plain(have) != _plain(want):
                return fail((*sloc, "state", path), f"step {j + 1}: {path} is {_plain(have)!r}, not {want!r}")
    return CaseResult(name, True)


def run_book(path: str | Path, report: Callable[[CaseResult], None] | None = None) -> list[CaseResult]:
    """Run every case of the case book at ``path``; ``report`` hears each result as it comes.

    Raises :class:`FileProblemsError` (file and line) when the book or a case in it is wrong."""
    book = CaseBook(path)
    results = []
    for i in range(len(book.cases)):
        try:
            result = run_case(book, i)
        except CaseFileError as exc:
            raise book.error(exc.loc, exc.message) from None
        results.append(result)
        if report is not None:
            report(result)
    return results


def main(path: str | Path, out: Callable[[str], None] = print) -> int:
    """``boardapp test``: a line per case, a last line counting them; 0 when all pass, 1 otherwise."""
    book_name = str(path)

    def say(r: CaseResult) -> None:
        where = f" ({book_name}:{r.line})" if r.line else ""
        out(f"PASS  {r.name}" if r.ok else f"FAIL  {r.name}{where}: {r.message}")

    results = run_book(path, say)
    failed = sum(1 for r in results if not r.ok)
    out(f"{len(results)} case{'s' if len(results) != 1 else ''}: {len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0
