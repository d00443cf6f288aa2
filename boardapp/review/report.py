"""The after-action report: one self-contained HTML file (and optionally a PDF) telling a game
week by week: the scenario and its teams, the board at the end of every week (turn), the key events
with their week, the curves and the final standing.

Public by default: everything is drawn from ``module.view(state, Audience.PUBLIC)``, the curves
leave out the measures the rule module hides, and the key events leave out what names a secret
counter (see :mod:`.events`). ``umpire=True`` draws CONTROL's full picture and says so at the top of
every page. The HTML has its pictures inline (SVG), no scripts, no external links, and print CSS
that starts each week on a new page.
"""

from __future__ import annotations

import datetime as _dt
import sys
from collections import defaultdict
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any, TextIO

from boardapp import __version__
from boardapp.engine.module import Audience
from boardapp.review import curves as charts
from boardapp.review.events import KeyEvent, key_events
from boardapp.review.staffreport import control_team_html
from boardapp.review.svgboard import draw_on_axes, layout, to_svg
from boardapp.review.timeline import Review

Progress = Callable[[str, int, int], None]


class ProgressBar:
    """A one-line progress bar on stderr: ``label [#####.....] 12/40``, redrawn in place."""

    def __init__(self, stream: TextIO | None = None, width: int = 30) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self._last: tuple[str, int] = ("", -1)

    def __call__(self, label: str, done: int, total: int) -> None:
        filled = self.width * done // total if total else self.width
        if (label, filled) == self._last and done != total:
            return  # redraw only when the bar moves
        self._last = (label, filled)
        bar = "#" * filled + "." * (self.width - filled)
        end = "\n" if done >= total else ""
        self.stream.write(f"\r{label:<16} [{bar}] {done}/{total}{end}")
        self.stream.flush()


CSS = """
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; color: #1a1a1a; margin: 2em auto;
       max-width: 1150px; padding: 0 1em; line-height: 1.4; }
h1 { font-size: 1.9em; margin-bottom: .2em; }
h2 { border-bottom: 2px solid #444; padding-bottom: .2em; margin-top: 2em; }
.audience { font-weight: bold; padding: .4em .8em; border-radius: 4px; display: inline-block; }
.public { background: #e3f0e3; border: 1px solid #6a6; }
.umpire { background: #fbe3e3; border: 2px solid #b22; color: #800; }
table { border-collapse: collapse; margin: .6em 0; font-size: .92em; }
th, td { border: 1px solid #bbb; padding: .25em .6em; text-align: left; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.swatch { display: inline-block; width: 1em; height: 1em; border: 1px solid #333; vertical-align: middle; }
svg.board { width: 100%; height: auto; border: 1px solid #999; background: #fbfaf6; }
.chart svg { width: 100%; height: auto; }
.events { font-size: .92em; } .events li { margin: .15em 0; }
.tag { display: inline-block; min-width: 5.5em; font-weight: bold; font-size: .85em; color: #fff; background: #555;
       border-radius: 3px; padding: 0 .4em; margin-right: .4em; text-align: center; }
.tag-fight { background: #a33; } .tag-control { background: #2a6f97; } .tag-deaths { background: #222; }
.tag-PR { background: #7b5ea7; } .tag-ruling { background: #c77700; }
.missing { border: 2px solid #c77700; background: #fff4e0; padding: .6em 1em; font-weight: bold; }
.tallies { color: #333; } nav ol { columns: 3; }
.footer { color: #666; font-size: .85em; margin-top: 3em; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; }
  section.week, section.curves, section.standing { break-before: page; }
  svg.board { max-height: 62vh; width: auto; max-width: 100%; }
  .chart { break-inside: avoid; } nav { display: none; } a { color: inherit; text-decoration: none; }
}
"""


def _team_tables(review: Review) -> tuple[dict[str, str], dict[str, str]]:
    colours = {t.id: t.colour for t in review.module.teams}
    names = {t.id: t.name for t in review.module.teams}
    names["total"] = "Total"
    return colours, names


def _anchor(label: str) -> str:
    return "turn-" + "".join(ch if ch.isalnum() else "-" for ch in label.lower()).strip("-")


