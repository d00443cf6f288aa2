"""The ``boardapp`` command: open the board, or check, run and render games without a window.

Every failure a user can cause (a bad file, an illegal command) prints a message naming the
file, the line and what was wrong, and exits with status 1 — never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardapp import __version__, resources
from boardapp.model.problems import FileProblemsError, Problem

# Each sub-command imports what it needs when it runs (pydantic, yaml, the engine, the rule systems,
# Qt), so that ``boardapp --help`` and argument errors answer at once: tests/test_cli_imports.py.
if TYPE_CHECKING:
    from boardapp.engine.dice import Dice
    from boardapp.engine.game import Game

DEFAULT_SCENARIO_NAME = "war-in-binni.yaml"
"""The name of ``boardapp.engine.files.DEFAULT_SCENARIO``, for the help text (a test checks they agree)."""

SUBCOMMANDS = {"check", "run", "render", "schema", "export", "import", "diplomacy", "open", "screen", "host", "join",
               "edit", "report", "review", "scenarios", "new", "test"}


def _err(message: str) -> int:
    print(f"boardapp: {message}", file=sys.stderr)
    return 1


def _problems(problems: list[Problem]) -> None:
    for p in problems:
        print(str(p), file=sys.stderr)


# --- test (a designer's case book) ------------------------------------------------------------
def cmd_test(args: argparse.Namespace) -> int:
    from boardapp.engine.cases import main as run_cases

    failed = 0
    for name in args.books:
        failed |= run_cases(name)
    return failed


# --- check ------------------------------------------------------------------------------------
def cmd_check(args: argparse.Namespace) -> int:
    from boardapp.engine.files import check_file

    failed = False
    for name in args.files:
        kind, problems = check_file(name)
        errors = [p for p in problems if p.severity == "error"]
        warnings = [p for p in problems if p.severity == "warning"]
        if errors:
            failed = True
            print(f"{name}: {len(errors)} problem{'s' if len(errors) != 1 else ''}", file=sys.stderr)
            _problems(errors)
        else:
            note = f", {len(warnings)} warning{'s' if len(warnings) != 1 else ''}" if warnings else ""
            print(f"{name}: valid {kind}{note}")
        _problems(warnings)
    return 1 if failed else 0


# --- run --------------------------------------------------------------------------------------
def _parse_dice(text: str | None, seed: int | None) -> Dice:
    from boardapp.engine.dice import ScriptedDice, SeededDice

    fallback = SeededDice(seed)
    if not text:
        return fallback
    try:
        values = [int(v) for v in text.replace(" ", "").split(",") if v]
    except ValueError:
        raise ValueError(f"--dice takes whole numbers separated by commas, like 6,3,1; got {text!r}") from None
    return ScriptedDice(values, fallback=fallback, what="--dice values")


def _open_any(path: str, save: str | None = None, dice: Dice | None = None) -> Game[Any]:
    from boardapp.engine.files import new_game, open_game, read_scenario, sniff

    kind = sniff(Path(path)) if Path(path).exists() else "missing"
    if kind == "game":
        return open_game(path, dice=dice, readonly=save is None)
    if kind == "missing":
        raise FileProblemsError([Problem("no such file", file=Path(path))])
    scenario, the_map, _ = read_scenario(path)
    return new_game((scenario, the_map), save=save, dice=dice, source=str(path))


def _event_json(event: Any) -> dict[str, Any]:
    """One event as a script reads it: kind, the sentence, the numbers behind it (odds column, die,
    result, losses, costs …) and what it concerns."""
    out: dict[str, Any] = {"kind": event.kind, "text": event.text, "data": event.data}
    for key in ("teams", "places", "counters"):
        if getattr(event, key):
            out[key] = list(getattr(event, key))
    if event.hidden:
        out["hidden"] = True
        out["visible_to"] = list(event.visible_to)
    return out


def cmd_run(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from boardapp.engine.dice import DiceError
    from boardapp.engine.module import IllegalCommandError
    from boardapp.model.yamlfile import YamlDocument

    """Apply a commands file. Without ``--check`` the first illegal command stops the run (exit 1);
    with it, every command is reported as legal, forced or refused, refused ones are left out, and
    the run goes on (exit 1 if any was refused or malformed). ``--events`` writes each command's
    events as JSON Lines."""
    try:
        dice = _parse_dice(args.dice, args.seed)
    except ValueError as exc:
        return _err(str(exc))
    doc = YamlDocument.read(args.commands)
    data = doc.data if doc.data is not None else []
    if not isinstance(data, list):
        line, col = doc.where(())
        raise FileProblemsError([Problem("a commands file is a YAML list of commands, each a mapping with 'kind'",
                                         file=doc.path, line=line, column=col)])
    game = _open_any(args.scenario, save=args.save, dice=dice)
    if game.follow is not None and args.save is None:
        # A game file opened read-only: commands go to a copy in memory only.
        game.follow.close()
    to_stdout = args.events == "-"
    events_out: Any = None
    if to_stdout:
        events_out = sys.stdout
    elif args.events is not None:
        try:
            events_out = open(args.events, "w", encoding="utf-8")  # noqa: SIM115 (closed in the finally below)
        except OSError as exc:
            return _err(f"--events: cannot write {args.events}: {exc.strerror}")

    def emit(record: dict[str, Any]) -> None:
        if events_out is not None:
            events_out.write(json.dumps(record, ensure_ascii=False) + "\n")

    def report(message: str) -> None:
        print(f"boardapp: {message}", file=sys.stderr)

    tally = {"legal": 0, "forced": 0, "refused": 0, "not valid": 0}
    try:
        for i, raw in enumerate(data):
            line, col = doc.where((i,))
            where = f"{doc.path}:{line}:{col}: command {i + 1}"
            record: dict[str, Any] = {"command": i + 1, "at": f"{doc.path}:{line}:{col}"}
            if not isinstance(raw, dict):
                if not args.check:
                    return _err(f"{where}: a command is a mapping with 'kind' (got {raw!r})")
                report(f"{where}: a command is a mapping with 'kind' (got {raw!r})")
                tally["not valid"] += 1
                emit(record | {"refused": [f"a command is a mapping with 'kind' (got {raw!r})"]})
                continue
            record["kind"] = raw.get("kind")
            try:
                cmd = game.parse(raw)
            except ValidationError as exc:
                problems = doc.problems_from(exc, prefix=(i,), tag=str(raw.get("kind")))
                print(f"boardapp: {where} ({raw.get('kind', '?')}) is not a valid command:", file=sys.stderr)
                _problems(problems)
                if not args.check:
                    return 1
                tally["not valid"] += 1
                emit(record | {"refused": [p.message for p in problems]})
                continue
            try:
                entry = game.push(cmd)
            except IllegalCommandError as exc:
                message = f"{where} ({cmd.describe()}) is illegal: " + "; ".join(exc.reasons)
                if not args.check:
                    return _err(message)
                report(message)
                tally["refused"] += 1
                emit(record | {"refused": list(exc.reasons)})
                continue
            except DiceError as exc:  # ran out, or a value outside a draw's range
                if not args.check:
                    return _err(f"{where} ({cmd.describe()}): {exc}")
                report(f"{where} ({cmd.describe()}): {exc}")
                tally["refused"] += 1
                emit(record | {"refused": [str(exc)]})
                continue
            if entry.overridden:
                tally["forced"] += 1
                if args.check:
                    report(f"{where} ({cmd.describe()}) is forced ({cmd.force}) over: " + "; ".join(entry.overridden))
            else:
                tally["legal"] += 1
                if args.check:
                    report(f"{where} ({cmd.describe()}) is legal")
            emit(record | {"turn": entry.turn, "rolls": entry.rolls,
                           **({"forced": cmd.force, "overridden": entry.overridden} if entry.overridden else {}),
                           "events": [_event_json(e) for e in entry.events]})
        if to_stdout:
            emit({"state": game.summary()})
        else:
            print(json.dumps(game.summary(), indent=2, sort_keys=False))
    finally:
        if events_out is not None and not to_stdout:
            events_out.close()
    if args.save:
        print(f"saved to {args.save}", file=sys.stderr)
    if args.check:
        counts = ", ".join(f"{n} {what}" for what, n in tally.items() if n or what == "refused")
        report(f"{doc.path}: {len(data)} command{'s' if len(data) != 1 else ''}: {counts}")
        return 1 if tally["refused"] or tally["not valid"] else 0
    return 0


# --- render -----------------------------------------------------------------------------------
def cmd_render(args: argparse.Namespace) -> int:
    game = _open_any(args.file)
    from boardapp.ui.board.render import render_png

    render_png(game, args.out, width=args.width, height=args.height, public=not args.umpire)
    print(f"rendered {args.file} to {args.out}" + (" (umpire's view: hidden pieces shown)" if args.umpire else ""))
    return 0


# --- schema, export, import --------------------------------------------------------------------
def cmd_schema(args: argparse.Namespace) -> int:
    from boardapp.model.mapfile import Map
    from boardapp.rules import get_module

    if args.what == "map":
        schema = Map.model_json_schema()
    elif args.what == "manifest":
        from boardapp.plugins import schema as manifest_schema

        schema = manifest_schema()
    else:
        try:
            module = get_module(args.what)
        except ValueError as exc:
            print(f"boardapp schema: {exc} (or 'map', 'manifest')", file=sys.stderr)
            return 2
        schema = module.scenario_model.model_json_schema()
    if getattr(args, "markdown", False):
        if args.what in ("map", "manifest"):
            print("boardapp schema: --markdown documents a rule system's scenario files (see docs/formats.md "
                  "for maps)", file=sys.stderr)
            return 2
        from boardapp.model.formatdoc import rules_markdown

        text = rules_markdown(args.what)
    else:
        text = json.dumps(schema, indent=2) + "\n"
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from boardapp.engine.files import export_jsonl, open_game

    if args.at is not None and not args.position:
        return _err("--at N goes with --position: the position after journal entry N")
    game = open_game(args.game, readonly=True)
    if args.position:
        try:
            return _export_position(game, args)
        finally:
            game.follow.close()
    try:
        if args.out in (None, "-"):
            export_jsonl(game, sys.stdout)
        else:
            try:
                with open(args.out, "w", encoding="utf-8") as fh:
                    export_jsonl(game, fh)
            except OSError as exc:
                return _err(f"{args.out}: cannot write the export: {exc.strerror or exc}")
            print(f"exported {len(game.entries)} journal entries to {args.out}")
    finally:
        game.follow.close()
    return 0


def _map_for(game: Game[Any], map_name: str, game_path: Path, out_dir: Path) -> tuple[str, str | None]:
    """The scenario's ``map:`` as the exported file must say it (relative to where it is written), and a
    warning when the map file cannot be found."""
    candidates = []
    if game.source:
        candidates.append(Path(game.source).parent / map_name)
        candidates.append(game_path.parent / Path(game.source).parent / map_name)
    candidates.append(game_path.parent / map_name)
    for where in candidates:
        if where.is_file():
            rel = Path(os.path.relpath(where.resolve(), out_dir.resolve()))
            far = rel.parts[:3] == ("..", "..", "..")  # climbing to the root reads worse than the whole path
            return (where.resolve() if far else rel).as_posix(), None
    return map_name, (f"the map file {map_name!r} of the game's scenario {game.source or '(unknown)'} is not found; "
                      "the exported scenario names it as it was: put the map beside it")


def _export_position(game: Game[Any], args: argparse.Namespace) -> int:
    """``export GAME --position [--at N] [--out FILE.yaml]``: the position after journal entry N as a scenario
    (CONTROL's: it holds every secret)."""
    from boardapp.engine.dice import ScriptedDice
    from boardapp.engine.staff import is_staff_entry
    from boardapp.model.writer import dump_scenario

    last = game.entries[-1].seq if game.entries else 0
    at = last if args.at is None else args.at
    if not 0 <= at <= last:
        return _err(f"--at {at}: the game's journal runs from entry 0 (the start) to {last}")
    module = game.module
    state = module.initial_state()
    for entry in game.entries:
        if entry.seq > at:
            break
        if is_staff_entry(entry, module):  # the Control team's own entries leave the position alone
            continue
        module.apply(state, module.parse_command(entry.command), ScriptedDice(entry.rolls, what=f"entry {entry.seq}"))
    try:
        data = module.position_scenario(state)
    except NotImplementedError as exc:
        return _err(str(exc))
    to_file = args.out not in (None, "-")
    out_dir = Path(args.out).parent if to_file else Path.cwd()
    data["map"], warning = _map_for(game, str(data.get("map", "")), Path(args.game), out_dir)
    scenario = type(module).scenario_model.model_validate(data)
    text = (f"# The position of {Path(args.game).name} after journal entry {at} ({module.turn_label(state)}),\n"
            f"# written by boardapp export --position. CONTROL's file: it holds every secret of the position.\n"
            + dump_scenario(scenario))
    if warning:
        print(f"boardapp: warning: {warning}", file=sys.stderr)
    if not to_file:
        sys.stdout.write(text)
        return 0
    try:
        Path(args.out).write_text(text, encoding="utf-8")
    except OSError as exc:
        return _err(f"{args.out}: cannot write the position: {exc.strerror or exc}")
    print(f"wrote the position after entry {at} of {last} ({module.turn_label(state)}) to {args.out}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from boardapp.engine.files import import_jsonl

    game = import_jsonl(args.journal, save=args.save)
    print(f"imported {len(game.entries)} journal entries into {args.save}")
    return 0


def cmd_diplomacy(args: argparse.Namespace) -> int:
    from boardapp.rules.diplomacy.cli import main_adjudicate

    return int(main_adjudicate(args.file))


def cmd_screen(args: argparse.Namespace) -> int:
    from boardapp.ui.bigscreen.window import run_screen

    return int(run_screen(args.game, screen_name=args.screen))


def cmd_host(args: argparse.Namespace) -> int:
    """Host the game for seats, and (unless ``--no-web``) the players' read-only web page beside it."""
    seats = {"players": args.player or [], "plan": args.seats, "qr": args.qr, "qr_dir": args.qr_dir}
    if args.no_web:
        from boardapp.net.serve import main as host_main

        return int(host_main(args.game, port=args.port, bind=args.bind, umpires=args.umpires, **seats))
    web_port = args.web_port if args.web_port is not None else (args.port + 1 if args.port else 0)  # 0: any free port
    if not 0 <= web_port <= 65535 or web_port == args.port != 0:
        return _err(f"--web-port {web_port}: give a free port other than the seats' port {args.port}")
    from boardapp.web.hosting import main as web_host_main

    return int(web_host_main(args.game, port=args.port, bind=args.bind, umpires=args.umpires, web_port=web_port,
                             **seats))


def cmd_join(args: argparse.Namespace) -> int:
    from boardapp.net.codes import canonical, typing_problem

    problem = typing_problem(args.code)  # a mistyped code is said before any window opens or connects
    if problem is not None:
        return _err(f"join: --code {args.code!r}: {problem}")
    from boardapp.ui.network.windows import run_join

    return int(run_join(args.address, canonical(args.code), screen=args.screen))


def cmd_edit(args: argparse.Namespace) -> int:
    from boardapp.ui.editor.window import run_editor

    return int(run_editor(args.file))


def cmd_open(args: argparse.Namespace) -> int:
    if args.file is None:
        resources.require(resources.default_scenario())  # a broken install is named before any window opens
    # The game's machinery (pydantic, the engine, the models) before Qt: once PySide6 is imported, its import hook
    # reads the source of every module imported after it (inspect.getsource), ~10 % of a start (issue #27).
    import boardapp.engine.files  # noqa: F401
    if args.first_paint:
        return _first_paint(args.file)
    from boardapp.ui.app import run

    return int(run(args.file))


def _first_paint(path: str | None) -> int:
    """Open the board as ``boardapp`` would (no recovery questions), wait for its first paint, say so and quit:
    a smoke test of an install or a bundle that needs no screen (``QT_QPA_PLATFORM=offscreen``)."""
    import time

    started = time.perf_counter()
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    from boardapp.ui.app import finish_session, open_window

    app = QApplication.instance() or QApplication([])
    window = open_window(path, ask=None)
    painted: list[float] = []

    class Watch(QObject):
        def eventFilter(self, obj: Any, event: Any) -> bool:
            if event.type() == QEvent.Type.Paint and not painted:
                painted.append(time.perf_counter() - started)
                QTimer.singleShot(0, app.quit)
            return False

    watch = Watch()
    window.view.viewport().installEventFilter(watch)
    window.resize(1280, 800)
    window.show()
    QTimer.singleShot(60_000, app.quit)  # never hang a smoke test
    app.exec()
    size = window.view.viewport().size()
    title = window.game.module.scenario.name
    window.close()
    if getattr(window, "autosave_path", None) is not None:
        finish_session(window.autosave_path)
    if not painted:
        return _err("the board was not painted within 60 s")
    print(f"first paint: {title}, {size.width()}x{size.height()} board, {painted[0]:.2f} s after opening began")
    return 0


# --- the shipped scenarios ----------------------------------------------------------------------
def _shipped_heads() -> list[tuple[Path, dict[str, Any]]]:
    """Every shipped scenario with its head fields (id, name, rules, map), read as plain YAML."""
    import yaml

    out = []
    for path in resources.shipped_scenarios():
        try:
            data = yaml.safe_load(resources.require(path).read_text(encoding="utf-8"))
        except (yaml.YAMLError, UnicodeDecodeError) as exc:
            raise resources.ShippedFileError(path, f"not readable as YAML ({exc.__class__.__name__})") from None
        if not isinstance(data, dict):
            raise resources.ShippedFileError(path, "not a scenario (a YAML mapping)")
        out.append((path, data))
    return out


def cmd_scenarios(args: argparse.Namespace) -> int:
    heads = _shipped_heads()
    width = max((len(str(d.get("rules", ""))) for _, d in heads), default=5)
    for path, data in heads:
        print(f"{data.get('rules', '?')!s:<{width}}  {path.stem:<22}  {data.get('name', '')}")
    print(f"\n{len(heads)} scenarios in {resources.scenario_dir()}")
    print("Open one: boardapp SCENARIO_FILE; copy one to change it: boardapp new SYSTEM_OR_NAME --out FOLDER")
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    import shutil

    heads = _shipped_heads()
    matches = [(p, d) for p, d in heads if args.system in (d.get("rules"), p.stem, d.get("id"))]
    if not matches:
        names = ", ".join(sorted({str(d.get("rules")) for _, d in heads} | {p.stem for p, _ in heads}))
        return _err(f"no shipped scenario for {args.system!r}; one of: {names} (`boardapp scenarios` lists them)")
    source, _ = matches[0]
    the_map = resources.require(resources.scenario_map(source))
    out = Path(args.out)
    # The same layout as the shipped files, so the scenario's `map: ../maps/…` still resolves.
    targets = [(source, out / "scenarios" / source.name), (the_map, out / "maps" / the_map.name)]
    existing = [str(dst) for _, dst in targets if dst.exists()]
    if existing:
        return _err(f"{', '.join(existing)}: already there; boardapp new never overwrites (choose another --out)")
    try:
        for src, dst in targets:
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)
    except OSError as exc:
        return _err(f"{exc.filename or out}: cannot write: {exc.strerror or exc}")
    print(f"{targets[0][1]}\n{targets[1][1]}")
    print(f"Edit them with: boardapp edit {targets[0][1]}; check them with: boardapp check {targets[0][1]}")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from boardapp.review.report import report_command

    return report_command(args.game, args.out, pdf=args.pdf, umpire=args.umpire)


def cmd_review(args: argparse.Namespace) -> int:
    from boardapp.ui.review.window import run_review

    return int(run_review(args.game, umpire=getattr(args, "umpire", False)))


# --- the parser ---------------------------------------------------------------------------------
def build_parser(only_open: bool = False) -> argparse.ArgumentParser:
    """The command line's parser; ``only_open``: with its ``open`` command alone, all ``boardapp open …`` needs
    (parsing ``open``'s arguments is the same either way: tests/test_cli_open_parser.py; issue #27)."""
    parser = argparse.ArgumentParser(
        prog="boardapp",
        description="A map-board for megagames. With no command, opens the board on the War in Binni scenario; "
        "with a file, opens that scenario or game.",
    )
    parser.add_argument("--version", action="version", version=f"boardapp {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("open", help="open the board on a scenario or game file (the default)")
    p.add_argument("file", nargs="?", help=f"scenario (.yaml) or game (.game); default {DEFAULT_SCENARIO_NAME}")
    p.add_argument("--first-paint", action="store_true",
                   help="open the board, wait for its first paint, print how long it took and quit (a smoke test "
                        "of an install; with QT_QPA_PLATFORM=offscreen it needs no screen)")
    p.set_defaults(func=cmd_open)
    if only_open:  # the board's start builds no other command's parser
        return parser

    p = sub.add_parser("scenarios", help="list the scenarios boardapp ships with")
    p.set_defaults(func=cmd_scenarios)

    p = sub.add_parser("new", help="copy a shipped scenario and its map into a folder, as a designer's starting point")
    p.add_argument("system", metavar="SYSTEM", help="a rule system (binni, diplomacy, mideast, coup, thegame) "
                   "or a shipped scenario's name (`boardapp scenarios`)")
    p.add_argument("--out", required=True, metavar="DIR", help="the folder to copy into (scenarios/ and maps/ in it)")
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("test", help="run a case book: cases written as data (a scenario, commands, the expected "
                       "refusals, events and state), a line per case; exit 1 on a failure (docs/designing-rules.md)")
    p.add_argument("books", nargs="+", metavar="CASES.yaml")
    p.set_defaults(func=cmd_test)

    p = sub.add_parser("check", help="validate maps, scenarios and game files")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("run", help="apply a YAML list of commands to a scenario or game and print the state as JSON")
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario .yaml or a game file")
    p.add_argument("--commands", required=True, metavar="FILE", help="YAML list of commands")
    p.add_argument("--dice", metavar="6,3,...", help="die rolls to use in order, then seeded rolls")
    p.add_argument("--seed", type=int, help="seed for rolls not given by --dice")
    p.add_argument("--save", metavar="GAMEFILE", help="journal the game to this new game file")
    p.add_argument("--events", nargs="?", const="-", metavar="FILE",
                   help="write each command's events as JSON Lines (odds column, die, result, losses, costs) to FILE, "
                        "or with no FILE to standard output, the final state then being the last line")
    p.add_argument("--check", action="store_true",
                   help="report every command as legal, forced or refused against the state so far and go on "
                        "(refused commands are left out); exit 1 if any was refused")
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("render", help="draw the board to a PNG without a window")
    p.add_argument("file", metavar="SCENARIO_OR_GAME")
    p.add_argument("--out", required=True, metavar="FILE.png")
    p.add_argument("--width", type=int, default=1920)
    p.add_argument("--height", type=int, default=1080)
    p.add_argument("--umpire", action="store_true",
                   help="draw everything, hidden pieces too (default: what the players may see)")
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("schema", help="print the JSON Schema of map, scenario or rule-system manifest files")
    p.add_argument("what", help="'map', 'manifest' (a rule system's contributions), or a rule module name "
                   "for its scenarios ('binni')")
    p.add_argument("--out", metavar="FILE")
    p.add_argument("--markdown", action="store_true",
                   help="the scenario format as Markdown tables written from the models' descriptions "
                        "(docs/formats/RULES.md)")
    p.set_defaults(func=cmd_schema)

    p = sub.add_parser("export", help="write a game's journal as JSON Lines, or (--position) a position as a scenario")
    p.add_argument("game", metavar="GAMEFILE")
    p.add_argument("--out", metavar="FILE.jsonl|FILE.yaml")
    p.add_argument("--position", action="store_true",
                   help="write the position as a scenario that starts there (CONTROL's: it holds every secret)")
    p.add_argument("--at", type=int, metavar="N", help="with --position: after journal entry N (0: the start; "
                   "default: the last)")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("import", help="replay a JSON Lines journal into a new game file")
    p.add_argument("journal", metavar="FILE.jsonl")
    p.add_argument("--save", required=True, metavar="GAMEFILE")
    p.set_defaults(func=cmd_import)

    p = sub.add_parser("screen", help="CONTROL's big screen alone, following a game file another window writes")
    p.add_argument("game", metavar="GAMEFILE")
    p.add_argument("--screen", metavar="NAME", help="the screen to fill (default: the one chosen last time)")
    p.set_defaults(func=cmd_screen)

    p = sub.add_parser("host", help="host a game for other umpires' seats and viewers on the LAN")
    p.add_argument("game", metavar="GAMEFILE")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: every interface)")
    p.add_argument("--umpires", type=int, default=4, help="umpire join codes to print")
    p.add_argument("--web-port", type=int, metavar="PORT",
                   help="port of the players' read-only web page (default: --port + 1)")
    p.add_argument("--no-web", action="store_true", help="do not serve the players' web page")
    p.add_argument("--player", action="append", metavar="NAME",
                   help="make a player seat for this player of the rule system (repeat it: Coup's gov-mil, "
                        "gov-para …); a name that is no player of the game stops, naming it")
    p.add_argument("--seats", metavar="FILE", help="a seats plan (what Game ▸ Host writes; docs/network.md): the "
                   "seats to host with, their limits and players; codes already made are kept")
    p.add_argument("--qr", action="store_true", help="print each seat's QR code (address and code) in the terminal")
    p.add_argument("--qr-dir", metavar="DIR", help="write each seat's QR code to DIR as SVG and PNG")
    p.set_defaults(func=cmd_host)

    p = sub.add_parser("join", help="open the board (or the big screen) on a game another machine hosts")
    p.add_argument("address", metavar="HOST:PORT", help="the host's address, as its join codes show it")
    p.add_argument("--code", required=True, help="your seat's join code")
    p.add_argument("--screen", action="store_true", help="open the big screen (public view) instead of the board")
    p.set_defaults(func=cmd_join)

    p = sub.add_parser("edit", help="the map and scenario editor")
    p.add_argument("file", nargs="?", metavar="MAP_OR_SCENARIO")
    p.set_defaults(func=cmd_edit)

    p = sub.add_parser("report", help="the after-action report of a game file: HTML (and PDF), week by week")
    p.add_argument("game", metavar="GAMEFILE")
    p.add_argument("--out", required=True, metavar="FILE.html")
    p.add_argument("--pdf", metavar="FILE.pdf", help="also write the report as a PDF (needs matplotlib)")
    p.add_argument("--umpire", action="store_true", help="CONTROL's full picture: hidden units and secret tracks")
    p.set_defaults(func=cmd_report)

    p = sub.add_parser("review", help="replay a game file read-only: timeline, steps by turn, curves, big screen")
    p.add_argument("game", metavar="GAMEFILE")
    p.add_argument("--umpire", action="store_true", help="rule systems' own views (Coup's table) show CONTROL's "
                   "full picture, not the public one")
    p.set_defaults(func=cmd_review)

    p = sub.add_parser("diplomacy", help="Diplomacy-family tools")
    dsub = p.add_subparsers(dest="tool", required=True)
    d = dsub.add_parser("adjudicate", help="adjudicate a position and orders given as a DATC-style JSON entry")
    d.add_argument("file", metavar="FILE.json")
    d.set_defaults(func=cmd_diplomacy)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0] not in SUBCOMMANDS and not argv[0].startswith("-")):
        argv = ["open", *argv]
    args = build_parser(only_open=argv[0] == "open").parse_args(argv)
    try:
        return int(args.func(args))
    except FileProblemsError as exc:
        _problems(exc.problems)
        return 1
    except resources.ShippedFileError as exc:
        return _err(str(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
