"""Every number a variant file sets has a range, and the loader refuses a number outside it.

A game server loads variant files that players send, so no number in one may make a game
list a huge number of legal moves or loop over a range the file chose. These tests walk
the registry: a number field without a minimum and a maximum fails here, each range is
enforced at both ends, and a variant with a number at either end either loads and plays
with short lists of legal moves, or is refused with a clean ``VariantError``.
"""

from __future__ import annotations

import random
import re
import typing
from typing import Any

import attrs
import pytest

import pitchcore as pc
from pitchcore import VariantError, load_variant_text
from pitchcore.components import registry
from pitchcore.components.registry import KINDS, SLOTS, field, number_range
from pitchcore.loading.contradictions import MOST_CHOICES
from pitchcore.loading.schema import settable_fields, value_schema
from pitchcore.loading.validation import _check
from pitchcore.model.state import Phase
from pitchcore.tools.docs import variants_markdown

PROBLEM = re.compile(r"^<test>:\d+: (\(top level\)|[\w.\[\]-]+): .+$")
"""One reported problem: ``file:line: key.path: message``."""
MOVES = 300
"""Random moves played on a variant that loads."""
MOST_MOVES = 200
"""The most legal moves a variant at the edges may offer outside the exchange (where a turn
may offer up to ``MOST_CHOICES`` discards): bids go to 100, hands to 13 + 13 cards."""


def holds_numbers(hint: Any) -> bool:
    """True for ``int``, and for any hint with an ``int`` in it (``int | None``,
    ``int | str``, ``tuple[int, ...]``, ``Mapping[str, int]``, ...); never for ``bool``."""
    return hint is int or any(holds_numbers(arg) for arg in typing.get_args(hint))


def number_fields(kinds: dict[str, dict[str, type[Any]]]) -> list[tuple[str, str, attrs.Attribute[Any]]]:
    """(slot, kind, field) of every field a variant file may set to a number."""
    return [(slot_name, kind, attribute) for slot_name, by_kind in kinds.items()
            for kind, cls in by_kind.items() for attribute in settable_fields(cls)
            if holds_numbers(typing.get_type_hints(cls)[attribute.name])]


def unranged(kinds: dict[str, dict[str, type[Any]]]) -> list[str]:
    """``slot kind.field`` of each number field without a whole-number minimum and maximum
    (the minimum at most the maximum)."""
    found = []
    for slot_name, kind, attribute in number_fields(kinds):
        least, most = attribute.metadata.get("minimum"), attribute.metadata.get("maximum")
        if not (type(least) is int and type(most) is int and least <= most):
            found.append(f"{slot_name} {kind}.{attribute.name}: minimum {least!r}, maximum {most!r}")
    return found


FIELDS = number_fields(KINDS)
IDS = [f"{slot_name}-{kind}-{attribute.name}" for slot_name, kind, attribute in FIELDS]


# ---------------------------------------------------------------- every number has a range

def test_every_number_field_of_every_component_has_a_minimum_and_a_maximum() -> None:
    assert len(FIELDS) >= 40, "the walk found too few number fields: is the registry loaded?"
    assert unranged(KINDS) == []


def test_the_walk_finds_a_number_field_without_a_range() -> None:
    """The check above can fail: a component that forgets a range, or gives only one end,
    or hides its numbers in a union or a list, is reported."""

    @attrs.frozen
    class Careless:
        plain: int = field(1, "no range at all")
        low_only: int = field(1, "a minimum only", minimum=0)
        either: int | str = attrs.field(default="x", metadata={"choices": ("x",)})
        maybe: int | None = attrs.field(default=None, metadata=number_range(5, 1))
        many: tuple[int, ...] = attrs.field(default=())
        flag: bool = False
        ranged: int = field(1, "fine", minimum=1, maximum=3)

    found = unranged({"test": {"careless": Careless}})
    assert [entry.split(":")[0] for entry in found] == [
        "test careless.plain", "test careless.low_only", "test careless.either",
        "test careless.maybe", "test careless.many"]


def test_the_schema_and_the_docs_give_every_range() -> None:
    text = variants_markdown()
    for slot_name, kind, attribute in FIELDS:
        cls = KINDS[slot_name][kind]
        least, most = attribute.metadata["minimum"], attribute.metadata["maximum"]
        schema = value_schema(typing.get_type_hints(cls)[attribute.name], attribute.metadata)
        integers = [option for option in schema.get("anyOf", [schema]) if option.get("type") == "integer"]
        assert integers == [{"type": "integer", "minimum": least, "maximum": most}], (slot_name, kind, attribute.name)
        section = text.split(f"### `{slot_name}: {kind}`\n", 1)[1].split("\n#", 1)[0]
        row = next(line for line in section.splitlines() if line.startswith(f"| `{attribute.name}` |"))
        assert f"| {least} to {most} |" in row, row


# ---------------------------------------------------------------- both ends are enforced

