"""What a forger who knows the format would do: edit a game file, then recompute its digests.

The chain has no secret key, so such an edit passes the chain; the tests use this to show the
checks behind the chain (numbering, exact dice, replay) still catch what would change the game.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from boardapp.engine.gamefile import HISTORY_START, META_DIGEST, MUTABLE_META, history_digest
from boardapp.engine.journal import EMPTY_DIGEST, digest_text


def tamper(path: Path, *sql: str) -> None:
    con = sqlite3.connect(path)
    for statement in sql:
        con.execute(statement)
    con.commit()
    con.close()


def reseal(path: Path) -> None:
    """Recompute every digest (journal, history, meta) from the file as it now stands."""
    import hashlib

    con = sqlite3.connect(path)
    previous = EMPTY_DIGEST
    old_to_new = {}
    for seq, text, digest in con.execute("SELECT seq, entry, digest FROM journal ORDER BY seq").fetchall():
        previous = digest_text(previous, text)
        old_to_new[digest] = previous
        con.execute("UPDATE journal SET digest = ? WHERE seq = ?", (previous, seq))
    chain = HISTORY_START
    for row_id, at, action, seq, recorded in con.execute(
            "SELECT id, at, action, seq, entry FROM history ORDER BY id").fetchall():
        entry = old_to_new.get(recorded, recorded)
        chain = history_digest(chain, at, action, seq, entry)
        con.execute("UPDATE history SET entry = ?, digest = ? WHERE id = ?", (entry, chain, row_id))
    meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
    digests = {k: hashlib.sha256(v.encode()).hexdigest()[:32] for k, v in meta.items() if k not in MUTABLE_META}
    con.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (META_DIGEST, json.dumps(digests, sort_keys=True)))
    con.commit()
    con.close()
