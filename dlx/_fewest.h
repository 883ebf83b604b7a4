/* dlx._tile's second search: at each node, the empty cell with the fewest placements that
 * fit, or the piece with one copy left and fewer placements still (included by _tile.c).
 *
 * Filling the lowest empty cell (_tile.c's search) suits flat boards; in space the lowest
 * cell often has many placements while another has one or none, and the choice of the
 * exact-cover loops (the item with the fewest options) wins there. This search makes that
 * choice on bitboards: each node holds the list of the placements that still fit (their
 * cells on the board empty, a copy of their piece left), made from its parent's list piece
 * by piece: the piece whose last copy was just placed is dropped at once, the others' in a
 * pass without branches, which makes the lists of up to BATCH children at once (each
 * placement loaded once for all: 8 at a time, 3x4x5 by the solid pentominoes counts 12%
 * faster than one at a time, 4 or 12 at a time slower than 8); a second pass per child ORs
 * the cells of what it keeps, and a cell none covers ends the child there (most end so).
 * When a child is tried, a third pass
 * counts, for every cell at once, the placements covering it (bit-sliced counters, up to
 * SATURATE: 15 made the tree of 3x4x5 1.7 times larger; on a board of one word four
 * placements at a time through carry-save adders, 4% less time there); a piece's
 * placements are the length of its part of the list, and a piece with fewer than its
 * copies left ends the node too. Every tiling is met once: a node tries each placement
 * covering its cell (exactly one of them is in any tiling), or each of its piece's (a piece
 * with one copy left is in one). The lists of a path lie one after another in one growing
 * arena, a placement its cells alone: 8 bytes on a board of one word, where a list kept as
 * placements with their piece (24 bytes) took three stores a placement and 15% more time
 * on 3x4x5. A placement spans the words `word` and `word + 1` of the board (from the
 * lowest cell and mask that count() reads); boards of one word get a search of their own,
 * made from the same code with the words fixed. There, where the processor has AVX-512
 * (t->wide, see dlx._tile.wide), the passes over a list go 8 placements at a time: a
 * child's filter moves what it keeps to the front of a vector written whole (no store a
 * placement: 3x4x5 16% less time), the count runs 8 lanes of counters and adds them up at
 * the end, and the places of a cell's placements are found 16 at a time (together 23%).
 */
#ifndef DLX_FEWEST_H
#define DLX_FEWEST_H

#define SLICES 5 /* the bit-sliced counters count 0..SATURATE, and "more" */
#define SATURATE ((1 << SLICES) - 1)

#define BATCH 8 /* the children of a node made in one pass over its list */
#define CHILD_SLOT(level, i) (2 + (level) * BATCH + (i)) /* see Fewest */

/* A level: its list (slot `list` of start); what it branches on, the cell (word `word`,
 * bit `bit`) or the piece `piece` (-1 for a cell); the placements it tries, in its list
 * [next, end) for a piece, or at the places cand[next..end) for a cell (p: the piece of the
 * last taken); its batch of children under way: nb of them, the
 * next j, their placements k (in its list) and pieces kp, their lists at base + i * cap
 * (those that cover every empty cell: the bits of alive); its own batch goes from free on. */
typedef struct {
    int list, word, piece, next, end, p, nb, j, base, cap, free;
    unsigned alive;
    uint64_t bit;
    int k[BATCH], kp[BATCH];
} Node;

/* A count by the fewest placements under way. The arena holds placements in three arrays
 * (a placement k is its cells m0[k] and m1[k] in words word[k] and word[k] + 1; boards of
 * one word keep m0 alone); a list is a run of it, piece by piece: piece p's placements in
 * the list of slot s are [start[i + p], start[i + p + 1]) with i = s * (pieces + 1). Slot 0
 * holds every placement, slot 1 the root's list, CHILD_SLOT(L, i) that of child i of the
 * batch of level L's node. */
