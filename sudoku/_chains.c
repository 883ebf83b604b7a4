/* sudoku._chains: the implications of the rater's chains in C (sudoku.chains, issue 25).
 *
 * closure() is sudoku.chains._Chainer.closure, the reference, step for step: the same
 * potentials reached in the same order, with the same parents, the same contradiction, the
 * same implications counted against the same budget, so that every chain, step and rating
 * is the one the Python search finds. Closures are kept here (capsules: parents(),
 * reached(), reaches(), ancestors(), least()). first_chain() and first_multiple() are the
 * searches of sudoku.chains (_static, _nishio, _multiple, with _best) on them, whole, in the
 * same order; Python makes the steps of what they find.
 *
 * They spend the same budget with less work where the answer does not need the search:
 * a static chain's closure that no reach bounds is counted from the board's components
 * (_reach.h), one that a reach bounds level by level on sets of cells (reached_within);
 * x-chains and nishio chains follow one digit, so what they found where a digit's
 * candidates stood as they stand is kept (known_of). The search itself runs wherever a
 * chain is found or the budget runs out.
 *
 * A potential is an int: (cell * n + digit) * 2 + 1 when on, + 0 when off. links(packed)
 * reads a shape once (its units, each cell's units and peers) into a capsule that every
 * closure() on that shape reads.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_portable.h"

#define MAX_N 25 /* the largest grid side sudoku.grid reads: candidates fit in 32 bits */
#define CAPSULE "sudoku._chains.links"

typedef struct {
    int n, cells, n_units;
    /* compressed rows: the items of row r are data[start[r]] .. data[start[r + 1] - 1] */
    int *unit_start, *unit_cells; /* n_units rows: the cells of each unit */
    int *cu_start, *cell_units;   /* cells rows: the units of each cell, in order */
    int *peer_start, *peers;      /* cells rows: the peers of each cell, in order */
    int *cu_pos;                  /* beside cell_units: the cell's place in that unit */
    int units_each;               /* the units of every cell when all have as many, else 0 */
    int words;                    /* a set of cells as bits: (cells + 63) / 64 words */
    uint64_t *peer_bits;          /* the peers of each cell as a set of cells, words a cell */
    uint16_t *cell_digit;         /* after them, cell << 5 | digit of each cell * n + digit */
    int potentials;               /* 2 * cells * n */
    struct Scratch *scratch;      /* what a search works in (made once, the GIL held) */
} Links;

static void scratch_free(struct Scratch *scratch);

static void links_free(PyObject *capsule)
{
    Links *links = PyCapsule_GetPointer(capsule, CAPSULE);
    if (!links)
        return;
    scratch_free(links->scratch);
    PyMem_Free(links->unit_start);
    PyMem_Free(links->peer_bits);
    PyMem_Free(links);
}

/* One compressed row set read from packed[*at...]: rows rows, each a count then that many
 * items in [0, limit). 0 with an exception set when the buffer says otherwise. */
static int read_rows(const int *packed, Py_ssize_t len, Py_ssize_t *at, int rows, int limit,
                     int *start, int *data, Py_ssize_t *filled)
{
    for (int r = 0; r < rows; r++) {
        if (*at >= len || packed[*at] < 0 || packed[*at] > len - *at - 1) {
            PyErr_SetString(PyExc_ValueError, "links: a row runs past the packed shape");
            return 0;
        }
        int k = packed[(*at)++];
        start[r] = (int)*filled;
        for (int j = 0; j < k; j++) {
            int item = packed[(*at)++];
            if (item < 0 || item >= limit) {
                PyErr_SetString(PyExc_IndexError, "links: an index outside the shape");
                return 0;
            }
            data[(*filled)++] = item;
        }
    }
    start[rows] = (int)*filled;
    return 1;
}

/* Each cell's place in each of its units (l->cu_pos) and its peers as a set of cells
 * (l->peer_bits), the units checked to be what the searches' masks of places take (at
 * most 32 cells, none twice, each holding the cells that list it) and the peers to be in
 * order, as the searches take them from those sets (0 with an exception set otherwise). */
