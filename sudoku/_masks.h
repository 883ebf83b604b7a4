/* Algorithm X on a sudoku's cover matrix, each item's remaining options one bitmask.
 *
 * The matrix of an n x n shape (sudoku/cover.py) has one option per (cell, digit) and, as
 * items, every cell ("filled") and every (unit, digit) ("the unit holds the digit"), where the
 * units are the rows, columns, boxes or regions and extra regions. Every item has exactly n
 * options, so its remaining ones fit in one word: a cell item's bit d is the option (cell, d),
 * a (unit, digit) item's bit k the option (k-th cell of the unit, digit). Knuth's cover and
 * hide become clearing one bit in each item of a removed option, and the length of an item
 * is a popcount.
 *
 * The search is Algorithm X with minimum remaining values. An item whose last-but-one option
 * goes is put on a queue as it happens and committed at once (its one option is forced, a
 * minimum choice by definition), and an item that loses its last option ends the branch, so
 * the full scan for the shortest item runs only where the search must branch. A branch point
 * saves the masks; trying the next option restores them (no undo trail). A search that has
 * guessed MASKS_STALL times (a big grid, a hard jigsaw) goes on with locked candidates and
 * subsets after the singles, and branches by dom/wdeg (_deep.h). It visits fewer
 * nodes than the dancing-links loop and may meet the solutions in another order, so it
 * answers how many (to a limit) and the solutions in the order it met them.
 *
 * Plain C, no Python: the caller may run it without the GIL. Memory is the caller's (sizes
 * from masks_need), so a search allocates nothing.
 */
#ifndef SUDOKU_MASKS_H
#define SUDOKU_MASKS_H

#include <stdint.h>
#include <string.h>

#include "_portable.h" /* in dlx/, on the include path */

typedef uint32_t Mask;        /* n <= 25 options an item */
#define MASKS_MAX_SIZE 25
#define COVERED ((Mask)~0u)    /* a covered item; more bits than any item has options */

/* The matrix of one shape, made once (masks_shape_init) and read-only after. Every cell has
 * per_cell slots, one for each unit holding it; a cell in fewer units fills the rest with a
 * sink unit whose items stay covered and whose bit is 0, so the loops over a cell's units
 * have one length per shape (and a constant one where the search is specialised). */
typedef struct {
    int n, cells, n_units;
    int items;                     /* cells, n per unit, then n sink items */
    int per_cell;                  /* slots a cell: the most units one cell is in */
    const int *units;              /* n_units rows of n cell indices (the caller's) */
    int *slot_unit;                /* per cell, per_cell slots: the unit (n_units: the sink) */
    int *slot_item;                /* per slot: the item (that unit, digit 0) */
    Mask *slot_bit;                /* per slot: the cell's bit in that unit's items (sink: 0) */
    int *item_unit;                /* per (unit, digit) item: the unit (no division in the */
    int *item_digit;               /* search): and the digit, 0-based */
} MasksShape;

/* One branch point: the item branched on, its options not yet tried, and the masks, chosen
 * digits and open item count to go back to. */
typedef struct {
    int item, open;
    Mask untried;
    Mask *masks;
    unsigned char *digits;
} MasksFrame;

/* A search's working memory for one shape: the current masks and digits, the queue of
 * forced items and a frame per possible branch point (at most one a cell). */
typedef struct {
    const MasksShape *shape;
    Mask *masks;
    unsigned char *digits; /* per cell, the digit committed (1-based), 0 while open */
    int open;              /* items not covered */
    int *queue, queued;
    unsigned *weight;      /* per unit, the dead ends met in it (masks_heaviest) */
    int failed;            /* the item of the latest dead end */
    unsigned char *dirty;  /* per unit and the sink: changed since its last masks_subsets */
    Mask *used;            /* per unit and the sink, the digits given in it */
    MasksFrame *frames;
    long long nodes;       /* options committed, forced or tried */
    long long guesses;     /* options tried at a branch point where others were left */
    int deep;              /* propagate past singles (masks_locked): the search stalled */
} MasksSearch;

