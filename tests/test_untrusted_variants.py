"""Variant files from players: where ``extends`` may reach, and what a message may quote.

A server loads uploaded text with ``load_variant_text(text, name)`` (bundled parents
only) or ``load_variant_text(text, name, base=folder)`` (parents inside ``folder`` too).
A parent is looked up relative to the file that names it and must stay inside the base
folder; a bundled name is always the bundled variant; a broken parent is named, never
quoted. Sizes, depth and aliases are bounded before the YAML parser builds anything.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pitchcore as pc
from pitchcore import VariantError, load_variant, load_variant_text
from pitchcore.loading.yaml_limits import MAX_BYTES, MAX_DEPTH, MAX_EXTENDS, MAX_NODES

SECRET = "auction: {kind: hunter2}\n"


def refused(call: object, *args: object, **kwargs: object) -> str:
    """The message of the ``VariantError`` (and nothing else) that ``call`` raises."""
    with pytest.raises(Exception) as caught:
        call(*args, **kwargs)  # type: ignore[operator]
    assert type(caught.value) is VariantError, f"{type(caught.value).__name__}: {caught.value}"
    return str(caught.value)


@pytest.fixture
def tree(short_tmp: Path) -> Path:
    """``secret.yaml`` outside ``tables``, which holds the house files, in a fresh folder."""
    (short_tmp / "secret.yaml").write_text(SECRET)
    tables = short_tmp / "tables"
    (tables / "sub").mkdir(parents=True)
    (tables / "seven.yaml").write_text("extends: auction-pitch\ngoing_out: {target: 7}\n")
    (tables / "sub" / "nine.yaml").write_text("extends: ../seven.yaml\ngoing_out: {target: 9}\n")
    return tables


# -- extends: bundled names, relative paths, the base folder ------------------------------


def test_text_without_a_base_may_extend_only_a_bundled_variant(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tree)  # a file of that name in the working folder changes nothing
    assert load_variant_text("extends: haus-pitch\nname: ours\n").auction == load_variant("haus-pitch").auction
    message = refused(load_variant_text, "extends: seven.yaml\n", "upload.yaml")
    assert message.startswith("upload.yaml:1: extends: 'seven.yaml' is not a bundled variant")
    assert "loaded without a base folder" in message and "bundled: all-fours, auction-pitch" in message


def test_text_with_a_base_extends_files_inside_it(tree: Path) -> None:
    variant = load_variant_text("extends: sub/nine.yaml\nname: ours\n", "upload.yaml", base=tree)
    assert variant.going_out.target == 9
    assert variant.name == "ours"


@pytest.mark.parametrize("parent", ["../secret.yaml", "sub/../../secret.yaml", "./../secret.yaml"])
def test_a_path_out_of_the_base_folder_is_refused(tree: Path, parent: str) -> None:
    message = refused(load_variant_text, f"extends: {parent}\n", "upload.yaml", base=tree)
    assert f"upload.yaml:1: extends: {parent!r} leads outside the base folder" in message
    assert "hunter2" not in message


def test_an_absolute_path_is_refused_even_inside_the_base(tree: Path) -> None:
    for parent in ("/etc/passwd", str(tree / "seven.yaml")):
        message = refused(load_variant_text, f"extends: {parent}\n", "upload.yaml", base=tree)
        assert f"extends: {parent!r} is an absolute path; write the path relative" in message
        assert "root:" not in message


def test_a_file_extends_relative_to_itself_inside_its_own_folder_by_default(tree: Path) -> None:
    assert load_variant(tree / "sub" / "nine.yaml", base=tree).going_out.target == 9
    message = refused(load_variant, tree / "sub" / "nine.yaml")  # base: tree/sub
    assert f"{tree / 'sub' / 'nine.yaml'}:1: extends: '../seven.yaml' leads outside the base folder" in message


def test_a_symlink_out_of_the_base_folder_is_refused(tree: Path) -> None:
    (tree / "link.yaml").symlink_to(tree.parent / "secret.yaml")
    (tree / "up").symlink_to(tree.parent)
    for parent in ("link.yaml", "up/secret.yaml"):
        message = refused(load_variant_text, f"extends: {parent}\n", "upload.yaml", base=tree)
        assert "leads outside the base folder" in message and "hunter2" not in message


def test_a_stray_file_never_shadows_a_bundled_name(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for stray in ("auction-pitch", "auction-pitch.yaml"):
        (tree / stray).write_text(SECRET)
    monkeypatch.chdir(tree)
    house = tree / "house.yaml"
    house.write_text("extends: auction-pitch\nname: auction-pitch\n")
    bundled = load_variant("auction-pitch")
    assert load_variant(house) == bundled
    assert load_variant_text(house.read_text(), "house.yaml", base=tree) == bundled
    assert load_variant("auction-pitch") == bundled


def test_a_broken_parent_is_named_with_the_house_file_but_never_quoted(tree: Path) -> None:
    (tree / "parent.yaml").write_text("extends: auction-pitch\nauction:\n  min_bid: hunter2\n  max_bid: x\n")
    message = refused(load_variant_text, "extends: parent.yaml\n", "upload.yaml", base=tree)
    # (a long temporary folder's path is cut short in the message, so only its ends are fixed)
    assert message.startswith(f"upload.yaml:1: extends: {str(tree)[:20]!r}"[:-1])
    assert message.endswith("is not a valid variant (2 problems, the first on its line 3); load that "
                            "file on its own to see them")
    assert "hunter2" in refused(load_variant, tree / "parent.yaml"), "loaded itself, it says all"
    (tree / "scalar.yaml").write_text("hunter2 is the password\n")
    message = refused(load_variant_text, "extends: scalar.yaml\n", "upload.yaml", base=tree)
    assert "hunter2" not in message and message.startswith("upload.yaml:1: extends: ")


def test_a_parent_that_is_not_text_or_too_large_is_named_not_shown(tree: Path) -> None:
    (tree / "binary.yaml").write_bytes(bytes(range(256)))
    (tree / "huge.yaml").write_bytes(b"extends: auction-pitch\n#" + b"x" * MAX_BYTES)
    for parent in ("binary.yaml", "huge.yaml"):
        message = refused(load_variant_text, f"extends: {parent}\n", "upload.yaml", base=tree)
        assert message.startswith(f"upload.yaml:1: extends: {str(tree)[:20]!r}"[:-1])  # (a long path is cut)
        assert "is not a valid variant" in message


@pytest.mark.parametrize("parent", ["a" * 5_000, "b" * 256, 'x\\0y', "tab\\there"])
def test_an_unusable_file_name_is_a_variant_error(tree: Path, parent: str) -> None:
    message = refused(load_variant_text, f'extends: "{parent}"\n', "upload.yaml", base=tree)
    assert "is not a usable file name (at most 255 printable characters)" in message
    assert len(message) < 1_000


@pytest.mark.parametrize("path", ["x" * 5_000, "a\0b", "/nowhere/" + "d/" * 3_000 + "f.yaml", ""])
def test_load_variant_of_an_impossible_path_is_a_variant_error(path: str) -> None:
    message = refused(load_variant, path)
    assert "no such variant file, and no bundled variant of that name" in message
    assert len(message) < 1_000


@pytest.mark.parametrize("value", [None, 5, b"auction-pitch", ["auction-pitch"]])
def test_load_variant_of_something_that_is_not_a_name_is_a_variant_error(value: object) -> None:
    assert "takes a bundled name or a path" in refused(load_variant, value)


def test_chains_of_parents_are_bounded(tree: Path) -> None:
    def chain(files: int) -> Path:
        """``files`` files in all, the last one bundled: c0 -> c1 -> ... -> auction-pitch."""
        folder = tree / f"chain{files}"
        folder.mkdir()
        for index in range(files - 2):
            (folder / f"c{index}.yaml").write_text(f"extends: c{index + 1}.yaml\n")
        (folder / f"c{files - 2}.yaml").write_text("extends: auction-pitch\ngoing_out: {target: 5}\n")
        return folder / "c0.yaml"

    assert load_variant(chain(MAX_EXTENDS)).going_out.target == 5
    message = refused(load_variant, chain(MAX_EXTENDS + 1))
    assert f"is a chain of more than {MAX_EXTENDS} files; make one of them extend a bundled variant" in message


# -- text, bytes and sizes ------------------------------------------------------------


def test_bytes_are_read_as_utf8_and_anything_else_is_refused() -> None:
    text = "extends: auction-pitch\nname: café\n"
    assert load_variant_text(text.encode()).name == "café"
    assert refused(load_variant_text, text.encode("latin-1"), "up.yaml").startswith(
        "up.yaml:2: (top level): not a text file in UTF-8 (byte 0xe9)")
    assert "not text that UTF-8 can hold" in refused(load_variant_text, "name: \ud800\n", "up.yaml")
    assert "expected the variant's YAML text, got int" in refused(load_variant_text, 5)


def test_a_file_up_to_the_size_limit_loads_and_a_larger_one_is_refused_unread(tmp_path: Path) -> None:
    head = "extends: auction-pitch\n#"
    fits = head + "x" * (MAX_BYTES - len(head) - 1) + "\n"
    assert len(fits.encode()) == MAX_BYTES
    assert load_variant_text(fits).going_out == load_variant("auction-pitch").going_out
    message = refused(load_variant_text, fits + "#", "up.yaml")
    assert message == (f"up.yaml:1: (top level): {MAX_BYTES + 1:,} bytes is too large for a variant file "
                       f"(at most {MAX_BYTES:,}); a variant file names a few rules")
    big = tmp_path / "big.yaml"
    big.write_bytes(b"\xff" * 5_000_000)  # not even UTF-8: refused for its size, before decoding
    assert "5,000,000 bytes is too large" in refused(load_variant, big)


def test_nesting_is_bounded_in_every_yaml_style() -> None:
    for deep in ("- " * (MAX_DEPTH + 1) + "x", "? " * (MAX_DEPTH + 1) + "x", "name: " + "[" * (MAX_DEPTH + 1),
                 "name: " + "{a: " * (MAX_DEPTH + 1) + "x" + "}" * (MAX_DEPTH + 1),
                 "".join(" " * level + f"k{level}:\n" for level in range(MAX_DEPTH + 1))):
        assert f"nested more than {MAX_DEPTH} levels deep" in refused(load_variant_text, deep + "\n")
    fits = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    assert "name: expected text" in refused(load_variant_text, f"extends: auction-pitch\nname: {fits}\n")


def test_aliases_count_as_what_they_expand_to() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 4)]
    message = refused(load_variant_text, "\n".join(lines) + "\n", "up.yaml")
    assert message.startswith("up.yaml:4: a3") and f"more than {MAX_NODES:,} keys and values" in message
    chain = ["c0: &c0 [x]"] + [f"c{i}: &c{i} [*c{i - 1}]" for i in range(1, MAX_DEPTH + 2)]
    assert "an alias here expands to values nested more than" in refused(load_variant_text, "\n".join(chain))


def test_a_number_too_long_for_python_is_a_variant_error() -> None:
    message = refused(load_variant_text, "extends: auction-pitch\ngoing_out: {target: " + "9" * 5_000 + "}\n",
                      "up.yaml")
    assert message.startswith("up.yaml:2: going_out.target: a number of more than 30 digits")


def test_a_file_of_many_mistakes_gets_a_short_answer() -> None:
    text = "extends: auction-pitch\n" + "".join(f"key{i}: 1\n" for i in range(500))
    with pytest.raises(VariantError) as caught:
        load_variant_text(text, "up.yaml")
    problems = caught.value.problems
    assert len(problems) == 41
    assert problems[-1] == ("up.yaml:1: (top level): 460 more problems are not listed; "
                            "fix the ones above, then check again")


def test_sixty_thousand_levels_do_not_crash_the_interpreter(tmp_path: Path) -> None:
    """The attack as reported: a file of nested ``- `` or ``? `` (libyaml recursed in C)."""
    script = (
        "import sys, pitchcore\n"
        "for deep in ('- ' * 60000, '? ' * 60000, '- ' * 30000, 'extends: auction-pitch\\nauction: ' + '[' * 30000):\n"
        "    try:\n"
        "        pitchcore.load_variant_text(deep + 'x\\n')\n"
        "    except pitchcore.VariantError as error:\n"
        "        print(str(error)[:60])\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONFAULTHANDLER": "1"})
    assert done.returncode == 0, done.stderr[-2_000:]
    assert len(done.stdout.splitlines()) == 4


def test_bundled_variants_are_far_inside_the_limits() -> None:
    for name in pc.bundled_variants():
        text = load_variant(name).to_yaml()
        assert len(text.encode()) < MAX_BYTES / 10
        assert load_variant_text(text) == load_variant(name)


def test_texts_and_lists_have_a_length_limit() -> None:
    from pitchcore.components.registry import LONGEST_TEXT, MOST_ENTRIES

    for key, longest in LONGEST_TEXT.items():
        assert load_variant_text(f"extends: auction-pitch\n{key}: {'x' * longest}\n")
        message = refused(load_variant_text, f"extends: auction-pitch\n{key}: {'x' * (longest + 1)}\n", "up.yaml")
        assert message.startswith(f"up.yaml:2: {key}: expected text of at most {longest} characters, "
                                  f"got {longest + 1:,}")
    points = ", ".join(f"{{kind: high, name: h{index}}}" for index in range(MOST_ENTRIES + 1))
    assert f"expected a list of 1 to {MOST_ENTRIES} components" in refused(
        load_variant_text, f"extends: auction-pitch\npoints: [{points}]\n")
    extras = ", ".join(["jick"] * (MOST_ENTRIES + 1))
    assert f"expected a list of at most {MOST_ENTRIES} entries" in refused(
        load_variant_text, f"extends: haus-pitch\ntrump: {{extras: [{extras}]}}\n")


def test_the_name_a_player_gave_the_upload_is_shown_on_one_line() -> None:
    name = "evil\nname\x1b[31m" + "z" * 500 + ".yaml"
    message = refused(load_variant_text, "extends: auction-pitch\nauction: {min_bid: x}\n", name)
    assert "\n" not in message and "\x1b" not in message
    assert message.startswith("evil?name?[31mzzz") and len(message.split(":")[0]) == 200
    assert len(load_variant_text("extends: auction-pitch\n", name).name) == 100


def test_text_without_a_file_name_is_called_text_in_messages() -> None:
    message = refused(load_variant_text, "extends: auction-pitch\nauction: {min_bid: x}\n")
    assert message.startswith("(text):2: auction.min_bid: ")
    assert load_variant_text("extends: auction-pitch\n").name == "auction-pitch"  # no file to be named for


@pytest.mark.parametrize("name", ["Moon Shot", "MOON", "moon!", "x" * 21, "1st"])
def test_a_top_bid_name_is_one_word_a_move_reads_back(name: str) -> None:
    """A name with a space or capitals made a legal move whose text did not parse back."""
    with pytest.raises(pc.VariantError, match=r"auction\.top_bid: expected null or one lower-case word"):
        pc.load_variant_text(f"extends: haus-pitch\nauction:\n  top_bid: {name!r}\n")
    variant = pc.load_variant_text(
        "extends: haus-pitch\nauction:\n  top_bid: shoot-the-moon\nshoot:\n  bid: shoot-the-moon\n")
    assert pc.parse_move("bid shoot-the-moon") == pc.Move("bid", "shoot-the-moon") and variant.auction.top_bid


HOSTILE_TEXT = st.text(st.characters(codec="utf-8", categories=("Cc", "Cf", "Zl", "Zp", "Ll", "Nd")),
                       min_size=1, max_size=30).filter(lambda text: not text.isprintable())


@given(text=HOSTILE_TEXT, place=st.sampled_from(["top key", "slot key", "kind", "value", "name", "description",
                                                   "extends"]))
@settings(max_examples=150, deadline=None)
def test_every_line_of_a_variant_error_is_printable_whatever_the_file_holds(text: str, place: str) -> None:
    """A house file from a player may put terminal escapes, line breaks or right-to-left marks
    in any key or value: the error quotes them escaped, so each of its lines is one printable
    line (none is forged, none fails to print)."""
    quoted = json.dumps(text)  # (a YAML double-quoted scalar takes JSON's escapes)
    body = {
        "top key": f"{quoted}: 1\n",
        "slot key": f"going_out:\n  {quoted}: 5\n",
        "kind": f"points:\n  - kind: {quoted}\n",
        "value": f"points:\n  - {{kind: high, receiver: {quoted}}}\n",
        "name": f"name: {quoted}\n",
        "description": f"description: {quoted}\n",
        "extends": "",
    }[place]
    parent = quoted if place == "extends" else "auction-pitch"
    try:
        load_variant_text(f"{body}extends: {parent}\n", "house.yaml")
    except VariantError as error:
        lines = str(error).split("\n")
        assert all(line.isprintable() for line in lines), lines
        assert all(line.startswith("house.yaml:") for line in lines), lines
    else:
        assert place == "description" and "\u2028" not in text  # (line breaks only: allowed in a description)
