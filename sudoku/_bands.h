/* Algorithm X on the 9x9 sudoku's cover matrix, held band-wise, with propagation.
 *
 * The matrix of the usual 9x9 shape has 729 options (cell, digit) and 324 items: each cell,
 * and each (row, digit), (column, digit) and (box, digit). This is _masks.h's search for that
 * one shape, with the options laid out as the fastest solvers lay them (JCZSolve's band-wise
 * bit boards): for each band of three rows and each digit, one 27-bit word whose bit
 * 9 * (row in band) + column says that the option (cell, digit) is still in the matrix. The
 * item lengths are then bit tricks on those words, not scans:
 *
 *   - (row, digit): nine bits of a word; (box, digit): three triads (three bits) of a word;
 *     (column, digit): one bit of each band's word; (cell): one bit of nine words, counted
 *     bit-sliced (which cells have at least one option, which two, which three).
 *   - Covering an item (committing the option left to it: a "single") hides the option's
 *     other rows of the matrix: the cell's bit in the other digits' words, and the digit's bit
 *     in the cell's row, box and column.
 *   - Propagation goes further than forced items: within a band, a digit's three (row) items
 *     and three (box) items must be covered by a matching of rows to boxes, so a triad (three
 *     cells of a row in a box) on no matching is hidden (locked candidates, pointing and
 *     claiming, at once); within a stack, likewise, the digit's bands and columns must be
 *     matched. And a triad holds three digits: one left with options of only three digits
 *     holds all three (tdoku's rule), so they leave the rest of its row (column) and box.
 *
 * A word that changes marks its digit dirty; propagation runs until no digit is dirty and no
 * cell is forced. Where it stalls, the search branches on a cell item with fewest options (two
 * almost always; of those, the one with most peers of two or three: see bands_choose), trying
 * each digit on a copy of the state (about 120 bytes, no undo trail). A guess is an option
 * tried at a branch point where more remain untried (so a branch on two options is one guess,
 * as tdoku counts them). Plain C, no Python, no allocation: the caller may run it without the
 * GIL.
 */
#ifndef SUDOKU_BANDS_H
#define SUDOKU_BANDS_H

#include <stdint.h>
#include <string.h>

#include "_portable.h" /* in dlx/, on the include path */

#define BANDS_CELLS 81
#define BANDS_ALL 0x7ffffffu     /* the 27 cells of a band */
#define BANDS_CLASH (-2)         /* givens that break the rules */
#define BANDS_SPREAD 0x40201u    /* a 9-bit row copied to the band's three rows */

/* Tables, filled once by bands_tables_init (at import), read-only after. */
static uint8_t bands_triads[512];      /* a row's 9 bits -> which of its 3 triads are not empty */
static uint16_t bands_lone[512];       /* a row's 9 bits -> the same when only one is set */
static uint32_t bands_matched[512];    /* a band's triads not empty -> its cells on a matching */
static uint32_t bands_stack[512];      /* box 0 of a band's word, as a 3x3 matrix (bit
                                        * 3 * row + column) -> its bits on a matching of rows
                                        * to columns, as box 0 of a word */
static uint32_t bands_peers[81][3];   /* a cell -> the other cells of its row, column, box */
static uint32_t bands_triad_keep[9];  /* a row triad -> the band's cells its digit may keep */
static uint32_t bands_column_keep[9]; /* a column triad -> the same */

