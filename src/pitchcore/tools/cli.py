"""The ``pitchcore`` command: list, show, explain, check and write variants, and play a demo match."""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from ..bots import HeuristicBot
from ..bots.loading import search_current_folder
from ..components import SLOT_ORDER
from ..components.registry import KINDS, SLOTS, describe
from ..game.engine import new_game
from ..interop import history
from ..loading import plugins
from ..loading.contradictions import notes
from ..loading.loader import bundled_dir, bundled_variants, load_variant, variant_warnings
from ..loading.schema import schema_json
from ..model.errors import PitchcoreError, VariantError
from ..model.phase import Phase
from ..model.results import winners_text
from ..model.text import printable
from . import explain, scaffold, simulate, terminal, tournament


def _variants(_: argparse.Namespace) -> int:
    for name in bundled_variants():
        print(f"{name:24} {load_variant(name).description}")
    return 0


def _show(args: argparse.Namespace) -> int:
    if args.resolved:
        print(load_variant(args.name).to_yaml(), end="")
    elif args.name in bundled_variants():
        print(bundled_dir().joinpath(args.name + ".yaml").read_text(encoding="utf-8"), end="")
    else:
        with open(args.name, encoding="utf-8") as handle:
            print(handle.read(), end="")
    return 0


def _explain(args: argparse.Namespace) -> int:
    """Print a variant's effective rules in plain English (``tools/explain.py``)."""
    print(explain.explain(load_variant(args.name, base=args.base), width=args.width), end="")
    return 0


def _check(args: argparse.Namespace) -> int:
    """Check each file: its problems (status 1), or ``ok`` with its notes; either way, the
    warnings about rules of its parent it drops; then each file that is ok is followed by its
    rules in plain English (``--no-explain``: not), for the table to read and say "yes, that
    is how we play"."""
    explaining = args.explain
    failed = 0
    for path in args.files:
        try:
            variant = load_variant(path, base=args.base)
        except VariantError as error:
            failed += 1
            print(f"FAIL {path}\n{error}", file=sys.stderr)
            stream = sys.stderr
        else:
            print(f"ok   {path} ({variant.name})")
            for key, message in notes(variant):
                print(f"     note: {'.'.join(map(str, key))}: {message}")
            stream = sys.stdout
        for warning in variant_warnings(path, base=args.base):
            print(f"     warning: {warning}", file=stream)
        if explaining and stream is sys.stdout:
            print()
            print(explain.explain(variant, indent=" " * 5), end="")
            print()
    _plugins_left_out()
    return 1 if failed else 0


def _plugins_left_out() -> int:
    """Say which plugins failed to load, if any were loaded (status 1 if one failed)."""
    for plugin in plugins.failures():
        print(f"pitchcore: warning: {plugin}", file=sys.stderr)
    return 1 if plugins.failures() else 0


def _components(_: argparse.Namespace) -> int:
    plugins.load_plugins()
    for slot_name in SLOT_ORDER:
        slot = SLOTS[slot_name]
        default = f" (default: {slot.default})" if slot.default else ""
        print(f"{slot_name}: {slot.description}{default}")
        for kind, cls in KINDS[slot_name].items():
            plugin = plugins.plugin_of(cls)
            origin = f" (plugin {plugin.name})" if plugin else ""
            print(f"  {kind:24} {describe(cls)}{origin}")
    _plugins_left_out()
    return 0


def _plugins(_: argparse.Namespace) -> int:
    """List the installed plugins, with what each registered or why it was left out."""
    found = plugins.load_plugins()
    for plugin in found:
        print(plugin)
    if not found:
        print(f"no plugins installed (none names the entry-point group {plugins.GROUP}; see docs/plugins.md)")
    return 1 if plugins.failures() else 0


def _schema(_: argparse.Namespace) -> int:
    """Print the JSON Schema of variant files, with the installed plugins' kinds."""
    plugins.load_plugins()
    print(schema_json(plugins=True), end="")
    _plugins_left_out()
    return 0


