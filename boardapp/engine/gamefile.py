"""The game file: SQLite holding the scenario, its map and the journal, proving its own integrity.

Durability: one transaction per command, in WAL mode with ``synchronous=FULL``: once
:meth:`GameFile.append` returns, the command survives a crash or a power cut. A new file is
written under a temporary name and renamed into place once its meta is committed, so a kill
during creation never leaves a file without meta under the chosen name.

Integrity (format 2): every journal row stores the chain digest of the journal up to it
(:func:`~boardapp.engine.journal.entry_digest`, the digest the network compares between host
and seats), so a changed, emptied, inserted or deleted entry breaks the chain at that entry.
Undo and redo only flip an entry's ``undone`` flag, which is not part of the entry: the
append-only ``history`` table records every push, undo and redo in a chain of its own, and
replaying that history must give exactly the journal's rows and flags. The meta records
(rules, scenario, map …) carry a digest each. :meth:`GameFile.verify` checks all of it and
names the first entry that fails, with how many entries before it are intact.

A new command after an undo drops the undone entries (they stay in ``history``, for the
record). Format 1 files (no chain) open with a warning and are sealed (chained as they
stand) when opened for writing.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import hashlib
import json
import os
import sqlite3
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from boardapp import __version__
from boardapp.engine.journal import EMPTY_DIGEST, JournalEntry, digest_text
from boardapp.model.problems import FileProblemsError, Problem
from boardapp.model.reading import regular_file_problem

FORMAT = "boardapp-game"
FORMAT_VERSION = 2
"""2: journal digests, a history chain and meta digests. 1: none of these (still opened)."""

META_DIGEST = "meta_digest"
MUTABLE_META = frozenset({"clock", META_DIGEST})
"""Meta records that change during play (the big screen's clock) and so carry no digest."""

HISTORY_START = hashlib.sha256(b"boardapp-history").hexdigest()[:32]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS journal (
    seq INTEGER PRIMARY KEY,
    entry TEXT NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0,
    digest TEXT
);
-- Only undone entries are ever deleted; the partial index keeps that cheap however long the journal.
CREATE INDEX IF NOT EXISTS journal_undone ON journal (seq) WHERE undone = 1;
CREATE TABLE IF NOT EXISTS history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    action TEXT NOT NULL,
    seq INTEGER,
    entry TEXT,
    digest TEXT
);
"""


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds")


def _value_digest(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()[:32]


def history_digest(previous: str, at: str, action: str, seq: int | None, entry: str | None) -> str:
    """The history chain after one row: a push (``entry`` is the entry's chain digest), undo, redo or baseline."""
    h = hashlib.sha256(previous.encode("ascii"))
    h.update(json.dumps([at, action, seq, entry]).encode("utf-8"))
    return h.hexdigest()[:32]


class GameFileError(FileProblemsError):
    """A game file cannot be opened or written."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__([Problem(message, file=path)])
        self.path = path
        self.message = message


class DamagedGameError(GameFileError):
    """A game file whose content was changed after it was written, or does not replay.

    :attr:`intact` is how many leading journal entries are proven (chained, in the history,
    replaying with exactly their dice); ``files.open_intact_prefix`` opens those read-only.
    """

    def __init__(self, path: Path, damage: str, intact: int, entry: int | None = None) -> None:
        if intact > 0:
            tail = f"; entries 1 to {intact} are intact and can be opened read-only"
        elif entry is not None:
            tail = "; no entry before it is intact"
        else:
            tail = ""
        super().__init__(path, f"the game file is damaged: {damage}{tail}")
        self.damage = damage
        self.intact = intact
        self.entry = entry


@dataclass
class VerifiedJournal:
    """What :meth:`GameFile.verify` found: the entries, and the first damage if any."""

    active: list[JournalEntry] = field(default_factory=list)
    undone: list[JournalEntry] = field(default_factory=list)
    damage: str | None = None
    """The first thing found wrong, naming the entry ('entry 17 was changed after it was written')."""
    entry: int | None = None
    """The seq of the entry the damage concerns, when there is one."""
    intact: int = 0
    """How many leading entries (seq 1 … intact) are proven."""
    chained: bool = True
    """False for a format 1 file: no digests, so edits cannot be detected, only gaps and bad rows."""

    def fail(self, damage: str, entry: int | None, intact: int) -> None:
        """Record damage found at ``entry``; the earliest entry wins."""
        if self.damage is None or intact < self.intact:
            self.damage, self.entry = damage, entry
        self.intact = min(self.intact, intact)

    def prefix(self) -> tuple[list[JournalEntry], list[JournalEntry]]:
        """The intact entries: active ones, and undone ones (the redo stack, oldest first)."""
        return ([e for e in self.active if e.seq <= self.intact],
                [e for e in self.undone if e.seq <= self.intact])


class GameFile:
    """An open game file. Use :meth:`create` for a new one and :meth:`open` for an existing one."""

    def __init__(self, path: Path, conn: sqlite3.Connection, readonly: bool = False, version: int = FORMAT_VERSION
                 ) -> None:
        self.path = path
        self.conn = conn
        self.readonly = readonly
        self.version = version
        """The file's format version (1: no integrity chain)."""
        self._tidy: Callable[[], None] | None = None
        """For a read-only opening: closes it and removes the ``-wal``/``-shm`` files when no one else has the
        file open (see :func:`_close_readonly`); also run at exit when the file was never closed."""

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
    def create(cls, path: str | Path, meta: dict[str, Any], overwrite: bool = False,
               entries: Sequence[JournalEntry] = (), undone: Sequence[JournalEntry] = ()) -> GameFile:
        """A new game file holding ``meta`` (rules, scenario, map …) and the given journal (usually none).

        The file is written under a temporary name beside ``path`` and renamed into place once
        everything is committed: a kill part-way leaves no file under ``path`` (only a hidden
        ``.NAME.PID.creating`` file), and an import that fails leaves nothing at all.
        ``undone`` entries (oldest first) follow ``entries`` and are marked undone.
        """
        path = Path(path)
        if path.exists() and not overwrite:
            raise GameFileError(path, "a file of that name exists already; choose another name")
        tmp = path.with_name(f".{path.name}.{os.getpid()}.creating")
        _remove_db(tmp)
        try:
            conn = cls._connect(tmp)
            try:
                conn.executescript(_SCHEMA)
                rows = {"format": FORMAT, "format_version": str(FORMAT_VERSION), "app_version": __version__,
                        "created": _now()}
                rows |= {k: v if isinstance(v, str) else json.dumps(v) for k, v in meta.items()}
                rows[META_DIGEST] = json.dumps(_meta_digests(rows), sort_keys=True)
                store = cls(tmp, conn)

                def fill(c: sqlite3.Connection) -> None:
                    c.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", rows.items())
                    for entry in [*entries, *undone]:
                        store._insert(c, entry)
                    for entry in reversed(undone):
                        store._flag(c, entry.seq, undone=True)

                store._transaction(fill)
            finally:
                conn.close()  # checkpoints the WAL into the file and removes it
            _fsync(tmp)
            if overwrite:
                _remove_db(path, keep_main=True)  # a stale WAL of the old game must never meet the new file
                os.replace(tmp, path)
            else:
                try:
                    os.link(tmp, path)  # fails if the name was taken meanwhile: never overwrite by accident
                except FileExistsError:
                    raise GameFileError(path, "a file of that name exists already; choose another name") from None
                except OSError:  # a filesystem without hard links
                    if path.exists():
                        raise GameFileError(path, "a file of that name exists already; choose another name") from None
                    os.replace(tmp, path)
                tmp.unlink(missing_ok=True)
            _fsync_dir(path.parent)
        except sqlite3.Error as exc:
            _remove_db(tmp)
            raise GameFileError(path, f"cannot create the game file: {exc}") from None
        except OSError as exc:
            _remove_db(tmp)
            raise GameFileError(path, f"cannot create the game file: {exc.strerror or exc}") from None
        except BaseException:
            _remove_db(tmp)
            raise
        return cls(path, cls._connect(path))

    @classmethod
    def open(cls, path: str | Path, readonly: bool = False) -> GameFile:
        """Open a game file (format 1 files opened for writing are sealed with a chain first)."""
        path = Path(path)
        why = regular_file_problem(path)
        if why is not None:
            raise GameFileError(path, why)
        try:
            with path.open("rb") as fh:
                head = fh.read(16)
        except OSError as exc:
            raise GameFileError(path, f"cannot read the file: {exc.strerror or exc}") from None
        if head != b"SQLite format 3\x00":
            raise GameFileError(path, "not a boardapp game file (it is not an SQLite database); "
                                "a scenario or map is a .yaml file, a game a .game file")
        conn: sqlite3.Connection | None = None
        try:
            conn = cls._connect(path, readonly=readonly)
            ok = conn.execute("PRAGMA quick_check").fetchone()[0]
            if ok != "ok":
                raise GameFileError(path, f"the game file is damaged: {ok}")
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
            if meta.get("format") != FORMAT:
                raise GameFileError(path, "an SQLite file, but not a boardapp game file")
            text = meta.get("format_version", "")
            if not isinstance(text, str) or not text.isascii() or not text.isdigit() or len(text) > 6:
                raise GameFileError(path, f"the game file's format_version {str(text)[:40]!r} is not a whole number; "
                                    "the file is damaged")
            version = int(text)
            if version > FORMAT_VERSION:
                raise GameFileError(path, f"written by a newer boardapp (format {version}); "
                                    "update boardapp to open it")
            store = cls(path, conn, readonly=readonly, version=version)
            if readonly:
                store._tidy = weakref.finalize(store, _close_readonly, path, conn)
            if version >= 2:
                store._check_meta(meta)
            elif not readonly:
                store._seal()
        except sqlite3.DatabaseError as exc:
            if conn is not None:
                _close_readonly(path, conn) if readonly else conn.close()
            raise GameFileError(path, f"the game file is damaged or truncated ({exc}); "
                                "open its autosave or a backup") from None
        except BaseException:
            if conn is not None:
                _close_readonly(path, conn) if readonly else conn.close()
            raise
        return store

    def close(self) -> None:
        if self._tidy is not None:
            self._tidy()  # closes the connection, then lets SQLite remove the -wal/-shm it made
        else:
            self.conn.close()

    # --- integrity ----------------------------------------------------------------------
    def _check_meta(self, meta: dict[str, str]) -> None:
        try:
            recorded = json.loads(meta[META_DIGEST])
            if not isinstance(recorded, dict):
                raise TypeError
        except (KeyError, ValueError, TypeError):
            raise DamagedGameError(self.path, "the digests of its meta records are missing or unreadable",
                                   0) from None
        for key in sorted(set(recorded) | {k for k in meta if k not in MUTABLE_META}):
            if key not in meta:
                raise DamagedGameError(self.path, f"its {key!r} record is missing", 0)
            if recorded.get(key) != _value_digest(meta[key]):
                raise DamagedGameError(self.path, f"its {key!r} record was changed after the game was created", 0)

    def verify(self) -> VerifiedJournal:
        """Read the whole journal and check it: numbering, rows, the digest chain and the history.

        Never raises for damage: the result says what is wrong and which entries are intact.
        """
        out = VerifiedJournal(chained=self.version >= 2)
        digest_col = "digest" if out.chained else "NULL"
        try:
            rows = self.conn.execute(f"SELECT seq, entry, undone, {digest_col} FROM journal ORDER BY seq").fetchall()
        except sqlite3.DatabaseError as exc:
            raise GameFileError(self.path, f"the journal cannot be read ({exc})") from None
        stray = [row for row in rows if not isinstance(row[0], int) or row[0] < 1]
        rows = [row for row in rows if row not in stray]
        out.intact = len(rows)
        stored: dict[int, tuple[str | None, int]] = {}
        previous = EMPTY_DIGEST
        for n, (seq, text, undone, digest) in enumerate(rows):
            expected = n + 1
            if seq != expected:
                out.fail(f"entry {expected} is missing (the journal jumps from entry {expected - 1} to "
                         f"entry {seq})", expected, n)
                break
            if undone not in (0, 1) or not isinstance(text, str):
                out.fail(f"journal entry {seq} has a damaged row", seq, n)
                break
            try:
                entry = JournalEntry.model_validate_json(text)
            except ValidationError as exc:
                out.fail(f"journal entry {seq} is corrupt: {exc.errors(include_url=False)[0]['msg']}", seq, n)
                break
            if entry.seq != seq:
                out.fail(f"journal entry {seq} says it is entry {entry.seq}", seq, n)
                break
            if out.chained:
                if digest != digest_text(previous, text):
                    out.fail(f"entry {seq} was changed after it was written", seq, n)
                    break
                previous = digest
            if undone == 0 and out.undone:
                first = out.undone[0].seq
                out.fail(f"entry {first} is marked undone but entry {seq} after it is not "
                         "(undo takes back the last entry first)", first, first - 1)
                break
            (out.undone if undone else out.active).append(entry)
            stored[seq] = (digest, undone)
        if stray:
            # A row numbered 0 or less would be applied before entry 1 (or twice): the entries themselves may
            # be sound, so the intact prefix stands, but the file is not what the game wrote.
            out.fail(f"the journal holds a row numbered {stray[0][0]}; entries are numbered from 1 "
                     "(was a row added by hand?)", None, out.intact)
        if out.chained:
            self._check_history(stored, out)
        return out

    def _check_history(self, stored: dict[int, tuple[str | None, int]], out: VerifiedJournal) -> None:
        """Replay the history of pushes, undos and redos: it must give exactly the journal's rows and flags."""
        try:
            rows = self.conn.execute("SELECT id, at, action, seq, entry, digest FROM history ORDER BY id").fetchall()
        except sqlite3.DatabaseError as exc:
            raise GameFileError(self.path, f"the history cannot be read ({exc})") from None
        derived: dict[int, tuple[str | None, int]] = {}
        previous = HISTORY_START
        for row_id, at, action, seq, entry, digest in rows:
            what = f"history row {row_id} ({action} of entry {seq})"
            try:
                good = digest == history_digest(previous, at, action, seq, entry)
            except (TypeError, ValueError):
                good = False
            if not good:
                out.fail(f"{what} was changed after it was written", seq if isinstance(seq, int) else None,
                         _before(seq))
                return
            previous = digest
            if action == "push":
                derived = {s: v for s, v in derived.items() if not v[1]}
                derived[seq] = (entry, 0)
            elif action in ("undo", "redo") and seq in derived:
                derived[seq] = (derived[seq][0], 1 if action == "undo" else 0)
            elif action == "baseline":
                derived = {int(s): (d, int(u)) for s, d, u in json.loads(entry)}
            else:
                out.fail(f"{what} is not a push, undo or redo of an entry in the journal", seq, _before(seq))
                return
        for seq in sorted(set(derived) | set(stored)):
            if seq > out.intact:
                break
            mine, told = stored.get(seq), derived.get(seq)
            if mine == told:
                continue
            if told is None:
                out.fail(f"entry {seq} is not in the game's history (was it added by hand?)", seq, seq - 1)
            elif mine is None:
                out.fail(f"entry {seq} is missing (the history records it)", seq, seq - 1)
            elif mine[0] != told[0]:
                out.fail(f"entry {seq} is not the entry the history recorded (was it replaced?)", seq, seq - 1)
            else:
                state = "undone" if mine[1] else "active"
                said = "taken back" if told[1] else "in play"
                out.fail(f"entry {seq} is marked {state}, but the history says it is {said}", seq, seq - 1)
            return
        missing = [s for s in derived if s not in stored and s > out.intact]
        if missing and out.damage is None:
            first = min(missing)
            out.fail(f"entry {first} is missing (the history records it)", first, first - 1)

    def _seal(self) -> None:
        """Chain a format 1 file as it stands (after checking its numbering) and mark it format 2.

        The old history rows are chained as they are and a ``baseline`` row records the journal's
        rows and flags at sealing, since a format 1 history need not account for them.
        """
        found = self.verify()
        if found.damage is not None:
            raise DamagedGameError(self.path, found.damage, found.intact, found.entry)

        def seal(c: sqlite3.Connection) -> None:
            for column in ("ALTER TABLE journal ADD COLUMN digest TEXT", "ALTER TABLE history ADD COLUMN entry TEXT",
                           "ALTER TABLE history ADD COLUMN digest TEXT"):
                c.execute(column)
            previous = EMPTY_DIGEST
            baseline = []
            for seq, text, undone in c.execute("SELECT seq, entry, undone FROM journal ORDER BY seq").fetchall():
                previous = digest_text(previous, text)
                c.execute("UPDATE journal SET digest = ? WHERE seq = ?", (previous, seq))
                baseline.append([seq, previous, undone])
            chain = HISTORY_START
            for row_id, at, action, seq in c.execute("SELECT id, at, action, seq FROM history ORDER BY id").fetchall():
                chain = history_digest(chain, at, action, seq, None)
                c.execute("UPDATE history SET digest = ? WHERE id = ?", (chain, row_id))
            self._history(c, "baseline", None, json.dumps(baseline))
            meta = dict(c.execute("SELECT key, value FROM meta").fetchall())
            meta["format_version"] = str(FORMAT_VERSION)
            c.execute("INSERT OR REPLACE INTO meta VALUES ('format_version', ?)", (meta["format_version"],))
            c.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                      (META_DIGEST, json.dumps(_meta_digests(meta), sort_keys=True)))

        self.version = FORMAT_VERSION
        self._transaction(seal)

    # --- reading ------------------------------------------------------------------------
    def meta(self) -> dict[str, str]:
        return dict(self.conn.execute("SELECT key, value FROM meta").fetchall())

    def read_entries(self, after: int = 0) -> tuple[list[JournalEntry], list[JournalEntry]]:
        """Active entries and undone (redo-able) entries with ``seq > after``, in order (for following a file).

        Checks the numbering (no gap, no stray row) but not the chain: :meth:`verify` does that on opening.
        """
        active: list[JournalEntry] = []
        undone: list[JournalEntry] = []
        try:
            rows = self.conn.execute(
                "SELECT seq, entry, undone FROM journal WHERE seq > ? ORDER BY seq", (after,)
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise GameFileError(self.path, f"the journal cannot be read ({exc})") from None
        for n, (seq, text, is_undone) in enumerate(rows, start=after + 1):
            if seq != n:
                raise GameFileError(self.path, f"journal entry {n} is missing (the journal jumps to entry {seq})")
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
    def _transaction(self, work: Callable[[sqlite3.Connection], None]) -> None:
        if self.readonly:
            raise GameFileError(self.path, "opened read-only")
        try:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                work(self.conn)
                self.conn.execute("COMMIT")
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise GameFileError(self.path, f"could not save to the game file: {exc}") from None

    def _history(self, c: sqlite3.Connection, action: str, seq: int | None, entry: str | None) -> None:
        row = c.execute("SELECT digest FROM history ORDER BY id DESC LIMIT 1").fetchone()
        at = _now()
        digest = history_digest(row[0] if row else HISTORY_START, at, action, seq, entry)
        c.execute("INSERT INTO history (at, action, seq, entry, digest) VALUES (?, ?, ?, ?, ?)",
                  (at, action, seq, entry, digest))

    def _insert(self, c: sqlite3.Connection, entry: JournalEntry) -> None:
        if entry.seq == 1:
            previous = EMPTY_DIGEST
        else:
            row = c.execute("SELECT digest, undone FROM journal WHERE seq = ?", (entry.seq - 1,)).fetchone()
            if row is None or row[1]:
                raise GameFileError(self.path, f"entry {entry.seq} cannot follow: entry {entry.seq - 1} is not "
                                    "the last entry in play")
            previous = row[0]
        text = entry.model_dump_json()
        digest = digest_text(previous, text)
        c.execute("INSERT INTO journal (seq, entry, digest) VALUES (?, ?, ?)", (entry.seq, text, digest))
        self._history(c, "push", entry.seq, digest)

    def _flag(self, c: sqlite3.Connection, seq: int, undone: bool) -> None:
        c.execute("UPDATE journal SET undone = ? WHERE seq = ?", (int(undone), seq))
        self._history(c, "undo" if undone else "redo", seq, None)

    def append(self, entry: JournalEntry) -> None:
        """Commit one new entry (dropping undone ones): it is on disk when this returns."""
        def go(c: sqlite3.Connection) -> None:
            c.execute("DELETE FROM journal WHERE undone = 1")
            self._insert(c, entry)

        self._transaction(go)

    def mark_undone(self, seq: int) -> None:
        self._transaction(lambda c: self._flag(c, seq, undone=True))

    def mark_redone(self, seq: int) -> None:
        self._transaction(lambda c: self._flag(c, seq, undone=False))

    def set_meta(self, key: str, value: str) -> None:
        """Set a meta record; a record other than the clock gets a new digest in the same transaction."""
        def go(c: sqlite3.Connection) -> None:
            c.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))
            if key not in MUTABLE_META and self.version >= 2:
                meta = dict(c.execute("SELECT key, value FROM meta").fetchall())
                c.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                          (META_DIGEST, json.dumps(_meta_digests(meta), sort_keys=True)))

        self._transaction(go)


