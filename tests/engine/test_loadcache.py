"""Scenarios read before come from the user's cache (engine/loadcache.py): the same result as reading the YAML,
and a stale, damaged or hostile entry is ignored and made again, never an error."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from boardapp.engine import files, loadcache

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    """A copy of the tiny test scenario and its map, in a folder of their own (they may be edited)."""
    src = DATA / "tiny-scenario.yaml"
    dst = tmp_path / "sc" / src.name
    dst.parent.mkdir()
    shutil.copy(src, dst)
    import yaml

    map_rel = yaml.safe_load(src.read_text())["map"]
    map_dst = (dst.parent / map_rel).resolve()
    map_dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy((src.parent / map_rel).resolve(), map_dst)
    return dst


def counting_reader(calls: list[Path]) -> Any:
    def read(path: Path) -> Any:
        calls.append(path)
        return files._read_without_cache(path)
    return read


def test_a_second_load_comes_from_the_cache_and_equals_a_fresh_read(scenario: Path) -> None:
    calls: list[Path] = []
    first = loadcache.load(scenario, counting_reader(calls))
    assert len(calls) == 1 and loadcache.entry_path(scenario).is_file()
    second = loadcache.load(scenario, counting_reader(calls))
    assert len(calls) == 1, "read again although nothing changed"
    fresh = files._read_without_cache(scenario)
    assert second == fresh and first == fresh
    assert second[0] is not first[0]  # a fresh object each time: a caller may change what it was given
    assert second[0].model_dump() == fresh[0].model_dump() and second[1].model_dump() == fresh[1].model_dump()


def test_load_scenario_goes_through_the_cache(scenario: Path) -> None:
    files.load_scenario(scenario)
    assert loadcache.entry_path(scenario).is_file()


@pytest.mark.parametrize("edit", ["scenario", "map"])
def test_a_changed_scenario_or_map_is_read_again(scenario: Path, edit: str) -> None:
    calls: list[Path] = []
    before = loadcache.load(scenario, counting_reader(calls))
    target = scenario if edit == "scenario" else (scenario.parent / before[0].map).resolve()
    text = target.read_text()
    old_name = before[0].name if edit == "scenario" else before[1].name
    assert text.count(f"name: {old_name}") >= 1
    target.write_text(text.replace(f"name: {old_name}", "name: Renamed", 1))
    after = loadcache.load(scenario, counting_reader(calls))
    assert len(calls) == 2
    assert (after[0].name if edit == "scenario" else after[1].name) == "Renamed"
    assert loadcache.load(scenario, counting_reader(calls)) == after and len(calls) == 2


def test_another_boardapp_makes_the_entry_stale(scenario: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Path] = []
    loadcache.load(scenario, counting_reader(calls))
    monkeypatch.setattr(loadcache, "__version__", "0.0.0-other")
    loadcache.load(scenario, counting_reader(calls))
    assert len(calls) == 2


def test_changed_model_code_makes_the_entry_stale(scenario: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Path] = []
    loadcache.load(scenario, counting_reader(calls))
    monkeypatch.setattr(loadcache, "_code_fingerprint", lambda: "another checkout")
    loadcache.load(scenario, counting_reader(calls))
    assert len(calls) == 2


class _Boom:
    def __reduce__(self) -> tuple[Any, ...]:
        return (os.system, ("echo pwned > pwned.txt",))


def _hostile(scenario: Path) -> bytes:
    key, loaded, dumps = pickle.loads(loadcache.entry_path(scenario).read_bytes())  # our own entry: trusted here
    return pickle.dumps((key, (loaded[0], _Boom()), dumps))


@pytest.mark.parametrize("damage", ["empty", "cut", "garbled", "not a pickle", "wrong shape", "hostile", "folder"])
def test_a_damaged_entry_is_ignored_and_made_again(scenario: Path, damage: str, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    calls: list[Path] = []
    good = loadcache.load(scenario, counting_reader(calls))
    entry = loadcache.entry_path(scenario)
    raw = entry.read_bytes()
    if damage == "folder":
        entry.unlink()
        entry.mkdir()
    else:
        entry.write_bytes({"empty": b"", "cut": raw[: len(raw) // 2], "garbled": raw[:100] + b"\xff" * 50 + raw[150:],
                           "not a pickle": b"id: binni\n", "wrong shape": pickle.dumps(({"format": "1"}, [1, 2])),
                           "hostile": _hostile(scenario) if damage == "hostile" else b""}[damage])
    again = loadcache.load(scenario, counting_reader(calls))
    assert len(calls) == 2 and again == good
    assert not (tmp_path / "pwned.txt").exists()
    if damage != "folder":
        assert loadcache.load(scenario, counting_reader(calls)) == good and len(calls) == 2  # made again


def test_only_boardapps_models_are_unpickled() -> None:
    import io

    for name in (("os", "system"), ("builtins", "eval"), ("boardapp.engine.files", "load_scenario"),
                 ("boardapp.engine.loadcache", "Path")):
        with pytest.raises(pickle.UnpicklingError):
            loadcache._ModelsOnly(io.BytesIO(b"")).find_class(*name)
    from boardapp.model.mapfile import Map

    assert loadcache._ModelsOnly(io.BytesIO(b"")).find_class("boardapp.model.mapfile", "Map") is Map


def test_a_cache_folder_that_cannot_be_written_is_not_used(scenario: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("BOARDAPP_CACHE_DIR", str(blocker))
    calls: list[Path] = []
    assert loadcache.load(scenario, counting_reader(calls)) == files._read_without_cache(scenario)
    assert loadcache.load(scenario, counting_reader(calls)) is not None and len(calls) == 2


def test_errors_of_a_bad_scenario_still_come_from_the_reader(scenario: Path) -> None:
    from boardapp.model.problems import FileProblemsError

    scenario.write_text(scenario.read_text().replace("rules:", "rulez:", 1))
    with pytest.raises(FileProblemsError, match="rules"):
        files.load_scenario(scenario)
    assert not loadcache.entry_path(scenario).exists()
    with pytest.raises(FileProblemsError):
        files.load_scenario(scenario.parent / "missing.yaml")


def test_a_fresh_process_reads_the_entry_without_yaml(scenario: Path, tmp_path: Path) -> None:
    """The point of it all: a second start skips the YAML parser (yaml is not even imported)."""
    env = {**os.environ, "BOARDAPP_CACHE_DIR": str(tmp_path / "cache")}
    probe = ("import sys; from boardapp.engine.files import load_scenario; s, m = load_scenario(sys.argv[1]); "
             "print(s.id, len(m.places), 'yaml' in sys.modules)")
    outs = [subprocess.run([sys.executable, "-c", probe, str(scenario)], capture_output=True, text=True, env=env,
                           check=True, timeout=120).stdout.split() for _ in range(2)]
    assert outs[0][:2] == outs[1][:2]
    assert outs[0][2] == "True" and outs[1][2] == "False"


def test_a_new_game_records_the_scenario_and_map_as_read(scenario: Path, tmp_path: Path) -> None:
    """The JSON kept in the entry is what the models dump; changed after loading, they are dumped anew."""
    import sqlite3

    def recorded(game_file: Path) -> dict[str, str]:
        with sqlite3.connect(game_file) as db:
            return dict(db.execute("SELECT key, value FROM meta").fetchall())

    files.load_scenario(scenario)  # fills the cache
    loaded = files.load_scenario(scenario)  # from it
    assert loadcache.dumped(loaded[0]) == loaded[0].model_dump_json()
    assert loadcache.dumped(loaded[1]) == loaded[1].model_dump_json()
    files.new_game(loaded, save=tmp_path / "a.game")
    meta = recorded(tmp_path / "a.game")
    assert meta["scenario"] == loaded[0].model_dump_json() and meta["map"] == loaded[1].model_dump_json()
    loaded[0].name = "Changed after loading"
    loaded[1].places[0].name = "Renamed place"
    files.new_game(loaded, save=tmp_path / "b.game")
    meta = recorded(tmp_path / "b.game")
    assert '"Changed after loading"' in meta["scenario"] and '"Renamed place"' in meta["map"]
    assert meta["scenario"] == loaded[0].model_dump_json() and meta["map"] == loaded[1].model_dump_json()


# -- the cap: least recently used entries go, and nothing about it can fail a load --------------------------


def _copies(scenario: Path, n: int) -> list[Path]:
    """``n`` scenario files at paths of their own (one cache entry each), all on the same map."""
    out = []
    for i in range(n):
        copy = scenario.with_name(f"copy{i}.yaml")
        shutil.copy(scenario, copy)
        out.append(copy)
    return out


def _cached() -> set[Path]:
    folder = loadcache.resources.cache_dir() / "scenarios"
    return set(folder.glob("*.pickle")) if folder.is_dir() else set()


def _age(path: Path, seconds: float) -> None:
    """Make ``path`` look last used ``seconds`` ago (a file's time has a coarse grain on some systems)."""
    st = path.stat()
    os.utime(path, (st.st_atime - seconds, st.st_mtime - seconds))


def test_many_scenario_paths_keep_at_most_the_cap_least_recently_used_go(scenario: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loadcache, "MAX_ENTRIES", 3)
    a, b, c, d, e = _copies(scenario, 5)
    calls: list[Path] = []
    for i, path in enumerate((a, b, c)):
        loadcache.load(path, counting_reader(calls))
        _age(loadcache.entry_path(path), 100 - 10 * i)  # a oldest, then b, then c
    assert _cached() == {loadcache.entry_path(p) for p in (a, b, c)}
    loadcache.load(a, counting_reader(calls))  # a hit: a is now the most recently used
    assert len(calls) == 3
    loadcache.load(d, counting_reader(calls))
    assert _cached() == {loadcache.entry_path(p) for p in (a, c, d)}, "b was the least recently used"
    _age(loadcache.entry_path(d), 200)  # d last used before c (80 s ago) and a (now): d goes next
    loadcache.load(e, counting_reader(calls))
    assert _cached() == {loadcache.entry_path(p) for p in (a, c, e)}
    loadcache.load(a, counting_reader(calls))
    assert len(calls) == 5, "a was evicted although it was used last"


def test_the_byte_cap_holds_and_an_entry_larger_than_it_is_not_kept(scenario: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Path] = []
    paths = _copies(scenario, 6)
    loadcache.load(paths[0], counting_reader(calls))
    size = loadcache.entry_path(paths[0]).stat().st_size
    _age(loadcache.entry_path(paths[0]), 2000)
    monkeypatch.setattr(loadcache, "MAX_BYTES", int(size * 2.5))
    for i, path in enumerate(paths[1:]):
        loadcache.load(path, counting_reader(calls))
        _age(loadcache.entry_path(path), 1000 - 10 * i)
    kept = _cached()
    assert sum(p.stat().st_size for p in kept) <= loadcache.MAX_BYTES
    assert kept == {loadcache.entry_path(p) for p in paths[-2:]}, "not the two most recently written"
    monkeypatch.setattr(loadcache, "MAX_BYTES", size // 2)
    shutil.copy(scenario, big := scenario.with_name("big.yaml"))
    assert loadcache.load(big, counting_reader(calls)) == files._read_without_cache(big)
    assert not loadcache.entry_path(big).exists()


def test_a_dead_writers_part_files_go_a_live_ones_stay(scenario: Path) -> None:
    calls: list[Path] = []
    loadcache.load(scenario, counting_reader(calls))
    folder = loadcache.entry_path(scenario).parent
    dead, live = folder / "x.pickle.111.part", folder / "y.pickle.222.part"
    dead.write_bytes(b"half")
    live.write_bytes(b"being written")
    _age(dead, loadcache.PART_MAX_AGE + 60)
    other = _copies(scenario, 1)[0]
    loadcache.load(other, counting_reader(calls))
    assert not dead.exists() and live.exists()
    assert _cached() == {loadcache.entry_path(scenario), loadcache.entry_path(other)}


@pytest.mark.parametrize("trouble", ["cannot delete", "gone in between", "cannot list"])
def test_eviction_that_fails_never_fails_the_load(scenario: Path, monkeypatch: pytest.MonkeyPatch,
                                                  trouble: str) -> None:
    """One entry that cannot be deleted or is gone in between stops neither the load nor the eviction of the
    others; a folder that cannot be listed is left as it is."""
    old, older, new = _copies(scenario, 3)
    calls: list[Path] = []
    for path, age in ((old, 100), (older, 200)):
        loadcache.load(path, counting_reader(calls))
        _age(loadcache.entry_path(path), age)
    monkeypatch.setattr(loadcache, "MAX_ENTRIES", 1)
    assert _cached() == {loadcache.entry_path(old), loadcache.entry_path(older)}
    real_scandir = os.scandir
    cache_folder = loadcache.entry_path(old).parent
    assert Path.home() not in cache_folder.parents, "the tests' own cache folder, never the user's"
    real_unlink = Path.unlink
    with monkeypatch.context() as m:  # undone before the checks below (the fixture's folders stay)
        # os.scandir is the one os module's: every other folder (the code fingerprint's) is listed as usual
        if trouble == "cannot delete":  # a read-only file (the tests run as root, so chmod would not stop us)
            def refuse(self: Path, missing_ok: bool = False) -> None:
                if self == loadcache.entry_path(old):
                    raise PermissionError(13, "Permission denied", str(self))
                real_unlink(self, missing_ok=missing_ok)
            m.setattr(Path, "unlink", refuse)
        elif trouble == "gone in between":  # another boardapp evicts between our listing and our look
            def listed_then_gone(folder: Any) -> Any:
                listing = list(real_scandir(folder))
                if Path(folder) == cache_folder:
                    os.remove(loadcache.entry_path(old))
                return iter(listing)
            m.setattr(os, "scandir", listed_then_gone)
        else:
            def cannot(folder: Any) -> Any:
                if Path(folder) == cache_folder:
                    raise PermissionError(13, "Permission denied", str(folder))
                return real_scandir(folder)
            m.setattr(os, "scandir", cannot)
            loadcache.trim(cache_folder)  # raises nothing
        assert loadcache.load(new, counting_reader(calls)) == files._read_without_cache(new)
    expected = {"cannot delete": {old, new}, "gone in between": {new}, "cannot list": {old, older, new}}[trouble]
    assert _cached() == {loadcache.entry_path(p) for p in expected}
    loadcache.trim(cache_folder)  # tried again at the next write: the cap holds
    assert _cached() == {loadcache.entry_path(new)}


def test_a_stale_entry_that_cannot_be_deleted_leaves_the_readers_error(scenario: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from boardapp.model.problems import FileProblemsError

    loadcache.load(scenario, counting_reader([]))
    scenario.write_text(scenario.read_text().replace("rules:", "rulez:", 1))

    def refuse(self: Path, missing_ok: bool = False) -> None:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "unlink", refuse)
    with pytest.raises(FileProblemsError, match="rules"):
        loadcache.load(scenario, counting_reader([]))


def test_a_stale_entry_of_a_scenario_that_no_longer_reads_is_deleted(scenario: Path) -> None:
    from boardapp.model.problems import FileProblemsError

    calls: list[Path] = []
    loadcache.load(scenario, counting_reader(calls))
    entry = loadcache.entry_path(scenario)
    assert entry.exists()
    scenario.write_text(scenario.read_text().replace("rules:", "rulez:", 1))
    with pytest.raises(FileProblemsError):
        loadcache.load(scenario, counting_reader(calls))
    assert not entry.exists()
