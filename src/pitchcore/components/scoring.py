"""Scoring a finished hand: categories, the bid, settlement, then the going-out walk.

Each category credits (side, points) pairs: the whole value to one side for Pitch's
categories, an amount to every side for card values. A category's award is the side it
credited most (None for nobody or a tie); its credits are what settlement sees.

Call your partner (``auction: {partner: called-card}``, cutthroat tables): once the bidder
has called a card, the hand is judged between two teams, the bidder with the called card's
holder (team 0) and every other seat (team 1); a called card dealt to nobody leaves the
bidder alone against the others as one team. Categories, the bid and a shoot are judged
by team; then each team credit is credited to every seat of the team (the bidder first,
the defenders clockwise from the bidder), and a set-back or a shoot's bonus applies to
the partner as to the bidder. ``HandResult.awards`` reports a team award as the bidder's
side (team 0) or the side of the first defender clockwise from the bidder (team 1);
``HandResult.game_pips`` gives each side its team's count.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

import attrs

from ..model.caches import Cache
from ..model.cards import MAX_CARDS
from ..model.results import HandResult, PlayRecord
from .context import HandContext, decisions
from .going_out import winners_of
from .play import FollowOrTrump
from .points import Category, top_side
from .settlement import Ledger
from .shoot import Shoot
from .trump import NO_TRUMP

if TYPE_CHECKING:
    from ..model.state import GameState
    from .variant import Variant

_BIT = tuple(1 << card for card in range(MAX_CARDS))


def teams_of(state: GameState) -> tuple[int, ...] | None:
    """Team per seat for a hand with a called partner (0: the bidder and its partner, 1: the
    others), or None for a hand scored by the table's own sides."""
    info = state.info
    if info.called is None or info.bidder is None:
        return None
    return tuple(0 if seat in (info.bidder, info.partner) else 1 for seat in range(state.table.players))


def hand_context(state: GameState, teams: tuple[int, ...] | None = None) -> HandContext:
    """The finished hand for the point categories: judged by the table's sides, or by
    ``teams`` (a team per seat, two teams) where the bidder called a partner."""
    table = state.table
    info = state.info
    taken = [0] * table.players
    side_of = table.side_of if teams is None else teams
    sides = table.sides if teams is None else 2
    tricks_won = [0] * sides
    for _, cards, taker in state.done_tricks:
        tricks_won[side_of[taker]] += 1
        for card in cards:
            taken[taker] |= _BIT[card]
    bidder_side = None if info.bidder is None else side_of[info.bidder]
    tricks = state.done_tricks
    return HandContext(NO_TRUMP if info.trump is None else info.trump, table.trump_tables, side_of,
                       sides, info.start, tuple(taken), tuple(tricks_won), bidder_side,
                       state.dealer, tricks[-1][2] if tricks else None)


def score_hand(state: GameState) -> tuple[HandResult, tuple[int, ...], int | None, bool]:
    """The hand's result, the new scores, the winning side, and whether the game is over.

    The winning side is None when nobody wins, and also when several sides win together;
    ``HandResult.winners`` names them all.
    """
    table = state.table
    rules = table.variant
    info = state.info
    if not info.start and info.bidder is not None:
        return _unplayed(state)
    teams = None if info.called is None else teams_of(state)
    ctx = hand_context(state, teams)
    return _scored(state, ctx, [point.credits(ctx) for point in rules.points], teams)