/* Fill shape from `units` (n_units rows of n distinct cell indices below n * n, checked by
 * the caller), with memory from alloc; 0, or -1 when alloc failed (then free what it gave
 * with masks_shape_free). */
static int masks_shape_init(MasksShape *shape, int n, const int *units, int n_units,
                            void *(*alloc)(size_t), void (*release)(void *))
{
    int cells = n * n, groups = n_units * n, *filled;
    memset(shape, 0, sizeof *shape);
    shape->n = n;
    shape->cells = cells;
    shape->n_units = n_units;
    shape->items = cells + groups + n;
    shape->units = units;
    if (!(filled = alloc(sizeof(int) * (size_t)cells)))
        return -1;
    memset(filled, 0, sizeof(int) * (size_t)cells);
    for (int k = 0; k < groups; k++)
        filled[units[k]]++;
    shape->per_cell = 1;
    for (int c = 0; c < cells; c++)
        if (filled[c] > shape->per_cell)
            shape->per_cell = filled[c];
    size_t slots = (size_t)cells * shape->per_cell, unit_items = groups ? (size_t)groups : 1;
    shape->slot_unit = alloc(sizeof(int) * slots);
    shape->slot_item = alloc(sizeof(int) * slots);
    shape->slot_bit = alloc(sizeof(Mask) * slots);
    shape->item_unit = alloc(sizeof(int) * unit_items);
    shape->item_digit = alloc(sizeof(int) * unit_items);
    if (!shape->slot_unit || !shape->slot_item || !shape->slot_bit || !shape->item_unit ||
        !shape->item_digit) {
        release(filled);
        return -1;
    }
    for (size_t slot = 0; slot < slots; slot++) { /* the sink, until a unit takes the slot */
        shape->slot_unit[slot] = n_units;
        shape->slot_item[slot] = cells + groups;
        shape->slot_bit[slot] = 0;
    }
    memset(filled, 0, sizeof(int) * (size_t)cells);
    for (int u = 0; u < n_units; u++)
        for (int k = 0; k < n; k++) {
            int c = units[u * n + k], slot = c * shape->per_cell + filled[c]++;
            shape->slot_unit[slot] = u;
            shape->slot_item[slot] = cells + u * n;
            shape->slot_bit[slot] = (Mask)1 << k;
            shape->item_unit[u * n + k] = u;
            shape->item_digit[u * n + k] = k;
        }
    release(filled);
    return 0;
}

static void masks_shape_free(MasksShape *shape, void (*release)(void *))
{
    release(shape->slot_unit);
    release(shape->slot_item);
    release(shape->slot_bit);
    release(shape->item_unit);
    release(shape->item_digit);
}

/* Bytes of working memory a search on shape needs (masks_search_init lays them out). */
static size_t masks_need(const MasksShape *shape)
{
    size_t level = sizeof(Mask) * (size_t)shape->items + (size_t)shape->cells;
    size_t frames = (size_t)shape->cells + 1;
    size_t queue = sizeof(int) * (size_t)shape->items, used = sizeof(Mask) * (size_t)shape->items;
    size_t dirty = (size_t)shape->n_units + 1;
    return sizeof(MasksFrame) * frames + 2 * queue + used + level * (frames + 1) + dirty;
}

/* Lay out a search over `memory` (masks_need(shape) bytes, suitably aligned). */
static void masks_search_init(MasksSearch *s, const MasksShape *shape, void *memory)
{
    size_t items = (size_t)shape->items, cells = (size_t)shape->cells;
    char *next = memory;
    s->shape = shape;
    s->frames = (MasksFrame *)next;
    next += sizeof(MasksFrame) * (cells + 1);
    s->queue = (int *)next;
    next += sizeof(int) * items;
    s->weight = (unsigned *)next;
    next += sizeof(unsigned) * items;
    s->used = (Mask *)next; /* n_units of them: fewer than items */
    next += sizeof(Mask) * items;
    s->masks = (Mask *)next;
    next += sizeof(Mask) * items;
    for (size_t f = 0; f <= cells; f++) {
        s->frames[f].masks = (Mask *)next;
        next += sizeof(Mask) * items;
    }
    s->digits = (unsigned char *)next;
    next += cells;
    for (size_t f = 0; f <= cells; f++) {
        s->frames[f].digits = (unsigned char *)next;
        next += cells;
    }
    s->dirty = (unsigned char *)next;
}

