"""The printed report (issue #23 item 9), read from what is drawn: every PDF page is filled (the map's
page is mostly map), the key events are at least 9 pt, a white team's swatch is outlined so it shows
on white paper, and the MUN's crowded Europe prints its names without one over another."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from boardapp.review import curves as charts
from boardapp.review.report import build_report
from boardapp.review.svgboard import draw_on_axes, layout
from boardapp.review.timeline import Review
from tests.ui_hall.hall_games import make_game

pytestmark = pytest.mark.skipif(charts.matplotlib_missing() is not None, reason="matplotlib is not installed")


@pytest.fixture(scope="module")
def mun(tmp_path_factory: pytest.TempPathFactory) -> Review:
    return Review.open(make_game("mun", tmp_path_factory.mktemp("print")))


def _pages(review: Review, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every page the PDF is given, as it is handed to the PDF: size, texts with their sizes, the title
    page's swatches and the share of the page the map's axes take."""
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.patches import Rectangle
    from matplotlib.text import Text

    pages: list[dict[str, Any]] = []
    real = PdfPages.savefig

    def spy(self: Any, figure: Any = None, **kw: Any) -> None:
        w, h = figure.get_size_inches()
        axes = [a.get_position() for a in figure.axes]
        pages.append({
            "size": (w, h),
            "texts": [(t.get_text(), t.get_fontsize()) for t in figure.findobj(Text) if t.get_text().strip()],
            "swatches": [(p.get_facecolor(), p.get_edgecolor(), p.get_linewidth()) for p in figure.patches
                         if isinstance(p, Rectangle)],
            "map_share": max((b.width * b.height for b in axes), default=0.0) if figure.axes and not any(
                a.get_title(loc="left") or a.get_title() for a in figure.axes) else 0.0,
        })
        real(self, figure, **kw)

    monkeypatch.setattr(PdfPages, "savefig", spy)
    build_report(review, pdf=tmp_path / "day.pdf")
    assert (tmp_path / "day.pdf").stat().st_size > 10_000
    return pages


def test_pdf_pages_are_filled_events_readable_and_white_swatches_outlined(mun, tmp_path, monkeypatch):
    pages = _pages(mun, tmp_path, monkeypatch)
    tagged = [(text, size) for p in pages for text, size in p["texts"] if text.lstrip().startswith("[")]
    assert tagged, "control: the key events are on the pages"
    assert min(size for _t, size in tagged) >= 9
    maps = [p for p in pages if p["map_share"] > 0]
    assert len(maps) == len(mun.turns)
    assert min(p["map_share"] for p in maps) >= 0.7, "a board page is mostly map"
    title = pages[0]
    poland = [(face, edge, lw) for face, edge, lw in title["swatches"] if face[:3] == (1.0, 1.0, 1.0)]
    assert poland, "control: the white team's swatch is on the title page"
    assert all(lw >= 0.5 and max(edge[:3]) < 0.5 and edge[3] > 0.5 for _f, edge, lw in poland)


def test_the_printed_mun_map_has_no_name_over_another(mun):
    """Drawn by matplotlib (as in the PDF) and measured by its renderer: no two place names share ink."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    module = mun.module
    colours = {t.id: t.colour for t in module.teams}
    picture = module.view(mun.state_at(mun.last), _public())
    fig = plt.figure(figsize=(11.69, 8.27))
    ax = fig.add_axes((0.015, 0.04, 0.97, 0.88))
    draw_on_axes(ax, module.map, layout(module.map, picture, colours))
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    places = {p.name for p in module.map.places}
    boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in ax.texts if t.get_text() in places]
    assert len(boxes) >= 0.6 * len(places), f"only {len(boxes)} of {len(places)} names printed"
    over = [(a, b) for i, (a, ba) in enumerate(boxes) for b, bb in boxes[i + 1:] if ba.overlaps(bb)]
    assert over == []
    plt.close(fig)


def _public() -> Any:
    from boardapp.engine.module import Audience

    return Audience.PUBLIC
