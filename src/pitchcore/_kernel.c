/* pitchcore._kernel: the play of a hand and its point categories, compiled.
 *
 * Optional: pitchcore runs without it (PITCHCORE_PURE=1 forces that), and the Python
 * components stay the reference. Nothing here decides a rule. The kernel executes the tables
 * the components compile (src/pitchcore/game/kernel.py builds a Rules object from what each
 * component's kernel_form says, components/kernel_form.py): effective
 * suits, trick power, trump masks, the follow rule, the suit a first lead sets, and each
 * point category's deciding cards per trump suit and receiver. The course of a trick (a card
 * leaves its hand, the highest power takes the trick, the taker leads) is the play step's
 * own, transcribed from components/play.py and compared with it move by move by
 * tests/test_kernel.py.
 *
 * Two ways in, one step function (hand_play):
 *   - Rules.apply_in_place / legal / is_legal: the play step of a GameState's fields, for
 *     fast.Game and the checked API (the same Python tuples the Python step builds);
 *   - Rules.playouts: whole random play-outs of the hand in a C struct, each scored to a
 *     code of the side each category awards (kernel.py settles a code once, in Python).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_fields.h"  /* F_* (GameState) and INFO_* (HandInfo) positions: generated from model/fields.py */

#define MAXP 8          /* seats */
#define MAXC 64         /* card indices (54 used) */
#define NT 4            /* the tables' index for "no trump (yet)" */
#define MAXCAT 24       /* point categories */

/* The codes the components' kernel forms give (components/kernel_form.py): */
enum { FOLLOW_ANYTIME = 0, FOLLOW_STRICT = 1, FOLLOW_TRUMP_ONLY = 2 };        /* play.FOLLOW_RULES order */
enum { CAT_CARD = 0, CAT_GAME = 1, CAT_LAST = 2 };                          /* kernel_form.CARD, GAME, LAST */
enum { TIE_NOBODY = 0, TIE_DEFENDERS, TIE_DEALER, TIE_ELDEST, TIE_JOKER_HOLDER };  /* points.GAME_TIES order */

typedef struct {
    int kind;
    int capturer;       /* CAT_CARD: 1 = the side that captured it, 0 = the side that held it */
    int needs_trump;    /* CAT_CARD: nothing without a trump suit */
    int ncand[5];
    int8_t cand[5][MAXC];  /* CAT_CARD: per trump (4: none), the cards that decide, first in play wins */
    int tie;            /* CAT_GAME */
    int joker_half;     /* CAT_GAME: a captured joker breaks a tie */
} Category;

typedef struct {
    PyObject_HEAD
    int players;
    int deck_size;
    uint8_t suit[5][MAXC];
    int16_t power[5][5][MAXC];
    int16_t order[5][MAXC];   /* rank within the effective suit (the greedy policy's) */
    int side_of[MAXP];        /* the table's sides (the greedy policy's) */
    uint64_t trumps[5];
    uint64_t suit_masks[5][5];
    int later_ties;
    int follow;
    int first_lead_trump;
    int8_t lead_sets[MAXC];   /* the trump a first lead sets while none is known (-1: none) */
    int ncat;
    Category cat[MAXCAT];
    int pips[MAXC];
    uint64_t jokers;          /* mask of the joker cards */
    PyObject *plays_of;       /* moves.PLAY: the play move of each card index */
    PyObject *set_trump;      /* Python: (info, suit) -> info with trump set */
    PyObject *playing;        /* Phase.PLAYING */
    PyObject *wait, *done;    /* Next.WAIT, Next.DONE */
    PyObject *play_word;      /* "play" */
    PyObject *fallback;       /* the Python component: anything unexpected goes to it */
    PyTypeObject *state_type; /* GameState */
    PyTypeObject *log_type;   /* Log */
    PyTypeObject *move_type;  /* Move */
    PyObject *on_done;        /* Python: (state, next step index) -> the state once the hand is scored */
} Rules;

static PyTypeObject RulesType_;

typedef struct {
    uint64_t masks[MAXP];
    uint64_t start[MAXP];
    uint64_t taken[MAXP];
    int tricks[MAXP];        /* tricks taken per seat */
    int trick[MAXP];
    int ntrick;
    int leader, to_move, trump;  /* trump -1: none known */
    int last_taker;
    /* set by hand_play when a trick is complete */
    int completed, done_leader, done_taker, done_cards[MAXP], done_n;
} Hand;

static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }

/* -- the rules ---------------------------------------------------------------------------- */

/* Mirrors components/play.py: FollowOrTrump.playable / StrictFollow.playable / TrumpOnly.playable */
static uint64_t playable(const Rules *R, const Hand *h, int tricks_done) {
    uint64_t hand = h->masks[h->to_move];
    int t = h->trump;
    if (R->follow == FOLLOW_TRUMP_ONLY) {
        return t < 0 ? hand : hand & R->trumps[t];
    }
    if (h->ntrick == 0) {
        if (t < 0) return hand;
        if (R->first_lead_trump && tricks_done == 0) {
            uint64_t tr = hand & R->trumps[t];
            return tr ? tr : hand;
        }
        return hand;
    }
    if (R->follow == FOLLOW_STRICT) {
        int tt = t < 0 ? NT : t;
        uint64_t follow = hand & R->suit_masks[tt][R->suit[tt][h->trick[0]]];
        return follow ? follow : hand;
    }
    if (t < 0) return hand;
    uint64_t follow = hand & R->suit_masks[t][R->suit[t][h->trick[0]]];
    return follow ? (follow | (hand & R->trumps[t])) : hand;
}

/* Mirrors components/trick.py HighestTrump.winner: the position of the winning card */
static int trick_winner(const Rules *R, const int *cards, int n, int t) {
    const int16_t *power = R->power[t][R->suit[t][cards[0]]];
    int best = 0, top = power[cards[0]];
    for (int i = 1; i < n; i++) {
        int s = power[cards[i]];
        if (s > top || (s == top && R->later_ties)) { best = i; top = s; }
    }
    return best;
}

/* Mirrors model/results.py first_holding: the first seat from ``seat`` on holding one of ``cards``. */
static int first_holding(const uint64_t *masks, int players, uint64_t cards, int seat) {
    for (int step = 0; step < players; step++) {
        int other = (seat + step) % players;
        if (masks[other] & cards) return other;
    }
    return -1;
}

/* The end of a trick as components/play.py FollowOrTrump.apply_in_place writes it: the cards
 * to the taker's pile (done_tricks), the taker counted, the trick emptied. */
static void take_trick(const Rules *R, Hand *h, int taker) {
    uint64_t pile = 0;
    for (int i = 0; i < h->ntrick; i++) { pile |= (uint64_t)1 << h->trick[i]; h->done_cards[i] = h->trick[i]; }
    h->done_n = h->ntrick;
    h->done_leader = h->leader;
    h->done_taker = taker;
    h->completed = 1;
    h->taken[taker] |= pile;
    h->tricks[taker] += 1;
    h->last_taker = taker;
    h->ntrick = 0;
    (void)R;
}

/* Mirrors components/play.py FollowOrTrump.apply_in_place / TrumpOnly.apply_in_place: 0 = the hand goes on, 1 = done */
static int hand_play(const Rules *R, Hand *h, int card) {
    int players = R->players;
    int seat = h->to_move;
    h->completed = 0;
    if (R->follow == FOLLOW_TRUMP_ONLY && !(h->trump < 0 && R->lead_sets[card] < 0)) {
        if (h->trump < 0) h->trump = R->lead_sets[card];
        int t = h->trump;
        h->masks[seat] ^= (uint64_t)1 << card;
        h->trick[h->ntrick++] = card;
        uint64_t trumps = R->trumps[t];
        for (int nxt = (seat + 1) % players; nxt != h->leader; nxt = (nxt + 1) % players) {
            if (h->masks[nxt] & trumps) { h->to_move = nxt; return 0; }
        }
        int position = trick_winner(R, h->trick, h->ntrick, t);
        int taker = first_holding(h->start, players, (uint64_t)1 << h->trick[position], 0);
        if (taker < 0) taker = (h->leader + position) % players;
        take_trick(R, h, taker);
        int lead = first_holding(h->masks, players, trumps, taker);
        h->to_move = h->leader = lead < 0 ? taker : lead;
        return lead < 0;
    }
    h->masks[seat] ^= (uint64_t)1 << card;
    h->trick[h->ntrick++] = card;
    if (h->trump < 0 && R->lead_sets[card] >= 0) h->trump = R->lead_sets[card];
    if (h->ntrick < players) { h->to_move = (seat + 1) % players; return 0; }
    int t = h->trump < 0 ? NT : h->trump;
    int taker = (h->leader + trick_winner(R, h->trick, h->ntrick, t)) % players;
    take_trick(R, h, taker);
    h->to_move = h->leader = taker;
    return h->masks[taker] == 0;
}

/* Mirrors components/context.py HandContext.holder: the seat whose mask holds ``bit``. */
static int seat_with(const uint64_t *masks, int players, uint64_t bit) {
    for (int seat = 0; seat < players; seat++) if (masks[seat] & bit) return seat;
    return -1;
}

/* The side each category awards (-1: nobody). Mirrors components/points.py: CardPoint.award
 * (and HighSpade's) for CAT_CARD, Game.award and Game.tied for CAT_GAME, LastTrick.award for
 * CAT_LAST, each category as its kernel_form gives it (components/kernel_form.py). */
static void judge(const Rules *R, const Hand *h, const int *side_of, int sides, int bidder_side,
                  int dealer, int *awards) {
    int players = R->players;
    uint64_t in_play = 0, piles[MAXP] = {0};
    for (int seat = 0; seat < players; seat++) { in_play |= h->start[seat]; piles[side_of[seat]] |= h->taken[seat]; }
    int t = h->trump < 0 ? NT : h->trump;
    for (int i = 0; i < R->ncat; i++) {
        const Category *c = &R->cat[i];
        int side = -1;
        if (c->kind == CAT_CARD) {
            if (!(c->needs_trump && t == NT)) {
                for (int k = 0; k < c->ncand[t]; k++) {
                    uint64_t bit = (uint64_t)1 << c->cand[t][k];
                    if (in_play & bit) {
                        int seat = seat_with(c->capturer ? h->taken : h->start, players, bit);
                        if (seat >= 0) side = side_of[seat];
                        break;
                    }
                }
            }
        } else if (c->kind == CAT_LAST) {
            if (h->last_taker >= 0) side = side_of[h->last_taker];
        } else {  /* CAT_GAME */
            int pips[MAXP] = {0}, best = 0;
            for (int s = 0; s < sides; s++) {
                uint64_t pile = piles[s];
                while (pile) { int card = __builtin_ctzll(pile); pile &= pile - 1; pips[s] += R->pips[card]; }
                if (pips[s] > best) best = pips[s];
            }
            if (best > 0) {
                int leaders[MAXP], n = 0;
                for (int s = 0; s < sides; s++) if (pips[s] == best) leaders[n++] = s;
                if (n > 1 && c->joker_half) {
                    int most = -1, m = 0, kept[MAXP];
                    for (int k = 0; k < n; k++) { int j = popcount64(piles[leaders[k]] & R->jokers); if (j > most) most = j; }
                    for (int k = 0; k < n; k++) if (popcount64(piles[leaders[k]] & R->jokers) == most) kept[m++] = leaders[k];
                    memcpy(leaders, kept, sizeof(int) * m); n = m;
                }
                if (n == 1) side = leaders[0];
                else {
                    int pick = -1;
                    if (c->tie == TIE_DEFENDERS) {
                        int found = 0;
                        for (int k = 0; k < n; k++) if (leaders[k] != bidder_side) { pick = leaders[k]; found++; }
                        if (found != 1) pick = -1;
                    } else {
                        if (c->tie == TIE_JOKER_HOLDER) {
                            int seat = seat_with(h->start, players, (uint64_t)1 << 52);
                            pick = seat < 0 ? -1 : side_of[seat];
                        } else if ((c->tie == TIE_DEALER || c->tie == TIE_ELDEST) && dealer >= 0) {
                            pick = side_of[(dealer + (c->tie == TIE_ELDEST)) % players];
                        }
                        int in = 0;
                        for (int k = 0; k < n; k++) if (leaders[k] == pick) in = 1;
                        if (!in) pick = -1;
                    }
                    side = pick;
                }
            }
        }
        awards[i] = side;
    }
}

/* -- random numbers (splitmix64) -------------------------------------------------------- */

static inline uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline int nth_card(uint64_t mask, int n) {
    while (n--) mask &= mask - 1;
    return __builtin_ctzll(mask);
}

/* -- the greedy playout policy: mirrors accel/policies.py rollout_move ---------------------------- */

/* components/trump.py TrumpTables.overtakes */
static inline int overtakes(const Rules *R, int strength, int top) {
    return strength > top || (strength == top && R->later_ties);
}

/* rollout_move's power(): a trump above every card of the suit led, others nothing */
static inline int policy_power(const Rules *R, int t, int led, int card) {
    int s = R->suit[t][card];
    return s == t ? 100 + R->order[t][card] : (s == led ? R->order[t][card] : -1);
}

/* rollout_move's cost(): pips first, then trumps dearer than other cards */
static inline int policy_cost(const Rules *R, int t, int card) {
    return R->pips[card] * 4 + (R->suit[t][card] == t ? 30 + R->order[t][card] : R->order[t][card]);
}

/* accel/policies.py rollout_move's rule (the part after its coin), for a known trump: a leader
 * leads its highest trump when no other hand holds a higher one, else its cheapest card; a
 * follower whose side holds the trick safely gives it its richest card; one that can take
 * it does so with the lowest card nobody after it beats (or, with pips or a trump in the
 * trick, its lowest winning card); otherwise its cheapest card. Ties go to the lowest card
 * index, as Python's min and max over the legal plays in card order do. */
static int greedy_card(const Rules *R, const Hand *h, uint64_t legal) {
    int t = h->trump, seat = h->to_move, players = R->players;
    const int16_t *order = R->order[t];
    uint64_t tmask = R->trumps[t];
    uint64_t m;
    int best_card = -1, key = 0;
    if (h->ntrick == 0) {
        uint64_t others = 0;
        for (int s = 0; s < players; s++) if (s != seat) others |= h->masks[s];
        uint64_t trumps = legal & tmask;
        if (trumps) {
            int top = -1;
            for (m = trumps; m; m &= m - 1) { int c = __builtin_ctzll(m); if (top < 0 || order[c] > order[top]) top = c; }
            int beaten = 0;
            for (m = others & tmask; m; m &= m - 1) { int c = __builtin_ctzll(m); if (overtakes(R, order[c], order[top])) { beaten = 1; break; } }
            if (!beaten) return top;
        }
        for (m = legal; m; m &= m - 1) { int c = __builtin_ctzll(m); int k = policy_cost(R, t, c); if (best_card < 0 || k < key) { best_card = c; key = k; } }
        return best_card;
    }
    int led = R->suit[t][h->trick[0]];
    int position = trick_winner(R, h->trick, h->ntrick, t);
    int best = policy_power(R, t, led, h->trick[position]);
    uint64_t later = 0;
    for (int step = 1; step < players - h->ntrick; step++) later |= h->masks[(seat + step) % players];
    later &= tmask | R->suit_masks[t][led];
    int later_top = -1;
    for (m = later; m; m &= m - 1) { int p = policy_power(R, t, led, __builtin_ctzll(m)); if (p > later_top) later_top = p; }
    if (R->side_of[(h->leader + position) % players] == R->side_of[seat] && !overtakes(R, later_top, best)) {
        int k2 = 0;
        for (m = legal; m; m &= m - 1) {
            int c = __builtin_ctzll(m);
            int k = R->pips[c] - (R->suit[t][c] == t), minus = -order[c];
            if (best_card < 0 || k > key || (k == key && minus > k2)) { best_card = c; key = k; k2 = minus; }
        }
        return best_card;
    }
    int hold = -1, hold_power = 0, win = -1, win_power = 0;
    for (m = legal; m; m &= m - 1) {
        int c = __builtin_ctzll(m), p = policy_power(R, t, led, c);
        if (!overtakes(R, p, best)) continue;
        if (win < 0 || p < win_power) { win = c; win_power = p; }
        if (!overtakes(R, later_top, p) && (hold < 0 || p < hold_power)) { hold = c; hold_power = p; }
    }
    if (hold >= 0) return hold;
    if (win >= 0) {
        for (int i = 0; i < h->ntrick; i++) {
            int c = h->trick[i];
            if (R->pips[c] || R->suit[t][c] == t) return win;
        }
    }
    for (m = legal; m; m &= m - 1) { int c = __builtin_ctzll(m); int k = policy_cost(R, t, c); if (best_card < 0 || k < key) { best_card = c; key = k; } }
    return best_card;
}

/* -- plain values, left untracked ---------------------------------------------------------- */

/* CPython's cycle collector stops tracking a plain tuple (one holding only numbers, strings,
 * None and such tuples) once it has scanned it, but never a tuple subclass: a game's log, one
 * link (earlier log, move) a move and all of them named tuples, stayed tracked for as long as
 * the game lived, and every collection scanned it again (a long game, thousands of links;
 * a server, hundreds of games). ``untrack`` leaves such values untracked at once: plain tuples
 * and instances of the tuple types ``plain_types`` names (model/log.py names the log's link,
 * its start and the move: classes with no field of their own beside the tuple's items, which
 * live as long as the program). Nothing untracked here can be part of a cycle. */
#define PLAIN_TYPES 8
static PyTypeObject *PLAIN[PLAIN_TYPES];
static int plain_count = 0;

static int plain_type(PyTypeObject *type) {
    if (type == &PyTuple_Type) return 1;
    for (int i = 0; i < plain_count; i++)
        if (PLAIN[i] == type) return 1;
    return 0;
}

/* 1 when ``obj`` can be in no cycle (left untracked where it is one of the tuples above). */
static int untrack_plain(PyObject *obj, int depth) {
    if (obj == Py_None || PyLong_CheckExact(obj) || PyUnicode_CheckExact(obj) || PyBool_Check(obj)
        || PyFloat_CheckExact(obj))
        return 1;
    if (!PyTuple_Check(obj) || !plain_type(Py_TYPE(obj))) return 0;
    if (!PyObject_GC_IsTracked(obj)) return 1;  /* (an untracked tuple holds only plain values) */
    if (depth > 16) return 0;
    for (Py_ssize_t i = 0, n = PyTuple_GET_SIZE(obj); i < n; i++)
        if (!untrack_plain(PyTuple_GET_ITEM(obj, i), depth + 1)) return 0;
    PyObject_GC_UnTrack(obj);
    return 1;
}

/* untrack(value) -> value: the value, left untracked by the cycle collector where it is a
 * plain tuple (see above). */