static int unit_places_of(Links *l)
{
    for (int u = 0; u < l->n_units; u++) {
        if (l->unit_start[u + 1] - l->unit_start[u] > 32) {
            PyErr_SetString(PyExc_ValueError, "links: a unit of more than 32 cells");
            return 0;
        }
        for (int a = l->unit_start[u]; a < l->unit_start[u + 1]; a++)
            for (int b = a + 1; b < l->unit_start[u + 1]; b++)
                if (l->unit_cells[a] == l->unit_cells[b]) {
                    PyErr_SetString(PyExc_ValueError, "links: a cell twice in a unit");
                    return 0;
                }
    }
    l->words = (l->cells + 63) / 64;
    l->units_each = l->cu_start[1] - l->cu_start[0];
    for (int i = 0; i < l->cells; i++)
        if (l->cu_start[i + 1] - l->cu_start[i] != l->units_each)
            l->units_each = 0;
    size_t peer_words = (size_t)l->cells * (size_t)l->words;
    size_t keys = (size_t)l->cells * (size_t)l->n; /* a uint16 each: 4 a word */
    if (!(l->peer_bits = PyMem_Calloc(peer_words + (keys + 3) / 4, sizeof(uint64_t)))) {
        PyErr_NoMemory();
        return 0;
    }
    l->cell_digit = (uint16_t *)(l->peer_bits + peer_words);
    for (size_t key = 0; key < keys; key++) /* MAX_N 25: a digit in 5 bits, a cell in 11 */
        l->cell_digit[key] = (uint16_t)(key / (size_t)l->n << 5 | key % (size_t)l->n);
    for (int i = 0; i < l->cells; i++)
        for (int k = l->peer_start[i]; k < l->peer_start[i + 1]; k++) {
            int j = l->peers[k];
            if (k > l->peer_start[i] && j <= l->peers[k - 1]) {
                PyErr_SetString(PyExc_ValueError, "links: a cell's peers out of order");
                return 0;
            }
            l->peer_bits[i * l->words + j / 64] |= (uint64_t)1 << (j % 64);
        }
    for (int i = 0; i < l->cells; i++)
        for (int k = l->cu_start[i]; k < l->cu_start[i + 1]; k++) {
            int u = l->cell_units[k], at = -1;
            for (int c = l->unit_start[u]; c < l->unit_start[u + 1]; c++)
                if (l->unit_cells[c] == i)
                    at = c - l->unit_start[u];
            if (at < 0) {
                PyErr_SetString(PyExc_ValueError, "links: a cell's unit does not hold it");
                return 0;
            }
            l->cu_pos[k] = at;
        }
    return 1;
}

/* links(packed): packed is C ints: n, cells, n_units, then each unit (a count, its cells),
 * each cell's units (a count, the units), each cell's peers (a count, the peers). */
static PyObject *links(PyObject *Py_UNUSED(module), PyObject *args)
{
    Py_buffer buffer;
    if (!PyArg_ParseTuple(args, "y*:links", &buffer))
        return NULL;
    const int *packed = buffer.buf;
    Py_ssize_t len = buffer.len / (Py_ssize_t)sizeof(int), at = 3, filled = 0;
    Links *l = NULL;
    int *block = NULL;
    if (len < 3 || packed[0] < 1 || packed[0] > MAX_N || packed[1] != packed[0] * packed[0] ||
        packed[2] < 0 || packed[2] > len) {
        PyErr_SetString(PyExc_ValueError, "links: bad packed shape header");
        goto fail;
    }
    l = PyMem_Calloc(1, sizeof(Links));
    /* row starts (n_units + 1 + 2 * (cells + 1)), at most len items, and cu_pos */
    Py_ssize_t starts = packed[2] + 2 * (Py_ssize_t)packed[1] + 3;
    block = PyMem_Malloc((size_t)(starts + 2 * len) * sizeof(int));
    if (!l || !block) {
        PyErr_NoMemory();
        goto fail;
    }
    l->n = packed[0], l->cells = packed[1], l->n_units = packed[2];
    l->unit_start = block;
    l->cu_start = l->unit_start + l->n_units + 1;
    l->peer_start = l->cu_start + l->cells + 1;
    int *data = l->peer_start + l->cells + 1;
    l->unit_cells = data;
    if (!read_rows(packed, len, &at, l->n_units, l->cells, l->unit_start, data, &filled))
        goto fail;
    l->cell_units = data + filled;
    filled = 0;
    if (!read_rows(packed, len, &at, l->cells, l->n_units, l->cu_start, l->cell_units, &filled))
        goto fail;
    l->peers = l->cell_units + filled;
    filled = 0;
    if (!read_rows(packed, len, &at, l->cells, l->cells, l->peer_start, l->peers, &filled))
        goto fail;
    if (at != len) {
        PyErr_SetString(PyExc_ValueError, "links: the packed shape is longer than its rows");
        goto fail;
    }
    l->cu_pos = block + starts + len;
    if (!unit_places_of(l))
        goto fail;
    PyBuffer_Release(&buffer);
    l->potentials = 2 * l->cells * l->n;
    PyObject *capsule = PyCapsule_New(l, CAPSULE, links_free);
    if (!capsule) {
        PyMem_Free(block);
        PyMem_Free(l->peer_bits);
        PyMem_Free(l);
    }
    return capsule;
fail:
    PyMem_Free(block);
    if (l)
        PyMem_Free(l->peer_bits);
    PyMem_Free(l);
    PyBuffer_Release(&buffer);
    return NULL;
}

#include "_closure.h"