def score_judged(state: GameState, awarded: Sequence[int | None], all_tricks: bool,
                 pips: tuple[int, ...] | None = None,
                 shown: tuple[int, ...] | None = None) -> tuple[HandResult, tuple[int, ...], int | None, bool]:
    """``score_hand`` of a finished hand whose categories were judged elsewhere (the compiled
    kernel): ``awarded`` is the side each category awards (every one a ``Point``),
    ``all_tricks`` whether the bidder's side took every trick, and ``pips`` the Game pips
    each side took (None: not known, and the result's are then not the hand's; without a
    called partner, what ``HandResult.game_pips`` reports); ``shown``: ``played(state)``
    where the caller has it.

    What the awards come to before going out (``Verdict``) depends on the awards, the bid and
    the bidder alone (and the scores where a shoot resets a side in the hole), so where the
    pips are given and no partner was called it is worked out once per such outcome and kept:
    whole games meet the same few again and again."""
    table = state.table
    info = state.info
    teams = None if info.called is None else teams_of(state)
    kept = key = None
    if teams is None and pips is not None:
        kept = _verdicts(table.variant)
        key = (table.players, tuple(awarded), all_tricks, info.bidder, info.bid,
               state.scores if getattr(table.variant.shoot, "made", None) == "win-game-or-reset" else None)
        verdict = kept.get(key)
        if verdict is not None:
            return _scored(state, None, [], None, pips, shown, verdict)
    side_of = table.side_of if teams is None else teams
    sides = table.sides if teams is None else 2
    bidder_side = None if info.bidder is None else side_of[info.bidder]
    tricks = [0] * sides
    if bidder_side is not None:
        tricks[bidder_side] = 1
        if not all_tricks:
            tricks[(bidder_side + 1) % sides] = 1
    ctx = HandContext(NO_TRUMP if info.trump is None else info.trump, table.trump_tables, side_of, sides,
                      info.start, (0,) * table.players, tuple(tricks), bidder_side, state.dealer,
                      pips=(0,) * sides if pips is None else pips)  # (no piles: nothing is judged from them)
    judged = [point.credited(side) for point, side in zip(table.variant.points, awarded, strict=True)]  # type: ignore[attr-defined]
    verdict = _verdict(state, ctx, judged, teams)
    if kept is not None and key is not None:
        kept.put(key, verdict)
    return _scored(state, ctx, judged, teams, pips, shown, verdict)


class Verdict(NamedTuple):
    """What a hand's awards and bid come to before going out: the settlement's part."""

    credits: tuple[tuple[int, int], ...]
    """(side, points) in the order going out walks them."""
    bidder_side: int | None
    bid_value: int
    made: bool | None
    bonus: int
    penalty: int
    outcome: str | None
    """A shoot's "win-game" or "lose-game" (None: the points decide)."""
    awarded: tuple[tuple[str, int | None], ...]
    """Each category's name and the side it awards."""


_VERDICTS: Cache[int, tuple[Variant, Cache[tuple[object, ...], Verdict]]] = Cache(64)
"""score_judged's verdicts per variant (by its id, with the variant: the same object, or the id
was reused) by (players, awards, all tricks, bidder, bid, scores where they count). Not by
table: each game has one of its own (its seed), which the verdict does not read."""
_VERDICTS_KEPT = 20_000
"""Verdicts kept per variant."""


def _verdicts(variant: Variant) -> Cache[tuple[object, ...], Verdict]:
    """The verdicts kept for ``variant`` (a variant hashes slowly: it is found by id)."""
    found = _VERDICTS.get(id(variant))
    if found is None or found[0] is not variant:
        found = _VERDICTS.put(id(variant), (variant, Cache(_VERDICTS_KEPT)))
    return found[1]


def _verdict(state: GameState, ctx: HandContext, judged: list[tuple[tuple[int, int], ...]],
             teams: tuple[int, ...] | None) -> Verdict:
    """The settlement's verdict once each category has said what it credits (``judged``)."""
    table = state.table
    rules = table.variant
    info = state.info
    sides = [credits[0][0] if len(credits) == 1 else top_side(credits) for credits in judged]
    awards = [pair for credits in judged for pair in credits]
    bidder_side = ctx.bidder_side
    earned = 0
    for side, value in awards:
        if side == bidder_side:
            earned += value
    shooting = info.bid is not None and info.bid == rules.shoot.bid
    bid_value = info.bid if isinstance(info.bid, int) else table.most_points
    if info.bidder is None:
        made: bool | None = None
    elif shooting:
        made = rules.shoot.achieved(ctx, sides)
    else:
        made = earned >= bid_value
    settlement = rules.settlement
    credits = settlement.credits(awards, bidder_side, made)
    bonus = penalty = worth = 0
    outcome = None
    if made is False:  # what the set is worth, and what of it the bidder loses
        worth = settlement.set_worth(bid_value)
        penalty = settlement.set_cost(worth)
    if shooting:
        shoot = rules.shoot
        assert isinstance(shoot, Shoot) and bidder_side is not None
        reward = shoot.made if made else shoot.failed
        if reward == "win-game-or-reset":  # a side in the hole is reset to 0 instead of winning
            own = table.side_of[info.bidder] if teams is not None and info.bidder is not None else bidder_side
            reward = "win-game" if state.scores[own] >= 0 else -state.scores[own]
        if reward in ("win-game", "lose-game"):
            outcome = str(reward)
        elif isinstance(reward, int) and made:
            bonus = reward
            credits = tuple((side, value) for side, value in credits if side != bidder_side)
        elif isinstance(reward, int):  # a shoot's own failed points: always lost
            penalty = worth = -reward
    if made is False and outcome is None and bidder_side is not None:
        credits += settlement.set_pays(bidder_side, worth, ctx.sides)
    awarded = tuple(zip(table.point_names, sides, strict=True))
    return Verdict(credits, bidder_side, bid_value, made, bonus, penalty, outcome, awarded)