static PyObject *kernel_untrack(PyObject *module, PyObject *value) {
    untrack_plain(value, 0);
    Py_INCREF(value);
    return value;
}

/* plain_types(*types): the tuple subclasses ``untrack`` may leave untracked, given once. */
static PyObject *kernel_plain_types(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    for (Py_ssize_t i = 0; i < nargs; i++) {
        PyTypeObject *type = (PyTypeObject *)args[i];
        if (!PyType_Check(args[i]) || !PyType_IsSubtype(type, &PyTuple_Type) || type->tp_dictoffset
            || type->tp_basicsize != PyTuple_Type.tp_basicsize) {
            PyErr_SetString(PyExc_TypeError, "plain_types: tuple subclasses with no field of their own");
            return NULL;
        }
        if (plain_type(type)) continue;
        if (plain_count == PLAIN_TYPES) { PyErr_SetString(PyExc_ValueError, "plain_types: too many"); return NULL; }
        Py_INCREF(type);
        PLAIN[plain_count++] = type;
    }
    Py_RETURN_NONE;
}

/* -- reading and writing a GameState's fields --------------------------------------------- */

/* A card mask (an int, 0 <= mask < 2**64) into ``out``. A deck's masks fit a signed 64-bit
 * integer, read digit by digit; PyLong_AsUnsignedLongLong goes through a byte array (a few
 * per cent of a batch's step), so it reads only the rest and raises for what is no mask. */
static int read_mask(PyObject *value, uint64_t *out) {
    if (PyLong_Check(value)) {
        int overflow = 0;
        long long x = PyLong_AsLongLongAndOverflow(value, &overflow);
        if (!overflow && x >= 0) { *out = (uint64_t)x; return 0; }
        if (x == -1 && PyErr_Occurred()) return -1;
    }
    *out = PyLong_AsUnsignedLongLong(value);
    return *out == (uint64_t)-1 && PyErr_Occurred() ? -1 : 0;
}

static int read_masks(PyObject *tuple, uint64_t *out, int players) {
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) != players) {
        PyErr_SetString(PyExc_TypeError, "kernel: masks must be a tuple of one mask per seat");
        return -1;
    }
    for (int i = 0; i < players; i++)
        if (read_mask(PyTuple_GET_ITEM(tuple, i), &out[i]) < 0) return -1;
    return 0;
}

static int read_cards(PyObject *tuple, int *out, int limit) {
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) > limit) {
        PyErr_SetString(PyExc_TypeError, "kernel: a trick must be a tuple of cards");
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(tuple);
    for (Py_ssize_t i = 0; i < n; i++) {
        long card = PyLong_AsLong(PyTuple_GET_ITEM(tuple, i));
        if (card < 0 || card >= MAXC) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "kernel: not a card");
            return -1;
        }
        out[i] = (int)card;
    }
    return (int)n;
}

static int read_int(PyObject *value, int *out) {
    long x = PyLong_AsLong(value);
    if (x == -1 && PyErr_Occurred()) return -1;
    *out = (int)x;
    return 0;
}

/* The fields of a GameState (a tuple) or of fast.Game (a list). */
static PyObject **fields_of(PyObject *state, Py_ssize_t *size) {
    if (PyList_Check(state)) { *size = PyList_GET_SIZE(state); return ((PyListObject *)state)->ob_item; }
    if (PyTuple_Check(state)) { *size = PyTuple_GET_SIZE(state); return ((PyTupleObject *)state)->ob_item; }
    *size = 0;
    return NULL;
}

/* The hand in play as the fields show it (start masks only where trump-only play needs them). */
static int load_hand(const Rules *R, PyObject **f, Hand *h) {
    int players = R->players;
    memset(h, 0, sizeof(Hand));
    if (read_masks(f[F_MASKS], h->masks, players) < 0) return -1;
    int n = read_cards(f[F_TRICK_CARDS], h->trick, players);
    if (n < 0) return -1;
    h->ntrick = n;
    if (read_int(f[F_TO_MOVE], &h->to_move) < 0 || read_int(f[F_LEADER], &h->leader) < 0) return -1;
    if (h->to_move < 0 || h->to_move >= players || h->leader < 0 || h->leader >= players) {
        PyErr_SetString(PyExc_ValueError, "kernel: seat out of range");
        return -1;
    }
    PyObject *info = f[F_INFO];
    if (!PyTuple_Check(info) || PyTuple_GET_SIZE(info) <= INFO_START) {
        PyErr_SetString(PyExc_TypeError, "kernel: info must be a HandInfo");
        return -1;
    }
    PyObject *trump = PyTuple_GET_ITEM(info, INFO_TRUMP);
    h->trump = -1;
    if (trump != Py_None && read_int(trump, &h->trump) < 0) return -1;
    if (h->trump > 3) h->trump = -1;
    if (R->follow == FOLLOW_TRUMP_ONLY) {
        PyObject *start = PyTuple_GET_ITEM(info, INFO_START);
        if (PyTuple_Check(start) && PyTuple_GET_SIZE(start) == players) {
            if (read_masks(start, h->start, players) < 0) return -1;
        }
    }
    h->last_taker = -1;
    return 0;
}

static PyObject *masks_tuple(const uint64_t *masks, int players) {
    PyObject *tuple = PyTuple_New(players);
    if (!tuple) return NULL;
    for (int i = 0; i < players; i++) {
        PyObject *value = PyLong_FromUnsignedLongLong(masks[i]);
        if (!value) { Py_DECREF(tuple); return NULL; }
        PyTuple_SET_ITEM(tuple, i, value);
    }
    return tuple;
}

static PyObject *cards_tuple(const int *cards, int n) {
    PyObject *tuple = PyTuple_New(n);
    if (!tuple) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *value = PyLong_FromLong(cards[i]);
        if (!value) { Py_DECREF(tuple); return NULL; }
        PyTuple_SET_ITEM(tuple, i, value);
    }
    return tuple;
}

/* A play move's card, or -1 when ``move`` is not ("play", card) of this deck. */
static int card_of(const Rules *R, PyObject *move) {
    if (!PyTuple_Check(move) || PyTuple_GET_SIZE(move) != 2) return -1;
    PyObject *kind = PyTuple_GET_ITEM(move, 0), *arg = PyTuple_GET_ITEM(move, 1);
    if (!PyUnicode_CheckExact(kind) || !PyLong_CheckExact(arg)) return -1;
    if (kind != R->play_word && PyUnicode_Compare(kind, R->play_word) != 0) {
        if (PyErr_Occurred()) PyErr_Clear();
        return -1;
    }
    int overflow = 0;
    long card = PyLong_AsLongAndOverflow(arg, &overflow);
    if (overflow || card < 0 || card >= R->deck_size) { PyErr_Clear(); return -1; }
    return (int)card;
}

/* -- Rules methods ---------------------------------------------------------------------------- */

static uint64_t tricks_done_of(PyObject **f) {
    return PyTuple_Check(f[F_DONE_TRICKS]) ? (uint64_t)PyTuple_GET_SIZE(f[F_DONE_TRICKS]) : 0;
}

/* The play moves of the cards in ``mask``, in card order (what play.plays_of gives). */
static PyObject *plays_tuple(const Rules *R, uint64_t mask) {
    PyObject *moves = PyTuple_New(popcount64(mask));
    if (!moves) return NULL;
    Py_ssize_t i = 0;
    for (; mask; mask &= mask - 1) {
        PyObject *move = PyTuple_GET_ITEM(R->plays_of, __builtin_ctzll(mask));
        Py_INCREF(move);
        PyTuple_SET_ITEM(moves, i++, move);
    }
    return moves;
}

static PyObject *Rules_legal(Rules *R, PyObject *state) {
    Py_ssize_t size;
    PyObject **f = fields_of(state, &size);
    if (!f || size <= F_DONE_TRICKS || f[F_PHASE] != R->playing) {
        PyObject *name = PyUnicode_InternFromString("legal");
        if (!name) return NULL;
        PyObject *r = PyObject_CallMethodOneArg(R->fallback, name, state);
        Py_DECREF(name);
        return r;
    }
    Hand h;
    if (load_hand(R, f, &h) < 0) return NULL;
    return plays_tuple(R, playable(R, &h, (int)tricks_done_of(f)));
}

static PyObject *Rules_is_legal(Rules *R, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) { PyErr_SetString(PyExc_TypeError, "is_legal(state, move)"); return NULL; }
    Py_ssize_t size;
    PyObject **f = fields_of(args[0], &size);
    if (!f || size <= F_DONE_TRICKS || f[F_PHASE] != R->playing)
        return PyObject_CallMethod(R->fallback, "is_legal", "OO", args[0], args[1]);
    int card = card_of(R, args[1]);
    if (card < 0) Py_RETURN_FALSE;
    Hand h;
    if (load_hand(R, f, &h) < 0) return NULL;
    return PyBool_FromLong((long)(playable(R, &h, (int)tricks_done_of(f)) >> card & 1));
}

/* Play ``card`` in the hand ``h`` loaded from the fields ``f``: the new objects of the fields
 * the play changes in ``changed`` (NULL: unchanged), and whether the play step is over (-1:
 * an error, nothing built). What components/play.py's apply_in_place writes. */
static int play_changes(Rules *R, PyObject **f, Hand *h, int card, PyObject **changed) {
    memset(changed, 0, sizeof(PyObject *) * F_COUNT);
    int trump_before = h->trump;
    int done = hand_play(R, h, card);
    if (!(changed[F_MASKS] = masks_tuple(h->masks, R->players))) goto fail;
    if (!(changed[F_TRICK_CARDS] = cards_tuple(h->trick, h->ntrick))) goto fail;
    if (!(changed[F_TO_MOVE] = PyLong_FromLong(h->to_move))) goto fail;
    if (h->trump != trump_before
        && !(changed[F_INFO] = PyObject_CallFunction(R->set_trump, "Oi", f[F_INFO], h->trump)))
        goto fail;
    if (h->completed) {
        if (!(changed[F_LEADER] = PyLong_FromLong(h->leader))) goto fail;
        PyObject *old = f[F_DONE_TRICKS];
        Py_ssize_t n = PyTuple_GET_SIZE(old);
        PyObject *done_tricks = changed[F_DONE_TRICKS] = PyTuple_New(n + 1);
        if (!done_tricks) goto fail;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *item = PyTuple_GET_ITEM(old, i);
            Py_INCREF(item);
            PyTuple_SET_ITEM(done_tricks, i, item);
        }
        PyObject *record = Py_BuildValue("(iNi)", h->done_leader, cards_tuple(h->done_cards, h->done_n), h->done_taker);
        if (!record) goto fail;
        PyTuple_SET_ITEM(done_tricks, n, record);
    }
    /* (numbers in tuples: no cycle can pass through them, so the collector need never scan them) */
    for (int i = 0; i < F_COUNT; i++) if (changed[i]) untrack_plain(changed[i], 0);
    return done;
fail:
    for (int i = 0; i < F_COUNT; i++) Py_CLEAR(changed[i]);
    return -1;
}

/* The play step on a state's fields, in place: what components/play.py's apply_in_place does. */
static PyObject *Rules_apply_in_place(Rules *R, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) { PyErr_SetString(PyExc_TypeError, "apply_in_place(fields, move)"); return NULL; }
    PyObject *fields = args[0];
    if (!PyList_Check(fields) || PyList_GET_SIZE(fields) <= F_DONE_TRICKS || PyList_GET_ITEM(fields, F_PHASE) != R->playing)
        return PyObject_CallMethod(R->fallback, "apply_in_place", "OO", fields, args[1]);
    int card = card_of(R, args[1]);
    if (card < 0) return PyObject_CallMethod(R->fallback, "apply_in_place", "OO", fields, args[1]);
    PyObject **f = ((PyListObject *)fields)->ob_item;
    Hand h;
    PyObject *changed[F_COUNT];
    if (load_hand(R, f, &h) < 0) return NULL;
    int done = play_changes(R, f, &h, card, changed);
    if (done < 0) return NULL;
    for (int i = 0; i < F_COUNT; i++) if (changed[i]) PyList_SetItem(fields, i, changed[i]);  /* (steals) */
    PyObject *next = done ? R->done : R->wait;
    Py_INCREF(next);
    return next;
}

/* Whether the checked API's ``seat`` (None, or the seat a server says sent the move) is the
 * seat to move; anything else leaves the move to Python, which says why it is refused. */
static int seat_allows(PyObject *seat, int to_move) {
    if (seat == Py_None) return 1;
    if (!PyLong_CheckExact(seat)) return 0;
    int overflow = 0;
    long value = PyLong_AsLongAndOverflow(seat, &overflow);
    if (overflow || value != to_move) { PyErr_Clear(); return 0; }
    return 1;
}

/* A tuple of ``type`` holding ``items`` (``n`` of them), each replaced by ``changed[i]`` where
 * that is not NULL: a new reference; the ``changed`` ones are stolen, even on failure. */
static PyObject *changed_tuple(PyTypeObject *type, PyObject *const *items, Py_ssize_t n, PyObject **changed) {
    PyObject *out = type->tp_alloc(type, n);
    if (!out) {
        for (Py_ssize_t i = 0; i < n; i++) Py_XDECREF(changed[i]);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = changed[i];
        if (!item) { item = items[i]; Py_INCREF(item); }
        PyTuple_SET_ITEM(out, i, item);
    }
    return out;
}

/* A GameState of the fields ``f`` with the ``changed`` ones (new references, stolen even on
 * failure; NULL: as they were) and the log extended by ``move``: engine.advance's state. */
static PyObject *state_after(PyTypeObject *state_type, PyTypeObject *log_type, PyObject **f, PyObject **changed,
                             PyObject *move) {
    PyObject *log = log_type->tp_alloc(log_type, 2);
    if (!log) {
        for (int i = 0; i < F_COUNT; i++) Py_XDECREF(changed[i]);
        return NULL;
    }
    Py_INCREF(f[F_LOG]);
    PyTuple_SET_ITEM(log, 0, f[F_LOG]);
    Py_INCREF(move);
    PyTuple_SET_ITEM(log, 1, move);
    untrack_plain(log, 0);
    changed[F_LOG] = log;
    return changed_tuple(state_type, f, F_COUNT, changed);
}

/* The state after a play, as engine.advance builds it (the log extended, the next step begun
 * when the hand's play is over), or None where the kernel leaves the move to Python: with
 * ``checked``, anything but a legal play of the seat to move in exactly the checked API's
 * terms (a Move, ``seat`` None or the seat to move), so Python raises the error it explains. */
static PyObject *next_state(Rules *R, PyObject *state, PyObject *move, PyObject *seat, int checked) {
    if (Py_TYPE(state) != R->state_type || PyTuple_GET_SIZE(state) != F_COUNT) Py_RETURN_NONE;
    PyObject **f = ((PyTupleObject *)state)->ob_item;
    if (f[F_PHASE] != R->playing) Py_RETURN_NONE;
    if (checked && Py_TYPE(move) != R->move_type) Py_RETURN_NONE;
    int card = card_of(R, move);
    if (card < 0) Py_RETURN_NONE;
    Hand h;
    if (load_hand(R, f, &h) < 0) return NULL;
    if (checked && !(seat_allows(seat, h.to_move) && playable(R, &h, (int)tricks_done_of(f)) >> card & 1))
        Py_RETURN_NONE;
    PyObject *changed[F_COUNT];
    int done = play_changes(R, f, &h, card, changed);
    if (done < 0) return NULL;
    PyObject *out = state_after(R->state_type, R->log_type, f, changed, move);
    if (!out || !done) return out;
    long index = PyLong_AsLong(f[F_STEP]);
    if (index == -1 && PyErr_Occurred()) { Py_DECREF(out); return NULL; }
    PyObject *scored = PyObject_CallFunction(R->on_done, "Ol", out, index + 1);
    Py_DECREF(out);
    return scored;
}

/* The greedy policy's card for the seat to move (None: the policy would choose at random:
 * no trump known, or a single legal play). */
static PyObject *Rules_greedy_move(Rules *R, PyObject *state) {
    Py_ssize_t size;
    PyObject **f = fields_of(state, &size);
    if (!f || size <= F_DONE_TRICKS || f[F_PHASE] != R->playing) Py_RETURN_NONE;
    Hand h;
    if (load_hand(R, f, &h) < 0) return NULL;
    uint64_t legal = playable(R, &h, (int)tricks_done_of(f));
    if (h.trump < 0 || popcount64(legal) < 2) Py_RETURN_NONE;
    return PyLong_FromLong(greedy_card(R, &h, legal));
}

static PyObject *Rules_checked(Rules *R, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) { PyErr_SetString(PyExc_TypeError, "checked(state, move, seat)"); return NULL; }
    return next_state(R, args[0], args[1], args[2], 1);
}

static PyObject *Rules_advance(Rules *R, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) { PyErr_SetString(PyExc_TypeError, "advance(state, move)"); return NULL; }
    return next_state(R, args[0], args[1], Py_None, 0);
}

/* The hand as kernel.py passes it: (masks, start, done_tricks, trick, leader, to_move, trump,
 * side_of, sides, bidder_side, dealer), trump -1 for none, bidder_side -1 for no bidder. The
 * tricks taken so far are read from ``done_tricks`` ((leader, cards, taker) each). */
typedef struct {
    Hand hand;
    int side_of[MAXP];
    int sides, bidder_side, dealer, tricks_done;
} Judging;

/* The done tricks ((leader, cards, taker) each) into what each seat took; their number. */
static int read_done(const Rules *R, PyObject *done, Hand *h) {
    if (!PyTuple_Check(done)) { PyErr_SetString(PyExc_TypeError, "kernel: done tricks must be a tuple"); return -1; }
    h->last_taker = -1;
    Py_ssize_t count = PyTuple_GET_SIZE(done);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *record = PyTuple_GET_ITEM(done, i);
        int cards[MAXP], taker;
        if (!PyTuple_Check(record) || PyTuple_GET_SIZE(record) != 3) {
            PyErr_SetString(PyExc_TypeError, "kernel: a done trick is (leader, cards, taker)");
            return -1;
        }
        int n = read_cards(PyTuple_GET_ITEM(record, 1), cards, R->players);
        if (n < 0 || read_int(PyTuple_GET_ITEM(record, 2), &taker) < 0) return -1;
        if (taker < 0 || taker >= R->players) {
            PyErr_SetString(PyExc_ValueError, "kernel: taker out of range");
            return -1;
        }
        for (int k = 0; k < n; k++) h->taken[taker] |= (uint64_t)1 << cards[k];
        h->tricks[taker] += 1;
        h->last_taker = taker;
    }
    return (int)count;
}

