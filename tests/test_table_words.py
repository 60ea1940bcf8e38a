"""Words card tables use, in a house file's keys and values: the message says what to write.

Each hint names a key and a value pitchcore really has: the fix each test writes from the
hint loads. A word is recognised however it is spelt apart (``stick-the-dealer``,
``stick_the_dealer``, ``Stick the dealer``), only where the loader knows no such key, kind
or value, and a rank word (``10``) only where a rank is expected.
"""

from __future__ import annotations

import pytest

import pitchcore as pc
from pitchcore.loading.table_words import RANK_WORDS, TABLE_WORDS, table_word, words_markdown


def refusal(text: str) -> str:
    with pytest.raises(pc.VariantError) as caught:
        pc.load_variant_text("extends: auction-pitch\n" + text, "house.yaml")
    (problem,) = caught.value.problems
    return problem


@pytest.mark.parametrize(("text", "where", "hint", "fix"), [
    ("points: [high, low, {kind: jack, receiver: taker}, game]\n",
     "house.yaml:2: points[2].receiver: expected one of holder, capturer, got 'taker'; ",
     "pitchcore calls the side that takes the trick the capturer: write receiver: capturer",
     "points: [high, low, {kind: jack, receiver: capturer}, game]\n"),
    ("points: [high, low, jack, game, {kind: trump-card, name: ten, rank: 10}]\n",
     "house.yaml:2: points[4].rank: expected one of 2, 3, 4, 5, 6, 7, 8, 9, T, J, Q, K, A, got 10; ",
     "a ten is written T: write rank: T",
     "points: [high, low, jack, game, {kind: trump-card, name: ten, rank: T}]\n"),
    ("points: [high, low, jack, game, {kind: trump-card, name: ten, rank: '10'}]\n",
     "house.yaml:2: points[4].rank: expected one of 2, 3, 4, 5, 6, 7, 8, 9, T, J, Q, K, A, got '10'; ",
     "a ten is written T: write rank: T",
     "points: [high, low, jack, game, {kind: trump-card, name: ten, rank: T}]\n"),
    ("auction:\n  stick-the-dealer: true\n",
     "house.yaml:3: auction.stick-the-dealer: unknown field for auction kind 'single-round'; ",
     "sticking the dealer is written auction: {all_pass: dealer-must-bid}",
     "auction: {all_pass: dealer-must-bid}\n"),
    ("auction: {all_pass: Stick the dealer}\n",
     "house.yaml:2: auction.all_pass: expected one of redeal, dealer-must-bid, pass-deal, ",
     "sticking the dealer is written auction: {all_pass: dealer-must-bid}",
     "auction: {all_pass: dealer-must-bid}\n"),
    ("steal: true\n",
     "house.yaml:2: steal: unknown key; valid keys: ",
     "for the dealer to steal the bid by bidding the same number, write auction: {dealer_may_take: true}",
     "auction: {dealer_may_take: true}\n"),
    ("auction: {dealer_may_take: steal-the-bid}\n",
     "house.yaml:2: auction.dealer_may_take: expected true or false, got 'steal-the-bid'; ",
     "write auction: {dealer_may_take: true}",
     "auction: {dealer_may_take: true}\n"),
    ("points: [high, low, jack, off-jack, game]\n",
     "house.yaml:2: points[3].kind: unknown kind 'off-jack'; kinds: high, low, jack, jick, ",
     "the off-jack is called the jick here: make it a trump with trump: {extras: [jick]} and score it with a "
     "points entry {kind: jick}",
     "trump: {extras: [jick]}\npoints: [high, low, jack, {kind: jick}, game]\n"),
    ("going_out: {lose_at: in the hole}\n",
     "house.yaml:2: going_out.lose_at: expected null or a negative whole number from -5000 to -1, got 'in the "
     "hole'; ",
     "a side in the hole simply has a score below zero; to end the game there, write going_out: {lose_at: -15}",
     "going_out: {lose_at: -15}\n"),
    ("points: [high, low, jack, game, {kind: card-values, values: [face=1]}]\n",
     "house.yaml:2: points[4].values: expected RANK=POINTS with a rank of 2 3 4 5 6 7 8 9 T J Q K A (e.g. T=10), "
     "got 'face=1'; ",
     "face cards are written by rank, J, Q and K: in card-values, values: [J=1, Q=2, K=3]",
     "points: [high, low, jack, game, {kind: card-values, values: [J=1, Q=2, K=3]}]\n"
     "auction: {max_bid: 4}\n"),
    ("kitty:\n  count: 4\n",
     "house.yaml:2: kitty: unknown key; valid keys: ",
     "the kitty is the widow here: widow: {kind: gift, count: 4} gives the bidder the cards, widow: {kind: own, "
     "count: 4} a widow to every player",
     "widow: {kind: gift, count: 4}\nexchange: draw\n"),
])
def test_a_table_word_says_what_to_write(text: str, where: str, hint: str, fix: str) -> None:
    problem = refusal(text)
    assert problem.startswith(where), problem
    assert hint in problem, problem
    assert "did you mean" not in problem, "a table word is not taken for a misspelling"
    pc.load_variant_text("extends: auction-pitch\n" + fix, "house.yaml")  # (what the hint says loads)


@pytest.mark.parametrize("word", sorted(set(TABLE_WORDS) - RANK_WORDS))
def test_every_table_word_is_recognised_as_a_key_however_spelt_apart(word: str) -> None:
    for spelling in (word.replace(" ", "_"), word.replace(" ", "-").upper()):
        problem = refusal(f"auction:\n  {spelling}: 1\n")
        assert problem.startswith(f"house.yaml:3: auction.{spelling}: unknown field"), problem
        assert problem.endswith(f"; {TABLE_WORDS[word]}"), problem


def test_a_rank_word_is_hinted_only_where_a_rank_goes() -> None:
    assert "a ten is written T" not in refusal("auction: {forced_bid: ten}\n")
    assert "a ten is written T" not in refusal("going_out: {win_by: 10, target: 7}\ndeal: {hand_size: 10}\n")
    assert "a ten is written T" in refusal("points: [high, low, jack, game, {kind: trump-card, rank: ten}]\n")
    assert table_word("10", rank=False) is None and table_word(10) == table_word("Ten")


def test_a_misspelling_still_gets_the_closest_spelling() -> None:
    problem = refusal("auction: {all_pass: redeel}\n")
    assert problem.endswith("(did you mean 'redeal'?)"), problem
    assert table_word("redeel") is None and table_word(True) is None and table_word("x" * 500) is None


def test_the_docs_list_every_word() -> None:
    text = words_markdown()
    for word, write in TABLE_WORDS.items():
        assert f"`{word}`" in text and write in text
