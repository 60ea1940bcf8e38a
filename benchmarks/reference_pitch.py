"""A deliberately minimal pure-Python 4-player Auction Pitch: a speed yardstick, not a rules engine.

pitchcore's benchmark measures this in the same run, on the same machine, to show what a lean hand-written
Pitch achieves: ``MutableGame`` (one object mutated in place, bit-mask hands) and ``FrozenGame`` (a new
frozen attrs object per step). Both use the same rule helpers below. It does not import pitchcore.

Rules (cutthroat, 52 cards): deal 6 each; one round of bidding from the dealer's left, each bid 2-4 and
above the high bid; the dealer bids last, may take the bid at the current high, and is stuck with 2 if all
passed. The bidder leads and the first card led sets trump. Follow the led suit if able (a trump may always
be played); highest trump, else highest of the led suit, wins. High, Low, Jack (to its capturer) and Game
(unique most pips) score a point each; a bidder short of the bid loses the bid. First to 11 wins, the
bidder counted first; the dealer rotates.

Cards are ints ``suit * 13 + rank`` (rank 0..12 = 2..A); hands are 52-bit masks. Moves are ints: ``PASS``
(-1), a bid 2..4, or ``PLAY + card``. Legal lists may be shared between calls: do not mutate them.
``step`` counts a hand's transitions: 1-4 are bids, 4 + k is the k-th card played, 28 ends the hand.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence

import attrs

PASS, PLAY, JACK = -1, 100, 9
SUIT = tuple(0x1FFF << (13 * suit) for suit in range(4))
PIPS = (0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4)  # by rank: T=10 J=1 Q=2 K=3 A=4
BIDS = (  # BIDS[seat is dealer][high bid so far, 0 = none]
    [[PASS, *range(max(high + 1, 2), 5)] for high in range(5)],
    [[2] if high == 0 else [PASS, *range(high, 5)] for high in range(5)],
)


def deal(seed: int, hand_no: int) -> tuple[int, ...]:
    """Six cards to each seat, fixed by the game's seed and the hand number (so states stay pure)."""
    masks = [0, 0, 0, 0]
    for i, card in enumerate(random.Random(seed * 1_000_003 + hand_no).sample(range(52), 24)):
        masks[i & 3] |= 1 << card
    return tuple(masks)