static int parse_judging(Rules *R, PyObject *const *a, Judging *J) {
    int players = R->players;
    memset(J, 0, sizeof(Judging));
    Hand *h = &J->hand;
    uint64_t sides64[MAXP];
    if (read_masks(a[0], h->masks, players) < 0 || read_masks(a[1], h->start, players) < 0
        || read_masks(a[7], sides64, players) < 0)
        return -1;
    if ((J->tricks_done = read_done(R, a[2], h)) < 0) return -1;
    int n = read_cards(a[3], h->trick, players);
    if (n < 0) return -1;
    h->ntrick = n;
    if (read_int(a[4], &h->leader) < 0 || read_int(a[5], &h->to_move) < 0 || read_int(a[6], &h->trump) < 0
        || read_int(a[8], &J->sides) < 0 || read_int(a[9], &J->bidder_side) < 0 || read_int(a[10], &J->dealer) < 0)
        return -1;
    if (J->sides < 1 || J->sides > MAXP || h->leader < 0 || h->leader >= players || h->to_move < 0
        || h->to_move >= players || h->trump < -1 || h->trump > 3) {
        PyErr_SetString(PyExc_ValueError, "kernel: hand arguments out of range");
        return -1;
    }
    for (int i = 0; i < players; i++) {
        J->side_of[i] = (int)sides64[i];
        if (J->side_of[i] < 0 || J->side_of[i] >= J->sides) {
            PyErr_SetString(PyExc_ValueError, "kernel: a side out of range");
            return -1;
        }
    }
    return 0;
}

/* The code of a finished hand: sum((side + 1) * (sides + 1) ** i) over the categories i; and
 * whether the bidder's side took every trick. */
static int64_t hand_code(const Rules *R, const Judging *J, const Hand *h, char *all_tricks) {
    int awards[MAXCAT];
    judge(R, h, J->side_of, J->sides, J->bidder_side, J->dealer, awards);
    int64_t code = 0, weight = 1;
    for (int i = 0; i < R->ncat; i++) { code += (awards[i] + 1) * weight; weight *= J->sides + 1; }
    int others = 0;
    for (int seat = 0; seat < R->players; seat++) if (J->side_of[seat] != J->bidder_side) others += h->tricks[seat];
    *all_tricks = others == 0;
    return code;
}

/* playouts(*hand, n, seed, greedy) -> (bytes of n int64 codes, bytes of n all-tricks flags) */
static PyObject *Rules_playouts(Rules *R, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 14) { PyErr_SetString(PyExc_TypeError, "playouts takes 14 arguments"); return NULL; }
    Judging J;
    if (parse_judging(R, args, &J) < 0) return NULL;
    Py_ssize_t n = PyLong_AsSsize_t(args[11]);
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(args[12]);
    double greedy = PyFloat_AsDouble(args[13]);
    if (PyErr_Occurred()) return NULL;
    if (n < 0) { PyErr_SetString(PyExc_ValueError, "kernel: n < 0"); return NULL; }
    PyObject *codes = PyBytes_FromStringAndSize(NULL, n * (Py_ssize_t)sizeof(int64_t));
    PyObject *flags = PyBytes_FromStringAndSize(NULL, n);
    if (!codes || !flags) { Py_XDECREF(codes); Py_XDECREF(flags); return NULL; }
    int64_t *out = (int64_t *)PyBytes_AS_STRING(codes);
    char *flag = PyBytes_AS_STRING(flags);
    uint64_t rng = seed;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t row = 0; row < n; row++) {
        Hand h = J.hand;
        int done_count = J.tricks_done;
        int over = 0;
        /* a hand whose every card is out (nothing to play) is scored as it stands */
        while (!over) {
            uint64_t mask = playable(R, &h, done_count);
            if (!mask) break;
            int count = popcount64(mask), card;
            if (count > 1 && greedy > 0.0 && h.trump >= 0
                && (double)(next_random(&rng) >> 11) * (1.0 / 9007199254740992.0) < greedy)
                card = greedy_card(R, &h, mask);
            else
                card = nth_card(mask, (int)(((next_random(&rng) >> 32) * (uint64_t)count) >> 32));
            over = hand_play(R, &h, card);
            done_count += h.completed;
        }
        out[row] = hand_code(R, &J, &h, &flag[row]);
    }
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(NN)", codes, flags);
}

/* (code, all tricks, Game pips per side[, each seat's played cards]) of a judged hand. */
static PyObject *judged_tuple(const Rules *R, const Judging *J, int with_played) {
    char all_tricks;
    int64_t code = hand_code(R, J, &J->hand, &all_tricks);
    int pips[MAXP] = {0};
    for (int seat = 0; seat < R->players; seat++) {
        for (uint64_t m = J->hand.taken[seat]; m; m &= m - 1) pips[J->side_of[seat]] += R->pips[__builtin_ctzll(m)];
    }
    PyObject *tally = PyTuple_New(J->sides);
    if (!tally) return NULL;
    for (int side = 0; side < J->sides; side++) {
        PyObject *v = PyLong_FromLong(pips[side]);
        if (!v) { Py_DECREF(tally); return NULL; }
        PyTuple_SET_ITEM(tally, side, v);
    }
    if (!with_played)
        return Py_BuildValue("(LON)", (long long)code, all_tricks ? Py_True : Py_False, tally);
    uint64_t played[MAXP];
    for (int seat = 0; seat < R->players; seat++) played[seat] = J->hand.start[seat] & ~J->hand.masks[seat];
    PyObject *shown = masks_tuple(played, R->players);
    if (!shown) { Py_DECREF(tally); return NULL; }
    return Py_BuildValue("(LONN)", (long long)code, all_tricks ? Py_True : Py_False, tally, shown);
}

/* judged(*hand) -> (code, all tricks, Game pips per side) of the hand as it stands (finished). */
static PyObject *Rules_judged(Rules *R, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 11) { PyErr_SetString(PyExc_TypeError, "judged takes 11 arguments"); return NULL; }
    Judging J;
    if (parse_judging(R, args, &J) < 0) return NULL;
    return judged_tuple(R, &J, 0);
}

/* finished(state) -> judged's answer and each seat's played cards (start & ~held: what
 * scoring.played gives) for the state's finished hand, judged between the table's sides;
 * None where that is not the hand's judging (a partner was called, a trick is open, play
 * never began). kernel.score_hand's way in: no arguments built in Python. */
static PyObject *Rules_finished(Rules *R, PyObject *state) {
    Py_ssize_t size;
    PyObject **f = fields_of(state, &size);
    if (!f || size <= F_DONE_TRICKS) { PyErr_SetString(PyExc_TypeError, "kernel: not a state"); return NULL; }
    PyObject *info = f[F_INFO];
    if (!PyTuple_Check(info) || PyTuple_GET_SIZE(info) <= INFO_CALLED) {
        PyErr_SetString(PyExc_TypeError, "kernel: info must be a HandInfo");
        return NULL;
    }
    PyObject *start = PyTuple_GET_ITEM(info, INFO_START);
    if (PyTuple_GET_ITEM(info, INFO_CALLED) != Py_None || !PyTuple_Check(start)
        || PyTuple_GET_SIZE(start) != R->players || !PyTuple_Check(f[F_TRICK_CARDS]) || PyTuple_GET_SIZE(f[F_TRICK_CARDS]))
        Py_RETURN_NONE;
    Judging J;
    memset(&J, 0, sizeof(Judging));
    Hand *h = &J.hand;
    if (load_hand(R, f, h) < 0 || read_masks(start, h->start, R->players) < 0) return NULL;
    if ((J.tricks_done = read_done(R, f[F_DONE_TRICKS], h)) < 0) return NULL;
    PyObject *bidder = PyTuple_GET_ITEM(info, INFO_BIDDER);
    int seat = -1;
    if (bidder != Py_None && read_int(bidder, &seat) < 0) return NULL;
    if (read_int(f[F_DEALER], &J.dealer) < 0) return NULL;
    if (seat >= R->players || J.dealer < 0 || J.dealer >= R->players) {
        PyErr_SetString(PyExc_ValueError, "kernel: seat out of range");
        return NULL;
    }
    for (int i = 0; i < R->players; i++) {
        J.side_of[i] = R->side_of[i];
        if (J.side_of[i] >= J.sides) J.sides = J.side_of[i] + 1;
    }
    J.bidder_side = seat < 0 ? -1 : J.side_of[seat];
    return judged_tuple(R, &J, 1);
}

/* -- building a Rules object --------------------------------------------------------------- */

static int fill_bytes(PyObject *seq, int8_t *out, int limit, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > limit) { Py_DECREF(fast); PyErr_Format(PyExc_ValueError, "kernel: %s too long", what); return -1; }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[i] = (int8_t)v;
    }
    Py_DECREF(fast);
    return (int)n;
}

static void Rules_dealloc(Rules *R) {
    Py_XDECREF(R->plays_of);
    Py_XDECREF(R->set_trump);
    Py_XDECREF(R->playing);
    Py_XDECREF(R->wait);
    Py_XDECREF(R->done);
    Py_XDECREF(R->play_word);
    Py_XDECREF(R->fallback);
    Py_XDECREF(R->state_type);
    Py_XDECREF(R->log_type);
    Py_XDECREF(R->move_type);
    Py_XDECREF(R->on_done);
    Py_TYPE(R)->tp_free((PyObject *)R);
}

/* Rules(players, deck_size, suit, power, trumps, suit_masks, later_ties, follow, first_lead_trump,
 *       lead_sets, categories, pips, jokers, plays_of, set_trump, playing, wait, done, fallback)
 * suit: 5 x deck_size; power: 5 x 5 x deck_size; trumps: 5; suit_masks: 5 x 5;
 * categories: (kind, capturer, needs_trump, candidates (5 tuples), tie, joker_half) each. */
static PyObject *Rules_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *suit, *power, *trumps, *suit_masks, *lead_sets, *categories, *pips, *plays_of, *set_trump,
        *playing, *wait, *done, *fallback, *state_type, *log_type, *move_type, *on_done, *order, *side_of;
    int players, deck_size, later_ties, follow, first_lead_trump;
    unsigned long long jokers;
    if (!PyArg_ParseTuple(args, "iiOOOOiiiOOOKOOOOOOO!O!O!OOO", &players, &deck_size, &suit, &power, &trumps,
                          &suit_masks, &later_ties, &follow, &first_lead_trump, &lead_sets, &categories,
                          &pips, &jokers, &plays_of, &set_trump, &playing, &wait, &done, &fallback,
                          &PyType_Type, &state_type, &PyType_Type, &log_type, &PyType_Type, &move_type, &on_done,
                          &order, &side_of))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)state_type, &PyTuple_Type)
        || !PyType_IsSubtype((PyTypeObject *)log_type, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "kernel: GameState and Log must be tuples");
        return NULL;
    }
    if (players < 2 || players > MAXP || deck_size < 1 || deck_size > MAXC || follow < 0 || follow > 2) {
        PyErr_SetString(PyExc_ValueError, "kernel: table out of range");
        return NULL;
    }
    Rules *R = (Rules *)type->tp_alloc(type, 0);
    if (!R) return NULL;
    R->players = players;
    R->deck_size = deck_size;
    R->later_ties = later_ties;
    R->follow = follow;
    R->first_lead_trump = first_lead_trump;
    R->jokers = jokers;
    int8_t row[MAXC];
    for (int t = 0; t < 5; t++) {
        PyObject *item = PySequence_GetItem(suit, t);
        if (!item) goto fail;
        int n = fill_bytes(item, row, MAXC, "suit");
        Py_DECREF(item);
        if (n != deck_size) { if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "kernel: suit table"); goto fail; }
        for (int c = 0; c < deck_size; c++) R->suit[t][c] = (uint8_t)row[c];
        PyObject *by_led = PySequence_GetItem(power, t);
        if (!by_led) goto fail;
        for (int led = 0; led < 5; led++) {
            PyObject *line = PySequence_GetItem(by_led, led);
            if (!line) { Py_DECREF(by_led); goto fail; }
            for (int c = 0; c < deck_size; c++) {
                PyObject *v = PySequence_GetItem(line, c);
                long p = v ? PyLong_AsLong(v) : -1;
                Py_XDECREF(v);
                if (PyErr_Occurred()) { Py_DECREF(line); Py_DECREF(by_led); goto fail; }
                R->power[t][led][c] = (int16_t)p;
            }
            Py_DECREF(line);
        }
        Py_DECREF(by_led);
        PyObject *ranks = PySequence_GetItem(order, t);
        if (!ranks) goto fail;
        for (int c = 0; c < deck_size; c++) {
            PyObject *v = PySequence_GetItem(ranks, c);
            long r = v ? PyLong_AsLong(v) : -1;
            Py_XDECREF(v);
            if (PyErr_Occurred()) { Py_DECREF(ranks); goto fail; }
            R->order[t][c] = (int16_t)r;
        }
        Py_DECREF(ranks);
        PyObject *tm = PySequence_GetItem(trumps, t);
        if (!tm) goto fail;
        R->trumps[t] = PyLong_AsUnsignedLongLong(tm);
        Py_DECREF(tm);
        PyObject *sm = PySequence_GetItem(suit_masks, t);
        if (!sm) goto fail;
        for (int s = 0; s < 5; s++) {
            PyObject *v = PySequence_GetItem(sm, s);
            R->suit_masks[t][s] = v ? PyLong_AsUnsignedLongLong(v) : 0;
            Py_XDECREF(v);
        }
        Py_DECREF(sm);
        if (PyErr_Occurred()) goto fail;
    }
    for (int seat = 0; seat < players; seat++) {
        PyObject *v = PySequence_GetItem(side_of, seat);
        R->side_of[seat] = v ? (int)PyLong_AsLong(v) : 0;
        Py_XDECREF(v);
        if (PyErr_Occurred()) goto fail;
    }
    memset(R->lead_sets, -1, sizeof(R->lead_sets));
    if (fill_bytes(lead_sets, R->lead_sets, MAXC, "lead_sets") < 0) goto fail;
    {
        PyObject *fast = PySequence_Fast(pips, "pips");
        if (!fast) goto fail;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
        for (Py_ssize_t c = 0; c < n && c < MAXC; c++) R->pips[c] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, c));
        Py_DECREF(fast);
        if (PyErr_Occurred()) goto fail;
    }
    {
        PyObject *fast = PySequence_Fast(categories, "categories");
        if (!fast) goto fail;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
        if (n > MAXCAT) { Py_DECREF(fast); PyErr_SetString(PyExc_ValueError, "kernel: too many categories"); goto fail; }
        R->ncat = (int)n;
        for (Py_ssize_t i = 0; i < n; i++) {
            Category *c = &R->cat[i];
            PyObject *cands;
            if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "iiiOii", &c->kind, &c->capturer,
                                  &c->needs_trump, &cands, &c->tie, &c->joker_half)) { Py_DECREF(fast); goto fail; }
            for (int t = 0; t < 5; t++) {
                PyObject *list = PySequence_GetItem(cands, t);
                if (!list) { Py_DECREF(fast); goto fail; }
                int k = fill_bytes(list, c->cand[t], MAXC, "candidates");
                Py_DECREF(list);
                if (k < 0) { Py_DECREF(fast); goto fail; }
                c->ncand[t] = k;
            }
        }
        Py_DECREF(fast);
    }
    if (!PyTuple_Check(plays_of) || PyTuple_GET_SIZE(plays_of) < deck_size) {
        PyErr_SetString(PyExc_TypeError, "kernel: the play moves must be a tuple of one per card");
        goto fail;
    }
    Py_INCREF(plays_of); R->plays_of = plays_of;
    Py_INCREF(set_trump); R->set_trump = set_trump;
    Py_INCREF(playing); R->playing = playing;
    Py_INCREF(wait); R->wait = wait;
    Py_INCREF(done); R->done = done;
    Py_INCREF(fallback); R->fallback = fallback;
    Py_INCREF(state_type); R->state_type = (PyTypeObject *)state_type;
    Py_INCREF(log_type); R->log_type = (PyTypeObject *)log_type;
    Py_INCREF(move_type); R->move_type = (PyTypeObject *)move_type;
    Py_INCREF(on_done); R->on_done = on_done;
    R->play_word = PyUnicode_InternFromString("play");
    if (!R->play_word) goto fail;
    return (PyObject *)R;
fail:
    Py_DECREF(R);
    return NULL;
}