def _standing(review: Review, audience: Audience, names: dict[str, str]) -> str:
    """The final values of every measure the audience may see: teams as rows, measures as columns."""
    hidden = review.hidden_measures()
    final = review.series_at(review.last)
    measures = [m for m in final if audience.sees_everything or m not in hidden]
    sides = [s for m in measures for s in final[m] if s != "total"]
    rows_order = list(dict.fromkeys(sides))
    team_measures = [m for m in measures if any(s != "total" for s in final[m])]
    out = ["<table><tr><th>Team</th>"]
    out += [f'<th class="num">{escape(charts.MEASURE_NAMES.get(m, m))}</th>' for m in team_measures]
    out.append("</tr>")
    for side in rows_order:
        cells = "".join(f'<td class="num">{final[m][side]:g}</td>' if side in final[m] else "<td></td>"
                        for m in team_measures)
        out.append(f"<tr><td>{escape(names.get(side, side))}</td>{cells}</tr>")
    out.append("</table>")
    totals = [(m, final[m]["total"]) for m in measures if "total" in final[m]]
    if totals:
        out.append("<table><tr>" + "".join(f'<th class="num">{escape(charts.MEASURE_NAMES.get(m, m))}</th>'
                                           for m, _ in totals) + "</tr><tr>"
                   + "".join(f'<td class="num">{v:g}</td>' for _, v in totals) + "</tr></table>")
    return "\n".join(out)


def _sections_html(sections: list[Any]) -> str:
    """The rule system's own tables (scores, votes, hands …), already filtered for the audience."""
    out = []
    for sec in sections:
        head = "".join(f"<th>{escape(c)}</th>" for c in sec.columns)
        rows = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in sec.rows)
        out.append(f"<h4>{escape(sec.title)}</h4><table>{'<tr>' + head + '</tr>' if head else ''}{rows}</table>")
    return "\n".join(out)


def _events_html(events: list[KeyEvent]) -> str:
    if not events:
        return "<p><em>No fights, control changes, deaths, PR changes or forced rulings.</em></p>"
    items = [f'<li id="entry-{e.seq}"><span class="tag tag-{escape(e.tag)}">{escape(e.tag)}</span>{escape(e.text)} '
             f'<small>(entry {e.seq})</small></li>' for e in events]
    return '<ul class="events">' + "\n".join(items) + "</ul>"