typedef struct {
    int words, levels, n_first, pieces;
    const int *first; /* the pieces placed first, in turn */
    int *copies;      /* per piece, the copies left */
    int left;         /* copies left in all */
    uint64_t *m0, *m1;
    int *word;
    int *cand;        /* beside a node's list: the places of its cell's placements */
    size_t size;      /* the arena's room, in placements */
    int *start;
    Node *node;       /* one a level */
    uint64_t board[WORDS]; /* the filled cells (those past the board too) */
    int level, started, failed; /* failed: the arena could not grow */
    int wide;                   /* AVX-512 on a board of one word (batch_wide...) */
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
    int *cand = m0 ? PyMem_RawRealloc(t->cand, size * sizeof(int)) : NULL;
    if (cand)
        t->cand = cand;
    if (!cand || t->words == 1) {
        t->size = cand ? size : t->size;
        return cand ? 0 : -1;
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

#define PAST 16 /* room past a list: batch_wide writes up to 7 words there, cand_wide 15 */

#ifdef DLX_WIDE
/* batch() on a board of one word, 8 placements at a time: child i keeps those of a piece
 * that miss its board filled[i][0] (none of the piece gone[i]), moved to the front of a
 * vector (the others zero) written whole at its end; then the cells of what it keeps are
 * ORed, 8 at a time too. */
DLX_TARGET_WIDE static unsigned batch_wide(uint64_t *m0, const int *from, int *to, int P,
                                           Py_ssize_t base, Py_ssize_t cap,
                                           uint64_t (*filled)[WORDS + 1], const int *gone,
                                           int nb)
{
    __m512i board[BATCH];
    Py_ssize_t end[BATCH];
    for (int i = 0; i < nb; i++) {
        board[i] = _mm512_set1_epi64((long long)filled[i][0]);
        end[i] = base + i * cap;
    }
    for (int p = 0; p < P; p++) {
        for (int i = 0; i < nb; i++)
            to[i * (P + 1) + p] = (int)end[i];
        for (Py_ssize_t k = from[p]; k < from[p + 1]; k += 8) {
            Py_ssize_t n = from[p + 1] - k;
            __mmask8 in = (__mmask8)(n >= 8 ? 0xff : (1u << n) - 1);
            __m512i v = _mm512_maskz_loadu_epi64(in, m0 + k);
            for (int i = 0; i < nb; i++) {
                __mmask8 keep = _mm512_mask_testn_epi64_mask(gone[i] == p ? 0 : in, v, board[i]);
                _mm512_storeu_si512(m0 + end[i], _mm512_maskz_compress_epi64(keep, v));
                end[i] += _mm_popcnt_u32(keep);
            }
        }
    }
    unsigned alive = 0;
    for (int i = 0; i < nb; i++) {
        to[i * (P + 1) + P] = (int)end[i];
        __m512i cells = _mm512_setzero_si512();
        for (Py_ssize_t k = base + i * cap; k < end[i]; k += 8) {
            Py_ssize_t n = end[i] - k;
            __mmask8 in = (__mmask8)(n >= 8 ? 0xff : (1u << n) - 1);
            cells = _mm512_or_si512(cells, _mm512_maskz_loadu_epi64(in, m0 + k));
        }
        uint64_t covered = (uint64_t)_mm512_reduce_or_epi64(cells);
        alive |= (unsigned)!(~filled[i][0] & ~covered) << i; /* else a cell nothing covers */
    }
    return alive;
}

/* choose()'s places of the placements in m0[k..top) that cover the cell `bit`, from
 * cand[end] on, 16 at a time (written whole, the places found first): the new end. */
DLX_TARGET_WIDE static Py_ssize_t cand_wide(const uint64_t *m0, int *cand, Py_ssize_t k,
                                            Py_ssize_t top, Py_ssize_t end, uint64_t bit)
{
    __m512i b = _mm512_set1_epi64((long long)bit);
    __m512i at = _mm512_add_epi32(_mm512_set1_epi32((int)k),
                                  _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                                    13, 14, 15));
    for (; k < top; k += 16) {
        Py_ssize_t n = top - k;
        __mmask8 lo = (__mmask8)(n >= 8 ? 0xff : (1u << n) - 1);
        __mmask8 hi = (__mmask8)(n >= 16 ? 0xff : n <= 8 ? 0 : (1u << (n - 8)) - 1);
        __mmask16 hit = (__mmask16)(
            _mm512_test_epi64_mask(_mm512_maskz_loadu_epi64(lo, m0 + k), b) |
            (unsigned)_mm512_test_epi64_mask(_mm512_maskz_loadu_epi64(hi, m0 + k + 8), b)
                << 8);
        _mm512_storeu_si512(cand + end, _mm512_maskz_compress_epi32(hit, at));
        end += _mm_popcnt_u32(hit);
        at = _mm512_add_epi32(at, _mm512_set1_epi32(16));
    }
    return end;
}

/* tally() and add3() on 8 lanes. */
DLX_TARGET_WIDE static inline void tally_lanes(__m512i *s, __m512i m, int from)
{
    for (int b = from; b < SLICES; b++) {
        __m512i next = _mm512_and_si512(s[b], m);
        s[b] = _mm512_xor_si512(s[b], m);
        m = next;
    }
    s[SLICES] = _mm512_or_si512(s[SLICES], m);
}
DLX_TARGET_WIDE static inline __m512i add3_lanes(__m512i *low, __m512i a, __m512i b)
{
    __m512i u = _mm512_xor_si512(*low, a);
    __m512i high = _mm512_or_si512(_mm512_and_si512(*low, a), _mm512_and_si512(u, b));
    *low = _mm512_xor_si512(u, b);
    return high;
}

/* choose()'s count of the placements m0[k..top) covering each cell, into the bit-sliced
 * counters s[0..SLICES] as tally() leaves them: in 8 lanes, 32 placements at a time through
 * carry-save adders, the lanes then added in halves. */
DLX_TARGET_WIDE static void tally_wide(const uint64_t *m0, Py_ssize_t k, Py_ssize_t top,
                                       uint64_t *out)
{
    __m512i s[SLICES + 1];
    for (int b = 0; b <= SLICES; b++)
        s[b] = _mm512_setzero_si512();
    for (; k + 32 <= top; k += 32) {
        __m512i twos = add3_lanes(&s[0], _mm512_loadu_si512(m0 + k),
                                  _mm512_loadu_si512(m0 + k + 8));
        __m512i more = add3_lanes(&s[0], _mm512_loadu_si512(m0 + k + 16),
                                  _mm512_loadu_si512(m0 + k + 24));
        tally_lanes(s, add3_lanes(&s[1], twos, more), 2);
    }
    for (; k < top; k += 8) {
        __mmask8 in = (__mmask8)(top - k >= 8 ? 0xff : (1u << (top - k)) - 1);
        tally_lanes(s, _mm512_maskz_loadu_epi64(in, m0 + k), 0);
    }
    const __m512i halves[3] = {_mm512_setr_epi64(4, 5, 6, 7, 0, 1, 2, 3),
                               _mm512_setr_epi64(2, 3, 0, 1, 6, 7, 4, 5),
                               _mm512_setr_epi64(1, 0, 3, 2, 5, 4, 7, 6)};
    for (int r = 0; r < 3; r++) { /* each lane plus another: 8 sums, then 4, 2, 1 */
        __m512i carry = _mm512_setzero_si512();
        for (int b = 0; b < SLICES; b++) {
            __m512i o = _mm512_permutexvar_epi64(halves[r], s[b]);
            __m512i sum = _mm512_xor_si512(_mm512_xor_si512(s[b], o), carry);
            carry = _mm512_or_si512(_mm512_and_si512(s[b], o),
                                    _mm512_and_si512(carry, _mm512_xor_si512(s[b], o)));
            s[b] = sum;
        }
        s[SLICES] = _mm512_or_si512(
            _mm512_or_si512(s[SLICES], _mm512_permutexvar_epi64(halves[r], s[SLICES])), carry);
    }
    for (int b = 0; b <= SLICES; b++)
        out[b] = (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(s[b]));
}

#endif

/* Make the lists of nb children of a list (`from`, piece by piece) in one pass over it:
 * child i's board is filled[i] (the board and its placement) and it drops the piece
 * gone[i] (-1: none); its list goes to base + i * cap, its parts to to + i * (pieces + 1).
 * The bit i of what it returns is set when child i's list covers every empty cell of its
 * board. NB: nb, a constant (a pass for up to BATCH children loads each placement once). */
DLX_ALWAYS_INLINE unsigned batch(Fewest *t, const int *from, int *to, Py_ssize_t base,
                                 Py_ssize_t cap, uint64_t (*filled)[WORDS + 1], const int *gone,
                                 const int NB, const int W)
{
    const int P = t->pieces;
    uint64_t *m0 = t->m0, *m1 = t->m1;
    int *word = t->word;
#ifdef DLX_WIDE
    if (W == 1 && t->wide)
        return batch_wide(m0, from, to, P, base, cap, filled, gone, NB);
#endif
    Py_ssize_t end[BATCH]; /* wide indices in the loops: -fwrapv widens an int at each step */
    for (int i = 0; i < NB; i++)
        end[i] = base + i * cap;
    for (int p = 0; p < P; p++) {
        uint64_t drop[BATCH], b[BATCH]; /* b: board of one word, or all of it when dropped */
        for (int i = 0; i < NB; i++)
            to[i * (P + 1) + p] = (int)end[i];
        if (from[p] == from[p + 1])
            continue;
        for (int i = 0; i < NB; i++) {
            drop[i] = 0 - (uint64_t)(gone[i] == p);
            b[i] = filled[i][0] | drop[i];
        }
        for (Py_ssize_t k = from[p]; k < from[p + 1]; k++) { /* no branch on what is kept */
            int w = W == 1 ? 0 : word[k];
            uint64_t a0 = m0[k], a1 = W > 1 ? m1[k] : 0;
            for (int i = 0; i < NB; i++) {
                uint64_t hit = W == 1 ? a0 & b[i]
                                      : drop[i] | (filled[i][w] & a0) | (filled[i][w + 1] & a1);
                m0[end[i]] = a0;
                if (W > 1) {
                    m1[end[i]] = a1;
                    word[end[i]] = w;
                }
                end[i] += !hit;
            }
        }
    }
    unsigned alive = 0;
    for (int i = 0; i < NB; i++) {
        to[i * (P + 1) + P] = (int)end[i];
        uint64_t covered[WORDS + 1] = {0}; /* the cells of what child i keeps */
        Py_ssize_t k = base + i * cap;
        if (W == 1) {
            uint64_t c0 = 0, c1 = 0;
            m0[end[i]] = 0; /* a pair too many is 0: end[i] < base + (i + 1) * cap, as the
                             * child's own placement is not in its list (and the root's
                             * region has one place more) */
            for (; k < end[i]; k += 2) {
                c0 |= m0[k];
                c1 |= m0[k + 1];
            }
            covered[0] = c0 | c1;
        } else
            for (; k < end[i]; k++) {
                covered[word[k]] |= m0[k];
                covered[word[k] + 1] |= m1[k];
            }
        unsigned ok = 1;
        for (int w = 0; w < W; w++)
            ok &= !(~filled[i][w] & ~covered[w]); /* else a cell nothing covers */
        alive |= ok << i;
    }
    return alive;
}

/* The parts of the list in slot s. */
static inline int *slot(Fewest *t, int s) { return t->start + (size_t)s * (size_t)(t->pieces + 1); }

/* Node `level`, its list made (and covering every empty cell) and its placement placed:
 * count a tiling if the board is full, and choose what it branches on: 1 when it has
 * something to try, 0 when not (a tiling counted, or a dead end). */
DLX_ALWAYS_INLINE int choose(Fewest *t, int level, const int W)
{
    const int P = t->pieces;
    Node *f = &t->node[level];
    const int *to = slot(t, f->list);
    const uint64_t *board = t->board;
    const int *copies = t->copies;
    const uint64_t *m0 = t->m0, *m1 = t->m1;
    const int *word = t->word;
    Py_ssize_t top = to[P];
    int full = 1;
    for (int w = 0; w < W; w++)
        full &= !~board[w];
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
#ifdef DLX_WIDE
        if (W == 1 && t->wide) {
            tally_wide(m0, k, top, s[0]);
            k = top;
        }
#endif
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
    f->next = to[f->p];
    f->end = piece < 0 ? to[0] : to[piece + 1];
    if (piece < 0) { /* the places of the cell's placements, beside the list: no branch */
        int *cand = t->cand, cell = f->word; /* in locals: cand may alias f */
        uint64_t bit = f->bit;
        Py_ssize_t end = to[0];
#ifdef DLX_WIDE
        if (W == 1 && t->wide)
            end = cand_wide(m0, cand, to[0], top, end, bit);
        else
#endif
        for (Py_ssize_t k = to[0]; k < top; k++) {
            int w = W == 1 ? 0 : word[k];
            cand[end] = (int)k;
            end += (w == cell && (m0[k] & bit)) | (W > 1 && w + 1 == cell && (m1[k] & bit));
        }
        f->end = (int)end;
    }
    f->nb = f->j = 0;
    return 1;
}

/* Make the lists of node `level`'s next children, up to BATCH of them: 1, or 0 when it has
 * none left (or the arena could not grow: t->failed). */
DLX_ALWAYS_INLINE int expand(Fewest *t, int level, const int W)
{
    const int P = t->pieces;
    Node *f = &t->node[level];
    const int *list = slot(t, f->list);
    int nb = 0;
    if (f->piece >= 0)
        for (; nb < BATCH && f->next < list[f->piece + 1]; nb++) {
            f->k[nb] = f->next++;
            f->kp[nb] = f->piece;
        }
    else
        for (; nb < BATCH && f->next < f->end; nb++) {
            int k = t->cand[f->next++];
            while (k >= list[f->p + 1])
                f->p++;
            f->k[nb] = k;
            f->kp[nb] = f->p;
        }
    if (!nb)
        return 0;
    Py_ssize_t cap = list[P] - list[0] + PAST;
    if (make_room(t, (size_t)f->free, (size_t)(nb * cap)) < 0) {
        t->failed = 1;
        return 0;
    }
    uint64_t filled[BATCH][WORDS + 1];
    int gone[BATCH];
    for (int i = 0; i < nb; i++) {
        int k = f->k[i], w = W == 1 ? 0 : t->word[k];
        memcpy(filled[i], t->board, sizeof filled[i][0] * (size_t)(W > 1 ? W + 1 : 1));
        filled[i][w] |= t->m0[k];
        if (W > 1)
            filled[i][w + 1] |= t->m1[k];
        gone[i] = t->copies[f->kp[i]] == 1 ? f->kp[i] : -1;
    }
    int *to = slot(t, CHILD_SLOT(level, 0));
    unsigned alive;
    switch (nb) {
    case 1: alive = batch(t, list, to, f->free, cap, filled, gone, 1, W); break;
    case 2: alive = batch(t, list, to, f->free, cap, filled, gone, 2, W); break;
    case 3: alive = batch(t, list, to, f->free, cap, filled, gone, 3, W); break;
    case 4: alive = batch(t, list, to, f->free, cap, filled, gone, 4, W); break;
    case 5: alive = batch(t, list, to, f->free, cap, filled, gone, 5, W); break;
    case 6: alive = batch(t, list, to, f->free, cap, filled, gone, 6, W); break;
    case 7: alive = batch(t, list, to, f->free, cap, filled, gone, 7, W); break;
    default: alive = batch(t, list, to, f->free, cap, filled, gone, 8, W); break;
    }
    f->nb = nb;
    f->j = 0;
    f->base = f->free;
    f->cap = (int)cap;
    f->alive = alive;
    return 1;
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
}

/* Up to `budget` placements of the search of a board of W words; 1 when it has ended (or
 * failed), 0 when it paused. */
DLX_ALWAYS_INLINE int fewest(Fewest *t, long long budget, const int W)
{
    int level = t->level;
    if (!t->started) { /* the root: every placement that fits the board */
        t->started = 1;
        const int *all = slot(t, 0);
        Py_ssize_t m = all[t->pieces];
        uint64_t filled[BATCH][WORDS + 1];
        int gone[BATCH] = {-1};
        memcpy(filled[0], t->board, sizeof filled[0]);
        if (make_room(t, (size_t)m, (size_t)m + PAST) < 0) { /* see batch() */
            t->failed = 1;
            return 1;
        }
        if (!batch(t, all, slot(t, 1), m, m + PAST, filled, gone, 1, W))
            return 1;
        t->node[0].list = 1;
        t->node[0].free = (int)(2 * m + PAST);
        if (!choose(t, 0, W))
            return 1;
    }
    for (;;) {
        Node *f = &t->node[level];
        if (f->j == f->nb && !expand(t, level, W)) { /* back up: take back the parent's */
            if (t->failed || level == 0)
                return 1;
            f = &t->node[--level];
            place(t, f->k[f->j - 1], f->kp[f->j - 1], -1, W);
            continue;
        }
        int j = f->j++;
        if (f->alive >> j & 1) {
            place(t, f->k[j], f->kp[j], 1, W);
            Node *c = &t->node[level + 1 < t->levels ? level + 1 : level];
            if (level + 1 < t->levels) {
                c->list = CHILD_SLOT(level, j);
                c->free = f->base + f->nb * f->cap;
            }
            if (level + 1 < t->levels && choose(t, level + 1, W))
                level++;
            else
                place(t, f->k[j], f->kp[j], -1, W);
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
