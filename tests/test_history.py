"""Hand histories: ``write`` and ``read`` round trips, located errors, seat views, the CLI.

The golden history in ``tests/golden/history-auction-pitch.txt`` pins the format, and
``docs/history.md`` shows it (and seat 1's view of it) as its examples. When a change to
either is meant, ``PITCHCORE_UPDATE_GOLDEN=1 pytest tests/test_history.py`` rewrites the
golden file and the two examples; review the diff like code.
"""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pitchcore
from conftest import BUNDLED, GAMES, play_random, random_game
from pitchcore.interop import history
from pitchcore.interop.history import HistoryError
from pitchcore.model.cards import cards_in, parse_card
from pitchcore.model.state import GameState
from pitchcore.tools.cli import main
from pitchcore.tools.simulate import simulate

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "history-auction-pitch.txt"
README_HANDS = ["AH KH 2H 9C 9D 9S", "QH 3H 4C 5C 6C 7C", "JH TH 4D 5D 6D 7D", "5H 6H 4S 5S 6S 7S"]
HOUSE = """\
extends: auction-pitch
name: my-house
description: five at the table, call your partner, a worthless hand may be thrown in
deal:
  worthless_hand: demand
auction:
  partner: called-card
  all_pass: pass-deal
going_out:
  target: 7
"""


def played(variant: pitchcore.Variant | str, seed: int, *, moves: int | None = None, policy: int | None = None,
           **options: object) -> GameState:
    """A random game of ``variant`` dealt from ``seed`` and played by ``conftest``'s random
    policy seeded ``policy`` (default: ``seed``): whole, or cut after ``moves`` moves."""
    state = pitchcore.new_game(variant, seed=seed, **options)  # type: ignore[arg-type]
    for _, _, after in play_random(state, seed if policy is None else policy, max_moves=moves):
        state = after
    return state


def assert_round_trip(state: GameState) -> str:
    text = history.write(state)
    back = history.read(text)
    assert back == state
    assert back.moves == state.moves and back.start == state.start
    assert history.write(back) == text
    return text


def golden_game() -> GameState:
    """A small fixed game: the README's stacked deal near the end of a game, one hand thrown in."""
    return played("auction-pitch", 7, policy=6, hands=README_HANDS, scores=[9, 8, 10, 7])


def golden_text() -> str:
    return history.write(golden_game(), names=["Ann", "Bob", "Cy", "Di"], date="2026.11.24", event="Thursday club")


# -- round trips --------------------------------------------------------------------------


def test_every_bundled_variant_round_trips_whole_and_mid_hand(bundled_name: str) -> None:
    states, _ = random_game(bundled_name, seed=5, max_hands=40)
    assert_round_trip(states[-1])
    rng = random.Random(bundled_name)
    for cut in sorted(rng.sample(range(len(states)), 4)):
        assert_round_trip(states[cut])


@GAMES
@given(name=st.sampled_from(BUNDLED), seed=st.integers(0, 2**64 - 1), moves=st.integers(0, 400),
       dealer=st.integers(0, 3))
def test_random_games_round_trip(name: str, seed: int, moves: int, dealer: int) -> None:
    dealer %= pitchcore.load_variant(name).deal.default_players  # (two-hand games: seats 0 and 1)
    assert_round_trip(played(name, seed, moves=moves, dealer=dealer))


def test_a_stacked_deal_starting_scores_and_the_tags_round_trip() -> None:
    state = played("auction-pitch", 3, moves=30, hands=README_HANDS, stock="2S 3S", scores=[3, -2, 10, 0], dealer=2)
    text = history.write(state, names=['Ann "the Ace"', "Bob\\", "Cy", "Di"], date="2026.11.24", event="club; night")
    assert '[Stacked "AH KH 2H 9C 9D 9S|QH 3H 4C 5C 6C 7C|' in text and '[Stock "2S 3S"]' in text
    assert '[Scores "3 -2 10 0"]' in text and '[Seat0 "Ann \\"the Ace\\""]' in text
    game = history.read_game(text)
    assert game.state == state and game.state.start == state.start
    assert game.names == ('Ann "the Ace"', "Bob\\", "Cy", "Di")
    assert (game.date, game.event) == ("2026.11.24", "club; night")
    assert dict(game.tags)["Variant"] == "auction-pitch"