static void bands_tables_init(void)
{
    static const int matchings[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                        {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int m = 0; m < 512; m++) {
        uint32_t matched = 0, stack = 0;
        for (int p = 0; p < 6; p++) {
            int on = 1;
            for (int r = 0; r < 3; r++)
                on &= m >> (3 * r + matchings[p][r]) & 1;
            for (int r = 0; on && r < 3; r++) {
                matched |= 7u << (9 * r + 3 * matchings[p][r]);
                stack |= 1u << (3 * r + matchings[p][r]);
            }
        }
        int triads = 0;
        for (int x = 0; x < 3; x++)
            triads |= (m >> 3 * x & 7) != 0 ? 1 << x : 0;
        bands_triads[m] = (uint8_t)triads;
        bands_lone[m] = (uint16_t)(m & (m - 1) ? 0 : m);
        bands_matched[m] = matched;
        bands_stack[m] = (stack & 7) | (stack & 0x38) << 6 | (stack & 0x1c0) << 12;
    }
    for (int t = 0; t < 9; t++) {
        uint32_t row = 0x1ffu << 9 * (t / 3), box = 0x1c0e07u << 3 * (t % 3), triad = row & box;
        bands_triad_keep[t] = (~(row | box) & BANDS_ALL) | triad;
        uint32_t column = (1u << t) * BANDS_SPREAD, stack = 0x1c0e07u << 3 * (t / 3);
        bands_column_keep[t] = (~stack & BANDS_ALL) | column;
    }
    for (int c = 0; c < 81; c++) {
        int band = c / 27, row = c % 27 / 9, column = c % 9, box = column / 3;
        for (int b = 0; b < 3; b++) {
            uint32_t peers = (1u << column) * BANDS_SPREAD;
            if (b == band) {
                peers = 0x1ffu << 9 * row;
                for (int r = 0; r < 3; r++)
                    peers |= 7u << (9 * r + 3 * box);
                peers &= ~(1u << c % 27);
            }
            bands_peers[c][b] = peers;
        }
    }
}

/* What the search carries from node to node: word[9 * band + digit] (the options left),
 * the cells not yet committed per band, and the digits whose words to look at again. */
typedef struct {
    uint32_t word[27];
    uint32_t open[3];
    uint32_t dirty;
} BandsState;

/* One branch point: the state before it, the cell branched on, the digits not yet tried. */
typedef struct {
    BandsState state;
    int band, bit;
    uint32_t untried;
} BandsFrame;

typedef struct {
    BandsState now;
    BandsFrame frames[BANDS_CELLS];
    long long guesses; /* options tried where others were left untried, since bands_start */
} BandsSearch;

static inline uint32_t bands_columns(uint32_t w)
{
    return (w | w >> 9 | w >> 18) & 0x1ff;
}

/* A band's word -> the options alone in their rows. */
static inline uint32_t bands_lone_rows(uint32_t w)
{
    return bands_lone[w & 0x1ff] | bands_lone[w >> 9 & 0x1ff] << 9 |
           (uint32_t)bands_lone[w >> 18] << 18;
}

/* A band's word -> its triads not empty, bit 3 * row + box. */
static inline uint32_t bands_row_triads(uint32_t w)
{
    return bands_triads[w & 0x1ff] | bands_triads[w >> 9 & 0x1ff] << 3 |
           (uint32_t)bands_triads[w >> 18] << 6;
}

/* Hide options of (band, digit d): keep only `keep`; mark it dirty when it changed. */
static inline void bands_keep(BandsState *s, int band, int d, uint32_t keep)
{
    uint32_t *word = &s->word[9 * band + d], w = *word & keep;
    s->dirty |= (uint32_t)(w != *word) << d;
    *word = w;
}

/* Commit the option (cell `bit` of `band`, digit d), the last of its cell: hide the digit's
 * other options in the cell's row, box and column. */
static inline void bands_place(BandsState *s, int band, int bit, int d)
{
    const uint32_t *peers = bands_peers[27 * band + bit];
    uint32_t *word = s->word + d, w0 = word[0], w1 = word[9], w2 = word[18];
    uint32_t hidden = (w0 & peers[0]) | (w1 & peers[1]) | (w2 & peers[2]);
    word[0] = w0 & ~peers[0];
    word[9] = w1 & ~peers[1];
    word[18] = w2 & ~peers[2];
    s->dirty |= (uint32_t)(hidden != 0) << d;
    s->open[band] &= ~(1u << bit);
}

/* Commit the option (cell `bit` of `band`, digit d), which must be in the matrix: hide every
 * other option of its items (branch-free: the other digits of the cell, then bands_place). */
static inline void bands_commit(BandsState *s, int band, int bit, int d)
{
    uint32_t *word = s->word + 9 * band, cell = 1u << bit, had = 0;
    for (int e = 0; e < 9; e++) {
        had |= (word[e] >> bit & 1) << e;
        word[e] &= ~cell;
    }
    word[d] |= cell;
    s->dirty |= had & ~(1u << d);
    bands_place(s, band, bit, d);
}

static const int bands_next[3] = {1, 2, 0};

/* Propagate on the words of digit d until they stand still: -1 when an item is left empty.
 * Each band's rows and boxes must be matched (one triad a row and a box), and so must each
 * stack's bands and columns (one column of the stack a band, one band a column). */
static int bands_digit(BandsState *s, int d)
{
    uint32_t w0 = s->word[d], w1 = s->word[9 + d], w2 = s->word[18 + d];
    s->dirty &= ~(1u << d);
    for (;;) {
        w0 &= bands_matched[bands_row_triads(w0)];
        w1 &= bands_matched[bands_row_triads(w1)];
        w2 &= bands_matched[bands_row_triads(w2)];
        /* the bands' columns as a band's rows: a stack is then a box of three triads */
        uint32_t columns = bands_columns(w0) | bands_columns(w1) << 9 | bands_columns(w2) << 18;
        uint32_t kept = 0;
        for (int x = 0; x < 3; x++) {
            uint32_t box = columns >> 3 * x;
            kept |= bands_stack[(box & 7) | (box >> 6 & 0x38) | (box >> 12 & 0x1c0)] << 3 * x;
        }
        if (kept == columns)
            break;
        w0 &= (kept & 0x1ff) * BANDS_SPREAD;
        w1 &= (kept >> 9 & 0x1ff) * BANDS_SPREAD;
        w2 &= (kept >> 18) * BANDS_SPREAD;
    }
    if (!w0 || !w1 || !w2)
        return -1; /* no matching: a (row, digit), (box, digit) or (column, digit) item is empty */
    s->word[d] = w0;
    s->word[9 + d] = w1;
    s->word[18 + d] = w2;
    /* (row, digit) items with one option left: on a matching, no two share a unit */
    uint32_t lone[3] = {bands_lone_rows(w0) & s->open[0], bands_lone_rows(w1) & s->open[1],
                        bands_lone_rows(w2) & s->open[2]};
    if (lone[0] | lone[1] | lone[2])
        for (int band = 0; band < 3; band++)
            for (uint32_t t = lone[band]; t; t &= t - 1)
                bands_commit(s, band, dlx_ctz32(t), d);
    return 0;
}

/* Which open cells of `band` have at least one, two and three options left. */
static inline void bands_counts(const BandsState *s, int band, uint32_t *one, uint32_t *two,
                                uint32_t *three)
{
    uint32_t a = 0, b = 0, c = 0;
    for (int d = 0; d < 9; d++) {
        uint32_t w = s->word[9 * band + d];
        c |= b & w;
        b |= a & w;
        a |= w;
    }
    *one = a & s->open[band];
    *two = b & s->open[band];
    *three = c & s->open[band];
}

/* The triads of `band` (three cells of a row in a box, three of a column in a box) hold three
 * digits each: one whose options leave it fewer is dead (-1); one with exactly three must hold
 * all three, so each of those digits leaves the triad's row (column) outside its box and the
 * box outside the triad. */
static int bands_triad_rule(BandsState *s, int band)
{
    uint32_t triads[9], one = 0, two = 0, three = 0, four = 0; /* bit-sliced digit counts */
    for (int d = 0; d < 9; d++) { /* row triads in bits 0-8, column triads in 9-17 */
        uint32_t w = s->word[9 * band + d], t = bands_row_triads(w) | bands_columns(w) << 9;
        triads[d] = t;
        four |= three & t;
        three |= two & t;
        two |= one & t;
        one |= t;
    }
    if (three != 0x3ffff)
        return -1;
    uint32_t full = three & ~four;
    for (int d = 0; full && d < 9; d++) {
        uint32_t held = triads[d] & full, keep = BANDS_ALL;
        if (!held)
            continue;
        for (uint32_t t = held & 0x1ff; t; t &= t - 1)
            keep &= bands_triad_keep[dlx_ctz32(t)];
        uint32_t lone = held >> 9;
        for (uint32_t t = lone; t; t &= t - 1)
            keep &= bands_column_keep[dlx_ctz32(t)];
        bands_keep(s, band, d, keep);
        if (lone) {
            lone *= BANDS_SPREAD;
            bands_keep(s, bands_next[band], d, ~lone);
            bands_keep(s, bands_next[bands_next[band]], d, ~lone);
        }
    }
    return 0;
}

/* Propagate until nothing is dirty and no cell item is forced: -1 on an empty item. */
static int bands_propagate(BandsState *s)
{
    for (;;) {
        while (s->dirty) {
            if (bands_digit(s, dlx_ctz32(s->dirty)) < 0)
                return -1;
        }
        for (int band = 0; band < 3; band++) {
            uint32_t one, two, three;
            bands_counts(s, band, &one, &two, &three);
            if (one != s->open[band])
                return -1; /* a cell without options */
            for (uint32_t single = one & ~two; single; single &= single - 1) {
                int bit = dlx_ctz32(single), d = 0;
                while (d < 9 && !(s->word[9 * band + d] >> bit & 1))
                    d++;
                if (d == 9)
                    return -1;
                bands_place(s, band, bit, d);
            }
        }
        if (s->dirty)
            continue;
        for (int band = 0; band < 3; band++)
            if (s->open[band] && bands_triad_rule(s, band) < 0) /* a full band keeps them */
                return -1;
        if (!s->dirty)
            return 0;
    }
}

/* Start a search of `givens` (81 digits, 0 for a blank): the state that committing every
 * given leaves, computed directly, then propagated. 0, -1 when propagation empties an item,
 * BANDS_CLASH when two givens of a unit agree. */
static int bands_start(BandsSearch *search, const int *givens)
{
    BandsState *s = &search->now;
    uint32_t placed[27] = {0}, clash = 0;
    for (int k = 0; k < 27; k++)
        s->word[k] = BANDS_ALL;
    s->open[0] = s->open[1] = s->open[2] = BANDS_ALL;
    search->guesses = 0;
    for (int c = 0; c < BANDS_CELLS; c++) {
        int d = givens[c] - 1, band = c / 27;
        if (d < 0)
            continue;
        s->open[band] &= ~(1u << c % 27);
        placed[9 * band + d] |= 1u << c % 27;
        for (int b = 0; b < 3; b++)
            s->word[9 * b + d] &= ~bands_peers[c][b];
    }
    for (int k = 0; k < 27; k++) {
        clash |= placed[k] & ~s->word[k]; /* a given hidden by another one's peers */
        s->word[k] &= s->open[k / 9] | placed[k];
    }
    if (clash)
        return BANDS_CLASH;
    s->dirty = 0x1ff;
    return bands_propagate(s);
}

/* The cell item to branch on: one with the fewest options (two almost always; none has fewer
 * after propagation), and among those with two, the one with the most peers of two options
 * (counted twice) or three: its choice propagates furthest. Its band in *band, its bit
 * returned. */
static int bands_choose(const BandsState *s, int *band)
{
    uint32_t two[3], few[3], any = 0; /* cells of two options; of two or three */
    for (int b = 0; b < 3; b++) {
        uint32_t one = 0, more = 0, three = 0, four = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t w = s->word[9 * b + d];
            four |= three & w;
            three |= more & w;
            more |= one & w;
            one |= w;
        }
        two[b] = more & ~three & s->open[b];
        few[b] = more & ~four & s->open[b];
        any |= two[b];
    }
    int best = -1, top = -1;
    if (any) {
        for (int b = 0; b < 3; b++) {
            int b1 = bands_next[b], b2 = bands_next[b1];
            for (uint32_t t = two[b]; t; t &= t - 1) {
                int bit = dlx_ctz32(t), column = bit % 9;
                uint32_t peers = bands_peers[27 * b + bit][b];
                uint64_t near = (two[b] & peers) | (uint64_t)(few[b] & peers) << 27;
                uint32_t far = (two[b1] >> column & BANDS_SPREAD) |
                               (few[b1] >> column & BANDS_SPREAD) << 1 |
                               (two[b2] >> column & BANDS_SPREAD) << 2 |
                               (few[b2] >> column & BANDS_SPREAD) << 3;
                int score = dlx_popcount64(near) + dlx_popcount32(far);
                if (score > top) {
                    top = score;
                    best = bit;
                    *band = b;
                }
            }
        }
        return best;
    }
    int fewest = 10;
    for (int b = 0; b < 3; b++)
        for (uint32_t open = s->open[b]; open && fewest > 3; open &= open - 1) {
            int bit = dlx_ctz32(open), length = 0;
            for (int d = 0; d < 9; d++)
                length += s->word[9 * b + d] >> bit & 1;
            if (length < fewest) {
                fewest = length;
                best = bit;
                *band = b;
            }
        }
    return best;
}