def base_for(slot_name: str, kind: str) -> str:
    """A bundled variant that uses ``kind`` in the slot (auction-pitch if none does)."""
    for name in pc.bundled_variants():
        component = pc.load_variant(name).component(slot_name)
        items = component if isinstance(component, tuple) else (component,)
        if any(registry.kind_of(item) == kind for item in items):
            return name
    return "auction-pitch"


def house(slot_name: str, kind: str, settings: str) -> tuple[str, str]:
    """A file extending a bundled variant that sets ``settings`` in a ``kind`` component,
    and the key path messages name that component by."""
    base = base_for(slot_name, kind)
    if SLOTS[slot_name].many:
        return f"extends: {base}\n{slot_name}: [{{kind: {kind}, {settings}}}]\n", f"{slot_name}[0]"
    return f"extends: {base}\n{slot_name}: {{kind: {kind}, {settings}}}\n", slot_name


def refusal(text: str) -> VariantError:
    with pytest.raises(VariantError) as caught:
        load_variant_text(text, "<test>")
    for problem in caught.value.problems:
        assert PROBLEM.match(problem), problem
    return caught.value


@pytest.mark.parametrize(("slot_name", "kind", "attribute"), FIELDS, ids=IDS)
def test_a_number_past_either_end_of_its_range_is_refused(slot_name: str, kind: str,
                                                          attribute: attrs.Attribute[Any]) -> None:
    least, most = attribute.metadata["minimum"], attribute.metadata["maximum"]
    for value in (least - 1, most + 1, -(2**40), 2**40):
        if least <= value <= most:
            continue
        text, path = house(slot_name, kind, f"{attribute.name}: {value}")
        error = refusal(text)
        mine = [problem for problem in error.problems if f": {path}.{attribute.name}: " in problem]
        assert len(mine) == 1, (text, error.problems)
        assert re.search(rf"whole number from {least} to {most}, got {value}$", mine[0]), mine[0]


@pytest.mark.parametrize(("text", "expected"), [
    # the two files that hung a server before ranges were checked
    ("extends: jacks-trump\nauction: {kind: sell-out, max_bid: 1099511627776}\n",
     "auction.max_bid: expected a whole number from 1 to 100, got 1099511627776"),
    ("extends: jacks-trump\ndeal: {kind: dealer-chooses, hand_size: 1099511627776}\n",
     "deal.hand_size: expected a whole number from 1 to 13, got 1099511627776"),
    ("extends: auction-pitch\ngoing_out: {lose_at: 0}\n",
     "going_out.lose_at: expected null or a negative whole number from -5000 to -1, got 0"),
    ("extends: jacks-trump\ngoing_out: {rounds: 101}\n",
     "going_out.rounds: expected per-player or a whole number from 1 to 100, got 101"),
    ("extends: haus-pitch\nshoot: {made: -1}\n",
     "shoot.made: expected one of win-game, score-earned, win-game-or-reset or a whole number from 0 to 5000, got -1"),
    ("extends: haus-pitch\nshoot: {failed: 11}\n",
     "shoot.failed: expected one of set-back, lose-game or a whole number from -5000 to 0, got 11"),
    ("extends: auction-pitch\nshoot: {bid: 101}\n",
     "shoot.bid: expected text or a whole number from 1 to 100, got 101"),
    ("extends: nine-five\nauction: {forced_bid: 0}\n",
     "auction.forced_bid: expected null or a whole number from 1 to 100, got 0"),
    ("extends: auction-pitch\ngoing_out: {target: -12345678901234567890}\n",
     "going_out.target: expected a whole number from 1 to 5000, got -12345678901234567890"),
])
def test_out_of_range_messages_say_the_range(text: str, expected: str) -> None:
    assert expected in str(refusal(text))


def test_a_number_of_thousands_of_digits_is_refused_by_its_size() -> None:
    """Never printed whole: Python refuses to write an int of more than 4300 digits."""
    field_ = attrs.fields_dict(KINDS["going_out"]["bidder-first"])["target"]
    assert _check(16 ** 3000, int, field_.metadata) == (
        "expected a whole number from 1 to 5000, got a number of about 3613 digits")
    made = attrs.fields_dict(KINDS["shoot"]["all-points"])["made"]
    assert _check(-(16 ** 3000), int | str, made.metadata) == (
        "expected one of win-game, score-earned, win-game-or-reset or a whole number from 0 to 5000, "
        "got a negative number of about 3613 digits")


@pytest.mark.parametrize(("entry", "fits"), [
    ("T=0", True), ("T=50", True), ("T=050", True), ("T=51", False), ("T=-1", False),
    ("T=1099511627776", False), ("T=" + "9" * 5000, False), ("T=\u00b2", False), ("T=", False),
])
def test_card_values_entries_are_worth_0_to_50(entry: str, fits: bool) -> None:
    text = f"extends: jacks-trump\npoints: [{{kind: card-values, values: ['{entry}']}}]\n"
    if fits:
        assert load_variant_text(text, "<test>").points[0].table()[8] == int(entry[2:])
    else:
        assert "the points after = must be a whole number from 0 to 50" in str(refusal(text))


