"""Opening and checking the files people write and the game files the board writes."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from boardapp import __version__, resources
from boardapp.engine import staff
from boardapp.engine.dice import Dice, DiceExhaustedError, ScriptedDice
from boardapp.engine.game import Game
from boardapp.engine.gamefile import DamagedGameError, GameFile, GameFileError, VerifiedJournal
from boardapp.engine.journal import EMPTY_DIGEST, JournalEntry, entry_digest
from boardapp.engine.module import decision_difference
from boardapp.engine.module import same_decisions as same_staff
from boardapp.model.checks import check_map
from boardapp.model.mapfile import Map
from boardapp.model.problems import FileProblemsError, Problem, format_loc
from boardapp.model.reading import decode_utf8, read_bounded, regular_file_problem
from boardapp.model.scenario import ScenarioBase
from boardapp.rules import get_module

if TYPE_CHECKING:  # yaml is imported when a YAML file is read: a scenario read before comes from the cache
    from boardapp.model.yamlfile import YamlDocument

SCENARIO_DIR = resources.scenario_dir()
"""boardapp's own scenarios (package data, found through importlib.resources: ``boardapp/resources.py``)."""
DEFAULT_SCENARIO = resources.default_scenario()
MAP_DIR = resources.map_dir()
"""boardapp's own maps: their outlines are proved sound without shapely (``check_map(shipped=True)``)."""


def _raise_if_errors(problems: Iterable[Problem]) -> list[Problem]:
    problems = list(problems)
    if any(p.severity == "error" for p in problems):
        raise FileProblemsError(problems)
    return problems


def read_map(path: str | Path, exact: bool = False) -> tuple[Map, list[Problem]]:
    """A map file and its warnings; raises :class:`FileProblemsError` listing every error.

    ``exact``: check the outlines of even boardapp's own maps with shapely (``boardapp check``)."""
    from boardapp.model.yamlfile import YamlDocument

    doc = YamlDocument.read(path)
    return map_from_document(doc, shipped=not exact and doc.path.resolve().parent == MAP_DIR)


def map_from_document(doc: YamlDocument, shipped: bool = False) -> tuple[Map, list[Problem]]:
    """Validate a parsed map file, then run the map checks once, each problem at its line.

    ``shipped``: the file is one of boardapp's own maps (see :func:`boardapp.model.checks.check_map`)."""
    if not isinstance(doc.data, dict):
        raise FileProblemsError([Problem("a map file is a YAML mapping (id:, name:, places: …)", file=doc.path,
                                         line=1, column=1)])
    try:
        the_map = Map.model_validate(doc.data)
    except ValidationError as exc:
        raise FileProblemsError(doc.problems_from(exc)) from None
    warnings = _raise_if_errors(doc.locate(p) for p in check_map(the_map, shipped=shipped))
    return the_map, warnings


def load_map(path: str | Path) -> Map:
    return read_map(path)[0]


def read_scenario(path: str | Path) -> tuple[ScenarioBase, Map, list[Problem]]:
    """A scenario, its map and the warnings of both; errors raise :class:`FileProblemsError`."""
    from boardapp.model.yamlfile import YamlDocument

    return scenario_from_document(YamlDocument.read(path))


def scenario_from_document(doc: YamlDocument, exact: bool = False) -> tuple[ScenarioBase, Map, list[Problem]]:
    """Validate a parsed scenario file, read its map, and check the two together (``exact``: as
    :func:`read_map`)."""
    if not isinstance(doc.data, dict):
        raise FileProblemsError([Problem("a scenario file is a YAML mapping (id:, rules:, map: …)",
                                         file=doc.path, line=1, column=1)])
    rules = doc.data.get("rules")
    if not isinstance(rules, str):
        line, col = doc.where(())
        raise FileProblemsError([Problem("rules: this field is required: the rule module, e.g. 'binni'",
                                         file=doc.path, line=line, column=col)])
    try:
        module = get_module(rules)
    except ValueError as exc:
        line, col = doc.where(("rules",))
        raise FileProblemsError([Problem(f"rules: {exc}", file=doc.path, line=line, column=col)]) from None
    try:
        scenario = module.scenario_model.model_validate(doc.data)
    except ValidationError as exc:
        raise FileProblemsError(doc.problems_from(exc)) from None
    map_path = (doc.path.parent / scenario.map).resolve()
    try:
        the_map, map_warnings = read_map(map_path, exact=exact)
    except FileProblemsError as exc:
        line, col = doc.where(("map",))
        raise FileProblemsError([Problem(f"map: the map {scenario.map!r} has problems", file=doc.path,
                                         line=line, column=col), *exc.problems]) from None
    problems = [doc.locate(p) for p in scenario.cross_check(the_map)]
    warnings = _raise_if_errors(problems)
    return scenario, the_map, map_warnings + warnings


