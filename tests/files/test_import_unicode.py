"""``boardapp import`` of a journal line holding text that is not Unicode (issue 28.3): a lone surrogate
(``\\ud800``, which Python's ``json`` reads from an escape) is refused naming the line and the field,
never a ``PydanticSerializationError`` traceback, and no game file is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from boardapp.engine.journal import JournalEntry
from tests.files.test_import import lines, refused, unchained  # noqa: F401 (the fixture)

SURROGATE = "\\ud800"
"""As it stands in the file: a JSON escape of a lone (high) surrogate."""


def _with_surrogate(source: list[str], n: int, where: str) -> list[str]:
    """``source`` with line ``n`` (0: the header) changed so that ``where`` holds a lone surrogate."""
    data = json.loads(source[n])
    if where == "command text":
        data["command"]["reason"] = "x"
        raw = json.dumps(data).replace('"reason": "x"', f'"reason": "arms {SURROGATE} dealer"')
    elif where == "command key":
        raw = json.dumps(data).replace('"kind":', f'"k{SURROGATE}": 1, "kind":', 1)
    elif where == "event text":
        data["events"][0]["text"] = "x"
        raw = json.dumps(data).replace('"text": "x"', f'"text": "{SURROGATE}"')
    else:
        data["turn"] = "x"
        raw = json.dumps(data).replace('"turn": "x"', f'"turn": "Week {SURROGATE}"')
    assert SURROGATE in raw
    return [*source[:n], raw, *source[n + 1:]]


@pytest.mark.parametrize("where", ["command text", "command key", "event text", "turn"])
@pytest.mark.parametrize("chained", [True, False], ids=["chained", "unchained"])
def test_a_lone_surrogate_in_a_journal_line_is_refused_naming_the_line(
        lines: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],  # noqa: F811
        where: str, chained: bool) -> None:
    source = lines if chained else unchained(lines)
    err = refused(tmp_path, _with_surrogate(source, 10, where), capsys)
    # line 11 of the file is entry 10: the supply of stores (the header is line 1)
    assert err.startswith("11:"), err
    assert "lone surrogate" in err and "not Unicode text" in err
    assert "PydanticSerializationError" not in err
    field = {"command text": "command.reason", "command key": "command (a key)", "event text": "events[0].text",
             "turn": "entry[0]"}[where]
    assert field in err, err


def test_an_entry_made_from_python_data_refuses_a_lone_surrogate_and_json_text_never_holds_one() -> None:
    with pytest.raises(ValidationError, match=r"command\.text holds a lone surrogate"):
        JournalEntry.model_validate({"seq": 1, "command": {"kind": "news", "text": "a \ud800 b"}})
    # read as JSON (a game file, the network) pydantic itself refuses the escape
    with pytest.raises(ValidationError):
        JournalEntry.model_validate_json('{"seq": 1, "command": {"kind": "news", "text": "\\ud800"}}')
    # a proper pair of surrogates in an escape is a character, and is kept
    entry = JournalEntry.model_validate({"seq": 1, "command": {"kind": "news", "text": json.loads('"\\ud83d\\ude00"')}})
    assert entry.command["text"] == "\U0001f600"
