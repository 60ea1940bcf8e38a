"""Rules that cannot all hold at once, found when a variant loads."""

from __future__ import annotations

from ..components import SLOT_ORDER
from ..components.auction import SellOut, SingleRound
from ..components.deal import WORTHLESS
from ..components.exchange import DiscardRefill, Draw, NoExchange
from ..components.joker_points import JokerPoint
from ..components.no_auction import NoAuction
from ..components.no_trump import NoTrump
from ..components.play import FollowOrTrump, TrumpOnly
from ..components.registry import KINDS, MOST_CARDS, kind_of
from ..components.settlement import NoJunk
from ..components.shoot import NoShoot, Shoot
from ..components.trump import JOKERS, Named
from ..components.trump_misdeal import judged_after_trump
from ..components.turn_up import TurnUp
from ..components.variant import Variant
from ..model.cards import DECK_SIZE, DECKS
from .problems import _show
from .table_words import table_word
from .yaml_lines import Path_

Conflict = tuple[Path_, str, tuple[Path_, ...]]
"""A contradiction: the key at fault, the message, and the other keys taking part."""

MOST_CHOICES = 2 ** MOST_CARDS
"""The most different discards one exchange turn may offer (8,192): every way to discard from
the largest hand a deal gives. Haus Pitch's bidder, 9 cards and 0-6 more to draw, has 466."""

def contradictions(variant: Variant) -> list[tuple[Path_, str]]:
    """Rules that cannot all hold at once, found when the file loads."""
    return [(path, message) for path, message, _ in _conflicts(variant)]




def notes(variant: Variant) -> list[tuple[Path_, str]]:
    """Rules that hold together but are seldom meant, for ``pitchcore check`` to point out
    (the file still loads: a table may play them on purpose)."""
    found: list[tuple[Path_, str]] = []
    shoot, auction = variant.shoot, variant.auction
    total = sum(point.most() for point in variant.points)
    if isinstance(shoot, Shoot) and isinstance(shoot.bid, int) and shoot.bid < total \
            and isinstance(auction, SingleRound):
        found.append((("shoot", "bid"), f"a bid of {shoot.bid} shoots for every point, but the "
                      f"points of a hand add up to {total}, so a bid of {shoot.bid} needs all "
                      f"{total}. If a category was added (the bundled ten-point scales the bids "
                      f"to the new total), set shoot.bid: {total} and auction.max_bid: {total}"))
    deal = variant.deal
    counts = range(deal.min_players, deal.max_players + 1)
    if isinstance(auction, SingleRound) and not auction.partner_overbid \
            and all(len(set(deal.side_table(players))) == players for players in counts):
        table = f"{deal.min_players}" if len(counts) == 1 else f"{deal.min_players} to {deal.max_players}"
        found.append((("auction", "partner_overbid"), "false stops a player bidding over its "
                      f"partner, but with deal sides {deal.sides} and "
                      f"{table} players every player plays for itself, so it changes nothing; "
                      "remove partner_overbid, or play in partnerships (deal.sides: partners)"))
    floor = getattr(variant.settlement, "floor", None)
    least = getattr(shoot, "not_below", None)
    if floor is not None and least is not None and least <= floor:
        found.append((("shoot", "not_below"), f"a side below {least} may not bid {shoot.bid}, but "
                      f"settlement.floor: {floor} keeps every score at {floor} or above, so "
                      "it bars nobody; remove not_below (or the floor), or set it above "
                      f"{floor}"))
    return found