typedef struct Scratch {
    Closure *c;        /* the closure being found */
    int *depth;        /* links from a start, when reach is given */
    int *ons, *offs;   /* the queues (one, ons, when the search does not stop) */
    uint32_t *work;    /* the candidates, struck as a dynamic search goes */
    uint32_t *source;  /* places_of: where each digit is in each unit of the board */
    uint32_t *places;  /* the same of work, as a dynamic search strikes candidates */
    uint64_t *holding; /* places_of: the cells holding each digit, words a digit */
    uint64_t *held;    /* the same of work */
    int *strong;       /* places_of: what each potential off implies on the board (Where) */
    uint64_t *conj;    /* places_of: the same as sets of cells, then the cells of two (Where) */
    uint32_t *board;   /* the board places_of read last, when has_board */
    int has_board;
    /* known_of: sets of cells (words each), what the chains on them found, the calls
     * that used them last, of which technique, the next to be replaced, the calls */
    uint64_t *known_cells;
    int *known;
    unsigned *known_call, calls;
    int *known_kind, known_next;
    uint64_t *levels;  /* reached_within: potentials off then on, a set of cells a digit, for
                        * the reached, the last level and the next (6 * n * words) */
    int on_head, on_tail, off_head, off_tail;
    Arena arena; /* first_multiple's closures */
} Search;

/* Where the digits are on a board, for its searches (places_of) */
typedef struct {
    const uint32_t *places;  /* [d * n_units + u]: the digit's places along unit u, as bits */
    const uint64_t *holding; /* [d * words ...]: the cells holding the digit */
    /* What (i, d) off implies on the board, d a candidate of i, a static search's links:
     * from (cu_start[i] + i) * n + d * (k + 1), i's k units, the potential on of the cell's
     * other digit when it holds two (-1 none), then of the digit's other place in each unit
     * where it has two, in the units' order, -1 after the last */
    const int *strong;
    /* the same for reached_within's sets: conj[(i * n + d) * words ...], the digit's other
     * places of two in i's units, as a set of cells; two, the cells of two digits */
    const uint64_t *conj, *two;
} Where;

static void scratch_free(Search *s)
{
    if (s) {
        closure_free(s->c);
        arena_free(&s->arena);
        PyMem_Free(s->depth);
        PyMem_Free(s->holding);
        PyMem_Free(s->strong);
        PyMem_Free(s->conj);
        PyMem_Free(s->known_cells);
        PyMem_Free(s);
    }
}

/* l's scratch, made on first use: NULL with an exception set on no memory */
static Search *scratch_of(Links *l)
{
    if (!l->scratch) {
        Search *s = PyMem_Calloc(1, sizeof(Search));
        if (!s)
            return (Search *)PyErr_NoMemory();
        s->c = closure_new(l->potentials);
        size_t unit_digits = (size_t)l->n_units * (size_t)l->n;
        s->depth = PyMem_Malloc(3 * (size_t)l->potentials * sizeof(int) +
                                (2 * (size_t)l->cells + 2 * unit_digits) * sizeof(uint32_t));
        s->holding = PyMem_Calloc(8 * (size_t)l->n * (size_t)l->words, sizeof(uint64_t));
        s->strong = PyMem_Malloc(((size_t)l->cu_start[l->cells] + (size_t)l->cells) *
                                 (size_t)l->n * sizeof(int));
        s->conj = PyMem_Malloc(((size_t)l->cells * (size_t)l->n + 1) * (size_t)l->words *
                               sizeof(uint64_t));
        if (!s->c || !s->depth || !s->holding || !s->strong || !s->conj) {
            scratch_free(s);
            return (Search *)PyErr_NoMemory();
        }
        s->held = s->holding + (size_t)l->n * (size_t)l->words;
        s->levels = s->held + (size_t)l->n * (size_t)l->words;
        s->ons = s->depth + l->potentials;
        s->offs = s->ons + l->potentials;
        s->work = (uint32_t *)(s->offs + l->potentials);
        s->source = s->work + l->cells;
        s->places = s->source + unit_digits;
        s->board = s->places + unit_digits;
        l->scratch = s;
    }
    closure_clear(l->scratch->c);
    l->scratch->on_head = l->scratch->on_tail = l->scratch->off_head = l->scratch->off_tail = 0;
    return l->scratch;
}

/* Where the digits are on the board m (l->cells masks), for the searches on m, into
 * *where (arrays of l's scratch): 0 with an exception set on no memory. */
