/* dlx._tile: the number of tilings of a board, counted the classic way for polyforms.
 *
 * The board's cells are the bits of a row of 64-bit words (cell c is bit c % 64 of word
 * c / 64; cells past the board are set, as if filled). A placement is its lowest cell and
 * a 64-bit mask of its cells from there (bit 0 is that cell), and a piece; each piece has
 * a number of copies left, and copies are alike: a placement is one choice whichever copy
 * it takes, so the count is the exact cover's with the piece's item covered that many
 * times. The search takes the pieces named `first` in turn, one placement each, and then
 * always fills the lowest empty cell, with each placement whose lowest cell it is: every
 * tiling is met once, in one order. A cell's placements are listed once per state of the
 * cells after it (the pattern): those up to its neighbour a long step on when they are 4 to
 * MOST_BITS (a flat box's column and its spare cell: 6 on 6x10, about 10% faster than 4),
 * else the next PATTERN_BITS (8x8 keyed by 6 is 10% slower). Each list holds those that fit
 * the pattern, less those that close off a region of its cells alone (dead_in_pattern()),
 * sorted by piece so that a piece with no copy left is skipped at once. Given the steps
 * between neighbours, a placement that closes off a small region of empty cells that no
 * pieces fill is dropped (dead()). A state met again (the lowest empty cell, the cells after
 * it, the copies left) adds the tilings found from it the last time, kept in a table (Memo),
 * instead of a search. An explicit stack, one frame a level, the frame under way in locals;
 * the GIL is let go and taken back every SLICE placements to look for Ctrl-C. With `fewest`,
 * the search of _fewest.h instead (the cell with the fewest placements, for solid boards),
 * from the same checked input. `fillable` (_regions.h) finds dlx.tiling.grid's dead
 * placements.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "_portable.h"

#define MAX_CELLS 1024
#define MAX_PIECES 64 /* the pieces are the bits of a word */
#define WORDS (MAX_CELLS / 64 + 1) /* the board, and a word of cells past it */
#define SLICE (1LL << 22)   /* placements between looks for Ctrl-C */
#define PATTERN_BITS 4 /* a cell's placements are listed per state of the next 4 cells, */
#define MOST_BITS 6    /* or of those up to its neighbour a long step on, if at most 6 */
#define REACH 3               /* see dead() */
#define MEMO_BITS 16          /* the table of states: 2**16 slots (2 MB) */
#define MEMO_LEFT 2           /* states with fewer pieces left are not kept (see Memo) */

/* One placement in a list: its cells from `low` on, and its piece. */
typedef struct {
    uint64_t mask, near; /* near: the cells beside it, from low on */
    int piece, low;
} Entry;

/* A level of the search: the list it tries, the pieces of it still to try (pending) and
 * the placements of the one under way (entries k..end), the cell it fills (-1: the level of
 * a piece in `first`) and the board's cells from there when it began. */
typedef struct {
    int k, end, list, cell;
    uint64_t pending, window;
    long long base; /* the count when the level began */
    int far;        /* at a level of a first piece: the highest cell of those placed */
} Frame;

/* The ways to finish a state of the search, kept in a table (a slot per hash, the last
 * state there kept): the lowest empty cell + 1 (0: an empty slot), the board's cells from
 * there, the copies left (Count's `left_code`) and, when a first piece has cells past the
 * 64 from there, the placements of the first pieces (Count's `epoch`; else 0). The filled
 * cells past the lowest empty one are then all known: a placement spans fewer than 64 cells
 * from its lowest, which came before, but for the first pieces'. The tilings from a state
 * do not depend on how it was reached, so a state met again adds its ways and is not
 * searched again: on 6x10 a third fewer placements. A state with fewer than MEMO_LEFT
 * pieces left is found again quicker than it is looked up. */
typedef struct {
    uint64_t window, code;
    long long ways;
    int cell;
    unsigned epoch;
} Memo;

