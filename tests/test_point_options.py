"""Point options (issue 15): who a tie for Game goes to (the dealer, the eldest, the joker's
holder), jokers as half a pip for Game ties only, and the last-trick and high-spade points.

Two-handed Joker Pitch from stacked deals (dealer 0, so seat 1 bids and pitches); every
outcome was worked out by hand from the rule the test's docstring states.
"""

from __future__ import annotations

import pytest

import pitchcore as pc
from conftest import play
from pitchcore.components.context import HandContext
from pitchcore.components.points import Game, HighSpade, LastTrick
from pitchcore.components.trump import build_tables
from pitchcore.model.cards import mask_of, parse_cards

TWO_SEATS = "deal: {min_players: 2, max_players: 2, default_players: 2}\n"


def house(points: str) -> pc.Variant:
    """Two-handed Joker Pitch (the joker the lowest trump) scoring ``points``."""
    return pc.load_variant_text(f"extends: joker-pitch\nname: house\n{TWO_SEATS}points: {points}\n")


# Seat 1 pitches the AH (hearts trump; seat 0 follows with the 2H): 4 pips to seat 1. Seat 1
# leads the 2S and seat 0 wins with the AS: 4 pips. Seat 0 leads the 3H, and seat 1's only
# trump is the joker, which the 3 beats: seat 0 takes the joker. Seat 0 then wins three
# diamond tricks without pips. Game pips 4 to 4, a tie; the joker was dealt to seat 1 and
# taken by seat 0; seat 0 takes the last trick.
TIE_HANDS = ["2H 3H AS 7D 8D 9D", "AH HJ 2S 3S 4S 5S"]
TIE_PLAY = ["bid 2", "pass", "play AH", "play 2H", "play 2S", "play AS", "play 3H", "play HJ",
            "play 7D", "play 3S", "play 8D", "play 4S", "play 9D", "play 5S"]


def tie_hand(game: str) -> pc.HandResult:
    variant = house(f"[{{kind: high, receiver: holder}}, {{kind: low, receiver: holder}}, jack, joker, "
                    f"{{kind: game, {game}}}, last-trick]")
    state = play(pc.new_game(variant, seed=3, dealer=0, hands=TIE_HANDS), TIE_PLAY)
    result = state.hand_results[0]
    assert result.game_pips == (4, 4)
    assert {name: result.awards[name] for name in ("high", "low", "jack", "joker", "last-trick")} == \
        {"high": 1, "low": 0, "jack": None, "joker": 0, "last-trick": 0}
    return result


@pytest.mark.parametrize(("game", "winner"), [
    ("tie: nobody", None),
    ("tie: defenders", 0),             # seat 0 defends against seat 1's bid
    ("tie: dealer", 0),                # seat 0 dealt
    ("tie: eldest", 1),                # seat 1 sits after the dealer: Cassell's non-dealer
    ("tie: joker-holder", 1),          # Western-Pennsylvania Cinch: the joker was dealt to seat 1
    ("joker_pips: half-on-ties", 0),   # Whirled: seat 0 took the joker, half a pip more
    ("{tie: eldest, joker_pips: half-on-ties}", 0),  # the half pip decides before the tie rule
])
def test_a_tie_for_game_goes_where_the_option_says(game: str, winner: int | None) -> None:
    """A 4-4 tie for Game: nobody by default; to the defenders, the dealer's side, the
    eldest's side or the joker's holder's side by ``tie``; to the side that took more jokers
    (at half a pip each) by ``joker_pips: half-on-ties``, which breaks the tie first."""
    game = game.strip("{}")
    assert tie_hand(game).awards["game"] == winner


def test_the_last_trick_point_scores_like_any_other() -> None:
    """With Game to nobody, seat 0 scores Low, the joker and the last trick (+3) and seat 1
    High only: 1 of its bid of 2, so seat 1 is set back 2."""
    result = tie_hand("tie: nobody")
    assert not result.made and result.delta == (3, -2)


