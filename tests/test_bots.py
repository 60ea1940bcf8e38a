"""The bots: always legal, sampled deals never contradict a view, and the heuristics' basics.

Strength is measured by ``benchmarks/strength.py``; the one game-count check here is
seeded and far from its threshold.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

import pitchcore as pc
from conftest import BUNDLED, choose_move, dealt
from pitchcore.bots import Bot, HeuristicBot, RandomBot, SearchBot, deal_state, knowledge_of, play_game, sample_deal
from pitchcore.bots.heuristic import RulesInfo, rules_info
from pitchcore.bots.search import _exact, distinct_moves, playout, rollout_move, sample_masks
from pitchcore.game.view import PlayerView
from pitchcore.model.cards import CARDS, SUITS, Card, mask_of, parse_card
from pitchcore.model.state import GameState, Phase

PASSING = ("pass",)


def states_of(variant: str, seed: int, *, hands: int = 2, players: int | None = None) -> Iterator[GameState]:
    """The states of a game between random players (cautious bids), for ``hands`` hands."""
    state = pc.new_game(variant, players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over and len(state.hand_results) < hands:
        yield state
        state = state.apply(choose_move(state, rng))


# -- every bot is legal everywhere ---------------------------------------------------------


@pytest.mark.parametrize("variant", BUNDLED)
def test_every_bot_returns_a_legal_move(variant: str) -> None:
    bots: list[Bot] = [HeuristicBot(), RandomBot(), SearchBot(playouts=6)]
    rng = random.Random(7)
    asked = 0
    for seed in range(3):
        for index, state in enumerate(states_of(variant, seed)):
            if index % 3 and state.phase is Phase.PLAYING:
                continue
            seat = state.to_move
            assert seat is not None
            legal = state.legal_moves()
            for bot in bots:
                move = bot.choose(state.view(seat), legal, rng)
                assert move in legal, (variant, bot, state, move)
            asked += 1
    assert asked > 20


@pytest.mark.parametrize("variant", ["auction-pitch", "haus-pitch", "hi-lo-jack-partners"])
def test_whole_games_between_heuristic_and_search_bots_end(variant: str) -> None:
    state = pc.new_game(variant, seed=3)
    search = SearchBot(playouts=4)
    bots: list[Bot] = [search, HeuristicBot()] * 2
    end = play_game(state, bots, random.Random(3))
    assert end.is_over
    assert search.stats.decisions > 0


# -- sampled deals never contradict the view --------------------------------------------------


def contradictions(view: PlayerView, hands: list[int], state: GameState) -> list[str]:
    """What in ``hands`` (one mask per seat) the view proves wrong, worked out from the view alone."""
    found = []
    n = view.players
    own = mask_of(card.index for card in view.hand)
    if hands[view.seat] != own:
        found.append("the viewer's hand changed")
    seen = 0
    for seat, hand in enumerate(hands):
        if hand.bit_count() != view.hand_sizes[seat]:
            found.append(f"seat {seat} holds {hand.bit_count()} cards, not {view.hand_sizes[seat]}")
        if seen & hand:
            found.append(f"seat {seat} holds a card twice dealt")
        seen |= hand
    played = 0
    tricks = [(leader, [card.index for card in cards]) for leader, cards, _ in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], [card.index for _, card in view.trick]))
    for _, cards in tricks:
        played |= mask_of(cards)
    if seen & played:
        found.append("a played card is in a hand")
    own_discards = mask_of(card.index for card in view.discards) | mask_of(card.index for card in view.gift)
    own_discards &= ~own
    variant = state.table.variant
    refills_from_junk = variant.exchange.__class__.__name__ == "DiscardRefill"
    for seat in range(n):
        if seat != view.seat and hands[seat] & own_discards and not refills_from_junk:
            found.append(f"seat {seat} holds a card the viewer discarded")
    if view.trump is not None:
        t = SUITS.index(view.trump)
        tables = state.table.trump_tables
        for number, (leader, cards) in enumerate(tricks):
            led = tables.suit[t][cards[0]]
            if number == 0 and variant.play.first_lead == "trump" and led != t and hands[leader] & tables.trumps[t]:
                found.append(f"seat {leader} led a non-trump first but holds a trump")
            for position, card in enumerate(cards[1:], start=1):
                seat = (leader + position) % n
                if tables.suit[t][card] not in (led, t) and hands[seat] & tables.suit_masks[t][led]:
                    found.append(f"seat {seat} did not follow {SUITS[led]} but holds one")
    return found


@pytest.mark.parametrize("variant", ["auction-pitch", "haus-pitch", "hi-lo-jack", "hi-lo-jack-partners",
                                     "ten-point"])
def test_sampled_deals_never_contradict_the_view(variant: str) -> None:
    rng = random.Random(11)
    checked = 0
    for seed in range(6):
        for state in states_of(variant, 100 + seed, hands=3):
            if state.phase is not Phase.PLAYING or rng.random() < 0.5:
                continue
            for seat in range(state.players):
                view = state.view(seat)
                assert contradictions(view, list(state.masks), state) == []  # the truth passes
                for _ in range(3):
                    deal = sample_deal(view, rng)
                    assert deal[seat] == view.hand
                    hands = [mask_of(card.index for card in hand) for hand in deal]
                    assert contradictions(view, hands, state) == [], (variant, seed, seat)
                    checked += 1
                knowledge = knowledge_of(view)
                exact = _exact(knowledge, rng)
                assert exact is not None and contradictions(view, list(exact), state) == []
    assert checked > 300


def test_what_a_view_proves_about_the_unseen_cards_holds_for_the_real_deal() -> None:
    for variant in ("hi-lo-jack", "haus-pitch", "auction-pitch"):
        for state in states_of(variant, 5, hands=3):
            for seat in range(state.players):
                kn = knowledge_of(state.view(seat))
                for other in range(state.players):
                    hand = state.masks[other]
                    if other == seat:
                        assert hand == kn.hand
                        continue
                    assert not hand & kn.void_mask(other)
                    assert not hand & ~(kn.unknown | kn.own_discards)
                    assert (hand & kn.own_discards).bit_count() <= kn.own_discard_room[other]
                    assert (hand & kn.trumps).bit_count() >= kn.min_trumps[other]
                    if kn.only_trumps[other]:
                        assert not hand & ~kn.trumps


def haus_view_after(trick_texts: list[tuple[int, str]], trump: str = "H") -> PlayerView:
    """A haus-pitch view from seat 0 with completed tricks (leader, cards) written in."""
    state = pc.new_game("haus-pitch", seed=1)
    view = state.view(0)
    tricks = tuple((leader, tuple(Card.parse(text) for text in cards.split()), leader)
                   for leader, cards in trick_texts)
    played = {card for _, cards, _ in tricks for card in cards}
    hand = tuple(card for card in CARDS if card not in played)[:6]
    return attrs.evolve(view, phase=Phase.PLAYING, trump=trump, tricks=tricks, trick=(), hand=hand,
                        hand_sizes=(6 - len(tricks),) * 4, discards=(), gift=())


def test_voids_use_the_trump_tables_so_the_jick_is_a_trump() -> None:
    # hearts trump: JD is the jick. Seat 2 plays a club on a diamond lead: void in diamonds,
    # but it may still hold the jick, which is a trump.
    view = haus_view_after([(1, "AD 3C 5D 7D")])
    kn = knowledge_of(view)
    assert kn.voids[2] == 1 << SUITS.index("D")
    allowed = kn.allowed(2)
    assert allowed >> parse_card("JD") & 1
    assert not allowed >> parse_card("KD") & 1
    assert allowed >> parse_card("KH") & 1
    # a seat that played a non-trump when trump was led is void in trumps (the jick too)
    kn = knowledge_of(haus_view_after([(3, "AH 5H 3C 4H")]))
    assert kn.voids[1] == 1 << SUITS.index("H")
    allowed = kn.allowed(1)
    assert not allowed >> parse_card("JD") & 1 and not allowed >> parse_card("KH") & 1
    assert allowed >> parse_card("JC") & 1 and allowed >> parse_card("KD") & 1
    kn = knowledge_of(haus_view_after([(3, "AH 5H 6H JD")]))
    assert kn.voids[2] == 0  # the jick follows trumps


def test_a_non_trump_first_lead_proves_the_leader_has_no_trump() -> None:
    view = haus_view_after([(1, "AS 5S 3S 7S")])
    assert knowledge_of(view).voids[1] == 1 << SUITS.index("H")


def test_sample_deal_when_constraints_are_tight() -> None:
    # three seats; every other suit void but one each, so only one deal fits
    state = pc.new_game("auction-pitch", players=3, seed=1)
    view = state.view(0)
    tricks = (
        (0, (Card.parse("2C"), Card.parse("3D"), Card.parse("4D")), 0),  # trump C: 1, 2 void in clubs
        (0, (Card.parse("2H"), Card.parse("3S"), Card.parse("4H")), 0),  # 1 void in hearts
        (0, (Card.parse("2S"), Card.parse("5S"), Card.parse("5D")), 0),  # 2 void in spades
    )
    hand = tuple(Card.parse(text) for text in ("3C", "4C", "5C"))
    view = attrs.evolve(view, phase=Phase.PLAYING, trump="C", tricks=tricks, trick=(), hand=hand,
                        hand_sizes=(3, 3, 3))
    kn = knowledge_of(view)
    rng = random.Random(1)
    for _ in range(20):
        hands = sample_masks(kn, rng)
        assert not hands[1] & (kn.suit_mask(0) | kn.suit_mask(2))
        assert not hands[2] & (kn.suit_mask(0) | kn.suit_mask(3))


def test_deal_state_of_the_true_deal_plays_out_like_the_real_game() -> None:
    rng = random.Random(2)
    compared = 0
    for variant in ("auction-pitch", "haus-pitch", "hi-lo-jack", "partnership-pitch"):
        for state in states_of(variant, 21, hands=2):
            if state.phase is not Phase.PLAYING or rng.random() < 0.7:
                continue
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            copy = deal_state(view, state.masks)
            assert copy.legal_moves() == state.legal_moves()
            move = rng.choice(state.legal_moves())
            seed = rng.randrange(1000)
            delta, winner = playout(copy, move, random.Random(seed), 0.5)
            # the engine's own run of the same moves
            replay, real = random.Random(seed), state.apply(move)
            hands = len(state.hand_results)
            while len(real.hand_results) == hands:
                real = real.apply(rollout_move(real, real.legal_moves(), replay, 0.5))
            assert real.hand_results[-1].delta == delta
            assert (real.winner if real.is_over else None) == winner
            compared += 1
    assert compared > 10


def test_equivalent_plays_are_searched_once() -> None:
    view = haus_view_after([(1, "AS 5S 3S 7S")])
    hand = tuple(Card.parse(text) for text in ("6C", "7C", "8C", "TC", "2H"))
    view = attrs.evolve(view, hand=hand, hand_sizes=(5, 5, 5, 5))
    kn = knowledge_of(view)
    legal = [pc.Move("play", card.index) for card in hand]
    kept = {str(move) for move in distinct_moves(legal, kn, _rules("haus-pitch"))}
    assert kept == {"play 6C", "play TC", "play 2H"}


def _rules(name: str) -> RulesInfo:
    return rules_info(pc.load_variant(name))


# -- the heuristics ------------------------------------------------------------------------------


def first_bid(variant: str, hand: str, *, players: int = 4) -> pc.Move:
    """The HeuristicBot's move as eldest holding ``hand`` (other hands random)."""
    state = dealt(variant, hand, players=players)
    return HeuristicBot().choose(state.view(0), state.legal_moves(), random.Random(0))