/* A count under way. */
typedef struct {
    int n, words, levels, n_first, pieces; /* cells, words, frames, pieces first, pieces */
    unsigned patterns; /* the states of the cells after one that key its lists: 2**bits */
    Entry *entries; /* the lists of cells, then those of the first pieces */
    int *start;     /* list l's placements of piece p are entries[start[i]..start[i + 1])
                     * with i = l * pieces + p; the list of cell c for state s of the cells
                     * after it is l = c * patterns + s, that of first piece f n * patterns + f */
    uint64_t *present; /* per list, its pieces */
    uint64_t avail;    /* the pieces with copies left */
    int *copies;       /* per piece, the copies left */
    Frame *frame; /* one a level */
    uint64_t board[WORDS];
    int left, level, started; /* copies left in all; where the search stands */
    int n_steps, steps[2];    /* a cell's neighbours are cell +- steps[i] (0: none) */
    uint64_t interior, sums;  /* see dead() */
    long long count;
    Memo *memo;         /* 2**MEMO_BITS slots, or NULL when the copies have no code */
    uint64_t left_code; /* the copies left as one number: the sum of copies[p] * radix[p] */
    uint64_t *radix;    /* the product of (copies + 1) of the pieces before p, at the start */
    unsigned epoch;     /* one number per placing of the first pieces, from 1 */
    int far;            /* the highest cell of the first pieces placed (-1: none) */
} Count;

/* The board's cells c..c+63, as bits from 0 (c < 64 * words). */
DLX_ALWAYS_INLINE uint64_t window(const uint64_t *board, int c)
{
    int i = c >> 6, s = c & 63;
    return s ? board[i] >> s | board[i + 1] << (64 - s) : board[i];
}

/* Flip a placement's cells on the board (fill, or empty again). */
DLX_ALWAYS_INLINE void flip(uint64_t *board, const Entry *e)
{
    int i = e->low >> 6, s = e->low & 63;
    board[i] ^= e->mask << s;
    if (s)
        board[i + 1] ^= e->mask >> (64 - s);
}

/* The lowest empty cell from `from` on, or n when the board is full. */
static int next_empty(const Count *t, int from)
{
    for (int i = from >> 6; i < t->words; i++) {
        uint64_t empty = ~t->board[i];
        if (i == from >> 6)
            empty &= ~0ULL << (from & 63);
        if (empty)
            return i * 64 + dlx_ctz64(empty);
    }
    return t->n;
}

/* The cells r and their neighbours (a step 0 adds none). */
DLX_ALWAYS_INLINE uint64_t grow(uint64_t r, int s0, int s1)
{
    return r | r << s0 | r >> s0 | r << s1 | r >> s1;
}

/* 1 when the cells `placed` (a placement at the window's cell) leave a region of empty
 * cells beside them that is closed within the window and no pieces fill (its size not a
 * bit of sums); `full` is the window's filled cells, the placement's included. The cells
 * below the window are filled (it starts at the lowest empty cell); a region is closed when
 * it stops growing inside the window's `interior`, whose cells' neighbours are all in the
 * window. One still growing after REACH steps is let be (a cheap test, not a full one).
 * s0 is steps[0], passed so that the search can inline it as 1 (a row of cells: 4% faster on
 * 6x10, shifts by a constant). */
DLX_ALWAYS_INLINE int dead(const Count *t, uint64_t full, uint64_t beside, int s0)
{
    int s1 = t->steps[1];
    uint64_t empty = ~full, near = beside & empty & t->interior;
    if (!(t->sums & 2) && (near & ~(empty << s0 | empty >> s0 | empty << s1 | empty >> s1)))
        return 1; /* a lone cell */
    while (near) {
        uint64_t r = near & (0 - near);
        for (int step = 0;; step++) {
            uint64_t g = grow(r, s0, s1) & empty;
            if (g == r)
                break;
            r = g;
            if ((g & ~t->interior) || step == REACH)
                goto open; /* its cells all lie in one region, open or large */
        }
        if (!(t->sums >> dlx_popcount64(r) & 1))
            return 1;
    open:
        near &= ~r;
    }
    return 0;
}

/* 1 when placement e, at the lowest empty cell with state s of the cells after
 * it, closes off a region of those cells alone that no pieces fill: whatever the other cells
 * hold then, the region is there (its neighbours are filled: the placement's cells, those of
 * s, the blocked ones), so the placement is left out of that list. */
