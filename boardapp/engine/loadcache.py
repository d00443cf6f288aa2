"""Scenarios read before, remembered: opening one again skips the YAML parse and the checks (issue #27).

Reading a scenario (``engine.files.load_scenario``) parses two YAML files with line numbers, validates them
and runs the map's and the scenario's checks; that is most of what a fresh ``boardapp`` does before its first
paint after its imports. Once a scenario has been read whole and without errors, the result is kept in the
user's cache folder (``resources.cache_dir()``), one file per scenario path, under a key that says exactly
what it was made from:

* the SHA-256 of the scenario file's bytes and of its map file's bytes (the map's path is in the entry);
* boardapp's version, Python's and pydantic's, and the size and time of every ``.py`` file of
  ``boardapp/model``, ``boardapp/engine`` and ``boardapp/rules`` (a changed model, in a checkout, is a
  new key even when the version is not).

An entry whose key differs is stale and is made again. An entry that cannot be read (cut short, garbled, from
another program, not what a read gives) is ignored and made again; no error of the cache ever reaches the
user, and a cache folder that cannot be written is simply not used. Only scenarios of boardapp's own rule
systems are kept (a plug-in's classes are not boardapp's to vouch for).

An entry also keeps the scenario's and the map's JSON, which a new game file records (:func:`dumped`).

The folder is capped: at most :data:`MAX_ENTRIES` entries and :data:`MAX_BYTES` bytes in all. Each time an
entry is written, the least recently used entries beyond the cap are deleted (an entry's modification time is
its last use: a hit touches it), and so are ``.part`` files older than :data:`PART_MAX_AGE` seconds (a writer
that died half way); an entry larger than the whole cap is not kept at all. Entries of scenarios that were
moved or deleted, and entries made by another boardapp, are stale and so are never used again: they go when
they are the oldest. An entry found unusable for a scenario that then fails to read is deleted at once. Eviction
that fails (a read-only folder, a file gone in between, another boardapp evicting at the same time) is skipped
and tried again at the next write; it never fails the load.

The entries are pickles read by an unpickler that builds nothing but boardapp's own models and enums
(:class:`_ModelsOnly`): no function is called, no other class is made, so a hostile file in the cache folder
can at most be refused. What it could still do is hand back models with values no file would pass, so the
cache is only as trusted as the user's own cache folder (as their config folder is).
"""

from __future__ import annotations

import contextlib
import enum
import hashlib
import importlib
import io
import os
import pickle
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardapp import __version__, resources
from boardapp.model.mapfile import Map
from boardapp.model.reading import read_bounded
from boardapp.model.scenario import ScenarioBase

FORMAT = 1
"""The layout of an entry; a new layout is a new number (old entries are then stale)."""

MAX_ENTRIES = 64
"""At most this many entries are kept (one a scenario path)."""

MAX_BYTES = 32 * 1024 * 1024
"""At most this many bytes of entries are kept (War in Binni's entry is about 0.45 MB)."""

PART_MAX_AGE = 3600.0
"""A ``.part`` file older than this many seconds is a dead writer's and is deleted."""

_PACKAGE = Path(__file__).resolve().parents[1]
_CODE_FOLDERS = ("model", "engine", "rules")

Loaded = tuple[ScenarioBase, Map]


