/* The search on option bitsets, for dlx/_search.c: dlx.bits.BitsLoop's idea in C, with
 * 64-bit words and popcount. Plain C: no Python object.
 *
 * Bit k of a mask is option k; the active options are a mask, and so is each item's set of
 * options and each option's conflicts: the options sharing an item with it, less those that
 * give a colored item the same color (Algorithm C's purify leaves them). Covering an item
 * is one AND NOT; committing an option is one AND NOT with its conflicts, which hides what
 * covering and purifying its items one by one would;
 * the options these take out lower the lengths of their primary items, a short walk over
 * each option's items in one array instead of unlinking nodes all over memory; undoing a
 * level is restoring the masks and lengths saved there, with no walk at all. The uncovered
 * primary items are a mask too, scanned lowest first, which is the active list's order when
 * the primary items are listed in index order; an item's options are tried lowest first,
 * its list's order when every list runs in option order. So the steps, the nodes, the
 * profile and the solutions are the dancing-links loop's, with colors too; updates counts the options taken out of the active set, as dlx.bits does. Seeded, it
 * makes the dancing-links loop's calls: choose among every uncovered item of fewest options
 * (in order), and shuffle the chosen item's options (in order) once, before covering it.
 */

#include <stdint.h>

#include "_portable.h"

typedef uint64_t Word;
#define WORD_BITS 64

/* A problem's masks, made once and shared: no search writes them. */
typedef struct {
    int n_items, n_primary, n_options, words, live_words; /* words a mask of options, items */
    Word *item;     /* item i's options at item[i * words], 1 <= i <= n_items */
    Word *conflict; /* option k's conflicts at conflict[k * words] */
    Word *covers;   /* option k's primary items (bit i - 1) at covers[k * live_words] */
    uint8_t *rows;  /* option k's primary items from rows[k * stride], then a 0: bytes in */
    int stride;     /* rows of one stride, small enough to stay in the fastest cache */
    int *len;       /* item i's options, 0 <= i <= n_primary */
} Masks;

/* One search on bitsets, and where it stands. */
typedef struct {
    Tally t;
    const Masks *m;
    Word *active, *live;                /* the active options, the uncovered primary items */
    int *len;                           /* primary item i's active options */
    Word *after, *live_after, *pending; /* per level: the masks once its item is covered, */
    int *len_after;                     /* the lengths then, and its options not tried yet */
    int *item, *size, *choice;          /* per level: its item, its options, the one tried */
    /* seeded (choose is not NULL), as a Dance is: level l tries order[start[l]..] in turn,
     * tried[l] of them so far; ties holds X3's */
    int (*choose)(void *context, const int *ties, int n);
    int (*shuffle)(void *context, int *order, int n, int i);
    void *context;
    int *ties, *order, *start, *tried;
} Bits;

static inline int popcount(Word w) { return dlx_popcount64(w); }
static inline int lowest(Word w) { return dlx_ctz64(w); }

static void masks_free(Masks *m)
{
    if (!m)
        return;
    PyMem_RawFree(m->item);
    PyMem_RawFree(m->conflict);
    PyMem_RawFree(m->covers);
    PyMem_RawFree(m->rows);
    PyMem_RawFree(m->len);
    PyMem_RawFree(m);
}

/* A colored entry of an option, by item then color then option: the options that give
 * an item one color are a run of these. */
typedef struct {
    int item, color, option;
} Shade;

static int shade_order(const void *a, const void *b)
{
    const Shade *x = a, *y = b;
    if (x->item != y->item)
        return x->item < y->item ? -1 : 1;
    if (x->color != y->color)
        return x->color < y->color ? -1 : 1;
    return (x->option > y->option) - (x->option < y->option);
}

/* Fill m->conflict: option k's row is the union of its items' options, less, for each
 * colored item, the options that give it k's color. 0, or -1 if out of memory. */