static int dead_in_pattern(const Count *t, const Entry *e, unsigned s)
{
    const uint64_t known = (uint64_t)(t->patterns - 1) << 1;
    uint64_t empty = ~(e->mask | (uint64_t)s << 1 | window(t->board, e->low));
    uint64_t seeds = known & empty;
    while (seeds) {
        uint64_t r = seeds & (0 - seeds);
        for (;;) {
            uint64_t g = grow(r, t->steps[0], t->steps[1]) & empty;
            if (g == r || (g & ~known))
                break;
            r = g;
        }
        if (!(grow(r, t->steps[0], t->steps[1]) & empty & ~r) &&
            !(t->sums >> dlx_popcount64(r) & 1))
            return 1;
        seeds &= ~r;
    }
    return 0;
}

/* The first pieces' part of the key of a state at cell c (see Memo). */
DLX_ALWAYS_INLINE unsigned memo_epoch(const Count *t, int c)
{
    return t->far - c >= 64 ? t->epoch : 0;
}

/* The slot of state (cell c, board w from c, the copies left, epoch) in the table. */
DLX_ALWAYS_INLINE Memo *memo_slot(const Count *t, int c, uint64_t w, unsigned epoch)
{
    uint64_t h = (w ^ (uint64_t)c << 54 ^ (uint64_t)epoch << 20) * 0x9E3779B97F4A7C15ULL;
    h ^= t->left_code * 0xC2B2AE3D27D4EB4FULL;
    return &t->memo[(h ^ h >> 29) >> (64 - MEMO_BITS)];
}

/* Put placement e's piece back on the shelf, its cells left as they are. */
DLX_ALWAYS_INLINE void take_back(Count *t, const Entry *e)
{
    t->copies[e->piece]++;
    t->avail |= 1ULL << e->piece;
    t->left_code += t->radix[e->piece];
    t->left++;
}

/* Set up level `level` to fill cell c (or to place first piece f when level < n_first):
 * 0 when there is nothing to try (a tiling counted, or a dead end). */
DLX_ALWAYS_INLINE int enter(Count *t, int level, int c)
{
    Frame *f = &t->frame[level];
    int list;
    if (level < t->n_first) {
        list = t->n * (int)t->patterns + level;
        f->cell = -1;
    } else if (c < t->n) {
        f->window = window(t->board, c);
        list = c * (int)t->patterns + (int)((f->window >> 1) & (t->patterns - 1));
        f->cell = c;
        f->base = t->count;
        if (t->memo && t->left >= MEMO_LEFT) {
            unsigned epoch = memo_epoch(t, c);
            const Memo *m = memo_slot(t, c, f->window, epoch);
            if (m->cell == c + 1 && m->window == f->window && m->code == t->left_code &&
                m->epoch == epoch) {
                t->count += m->ways;
                return 0;
            }
        }
    } else {
        t->count += t->left == 0;
        return 0;
    }
    f->list = list;
    f->pending = t->present[list] & t->avail;
    f->k = f->end = 0;
    return 1;
}

/* Up to `budget` placements of the search; 1 when it has ended, 0 when it paused. The
 * frame under way is held in locals (k, end, pending), written back when a level is entered. */
