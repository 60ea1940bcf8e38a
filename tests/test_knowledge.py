"""What a view proves (``bots.knowledge``) holds for the real deal, and samples keep to it.

For every bundled variant and the example variant files, random games are played and, at
decision points, the seat to move's knowledge is checked against the true hands; then the
hidden cards are sampled (``sample_deal``, ``sample_state``, the max-flow construction)
and the samples are checked against the same knowledge and the seat's own view.
"""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

import pitchcore as pc
from conftest import BUNDLED, TRUMP_HOUSE, choose_move
from pitchcore.bots import knowledge_of, sample_deal
from pitchcore.bots.knowledge import Knowledge
from pitchcore.bots.search import _exact, sample_state
from pitchcore.model.cards import mask_of, mask_text
from pitchcore.model.state import GameState, Phase

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
VARIANTS = (*BUNDLED, str(EXAMPLES / "call-partner.yaml"), str(EXAMPLES / "house-rules.yaml"),
            str(EXAMPLES / "partners-any-table.yaml"), *TRUMP_HOUSE)


def contradictions(kn: Knowledge, masks: tuple[int, ...] | list[int]) -> list[str]:
    """Where ``masks`` (every seat's hand now) breaks what ``kn`` says is proved."""
    found = []
    if masks[kn.seat] != kn.hand:
        found.append(f"the viewer's hand {mask_text(masks[kn.seat])} is not {mask_text(kn.hand)}")
    for seat, hand in enumerate(masks):
        if seat == kn.seat:
            continue
        if hand.bit_count() != kn.hand_sizes[seat]:
            found.append(f"seat {seat} holds {hand.bit_count()} cards, not {kn.hand_sizes[seat]}")
        own = hand & kn.own_discards
        if hand & kn.played:
            found.append(f"seat {seat} holds played cards {mask_text(hand & kn.played)}")
        if hand & kn.void_mask(seat):
            found.append(f"seat {seat} holds {mask_text(hand & kn.void_mask(seat))} of a suit it is proved void in")
        if kn.only_trumps[seat] and hand & ~kn.trumps:
            found.append(f"seat {seat}, proved to hold trumps only, holds {mask_text(hand & ~kn.trumps)}")
        shown = kn.shown_by(seat)
        if shown & ~hand:
            found.append(f"seat {seat} lacks {mask_text(shown & ~hand)}, which it is seen to hold")
        stray = hand & ~own & ~shown & ~kn.allowed(seat)
        if stray:
            found.append(f"seat {seat} holds {mask_text(stray)}, not allowed it")
        if own & ~kn.allowed_own_discards(seat):
            found.append(f"seat {seat} holds the viewer's discards {mask_text(own & ~kn.allowed_own_discards(seat))}")
        if own.bit_count() > kn.own_discard_room[seat]:
            found.append(f"seat {seat} holds {own.bit_count()} of the viewer's discards, room for "
                         f"{kn.own_discard_room[seat]}")
        trumps = (hand & kn.trumps).bit_count()
        if trumps < kn.min_trumps[seat]:
            found.append(f"seat {seat} holds {trumps} trumps, proved to hold {kn.min_trumps[seat]}")
    return found


def played_by(state: GameState) -> tuple[int, ...]:
    """The cards each seat has played this hand, from the engine's own record."""
    played = mask_of(state.trick_cards) | mask_of(card for _, cards, _ in state.done_tricks for card in cards)
    start = state.info.start
    if not start:
        return (0,) * state.players
    return tuple(mask & played for mask in start)


PUBLIC = ("phase", "to_move", "dealer", "scores", "hand", "hand_sizes", "bids", "bidder", "bid", "trump",
          "trick", "tricks", "trick_seats", "discards", "gift", "call", "called", "partner", "legal_moves",
          "shown")
"""What a sampled state must show the viewer as the real one does (the others' discard
counts and the stock's size are not modelled in a sample)."""