static inline int masks_lowest(Mask x)
{
    return dlx_ctz32(x);
}

/* The search's steps take k, the shape's slots a cell, as an argument and are always
 * inlined, so that masks_start and masks_count can be made for k == 3 (rows, columns and
 * boxes) with the loops over a cell's units unrolled, from this one source. */
#define MASKS_STEP DLX_ALWAYS_INLINE
/* Guesses after which a search propagates past singles (masks_propagate); the cost of a
 * node then, in nodes without it (how much sooner the search polls). */
#define MASKS_STALL 256
#define MASKS_DEEP_NODE 64

/* Clear `bit` of item i; -1 when the item is left without options. An item left with one
 * goes on the queue to be committed. */
MASKS_STEP int masks_clear(MasksSearch *s, int i, Mask bit)
{
    Mask left = s->masks[i] &= ~bit;
    if (!(left & (left - 1))) {
        if (!left) {
            s->failed = i;
            return -1;
        }
        s->queue[s->queued++] = i;
    }
    return 0;
}

/* Remove the option (cell, d) from its items but `covering` (the item being covered, which
 * is marked covered afterwards anyway): Knuth's hide. -1 when an item is left empty. */
MASKS_STEP int masks_hide(MasksSearch *s, int cell, int d, int covering, int k)
{
    const int *item = s->shape->slot_item + cell * k;
    const Mask *bit = s->shape->slot_bit + cell * k;
    if (s->deep) /* the cell's units change */
        for (int j = 0; j < k; j++)
            s->dirty[s->shape->slot_unit[cell * k + j]] = 1;
    if (cell != covering && masks_clear(s, cell, (Mask)1 << d) < 0)
        return -1;
    for (int j = 0; j < k; j++)
        if (item[j] + d != covering && masks_clear(s, item[j] + d, bit[j]) < 0)
            return -1;
    return 0;
}

/* Cover item i (with option `keep` of it chosen): hide its other options, mark it covered. */
MASKS_STEP int masks_cover(MasksSearch *s, int i, Mask keep, int k)
{
    const MasksShape *shape = s->shape;
    Mask others = s->masks[i] & ~keep;
    if (i < shape->cells) {
        for (; others; others &= others - 1)
            if (masks_hide(s, i, masks_lowest(others), i, k) < 0)
                return -1;
    } else {
        int g = i - shape->cells, d = shape->item_digit[g];
        const int *unit = shape->units + (size_t)shape->item_unit[g] * shape->n;
        for (; others; others &= others - 1)
            if (masks_hide(s, unit[masks_lowest(others)], d, i, k) < 0)
                return -1;
    }
    s->masks[i] = COVERED;
    return 0;
}

/* Commit option b of item i (bit b of its mask): cover each item of that option, (cell, d).
 * -1 when that leaves an item without options. */
MASKS_STEP int masks_commit(MasksSearch *s, int i, int b, int k)
{
    const MasksShape *shape = s->shape;
    int cell = i, d = b;
    if (i >= shape->cells) {
        int g = i - shape->cells;
        cell = shape->units[(size_t)shape->item_unit[g] * shape->n + b];
        d = shape->item_digit[g];
    }
    const int *item = shape->slot_item + cell * k;
    const Mask *bit = shape->slot_bit + cell * k;
    if (s->deep)
        for (int j = 0; j < k; j++)
            s->dirty[shape->slot_unit[cell * k + j]] = 1;
    s->nodes++;
    s->digits[cell] = (unsigned char)(d + 1);
    if (masks_cover(s, cell, (Mask)1 << d, k) < 0)
        return -1;
    for (int j = 0; j < k; j++)
        if (bit[j]) { /* not the sink */
            if (masks_cover(s, item[j] + d, bit[j], k) < 0)
                return -1;
            s->open--;
        }
    s->open--;
    return 0;
}

