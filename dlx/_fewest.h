/* dlx._tile's second search: at each node, the empty cell with the fewest placements that
 * fit, or the piece with one copy left and fewer placements still (included by _tile.c).
 *
 * Filling the lowest empty cell (_tile.c's search) suits flat boards; in space the lowest
 * cell often has many placements while another has one or none, and the choice of the
 * exact-cover loops (the item with the fewest options) wins there. This search makes that
 * choice on bitboards: each node holds the list of the placements that still fit (their
 * cells on the board empty, a copy of their piece left), made from its parent's list piece
 * by piece: the piece whose last copy was just placed is dropped at once, the others' in a
 * pass without branches; a second pass ORs the cells of what is kept, and a cell none
 * covers ends the node there (most nodes end so). A third counts, for every cell at once,
 * the placements covering it (bit-sliced counters, up to SATURATE: 15 made the tree of
 * 3x4x5 by the solid pentominoes 1.7 times larger; on a board of one word four placements
 * at a time through carry-save adders, 4% less time there); a piece's placements are the
 * length of its part of the list, and a piece with fewer than its copies left ends the
 * node too.
 * Every tiling is met once: a node tries each placement covering its cell (exactly one of
 * them is in any tiling), or each of its piece's (a piece with one copy left is in one).
 * The lists of a path lie one after another in one growing arena, a placement its cells
 * alone: 8 bytes on a board of one word, where a list kept as placements with their piece
 * (24 bytes) took three stores a placement and 15% more time on 3x4x5. A placement spans
 * the words `word` and `word + 1` of the board (from the lowest cell and mask that count()
 * reads); boards of one word get a search of their own, made from the same code with the
 * words fixed.
 */
#ifndef DLX_FEWEST_H
#define DLX_FEWEST_H

#define SLICES 5 /* the bit-sliced counters count 0..SATURATE, and "more" */
#define SATURATE ((1 << SLICES) - 1)

/* A level: the placement under way (k, of piece p) and the end of what it tries; what it
 * branches on, the cell (word `word`, bit `bit`) or the piece `piece` (-1 for a cell). */
typedef struct {
    int k, end, p, word, piece;
    uint64_t bit;
} Node;

/* A count by the fewest placements under way. The arena holds placements in three arrays
 * (a placement k is its cells m0[k] and m1[k] in words word[k] and word[k] + 1; boards of
 * one word keep m0 alone); a list is a run of it, piece by piece: piece p's placements in
 * the list of level L are [start[i + p], start[i + p + 1]) with i = (L + 1) * (pieces + 1),
 * and i = 0 for the list of every placement. */
typedef struct {
    int words, levels, n_first, pieces;
    const int *first; /* the pieces placed first, in turn */
    int *copies;      /* per piece, the copies left */
    uint64_t avail;   /* the pieces with copies left */
    int left;         /* copies left in all */
    uint64_t *m0, *m1;
    int *word;
    size_t size;      /* the arena's room, in placements */
    int *start;
    Node *node;       /* one a level */
    uint64_t board[WORDS]; /* the filled cells (those past the board too) */
    int level, started, failed; /* failed: the arena could not grow */
    long long count;
} Fewest;

/* Room in the arena for `more` placements after the first `used`: 0, or -1 when memory
 * lacks or the arena would pass INT_MAX placements (the GIL is not held: raw allocation). */
static int make_room(Fewest *t, size_t used, size_t more)
{
    if (used + more <= t->size)
        return 0;
    if (used + more > INT_MAX)
        return -1;
    size_t size = t->size * 2 > used + more ? t->size * 2 : used + more;
    if (size > SIZE_MAX / sizeof(uint64_t))
        return -1;
    uint64_t *m0 = PyMem_RawRealloc(t->m0, size * sizeof(uint64_t));
    if (m0)
        t->m0 = m0;
    if (!m0 || t->words == 1) {
        t->size = m0 ? size : t->size;
        return m0 ? 0 : -1;
    }
    uint64_t *m1 = PyMem_RawRealloc(t->m1, size * sizeof(uint64_t));
    if (m1)
        t->m1 = m1;
    int *word = m1 ? PyMem_RawRealloc(t->word, size * sizeof(int)) : NULL;
    if (!word)
        return -1; /* t->size stays: what grew is only more room */
    t->word = word;
    t->size = size;
    return 0;
}

