"""Scenario tests for ``deal.worthless: no-trump``: a misdeal when a hand holds no trump.

The check cannot run at the deal: trump is not known yet. It runs once trump is known and
the hands are final, after the exchange and before the first lead (``TrumpMisdeal`` wraps
the exchange step at its index in the pipeline). ``worthless_hand: redeal`` throws such a
deal in at once; ``demand`` asks each seat from the dealer's left to the dealer for ``pass``,
or ``redeal`` when its hand holds no trump. The same dealer deals again either way.

The house rules extend smear (4 seats, 6 cards in packets of 3, the bidder names trump, the
jick is a trump, no exchange) or minnesota-smear (two jokers and the jick, a kitty, discard
and refill). A stacked first deal (``hands=``) is checked like any other: the hands are
stacked, the trump is the bidder's choice.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import pitchcore as pc
from conftest import card_locations, choose_move, play_random, random_game, refused
from pitchcore.components.trump_misdeal import TrumpMisdeal
from pitchcore.game.kernel import unsupported
from pitchcore.interop import history
from pitchcore.model.cards import mask_of
from pitchcore.model.state import GameState, Phase
from pitchcore.tools.explain import explain

CLUBLESS = "AH KH 2H 3D 4D 5S"
"""No club, no spade jack: no trump when clubs are named."""
CLUBS = ("AC KC QC 9H 8H 7H", "TC 9C 8C 7D 6D 5D", "6C 5C 4C 4S 3S 2S")
"""Hands each holding clubs, to fill the other seats."""
PLENTY = ("AS KS QS AC KC QC", "JS TS 9S JC TC 9C", "8S 7S 6S 8C 7C 6C", "5S 4S 3S 5C 4C 3C")
"""Every hand holds spades and clubs: nobody is without trump in spades or clubs."""


def house(rule: str, base: str = "smear") -> pc.Variant:
    return pc.load_variant_text(f"extends: {base}\nname: house\n"
                                f"deal: {{worthless_hand: {rule}, worthless: no-trump}}\n")


def hands_with(seat: int, hand: str) -> list[str]:
    """Four hands: ``hand`` at ``seat``, the club hands at the other seats."""
    others = iter(CLUBS)
    return [hand if index == seat else next(others) for index in range(4)]


def legal(state: GameState) -> set[str]:
    return {str(move) for move in state.legal_moves()}


def to_trump(state: GameState, suit: str) -> GameState:
    """``state`` (a smear auction) bid out by the eldest at 2, everyone else passing, then
    ``suit`` named."""
    moves = ["bid 2", "pass", "pass", "pass"]
    for move in moves:
        state = state.apply(move)
    assert state.phase is Phase.NAMING_TRUMP
    return state.apply(f"trump {suit}")


# ---------------------------------------------------------------- the pipeline


def test_the_exchange_is_wrapped_only_where_the_rule_is_set() -> None:
    variant = house("demand")
    wrapped = pc.new_game(variant, seed=1).table
    plain = pc.new_game("smear", seed=1).table
    assert len(wrapped.pipeline) == len(plain.pipeline) == 6
    step = wrapped.pipeline[4]
    assert isinstance(step, TrumpMisdeal) and step.exchange is variant.exchange
    assert plain.pipeline[4] is plain.variant.exchange
    other = pc.load_variant_text("extends: smear\nname: house\ndeal: {worthless_hand: demand}\n")
    assert pc.new_game(other, seed=1).table.pipeline[4] is other.exchange
    assert unsupported(house("redeal")) is None  # the kernel still plays the tricks


# ---------------------------------------------------------------- demand


def test_demand_after_trump_is_named_a_trumpless_seat_may_call_the_misdeal() -> None:
    s = pc.new_game(house("demand"), players=4, seed=5, dealer=3, hands=hands_with(2, CLUBLESS))
    assert s.phase is Phase.BIDDING  # nothing is asked at the deal
    s = to_trump(s, "C")
    assert (s.phase, s.to_move, legal(s)) == (Phase.DEALING, 0, {"pass"})
    refused(s, "redeal", r"seat 0 holds trumps \(QC KC AC, with clubs trump\), so it may not demand a redeal: pass")
    s = s.apply("pass").apply("pass")
    assert (s.to_move, legal(s)) == (2, {"pass", "redeal"})
    kept = s.apply("pass").apply("pass")  # it may play it too; the dealer passes last
    assert (kept.phase, kept.deal_number, kept.info.trump) == (Phase.PLAYING, 0, 0)
    thrown = s.apply("redeal")
    assert (thrown.dealer, thrown.deal_number, thrown.phase) == (3, 1, Phase.BIDDING)
    assert thrown.hand_results == () and thrown.scores == s.scores
    assert sorted(card_locations(thrown)) == list(range(52))


def test_demand_a_seat_with_trump_is_told_why_and_only_of_its_own_hand() -> None:
    s = to_trump(pc.new_game(house("demand"), players=4, seed=5, dealer=3,
                             hands=hands_with(2, CLUBLESS)), "C")
    with pytest.raises(pc.IllegalMove) as caught:
        s.apply("redeal")
    message = str(caught.value)
    assert "QC KC AC" in message
    for seat, hand in enumerate(hands_with(2, CLUBLESS)):
        if seat:
            assert not any(card in message for card in hand.split()), (seat, message)
    with pytest.raises(pc.IllegalMove, match=r"before the play seat 0 may pass"):
        s.apply("bid 3")


def test_demand_the_jick_counts_as_a_trump() -> None:
    """Smear's jick (the jack of the trump's colour) is a trump: a hand whose only 'club'
    is the jack of spades holds a trump when clubs are named."""
    jick = "JS AH KH 2H 3D 4D"
    s = to_trump(pc.new_game(house("demand"), players=4, seed=5, dealer=3, hands=hands_with(0, jick)), "C")
    assert (s.to_move, legal(s)) == (0, {"pass"})
    refused(s, "redeal", r"seat 0 holds a trump \(JS, with clubs trump\)")
    # named in spades, the same hand holds a trump too (the jack of spades itself)
    s = to_trump(pc.new_game(house("demand"), players=4, seed=5, dealer=3, hands=hands_with(0, jick)), "H")
    assert legal(s) == {"pass"}


def test_demand_after_the_discards_and_refills() -> None:
    """Minnesota Smear's kitty goes to the bidder and every seat discards and is refilled:
    the seats are asked once the refill is over, of the hands they then hold."""
    s = pc.new_game(house("demand", "minnesota-smear"), players=4, seed=7, dealer=3)
    rng = random.Random(7)
    while s.phase is not Phase.DEALING:
        s = s.apply(choose_move(s, rng))
    assert s.step == 4 and s.info.trump is not None and s.to_move == 0
    trumps = s.table.trump_tables.trumps[s.info.trump]
    for _ in range(4):
        held = s.masks[s.to_move] & trumps
        assert legal(s) == ({"pass"} if held else {"pass", "redeal"})
        s = s.apply("pass")
    assert s.phase is Phase.PLAYING


JOKERS = ("extends: smear\nname: house\ndeal: {deck: two-jokers, worthless_hand: %s, worthless: no-trump}\n"
          "trump: {extras: [jick, jokers]}\n")
"""Smear with both jokers as trumps."""
JOKER_HANDS = ["HJ AH KH 2H 3D 4D", *CLUBS]
"""Seat 0 holds a joker and no club."""


def test_demand_a_joker_counts_as_a_trump() -> None:
    """A joker is a trump whatever suit is named: a hand holding one is not without trump."""
    variant = pc.load_variant_text(JOKERS % "demand")
    s = to_trump(pc.new_game(variant, players=4, seed=5, dealer=3, hands=JOKER_HANDS), "C")
    assert (s.phase, s.to_move, legal(s)) == (Phase.DEALING, 0, {"pass"})
    refused(s, "redeal", r"seat 0 holds a trump \(HJ, with clubs trump\), so it may not demand a redeal")


def test_redeal_a_joker_saves_a_hand() -> None:
    variant = pc.load_variant_text(JOKERS % "redeal")
    s = to_trump(pc.new_game(variant, players=4, seed=5, dealer=3, hands=JOKER_HANDS), "C")
    assert (s.phase, s.deal_number) == (Phase.PLAYING, 0)
    hands = ["9S AH KH 2H 3D 4D", *CLUBS]
    s = to_trump(pc.new_game(variant, players=4, seed=5, dealer=3, hands=hands), "C")
    assert (s.phase, s.deal_number) == (Phase.BIDDING, 1)


# ---------------------------------------------------------------- redeal


def test_redeal_a_trumpless_hand_throws_the_deal_in_once_trump_is_named() -> None:
    s = pc.new_game(house("redeal"), players=4, seed=5, dealer=3, hands=hands_with(2, CLUBLESS))
    assert (s.phase, s.deal_number) == (Phase.BIDDING, 0)  # a stacked deal is bid as usual
    thrown = to_trump(s, "C")
    assert (thrown.dealer, thrown.deal_number, thrown.phase, thrown.to_move) == (3, 1, Phase.BIDDING, 0)
    assert thrown.hand_results == ()
    assert sorted(card_locations(thrown)) == list(range(52))


def test_redeal_every_hand_holding_trump_is_played() -> None:
    s = pc.new_game(house("redeal"), players=4, seed=5, dealer=3, hands=list(PLENTY))
    s = to_trump(s, "S")
    assert (s.phase, s.deal_number, s.info.trump) == (Phase.PLAYING, 0, 3)


def test_redeal_the_jick_saves_a_hand() -> None:
    """Named clubs, the jack of spades is a trump: the deal stands."""
    hands = ["JS AH KH 2H 3D 4D", *CLUBS]
    s = to_trump(pc.new_game(house("redeal"), players=4, seed=5, dealer=3, hands=hands), "C")
    assert (s.phase, s.deal_number) == (Phase.PLAYING, 0)
    # without the jick (plain smear trump tables would not count it) it would be thrown in
    hands = ["QS AH KH 2H 3D 4D", *CLUBS]
    s = to_trump(pc.new_game(house("redeal"), players=4, seed=5, dealer=3, hands=hands), "C")
    assert (s.phase, s.deal_number) == (Phase.BIDDING, 1)


def test_redeal_after_the_discards_and_refills() -> None:
    """With an exchange, the hands are judged as they are after it: every seat's hand when
    the play begins holds a trump."""
    variant = house("redeal", "minnesota-smear")
    thrown = 0
    for seed in range(6):
        s = pc.new_game(variant, players=4, seed=seed, dealer=0)
        for before, _, after in play_random(s, seed, max_hands=3):
            if before.phase is not Phase.PLAYING and after.phase is Phase.PLAYING:
                trumps = after.table.trump_tables.trumps[after.info.trump]
                assert all(mask & trumps for mask in after.masks)
            if after.deal_number != before.deal_number and len(after.hand_results) == len(before.hand_results):
                assert after.dealer == before.dealer  # thrown in: the same dealer deals again
                thrown += before.step in (3, 4)  # when trump was named, or at the exchange's last discard
    assert thrown  # (the others: everyone passed in the auction)


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize("rule", ["redeal", "demand"])
def test_refused_where_the_first_lead_sets_trump(rule: str) -> None:
    with pytest.raises(pc.VariantError, match=(
            r"deal\.worthless: no-trump throws in a deal where a hand holds no trump once trump is "
            r"known, before the first lead, but with trump kind first-lead, trump is only known at "
            r"the first lead, when the play has begun; name trump before play \(trump\.kind: named "
            r"or turn-up\), or judge the hands at the deal \(deal\.worthless: nothing-above-nine or "
            r"no-face-card or no-ace-or-face-card\)")):
        house(rule, "auction-pitch")


def test_refused_where_there_is_no_trump(tmp_path: Path) -> None:
    with pytest.raises(pc.VariantError, match=r"but with trump kind none, there is never a trump; "
                                              r"name trump before play \(trump\.kind: named or turn-up\)"):
        house("redeal", "jacks-trump")
    path = tmp_path / "house.yaml"
    path.write_text("extends: smear\nname: house\ndeal: {worthless_hand: demand, worthless: no-trump}\n"
                    "trump: none\nexchange: none\npoints:\n  - {kind: game, tie: nobody}\n")
    with pytest.raises(pc.VariantError, match=r"house\.yaml:3: deal\.worthless: no-trump throws in"):
        pc.load_variant(path)


def test_refused_with_every_deal_played() -> None:
    with pytest.raises(pc.VariantError, match=r"deal\.worthless: no-trump says which hand is thrown "
                                              r"in, but worthless_hand: play plays every deal"):
        pc.load_variant_text("extends: smear\nname: house\ndeal: {worthless: no-trump}\n")


def test_the_turned_up_trump_is_known_before_play() -> None:
    variant = house("redeal", "seven-up")
    assert isinstance(pc.new_game(variant, seed=1).table.pipeline[4], TrumpMisdeal)


def test_the_dealer_choosing_the_size_may_demand_after_trump() -> None:
    """dealer-chooses refuses demand at the deal (its dealer moves then), but a hand with no
    trump is asked about after the exchange, through the same step."""
    variant = pc.load_variant_text(
        "extends: smear\nname: house\ndeal: {kind: dealer-chooses, min_hand_size: 4, hand_size: 6, "
        "packet: 1, worthless_hand: demand, worthless: no-trump}\n")
    assert isinstance(pc.new_game(variant, seed=1).table.pipeline[4], TrumpMisdeal)
    with pytest.raises(pc.VariantError, match=r"demand asks each seat before the bidding"):
        pc.load_variant_text("extends: smear\nname: house\ndeal: {kind: dealer-chooses, "
                             "min_hand_size: 4, hand_size: 6, worthless_hand: demand}\n")
    states, _ = random_game(variant, 3, max_hands=6)
    assert any(state.phase is Phase.DEALING and state.step == 4 for state in states)


# ---------------------------------------------------------------- words, records, games


def test_explain_says_when_and_who() -> None:
    text = " ".join(explain(house("demand")).split()).lower()
    assert ("once trump is known and the hands are final (after any discards and refills), before the "
            "first card is led, "
            "each player in turn, from the dealer's left to the dealer, may demand a redeal if its hand "
            "holds no trump; the same dealer then deals again") in text
    text = " ".join(explain(house("redeal")).split()).lower()
    assert "a deal where any hand holds no trump is thrown in, and the same dealer deals again" in text
    assert "before the bidding" not in text.split("auction:")[0]
    assert "an off-jack (jick), an off-five or a joker counts as a trump" in text


@pytest.mark.parametrize("rule", ["redeal", "demand"])
@pytest.mark.parametrize("base", ["smear", "minnesota-smear"])
def test_random_games_run_and_keep_every_card(rule: str, base: str) -> None:
    variant = house(rule, base)
    states, moves = random_game(variant, 11, max_hands=12)
    assert len(moves) >= 200 or states[-1].is_over
    assert any(state.deal_number > len(state.hand_results) for state in states)  # some deal thrown in
    if rule == "demand":
        assert any(state.phase is Phase.DEALING for state in states)
    cards = len(variant.deal.deck_cards())
    for state in states[:: max(1, len(states) // 40)]:
        assert sorted(card_locations(state)) == sorted(variant.deal.deck_cards()) and cards


def test_a_record_with_redeals_round_trips_and_replays() -> None:
    variant = house("demand", "minnesota-smear")
    states, moves = random_game(variant, 4, max_hands=4)
    assert any(move.kind == "redeal" for move in moves) or any(
        state.phase is Phase.DEALING for state in states)
    for state in states[:: max(1, len(states) // 30)] + [states[-1]]:
        assert pc.loads(pc.dumps(state)) == state
        for seat in range(4):
            view = state.view(seat)  # what each seat sees: its own cards only
            assert mask_of(card.index for card in view.hand) == state.masks[seat]
    asking = next(state for state in states if state.phase is Phase.DEALING)
    assert pc.loads(pc.dumps(asking)) == asking
    text = history.write(states[-1])
    again = history.read(text)
    assert again == states[-1]


def test_a_redeal_record_with_automatic_redeals_round_trips() -> None:
    variant = house("redeal")
    states, _ = random_game(variant, 2, max_hands=5)
    thrown = [state for state in states if state.deal_number > len(state.hand_results)]
    assert thrown
    for state in (thrown[0], thrown[-1], states[-1]):
        assert pc.loads(pc.dumps(state)) == state
    assert history.read(history.write(states[-1])) == states[-1]
