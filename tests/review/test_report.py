"""The after-action report of a scripted War in Binni game: every week and key event is there, the
secrets (special forces, money, stores, cards) are left out of the public report and shown in the
umpires' (the control case proving the walk would find them), the PDF has its pages, and a missing
matplotlib is said plainly."""

from __future__ import annotations

import io
import re
import sys
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from boardapp.cli import main
from boardapp.engine.files import load_scenario, new_game
from boardapp.review import curves as charts
from boardapp.review.curves import MISSING
from boardapp.review.report import ProgressBar, build_report, report_command
from boardapp.review.timeline import Review
from boardapp.rules.binni import commands as c
from tests.conftest import ROOT

needs_matplotlib = pytest.mark.skipif(charts.matplotlib_missing() is not None,
                                      reason="matplotlib is not installed (pip install -e '.[report]')")

BINNI = ROOT / "scenarios" / "war-in-binni.yaml"
SF = "bg-1sf"  # the Binni Government's special forces at Kalen: hidden by display.hidden's default


def scripted_game(path: Path) -> Any:
    """Four weeks: a PR ruling, a supply, a fight, special forces forced to a place without a road, a
    place handed over by CONTROL, three ends of week (the displaced at Idu and Enugo, never helped,
    die at the third: settings.dp_weeks_to_die = 3), and news in the unfinished fourth week."""
    game = new_game(load_scenario(BINNI), save=path)
    game.push(c.SetPR(team="binni-gov", level=6, reason="victory parade"))
    game.push(c.Supply(team="binni-gov", money=7000, stores=4300, cards=[3], reason="oil revenue"))
    game.push(c.Attack(place="garun-wali", attackers=["bg-3bde"], die=6))
    game.push(c.Move(counter=SF, to="bourem", force="the SF were flown in by night"))
    game.push(c.SetControl(place="kura", team="binni-gov", reason="the elders change sides"))
    game.push(c.EndTurn())
    game.push(c.News(text="Kalen calm"))
    game.push(c.EndTurn())
    game.push(c.EndTurn())
    game.push(c.News(text="Ceasefire talks"))
    game.store.close()
    return game


@pytest.fixture(scope="module")
def reports(tmp_path_factory: Any) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("report") / "day.game"
    game = scripted_game(path)
    review = Review.open(path)
    return {"game": game, "path": path, "review": review,
            "public": build_report(review), "umpire": build_report(review, umpire=True)}


class _Walk(HTMLParser):
    """Everything a reader (or a program) can get out of the page: text and every attribute value."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.parts.extend(v for _, v in attrs if v)


def walk(html: str) -> str:
    w = _Walk()
    w.feed(html)
    return "\n".join(w.parts)


def number(n: int) -> re.Pattern[str]:
    return re.compile(rf"(?<![\d.]){n}(?![\d.])")


def sections(html: str) -> dict[str, str]:
    """Each week's section of the report, by its heading."""
    found = re.findall(r'<section class="week"[^>]*><h2>([^<]+)</h2>(.*?)</section>', html, flags=re.S)
    return dict(found)


@needs_matplotlib
def test_every_week_has_its_board_and_key_events(reports: dict[str, Any]) -> None:
    game = reports["game"]
    for html in (reports["public"], reports["umpire"]):
        weeks = sections(html)
        assert list(weeks) == ["Week 1", "Week 2", "Week 3", "Week 4"]
        for body in weeks.values():
            assert body.count('<svg xmlns="http://www.w3.org/2000/svg"') == 1
        w1, w3 = weeks["Week 1"], weeks["Week 3"]
        # The key events, in the week they happened, in the game's words.
        assert "from 4 to 6" in w1 and "victory parade" in w1                   # PR change
        assert "attacks Garun Wali" in w1 and "die 6" in w1                     # the fight
        assert "CONTROL gives Kura to Binni Government" in w1                   # control change
        assert "the SF were flown in by night" in w1                            # the forced ruling
        assert 'class="tag tag-deaths"' in w3 and "Idu" in w3                   # deaths at the third end of week
        assert 'class="tag tag-deaths"' not in w1 + weeks["Week 2"]
    # Every key event of the journal is in the umpires' report, under its entry.
    kinds = {"fight", "control", "deaths", "pr"}
    for entry in game.entries:
        for event in entry.events:
            if event.kind in kinds:
                assert event.text.replace("'", "&#x27;") in reports["umpire"], event.text
    assert "Supply centres" not in reports["public"]  # a Binni report: Binni's curves
    assert 'id="curve-pr"' in reports["public"] and 'id="curve-deaths"' in reports["public"]


