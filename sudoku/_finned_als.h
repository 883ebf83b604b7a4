/* Finned fish and ALS-XZ in C (sudoku.fish_and_wings._finned_fish_py and _als_xz_py, the
 * references, search for search: the same candidates tried in the same order, the same
 * first hit), on the arguments of _patterns.h's searches (Shaped). Both are tried where
 * nearly always nothing is found, so both rule out with a few masks what cannot make the
 * pattern before looking closer: lines or cells whose digits already overflow it, fins
 * in two boxes, cover lines without the digit off the base lines, sets without a digit
 * where every one of the other set's sees it, or sharing a cell with it. Included by
 * _batch.c, after _patterns.h. */

/* Whether some cell of the cover lines of lines (a mask of places), off the base lines
 * (off_base, a mask of places along them), holds the digit (across[c]: where it lies along
 * cover line c) and lies in the unit box. */
static int finned_strikes(const Shaped *s, const int *cover_lines, const unsigned long *across,
                          unsigned long lines, unsigned long off_base, int box)
{
    for (; lines; lines &= lines - 1) {
        int c = dlx_ctz32((uint32_t)lines);
        for (unsigned long b = across[c] & off_base; b; b &= b - 1)
            if (unit_holds(s, box, cover_lines[c * s->n + dlx_ctz32((uint32_t)b)]))
                return 1;
    }
    return 0;
}

/* _finned in C: for base lines lines[0..k) (their places where[], union_ their union, of
 * k + 1 or k + 2 places; box_of[b * n + p]: the box of base line b's cell p; across[c]:
 * where the digit lies along cover line c, whose cells are cover_lines[c * n ..]), the
 * cover lines as a mask and the fins' box of the first finned fish that strikes, as
 * *covered and *box; 0 when there is none. The cover lines are k of the union's places in
 * the order of combinations: their complements, the fins' places (one or two), are taken
 * in reverse, and only those whose cells lie in one box. */
static int finned_at(const Shaped *s, const int *box_of, const int *lines,
                     const unsigned long *where, int k, unsigned long union_,
                     const unsigned long *across, const int *cover_lines,
                     unsigned long *covered, int *box)
{
    unsigned long off_base = s->full, strikable = 0;
    for (int l = 0; l < k; l++)
        off_base &= ~(1UL << lines[l]);
    for (unsigned long c = union_; c; c &= c - 1) /* the cover lines that may strike */
        if (across[dlx_ctz32((uint32_t)c)] & off_base)
            strikable |= c & -c;
    if (!strikable)
        return 0;
    int box_at[MAX_SIZE], place[MAX_SIZE], places = 0;
    for (unsigned long c = union_; c; c &= c - 1) { /* place: those of one box, in order */
        int p = dlx_ctz32((uint32_t)c), one = 1;
        box_at[p] = -1;
        for (int l = 0; l < k; l++)
            if (where[l] >> p & 1) {
                int b = box_of[lines[l] * s->n + p];
                one &= box_at[p] < 0 || b == box_at[p];
                box_at[p] = b;
            }
        if (one)
            place[places++] = p;
    }
    int two = dlx_popcount64((uint64_t)union_) == k + 2; /* two fins' places, or one */
    for (int x = places - 1; x >= 0; x--)
        for (int y = two ? places - 1 : x; y >= x + two; y--) {
            int i = place[x], j = place[y];
            if (box_at[j] != box_at[i])
                continue;
            unsigned long cover = union_ & ~(1UL << i) & ~(1UL << j);
            if (finned_strikes(s, cover_lines, across, cover & strikable, off_base, box_at[i])) {
                *covered = cover;
                *box = box_at[i];
                return 1;
            }
        }
    return 0;
}

/* The digits whose candidates lie as they lay where known (a bytearray, made n digits of
 * n + 1 unsigned longs: the digit's places along each row, then 1 when they hold no
 * finned fish) says they hold none, as a mask; at: their places along each row, a digit
 * after another. A finned fish of a digit is a matter of its places alone. 0 and known
 * made empty when it is not of that size; -1 with an error set when it cannot be. */
