"""``pitchcore new``: write a house-rule file from a few choices.

The file extends a variant (bundled, or a file of one's own) and sets only what the choices
change, each line with a short comment: the players, the target, win by, stick the dealer,
the dealer's steal, no junk. Every key it writes is a field of the parent's component in
that slot (a parent without one refuses the choice, naming the slot's kind), and the text
is loaded before it is written, so a file ``new`` writes always loads and plays. Choices
not given on the command line are asked for when the input is a terminal; otherwise the
parent's rules stand.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any, TextIO

import attrs
import yaml

from ..components import SLOT_ORDER
from ..components.registry import kind_of
from ..components.variant import Variant
from ..loading.loader import bundled_variants, load_variant, load_variant_text
from ..model.errors import PitchcoreError, VariantError
from ..model.text import printable

DEFAULT_PARENT = "auction-pitch"
DEFAULT_NAME = "house-rules"
COMMENT_COLUMN = 29
"""Where a line's comment starts (as in the bundled files), unless the line is longer."""


@attrs.frozen
class Setting:
    """One line the house file writes: ``key: value`` under ``slot`` (None: a top key)."""

    slot: str | None
    key: str
    value: Any
    comment: str
    words: str = ""
    """What the setting is, for the file's description (empty: not named there)."""


class Refused(PitchcoreError):
    """A choice the parent variant has no place for, or a file that may not be written."""


def settings(parent: Variant, *, players: int | None = None, target: int | None = None,
             win_by: int | None = None, stick_the_dealer: bool | None = None, steal: bool | None = None,
             no_junk: bool | None = None) -> list[Setting]:
    """The lines a house file on ``parent`` writes for these choices (None: the parent's rule stands)."""
    found: list[Setting] = []
    if players is not None:
        _need(parent, "deal", "default_players", "--players")
        deal = parent.deal
        found.append(Setting("deal", "default_players", players, "players when a game does not say",
                             f"{players} players"))
        if players < deal.min_players:
            found.append(Setting("deal", "min_players", players, "the fewest players"))
        if players > deal.max_players:
            found.append(Setting("deal", "max_players", players, "the most players"))
    if target is not None:
        _need(parent, "going_out", "target", "--target")
        found.append(Setting("going_out", "target", target, "the score that wins", f"to {target}"))
    if win_by is not None:
        _need(parent, "going_out", "win_by", "--win-by")
        found.append(Setting("going_out", "win_by", win_by, f"a side must lead by {win_by} to win",
                             f"win by {win_by}"))
    if stick_the_dealer is not None:
        _need(parent, "auction", "all_pass", "--stick-the-dealer")
        if stick_the_dealer:
            found.append(Setting("auction", "all_pass", "dealer-must-bid",
                                 "stick the dealer: when everyone else passes, the dealer must bid",
                                 "stick the dealer"))
        else:
            found.append(Setting("auction", "all_pass", "redeal",
                                 "when everyone passes, the same dealer deals again", "redeal when all pass"))
    if steal is not None:
        _need(parent, "auction", "dealer_may_take", "--steal")
        found.append(Setting("auction", "dealer_may_take", steal,
                             "the dealer may take the high bid by bidding the same" if steal
                             else "the dealer must outbid the high bid",
                             "the dealer may steal" if steal else "the dealer must outbid"))
    if no_junk:
        found.append(Setting(None, "no_junk", True, "only the bidder's side scores its points", "no junk"))
    return found


def _need(parent: Variant, slot: str, key: str, option: str) -> None:
    """Refuse ``option`` where the parent's component in ``slot`` has no field ``key``."""
    component = parent.component(slot)
    if key not in {field.name for field in attrs.fields(type(component)) if field.init}:
        raise Refused(f"{option}: {parent.name} has no {slot}.{key} (its {slot} kind is "
                      f"{kind_of(component)}); choose another variant to extend, or leave {option} out")