static int search(Count *t, long long budget)
{
    const Entry *entries = t->entries, *e;
    const int *start = t->start;
    int *copies = t->copies, level = t->level, pieces = t->pieces, check = t->n_steps > 0;
    uint64_t *board = t->board;
    if (!t->started) {
        t->started = 1;
        if (!enter(t, 0, next_empty(t, 0)))
            return 1;
    }
    Frame *f = &t->frame[level];
    int k = f->k, end = f->end;
    uint64_t pending = f->pending;
    for (;;) {
        if (k == end) { /* the next piece of the list, or back up */
            if (pending) {
                size_t at = (size_t)f->list * (size_t)pieces + (size_t)dlx_ctz64(pending);
                pending &= pending - 1;
                k = start[at];
                end = start[at + 1];
                continue;
            }
            if (t->memo && f->cell >= 0 && t->left >= MEMO_LEFT) { /* its state's ways */
                unsigned epoch = memo_epoch(t, f->cell);
                *memo_slot(t, f->cell, f->window, epoch) =
                    (Memo){f->window, t->left_code, t->count - f->base, f->cell + 1, epoch};
            }
            if (level == 0)
                return 1;
            f = &t->frame[--level]; /* take back this level's placement */
            k = f->k;
            end = f->end;
            pending = f->pending;
            e = &entries[k];
            flip(board, e);
            take_back(t, e);
            k++;
            continue;
        }
        int next;
        if (f->cell >= 0) {
            uint64_t taken = f->window; /* most placements overlap it: a tight loop skips them */
            while (k < end && (taken & entries[k].mask))
                k++;
            if (k == end)
                continue;
            e = &entries[k];
            uint64_t full = taken | e->mask;
            if (check && (t->steps[0] == 1 ? dead(t, full, e->near, 1)
                                           : dead(t, full, e->near, t->steps[0]))) {
                k++;
                continue;
            }
            next = ~full ? f->cell + dlx_ctz64(~full) : next_empty(t, f->cell + 64);
            flip(board, e);
        } else {
            e = &entries[k];
            if (window(board, e->low) & e->mask) {
                k++;
                continue;
            }
            flip(board, e);
            next = next_empty(t, 0);
            int high = e->low; /* its highest cell */
            for (uint64_t rest = e->mask >> 1; rest; rest >>= 1)
                high++;
            t->far = f->far = level && t->frame[level - 1].far > high ? t->frame[level - 1].far
                                                                       : high;
            if (t->memo && !++t->epoch) { /* 2**32 placings: the table starts again */
                memset(t->memo, 0, sizeof(Memo) << MEMO_BITS);
                t->epoch = 1;
            }
        }
        if (!--copies[e->piece])
            t->avail &= ~(1ULL << e->piece);
        t->left_code -= t->radix[e->piece];
        t->left--;
        f->k = k;
        f->end = end;
        f->pending = pending;
        if (level + 1 < t->levels && enter(t, level + 1, next)) {
            f = &t->frame[++level];
            k = f->k;
            end = f->end;
            pending = f->pending;
            if (--budget <= 0) {
                t->level = level;
                return 0;
            }
            continue;
        }
        flip(board, e); /* a tiling, or a dead end: take it back, try the next */
        take_back(t, e);
        k++;
    }
}

static int search_slice(void *t, long long budget) { return search(t, budget); }

#include "_fewest.h"

/* An int in lo..hi; -1 with a ValueError naming `what` k if it is not one. */
static int read_int(PyObject *item, long lo, long hi, const char *what, Py_ssize_t k, int *out)
{
    long v = PyLong_Check(item) ? PyLong_AsLong(item) : -1;
    if (!PyLong_Check(item) || (v == -1 && PyErr_Occurred()) || v < lo || v > hi) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s %zd is not an int in %ld..%ld", what, k, lo,
                     hi);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* Placement k, (piece, low, mask), checked: the piece is one of `pieces`, the mask's bit 0
 * set and every bit a cell of the board. -1 with a ValueError if not. */
static int read_placement(PyObject *placements, Py_ssize_t k, int n, int pieces, Entry *e)
{
    PyObject *item = PySequence_Fast_GET_ITEM(placements, k), *mask;
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
        PyErr_Format(PyExc_ValueError, "count(): placement %zd is not (piece, low, mask)", k);
        return -1;
    }
    int piece, low;
    if (read_int(PyTuple_GET_ITEM(item, 0), 0, pieces - 1, "piece of placement", k, &piece) < 0 ||
        read_int(PyTuple_GET_ITEM(item, 1), 0, n - 1, "lowest cell of placement", k, &low) < 0)
        return -1;
    e->piece = piece;
    e->low = low;
    mask = PyTuple_GET_ITEM(item, 2);
    e->mask = PyLong_Check(mask) ? PyLong_AsUnsignedLongLong(mask) : 0;
    int room = n - e->low; /* the cells from low to the board's end */
    if (PyErr_Occurred() || !(e->mask & 1) || (room < 64 && e->mask >> room)) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError,
                     "count(): the mask of placement %zd is not a 64-bit int with bit 0 set and "
                     "every bit on the board",
                     k);
        return -1;
    }
    return 0;
}

#include "_regions.h"