static int conflicts_new(Masks *m, const Node *nd, const int *first)
{
    const int W = m->words;
    size_t n_shades = 0;
    for (int k = 0; k < m->n_options; k++)
        for (int q = first[k]; nd[q].top > 0; q++)
            n_shades += nd[q].color > 0;
    Shade *shades = PyMem_RawMalloc((n_shades + 1) * sizeof(Shade));
    Word *same = PyMem_RawMalloc((size_t)W * sizeof(Word));
    if (!shades || !same) {
        PyMem_RawFree(shades);
        PyMem_RawFree(same);
        return -1;
    }
    size_t s = 0;
    for (int k = 0; k < m->n_options; k++)
        for (int q = first[k]; nd[q].top > 0; q++)
            if (nd[q].color > 0)
                shades[s++] = (Shade){nd[q].top, nd[q].color, k};
    qsort(shades, n_shades, sizeof(Shade), shade_order);
    for (int k = 0; k < m->n_options; k++) {
        Word *c = m->conflict + (size_t)k * W;
        for (int q = first[k]; nd[q].top > 0; q++) {
            const Word *options = m->item + (size_t)nd[q].top * W;
            if (nd[q].color <= 0) {
                for (int w = 0; w < W; w++)
                    c[w] |= options[w];
                continue;
            }
            /* the item's options less the run of those that give it this color, k's own
             * entry among them */
            Shade key = {nd[q].top, nd[q].color, k};
            const Shade *at = bsearch(&key, shades, n_shades, sizeof(Shade), shade_order);
            while (at > shades && at[-1].item == key.item && at[-1].color == key.color)
                at--;
            memcpy(same, options, (size_t)W * sizeof(Word));
            for (; at < shades + n_shades && at->item == key.item && at->color == key.color; at++)
                same[at->option / WORD_BITS] &= ~((Word)1 << (at->option % WORD_BITS));
            for (int w = 0; w < W; w++)
                c[w] |= same[w];
        }
    }
    PyMem_RawFree(shades);
    PyMem_RawFree(same);
    return 0;
}

/* The masks of a problem whose layout is nd[0..n_nodes) with options starting at first[],
 * or NULL if out of memory. */
static Masks *masks_new(const Node *nd, const int *first, int n_items, int n_primary,
                        int n_options)
{
    Masks *m = PyMem_RawCalloc(1, sizeof(Masks));
    if (!m)
        return NULL;
    int W = n_options / WORD_BITS + 1, V = n_primary / WORD_BITS + 1;
    m->n_items = n_items;
    m->n_primary = n_primary;
    m->n_options = n_options;
    m->words = W;
    m->live_words = V;
    m->item = PyMem_RawCalloc(((size_t)n_items + 1) * W, sizeof(Word));
    m->conflict = PyMem_RawCalloc((size_t)n_options * W + 1, sizeof(Word));
    m->covers = PyMem_RawCalloc((size_t)n_options * V + 1, sizeof(Word));
    m->len = PyMem_RawCalloc((size_t)n_primary + 1, sizeof(int));
    int most = 0; /* primary items of an option, at most */
    for (int k = 0; k < n_options; k++) {
        int count = 0;
        for (int q = first[k]; nd[q].top > 0; q++)
            count += nd[q].top <= n_primary;
        most = count > most ? count : most;
    }
    m->stride = most + 1; /* and the 0 */
    m->rows = PyMem_RawCalloc((size_t)n_options * m->stride + 1, 1);
    if (!m->item || !m->conflict || !m->covers || !m->len || !m->rows) {
        masks_free(m);
        return NULL;
    }
    for (int k = 0; k < n_options; k++) {
        uint8_t *row = m->rows + (size_t)k * m->stride;
        for (int q = first[k]; nd[q].top > 0; q++) {
            int i = nd[q].top;
            m->item[(size_t)i * W + k / WORD_BITS] |= (Word)1 << (k % WORD_BITS);
            if (i <= n_primary) {
                m->covers[(size_t)k * V + (i - 1) / WORD_BITS] |= (Word)1 << ((i - 1) % WORD_BITS);
                *row++ = (uint8_t)i; /* i <= BITS_MAX_PRIMARY < 256 */
                m->len[i]++;
            }
        }
    }
    if (conflicts_new(m, nd, first) < 0) {
        masks_free(m);
        return NULL;
    }
    return m;
}

static void bits_free(Bits *b)
{
    void *arrays[] = {b->active, b->live,   b->len,    b->after,  b->live_after, b->len_after,
                      b->pending, b->item, b->size,   b->choice, b->t.profile,  b->ties,
                      b->order,  b->start, b->tried};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        PyMem_RawFree(arrays[k]);
    memset(b, 0, sizeof *b);
}

