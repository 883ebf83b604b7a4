/* dlx._tile's second search: at each node, the empty cell with the fewest placements that
 * fit, or the piece with one copy left and fewer placements still (included by _tile.c).
 *
 * Filling the lowest empty cell (_tile.c's search) suits flat boards; in space the lowest
 * cell often has many placements while another has one or none, and the choice of the
 * exact-cover loops (the item with the fewest options) wins there. This search makes that
 * choice on bitboards: each node holds the list of the placements that still fit (their
 * cells on the board empty, a copy of their piece left), made from its parent's list in a
 * pass without branches that also finds the cells they cover: a cell none covers ends the
 * node there (most nodes end so). A second pass counts, for every cell at once, the
 * placements covering it (bit-sliced counters, up to SATURATE: 15 made the tree of 3x4x5
 * by the solid pentominoes 1.7 times larger) and, per piece, its placements; a piece with
 * fewer placements than copies left ends the node too. Every tiling is met once:
 * a node tries each placement covering its cell (exactly one of them is in any tiling), or
 * each of its piece's (a piece with one copy left is in one). The lists of a path lie one
 * after another in one growing arena. A placement is its words `word` and `word + 1` of the
 * board (from the lowest cell and mask that count() reads); boards of one word get a
 * search of their own, made from the same code with the words fixed.
 */
#ifndef DLX_FEWEST_H
#define DLX_FEWEST_H

#define SLICES 5 /* the bit-sliced counters count 0..SATURATE, and "more" */
#define SATURATE ((1 << SLICES) - 1)

/* A placement as the search keeps it: its cells in words word and word + 1, its piece. */
typedef struct {
    uint64_t m0, m1;
    int word, piece;
} Cover;

/* A level: its list, arena[begin..end); the placement under way (k); what it branches on,
 * the cell (word `word`, bit `bit`) or the piece `piece` (-1 for a cell). */
typedef struct {
    int begin, end, k, word, piece;
    uint64_t bit;
} Node;

/* A count by the fewest placements under way. */
typedef struct {
    int words, levels, n_first, pieces, m; /* m: the placements, arena[0..m) at the start */
    const int *first; /* the pieces placed first, in turn */
    int *copies;      /* per piece, the copies left */
    uint64_t avail;   /* the pieces with copies left */
    int left;         /* copies left in all */
    Cover *arena;
    size_t size;      /* arena's room, in Covers */
    Node *node;       /* one a level */
    uint64_t board[WORDS]; /* the filled cells (those past the board too) */
    int level, started, failed; /* failed: the arena could not grow */
    long long count;
} Fewest;

/* Room in the arena for `more` Covers after the first `used`: 0, or -1 when memory lacks
 * or the arena would pass INT_MAX Covers (the GIL is not held: raw allocation). */
static int make_room(Fewest *t, size_t used, size_t more)
{
    if (used + more <= t->size)
        return 0;
    if (used + more > INT_MAX)
        return -1;
    size_t size = t->size * 2 > used + more ? t->size * 2 : used + more;
    Cover *arena = size <= SIZE_MAX / sizeof(Cover) ? PyMem_RawRealloc(t->arena, size * sizeof(Cover))
                                                   : NULL;
    if (!arena)
        return -1;
    t->arena = arena;
    t->size = size;
    return 0;
}

/* Add the cells `m` to the bit-sliced counters s[0..SLICES - 1] (s[SLICES]: counted past
 * SATURATE). */
DLX_ALWAYS_INLINE void tally(uint64_t *s, uint64_t m)
{
    uint64_t carry = m;
    for (int b = 0; b < SLICES; b++) {
        uint64_t next = s[b] & carry;
        s[b] ^= carry;
        carry = next;
    }
    s[SLICES] |= carry;
}

/* Make level `level`'s list from arena[from..to) (its parent's, or every placement), keep
 * what fits the board, and choose what the level branches on: 1 when it has something to
 * try, 0 when not (a tiling counted, or a dead end). W: the board's words (a constant in
 * the search of one word). */