def _before(seq: Any) -> int:
    """How many entries come before ``seq`` (all of them when it names no entry)."""
    return seq - 1 if isinstance(seq, int) and seq >= 1 else 0


def _meta_digests(meta: dict[str, str]) -> dict[str, str]:
    return {k: _value_digest(v) for k, v in meta.items() if k not in MUTABLE_META}


def _close_readonly(path: Path, conn: sqlite3.Connection) -> None:
    """Close a read-only connection and leave no ``-wal``/``-shm`` beside the file unless someone else
    still has it open (docs/game-files.md, "Reading a game file leaves nothing beside it").

    SQLite makes both files for any reader of a WAL file, and a read-only connection may never remove
    them; a writable one does when it is the last connection to close (it checkpoints the log and deletes
    both). So one is opened and closed for that alone: SQLite's own locks decide, so the files of a writer
    that has the game open (a host, a board) stay its own, and a writer that closed while this reader
    followed it gets its log checkpointed into the game file, as it would have done itself had it been
    last. A file this user may not write keeps the two files.
    """
    with contextlib.suppress(sqlite3.Error):
        conn.close()
    if not any(Path(f"{path}{end}").exists() for end in ("-wal", "-shm")):
        return
    with contextlib.suppress(sqlite3.Error, OSError):
        tidy = sqlite3.connect(f"file:{path}?mode=rw", uri=True, isolation_level=None)
        try:
            tidy.execute("PRAGMA busy_timeout=2000")
            tidy.execute("PRAGMA schema_version").fetchone()  # really open it
        finally:
            tidy.close()


def _remove_db(path: Path, keep_main: bool = False) -> None:
    for suffix in ("-wal", "-shm") if keep_main else ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDWR | getattr(os, "O_BINARY", 0))  # Windows syncs only a handle open for writing
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable (POSIX); Windows cannot open a folder and needs no such step."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