static PyMethodDef Rules_methods[] = {
    {"legal", (PyCFunction)Rules_legal, METH_O, "The play moves of the seat to move (a state or its fields)."},
    {"legal_fields", (PyCFunction)Rules_legal, METH_O, "legal of a fast.Game's fields."},
    {"is_legal", (PyCFunction)(void (*)(void))Rules_is_legal, METH_FASTCALL, "Whether the move is a legal play."},
    {"apply_in_place", (PyCFunction)(void (*)(void))Rules_apply_in_place, METH_FASTCALL,
     "Play the card on a fast.Game's fields; Next.WAIT or Next.DONE."},
    {"greedy_move", (PyCFunction)Rules_greedy_move, METH_O,
     "The greedy playout policy's card for the seat to move, or None where it plays at random."},
    {"checked", (PyCFunction)(void (*)(void))Rules_checked, METH_FASTCALL,
     "The state after a legal play (the checked API), or None to leave the move to Python."},
    {"advance", (PyCFunction)(void (*)(void))Rules_advance, METH_FASTCALL,
     "The state after a play, unchecked (pitchcore.fast.step), or None to leave it to Python."},
    {"playouts", (PyCFunction)(void (*)(void))Rules_playouts, METH_FASTCALL,
     "Random play-outs of the hand, scored to award codes."},
    {"judged", (PyCFunction)(void (*)(void))Rules_judged, METH_FASTCALL,
     "The award code, the all-tricks flag and the Game pips per side of a finished hand."},
    {"finished", (PyCFunction)Rules_finished, METH_O,
     "judged() of a state's finished hand read from its fields, with each seat's played cards (None: not judged so)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject RulesType_ = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pitchcore._kernel.Rules",
    .tp_basicsize = sizeof(Rules),
    .tp_dealloc = (destructor)Rules_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A variant's play and point tables for one table size, compiled (see pitchcore.kernel).",
    .tp_methods = Rules_methods,
    .tp_new = Rules_new,
};

/* -- the bids of a single-round auction ------------------------------------------------------ */

/* A single round of bids (components/auction.py's SingleRound, with no forced bid and no
 * called partner): the bids of every seat but the dealer, in C. Nothing here decides a rule:
 * the legal bids are the component's own ``legal`` tuples, asked once per (high bid, dealer to
 * bid or not) and kept; a seat before the dealer records its bid or pass as ``with_bid`` does
 * and the next seat bids (SingleRound.apply's first branch, transcribed). The dealer's move,
 * which ends the auction as the house rules say, is always the component's. */
#define MAXRANK 128

typedef struct {
    PyObject_HEAD
    int players;
    PyObject *legal[2][MAXRANK];  /* [the dealer bids][high rank]: the component's legal tuple, once asked */
    PyObject *ranks;              /* {move: rank}: the pass 0, each bid its rank */
    PyObject *bidding;            /* Phase.BIDDING */
    PyObject *wait;               /* Next.WAIT */
    PyObject *component;          /* the Python auction: the dealer's moves, anything unexpected */
    PyTypeObject *state_type, *log_type, *move_type, *info_type;
} Bids;

static PyTypeObject BidsType_;
static PyTypeObject DrawsType_;  /* (defined with the draw, below) */

/* The seat to move, the dealer and the high rank of bidding fields (0: not the kernel's: not
 * bidding, or a rank out of the table). */
static int bids_read(Bids *B, PyObject **f, Py_ssize_t size, int *seat, int *dealer, int *high) {
    if (!f || size != F_COUNT || f[F_PHASE] != B->bidding) return 0;
    PyObject *info = f[F_INFO];
    if (Py_TYPE(info) != B->info_type || PyTuple_GET_SIZE(info) <= INFO_BID) return 0;
    if (!PyLong_CheckExact(f[F_TO_MOVE]) || !PyLong_CheckExact(f[F_DEALER])) return 0;
    PyObject *rank = PyTuple_GET_ITEM(info, INFO_HIGH);
    if (!PyLong_CheckExact(rank)) return 0;
    long s = PyLong_AsLong(f[F_TO_MOVE]), d = PyLong_AsLong(f[F_DEALER]), h = PyLong_AsLong(rank);
    if (PyErr_Occurred()) { PyErr_Clear(); return 0; }
    if (s < 0 || s >= B->players || d < 0 || d >= B->players || h < 0 || h >= MAXRANK) return 0;
    *seat = (int)s;
    *dealer = (int)d;
    *high = (int)h;
    return 1;
}

/* The legal bids (a new reference): kept, or asked of the component (``name``: legal or
 * legal_fields, for ``state``) and kept. */
static PyObject *bids_legal(Bids *B, PyObject *state, const char *name, int dealer_bids, int high) {
    PyObject *found = B->legal[dealer_bids][high];
    if (!found) {
        found = PyObject_CallMethod(B->component, name, "(O)", state);
        if (!found) return NULL;
        if (!PyTuple_CheckExact(found)) return found;  /* (not kept: the component's answer as it is) */
        B->legal[dealer_bids][high] = found;
    }
    Py_INCREF(found);
    return found;
}

static PyObject *Bids_legal_as(Bids *B, PyObject *state, const char *name) {
    Py_ssize_t size;
    PyObject **f = fields_of(state, &size);
    int seat, dealer, high;
    if (!bids_read(B, f, size, &seat, &dealer, &high)) return PyObject_CallMethod(B->component, name, "(O)", state);
    return bids_legal(B, state, name, seat == dealer, high);
}

static PyObject *Bids_legal(Bids *B, PyObject *state) { return Bids_legal_as(B, state, "legal"); }
static PyObject *Bids_legal_fields(Bids *B, PyObject *fields) { return Bids_legal_as(B, fields, "legal_fields"); }

static PyObject *Bids_is_legal(Bids *B, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) { PyErr_SetString(PyExc_TypeError, "is_legal(state, move)"); return NULL; }
    PyObject *legal = Bids_legal(B, args[0]);
    if (!legal) return NULL;
    int found = PySequence_Contains(legal, args[1]);
    Py_DECREF(legal);
    if (found < 0) return NULL;
    return PyBool_FromLong(found);
}

/* ``info`` after ``seat`` bids ``move`` (rank 0: passes), as state.with_bid builds it. */
static PyObject *bids_record(Bids *B, PyObject *info, int seat, PyObject *move, long rank) {
    Py_ssize_t n = PyTuple_GET_SIZE(info);
    PyObject *old = PyTuple_GET_ITEM(info, INFO_BIDS);
    if (!PyTuple_CheckExact(old)) { PyErr_SetString(PyExc_TypeError, "kernel: bids must be a tuple"); return NULL; }
    PyObject *arg = rank ? PyTuple_GET_ITEM(move, 1) : Py_None;
    PyObject *made = Py_BuildValue("(iO)", seat, arg);
    if (!made) return NULL;
    Py_ssize_t count = PyTuple_GET_SIZE(old);
    PyObject *bids = PyTuple_New(count + 1);
    if (!bids) { Py_DECREF(made); return NULL; }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PyTuple_GET_ITEM(old, i);
        Py_INCREF(item);
        PyTuple_SET_ITEM(bids, i, item);
    }
    PyTuple_SET_ITEM(bids, count, made);
    PyObject *out = B->info_type->tp_alloc(B->info_type, n);
    if (!out) { Py_DECREF(bids); return NULL; }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item;
        if (i == INFO_BIDS) { PyTuple_SET_ITEM(out, i, bids); continue; }
        if (rank && i == INFO_HIGH) {
            item = PyLong_FromLong(rank);
            if (!item) { Py_DECREF(out); return NULL; }
            PyTuple_SET_ITEM(out, i, item);
            continue;
        }
        if (rank && i == INFO_BIDDER) {
            item = PyLong_FromLong(seat);
            if (!item) { Py_DECREF(out); return NULL; }
            PyTuple_SET_ITEM(out, i, item);
            continue;
        }
        item = rank && i == INFO_BID ? arg : PyTuple_GET_ITEM(info, i);
        Py_INCREF(item);
        PyTuple_SET_ITEM(out, i, item);
    }
    return out;
}

/* The rank ``move`` records (0: a pass), or -1 when it is none of the auction's moves. */
static long bids_rank(Bids *B, PyObject *move) {
    PyObject *rank = PyDict_GetItemWithError(B->ranks, move);
    if (!rank) { PyErr_Clear(); return -1; }
    return PyLong_AsLong(rank);
}

/* A bid or pass of a seat before the dealer, on a state's fields: the new info and the next
 * seat (new references), or 0 where the move is left to the component (-1: an error). */
static int bids_changes(Bids *B, PyObject **f, Py_ssize_t size, PyObject *move, PyObject **info, PyObject **next) {
    int seat, dealer, high;
    if (!bids_read(B, f, size, &seat, &dealer, &high) || seat == dealer) return 0;
    if (!PyTuple_Check(move) || PyTuple_GET_SIZE(move) != 2) return 0;
    long rank = bids_rank(B, move);
    if (rank < 0) return 0;
    if (!(*info = bids_record(B, f[F_INFO], seat, move, rank))) return -1;
    if (!(*next = PyLong_FromLong((seat + 1) % B->players))) { Py_CLEAR(*info); return -1; }
    return 1;
}

static PyObject *Bids_apply_in_place(Bids *B, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) { PyErr_SetString(PyExc_TypeError, "apply_in_place(fields, move)"); return NULL; }
    PyObject *fields = args[0], *info, *next;
    int made = PyList_Check(fields)
        ? bids_changes(B, ((PyListObject *)fields)->ob_item, PyList_GET_SIZE(fields), args[1], &info, &next) : 0;
    if (made < 0) return NULL;
    if (!made) return PyObject_CallMethod(B->component, "apply_in_place", "OO", fields, args[1]);
    PyList_SetItem(fields, F_INFO, info);  /* (steals) */
    PyList_SetItem(fields, F_TO_MOVE, next);
    Py_INCREF(B->wait);
    return B->wait;
}

/* The state after a bid or pass before the dealer's, as engine.advance builds it, or None
 * where the kernel leaves the move to Python: the dealer's move; with ``checked``, anything
 * but a legal move of the seat to move in exactly the checked API's terms. */
static PyObject *bids_next_state(Bids *B, PyObject *state, PyObject *move, PyObject *seat, int checked) {
    if (Py_TYPE(state) != B->state_type || PyTuple_GET_SIZE(state) != F_COUNT) Py_RETURN_NONE;
    PyObject **f = ((PyTupleObject *)state)->ob_item;
    if (checked) {
        int to_move, dealer, high;
        if (Py_TYPE(move) != B->move_type || PyTuple_GET_SIZE(move) != 2 || !bids_read(B, f, F_COUNT, &to_move, &dealer, &high)
            || to_move == dealer)
            Py_RETURN_NONE;
        PyObject *kind = PyTuple_GET_ITEM(move, 0), *arg = PyTuple_GET_ITEM(move, 1);
        if (!PyUnicode_CheckExact(kind) || !(arg == Py_None || PyLong_CheckExact(arg) || PyUnicode_CheckExact(arg)))
            Py_RETURN_NONE;  /* (2.0 or True equals a bid of 2 or 1, but is no move: Python says why) */
        if (!seat_allows(seat, to_move)) Py_RETURN_NONE;
        PyObject *legal = bids_legal(B, state, "legal", 0, high);
        if (!legal) return NULL;
        int found = PySequence_Contains(legal, move);
        Py_DECREF(legal);
        if (found < 0) return NULL;
        if (!found) Py_RETURN_NONE;
    }
    PyObject *changed[F_COUNT] = {NULL};
    int made = bids_changes(B, f, F_COUNT, move, &changed[F_INFO], &changed[F_TO_MOVE]);
    if (made < 0) return NULL;
    if (!made) Py_RETURN_NONE;
    return state_after(B->state_type, B->log_type, f, changed, move);
}

static PyObject *Bids_checked(Bids *B, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) { PyErr_SetString(PyExc_TypeError, "checked(state, move, seat)"); return NULL; }
    return bids_next_state(B, args[0], args[1], args[2], 1);
}

static PyObject *Bids_advance(Bids *B, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) { PyErr_SetString(PyExc_TypeError, "advance(state, move)"); return NULL; }
    return bids_next_state(B, args[0], args[1], Py_None, 0);
}

static void Bids_dealloc(Bids *B) {
    for (int d = 0; d < 2; d++)
        for (int h = 0; h < MAXRANK; h++) Py_XDECREF(B->legal[d][h]);
    Py_XDECREF(B->ranks);
    Py_XDECREF(B->bidding);
    Py_XDECREF(B->wait);
    Py_XDECREF(B->component);
    Py_XDECREF(B->state_type);
    Py_XDECREF(B->log_type);
    Py_XDECREF(B->move_type);
    Py_XDECREF(B->info_type);
    Py_TYPE(B)->tp_free((PyObject *)B);
}

/* Bids(players, ranks, bidding, wait, component, state_type, log_type, move_type, info_type) */
static PyObject *Bids_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    int players;
    PyObject *ranks, *bidding, *wait, *component, *state_type, *log_type, *move_type, *info_type;
    if (!PyArg_ParseTuple(args, "iO!OOOO!O!O!O!:Bids", &players, &PyDict_Type, &ranks, &bidding, &wait, &component,
                          &PyType_Type, &state_type, &PyType_Type, &log_type, &PyType_Type, &move_type,
                          &PyType_Type, &info_type))
        return NULL;
    if (players < 1 || players > MAXP) { PyErr_SetString(PyExc_ValueError, "Bids: 1 to 8 players"); return NULL; }
    Bids *B = (Bids *)type->tp_alloc(type, 0);
    if (!B) return NULL;
    B->players = players;
    PyObject **slots[] = {&B->ranks, &B->bidding, &B->wait, &B->component, (PyObject **)&B->state_type,
                          (PyObject **)&B->log_type, (PyObject **)&B->move_type, (PyObject **)&B->info_type};
    PyObject *values[] = {ranks, bidding, wait, component, state_type, log_type, move_type, info_type};
    for (int i = 0; i < 8; i++) {
        Py_INCREF(values[i]);
        *slots[i] = values[i];
    }
    return (PyObject *)B;
}

