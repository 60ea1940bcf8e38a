"""The ``play`` command, driven through its standard input as a person would."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

import pitchcore as pc
from pitchcore.game.engine import new_game
from pitchcore.model.cards import RANKS, Card
from pitchcore.model.moves import Move
from pitchcore.model.state import GameState, Phase
from pitchcore.tools.simulate import bot_by_name
from pitchcore.tools.terminal import Session, make_session, run_play

PROMPT = "Your move ("


def play(lines: str, **options: object) -> tuple[int, str]:
    out = io.StringIO()
    settings: dict[str, object] = {"variant": "auction-pitch", "seat": 0, "bots": "heuristic", "seed": 1}
    settings.update(options)
    code = run_play(input_stream=io.StringIO(lines), output_stream=out, **settings)  # type: ignore[arg-type]
    return code, out.getvalue()


def test_garbage_is_rejected_with_a_reason_and_the_prompt_repeats() -> None:
    code, text = play("play ZZ\n99\n\nbid 17\nfoo bar\n")
    assert code == 0
    assert text.count(PROMPT) == 6  # five rejected entries, then the end of input
    assert "Not understood: bad move 'play ZZ'" in text
    assert "Not understood: 99 is not a number of a listed move (1-" in text
    assert "Not understood: empty entry" in text
    assert "Not allowed: bid 17" in text
    assert "Not understood: bad move 'foo bar'" in text
    assert "seat 0 (you) bids" not in text and "seat 0 (you) passes" not in text  # no move was made
    assert "End of input" in text
    assert "Traceback" not in text


def test_before_each_move_the_table_and_numbered_moves_are_shown() -> None:
    _, text = play("")
    for label in ("auction-pitch", "Scores:", "Dealer: seat 0 (you)", "Auction:", "Trump:",
                  "Your hand (seat 0):", "1) pass", "2) bid"):
        assert label in text
    assert "seat 1 " in text  # the bots' bids were printed as they happened


@pytest.mark.parametrize(("variant", "seat"), [("auction-pitch", 0), ("partnership-pitch", 1), ("haus-pitch", 2),
                                             ("jacks-trump", 1)])
def test_answering_1_every_time_finishes_the_game_and_names_the_winner(variant: str, seat: int) -> None:
    code, text = play("1\n" * 5000, variant=variant, seat=seat, seed=5)
    assert code == 0
    assert "Game over. Final scores:" in text
    assert "Winner: " in text.splitlines()[-1]
    assert "Hand over" in text and "Changes:" in text and "plays" in text
    assert "End of input" not in text


def test_end_of_input_mid_game_leaves_politely() -> None:
    code, text = play("1\n" * 12)
    assert code == 0
    assert text.rstrip().endswith("End of input: leaving the game. Goodbye.")
    assert "Game over" not in text


def test_quit_leaves_with_status_0() -> None:
    code, text = play("1\nquit\n1\n")
    assert code == 0
    assert "You left the game" in text
    assert text.count(PROMPT) == 2


class Typist:
    """Answers every prompt with the text of a legal move, cards in shorthand (``10h``)."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.entries: list[str] = []

    def readline(self) -> str:
        assert self.session is not None
        state = self.session.state
        legal = state.legal_moves()
        move = legal[len(self.entries) % len(legal)]
        if move.kind == "play" and isinstance(move.arg, int):
            rank = RANKS[move.arg % 13]
            entry = ("10" if rank == "T" else rank) + "CDHS"[move.arg // 13].lower()
        elif move.kind == "trump" and len(self.entries) % 2:
            entry = "CDHS"[int(str(move.arg))]
        else:
            entry = str(move).upper() if len(self.entries) % 2 else str(move)
        self.entries.append(entry)
        return entry + "\n"


@pytest.mark.parametrize(("variant", "seed"), [("auction-pitch", 11), ("hi-lo-jack", 4)])
def test_moves_typed_as_text_and_shorthand_are_understood(variant: str, seed: int) -> None:
    typist = Typist()
    out = io.StringIO()
    session = make_session(variant, 3, "random", seed, None, typist, out)  # type: ignore[arg-type]
    typist.session = session
    assert session.play() == 0
    text = out.getvalue()
    assert "Game over" in text
    assert "Not understood" not in text and "Not allowed" not in text
    assert any(" " not in entry and entry[-1] in "cdhs" for entry in typist.entries)  # cards in shorthand


def test_shorthand_plays_a_card_and_names_trump() -> None:
    hands = ["2C 3C 4C 5C 6C 7C", "8C 9C TC JC QC KC", "AC 2D 3D 4D 5D 6D", "TH 7D 8D 9D TD JD"]
    nine = [hand + extra for hand, extra in zip(hands, [" 2S 3S 4S", " 5S 6S 7S", " 8S 9S TS", " JS QS KS"],
                                                 strict=True)]  # hi-lo-jack deals nine
    state = new_game("hi-lo-jack", players=4, seed=1, hands=nine)
    for text in ("pass", "pass", "bid 2", "pass"):  # seats 1, 2, 3 (the bidder), 0 (dealer)
        state = state.apply(text)
    session = Session(state, 3, {}, random.Random(1), io.StringIO(), io.StringIO())
    assert state.phase is Phase.NAMING_TRUMP and state.to_move == 3
    assert session.parse_entry("h", state.legal_moves()) == Move("trump", 2)
    state = new_game("auction-pitch", players=4, seed=1, hands=hands)
    for text in ("pass", "pass", "bid 2", "pass"):
        state = state.apply(text)
    session.state = state
    assert state.phase is Phase.PLAYING and state.to_move == 3
    legal = state.legal_moves()
    assert session.parse_entry("10h", legal) == session.parse_entry("th", legal) == Move("play", 34)
    assert session.parse_entry("play 10H", legal) == Move("play", 34)
    with pytest.raises(ValueError, match="bad move"):
        session.parse_entry("zz", legal)


def test_jacks_trump_shows_the_call_and_takes_high_or_low_as_shorthand() -> None:
    hands = ["AS 3C JC", "AH 2D 5S", "QH AD JD", "KH TS 9C"]
    state = new_game("jacks-trump", seed=1, hands=hands)
    out = io.StringIO()
    session = Session(state, 0, {}, random.Random(1), io.StringIO(), out)
    assert state.phase is Phase.CALLING
    legal = state.legal_moves()
    assert session.parse_entry("h", legal) == session.parse_entry("HIGH", legal) == Move("call", "high")
    assert session.parse_entry("low", legal) == Move("call", "low")
    session.show_table()
    assert "Call: not yet made" in out.getvalue() and "Trump:" not in out.getvalue()
    assert "== jacks-trump == hand 1, 4 rounds" in out.getvalue()
    session.state = state.apply("call low")
    session.show_table()
    assert "Call: LOW" in out.getvalue()
    assert session.parse_entry("as", session.state.legal_moves()) == Move("play", 51)


def test_jacks_trump_game_at_the_terminal_reports_card_points() -> None:
    code, text = play("1\n" * 500, variant="jacks-trump", seat=0, seed=3, bots="jacks")
    assert code == 0 and "Game over" in text
    assert "seat 0 (you) deals 3 cards each" in text and "calls high" in text
    assert "  Card points: seat 0 (you): " in text


def test_shorthand_names_a_card_only_while_playing() -> None:
    session = make_session("hi-lo-jack", 0, "random", 2, None, io.StringIO(), io.StringIO())
    assert session.state.phase is Phase.BIDDING
    with pytest.raises(ValueError, match="bad move"):
        session.parse_entry("10h", session.state.legal_moves())
    legal = session.state.legal_moves()
    assert session.parse_entry(str(len(legal)), legal) == legal[-1]
    assert session.parse_entry("Bid 3", legal) == Move("bid", 3)


@pytest.mark.parametrize(("options", "message"), [
    ({"seat": 7}, "--seat must be a seat from 0 to 3"),
    ({"bots": "random,random"}, "--bots gives 2 names"),
    ({"bots": "genius"}, "unknown bot 'genius'"),
    ({"variant": "no-such-variant"}, "no-such-variant"),
    ({"players": 9}, "2-8 players"),
])
def test_bad_options_print_one_line_and_return_2(options: dict[str, object], message: str) -> None:
    code, text = play("1\n", **options)
    assert code == 2
    assert text.startswith("pitchcore play: ") and message in text
    assert PROMPT not in text


def test_the_module_runs_from_the_command_line_and_ends_at_end_of_input() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "pitchcore.tools.terminal", "--variant", "auction-pitch", "--seed", "1"],
        input="play ZZ\n99\n\n1\n1\n", capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    assert "not a number of a listed move" in run.stdout
    assert "End of input" in run.stdout