/* Add the cells `m`, each counted 2**from times, to the bit-sliced counters
 * s[0..SLICES - 1] (s[SLICES]: counted past SATURATE). */
DLX_ALWAYS_INLINE void tally(uint64_t *s, uint64_t m, int from)
{
    uint64_t carry = m;
    for (int b = from; b < SLICES; b++) {
        uint64_t next = s[b] & carry;
        s[b] ^= carry;
        carry = next;
    }
    s[SLICES] |= carry;
}

/* A carry-save adder: *low + a + b becomes 2 * (what it returns) + *low. */
DLX_ALWAYS_INLINE uint64_t add3(uint64_t *low, uint64_t a, uint64_t b)
{
    uint64_t u = *low ^ a, high = (*low & a) | (u & b);
    *low = u ^ b;
    return high;
}

/* Make level `level`'s list from its parent's (or every placement), piece by piece: a
 * piece with no copy left is dropped at once, the others keep what fits the board; and
 * choose what the level branches on: 1 when it has something to try, 0 when not (a tiling
 * counted, or a dead end). W: the board's words (a constant in the search of one word). */
DLX_ALWAYS_INLINE int fill(Fewest *t, int level, const int W)
{
    const int P = t->pieces;
    const int *from = t->start + (size_t)level * (size_t)(P + 1);
    int *to = t->start + (size_t)(level + 1) * (size_t)(P + 1);
    Node *f = &t->node[level];
    if (make_room(t, (size_t)from[P], (size_t)(from[P] - from[0])) < 0) {
        t->failed = 1;
        return 0;
    }
    const uint64_t *board = t->board;
    const int *copies = t->copies;
    uint64_t avail = t->avail;
    uint64_t *m0 = t->m0, *m1 = t->m1;
    int *word = t->word;
    int top = from[P];
    uint64_t covered[WORDS + 1] = {0}; /* the cells of what is kept */
    uint64_t filled[WORDS]; /* the board, apart from the arena written below */
    memcpy(filled, board, sizeof filled[0] * (size_t)(W > 1 ? W + 1 : 1));
    Py_ssize_t end = top; /* wide indices in the loops: -fwrapv widens an int at each step */
    for (int p = 0; p < P; p++) {
        to[p] = (int)end;
        if (!(avail >> p & 1))
            continue;
        for (Py_ssize_t k = from[p]; k < from[p + 1]; k++) { /* no branch on what is kept */
            int w = W == 1 ? 0 : word[k];
            uint64_t a0 = m0[k], a1 = W > 1 ? m1[k] : 0;
            uint64_t hit = (filled[w] & a0) | (W > 1 ? filled[w + 1] & a1 : 0);
            m0[end] = a0;
            if (W > 1) {
                m1[end] = a1;
                word[end] = w;
            }
            end += !hit;
        }
    }
    to[P] = top = (int)end;
    if (W == 1) {
        uint64_t c0 = 0, c1 = 0;
        Py_ssize_t k = from[P];
        for (; k + 1 < top; k += 2) {
            c0 |= m0[k];
            c1 |= m0[k + 1];
        }
        covered[0] = c0 | c1 | (k < top ? m0[k] : 0);
    } else
        for (int k = from[P]; k < top; k++) {
            covered[word[k]] |= m0[k];
            covered[word[k] + 1] |= m1[k];
        }
    int full = 1;
    for (int w = 0; w < W; w++) {
        full &= !~board[w];
        if (~board[w] & ~covered[w])
            return 0; /* a cell nothing covers */
    }
    if (full) {
        t->count += t->left == 0;
        return 0;
    }
    int best = SATURATE + 1, piece = -1;
    for (int p = 0; p < P; p++) {
        int placements = to[p + 1] - to[p];
        if (placements < copies[p])
            return 0;
        if (copies[p] == 1 && placements < best) {
            best = placements;
            piece = p;
        }
    }
    if (level < t->n_first)
        piece = t->first[level];
    else {
        uint64_t s[WORDS + 1][SLICES + 1];
        memset(s, 0, sizeof s[0] * (size_t)(W + 1));
        Py_ssize_t k = to[0];
        if (W == 1) /* four at a time, carries saved (the Harley-Seal count): half the work */
            for (; k + 3 < top; k += 4) {
                uint64_t twos = add3(&s[0][0], m0[k], m0[k + 1]);
                twos = add3(&s[0][1], twos, add3(&s[0][0], m0[k + 2], m0[k + 3]));
                tally(s[0], twos, 2);
            }
        for (; k < top; k++) {
            int w = W == 1 ? 0 : word[k];
            tally(s[w], m0[k], 0);
            if (W > 1)
                tally(s[w + 1], m1[k], 0);
        }
        for (int n = 1; n < best && n <= SATURATE; n++) /* the first cell of the fewest */
            for (int w = 0; w < W; w++) {
                uint64_t at = ~board[w] & ~s[w][SLICES];
                for (int b = 0; b < SLICES; b++)
                    at &= n >> b & 1 ? s[w][b] : ~s[w][b];
                if (at) {
                    f->bit = at & (0 - at);
                    f->word = w;
                    piece = -1;
                    goto chosen;
                }
            }
        if (piece < 0) { /* every cell more than SATURATE: the first empty one */
            int w = 0;
            while (!~board[w])
                w++;
            f->bit = ~board[w] & (0 - ~board[w]);
            f->word = w;
        }
    }
chosen:
    f->piece = piece;
    f->p = piece < 0 ? 0 : piece;
    f->k = to[f->p];
    f->end = piece < 0 ? top : to[piece + 1];
    return 1;
}