/* Search on from a started state until `limit` solutions have been found or the tree is
 * exhausted; the number found, each one's digits (1-9) in turn in found_digits[81 * limit]. poll(context) is
 * called every `every` guesses; when it returns nonzero the search stops and returns -1. */
static int bands_count(BandsSearch *search, int limit, unsigned char *found_digits, long long every,
                       int (*poll)(void *), void *context)
{
    BandsState *s = &search->now;
    int found = 0, depth = 0, ok = 1;
    long long next_poll = search->guesses + every;
    for (;;) {
        if (ok && !(s->open[0] | s->open[1] | s->open[2])) {
            unsigned char *digits = found_digits + 81 * found++;
            for (int k = 0; k < 27; k++)
                for (uint32_t w = s->word[k]; w; w &= w - 1)
                    digits[27 * (k / 9) + dlx_ctz32(w)] = (unsigned char)(k % 9 + 1);
            if (found >= limit)
                return found;
            ok = 0;
        }
        if (search->guesses >= next_poll) {
            next_poll = search->guesses + every;
            if (poll(context))
                return -1;
        }
        BandsFrame *frame;
        if (ok) { /* branch on a cell item (bands_choose): save the state, try its first digit */
            frame = &search->frames[depth++];
            frame->state = *s;
            frame->bit = bands_choose(s, &frame->band);
            frame->untried = 0;
            for (int d = 0; d < 9; d++)
                frame->untried |= (s->word[9 * frame->band + d] >> frame->bit & 1) << d;
        } else { /* back to the latest branch point with a digit left, and try it */
            while (depth && !search->frames[depth - 1].untried)
                depth--;
            if (!depth)
                return found;
            frame = &search->frames[depth - 1];
            *s = frame->state;
        }
        int d = dlx_ctz32(frame->untried);
        frame->untried &= frame->untried - 1;
        search->guesses += frame->untried != 0;
        bands_commit(s, frame->band, frame->bit, d);
        ok = bands_propagate(s) == 0;
    }
}

#endif