def test_call_partner_games_name_the_partner_when_the_hand_is_over() -> None:
    path = Path(__file__).resolve().parents[1] / "examples" / "call-partner.yaml"
    code, text = play("1\n" * 5000, variant=str(path), seat=0, seed=2, players=5)
    assert code == 0 and "Game over. Final scores:" in text
    assert re.search(r"Hand over: seat \d.* bid \d+ with seat \d.* as partner and (made it|was set)\.", text)


def test_a_coke_hand_demand_is_told_as_such(tmp_path: Path) -> None:
    path = tmp_path / "coke.yaml"
    path.write_text("extends: auction-pitch\nname: coke\ndeal: {worthless_hand: demand, hand_size: 3}\n")
    code, text = play("1\n" * 3000, variant=str(path), seat=0, seed=4)
    assert code == 0 and "Game over. Final scores:" in text
    assert "keeps its hand (no redeal)" in text
    assert re.search(r"seat \d.* shows a worthless hand and demands a redeal\n"
                     r"A worthless hand: the hand is thrown in and seat \d.* deals again\.", text)


CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[CDHS](?![A-Za-z0-9])|(?<![A-Za-z0-9])[HL]J(?![A-Za-z0-9])")


def _seen_cards(state: GameState, seat: int) -> set[str]:
    """Every card ``seat`` may know of at ``state``: what its view shows (its hand, its own
    discards and gift, the called card, the cards turned or drawn face up, the tricks) and
    the hands already scored."""
    view = state.view(seat)
    cards = {*view.hand, *view.discards, *view.gift, *view.upcards, *(card for _, card in view.trick)}
    cards |= {card for _, played, _ in view.tricks for card in played}
    cards |= {card for shown in view.shown for card in shown}
    if view.called is not None:
        cards.add(view.called)
    for result in view.hand_results[-1:]:
        cards |= {card for trick in result.tricks for card in trick.cards}
    return {str(card) for card in cards}