def _demo(args: argparse.Namespace) -> int:
    variant = load_variant(args.variant)
    rng = random.Random(args.seed)
    state = new_game(variant, players=args.players, seed=args.seed)
    bot = HeuristicBot()
    print(f"{variant.name}: {variant.description}")
    print(f"{state.players} players, seed {args.seed}, sides {list(state.table.side_of)}\n")
    hands_seen = 0
    deal_shown, results_then = -1, 0
    hands_due = False
    while not state.is_over:
        if state.deal_number != deal_shown:
            if deal_shown >= 0 and len(state.hand_results) == results_then:
                print("  everyone passed: thrown in, the same dealer deals again\n")
            deal_shown, results_then = state.deal_number, len(state.hand_results)
            print(f"Hand {len(state.hand_results) + 1}, dealer seat {state.dealer}")
            hands_due = True
        if hands_due and state.phase is not Phase.DEALING:  # (where the dealer sizes the deal: once dealt)
            hands_due = False
            for seat, hand in enumerate(state.hands):
                print(f"  seat {seat}: {' '.join(str(card) for card in hand)}")
        mover = state.to_move
        assert mover is not None
        view = state.view(mover)
        move = bot.choose(view, view.legal_moves, rng)
        if move.kind == "deal":
            print(f"  seat {mover} deals {move.arg} cards each")
        state = state.apply(move)
        if len(state.hand_results) > hands_seen:
            hands_seen = len(state.hand_results)
            result = state.hand_results[-1]
            awards = ", ".join(f"{name}->{'-' if side is None else side}"
                               for name, side in result.awards.items())
            made = {True: "made", False: "set", None: "-"}[result.made]
            if result.bidder is None:  # no auction: only the points
                print(f"  {awards}; points taken {list(result.game_pips)}")
            else:
                print(f"  bidder seat {result.bidder} bid {result.bid} ({made}); {awards}")
            print(f"  score change {list(result.delta)} -> scores {list(state.scores)}\n")
    print(f"Final scores: {list(state.scores)}")
    winners = state.winners
    print(f"Winner: {winners_text(winners).removesuffix(' wins').removesuffix(' win')}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    """Print a saved history hand by hand; a bad file gives its located error and status 2.
    Every line printed is one printable line, whatever the file or its name holds."""
    try:
        game = history.read_file(args.file)
    except (history.HistoryError, OSError) as error:
        print(f"pitchcore replay: {printable(args.file)}: {printable(str(error))}", file=sys.stderr)
        return 2
    print(history.narrate(game.state, game.names), end="")
    return 0


def _play(args: argparse.Namespace) -> int:
    """The ``play`` command; with ``--save FILE``, the game's history is written to FILE when
    the game ends or the person leaves (quit, end of input, Ctrl-C)."""
    if args.save is None:
        return terminal.run(args)
    target = Path(args.save)
    if target.is_dir() or not target.parent.is_dir():
        print(f"pitchcore play: --save {args.save}: expected a file in an existing folder", file=sys.stderr)
        return 2
    try:
        session = terminal.make_session(args.variant, args.seat, args.bots, args.seed, args.players,
                                        sys.stdin, sys.stdout)
    except (VariantError, ValueError, OSError) as error:
        print(f"pitchcore play: {error}", file=sys.stderr)
        return 2
    try:
        status = session.play()
    except KeyboardInterrupt:
        print("\nInterrupted: leaving the game.")
        status = 130
    except BrokenPipeError:
        status = 0
    names = ["you" if seat == session.seat else _bot_label(session.bots[seat])
             for seat in range(session.state.players)]
    text = history.write(session.state, names=names, date=datetime.date.today(), event="pitchcore play")
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as error:
        print(f"pitchcore play: the history could not be saved: {error}", file=sys.stderr)
        return 2
    print(f"The game's history is saved in {os.fspath(target)}.")
    return status


def _bot_label(bot: object) -> str:
    """A bot's name in a saved history: its ``name``, else its class as ``module:Class``."""
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) and name else f"{type(bot).__module__}:{type(bot).__qualname__}"


def _serve(args: argparse.Namespace) -> int:
    try:
        from ..serving import server
    except ImportError as error:
        print(f"pitchcore serve needs the server extra (pip install 'pitchcore[server]'): {error}", file=sys.stderr)
        return 2
    return server.main(args.options)


def main(argv: Sequence[str] | None = None) -> int:
    """The ``pitchcore`` command; bot classes named ``module:Class`` may live in the current folder."""
    search_current_folder()
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["serve"]:  # (its options are the server's own: it parses them)
        return _serve(argparse.Namespace(options=arguments[1:]))
    parser = argparse.ArgumentParser(prog="pitchcore", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("variants", help="list the bundled variants").set_defaults(run=_variants)
    show = commands.add_parser("show", help="print a variant's YAML")
    show.add_argument("name", help="bundled variant name or YAML file")
    show.add_argument("--resolved", action="store_true",
                      help="print the effective rules, every field spelt out")
    show.set_defaults(run=_show)
    explained = commands.add_parser("explain", help="print a variant's rules in plain English, slot by slot")
    explained.add_argument("name", help="bundled variant name or YAML file")
    explained.add_argument("--base", default=None, metavar="DIR",
                           help="the folder extends paths may reach (default: the file's own folder)")
    explained.add_argument("--width", type=int, default=explain.WIDTH, metavar="COLUMNS",
                           help=f"wrap lines to COLUMNS (default {explain.WIDTH}; 0: one line per paragraph)")
    explained.set_defaults(run=_explain)
    check = commands.add_parser("check", help="validate house-rule YAML files")
    check.add_argument("files", nargs="+")
    check.add_argument("--base", default=None, metavar="DIR",
                       help="the folder extends paths may reach (default: each file's own folder)")
    check.add_argument("--explain", action=argparse.BooleanOptionalAction, default=True,
                       help="follow each file that is ok with its rules in plain English (the default; "
                            "--no-explain: only the problems, notes and warnings)")
    check.set_defaults(run=_check)
    scaffold.add_parser(commands)
    commands.add_parser("components", help="list slots and component kinds, the plugins' too").set_defaults(
        run=_components)
    commands.add_parser("plugins", help="list the installed plugins and the kinds they add").set_defaults(
        run=_plugins)
    commands.add_parser("schema", help="print the JSON Schema of variant files, with the plugins' kinds").set_defaults(
        run=_schema)
    demo = commands.add_parser("demo", help="four heuristic bots play a match, printed hand by hand")
    demo.add_argument("--variant", default="auction-pitch")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--players", type=int, default=None)
    demo.set_defaults(run=_demo)
    simulate.add_parser(commands)
    tournament.add_parser(commands)
    play = terminal.add_parser(commands)
    play.add_argument("--save", metavar="FILE", default=None,
                      help=f"write the game's history to FILE (e.g. game{history.EXTENSION}) when it ends or you leave")
    play.set_defaults(run=_play)
    replay = commands.add_parser("replay", help="print a saved game history hand by hand")
    replay.add_argument("file", help=f"a history written by play --save or simulate --save (*{history.EXTENSION})")
    replay.set_defaults(run=_replay)
    serve = commands.add_parser("serve", add_help=False, help="run the multiplayer server (the server extra): "
                                "`pitchcore serve --help` lists its options")
    serve.add_argument("options", nargs=argparse.REMAINDER)
    serve.set_defaults(run=_serve)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except BrokenPipeError:
        return 0
    except (PitchcoreError, ValueError, OSError) as error:
        print(f"pitchcore: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
