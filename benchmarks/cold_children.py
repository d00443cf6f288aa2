"""The fresh processes ``bench_limits.py --only cold`` starts (issue #27), each timed to its first paint.

Kept apart from bench_limits.py so that a started program imports nothing the benchmark itself needs
(argparse, subprocess, tempfile, statistics): each pays for exactly what it does. Each prints, at its first
paint, ``PHASES name=cpu|name=cpu…`` (where it has phases) and ``perf_counter 0 cpu`` (bench_board.py's children's
format) and leaves without Qt's teardown.

* ``--bare``: a bare PySide6 program, a 1920x1080 window painted once (the limit);
* ``--app``: the real ``boardapp`` (``cli.main([])``: the main window on War in Binni);
* ``--phases``: the same start written out step by step (``cli.main`` -> ``cmd_open`` -> ``ui.app.run``),
  with the CPU seconds at the end of each step;
* ``--floor``: the window's first paint with the game's machinery imported and the game made uncounted.

CPU seconds are ``getrusage``'s (microseconds; ``os.times`` counts 10 ms ticks), every thread.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable


def _cpu() -> float:
    """This process's CPU seconds (getrusage: microseconds; os.times counts 10 ms ticks), every thread."""
    try:
        import resource

        ru = resource.getrusage(resource.RUSAGE_SELF)
        return ru.ru_utime + ru.ru_stime
    except ImportError:  # Windows
        times = os.times()
        return times.user + times.system


def _report_painted(phases: list[tuple[str, float]] | None = None) -> None:
    """Print (perf_counter, 0, CPU seconds) at a first paint, and the phases' CPU seconds, then leave."""
    painted = time.perf_counter()
    cpu = _cpu()
    if phases is not None:
        print("PHASES " + "|".join(f"{name}={cpu_at:.4f}" for name, cpu_at in [*phases, ("shown and painted", cpu)]))
    print(f"{painted:.6f} 0 {cpu:.4f}")
    sys.stdout.flush()
    os._exit(0)  # skip Qt's teardown: the figure is the start, not the exit


def cold_bare() -> None:
    """A bare PySide6 program: a 1920x1080 window painted once; prints what bench_board's children print."""
    phases = [("interpreter", _cpu())]
    from PySide6.QtGui import QColor, QPainter
    from PySide6.QtWidgets import QApplication, QWidget

    phases.append(("Qt import", _cpu()))

    class Window(QWidget):
        def paintEvent(self, event: object) -> None:
            p = QPainter(self)
            p.fillRect(self.rect(), QColor("#2b4a6f"))
            p.drawText(40, 40, "bare")
            p.end()
            _report_painted(phases)

    app = QApplication([])
    w = Window()
    w.resize(1920, 1080)
    w.show()
    app.exec()


def _on_board_paint(report: Callable[[], None]) -> None:
    """Call ``report`` at the first paint of a board view that shows a board, without importing anything now:
    ``boardapp.ui.board.view`` is wrapped the moment its ``BoardView`` exists (an earlier import of the view
    would import Qt before ``boardapp`` does, and change what it pays for)."""
    import builtins

    real_import = builtins.__import__

    def importing(name: str, *args: object, **kwargs: object) -> object:
        module = real_import(name, *args, **kwargs)
        view = getattr(sys.modules.get("boardapp.ui.board.view"), "BoardView", None)
        if view is not None:
            builtins.__import__ = real_import
            from PySide6.QtCore import QEvent

            original = view.viewportEvent

            def viewport_event(self: object, event: object) -> bool:
                handled = original(self, event)
                if event.type() == QEvent.Type.Paint and self.scene() is not None and self.scene().items():
                    report()
                return bool(handled)

            view.viewportEvent = viewport_event
        return module

    builtins.__import__ = importing


def cold_app() -> None:
    """The real ``boardapp`` (``cli.main([])``: the main window on War in Binni) to its board's first paint."""
    _on_board_paint(_report_painted)
    from boardapp.cli import main as boardapp_main

    boardapp_main([])
    raise SystemExit("boardapp returned without painting its board")