class Watched(Session):
    """A session whose every printed line is checked against what the person's seat has seen
    this deal and the one before (card texts repeat from deal to deal)."""

    leaks: list[str]
    seen: dict[int, set[str]]

    def say(self, text: str = "") -> None:
        deal = self.state.deal_number
        self.seen.setdefault(deal, set()).update(_seen_cards(self.state, self.seat))
        allowed = self.seen[deal] | self.seen.get(deal - 1, set())
        shown = {token.replace("10", "T") for token in CARD_TOKEN.findall(text)}
        if shown - allowed:
            self.leaks.append(f"deal {deal}: {text!r} shows {sorted(shown - allowed)}")
        super().say(text)


@pytest.mark.parametrize("variant", pc.bundled_variants())
def test_the_terminal_shows_no_card_the_person_has_not_seen(variant: str) -> None:
    """Everything printed at the terminal goes through what the person's seat may see: the
    bots' face-down discards, the stock and the other hands never appear (every bundled
    variant, a whole game answered with the first listed move)."""
    for seed in (3, 4):
        out = io.StringIO()
        session = make_session(variant, 1, "heuristic", seed, None, io.StringIO("1\n" * 5000), out)
        session.__class__ = Watched
        assert isinstance(session, Watched)
        session.leaks, session.seen = [], {}
        assert session.play() == 0
        assert "Game over" in out.getvalue()
        assert not session.leaks, session.leaks[:3]



# -- typed discards and partner calls, forced moves, the hand summary ----------------------

NINE_HEARTS = ["2H 3H 4H 5H 6H 7H 8H 9H TH", "8C 9C TC JC QC KC 2S 3S 4S", "AC 2D 3D 4D 5D 6D 5S 6S 7S",
               "2C 7D 8D 9D TD JD 8S 9S TS"]
"""hi-lo-jack: seat 3 bids and names hearts; seat 0 (the dealer, who discards last) then
holds nine trumps and must discard three of them (84 ways)."""


def session_of(state: GameState, lines: str, seat: int = 0) -> tuple[Session, io.StringIO]:
    """A session of ``seat`` at ``state`` reading ``lines``, random bots at the other seats."""
    bots = {other: bot_by_name("random", state.table.variant) for other in range(state.players) if other != seat}
    out = io.StringIO()
    return Session(state, seat, bots, random.Random(1), io.StringIO(lines), out), out


def nine_trumps(lines: str) -> tuple[Session, io.StringIO]:
    """A session of seat 0 at its discard in ``NINE_HEARTS``, reading ``lines``."""
    state = new_game("hi-lo-jack", players=4, seed=1, hands=NINE_HEARTS)
    for text in ("pass", "pass", "bid 2", "pass", "trump H"):
        state = state.apply(text)
    while state.to_move != 0:
        (move,) = state.legal_moves()  # the others' discards: every non-trump
        state = state.apply(move)
    assert state.phase is Phase.DISCARDING and len(state.legal_moves()) == 84
    return session_of(state, lines)


