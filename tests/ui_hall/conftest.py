"""The hall's tests use the big screen's fixtures (headless Qt, isolated settings and user data,
the default scenario): one definition, in tests/bigscreen/conftest.py."""

from tests.bigscreen.conftest import (  # noqa: F401 (fixtures are found by name)
    _isolated_user_data,
    binni_game,
    binni_loaded,
    fake_time,
    settings,
    tiny_game,
)