def load_scenario(path: str | Path) -> tuple[ScenarioBase, Map]:
    """A scenario and its map, errors raised as :func:`read_scenario`; one read before with the same files and
    the same boardapp comes from the user's cache instead (``engine/loadcache.py``)."""
    from boardapp.engine import loadcache

    return loadcache.load(Path(path), _read_without_cache)


def _read_without_cache(path: Path) -> tuple[ScenarioBase, Map]:
    scenario, the_map, _ = read_scenario(path)
    return scenario, the_map


# --- game files -------------------------------------------------------------------------
def _module_from_meta(path: Path, meta: dict[str, str]) -> Any:
    try:
        module_cls = get_module(meta["rules"])
        scenario = module_cls.scenario_model.model_validate_json(meta["scenario"])
        the_map = Map.model_validate_json(meta["map"])
    except KeyError as exc:
        raise GameFileError(path, f"the game file lacks its {exc.args[0]!r} record") from None
    except (ValueError, ValidationError) as exc:
        raise GameFileError(path, f"the scenario stored in the game file is invalid: {exc}") from None
    recorded = meta.get("rules_format", "1")  # files written before rules_format was recorded: format 1
    if not (recorded.isascii() and recorded.isdigit() and len(recorded) <= 6):
        raise GameFileError(path, f"its rules_format {recorded[:40]!r} is not a whole number; the file is damaged")
    if int(recorded) > module_cls.format_version:
        raise GameFileError(path, f"written by a newer boardapp ({meta.get('app_version', '?')}: the "
                            f"{meta['rules']} rules' format {recorded}, this one reads up to "
                            f"{module_cls.format_version}); update boardapp to open it")
    return module_cls(scenario, the_map)


def _game_meta(loaded: tuple[ScenarioBase, Map], source: str) -> dict[str, Any]:
    from boardapp.engine.loadcache import dumped  # model_dump_json(), kept with a scenario read before

    scenario, the_map = loaded
    return {"rules": scenario.rules, "rules_format": str(get_module(scenario.rules).format_version),
            "scenario": dumped(scenario), "map": dumped(the_map), "source": source}


def new_game(loaded: tuple[ScenarioBase, Map], save: str | Path | None = None, dice: Dice | None = None,
             overwrite: bool = False, source: str = "") -> Game[Any]:
    """A new game on a scenario; with ``save``, journalled to that game file from the start."""
    game = Game.new(loaded, dice=dice)
    game.source = source
    if save is not None:
        game.store = GameFile.create(save, _game_meta(loaded, source), overwrite=overwrite)
    return game


def written_by_this_version(meta: dict[str, str]) -> bool:
    """Whether a game file's meta says this boardapp wrote it (its events are then compared word for word)."""
    return meta.get("app_version") == __version__