@pytest.mark.parametrize(("variant", "strong", "weak"), [
    ("auction-pitch", "AS KS 2S 7H 9D 4C", "9C 5D 7H 9S 8C 6D"),
    ("partnership-pitch", "AS KS 2S 7H 9D 4C", "9C 5D 7H 9S 8C 6D"),
    ("hi-lo-jack", "AH KH 2H 7S 9D 4C 3D 8S 5C", "3C 5D 7H 9S 4C 6D 8H 2S 7C"),
    ("haus-pitch", "AH KH 2H 7S 9D 4C", "9C 5D 7H 9S 8C 6D"),
])
def test_heuristic_bids_ace_king_two_and_passes_rubbish(variant: str, strong: str, weak: str) -> None:
    assert first_bid(variant, strong).kind == "bid"
    assert first_bid(variant, weak) == pc.Move("pass")


def test_heuristic_bids_ace_and_deuce_two_and_ace_king_deuce_three() -> None:
    assert first_bid("hi-lo-jack", "AH 2H 7S 9D 4C 3D 8S 5C 6C") == pc.Move("bid", 2)
    assert first_bid("auction-pitch", "AS KS 2S 7H 9D 4C") == pc.Move("bid", 3)


def test_heuristic_never_smudges_an_ordinary_hand() -> None:
    move = first_bid("hi-lo-jack", "AH KH QH JH 2H 9D 4C 3D 8S")
    assert move.kind == "bid" and move.arg != "smudge"
    assert first_bid("hi-lo-jack", "AH KH QH JH TH 9H 8H 3D 8S") == pc.Move("bid", "smudge")