def build_report(review: Review, umpire: bool = False, progress: Progress | None = None,
                 pdf: str | Path | None = None) -> str:
    """The report as one HTML document; with ``pdf``, also writes the PDF there (needs matplotlib)."""
    module = review.module
    scenario = module.scenario
    audience = Audience.CONTROL if umpire else Audience.PUBLIC
    colours, names = _team_tables(review)
    tell = progress or (lambda _label, _done, _total: None)
    events = key_events(review, audience)
    by_turn: dict[str, list[KeyEvent]] = defaultdict(list)
    for e in events:
        by_turn[e.turn].append(e)

    who = ("UMPIRES' REPORT — shows every secret (hidden units, money, stores, cards). Do not hand out."
           if umpire else "Public report — what the players saw; hidden units and secret tracks are left out.")
    html = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{escape(scenario.name)} — after-action report</title>", f"<style>{CSS}</style></head><body>",
            f"<h1>{escape(scenario.name)}</h1>",
            f'<p class="audience {"umpire" if umpire else "public"}">{escape(who)}</p>',
            f"<p>{escape(module.title)} · {len(review.entries)} journal entries · {len(review.turns)} turns"
            f"{' · ' + escape(Path(review.source).name) if review.source else ''}</p>"]
    if scenario.description:
        html.append(f"<p>{escape(scenario.description)}</p>")
    html.append("<h2>Teams</h2><table><tr><th></th><th>Team</th><th>Symbol</th><th>On the map</th></tr>")
    for t in module.teams:
        html.append(f'<tr><td><span class="swatch" style="background:{escape(t.colour)}"></span></td>'
                    f"<td>{escape(t.name)}</td><td>{escape(t.symbol)}</td><td>{'yes' if t.on_map else 'no'}</td></tr>")
    html.append("</table>")
    html.append("<nav><h2>Contents</h2><ol>" + "".join(
        f'<li><a href="#{_anchor(t.label)}">{escape(t.label)}</a></li>' for t in review.turns)
        + '<li><a href="#curves">Curves</a></li><li><a href="#standing">Final standing</a></li></ol></nav>')

    pictures: list[tuple[str, Any]] = []  # (turn label, shapes) for the PDF
    for n, turn in enumerate(review.turns, start=1):
        tell("board pictures", n - 1, len(review.turns))
        picture = module.view(review.state_at(turn.position), audience)
        shapes = layout(module.map, picture, colours)
        pictures.append((turn.label, shapes))
        tallies = " · ".join(f"{k}: {v}" for k, v in picture.tallies.items())
        html.append(f'<section class="week" id="{_anchor(turn.label)}"><h2>{escape(turn.label)}</h2>')
        html.append(f"<p class=\"tallies\">The board at the end of {escape(turn.label)} "
                    f"(after entry {review.entries[turn.position - 1].seq}). {escape(tallies)}</p>")
        if module.map.places or module.map.regions:
            html.append(to_svg(module.map, shapes, title=f"The board at the end of {turn.label}"))
        else:
            html.append("<p><em>This rule system is played on a table, not a map: see its tables below.</em></p>")
        html.append(_sections_html(picture.sections))
        html.append(f"<h3>Key events of {escape(turn.label)}</h3>")
        html.append(_events_html(by_turn.get(turn.label, [])))
        html.append("</section>")
    tell("board pictures", len(review.turns), len(review.turns))

    html.append('<section class="curves" id="curves"><h2>Curves</h2>')
    missing = charts.matplotlib_missing()
    figures: list[Any] = []
    if missing:
        html.append(f'<p class="missing">{escape(missing)}</p>')
    else:
        positions = [0, *(t.position for t in review.turns)]
        labels = ["Start", *(t.label for t in review.turns)]
        groups = charts.by_measure(review.curves(positions, audience=audience))
        if not groups:
            html.append("<p><em>This rule system supplies no curves.</em></p>")
        for i, (measure, group) in enumerate(groups.items(), start=1):
            tell("curves", i - 1, len(groups))
            fig = charts.figure(measure, group, labels, colours, names)
            if pdf is not None:
                figures.append(fig)
            html.append(f'<div class="chart" id="curve-{escape(measure)}">'
                        + charts.to_svg(fig, salt=measure, close=pdf is None) + "</div>")
        tell("curves", len(groups), len(groups))
    html.append("</section>")

    if umpire:  # the Control team's rulings and follow-ups: the umpires' report only (issue 29)
        html.append(control_team_html(review))
    html.append('<section class="standing" id="standing"><h2>Final standing</h2>')
    html.append(f"<p>After entry {review.entries[-1].seq if review.entries else 0}, "
                f"{escape(review.turns[-1].label if review.turns else 'the start')}.</p>")
    html.append(_standing(review, audience, names))
    html.append("</section>")
    html.append(f'<p class="footer">Made by boardapp {__version__} on '
                f"{_dt.datetime.now(_dt.UTC).strftime('%Y-%m-%d %H:%M')} UTC from the game's journal.</p>")
    html.append("</body></html>")
    if pdf is not None:
        if missing:
            raise RuntimeError(missing.replace("The curves are left out", "No PDF"))
        _write_pdf(review, Path(pdf), pictures=pictures, figures=figures, by_turn=by_turn, who=who, tell=tell)
    return "\n".join(html)


A4 = (8.27, 11.69)
A4_LANDSCAPE = (11.69, 8.27)
EVENT_PT = 10
"""The key events' type in the PDF (a printed page is read at arm's length: at least 9 pt)."""
EVENT_LINES = 52
"""Event lines on a portrait page at :data:`EVENT_PT`."""
FEW_LINES = 6
"""A turn's key events of at most this many lines go under its map, on the map's page."""


def _wrap(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width, subsequent_indent="    ") or [""]


