"""Natural Earth country outlines for the map generators under ``tools/`` (never a runtime dependency).

Natural Earth (https://www.naturalearthdata.com) is public domain. Its 1:110m "admin 0 countries"
layer ships, as ``naturalearth_lowres``, inside geopandas 0.14's wheel on PyPI; this module fetches
that wheel once with pip into a cache folder and reads the shapefile with the small reader below
(so neither geopandas nor a shapefile library is needed).

    >>> countries = load_countries()                              # doctest: +SKIP
    >>> countries["Egypt"].geometry.bounds                        # doctest: +SKIP
    (24.70007, 22.0, 36.86623, 31.58568)

Coordinates are longitude/latitude (WGS 84). ``project`` turns them into a map's plane.
"""

from __future__ import annotations

import math
import os
import struct
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.polygon import orient

WHEEL = "geopandas==0.14.4"
LAYER = "geopandas/datasets/naturalearth_lowres/naturalearth_lowres"
SOURCE_NOTE = (
    "Natural Earth 1:110m admin-0 countries (public domain), as shipped in geopandas 0.14.4's wheel "
    "(geopandas/datasets/naturalearth_lowres)"
)


@dataclass(frozen=True)
class Country:
    name: str
    iso_a3: str
    continent: str
    pop_est: float
    geometry: MultiPolygon
    """Longitude/latitude."""


def _cache_dir() -> Path:
    root = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return root / "boardapp-tools"


def _wheel() -> Path:
    cache = _cache_dir()
    found = sorted(cache.glob("geopandas-0.14.4-*.whl"))
    if found:
        return found[0]
    cache.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", WHEEL, "-d", str(cache)], check=True)
    found = sorted(cache.glob("geopandas-0.14.4-*.whl"))
    if not found:
        raise RuntimeError(f"pip did not bring {WHEEL} into {cache}")
    return found[0]


def _read_dbf(data: bytes, encoding: str = "utf-8") -> list[dict[str, Any]]:
    n_records, header_len, record_len = struct.unpack("<IHH", data[4:12])
    fields = []
    pos = 32
    while data[pos] != 0x0D:
        name = data[pos:pos + 11].split(b"\0", 1)[0].decode("ascii")
        ftype = chr(data[pos + 11])
        flen = data[pos + 16]
        fields.append((name, ftype, flen))
        pos += 32
    rows = []
    for i in range(n_records):
        rec = data[header_len + i * record_len: header_len + (i + 1) * record_len]
        off = 1  # deletion flag
        row: dict[str, Any] = {}
        for name, ftype, flen in fields:
            raw = rec[off:off + flen].decode(encoding, "replace").strip()
            off += flen
            if ftype in "NF":
                row[name] = float(raw) if raw else 0.0
            else:
                row[name] = raw
        rows.append(row)
    return rows


def _signed_area(ring: list[tuple[float, float]]) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True)) / 2


def _read_shp(data: bytes) -> list[MultiPolygon]:
    shapes = []
    pos = 100
    while pos < len(data):
        _num, length = struct.unpack(">II", data[pos:pos + 8])
        content = data[pos + 8: pos + 8 + length * 2]
        pos += 8 + length * 2
        shape_type = struct.unpack("<i", content[:4])[0]
        if shape_type != 5:
            raise ValueError(f"shape type {shape_type} is not a polygon")
        n_parts, n_points = struct.unpack("<ii", content[36:44])
        parts = list(struct.unpack(f"<{n_parts}i", content[44:44 + 4 * n_parts]))
        pts_at = 44 + 4 * n_parts
        coords = struct.unpack(f"<{2 * n_points}d", content[pts_at:pts_at + 16 * n_points])
        points = list(zip(coords[0::2], coords[1::2], strict=True))
        polys: list[tuple[list[tuple[float, float]], list[list[tuple[float, float]]]]] = []
        for k, start in enumerate(parts):
            end = parts[k + 1] if k + 1 < n_parts else n_points
            ring = points[start:end]
            if _signed_area(ring) < 0 or not polys:  # clockwise: an outer ring (shapefile convention)
                polys.append((ring, []))
            else:
                polys[-1][1].append(ring)
        shapes.append(MultiPolygon([orient(Polygon(shell, holes)) for shell, holes in polys]))
    return shapes


def load_countries() -> dict[str, Country]:
    """Every country of the layer by its Natural Earth name ('Egypt', 'Iran', 'Israel', …)."""
    with zipfile.ZipFile(_wheel()) as zf:
        shp = zf.read(LAYER + ".shp")
        dbf = zf.read(LAYER + ".dbf")
        encoding = zf.read(LAYER + ".cpg").decode("ascii").strip() or "utf-8"
    rows = _read_dbf(dbf, "latin-1" if encoding.upper() in ("ISO-8859-1", "LATIN1") else encoding)
    shapes = _read_shp(shp)
    out = {}
    for row, geom in zip(rows, shapes, strict=True):
        out[row["name"]] = Country(row["name"], row["iso_a3"], row["continent"], row["pop_est"], geom)
    return out


def project(lon: float, lat: float, lon0: float, lat0: float, scale: float) -> tuple[float, float]:
    """Equirectangular projection about (lon0, lat0), ``scale`` map units per degree of latitude,
    y growing downwards as on a board. Good enough for a region the size of Europe or the Mid-East."""
    k = math.cos(math.radians(lat0))
    return ((lon - lon0) * k * scale, (lat0 - lat) * scale)