def plays(hand: int, led: int, trump: int) -> list[int]:
    """Legal card plays: follow the led suit if able (trumps always allowed), else anything."""
    mask = hand
    if led >= 0 and hand & SUIT[led]:
        mask = hand & (SUIT[led] | SUIT[trump])
    out = []
    while mask:
        low = mask & -mask
        out.append(PLAY - 1 + low.bit_length())
        mask ^= low
    return out


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` takes the trick from the card currently winning it."""
    suit, best_suit = card // 13, best // 13
    return (suit == best_suit and card > best) or (suit == trump != best_suit)


def trump_points(hands: Sequence[int], trump: int) -> tuple[int, int]:
    """Seats holding High and Low, from the full hands at the first lead (every dealt card gets played)."""
    in_play = (hands[0] | hands[1] | hands[2] | hands[3]) & SUIT[trump]
    high, low = 1 << (in_play.bit_length() - 1), in_play & -in_play
    return next(s for s in range(4) if hands[s] & high), next(s for s in range(4) if hands[s] & low)


def score_hand(scores: Sequence[int], pips: Sequence[int], high: int, low: int, jack: int, bidder: int,
               bid: int) -> tuple[tuple[int, ...], int]:
    """New scores, and the winner (-1 while nobody has 11)."""
    points = [0, 0, 0, 0]
    points[high] += 1
    points[low] += 1
    if jack >= 0:
        points[jack] += 1
    most = max(pips)
    if pips.count(most) == 1:
        points[pips.index(most)] += 1
    new = [score + point for score, point in zip(scores, points, strict=True)]
    if points[bidder] < bid:
        new[bidder] = scores[bidder] - bid
    winner = bidder if new[bidder] >= 11 else max(range(4), key=new.__getitem__)
    return tuple(new), winner if new[winner] >= 11 else -1


class MutableGame:
    """One game object, mutated in place by ``apply``."""

    __slots__ = ("bidder", "dealer", "hands", "hands_played", "high", "high_seat", "jack_seat", "led", "low_seat",
                 "over", "pips", "scores", "seed", "step", "trick_pips", "trump", "turn", "win_card", "win_seat")

    def __init__(self, seed: int) -> None:
        self.seed, self.hands_played, self.scores, self.over = seed, 0, [0, 0, 0, 0], False
        self.new_hand(0)

    def new_hand(self, dealer: int) -> None:
        self.dealer, self.turn, self.step, self.high, self.trick_pips = dealer, (dealer + 1) & 3, 0, 0, 0
        self.hands, self.pips = list(deal(self.seed, self.hands_played)), [0, 0, 0, 0]
        self.bidder = self.trump = self.led = self.win_seat = self.win_card = -1
        self.high_seat = self.low_seat = self.jack_seat = -1

    def legal(self) -> list[int]:
        if self.step < 4:
            return BIDS[self.turn == self.dealer][self.high]
        return plays(self.hands[self.turn], self.led, self.trump)

    def apply(self, move: int) -> None:
        seat = self.turn
        step = self.step = self.step + 1
        if step <= 4:
            if move != PASS:
                self.high, self.bidder = move, seat
            self.turn = self.bidder if step == 4 else (seat + 1) & 3
            return
        card, trump = move - PLAY, self.trump
        if step & 3 == 1:  # leading a trick
            if trump < 0:
                self.trump = trump = card // 13
                self.high_seat, self.low_seat = trump_points(self.hands, trump)
            self.led, self.win_seat, self.win_card = card // 13, seat, card
        elif beats(card, self.win_card, trump):
            self.win_seat, self.win_card = seat, card
        self.hands[seat] ^= 1 << card
        self.trick_pips += PIPS[card % 13]
        if card == trump * 13 + JACK:
            self.jack_seat = -2  # goes to whoever wins this trick
        if step & 3:
            self.turn = (seat + 1) & 3
            return
        winner = self.turn = self.win_seat
        self.pips[winner] += self.trick_pips
        self.trick_pips, self.led = 0, -1
        if self.jack_seat == -2:
            self.jack_seat = winner
        if step == 28:
            scores, won = score_hand(self.scores, self.pips, self.high_seat, self.low_seat, self.jack_seat,
                                     self.bidder, self.high)
            self.scores, self.hands_played, self.over = list(scores), self.hands_played + 1, won >= 0
            if won < 0:
                self.new_hand((self.dealer + 1) & 3)


@attrs.frozen
class FrozenGame:
    """An immutable game state: ``apply`` builds a new one with a direct constructor call."""

    seed: int
    hands_played: int
    dealer: int
    scores: tuple[int, ...]
    hands: tuple[int, ...]
    turn: int
    step: int
    high: int
    bidder: int
    trump: int
    led: int
    win_seat: int
    win_card: int
    trick_pips: int
    pips: tuple[int, ...]
    high_seat: int
    low_seat: int
    jack_seat: int
    over: bool

    @staticmethod
    def start(seed: int, hands_played: int = 0, dealer: int = 0, scores: tuple[int, ...] = (0,) * 4) -> FrozenGame:
        return FrozenGame(seed, hands_played, dealer, scores, deal(seed, hands_played), (dealer + 1) & 3, 0, 0, -1,
                          -1, -1, -1, -1, 0, (0,) * 4, -1, -1, -1, False)

    def legal(self) -> list[int]:
        if self.step < 4:
            return BIDS[self.turn == self.dealer][self.high]
        return plays(self.hands[self.turn], self.led, self.trump)

    def apply(self, move: int) -> FrozenGame:
        s, seat, step = self, self.turn, self.step + 1
        if step <= 4:
            high, bidder = (s.high, s.bidder) if move == PASS else (move, seat)
            turn = bidder if step == 4 else (seat + 1) & 3
            return FrozenGame(s.seed, s.hands_played, s.dealer, s.scores, s.hands, turn, step, high, bidder, -1, -1, -1,
                              -1, 0, s.pips, -1, -1, -1, False)
        card, trump, led, win_seat, win_card = move - PLAY, s.trump, s.led, s.win_seat, s.win_card
        high_seat, low_seat, jack_seat, scores, played = s.high_seat, s.low_seat, s.jack_seat, s.scores, s.hands_played
        if step & 3 == 1:  # leading a trick
            if trump < 0:
                trump = card // 13
                high_seat, low_seat = trump_points(s.hands, trump)
            led, win_seat, win_card = card // 13, seat, card
        elif beats(card, win_card, trump):
            win_seat, win_card = seat, card
        hands = list(s.hands)
        hands[seat] ^= 1 << card
        trick_pips, pips, turn = s.trick_pips + PIPS[card % 13], s.pips, (seat + 1) & 3
        if card == trump * 13 + JACK:
            jack_seat = -2  # goes to whoever wins this trick
        if step & 3 == 0:
            pips = tuple(p + trick_pips if i == win_seat else p for i, p in enumerate(pips))
            turn, led, trick_pips, jack_seat = win_seat, -1, 0, win_seat if jack_seat == -2 else jack_seat
            if step == 28:
                scores, won = score_hand(scores, pips, high_seat, low_seat, jack_seat, s.bidder, s.high)
                played += 1
                if won < 0:
                    return FrozenGame.start(s.seed, played, (s.dealer + 1) & 3, scores)
        return FrozenGame(s.seed, played, s.dealer, scores, tuple(hands), turn, step, s.high, s.bidder, trump, led,
                          win_seat, win_card, trick_pips, pips, high_seat, low_seat, jack_seat, step == 28)


def choose(legal: list[int], rand: Callable[[], float]) -> int:
    """Uniform random card play; bids cautious like pitchcore's benchmark policy (uniform bids rarely end games)."""
    if legal[0] < PLAY:  # bidding: PASS first if allowed, then bids ascending
        return legal[1] if len(legal) > 1 and rand() < 0.3 else legal[0]
    return legal[int(rand() * len(legal))]


def throughput(kind: str, seconds: float, seed: int = 1) -> tuple[float, float]:
    """(transitions/s, hands/s) of random playouts of whole games, a new game when one ends."""
    if kind not in ("mutable", "frozen"):
        raise ValueError(f"unknown kind {kind!r}")
    rand = random.Random(seed).random
    transitions = hands = game_no = 0
    start = time.perf_counter()
    while time.perf_counter() < start + seconds:
        game_no += 1
        if kind == "mutable":
            game = MutableGame(game_no)
            while not game.over:
                game.apply(choose(game.legal(), rand))
                transitions += 1
            hands += game.hands_played
        else:
            state = FrozenGame.start(game_no)
            while not state.over:
                state = state.apply(choose(state.legal(), rand))
                transitions += 1
            hands += state.hands_played
    elapsed = time.perf_counter() - start
    return transitions / elapsed, hands / elapsed


def check(games: int = 200) -> None:
    """Both implementations, given the same seeds and moves, offer the same legal moves and end alike."""
    for seed in range(games):
        rand = random.Random(seed).random
        game, state, steps = MutableGame(seed), FrozenGame.start(seed), 0
        while not game.over:
            legal = game.legal()
            assert legal == state.legal() and not state.over, (seed, steps)
            move = choose(legal, rand)
            game.apply(move)
            state = state.apply(move)
            steps += 1
        assert state.over and tuple(game.scores) == state.scores and game.hands_played == state.hands_played, seed
        assert max(game.scores) >= 11, seed


if __name__ == "__main__":
    check()
    for kind in ("mutable", "frozen"):
        runs = [throughput(kind, 1.0) for _ in range(3)]
        moves, hands = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
        print(f"{kind:8} {moves:12,.0f} transitions/s {hands:10,.0f} hands/s")
