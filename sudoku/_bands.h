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
 *     and three (box) items must be covered by a matching of rows to boxes, so a triad on no
 *     matching is hidden (locked candidates, pointing and claiming, at once); across bands,
 *     a box whose digit is left in one column hides that column in the other bands, and a
 *     column whose digit is left in one band confines that band's box to the column.
 *
 * A word that changes marks its (band, digit) pair dirty; propagation runs until no pair is
 * dirty and no cell is forced. Where it stalls, the search branches on the cell item with
 * fewest options (minimum remaining values; two almost always), trying each digit on a copy
 * of the state (about 120 bytes, no undo trail). A guess is an option tried at a branch
 * point where more remain untried (so a branch on two options is one guess, as tdoku counts
 * them). Plain C, no Python, no allocation: the caller may run it without the GIL.
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
static uint8_t bands_triads[512];     /* a row's 9 bits -> which of its 3 triads are not empty */
static uint32_t bands_matched[512];   /* the 3x3 triads not empty -> cells on some matching */
static uint16_t bands_locked[512];    /* a band's columns -> those alone in their box's triad */
static uint32_t bands_confine[512];   /* columns of one band only -> the cells their boxes keep */
static uint32_t bands_peers[81][3];   /* a cell -> the other cells of its row, column, box */

static void bands_tables_init(void)
{
    static const int matchings[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                        {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int m = 0; m < 512; m++) {
        uint32_t matched = 0, confine = 0;
        int triads = 0, locked = 0;
        for (int x = 0; x < 3; x++) {
            int t = m >> 3 * x & 7;
            triads |= (t != 0) << x;
            if (t && !(t & (t - 1)))
                locked |= t << 3 * x;
            /* two columns of one box that only this band can hold: the box cannot */
            confine |= (uint32_t)(t == 0 ? 7 : t & (t - 1) ? 0 : t) << 3 * x;
        }
        for (int p = 0; p < 6; p++) {
            int on = 1;
            for (int r = 0; r < 3; r++)
                on &= m >> (3 * r + matchings[p][r]) & 1;
            for (int r = 0; on && r < 3; r++)
                matched |= 7u << (9 * r + 3 * matchings[p][r]);
        }
        bands_triads[m] = (uint8_t)triads;
        bands_matched[m] = matched;
        bands_locked[m] = (uint16_t)locked;
        bands_confine[m] = confine * BANDS_SPREAD;
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
 * the cells not yet committed per band, and the words to look at again (bit
 * 16 * band + digit, so that neither needs a division to find the other). */
typedef struct {
    uint32_t word[27];
    uint32_t open[3];
    uint64_t dirty;
} BandsState;

#define BANDS_DIRTY(band, d) ((uint64_t)1 << (16 * (band) + (d)))

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

/* Hide options of (band, digit d): keep only `keep`; mark it dirty when it changed. */
static inline void bands_keep(BandsState *s, int band, int d, uint32_t keep)
{
    uint32_t *word = &s->word[9 * band + d], w = *word & keep;
    s->dirty |= (uint64_t)(w != *word) << (16 * band + d);
    *word = w;
}

/* Commit the option (cell `bit` of `band`, digit d), which must be in the matrix: hide every
 * other option of its items (branch-free: the other digits of the cell, then the digit in
 * the cell's row, box and column). */
static inline void bands_commit(BandsState *s, int band, int bit, int d)
{
    const uint32_t *peers = bands_peers[27 * band + bit];
    uint32_t *word = s->word + 9 * band, cell = 1u << bit, had = 0;
    s->open[band] &= ~cell;
    for (int e = 0; e < 9; e++) {
        had |= (word[e] >> bit & 1) << e;
        word[e] &= ~cell;
    }
    word[d] |= cell;
    s->dirty |= (uint64_t)(had & ~(1u << d)) << 16 * band;
    for (int b = 0; b < 3; b++)
        bands_keep(s, b, d, ~peers[b]);
}

static const int bands_next[3] = {1, 2, 0};

/* Propagate on the word of (band, digit d) until it stands still: -1 when an item is left
 * empty. */
static int bands_digit(BandsState *s, int band, int d)
{
    int b1 = bands_next[band], b2 = bands_next[b1];
    uint32_t was = s->word[9 * band + d], w = was;
    uint32_t elsewhere = bands_columns(s->word[9 * b1 + d]) | bands_columns(s->word[9 * b2 + d]);
    s->dirty &= ~BANDS_DIRTY(band, d);
    for (;;) {
        uint32_t triads = bands_triads[w & 0x1ff] | bands_triads[w >> 9 & 0x1ff] << 3 |
                          bands_triads[w >> 18] << 6;
        w &= bands_matched[triads];
        uint32_t columns = bands_columns(w);
        if ((columns | elsewhere) != 0x1ff || !w)
            return -1; /* a (column, digit) or (row, digit) item without options */
        uint32_t confined = w & bands_confine[columns & ~elsewhere];
        if (confined == w)
            break;
        w = confined;
    }
    s->word[9 * band + d] = w;
    uint32_t columns = bands_columns(w);
    if (columns != bands_columns(was)) /* the other bands' confinements may change */
        s->dirty |= BANDS_DIRTY(b1, d) | BANDS_DIRTY(b2, d);
    uint32_t locked = bands_locked[columns] * BANDS_SPREAD;
    bands_keep(s, b1, d, ~locked);
    bands_keep(s, b2, d, ~locked);
    for (int r = 0; r < 3; r++) { /* a (row, digit) item with one option left */
        uint32_t row = w >> 9 * r & 0x1ff;
        int bit = 9 * r + dlx_ctz32(row);
        if (!(row & (row - 1)) && s->open[band] >> bit & 1)
            bands_commit(s, band, bit, d);
    }
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

/* Propagate until nothing is dirty and no cell item is forced: -1 on an empty item. */
static int bands_propagate(BandsState *s)
{
    for (;;) {
        while (s->dirty) {
            int k = dlx_ctz64(s->dirty);
            if (bands_digit(s, k >> 4, k & 15) < 0)
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
                bands_commit(s, band, bit, d);
            }
        }
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
    s->dirty = 0x1ff01ff01ffu;
    return bands_propagate(s);
}

/* The open cell with the fewest options: its band in *band, its bit returned. */
static int bands_shortest(const BandsState *s, int *band)
{
    int best = -1, fewest = 10;
    for (int b = 0; b < 3; b++) {
        uint32_t one, two, three;
        bands_counts(s, b, &one, &two, &three);
        if (two & ~three) { /* two options: none has fewer after propagation */
            *band = b;
            return dlx_ctz32(two & ~three);
        }
        for (uint32_t open = three; open && fewest > 3; open &= open - 1) {
            int bit = dlx_ctz32(open), length = 0;
            for (int d = 0; d < 9; d++)
                length += s->word[9 * b + d] >> bit & 1;
            if (length < fewest) {
                fewest = length;
                best = bit;
                *band = b;
            }
        }
    }
    return best;
}

/* Search on from a started state until `limit` solutions have been found or the tree is
 * exhausted; the number found, the first one's digits (1-9) in first[81]. poll(context) is
 * called every `every` guesses; when it returns nonzero the search stops and returns -1. */
static int bands_count(BandsSearch *search, int limit, unsigned char *first, long long every,
                       int (*poll)(void *), void *context)
{
    BandsState *s = &search->now;
    int found = 0, depth = 0, ok = 1;
    long long next_poll = search->guesses + every;
    for (;;) {
        if (ok && !(s->open[0] | s->open[1] | s->open[2])) {
            if (found++ == 0)
                for (int k = 0; k < 27; k++)
                    for (uint32_t w = s->word[k]; w; w &= w - 1)
                        first[27 * (k / 9) + dlx_ctz32(w)] = (unsigned char)(k % 9 + 1);
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
        if (ok) { /* branch on the shortest cell item: save the state, try its first digit */
            frame = &search->frames[depth++];
            frame->state = *s;
            frame->bit = bands_shortest(s, &frame->band);
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