static PyMethodDef Bids_methods[] = {
    {"legal", (PyCFunction)Bids_legal, METH_O, "The legal bids of the seat to move."},
    {"legal_fields", (PyCFunction)Bids_legal_fields, METH_O, "legal of a fast.Game's fields."},
    {"is_legal", (PyCFunction)(void (*)(void))Bids_is_legal, METH_FASTCALL, "Whether the move is a legal bid now."},
    {"apply_in_place", (PyCFunction)(void (*)(void))Bids_apply_in_place, METH_FASTCALL,
     "A bid or pass on a state's fields, in place; what follows it."},
    {"checked", (PyCFunction)(void (*)(void))Bids_checked, METH_FASTCALL,
     "apply_move's state after a legal bid before the dealer's, or None (Python makes the move)."},
    {"advance", (PyCFunction)(void (*)(void))Bids_advance, METH_FASTCALL,
     "advance's state after a bid before the dealer's, or None (Python makes the move)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject BidsType_ = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pitchcore._kernel.Bids",
    .tp_basicsize = sizeof(Bids),
    .tp_dealloc = (destructor)Bids_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A single-round auction's bids before the dealer's, compiled (see pitchcore.kernel).",
    .tp_methods = Bids_methods,
    .tp_new = Bids_new,
};

/* -- fast.Game's moves in the kernel ---------------------------------------------------------- */

/* The base of pitchcore.fast.Game where the kernel is built: ``moves``, ``apply`` and
 * ``apply_in_hand`` of a play (the moves most of a game is made of) run here without a Python
 * frame, and so does ``apply`` of another compiled step's move (a bid, a draw's discard:
 * loop.make_move's two lines); what follows a step's end, every other move, and the end of a
 * hand go to the subclass's Python methods (``_moves``, ``_apply``, ``_apply_in_hand``,
 * ``_after``), which are the whole definition. */
typedef struct {
    PyObject_HEAD
    PyObject *fields;   /* the state's fields (a list) */
    PyObject *rules;    /* the table's Rules, or None where the kernel does not play */
    Py_ssize_t play;    /* the play step's index in the hand's steps */
} GameBase;

#include <structmember.h>

static int game_fast(GameBase *g, Rules **R) {
    if (!g->fields || !PyList_CheckExact(g->fields) || PyList_GET_SIZE(g->fields) != F_COUNT) return 0;
    if (!g->rules || Py_TYPE(g->rules) != &RulesType_) return 0;
    *R = (Rules *)g->rules;
    PyObject **f = ((PyListObject *)g->fields)->ob_item;
    if (f[F_PHASE] != (*R)->playing || !PyLong_CheckExact(f[F_STEP]) || PyLong_AsSsize_t(f[F_STEP]) != g->play) return 0;
    return 1;
}

static PyObject *GameBase_moves(GameBase *g, PyObject *unused) {
    Rules *R;
    if (!game_fast(g, &R)) return PyObject_CallMethod((PyObject *)g, "_moves", NULL);
    return Rules_legal(R, g->fields);
}

/* The game's log extended by ``move`` (loop.make_move's last line: a Log link, untracked). */
static int game_log(GameBase *g, PyTypeObject *log_type, PyObject *move) {
    PyObject **f = ((PyListObject *)g->fields)->ob_item;
    PyObject *log = log_type->tp_alloc(log_type, 2);
    if (!log) return -1;
    Py_INCREF(f[F_LOG]);
    PyTuple_SET_ITEM(log, 0, f[F_LOG]);
    Py_INCREF(move);
    PyTuple_SET_ITEM(log, 1, move);
    untrack_plain(log, 0);
    PyList_SetItem(g->fields, F_LOG, log);
    return 0;
}

/* 1: the play was made and the hand goes on (nothing left to do); 0: not a play made here;
 * -1: an error; 2: the play was made and ended the play step (the caller finishes it). */
static int game_play(GameBase *g, PyObject *move) {
    Rules *R;
    if (!game_fast(g, &R)) return 0;
    if (card_of(R, move) < 0) return 0;
    PyObject *args[2] = {g->fields, move};
    PyObject *next = Rules_apply_in_place(R, args, 2);
    if (!next) return -1;
    if (game_log(g, R->log_type, move) < 0) { Py_DECREF(next); return -1; }
    int result = next == R->wait ? 1 : 2;
    Py_DECREF(next);
    return result;
}

static PyObject *draws_wait(PyObject *draws);  /* (below, with the draw) */

/* A move of another compiled step (a bid of the kernel's auction, a draw's discard) made as
 * loop.make_move makes it: the step's own apply_in_place, then the log extended. 1: made, and
 * *index and *next say which step it was and what follows it; 0: the step now running is
 * not compiled (Python makes the move); -1: an error. */
static int game_step(GameBase *g, PyObject *move, Py_ssize_t *index, PyObject **next) {
    static PyObject *pipeline_name = NULL, *apply_name = NULL;
    if (!pipeline_name && !(pipeline_name = PyUnicode_InternFromString("pipeline"))) return -1;
    if (!apply_name && !(apply_name = PyUnicode_InternFromString("apply_in_place"))) return -1;
    if (!g->fields || !PyList_CheckExact(g->fields) || PyList_GET_SIZE(g->fields) != F_COUNT) return 0;
    PyObject **f = ((PyListObject *)g->fields)->ob_item;
    if (!PyLong_CheckExact(f[F_STEP])) return 0;
    *index = PyLong_AsSsize_t(f[F_STEP]);
    PyObject *pipeline = PyObject_GetAttr(f[F_TABLE], pipeline_name);
    if (!pipeline) { PyErr_Clear(); return 0; }
    PyObject *step = PyTuple_Check(pipeline) && *index >= 0 && *index < PyTuple_GET_SIZE(pipeline)
        ? PyTuple_GET_ITEM(pipeline, *index) : NULL;
    PyObject *method = step ? PyObject_GetAttr(step, apply_name) : NULL;
    Py_DECREF(pipeline);
    if (!method) { PyErr_Clear(); return 0; }
    PyObject *self = PyCFunction_Check(method) ? PyCFunction_GET_SELF(method) : NULL;
    PyObject *wait = !self ? NULL : Py_TYPE(self) == &BidsType_ ? ((Bids *)self)->wait
        : Py_TYPE(self) == &DrawsType_ ? draws_wait(self) : NULL;
    if (!wait) { Py_DECREF(method); return 0; }
    PyObject *args[2] = {g->fields, move};
    *next = PyObject_Vectorcall(method, args, 2, NULL);  /* (Bids_apply_in_place, Draws_apply_in_place) */
    Py_DECREF(method);
    if (!*next) return -1;
    if (game_log(g, Py_TYPE(PyList_GET_ITEM(g->fields, F_LOG)), move) < 0) { Py_CLEAR(*next); return -1; }
    if (*next == wait) Py_CLEAR(*next);
    return 1;
}

/* fast.Game.apply or apply_in_hand (``in_hand``) of any move: a play or another compiled step's
 * move here, what follows a step's end through fast.Game._after (loop.follow, Python's one
 * definition), any other move through the Python method. */
static PyObject *game_apply(GameBase *g, PyObject *move, int in_hand) {
    int made = game_play(g, move);
    if (made < 0) return NULL;
    if (made == 1) return in_hand ? Py_NewRef(Py_False) : Py_NewRef(Py_None);
    if (made == 2)  /* the play step is over */
        return PyObject_CallMethod((PyObject *)g, "_after", "nO", g->play, in_hand ? Py_True : Py_False);
    Py_ssize_t index;
    PyObject *next = NULL;
    made = game_step(g, move, &index, &next);
    if (made < 0) return NULL;
    if (made == 0) {
        PyObject *name = PyUnicode_InternFromString(in_hand ? "_apply_in_hand" : "_apply");
        if (!name) return NULL;
        PyObject *r = PyObject_CallMethodOneArg((PyObject *)g, name, move);
        Py_DECREF(name);
        return r;
    }
    if (!next) return in_hand ? Py_NewRef(Py_False) : Py_NewRef(Py_None);  /* (the step waits for more) */
    PyObject *r = PyObject_CallMethod((PyObject *)g, "_after", "nON", index, in_hand ? Py_True : Py_False, next);
    if (!r || in_hand) return r;
    Py_DECREF(r);
    Py_RETURN_NONE;
}

static PyObject *GameBase_apply(GameBase *g, PyObject *move) {
    PyObject *r = game_apply(g, move, 0);
    if (!r) return NULL;
    Py_DECREF(r);
    Py_RETURN_NONE;
}

static PyObject *GameBase_apply_in_hand(GameBase *g, PyObject *move) { return game_apply(g, move, 1); }

static int GameBase_traverse(GameBase *g, visitproc visit, void *arg) {
    Py_VISIT(g->fields);
    Py_VISIT(g->rules);
    return 0;
}

static int GameBase_clear(GameBase *g) {
    Py_CLEAR(g->fields);
    Py_CLEAR(g->rules);
    return 0;
}

static void GameBase_dealloc(GameBase *g) {
    PyObject_GC_UnTrack(g);
    GameBase_clear(g);
    Py_TYPE(g)->tp_free((PyObject *)g);
}

static PyMethodDef GameBase_methods[] = {
    {"moves", (PyCFunction)GameBase_moves, METH_NOARGS,
     "The legal moves, equal to ``legal_moves()`` of the frozen state (a draw's: made when asked)."},
    {"apply", (PyCFunction)GameBase_apply, METH_O,
     "``step`` in place: a finished hand is scored and the next one dealt."},
    {"apply_in_hand", (PyCFunction)GameBase_apply_in_hand, METH_O,
     "``step_in_hand`` in place: True when the hand's last step is done (then ask ``score``, not ``moves``)."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef GameBase_members[] = {
    {"fields", T_OBJECT_EX, offsetof(GameBase, fields), 0,
     "The state's fields in ``GameState.FIELDS`` order (read them, do not change them)."},
    {"_rules", T_OBJECT, offsetof(GameBase, rules), 0, "The table's compiled Rules (None: Python plays)."},
    {"_play", T_PYSSIZET, offsetof(GameBase, play), 0, "The play step's index."},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject GameBaseType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pitchcore._kernel.GameBase",
    .tp_basicsize = sizeof(GameBase),
    .tp_dealloc = (destructor)GameBase_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "fast.Game's compiled moves in the kernel (fast.Game is the class to use).",
    .tp_traverse = (traverseproc)GameBase_traverse,
    .tp_clear = (inquiry)GameBase_clear,
    .tp_methods = GameBase_methods,
    .tp_members = GameBase_members,
    .tp_new = PyType_GenericNew,
};

/* -- sub-masks ------------------------------------------------------------------------------ */

/* A tuple of move_type((kind, sub)) for every sub-mask ``sub`` of ``mask`` holding lo to hi of
 * its cards: by size, then in card order, as itertools.combinations over the cards gives them
 * (components.exchange's _subsets and _discards, which stay the definition). */
static PyObject *submask_moves(PyTypeObject *type, PyObject *kind, uint64_t mask, long lo, long hi) {
    uint64_t bits[64];
    int n = 0;
    for (uint64_t m = mask; m; m &= m - 1) bits[n++] = m & (~m + 1);
    if (lo < 0) lo = 0;
    if (hi > n) hi = n;
    Py_ssize_t total = 0;
    for (long k = lo; k <= hi; k++) {
        double c = 1;  /* C(n, k), exact in a double for n <= 64 as far as any list could go */
        for (long i = 0; i < k; i++) c = c * (double)(n - i) / (double)(i + 1);
        total += (Py_ssize_t)(c + 0.5);
        if (total > PY_SSIZE_T_MAX / 64) { PyErr_NoMemory(); return NULL; }
    }
    PyObject *out = PyTuple_New(total);
    if (!out) return NULL;
    Py_ssize_t at = 0;
    int idx[64];
    for (long k = lo; k <= hi; k++) {
        for (int i = 0; i < k; i++) idx[i] = i;
        for (;;) {
            uint64_t sub = 0;
            for (int i = 0; i < k; i++) sub |= bits[idx[i]];
            PyObject *value = PyLong_FromUnsignedLongLong(sub);
            PyObject *move = value ? type->tp_alloc(type, 2) : NULL;
            if (!move) { Py_XDECREF(value); Py_DECREF(out); return NULL; }
            Py_INCREF(kind);
            PyTuple_SET_ITEM(move, 0, kind);
            PyTuple_SET_ITEM(move, 1, value);
            /* A str and an int can make no cycle: untracked, as the collector would leave it once it
             * looked, so that thousands of discards do not set off collections (they took about
             * four fifths of the listing's time). */
            PyObject_GC_UnTrack(move);
            PyTuple_SET_ITEM(out, at++, move);
            int i = (int)k - 1;  /* the next combination in lexicographic order */
            while (i >= 0 && idx[i] == n - (int)k + i) i--;
            if (i < 0) break;
            idx[i]++;
            for (int j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
        }
    }
    return out;
}

/* submoves(move_type, kind, mask, lo, hi) -> submask_moves' tuple: a draw offers hundreds of
 * discards a turn. */
/* The arguments (move_type, kind, mask, lo, hi) of ``submoves`` and ``discards`` (0: an error). */
static int submask_args(const char *name, PyObject *const *args, Py_ssize_t nargs, uint64_t *mask, long *lo,
                        long *hi) {
    if (nargs != 5) { PyErr_Format(PyExc_TypeError, "%s takes 5 arguments", name); return 0; }
    if (!PyType_Check(args[0]) || !PyType_IsSubtype((PyTypeObject *)args[0], &PyTuple_Type)) {
        PyErr_Format(PyExc_TypeError, "%s: the move type must be a tuple type", name);
        return 0;
    }
    *mask = PyLong_AsUnsignedLongLong(args[2]);
    *lo = PyLong_AsLong(args[3]);
    *hi = PyLong_AsLong(args[4]);
    return !PyErr_Occurred();
}

static PyObject *kernel_submoves(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t mask;
    long lo, hi;
    if (!submask_args("submoves", args, nargs, &mask, &lo, &hi)) return NULL;
    return submask_moves((PyTypeObject *)args[0], args[1], mask, lo, hi);
}

/* -- a draw's discards, listed lazily ------------------------------------------------------ */

/* Discards: the tuple submask_moves would build, as a sequence whose moves are made only when
 * asked (fast.Game.moves of a draw: a bidder holding twelve cards has thousands of discards,
 * of which a playout takes one). Item i is the i-th sub-mask in submask_moves' order, found by
 * unranking combinations; it equals and hashes as that tuple. */
static uint64_t BINOMIAL[65][65];  /* BINOMIAL[n][k]: C(n, k), filled at import (C(64, 32) < 2**64) */

typedef struct {
    PyObject_HEAD
    PyTypeObject *move_type;
    PyObject *kind;
    uint64_t mask;
    int n, lo, hi;
    uint64_t bits[64];
    Py_ssize_t start[66];  /* start[k]: the index of the first sub-mask of k cards (k = lo .. hi + 1) */
} Discards;

static PyTypeObject DiscardsType_;

static PyObject *discards_new(PyTypeObject *move_type, PyObject *kind, uint64_t mask, long lo, long hi) {
    Discards *d = PyObject_New(Discards, &DiscardsType_);
    if (!d) return NULL;
    d->n = 0;
    for (uint64_t m = mask; m; m &= m - 1) d->bits[d->n++] = m & (~m + 1);
    if (lo < 0) lo = 0;
    if (hi > d->n) hi = d->n;
    if (hi < lo - 1) hi = lo - 1;
    d->lo = (int)lo;
    d->hi = (int)hi;
    d->mask = mask;
    Py_ssize_t total = 0;
    for (int k = d->lo; k <= d->hi; k++) {
        d->start[k] = total;
        uint64_t count = BINOMIAL[d->n][k];
        if (count > (uint64_t)(PY_SSIZE_T_MAX / 64) - (uint64_t)total) {
            d->move_type = NULL;
            d->kind = NULL;
            Py_DECREF(d);
            return PyErr_NoMemory();
        }
        total += (Py_ssize_t)count;
    }
    d->start[d->hi + 1 > 0 ? d->hi + 1 : 0] = total;
    if (d->hi < d->lo) d->start[d->lo] = 0;
    Py_INCREF(move_type);
    d->move_type = move_type;
    Py_INCREF(kind);
    d->kind = kind;
    return (PyObject *)d;
}

static Py_ssize_t discards_length(Discards *d) { return d->hi < d->lo ? 0 : d->start[d->hi + 1]; }

static void Discards_dealloc(Discards *d) {
    Py_XDECREF(d->move_type);
    Py_XDECREF(d->kind);
    PyObject_Free(d);
}

/* The i-th sub-mask (0 <= i < length): its size, then its rank among that size's
 * combinations in lexicographic order of the cards' positions. */
static uint64_t discards_sub(Discards *d, Py_ssize_t i) {
    int k = d->lo;
    while (k < d->hi && d->start[k + 1] <= i) k++;
    uint64_t rank = (uint64_t)(i - d->start[k]), sub = 0;
    int c = 0;
    for (int j = 0; j < k; j++) {
        for (;;) {
            uint64_t with = BINOMIAL[d->n - c - 1][k - j - 1];  /* the combinations with position c next */
            if (rank < with) break;
            rank -= with;
            c++;
        }
        sub |= d->bits[c++];
    }
    return sub;
}

static PyObject *discards_move(Discards *d, uint64_t sub) {
    PyObject *value = PyLong_FromUnsignedLongLong(sub);
    PyObject *move = value ? d->move_type->tp_alloc(d->move_type, 2) : NULL;
    if (!move) { Py_XDECREF(value); return NULL; }
    Py_INCREF(d->kind);
    PyTuple_SET_ITEM(move, 0, d->kind);
    PyTuple_SET_ITEM(move, 1, value);
    PyObject_GC_UnTrack(move);  /* (as submask_moves' moves) */
    return move;
}

static PyObject *discards_item(Discards *d, Py_ssize_t i) {
    if (i < 0 || i >= discards_length(d)) {
        PyErr_SetString(PyExc_IndexError, "Discards index out of range");
        return NULL;
    }
    return discards_move(d, discards_sub(d, i));
}

static PyObject *discards_tuple(Discards *d) {
    return submask_moves(d->move_type, d->kind, d->mask, d->lo, d->hi);
}

static PyObject *discards_subscript(Discards *d, PyObject *key) {
    if (PyIndex_Check(key)) {
        Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
        if (i == -1 && PyErr_Occurred()) return NULL;
        if (i < 0) i += discards_length(d);
        return discards_item(d, i);
    }
    if (PySlice_Check(key)) {
        PyObject *all = discards_tuple(d);
        if (!all) return NULL;
        PyObject *out = PyObject_GetItem(all, key);
        Py_DECREF(all);
        return out;
    }
    PyErr_Format(PyExc_TypeError, "Discards indices must be integers or slices, not %.100s", Py_TYPE(key)->tp_name);
    return NULL;
}

/* The index of ``move`` (-1: none of these moves; -2: an error). */
static Py_ssize_t discards_find(Discards *d, PyObject *move) {
    if (!PyTuple_Check(move) || PyTuple_GET_SIZE(move) != 2) return -1;
    PyObject *kind = PyTuple_GET_ITEM(move, 0), *arg = PyTuple_GET_ITEM(move, 1);
    int same = PyObject_RichCompareBool(kind, d->kind, Py_EQ);
    if (same < 0) return -2;
    if (!same || !PyLong_Check(arg)) return -1;  /* (True equals 1 as in a tuple, so bools count) */
    unsigned long long sub = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) { PyErr_Clear(); return -1; }  /* (negative, or beyond any card) */
    int k = popcount64(sub);
    if ((sub & ~d->mask) || k < d->lo || k > d->hi) return -1;
    uint64_t rank = 0;
    int c = 0, j = 0;
    for (int p = 0; p < d->n && j < k; p++) {
        if (sub & d->bits[p]) {
            for (; c < p; c++) rank += BINOMIAL[d->n - c - 1][k - j - 1];
            c = p + 1;
            j++;
        }
    }
    return d->start[k] + (Py_ssize_t)rank;
}

static int discards_contains(Discards *d, PyObject *move) {
    Py_ssize_t found = discards_find(d, move);
    return found == -2 ? -1 : found >= 0;
}

static PyObject *Discards_index(Discards *d, PyObject *move) {
    Py_ssize_t found = discards_find(d, move);
    if (found == -2) return NULL;
    if (found < 0) { PyErr_SetString(PyExc_ValueError, "Discards.index(x): x not in the discards"); return NULL; }
    return PyLong_FromSsize_t(found);
}

static PyObject *Discards_count(Discards *d, PyObject *move) {
    Py_ssize_t found = discards_find(d, move);
    if (found == -2) return NULL;
    return PyLong_FromLong(found >= 0);
}

static PyObject *discards_richcompare(Discards *d, PyObject *other, int op) {
    if ((op != Py_EQ && op != Py_NE) || !(PyTuple_Check(other) || Py_TYPE(other) == &DiscardsType_))
        Py_RETURN_NOTIMPLEMENTED;
    PyObject *mine = discards_tuple(d);
    if (!mine) return NULL;
    PyObject *theirs = other;
    if (Py_TYPE(other) == &DiscardsType_) {
        if (!(theirs = discards_tuple((Discards *)other))) { Py_DECREF(mine); return NULL; }
    } else {
        Py_INCREF(theirs);
    }
    PyObject *out = PyObject_RichCompare(mine, theirs, op);
    Py_DECREF(mine);
    Py_DECREF(theirs);
    return out;
}

static Py_hash_t discards_hash(Discards *d) {
    PyObject *all = discards_tuple(d);
    if (!all) return -1;
    Py_hash_t hash = PyObject_Hash(all);
    Py_DECREF(all);
    return hash;
}

static PyObject *discards_repr(Discards *d) {
    PyObject *all = discards_tuple(d);
    if (!all) return NULL;
    PyObject *out = PyObject_Repr(all);
    Py_DECREF(all);
    return out;
}

static PyObject *Discards_reduce(Discards *d, PyObject *unused) {  /* (pickled as the tuple it equals) */
    PyObject *all = discards_tuple(d);
    if (!all) return NULL;
    return Py_BuildValue("(O(N))", (PyObject *)&PyTuple_Type, all);
}

static PySequenceMethods Discards_as_sequence = {
    .sq_length = (lenfunc)discards_length,
    .sq_item = (ssizeargfunc)discards_item,
    .sq_contains = (objobjproc)discards_contains,
};

static PyMappingMethods Discards_as_mapping = {
    .mp_length = (lenfunc)discards_length,
    .mp_subscript = (binaryfunc)discards_subscript,
};

static PyMethodDef Discards_methods[] = {
    {"index", (PyCFunction)Discards_index, METH_O, "The position of a discard (ValueError: not one of these)."},
    {"count", (PyCFunction)Discards_count, METH_O, "1 for one of these discards, else 0."},
    {"__reduce__", (PyCFunction)Discards_reduce, METH_NOARGS, "Pickled as the tuple of moves it equals."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject DiscardsType_ = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pitchcore._kernel.Discards",
    .tp_basicsize = sizeof(Discards),
    .tp_dealloc = (destructor)Discards_dealloc,
    .tp_repr = (reprfunc)discards_repr,
    .tp_as_sequence = &Discards_as_sequence,
    .tp_as_mapping = &Discards_as_mapping,
    .tp_hash = (hashfunc)discards_hash,
    .tp_richcompare = (richcmpfunc)discards_richcompare,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_SEQUENCE,
    .tp_doc = "A draw's discards as a sequence of moves made when asked; equal to their tuple.",
    .tp_methods = Discards_methods,
};

/* discards(move_type, kind, mask, lo, hi) -> Discards: submoves' tuple, lazily. */
static PyObject *kernel_discards(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t mask;
    long lo, hi;
    if (!submask_args("discards", args, nargs, &mask, &lo, &hi)) return NULL;
    return discards_new((PyTypeObject *)args[0], args[1], mask, lo, hi);
}

/* -- the draw ------------------------------------------------------------------------------- */

/* The draw before play (components/exchange.py's Draw, transcribed; it stays the definition):
 * the seat to move discards a sub-mask of its hand whose size ``Draw.sizes`` allows and draws
 * as many from the top of the stock (``Draw.apply``, with ``ExchangeRule._record``); the dealer
 * draws last. ``max_discard`` is the component's own field, handed over by its kernel form.
 * Anything the kernel does not read as a draw (another phase, a move of another shape) goes to
 * the component. */
typedef struct {
    PyObject_HEAD
    int players, max_discard;
    PyObject *discarding;  /* Phase.DISCARDING */
    PyObject *kind;        /* "discard" */
    PyObject *wait, *done; /* Next.WAIT, Next.DONE */
    PyObject *component;   /* the Python Draw */
    PyTypeObject *state_type, *log_type, *move_type, *info_type;
} Draws;

static PyTypeObject DrawsType_;

static PyObject *draws_wait(PyObject *draws) { return ((Draws *)draws)->wait; }

typedef struct {
    int seat, dealer;
    uint64_t hand;
    long hand_size;  /* the cards a hand holds after its draw */
    long lo, hi;     /* the sizes a discard may have (Draw.sizes) */
} DrawTurn;

/* The turn of draw fields (0: not the kernel's to read). */
static int draws_read(Draws *D, PyObject **f, Py_ssize_t size, DrawTurn *t) {
    if (!f || size != F_COUNT || f[F_PHASE] != D->discarding) return 0;
    PyObject *info = f[F_INFO], *masks = f[F_MASKS];
    if (Py_TYPE(info) != D->info_type || PyTuple_GET_SIZE(info) != INFO_COUNT) return 0;
    if (!PyLong_CheckExact(f[F_TO_MOVE]) || !PyLong_CheckExact(f[F_DEALER])) return 0;
    PyObject *stock = PyTuple_GET_ITEM(info, INFO_STOCK), *size_of = PyTuple_GET_ITEM(info, INFO_HAND_SIZE);
    if (!PyTuple_CheckExact(stock) || !PyLong_CheckExact(size_of) || !PyTuple_CheckExact(masks)
        || PyTuple_GET_SIZE(masks) != D->players)
        return 0;
    long seat = PyLong_AsLong(f[F_TO_MOVE]), dealer = PyLong_AsLong(f[F_DEALER]), hand_size = PyLong_AsLong(size_of);
    if (PyErr_Occurred()) { PyErr_Clear(); return 0; }
    if (seat < 0 || seat >= D->players || dealer < 0 || dealer >= D->players) return 0;
    PyObject *held = PyTuple_GET_ITEM(masks, seat);
    if (!PyLong_CheckExact(held)) return 0;
    unsigned long long hand = PyLong_AsUnsignedLongLong(held);
    if (PyErr_Occurred()) { PyErr_Clear(); return 0; }
    long count = popcount64(hand);
    long excess = count - hand_size > 0 ? count - hand_size : 0;
    long most = excess + D->max_discard;
    long stocked = excess + (long)PyTuple_GET_SIZE(stock);
    if (stocked < most) most = stocked;
    if (count < most) most = count;
    t->seat = (int)seat;
    t->dealer = (int)dealer;
    t->hand = hand;
    t->hand_size = hand_size;
    t->lo = excess;
    t->hi = most;
    return 1;
}

/* The cards ``move`` discards (1: a discard the kernel reads, 0: another move, left to the
 * component). */
static int draws_thrown(Draws *D, PyObject *move, uint64_t *thrown) {
    if (!PyTuple_Check(move) || PyTuple_GET_SIZE(move) != 2) return 0;
    PyObject *kind = PyTuple_GET_ITEM(move, 0), *arg = PyTuple_GET_ITEM(move, 1);
    if (!PyUnicode_CheckExact(kind) || !PyLong_CheckExact(arg)) return 0;
    if (kind != D->kind && PyUnicode_Compare(kind, D->kind) != 0) return 0;
    unsigned long long value = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) { PyErr_Clear(); return 0; }  /* (negative, or too large: Python says no) */
    *thrown = value;
    return 1;
}

static int draws_allows(const DrawTurn *t, uint64_t thrown) {
    long size = popcount64(thrown);
    return (thrown & ~t->hand) == 0 && size >= t->lo && size <= t->hi;
}

static PyObject *Draws_legal(Draws *D, PyObject *state) {
    Py_ssize_t size;
    PyObject **f = fields_of(state, &size);
    DrawTurn t;
    if (!draws_read(D, f, size, &t)) return PyObject_CallMethod(D->component, "legal", "(O)", state);
    return submask_moves(D->move_type, D->kind, t.hand, t.lo, t.hi);
}

/* fast.Game's moves: the same discards, made only when asked (Discards). */
static PyObject *Draws_legal_fields(Draws *D, PyObject *fields) {
    Py_ssize_t size;
    PyObject **f = fields_of(fields, &size);
    DrawTurn t;
    if (!draws_read(D, f, size, &t)) return PyObject_CallMethod(D->component, "legal_fields", "(O)", fields);
    return discards_new(D->move_type, D->kind, t.hand, t.lo, t.hi);
}

static PyObject *Draws_is_legal(Draws *D, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) { PyErr_SetString(PyExc_TypeError, "is_legal(state, move)"); return NULL; }
    Py_ssize_t size;
    PyObject **f = fields_of(args[0], &size);
    DrawTurn t;
    uint64_t thrown;
    if (!draws_read(D, f, size, &t) || !draws_thrown(D, args[1], &thrown))
        return PyObject_CallMethod(D->component, "is_legal", "OO", args[0], args[1]);
    return PyBool_FromLong(draws_allows(&t, thrown));
}

/* A tuple of ``old``'s items with ``value`` (a new reference, stolen) at ``at``. */
static PyObject *tuple_with(PyTypeObject *type, PyObject *old, Py_ssize_t at, PyObject *value) {
    if (!value) return NULL;
    PyObject *changed[MAXP] = {NULL};
    Py_ssize_t n = PyTuple_GET_SIZE(old);
    if (n > MAXP || at >= n) {
        Py_DECREF(value);
        PyErr_SetString(PyExc_ValueError, "kernel: a seat's tuple longer than the players");
        return NULL;
    }
    changed[at] = value;
    return changed_tuple(type, ((PyTupleObject *)old)->ob_item, n, changed);
}

/* The seat's discard of ``thrown`` and its draw, on fields ``f``: the new masks, info and seat
 * to move (new references; the seat NULL when the dealer has drawn: the draw is done). */
static int draw_changes(Draws *D, PyObject **f, const DrawTurn *t, uint64_t thrown, PyObject **changed) {
    PyObject *info = f[F_INFO];
    PyObject *stock = PyTuple_GET_ITEM(info, INFO_STOCK), *junk = PyTuple_GET_ITEM(info, INFO_JUNK);
    PyObject *discards = PyTuple_GET_ITEM(info, INFO_DISCARDS), *exchanged = PyTuple_GET_ITEM(info, INFO_EXCHANGED);
    if (!PyTuple_CheckExact(junk) || !PyTuple_CheckExact(discards) || PyTuple_GET_SIZE(discards) <= t->seat
        || !PyLong_CheckExact(exchanged)) {
        PyErr_SetString(PyExc_TypeError, "kernel: a draw's hand info is not as the schema says");
        return -1;
    }
    /* ExchangeRule._record: the cards to the junk (in card order), the seat's discards, one more turn done */
    Py_ssize_t old_junk = PyTuple_GET_SIZE(junk), thrown_count = popcount64(thrown);
    PyObject *new_junk = PyTuple_New(old_junk + thrown_count);
    if (!new_junk) return -1;
    for (Py_ssize_t i = 0; i < old_junk; i++) {
        PyObject *item = PyTuple_GET_ITEM(junk, i);
        Py_INCREF(item);
        PyTuple_SET_ITEM(new_junk, i, item);
    }
    Py_ssize_t at = old_junk;
    for (uint64_t m = thrown; m; m &= m - 1) {
        PyObject *card = PyLong_FromLong(__builtin_ctzll(m));
        if (!card) { Py_DECREF(new_junk); return -1; }
        PyTuple_SET_ITEM(new_junk, at++, card);
    }
    PyObject *seat_discards = PyLong_FromUnsignedLongLong(
        PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(discards, t->seat)) | thrown);
    if (PyErr_Occurred()) { Py_XDECREF(seat_discards); Py_DECREF(new_junk); return -1; }
    PyObject *new_discards = tuple_with(&PyTuple_Type, discards, t->seat, seat_discards);
    long turns = PyLong_AsLong(exchanged);
    PyObject *new_exchanged = turns == -1 && PyErr_Occurred() ? NULL : PyLong_FromLong(turns + 1);
    /* Draw.apply: as many cards as the hand lacks from the top of the stock */
    uint64_t kept = t->hand & ~thrown;
    Py_ssize_t lacking = (Py_ssize_t)(t->hand_size - popcount64(kept));
    Py_ssize_t stocked = PyTuple_GET_SIZE(stock);
    if (lacking < 0) lacking = 0;
    if (lacking > stocked) lacking = stocked;
    for (Py_ssize_t i = 0; i < lacking; i++) {
        long card = PyLong_AsLong(PyTuple_GET_ITEM(stock, i));
        if (card < 0 || card >= 64) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "kernel: a card of the stock out of range");
            break;
        }
        kept |= (uint64_t)1 << card;
    }
    PyObject *new_stock = PyErr_Occurred() ? NULL : PyTuple_GetSlice(stock, lacking, stocked);
    PyObject *facts[INFO_COUNT] = {NULL};
    facts[INFO_JUNK] = new_junk;
    facts[INFO_DISCARDS] = new_discards;
    facts[INFO_EXCHANGED] = new_exchanged;
    facts[INFO_STOCK] = new_stock;
    if (!new_discards || !new_exchanged || !new_stock) {
        for (int i = 0; i < INFO_COUNT; i++) Py_XDECREF(facts[i]);
        return -1;
    }
    PyObject *new_info = changed_tuple(D->info_type, ((PyTupleObject *)info)->ob_item, INFO_COUNT, facts);
    if (!new_info) return -1;
    PyObject *held = PyLong_FromUnsignedLongLong(kept);
    PyObject *masks = tuple_with(&PyTuple_Type, f[F_MASKS], t->seat, held);
    if (!masks) { Py_DECREF(new_info); return -1; }
    PyObject *next = NULL;
    if (t->seat != t->dealer && !(next = PyLong_FromLong((t->seat + 1) % D->players))) {
        Py_DECREF(new_info);
        Py_DECREF(masks);
        return -1;
    }
    changed[F_INFO] = new_info;
    changed[F_MASKS] = masks;
    changed[F_TO_MOVE] = next;
    return 0;
}