/* Take the options of `options` out of the active set (into `hidden`, if not NULL), and
 * out of their primary items' lengths. */
static inline void bits_hide(Bits *b, const Word *options, Word *hidden)
{
    const Masks *m = b->m;
    Word *active = b->active;
    int *len = b->len;
    long long count = 0;
    for (int w = 0; w < m->words; w++) {
        Word gone = active[w] & options[w];
        if (hidden)
            hidden[w] = gone;
        active[w] ^= gone;
        for (; gone; gone &= gone - 1) {
            count++;
            for (const uint8_t *e = m->rows + (size_t)(w * WORD_BITS + lowest(gone)) * m->stride;
                 *e; e++)
                len[*e]--;
        }
    }
    b->t.updates += count;
}

/* Cover item i: take its options out of the active set, and i out of the live items. */
static inline void bits_cover(Bits *b, int i, Word *hidden)
{
    bits_hide(b, b->m->item + (size_t)i * b->m->words, hidden);
    if (i <= b->m->n_primary)
        b->live[(i - 1) / WORD_BITS] &= ~((Word)1 << ((i - 1) % WORD_BITS));
}

/* b as a fresh search over masks m, every option active, every primary item uncovered;
 * -1 if out of memory. */
static int bits_init(Bits *b, const Masks *m)
{
    memset(b, 0, sizeof *b);
    size_t depth = (size_t)m->n_primary + 1, W = m->words, V = m->live_words;
    b->m = m;
    b->t.at = AT_FORWARD;
    b->active = PyMem_RawCalloc(W, sizeof(Word));
    b->live = PyMem_RawCalloc(V, sizeof(Word));
    b->len = PyMem_RawCalloc(depth, sizeof(int));
    b->after = PyMem_RawCalloc(depth * W, sizeof(Word));
    b->live_after = PyMem_RawCalloc(depth * V, sizeof(Word));
    b->len_after = PyMem_RawCalloc(depth * depth, sizeof(int));
    b->pending = PyMem_RawCalloc(depth * W, sizeof(Word));
    b->item = PyMem_RawCalloc(depth, sizeof(int));
    b->size = PyMem_RawCalloc(depth, sizeof(int));
    b->choice = PyMem_RawCalloc(depth, sizeof(int));
    b->t.profile = PyMem_RawCalloc(depth, sizeof(long long));
    b->ties = PyMem_RawCalloc(depth, sizeof(int));
    b->order = PyMem_RawCalloc((size_t)m->n_options + 1, sizeof(int)); /* levels' are disjoint */
    b->start = PyMem_RawCalloc(depth + 1, sizeof(int));
    b->tried = PyMem_RawCalloc(depth, sizeof(int));
    if (!b->active || !b->live || !b->len || !b->after || !b->live_after || !b->len_after ||
        !b->pending || !b->item || !b->size || !b->choice || !b->t.profile || !b->ties ||
        !b->order || !b->start || !b->tried) {
        bits_free(b);
        return -1;
    }
    for (int k = 0; k < m->n_options; k++)
        b->active[k / WORD_BITS] |= (Word)1 << (k % WORD_BITS);
    for (int i = 0; i < m->n_primary; i++)
        b->live[i / WORD_BITS] |= (Word)1 << (i % WORD_BITS);
    memcpy(b->len, m->len, depth * sizeof(int));
    return 0;
}

/* Commit the forced option k: hide its conflicts and cover its primary items. */
static void bits_force(Bits *b, int k)
{
    const Masks *m = b->m;
    bits_hide(b, m->conflict + (size_t)k * m->words, NULL);
    for (int v = 0; v < m->live_words; v++)
        b->live[v] &= ~m->covers[(size_t)k * m->live_words + v];
}

/* As dance_run, on bitsets: FAILED when b->choose or b->shuffle failed (run
 * again to retry that step). */