def _scored(state: GameState, ctx: HandContext | None, judged: list[tuple[tuple[int, int], ...]],
            teams: tuple[int, ...] | None,
            tally: tuple[int, ...] | None = None,
            shown: tuple[int, ...] | None = None,
            verdict: Verdict | None = None) -> tuple[HandResult, tuple[int, ...], int | None, bool]:
    """``score_hand`` once each category has said what it credits (``judged``); ``tally``:
    the hand's Game pips per side where the categories were judged elsewhere (and ``shown``
    what each seat played, where known); ``verdict``: the settlement's, where known (then
    ``ctx`` may be None: ``tally`` and ``shown`` are given)."""
    table = state.table
    rules = table.variant
    info = state.info
    points = rules.points
    if verdict is None:
        assert ctx is not None
        verdict = _verdict(state, ctx, judged, teams)
    credits, bidder_side, bid_value, made, bonus, penalty, outcome, awarded = verdict
    if tally is not None:
        pips = tally
    else:
        assert ctx is not None
        pips = _tally(points, ctx)
    if teams is not None:
        assert info.bidder is not None
        credits, bidder_side, awarded, pips = _by_seat(state, teams, credits, awarded, pips,
                                                       bonus, penalty)
    sale = rules.auction.sale(info)
    paid = (() if sale is None else ((table.side_of[sale[0]], sale[1]),)) + info.paid
    ledger = Ledger(credits, bidder_side, bid_value, made, bonus, penalty, outcome,
                    hand=len(state.hand_results) + 1, players=table.players, paid=paid,
                    sets=_sets(state, made))
    if shown is None:
        assert ctx is not None
        shown = played(state) if tally is not None else _shown(info.start, ctx.piles)
    record = PlayRecord(state.done_tricks, shown, info.trump, table.trump_tables, points, judge=decisions)
    return _settled(state, ledger, awarded, pips, record)


def _settled(state: GameState, ledger: Ledger, awarded: tuple[tuple[str, int | None], ...],
             pips: tuple[int, ...], record: PlayRecord) -> tuple[HandResult, tuple[int, ...], int | None, bool]:
    """``score_hand``'s answer once the hand's ledger is known: going out decides the rest,
    once the settlement's floor (``settlement.floor``) has limited what the hand takes off.

    Reneges (``play: {renege: N}``) are found and settled here, the one place every
    hand ends: each costs the reneging seat's side N points, paid before anything
    else the hand scores (so a side never goes out on points its penalty takes back), and
    the hand is otherwise scored as usual. The floor limits a penalty like any loss."""
    info = state.info
    table = state.table
    rules = table.variant
    play = rules.play
    if isinstance(play, FollowOrTrump) and isinstance(play.renege, int):  # each renege costs its side, first
        reneges = play.reneges(state)
        penalty = play.renege
        record = attrs.evolve(record, reneges=reneges, renege_penalty=penalty)
        ledger = attrs.evolve(ledger, paid=tuple((table.side_of[seat], -penalty) for seat in reneges if penalty)
                              + ledger.paid)
    blind_ledger = getattr(rules.auction, "blind_ledger", None)
    if info.blind and blind_ledger is not None:  # a winning blind bid counts N times (auction: {blind: N})
        bidders = frozenset(table.side_of[seat] for seat in (info.bidder, info.partner) if seat is not None)
        ledger = blind_ledger(ledger, info, bidders)
    ledger = rules.settlement.floored(ledger, state.scores)
    delta, won, over = rules.going_out.settle(state.scores, ledger, info.bidder)
    winners = winners_of(won)
    winner = winners[0] if len(winners) == 1 else None
    result = HandResult(
        bidder=info.bidder, bid=info.bid, made=ledger.made, awards=awarded,
        delta=delta, game_pips=pips, dealer=state.dealer, ended_game=over, partner=info.partner,
        winners=winners, record=record)
    scores = tuple(map(operator.add, state.scores, delta))
    return result, scores, winner, over