static long long finned_none(PyObject *known, const unsigned long *at, Py_ssize_t n)
{
    const size_t row = sizeof(unsigned long), per = ((size_t)n + 1) * row;
    if ((size_t)PyByteArray_GET_SIZE(known) != (size_t)n * per) {
        if (PyByteArray_Resize(known, (Py_ssize_t)((size_t)n * per)) < 0)
            return -1;
        memset(PyByteArray_AS_STRING(known), 0, (size_t)n * per);
        return 0;
    }
    const char *kept = PyByteArray_AS_STRING(known);
    long long none = 0;
    for (Py_ssize_t d = 0; d < n; d++) {
        unsigned long flag;
        memcpy(&flag, kept + (size_t)d * per + (size_t)n * row, row);
        if (flag && !memcmp(kept + (size_t)d * per, at + d * n, (size_t)n * row))
            none |= 1LL << d;
    }
    return none;
}

/* finned_fish(masks, units, n, known=None) -> (k, bit, on_columns, lines, covered, box) |
 * None: sudoku.fish_and_wings._finned_fish_py in C, on a shape of n rows, n columns, n
 * boxes. known, a bytearray kept from call to call (finned_none), is the digits' places
 * that held no finned fish: those digits are passed over, and when none is found, every
 * digit's places are kept as holding none. */
static PyObject *finned_fish(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *result = NULL, *masks, *known = Py_None;
    Py_buffer units;
    Py_ssize_t n;
    Shaped s;
    if (!PyArg_ParseTuple(args, "O!y*n|O:finned_fish", &PyList_Type, &masks, &units, &n, &known))
        return NULL;
    if (known != Py_None && !PyByteArray_Check(known)) {
        PyErr_SetString(PyExc_TypeError, "finned_fish: known must be a bytearray or None");
        PyBuffer_Release(&units);
        return NULL;
    }
    if (!shaped_read(&s, masks, &units, n, 1)) {
        PyBuffer_Release(&units);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < s.cells && s.n_units == 3 * n; i++)
        if (s.third[i] < 0)
            s.n_units = 0; /* a cell in fewer than three units: no box of its own */
    if (s.n_units != 3 * n) {
        PyErr_SetString(PyExc_ValueError, "finned_fish takes n rows, n columns and n boxes");
        goto done;
    }
    /* at[(base * n + d) * n + b]: where digit d lies along row (base 0) or column b;
     * box_of[(base * n + b) * n + p]: the box of its cell p */
    unsigned long at[2 * MAX_SIZE * MAX_SIZE];
    int box_of[2 * MAX_SIZE * MAX_SIZE];
    memset(at, 0, (size_t)(2 * n * n) * sizeof(unsigned long));
    for (Py_ssize_t j = 0; j < 2 * n * n; j++) {
        int i = s.units[j];
        box_of[j] = s.third[i];
        for (unsigned long m = s.m[i]; m; m &= m - 1)
            at[(j / (n * n) * n + dlx_ctz32((uint32_t)m)) * n + j / n % n] |= 1UL << (j % n);
    }
    long long none = known == Py_None ? 0 : finned_none(known, at, n);
    if (none < 0)
        goto done;
    for (int k = 2; k <= 3; k++)
        for (Py_ssize_t d = 0; d < n; d++)
            for (int base = 0; base < 2 && !(none >> d & 1); base++) {
                const unsigned long *along = at + (base * n + d) * n;
                unsigned long all[MAX_SIZE], where[3], union_, covered;
                int line[MAX_SIZE], count = 0, pick[3], box;
                for (Py_ssize_t b = 0; b < n; b++)
                    if (along[b] && dlx_popcount64((uint64_t)along[b]) <= k + 2) {
                        line[count] = (int)b;
                        all[count++] = along[b];
                    }
                Closed walk; /* k of the lines in order; more than k + 2 places: no fish */
                bounded_start(&walk, all, count, k, k + 2);
                while (closed_next(&walk, pick, &union_)) {
                    int lines[3];
                    if (dlx_popcount64((uint64_t)union_) <= k)
                        continue; /* a plain fish, or less */
                    for (int l = 0; l < k; l++) {
                        lines[l] = line[pick[l]];
                        where[l] = all[pick[l]];
                    }
                    if (finned_at(&s, box_of + base * n * n, lines, where, k, union_,
                                  at + ((1 - base) * n + d) * n, s.units + (1 - base) * n * n,
                                  &covered, &box)) {
                        PyObject *in = int_tuple(lines, k);
                        if (in)
                            result = Py_BuildValue("ikiOki", k, 1UL << d, base, in, covered, box);
                        Py_XDECREF(in);
                        goto done;
                    }
                }
            }
    if (known != Py_None) { /* every digit's places hold none: kept so */
        const size_t row = sizeof(unsigned long), per = ((size_t)n + 1) * row;
        const unsigned long flag = 1;
        char *kept = PyByteArray_AS_STRING(known);
        for (Py_ssize_t d = 0; d < n; d++) {
            memcpy(kept + (size_t)d * per, at + d * n, (size_t)n * row);
            memcpy(kept + (size_t)d * per + (size_t)n * row, &flag, row);
        }
    }
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(s.in);
    PyBuffer_Release(&units);
    return result;
}