/* Commit every item on the queue still open (each has one option left); -1 on an empty one. */
MASKS_STEP int masks_singles(MasksSearch *s, int k)
{
    while (s->queued) {
        int i = s->queue[--s->queued];
        Mask left = s->masks[i];
        if (left != COVERED && masks_commit(s, i, masks_lowest(left), k) < 0)
            return -1;
    }
    return 0;
}

#include "_deep.h" /* locked candidates, subsets, dom/wdeg: once a search stalls */

/* Commit the singles; then, once the search has stalled (s->deep), hide what locked
 * candidates and subsets rule out and commit the singles that leaves, until none of them
 * finds more. -1 when an item is left empty. */
MASKS_STEP int masks_propagate(MasksSearch *s, int k)
{
    for (;;) {
        if (masks_singles(s, k) < 0)
            return -1;
        if (!s->deep)
            return 0;
        int found = masks_locked(s, k);
        for (int u = 0; found >= 0 && u < s->shape->n_units; u++) {
            if (!s->dirty[u])
                continue;
            s->dirty[u] = 0; /* set again by what it hides */
            int subsets = masks_subsets(s, u, k);
            found = subsets < 0 ? -1 : found | subsets;
        }
        if (found <= 0)
            return found;
    }
}

/* Start a search of the puzzle `givens` (per cell, 0 or a digit 1..n): the state that
 * committing every given would leave, computed directly (each unit's digits; each open
 * cell's candidates; each open (unit, digit)'s cells), then every item left with one option
 * committed. 0; -1 when some item is left without options; MASKS_CLASH when a unit is given
 * a digit twice. Branch-free where it can be: givens fall where the predictor cannot guess. */
#define MASKS_CLASH (-2)
MASKS_STEP int masks_start_k(MasksSearch *s, const int *givens, int k)
{
    const MasksShape *shape = s->shape;
    const int n = shape->n, cells = shape->cells, groups = shape->n_units * n;
    const Mask full = (Mask)((1ull << n) - 1);
    Mask *masks = s->masks, *used = s->used, clash = 0;
    s->open = cells + groups;
    for (int g = 0, u = 0; u < shape->n_units; u++) { /* used[u]: the digits given in unit u */
        Mask seen = 0;
        for (int j = 0; j < n; j++, g++) {
            Mask bit = (Mask)1 << givens[shape->units[g]] >> 1; /* 0 for a blank */
            clash |= seen & bit;
            seen |= bit;
        }
        used[u] = seen;
        for (int d = 0; d < n; d++) /* a given digit's item is covered */
            masks[cells + u * n + d] = -(seen >> d & 1);
        s->open -= dlx_popcount32(seen);
    }
    if (clash)
        return MASKS_CLASH;
    used[shape->n_units] = 0;
    for (int d = 0; d < n; d++)
        masks[cells + groups + d] = COVERED;
    for (int c = 0; c < cells; c++) {
        const int *unit = shape->slot_unit + c * k, *item = shape->slot_item + c * k;
        const Mask *bit = shape->slot_bit + c * k;
        Mask taken = 0, given = -(Mask)(givens[c] != 0);
        s->digits[c] = (unsigned char)givens[c];
        s->open += (int)given; /* -1 for a given cell */
        for (int j = 0; j < k; j++)
            taken |= used[unit[j]];
        Mask left = full & ~taken & ~given;
        masks[c] = left | given;
        for (; left; left &= left - 1) {
            int d = masks_lowest(left);
            for (int j = 0; j < k; j++)
                masks[item[j] + d] |= bit[j];
        }
    }
    s->queued = 0;
    s->nodes = 0;
    s->guesses = 0;
    s->deep = 0;
    s->failed = 0;
    memset(s->weight, 0, sizeof(unsigned) * (size_t)shape->items);
    memset(s->dirty, 1, (size_t)shape->n_units + 1);
    for (int i = 0; i < cells + groups; i++) {
        Mask m = masks[i];
        if (!(m & (m - 1))) {
            if (!m)
                return -1;
            s->queue[s->queued++] = i;
        }
    }
    return masks_propagate(s, k);
}

/* The open item with the fewest options (the first of them; any with two will do, since a
 * propagated state has none with fewer). */