def _unplayed(state: GameState) -> tuple[HandResult, tuple[int, ...], int | None, bool]:
    """A hand the auction ended before any card was played: everyone passed and the dealer,
    passing too, is set back the lowest bid (``auction.all_pass: dealer-set-back``). Nobody
    else scores, the set-back is not paid to the defenders, and no point is awarded."""
    table = state.table
    info = state.info
    assert info.bidder is not None
    bid_value = info.bid if isinstance(info.bid, int) else table.most_points
    ledger = Ledger((), table.side_of[info.bidder], bid_value, False, 0, bid_value,
                    hand=len(state.hand_results) + 1, players=table.players, sets=_sets(state, False))
    awarded = tuple((name, None) for name in table.point_names)
    record = PlayRecord((), (0,) * table.players, None, table.trump_tables, table.variant.points, judge=decisions)
    return _settled(state, ledger, awarded, (0,) * table.sides, record)


def _sets(state: GameState, made: bool | None) -> tuple[int, ...]:
    """Per side, how often it has been set back in the game, this hand included (where the
    variant ends a game on set-backs: ``going_out.lose_after_sets``; else nothing)."""
    table = state.table
    if getattr(table.variant.going_out, "lose_after_sets", None) is None:
        return ()
    counts = [0] * table.sides
    side_of = table.side_of
    info = state.info
    hands = [(result.bidder, result.partner, result.made) for result in state.hand_results]
    for bidder, partner, set_back in [*hands, (info.bidder, info.partner, made)]:
        if set_back is not False or bidder is None:
            continue
        for side in {side_of[bidder], *(() if partner is None else (side_of[partner],))}:
            counts[side] += 1
    return tuple(counts)


def played(state: GameState) -> tuple[int, ...]:
    """``_shown`` of a finished hand without draws during play: what each seat has played."""
    return tuple(held & ~left for held, left in zip(state.info.start, state.masks, strict=True))


def _shown(start: tuple[int, ...], piles: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's hand when play began, as far as play showed it: the cards it played."""
    captured = 0
    for pile in piles:
        captured |= pile
    return tuple(mask & captured for mask in start)


def _by_seat(state: GameState, teams: tuple[int, ...], credits: tuple[tuple[int, int], ...],
             awarded: tuple[tuple[str, int | None], ...], pips: tuple[int, ...], bonus: int,
             penalty: int) -> tuple[tuple[tuple[int, int], ...], int, tuple[tuple[str, int | None], ...],
                                    tuple[int, ...]]:
    """A called-partner hand's team results in the table's sides: each team credit to
    every seat of the team, the partner's share of the bidder's bonus and set-back as
    credits of its own (first, so the partner never goes out on points the set-back takes
    back), the awards as the team's first seat, the pips as each seat's team's count."""
    table = state.table
    players = table.players
    bidder = state.info.bidder
    assert bidder is not None
    side_of = table.side_of
    clockwise = [(bidder + offset) % players for offset in range(players)]
    members = [[side_of[seat] for seat in clockwise if teams[seat] == team] for team in (0, 1)]
    partners = members[0][1:]
    front = [(side, bonus - penalty) for side in partners if bonus - penalty]
    spread = [(side, value) for team, value in credits for side in members[team]]
    heads = [team[0] if team else None for team in members]
    by_side = [0] * table.sides
    for seat in range(players):
        by_side[side_of[seat]] = pips[teams[seat]]
    return (tuple(front + spread), side_of[bidder],
            tuple((name, None if team is None else heads[team]) for name, team in awarded),
            tuple(by_side))


def _tally(points: Sequence[Category], ctx: HandContext) -> tuple[int, ...]:
    """What ``HandResult.game_pips`` reports: the first category's count (Game pips, card
    points), else the Game pips captured."""
    for point in points:
        found = point.tally(ctx)
        if found is not None:
            return found
    return ctx.pips