def test_heuristic_names_and_leads_the_suit_it_bid_on() -> None:
    hands = ["AH KH 2H 7S 9D 4C 3D 8S 5C", "3C 5D 7H 9S 4S 6D 8H 2S 7C",
             "TC JC QC KC AC 2D 4D 6S 3S", "TD JD QD KD AD 5S 6C 8C 9C"]
    state = pc.new_game("hi-lo-jack", seed=1, dealer=3, hands=hands)
    bot = HeuristicBot()
    rng = random.Random(0)
    state = state.apply(bot.choose(state.view(0), state.legal_moves(), rng))
    for _ in range(3):
        state = state.apply("pass")
    assert state.phase is Phase.NAMING_TRUMP
    state = state.apply(bot.choose(state.view(0), state.legal_moves(), rng))
    assert state.trump == "H"
    while state.phase is Phase.DISCARDING:
        state = state.apply(bot.choose(state.view(state.to_move), state.legal_moves(), rng))  # type: ignore[arg-type]
    assert state.to_move == 0
    assert str(bot.choose(state.view(0), state.legal_moves(), rng)) == "play AH"
    # auction pitch: the first lead pitches the suit the bid was made on, highest first
    hands = ["AS KS 2S 7H 9D 4C", "3C 5D 7C 9H 4H 6D", "TC JC QC KC AC 2D", "TD JD QD KD AD 5H"]
    state = pc.new_game("auction-pitch", seed=1, dealer=3, hands=hands)
    state = state.apply(bot.choose(state.view(0), state.legal_moves(), rng))
    for _ in range(3):
        state = state.apply("pass")
    assert state.phase is Phase.PLAYING and state.to_move == 0
    assert str(bot.choose(state.view(0), state.legal_moves(), rng)) == "play AS"


