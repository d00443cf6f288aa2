"""The shipped standard map against the rulebook map, border by border.

The literal below was written from the map printed in the rulebook (the standard map of
1901: 75 provinces, Switzerland impassable), going round the board area by area, and
cross-checked by hand against the DATC text (``../shared/datc/DATC_v3_0.html``) and the
peer implementation's ``standard.map`` (PyPI ``diplomacy`` 1.1.2).  It is not read back
from ``boardapp/rules/diplomacy/data``: those CSVs came from a copy that lacked borders
(issue #12, item 4), which is why the whole list is pinned here.

Notation: ``a-b`` is a border; its kind is the heading it stands under:

* ``land``: armies only (an inland border, or two coastal provinces whose coasts do not
  meet, like Rome-Venice);
* ``sea``: fleets only (open water to open water or to a coast; a fleet of a two-coast
  province crosses from the named coast);
* ``coast``: armies and fleets (two coastal provinces sharing a stretch of coast).

An army crossing to or from a two-coast province is written on the province (``gas-spa``),
the fleet crossing on the coast (``gas-spa(nc)``), exactly as the data files do.
"""

from __future__ import annotations

import csv
from collections import Counter

import pytest

from boardapp.rules.diplomacy.mapdata import STANDARD_MAP_DIR, MapData, Terrain, province_of

RULEBOOK_BORDERS: dict[str, str] = {
    "land": """
        # Britain
        edi-lvp lvp-yor wal-yor
        # France, the Low Countries, Iberia
        bre-par pic-par pic-bur par-bur par-gas gas-bur gas-mar bur-mar bur-bel bur-ruh bur-mun
        gas-spa mar-spa por-spa bel-ruh hol-ruh
        # Germany
        kie-ruh kie-mun ruh-mun ber-mun ber-sil mun-sil mun-boh mun-tyr pru-sil pru-war sil-war
        sil-gal sil-boh
        # Scandinavia and Russia
        nwy-fin nwy-stp fin-stp stp-lvn stp-mos lvn-mos lvn-war mos-war mos-ukr mos-sev war-ukr
        war-gal ukr-gal ukr-sev ukr-rum
        # Austria-Hungary
        boh-vie boh-gal boh-tyr vie-gal vie-bud vie-tyr vie-tri bud-gal bud-rum bud-ser bud-tri
        gal-rum tri-tyr tri-ser
        # Italy
        tyr-ven tyr-pie pie-ven ven-tus ven-rom rom-apu
        # The Balkans and Turkey
        ser-alb ser-gre ser-bul ser-rum gre-bul bul-rum bul-con ank-smy arm-smy arm-syr
    """,
    "coast": """
        # Britain
        cly-edi cly-lvp edi-yor lvp-wal yor-lon wal-lon
        # France, the Low Countries
        bre-pic bre-gas pic-bel mar-pie bel-hol hol-kie
        # Germany, Scandinavia, Russia
        kie-ber kie-den ber-pru pru-lvn den-swe swe-nwy swe-fin sev-rum sev-arm
        # Austria-Hungary, Italy, the Balkans, Turkey, Africa
        tri-ven tri-alb pie-tus tus-rom rom-nap apu-nap ven-apu alb-gre con-ank con-smy ank-arm
        smy-syr naf-tun
    """,
    "sea": """
        # open water to open water
        nao-nwg nao-iri nao-mao nwg-nth nwg-bar nth-eng nth-hel nth-ska bal-bot iri-eng iri-mao
        eng-mao mao-wes wes-lyo wes-tys lyo-tys tys-ion ion-adr ion-aeg ion-eas aeg-eas
        # open water to a coast
        nao-cly nao-lvp
        nwg-cly nwg-edi nwg-nwy
        bar-nwy bar-stp(nc)
        nth-edi nth-yor nth-lon nth-bel nth-hol nth-den nth-nwy
        ska-nwy ska-swe ska-den
        hel-den hel-kie hel-hol
        bal-den bal-swe bal-lvn bal-pru bal-ber bal-kie
        bot-swe bot-fin bot-stp(sc) bot-lvn
        iri-lvp iri-wal
        eng-wal eng-lon eng-bel eng-pic eng-bre
        mao-bre mao-gas mao-spa(nc) mao-por mao-spa(sc) mao-naf
        wes-spa(sc) wes-naf wes-tun
        lyo-spa(sc) lyo-mar lyo-pie lyo-tus
        tys-tus tys-rom tys-nap tys-tun
        ion-nap ion-apu ion-alb ion-gre ion-tun
        adr-ven adr-tri adr-alb adr-apu
        aeg-gre aeg-bul(sc) aeg-con aeg-smy
        eas-smy eas-syr
        bla-bul(ec) bla-rum bla-sev bla-arm bla-ank bla-con
        # a coast of a two-coast province to a coastal province
        gas-spa(nc) por-spa(nc) por-spa(sc) mar-spa(sc)
        nwy-stp(nc) fin-stp(sc) lvn-stp(sc)
        gre-bul(sc) con-bul(sc) con-bul(ec) rum-bul(ec)
    """,
}