static int bits_run(Bits *b, long long next_check, long long target)
{
    const Masks *m = b->m;
    const int W = m->words, V = m->live_words, D = m->n_primary + 1;
    Word *active = b->active, *live = b->live;
    int *len = b->len;
    int level = b->t.level, i, best, x;
    if (b->t.at == AT_END)
        return END;
    if (b->t.at == AT_BACKUP)
        goto backup;

forward:
    /* X3: the uncovered item with fewest options, lowest first (seeded: chosen among every
     * one of fewest); X2 when there is none */
    best = INT_MAX;
    i = 0;
    if (!b->choose) {
        for (int v = 0; v < V && best > 1; v++)
            for (Word left = live[v]; left && best > 1; left &= left - 1) {
                int j = v * WORD_BITS + lowest(left) + 1;
                if (len[j] < best) {
                    best = len[j];
                    i = j;
                }
            }
    } else {
        int n_ties = 0;
        for (int v = 0; v < V; v++)
            for (Word left = live[v]; left; left &= left - 1) {
                int j = v * WORD_BITS + lowest(left) + 1;
                if (len[j] < best) {
                    best = len[j];
                    n_ties = 0;
                }
                if (len[j] == best)
                    b->ties[n_ties++] = j;
            }
        if (n_ties && (i = b->choose(b->context, b->ties, n_ties)) <= 0) {
            b->t.at = AT_FORWARD;
            b->t.level = level;
            return FAILED;
        }
    }
    if (i == 0) { /* X2: every primary item is covered */
        if (tally_solution(&b->t, level, target))
            return SOLUTION;
        goto backup;
    }
    if (best == 0)
        goto backup;
    /* X4: cover i; its options, lowest first, are the ones to try (seeded: in the order of
     * one shuffle of them, made first so that a failed call leaves nothing to undo) */
    if (b->choose) {
        int *order = b->order + b->start[level], n = 0;
        const Word *options = m->item + (size_t)i * W;
        for (int w = 0; w < W; w++)
            for (Word o = active[w] & options[w]; o; o &= o - 1)
                order[n++] = w * WORD_BITS + lowest(o);
        if (b->shuffle(b->context, order, n, i) < 0) {
            b->t.at = AT_FORWARD;
            b->t.level = level;
            return FAILED;
        }
        b->start[level + 1] = b->start[level] + n;
        b->tried[level] = 0;
    }
    bits_cover(b, i, b->pending + (size_t)level * W);
    memcpy(b->after + (size_t)level * W, active, (size_t)W * sizeof(Word));
    memcpy(b->live_after + (size_t)level * V, live, (size_t)V * sizeof(Word));
    memcpy(b->len_after + (size_t)level * D, len, (size_t)D * sizeof(int));
    b->item[level] = i;
    b->size[level] = best;

try: /* X5: try the lowest option still pending at this level (seeded: the next in order) */
    {
        Word *pending = b->pending + (size_t)level * W;
        if (b->choose) {
            x = b->order[b->start[level] + b->tried[level]];
            pending[x / WORD_BITS] &= ~((Word)1 << (x % WORD_BITS));
        } else {
            int w = 0;
            while (!pending[w])
                w++;
            x = w * WORD_BITS + lowest(pending[w]);
            pending[w] &= pending[w] - 1;
        }
        b->choice[level] = x;
        bits_hide(b, m->conflict + (size_t)x * W, NULL);
        const Word *covers = m->covers + (size_t)x * V;
        for (int v = 0; v < V; v++)
            live[v] &= ~covers[v];
    }
    if (tally_node(&b->t, level++, next_check))
        return CHECKPOINT;
    goto forward;

backup: /* X8: leave levels, undoing their options (X6), until one has options left; X7,
         * uncovering, is restoring the masks of the level above */
    for (;;) {
        if (level == 0)
            return tally_end(&b->t);
        level--;
        const Word *pending = b->pending + (size_t)level * W;
        int w = 0;
        while (w < W && !pending[w])
            w++;
        if (w < W)
            break;
    }
    memcpy(active, b->after + (size_t)level * W, (size_t)W * sizeof(Word));
    memcpy(live, b->live_after + (size_t)level * V, (size_t)V * sizeof(Word));
    memcpy(len, b->len_after + (size_t)level * D, (size_t)D * sizeof(int));
    if (b->choose)
        b->tried[level]++;
    goto try;
}

/* How many options level l has tried before the current one, and how many it has. */
static void bits_branch(const Bits *b, int l, int *size, int *tried)
{
    const Word *pending = b->pending + (size_t)l * b->m->words;
    int left = 0;
    for (int w = 0; w < b->m->words; w++)
        left += popcount(pending[w]);
    *size = b->size[l];
    *tried = b->size[l] - left - 1;
}