def follow_view(hand: str, trick: list[tuple[int, str]], trump: str, *, seat: int = 3,
                variant: str = "auction-pitch", bidder: int = 0) -> tuple[PlayerView, list[pc.Move]]:
    state = pc.new_game(variant, seed=1)
    view = state.view(seat)
    cards = tuple(Card.parse(text) for text in hand.split())
    played = tuple((s, Card.parse(text)) for s, text in trick)
    view = attrs.evolve(view, phase=Phase.PLAYING, trump=trump, trick=played, tricks=(), hand=cards,
                        hand_sizes=tuple(6 - (1 if any(s == x for s, _ in played) else 0) for x in range(4)),
                        bidder=bidder, bid=2, to_move=seat)
    led = played[0][1]
    follow = [card for card in cards if card.suit == led.suit]
    legal = [pc.Move("play", card.index) for card in (follow + [c for c in cards if c.suit == trump]
                                                       if follow else list(cards))]
    return view, list(dict.fromkeys(legal))


def test_heuristic_does_not_throw_a_ten_on_an_opponents_trick() -> None:
    # spades trump; seat 1 leads AC and seat 2 trumps with AS: seat 3 must follow clubs
    view, legal = follow_view("TC 4C 9H 8D 7D 3H", [(0, "5C"), (1, "AC"), (2, "AS")], "S")
    assert str(HeuristicBot().choose(view, legal, random.Random(0))) == "play 4C"


def test_heuristic_protects_the_jack_on_a_trick_it_wins() -> None:
    # spades trump; the AS and KS are out (played in the trick); seat 3 is last and holds JS
    view, legal = follow_view("JS 4S 9H 8D 7D 3H", [(0, "3S"), (1, "5S"), (2, "6S")], "S")
    assert str(HeuristicBot().choose(view, legal, random.Random(0))) == "play JS"


