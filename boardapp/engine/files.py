"""Opening and checking the files people write and the game files the board writes."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from boardapp.engine.dice import Dice
from boardapp.engine.game import Game, ReplayMismatchError
from boardapp.engine.gamefile import GameFile, GameFileError
from boardapp.engine.journal import JournalEntry
from boardapp.model.checks import check_map
from boardapp.model.mapfile import Map
from boardapp.model.problems import FileProblemsError, Problem, format_loc
from boardapp.model.scenario import ScenarioBase
from boardapp.model.yamlfile import YamlDocument
from boardapp.rules import get_module

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "scenarios"
DEFAULT_SCENARIO = SCENARIO_DIR / "war-in-binni.yaml"


def _raise_if_errors(problems: Iterable[Problem]) -> list[Problem]:
    problems = list(problems)
    if any(p.severity == "error" for p in problems):
        raise FileProblemsError(problems)
    return problems


def read_map(path: str | Path) -> tuple[Map, list[Problem]]:
    """A map file and its warnings; raises :class:`FileProblemsError` listing every error."""
    doc = YamlDocument.read(path)
    if not isinstance(doc.data, dict):
        raise FileProblemsError([Problem("a map file is a YAML mapping (id:, name:, places: …)", file=doc.path,
                                         line=1, column=1)])
    try:
        the_map = Map.model_validate(doc.data, context={"defer_checks": True})
    except ValidationError as exc:
        raise FileProblemsError(doc.problems_from(exc)) from None
    warnings = _raise_if_errors(doc.locate(p) for p in check_map(the_map))
    return the_map, warnings


def load_map(path: str | Path) -> Map:
    return read_map(path)[0]


def read_scenario(path: str | Path) -> tuple[ScenarioBase, Map, list[Problem]]:
    """A scenario, its map and the warnings of both; errors raise :class:`FileProblemsError`."""
    doc = YamlDocument.read(path)
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
        the_map, map_warnings = read_map(map_path)
    except FileProblemsError as exc:
        line, col = doc.where(("map",))
        raise FileProblemsError([Problem(f"map: the map {scenario.map!r} has problems", file=doc.path,
                                         line=line, column=col), *exc.problems]) from None
    problems = [doc.locate(p) for p in scenario.cross_check(the_map)]
    warnings = _raise_if_errors(problems)
    return scenario, the_map, map_warnings + warnings


def load_scenario(path: str | Path) -> tuple[ScenarioBase, Map]:
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
    return module_cls(scenario, the_map)


def new_game(loaded: tuple[ScenarioBase, Map], save: str | Path | None = None, dice: Dice | None = None,
             overwrite: bool = False, source: str = "") -> Game[Any]:
    """A new game on a scenario; with ``save``, journalled to that game file from the start."""
    game = Game.new(loaded, dice=dice)
    game.source = source
    if save is not None:
        scenario, the_map = loaded
        game.store = GameFile.create(save, {
            "rules": scenario.rules,
            "scenario": scenario.model_dump_json(),
            "map": the_map.model_dump_json(),
            "source": source,
        }, overwrite=overwrite)
    return game


def open_game(path: str | Path, dice: Dice | None = None, readonly: bool = False) -> Game[Any]:
    """Reopen a game file: rebuild the state by replaying its journal."""
    path = Path(path)
    store = GameFile.open(path, readonly=readonly)
    try:
        meta = store.meta()
        module = _module_from_meta(path, meta)
        game: Game[Any] = Game(module, dice=dice)
        game.source = meta.get("source", "")
        active, undone = store.read_entries()
        try:
            game.load_entries(active, undone)
        except (ReplayMismatchError, ValueError, ValidationError) as exc:
            raise GameFileError(path, f"the journal does not replay: {exc}") from None
    except BaseException:
        store.close()
        raise
    game.store = None if readonly else store
    if readonly:
        game.follow = store
    return game


def export_jsonl(game: Game[Any], out: Any) -> None:
    """Write the game as JSON Lines: a header with scenario and map, then one entry a line."""
    header = {"format": "boardapp-journal", "version": 1, "rules": game.module.scenario.rules,
              "scenario": game.module.scenario.model_dump(mode="json"),
              "map": game.module.map.model_dump(mode="json")}
    out.write(json.dumps(header, sort_keys=True) + "\n")
    for entry in game.entries:
        out.write(entry.model_dump_json() + "\n")


def import_jsonl(path: str | Path, save: str | Path | None = None) -> Game[Any]:
    """Read a JSON Lines journal, replay and verify it; with ``save``, write a game file."""
    path = Path(path)

    def bad(n: int | None, msg: str, column: int | None = None) -> FileProblemsError:
        return FileProblemsError([Problem(msg, file=path, line=n, column=column)])

    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise bad(None, "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise bad(None, f"cannot read the file as JSON Lines text: {exc}") from None

    def parse_line(n: int, line: str, what: str) -> Any:
        try:
            return json.loads(line)
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
    except (ValueError, TypeError, ValidationError) as exc:
        raise bad(1, f"not a boardapp journal header: {exc}", 1) from None
    entries = []
    for n, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        data = parse_line(n, line, "a journal entry")
        try:
            entries.append(JournalEntry.model_validate(data))
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            where = format_loc(tuple(err["loc"]))
            raise bad(n, f"not a journal entry: {where + ': ' if where else ''}{err['msg']}", 1) from None
    game = new_game((scenario, the_map), save=save, source=str(path))
    try:
        game.load_entries(entries)
    except (ReplayMismatchError, ValueError, ValidationError) as exc:
        if game.store is not None:  # do not leave a half-made game file (or an open connection) behind
            game.store.close()
            for suffix in ("", "-wal", "-shm"):
                Path(f"{game.store.path}{suffix}").unlink(missing_ok=True)
        raise FileProblemsError([Problem(f"the journal does not replay: {exc}", file=path)]) from None
    if game.store is not None:
        for entry in entries:
            game.store.append(entry)
    return game


def sniff(path: Path) -> str:
    """'game', 'scenario', 'map' or 'unknown'."""
    try:
        with path.open("rb") as fh:
            head = fh.read(16)
    except OSError:
        return "unknown"
    if head.startswith(b"SQLite format 3"):
        return "game"
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return "unknown"
    import re

    if re.search(r"^rules\s*:", text, re.M):
        return "scenario"
    if re.search(r"^(places|size)\s*:", text, re.M):
        return "map"
    return "unknown"


def check_file(path: str | Path) -> tuple[str, list[Problem]]:
    """What kind of file it is and every problem in it (errors and warnings)."""
    path = Path(path)
    kind = sniff(path) if path.exists() else "missing"
    try:
        if kind == "missing":
            return kind, [Problem("no such file", file=path)]
        if kind == "game":
            game = open_game(path, readonly=True)
            game.follow.close()  # only checking: do not leave the connection open
            problems = [Problem(msg, file=path) for msg in game.module.check_state(game.state)]
            return kind, problems
        if kind == "scenario":
            return kind, read_scenario(path)[2]
        if kind == "map":
            return kind, read_map(path)[1]
        return kind, [Problem("not a map, scenario or game file: a map has 'places:', a scenario 'rules:'",
                              file=path, line=1, column=1)]
    except FileProblemsError as exc:
        return kind, exc.problems