@pytest.mark.parametrize("entry", ["9h 2H th", "TH,9H,2H", "th, 2h  9H", "discard 2h 9h 10h", "Discard 9H,th,2H"])
def test_a_discard_is_typed_as_its_cards_in_any_order_and_case(entry: str) -> None:
    session, out = nine_trumps(entry + "\n")
    discarding = session.state
    assert session.play() == 0
    text = out.getvalue()
    assert "Your hand (seat 0): 2H 3H 4H 5H 6H 7H 8H 9H TH" in text
    assert "  Discard 3 cards: type them in any order (e.g. 2H 3H 4H); '?' lists all 84 choices." in text
    assert not re.search(r"\d\) discard", text)  # no choice listed one by one
    assert "seat 0 (you) discards 2H 9H TH\n" in text and "Not " not in text
    assert text.count(PROMPT) == 2  # the discard, then a move in play (end of input)
    assert session.state.view(0).discards == tuple(Card.parse(card) for card in ("2H", "9H", "TH"))
    assert discarding.apply("discard 2H 9H TH").view(0).discards == session.state.view(0).discards


def test_a_wrong_discard_is_refused_with_its_reason_and_nothing_changes() -> None:
    session, out = nine_trumps("2H 9H\n2H 9H AS KS\n2h 2H 3H\n2H 9H ZZ\n4H 5H 6H 7H\n")
    before = session.state
    assert session.play() == 0
    text = out.getvalue()
    hand = "(your hand: 2H 3H 4H 5H 6H 7H 8H 9H TH)"
    assert f"Not allowed: discard 3 cards, not 2 {hand}\n" in text
    assert f"Not allowed: KS AS are not in your hand {hand}\n" in text
    assert "Not understood: 2H is typed twice: type the cards to discard, e.g. 2H 3H 4H\n" in text
    assert "Not understood: bad card 'ZZ'" in text
    assert f"Not allowed: discard 3 cards, not 4 {hand}\n" in text
    assert text.count(PROMPT) == 6 and text.rstrip().endswith("End of input: leaving the game. Goodbye.")
    assert "seat 0 (you) discards" not in text
    assert session.state is before and session.state.view(0).discards == ()


def test_the_discards_are_listed_only_on_request() -> None:
    session, out = nine_trumps("?\n")
    assert session.play() == 0
    text = out.getvalue()
    listed = re.findall(r"(\d+)\) discard (\w\w \w\w \w\w)\n", text)
    assert len(listed) == 84 and listed[0] == ("1", "2H 3H 4H") and listed[-1] == ("84", "8H 9H TH")
    assert text.index("'?' lists all 84 choices") < text.index("1) discard 2H 3H 4H")


SIX = ["2H 3C 4C 5C 6C 7C", "AH 9H 8H 2S 3S 4S", "JH 8C 9C 2D 3D 4D", "TH 5S 6S 5D 6D 7D"]
"""auction-pitch: seat 1 bids 2 and leads AH (trump hearts); JH, TH and seat 0's 2H (its
only heart: a forced play) fall to it, and no other card counts for Game."""


def first_trick(upto: int) -> GameState:
    """``SIX`` after the auction and the first ``upto`` cards of the first trick."""
    state = new_game("auction-pitch", players=4, seed=1, hands=SIX)
    for text in ("bid 2", "pass", "pass", "pass", "play AH", "play JH", "play TH")[:4 + upto]:
        state = state.apply(text)
    return state


def forced_play() -> tuple[GameState, str]:
    return first_trick(3), "seat 0 (you) plays 2H (your only legal move)\n"


def nothing_to_discard(folder: Path) -> tuple[GameState, str]:
    path = folder / "no-draw.yaml"
    path.write_text("extends: haus-pitch\nname: no-draw\nexchange: {kind: draw, max_discard: 0}\n")
    state = new_game(str(path), players=4, seed=1)
    while state.to_move != 0 or state.phase is not Phase.DISCARDING:
        legal = state.legal_moves()
        state = state.apply(Move("pass") if Move("pass") in legal and state.to_move == 0 else legal[-1])
    return state, "seat 0 (you) discards nothing (nothing to discard)\n"