def verify_replay(module: Any, entries: Sequence[JournalEntry], same_version: bool = True
                  ) -> tuple[int, str | None]:
    """Replay ``entries`` from the start with exactly their recorded dice.

    Returns how many replayed faithfully and, if one did not, why: it names no command this game
    knows, falls in another turn than it was played in, needs more dice than it recorded, leaves
    recorded dice unused, fails in the rules, or gives other events than it recorded. Any
    exception from the rules counts as a failure here (a damaged entry can provoke any of them),
    never as a crash. For a file written by this boardapp (``same_version``) the events and turn labels must
    be the recorded ones word for word; for an older version's file, the events must decide the same (kinds,
    data, what they concern, who sees them) and their texts and turn labels may differ: a later version may
    reword both (docs/game-files.md), and the file shows the texts it recorded.
    """
    state = module.copy_state(module.initial_state())
    for n, entry in enumerate(entries):
        if staff.is_staff_entry(entry, module):  # the Control team's own: it never touches the rules' state
            try:
                scmd = staff.parse(entry.command)
            except (ValueError, TypeError) as exc:
                return n, f"entry {entry.seq} is not a staff command this game knows ({_first_line(exc)})"
            told = staff.events(scmd, staff.turn_index(module.turn_label(state), module.turn_number(state)))
            if entry.rolls or (told != entry.events if same_version else not same_staff(entry.events, told)):
                return n, f"entry {entry.seq} ({scmd.kind}) replays differently from what it recorded"
            continue
        try:
            cmd = module.parse_command(entry.command)
        except (ValueError, TypeError) as exc:
            return n, f"entry {entry.seq} is not a command this game knows ({_first_line(exc)})"
        dice = ScriptedDice(entry.rolls, what=f"recorded dice of entry {entry.seq}")
        what = f"entry {entry.seq} ({cmd.describe()})"
        turn = module.turn_label(state)
        if same_version and entry.turn and turn != entry.turn:  # entries moved across an end of turn
            return n, f"{what} was played in {entry.turn} but replays in {turn}"
        try:
            events = module.apply(state, cmd, dice)
        except DiceExhaustedError:
            return n, f"{what} needs more dice than the {len(entry.rolls)} it recorded"
        except Exception as exc:  # a damaged entry may provoke any error in the rules
            return n, f"{what} cannot be replayed: {type(exc).__name__}: {_first_line(exc)}"
        if dice.remaining:
            used = len(entry.rolls) - dice.remaining
            return n, f"{what} recorded {len(entry.rolls)} dice but uses {used}"
        # A file this version wrote must give its events word for word; an older version's, what the rules
        # decided (kinds, data, what they concern, who sees them): a later version may reword the sentences.
        if same_version:
            difference = None if events == entry.events else "the events differ"
        else:
            difference = decision_difference(entry.events, events)
        if difference is not None:
            return n, (f"{what} replays differently: {difference}; recorded {[e.text for e in entry.events]}, "
                       f"replayed {[e.text for e in events]}")
    return len(entries), None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0][:300] if text else type(exc).__name__


def _verified(path: Path, store: GameFile) -> tuple[Any, VerifiedJournal]:
    """The rule module and the checked journal of an open game file (damage recorded, not raised)."""
    module = _module_from_meta(path, store.meta())
    found = store.verify()
    active, undone = found.prefix()
    ok, why = verify_replay(module, [*active, *undone], same_version=written_by_this_version(store.meta()))
    if why is not None:
        found.fail(why, ok + 1, ok)
    return module, found


def open_game(path: str | Path, dice: Dice | None = None, readonly: bool = False) -> Game[Any]:
    """Reopen a game file: check its integrity, then rebuild the state by replaying its journal.

    A file whose content was changed after it was written, or that does not replay with exactly
    its recorded dice, raises :class:`DamagedGameError` (its ``intact`` says how many leading
    entries are proven; :func:`open_intact_prefix` opens those read-only). It never plays on.
    """
    path = Path(path)
    store = GameFile.open(path, readonly=readonly)
    try:
        module, found = _verified(path, store)
        if found.damage is not None:
            raise DamagedGameError(path, found.damage, found.intact, found.entry)
        game: Game[Any] = Game(module, dice=dice)
        game.source = store.meta().get("source", "")
        game.load_entries(found.active, found.undone, verify=False)  # verify_replay has checked them
    except BaseException:
        store.close()
        raise
    game.store = None if readonly else store
    if readonly:
        game.follow = store
    return game