/* An almost locked set: size cells of a unit (in the unit's order) with size + 1 digits. */
typedef struct {
    int cell[3], size, unit;
    unsigned long digits;
} Als;

#define ALS_CELLS 3 /* sudoku.fish_and_wings.ALS_CELLS */

/* Whether unit v holds cells open[pick[0..size)] in that order (a cell twice in it at its
 * first place). */
static int als_in_order(const Shaped *s, Py_ssize_t v, const int *open, const int *pick,
                        int size)
{
    for (int l = 0; l < size; l++)
        if (!unit_holds(s, v, open[pick[l]]))
            return 0; /* nearly always, on the first cell */
    for (int l = 0, last = -1; l < size; l++) {
        int place = 0;
        while (s->units[v * s->n + place] != open[pick[l]]) /* held: found */
            place++;
        if (place <= last)
            return 0;
        last = place;
    }
    return 1;
}

/* Set open[pick[0..size)] of unit u, of digits union_, added to found[0..*count) (room:
 * its size) unless an earlier unit holds it (in the same order): 0 with an error set when
 * memory runs out. */
static int als_add(const Shaped *s, Als **found, Py_ssize_t *count, Py_ssize_t *room,
                   Py_ssize_t u, const int *open, const int *pick, int size, unsigned long union_)
{
    for (Py_ssize_t v = 0; v < u; v++)
        if (als_in_order(s, v, open, pick, size))
            return 1;
    if (*count == *room) {
        *room = *room ? 2 * *room : 256;
        Als *more = PyMem_Realloc(*found, (size_t)*room * sizeof(Als));
        if (!more) {
            PyErr_NoMemory();
            return 0;
        }
        *found = more;
    }
    Als *set = *found + (*count)++;
    set->size = size;
    set->unit = (int)u;
    set->digits = union_;
    for (int l = 0; l < size; l++)
        set->cell[l] = open[pick[l]];
    return 1;
}

/* sudoku.fish_and_wings._almost_locked_sets in C: unit by unit, sizes 1 to 3, the cells in
 * the order of combinations; a set already found in an earlier unit (the same cells, in
 * the same order) is left out. The sets in *found (PyMem), their number returned; -1
 * with an error set when memory runs out. */