@needs_matplotlib
def test_the_public_report_keeps_the_secrets(reports: dict[str, Any]) -> None:
    state = reports["game"].state
    team = state.teams["binni-gov"]
    secrets = [number(team.money), number(team.stores)]
    public, umpire = walk(reports["public"]), walk(reports["umpire"])
    # The control case: the umpires' report shows each secret, so the walk would find it.
    assert SF in umpire and "Special Forces" in umpire
    for pattern in secrets:
        assert pattern.search(umpire), pattern.pattern
    assert 'id="curve-money"' in reports["umpire"] and 'id="curve-stores"' in reports["umpire"]
    assert 'id="curve-cards"' in reports["umpire"]
    # The public report: none of it.
    assert SF not in public and "Special Forces" not in public
    for pattern in secrets:
        assert not pattern.search(public), pattern.pattern
    for measure in ("money", "stores", "cards"):
        assert f'id="curve-{measure}"' not in reports["public"]
    assert "Money" not in public and "Warlike stores" not in public
    # The forced ruling is told by CONTROL's words only, never by the command that names the SF.
    assert "CONTROL&#x27;s ruling: the SF were flown in by night" in reports["public"]
    assert "Bourem" not in sections(reports["public"])["Week 1"].split("CONTROL&#x27;s ruling")[1].split("</li>")[0]


def test_the_report_is_self_contained(reports: dict[str, Any]) -> None:
    for html in (reports["public"], reports["umpire"]):
        assert "<script" not in html
        refs = re.findall(r'(?:href|src)="([^"]*)"', html)
        assert refs and all(r.startswith("#") for r in refs), [r for r in refs if not r.startswith("#")][:5]
        assert "@media print" in html


@needs_matplotlib
def test_cli_report_with_pdf(reports: dict[str, Any], tmp_path: Path, capsys: Any) -> None:
    out, pdf = tmp_path / "r.html", tmp_path / "r.pdf"
    assert main(["report", str(reports["path"]), "--out", str(out), "--pdf", str(pdf), "--umpire"]) == 0
    assert "umpires' report" in capsys.readouterr().out
    assert "UMPIRES&#x27; REPORT" in out.read_text(encoding="utf-8")
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    curves = len(re.findall(r'<div class="chart"', out.read_text(encoding="utf-8")))
    pages = len(re.findall(rb"/Type\s*/Page\b", data))
    # title page, a map page per week (and a page of its key events when they are more than fit under
    # the map: issue #23 item 9), one per curve
    assert 1 + 4 + curves <= pages <= 1 + 4 + 4 + curves


def test_cli_report_of_a_bad_file(tmp_path: Path, capsys: Any) -> None:
    bad = tmp_path / "notes.game"
    bad.write_text("not a game\n")
    assert main(["report", str(bad), "--out", str(tmp_path / "r.html")]) == 1
    err = capsys.readouterr().err
    assert "not a boardapp game file" in err and "Traceback" not in err
    assert not (tmp_path / "r.html").exists()


def test_cli_report_to_a_folder_that_does_not_exist(reports: dict[str, Any], tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "no-such-folder" / "r.html"
    assert main(["report", str(reports["path"]), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"--out: cannot write {out}: No such file or directory" in err and "Traceback" not in err


def test_without_matplotlib_the_report_says_so(reports: dict[str, Any], tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now raises ImportError
    err = io.StringIO()
    out = tmp_path / "r.html"
    assert report_command(str(reports["path"]), str(out), pdf=str(tmp_path / "r.pdf"), stderr=err) == 1
    html = out.read_text(encoding="utf-8")
    assert escape(MISSING) in html and '<div class="chart"' not in html
    assert "matplotlib is not installed" in err.getvalue() and "no PDF written" in err.getvalue()
    assert not (tmp_path / "r.pdf").exists()
    assert list(sections(html)) == ["Week 1", "Week 2", "Week 3", "Week 4"]  # the rest of the report is there


def test_progress_bar_moves_on_stderr() -> None:
    stream = io.StringIO()
    bar = ProgressBar(stream, width=10)
    for i in range(101):
        bar("replaying", i, 100)
    text = stream.getvalue()
    assert text.count("\r") == 11  # redrawn only when the bar moves: 0, 10, 20 … 100 percent
    assert text.endswith("replaying        [##########] 100/100\n")