#: The five borders issue #12 found missing, as (a, b, kind).
ISSUE_12_BORDERS = [
    ("gal", "ukr", "land"),
    ("lvn", "war", "land"),
    ("con", "smy", "coast"),
    ("mao", "spa(sc)", "sea"),
    ("tus", "tys", "sea"),
]

Edge = tuple[frozenset[str], str]


def _rulebook_edges() -> list[Edge]:
    edges: list[Edge] = []
    for kind, text in RULEBOOK_BORDERS.items():
        for line in text.splitlines():
            for token in line.split("#", 1)[0].split():
                a, b = token.split("-")
                edges.append((frozenset((a, b)), kind))
    return edges


def _shipped_edges(m: MapData) -> list[Edge]:
    return [(frozenset((b.a, b.b)), b.terrain.value) for b in m.borders]


def _show(edges: set[Edge]) -> list[str]:
    return sorted(f"{'-'.join(sorted(pair))} {kind}" for pair, kind in edges)


def test_the_literal_has_no_repeats() -> None:
    """A border written twice (perhaps under two kinds) would be a slip in the literal itself."""
    pairs = Counter(pair for pair, _ in _rulebook_edges())
    assert [sorted(p) for p, n in pairs.items() if n > 1] == []


def test_the_literal_covers_the_75_provinces(standard_map: MapData) -> None:
    """Every province but impassable Switzerland has a border; Switzerland has none."""
    names = {province_of(p) for pair, _ in _rulebook_edges() for p in pair}
    assert len(names) == 75
    assert names == set(standard_map.provinces) - {"swi"}
    assert standard_map.any_adj["swi"] == frozenset()


def test_shipped_borders_equal_the_rulebook_map(standard_map: MapData) -> None:
    shipped, rulebook = set(_shipped_edges(standard_map)), set(_rulebook_edges())
    assert _show(rulebook - shipped) == [], "borders of the rulebook map missing from the data"
    assert _show(shipped - rulebook) == [], "borders in the data that the rulebook map does not have"


def test_the_borders_file_lists_each_border_once() -> None:
    with (STANDARD_MAP_DIR / "standard-map-borders.csv").open(encoding="utf-8") as fh:
        rows = [tuple(c.strip() for c in row) for row in csv.reader(fh) if row][1:]
    pairs = Counter(frozenset(row[:2]) for row in rows)
    assert [sorted(p) for p, n in pairs.items() if n > 1] == []


@pytest.mark.parametrize(("a", "b", "kind"), ISSUE_12_BORDERS)
def test_borders_named_in_issue_12(standard_map: MapData, a: str, b: str, kind: str) -> None:
    terrain = Terrain(kind)
    pa, pb = province_of(a), province_of(b)
    assert standard_map.army_can_move(pa, pb) is terrain.armies
    assert standard_map.army_can_move(pb, pa) is terrain.armies
    assert standard_map.fleet_can_move(a, b) is terrain.fleets
    assert standard_map.fleet_can_move(b, a) is terrain.fleets


def test_each_sea_touches_only_water_or_coast(standard_map: MapData) -> None:
    """No army-carrying border reaches open water, and no fleet border reaches an inland province."""
    for pair, kind in _rulebook_edges():
        for region in pair:
            r = standard_map.regions[region]
            if kind != "sea":
                assert r.terrain is not Terrain.SEA, f"{sorted(pair)} {kind}: {region} is open water"
            if kind != "land":
                assert r.terrain is not Terrain.LAND, f"{sorted(pair)} {kind}: {region} is inland"