static int places_of(Links *l, const uint32_t *m, Where *where)
{
    Search *s = scratch_of(l);
    if (!s)
        return 0;
    where->places = s->source;
    where->holding = s->holding;
    const int n = l->n, words = l->words;
    where->strong = s->strong;
    where->conj = s->conj;
    where->two = s->conj + (size_t)l->cells * (size_t)n * (size_t)words;
    /* the searches of one position, technique after technique: its places read once */
    if (s->has_board && !memcmp(s->board, m, (size_t)l->cells * sizeof(uint32_t)))
        return 1;
    memcpy(s->board, m, (size_t)l->cells * sizeof(uint32_t));
    s->has_board = 1;
    memset(s->source, 0, (size_t)l->n_units * (size_t)l->n * sizeof(uint32_t));
    for (int u = 0; u < l->n_units; u++)
        for (int c = l->unit_start[u]; c < l->unit_start[u + 1]; c++)
            for (uint32_t d = m[l->unit_cells[c]]; d; d &= d - 1)
                s->source[dlx_ctz32(d) * l->n_units + u] |= (uint32_t)1 << (c - l->unit_start[u]);
    memset(s->holding, 0, (size_t)l->n * (size_t)l->words * sizeof(uint64_t));
    for (int i = 0; i < l->cells; i++)
        for (uint32_t d = m[i]; d; d &= d - 1)
            s->holding[dlx_ctz32(d) * l->words + i / 64] |= (uint64_t)1 << (i % 64);
    uint64_t *two = s->conj + (size_t)l->cells * (size_t)n * (size_t)words;
    memset(two, 0, (size_t)words * sizeof(uint64_t));
    for (int i = 0; i < l->cells; i++)
        for (uint32_t left = m[i]; left; left &= left - 1) { /* (i, d) off, d a candidate */
            int d = dlx_ctz32(left), first = l->cu_start[i], units = l->cu_start[i + 1] - first;
            int *to = s->strong + (first + i) * n + d * (units + 1);
            uint64_t *conj = s->conj + (i * n + d) * words;
            for (int k = 0; k <= units; k++)
                to[k] = -1;
            memset(conj, 0, (size_t)words * sizeof(uint64_t));
            uint32_t other = m[i] & ~((uint32_t)1 << d);
            if (other && !(other & (other - 1))) { /* the cell's other digit of two */
                to[0] = ((i * n + dlx_ctz32(other)) << 1) | 1;
                two[i / 64] |= (uint64_t)1 << (i % 64);
            }
            for (int k = 0, at = 1; k < units; k++) { /* the digit's other place of two */
                int u = l->cell_units[first + k];
                uint32_t held =
                    s->source[d * l->n_units + u] & ~((uint32_t)1 << l->cu_pos[first + k]);
                int j = l->unit_cells[l->unit_start[u] + (held ? dlx_ctz32(held) : 0)];
                if (held && !(held & (held - 1))) {
                    to[at++] = ((j * n + d) << 1) | 1;
                    conj[j / 64] |= (uint64_t)1 << (j % 64);
                }
            }
        }
    return 1;
}

enum { GO_ON = 0, CONFLICT = 1, FAILED = -1 };

/* q implied by p (and hidden): the reference's loop over ``implied``, one at a time, into
 * c (search_in's copy of s->c, held in registers) */
DLX_ALWAYS_INLINE int imply(Search *s, Closure *c, int q, int p, const int *hidden, int n_hidden,
                            int reach, int stop, int *conflict)
{
    if (c->pos[q] >= 0)
        return GO_ON;
    if (!add(c, q, p, hidden, n_hidden))
        return FAILED;
    if (reach >= 0)
        s->depth[q] = s->depth[p] + 1;
    if (c->pos[q ^ 1] >= 0 && conflict[0] < 0) {
        conflict[0] = q | 1, conflict[1] = q & ~1;
        if (stop)
            return CONFLICT;
    }
    if (q & 1 || !stop)
        s->ons[s->on_tail++] = q;
    else
        s->offs[s->off_tail++] = q;
    return GO_ON;
}

/* The search of the reference's closure from start[0..n_starts) on source (l->cells masks)
 * into l's scratch (its closure, s->c), budget spent as it goes; reach -1 for none, below
 * -1 for nothing past the starts. Returns GO_ON, CONFLICT (conflict set: (on, off)) or
 * FAILED (an exception set); *budget below 0 when it ran out. n, words, each (the units of
 * a cell, 0: l's) and units (0: l's) as search() specialises them. */
