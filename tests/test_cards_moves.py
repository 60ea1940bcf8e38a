"""Cards (text, indices, masks) and moves (canonical text and its parser)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pitchcore as pc
from pitchcore.model.cards import (
    CARDS,
    Card,
    card_text,
    cards_in,
    mask_of,
    mask_text,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)

# -- cards ----------------------------------------------------------------------------


def test_card_index_layout() -> None:
    assert parse_card("2C") == 0
    assert parse_card("AC") == 12
    assert parse_card("2D") == 13
    assert parse_card("JH") == 2 * 13 + 9
    assert parse_card("AS") == 51
    assert (rank_of(parse_card("QD")), suit_of(parse_card("QD"))) == (10, 1)


def test_every_card_text_round_trips() -> None:
    texts = [card_text(card) for card in range(52)]
    assert len(set(texts)) == 52
    assert all(parse_card(text) == card for card, text in enumerate(texts))
    assert {text[0] for text in texts} == set("23456789TJQKA")
    assert {text[1] for text in texts} == set("CDHS")


@pytest.mark.parametrize(("text", "expected"), [
    ("10H", "TH"), ("10h", "TH"), ("th", "TH"), ("Ts", "TS"), (" as ", "AS"), ("2c", "2C"),
    ("10C", "TC"), ("jd", "JD"),
])
def test_card_text_is_forgiving_on_input_and_canonical_on_output(text: str, expected: str) -> None:
    assert card_text(parse_card(text)) == expected
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", [
    "", "H", "1H", "11H", "1", "10", "TX", "ZZ", "AHH", "T H", "HT", "0H", "10HH", "1OH",
])
def test_bad_card_text_is_a_value_error_naming_the_text(text: str) -> None:
    with pytest.raises(ValueError, match="bad card"):
        parse_card(text)


def test_card_value_object() -> None:
    card = Card.parse("10H")
    assert card is CARDS[parse_card("TH")]
    assert (card.rank, card.suit, card.index) == ("T", "H", 34)
    assert str(card) == "TH"
    assert repr(card) == "Card('TH')"
    assert Card.parse("2C") < Card.parse("AS")
    assert hash(Card.parse("JD")) == hash(CARDS[parse_card("JD")])
    with pytest.raises(AttributeError):
        card.index = 3  # type: ignore[misc]


def test_a_card_is_built_from_its_text_and_equals_it() -> None:
    """``repr`` writes ``Card('TH')``, so that builds the card; a card equals its text and
    hashes as it, so ``"AH" in state.hands[0]`` and sets mixing the two work."""
    card = Card("TH")
    assert card == Card(34) == Card.parse("10h") and eval(repr(card)) == card
    assert card == "TH" and "TH" == card and card != "TC" and card != "10H"  # noqa: SIM300
    assert card != 34 and (card == 34) is False  # an index is not a card
    assert {card, "TH"} == {"TH"} and "TH" in {card}
    s = pc.new_game("auction-pitch", seed=1, hands=["AH KH QH JH TH 9H", "2C 3C 4C 5C 6C 7C",
                                                    "2D 3D 4D 5D 6D 7D", "2S 3S 4S 5S 6S 7S"])
    assert "AH" in s.hands[0] and "AH" not in s.hands[1]
    assert s.hands[0] == ("9H", "TH", "JH", "QH", "KH", "AH")
    assert sorted([Card("AS"), Card("2C"), Card("HJ")]) == ["2C", "AS", "HJ"]
    with pytest.raises(TypeError):
        assert Card("AS") < "KS"  # type: ignore[operator]
    for bad in ["XX", 54, -1, True, 1.0]:
        with pytest.raises(ValueError, match="bad card"):
            Card(bad)  # type: ignore[arg-type]


def test_parse_cards_accepts_a_compact_string_or_an_iterable() -> None:
    assert parse_cards("AS KS 3H TD JC 2C") == [51, 50, 27, 21, 9, 0]
    assert parse_cards(["AS", "10h"]) == [51, 34]
    assert parse_cards("") == []
    with pytest.raises(ValueError, match="bad card"):
        parse_cards("AS KX")


@given(st.sets(st.integers(0, 51)))
def test_masks_and_card_lists_are_inverse(cards: set[int]) -> None:
    mask = mask_of(cards)
    assert list(cards_in(mask)) == sorted(cards)
    assert mask.bit_count() == len(cards)
    assert parse_cards(mask_text(mask)) == sorted(cards)


# -- moves ----------------------------------------------------------------------------

CARD = st.integers(0, 51)
MOVES = st.one_of(
    st.just(pc.Move("pass")),
    st.builds(lambda v: pc.Move("bid", v), st.integers(1, 30)),
    st.builds(lambda v: pc.Move("bid", v), st.sampled_from(["smudge", "moon"])),
    st.builds(lambda s: pc.Move("trump", s), st.integers(0, 3)),
    st.builds(lambda cards: pc.Move("discard", mask_of(cards)), st.sets(CARD, max_size=9)),
    st.builds(lambda c: pc.Move("play", c), CARD),
    st.builds(lambda w: pc.Move("call", w), st.sampled_from(["high", "low"])),
    st.builds(lambda n: pc.Move("deal", n), st.integers(1, 15)),
)


@given(MOVES)
def test_move_text_and_parse_move_are_inverse(move: pc.Move) -> None:
    text = str(move)
    assert pc.parse_move(text) == move
    assert str(pc.parse_move(text)) == text
    assert text == text.strip() and "  " not in text


@given(MOVES)
def test_parse_move_is_case_insensitive(move: pc.Move) -> None:
    assert pc.parse_move(str(move).upper()) == move
    assert pc.parse_move(str(move).lower()) == move


@pytest.mark.parametrize(("move", "text"), [
    (pc.Move("pass"), "pass"),
    (pc.Move("bid", 3), "bid 3"),
    (pc.Move("bid", 4), "bid 4"),
    (pc.Move("bid", "smudge"), "bid smudge"),
    (pc.Move("bid", "moon"), "bid moon"),
    (pc.Move("trump", 2), "trump H"),
    (pc.Move("discard", mask_of(parse_cards("7D 4C"))), "discard 4C 7D"),
    (pc.Move("discard", 0), "discard"),
    (pc.Move("play", parse_card("JH")), "play JH"),
    (pc.Move("play", parse_card("TS")), "play TS"),
    (pc.Move("call", "high"), "call high"),
    (pc.Move("call", "low"), "call low"),
    (pc.Move("deal", 5), "deal 5"),
])
def test_canonical_move_texts(move: pc.Move, text: str) -> None:
    assert str(move) == text
    assert pc.parse_move(text) == move


@pytest.mark.parametrize(("text", "canonical"), [
    ("play 10H", "play TH"), ("PLAY jh", "play JH"), ("  bid   3 ", "bid 3"),
    ("Trump h", "trump H"), ("discard 7d 4c", "discard 4C 7D"), ("discard 10S", "discard TS"),
    ("bid SMUDGE", "bid smudge"), ("call HIGH", "call high"),
])
def test_parse_move_accepts_loose_text(text: str, canonical: str) -> None:
    assert str(pc.parse_move(text)) == canonical


def test_parse_move_passes_a_move_through() -> None:
    move = pc.Move("play", 7)
    assert pc.parse_move(move) is move


def test_moves_are_immutable_values() -> None:
    move = pc.parse_move("bid 3")
    assert move == pc.Move("bid", 3) and hash(move) == hash(pc.Move("bid", 3))
    assert move != pc.Move("bid", "3")
    with pytest.raises(AttributeError):
        move.arg = 4  # type: ignore[misc]


@pytest.mark.parametrize("text", [
    "", "   ", "fold", "bid", "bid 3 4", "play", "play 1H", "play AH KH", "play 10",
    "trump", "trump X", "trump HH", "trump 10", "discard AS AS", "discard 10S TS", "discard XY",
    "call", "call medium", "pass now", "deal", "deal 3 4", "trumps H",
])
def test_bad_move_text_raises_invalid_move(text: str) -> None:
    with pytest.raises(pc.InvalidMove) as caught:
        pc.parse_move(text)
    assert isinstance(caught.value, pc.IllegalMove)
    assert isinstance(caught.value, ValueError)
    if text.strip():
        assert repr(text) in str(caught.value) or "bad move" in str(caught.value)


@pytest.mark.parametrize("value", [None, 3, b"pass", ("play", 3)])
def test_parse_move_rejects_non_text(value: object) -> None:
    with pytest.raises(pc.InvalidMove):
        pc.parse_move(value)  # type: ignore[arg-type]


@given(st.text(alphabet="abcdeghijklmnoprstuvwxyzCDHSTJQKA0123456789 -", max_size=20))
def test_parse_move_on_any_text_either_parses_canonically_or_raises_invalid_move(text: str) -> None:
    try:
        move = pc.parse_move(text)
    except pc.InvalidMove:
        return
    assert pc.parse_move(str(move)) == move


def test_illegal_move_is_not_invalid_move() -> None:
    assert issubclass(pc.InvalidMove, pc.IllegalMove)
    assert issubclass(pc.IllegalMove, ValueError)
    assert not issubclass(pc.IllegalMove, pc.InvalidMove)


@pytest.mark.parametrize("move", [
    pc.Move("bid", 2.0), pc.Move("bid", True), pc.Move("play", 1.0), pc.Move("play", True),
])
def test_a_move_whose_arg_only_looks_equal_is_illegal(move: pc.Move) -> None:
    # Move("bid", 2.0) == Move("bid", 2), but it must not be taken for a bid of 2
    state = pc.new_game("auction-pitch", players=2, seed=1, hands=["2C 3C 4C 5C 6C 7C",
                                                                  "3D 9D TD JD QD KD"])
    playing = state.apply("bid 1").apply("pass")
    for position in (state, playing):
        with pytest.raises(pc.IllegalMove):
            position.apply(move)


def test_phase_aliases_are_the_same_members() -> None:
    import pitchcore as pc

    assert pc.Phase.PLAY is pc.Phase.PLAYING
    assert pc.Phase.DRAWING is pc.Phase.DISCARDING
    assert len(list(pc.Phase)) == 7


def test_jokers_have_their_own_texts_and_no_suit() -> None:
    from pitchcore.model.cards import CARDS, HIGH_JOKER, LOW_JOKER, card_text

    assert [parse_card(text) for text in ("HJ", "jk", "Joker", "LJ")] == [HIGH_JOKER] * 3 + [LOW_JOKER]
    assert (card_text(HIGH_JOKER), card_text(LOW_JOKER)) == ("HJ", "LJ")
    assert CARDS[LOW_JOKER].is_joker and CARDS[LOW_JOKER].suit == "" and not CARDS[0].is_joker
    assert str(pc.parse_move("play jk")) == "play HJ"


def test_a_stacked_joker_needs_a_deck_with_jokers() -> None:
    with pytest.raises(ValueError, match="not in this variant's 52-card deck: HJ"):
        pc.new_game("auction-pitch", players=2, hands=["HJ 2C 3C 4C 5C 6C", "AS KS QS JS TS 9S"])


@pytest.mark.parametrize("move", [pc.Move("play", -1), pc.Move("play", 99), pc.Move("play", "x"),
                                  pc.Move("trump", 7), pc.Move("discard", -3)])
def test_a_move_that_names_no_card_is_refused_with_its_reason(move: pc.Move) -> None:
    state = pc.new_game("hi-lo-jack", seed=2)
    while state.phase is not pc.Phase.PLAYING:
        state = state.apply(state.legal_moves()[-1])
    before = pc.dumps(state)
    with pytest.raises(pc.IllegalMove, match=repr(move.arg).replace("'", ".")):
        state.apply(move)
    assert pc.dumps(state) == before


def test_every_move_describes_itself_as_a_phrase() -> None:
    from pitchcore.model.state import Phase

    phrases = {
        "pass": "passes", "bid 3": "bids 3", "bid smudge": "bids smudge", "trump H": "names trump H",
        "discard 4C 7D": "discards 4C 7D", "discard": "discards nothing", "play JH": "plays JH",
        "call high": "calls high", "deal 5": "deals 5 cards each", "partner AS": "calls AS for a partner",
        "redeal": "shows a worthless hand and demands a redeal",
    }
    for text, phrase in phrases.items():
        assert pc.parse_move(text).describe() == phrase, text
    assert pc.parse_move("pass").describe(Phase.DEALING) == "keeps its hand (no redeal)"
    assert pc.Move("play", 99).describe() == "tries play 99, which is no move"
