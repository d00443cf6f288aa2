"""``boardapp`` (``boardapp open …``) builds only its ``open`` command's parser (issue #27: the start builds no
other command's parser); whatever ``open``'s arguments are, it answers exactly as the whole parser does."""

from __future__ import annotations

import contextlib
import io

import pytest

from boardapp.cli import build_parser

OPEN_LINES = [
    ["open"], ["open", "x.yaml"], ["open", "--first-paint"], ["open", "x.game", "--first-paint"],
    ["open", "--help"], ["open", "-h"], ["open", "--bogus"], ["open", "a", "b"], ["open", "--version"],
    ["open", "--first-paint=1"], ["open", "--"], ["open", "--", "-odd.yaml"],
]


def _parse(parser_args: bool, argv: list[str]) -> tuple[object, str, str]:
    """(the namespace's fields or the exit code, stdout, stderr) of parsing ``argv``."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            ns = build_parser(only_open=parser_args).parse_args(argv)
            result: object = {k: getattr(v, "__name__", v) for k, v in vars(ns).items()}
        except SystemExit as exc:
            result = ("exit", exc.code)
    return result, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("argv", OPEN_LINES, ids=" ".join)
def test_the_open_parser_answers_as_the_whole_parser(argv: list[str]) -> None:
    assert _parse(True, argv) == _parse(False, argv)


def test_the_open_parser_has_no_other_command() -> None:
    full = _parse(False, ["check", "x.yaml"])
    assert full[0] == {"command": "check", "files": ["x.yaml"], "func": "cmd_check"}
    lean = _parse(True, ["check", "x.yaml"])
    assert lean[0] == ("exit", 2)  # the whole parser is used for every other command (main: argv[0] != "open")