DLX_ALWAYS_INLINE int search_in(Links *l, const uint32_t *source, const Where *from,
                                const int *start, Py_ssize_t n_starts, int y, int dynamic,
                                int stop, long reach, long long *budget, int *conflict,
                                const int n, const int words, const int each,
                                const int units)
{
    Search *sp = scratch_of(l);
    if (!sp)
        return FAILED;
    Search s = *sp; /* a copy on the stack: its queues' ends, stored back by no one */
    /* the candidates: a copy struck as a dynamic search goes, where Y links read them */
    const uint32_t *work = source;
    int hidden[MAX_N * MAX_N];
    const uint32_t *source_places = from->places;
    const int n_units = units ? units : l->n_units;
    /* the digits whose places (s.places, a column) and cells (s.held, a row) a dynamic
     * search struck, copied from the board's at the first strike; of the others, the
     * board's are read */
    uint32_t struck = 0;
    /* the cells where each digit was reached off (a row a digit), so that the peers
     * reached are passed over at once, as imply() would */
    uint64_t off[MAX_N * ((MAX_N * MAX_N + 63) / 64)];
    memset(off, 0, (size_t)n * (size_t)words * sizeof(uint64_t));
    if (dynamic && y) {
        memcpy(s.work, source, (size_t)l->cells * sizeof(uint32_t));
        work = s.work;
    }
    for (int pass = 0; pass < 2; pass++) /* dict.fromkeys(starts, ()), then the queues */
        for (Py_ssize_t k = 0; k < n_starts; k++) {
            int p = start[k];
            if (pass == 0) {
                if (s.c->pos[p] < 0 && !add(s.c, p, -1, NULL, 0))
                    return FAILED;
                s.depth[p] = 0;
                int at = l->cell_digit[p >> 1] >> 5, e = l->cell_digit[p >> 1] & 31;
                if (!(p & 1))
                    off[e * words + at / 64] |= (uint64_t)1 << (at % 64);
            } else if (p & 1 || !stop)
                s.ons[s.on_tail++] = p;
            else
                s.offs[s.off_tail++] = p;
        }
    int how = GO_ON, met[2] = {-1, -1};
    long long left = *budget;
    Closure c = *s.c; /* its counts and arrays in registers, stored back at the end */
    while (how == GO_ON && (s.on_head < s.on_tail || s.off_head < s.off_tail)) {
        if (--left < 0)
            break;
        int p = s.on_head < s.on_tail ? s.ons[s.on_head++] : s.offs[s.off_head++];
        if (reach != -1 && s.depth[p] > reach)
            continue;
        int i = l->cell_digit[p >> 1] >> 5, d = l->cell_digit[p >> 1] & 31;
        uint32_t bit = (uint32_t)1 << d;
        if (p & 1) {
            if (y)
                for (uint32_t m = work[i] & ~bit; m && how == GO_ON; m &= m - 1) {
                    how = imply(&s, &c, (i * n + dlx_ctz64(m)) << 1, p, NULL, 0, (int)reach,
                                stop, met);
                    off[dlx_ctz32(m) * words + i / 64] |= (uint64_t)1 << (i % 64);
                }
            const uint64_t *near = l->peer_bits + i * words;
            const uint64_t *with = (struck & bit ? s.held : from->holding) + d * words;
            for (int k = 0; k < words && how == GO_ON; k++) /* the peers in order */
                for (uint64_t at = near[k] & with[k] & ~off[d * words + k]; at && how == GO_ON;
                     at &= at - 1) {
                    int j = k * 64 + dlx_ctz64(at);
                    how = imply(&s, &c, (j * n + d) << 1, p, NULL, 0, (int)reach, stop, met);
                    off[d * words + k] |= at & (0 - at);
                }
        } else if (!dynamic && work[i] & bit) { /* the board's links, made once (Where) */
            int first = each ? each * i : l->cu_start[i];
            int units = each ? each : l->cu_start[i + 1] - first;
            const int *to = from->strong + (first + i) * n + d * (units + 1);
            if (y && to[0] >= 0)
                how = imply(&s, &c, to[0], p, NULL, 0, (int)reach, stop, met);
            for (int k = 1; k <= units && to[k] >= 0 && how == GO_ON; k++)
                how = imply(&s, &c, to[k], p, NULL, 0, (int)reach, stop, met);
        } else {
            uint32_t m = work[i];
            uint32_t other = m & ~bit; /* two candidates: m holds bit, and other is one */
            if (y && m & bit && other && !(other & (other - 1))) {
                int q = ((i * n + dlx_ctz32(other)) << 1) | 1, n_hidden = 0;
                /* imply() passes over what is reached: its parents are not made */
                for (uint32_t gone = c.pos[q] < 0 ? source[i] & ~m : 0; gone; gone &= gone - 1)
                    hidden[n_hidden++] = (i * n + dlx_ctz64(gone)) << 1;
                how = imply(&s, &c, q, p, hidden, n_hidden, (int)reach, stop, met);
            }
            if (dynamic && !(struck & bit)) { /* the digit's first strike: its rows copied */
                struck |= bit;
                memcpy(s.places + d * n_units, source_places + d * n_units,
                       (size_t)n_units * sizeof(uint32_t));
                memcpy(s.held + d * words, from->holding + d * words,
                       (size_t)words * sizeof(uint64_t));
            }
            uint32_t *struck_row = s.places + d * n_units;
            const uint32_t *row = dynamic ? struck_row : source_places + d * n_units;
            int first = each ? each * i : l->cu_start[i];
            int end = each ? first + each : l->cu_start[i + 1];
            for (int k = first; k < end && how == GO_ON; k++) {
                int u = l->cell_units[k], n_hidden = 0;
                uint32_t others = ~((uint32_t)1 << l->cu_pos[k]); /* the unit but cell i */
                uint32_t held = row[u] & others;
                if (dynamic) /* struck as it is read: what is read leaves cell i out */
                    struck_row[u] = held;
                if (!held || held & (held - 1))
                    continue; /* the digit's last place in the unit: held is one place */
                const int *cells = l->unit_cells + l->unit_start[u];
                int q = ((cells[dlx_ctz32(held)] * n + d) << 1) | 1;
                if (c.pos[q] >= 0)
                    continue; /* reached: imply() would pass over it */
                for (uint32_t gone = source_places[d * n_units + u] & others & ~held; gone;
                     gone &= gone - 1) /* struck by this closure */
                    hidden[n_hidden++] = (cells[dlx_ctz32(gone)] * n + d) << 1;
                how = imply(&s, &c, q, p, hidden, n_hidden, (int)reach, stop, met);
            }
            if (dynamic) {
                if (y)
                    s.work[i] &= ~bit;
                s.held[d * words + i / 64] &= ~((uint64_t)1 << (i % 64));
            }
        }
    }
    *s.c = c, *budget = left, conflict[0] = met[0], conflict[1] = met[1];
    return how;
}