static int masks_shortest(const MasksSearch *s)
{
    int best = 0, fewest = dlx_popcount32(COVERED);
    for (int i = 0; i < s->shape->items; i++) {
        Mask m = s->masks[i], rest = m & (m - 1);
        if (!(rest & (rest - 1)))
            return i;
        int length = dlx_popcount32(m);
        if (length < fewest) {
            fewest = length;
            best = i;
        }
    }
    return best;
}

/* Search on from a started state until `limit` solutions in all have been found or the tree
 * is exhausted; returns the number found. Each one's digits go in turn to found_digits[]
 * (cells bytes a solution, room for `limit`). poll(context) is called every `every` nodes; when it returns nonzero the search
 * stops and returns -1. */
MASKS_STEP int masks_count_k(MasksSearch *s, int limit, unsigned char *found_digits, long long every,
                             int (*poll)(void *), void *context, int k)
{
    const MasksShape *shape = s->shape;
    size_t mask_bytes = sizeof(Mask) * (size_t)shape->items, cells = (size_t)shape->cells;
    int found = 0, depth = 0, ok = 1;
    long long next_poll = s->nodes + every;
    for (;;) {
        if (ok && s->open == 0) {
            memcpy(found_digits + cells * (size_t)found++, s->digits, cells);
            if (found >= limit)
                return found;
            ok = 0;
        }
        if (s->nodes >= next_poll) { /* a node past propagation takes far longer */
            next_poll = s->nodes + (s->deep ? every / MASKS_DEEP_NODE + 1 : every);
            if (poll(context))
                return -1;
        }
        if (ok && !s->deep && s->guesses >= MASKS_STALL) { /* propagate more from here */
            s->deep = 1;
            memset(s->dirty, 1, (size_t)shape->n_units + 1);
            ok = masks_propagate(s, k) == 0;
            continue;
        }
        if (ok) { /* branch on the shortest item: save, then try its first option */
            MasksFrame *frame = &s->frames[depth++];
            int i = s->deep ? masks_heaviest(s, k) : masks_shortest(s);
            Mask m = s->masks[i];
            frame->item = i;
            frame->untried = m & (m - 1);
            s->guesses += frame->untried != 0;
            frame->open = s->open;
            memcpy(frame->masks, s->masks, mask_bytes);
            memcpy(frame->digits, s->digits, cells);
            ok = masks_commit(s, i, masks_lowest(m), k) == 0 && masks_propagate(s, k) == 0;
            if (!ok && s->deep)
                masks_weigh(s, s->failed, k);
            continue;
        }
        /* back to the latest branch point with an option left, and try it */
        while (depth && !s->frames[depth - 1].untried)
            depth--;
        if (!depth)
            return found;
        MasksFrame *frame = &s->frames[depth - 1];
        Mask m = frame->untried;
        frame->untried = m & (m - 1);
        s->guesses += frame->untried != 0;
        memcpy(s->masks, frame->masks, mask_bytes);
        memcpy(s->digits, frame->digits, cells);
        s->open = frame->open;
        s->queued = 0;
        if (s->deep) /* the frame's state was propagated: only what changes now is due */
            memset(s->dirty, 0, (size_t)shape->n_units + 1);
        ok = masks_commit(s, frame->item, masks_lowest(m), k) == 0 && masks_propagate(s, k) == 0;
        if (!ok && s->deep)
            masks_weigh(s, s->failed, k);
    }
}

/* masks_start_k and masks_count_k, unrolled for the usual three units a cell. */
static int masks_start(MasksSearch *s, const int *givens)
{
    int k = s->shape->per_cell;
    return k == 3 ? masks_start_k(s, givens, 3) : masks_start_k(s, givens, k);
}

static int masks_count(MasksSearch *s, int limit, unsigned char *found_digits, long long every,
                       int (*poll)(void *), void *context)
{
    int k = s->shape->per_cell;
    return k == 3 ? masks_count_k(s, limit, found_digits, every, poll, context, 3)
                  : masks_count_k(s, limit, found_digits, every, poll, context, k);
}

#endif