/* Each placement k of `all` (m of them, checked) into the lists of the search (see Count),
 * pieces with first_of[piece] >= 0 into theirs; -1 with an exception when memory lacks. */
static int make_lists(Count *t, const Entry *all, Py_ssize_t m, const int *first_of)
{
    size_t lists = (size_t)t->n * t->patterns + (size_t)t->n_first, bins, total;
    bins = lists * (size_t)t->pieces;
    size_t *at = PyMem_Calloc(bins + 1, sizeof(size_t));
    uint64_t *listed = PyMem_Calloc(m ? (size_t)m : 1, sizeof(uint64_t)); /* bit s: in list s */
    int status = -1;
    t->present = PyMem_Calloc(lists, sizeof(uint64_t));
    if (!at || !listed || !t->present) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 0; k < m; k++) { /* the patterns (at most 64) of k's lists: */
        const Entry *e = &all[k];
        unsigned free = ~(unsigned)(e->mask >> 1) & (t->patterns - 1), s = 0;
        if (first_of[e->piece] >= 0) /* a first piece's one list */
            listed[k] = 1;
        else
            do /* those that leave k's cells empty (the subsets of free), less the dead */
                listed[k] |= (uint64_t)!(t->n_steps && dead_in_pattern(t, e, s)) << s;
            while ((s = (s - free) & free));
    }
    for (int pass = 0; pass < 2; pass++) { /* count each bin's placements, then place them */
        for (Py_ssize_t k = 0; k < m; k++) {
            const Entry *e = &all[k];
            int f = first_of[e->piece];
            for (uint64_t left = listed[k]; left; left &= left - 1) {
                size_t s = (size_t)dlx_ctz64(left);
                size_t list = f >= 0 ? (size_t)t->n * t->patterns + (size_t)f
                                     : (size_t)e->low * t->patterns + s;
                size_t bin = list * (size_t)t->pieces + (size_t)e->piece;
                if (pass == 0) {
                    at[bin + 1]++;
                    t->present[list] |= 1ULL << e->piece;
                } else {
                    Entry *to = &t->entries[at[bin]++];
                    *to = *e;
                    to->near = grow(e->mask, t->steps[0], t->steps[1]) & ~e->mask;
                }
            }
        }
        if (pass == 1)
            break;
        for (size_t b = 0; b < bins; b++)
            at[b + 1] += at[b];
        total = at[bins];
        t->entries = total <= INT_MAX ? PyMem_Calloc(total ? total : 1, sizeof(Entry)) : NULL;
        t->start = total <= INT_MAX ? PyMem_Calloc(bins + 1, sizeof(int)) : NULL;
        if (!t->entries || !t->start) {
            PyErr_NoMemory();
            goto done;
        }
        for (size_t b = 0; b <= bins; b++)
            t->start[b] = (int)at[b];
    }
    status = 0;
done:
    PyMem_Free(at);
    PyMem_Free(listed);
    return status;
}

/* The table of states (see Memo) and the code of the copies left, when the product of
 * (copies + 1) over the pieces fits in 64 bits (else no table); -1 with an exception when
 * memory lacks. */
