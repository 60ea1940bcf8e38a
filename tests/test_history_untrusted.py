"""Hand histories taken from anyone: linear work, tags of one printable line, one way to read a text.

- Writing, reading, narrating and replaying a history walk the game's move log a bounded
  number of times, however long the game (counted, never timed: ``benchmarks/history.py``
  measures the seconds).
- A tag's value is one line of printable characters, for ``read`` and ``write`` alike;
  every ``HistoryError`` message and every line ``pitchcore replay`` prints is one
  printable line, whatever the text held.
- ``read_game`` of a text and ``read_file`` of the same bytes read alike (LF, CRLF and a
  lone CR are one line break), and an error's line is a line of the text.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pitchcore
from conftest import play_random
from pitchcore.components.registry import MOST_SCORE
from pitchcore.interop import history
from pitchcore.interop.history import HistoryError
from pitchcore.model import log
from pitchcore.model.state import GameState
from pitchcore.tools.cli import main

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "history-auction-pitch.txt"
LONG = pitchcore.load_variant_text(f"extends: california-jack\nname: long-jack\ngoing_out:\n  target: {MOST_SCORE}\n")
"""A variant whose games run to tens of thousands of moves (two seats, a card drawn after
each trick, played to the highest target a variant may name)."""
NAMES = ["Ann", "Bob"]


def long_game(moves: int, seed: int = 1) -> GameState:
    """A random game of ``LONG`` cut after ``moves`` moves."""
    state = pitchcore.new_game(LONG, seed=seed)
    for _, _, after in play_random(state, seed, max_hands=10**6, max_moves=moves):
        state = after
    assert len(state.moves) == moves
    return state


def one_printable_line(text: str) -> bool:
    return text.isprintable()


def line_count(text: str) -> int:
    """The lines of ``text`` as an editor counts them: LF, CRLF and CR each end one, a final
    one begins none, and an empty text has one (empty) line."""
    breaks = re.findall(r"\r\n|\r|\n", text)
    return max(1, len(breaks) + (0 if re.search(r"[\r\n]\Z", text) else 1))


def error_of(read: Callable[[], object]) -> HistoryError:
    with pytest.raises(HistoryError) as caught:
        read()
    return caught.value


# -- 6: linear work -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def long_state() -> GameState:
    return long_game(3000)


def test_each_operation_walks_the_move_log_a_bounded_number_of_times(
        long_state: GameState, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Each step of a replay once rebuilt the whole move tuple from the log (``state.moves``
    in ``events_between``): 3,000 moves walked 4.5 million links. Each operation now walks
    the log at most twice."""
    walks: list[int] = []
    real = log.moves_of

    def counted(chain: log.Log) -> tuple[pitchcore.Move, ...]:
        moves = real(chain)
        walks.append(len(moves))
        return moves

    text = history.write(long_state, names=NAMES)
    path = tmp_path / "long.txt"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(log, "moves_of", counted)
    operations: dict[str, Callable[[], object]] = {
        "write": lambda: history.write(long_state, names=NAMES),
        "write a view": lambda: history.write(long_state, seat=1),
        "narrate": lambda: history.narrate(long_state, NAMES),
        "read": lambda: history.read_game(text),
        "read_file": lambda: history.read_file(path),
        "replay": lambda: main(["replay", str(path)]),
        "events of each step": lambda: list(history._steps(long_state)),
    }
    moves = len(long_state.moves)
    for name, operation in operations.items():
        walks.clear()
        operation()
        assert len(walks) <= 2 and sum(walks) <= 2 * moves, (name, len(walks), sum(walks))
    capsys.readouterr()