static Py_ssize_t als_sets(const Shaped *s, Als **found)
{
    Py_ssize_t count = 0, room = 0;
    *found = NULL;
    for (Py_ssize_t u = 0; u < s->n_units; u++) {
        unsigned long digits[MAX_SIZE], pair[MAX_SIZE * MAX_SIZE];
        int open[MAX_SIZE], opened = 0, pick[ALS_CELLS];
        for (Py_ssize_t j = 0; j < s->n; j++) { /* a cell of more digits is in no set */
            int i = s->units[u * s->n + j];
            if (s->m[i] && dlx_popcount64((uint64_t)s->m[i]) <= ALS_CELLS + 1) {
                digits[opened] = s->m[i];
                open[opened++] = i;
            }
        }
        for (pick[0] = 0; pick[0] < opened; pick[0]++)
            if (dlx_popcount64((uint64_t)digits[pick[0]]) == 2 &&
                !als_add(s, found, &count, &room, u, open, pick, 1, digits[pick[0]]))
                return -1;
        /* pair[a * opened + b]: the digits of cells a < b, or 0 past four (no set of three) */
        for (pick[0] = 0; pick[0] < opened; pick[0]++)
            for (pick[1] = pick[0] + 1; pick[1] < opened; pick[1]++) {
                unsigned long two = digits[pick[0]] | digits[pick[1]];
                int bits = dlx_popcount64((uint64_t)two);
                pair[pick[0] * opened + pick[1]] = bits <= 4 ? two : 0;
                if (bits == 3 && !als_add(s, found, &count, &room, u, open, pick, 2, two))
                    return -1;
            }
        for (pick[0] = 0; pick[0] < opened; pick[0]++)
            for (pick[1] = pick[0] + 1; pick[1] < opened; pick[1]++) {
                unsigned long two = pair[pick[0] * opened + pick[1]];
                for (pick[2] = pick[1] + 1; two && pick[2] < opened; pick[2]++) {
                    unsigned long three = two | digits[pick[2]];
                    if (dlx_popcount64((uint64_t)three) == 4 &&
                        !als_add(s, found, &count, &room, u, open, pick, 3, three))
                        return -1;
                }
            }
    }
    return count;
}

/* Whether the cells of set b holding digit d all lie in seen (a set of cells, as bits). */
static int als_within(const Shaped *s, const Als *b, unsigned long d, const uint64_t *seen)
{
    for (int l = 0; l < b->size; l++)
        if (s->m[b->cell[l]] & d && !(seen[b->cell[l] / 64] >> (b->cell[l] % 64) & 1))
            return 0;
    return 1;
}

/* Whether some cell holding z (holding: those cells) sees every z of set b and lies in
 * seen_a (the cells seeing every z of set a); peers: each cell's peers, w words a set. */
static int als_strikes(const Shaped *s, const Als *b, unsigned long z, const uint64_t *seen_a,
                       const uint64_t *peers, const uint64_t *holding, Py_ssize_t w)
{
    uint64_t seen[WORDS];
    for (Py_ssize_t k = 0; k < w; k++)
        seen[k] = holding[k] & seen_a[k];
    for (int l = 0; l < b->size; l++)
        if (s->m[b->cell[l]] & z)
            for (Py_ssize_t k = 0; k < w; k++)
                seen[k] &= peers[b->cell[l] * w + k];
    for (Py_ssize_t k = 0; k < w; k++)
        if (seen[k])
            return 1;
    return 0;
}

/* The first ALS-XZ of set a with a later set (sets[ka + 1 .. count)), in order: the sets
 * b with two digits or more in common with a and no cell, x then z low bit first. b's
 * number, or -1; x and z in *x and *z. with: for each digit, then each cell, the sets
 * holding it, as sets of ws words; then room for two more. Only the sets b with an x in a
 * cell seeing every x of a, and another digit of a, are looked at: x is restricted in no
 * other. */