def _write_pdf(review: Review, path: Path, *, pictures: list[tuple[str, Any]], figures: list[Any],
               by_turn: dict[str, list[KeyEvent]], who: str, tell: Progress) -> None:
    """The same story as pages that are filled: a title page with the teams (a light colour's swatch
    outlined), per turn the board on a landscape page of its own (the map as large as the page allows)
    and its key events at :data:`EVENT_PT` on as many portrait pages as they need, then the curves,
    each on a landscape page with type of at least 10 pt."""
    from matplotlib.backends.backend_pdf import PdfPages

    plt = charts._pyplot()
    module = review.module
    red = "#a00" if "UMPIRES" in who else "#262"
    with PdfPages(path) as pages:
        fig = plt.figure(figsize=A4)
        fig.text(0.08, 0.93, module.scenario.name, fontsize=22, weight="bold", wrap=True)
        fig.text(0.08, 0.895, who, fontsize=10, color=red, wrap=True)
        fig.text(0.08, 0.87, f"{module.title} · {len(review.entries)} journal entries · {len(review.turns)} turns",
                 fontsize=11)
        y = 0.83
        for t in module.teams:  # outlined, so that a white or a pale team's swatch shows on the white page
            fig.patches.append(plt.Rectangle((0.08, y - 0.005), 0.022, 0.015, facecolor=t.colour, edgecolor="#222222",
                                             linewidth=1.0, transform=fig.transFigure, figure=fig))
            fig.text(0.115, y, f"{t.name} ({t.symbol})", fontsize=11)
            y -= 0.026
            if y < 0.05:
                break
        pages.savefig(fig)
        plt.close(fig)
        map_ratio = module.map.size[1] / module.map.size[0] if module.map.size[0] else 1.0
        for n, (label, shapes) in enumerate(pictures, start=1):
            tell("PDF pages", n - 1, len(pictures))
            lines = [f"[{e.tag}] {e.text}" for e in by_turn.get(label, [])]
            wrapped = [w for line in lines for w in _wrap(line, 120)]
            if module.map.places or module.map.regions:
                size = A4_LANDSCAPE if map_ratio <= 1.0 else A4
                fig = plt.figure(figsize=size)
                fig.text(0.03, 0.965, label, fontsize=16, weight="bold", va="top")
                fig.text(0.03, 0.012, who + ("" if lines else "  ·  No key events."), fontsize=9, color=red)
                few = wrapped if len(wrapped) <= FEW_LINES else []  # a few events: under the map, on its page
                room = (len(few) * 1.35 * EVENT_PT / 72 + 0.15) / size[1] if few else 0.0
                ax = fig.add_axes((0.015, 0.04 + room, 0.97, 0.88 - room))
                draw_on_axes(ax, module.map, shapes)
                if few:
                    fig.text(0.03, 0.035 + room, "\n".join(few), fontsize=EVENT_PT, va="top", linespacing=1.35)
                pages.savefig(fig)
                plt.close(fig)
                if few:
                    continue
            elif not lines:
                lines = ["No key events."]
            wrapped = [w for line in lines for w in _wrap(line, 88)]
            for start in range(0, len(wrapped), EVENT_LINES):
                chunk = wrapped[start:start + EVENT_LINES]
                fig = plt.figure(figsize=A4)
                fig.text(0.07, 0.96, f"Key events of {label}" + (" (continued)" if start else ""), fontsize=14,
                         weight="bold", va="top")
                fig.text(0.07, 0.925, "\n".join(chunk), fontsize=EVENT_PT, va="top", family="DejaVu Sans",
                         linespacing=1.35)
                fig.text(0.07, 0.015, who, fontsize=9, color=red)
                pages.savefig(fig)
                plt.close(fig)
        tell("PDF pages", len(pictures), len(pictures))
        for fig in figures:  # a page each, filled, its type at least 10 pt
            fig.set_size_inches(*A4_LANDSCAPE)
            for text in fig.findobj(lambda o: hasattr(o, "get_fontsize") and hasattr(o, "set_fontsize")):
                text.set_fontsize(max(10.0, float(text.get_fontsize()) * 1.3))
            fig.subplots_adjust(left=0.07, right=0.78, top=0.9, bottom=0.2)
            pages.savefig(fig)
            plt.close(fig)


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def report_command(game: str, out: str, pdf: str | None = None, umpire: bool = False,
                   stderr: TextIO | None = None) -> int:
    """``boardapp report``: open the game file read-only, write the report, say where (exit 0), or
    say what was wrong (exit 1). A bad game file raises :class:`FileProblemsError` for the CLI to print."""
    err = stderr if stderr is not None else sys.stderr
    bar = ProgressBar(err)
    review = Review.open(game, progress=lambda done, total: bar("replaying", done, total) if total >= 500 else None)
    missing = charts.matplotlib_missing()
    if missing:
        err.write(f"boardapp: {missing}\n")
        if pdf is not None:
            err.write("boardapp: --pdf needs matplotlib too; no PDF written\n")
            pdf = None
    try:
        text = build_report(review, umpire=umpire, progress=bar, pdf=pdf)
    except OSError as exc:
        err.write(f"boardapp: --pdf: cannot write {pdf}: {exc.strerror or exc}\n")
        return 1
    try:
        Path(out).write_text(text, encoding="utf-8")
    except OSError as exc:
        err.write(f"boardapp: --out: cannot write {out}: {exc.strerror or exc}\n")
        return 1
    kind = "umpires' report" if umpire else "public report"
    print(f"wrote the {kind} of {game} ({len(review.turns)} turns) to {out}" + (f" and {pdf}" if pdf else ""))
    return 1 if missing else 0
