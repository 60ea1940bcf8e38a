/* Generated from src/pitchcore/model/fields.py by c_header() when the kernel is built
 * (setup.py); do not edit: change the schema there. */
#ifndef PITCHCORE_FIELDS_H
#define PITCHCORE_FIELDS_H
enum { F_TABLE = 0,
       F_SCORES = 1,
       F_DEALER = 2,
       F_DEAL_NUMBER = 3,
       F_HAND_RESULTS = 4,
       F_PHASE = 5,
       F_TO_MOVE = 6,
       F_MASKS = 7,
       F_INFO = 8,
       F_TRICK_CARDS = 9,
       F_LEADER = 10,
       F_DONE_TRICKS = 11,
       F_WINNER = 12,
       F_STEP = 13,
       F_LOG = 14,
       F_COUNT = 15 };  /* GameState fields */
enum { INFO_BIDS = 2,
       INFO_HIGH = 3,
       INFO_BIDDER = 4,
       INFO_BID = 5,
       INFO_TRUMP = 6,
       INFO_START = 11,
       INFO_CALLED = 14,
       INFO_PARTNER = 15,
       INFO_STOCK = 1,
       INFO_JUNK = 8,
       INFO_DISCARDS = 9,
       INFO_EXCHANGED = 10,
       INFO_HAND_SIZE = 13,
       INFO_GIFT = 7,
       INFO_CALL = 12,
       INFO_COUNT = 19 };  /* HandInfo fields */
#endif