def house_text(extends: str, name: str, description: str, chosen: list[Setting], filename: str) -> str:
    """The house file: a comment saying how to use it, the top keys, then the chosen lines
    slot by slot in the order a variant file lists them, each with its comment."""
    lines = [f"# {name}: house rules on {extends}, written by pitchcore new.",
             f"# Check them with: pitchcore check {filename}",
             f"# Read them in plain words: pitchcore explain {filename}",
             f"extends: {_scalar(extends)}", f"name: {_scalar(name)}", f"description: {_scalar(description)}"]
    lines += [_commented(f"{item.key}: {_scalar(item.value)}", item.comment) for item in chosen if item.slot is None]
    for slot in SLOT_ORDER:
        mine = [item for item in chosen if item.slot == slot]
        if mine:
            lines.append(f"{slot}:")
            lines += [_commented(f"  {item.key}: {_scalar(item.value)}", item.comment) for item in mine]
    return "\n".join(lines) + "\n"


def _commented(line: str, comment: str) -> str:
    return f"{line:<{COMMENT_COLUMN - 1}} # {comment}" if comment else line


def _scalar(value: Any) -> str:
    """``value`` as YAML writes it on one line (quoted where plain text would read otherwise)."""
    text: str = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=1 << 20)
    return text.removesuffix("\n").removesuffix("\n...").strip()


def file_name(name: str) -> str:
    """The file a house variant called ``name`` is written to: ``NAME.yaml``, spelt safely."""
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-.")
    return f"{stem or DEFAULT_NAME}.yaml"


def parent_reference(extends: str, output: Path) -> str:
    """How the house file names its parent: a bundled name as it is, a file by its path
    from the house file's folder."""
    if extends in bundled_variants():
        return extends
    return Path(os.path.relpath(Path(extends).resolve(), output.parent.resolve())).as_posix()


# ---------------------------------------------------------------- the command

class Terminal:
    """Questions for the choices the command line left out, asked on a terminal."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout

    def ask(self, question: str, default: str) -> str:
        """The answer typed, or ``default`` for an empty line (or the end of the input)."""
        self.stdout.write(f"{question} [{default}]: ")
        self.stdout.flush()
        answer = self.stdin.readline()
        if not answer:
            self.stdout.write("\n")
        return answer.strip() or default

    def say(self, text: str) -> None:
        print(text, file=self.stdout)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add the ``new`` command to ``pitchcore``'s subcommands (its ``run`` is ``args.run``)."""
    parser = subparsers.add_parser(
        "new", help="write a house-rule file that extends a variant",
        description="Write a house-rule file (NAME.yaml) that extends a variant and changes what you choose. "
                    "Choices left out are asked for at a terminal; otherwise the parent's rules stand.")
    parser.add_argument("--extends", metavar="VARIANT", default=None,
                        help=f"the bundled variant or file the rules change (default: {DEFAULT_PARENT})")
    parser.add_argument("--name", default=None, help=f"the house variant's name (default: {DEFAULT_NAME})")
    parser.add_argument("--description", default=None, help="one line saying what the rules are")
    parser.add_argument("--players", type=int, default=None, metavar="N", help="players when a game does not say")
    parser.add_argument("--target", type=int, default=None, metavar="N", help="the score that wins")
    parser.add_argument("--win-by", type=int, default=None, metavar="N",
                        help="a side at the target must lead every other side by N")
    parser.add_argument("--stick-the-dealer", action=argparse.BooleanOptionalAction, default=None,
                        help="when everyone else passes, the dealer must bid (--no-stick-the-dealer: "
                             "the same dealer deals again)")
    parser.add_argument("--steal", action=argparse.BooleanOptionalAction, default=None,
                        help="the dealer may take the high bid by bidding the same (--no-steal: the "
                             "dealer must outbid)")
    parser.add_argument("--no-junk", action="store_const", const=True, default=None,
                        help="only the bidder's side scores its points")
    parser.add_argument("--output", "-o", metavar="PATH", default=None,
                        help="the file to write (default: NAME.yaml in the current folder)")
    parser.add_argument("--force", action="store_true", help="replace the file if it exists")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run ``pitchcore new``: status 0 with the file written, 2 with a one-line error and
    nothing written. Choices missing from ``args`` are asked on ``stdin`` when it is a
    terminal."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    terminal = Terminal(stdin, stdout) if _is_terminal(stdin) else None
    try:
        path, _ = write(args, terminal)
    except (PitchcoreError, ValueError, OSError) as error:
        print(f"pitchcore new: {error}", file=sys.stderr)
        return 2
    shown = os.fspath(path)
    print(f"Wrote {shown}. Check it with: pitchcore check {shown}; read it in plain words: "
          f"pitchcore explain {shown}", file=stdout)
    return 0


