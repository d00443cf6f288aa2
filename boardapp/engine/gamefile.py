"""The game file: SQLite holding the scenario, its map and the journal.

One transaction per command, in WAL mode with ``synchronous=FULL``: once :meth:`append`
returns, the command survives a crash or a power cut. Undo and redo only flip an entry's
``undone`` flag; a new command after an undo drops the undone entries (they stay in the
``history`` table, which is append-only, for the record).
"""

from __future__ import annotations

import datetime as _dt
import json
import sqlite3
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from boardapp import __version__
from boardapp.engine.journal import JournalEntry
from boardapp.model.problems import FileProblemsError, Problem

FORMAT = "boardapp-game"
FORMAT_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS journal (
    seq INTEGER PRIMARY KEY,
    entry TEXT NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0
);
-- Only undone entries are ever deleted; the partial index keeps that cheap however long the journal.
CREATE INDEX IF NOT EXISTS journal_undone ON journal (seq) WHERE undone = 1;
CREATE TABLE IF NOT EXISTS history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    action TEXT NOT NULL,
    seq INTEGER
);
"""


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds")


class GameFileError(FileProblemsError):
    """A game file cannot be opened or written."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__([Problem(message, file=path)])
        self.path = path


class GameFile:
    """An open game file. Use :meth:`create` for a new one and :meth:`open` for an existing one."""

    def __init__(self, path: Path, conn: sqlite3.Connection, readonly: bool = False) -> None:
        self.path = path
        self.conn = conn
        self.readonly = readonly

    # --- opening ------------------------------------------------------------------------
    @staticmethod
    def _connect(path: Path, readonly: bool = False) -> sqlite3.Connection:
        uri = f"file:{path}?mode=ro" if readonly else f"file:{path}"
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        if not readonly:
            conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA busy_timeout=5000")
        return conn

    @classmethod
    def create(cls, path: str | Path, meta: dict[str, Any], overwrite: bool = False) -> GameFile:
        """A new game file holding ``meta`` (rules, scenario, map …) and an empty journal."""
        path = Path(path)
        if path.exists():
            if not overwrite:
                raise GameFileError(path, "a file of that name exists already; choose another name")
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)
        try:
            conn = cls._connect(path)
            conn.executescript(_SCHEMA)
            rows = {"format": FORMAT, "format_version": str(FORMAT_VERSION), "app_version": __version__,
                    "created": _now()}
            rows |= {k: v if isinstance(v, str) else json.dumps(v) for k, v in meta.items()}
            with conn:
                conn.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", rows.items())
        except sqlite3.Error as exc:
            raise GameFileError(path, f"cannot create the game file: {exc}") from None
        return cls(path, conn)

    @classmethod
    def open(cls, path: str | Path, readonly: bool = False) -> GameFile:
        path = Path(path)
        if not path.exists():
            raise GameFileError(path, "no such file")
        try:
            with path.open("rb") as fh:
                head = fh.read(16)
        except OSError as exc:
            raise GameFileError(path, f"cannot read the file: {exc}") from None
        if head != b"SQLite format 3\x00":
            raise GameFileError(path, "not a boardapp game file (it is not an SQLite database); "
                                "a scenario or map is a .yaml file, a game a .game file")
        try:
            conn = cls._connect(path, readonly=readonly)
            ok = conn.execute("PRAGMA quick_check").fetchone()[0]
            if ok != "ok":
                raise GameFileError(path, f"the game file is damaged: {ok}")
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.DatabaseError as exc:
            raise GameFileError(path, f"the game file is damaged or truncated ({exc}); "
                                "open its autosave or a backup") from None
        if meta.get("format") != FORMAT:
            raise GameFileError(path, "an SQLite file, but not a boardapp game file")
        if int(meta.get("format_version", "0")) > FORMAT_VERSION:
            raise GameFileError(path, f"written by a newer boardapp (format {meta['format_version']}); "
                                "update boardapp to open it")
        return cls(path, conn, readonly=readonly)

    def close(self) -> None:
        self.conn.close()

    # --- reading ------------------------------------------------------------------------
    def meta(self) -> dict[str, str]:
        return dict(self.conn.execute("SELECT key, value FROM meta").fetchall())

    def read_entries(self, after: int = 0) -> tuple[list[JournalEntry], list[JournalEntry]]:
        """Active entries and undone (redo-able) entries with ``seq > after``, in order."""
        active: list[JournalEntry] = []
        undone: list[JournalEntry] = []
        try:
            rows = self.conn.execute(
                "SELECT seq, entry, undone FROM journal WHERE seq > ? ORDER BY seq", (after,)
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise GameFileError(self.path, f"the journal cannot be read ({exc})") from None
        for seq, text, is_undone in rows:
            try:
                entry = JournalEntry.model_validate_json(text)
            except ValidationError as exc:
                raise GameFileError(self.path, f"journal entry {seq} is corrupt: "
                                    f"{exc.errors(include_url=False)[0]['msg']}") from None
            if entry.seq != seq:
                raise GameFileError(self.path, f"journal entry {seq} says it is entry {entry.seq}")
            (undone if is_undone else active).append(entry)
        return active, undone

    def last_seq(self) -> int:
        row = self.conn.execute("SELECT MAX(seq) FROM journal WHERE undone = 0").fetchone()
        return int(row[0] or 0)

    def data_version(self) -> int:
        """Changes whenever another connection commits (for following a file being written)."""
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    # --- writing: one transaction each ----------------------------------------------------
    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        if self.readonly:
            raise GameFileError(self.path, "opened read-only")
        try:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self.conn.execute(sql, args)
                self.conn.execute("COMMIT")
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise GameFileError(self.path, f"could not save to the game file: {exc}") from None

    def append(self, entry: JournalEntry) -> None:
        self._write([
            ("DELETE FROM journal WHERE undone = 1", ()),
            ("INSERT INTO journal (seq, entry) VALUES (?, ?)", (entry.seq, entry.model_dump_json())),
            ("INSERT INTO history (at, action, seq) VALUES (?, 'push', ?)", (_now(), entry.seq)),
        ])

    def mark_undone(self, seq: int) -> None:
        self._write([
            ("UPDATE journal SET undone = 1 WHERE seq = ?", (seq,)),
            ("INSERT INTO history (at, action, seq) VALUES (?, 'undo', ?)", (_now(), seq)),
        ])

    def mark_redone(self, seq: int) -> None:
        self._write([
            ("UPDATE journal SET undone = 0 WHERE seq = ?", (seq,)),
            ("INSERT INTO history (at, action, seq) VALUES (?, 'redo', ?)", (_now(), seq)),
        ])

    def set_meta(self, key: str, value: str) -> None:
        self._write([("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))])
