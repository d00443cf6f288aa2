"""Where boardapp finds its own files, and where it keeps a user's.

**Shipped files** (the maps, the scenarios, the example command files) are package data: the
repository's top-level ``maps/``, ``scenarios/`` and ``docs/examples/`` are mapped by the build
(``setup.py``) to the packages ``boardapp.maps``, ``boardapp.scenarios`` and ``boardapp.examples``,
so a wheel carries them and an editable install reads them in place. They are found through
:mod:`importlib.resources`, never through a path relative to a checkout. In a wheel, ``maps`` and
``scenarios`` are siblings as in the repository, so a scenario's ``map: ../maps/x.yaml`` resolves.

**A user's files** live in the platform's folders (:mod:`platformdirs`): settings and the recent
files in the config folder, autosaved games in the data folder, scenarios already read in the cache folder
(``docs/install.md`` names each per operating system). ``BOARDAPP_CONFIG_DIR``, ``BOARDAPP_DATA_DIR`` and
``BOARDAPP_CACHE_DIR`` override them (the tests do).

A missing or unreadable shipped file means a broken install: :class:`ShippedFileError` names the path
and how to repair it.
"""

from __future__ import annotations

import importlib.util
import os
import re
from dataclasses import dataclass
from pathlib import Path

SHIPPED_PACKAGES = {"maps": "boardapp.maps", "scenarios": "boardapp.scenarios", "examples": "boardapp.examples"}
"""Each kind of shipped file and the package that carries it."""

DEFAULT_SCENARIO_NAME = "war-in-binni.yaml"

REPAIR = ("boardapp's installation is incomplete or damaged; reinstall it: `pipx reinstall boardapp` "
          "(pipx), `pip install --force-reinstall boardapp` (pip), or unpack the bundle again; "
          "from a checkout, `pip install -e .` again")


class ShippedFileError(Exception):
    """One of boardapp's own files is missing or unreadable: the path and how to repair the install."""

    def __init__(self, path: Path, why: str) -> None:
        self.path = path
        super().__init__(f"{path}: {why}. {REPAIR}")


def _package_dir(package: str) -> Path:
    """The folder holding a shipped package's files (where it would be when the package itself is missing)."""
    try:  # a package in a folder (a wheel, an editable install): its folder, as importlib.resources gives it
        spec = importlib.util.find_spec(package)
    except ModuleNotFoundError:
        spec = None
    if spec is not None and spec.origin and spec.has_location and Path(spec.origin).name == "__init__.py":
        folder = Path(spec.origin).parent
        if folder.is_dir():
            return folder.resolve()
    import importlib.resources as importlib_resources  # anything else (its import costs a start ~6 ms: tempfile…)

    try:
        where = importlib_resources.files(package)
    except ModuleNotFoundError:
        import boardapp

        return Path(boardapp.__file__).resolve().parent / package.rpartition(".")[2]
    if isinstance(where, Path):
        return where.resolve()
    # A zipped or otherwise virtual install: the files have no path on disk (scenarios refer to maps by path).
    raise ShippedFileError(Path(str(where)), "boardapp's files are not in a folder on disk (a zipped install?)")


def shipped_dir(kind: str) -> Path:
    """The folder of one kind of shipped file: ``maps``, ``scenarios`` or ``examples``."""
    return _package_dir(SHIPPED_PACKAGES[kind])


def scenario_dir() -> Path:
    return shipped_dir("scenarios")


def map_dir() -> Path:
    return shipped_dir("maps")


def examples_dir() -> Path:
    return shipped_dir("examples")


def default_scenario() -> Path:
    """War in Binni, the scenario ``boardapp`` opens with no argument."""
    return scenario_dir() / DEFAULT_SCENARIO_NAME


def is_shipped(path: str | Path) -> bool:
    """Whether ``path`` is (or would be) one of boardapp's own files."""
    p = Path(path).resolve()
    return any(p.parent == shipped_dir(kind) for kind in SHIPPED_PACKAGES)