static PyObject *Draws_apply_in_place(Draws *D, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) { PyErr_SetString(PyExc_TypeError, "apply_in_place(fields, move)"); return NULL; }
    PyObject *fields = args[0];
    DrawTurn t;
    uint64_t thrown;
    if (!PyList_Check(fields)
        || !draws_read(D, ((PyListObject *)fields)->ob_item, PyList_GET_SIZE(fields), &t)
        || !draws_thrown(D, args[1], &thrown))
        return PyObject_CallMethod(D->component, "apply_in_place", "OO", fields, args[1]);
    PyObject *changed[F_COUNT] = {NULL};
    if (draw_changes(D, ((PyListObject *)fields)->ob_item, &t, thrown, changed) < 0) return NULL;
    PyList_SetItem(fields, F_INFO, changed[F_INFO]);  /* (steals) */
    PyList_SetItem(fields, F_MASKS, changed[F_MASKS]);
    PyObject *next = changed[F_TO_MOVE] ? D->wait : D->done;
    if (changed[F_TO_MOVE]) PyList_SetItem(fields, F_TO_MOVE, changed[F_TO_MOVE]);
    Py_INCREF(next);
    return next;
}

/* The state after a discard and draw of a seat before the dealer, as engine.advance builds it,
 * or None where the kernel leaves the move to Python: the dealer's, which ends the draw (what
 * follows is the table's, a deal's check for trumps included); with ``checked``, anything but
 * a legal discard of the seat to move in exactly the checked API's terms. */
static PyObject *draws_next_state(Draws *D, PyObject *state, PyObject *move, PyObject *seat, int checked) {
    if (Py_TYPE(state) != D->state_type || PyTuple_GET_SIZE(state) != F_COUNT) Py_RETURN_NONE;
    PyObject **f = ((PyTupleObject *)state)->ob_item;
    DrawTurn t;
    uint64_t thrown;
    if (!draws_read(D, f, F_COUNT, &t) || t.seat == t.dealer || !draws_thrown(D, move, &thrown)) Py_RETURN_NONE;
    if (checked && (Py_TYPE(move) != D->move_type || !seat_allows(seat, t.seat) || !draws_allows(&t, thrown)))
        Py_RETURN_NONE;
    PyObject *changed[F_COUNT] = {NULL};
    if (draw_changes(D, f, &t, thrown, changed) < 0) return NULL;
    return state_after(D->state_type, D->log_type, f, changed, move);
}

static PyObject *Draws_checked(Draws *D, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) { PyErr_SetString(PyExc_TypeError, "checked(state, move, seat)"); return NULL; }
    return draws_next_state(D, args[0], args[1], args[2], 1);
}

static PyObject *Draws_advance(Draws *D, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) { PyErr_SetString(PyExc_TypeError, "advance(state, move)"); return NULL; }
    return draws_next_state(D, args[0], args[1], Py_None, 0);
}

static void Draws_dealloc(Draws *D) {
    Py_XDECREF(D->discarding);
    Py_XDECREF(D->kind);
    Py_XDECREF(D->wait);
    Py_XDECREF(D->done);
    Py_XDECREF(D->component);
    Py_XDECREF(D->state_type);
    Py_XDECREF(D->log_type);
    Py_XDECREF(D->move_type);
    Py_XDECREF(D->info_type);
    Py_TYPE(D)->tp_free((PyObject *)D);
}

/* Draws(players, max_discard, discarding, kind, wait, done, component, state_type, log_type, move_type,
 *       info_type) */
static PyObject *Draws_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    int players, max_discard;
    PyObject *discarding, *kind, *wait, *done, *component, *state_type, *log_type, *move_type, *info_type;
    if (!PyArg_ParseTuple(args, "iiOUOOOO!O!O!O!:Draws", &players, &max_discard, &discarding, &kind, &wait, &done,
                          &component, &PyType_Type, &state_type, &PyType_Type, &log_type,
                          &PyType_Type, &move_type, &PyType_Type, &info_type))
        return NULL;
    if (players < 1 || players > MAXP) { PyErr_SetString(PyExc_ValueError, "Draws: 1 to 8 players"); return NULL; }
    if (max_discard < 0 || max_discard > 64) { PyErr_SetString(PyExc_ValueError, "Draws: 0 to 64 discards"); return NULL; }
    Draws *D = (Draws *)type->tp_alloc(type, 0);
    if (!D) return NULL;
    D->players = players;
    D->max_discard = max_discard;
    PyObject **slots[] = {&D->discarding, &D->kind, &D->wait, &D->done, &D->component,
                          (PyObject **)&D->state_type, (PyObject **)&D->log_type, (PyObject **)&D->move_type,
                          (PyObject **)&D->info_type};
    PyObject *values[] = {discarding, kind, wait, done, component, state_type, log_type, move_type, info_type};
    for (int i = 0; i < 9; i++) {
        Py_INCREF(values[i]);
        *slots[i] = values[i];
    }
    return (PyObject *)D;
}