def test_heuristic_gives_its_partner_the_pips() -> None:
    # partnership: seat 1 (partner of 3) wins with the master trump; seat 3 throws its ten
    view, legal = follow_view("TC 4C 9H 8D 7D 3H", [(0, "5C"), (1, "AS"), (2, "KC")], "S",
                              variant="partnership-pitch", bidder=1)
    assert str(HeuristicBot().choose(view, legal, random.Random(0))) == "play TC"


def test_heuristic_beats_random_in_a_short_seeded_match() -> None:
    wins = 0
    for game in range(12):
        state = pc.new_game("auction-pitch", seed=500 + game, dealer=game % 4)
        heuristic = {seat for seat in range(4) if (seat + game) % 2 == 0}
        bots = [HeuristicBot() if seat in heuristic else RandomBot() for seat in range(4)]
        end = play_game(state, bots, random.Random(game))
        wins += end.winner in heuristic
    assert wins >= 9  # measured: ~97% over 2000 games


def junk_refill_state() -> GameState:
    """The first hi-lo-jack deal (by seed) whose refill ran out of stock and used the junk."""
    for seed in range(400):
        state = next(s for s in states_of("hi-lo-jack", seed, hands=1) if s.phase is Phase.PLAYING)
        view = state.view(state.dealer)
        counts = view.discard_counts
        drawn = sum(max(count - 3, 0) for count in counts)  # refills: 9 dealt, 6 kept
        if min(drawn - (52 - 4 * 9), counts[state.dealer] - 3) >= 2:  # the dealer refills last
            return state
    raise AssertionError("no junk refill in 400 deals")


def test_hi_lo_jack_refills_from_the_junk_may_hand_on_the_viewers_discards() -> None:
    # the stock runs out during the refill: the last seats refilled (the dealer last) draw
    # from the junk, which holds every seat's discards
    state = junk_refill_state()
    dealer = state.dealer
    rng = random.Random(37)
    for seat in range(4):
        if seat == dealer:
            continue
        kn = knowledge_of(state.view(seat))
        room = kn.own_discard_room[dealer]
        assert room >= 2
        handed_on = 0
        for _ in range(60):
            hands = sample_masks(kn, rng)
            for other in range(4):
                if other != seat:
                    assert (hands[other] & kn.own_discards).bit_count() <= kn.own_discard_room[other]
                    assert (hands[other] & kn.trumps).bit_count() >= kn.min_trumps[other]
            handed_on += bool(hands[dealer] & kn.own_discards)
        assert handed_on
        # the truth agrees with what the view proves
        truth = state.masks[dealer]
        assert (truth & kn.own_discards).bit_count() <= room


def test_bots_read_a_house_variant_from_the_view(tmp_path: Path) -> None:
    """A game of a house-rule file needs nothing passed to the bots: the view has the rules."""
    house = tmp_path / "our-haus.yaml"
    house.write_text("extends: haus-pitch\nname: our-haus\ngoing_out: {target: 5}\n")
    variant = pc.load_variant(str(house))
    state = pc.new_game(variant, seed=4)
    assert state.view(0).rules == variant
    final = play_game(state, [HeuristicBot(), SearchBot(playouts=8), HeuristicBot(), RandomBot()],
                      random.Random(4))
    assert final.is_over and final.winner is not None
    assert max(final.scores) >= 5


def test_deals_read_from_a_draw_never_contradict_the_view() -> None:
    """``read_draws`` leans each seat to the cards worth keeping: a hint that must never
    break what the view proves, even where the players threw at random."""
    variant = pc.load_variant("haus-pitch")
    rules = rules_info(variant)
    bot = SearchBot(variant=variant, read_draws=1.0)
    rng = random.Random(5)
    checked = 0
    for seed in range(4):
        for state in states_of("haus-pitch", 200 + seed, hands=3):
            if state.phase is not Phase.PLAYING or rng.random() < 0.5:
                continue
            for seat in range(state.players):
                view = state.view(seat)
                knowledge = knowledge_of(view, variant)
                kept = bot._kept(view, knowledge, rules, variant)
                assert kept is not None
                for _ in range(3):
                    hands = bot.sample(view, knowledge, rules, rng, (), kept)
                    assert contradictions(view, list(hands), state) == [], (seed, seat)
                    checked += 1
    assert checked > 150