def test_half_a_pip_never_overturns_a_lead_for_game() -> None:
    """Side 0 took 6 pips and no joker, side 1 4 pips and both jokers (a whole pip): side 0
    still wins Game, since a joker's half pip only breaks ties. Tied 4-4, side 1's jokers
    give it Game. The last trick: side 1 took it; with no trick played, nobody."""
    tables = build_tables(("jokers",))
    taken = (mask_of(parse_cards("AS QS 2C")), mask_of(parse_cards("AC HJ LJ")))
    held = (taken[0], taken[1])
    ctx = HandContext(3, tables, (0, 1), 2, held, taken, (1, 1), 0, 0, 1)
    assert ctx.pips == (6, 4)
    assert Game(joker_pips="half-on-ties").award(ctx) == 0
    tie = HandContext(3, tables, (0, 1), 2, held, (mask_of(parse_cards("AS 2C")), taken[1]), (1, 1), 0, 0, 1)
    assert tie.pips == (4, 4)
    assert Game(joker_pips="half-on-ties").award(tie) == 1
    assert Game().award(tie) is None
    assert LastTrick().award(tie) == 1
    assert LastTrick().award(HandContext(3, tables, (0, 1), 2, held, taken, (0, 0), 0)) is None


# Seat 1 pitches the AH (4 pips). Seat 1 leads the 3S, seat 0 wins with the KS (3 pips) and
# leads the 3H: seat 1 plays the joker rather than its 6H, and the 3 takes it. Seat 0 leads
# the 7D: seat 1, out of diamonds, throws the AS, the highest spade in play, which seat 0
# takes (4 pips). The 8D takes the 4S; seat 1 trumps the last diamond with the 6H and takes
# the last trick. Game 7 to 4 to seat 0.
SPADE_HANDS = ["2H 3H KS 7D 8D 9D", "AH HJ AS 3S 4S 6H"]
SPADE_PLAY = ["bid 2", "pass", "play AH", "play 2H", "play 3S", "play KS", "play 3H", "play HJ",
              "play 7D", "play AS", "play 8D", "play 4S", "play 9D", "play 6H"]


def test_the_high_spade_goes_to_its_taker_or_its_holder() -> None:
    """High spade (a nine-card High-Low-Jack house rule): the AS, dealt to seat 1, taken by
    seat 0. As taken (the default) seat 0 scores it; as held, seat 1. Seat 1 takes the last
    trick. Seat 1 (bid 2) makes High, the held spade and the last trick, 3; seat 0 Low, Game
    and the taken spade, 3."""
    variant = house("[{kind: high, receiver: holder}, {kind: low, receiver: holder}, jack, game, high-spade,"
                    " {kind: high-spade, name: spade-held, receiver: holder}, last-trick]")
    state = play(pc.new_game(variant, seed=3, dealer=0, hands=SPADE_HANDS), SPADE_PLAY)
    result = state.hand_results[0]
    assert dict(result.awards) == {"high": 1, "low": 0, "jack": None, "game": 0, "high-spade": 0,
                                   "spade-held": 1, "last-trick": 1}
    assert result.game_pips == (7, 4) and result.made and result.delta == (3, 3)
    decided = result.decided_by["high-spade"]
    assert decided is not None and (str(decided.card), decided.seat, decided.taker) == ("AS", 1, 0)


def test_the_high_spade_is_judged_by_face_not_by_trump() -> None:
    """With hearts trump and no AS in play, the KS is the high spade; trump or not, a spade's
    rank alone decides (the jick of a club trump, the JS, is still a spade by face)."""
    tables = build_tables(("jick",))
    held = (mask_of(parse_cards("KS 2S")), mask_of(parse_cards("JS AC")))
    ctx = HandContext(0, tables, (0, 1), 2, held, held, (1, 1), 0)
    assert HighSpade(receiver="holder").award(ctx) == 0
    assert HighSpade(receiver="holder").deciding_card(ctx) == parse_cards("KS")[0]
