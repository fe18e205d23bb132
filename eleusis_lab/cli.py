"""The ``eleusis-lab`` command: check a rule, list the library, copy and open the lessons.

Each subcommand is one ``_cmd_<name>(args) -> int`` function registered in :func:`build_parser`;
to add one, add a ``_add_<name>(subparsers)`` function and call it there.  Errors reach the user as
one sentence on stderr and exit code 2; ``--help`` works on every level.

>>> build_parser().parse_args(["check", "card.color != prev.color", "--json"]).json
True
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

PROG = "eleusis-lab"
EXIT_ERROR = 2
# 128 + SIGPIPE: what a shell reports for a command whose reader stopped reading (`yes | head`).
EXIT_BROKEN_PIPE = 141


class CommandError(Exception):
    """A problem to report to the user in one sentence (exit code 2)."""


#: The extra of pyproject.toml that installs each module a command needs.
EXTRA_OF = {"jupyterlab": "notebook", "voila": "notebook", "jupyterhub": "hub"}


def missing_extra(command: str, module: str) -> str | None:
    """One sentence naming the extra to install when ``module`` is missing, else None."""
    if importlib.util.find_spec(module) is not None:
        return None
    extra = EXTRA_OF[module]
    return (
        f"{command} needs {module}, which comes with the kit's {extra} extra: install the kit with "
        f"[{extra}], e.g. pip install 'eleusis_lab-<version>-py3-none-any.whl[{extra}]'"
    )


def require_extra(command: str, module: str) -> None:
    """Raise :class:`CommandError` (before the command does anything) when ``module`` is missing."""
    sentence = missing_extra(f"{PROG} {command}", module)
    if sentence is not None:
        raise CommandError(sentence)


#: Signals a server command passes on to its server, so that a service manager, an IDE's stop button or
#: ``kill`` stops the server (and its kernels) and not only the wrapper.
FORWARDED_SIGNALS = (signal.SIGTERM, signal.SIGINT, *((signal.SIGHUP,) if hasattr(signal, "SIGHUP") else ()))


def run_server(command: list[str]) -> int:
    """Run ``command`` until it exits, passing :data:`FORWARDED_SIGNALS` on; its exit status (128 + N
    for a server ended by signal N)."""
    server = subprocess.Popen(command)

    def forward(signum: int, _frame: object) -> None:
        if server.poll() is None:
            server.send_signal(signum)

    previous = {sig: signal.signal(sig, forward) for sig in FORWARDED_SIGNALS}
    try:
        status = server.wait()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return status if status >= 0 else 128 - status


# -- check ---------------------------------------------------------------------------------------
def _add_check(sub: Any) -> None:
    p = sub.add_parser(
        "check",
        help="report on a rule: playable share, dead ends, never-playable cards, verdicts",
        description="Parse a rule, print it canonically, and judge it against the sources' guidelines "
        "(Gardner: at least a quarter of the deck; Express: ideally 12-15 of 52; every card "
        "playable; no dead ends). RULE is rule text or a library key such as gardner-3.",
    )
    p.add_argument(
        "rule", metavar="RULE", help='rule text, e.g. "card.color != prev.color", or a library key'
    )
    p.add_argument(
        "--deck",
        choices=["standard", "double", "letters"],
        default=None,
        help="deck to check against (default: the deck the rule is written for)",
    )
    p.add_argument(
        "--players",
        default=None,
        help="comma-separated player names for player-dependent rules (default: four sample names)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the text report")
    p.set_defaults(func=_cmd_check)


def _read_rule(text: str) -> tuple[Any, str | None]:
    """(parsed Rule, library key or None): a library key is looked up, anything else parsed."""
    from eleusis_lab.rules import as_rule, library

    key = text.strip()
    return as_rule(text), (key if key in library.keys() else None)  # noqa: SIM118 - a module's keys()


def _estimated_difficulty(rule: Any, deck: str | None) -> dict[str, Any] | None:
    """Estimated difficulty from simulated solo rounds, or None when not estimated.

    Three solo rounds of the scientist player (``eleusis_lab.science.solo_runs.estimate_difficulty``).
    """
    from eleusis_lab.science.solo_runs import estimate_difficulty

    if deck == "letters" or getattr(rule, "deck", "standard") == "letters":
        return None  # the solo protocol's scientist plays the standard deck only
    return estimate_difficulty(rule)


def _cmd_check(args: argparse.Namespace) -> int:
    from eleusis_lab.rules.checks import check

    rule, key = _read_rule(args.rule)
    players = [n.strip() for n in args.players.split(",") if n.strip()] if args.players else None
    report = check(rule, args.deck, player_names=players)
    from eleusis_lab.rules.english import english
    from eleusis_lab.rules.library import hint

    difficulty = _estimated_difficulty(rule, args.deck)
    if args.json:
        data = report.to_dict()
        data["library_key"] = key
        data["english"] = english(rule)
        data["hint"] = hint(rule)
        data["estimated_difficulty"] = difficulty
        print(json.dumps(data, ensure_ascii=False))
        return 0
    if key is not None:
        print(f"Library rule {key}.")
    print("Parsed: yes.")
    print(f"In words: {english(rule)}")
    print(report)
    print(f"- A hint the dealer may give [000]: {hint(rule)}")
    # -- estimated difficulty (from simulated solo rounds; engineer E fills _estimated_difficulty) --
    if difficulty is None:
        print("- Estimated difficulty: not estimated.")
    else:
        label = difficulty.get("label", "?")
        extra = ", ".join(f"{k} {v}" for k, v in difficulty.items() if k != "label")
        print(f"- Estimated difficulty: {label}" + (f" ({extra})." if extra else "."))
    return 0


# -- solo (the protocols are the solo variant's, play/solo.py; the loop is science/solo_runs.py) ------
def _add_solo(sub: Any) -> None:
    p = sub.add_parser(
        "solo",
        help="solo rounds of a computer player against a computer dealer (the benchmark protocol)",
        description="K solo rounds (seeds N, N+1, ...): double deck, a 12-card hand refilled after every "
        "play, at most 30 turns, a guess allowed after each play, a wrong guess costs 2, a correct guess "
        "scores 30 - turns - 2 x wrong guesses, an unsolved round 0.",
    )
    p.add_argument("--rule", required=True, help="rule text or a library key")
    p.add_argument("--seed", type=int, default=0, help="seed of the first round (default 0)")
    p.add_argument("--rounds", type=int, default=1, help="how many rounds (default 1)")
    p.add_argument(
        "--player", default="scientist", help="scientist (default), random, or another registered player"
    )
    p.add_argument("--max-turns", type=int, default=30, help="turns allowed (default 30)")
    p.add_argument("--hand", type=int, default=12, help="hand size (default 12)")
    p.add_argument("--penalty", type=int, default=2, help="cost of a wrong guess (default 2)")
    p.add_argument("--json", action="store_true", help="one JSON object a line")
    p.add_argument(
        "--protocol",
        choices=("solo", "benchmark"),
        default="solo",
        help="solo (default) or benchmark: the language-model benchmark's game exactly (its deck order, "
        "round seeds from the rule's md5, hidden rejected starters, score 31 - turn - 2 x wrong, its "
        "judge); --seed is then the first round index",
    )
    p.add_argument(
        "--judge",
        choices=("benchmark", "strict"),
        default="benchmark",
        help="with --protocol benchmark: the benchmark's judge (random walks from the current line, "
        "default) or strict (same_rule, the starter included)",
    )
    p.set_defaults(func=_cmd_solo)


def _cmd_solo(args: argparse.Namespace) -> int:
    if args.rounds < 1:
        raise CommandError("--rounds must be at least 1")
    from eleusis_lab.science.solo_runs import run_cli

    return run_cli(args)


# -- bench -----------------------------------------------------------------------------------------
def _add_bench(sub: Any) -> None:
    p = sub.add_parser(
        "bench",
        help="a rule set under the benchmark protocol, per rule and overall, beside the published table",
        description="Plays rounds 0..K-1 of every rule of a set under the language-model benchmark's "
        "protocol and prints solved share, mean floored score, wrong guesses a round and turns, per "
        "rule and overall, beside the published results of the language models.",
    )
    p.add_argument(
        "--rules",
        "--set",
        dest="rules",
        default="benchmark",
        help="benchmark (its 26 rules, default), library, heldout, people, or a file with one rule a line",
    )
    p.add_argument("--rounds", type=int, default=3, help="rounds per rule (default 3)")
    p.add_argument("--player", default="scientist", help="scientist (default), random, or another player")
    p.add_argument(
        "--judge", choices=("benchmark", "strict"), default="benchmark", help="how guesses are judged"
    )
    p.add_argument("--json", action="store_true", help="one JSON object a round instead of the table")
    p.add_argument(
        "--calibrate", action="store_true", help="also judge the player's best rule every turn (calibration)"
    )
    p.add_argument(
        "--human",
        nargs="+",
        metavar="FILE",
        help="people's rounds instead of a computer player's: the files the benchmark board exports, or "
        "folders of them (each round replayed from its log), one row a player and the class's, beside the "
        "published table",
    )
    p.set_defaults(func=_cmd_bench)


def _cmd_bench(args: argparse.Namespace) -> int:
    from eleusis_lab.science.bench import run_cli

    if args.human:
        from eleusis_lab.science import human_baseline

        return human_baseline.run_cli(args)
    if args.rounds < 1:
        raise CommandError("--rounds must be at least 1")
    return run_cli(args)


# -- rules -----------------------------------------------------------------------------------------
def _add_rules(sub: Any) -> None:
    p = sub.add_parser(
        "rules",
        help="list the rule library",
        description="List the rule library: the sources' example rules and Eleusis Lab's own.",
    )
    p.add_argument("--deck", choices=["standard", "letters"], default=None, help="only rules for this deck")
    p.add_argument(
        "--difficulty", choices=["easy", "medium", "hard"], default=None, help="only this difficulty"
    )
    p.add_argument("--text", action="store_true", help="also show each rule's English and rule text")
    p.add_argument("--json", action="store_true", help="print one JSON object a line")
    p.set_defaults(func=_cmd_rules)


def _cmd_rules(args: argparse.Namespace) -> int:
    from eleusis_lab.rules import library

    entries = [
        e
        for e in library.ENTRIES
        if (args.deck is None or e.deck == args.deck)
        and (args.difficulty is None or e.difficulty == args.difficulty)
    ]
    for e in entries:
        if args.json:
            print(json.dumps(e.to_dict(), ensure_ascii=False))
            continue
        flag = "" if e.acceptable else "  (unacceptable: example of a bad rule)"
        print(f"{e.key:<24} {e.difficulty:<6} {e.deck:<8} {e.title}{flag}")
        if args.text:
            print(f"    {e.english}")
            print(f"    {e.text}")
            print(f"    source: {e.source}")
    return 0


# -- lessons and lab -----------------------------------------------------------------------------------
def _add_lessons(sub: Any) -> None:
    from eleusis_lab.lesson_copy import MANIFEST_NAME  # cheap: the standard library only

    p = sub.add_parser(
        "lessons",
        help="copy a fresh set of the lessons into a folder (default ~/eleusis-lab/lessons)",
        description="Copy the kit's lesson notebooks into DIR for a student or a class. A file that was "
        "edited since it was copied is never overwritten: it is skipped and named. The folder keeps a "
        f"manifest ({MANIFEST_NAME}) of what was copied.",
    )
    p.add_argument("dir", nargs="?", metavar="DIR", help="where to copy (default ~/eleusis-lab/lessons)")
    p.set_defaults(func=_cmd_lessons)


def _copy_lessons(dest: str | None) -> Path:
    from eleusis_lab.lesson_copy import copy_lessons

    try:
        report = copy_lessons(dest)
    except FileNotFoundError as error:
        raise CommandError(str(error)) from None
    for line in report.lines():
        print(line)
    return report.dest


def _cmd_lessons(args: argparse.Namespace) -> int:
    _copy_lessons(args.dir)
    return 0


def _add_prepare(sub: Any) -> None:
    p = sub.add_parser(
        "prepare",
        help="build the hypothesis spaces' tables once, for every kernel of this environment to share",
        description="Build the tables the hypothesis spaces read (atoms, prior weights) into DIR, by default "
        "$ELEUSIS_LAB_STORE or this environment's share/eleusis-lab/store. Kernels memory-map them "
        "read-only, so a school server holds one copy for the whole class (docs/school-server.md). Run it "
        "once after installing or upgrading the kit, as the user who installed it. Before `pip uninstall "
        "eleusis-lab`, run `eleusis-lab prepare --remove` (pip leaves these tables behind).",
    )
    p.add_argument("dir", nargs="?", metavar="DIR", help="where (default: this environment's store)")
    p.add_argument(
        "--remove",
        action="store_true",
        help="delete the tables from DIR instead (only the kit's own table folders): before uninstalling",
    )
    p.set_defaults(func=_cmd_prepare)


def _cmd_prepare(args: argparse.Namespace) -> int:
    import time

    from eleusis_lab.science.space_store import prepare, prepare_target, remove

    folder = Path(args.dir) if args.dir else None
    if args.remove:
        try:
            target, count, freed = remove(folder)
        except OSError as error:
            raise CommandError(f"cannot remove the tables from {prepare_target(folder)}: {error}") from None
        what = (
            f"removed {count} table folder{'s' * (count != 1)} ({freed / 2**20:.1f} MB)"
            if count
            else "no tables"
        )
        print(f"{what} in {target}")
        return 0
    started = time.monotonic()
    try:
        target = prepare(folder)
    except OSError as error:
        reason = error.strerror or str(error)
        raise CommandError(
            f"cannot write the tables into {prepare_target(folder)} ({reason}), so they are not ready; "
            "run it as the user who installed the kit, or name a folder you can write"
        ) from None
    size = sum(f.stat().st_size for f in target.rglob("*") if f.is_file())
    print(f"tables ready in {target} ({size / 2**20:.1f} MB, {time.monotonic() - started:.1f} s)")
    return 0


def _add_lab(sub: Any) -> None:
    p = sub.add_parser(
        "lab",
        help="open JupyterLab on your copy of the lessons (made on first use)",
        description="Copy the lessons into DIR if they are not there yet (as `eleusis-lab lessons DIR`: "
        "edited files are kept), then open JupyterLab on DIR.",
    )
    p.add_argument("dir", nargs="?", metavar="DIR", help="the lessons folder (default ~/eleusis-lab/lessons)")
    p.add_argument("--no-browser", action="store_true", help="start JupyterLab without opening a browser")
    p.add_argument("--port", type=int, default=None, help="the port JupyterLab listens on")
    p.add_argument("--dry-run", action="store_true", help="print the command instead of running it")
    p.add_argument(
        "--jupyter",
        action="append",
        default=[],
        metavar="ARG",
        help="one more argument for JupyterLab, e.g. --jupyter=--ServerApp.ip=127.0.0.1 (repeatable)",
    )
    p.set_defaults(func=_cmd_lab)


def _lab_command(lessons: Path, args: argparse.Namespace) -> list[str]:
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={lessons}"]
    if args.no_browser:
        command.append("--no-browser")
    if args.port is not None:
        command.append(f"--port={args.port}")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # JupyterLab refuses root without it (containers, school servers)
    return command + list(args.jupyter)


def _cmd_lab(args: argparse.Namespace) -> int:
    if args.dry_run:
        from eleusis_lab.lesson_copy import default_lessons_dest

        lessons = Path(args.dir).expanduser() if args.dir else default_lessons_dest()
        print(" ".join(_lab_command(lessons.resolve(), args)))
        return 0
    require_extra("lab", "jupyterlab")
    lessons = _copy_lessons(args.dir).resolve()
    return run_server(_lab_command(lessons, args))


# -- judge ---------------------------------------------------------------------------------------
#: ``eleusis-lab judge`` exits like ``cmp``: 0 the same rule, 1 a different rule, 2 an error; and 3 when
#: the rules agree as far as the judge's budget let it look but are not proven the same.
EXIT_DIFFERENT = 1
EXIT_NOT_PROVEN = 3


def _add_judge(sub: Any) -> None:
    p = sub.add_parser(
        "judge",
        help="is a guessed rule the secret rule? exact, with a counterexample (for benchmark harnesses)",
        description="Judge a guessed rule exactly. 'same' means: the guess accepts the same cards as the "
        "secret rule in every situation that can still arise from the mainline, play going on under the "
        "secret rule, on lines of up to --longest-line cards (default: as many as two decks of the rule's "
        "kind hold, 104 playing cards or 122 letter cards). Otherwise 'different' and a counterexample. "
        "The judge's budget is 1,200,000 units of rule work (one node of a rule evaluated once) and "
        "600,000 visits of a situation's cards, under half a second: a pair too large to compare in every "
        "situation is answered 'same on every line up to N cards', which is not 'same'. "
        "Exit status: 0 same, 1 different, 2 error, 3 not proven.",
    )
    p.add_argument(
        "--rule", required=True, metavar="SECRET", help="the secret rule (rule text or a library key)"
    )
    p.add_argument(
        "--guess", required=True, metavar="GUESS", help="the guessed rule (rule text or a library key)"
    )
    p.add_argument(
        "--mainline",
        default="",
        metavar="CARDS",
        help='the cards down so far, starter first ("4♠ 8♦ 9♣"); rejected cards in [brackets] are skipped',
    )
    p.add_argument(
        "--deck",
        choices=("standard", "double", "letters"),
        default=None,
        help="the deck dealt (default: two decks of the secret rule's kind of card)",
    )
    p.add_argument(
        "--longest-line",
        type=int,
        default=None,
        metavar="N",
        help="the longest mainline play can make (default: every card of the deck or decks dealt)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_cmd_judge)


def _cmd_judge(args: argparse.Namespace) -> int:
    from eleusis_lab.rules.judge import judge

    verdict = judge(args.rule, args.guess, args.mainline, deck=args.deck, longest_line=args.longest_line)
    if args.json:
        print(json.dumps(verdict.to_dict(), ensure_ascii=False))
    else:
        print(verdict.verdict)
        print(verdict.explain())
    if verdict.same:
        return 0
    return EXIT_DIFFERENT if verdict.counterexample is not None else EXIT_NOT_PROVEN


# -- class: the projector page ---------------------------------------------------------------------
#: ``eleusis-lab class`` stops a kernel no page is connected to after this many idle seconds: a tab that
#: crashed or a GET that never opened its websocket (a closed page's kernel stops at once).
CLASS_IDLE_TIMEOUT = 600


def projector_notebook() -> Path:
    """The projector page shipped inside the package (so it works after a plain ``pip install``)."""
    return Path(__file__).resolve().parent / "widgets" / "projector.ipynb"


def _add_class(sub: Any) -> None:
    p = sub.add_parser(
        "class",
        help="open the class board for the projector (Voila), for the teacher only",
        description="Serve the projector page on 127.0.0.1: only the class board (set-up form, then the "
        "round), no code, no lesson text. The printed address carries a token (as `jupyter lab`'s "
        "does): only a browser that opened it gets the board. The kernel talks over socket files only "
        "this user can open; a kernel whose page was closed stops.",
    )
    p.add_argument(
        "--port", type=int, default=8866, help="the port to serve on (default 8866; 0 takes any free port)"
    )
    p.add_argument("--no-browser", action="store_true", help="do not open a browser window")
    p.add_argument(
        "--idle-timeout",
        type=int,
        default=CLASS_IDLE_TIMEOUT,
        metavar="SECONDS",
        help="stop a kernel no page is connected to after this many idle seconds "
        f"(default {CLASS_IDLE_TIMEOUT})",
    )
    p.add_argument("--dry-run", action="store_true", help="say what would be served instead of serving it")
    p.set_defaults(func=_cmd_class)


def _cmd_class(args: argparse.Namespace) -> int:
    notebook = projector_notebook()
    if not notebook.is_file():
        raise CommandError(f"the projector page {notebook} is missing from the installed kit")
    if not 0 <= args.port < 65536:
        raise CommandError(f"the port must be from 0 to 65535, not {args.port}")
    if args.idle_timeout < 1:
        raise CommandError(f"--idle-timeout must be at least 1 second, not {args.idle_timeout}")
    require_extra("class", "voila")
    if args.dry_run:
        print(f"would serve {notebook} on http://127.0.0.1:{args.port}/ with a token")
        return 0
    from eleusis_lab.class_server import PortTaken, serve

    try:
        return serve(notebook, args.port, open_browser=not args.no_browser, idle_timeout=args.idle_timeout)
    except PortTaken as error:
        raise CommandError(str(error)) from None


# -- the parser and main -------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Eleusis Lab: a classroom kit for Eleusis, the card game of finding a secret rule.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_lab(sub)
    _add_lessons(sub)
    _add_prepare(sub)
    _add_class(sub)
    _add_check(sub)
    _add_rules(sub)
    _add_solo(sub)
    _add_judge(sub)
    _add_bench(sub)
    from eleusis_lab.scoring import add_cli_parser as _add_score  # cheap: pure functions and argparse

    _add_score(sub)
    from eleusis_lab.worksheets.cli import add_parser as _add_worksheets  # cheap: imports argparse only

    _add_worksheets(sub)
    return parser


def _one_sentence(error: BaseException) -> str:
    """The first line of an error message (rule errors keep their hint), as one sentence."""
    from eleusis_lab.play.errors import one_line
    from eleusis_lab.rules import RuleError

    if isinstance(error, RuleError):
        where = f" (line {error.line}, column {error.column})" if error.offset is not None else ""
        text = error.reason + where
        if error.hint:
            text += f"; {error.hint}"
        return text
    return one_line(error)


def _reader_went_away() -> int:
    """The output was piped into a command that stopped reading (``| head``): stop quietly, as a command
    killed by SIGPIPE does, instead of printing an error about the pipe."""
    try:
        # Python flushes stdout once more at exit; point it at /dev/null so that flush cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout without a file descriptor (a notebook)
        pass
    return EXIT_BROKEN_PIPE


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 2 error)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse: --help (0) or a usage error (2, message already printed)
        return int(exit_.code or 0)
    if getattr(args, "func", None) is None:
        parser.print_help()
        return 0
    try:
        return int(args.func(args))
    except BrokenPipeError:
        return _reader_went_away()
    except (CommandError, ValueError, KeyError, OSError) as error:
        print(f"{PROG} {args.command}: error: {_one_sentence(error)}", file=sys.stderr)
        return EXIT_ERROR


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