/* search_in for l's n, words, units a cell and units, the classic 9x9 grid's known to the
 * compiler, and so the kinds of the searches that take the most time on it: the multiple
 * and dynamic forcing chains' (Y links, stopped at a contradiction, no reach) and nishio's */
static int search(Links *l, const uint32_t *source, const Where *from, const int *start,
                  Py_ssize_t n_starts, int y, int dynamic, int stop, long reach,
                  long long *budget, int *conflict)
{
    int classic = l->n == 9 && l->words == 2 && l->units_each == 3 && l->n_units == 27;
    if (classic && stop && reach == -1) {
        if (y && dynamic)
            return search_in(l, source, from, start, n_starts, 1, 1, 1, -1, budget, conflict, 9,
                             2, 3, 27);
        if (y)
            return search_in(l, source, from, start, n_starts, 1, 0, 1, -1, budget, conflict, 9,
                             2, 3, 27);
        if (dynamic)
            return search_in(l, source, from, start, n_starts, 0, 1, 1, -1, budget, conflict, 9,
                             2, 3, 27);
    }
    if (classic)
        return search_in(l, source, from, start, n_starts, y, dynamic, stop, reach, budget,
                         conflict, 9, 2, 3, 27);
    return search_in(l, source, from, start, n_starts, y, dynamic, stop, reach, budget,
                     conflict, l->n, l->words, 0, 0);
}

/* How many potentials the static search from start that does not stop (search(), stop 0,
 * dynamic 0: one queue, breadth first) reaches, the implications it examines, found level
 * by level on sets of cells, without their parents; -1 when that search would reach target
 * or examine more than limit (then the search itself tells what it finds). Its queue is in
 * the order of the links from start, so that it reaches what lies within reach + 1 links
 * (reach -1: all, below -1: start alone). */
DLX_ALWAYS_INLINE long long reached_in(Links *l, const uint32_t *m, const Where *from,
                                      int start, int y, long reach, int target,
                                      long long limit, const int n, const int words)
{
    /* seen and next empty between calls: the rows of the digits used cleared at the end */
    const Search *s = l->scratch; /* made by places_of */
    const int size = 2 * n * words;
    uint64_t *seen = s->levels, *last = seen + size, *next = last + size;
    int i = (start >> 1) / n, d = (start >> 1) % n, on = start & 1;
    const int target_at = ((target & 1) * n + (target >> 1) % n) * words + (target >> 1) / n / 64;
    const uint64_t target_bit = (uint64_t)1 << ((target >> 1) / n % 64);
    memset(last + (on * n + d) * words, 0, (size_t)words * sizeof(uint64_t));
    seen[(on * n + d) * words + i / 64] = last[(on * n + d) * words + i / 64] = (uint64_t)1
                                                                              << (i % 64);
    /* the digits of the last level's potentials off ([0]) and on ([1]), of the next's, and
     * of all seen */
    uint32_t active[2] = {0, 0}, touched[2], used[2] = {0, 0};
    active[on] = used[on] = (uint32_t)1 << d;
    long long count = 1; /* the potentials seen */
    for (long depth = 0; (active[0] | active[1]) && (reach == -1 || depth <= reach); depth++) {
        touched[0] = touched[1] = 0;
        for (uint32_t ds = active[1]; ds; ds &= ds - 1) { /* on: the digit off in peers */
            d = dlx_ctz32(ds);
            const uint64_t *with = from->holding + d * words;
            uint64_t *to = next + d * words;
            touched[0] |= (uint32_t)1 << d;
            for (int k = 0; k < words; k++)
                for (uint64_t at = last[(n + d) * words + k]; at; at &= at - 1) {
                    i = k * 64 + dlx_ctz64(at);
                    const uint64_t *near = l->peer_bits + i * words;
                    for (int w = 0; w < words; w++)
                        to[w] |= near[w] & with[w];
                    if (y) { /* and the cell's other digits */
                        uint32_t others = m[i] & ~((uint32_t)1 << d);
                        touched[0] |= others;
                        for (; others; others &= others - 1)
                            next[dlx_ctz32(others) * words + k] |= (uint64_t)1 << (i % 64);
                    }
                }
        }
        for (uint32_t ds = active[0]; ds; ds &= ds - 1) { /* off: the board's links */
            d = dlx_ctz32(ds);
            uint64_t *to = next + (n + d) * words, any = 0;
            for (int k = 0; k < words; k++) {
                for (uint64_t at = last[d * words + k]; at; at &= at - 1) {
                    const uint64_t *conj = /* the digit's other place of two in a unit */
                        from->conj + ((k * 64 + dlx_ctz64(at)) * n + d) * words;
                    for (int w = 0; w < words; w++)
                        to[w] |= conj[w], any |= conj[w];
                }
                for (uint64_t at = y ? last[d * words + k] & from->two[k] : 0; at; at &= at - 1) {
                    i = k * 64 + dlx_ctz64(at); /* the cell's other digit of two */
                    uint32_t e = m[i] & ~((uint32_t)1 << d);
                    next[(n + dlx_ctz32(e)) * words + k] |= (uint64_t)1 << (i % 64);
                    touched[1] |= e;
                }
            }
            if (any)
                touched[1] |= (uint32_t)1 << d;
        }
        for (on = 0; on < 2; on++) { /* the next level: what is reached first */
            active[on] = 0;
            used[on] |= touched[on];
            for (uint32_t ds = touched[on]; ds; ds &= ds - 1) {
                int at = (on * n + dlx_ctz32(ds)) * words;
                uint64_t any = 0;
                for (int k = at; k < at + words; k++) {
                    uint64_t fresh = next[k] & ~seen[k];
                    seen[k] |= fresh, last[k] = fresh, next[k] = 0, any |= fresh;
                    if (fresh)
                        count += dlx_popcount64(fresh);
                }
                if (any)
                    active[on] |= ds & (0 - ds);
            }
        }
        if (count > limit || seen[target_at] & target_bit) {
            count = -1;
            break;
        }
    }
    for (on = 0; on < 2; on++)
        for (uint32_t ds = used[on]; ds; ds &= ds - 1)
            memset(seen + (on * n + dlx_ctz32(ds)) * words, 0, (size_t)words * sizeof(uint64_t));
    return count;
}