def _conflicts(variant: Variant) -> list[Conflict]:
    found: list[Conflict] = []
    for slot_name in SLOT_ORDER:
        component = getattr(variant, slot_name)
        for item_index, item in enumerate(component if isinstance(component, tuple) else [component]):
            check = getattr(item, "problems", None)
            if check:
                base: Path_ = (slot_name, item_index) if isinstance(component, tuple) else (slot_name,)
                found.extend(((*base, key), _entry_hint(getattr(item, key, None), message),
                              ()) for key, message in check())
    deal, auction, shoot, trump = variant.deal, variant.auction, variant.shoot, variant.trump
    deck = len(deal.deck_cards())
    dealt = deal.hand_size * deal.max_players
    deal_keys: tuple[Path_, ...] = (("deal", "hand_size"), ("deal", "max_players"))
    extra = widow_extra(variant)
    if extra and dealt <= deck < dealt + extra:
        found.append((("widow", "count"), f"a gift of {extra} cards does not fit: "
                      f"{deal.max_players} hands of {deal.hand_size} already use {dealt} of "
                      f"the {deck} cards; give at most {deck - dealt}", deal_keys))
    if extra and isinstance(variant.exchange, NoExchange):
        found.append((("widow", "kind"), f"{kind_of(variant.widow)} gives the bidder {extra} "
                      "cards more than the others, but with exchange: none it never sheds "
                      "them, so the others run out of cards first and the hand cannot end; "
                      "use exchange: draw (the extra cards must go) or discard-refill, or "
                      "widow: none", (("exchange", "kind"), ("exchange",))))
    each = widow_each(variant)
    if each and dealt <= deck < dealt + each * deal.max_players:
        found.append((("widow", "count"), f"widows of {each} cards for {deal.max_players} players "
                      f"do not fit: their hands of {deal.hand_size} already use {dealt} of the "
                      f"{deck} cards; give each at most {(deck - dealt) // deal.max_players}", deal_keys))
    found.extend(_robber_keeps(variant))
    keep = getattr(variant.exchange, "keep", 0)
    if keep * deal.max_players > deck:
        found.append((("exchange", "keep"), f"refilling {deal.max_players} hands to {keep} "
                      f"cards needs {keep * deal.max_players}, more than the {deck}-card deck "
                      f"holds; keep at most {deck // deal.max_players}", deal_keys))
    found.extend(_exchange_choices(variant))
    lead_sets_trump = trump.suit_from_lead(0) is not None
    trump_keys: tuple[Path_, ...] = (("trump", "kind"), ("trump",))
    if variant.exchange.needs_trump() and lead_sets_trump:
        others = [kind for kind, cls in KINDS["exchange"].items() if not cls().needs_trump()]
        found.append((("exchange", "kind"), f"{kind_of(variant.exchange)} discards by trump "
                      f"before play, but with trump kind {kind_of(trump)} trump is only known "
                      f"at the first lead; use trump: named, or exchange: {' or '.join(others)}",
                      trump_keys))
    found.extend(_trump_misdeal(variant, lead_sets_trump, trump_keys))
    play = variant.play
    if isinstance(play, FollowOrTrump) and play.first_lead == "trump" and lead_sets_trump:
        found.append((("play", "first_lead"), f"the first lead sets trump (trump kind "
                      f"{kind_of(trump)}), so it cannot be required to be a trump; use "
                      "first_lead: any, or trump: named", trump_keys))
    if trump.names_after_lead(DECK_SIZE) and not isinstance(play, FollowOrTrump):
        found.append((("trump", "joker_lead"), "joker_lead: named has the leader of a joker name "
                      f"trump with a trump move, which play kind {kind_of(play)} does not offer; "
                      "name a suit (joker_lead: spades), or use play: follow-or-trump",
                      (("play", "kind"), ("play",))))
    if isinstance(trump, NoTrump):
        found.extend(_trumpless(variant))
    if isinstance(auction, NoAuction):
        found.extend(_bidderless(variant))
    found.extend(_jokers(variant))
    if isinstance(trump, TurnUp) and deal.hand_size * deal.max_players >= len(deal.deck_cards()):
        cards = len(deal.deck_cards())
        found.append((("deal", "hand_size"), f"{deal.max_players} hands of {deal.hand_size} leave "
                      f"none of the {cards} cards to turn up for trump (trump kind turn-up); deal "
                      f"at most {(cards - 1) // deal.max_players} each, or lower max_players",
                      (("deal", "max_players"), ("trump", "kind"))))
    names = [point.name for point in variant.points]
    for index, point in enumerate(variant.points):
        first = names.index(point.name)
        if first != index:
            found.append((("points", index, "name"), f"{point.name!r} already names "
                          f"points[{first}]; give one of them another name (name: ...)",
                          (("points", index), ("points",))))
        for needed in point.deciding_cards(trump.extras):
            if needed not in trump.extras:
                extras = ", ".join((*trump.extras, needed))
                found.append((("points", index, "kind"), f"{kind_of(point)} needs the "
                              f"{needed} to be a trump: set trump.extras: [{extras}], or "
                              "remove this category", (("trump", "extras"), ("trump",))))
    if isinstance(shoot, NoShoot) and shoot.bid is not None:
        shoots = ", ".join(kind for kind in KINDS["shoot"] if kind != "none")
        found.append((("shoot", "bid"), f"shoot kind none has no shoot bid, got "
                      f"{_show(shoot.bid)}; remove bid, or choose a shoot kind ({shoots})",
                      (("shoot",),)))
    if isinstance(auction, SingleRound):
        found.extend(_bids(variant, auction))
        if auction.partner == "called-card" and getattr(deal, "sides", "cutthroat") != "cutthroat":
            found.append((("auction", "partner"), "called-card: the bidder calls a partner for "
                          f"the hand, but with deal sides {deal.sides} the seats already play "
                          "in fixed partnerships; use partner: none, or deal.sides: cutthroat",
                          (("deal", "sides"), ("deal",))))
    if isinstance(auction, SellOut) and isinstance(shoot, Shoot) and shoot.bid not in auction.all_values():
        found.append((("shoot", "bid"), f"{_show(shoot.bid)} is not a bid of this sell-out "
                      f"auction (the others bid {auction.min_bid} to {auction.max_bid}, the "
                      f"eldest pitches at once for {auction.pitch_bid}); shoot on one of "
                      f"{', '.join(map(str, auction.all_values()))}, or set shoot: none",
                      (("auction", "pitch_bid"), ("auction", "max_bid"), ("auction",))))
    if isinstance(auction, SellOut) and isinstance(shoot, Shoot) and shoot.not_below is not None:
        found.append((("shoot", "not_below"), f"not_below: {shoot.not_below} bars a side whose "
                      f"score is below it from the shoot bid, but auction kind {kind_of(auction)} "
                      "never bars a bid (every seat may make its bids, whatever its score), so it "
                      "would do nothing; remove not_below, or use auction: single-round, which "
                      "honours it",
                      (("auction", "kind"), ("auction",))))
    found.extend(_unreachable_loss(variant))
    return found