def write(args: argparse.Namespace, terminal: Terminal | None = None) -> tuple[Path, str]:
    """Choose, check and write the house file for ``args`` (``terminal``: where to ask for
    a missing choice; None: the parent's rules stand). Returns its path and text."""
    extends = args.extends or (_ask_variant(terminal) if terminal else DEFAULT_PARENT)
    parent = load_variant(extends)
    name = args.name or (terminal.ask("Name of your rules", DEFAULT_NAME) if terminal else DEFAULT_NAME)
    output = Path(args.output) if args.output else Path(file_name(name))
    if output.exists() and not args.force:
        raise Refused(f"{output} already exists; use --force to replace it, or --output to write another file")
    if not output.parent.is_dir():
        raise Refused(f"{output}: no folder {output.parent}")
    choices = {"players": args.players, "target": args.target, "win_by": args.win_by,
               "stick_the_dealer": args.stick_the_dealer, "steal": args.steal, "no_junk": args.no_junk}
    if terminal is not None:
        _ask_missing(parent, choices, terminal)
    chosen = settings(parent, **choices)
    description = args.description or _description(parent, chosen)
    text = house_text(parent_reference(extends, output), name, description, chosen, output.name)
    try:
        load_variant_text(text, str(output), base=output.parent)
    except VariantError as error:
        raise Refused(f"these choices do not make a variant that loads:\n{error}") from None
    with output.open("w" if args.force else "x", encoding="utf-8") as handle:
        handle.write(text)
    return output, text


def _description(parent: Variant, chosen: list[Setting]) -> str:
    words = [item.words for item in chosen if item.words]
    return f"House rules on {parent.name}" + (f": {', '.join(words)}" if words else "")


# ---------------------------------------------------------------- questions at a terminal

def _is_terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty()) if callable(isatty) else False


def _ask_variant(terminal: Terminal) -> str:
    while True:
        answer = terminal.ask("Which variant do your rules change (pitchcore variants lists them)", DEFAULT_PARENT)
        try:
            load_variant(answer)
        except VariantError as error:
            terminal.say(str(error))
            continue
        return answer


def _ask_missing(parent: Variant, choices: dict[str, Any], terminal: Terminal) -> None:
    """Ask for each choice not given that the parent has a place for; an answer equal to
    the parent's rule changes nothing."""
    def has(slot: str, key: str) -> bool:
        return key in {field.name for field in attrs.fields(type(parent.component(slot)))}

    if choices["players"] is None and has("deal", "default_players"):
        players = _number(terminal, "How many players", parent.deal.default_players)
        choices["players"] = None if players == parent.deal.default_players else players
    if choices["target"] is None and has("going_out", "target"):
        current = getattr(parent.going_out, "target")  # noqa: B009  (a field of this kind only)
        target = _number(terminal, "Play to how many points", current)
        choices["target"] = None if target == current else target
    if choices["stick_the_dealer"] is None and has("auction", "all_pass"):
        stuck = getattr(parent.auction, "all_pass") == "dealer-must-bid"  # noqa: B009
        answer = _yes(terminal, "Stick the dealer (when everyone else passes, the dealer must bid)", stuck)
        choices["stick_the_dealer"] = None if answer == stuck else answer
    if choices["steal"] is None and has("auction", "dealer_may_take"):
        takes = bool(getattr(parent.auction, "dealer_may_take"))  # noqa: B009
        answer = _yes(terminal, "May the dealer take the high bid by bidding the same (steal)", takes)
        choices["steal"] = None if answer == takes else answer


def _number(terminal: Terminal, question: str, default: int) -> int:
    while True:
        answer = terminal.ask(question, str(default))
        if answer.isascii() and answer.isdigit() and len(answer) <= 6:
            return int(answer)
        terminal.say(f"expected a whole number, got {printable(answer)}")


def _yes(terminal: Terminal, question: str, default: bool) -> bool:
    while True:
        answer = terminal.ask(question, "yes" if default else "no").lower()
        if answer in ("y", "yes", "n", "no"):
            return answer.startswith("y")
        terminal.say("answer yes or no")