/* reached_in for l's n and words, as search() */
static long long reached_within(Links *l, const uint32_t *m, const Where *from, int start,
                                int y, long reach, int target, long long limit)
{
    if (l->n == 9 && l->words == 2)
        return reached_in(l, m, from, start, y, reach, target, limit, 9, 2);
    return reached_in(l, m, from, start, y, reach, target, limit, l->n, l->words);
}

#include "_reach.h"

/* The links of a capsule and masks of its shape, NULL with an exception set otherwise */
static Links *links_for(PyObject *capsule, Py_buffer *masks)
{
    Links *l = PyCapsule_GetPointer(capsule, CAPSULE);
    if (l && masks->len != (Py_ssize_t)(l->cells * sizeof(uint32_t))) {
        PyErr_SetString(PyExc_ValueError, "masks must hold a uint32 a cell of the shape");
        return NULL;
    }
    for (int i = 0; l && i < l->cells; i++)
        if (((const uint32_t *)masks->buf)[i] >> l->n) {
            PyErr_SetString(PyExc_ValueError, "masks: a candidate past the shape's digits");
            return NULL;
        }
    return l;
}

/* closure(links, masks, starts, y, dynamic, stop, reach, budget): see the reference. masks
 * is the board's candidates, a uint32 a cell; reach None or an int; budget the implications
 * left. Returns (the closure, a capsule, or None when the budget ran out; the conflict (on,
 * off) or None; the budget left). */
static PyObject *closure(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *capsule, *starts, *reach_arg, *result = NULL;
    Py_buffer masks;
    int y, dynamic, stop;
    long long budget;
    if (!PyArg_ParseTuple(args, "Oy*O!pppOL:closure", &capsule, &masks, &PyTuple_Type, &starts,
                          &y, &dynamic, &stop, &reach_arg, &budget))
        return NULL;
    Links *l = links_for(capsule, &masks);
    int *start = NULL, conflict[2];
    long reach = -1;
    if (!l)
        goto done;
    if (reach_arg != Py_None) {
        reach = PyLong_AsLong(reach_arg);
        if (reach == -1 && PyErr_Occurred())
            goto done;
        if (reach < 0) /* nothing past the starts is followed */
            reach = -2;
        if (reach > INT_MAX - 1)
            reach = INT_MAX - 1;
    }
    Py_ssize_t n_starts = PyTuple_GET_SIZE(starts);
    if (!(start = PyMem_Malloc(((size_t)n_starts + 1) * sizeof(int)))) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 0; k < n_starts; k++) { /* read before the scratch is taken */
        long p = PyLong_AsLong(PyTuple_GET_ITEM(starts, k));
        if (p < 0 || p >= l->potentials) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_IndexError, "closure: a start outside the board");
            goto done;
        }
        start[k] = (int)p;
    }
    Where from;
    if (!places_of(l, masks.buf, &from) ||
        search(l, masks.buf, &from, start, n_starts, y, dynamic, stop, reach, &budget,
               conflict) == FAILED)
        goto done;
    if (budget < 0) {
        result = Py_BuildValue("OOL", Py_None, Py_None, budget);
        goto done;
    }
    Closure *copy = closure_copy(l->scratch->c, NULL);
    PyObject *kept = copy ? PyCapsule_New(copy, CLOSURE, closure_capsule_free) : NULL;
    if (!kept) {
        closure_free(copy);
        goto done;
    }
    if (conflict[0] >= 0)
        result = Py_BuildValue("N(ii)L", kept, conflict[0], conflict[1], budget);
    else
        result = Py_BuildValue("NOL", kept, Py_None, budget);
done:
    PyMem_Free(start);
    PyBuffer_Release(&masks);
    return result;
}

#include "_first_chain.h"