def _unreachable_loss(variant: Variant) -> list[Conflict]:
    """A losing score below the score floor: no hand takes a side that low."""
    floor = getattr(variant.settlement, "floor", None)
    lose_at = getattr(variant.going_out, "lose_at", None)
    if floor is None or lose_at is None or lose_at >= floor:
        return []
    fixes = ["set lose_at: null"] + ([f"lose_at: {floor} (reached at the floor)"] if floor < 0 else [])
    fixes.append(f"settlement.floor: {lose_at}")
    return [(("going_out", "lose_at"), f"a side at or below {lose_at} loses the game, but "
             f"settlement.floor: {floor} stops every score at {floor}, so no side ever gets "
             f"that low; {', '.join(fixes[:-1])} or {fixes[-1]}",
             (("settlement", "floor"), ("settlement",)))]


def _entry_hint(value: object, message: str) -> str:
    """``message`` about an entry of a list field, with what to write when the entry names its
    rank in words tables use (``face cards=1``, ``ten=10`` in card-values)."""
    for entry in value if isinstance(value, tuple) else ():
        hint = table_word(entry.partition("=")[0]) if isinstance(entry, str) and repr(entry) in message else None
        if hint:
            return f"{message}; {hint}"
    return message


def _exchange_choices(variant: Variant) -> list[Conflict]:
    """An exchange whose discards, at some table the variant allows, are too many to list.

    Runs only on fields already in range (at most 10 tables of at most 13 hand sizes)."""
    deal, exchange = variant.deal, variant.exchange
    extra = widow_extra(variant)
    each = widow_each(variant)
    deck = len(deal.deck_cards())
    trumps = max(len(ranked) for ranked in variant.trump.tables().ranked)
    worst = (0, 0, 0)
    for players in range(deal.min_players, deal.max_players + 1):
        for hand in deal.hand_sizes(players):
            if (hand + each) * players + extra <= deck:  # a deal too big for the deck is refused as such
                stock = deck - (hand + each) * players - extra
                worst = max(worst, (exchange.most_choices(hand + each, extra, stock, trumps), hand, players))
    choices, hand, players = worst
    if choices <= MOST_CHOICES:
        return []
    gift = f" and {extra} more to the bidder" if extra else ""
    fixes = ["deal fewer cards (deal.hand_size)"] + (["give the bidder fewer (widow.count)"] if extra else [])
    if isinstance(exchange, Draw):
        fixes.append(f"lower max_discard (now {exchange.max_discard})")
    elif isinstance(exchange, DiscardRefill) and exchange.discard != "non-trumps":
        fixes.append("use discard: non-trumps")
    return [(("exchange",), f"with {hand} cards dealt to each of {players} players{gift}, a "
             f"player may choose among {choices:,} different discards in one turn of "
             f"{kind_of(exchange)}, more than the {MOST_CHOICES:,} a turn may offer; "
             f"{', '.join(fixes[:-1])} or {fixes[-1]}",
             (("deal", "hand_size"), ("widow", "count"), ("exchange", "max_discard"), ("deal",)))]