def test_a_date_is_written_the_pgn_way() -> None:
    import datetime

    text = history.write(pitchcore.new_game("auction-pitch", seed=1), date=datetime.date(2026, 1, 5))
    assert '[Date "2026.01.05"]' in text


def test_house_rules_from_yaml_travel_inside_the_history() -> None:
    variant = pitchcore.load_variant_text(HOUSE)
    for seed in range(3):
        state = played(variant, seed, players=5)
        text = assert_round_trip(state)
        assert '[Variant "my-house"]' in text and "| name: my-house" in text
        assert history.read(text).variant == variant
    moves = {move.kind for move in state.moves}
    assert {"partner", "pass"} <= moves  # the called partner and the worthless-hand round were played


def test_a_bundled_name_with_other_rules_embeds_them_and_a_bundled_variant_does_not() -> None:
    changed = pitchcore.load_variant_text("extends: auction-pitch\nname: auction-pitch\ngoing_out:\n  target: 5\n")
    text = assert_round_trip(played(changed, 2))
    assert "| going_out:" in text and history.read(text).variant.going_out.target == 5
    assert "|" not in assert_round_trip(played("auction-pitch", 2))


def test_a_variant_name_is_a_tag_like_any_other() -> None:
    """Quotes are escaped; a line break cannot be written, since ``read`` would refuse it."""
    quoted = pitchcore.load_variant_text('extends: auction-pitch\nname: "say \\"when\\" \\\\ stop"\n')
    text = assert_round_trip(played(quoted, 1, moves=20))
    assert '[Variant "say \\"when\\" \\\\ stop"]' in text
    broken = attrs.evolve(pitchcore.load_variant("auction-pitch"), name="two\nlines")  # (the loader refuses it)
    with pytest.raises(ValueError, match=r"the variant's name must be one line .*'\\n' \(a control character\)"):
        history.write(played(broken, 1, moves=20))


def test_annotations_and_comments_are_not_read() -> None:
    text = history.write(played("hi-lo-jack", 4, moves=60))
    stripped = re.sub(r"\{[^}]*\}", "", text)
    commented = "; a comment line\n" + text.replace("\nauction:", "\n; what follows is the auction\nauction:")
    noted = "\n".join(line.replace(", ", ", {a note; with a semicolon} ") if line.startswith("auction:") else line
                      for line in text.replace("trick 1:", "trick 1: {the first trick}", 1).split("\n"))
    assert "{a note" in noted
    assert history.read(stripped) == history.read(commented) == history.read(noted) == history.read(text)


# -- the golden history -------------------------------------------------------------------


def test_golden_history() -> None:
    text = golden_text()
    if os.environ.get("PITCHCORE_UPDATE_GOLDEN") or not GOLDEN.exists():
        GOLDEN.write_text(text, encoding="utf-8")
        if not os.environ.get("PITCHCORE_UPDATE_GOLDEN"):
            pytest.fail(f"wrote missing golden file {GOLDEN}; review and commit it")
    assert text == GOLDEN.read_text(encoding="utf-8")
    assert history.read(text) == golden_game()


def test_the_documented_example_is_the_golden_history() -> None:
    path = ROOT / "docs" / "history.md"
    view = history.write(golden_game(), names=["Ann", "Bob", "Cy", "Di"], date="2026.11.24",
                         event="Thursday club", seat=1)
    if os.environ.get("PITCHCORE_UPDATE_GOLDEN"):
        doc = path.read_text(encoding="utf-8")
        doc = with_example(with_example(doc, "## An example", golden_text()), "## A seat's view", view)
        path.write_text(doc, encoding="utf-8")
    doc = path.read_text(encoding="utf-8")
    assert GOLDEN.read_text(encoding="utf-8") in doc
    assert view in doc
    assert f"`line {line_of(view, '[Viewer')}: this history is what seat 1 saw" in doc


