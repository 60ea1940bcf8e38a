"""Rule components, one module per slot; importing this package registers them all."""

from . import (  # noqa: F401
    auction,
    deal,
    exchange,
    going_out,
    play,
    points,
    settlement,
    shoot,
    trick,
    trump,
    widow,
)

# isort: split
# More kinds of the slots above: imported after them, so each slot is declared first and
# its original kinds stay listed first.
from . import (  # noqa: F401
              calling,
              card_values,
              chosen_deal,
              joker_points,
              last_jack,
              no_auction,
              no_trump,
              reraise,
              rounds,
              stock_draw,
              turn_up,
)

SLOT_ORDER = ("deal", "auction", "widow", "trump", "exchange", "play", "trick", "points",
              "shoot", "settlement", "going_out")
"""Slots in the order a variant file lists them and a hand meets them."""

HAND_STEPS = ("deal", "auction", "widow", "trump", "exchange", "play")
"""The slots whose components run as steps of every hand, in this order."""