def _code_fingerprint() -> str:
    """The size and modification time of every ``.py`` file the cached models are defined in."""
    h = hashlib.sha256()
    stack = [_PACKAGE / folder for folder in _CODE_FOLDERS]
    while stack:
        folder = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False) and entry.name != "__pycache__":
                stack.append(Path(entry.path))
            elif entry.name.endswith(".py"):
                st = entry.stat()
                h.update(f"{entry.path}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def _versions() -> dict[str, str]:
    import pydantic

    return {"format": str(FORMAT), "boardapp": __version__, "python": sys.version, "pydantic": pydantic.VERSION,
            "code": _code_fingerprint()}


def _digest(path: Path) -> str:
    return hashlib.sha256(read_bounded(path)).hexdigest()


def entry_path(scenario: Path) -> Path:
    """The cache file of a scenario (by its resolved path)."""
    name = hashlib.sha256(str(scenario.resolve()).encode()).hexdigest()[:32]
    return resources.cache_dir() / "scenarios" / f"{name}.pickle"


class _ModelsOnly(pickle.Unpickler):
    """Builds boardapp's pydantic models and enums, and nothing else (no function, no other class)."""

    def find_class(self, module: str, name: str) -> Any:
        from pydantic import BaseModel

        if module.startswith("boardapp.") and "." not in name:
            found = getattr(importlib.import_module(module), name, None)
            if isinstance(found, type) and issubclass(found, BaseModel | enum.Enum):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not one of boardapp's models")


_DUMPED: dict[int, tuple[object, object, str]] = {}
"""id -> (the scenario or map last taken from the cache, an untouched copy of it, its ``model_dump_json()``)."""


def dumped(model: ScenarioBase | Map) -> str:
    """``model.model_dump_json()``: kept in the entry, so a game file's record of its scenario and map needs no
    serializer built before the first paint; made anew if ``model`` was changed since it was loaded."""
    kept = _DUMPED.get(id(model))
    if kept is not None and kept[0] is model and model == kept[1]:
        return kept[2]
    return model.model_dump_json()


def _read_entry(path: Path, scenario: Path, scenario_digest: str) -> Loaded | None:
    """The remembered (scenario, map) if the entry is whole and its key is today's, else None."""
    try:
        raw = read_bounded(path)
    except Exception:  # no entry, or not a file we can read: made again
        return None
    try:
        key, loaded, dumps = _ModelsOnly(io.BytesIO(raw)).load()
        if not (isinstance(key, dict) and isinstance(loaded, tuple) and len(loaded) == 2
                and isinstance(loaded[0], ScenarioBase) and isinstance(loaded[1], Map)
                and isinstance(dumps, tuple) and len(dumps) == 2 and all(isinstance(d, str) for d in dumps)):
            return None
        expected = {**_versions(), "scenario": str(scenario.resolve()), "scenario_sha256": scenario_digest}
        if any(key.get(k) != v for k, v in expected.items()):
            return None
        map_path = key.get("map")
        if not isinstance(map_path, str) or key.get("map_sha256") != _digest(Path(map_path)):
            return None
        if Path(map_path) != (scenario.parent / loaded[0].map).resolve():
            return None
        _key, untouched, _dumps = _ModelsOnly(io.BytesIO(raw)).load()
        _DUMPED.clear()
        for model, copy, text in zip(loaded, untouched, dumps, strict=True):
            _DUMPED[id(model)] = (model, copy, text)
        with contextlib.suppress(OSError):
            os.utime(path)  # used now: the last to be evicted
        return loaded
    except Exception:  # cut short, garbled, another program's: ignored, made again
        return None


def _write_entry(path: Path, scenario: Path, scenario_digest: str, loaded: Loaded) -> None:
    if not type(loaded[0]).__module__.startswith("boardapp."):
        return  # a plug-in's rule system: its models are not rebuilt by _ModelsOnly
    part: Path | None = None
    try:
        map_path = (scenario.parent / loaded[0].map).resolve()
        if _digest(scenario) != scenario_digest:
            return  # the file changed while it was read: nothing to vouch for
        key = {**_versions(), "scenario": str(scenario.resolve()), "scenario_sha256": scenario_digest,
               "map": str(map_path), "map_sha256": _digest(map_path)}
        dumps = (loaded[0].model_dump_json(), loaded[1].model_dump_json())
        data = pickle.dumps((key, loaded, dumps), protocol=pickle.HIGHEST_PROTOCOL)
        if len(data) > MAX_BYTES:
            return  # larger than the whole cache may be
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(f"{path.name}.{os.getpid()}.part")
        part.write_bytes(data)
        os.replace(part, path)  # whole or not at all: a reader never sees half an entry
        part = None
        trim(path.parent, keep=path)
    except Exception:  # a cache that cannot be written is not used; the load itself succeeded
        if part is not None:
            with contextlib.suppress(OSError):
                part.unlink(missing_ok=True)


def trim(folder: Path, keep: Path | None = None) -> None:
    """Delete the least recently used entries of ``folder`` beyond :data:`MAX_ENTRIES` and :data:`MAX_BYTES`
    (never ``keep``, the entry just written), and ``.part`` files older than :data:`PART_MAX_AGE`. What cannot
    be looked at or deleted is skipped: a file gone in between, a folder that cannot be written, another
    boardapp trimming at the same time."""
    now = time.time()
    entries: list[tuple[float, int, Path]] = []
    try:
        listing = list(os.scandir(folder))
    except OSError:
        return
    for item in listing:
        try:
            if not item.is_file(follow_symlinks=False):
                continue
            st = item.stat(follow_symlinks=False)
        except OSError:  # gone since the listing
            continue
        if item.name.endswith(".part"):
            if now - st.st_mtime > PART_MAX_AGE:
                _remove(Path(item.path))
        elif item.name.endswith(".pickle"):
            entries.append((st.st_mtime, st.st_size, Path(item.path)))
    entries.sort(key=lambda e: e[0], reverse=True)  # most recently used first
    if keep is not None:
        entries.sort(key=lambda e: e[2] != keep)  # stable: the new entry first, the rest by last use
    count = total = 0
    for _mtime, size, path in entries:
        count += 1
        total += size
        if (count > MAX_ENTRIES or total > MAX_BYTES) and path != keep:
            _remove(path)
            count -= 1
            total -= size


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):  # gone already, or not ours to delete: tried again next time
        path.unlink(missing_ok=True)


def load(scenario: Path, read: Callable[[Path], Loaded]) -> Loaded:
    """``read(scenario)``, or what it gave last time if nothing it depends on has changed since."""
    try:
        digest = _digest(scenario)
        path = entry_path(scenario)
    except Exception:  # not a readable file: ``read`` names the problem
        return read(scenario)
    remembered = _read_entry(path, scenario, digest)
    if remembered is not None:
        return remembered
    try:
        loaded = read(scenario)
    except Exception:
        _remove(path)  # an entry it may have had is of no use: the file as it is now does not read
        raise
    _write_entry(path, scenario, digest, loaded)
    return loaded