@pytest.mark.parametrize("case", ["play", "discard"])
def test_a_forced_move_is_made_without_a_prompt_and_told_in_a_line(case: str, tmp_path: Path) -> None:
    state, line = forced_play() if case == "play" else nothing_to_discard(tmp_path)
    assert state.to_move == 0 and len(state.legal_moves()) == 1
    session, out = session_of(state, "")
    assert session.play() == 0
    text = out.getvalue()
    assert line in text
    assert PROMPT not in text[:text.index(line)] and "Your hand (seat 0)" not in text[:text.index(line)]
    assert session.state is not state  # (the move was made: the line is its event's)


def test_the_hand_summary_names_each_points_deciding_card() -> None:
    state = first_trick(3)
    while len(state.view(0).hand) > 1 or state.to_move != 0:
        state = state.apply(state.legal_moves()[0])
    session, out = session_of(state, "")
    assert session.play() == 0
    text = out.getvalue()
    assert ("Hand over: seat 1 bid 2 and made it.\n"
            "  High: AH (seat 1) -> seat 1\n"
            "  Low: 2H (you) taken by seat 1 -> seat 0 (you)\n"
            "  Jack: JH (seat 2) taken by seat 1 -> seat 1\n"
            "  Game: 15 to 0, 0, 0 pips -> seat 1\n"
            "  Changes: seat 0 (you): +1, seat 1: +3, seat 2: +0, seat 3: +0\n") in text


class Scripted:
    """A bot that makes the first of its moves that is legal, else the first legal move."""

    name = "scripted"

    def __init__(self, *moves: str) -> None:
        self.moves = [pc.parse_move(text) for text in moves]

    def choose(self, view: pc.PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        return next((move for move in self.moves if move in legal), legal[0])


FIVE = ["2H 7H 8H AH 3D 9D", "KS 2C 3C 4C 5C 6C", "8C 9C TC JC QC 7C", "AS 4D 5D 6D 7D 8D", "2S 3S 4S 5S 6S 7S"]
"""call-partner, 5 seats: seat 1 bids 2 and leads KS; seat 3's only spade is AS."""


@pytest.mark.parametrize(("called", "expected"), [
    ("AS", ["seat 1 calls AS for a partner\n",
            "seat 3 plays AS, the called card: seat 3 is the partner of seat 1\n",
            "Called card: AS (held by seat 3, the partner of seat 1)\n",
            "Trick: seat 1: KS, seat 2: 7C, seat 3: AS (called), seat 4: 2S\n"]),
    ("AH", ["seat 1 calls AH for a partner: you hold it, so you are the partner of seat 1 this hand\n",
            "seat 3 plays AS\n",
            "Called card: AH (you hold it: you are the partner of seat 1)\n",
            "Trick: seat 1: KS, seat 2: 7C, seat 3: AS, seat 4: 2S\n"]),
])
def test_the_called_card_and_the_partner_are_shown(called: str, expected: list[str]) -> None:
    path = Path(__file__).resolve().parents[1] / "examples" / "call-partner.yaml"
    state = new_game(str(path), players=5, seed=1, hands=FIVE)
    bots = {1: Scripted("bid 2", f"partner {called}", "play KS"), 2: Scripted("pass"), 3: Scripted("pass"),
            4: Scripted("pass")}
    out = io.StringIO()
    session = Session(state, 0, dict(bots), random.Random(1), io.StringIO("pass\n"), out)
    assert session.play() == 0
    text = out.getvalue()
    positions = [text.find(line) for line in expected]
    assert -1 not in positions and positions == sorted(positions), (positions, text)
    assert session.state.view(0).called == called


def test_a_partner_is_called_by_typing_its_card() -> None:
    path = Path(__file__).resolve().parents[1] / "examples" / "call-partner.yaml"
    state = new_game(str(path), players=5, seed=1, hands=FIVE)
    for text in ("bid 2", "pass", "pass", "pass"):
        state = state.apply(text)
    session, out = session_of(state, "bid 3\n2h\nzz\nas\n")
    assert session.play() == 0
    text = out.getvalue()
    assert "  Call your partner: type a card you do not hold (e.g. AS); '?' lists all 46 choices.\n" in text
    assert not re.search(r"\d\) partner", text)
    assert "Not allowed: you hold 2H: call a card you do not hold\n" in text
    assert "Not understood: bad card 'zz'" in text
    assert "seat 0 (you) calls AS for a partner\n" in text
    assert "Called card: AS (its holder, the partner, is not known yet)\n" in text
    assert session.state.view(0).called == "AS" and session.state.view(0).partner is None
