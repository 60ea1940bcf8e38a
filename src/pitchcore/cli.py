"""The ``pitchcore`` command: list, show and check variants, and play a demo match."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from . import simulate, terminal
from .bots import HeuristicBot
from .components import SLOT_ORDER
from .contradictions import notes
from .engine import new_game
from .errors import VariantError
from .loader import bundled_dir, bundled_variants, load_variant
from .registry import KINDS, SLOTS, describe
from .state import Phase


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


def _check(args: argparse.Namespace) -> int:
    failed = 0
    for path in args.files:
        try:
            variant = load_variant(path, base=args.base)
        except VariantError as error:
            failed += 1
            print(f"FAIL {path}\n{error}", file=sys.stderr)
        else:
            print(f"ok   {path} ({variant.name})")
            for key, message in notes(variant):
                print(f"     note: {'.'.join(map(str, key))}: {message}")
    return 1 if failed else 0


def _components(_: argparse.Namespace) -> int:
    for slot_name in SLOT_ORDER:
        slot = SLOTS[slot_name]
        default = f" (default: {slot.default})" if slot.default else ""
        print(f"{slot_name}: {slot.description}{default}")
        for kind, cls in KINDS[slot_name].items():
            print(f"  {kind:24} {describe(cls)}")
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
    print(f"Winner: side {state.winner}" if state.winner is not None else "Winner: nobody")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pitchcore", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("variants", help="list the bundled variants").set_defaults(run=_variants)
    show = commands.add_parser("show", help="print a variant's YAML")
    show.add_argument("name", help="bundled variant name or YAML file")
    show.add_argument("--resolved", action="store_true",
                      help="print the effective rules, every field spelt out")
    show.set_defaults(run=_show)
    check = commands.add_parser("check", help="validate house-rule YAML files")
    check.add_argument("files", nargs="+")
    check.add_argument("--base", default=None, metavar="DIR",
                       help="the folder extends paths may reach (default: each file's own folder)")
    check.set_defaults(run=_check)
    commands.add_parser("components", help="list slots and component kinds").set_defaults(
        run=_components)
    demo = commands.add_parser("demo", help="four heuristic bots play a match, printed hand by hand")
    demo.add_argument("--variant", default="auction-pitch")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--players", type=int, default=None)
    demo.set_defaults(run=_demo)
    simulate.add_parser(commands)
    terminal.add_parser(commands)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except BrokenPipeError:
        return 0
    except (VariantError, ValueError, OSError) as error:
        print(f"pitchcore: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