def check(state: GameState, rng: random.Random, where: str) -> int:
    """Every check at one decision point, for the seat to move; how many samples were made."""
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    kn = knowledge_of(view)
    # (a) the truth never contradicts what the view proves
    assert contradictions(kn, state.masks) == [], where
    if state.phase is Phase.PLAYING:
        assert kn.played_by == played_by(state), where
    samples = 0
    # (b, c) samples keep to the knowledge, and never touch the viewer's or the public cards
    for _ in range(2):
        deal = sample_deal(view, rng)
        assert deal[seat] == view.hand, where
        assert contradictions(kn, [mask_of(card.index for card in hand) for hand in deal]) == [], where
        samples += 1
    exact = _exact(kn, rng)
    assert exact is not None, f"{where}: no deal by max flow"
    assert contradictions(kn, exact) == [], where
    if state.phase is Phase.PLAYING:
        for _ in range(2):
            sampled = sample_state(view, rng)
            assert contradictions(kn, sampled.masks) == [], where
            assert sampled.legal_moves() == state.legal_moves(), where
            again = sampled.view(seat)
            for name in PUBLIC:
                assert getattr(again, name) == getattr(view, name), f"{where}: {name}"
            samples += 1
    return samples


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda name: Path(name).stem)
def test_the_real_deal_agrees_with_the_knowledge_and_samples_keep_to_it(variant: str) -> None:
    """At decision points of random games (every seat count the variant allows at its ends),
    for the seat to move: the real hands keep to its knowledge; every sample does too, and a
    sampled playing state shows that seat the same hand, public cards and legal moves."""
    rng = random.Random(1)
    rules = pc.load_variant_text(TRUMP_HOUSE[variant]) if variant in TRUMP_HOUSE else pc.load_variant(variant)
    deal = rules.deal
    player_counts = sorted({deal.default_players, deal.min_players, deal.max_players})
    points = samples = 0
    phases: set[Phase] = set()
    for game, players in enumerate(player_counts):
        for seed in range(1000 * game, 1000 * game + 2):
            state = pc.new_game(rules, players=players, seed=seed)
            moves, count = random.Random(seed), 0
            while not state.is_over and len(state.hand_results) < 3:
                if state.phase is not Phase.PLAYING or rng.random() < 0.5:
                    where = f"{Path(variant).stem}, {players} players, seed {seed}, move {count}"
                    samples += check(state, rng, where)
                    points += 1
                    phases.add(state.phase)
                state = state.apply(choose_move(state, moves))
                count += 1
    assert points > 20 and samples > 40
    assert Phase.PLAYING in phases


def states(variant: pc.Variant | str, seeds: range, hands: int = 1) -> list[GameState]:
    """Every state of random games of ``variant`` (a game per seed, ``hands`` hands each)."""
    found = []
    for seed in seeds:
        state = pc.new_game(variant, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.hand_results) < hands:
            found.append(state)
            state = state.apply(choose_move(state, rng))
    return found


def test_trump_only_seats_yet_to_play_to_the_trick_are_not_void() -> None:
    """Ten-point-pitch (``follow: trump-only``): the seats still to play to the trick in
    progress may hold trumps; the seat to move holds one; those passed over hold none."""
    seen = passed = 0
    for state in states("ten-point-pitch", range(12)):
        if state.phase is not Phase.PLAYING or not state.trick_cards or state.info.trump is None:
            continue
        mover = state.to_move
        assert mover is not None
        trumps = state.table.trump_tables.trumps[state.info.trump]
        played = {seat for seat, _ in state.trick}
        skipped = [seat for seat in range(state.players) if seat not in played and seat != mover
                   and not state.masks[seat] & trumps
                   and (seat - state.leader) % state.players < (mover - state.leader) % state.players]
        for seat in range(state.players):
            kn = knowledge_of(state.view(seat))
            assert contradictions(kn, state.masks) == [], (seat, state.trick)
            for other in skipped:
                assert kn.voids[other] >> state.info.trump & 1
                passed += 1
            if seat != mover:
                assert kn.min_trumps[mover] >= 1
                exact = _exact(kn, random.Random(seat))
                assert exact is not None and exact[mover] & trumps
        seen += 1
    assert seen > 20 and passed > 5


def test_an_exchange_proves_only_what_its_rule_implies() -> None:
    """Nine-Five (``discard: any``): a seat may keep non-trumps, so a deal can always be found;
    Cinch and Ten-point Pitch (a robber): once the hands are refilled nobody holds trumps only."""
    for variant in ("nine-five", "cinch", "ten-point-pitch"):
        seen = 0
        for state in states(variant, range(4)):
            if state.phase not in (Phase.DISCARDING, Phase.PLAYING):
                continue
            for seat in range(state.players):
                kn = knowledge_of(state.view(seat))
                assert contradictions(kn, state.masks) == [], (variant, seat, state.phase)
                sample_deal(state.view(seat), random.Random(seat))
            seen += 1
        assert seen > 10


