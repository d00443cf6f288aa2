"""Fixtures for the War in Binni rules tests (see binni_helpers)."""

from .binni_helpers import g, loaded  # noqa: F401