def with_example(doc: str, heading: str, text: str) -> str:
    """``doc`` with the first ``text`` block after ``heading`` holding ``text``."""
    start = doc.index("```text\n", doc.index(heading)) + len("```text\n")
    return doc[:start] + text + doc[doc.index("```", start):]


MISTAKES = [("[Seed", "[Sed"), ("1 bid 1,", "1 bod 1,"), ("2 play JH", "2 play 7D"), ("2 play JH", "3 play JH"),
            ("\nresult: side 0 wins {scores 11 10 10 9}", "")]
"""The mistakes ``docs/history.md`` shows ``read``'s errors for, made one at a time in the golden history."""


@pytest.mark.parametrize(("old", "new"), MISTAKES)
def test_the_documented_errors_are_what_read_says(old: str, new: str) -> None:
    doc = (ROOT / "docs" / "history.md").read_text(encoding="utf-8")
    text = GOLDEN.read_text(encoding="utf-8")
    assert old in text
    assert f"\n{error_of(text.replace(old, new, 1))}\n" in doc


# -- located errors -------------------------------------------------------------------------


def error_of(text: str) -> str:
    with pytest.raises(HistoryError) as caught:
        history.read(text)
    return str(caught.value)


def line_of(text: str, start: str) -> int:
    """The number of the first line of ``text`` that starts with ``start``."""
    return next(number for number, line in enumerate(text.split("\n"), 1) if line.startswith(start))


@pytest.fixture
def sample() -> str:
    """A short hand: the README's deal, bid and the first card led."""
    state = pitchcore.new_game("auction-pitch", seed=7, hands=README_HANDS)
    for move in ["pass", "pass", "bid 2", "bid 2", "play AH", "play 3H"]:
        state = state.apply(move)
    return history.write(state)


def test_an_unknown_tag_is_named(sample: str) -> None:
    message = error_of(sample.replace("[Seed", "[Sed"))
    assert message.startswith("line 3: unknown tag [Sed]: expected one of Event, Date, Variant")


def test_a_tag_given_twice_or_missing_or_malformed_is_named(sample: str) -> None:
    assert error_of(sample.replace('[Dealer "0"]', '[Dealer "0"]\n[Dealer "1"]')).startswith(
        "line 5: the tag [Dealer] is given twice (first on line 4)")
    assert "has no [Seed] tag" in error_of(sample.replace('[Seed "7"]\n', ""))
    assert error_of(sample.replace('[Seed "7"]', "[Seed 7]")).startswith(
        'line 3: expected a tag such as [Variant "auction-pitch"], got "[Seed 7]"')
    assert error_of(sample.replace('[Seed "7"]', '[Seed "seven"]')).startswith(
        'line 3: [Seed] must be a whole number, not "seven"')
    assert error_of(sample.replace('[Dealer "0"]', '[Dealer "9"]')).startswith(
        "line 4: the game cannot begin: dealer must be a seat from 0 to 3, not 9")


def test_bad_move_text_is_located(sample: str) -> None:
    number = line_of(sample, "auction:")
    assert error_of(sample.replace("1 pass", "1 bod 3")) == (
        f'line {number}: expected a move such as "bid 3" or "play AS", got "bod 3"')
    assert error_of(sample.replace("1 play 3H", "1 play ZZ")).startswith(
        f'line {number + 1}: expected a move such as "bid 3" or "play AS", got "play ZZ" (bad card \'ZZ\'')
    assert error_of(sample.replace("1 pass", "pass")).startswith(
        f'line {number}: expected a seat and its move, such as "1 bid 3" or "0 play AS", got "pass"')