def open_intact_prefix(path: str | Path, dice: Dice | None = None) -> tuple[Game[Any], DamagedGameError | None]:
    """The proven part of a game file, in memory and detached from the file, and the damage found.

    For a damaged file this is entries 1 … ``error.intact`` (undone ones among them on the redo
    stack); for a sound one, the whole game and None. The game has no store: nothing is written
    to the damaged file (save it under a new name to play on). Damage to the scenario or map
    records leaves nothing to open and raises :class:`DamagedGameError` with ``intact == 0``.
    """
    path = Path(path)
    store = GameFile.open(path, readonly=True)
    try:
        module, found = _verified(path, store)
        source = store.meta().get("source", "")
    finally:
        store.close()
    game: Game[Any] = Game(module, dice=dice)
    game.source = source
    active, undone = found.prefix()
    game.load_entries(active, undone, verify=False)
    damage = None if found.damage is None else DamagedGameError(path, found.damage, found.intact, found.entry)
    return game, damage


def export_jsonl(game: Game[Any], out: Any) -> None:
    """Write the game as JSON Lines: a header with scenario and map, then one entry a line.

    The header counts the entries and each line carries the chain digest up to its entry
    (``"digest"``, as the game file stores it), so a deleted, swapped or edited line is found on import.
    """
    digests = []
    previous = EMPTY_DIGEST
    for entry in game.entries:
        previous = entry_digest(previous, entry)
        digests.append(previous)
    header = {"format": "boardapp-journal", "version": 1, "rules": game.module.scenario.rules,
              "scenario": game.module.scenario.model_dump(mode="json"),
              "map": game.module.map.model_dump(mode="json"),
              "entries": len(game.entries), "digest": previous}
    out.write(json.dumps(header, sort_keys=True) + "\n")
    for entry, digest in zip(game.entries, digests, strict=True):
        out.write(json.dumps(entry.model_dump(mode="json") | {"digest": digest}, separators=(",", ":")) + "\n")


def import_jsonl(path: str | Path, save: str | Path | None = None) -> Game[Any]:
    """Read a JSON Lines journal, check and replay it; with ``save``, write a game file.

    The same integrity rules as a game file: entries numbered 1, 2, 3 … one a line, the chain
    digests (when the export wrote them) unbroken, each entry replaying with exactly its dice.
    Nothing is written unless all of it holds, and the game file appears only complete.
    """
    path = Path(path)

    def bad(n: int | None, msg: str, column: int | None = None) -> FileProblemsError:
        return FileProblemsError([Problem(msg, file=path, line=n, column=column)])

    text = decode_utf8(read_bounded(path), path).removeprefix("\ufeff")
    lines = text.splitlines()

    def parse_line(n: int, line: str, what: str) -> Any:
        try:
            return json.loads(line)
        except RecursionError:
            raise bad(n, f"not {what}: JSON nested too deep", 1) from None
        except ValueError as exc:
            col = getattr(exc, "colno", None)
            msg = getattr(exc, "msg", str(exc))
            raise bad(n, f"not {what}: invalid JSON ({msg})", col) from None

    if not lines:
        raise bad(1, "empty file; expected a header line")
    header = parse_line(1, lines[0], "a boardapp journal header")
    try:
        if not isinstance(header, dict) or header.get("format") != "boardapp-journal":
            raise ValueError("its 'format' is not 'boardapp-journal'")
        for key in ("rules", "scenario", "map"):
            if key not in header:
                raise ValueError(f"it lacks {key!r}")
        module_cls = get_module(header["rules"])
        scenario = module_cls.scenario_model.model_validate(header["scenario"])
        the_map = Map.model_validate(header["map"])
        chained = "digest" in header
        count = header.get("entries")
        if chained and (not isinstance(header["digest"], str) or type(count) is not int or count < 0):
            raise ValueError("its 'entries' must be a count and its 'digest' a text")
    except (ValueError, TypeError, ValidationError) as exc:
        raise bad(1, f"not a boardapp journal header: {_first_line(exc)}", 1) from None
    map_errors = [p for p in check_map(the_map) if p.severity == "error"]
    if map_errors:
        raise bad(1, "the map in the header has problems: " + "; ".join(p.message for p in map_errors), 1)
    entries: list[JournalEntry] = []
    lines_of: list[int] = []
    previous = EMPTY_DIGEST
    for n, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        data = parse_line(n, line, "a journal entry")
        digest = data.pop("digest", None) if isinstance(data, dict) else None
        try:
            entry = JournalEntry.model_validate(data)
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            where = format_loc(tuple(err["loc"]))
            raise bad(n, f"not a journal entry: {where + ': ' if where else ''}{err['msg']}", 1) from None
        expected = len(entries) + 1
        if entry.seq != expected:
            seq = entry.seq if abs(entry.seq) < 10**12 else f"{str(entry.seq)[:12]}…"
            raise bad(n, f"entry {seq} is out of place: entry {expected} should come next "
                      "(a line deleted, swapped or repeated?)", 1)
        if chained:
            previous = entry_digest(previous, entry)
            if digest != previous:
                raise bad(n, f"entry {entry.seq} was changed after it was exported (its digest does not match)", 1)
        entries.append(entry)
        lines_of.append(n)
    if chained and len(entries) != header["entries"]:
        raise bad(len(lines), f"the journal ends at entry {len(entries)}, but its header says it holds "
                  f"{header['entries']} (lines lost at the end?)")
    module = module_cls(scenario, the_map)
    ok, why = verify_replay(module, entries)
    if why is not None:
        raise bad(lines_of[ok], f"the journal does not replay: {why}")
    game: Game[Any] = Game(module)
    game.source = str(path)
    game.load_entries(entries, verify=False)
    if save is not None:
        game.store = GameFile.create(save, _game_meta((scenario, the_map), str(path)), entries=entries)
    return game