static PyMethodDef Draws_methods[] = {
    {"legal", (PyCFunction)Draws_legal, METH_O, "The legal discards of the seat to move."},
    {"legal_fields", (PyCFunction)Draws_legal_fields, METH_O,
     "legal of a fast.Game's fields, as a Discards sequence (the moves made when asked)."},
    {"is_legal", (PyCFunction)(void (*)(void))Draws_is_legal, METH_FASTCALL, "Whether the move is a legal discard now."},
    {"apply_in_place", (PyCFunction)(void (*)(void))Draws_apply_in_place, METH_FASTCALL,
     "A discard and draw on a state's fields, in place; what follows it."},
    {"checked", (PyCFunction)(void (*)(void))Draws_checked, METH_FASTCALL,
     "apply_move's state after a legal discard, or None (Python makes the move)."},
    {"advance", (PyCFunction)(void (*)(void))Draws_advance, METH_FASTCALL,
     "advance's state after a discard, or None (Python makes the move)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject DrawsType_ = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pitchcore._kernel.Draws",
    .tp_basicsize = sizeof(Draws),
    .tp_dealloc = (destructor)Draws_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The draw before play, compiled (see pitchcore.game.kernel).",
    .tp_methods = Draws_methods,
    .tp_new = Draws_new,
};

/* -- many games in one call ------------------------------------------------------------------- */

/* The C half of pitchcore.interop.batch.Batch: one call makes one action in every game of the
 * batch and writes the observation tensor and the legal-action mask of each seat to move into
 * the batch's arrays. It decides no rule and lays out no tensor of its own: a play is the
 * kernel's play step's (game_play), any other move is made by fast.Game's own Python
 * (``_apply``), the legal moves are the game's (``moves``), and every position in a tensor
 * comes from the Python layout (interop/tensors.py TensorLayout, handed over as ``plan`` by
 * interop/batch.py). What it writes mirrors TensorLayout._encode and TensorLayout._hand, and a
 * discard built card by card mirrors interop/actions.py ActionSpace._discard_actions and
 * ActionSpace.apply. Whatever it cannot write (a game over, a state built by hand) it leaves
 * to Python, which is the definition (``status``). */
typedef struct {
    PyObject_HEAD
    Py_ssize_t n;
    int players, deck, row_size, actions, play_at, discard_at, done_at, sides, rounds, auction_row;
    int rows;                     /* 0: the rows are Python's (information states), only the moves are made here */
    double hand_scale, score_scale;
    int at_phase, at_to_move, at_dealer, at_teammates, at_hand, at_chosen, at_trick, at_leader, at_played, at_taken,
        at_trump, at_call, at_auction, at_bidder, at_bid, at_called, at_partner, at_own_discards, at_gift,
        at_upcards, at_hand_sizes, at_discard_counts, at_stock, at_scores, at_rounds_left;
    int side_of[MAXP];
    uint8_t mates[MAXP][MAXP];    /* per observer seat, per relative seat: on its side */
    PyObject *phases;             /* interop.tensors.PHASES */
    PyObject *playing, *calling;  /* Phase.PLAYING, Phase.CALLING */
    PyObject *bid_index;          /* auction value -> its column among the bids */
    PyObject *deal_index;         /* hand size -> its entry of the deal piece */
    PyObject *upcards;            /* (info) -> the card indices lying face up (None: the layout has none) */
    PyObject *moves;              /* per action, its move (None: a discard's card or done) */
    PyObject *action_of;          /* move -> its action */
    PyTypeObject *move_type;      /* Move */
    PyObject *discard_word;       /* "discard" */
    PyObject **seen;              /* per game: the info its upcards were found for */
    uint64_t *faces;              /* per game: those upcards */
    Py_buffer views[5];           /* the batch's arrays: observations, masks, to_move, status, chosen */
    int held;                     /* how many of views are held */
} BatchCore;

enum { VIEW_OBS, VIEW_MASKS, VIEW_TO_MOVE, VIEW_STATUS, VIEW_CHOSEN };

static PyTypeObject BatchCoreType_;

/* What interop/batch.py's _OBSERVE and _ENDS ask of Python per game (0: nothing). */
enum { BATCH_OBSERVE = 1, BATCH_ENDS = 2 };

/* The entry of ``value`` in ``index`` (a dict of ints), or -1. */
static int batch_lookup(PyObject *index, PyObject *value) {
    PyObject *found = PyDict_GetItemWithError(index, value);
    int at;
    if (!found || read_int(found, &at) < 0) { PyErr_Clear(); return -1; }
    return at;
}

/* The pieces a hand's record decides, as TensorLayout._hand works them out for ``seat``:
 * teammates, trump, deal, call, auction, bidder, bid, gift, called, upcards, own_discards, and
 * the counts discard_counts, stock, scores, rounds_left. 1: written; 0: Python must. */
static int batch_record(BatchCore *B, Py_ssize_t i, PyObject **f, PyObject *info, int seat, float *obs) {
    int P = B->players;
    #define REL(other) (((other) - seat + P) % P)
    for (int r = 0; r < P; r++) if (B->mates[seat][r]) obs[B->at_teammates + r] = 1.0f;
    PyObject *trump = PyTuple_GET_ITEM(info, INFO_TRUMP);
    int t = 4;
    if (trump != Py_None && (read_int(trump, &t) < 0 || t < 0 || t > 4)) { PyErr_Clear(); return 0; }
    obs[B->at_trump + t] = 1.0f;
    PyObject *size = PyTuple_GET_ITEM(info, INFO_HAND_SIZE);
    if (size != Py_None) {
        int at = batch_lookup(B->deal_index, size);
        if (at >= 0) obs[at] = 1.0f;
    }
    PyObject *call = PyTuple_GET_ITEM(info, INFO_CALL);
    if (call != Py_None) {
        if (!PyUnicode_Check(call)) return 0;
        obs[B->at_call + (PyUnicode_CompareWithASCIIString(call, "low") == 0)] = 1.0f;
    }
    PyObject *bids = PyTuple_GET_ITEM(info, INFO_BIDS);
    if (!PyTuple_Check(bids)) return 0;
    int latest[MAXP];  /* per seat, its latest call's column (-1: none, or a value outside the auction) */
    int called_yet[MAXP] = {0};
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(bids); k++) {
        PyObject *entry = PyTuple_GET_ITEM(bids, k);
        int bidder;
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 2 || read_int(PyTuple_GET_ITEM(entry, 0), &bidder) < 0
            || bidder < 0 || bidder >= P) { PyErr_Clear(); return 0; }
        PyObject *value = PyTuple_GET_ITEM(entry, 1);
        int column = value == Py_None ? 0 : batch_lookup(B->bid_index, value);
        latest[bidder] = column < 0 ? -1 : (value == Py_None ? 0 : column + 1);
        called_yet[bidder] = 1;
    }
    for (int other = 0; other < P; other++)
        if (called_yet[other] && latest[other] >= 0)
            obs[B->at_auction + REL(other) * B->auction_row + latest[other]] = 1.0f;
    PyObject *bidder_obj = PyTuple_GET_ITEM(info, INFO_BIDDER);
    if (bidder_obj != Py_None) {
        int bidder;
        if (read_int(bidder_obj, &bidder) < 0 || bidder < 0 || bidder >= P) { PyErr_Clear(); return 0; }
        obs[B->at_bidder + REL(bidder)] = 1.0f;
        int column = batch_lookup(B->bid_index, PyTuple_GET_ITEM(info, INFO_BID));
        if (column >= 0) obs[B->at_bid + column] = 1.0f;
        if (bidder == seat) {
            uint64_t gift;
            PyObject *gift_obj = PyTuple_GET_ITEM(info, INFO_GIFT);
            if (!PyLong_CheckExact(gift_obj) || read_mask(gift_obj, &gift) < 0) { PyErr_Clear(); return 0; }
            for (; gift; gift &= gift - 1) obs[B->at_gift + __builtin_ctzll(gift)] = 1.0f;
        }
    }
    PyObject *called = PyTuple_GET_ITEM(info, INFO_CALLED);
    if (called != Py_None) {
        int card;
        if (read_int(called, &card) < 0 || card < 0 || card >= B->deck) { PyErr_Clear(); return 0; }
        obs[B->at_called + card] = 1.0f;
    }
    if (B->upcards != Py_None) {  /* (view.upcard_indices, asked once per record) */
        if (B->seen[i] != info) {
            PyObject *cards = PyObject_CallOneArg(B->upcards, info);
            if (!cards) return -1;
            uint64_t faces = 0;
            PyObject *fast = PySequence_Fast(cards, "upcards");
            Py_DECREF(cards);
            if (!fast) return -1;
            for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(fast); k++) {
                int card;
                if (read_int(PySequence_Fast_GET_ITEM(fast, k), &card) < 0 || card < 0 || card >= B->deck) {
                    Py_DECREF(fast);
                    PyErr_Clear();
                    return 0;
                }
                faces |= (uint64_t)1 << card;
            }
            Py_DECREF(fast);
            Py_INCREF(info);
            Py_XSETREF(B->seen[i], info);
            B->faces[i] = faces;
        }
        for (uint64_t m = B->faces[i]; m; m &= m - 1) obs[B->at_upcards + __builtin_ctzll(m)] = 1.0f;
    }
    PyObject *discards = PyTuple_GET_ITEM(info, INFO_DISCARDS);
    if (!PyTuple_Check(discards)) return 0;
    if (PyTuple_GET_SIZE(discards)) {
        uint64_t thrown[MAXP];
        if (PyTuple_GET_SIZE(discards) != P || read_masks(discards, thrown, P) < 0) { PyErr_Clear(); return 0; }
        for (uint64_t m = thrown[seat]; m; m &= m - 1) obs[B->at_own_discards + __builtin_ctzll(m)] = 1.0f;
        for (int r = 0; r < P; r++)
            obs[B->at_discard_counts + r] = (float)((double)popcount64(thrown[(seat + r) % P]) / B->hand_scale);
    }
    PyObject *stock = PyTuple_GET_ITEM(info, INFO_STOCK);
    if (!PyTuple_Check(stock)) return 0;
    obs[B->at_stock] = (float)((double)PyTuple_GET_SIZE(stock) / B->deck);
    PyObject *scores = f[F_SCORES], *results = f[F_HAND_RESULTS];
    if (!PyTuple_Check(scores) || PyTuple_GET_SIZE(scores) != B->sides || !PyTuple_Check(results)) return 0;
    for (int r = 0; r < B->sides; r++) {
        PyObject *score = PyTuple_GET_ITEM(scores, (B->side_of[seat] + r) % B->sides);
        double value = PyFloat_AsDouble(score);
        if (value == -1.0 && PyErr_Occurred()) { PyErr_Clear(); return 0; }
        obs[B->at_scores + r] = (float)(value / B->score_scale);
    }
    if (B->rounds) {
        Py_ssize_t left = B->rounds - PyTuple_GET_SIZE(results);
        obs[B->at_rounds_left] = (float)((double)(left > 0 ? left : 0) / B->rounds);
    }
    #undef REL
    return 1;
}

static int batch_buffer(PyObject *obj, Py_buffer *view, Py_ssize_t items, Py_ssize_t itemsize, const char *what,
                        int writable) {
    if (PyObject_GetBuffer(obj, view, (writable ? PyBUF_WRITABLE : 0) | PyBUF_C_CONTIGUOUS) < 0) return -1;
    if (view->len != items * itemsize) {
        PyErr_Format(PyExc_ValueError, "batch: %s holds %zd bytes, not %zd", what, view->len, items * itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* The discard actions legal with ``chosen`` picked, from a step's legal moves (a draw's lazy
 * Discards, or a tuple holding discard moves), and the other moves' actions when nothing is
 * picked: ActionSpace.legal_actions and _discard_actions. 1: marked in ``mask``; 0: Python must. */
static int batch_discard_mask(BatchCore *B, PyObject *legal, uint64_t chosen, int8_t *mask) {
    uint64_t more = 0;
    int done = 0, any = 0;
    if (Py_TYPE(legal) == &DiscardsType_) {  /* every sub-mask of mask with lo to hi cards */
        Discards *d = (Discards *)legal;
        int k = popcount64(chosen);
        if (d->hi < d->lo || (chosen & ~d->mask) || k > d->hi) return 0;
        any = 1;
        if (k + 1 <= d->hi) more = d->mask & ~chosen;
        done = k >= d->lo;
    } else {
        if (!PyTuple_Check(legal)) return 0;
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(legal); k++) {
            PyObject *move = PyTuple_GET_ITEM(legal, k);
            if (PyTuple_Check(move) && PyTuple_GET_SIZE(move) == 2 && PyUnicode_Check(PyTuple_GET_ITEM(move, 0))
                && PyUnicode_Compare(PyTuple_GET_ITEM(move, 0), B->discard_word) == 0) {
                uint64_t thrown;
                if (read_mask(PyTuple_GET_ITEM(move, 1), &thrown) < 0) { PyErr_Clear(); return 0; }
                if ((thrown & chosen) == chosen) { any = 1; more |= thrown; done |= thrown == chosen; }
                continue;
            }
            if (PyErr_Occurred()) { PyErr_Clear(); return 0; }
            if (chosen) continue;
            int action = batch_lookup(B->action_of, move);
            if (action < 0 || action >= B->actions) return 0;
            mask[action] = 1;
        }
        more &= ~chosen;
        if (chosen && !any) return 0;  /* (no legal discard holds them: Python says why) */
    }
    for (; more; more &= more - 1) mask[B->discard_at + __builtin_ctzll(more)] = 1;
    if (done) mask[B->done_at] = 1;
    return 1;
}

/* The observation of the seat to move (TensorLayout._encode's pieces, in its order) and its
 * legal actions, for game ``i`` (``chosen``: the cards picked for a discard being built). 1:
 * written; 0: Python must. */
static int batch_encode(BatchCore *B, Py_ssize_t i, GameBase *g) {
    if (!B->rows) return 0;
    int P = B->players, D = B->deck;
    float *obs = (float *)B->views[VIEW_OBS].buf + i * B->row_size;
    int8_t *mask = (int8_t *)B->views[VIEW_MASKS].buf + i * B->actions;
    uint64_t chosen = ((uint64_t *)B->views[VIEW_CHOSEN].buf)[i];
    PyObject **f = ((PyListObject *)g->fields)->ob_item;
    PyObject *info = f[F_INFO], *phase = f[F_PHASE];
    if (f[F_WINNER] != Py_None || f[F_TO_MOVE] == Py_None || !PyTuple_Check(info)
        || PyTuple_GET_SIZE(info) != INFO_COUNT)
        return 0;
    int phase_at = -1;
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(B->phases); k++)
        if (PyTuple_GET_ITEM(B->phases, k) == phase) phase_at = (int)k;
    if (phase_at < 0) return 0;
    uint64_t masks[MAXP], start[MAXP];
    int trick[MAXP], seat, dealer;
    int ntrick = read_cards(f[F_TRICK_CARDS], trick, P);
    if (ntrick < 0 || read_masks(f[F_MASKS], masks, P) < 0 || read_int(f[F_TO_MOVE], &seat) < 0
        || read_int(f[F_DEALER], &dealer) < 0 || seat < 0 || seat >= P || dealer < 0 || dealer >= P) {
        PyErr_Clear();
        return 0;
    }
    if (chosen & ~masks[seat]) return 0;
    PyObject *done = f[F_DONE_TRICKS];
    if (!PyTuple_Check(done)) return 0;
    PyObject *start_tuple = PyTuple_GET_ITEM(info, INFO_START);
    if (ntrick || PyTuple_GET_SIZE(done)) {  /* who played a card is who held it when play began */
        if (!PyTuple_Check(start_tuple) || PyTuple_GET_SIZE(start_tuple) != P || read_masks(start_tuple, start, P) < 0) {
            PyErr_Clear();
            return 0;  /* (a state built by hand, without that record) */
        }
    }
    /* the legal actions first: a play's from the kernel's rules, any other step's from its moves */
    Rules *R;
    memset(mask, 0, (size_t)B->actions);
    if (!chosen && game_fast(g, &R)) {
        Hand h;
        if (load_hand(R, f, &h) < 0) return -1;
        for (uint64_t m = playable(R, &h, (int)PyTuple_GET_SIZE(done)); m; m &= m - 1)
            mask[B->play_at + __builtin_ctzll(m)] = 1;
    } else {
        PyObject *legal = GameBase_moves(g, NULL);
        if (!legal) return -1;
        int marked = 1;
        if (chosen || !PyTuple_Check(legal)) {
            marked = batch_discard_mask(B, legal, chosen, mask);
        } else {
            for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(legal) && marked; k++) {
                int action = batch_lookup(B->action_of, PyTuple_GET_ITEM(legal, k));
                if (action < 0 || action >= B->actions) {  /* (a discard: its cards and done) */
                    memset(mask, 0, (size_t)B->actions);
                    marked = batch_discard_mask(B, legal, 0, mask);
                    break;
                }
                mask[action] = 1;
            }
        }
        Py_DECREF(legal);
        if (!marked) return 0;
    }
    memset(obs, 0, (size_t)B->row_size * sizeof(float));
    int written = batch_record(B, i, f, info, seat, obs);
    if (written <= 0) return written;
    #define REL(other) (((other) - seat + P) % P)
    obs[B->at_phase + phase_at] = 1.0f;
    obs[B->at_dealer + REL(dealer)] = 1.0f;
    for (uint64_t m = masks[seat]; m; m &= m - 1) obs[B->at_hand + __builtin_ctzll(m)] = 1.0f;
    for (uint64_t m = chosen; m; m &= m - 1) obs[B->at_chosen + __builtin_ctzll(m)] = 1.0f;
    obs[B->at_to_move] = 1.0f;  /* (the observer itself: relative seat 0) */
    if (phase == B->playing || phase == B->calling || ntrick) {
        int leader;
        if (read_int(f[F_LEADER], &leader) < 0 || leader < 0 || leader >= P) { PyErr_Clear(); return 0; }
        obs[B->at_leader + REL(leader)] = 1.0f;
    }
    uint64_t seen = 0;
    for (int k = 0; k < ntrick; k++) {
        uint64_t bit = (uint64_t)1 << trick[k];
        int holder = seat_with(start, P, bit);
        if (holder >= 0) obs[B->at_trick + REL(holder) * D + trick[k]] = 1.0f;
        seen |= bit;
    }
    for (Py_ssize_t t = 0; t < PyTuple_GET_SIZE(done); t++) {
        PyObject *record = PyTuple_GET_ITEM(done, t);
        int cards[MAXP], taker;
        if (!PyTuple_Check(record) || PyTuple_GET_SIZE(record) != 3) return 0;
        int n = read_cards(PyTuple_GET_ITEM(record, 1), cards, P);
        if (n < 0 || read_int(PyTuple_GET_ITEM(record, 2), &taker) < 0 || taker < 0 || taker >= P) {
            PyErr_Clear();
            return 0;
        }
        for (int k = 0; k < n; k++) {
            uint64_t bit = (uint64_t)1 << cards[k];
            int holder = seat_with(start, P, bit);
            if (holder >= 0) obs[B->at_played + REL(holder) * D + cards[k]] = 1.0f;
            obs[B->at_taken + REL(taker) * D + cards[k]] = 1.0f;
            seen |= bit;
        }
    }
    PyObject *called = PyTuple_GET_ITEM(info, INFO_CALLED), *partner = PyTuple_GET_ITEM(info, INFO_PARTNER);
    if (called != Py_None && partner != Py_None) {
        int card, mate;
        if (read_int(called, &card) < 0 || read_int(partner, &mate) < 0 || mate < 0 || mate >= P || card < 0
            || card >= 64) {
            PyErr_Clear();
            return 0;
        }
        if (seat == mate || (seen >> card & 1)) obs[B->at_partner + REL(mate)] = 1.0f;
    }
    for (int r = 0; r < P; r++)
        obs[B->at_hand_sizes + r] = (float)((double)popcount64(masks[(seat + r) % P]) / B->hand_scale);
    #undef REL
    ((int64_t *)B->views[VIEW_TO_MOVE].buf)[i] = seat;
    return 1;
}

/* Make ``action`` in game ``g``: a card joining the discard being built (the new ``chosen``,
 * ActionSpace.apply), any move as fast.Game.apply makes it (game_apply: a play or a compiled
 * step's move in C, anything else through its Python). 1: made; -1: an error. */
static int batch_move(BatchCore *B, Py_ssize_t i, GameBase *g, int64_t action) {
    uint64_t *chosen = (uint64_t *)B->views[VIEW_CHOSEN].buf + i;
    if (action >= B->discard_at && action < B->discard_at + B->deck) {
        *chosen |= (uint64_t)1 << (action - B->discard_at);
        return 1;
    }
    PyObject *move;
    if (action == B->done_at) {
        PyObject *value = PyLong_FromUnsignedLongLong(*chosen);
        move = value ? B->move_type->tp_alloc(B->move_type, 2) : NULL;
        if (!move) { Py_XDECREF(value); return -1; }
        Py_INCREF(B->discard_word);
        PyTuple_SET_ITEM(move, 0, B->discard_word);
        PyTuple_SET_ITEM(move, 1, value);
        *chosen = 0;
    } else {
        move = Py_NewRef(PyTuple_GET_ITEM(B->moves, action));
    }
    PyObject *r = game_apply(g, move, 0);
    Py_DECREF(move);
    if (!r) return -1;
    Py_DECREF(r);
    return 1;
}

static GameBase *batch_game(BatchCore *B, PyObject *item) {
    if (!PyObject_TypeCheck(item, &GameBaseType)) {
        PyErr_SetString(PyExc_TypeError, "batch: every game must be a fast.Game");
        return NULL;
    }
    GameBase *g = (GameBase *)item;
    if (!g->fields || !PyList_CheckExact(g->fields) || PyList_GET_SIZE(g->fields) != F_COUNT) {
        PyErr_SetString(PyExc_TypeError, "batch: a game without its fields");
        return NULL;
    }
    return g;
}

/* step(games, actions): every game's action (-1: none, its row written again; -2: none, its
   row left as it is: Batch.step's games that do not move), then its row, into the batch's
 * arrays. The actions must be legal (Batch.step checks them against the masks first). The
 * status array says per game what is left to Python (BATCH_OBSERVE, BATCH_ENDS). */
static PyObject *BatchCore_step(BatchCore *B, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "step(games, actions)");
        return NULL;
    }
    PyObject *games = args[0];
    if (!PyList_CheckExact(games) || PyList_GET_SIZE(games) != B->n) {
        PyErr_Format(PyExc_ValueError, "batch: games must be a list of %zd", B->n);
        return NULL;
    }
    Py_buffer actions;
    if (batch_buffer(args[1], &actions, B->n, 8, "actions", 0) < 0) return NULL;
    const int64_t *action = actions.buf;
    int8_t *state = B->views[VIEW_STATUS].buf;
    for (Py_ssize_t i = 0; i < B->n; i++) {
        GameBase *g = batch_game(B, PyList_GET_ITEM(games, i));
        if (!g) goto fail;
        state[i] = 0;
        if (action[i] >= B->actions || (action[i] < 0 && action[i] != -1 && action[i] != -2)) {
            PyErr_SetString(PyExc_ValueError, "batch: an action outside the space");
            goto fail;
        }
        if (action[i] == -2) continue;  /* a game that does not move: its row stays as it is */
        if (action[i] >= 0) {
            PyObject *scores = PyList_GET_ITEM(g->fields, F_SCORES), *deal = PyList_GET_ITEM(g->fields, F_DEAL_NUMBER);
            Py_INCREF(scores);
            Py_INCREF(deal);
            int made = batch_move(B, i, g, action[i]);
            PyObject **f = ((PyListObject *)g->fields)->ob_item;
            int ends = made > 0 && (f[F_SCORES] != scores || f[F_DEAL_NUMBER] != deal || f[F_TO_MOVE] == Py_None);
            Py_DECREF(scores);
            Py_DECREF(deal);
            if (made < 0) goto fail;
            if (ends) { state[i] = BATCH_ENDS | BATCH_OBSERVE; continue; }  /* (a new game may follow: Python) */
        }
        int written = batch_encode(B, i, g);
        if (written < 0) goto fail;
        if (!written) state[i] = BATCH_OBSERVE;
    }
    PyBuffer_Release(&actions);
    Py_RETURN_NONE;
