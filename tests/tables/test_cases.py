"""`boardapp test CASES.yaml`: a case book written as data, for any rule system; a line per case, exit 1
on a failure, and a mistake in the book named by file and line (never a traceback)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from boardapp.cli import main

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "tests" / "cases" / "tarn-valley.yaml"
TARN = (ROOT / "scenarios" / "tarn-valley.yaml").as_posix()
BINNI = (ROOT / "scenarios" / "war-in-binni.yaml").as_posix()


def run(capsys: Any, *paths: Path) -> tuple[int, str, str]:
    code = main(["test", *map(str, paths)])
    out = capsys.readouterr()
    return code, out.out, out.err


def book(tmp_path: Path, text: str, name: str = "cases.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_tarn_valley_case_book_passes(capsys: Any) -> None:
    code, out, err = run(capsys, BOOK)
    lines = out.splitlines()
    assert code == 0, out + err
    assert sum(line.startswith("PASS  ") for line in lines) == 19
    assert lines[-1] == "19 cases: 19 passed, 0 failed"


def test_a_wrong_expectation_fails_with_its_line(tmp_path: Path, capsys: Any) -> None:
    path = book(tmp_path, f"""scenario: {TARN}
cases:
  - name: right
    steps:
      - do: {{kind: move, counter: c-inf1, to: crossway}}
        state: {{counters.c-inf1.place: crossway}}
  - name: wrong cost
    steps:
      - do: {{kind: move, counter: c-inf1, to: crossway}}
        events: [{{kind: moved, data: {{cost: 4}}}}]
  - name: refused unexpectedly
    steps:
      - do: {{kind: move, counter: c-cav1, to: old-dam}}
  - name: accepted unexpectedly
    steps:
      - do: {{kind: move, counter: c-inf1, to: millford}}
        refused: true
  - name: wrong words
    steps:
      - do: {{kind: move, counter: c-cav1, to: old-dam}}
        refused: "Cavalry may not"
  - name: wrong state
    steps:
      - do: {{kind: move, counter: c-inf1, to: millford}}
        state: {{counters.c-inf1.place: ashby}}
""")
    code, out, _ = run(capsys, path)
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == "PASS  right"
    assert lines[1].startswith(f"FAIL  wrong cost ({path}:10): step 1: no event like")
    assert lines[2] == (f"FAIL  refused unexpectedly ({path}:13): step 1 (move(counter='c-cav1', to='old-dam')) was "
                        "refused: Horses cannot cross the dam at Old Dam")
    assert lines[3].startswith(f"FAIL  accepted unexpectedly ({path}:17): step 1")
    assert "accepted, not refused" in lines[3]
    assert lines[4].startswith(f"FAIL  wrong words ({path}:21): step 1 was refused, but not with 'Cavalry may not'")
    assert lines[5] == f"FAIL  wrong state ({path}:25): step 1: counters.c-inf1.place is 'millford', not 'ashby'"
    assert lines[6] == "6 cases: 1 passed, 5 failed"


def test_a_case_book_for_another_rule_system(tmp_path: Path, capsys: Any) -> None:
    """War in Binni's digest: a unit moves once a week; the move marks it moved."""
    path = book(tmp_path, f"""scenario: {BINNI}
cases:
  - name: a brigade moves once a week
    steps:
      - do: {{kind: move, counter: bg-1bde, to: idu}}
        state: {{counters.bg-1bde.place: idu, counters.bg-1bde.moved: true}}
      - do: {{kind: move, counter: bg-1bde, to: tandu}}
        refused: "a unit moves once a week"
""")
    code, out, err = run(capsys, path)
    assert (code, out) == (0, "PASS  a brigade moves once a week\n1 case: 1 passed, 0 failed\n"), err


@pytest.mark.parametrize(("text", "where", "words"), [
    ("- a list\n", ":1:1", "a case book is a mapping"),
    (f"scenario: {TARN}\n", ":1:1", "give cases: a list of cases"),
    (f"scenario: {TARN}\nbogus: 1\ncases: []\n", ":2:", "unknown key 'bogus'"),
    ("scenario: nowhere.yaml\ncases:\n  - name: x\n    steps: [{do: {kind: end_turn}}]\n", ":1:", "no scenario file"),
    (f"scenario: {TARN}\ncases:\n  - name: x\n    steps:\n      - do: {{kind: move, counter: c-inf1, too: x}}\n",
     ":5:", "not a command of Rules as tables"),
    (f"scenario: {TARN}\ncases:\n  - name: x\n    steps:\n      - do: {{kind: move}}\n        expect: 1\n", ":6:",
     "unknown key"),
    (f"scenario: {TARN}\ncases:\n  - name: x\n    steps:\n      - do: {{kind: end_turn}}\n"
     "        state: {counters.nobody.place: x}\n", ":6:", "no 'counters.nobody.place' in the game's state"),
    (f"scenario: {TARN}\ncases:\n  - name: x\n    steps:\n      - do: {{kind: end_turn}}\n"
     "        state: {__class__.__init__: x}\n", ":6:", "no '__class__.__init__' in the game's state"),
    (f"scenario: {TARN}\ncases:\n  - name: x\n    position: {{turn: two}}\n    steps: [{{do: {{kind: end_turn}}}}]\n",
     ":4:", "'two' is not a whole number"),
    (f"scenario: {TARN}\ncases:\n  - name: x\n    dice: [six]\n    steps: [{{do: {{kind: end_turn}}}}]\n", ":4:",
     "dice is a list of whole numbers"),
    (f"scenario: {TARN}\ncases:\n  - steps: [{{do: {{kind: end_turn}}}}]\n", ":3:", "give the case a name"),
    ("cases: [\n", ":", "not valid YAML"),
])
def test_a_bad_case_book_is_named_by_file_and_line(tmp_path: Path, capsys: Any, text: str, where: str,
                                                    words: str) -> None:
    path = book(tmp_path, text)
    code, out, err = run(capsys, path)
    assert code == 1
    assert err.startswith(f"{path}{where}"), err
    assert words in err and "Traceback" not in err + out
