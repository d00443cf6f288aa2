"""Trust figures for files (issue 11): random kills of a game being written, and mutated files.

**Kills.** A parent process that has loaded the tiny scenario forks a child (so each child starts
in milliseconds) that creates a new game file, then pushes commands, undoes and redoes at
random, writing to a pipe ``send``/``ack`` (push), ``undo``/``undone`` and ``redo``/``redone``
around each step. The parent SIGKILLs it after a random delay (a third of them within the first
30 ms, to land in file creation) and then checks: the file opens (or, killed before creation
finished, does not exist under its name); no acknowledged command is lost; the journal (active
entries and the redo stack) is what the acknowledged steps give, with or without the one step in
flight: a prefix of what was sent.

**Mutations.** Generated from a fixed seed: maps and scenarios (byte flips, lines deleted,
repeated or swapped, nasty values inserted: deep nesting, 5,000-digit numbers, NaN, devices as
the map, alias bombs, bad UTF-8), game files (bit flips, overwritten bytes, truncation, and
SQL edits: deleted rows, undone flags, entries, dice, seq 0, meta) and JSON Lines exports (lines
deleted, repeated, swapped, seq -1/0/10^30, deep nesting, byte flips, digests removed). Each is
checked in-process under a 20 s alarm and classed: a clean error, a traceback (any other
exception), a hang, or accepted. An accepted game file or journal must hold exactly the original
game (same meta, entries, flags, history), or the same final state and events (listed, with why);
anything else is "accepted though changed". An accepted map or scenario passed every check.

Run: ``.venv/bin/python benchmarks/bench_trust.py`` (500 kills and 1,200 mutations: a few
minutes), or ``--kills 40 --mutations 150`` for a short run (the slow test does that).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import shutil
import signal
import sqlite3
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import (
    check_file,
    export_jsonl,
    import_jsonl,
    load_scenario,
    new_game,
    open_game,
)
from boardapp.engine.gamefile import GameFile
from boardapp.model.problems import FileProblemsError

DATA = ROOT / "tests" / "data"
TINY = DATA / "tiny-scenario.yaml"
TINY_MAP = DATA / "tiny-map.yaml"
ALARM_S = 20


# --- kills ---------------------------------------------------------------------------------------
def _command(rng: random.Random, i: int) -> dict[str, Any]:
    pick = rng.randrange(6)
    if pick == 0:
        return {"kind": "end_turn"}
    if pick == 1:
        return {"kind": "supply", "team": "gov", "money": 1, "stores": 1, "reason": f"drip {i}"}
    if pick == 2:
        return {"kind": "strike", "team": "gov", "weapon": "bombing", "target": "r-mil1", "die": 3}
    if pick == 3:
        return {"kind": "set_pr", "team": "reb", "level": i % 9, "reason": "press"}
    return {"kind": "news", "text": f"bulletin {i}"}


def _child(loaded: Any, path: Path, out_fd: int, seed: int) -> None:
    """The game being played when the kill comes: never returns (killed, or exits after 3,000 steps)."""
    out = os.fdopen(out_fd, "w", buffering=1)
    rng = random.Random(seed)
    out.write("creating\n")
    game = new_game(loaded, save=path, dice=SeededDice(seed))
    out.write("created\n")
    for i in range(3000):
        r = rng.random()
        if r < 0.15 and game.entries:
            out.write("undo\n")
            out.write(f"undone {game.undo().seq}\n")
        elif r < 0.25 and game.redo_stack:
            out.write("redo\n")
            out.write(f"redone {game.redo().seq}\n")
        else:
            cmd = _command(rng, i)
            out.write("send " + json.dumps(cmd) + "\n")
            out.write(f"ack {game.push(cmd).seq}\n")
    os._exit(0)


@dataclass
class KillFigures:
    kills: int = 0
    by_phase: Counter[str] = field(default_factory=Counter)
    files_open: int = 0
    not_created: int = 0
    leftovers: int = 0
    acked_lost: int = 0
    acked_total: int = 0
    journals_prefix: int = 0
    problems: list[str] = field(default_factory=list)


def _expected(lines: list[str]) -> list[tuple[list[str], list[str]]]:
    """The journals (active commands, redo stack commands) the log allows: before and after the step in flight."""
    active: list[str] = []
    redo: list[str] = []
    pending: tuple[str, str | None] | None = None
    for line in lines:
        word, _, rest = line.partition(" ")
        if word in ("send", "undo", "redo"):
            pending = (word, rest or None)
        elif word == "ack" and pending is not None and pending[1] is not None:
            redo.clear()
            active.append(pending[1])
            pending = None
        elif word == "undone":
            redo.append(active.pop())
            pending = None
        elif word == "redone":
            active.append(redo.pop())
            pending = None
    options = [(list(active), list(redo))]
    if pending is not None:
        a, r = list(active), list(redo)
        if pending[0] == "send" and pending[1] is not None:
            r.clear()
            a.append(pending[1])
        elif pending[0] == "undo" and a:
            r.append(a.pop())
        elif pending[0] == "redo" and r:
            a.append(r.pop())
        options.append((a, r))
    return options


def run_kills(n: int, seed: int, folder: Path, report: Callable[[str], None] = lambda s: None) -> KillFigures:
    loaded = load_scenario(TINY)
    rng = random.Random(seed)
    fig = KillFigures()
    for k in range(n):
        path = folder / f"kill{k}.game"
        read_fd, write_fd = os.pipe()
        delay = rng.uniform(0.0, 0.03) if rng.random() < 0.33 else rng.uniform(0.03, 0.3)
        pid = os.fork()
        if pid == 0:  # the child
            os.close(read_fd)
            try:
                _child(loaded, path, write_fd, seed * 100_000 + k)
            finally:
                os._exit(1)
        os.close(write_fd)
        time.sleep(delay)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        with os.fdopen(read_fd) as fh:
            text = fh.read()
        lines = [line for line in text.splitlines(keepends=True) if line.endswith("\n")]
        lines = [line.rstrip("\n") for line in lines]
        fig.kills += 1
        last = lines[-1].split(" ")[0] if lines else "start"
        phase = {"start": "before creating", "creating": "creating the file", "created": "first push",
                 "send": "push", "ack": "push", "undo": "undo", "undone": "undo", "redo": "redo",
                 "redone": "redo"}[last]
        fig.by_phase[phase] += 1
        acked = [line for line in lines if line.startswith("ack ")]
        fig.acked_total += len(acked)
        fig.leftovers += sum(1 for p in folder.glob(f".kill{k}.game.*"))
        if not path.exists():
            if "created" in lines:
                fig.problems.append(f"kill {k}: the file was created but is gone")
            fig.not_created += 1
            continue
        try:
            game = open_game(path, readonly=True)
        except FileProblemsError as exc:
            fig.problems.append(f"kill {k} ({phase}): the file does not open: {exc}")
            continue
        try:
            fig.files_open += 1
            stored = [json.dumps(game.module.parse_command(e.command).model_dump(mode="json"), sort_keys=True)
                      for e in game.entries]
            stored_redo = [json.dumps(game.module.parse_command(e.command).model_dump(mode="json"), sort_keys=True)
                           for e in game.redo_stack]  # next to redo last, like the model's
        finally:
            game.follow.close()

        module = game.module

        def norm(cmds: list[str], module: Any = module) -> list[str]:
            return [json.dumps(module.parse_command(json.loads(c)).model_dump(mode="json"), sort_keys=True)
                    for c in cmds]

        options = [(norm(a), norm(r)) for a, r in _expected(lines)]
        # Lost: entries the acknowledged steps leave in the journal (with or without the step in flight, which may
        # drop undone entries) that the file lacks. An entry undone and then replaced by a new push is gone by the
        # rules, not lost: the model drops it too.
        have = stored + stored_redo[::-1]

        def missing(active: list[str], redo: list[str], have: list[str] = have) -> int:
            want = active + redo[::-1]
            kept = next((i for i, (x, y) in enumerate(zip(want, have, strict=False)) if x != y),
                        min(len(want), len(have)))
            return len(want) - kept

        lost = min(missing(a, r) for a, r in options)
        fig.acked_lost += lost
        if lost:
            fig.problems.append(f"kill {k} ({phase}): {lost} acknowledged entries lost")
        if (stored, stored_redo) in options:
            fig.journals_prefix += 1
        else:
            fig.problems.append(f"kill {k} ({phase}): the journal is not what was sent ({len(stored)} entries, "
                                f"{len(stored_redo)} undone)")
        report(f"kill {k + 1}/{n}")
    return fig


# --- mutations -----------------------------------------------------------------------------------
NASTY_YAML = [
    "[" * 1000 + "]" * 1000, "9" * 5000, ".nan", ".inf", "-.inf", "/dev/zero", "/dev/urandom", "*nothing",
    "&a [*a]", "!!python/object:os.system {}", "{a: 1, a: 2}", "'\\x00'", "\x00", "\t", "~", "[]", "{}", "-1",
    "1e999", "0x7fffffffffffffffffff", "2024-13-45", "'" + "x" * 10000 + "'",
]


class Hang(Exception):
    """The alarm rang: the check ran longer than ALARM_S."""


@contextlib.contextmanager
def alarm(seconds: int) -> Iterator[None]:
    def ring(signum: int, frame: Any) -> None:
        raise Hang

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@dataclass
class MutationFigures:
    total: Counter[str] = field(default_factory=Counter)
    outcome: Counter[tuple[str, str]] = field(default_factory=Counter)
    listed: list[str] = field(default_factory=list)
    accepted_how: Counter[str] = field(default_factory=Counter)
    """What the accepted maps and scenarios had done to them (all still pass every check)."""
    tracebacks: list[str] = field(default_factory=list)


def _mutate_text(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    lines = data.split(b"\n")
    pick = rng.randrange(8)
    if pick == 0:
        i = rng.randrange(len(data))
        return "byte flip", data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]
    if pick == 1:
        i = rng.randrange(len(lines))
        return "line deleted", b"\n".join(lines[:i] + lines[i + 1:])
    if pick == 2:
        i = rng.randrange(len(lines))
        return "line repeated", b"\n".join([*lines[:i], lines[i], *lines[i:]])
    if pick == 3:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "lines swapped", b"\n".join(lines)
    if pick == 4:
        return "truncated", data[: rng.randrange(len(data))]
    if pick == 5:
        return "bad UTF-8", data[: (i := rng.randrange(len(data)))] + bytes([rng.choice([0xff, 0xc3, 0xe9])]) + data[i:]
    # a nasty value in place of a value
    text = data.decode("utf-8")
    spots = [k for k in range(len(text)) if text.startswith(": ", k)]
    k = rng.choice(spots) + 2
    end = min(x for x in (text.find(",", k), text.find("}", k), text.find("\n", k)) if x != -1)
    value = rng.choice(NASTY_YAML)
    return f"value {value[:12]!r}", (text[:k] + value + text[end:]).encode("utf-8", "surrogateescape")


def _game_content(path: Path) -> Any:
    store = GameFile.open(path, readonly=True)
    try:
        found = store.verify()
        return (store.meta(), [e.model_dump() for e in found.active], [e.model_dump() for e in found.undone],
                store.conn.execute("SELECT at, action, seq, entry FROM history ORDER BY id").fetchall())
    finally:
        store.close()


GAME_SQL = [
    ("row deleted", "DELETE FROM journal WHERE seq = {k}"),
    ("undone set", "UPDATE journal SET undone = 1 WHERE seq = {k}"),
    ("entry edited", "UPDATE journal SET entry = replace(entry, 'Week', 'Waek') WHERE seq = {k}"),
    ("dice emptied", "UPDATE journal SET entry = json_set(entry, '$.rolls', json('[]')) WHERE seq = {k}"),
    ("dice added", "UPDATE journal SET entry = json_insert(entry, '$.rolls[#]', 4) WHERE seq = {k}"),
    ("seq 0 row", "INSERT INTO journal (seq, entry, undone, digest) SELECT 0, entry, 0, digest FROM journal "
                  "WHERE seq = {k}"),
    ("seq renumbered", "UPDATE journal SET seq = seq + 100 WHERE seq = {k}"),
    ("history deleted", "DELETE FROM history WHERE id = {k}"),
    ("meta edited", "UPDATE meta SET value = replace(value, 'Tiny', 'Tinny') WHERE key IN ('scenario', 'map')"),
    ("format_version", "UPDATE meta SET value = 'abc' WHERE key = 'format_version'"),
]


def run_mutations(n: int, seed: int, folder: Path, report: Callable[[str], None] = lambda s: None
                  ) -> MutationFigures:
    rng = random.Random(seed)
    fig = MutationFigures()
    # the originals
    loaded = load_scenario(TINY)
    original_game = folder / "original.game"
    game = new_game(loaded, save=original_game, dice=SeededDice(seed))
    for i in range(30):
        game.push(_command(rng, i))
        if i % 7 == 6:
            game.undo()
            game.redo()
    game.undo()
    game.store.close()
    game_bytes = original_game.read_bytes()
    game_content = _game_content(original_game)
    source = open_game(original_game, readonly=True)
    buf = io.StringIO()
    export_jsonl(source, buf)
    source.follow.close()
    jsonl_lines = buf.getvalue().splitlines()
    original_import = import_jsonl(_write(folder / "original.jsonl", buf.getvalue().encode()))
    original_entries = [e.model_dump() for e in original_import.entries]
    map_bytes, scenario_bytes = TINY_MAP.read_bytes(), TINY.read_bytes()
    kinds = ["map", "scenario", "game", "jsonl"]
    for m in range(n):
        kind = kinds[m % 4]
        work = folder / f"m{m}"
        work.mkdir()
        try:
            if kind in ("map", "scenario"):
                base = map_bytes if kind == "map" else scenario_bytes
                how, data = _mutate_text(rng, base)
                shutil.copy(TINY_MAP, work / "tiny-map.yaml")
                path = _write(work / ("tiny-map.yaml" if kind == "map" else "tiny-scenario.yaml"), data)
                outcome = _classify(lambda p=path: _check_yaml(p))
            elif kind == "game":
                path = work / "g.game"
                how = _mutate_game(rng, game_bytes, path)
                outcome = _classify(lambda p=path: _check_game(p, game_content))
            else:
                how, text = _mutate_jsonl(rng, list(jsonl_lines))
                path = _write(work / "j.jsonl", text.encode("utf-8", "surrogateescape"))
                outcome = _classify(lambda p=path: _check_jsonl(p, original_entries, original_import))
        finally:
            shutil.rmtree(work, ignore_errors=True)
        result, detail = outcome
        fig.total[kind] += 1
        fig.outcome[(kind, result)] += 1
        if result.startswith("accepted (passes"):
            fig.accepted_how[f"{kind}: {how}"] += 1
        if result == "traceback":
            fig.tracebacks.append(f"{kind} {how}: {detail}")
        elif result in ("accepted though changed", "hang") or (result == "accepted, same game" and detail):
            fig.listed.append(f"{kind} {how}: {result}{': ' + detail if detail else ''}")
        report(f"mutation {m + 1}/{n}")
    return fig


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _classify(check: Callable[[], tuple[str, str]]) -> tuple[str, str]:
    try:
        with alarm(ALARM_S):
            return check()
    except Hang:
        return "hang", ""
    except FileProblemsError:
        return "clean error", ""
    except Exception:
        return "traceback", traceback.format_exc(limit=-3).strip().replace("\n", " | ")


def _check_yaml(path: Path) -> tuple[str, str]:
    _, problems = check_file(path)
    if any(p.severity == "error" for p in problems):
        return "clean error", ""
    return "accepted (passes every check)", ""


def _mutate_game(rng: random.Random, data: bytes, path: Path) -> str:
    pick = rng.randrange(4)
    if pick == 0:
        bit = rng.randrange(len(data) * 8)
        b = bytearray(data)
        b[bit // 8] ^= 1 << (bit % 8)
        path.write_bytes(bytes(b))
        return f"bit {bit} flipped"
    if pick == 1:
        i = rng.randrange(len(data) - 16)
        path.write_bytes(data[:i] + rng.randbytes(16) + data[i + 16:])
        return f"16 bytes at {i} overwritten"
    if pick == 2:
        cut = rng.randrange(len(data))
        path.write_bytes(data[:cut])
        return f"cut at {cut}"
    path.write_bytes(data)
    name, sql = rng.choice(GAME_SQL)
    con = sqlite3.connect(path)
    try:
        con.execute(sql.format(k=rng.randrange(1, 32)))
        con.commit()
    finally:
        con.close()
    return f"SQL: {name}"


def _check_game(path: Path, original: Any) -> tuple[str, str]:
    game = open_game(path, readonly=True)
    game.follow.close()
    if _game_content(path) == original:
        return "accepted, same game", ""
    return "accepted though changed", "opens, but its content differs from the original"


def _mutate_jsonl(rng: random.Random, lines: list[str]) -> tuple[str, str]:
    pick = rng.randrange(9)
    body = range(1, len(lines))
    if pick == 0:
        del lines[rng.choice(body)]
        how = "line deleted"
    elif pick == 1:
        i = rng.choice(body)
        lines.insert(i, lines[i])
        how = "line repeated"
    elif pick == 2:
        i, j = rng.choice(body), rng.choice(body)
        lines[i], lines[j] = lines[j], lines[i]
        how = "lines swapped"
    elif pick == 3:
        i = rng.choice(body)
        data = json.loads(lines[i])
        data["seq"] = rng.choice([-1, 0, 10**30, data["seq"] + 1])
        lines[i] = json.dumps(data)
        how = f"seq {data['seq']}"
    elif pick == 4:
        lines[rng.randrange(len(lines))] = "[" * 100_000 + "]" * 100_000
        how = "deep nesting"
    elif pick == 5:
        text = "\n".join(lines)
        i = rng.randrange(len(text))
        return "byte flip", text[:i] + chr(ord(text[i]) ^ (1 << rng.randrange(7))) + text[i + 1:]
    elif pick == 6:
        lines = lines[: rng.randrange(1, len(lines))]
        how = "lines lost at the end"
    elif pick == 7:  # digests removed (a hand-made journal), then lines swapped
        lines = [json.dumps({k: v for k, v in json.loads(line).items() if k not in ("digest", "entries")})
                 for line in lines]
        i, j = rng.choice(body), rng.choice(body)
        lines[i], lines[j] = lines[j], lines[i]
        how = "digests removed, lines swapped"
    else:
        i = rng.choice(body)
        data = json.loads(lines[i])
        data["rolls"] = [] if data["rolls"] else [3]
        lines[i] = json.dumps(data)
        how = "dice changed"
    return how, "\n".join(lines) + "\n"


def _check_jsonl(path: Path, original: list[Any], original_game: Any) -> tuple[str, str]:
    game = import_jsonl(path)
    if [e.model_dump() for e in game.entries] == original:
        return "accepted, same game", ""
    same_state = game.state.model_dump() == original_game.state.model_dump()
    same_events = sorted(str(e.events) for e in game.entries) == sorted(str(e.events) for e in original_game.entries)
    if same_state and same_events:
        return "accepted, same game", ("entries in another order that replays to the same state and events "
                                       "(commands that commute, without digests to fix the order)")
    return "accepted though changed", f"{len(game.entries)} entries"


# --- main ----------------------------------------------------------------------------------------
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=500)
    parser.add_argument("--mutations", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        kills = run_kills(args.kills, args.seed, Path(tmp))
        t1 = time.perf_counter()
        mutations = run_mutations(args.mutations, args.seed, Path(tmp))
        t2 = time.perf_counter()
    print(f"Kills: {kills.kills} SIGKILLs in {t1 - t0:.0f} s; where they landed: "
          + ", ".join(f"{k} {v}" for k, v in sorted(kills.by_phase.items())))
    print(f"  files that open: {kills.files_open}; killed before the file existed: {kills.not_created}; "
          f"hidden temporary files left: {kills.leftovers}")
    print(f"  acknowledged commands lost: {kills.acked_lost} of {kills.acked_total}")
    print(f"  journals that are a prefix of what was sent: {kills.journals_prefix} of {kills.files_open}")
    for p in kills.problems:
        print("  PROBLEM", p)
    print(f"Mutations: {sum(mutations.total.values())} in {t2 - t1:.0f} s ("
          + ", ".join(f"{k} {v}" for k, v in mutations.total.items()) + ")")
    results = sorted({r for _, r in mutations.outcome})  # per kind below, totals after
    for kind in mutations.total:
        print(f"  {kind:<9}" + "; ".join(f"{r}: {mutations.outcome[(kind, r)]}" for r in results))
    def count(result: str) -> int:
        return sum(v for (_, r), v in mutations.outcome.items() if r == result)

    print(f"  clean errors: {count('clean error')}; tracebacks: {count('traceback')}; hangs: {count('hang')}; "
          f"accepted though changed: {count('accepted though changed')}; accepted and the same game: "
          f"{count('accepted, same game')}; accepted maps and scenarios that pass every check: "
          f"{count('accepted (passes every check)')}")
    print("  accepted maps and scenarios (still valid files), by mutation: "
          + ", ".join(f"{k} {v}" for k, v in mutations.accepted_how.most_common()))
    for line in mutations.listed:
        print("  listed:", line)
    for line in mutations.tracebacks:
        print("  TRACEBACK:", line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