def _bids(variant: Variant, auction: SingleRound) -> list[Conflict]:
    """An auction of numbered bids against the points and the shoot rule."""
    found: list[Conflict] = []
    shoot = variant.shoot
    try:
        total: int | None = sum(point.most() for point in variant.points)
    except ValueError:  # a category that cannot count its points (a bad card-values entry) says so itself
        total = None
    if total is not None and auction.max_bid > total:
        found.append((("auction", "max_bid"), f"a bid of {auction.max_bid} can never be made: "
                      f"the points of a hand add up to {total}; use max_bid: {total} or less, "
                      "or add points", (("points",),)))
    bid_range = f"from {auction.min_bid} to {auction.max_bid}"
    if isinstance(shoot, Shoot):
        if isinstance(shoot.bid, str) and shoot.bid != auction.top_bid:
            now = "not set" if auction.top_bid is None else repr(auction.top_bid)
            found.append((("shoot", "bid"), f"{shoot.bid!r} is not a bid of this auction: "
                          f"set auction.top_bid: {shoot.bid} (now {now}), or shoot on a "
                          f"number {bid_range}", (("auction", "top_bid"), ("auction",))))
        elif (isinstance(shoot.bid, int) and auction.min_bid <= auction.max_bid
              and not auction.min_bid <= shoot.bid <= auction.max_bid):
            found.append((("shoot", "bid"), f"{shoot.bid} is outside the bid range "
                          f"{auction.min_bid}-{auction.max_bid}; shoot on a number "
                          f"{bid_range}, or on auction.top_bid",
                          (("auction", "max_bid"), ("auction", "min_bid"), ("auction",))))
    if auction.top_bid is not None and shoot.bid != auction.top_bid and not isinstance(shoot.bid, str):
        now = "there is no shoot rule" if shoot.bid is None else f"the shoot bid is {shoot.bid}"
        found.append((("auction", "top_bid"), f"{auction.top_bid!r} ranks above every number "
                      f"but {now}: a top bid needs a shoot rule saying what it needs and wins "
                      f"(shoot: {{kind: all-points, bid: {auction.top_bid}, ...}}), or set "
                      "top_bid: null", (("shoot", "bid"), ("shoot",))))
    return found