def test_an_exchange_still_proves_what_its_rule_implies() -> None:
    """Hi-lo-jack (every non-trump thrown): before the refill a seat that discarded holds
    trumps only, and in play it holds the trumps it kept; a Cinch robber refilled like the
    others too, as far as its count proves (every split of it between exchange and robbing
    discards is allowed for)."""
    proved = {"only": 0, "kept": 0, "robber": 0}
    refilled = pc.load_variant_text("extends: cinch\nname: cinch-refilled\nexchange: {robber_hand: refilled}\n")
    for variant in ("hi-lo-jack", refilled):
        for state in states(variant, range(6)):
            view = state.view(state.to_move or 0)
            kn = knowledge_of(view)
            others = [seat for seat in range(state.players) if seat != kn.seat]
            if state.phase is Phase.DISCARDING:
                proved["only"] += any(kn.only_trumps[seat] for seat in others)
            elif state.phase is Phase.PLAYING:
                proved["kept"] += any(kn.min_trumps[seat] for seat in others)
                proved["robber"] += variant is refilled and state.dealer != kn.seat and kn.min_trumps[state.dealer] > 0
    assert all(count > 10 for count in proved.values()), proved


RULES = [(discard, trumps, robber) for discard in ("non-trumps", "any", "to-keep")
         for trumps in ("allowed", "dead", "returned") for robber in ("none", "dealer", "bidder")]


@pytest.mark.parametrize(("discard", "trumps", "robber"), RULES, ids=["-".join(rule) for rule in RULES])
def test_every_exchange_rule_keeps_the_real_deal_within_the_knowledge(discard: str, trumps: str, robber: str) -> None:
    """Cinch's deal (nine cards, a stock that may run out) under every ``discard-refill`` rule."""
    cinch = pc.load_variant("cinch")
    exchange = attrs.evolve(cinch.exchange, discard=discard, trump_discards=trumps, robber=robber)
    variant = attrs.evolve(cinch, exchange=exchange, name=f"cinch-{discard}-{trumps}-{robber}")
    rng = random.Random(3)
    seen = 0
    for state in states(variant, range(2), hands=2):
        if state.phase is Phase.DISCARDING or (state.phase is Phase.PLAYING and rng.random() < 0.2):
            seen += check(state, rng, f"{variant.name}, {state.phase.value}")
    assert seen > 10


HOUSE_RULES = [(discard, robber, hand, bury) for discard in ("non-trumps", "any") for robber in ("dealer", "bidder")
               for hand, bury in (("dealt", "any"), ("refilled", "non-point"), ("dealt", "non-point"))]


@pytest.mark.parametrize(("discard", "robber", "hand", "bury"), HOUSE_RULES,
                         ids=["-".join(rule) for rule in HOUSE_RULES])
def test_robbing_with_the_dealt_hand_and_unburied_point_cards_keep_the_real_deal_within_the_knowledge(
        discard: str, robber: str, hand: str, bury: str) -> None:
    """Cinch's deal with a robber that skips the discard (``robber_hand: dealt``) and with
    point cards kept while anything else can go (``bury: non-point``)."""
    cinch = pc.load_variant("cinch")
    exchange = attrs.evolve(cinch.exchange, discard=discard, robber=robber, robber_hand=hand, bury=bury)
    variant = attrs.evolve(cinch, exchange=exchange, name=f"cinch-{discard}-{robber}-{hand}-{bury}")
    rng = random.Random(5)
    seen = 0
    for state in states(variant, range(2), hands=2):
        if state.phase is Phase.DISCARDING or (state.phase is Phase.PLAYING and rng.random() < 0.2):
            seen += check(state, rng, f"{variant.name}, {state.phase.value}")
    assert seen > 10


def test_a_widow_of_ones_own_keeps_the_real_deal_within_the_knowledge() -> None:
    """Cinch with a widow: four more cards each after the auction, then a discard to six."""
    variant = pc.load_variant_text(
        "extends: cinch\nname: cinch-widow\nwidow: {kind: own, count: 4}\n"
        "exchange: {discard: to-keep, robber: none, robber_hand: refilled}\n")
    rng = random.Random(6)
    seen = 0
    for state in states(variant, range(3), hands=2):
        if state.phase is Phase.DISCARDING or (state.phase is Phase.PLAYING and rng.random() < 0.3):
            seen += check(state, rng, f"{variant.name}, {state.phase.value}")
    assert seen > 10