def require(path: str | Path) -> Path:
    """``path`` if it is a readable file; for a shipped file that is not, :class:`ShippedFileError`."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            fh.read(1)
    except FileNotFoundError:
        raise ShippedFileError(p, "missing") from None
    except IsADirectoryError:
        raise ShippedFileError(p, "a folder where a file should be") from None
    except OSError as exc:
        raise ShippedFileError(p, f"unreadable ({exc.strerror or exc})") from None
    return p


def _yaml_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        raise ShippedFileError(folder, "missing (a folder of boardapp's own files)")
    return sorted(p for p in folder.iterdir() if p.suffix == ".yaml")


def shipped_scenarios() -> list[Path]:
    return _yaml_files(scenario_dir())


def shipped_maps() -> list[Path]:
    return _yaml_files(map_dir())


@dataclass(frozen=True)
class Example:
    """A shipped example command file and how it is run: ``boardapp run SCENARIO --commands FILE ARGS``."""

    path: Path
    scenario: Path
    args: tuple[str, ...]


_RUN_LINE = re.compile(r"boardapp run scenarios/(?P<scenario>[\w.-]+\.yaml) --commands docs/examples/[\w.-]+\.yaml"
                       r"(?P<args>[^\n]*)")


def shipped_examples() -> list[Example]:
    """Every shipped example with the scenario and options its header comment names."""
    out = []
    for path in _yaml_files(examples_dir()):
        head = require(path).read_text(encoding="utf-8", errors="replace")[:2000]
        m = _RUN_LINE.search(head)
        if m is None:
            raise ShippedFileError(path, "its header does not say which scenario it runs on "
                                         "(`# boardapp run scenarios/X.yaml --commands docs/examples/Y.yaml`)")
        out.append(Example(path, scenario_dir() / m["scenario"], tuple(m["args"].split())))
    return out


def scenario_map(path: Path) -> Path:
    """The map file a scenario's ``map:`` names (resolved from the scenario's folder), read as YAML text."""
    import yaml

    data = yaml.safe_load(require(path).read_text(encoding="utf-8"))
    ref = data.get("map") if isinstance(data, dict) else None
    if not isinstance(ref, str):
        raise ShippedFileError(path, "it names no map (`map:`)")
    return (path.parent / ref).resolve()


# --- a user's files -------------------------------------------------------------------------------
APP = "boardapp"


def config_dir() -> Path:
    """Settings and the recent files: ``$BOARDAPP_CONFIG_DIR``, else the platform's config folder."""
    env = os.environ.get("BOARDAPP_CONFIG_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_config_dir(APP, appauthor=False, roaming=True))


def data_dir() -> Path:
    """A user's data (autosaved games): ``$BOARDAPP_DATA_DIR``, else the platform's data folder."""
    env = os.environ.get("BOARDAPP_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False, roaming=False))


def cache_dir() -> Path:
    """What can be thrown away and made again (scenarios already read: ``engine/loadcache.py``):
    ``$BOARDAPP_CACHE_DIR``, else the platform's cache folder."""
    env = os.environ.get("BOARDAPP_CACHE_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP, appauthor=False))


def autosave_dir() -> Path:
    d = data_dir() / "autosave"
    d.mkdir(parents=True, exist_ok=True)
    return d


RECENT_FILE = "recent.txt"
MAX_RECENT = 10


def recent_files() -> list[str]:
    """The files opened most recently, newest first (one path a line in the config folder's ``recent.txt``)."""
    try:
        text = (config_dir() / RECENT_FILE).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    return [line for line in text.splitlines() if line.strip()][:MAX_RECENT]


def remember_file(path: str | Path) -> list[str]:
    """Put ``path`` first in the recent files; the list kept (an unwritable config folder keeps none)."""
    name = str(Path(path).resolve())
    items = [name, *(p for p in recent_files() if p != name)][:MAX_RECENT]
    folder = config_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / (RECENT_FILE + ".tmp")
        tmp.write_text("".join(f"{p}\n" for p in items), encoding="utf-8")
        os.replace(tmp, folder / RECENT_FILE)
    except OSError:
        pass
    return items