def _application() -> object:
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    app.setApplicationName("boardapp")
    app.setOrganizationName("boardapp")
    return app


def _window(game_made: tuple[object, object, bool]) -> object:
    """``ui.app.open_window``'s window on a game made (the session marker held, as there)."""
    from boardapp.ui.app import start_session
    from boardapp.ui.mainwindow import MainWindow

    game, saved, autosave = game_made
    window = MainWindow(game, saved, autosave=autosave, extras_after_first_paint=True)
    if autosave and start_session(saved):
        window.autosave_path = saved
    return window


def _show_and_report(app: object, window: object, report: Callable[[], None]) -> None:
    """``ui.app.run``'s showing of the window; ``report`` at its board's first paint."""
    from PySide6.QtCore import QEvent, QObject

    class Watch(QObject):
        def eventFilter(self, obj: object, event: object) -> bool:
            if event.type() == QEvent.Type.Paint:
                report()
            return False

    watch = Watch()
    window.view.viewport().installEventFilter(watch)
    screen = window.screen()
    if screen is not None:
        window.setGeometry(screen.availableGeometry())
    window.showMaximized()
    app.exec()


def cold_phases() -> None:
    """``boardapp``'s start in its own steps and order (``cli.main`` -> ``cmd_open`` -> ``ui.app.run`` ->
    ``open_window``, written out here, so keep them in step), with the CPU seconds at the end of each. The data
    folder is a fresh one: no game to recover or resume (``unfinished_sessions``, ``last_game``: none)."""
    phases = [("interpreter", _cpu())]
    from boardapp import cli, resources

    args = cli.build_parser(only_open=True).parse_args(["open"])
    resources.require(resources.default_scenario())
    phases.append(("command line", _cpu()))
    import boardapp.engine.files  # as cmd_open: the game's machinery before Qt

    phases.append(("engine import", _cpu()))
    from boardapp.ui import app as ui_app

    app = _application()
    phases.append(("Qt import and application", _cpu()))
    import boardapp.ui.board.render
    import boardapp.ui.mainwindow  # noqa: F401

    phases.append(("windows' modules", _cpu()))
    if ui_app.unfinished_sessions() or ui_app.last_game() is not None:
        raise SystemExit("a fresh data folder has a game to recover or resume")
    game_made = ui_app.game_for_path(args.file)
    phases.append(("game read and made", _cpu()))
    window = _window(game_made)
    phases.append(("main window", _cpu()))
    _show_and_report(app, window, lambda: _report_painted(phases))


def cold_floor() -> None:
    """The floor of any first paint of this window: with the game's machinery (pydantic, the models, the engine,
    the rule system) imported and the game made before the count, only the interpreter, Qt, the windows' modules,
    the window and its first paint are counted. A first paint from plain data could not cost less than this
    without a cheaper window or board paint."""
    started = _cpu()
    import boardapp.engine.files
    import boardapp.ui.document.controller  # the windows' Qt-free core (the architecture's rule)
    import boardapp.ui.document.source
    from boardapp.ui import app as ui_app

    game_made = ui_app.game_for_path(None)
    uncounted = _cpu() - started
    phases = [("interpreter", started)]
    app = _application()
    phases.append(("Qt import and application", _cpu() - uncounted))
    import boardapp.ui.board.render
    import boardapp.ui.mainwindow  # noqa: F401

    phases.append(("windows' modules", _cpu() - uncounted))
    window = _window(game_made)
    phases.append(("main window", _cpu() - uncounted))

    def report() -> None:
        painted = time.perf_counter()
        cpu = _cpu() - uncounted
        print("PHASES " + "|".join(f"{n}={c:.4f}" for n, c in [*phases, ("shown and painted", cpu)]))
        print(f"{painted:.6f} 0 {cpu:.4f}")
        sys.stdout.flush()
        os._exit(0)

    _show_and_report(app, window, report)


if __name__ == "__main__":
    {"--bare": cold_bare, "--app": cold_app, "--phases": cold_phases, "--floor": cold_floor}[sys.argv[1]]()