def test_a_long_game_round_trips_and_replays_whole(long_state: GameState, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    text = history.write(long_state, names=NAMES)
    assert history.read(text) == long_state and history.read(text).moves == long_state.moves
    path = tmp_path / "long.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out == history.narrate(long_state, NAMES)


# -- 7: a tag's value is one printable line -------------------------------------------------------


BAD = {
    "ESC": "\x1b", "NUL": "\x00", "LF": "\n", "CR": "\r", "TAB": "\t", "DEL": "\x7f", "NEL (C1)": "\x85",
    "CSI (C1)": "\x9b", "line separator": "\u2028", "paragraph separator": "\u2029",
    "right-to-left override": "\u202e", "right-to-left isolate": "\u2067", "left-to-right mark": "\u200e",
    "Arabic letter mark": "\u061c", "zero-width joiner": "\u200d", "byte order mark": "\ufeff",
    "soft hyphen": "\xad", "language tag": "\U000e0001", "lone high surrogate": "\ud800",
    "lone low surrogate": "\udfff",
}
"""Characters a tag's value may not hold, each of a kind the rule names: C0, C1 and DEL
control characters, line and paragraph separators, bidi controls and other format
characters (category Cf), lone surrogates."""
GOOD = ['Ann "the Ace"', "Bob\\", "Zoë", "李小龍", "שלום", "😀", "a {note}; [x]", "\\x1b", " spaced ", ""]
"""Tag values that are one printable line, however odd."""


def escaped(value: str) -> str:
    """``value`` between a tag's quotes, by hand: ``\\`` and ``"`` escaped, and each
    unprintable character as ``\\uXXXX`` (so the tag stays on its line)."""
    def one(char: str) -> str:
        if char in '\\"':
            return "\\" + char
        if char.isprintable():
            return char
        return f"\\u{ord(char):04x}" if ord(char) <= 0xFFFF else f"\\U{ord(char):08x}"
    return "".join(map(one, value))


@pytest.fixture(scope="module")
def sample() -> str:
    """A short finished game with two named seats; its ``[Seat0 "Ann"]`` tag is replaced."""
    state = pitchcore.new_game("hi-lo-jack", seed=3, players=2)
    for _, _, after in play_random(state, 3, max_moves=60):
        state = after
    return history.write(state, names=NAMES, event="club", date="2026.11.24")


def with_tag(text: str, name: str, value: str) -> str:
    old = next(line for line in text.split("\n") if line.startswith(f"[{name} "))
    return text.replace(old, f'[{name} "{value}"]', 1)


def tag_line(text: str, name: str) -> int:
    return next(number for number, line in enumerate(text.split("\n"), 1) if line.startswith(f"[{name} "))


@pytest.mark.parametrize("kind", BAD)
def test_read_refuses_a_tag_with_an_unprintable_character_at_its_line(sample: str, kind: str) -> None:
    char = BAD[kind]
    for tag in ("Seat0", "Event", "Date"):
        text = with_tag(sample, tag, escaped(f"A{char}B"))
        for read in (history.read_game, history.read_tags):
            error = error_of(lambda: read(text))  # noqa: B023
            message = str(error)
            assert error.line == tag_line(sample, tag), message
            assert message.startswith(f"line {error.line}: the tag [{tag}] holds {char!a} ("), message
            assert one_printable_line(message), message


@pytest.mark.parametrize("kind", [kind for kind, char in BAD.items() if char not in "\r\n"])
def test_read_refuses_an_unprintable_character_written_raw_and_quotes_nothing_raw(sample: str, kind: str) -> None:
    char = BAD[kind]
    text = with_tag(sample, "Seat1", f"A{char}B")
    error = error_of(lambda: history.read(text))
    assert error.line == tag_line(sample, "Seat1") and one_printable_line(str(error)), str(error)
    moved = sample.replace(" play ", f" play {char}Z", 1)  # (a card that holds it: quoted escaped)
    error = error_of(lambda: history.read(moved))
    assert error.line is not None and one_printable_line(str(error)), str(error)


@pytest.mark.parametrize("kind", BAD)
def test_write_refuses_what_read_refuses(kind: str) -> None:
    state = pitchcore.new_game("auction-pitch", seed=1)
    char = BAD[kind]
    for arguments, what in (({"names": ["A", f"B{char}", "C", "D"]}, "names[1]"), ({"event": f"E{char}"}, "event"),
                            ({"date": f"2026{char}"}, "date")):
        with pytest.raises(ValueError) as caught:
            history.write(state, **arguments)  # type: ignore[arg-type]
        message = str(caught.value)
        assert message.startswith(f"{what} must be one line of at most {history.TAG_LIMIT} printable characters")
        assert ascii(char) in message and one_printable_line(message), message


def test_a_tag_may_be_as_long_as_the_limit_and_no_longer(sample: str) -> None:
    state = history.read(sample)
    longest = "x" * history.TAG_LIMIT
    assert history.read_game(history.write(state, names=[longest, "B"])).names == (longest, "B")
    with pytest.raises(ValueError, match=f"is {history.TAG_LIMIT + 1} characters long"):
        history.write(state, names=[longest + "x", "B"])
    error = error_of(lambda: history.read(with_tag(sample, "Seat0", longest + "x")))
    assert str(error) == (f"line {tag_line(sample, 'Seat0')}: the tag [Seat0] is {history.TAG_LIMIT + 1} characters "
                          f"long: a tag's value is one line of at most {history.TAG_LIMIT} printable characters")


TAG_TEXT = st.text(st.one_of(st.sampled_from([*BAD.values(), '"', "\\", "x"]), st.characters(exclude_categories=())),
                   max_size=12)


@settings(max_examples=300)
@given(name=TAG_TEXT)
def test_write_takes_exactly_the_names_read_takes(sample: str, name: str) -> None:
    state = history.read(sample)
    try:
        written = history.write(state, names=[name, "Bob"])
    except ValueError:
        written = None
    handmade = with_tag(sample, "Seat0", escaped(name))
    try:
        read = history.read_game(handmade)
    except HistoryError as error:
        assert written is None, (name, str(error))
        assert one_printable_line(str(error)) and error.line == tag_line(sample, "Seat0")
        return
    assert written is not None, name
    assert read.names == history.read_game(written).names == (name, "Bob")


@pytest.mark.parametrize("variant_name", ["two\nlines", "evil\u202eeman", "esc\x1b[2J", "half\ud83d"])
def test_write_refuses_a_variant_name_read_would_refuse(variant_name: str) -> None:
    import attrs

    state = pitchcore.new_game(attrs.evolve(pitchcore.load_variant("auction-pitch"), name=variant_name), seed=1)
    with pytest.raises(ValueError, match="the variant's name must be one line"):
        history.write(state)


def replay(path: Path) -> subprocess.CompletedProcess[bytes]:
    """``pitchcore replay`` run as a person runs it, its output as the bytes it printed."""
    return subprocess.run([sys.executable, "-m", "pitchcore", "replay", str(path)], capture_output=True, timeout=120)


def test_replay_of_a_file_with_a_bad_tag_prints_one_located_printable_line(sample: str, tmp_path: Path) -> None:
    """The lone surrogate once made it exit with "'utf-8' codec can't encode ..."; a line
    break in a name printed a line of its own."""
    line = tag_line(sample, "Seat0")
    for kind in ("LF", "ESC", "right-to-left override", "lone high surrogate"):
        path = tmp_path / "bad.txt"
        path.write_text(with_tag(sample, "Seat0", escaped(f"Ann{BAD[kind]}Eve")), encoding="utf-8")
        run = replay(path)
        err = run.stderr.decode("utf-8")
        assert run.returncode == 2 and run.stdout == b"", (kind, err)
        assert err.count("\n") == 1 and one_printable_line(err.removesuffix("\n")), (kind, err)
        assert err.startswith(f"pitchcore replay: {path}: line {line}: the tag [Seat0] holds "), (kind, err)


def test_replay_prints_odd_names_on_the_lines_plain_names_take(sample: str, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.txt"
    path.write_text(sample, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    plain = capsys.readouterr().out.split("\n")
    for name in GOOD:
        path.write_text(with_tag(sample, "Seat0", escaped(name)), encoding="utf-8")
        assert main(["replay", str(path)]) == 0
        out = capsys.readouterr().out.split("\n")
        assert len(out) == len(plain) and all(map(one_printable_line, out)), name
        assert out[1] == f"seat 0: {name}, seat 1: Bob"


def test_a_bad_file_name_is_printed_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "no\nsuch\x1b.txt")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and one_printable_line(err.removesuffix("\n")) and "\\x1b" in err


def test_every_error_of_a_mangled_history_is_one_printable_line() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    rng = random.Random(7)
    specials = [*BAD.values(), "\x0b", "\x0c", "\x1c", "\u3000", "\ue000"]
    for _ in range(1500):
        spot = rng.randrange(len(text))
        mangled = text[:spot] + "".join(rng.choices(specials, k=rng.randint(1, 3))) + text[spot + rng.randint(0, 2):]
        try:
            history.read(mangled)
        except HistoryError as error:
            assert one_printable_line(str(error)), str(error)
            assert error.line is not None and 1 <= error.line <= line_count(mangled), (error.line, str(error))


# -- 8: one way to read a text; lines that exist ---------------------------------------------------


ENDINGS = {"LF": "\n", "CRLF": "\r\n", "CR": "\r"}


def read_both(text: str, folder: Path) -> tuple[object, object]:
    """What ``read_game`` makes of ``text`` and what ``read_file`` makes of its UTF-8 bytes:
    the game's (state, names), or the error's (message, line)."""
    path = folder / "game.txt"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    answers: list[object] = []
    for read in (lambda: history.read_game(text), lambda: history.read_file(path)):
        try:
            game = read()
        except HistoryError as error:
            answers.append((str(error), error.line))
        else:
            answers.append((game.state, game.names))
    return answers[0], answers[1]


@pytest.mark.parametrize("ending", ENDINGS)
def test_read_game_and_read_file_read_every_line_ending_alike(sample: str, tmp_path: Path, ending: str) -> None:
    text = sample.replace("\n", ENDINGS[ending])
    by_text, by_file = read_both(text, tmp_path)
    assert by_text == by_file == (history.read(sample), tuple(NAMES))
    mistake = text.replace("bid", "bod", 1)
    assert read_both(mistake, tmp_path)[0] == read_both(mistake, tmp_path)[1] == read_both(
        sample.replace("bid", "bod", 1), tmp_path)[0]


@settings(max_examples=60)
@given(endings=st.lists(st.sampled_from(list(ENDINGS.values())), min_size=1), seed=st.integers(0, 2**32))
def test_mixed_line_endings_read_alike_by_text_and_by_file(sample: str, endings: list[str], seed: int) -> None:
    rng = random.Random(seed)
    lines = sample.split("\n")
    text = "".join(line + rng.choice(endings) for line in lines[:-1]) + lines[-1]
    with tempfile.TemporaryDirectory() as folder:
        by_text, by_file = read_both(text, Path(folder))
    assert by_text == by_file == (history.read(sample), tuple(NAMES))


def test_a_missing_tag_is_named_at_the_last_tag_line() -> None:
    assert str(error_of(lambda: history.read('[Players "4"]'))) == (
        'line 1: the history has no [Variant] tag (expected e.g. [Variant "auction-pitch"]) among its tags')
    tags = '[Variant "auction-pitch"]\n[Players "4"]\n; a comment\n[Dealer "0"]\n\n'
    error = error_of(lambda: history.read(tags))
    assert (error.line, str(error).partition(": ")[2]) == (
        4, 'the history has no [Seed] tag (expected e.g. [Seed "7"]) among its tags')
    error = error_of(lambda: history.read(tags.replace("\n", "\r")))
    assert error.line == 4


def test_a_history_cut_short_is_reported_at_its_last_line(sample: str) -> None:
    for cut in (sample[:sample.index("result:")], sample[:sample.index("\nresult:")]):
        for ending in ENDINGS.values():
            text = cut.replace("\n", ending)
            error = error_of(lambda: history.read(text))  # noqa: B023
            assert error.line == line_count(text) and "cut short" in str(error), (repr(ending), str(error))


def test_every_error_line_is_a_line_of_the_text(sample: str) -> None:
    rng = random.Random(11)
    for _ in range(800):
        lines = sample.split("\n")
        where = rng.randrange(len(lines))
        change = rng.randrange(4)
        if change == 0:
            del lines[where]
        elif change == 1:
            lines.insert(where, rng.choice(lines))
        elif change == 2 and lines[where]:
            spot = rng.randrange(len(lines[where]))
            lines[where] = lines[where][:spot] + rng.choice('x{};|[]"\\ 09:,?\r') + lines[where][spot + 1:]
        else:
            lines = lines[:where]
        text = rng.choice(list(ENDINGS.values())).join(lines)
        try:
            history.read(text)
        except HistoryError as error:
            assert error.line is not None and 1 <= error.line <= line_count(text), (error.line, str(error), text)


def test_errors_of_embedded_rules_are_one_line_within_the_rules() -> None:
    variant = pitchcore.load_variant_text("extends: auction-pitch\nname: my-house\ngoing_out:\n  target: 7\n")
    text = history.write(pitchcore.new_game(variant, seed=1))
    rules = [number for number, line in enumerate(text.split("\n"), 1) if line.startswith("|")]
    for broken in (text.replace("|   target: 7", "|   target: [7"),
                   text.replace("|   target: 7", "|   target: x\n| bad: 1"),
                   text.replace("| name: my-house", "| name: my-house\n| \x1b: 1")):
        error = error_of(lambda: history.read(broken))  # noqa: B023
        assert one_printable_line(str(error)), str(error)
        assert error.line is not None and rules[0] <= error.line <= rules[-1] + 1, (error.line, str(error))