static int make_memo(Count *t)
{
    uint64_t radix = 1;
    if (!(t->radix = PyMem_Calloc((size_t)t->pieces, sizeof(uint64_t)))) {
        PyErr_NoMemory();
        return -1;
    }
    t->far = -1;
    for (int p = 0; p < t->pieces; p++) {
        uint64_t base = (uint64_t)t->copies[p] + 1;
        t->radix[p] = radix;
        t->left_code += (uint64_t)t->copies[p] * radix;
        if (radix > UINT64_MAX / base)
            return 0;
        radix *= base;
    }
    if (!(t->memo = PyMem_Calloc((size_t)1 << MEMO_BITS, sizeof(Memo)))) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* The board's blocked cells (filled from the start), the steps between neighbours and the
 * region sizes some pieces fill (see dead()); -1 with a ValueError if they are not right. */
static int read_board(Count *t, PyObject *blocked_obj, PyObject *steps_obj, PyObject *sums)
{
    PyObject *blocked = PySequence_Fast(blocked_obj, "count(): blocked must be a sequence");
    PyObject *steps = blocked ? PySequence_Fast(steps_obj, "count(): steps must be a sequence")
                              : NULL;
    int status = -1, most = 0;
    if (!steps)
        goto done;
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(blocked); k++) {
        int c;
        if (read_int(PySequence_Fast_GET_ITEM(blocked, k), 0, t->n - 1, "blocked cell", k, &c) < 0)
            goto done;
        t->board[c >> 6] |= 1ULL << (c & 63);
    }
    if (PySequence_Fast_GET_SIZE(steps) > 2) {
        PyErr_SetString(PyExc_ValueError, "count(): at most 2 steps between neighbours");
        goto done;
    }
    t->n_steps = (int)PySequence_Fast_GET_SIZE(steps);
    for (int k = 0; k < t->n_steps; k++) {
        if (read_int(PySequence_Fast_GET_ITEM(steps, k), 1, 63, "step", k, &t->steps[k]) < 0)
            goto done;
        most = t->steps[k] > most ? t->steps[k] : most;
    }
    t->interior = ~0ULL >> most;
    int bits = most - 1 >= PATTERN_BITS && most - 1 <= MOST_BITS ? most - 1 : PATTERN_BITS;
    t->patterns = 1u << bits;
    t->sums = PyLong_Check(sums) ? PyLong_AsUnsignedLongLong(sums) : 0;
    if (PyErr_Occurred() || !PyLong_Check(sums)) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "count(): sums is not a 64-bit int");
        goto done;
    }
    status = 0;
done:
    Py_XDECREF(blocked);
    Py_XDECREF(steps);
    return status;
}

/* Run a search (step: one slice of up to `budget` placements, 1 when it has ended) in
 * slices of SLICE without the GIL, looking for Ctrl-C and telling `progress` (NULL: no
 * one) the tilings so far (*count) between two: 0, or -1 with an exception. */
static int run(int (*step)(void *, long long), void *state, const long long *count,
               PyObject *progress)
{
    int ended = 0;
    for (long long placed = SLICE; !ended; placed += SLICE) {
        Py_BEGIN_ALLOW_THREADS;
        ended = step(state, SLICE);
        Py_END_ALLOW_THREADS;
        if (ended)
            break;
        if (PyErr_CheckSignals() < 0)
            return -1;
        PyObject *told = progress ? PyObject_CallFunction(progress, "LL", *count, placed) : NULL;
        if (progress && !told)
            return -1;
        Py_XDECREF(told);
    }
    return 0;
}

/* Whether counts by the fewest placements may filter with AVX-512 (wide()). */
static int use_wide = 1;

/* Whether this count will filter with AVX-512: asked for, built and in the processor. */
static int wide_now(void)
{
#ifdef DLX_WIDE
    return use_wide && dlx_has_wide();
#else
    return 0;
#endif
}

/* Count by the fewest placements (_fewest.h) the board and pieces read into t, with the
 * placements `all` (m of them) and the first pieces (first_of) as search() takes them:
 * the count into t->count; -1 with an exception if it failed. */
static int count_fewest(Count *t, const Entry *all, Py_ssize_t m, const int *first_of,
                        PyObject *progress)
{
    Fewest f;
    int first[MAX_PIECES], status = -1;
    memset(&f, 0, sizeof f);
    for (int p = 0; p < t->pieces; p++)
        if (first_of[p] >= 0)
            first[first_of[p]] = p;
    f.words = t->words;
    f.levels = t->levels;
    f.n_first = t->n_first;
    f.pieces = t->pieces;
    f.wide = wide_now();
    f.first = first;
    f.copies = t->copies;
    f.left = t->left;
    memcpy(f.board, t->board, sizeof f.board);
    f.node = PyMem_Calloc((size_t)t->levels, sizeof(Node));
    f.start = PyMem_Calloc((size_t)CHILD_SLOT(t->levels, 0) * (size_t)(t->pieces + 1),
                           sizeof(int));
    if (!f.node || !f.start || make_room(&f, 0, 2 * (size_t)m + PAST) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 0; k < m; k++) /* every placement, piece by piece */
        f.start[all[k].piece + 1]++;
    for (int p = 0; p < t->pieces; p++)
        f.start[p + 1] += f.start[p];
    int *at = f.start + t->pieces + 1; /* the next of each piece, in the slot of level 0 */
    memcpy(at, f.start, sizeof(int) * (size_t)t->pieces);
    for (Py_ssize_t k = 0; k < m; k++) {
        const Entry *e = &all[k];
        int s = e->low & 63, i = at[e->piece]++;
        f.m0[i] = e->mask << s;
        if (f.words > 1) {
            f.m1[i] = s ? e->mask >> (64 - s) : 0;
            f.word[i] = e->low >> 6;
        }
    }
    if (run(t->words == 1 ? fewest_1 : fewest_n, &f, &f.count, progress) < 0)
        goto done;
    if (f.failed) {
        PyErr_NoMemory();
        goto done;
    }
    t->count = f.count;
    status = 0;
done:
    PyMem_RawFree(f.m0);
    PyMem_RawFree(f.m1);
    PyMem_RawFree(f.word);
    PyMem_RawFree(f.cand);
    PyMem_Free(f.node);
    PyMem_Free(f.start);
    return status;
}