static Closure *closure_of(PyObject *capsule) { return PyCapsule_GetPointer(capsule, CLOSURE); }

/* parents(closure): the reference's parents, a dict in the order the potentials were
 * reached, each with the tuple of those it follows from */
static PyObject *parents(PyObject *Py_UNUSED(module), PyObject *capsule)
{
    Closure *c = closure_of(capsule);
    PyObject *found = c ? PyDict_New() : NULL;
    for (int k = 0; found && k < c->reached; k++) {
        int from = c->why_start[k], to = c->why_start[k + 1];
        PyObject *key = PyLong_FromLong(c->order[k]), *why = PyTuple_New(to - from);
        for (int j = from; why && j < to; j++) {
            PyObject *item = PyLong_FromLong(c->pool[j]);
            if (!item)
                Py_CLEAR(why);
            else
                PyTuple_SET_ITEM(why, j - from, item);
        }
        if (!key || !why || PyDict_SetItem(found, key, why) < 0)
            Py_CLEAR(found);
        Py_XDECREF(key);
        Py_XDECREF(why);
    }
    return found;
}

/* reached(closure): the potentials reached, in the order they were (the keys of parents()) */
static PyObject *reached(PyObject *Py_UNUSED(module), PyObject *capsule)
{
    Closure *c = closure_of(capsule);
    PyObject *found = c ? PyTuple_New(c->reached) : NULL;
    for (int k = 0; found && k < c->reached; k++) {
        PyObject *q = PyLong_FromLong(c->order[k]);
        if (!q)
            Py_CLEAR(found);
        else
            PyTuple_SET_ITEM(found, k, q);
    }
    return found;
}

/* reaches(closure, q): whether q was reached */
static PyObject *reaches(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *capsule;
    long q;
    if (!PyArg_ParseTuple(args, "Ol:reaches", &capsule, &q))
        return NULL;
    Closure *c = closure_of(capsule);
    if (!c)
        return NULL;
    return PyBool_FromLong(q >= 0 && q < c->total && c->pos[q] >= 0);
}

/* ancestors(closure, targets): the reference's _ancestors, as a set */
static PyObject *ancestors(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *capsule, *targets, *items = NULL, *found = NULL;
    if (!PyArg_ParseTuple(args, "OO:ancestors", &capsule, &targets))
        return NULL;
    Closure *c = closure_of(capsule);
    if (!c || !(items = PySequence_Fast(targets, "ancestors: targets must be a sequence")))
        return NULL;
    Py_ssize_t n_targets = PySequence_Fast_GET_SIZE(items);
    int *block = PyMem_Malloc((2 * (size_t)c->total + (size_t)n_targets + 1) * sizeof(int));
    if (!block) {
        PyErr_NoMemory();
        goto done;
    }
    unsigned *mark = (unsigned *)block;
    int *out = block + c->total, *wanted = out + c->total;
    memset(mark, 0, (size_t)c->total * sizeof(int));
    for (Py_ssize_t k = 0; k < n_targets; k++) {
        long q = PyLong_AsLong(PySequence_Fast_GET_ITEM(items, k));
        if (q < 0 || q >= c->total || c->pos[q] < 0) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_KeyError, "ancestors: a target not reached");
            goto done;
        }
        wanted[k] = (int)q;
    }
    int count = climb(c, wanted, (int)n_targets, mark, 1, out, INT_MAX);
    found = PySet_New(NULL);
    for (int k = 0; found && k < count; k++) {
        PyObject *q = PyLong_FromLong(out[k]);
        if (!q || PySet_Add(found, q) < 0)
            Py_CLEAR(found);
        Py_XDECREF(q);
    }
done:
    PyMem_Free(block);
    Py_DECREF(items);
    return found;
}

#include "_first_multiple.h"

static PyMethodDef methods[] = {
    {"first_multiple", first_multiple, METH_VARARGS,
     "first_multiple(links, masks, dynamic, budget): the first shortest multiple chain"},
    {"first_chain", first_chain, METH_VARARGS,
     "first_chain(links, masks, technique, budget): the first shortest chain of a kind"},
    {"parents", parents, METH_O, "parents(closure): potential -> what it follows from"},
    {"reached", reached, METH_O, "reached(closure): the potentials reached, in order"},
    {"reaches", reaches, METH_VARARGS, "reaches(closure, q): whether q was reached"},
    {"ancestors", ancestors, METH_VARARGS,
     "ancestors(closure, targets): the targets and all they follow from"},
    {"least", least, METH_VARARGS,
     "least(closures, masks, n, targets=None): the least complexity of what they all imply, "
     "or -1; with targets, (it, the first target of it, its chains) or None"},
    {"links", links, METH_VARARGS, "links(packed): a shape's units and peers, for closure()"},
    {"closure", closure, METH_VARARGS,
     "closure(links, masks, starts, y, dynamic, stop, reach, budget): what starts imply"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "sudoku._chains",
    "The implications of the rater's chains in C (sudoku.chains is the reference).", -1,
    methods,
};

PyMODINIT_FUNC PyInit__chains(void) { return PyModule_Create(&module); }
