"""``boardapp render`` and the big screen draw the public picture (issue #13 item 3): War in Binni's
special forces are hidden from the public, so they are not in a render unless ``--umpire`` asks."""

from __future__ import annotations

from boardapp.engine.files import DEFAULT_SCENARIO, load_scenario, new_game
from boardapp.engine.module import Audience


def _hidden_ids(game) -> set[str]:
    return {p.id for p in game.module.board(game.state).pieces if p.hidden}


def _spy_view(game, calls):
    real = game.module.view

    def view(state, audience):
        calls.append(audience)
        return real(state, audience)

    game.module.view = view


def test_render_draws_the_public_view_by_default(qtbot, monkeypatch):
    from boardapp.ui.board import render

    game = new_game(load_scenario(DEFAULT_SCENARIO))
    hidden = _hidden_ids(game)
    assert hidden, "control: the scenario has a hidden counter to leak"
    seen: dict[str, set[str]] = {}

    from boardapp.ui.board import scene as scene_mod

    made = []
    original = scene_mod.BoardScene.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        made.append(self)
        seen[f"scene{len(made)}"] = set(self.counters)

    monkeypatch.setattr(scene_mod.BoardScene, "__init__", init)
    calls: list[Audience] = []
    _spy_view(game, calls)
    render.render_image(game, 640, 360)
    assert Audience.PUBLIC in calls, "the render asked the rule module for the public view"
    assert not (seen["scene1"] & hidden), "a hidden counter was drawn in a public render"
    render.render_image(game, 640, 360, public=False)
    assert hidden <= seen["scene2"], "the umpire's render shows everything"


def test_cli_render_is_public_unless_umpire(tmp_path, monkeypatch):
    from boardapp import cli
    from boardapp.ui.board import render

    asked = []
    monkeypatch.setattr(render, "render_png", lambda game, out, width, height, public: asked.append(public))
    assert cli.main(["render", str(DEFAULT_SCENARIO), "--out", str(tmp_path / "a.png")]) == 0
    assert cli.main(["render", str(DEFAULT_SCENARIO), "--out", str(tmp_path / "b.png"), "--umpire"]) == 0
    assert asked == [True, False]


def test_big_screen_refresh_reads_the_public_view(qtbot, settings):
    from boardapp.ui.bigscreen.window import BigScreenWindow

    game = new_game(load_scenario(DEFAULT_SCENARIO))
    calls: list[Audience] = []
    _spy_view(game, calls)
    window = BigScreenWindow(game, settings=settings)
    qtbot.addWidget(window)
    calls.clear()
    window.refresh()
    assert calls == [Audience.PUBLIC]
    assert not (set(window.scene.counters) & _hidden_ids(game))
    window.detach()