def _trumpless(variant: Variant) -> list[Conflict]:
    """Rules that need a trump suit, in a variant that never has one."""
    found: list[Conflict] = []
    keys: tuple[Path_, ...] = (("trump", "kind"), ("trump",))
    for index, point in enumerate(variant.points):
        if point.needs_trump():
            found.append((("points", index, "kind"), f"{kind_of(point)} is a card of the trump "
                          "suit, but with trump kind none there is never a trump; remove this "
                          "category, or choose a trump kind (first-lead, named)", keys))
    if variant.exchange.needs_trump():
        found.append((("exchange", "kind"), f"{kind_of(variant.exchange)} discards by trump, but "
                      "with trump kind none there is never a trump; use exchange: none or draw, "
                      "or choose a trump kind", keys))
    if getattr(variant.play, "needs_trump", lambda: False)():
        found.append((("play", "follow"), "follow: trump-only plays only trumps, but with trump kind "
                      "none there is never a trump; use follow: trump-anytime or strict, or choose "
                      "a trump kind", keys))
    return found


def _trump_misdeal(variant: Variant, lead_sets_trump: bool, trump_keys: tuple[Path_, ...]) -> list[Conflict]:
    """``deal.worthless: no-trump`` judges the hands once trump is known, before play: a
    trump kind that names none before play (first-lead, none) cannot have it."""
    deal, trump = variant.deal, variant.trump
    if not judged_after_trump(deal) or not (lead_sets_trump or isinstance(trump, NoTrump)):
        return []
    why = ("there is never a trump" if isinstance(trump, NoTrump)
           else "trump is only known at the first lead, when the play has begun")
    return [(("deal", "worthless"), f"no-trump throws in a deal where a hand holds no trump once "
             f"trump is known, before the first lead, but with trump kind {kind_of(trump)}, {why}; "
             f"name trump before play (trump.kind: named or turn-up), or judge the hands at the "
             f"deal (deal.worthless: {' or '.join(WORTHLESS)})", trump_keys)]


def _bidderless(variant: Variant) -> list[Conflict]:
    """Rules that need a bidder, in a variant whose auction never makes one."""
    found: list[Conflict] = []
    keys: tuple[Path_, ...] = (("auction", "kind"), ("auction",))
    nobody = "auction kind none makes no bidder"
    if isinstance(variant.shoot, Shoot):
        found.append((("shoot", "kind"), f"{kind_of(variant.shoot)} is a bid, but {nobody}; use "
                      "shoot: none, or choose an auction kind (single-round)", keys))
    if isinstance(variant.trump, Named):
        found.append((("trump", "kind"), f"named: the bidder names trump, but {nobody}; use "
                      "trump: first-lead or none", keys))
    if widow_extra(variant):
        found.append((("widow", "kind"), f"{kind_of(variant.widow)} gives cards to the bidder, but "
                      f"{nobody}; use widow: none", keys))
    if getattr(variant.play, "leader", None) in ("bidder", "bidder-left"):
        found.append((("play", "leader"), f"the bidder leads, but {nobody}; use leader: dealer "
                      "or eldest", keys))
    if variant.going_out.needs_bidder():
        found.append((("going_out", "kind"), f"{kind_of(variant.going_out)}: only a bidder can "
                      f"win, but {nobody}, so no game would ever end; use going_out: rounds, "
                      "award-order or bidder-first", keys))
    if isinstance(variant.settlement, NoJunk):
        found.append((("settlement", "kind"), f"no-junk scores the bidder's side only, but {nobody}; "
                      "use settlement: set-back", keys))
    return found


def _robber_keeps(variant: Variant) -> list[Conflict]:
    """A robber keeping another number of cards than the others: tricks of every seat run
    out unevenly, which only trump-only play (seats out of trumps fold) can finish."""
    exchange = variant.exchange
    if not isinstance(exchange, DiscardRefill) or exchange.robber_kept() == exchange.keep \
            or isinstance(variant.play, TrumpOnly):
        return []
    return [(("exchange", "robber_keeps"), f"the robber keeps {exchange.robber_kept()} cards and "
             f"the others {exchange.keep}, so some hands run out before the others; only play "
             "follow: trump-only (players out of trumps fold) can end such a hand: set it, or "
             "remove robber_keeps", (("play", "follow"), ("play",)))]