PyDoc_STRVAR(count_doc,
             "count(cells, copies, placements, first, blocked, steps, sums, progress=None,\n"
             "      fewest=False, /) -> int\n\n"
             "The number of tilings of a board of `cells` cells (1 to 1024) by pieces 0..P-1,\n"
             "copies[p] copies of piece p (alike: a tiling is a set of placements). A\n"
             "placement is (piece, low, mask): mask's bit b is cell low + b, bit 0 set. The\n"
             "pieces of `first` (distinct, one copy each) are placed first, in turn; then the\n"
             "lowest empty cell is filled until the board is full and no copy is left. The\n"
             "`blocked` cells are filled from the start. With `steps` (up to 2, each 1..63:\n"
             "the cells c +- step are c's neighbours, and only those), a placement that\n"
             "closes off a small region whose size s is not a bit of `sums` is dropped.\n"
             "`progress`, when not None, is called as progress(tilings, placements) with\n"
             "the counts so far every 4,194,304 placements; what it raises ends the count.\n"
             "With `fewest` true, after the first pieces the search fills the empty cell\n"
             "with the fewest placements that fit, or places the piece with one copy left\n"
             "and fewer: for solid boards; `steps` must then be empty (`sums` is unused).");

static PyObject *count_py(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs < 7 || nargs > 9) {
        PyErr_SetString(PyExc_TypeError, "count() takes 7 to 9 arguments (see its doc)");
        return NULL;
    }
    PyObject *progress = nargs >= 8 && args[7] != Py_None ? args[7] : NULL;
    int fewest = nargs == 9 ? PyObject_IsTrue(args[8]) : 0;
    if (fewest < 0)
        return NULL;
    if (progress && !PyCallable_Check(progress)) {
        PyErr_SetString(PyExc_TypeError, "count(): progress must be callable or None");
        return NULL;
    }
    PyObject *copies = NULL, *placements = NULL, *first = NULL, *result = NULL;
    Entry *all = NULL;
    int *first_of = NULL;
    Count t;
    memset(&t, 0, sizeof t);
    long n = PyLong_AsLong(args[0]);
    if ((n == -1 && PyErr_Occurred()) || n < 1 || n > MAX_CELLS) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "count(): a board has 1 to %d cells", MAX_CELLS);
        return NULL;
    }
    t.n = (int)n;
    t.words = (t.n + 63) / 64;
    if (!(copies = PySequence_Fast(args[1], "count(): copies must be a sequence of ints")) ||
        !(placements = PySequence_Fast(args[2], "count(): placements must be a sequence")) ||
        !(first = PySequence_Fast(args[3], "count(): first must be a sequence of pieces")))
        goto done;
    Py_ssize_t pieces = PySequence_Fast_GET_SIZE(copies);
    Py_ssize_t m = PySequence_Fast_GET_SIZE(placements);
    Py_ssize_t n_first = PySequence_Fast_GET_SIZE(first);
    if (pieces < 1 || pieces > MAX_PIECES || m > INT_MAX / 2) {
        PyErr_Format(PyExc_ValueError, "count(): 1 to %d pieces, fewer than 2**30 placements",
                     MAX_PIECES);
        goto done;
    }
    t.n_first = (int)n_first;
    t.pieces = (int)pieces;
    t.copies = PyMem_Calloc((size_t)pieces, sizeof(int));
    first_of = PyMem_Calloc((size_t)pieces, sizeof(int));
    all = PyMem_Calloc(m ? (size_t)m : 1, sizeof(Entry));
    if (!t.copies || !first_of || !all) {
        PyErr_NoMemory();
        goto done;
    }
    long long total = 0;
    for (Py_ssize_t p = 0; p < pieces; p++) {
        if (read_int(PySequence_Fast_GET_ITEM(copies, p), 0, t.n, "copies of piece", p, &t.copies[p]) < 0)
            goto done;
        total += t.copies[p];
        t.avail |= t.copies[p] ? 1ULL << p : 0;
        first_of[p] = -1;
    }
    for (Py_ssize_t f = 0; f < n_first; f++) {
        int p;
        if (read_int(PySequence_Fast_GET_ITEM(first, f), 0, (long)pieces - 1, "first piece", f, &p) < 0)
            goto done;
        if (first_of[p] >= 0 || t.copies[p] != 1) {
            PyErr_Format(PyExc_ValueError,
                         "count(): first piece %d is named twice or has not one copy", p);
            goto done;
        }
        first_of[p] = (int)f;
    }
    for (Py_ssize_t k = 0; k < m; k++)
        if (read_placement(placements, k, t.n, (int)pieces, &all[k]) < 0)
            goto done;
    t.left = (int)total; /* at most 64 * 1024 */
    t.levels = (total < t.n ? (int)total : t.n) + 1;
    if (!(t.frame = PyMem_Calloc((size_t)t.levels, sizeof(Frame)))) {
        PyErr_NoMemory();
        goto done;
    }
    for (int c = t.n; c < 64 * WORDS; c++) /* the cells past the board are never empty */
        t.board[c >> 6] |= 1ULL << (c & 63);
    if (read_board(&t, args[4], args[5], args[6]) < 0)
        goto done;
    if (fewest && t.n_steps) {
        PyErr_SetString(PyExc_ValueError, "count(): no steps with fewest (the region test is "
                                          "the lowest cell's)");
        goto done;
    }
    if (fewest ? count_fewest(&t, all, m, first_of, progress) < 0
               : make_lists(&t, all, m, first_of) < 0 || make_memo(&t) < 0 ||
                     run(search_slice, &t, &t.count, progress) < 0)
        goto done;
    result = PyLong_FromLongLong(t.count);
