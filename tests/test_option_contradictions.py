"""How the house-rule options combine: ``auction.partner_overbid`` without partners,
``shoot.not_below`` with an auction that never bars a bid or a score floor that keeps every
side above it, and ``going_out.lose_at`` below ``settlement.floor``.

A combination that can never do what it says is refused with the file, line and key and what
to write instead; one that merely changes nothing loads, and ``pitchcore check`` notes it."""

from __future__ import annotations

from pathlib import Path

import pytest

import pitchcore as pc
from pitchcore import VariantError, load_variant
from pitchcore.loading.contradictions import notes
from pitchcore.tools.cli import main

ROOT = Path(__file__).resolve().parents[1]


def house(tmp_path: Path, text: str, name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text(f'{text}description: "our table"\n')
    return path


def refused(path: Path) -> list[str]:
    with pytest.raises(VariantError) as caught:
        load_variant(path)
    return str(caught.value).splitlines()


def checked(path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The notes ``pitchcore check`` prints for ``path`` (which must load)."""
    assert main(["check", "--no-explain", str(path)]) == 0
    return [line.strip() for line in capsys.readouterr().out.splitlines() if "note:" in line]


OVERBID = ("note: auction.partner_overbid: false stops a player bidding over its partner, but with "
           "deal sides cutthroat and 2 to 8 players every player plays for itself, so it changes "
           "nothing; remove partner_overbid, or play in partnerships (deal.sides: partners)")


def test_partner_overbid_false_without_partners_is_noted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = house(tmp_path, "extends: auction-pitch\nauction:\n  partner_overbid: false\n")
    assert checked(path, capsys) == [OVERBID]
    assert [key for key, _ in notes(load_variant(path))] == [("auction", "partner_overbid")]


def test_partner_overbid_false_is_not_noted_where_some_table_plays_partners(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """partners-if-even plays partners at 4 (and 6, 8): there the option matters."""
    path = house(tmp_path, "extends: auction-pitch\ndeal: {sides: partners-if-even}\n"
                           "auction: {partner_overbid: false}\n")
    assert checked(path, capsys) == []
    partners = house(tmp_path, "extends: partnership-pitch\nauction: {partner_overbid: false}\n", "p.yaml")
    assert checked(partners, capsys) == []


def test_partner_overbid_false_at_odd_tables_only_is_noted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = house(tmp_path, "extends: auction-pitch\ndeal: {sides: partners-if-even, min_players: 3, "
                           "max_players: 3, default_players: 3}\nauction: {partner_overbid: false}\n")
    assert checked(path, capsys) == [
        "note: auction.partner_overbid: false stops a player bidding over its partner, but with deal "
        "sides partners-if-even and 3 players every player plays for itself, so it changes nothing; "
        "remove partner_overbid, or play in partnerships (deal.sides: partners)"]


@pytest.mark.parametrize("kind", ["sell-out", "sell-out-reraise"])
def test_not_below_with_an_auction_that_never_bars_a_bid_is_refused(tmp_path: Path, kind: str) -> None:
    path = house(tmp_path, f"extends: sell-out\nauction: {{kind: {kind}}}\nshoot:\n  kind: all-points\n"
                           "  bid: 4\n  not_below: 0\n")
    assert refused(path) == [
        f"{path}:6: shoot.not_below: not_below: 0 bars a side whose score is below it from the shoot "
        f"bid, but auction kind {kind} never bars a bid (every seat may make its bids, whatever its "
        "score), so it would do nothing; remove not_below, or use auction: single-round, which honours it"]


def test_not_below_with_a_single_round_auction_loads(tmp_path: Path) -> None:
    path = house(tmp_path, "extends: auction-pitch\nshoot:\n  not_below: 0\n")
    assert load_variant(path).shoot.not_below == 0  # type: ignore[union-attr]
    assert notes(load_variant(path)) == []


def test_not_below_without_a_shoot_bid_is_refused(tmp_path: Path) -> None:
    path = house(tmp_path, "extends: auction-pitch\nshoot:\n  kind: none\n  not_below: 0\n")
    assert refused(path) == [
        f"{path}:4: shoot.not_below: unknown field for shoot kind 'none'; not_below is a field of shoot "
        "kind all-points or all-points-and-tricks; fields: bid"]


def test_not_below_at_or_under_the_floor_is_noted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = house(tmp_path, "extends: auction-pitch\nsettlement: {floor: 0}\nshoot:\n  not_below: 0\n")
    assert checked(path, capsys) == [
        "note: shoot.not_below: a side below 0 may not bid 4, but settlement.floor: 0 keeps every score "
        "at 0 or above, so it bars nobody; remove not_below (or the floor), or set it above 0"]
    above = house(tmp_path, "extends: auction-pitch\nsettlement: {floor: -5}\nshoot:\n  not_below: 0\n", "a.yaml")
    assert checked(above, capsys) == []


def test_lose_at_below_a_zero_floor_is_refused(tmp_path: Path) -> None:
    path = house(tmp_path, "extends: auction-pitch\nsettlement: {floor: 0}\ngoing_out:\n  lose_at: -10\n")
    assert refused(path) == [
        f"{path}:4: going_out.lose_at: a side at or below -10 loses the game, but settlement.floor: 0 stops "
        "every score at 0, so no side ever gets that low; set lose_at: null or settlement.floor: -10"]


def test_lose_at_below_a_negative_floor_is_refused(tmp_path: Path) -> None:
    path = house(tmp_path, "extends: auction-pitch\ngoing_out:\n  lose_at: -10\nsettlement:\n  floor: -5\n")
    assert refused(path) == [
        f"{path}:3: going_out.lose_at: a side at or below -10 loses the game, but settlement.floor: -5 stops "
        "every score at -5, so no side ever gets that low; set lose_at: null, lose_at: -5 (reached at the "
        "floor) or settlement.floor: -10"]


def test_an_inherited_lose_at_points_at_the_floor_that_hides_it(tmp_path: Path) -> None:
    parent = house(tmp_path, "extends: auction-pitch\ngoing_out:\n  lose_at: -10\n", "parent.yaml")
    path = house(tmp_path, "extends: parent.yaml\nsettlement:\n  floor: 0\n")
    (line,) = refused(path)
    assert line.startswith(f"{path}:3: going_out.lose_at: a side at or below -10 loses the game, but "
                           "settlement.floor: 0")
    assert line.endswith(f"(going_out.lose_at comes from {parent}:3)")


@pytest.mark.parametrize("floor", [-15, -20])
def test_a_floor_at_or_below_lose_at_loads(tmp_path: Path, floor: int, capsys: pytest.CaptureFixture[str]) -> None:
    path = house(tmp_path, f"extends: auction-pitch\nsettlement: {{floor: {floor}}}\ngoing_out: {{lose_at: -15}}\n")
    variant = load_variant(path)
    assert (variant.settlement.floor, variant.going_out.lose_at) == (floor, -15)  # type: ignore[attr-defined]
    assert checked(path, capsys) == []


def test_bundled_variants_have_no_notes() -> None:
    for name in pc.bundled_variants():
        assert notes(load_variant(name)) == [], name