def widow_each(variant: Variant) -> int:
    """Cards the widow slot gives every player (0 for none)."""
    count = getattr(variant.widow, "each_cards", None)
    return int(count()) if callable(count) else 0


def widow_extra(variant: Variant) -> int:
    """Cards the widow slot gives the bidder (0 for none)."""
    count = getattr(variant.widow, "extra_cards", None)
    return int(count()) if callable(count) else 0


_JOKER_NAMES = ("no joker", "one joker (HJ)", "two jokers (HJ and LJ)")
"""How many jokers a deck holds, in words."""
_DECK_WITH = {size - DECK_SIZE: name for name, size in reversed(DECKS.items())}
"""The deck that holds exactly so many jokers."""


def _jokers(variant: Variant) -> list[Conflict]:
    """Jokers against the deck: a deck's jokers belong to no suit until an extra trump ranks
    them, and joker extras and joker points need a deck that holds their jokers."""
    found: list[Conflict] = []
    deal, trump = variant.deal, variant.trump
    size = deal.deck_size()
    held = size - DECK_SIZE
    deck = f"the {getattr(deal, 'deck', 'standard')} deck ({size} cards)"
    deck_keys: tuple[Path_, ...] = (("deal", "deck"), ("deal",))
    extras = [extra for extra in trump.extras if extra in JOKERS]
    if len(extras) > 1:
        found.append((("trump", "extras"), f"{' and '.join(extras)} each rank the HJ, in different "
                      "places; keep one of them", ()))
    for extra in extras:
        if JOKERS[extra] > held:
            found.append((("trump", "extras"), f"{extra} ranks "
                          f"{'the HJ' if JOKERS[extra] == 1 else 'both jokers'}, but {deck} has "
                          f"{_JOKER_NAMES[held]}: set deal.deck: {_DECK_WITH[JOKERS[extra]]}, or "
                          f"remove {extra}", deck_keys))
    ranked = max((JOKERS[extra] for extra in extras), default=0)
    them = "it" if held == 1 else "them"
    if held and isinstance(trump, TurnUp):
        found.append((("deal", "deck"), f"{deck} has {_JOKER_NAMES[held]}, and a joker turned "
                      "up names no trump suit: with trump kind turn-up use deck: standard or "
                      "piquet", (("trump", "kind"), ("trump",))))
    elif held and isinstance(trump, NoTrump):
        found.append((("deal", "deck"), f"{deck} has {_JOKER_NAMES[held]}, and a joker belongs "
                      "to no suit: with trump kind none there is no trump for it to join; use "
                      "deck: standard, or choose a trump kind (first-lead, named) and trump.extras "
                      f"that rank {them}", (("trump", "kind"), ("trump",))))
    elif held > ranked:
        if ranked:
            fix = f"replace {extras[0]} (which ranks only the HJ) with jokers in trump.extras"
        else:
            fix = ("add joker-low, joker-middle or joker-top to trump.extras" if held == 1
                   else "add jokers to trump.extras")
        found.append((("deal", "deck"), f"{deck} has {_JOKER_NAMES[held]}, and a joker belongs "
                      f"to no suit until an extra trump ranks it: {fix}, or use deck: "
                      f"{_DECK_WITH[ranked]}", (("trump", "extras"), ("trump",))))
    for index, point in enumerate(variant.points):
        if isinstance(point, JokerPoint) and point.jokers_needed() > held:
            card = "HJ" if point.joker == "high" else "LJ"
            found.append((("points", index, "kind"), f"joker: the {card} is not in {deck}; set "
                          f"deal.deck: {_DECK_WITH[point.jokers_needed()]} (and trump.extras to "
                          "rank it), or remove this category", deck_keys))
    return found