/* 1 when placement k covers the cell node f branches on (a node of a cell). */
DLX_ALWAYS_INLINE int covers(const Fewest *t, const Node *f, Py_ssize_t k, const int W)
{
    int w = W == 1 ? 0 : t->word[k];
    return w == f->word ? (t->m0[k] & f->bit) != 0
                        : W > 1 && w + 1 == f->word && (t->m1[k] & f->bit);
}

/* Fill or empty again placement k's cells on the board, and take a copy of `piece` or give
 * it back. */
DLX_ALWAYS_INLINE void place(Fewest *t, int k, int piece, int sign, const int W)
{
    int w = W == 1 ? 0 : t->word[k];
    t->board[w] ^= t->m0[k];
    if (W > 1)
        t->board[w + 1] ^= t->m1[k];
    t->copies[piece] -= sign;
    t->left -= sign;
    if (t->copies[piece])
        t->avail |= 1ULL << piece;
    else
        t->avail &= ~(1ULL << piece);
}

/* Up to `budget` placements of the search of a board of W words; 1 when it has ended (or
 * failed), 0 when it paused. */
DLX_ALWAYS_INLINE int fewest(Fewest *t, long long budget, const int W)
{
    int level = t->level;
    if (!t->started) {
        t->started = 1;
        if (!fill(t, 0, W))
            return 1;
    }
    for (;;) {
        Node *f = &t->node[level];
        if (f->piece < 0) {
            Py_ssize_t k = f->k; /* wide, and in a register */
            while (k < f->end && !covers(t, f, k, W))
                k++;
            f->k = (int)k;
            const int *to = t->start + (size_t)(level + 1) * (size_t)(t->pieces + 1);
            while (f->k < f->end && f->k >= to[f->p + 1])
                f->p++;
        }
        if (f->k == f->end) { /* back up: take back the parent's placement, try its next */
            if (level == 0)
                return 1;
            f = &t->node[--level];
            place(t, f->k, f->p, -1, W);
            f->k++;
            continue;
        }
        place(t, f->k, f->p, 1, W);
        if (level + 1 < t->levels && fill(t, level + 1, W)) {
            level++;
        } else {
            if (t->failed)
                return 1;
            place(t, f->k, f->p, -1, W);
            f->k++;
        }
        if (--budget <= 0) { /* every placement made counts, kept or not */
            t->level = level;
            return 0;
        }
    }
}

static int fewest_1(void *t, long long budget) { return fewest(t, budget, 1); }
static int fewest_n(void *t, long long budget) { return fewest(t, budget, ((Fewest *)t)->words); }

#endif