# ---------------------------------------------------------------- the ends load and play, or are refused

def playout(variant: pc.Variant) -> int:
    """Random legal moves from a seeded game; each list of legal moves is short. The most
    moves offered at once."""
    state = pc.new_game(variant, seed=1)
    rng = random.Random(1)
    most = 0
    for _ in range(MOVES):
        if state.is_over:
            break
        legal = state.legal_moves()
        assert isinstance(legal, tuple) and legal, state.phase
        limit = MOST_CHOICES if state.phase is Phase.DISCARDING else MOST_MOVES
        assert len(legal) <= limit, (state.phase, len(legal))
        most = max(most, len(legal))
        state = state.apply(legal[rng.randrange(len(legal))])
    return most


def loads_and_plays_or_is_refused(text: str) -> pc.Variant | None:
    """The variant, played for ``MOVES`` random moves, or None for a clean refusal."""
    try:
        variant = load_variant_text(text, "<test>")
    except VariantError as error:
        for problem in error.problems:
            assert PROBLEM.match(problem), problem
            assert "whole number from" not in problem, f"a number in range was refused: {problem}"
        return None
    playout(variant)
    return variant


@pytest.mark.parametrize(("slot_name", "kind", "attribute"), FIELDS, ids=IDS)
def test_a_number_at_either_end_of_its_range_loads_and_plays_or_is_refused(
        slot_name: str, kind: str, attribute: attrs.Attribute[Any]) -> None:
    for value in (attribute.metadata["minimum"], attribute.metadata["maximum"]):
        text, _ = house(slot_name, kind, f"{attribute.name}: {value}")
        variant = loads_and_plays_or_is_refused(text)
        if variant is not None:
            component = variant.component(slot_name)
            component = component[0] if isinstance(component, tuple) else component
            assert getattr(component, attribute.name) == value


HUNDRED_POINTS = "points: [{kind: high, value: 50}, {kind: low, value: 50}, jack, game]\n"
"""Points adding up to 102, so that bids may go to 100."""


@pytest.mark.parametrize(("text", "least", "most"), [
    # bids to 100: a hundred bids and a pass
    ("extends: auction-pitch\n" + HUNDRED_POINTS + "auction: {min_bid: 1, max_bid: 100}\nshoot: {bid: 100}\n",
     101, 101),
    ("extends: sell-out\nauction: {min_bid: 1, max_bid: 100, pitch_bid: 100}\n", 100, 101),
    ("extends: jacks-trump\nauction: {kind: sell-out, max_bid: 100, pitch_bid: 100}\n", 100, 101),
    ("extends: nine-five\n" + HUNDRED_POINTS + "auction: {min_bid: 1, max_bid: 100, forced_bid: 100}\n",
     100, 101),
    # hands of 13 cards: the dealer chooses among 13 sizes; at most 13 cards to play
    ("extends: auction-pitch\ndeal: {max_players: 4, hand_size: 13, packet: 13}\n", 13, 13),
    ("extends: jacks-trump\ndeal: {max_players: 4, min_hand_size: 1, hand_size: 13, size_step: 1, "
     "max_dealt: 54, packet: 13}\n", 13, 13),
    ("extends: hi-lo-jack\ndeal: {max_players: 4, hand_size: 13}\nexchange: {keep: 13}\n", 10, 13),
    # the longest games: every move short, and the game goes on
    ("extends: auction-pitch\ngoing_out: {target: 5000, lose_at: -5000}\n", 5, 6),
    ("extends: jacks-trump\ngoing_out: {rounds: 100, lose_at: -1}\n", 3, 7),
])
def test_bids_hands_rounds_and_targets_at_their_maxima_play_with_short_move_lists(
        text: str, least: int, most: int) -> None:
    variant = load_variant_text(text, "<test>")
    assert least <= playout(variant) <= most


def test_an_exchange_of_more_discards_than_a_turn_may_offer_is_refused() -> None:
    """Ranges alone allow 13 cards and a gift of 13: a draw would list tens of millions of
    discards. The load check counts them at every table the variant allows."""
    error = refusal("extends: haus-pitch\ndeal: {min_players: 2, max_players: 2, default_players: 2, "
                    "hand_size: 13}\nwidow: {count: 13}\n")
    assert len(error.problems) == 1
    assert error.problems[0].startswith(
        "<test>:2: exchange: with 13 cards dealt to each of 2 players and 13 more to the bidder, a "
        "player may choose among 38,440,820 different discards in one turn of draw, more than the "
        "8,192 a turn may offer; deal fewer cards (deal.hand_size), give the bidder fewer "
        "(widow.count) or lower max_discard (now 6) (exchange comes from variants/haus-pitch.yaml:")
    # at the limit: every discard from 13 cards, the whole deck dealt to four
    variant = load_variant_text("extends: hi-lo-jack\ndeal: {max_players: 4, hand_size: 13}\n"
                                "exchange: {keep: 13, discard: any}\n", "<test>")
    assert playout(variant) == MOST_CHOICES