static Py_ssize_t als_partner(const Shaped *s, const Als *sets, Py_ssize_t ka,
                              const uint64_t *peers, Py_ssize_t w, uint64_t *with, Py_ssize_t ws,
                              unsigned long *x, unsigned long *z)
{
    const Als *a = sets + ka;
    const uint64_t *holding = peers + s->cells * w;
    uint64_t seeing[MAX_SIZE * WORDS]; /* seeing[d * w ..]: the cells seeing every d of a */
    uint64_t *partners = with + (s->n + s->cells) * ws, *near = partners + ws;
    Py_ssize_t first = ka / 64;
    for (Py_ssize_t j = first; j < ws; j++)
        partners[j] = 0;
    for (unsigned long xs = a->digits; xs; xs &= xs - 1) {
        int dx = dlx_ctz32((uint32_t)xs), seen_yet = 0;
        uint64_t *seen = seeing + dx * w;
        for (int l = 0; l < a->size; l++) /* some cell of a holds x: seen is set */
            if (s->m[a->cell[l]] >> dx & 1) {
                const uint64_t *peer = peers + a->cell[l] * w;
                for (Py_ssize_t k = 0; k < w; k++)
                    seen[k] = seen_yet ? seen[k] & peer[k] : peer[k];
                seen_yet = 1;
            }
        for (Py_ssize_t j = first; j < ws; j++)
            near[j] = 0;
        for (Py_ssize_t k = 0; k < w; k++) /* the sets with an x where every x of a sees it */
            for (uint64_t at = seen[k] & holding[dx * w + k]; at; at &= at - 1) {
                const uint64_t *in = with + (s->n + k * 64 + dlx_ctz64(at)) * ws;
                for (Py_ssize_t j = first; j < ws; j++)
                    near[j] |= in[j];
            }
        for (unsigned long zs = a->digits & ~(xs & -xs); zs; zs &= zs - 1) {
            const uint64_t *in = with + dlx_ctz32((uint32_t)zs) * ws;
            for (Py_ssize_t j = first; j < ws; j++)
                partners[j] |= near[j] & in[j];
        }
    }
    for (int l = 0; l < a->size; l++) { /* a's own cells: sets that share one are out */
        const uint64_t *touching = with + (s->n + a->cell[l]) * ws;
        for (Py_ssize_t k = first; k < ws; k++)
            partners[k] &= ~touching[k];
    }
    partners[first] &= ~(((uint64_t)2 << (ka % 64)) - 1); /* sets up to a are out too */
    for (Py_ssize_t k = first; k < ws; k++)
        for (uint64_t left = partners[k]; left; left &= left - 1) {
            const Als *b = sets + k * 64 + dlx_ctz64(left);
            unsigned long common = a->digits & b->digits;
            for (unsigned long xs = common; xs; xs &= xs - 1) {
                *x = xs & -xs;
                if (!als_within(s, b, *x, seeing + dlx_ctz32((uint32_t)*x) * w))
                    continue; /* an x of b that misses an x of a: x is not restricted */
                for (unsigned long zs = common & ~*x; zs; zs &= zs - 1) {
                    int dz = dlx_ctz32((uint32_t)zs);
                    *z = zs & -zs;
                    if (als_strikes(s, b, *z, seeing + dz * w, peers, holding + dz * w, w))
                        return b - sets;
                }
            }
        }
    return -1;
}

/* als_xz(masks, units, n) -> (cells_a, unit_a, cells_b, unit_b, x, z) | None:
 * sudoku.fish_and_wings._als_xz_py in C: the pairs of almost locked sets in order, each
 * with two digits or more in common and no cell, x then z low bit first (als_partner). */
static PyObject *als_xz(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *result = NULL;
    Py_buffer units;
    Shaped s;
    Als *sets = NULL;
    uint64_t *peers = NULL, *with = NULL;
    if (!read_search(args, "O!y*n:als_xz", &s, &units, NULL, 1))
        return NULL;
    Py_ssize_t n = s.n;
    Py_ssize_t count = als_sets(&s, &sets), w = s.w, ws = count / 64 + 1;
    if (count < 0 || !(peers = peer_sets(&s, w)))
        goto done;
    /* for each digit, then each cell, the sets holding it; then room for als_partner */
    if (!(with = PyMem_Calloc((size_t)((n + s.cells + 2) * ws), sizeof(uint64_t)))) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        uint64_t bit = (uint64_t)1 << (k % 64);
        for (unsigned long d = sets[k].digits; d; d &= d - 1)
            with[dlx_ctz32((uint32_t)d) * ws + k / 64] |= bit;
        for (int l = 0; l < sets[k].size; l++)
            with[(n + sets[k].cell[l]) * ws + k / 64] |= bit;
    }
    for (Py_ssize_t ka = 0; ka < count; ka++) {
        unsigned long x, z;
        Py_ssize_t kb = als_partner(&s, sets, ka, peers, w, with, ws, &x, &z);
        if (kb < 0)
            continue;
        const Als *a = sets + ka, *b = sets + kb;
        PyObject *cells_a = int_tuple(a->cell, a->size);
        PyObject *cells_b = cells_a ? int_tuple(b->cell, b->size) : NULL;
        if (cells_a && cells_b)
            result = Py_BuildValue("OiOikk", cells_a, a->unit, cells_b, b->unit, x, z);
        Py_XDECREF(cells_a);
        Py_XDECREF(cells_b);
        goto done;
    }
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(with);
    PyMem_Free(peers);
    PyMem_Free(sets);
    PyMem_Free(s.in);
    PyBuffer_Release(&units);
    return result;
}