DLX_ALWAYS_INLINE int fill(Fewest *t, int level, int from, int to, const int W)
{
    Node *f = &t->node[level];
    if (make_room(t, (size_t)to, (size_t)(to - from)) < 0) {
        t->failed = 1;
        return 0;
    }
    const uint64_t *board = t->board;
    const int *copies = t->copies;
    uint64_t avail = t->avail;
    Cover *a = t->arena;
    uint64_t s[WORDS + 1][SLICES + 1];
    int placements[MAX_PIECES];
    memset(s, 0, sizeof s[0] * (size_t)(W + 1));
    memset(placements, 0, sizeof placements[0] * (size_t)t->pieces);
    int top = to;
    uint64_t covered[WORDS + 1] = {0}; /* the cells of what is kept */
    uint64_t filled[WORDS]; /* the board, apart from the arena written below */
    memcpy(filled, board, sizeof filled[0] * (size_t)(W > 1 ? W + 1 : 1));
    for (int k = from; k < to; k++) { /* no branch on what is kept: it is not foreseen */
        const Cover x = a[k];
        int w = W == 1 ? 0 : x.word;
        uint64_t hit = (filled[w] & x.m0) | (W > 1 ? filled[w + 1] & x.m1 : 0);
        uint64_t keep = (uint64_t)!hit & avail >> x.piece;
        uint64_t all = 0 - keep;
        a[top] = x;
        top += (int)keep;
        covered[w] |= x.m0 & all;
        if (W > 1)
            covered[w + 1] |= x.m1 & all;
    }
    f->begin = f->k = to;
    f->end = top;
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
    int cur = a[to].piece, run = 0; /* the placements of one piece in a row */
    for (int k = to; k < top; k++) {
        const Cover *x = &a[k];
        int w = W == 1 ? 0 : x->word;
        tally(s[w], x->m0);
        if (W > 1)
            tally(s[w + 1], x->m1);
        if (x->piece != cur) {
            placements[cur] += run;
            cur = x->piece;
            run = 0;
        }
        run++;
    }
    placements[cur] += run;
    int best = SATURATE + 1, piece = -1;
    for (int p = 0; p < t->pieces; p++) {
        if (placements[p] < copies[p])
            return 0;
        if (copies[p] == 1 && placements[p] < best) {
            best = placements[p];
            piece = p;
        }
    }
    if (level < t->n_first) {
        f->piece = t->first[level];
        return 1;
    }
    for (int n = 1; n < best && n <= SATURATE; n++) /* the first cell of the fewest */
        for (int w = 0; w < W; w++) {
            uint64_t at = ~board[w] & ~s[w][SLICES];
            for (int b = 0; b < SLICES; b++)
                at &= n >> b & 1 ? s[w][b] : ~s[w][b];
            if (at) {
                f->piece = -1;
                f->word = w;
                f->bit = at & (0 - at);
                return 1;
            }
        }
    if (piece < 0) { /* every cell more than SATURATE: the first empty one */
        int w = 0;
        while (!~board[w])
            w++;
        f->piece = -1;
        f->word = w;
        f->bit = ~board[w] & (0 - ~board[w]);
        return 1;
    }
    f->piece = piece;
    return 1;
}

/* 1 when x is a placement that node f branches on. */
DLX_ALWAYS_INLINE int tried(const Node *f, const Cover *x, const int W)
{
    if (f->piece >= 0)
        return x->piece == f->piece;
    int w = W == 1 ? 0 : x->word;
    return w == f->word ? (x->m0 & f->bit) != 0 : W > 1 && w + 1 == f->word && (x->m1 & f->bit);
}

/* Fill or empty again x's cells on the board, and take a copy or give it back. */
DLX_ALWAYS_INLINE void place(Fewest *t, const Cover *x, int sign, const int W)
{
    int w = W == 1 ? 0 : x->word;
    t->board[w] ^= x->m0;
    if (W > 1)
        t->board[w + 1] ^= x->m1;
    t->copies[x->piece] -= sign;
    t->left -= sign;
    if (t->copies[x->piece])
        t->avail |= 1ULL << x->piece;
    else
        t->avail &= ~(1ULL << x->piece);
}

/* Up to `budget` placements of the search of a board of W words; 1 when it has ended (or
 * failed), 0 when it paused. */
DLX_ALWAYS_INLINE int fewest(Fewest *t, long long budget, const int W)
{
    int level = t->level;
    if (!t->started) {
        t->started = 1;
        if (!fill(t, 0, 0, t->m, W))
            return 1;
    }
    for (;;) {
        Node *f = &t->node[level];
        const Cover *x = NULL;
        while (f->k < f->end && !tried(f, &t->arena[f->k], W))
            f->k++;
        if (f->k == f->end) { /* back up: take back the parent's placement, try its next */
            if (level == 0)
                return 1;
            f = &t->node[--level];
            place(t, &t->arena[f->k], -1, W);
            f->k++;
            continue;
        }
        x = &t->arena[f->k];
        place(t, x, 1, W);
        if (level + 1 < t->levels && fill(t, level + 1, f->begin, f->end, W)) {
            level++;
        } else {
            if (t->failed)
                return 1;
            place(t, &t->arena[f->k], -1, W); /* the arena may have moved: not x */
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