def test_an_illegal_move_is_located_with_the_rules_reason(sample: str) -> None:
    number = line_of(sample, "trick 1:")
    assert error_of(sample.replace("1 play 3H", "1 play 4C")) == (
        f"line {number}: play 4C is not legal: 4C does not follow the suit led (AH) and is not a trump "
        "(seat 1, playing)")
    assert error_of(sample.replace("1 play 3H", "2 play 4D")) == (
        f"line {number}: play 4D by seat 2: it is seat 1's turn")


def test_a_line_that_is_no_line_of_a_hand_is_located(sample: str) -> None:
    number = line_of(sample, "trick 1:")
    assert error_of(sample.replace("trick 1:", "trik 1:")).startswith(
        f'line {number}: expected a line of a hand ("Hand 1: seat 0 deals"')
    assert error_of(sample.replace("trick 1:", "trick 2:")).startswith(
        f'line {number}: play AH is a move of "trick 1:" (playing), not of "trick 2:"')
    assert error_of(sample.replace("Hand 1:", "Hand 2:")).startswith(
        f'line {line_of(sample, "Hand 1")}: expected "Hand 1: seat 0 deals", got "Hand 2: seat 0 deals"')
    assert error_of(sample.replace("{trump", "trump")).startswith(f"line {number}: a '}}' closes no annotation")


def test_a_truncated_history_is_refused(sample: str) -> None:
    cut = sample[:sample.index("result:")]
    message = error_of(cut)
    assert message.startswith(f"line {cut.count(chr(10))}: the history stops before its result line")
    assert "cut short" in message
    assert error_of(sample[:sample.index("play 3H") + 6]).startswith(  # cut inside a move
        f'line {line_of(sample, "trick 1:")}: expected a move such as "bid 3" or "play AS", got "play 3"')
    assert error_of("").startswith('line 1: expected the tags of a game such as [Variant "auction-pitch"]')


def test_a_history_that_contradicts_its_moves_is_refused(sample: str) -> None:
    assert error_of(sample.replace('[Result "in progress"]', '[Result "side 0 wins"]')).startswith(
        'line 6: [Result] says "side 0 wins", but the moves give "in progress"')
    number = line_of(sample, "result:")
    assert error_of(sample.replace("result: in progress", "result: side 0 wins")).startswith(
        f'line {number}: the moves end with the game "in progress", not "side 0 wins"')
    assert error_of(sample.replace("dealt: 0 9C", "dealt: 0 8C")).startswith(
        f"line {line_of(sample, 'dealt:')}: seat 0 was dealt 9C 9D 2H KH AH 9S, not 8C 9D 2H KH AH 9S")
    assert error_of(sample + "trick 1: 2 play JH\n").startswith(
        f"line {number + 1}: nothing follows the result line (line {number})")


def test_a_too_large_history_is_refused_unread() -> None:
    message = error_of("[" * (history.TEXT_LIMIT + 1))
    assert message == (f"the history is {history.TEXT_LIMIT + 1} characters long, more than "
                       f"{history.TEXT_LIMIT} (no game is that long)")


def test_too_many_moves_are_refused(monkeypatch: pytest.MonkeyPatch, sample: str) -> None:
    monkeypatch.setattr(history, "MOVES_LIMIT", 3)
    assert error_of(sample).startswith(f"line {line_of(sample, 'auction:')}: more than 3 moves")


def test_an_unknown_variant_is_never_looked_for_on_disk(sample: str, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "secret.yaml").write_text("extends: auction-pitch\nname: secret\n")
    monkeypatch.chdir(tmp_path)
    message = error_of(sample.replace('"auction-pitch"', '"secret.yaml"'))
    assert message.startswith('line 1: unknown variant "secret.yaml": expected a bundled variant (')
    assert "auction-pitch, " in message