def sniff(path: Path) -> str:
    """'game', 'scenario', 'map' or 'unknown' (also for anything not a regular file)."""
    if regular_file_problem(path) is not None:
        return "unknown"
    try:
        with path.open("rb") as fh:
            head = fh.read(16)
    except OSError:
        return "unknown"
    if head.startswith(b"SQLite format 3"):
        return "game"
    try:
        text = decode_utf8(read_bounded(path), path)
    except FileProblemsError:
        return "unknown"
    if re.search(r"^rules\s*:", text, re.M):
        return "scenario"
    if re.search(r"^(places|size)\s*:", text, re.M):
        return "map"
    return "unknown"


def check_file(path: str | Path) -> tuple[str, list[Problem]]:
    """What kind of file it is and every problem in it (errors and warnings); the file is read once."""
    path = Path(path)
    why = regular_file_problem(path)
    if why is not None:
        return ("missing" if why == "no such file" else "unknown"), [Problem(why, file=path)]
    from boardapp.model.yamlfile import YamlDocument

    kind = "unknown"
    try:
        with path.open("rb") as fh:
            head = fh.read(16)
        if head.startswith(b"SQLite format 3"):
            kind = "game"
            return kind, _check_game(path)
        doc = YamlDocument.read(path)
        data = doc.data if isinstance(doc.data, dict) else {}
        if "rules" in data:
            kind = "scenario"
            return kind, scenario_from_document(doc, exact=True)[2]
        if "places" in data or "size" in data:
            kind = "map"
            return kind, map_from_document(doc)[1]
        return kind, [Problem("not a map, scenario or game file: a map has 'places:', a scenario 'rules:'",
                              file=path, line=1, column=1)]
    except FileProblemsError as exc:
        return kind, exc.problems
    except OSError as exc:
        return kind, [Problem(f"cannot read the file: {exc.strerror or exc}", file=path)]


def _check_game(path: Path) -> list[Problem]:
    game = open_game(path, readonly=True)
    store = game.follow
    try:
        problems = [Problem(msg, file=path) for msg in game.module.check_state(game.state)]
        if store.version < 2:
            problems.append(Problem(
                f"written by an older boardapp (format {store.version}) without an integrity chain: its numbering "
                "and replay are checked, but an edit that replays cannot be detected; open it in the board once "
                "to seal it", file=path, severity="warning"))
    finally:
        store.close()  # only checking: do not leave the connection open
    return problems