fail:
    PyBuffer_Release(&actions);
    return NULL;
}

/* observe(index, game): game ``index``'s row written in C (True), or nothing (False: Python must). */
static PyObject *BatchCore_observe(BatchCore *B, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "observe(index, game)");
        return NULL;
    }
    Py_ssize_t i = PyLong_AsSsize_t(args[0]);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (i < 0 || i >= B->n) { PyErr_SetString(PyExc_IndexError, "batch: no such game"); return NULL; }
    GameBase *g = batch_game(B, args[1]);
    if (!g) return NULL;
    int written = batch_encode(B, i, g);
    if (written < 0) return NULL;
    return PyBool_FromLong(written);
}

static void BatchCore_dealloc(BatchCore *B) {
    if (B->seen) for (Py_ssize_t i = 0; i < B->n; i++) Py_XDECREF(B->seen[i]);
    PyMem_Free(B->seen);
    PyMem_Free(B->faces);
    for (int k = 0; k < B->held; k++) PyBuffer_Release(&B->views[k]);
    Py_XDECREF(B->phases); Py_XDECREF(B->playing); Py_XDECREF(B->calling); Py_XDECREF(B->bid_index);
    Py_XDECREF(B->deal_index); Py_XDECREF(B->upcards); Py_XDECREF(B->moves); Py_XDECREF(B->action_of);
    Py_XDECREF(B->move_type); Py_XDECREF(B->discard_word);
    Py_TYPE(B)->tp_free((PyObject *)B);
}

static int plan_int(PyObject *plan, const char *name, int *out) {
    PyObject *value = PyDict_GetItemString(plan, name);
    if (!value) { PyErr_Format(PyExc_KeyError, "BatchCore: the plan has no %s", name); return -1; }
    return read_int(value, out);
}

static int plan_float(PyObject *plan, const char *name, double *out) {
    PyObject *value = PyDict_GetItemString(plan, name);
    if (!value) { PyErr_Format(PyExc_KeyError, "BatchCore: the plan has no %s", name); return -1; }
    *out = PyFloat_AsDouble(value);
    return *out == -1.0 && PyErr_Occurred() ? -1 : 0;
}

static PyObject *plan_object(PyObject *plan, const char *name) {
    PyObject *value = PyDict_GetItemString(plan, name);
    if (!value) { PyErr_Format(PyExc_KeyError, "BatchCore: the plan has no %s", name); return NULL; }
    Py_INCREF(value);
    return value;
}

/* BatchCore(n, plan, observations, masks, to_move, status, chosen): ``plan`` is the dict
 * interop/batch.py's _compiled makes from the layout and the action space (every position a
 * piece starts at, the tables of values to entries); the arrays are the batch's own, held. */
static PyObject *BatchCore_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    Py_ssize_t n;
    PyObject *plan, *arrays[5];
    if (!PyArg_ParseTuple(args, "nO!OOOOO", &n, &PyDict_Type, &plan, &arrays[0], &arrays[1], &arrays[2],
                          &arrays[3], &arrays[4]))
        return NULL;
    BatchCore *B = (BatchCore *)type->tp_alloc(type, 0);
    if (!B) return NULL;
    B->n = n;
    struct { const char *name; int *field; } ints[] = {
        {"players", &B->players}, {"deck", &B->deck}, {"row_size", &B->row_size}, {"rows", &B->rows},
        {"actions", &B->actions},
        {"play_at", &B->play_at}, {"discard_at", &B->discard_at}, {"done_at", &B->done_at}, {"sides", &B->sides},
        {"rounds", &B->rounds}, {"auction_row", &B->auction_row},
        {"phase", &B->at_phase}, {"to_move", &B->at_to_move}, {"dealer", &B->at_dealer},
        {"teammates", &B->at_teammates}, {"hand", &B->at_hand}, {"chosen", &B->at_chosen}, {"trick", &B->at_trick},
        {"leader", &B->at_leader}, {"played", &B->at_played}, {"taken", &B->at_taken}, {"trump", &B->at_trump},
        {"call", &B->at_call}, {"auction", &B->at_auction}, {"bidder", &B->at_bidder}, {"bid", &B->at_bid},
        {"called", &B->at_called}, {"partner", &B->at_partner}, {"own_discards", &B->at_own_discards},
        {"gift", &B->at_gift}, {"upcards_at", &B->at_upcards}, {"hand_sizes", &B->at_hand_sizes},
        {"discard_counts", &B->at_discard_counts}, {"stock", &B->at_stock}, {"scores", &B->at_scores},
        {"rounds_left", &B->at_rounds_left},
    };
    for (size_t k = 0; k < sizeof(ints) / sizeof(ints[0]); k++)
        if (plan_int(plan, ints[k].name, ints[k].field) < 0) { Py_DECREF(B); return NULL; }
    PyObject *move_type = NULL;
    if (plan_float(plan, "hand_scale", &B->hand_scale) < 0 || plan_float(plan, "score_scale", &B->score_scale) < 0
        || !(B->phases = plan_object(plan, "phases")) || !(B->playing = plan_object(plan, "playing"))
        || !(B->calling = plan_object(plan, "calling")) || !(B->bid_index = plan_object(plan, "bid_index"))
        || !(B->deal_index = plan_object(plan, "deal_index")) || !(B->upcards = plan_object(plan, "upcards"))
        || !(B->moves = plan_object(plan, "moves")) || !(B->action_of = plan_object(plan, "action_of"))
        || !(move_type = plan_object(plan, "move_type"))) {
        Py_DECREF(B);
        return NULL;
    }
    B->move_type = (PyTypeObject *)move_type;
    PyObject *side_of = PyDict_GetItemString(plan, "side_of");
    int P = B->players;
    if (n < 1 || P < 2 || P > MAXP || B->deck < 1 || B->deck > 64 || B->actions < 1 || B->play_at < 0
        || B->play_at + B->deck > B->actions || B->discard_at < 0 || B->discard_at + B->deck > B->actions
        || B->done_at < 0 || B->done_at >= B->actions || B->hand_scale <= 0 || B->score_scale <= 0 || B->sides < 1
        || B->sides > MAXP || !PyTuple_Check(B->phases) || !PyDict_Check(B->bid_index) || !PyDict_Check(B->deal_index)
        || !PyTuple_Check(B->moves) || PyTuple_GET_SIZE(B->moves) != B->actions || !PyDict_Check(B->action_of)
        || !PyType_Check(move_type) || !PyType_IsSubtype(B->move_type, &PyTuple_Type)
        || !side_of || !PyTuple_Check(side_of) || PyTuple_GET_SIZE(side_of) != P) {
        PyErr_SetString(PyExc_ValueError, "BatchCore: a plan that does not fit together");
        Py_DECREF(B);
        return NULL;
    }
    for (Py_ssize_t k = 0; k < B->actions; k++) {
        PyObject *move = PyTuple_GET_ITEM(B->moves, k);
        if (move == Py_None && !(k == B->done_at || (k >= B->discard_at && k < B->discard_at + B->deck))) {
            PyErr_SetString(PyExc_ValueError, "BatchCore: an action without a move");
            Py_DECREF(B);
            return NULL;
        }
    }
    for (int s = 0; s < P; s++) {
        if (read_int(PyTuple_GET_ITEM(side_of, s), &B->side_of[s]) < 0 || B->side_of[s] < 0
            || B->side_of[s] >= B->sides) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "BatchCore: a side out of range");
            Py_DECREF(B);
            return NULL;
        }
    }
    for (int s = 0; s < P; s++)
        for (int r = 0; r < P; r++) B->mates[s][r] = B->side_of[(s + r) % P] == B->side_of[s];
    if (!(B->discard_word = PyUnicode_InternFromString("discard"))) { Py_DECREF(B); return NULL; }
    Py_ssize_t sizes[5][2] = {{n * B->row_size, 4}, {n * B->actions, 1}, {n, 8}, {n, 1}, {n, 8}};
    const char *names[5] = {"observations", "masks", "to_move", "status", "chosen"};
    for (int k = 0; k < 5; k++) {
        if (batch_buffer(arrays[k], &B->views[k], sizes[k][0], sizes[k][1], names[k], 1) < 0) {
            Py_DECREF(B);
            return NULL;
        }
        B->held = k + 1;
    }
    B->seen = PyMem_Calloc((size_t)n, sizeof(PyObject *));
    B->faces = PyMem_Calloc((size_t)n, sizeof(uint64_t));
    if (!B->seen || !B->faces) { Py_DECREF(B); return PyErr_NoMemory(); }
    return (PyObject *)B;
}

static PyMethodDef BatchCore_methods[] = {
    {"step", (PyCFunction)(void (*)(void))BatchCore_step, METH_FASTCALL,
     "step(games, actions): every game's move and row, as far as C goes (the status array says the rest)."},
    {"observe", (PyCFunction)(void (*)(void))BatchCore_observe, METH_FASTCALL,
     "observe(index, game): one game's row in C (False: Python must)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject BatchCoreType_ = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pitchcore._kernel.BatchCore",
    .tp_basicsize = sizeof(BatchCore),
    .tp_dealloc = (destructor)BatchCore_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "interop.batch.Batch's moves and rows in C (Batch is the class to use).",
    .tp_methods = BatchCore_methods,
    .tp_new = BatchCore_new,
};

/* -- the deal --------------------------------------------------------------------------- */

/* order(keys) -> (i, ...): range(len(keys) // 4) sorted by the little-endian 32-bit keys
 * ``keys`` holds, ties in index order (cards.shuffled_range, which stays the definition:
 * sorting by independent uniform keys; this is the sort, run once a hand). */
static PyObject *kernel_order(PyObject *module, PyObject *keys) {
    if (!PyBytes_Check(keys)) { PyErr_SetString(PyExc_TypeError, "order: keys must be bytes"); return NULL; }
    Py_ssize_t n = PyBytes_GET_SIZE(keys) / 4;
    if (n > 256) { PyErr_SetString(PyExc_ValueError, "order: at most 256 keys"); return NULL; }
    const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(keys);
    uint64_t item[256];  /* key << 8 | index: one comparison sorts by key, then index */
    for (Py_ssize_t i = 0; i < n; i++) {
        uint64_t key = (uint64_t)b[4 * i] | (uint64_t)b[4 * i + 1] << 8 | (uint64_t)b[4 * i + 2] << 16
                       | (uint64_t)b[4 * i + 3] << 24;
        uint64_t x = key << 8 | (uint64_t)i;
        Py_ssize_t j = i;
        for (; j > 0 && item[j - 1] > x; j--) item[j] = item[j - 1];
        item[j] = x;
    }
    PyObject *out = PyTuple_New(n);
    if (!out) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *value = PyLong_FromLong((long)(item[i] & 0xFF));
        if (!value) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, i, value);
    }
    return out;
}

/* cards(mask) -> (card, ...): the card indices of a mask in index order (cards.card_list,
 * whose Python is cards_in's; search samples deals from masks thousands of times a move). */
static PyObject *kernel_cards(PyObject *module, PyObject *mask) {
    unsigned long long bits = PyLong_AsUnsignedLongLong(mask);
    if (bits == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    PyObject *out = PyTuple_New(popcount64(bits));
    if (!out) return NULL;
    for (Py_ssize_t i = 0; bits; bits &= bits - 1) {
        PyObject *card = PyLong_FromLong(__builtin_ctzll(bits));
        if (!card) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, i++, card);
    }
    return out;
}

/* deal(stock, seats, players) -> (masks, rest): the card on top of ``stock`` to seat
 * ``seats[0]``, the next to ``seats[1]`` and so on, as card masks per seat, and the stock
 * left (components.deal's deal_out, whose seat order decides who gets what). */
static PyObject *kernel_deal(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3 || !PyTuple_Check(args[0]) || !PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "deal takes a stock tuple, a seats tuple and the players");
        return NULL;
    }
    long players = PyLong_AsLong(args[2]);
    if (players == -1 && PyErr_Occurred()) return NULL;
    if (players < 1 || players > 64) { PyErr_SetString(PyExc_ValueError, "deal: 1 to 64 players"); return NULL; }
    PyObject *stock = args[0], *seats = args[1];
    Py_ssize_t have = PyTuple_GET_SIZE(stock), count = PyTuple_GET_SIZE(seats);
    if (count > have) count = have;
    uint64_t masks[64] = {0};
    for (Py_ssize_t i = 0; i < count; i++) {
        long seat = PyLong_AsLong(PyTuple_GET_ITEM(seats, i));
        long card = PyLong_AsLong(PyTuple_GET_ITEM(stock, i));
        if ((seat == -1 || card == -1) && PyErr_Occurred()) return NULL;
        if (seat < 0 || seat >= players || card < 0 || card >= 64) {
            PyErr_SetString(PyExc_ValueError, "deal: a seat or card out of range");
            return NULL;
        }
        masks[seat] |= (uint64_t)1 << card;
    }
    PyObject *hands = masks_tuple(masks, (int)players);
    PyObject *rest = hands ? PyTuple_GetSlice(stock, count, have) : NULL;
    if (!rest) { Py_XDECREF(hands); return NULL; }
    PyObject *out = PyTuple_Pack(2, hands, rest);
    Py_DECREF(hands);
    Py_DECREF(rest);
    return out;
}

static PyMethodDef kernel_functions[] = {
    {"submoves", (PyCFunction)(void (*)(void))kernel_submoves, METH_FASTCALL,
     "One move of a kind per sub-mask of a mask with lo to hi cards, by size then card order."},
    {"untrack", (PyCFunction)kernel_untrack, METH_O,
     "untrack(value) -> value, left untracked by the cycle collector where it is a plain tuple."},
    {"plain_types", (PyCFunction)(void (*)(void))kernel_plain_types, METH_FASTCALL,
     "plain_types(*types): the tuple subclasses untrack may leave untracked."},
    {"discards", (PyCFunction)(void (*)(void))kernel_discards, METH_FASTCALL,
     "discards(move_type, kind, mask, lo, hi): submoves' moves as a sequence that makes each when asked."},
    {"cards", (PyCFunction)kernel_cards, METH_O, "The card indices of a mask (below 2**64), in index order."},
    {"order", (PyCFunction)kernel_order, METH_O,
     "The indices of little-endian 32-bit keys in ascending order, ties by index."},
    {"deal", (PyCFunction)(void (*)(void))kernel_deal, METH_FASTCALL,
     "Card masks per seat of the stock's top cards dealt to seats in order, and the stock left."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "_kernel", "pitchcore's optional compiled play kernel (see pitchcore.kernel).", -1,
    kernel_functions,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    if (PyType_Ready(&RulesType_) < 0 || PyType_Ready(&GameBaseType) < 0 || PyType_Ready(&BidsType_) < 0
        || PyType_Ready(&DrawsType_) < 0 || PyType_Ready(&DiscardsType_) < 0 || PyType_Ready(&BatchCoreType_) < 0)
        return NULL;
    for (int n = 0; n <= 64; n++) {
        BINOMIAL[n][0] = 1;
        for (int k = 1; k <= n; k++) BINOMIAL[n][k] = BINOMIAL[n - 1][k - 1] + (k < n ? BINOMIAL[n - 1][k] : 0);
    }
    PyObject *module = PyModule_Create(&kernel_module);
    if (!module) return NULL;
    Py_INCREF(&RulesType_);
    if (PyModule_AddObject(module, "Rules", (PyObject *)&RulesType_) < 0) {
        Py_DECREF(&RulesType_);
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&GameBaseType);
    if (PyModule_AddObject(module, "GameBase", (PyObject *)&GameBaseType) < 0) {
        Py_DECREF(&GameBaseType);
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&BidsType_);
    if (PyModule_AddObject(module, "Bids", (PyObject *)&BidsType_) < 0) {
        Py_DECREF(&BidsType_);
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&DrawsType_);
    if (PyModule_AddObject(module, "Draws", (PyObject *)&DrawsType_) < 0) {
        Py_DECREF(&DrawsType_);
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&DiscardsType_);
    if (PyModule_AddObject(module, "Discards", (PyObject *)&DiscardsType_) < 0) {
        Py_DECREF(&DiscardsType_);
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&BatchCoreType_);
    if (PyModule_AddObject(module, "BatchCore", (PyObject *)&BatchCoreType_) < 0) {
        Py_DECREF(&BatchCoreType_);
        Py_DECREF(module);
        return NULL;
    }
    if (PyModule_AddIntConstant(module, "ABI", 1) < 0) { Py_DECREF(module); return NULL; }
    /* The field positions this build was compiled with: pitchcore.model.extension compares them
     * with model/fields.py and leaves a kernel built from another layout unused. */
    PyObject *layout = Py_BuildValue(
        "{sisisisisisisisisisisisisisisisisisisisisisisisisisisisisisisisi}",
        "F_TABLE", F_TABLE, "F_SCORES", F_SCORES, "F_DEALER", F_DEALER, "F_DEAL_NUMBER", F_DEAL_NUMBER,
        "F_HAND_RESULTS", F_HAND_RESULTS, "F_PHASE", F_PHASE, "F_TO_MOVE", F_TO_MOVE, "F_MASKS", F_MASKS,
        "F_INFO", F_INFO, "F_TRICK_CARDS", F_TRICK_CARDS, "F_LEADER", F_LEADER, "F_DONE_TRICKS", F_DONE_TRICKS,
        "F_WINNER", F_WINNER, "F_STEP", F_STEP, "F_LOG", F_LOG, "F_COUNT", F_COUNT,
        "INFO_BIDS", INFO_BIDS, "INFO_HIGH", INFO_HIGH, "INFO_BIDDER", INFO_BIDDER, "INFO_BID", INFO_BID,
        "INFO_TRUMP", INFO_TRUMP, "INFO_START", INFO_START, "INFO_CALLED", INFO_CALLED, "INFO_PARTNER", INFO_PARTNER,
        "INFO_STOCK", INFO_STOCK,
        "INFO_JUNK", INFO_JUNK, "INFO_DISCARDS", INFO_DISCARDS, "INFO_EXCHANGED", INFO_EXCHANGED,
        "INFO_HAND_SIZE", INFO_HAND_SIZE, "INFO_GIFT", INFO_GIFT, "INFO_CALL", INFO_CALL, "INFO_COUNT", INFO_COUNT);
    if (!layout || PyModule_AddObject(module, "LAYOUT", layout) < 0) {
        Py_XDECREF(layout);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