def test_embedded_rules_may_extend_only_bundled_variants_and_their_errors_are_located() -> None:
    text = history.write(played(pitchcore.load_variant_text(HOUSE), 1, players=5))
    first = line_of(text, "|")
    assert error_of(text.replace("| name: my-house", "| extends: ../secret.yaml\n| name: my-house")).startswith(
        f"line {first}: extends: '../secret.yaml' is not a bundled variant")
    target = line_of(text, "|   target:")
    assert error_of(text.replace("|   target: 7", "|   target: banana")).startswith(
        f"line {target}: going_out.target: expected a whole number")
    assert error_of(text.replace("| name: my-house", "| name: other")).startswith(
        'line 1: the tag names the variant "my-house", the rules below name "other"')


def test_mangled_histories_raise_only_history_errors() -> None:
    texts = [history.write(played(name, 5, moves=120), names=list("ABCDEFG")[:4] if name != "sell-out" else None)
             for name in ("auction-pitch", "haus-pitch", "jacks-trump", "hi-lo-jack")]
    rng = random.Random(0)
    for _ in range(1500):
        lines = rng.choice(texts).split("\n")
        where = rng.randrange(len(lines))
        change = rng.randrange(4)
        if change == 0:
            del lines[where]
        elif change == 1:
            lines.insert(where, lines[rng.randrange(len(lines))])
        elif change == 2 and lines[where]:
            spot = rng.randrange(len(lines[where]))
            lines[where] = lines[where][:spot] + rng.choice('x{};|[]"\\ 09:,?') + lines[where][spot + 1:]
        else:
            lines = lines[:where]
        try:
            history.read("\n".join(lines))
        except HistoryError as error:
            assert re.match(r"line \d+: ", str(error)), str(error)
            assert error.line is not None


# -- a seat's view ----------------------------------------------------------------------------


CARD_WORD = re.compile(r"(?<![\w?])(?:[2-9TJQKA][CDHS]|HJ|LJ)(?![\w])")


def seen_by(state: GameState, seat: int) -> set[int]:
    """Every card ``seat`` saw in the game of ``state``: what it held at any time (dealt,
    given, drawn), what it discarded, every card played and every card called."""
    seen: set[int] = set()
    for before, move, after, _ in history._steps(state):
        seen |= set(cards_in(before.masks[seat])) | set(cards_in(after.masks[seat]))
        if move.kind in ("play", "partner") or (move.kind == "discard" and before.to_move == seat):
            seen |= set(cards_in(move.arg) if move.kind == "discard" else [move.arg])  # type: ignore[arg-type]
    seen |= set(cards_in(history._first(state).masks[seat]))
    return seen


@pytest.mark.parametrize("name", [*BUNDLED, "house"])
def test_a_seats_view_names_no_card_the_seat_did_not_see(name: str) -> None:
    variant = pitchcore.load_variant_text(HOUSE) if name == "house" else name
    for seed, moves in ((3, None), (4, 70)):
        state = played(variant, seed, moves=moves, players=5 if name == "house" else None)
        for seat in range(state.players):
            view = history.write(state, seat=seat)
            named = {parse_card(word) for word in CARD_WORD.findall(view)}
            assert named <= seen_by(state, seat), (seat, sorted(named - seen_by(state, seat)))
            assert "[Seed" not in view and "[Stacked" not in view and f'[Viewer "{seat}"]' in view


def test_a_view_shows_the_seats_own_cards_and_others_discards_face_down() -> None:
    state = played("hi-lo-jack", 2, moves=40)
    view = history.write(state, seat=1)
    dealt = [line for line in view.split("\n") if line.startswith("dealt:")]
    assert dealt and all(re.fullmatch(r"dealt: 1( \S\S){9}", line) for line in dealt)
    assert re.search(r"discards: [023] discard \?( \?)*", view)
    assert re.search(r"discards: 1 discard( [2-9TJQKA][CDHS])+", view)


def test_a_view_cannot_be_read_back_but_its_tags_can(sample: str) -> None:
    state = history.read(sample)
    view = history.write(state, seat=2, names=["A", "B", "C", "D"])
    assert error_of(view).startswith(f"line {line_of(view, '[Viewer')}: this history is what seat 2 saw")
    tags = history.read_tags(view)
    assert tags["Viewer"] == "2" and tags["Seat2"] == "C" and "Seed" not in tags
    assert history.read_tags(sample)["Seed"] == "7"