done:
    Py_XDECREF(copies);
    Py_XDECREF(placements);
    Py_XDECREF(first);
    void *arrays[] = {t.copies, first_of, all, t.entries, t.start, t.present, t.frame,
                      t.memo,   t.radix};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        PyMem_Free(arrays[k]);
    return result;
}

PyDoc_STRVAR(wide_doc,
             "wide(on, /) -> bool\n\n"
             "Whether counts with `fewest` on boards of one word filter their lists eight\n"
             "placements at a time with AVX-512 (on, the default) or one at a time in plain\n"
             "C (off: the tests check both ways): True when they will, which takes a\n"
             "compiler (GCC or Clang) and a processor (x86-64) that have it.");

static PyObject *wide_py(PyObject *Py_UNUSED(module), PyObject *on)
{
    int flag = PyObject_IsTrue(on);
    if (flag < 0)
        return NULL;
    use_wide = flag;
    return PyBool_FromLong(wide_now());
}

static PyMethodDef module_methods[] = {
    {"count", (PyCFunction)(void (*)(void))count_py, METH_FASTCALL, count_doc},
    {"fillable", (PyCFunction)(void (*)(void))fillable_py, METH_FASTCALL, fillable_doc},
    {"wide", wide_py, METH_O, wide_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "dlx._tile",
    .m_doc = "The count of dlx.tiling in C, filling the lowest empty cell or the one with the "
             "fewest placements, and the regions of its dead placements (optional accelerator).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__tile(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m && (PyModule_AddIntConstant(m, "MAX_CELLS", MAX_CELLS) < 0 ||
              PyModule_AddIntConstant(m, "MAX_PIECES", MAX_PIECES) < 0))
        Py_CLEAR(m);
    return m;
}