def test_write_checks_its_arguments() -> None:
    state = pitchcore.new_game("auction-pitch", seed=1)
    with pytest.raises(ValueError, match="one name per seat"):
        history.write(state, names=["a", "b"])
    with pytest.raises(ValueError, match="one line"):
        history.write(state, event="two\nlines")
    with pytest.raises(ValueError, match="seat must be from 0 to 3"):
        history.write(state, seat=4)


# -- the command line -------------------------------------------------------------------------


def test_replay_prints_the_game_hand_by_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"game{history.EXTENSION}"
    path.write_text(golden_text(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("auction-pitch: 4 players, seed 7\nseat 0: Ann, seat 1: Bob, seat 2: Cy, seat 3: Di\n")
    for text in ("Hand 1: seat 0 deals", "  seat 0: 9C 9D 2H KH AH 9S", "  seat 1: bids 1",
                 "  seat 1 wins the auction at 1", "  trump is C (seat 1)",
                 "  seat 1 4C, seat 2 5D, seat 3 7S, seat 0 9C: seat 0 takes it",
                 "  the hand is thrown in; seat 1 deals", "  hand scored: seat 3 bid 1 and made;",
                 "  game over: side 0 wins (11 10 10 9)"):
        assert text in out


def test_replay_of_a_bad_file_gives_the_located_error_and_status_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.txt"
    text = golden_text()
    path.write_text(text.replace("1 bid 1", "1 bod 1"), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pitchcore replay: {path}: line {line_of(text, 'auction:')}: expected a move such as")
    assert "Traceback" not in err
    assert main(["replay", str(tmp_path / "missing.txt")]) == 2
    path.write_bytes(b"\xff\xfe[Variant")
    assert main(["replay", str(path)]) == 2
    assert "not UTF-8 text" in capsys.readouterr().err


def test_python_dash_m_pitchcore_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(golden_text(), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "pitchcore", "replay", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "game over: side 0 wins" in run.stdout
    path.write_text(golden_text()[:-40], encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "pitchcore", "replay", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and re.search(r": line \d+: ", run.stderr) and "Traceback" not in run.stderr


def test_simulate_save_writes_one_history_per_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "games"
    assert main(["simulate", "--games", "3", "--workers", "2", "--seed", "4", "--save", str(folder),
                 "--progress", "never", "--variant", "hi-lo-jack"]) == 0
    capsys.readouterr()
    assert sorted(path.name for path in folder.iterdir()) == ["game-0000.txt", "game-0001.txt", "game-0002.txt"]
    result = simulate("hi-lo-jack", 3, "random", seed=4)
    for record in result.records:
        game = history.read_file(folder / f"game-{record.index:04d}.txt")
        assert game.state.is_over and game.state.seed == record.seed
        assert (game.state.winner, game.state.scores) == (record.winner, record.scores)
        assert game.names == ("random",) * 4 and game.event == f"pitchcore simulate, seed 4, game {record.index}"


def test_play_save_writes_the_history_when_the_game_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.txt"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 5000))
    assert main(["play", "--seed", "5", "--bots", "random", "--save", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Game over" in out and f"saved in {path}" in out
    game = history.read_file(path)
    assert game.state.is_over and game.names == ("you", "random", "random", "random")
    assert game.event == "pitchcore play" and game.date is not None


def test_play_save_writes_the_history_when_the_person_quits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.txt"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\nquit\n"))
    assert main(["play", "--seed", "5", "--save", str(path)]) == 0
    capsys.readouterr()
    state = history.read(path.read_text(encoding="utf-8"))
    assert not state.is_over and len(state.moves) >= 2
    assert main(["play", "--save", str(tmp_path / "no" / "such" / "folder.txt")]) == 2
    assert "expected a file in an existing folder" in capsys.readouterr().err
