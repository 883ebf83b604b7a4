/* The rater's slowest pattern searches in C: fish, finned fish, XY- and XYZ-wings, W-wings,
 * ALS-XZ and naked subsets (sudoku.fish_and_wings._fish_py, _finned_fish_py, _xy_wing_py,
 * _xyz_wing_py, _w_wing_py and _als_xz_py, sudoku.subsets._naked_set_py, the references,
 * search for search: the same candidates tried in the same order, the same first hit).
 * They give what they found as plain numbers; the Python finders write the step out, so
 * its words and pattern are the reference's by construction. Included by _batch.c, after
 * _rater.h.
 *
 * All take masks (a list of n * n candidate masks, each within the n digits) and units
 * (the units' cells packed n a unit as native ints, sudoku.geometry.Geometry.packed), and
 * refuse anything else with an error. */

/* A shape's arrays, read and checked once a call: the masks, each cell's position in each
 * unit (-1 where it is not in it) and, for finned fish, each cell's third unit (its box on
 * a shape of rows, columns and boxes: Geometry.cell_units[i][2]). */
typedef struct {
    Py_ssize_t n, cells, n_units;
    const int *units;
    unsigned long full, m[MAX_SIZE * MAX_SIZE];
    int *pos;    /* pos[u * cells + i]: i's place in unit u, or -1 */
    int *third;  /* third[i]: the third unit holding i, or -1 */
} Shaped;

/* The arguments of a search read into s (0 with an error set when they do not fit); the
 * places of cells in units too when with_places (else pos and third are NULL). */
static int shaped_read(Shaped *s, PyObject *masks, Py_buffer *units, Py_ssize_t n,
                       int with_places)
{
    s->pos = s->third = NULL;
    s->n = n;
    s->cells = PyList_GET_SIZE(masks);
    s->n_units = n > 0 ? (Py_ssize_t)(units->len / sizeof(int)) / n : 0;
    s->units = units->buf;
    if (n < 1 || n > MAX_SIZE || s->cells != n * n || s->n_units < 1) {
        PyErr_SetString(PyExc_ValueError, "the search takes n * n masks and units of n cells");
        return 0;
    }
    if (!read_units(masks, units, s->n_units, n, s->m))
        return 0;
    s->full = (1UL << n) - 1;
    for (Py_ssize_t i = 0; i < s->cells; i++)
        if (s->m[i] & ~s->full) {
            PyErr_SetString(PyExc_ValueError, "a mask holds a digit past n");
            return 0;
        }
    if (!with_places)
        return 1;
    s->pos = PyMem_Malloc((size_t)(s->n_units * s->cells + s->cells) * sizeof(int));
    if (!s->pos) {
        PyErr_NoMemory();
        return 0;
    }
    s->third = s->pos + s->n_units * s->cells;
    int *seen = s->third; /* how many units hold each cell so far, then the third */
    memset(s->pos, -1, (size_t)(s->n_units * s->cells) * sizeof(int));
    memset(seen, 0, (size_t)s->cells * sizeof(int));
    for (Py_ssize_t u = 0; u < s->n_units; u++)
        for (Py_ssize_t j = 0; j < n; j++) {
            int i = s->units[u * n + j];
            if (s->pos[u * s->cells + i] < 0) /* a cell twice in a unit: its first place */
                s->pos[u * s->cells + i] = (int)j;
        }
    for (Py_ssize_t i = 0; i < s->cells; i++) {
        int held = 0;
        seen[i] = -1;
        for (Py_ssize_t u = 0; u < s->n_units && seen[i] < 0; u++)
            if (s->pos[u * s->cells + i] >= 0 && ++held == 3)
                seen[i] = (int)u;
    }
    return 1;
}

/* The arguments (masks, units, n, k) of a search of k lines or cells (fish, naked_set),
 * parsed by format (its name after the colon) and read into s and *k: 0 with an error set
 * and units released when they do not fit. */
static int read_k_search(PyObject *args, const char *format, Shaped *s, Py_buffer *units, int *k)
{
    PyObject *masks;
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, format, &PyList_Type, &masks, units, &n, k))
        return 0;
    if (*k < 1 || *k > 8)
        PyErr_Format(PyExc_ValueError, "%s takes k from 1 to 8", strchr(format, ':') + 1);
    else if (shaped_read(s, masks, units, n, 0))
        return 1;
    PyBuffer_Release(units);
    return 0;
}

/* values[0..count) as a tuple of ints (NULL with an error set). */
static PyObject *int_tuple(const int *values, int count)
{
    PyObject *tuple = PyTuple_New(count);
    for (int l = 0; tuple && l < count; l++) {
        PyObject *value = PyLong_FromLong(values[l]);
        if (!value)
            Py_CLEAR(tuple);
        else
            PyTuple_SET_ITEM(tuple, l, value);
    }
    return tuple;
}

/* Where digit bit lies along line b of the rows (base 0) or columns (base 1). */
static unsigned long line_where(const Shaped *s, int base, Py_ssize_t b, unsigned long bit)
{
    const int *line = s->units + (base * s->n + b) * s->n;
    unsigned long where = 0;
    for (Py_ssize_t p = 0; p < s->n; p++)
        if (s->m[line[p]] & bit)
            where |= 1UL << p;
    return where;
}

/* A fish found: its digit's bit, on the columns (base 1) or rows (0), its k base lines and
 * its cover lines, as a mask of positions along them. */
typedef struct {
    unsigned long bit, where;
    int base, lines[8];
} Fish;

/* sudoku.fish_and_wings._fish_py in C: digit by digit, rows then columns, the first k base
 * lines (each holding the digit in 2 to k places) whose places lie in k cover lines
 * (closed_next) that hold the digit off the base lines: 1 with *hit set, else 0. s holds n
 * rows and n columns first; k is from 1 to 8. */
static int fish_first(const Shaped *s, int k, Fish *hit)
{
    Py_ssize_t n = s->n;
    for (Py_ssize_t d = 0; d < n; d++)
        for (int base = 0; base < 2; base++) {
            unsigned long bit = 1UL << d, spots[MAX_SIZE], where;
            int line[MAX_SIZE], count = 0, chosen[8];
            for (Py_ssize_t b = 0; b < n; b++) {
                unsigned long w = line_where(s, base, b, bit);
                int places = dlx_popcount64((uint64_t)w);
                if (2 <= places && places <= k) {
                    line[count] = (int)b;
                    spots[count++] = w;
                }
            }
            Closed walk;
            closed_start(&walk, spots, count, k);
            while (closed_next(&walk, chosen, &where)) {
                int strikes = 0;
                for (int l = 0; l < k; l++)
                    hit->lines[l] = line[chosen[l]];
                for (unsigned long c = where; c && !strikes; c &= c - 1) {
                    const int *cover = s->units + ((1 - base) * n + dlx_ctz32((uint32_t)c)) * n;
                    for (Py_ssize_t b = 0; b < n && !strikes; b++) {
                        int off_base = 1;
                        for (int l = 0; l < k; l++)
                            off_base &= hit->lines[l] != b;
                        strikes = off_base && s->m[cover[b]] & bit;
                    }
                }
                if (strikes) {
                    hit->bit = bit;
                    hit->base = base;
                    hit->where = where;
                    return 1;
                }
            }
        }
    return 0;
}

/* fish(masks, units, n, k) -> (bit, on_columns, lines, where) | None: fish_first. */
static PyObject *fish(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *result = NULL;
    Py_buffer units;
    int k;
    Shaped s;
    Fish hit;
    if (!read_k_search(args, "O!y*ni:fish", &s, &units, &k))
        return NULL;
    if (s.n_units < 2 * s.n)
        PyErr_SetString(PyExc_ValueError, "fish takes n rows and n columns first");
    else if (fish_first(&s, k, &hit)) {
        PyObject *in = int_tuple(hit.lines, k);
        if (in)
            result = Py_BuildValue("kiOk", hit.bit, hit.base, in, hit.where);
        Py_XDECREF(in);
    } else
        result = Py_NewRef(Py_None);
    PyBuffer_Release(&units);
    return result;
}

/* _finned in C: for base lines lines[0..k) (their places where[]), the cover lines as a
 * mask and the fins' box of the first finned fish that strikes, as *covered and *box; 0
 * when there is none. */
static int finned_at(const Shaped *s, int base, const int *lines, const unsigned long *where,
                     int k, unsigned long bit, unsigned long *covered, int *box)
{
    unsigned long union_ = 0;
    for (int l = 0; l < k; l++)
        union_ |= where[l];
    int count = dlx_popcount64((uint64_t)union_);
    if (count <= k || count > k + 2)
        return 0; /* a plain fish, or less; or fins across more than two cross lines */
    int bit_at[MAX_SIZE], chosen[3];
    for (int c = 0, p = 0; p < (int)s->n; p++)
        if (union_ >> p & 1)
            bit_at[c++] = p;
    for (int l = 0; l < k; l++)
        chosen[l] = l;
    const int *cover_lines = s->units + (1 - base) * s->n * s->n;
    for (;;) { /* chosen: k of the union's bits, in the order of combinations */
        unsigned long cover = 0;
        for (int l = 0; l < k; l++)
            cover |= 1UL << bit_at[chosen[l]];
        int the_box = -1, one_box = 1;
        for (int l = 0; l < k && one_box; l++)
            for (unsigned long fins = where[l] & ~cover; fins && one_box; fins &= fins - 1) {
                int i = s->units[(base * s->n + lines[l]) * s->n + dlx_ctz32((uint32_t)fins)];
                one_box = the_box < 0 || s->third[i] == the_box;
                the_box = s->third[i];
            }
        for (unsigned long c = cover; one_box && c; c &= c - 1) {
            const int *line = cover_lines + dlx_ctz32((uint32_t)c) * s->n;
            for (Py_ssize_t b = 0; b < s->n; b++) {
                int off_base = 1;
                for (int l = 0; l < k; l++)
                    off_base &= lines[l] != b;
                if (off_base && s->m[line[b]] & bit && s->pos[the_box * s->cells + line[b]] >= 0) {
                    *covered = cover;
                    *box = the_box;
                    return 1;
                }
            }
        }
        int l = k - 1; /* the next k of count, as combinations takes them */
        while (l >= 0 && chosen[l] == count - k + l)
            l--;
        if (l < 0)
            return 0;
        chosen[l]++;
        for (int j = l + 1; j < k; j++)
            chosen[j] = chosen[j - 1] + 1;
    }
}

/* finned_fish(masks, units, n) -> (k, bit, on_columns, lines, covered, box) | None:
 * sudoku.fish_and_wings._finned_fish_py in C, on a shape of n rows, n columns, n boxes. */
static PyObject *finned_fish(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *masks, *result = NULL;
    Py_buffer units;
    Py_ssize_t n;
    Shaped s;
    if (!PyArg_ParseTuple(args, "O!y*n:finned_fish", &PyList_Type, &masks, &units, &n))
        return NULL;
    if (!shaped_read(&s, masks, &units, n, 1))
        goto done;
    for (Py_ssize_t i = 0; i < s.cells && s.n_units == 3 * n; i++)
        if (s.third[i] < 0)
            s.n_units = 0; /* a cell in fewer than three units: no box of its own */
    if (s.n_units != 3 * n) {
        PyErr_SetString(PyExc_ValueError, "finned_fish takes n rows, n columns and n boxes");
        goto done;
    }
    for (int k = 2; k <= 3; k++)
        for (Py_ssize_t d = 0; d < n; d++)
            for (int base = 0; base < 2; base++) {
                unsigned long bit = 1UL << d, all[MAX_SIZE], where[3], covered;
                int line[MAX_SIZE], count = 0, pick[3], box;
                for (Py_ssize_t b = 0; b < n; b++) {
                    unsigned long w = line_where(&s, base, b, bit);
                    if (w && dlx_popcount64((uint64_t)w) <= k + 2) {
                        line[count] = (int)b;
                        all[count++] = w;
                    }
                }
                if (count < k)
                    continue;
                for (int l = 0; l < k; l++)
                    pick[l] = l;
                for (;;) { /* k of the lines, in the order of combinations */
                    int lines[3];
                    for (int l = 0; l < k; l++) {
                        lines[l] = line[pick[l]];
                        where[l] = all[pick[l]];
                    }
                    if (finned_at(&s, base, lines, where, k, bit, &covered, &box)) {
                        PyObject *in = int_tuple(lines, k);
                        if (in)
                            result = Py_BuildValue("ikiOki", k, bit, base, in, covered, box);
                        Py_XDECREF(in);
                        goto done;
                    }
                    int l = k - 1;
                    while (l >= 0 && pick[l] == count - k + l)
                        l--;
                    if (l < 0)
                        break;
                    pick[l]++;
                    for (int j = l + 1; j < k; j++)
                        pick[j] = pick[j - 1] + 1;
                }
            }
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(s.pos);
    PyBuffer_Release(&units);
    return result;
}

/* An almost locked set: size cells of a unit (in the unit's order) with size + 1 digits. */
typedef struct {
    int cell[3], size, unit;
    unsigned long digits;
} Als;

#define ALS_CELLS 3 /* sudoku.fish_and_wings.ALS_CELLS */

/* sudoku.fish_and_wings._almost_locked_sets in C: unit by unit, sizes 1 to 3, the cells in
 * the order of combinations; a set already found in an earlier unit (the same cells, in
 * the same order) is left out. The sets in *found (PyMem), their number returned; -1
 * with an error set when memory runs out. */
static Py_ssize_t als_sets(const Shaped *s, Als **found)
{
    Py_ssize_t count = 0, room = 0;
    *found = NULL;
    for (Py_ssize_t u = 0; u < s->n_units; u++) {
        int open[MAX_SIZE], opened = 0, pick[ALS_CELLS];
        for (Py_ssize_t j = 0; j < s->n; j++)
            if (s->m[s->units[u * s->n + j]])
                open[opened++] = s->units[u * s->n + j];
        for (int size = 1; size <= ALS_CELLS && size <= opened; size++) {
            for (int l = 0; l < size; l++)
                pick[l] = l;
            for (;;) {
                unsigned long union_ = 0;
                for (int l = 0; l < size; l++)
                    union_ |= s->m[open[pick[l]]];
                int again = dlx_popcount64((uint64_t)union_) != size + 1;
                for (Py_ssize_t v = 0; v < u && !again; v++) {
                    const int *pos = s->pos + v * s->cells;
                    int in_order = pos[open[pick[0]]] >= 0;
                    for (int l = 1; l < size && in_order; l++)
                        in_order = pos[open[pick[l]]] > pos[open[pick[l - 1]]];
                    again = in_order;
                }
                if (!again) {
                    if (count == room) {
                        room = room ? 2 * room : 256;
                        Als *more = PyMem_Realloc(*found, (size_t)room * sizeof(Als));
                        if (!more) {
                            PyErr_NoMemory();
                            return -1;
                        }
                        *found = more;
                    }
                    Als *set = *found + count++;
                    set->size = size;
                    set->unit = (int)u;
                    set->digits = union_;
                    for (int l = 0; l < size; l++)
                        set->cell[l] = open[pick[l]];
                }
                int l = size - 1;
                while (l >= 0 && pick[l] == opened - size + l)
                    l--;
                if (l < 0)
                    break;
                pick[l]++;
                for (int j = l + 1; j < size; j++)
                    pick[j] = pick[j - 1] + 1;
            }
        }
    }
    return count;
}

#define WORDS ((MAX_SIZE * MAX_SIZE + 63) / 64) /* a set of cells, as bits */

/* Each cell's peers (the cells of its units but itself), then for each digit the cells
 * holding it, as sets of w words (PyMem, NULL with an error set on no memory). */
static uint64_t *peer_sets(const Shaped *s, Py_ssize_t w)
{
    uint64_t *peers = PyMem_Calloc((size_t)((s->cells + s->n) * w), sizeof(uint64_t));
    if (!peers)
        return (uint64_t *)PyErr_NoMemory();
    uint64_t *holding = peers + s->cells * w, unit[WORDS];
    for (Py_ssize_t u = 0; u < s->n_units; u++) { /* each unit's cells, to each of them */
        const int *cell = s->units + u * s->n;
        memset(unit, 0, (size_t)w * sizeof(uint64_t));
        for (Py_ssize_t j = 0; j < s->n; j++)
            unit[cell[j] / 64] |= (uint64_t)1 << (cell[j] % 64);
        for (Py_ssize_t j = 0; j < s->n; j++)
            for (Py_ssize_t k = 0; k < w; k++)
                peers[cell[j] * w + k] |= unit[k];
    }
    for (Py_ssize_t i = 0; i < s->cells; i++) {
        peers[i * w + i / 64] &= ~((uint64_t)1 << (i % 64));
        for (unsigned long m = s->m[i]; m; m &= m - 1)
            holding[dlx_ctz32((uint32_t)m) * w + i / 64] |= (uint64_t)1 << (i % 64);
    }
    return peers;
}

/* Whether cell j is among the peers of cell i (peers: peer_sets, w words a set). */
static int sees(const uint64_t *peers, Py_ssize_t w, int i, int j)
{
    return peers[i * w + j / 64] >> (j % 64) & 1;
}

/* Whether the digit z leaves any cell: one holding it (holding, a set of cells) that sees
 * every z of sets a and b (peers: each cell's peers, w words a set). */
static int als_strikes(const Shaped *s, const Als *a, const Als *b, unsigned long z,
                       const uint64_t *peers, const uint64_t *holding, Py_ssize_t w)
{
    uint64_t seen[WORDS];
    memcpy(seen, holding, (size_t)w * sizeof(uint64_t));
    for (int side = 0; side < 2; side++) {
        const Als *set = side ? b : a;
        for (int l = 0; l < set->size; l++)
            if (s->m[set->cell[l]] & z)
                for (Py_ssize_t k = 0; k < w; k++)
                    seen[k] &= peers[set->cell[l] * w + k];
    }
    for (Py_ssize_t k = 0; k < w; k++)
        if (seen[k])
            return 1;
    return 0;
}

/* Whether every x of set b sees every x of set a. */
static int als_restricted(const Shaped *s, const Als *a, const Als *b, unsigned long x,
                          const uint64_t *peers, Py_ssize_t w)
{
    for (int j = 0; j < b->size; j++)
        for (int i = 0; i < a->size; i++) {
            int p = a->cell[i], q = b->cell[j];
            if (s->m[p] & x && s->m[q] & x && !sees(peers, w, p, q))
                return 0;
        }
    return 1;
}

/* als_xz(masks, units, n) -> (cells_a, unit_a, cells_b, unit_b, x, z) | None:
 * sudoku.fish_and_wings._als_xz_py in C: the pairs of almost locked sets in order, each
 * with two digits or more in common and no cell, x then z low bit first. */
static PyObject *als_xz(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *masks, *result = NULL;
    Py_buffer units;
    Py_ssize_t n;
    Shaped s;
    Als *sets = NULL;
    uint64_t *peers = NULL;
    if (!PyArg_ParseTuple(args, "O!y*n:als_xz", &PyList_Type, &masks, &units, &n))
        return NULL;
    if (!shaped_read(&s, masks, &units, n, 1))
        goto done;
    Py_ssize_t count = als_sets(&s, &sets), w = (s.cells + 63) / 64;
    if (count < 0)
        goto done;
    if (!(peers = peer_sets(&s, w)))
        goto done;
    const uint64_t *holding = peers + s.cells * w;
    for (Py_ssize_t ka = 0; ka < count; ka++)
        for (Py_ssize_t kb = ka + 1; kb < count; kb++) {
            const Als *a = sets + ka, *b = sets + kb;
            unsigned long common = a->digits & b->digits;
            if (dlx_popcount64((uint64_t)common) < 2)
                continue;
            int apart = 1;
            for (int i = 0; i < a->size; i++)
                for (int j = 0; j < b->size; j++)
                    apart &= a->cell[i] != b->cell[j];
            for (unsigned long xs = apart ? common : 0; xs; xs &= xs - 1) {
                unsigned long x = xs & -xs;
                if (!als_restricted(&s, a, b, x, peers, w))
                    continue;
                for (unsigned long zs = common & ~x; zs; zs &= zs - 1) {
                    unsigned long z = zs & -zs;
                    if (als_strikes(&s, a, b, z, peers, holding + dlx_ctz32((uint32_t)z) * w, w)) {
                        PyObject *cells_a = int_tuple(a->cell, a->size);
                        PyObject *cells_b = cells_a ? int_tuple(b->cell, b->size) : NULL;
                        if (cells_a && cells_b)
                            result = Py_BuildValue("OiOikk", cells_a, a->unit, cells_b, b->unit,
                                                   x, z);
                        Py_XDECREF(cells_a);
                        Py_XDECREF(cells_b);
                        goto done;
                    }
                }
            }
        }
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(peers);
    PyMem_Free(sets);
    PyMem_Free(s.pos);
    PyBuffer_Release(&units);
    return result;
}

/* A naked subset found: its unit, its k cells, their digits. */
typedef struct {
    Py_ssize_t unit;
    int cells[8];
    unsigned long digits;
} Naked;

/* sudoku.subsets._naked_set_py in C: unit by unit, each with more than k open cells, the
 * first k of its cells with k digits between them (closed_next, cells of k digits or fewer
 * in the unit's order) whose digits some other open cell of the unit holds: 1 with *hit
 * set, else 0. */
static int naked_first(const Shaped *s, int k, Naked *hit)
{
    Py_ssize_t n = s->n;
    for (Py_ssize_t u = 0; u < s->n_units; u++) {
        const int *unit = s->units + u * n;
        unsigned long small[MAX_SIZE], union_;
        int cell[MAX_SIZE], open = 0, count = 0, chosen[8];
        for (Py_ssize_t j = 0; j < n; j++) {
            unsigned long m = s->m[unit[j]];
            open += m != 0;
            if (m && dlx_popcount64((uint64_t)m) <= k) {
                cell[count] = unit[j];
                small[count++] = m;
            }
        }
        if (open <= k)
            continue;
        Closed walk;
        closed_start(&walk, small, count, k);
        while (closed_next(&walk, chosen, &union_)) {
            int strikes = 0;
            for (Py_ssize_t j = 0; j < n && !strikes; j++) {
                int i = unit[j], in_set = 0;
                for (int l = 0; l < k; l++)
                    in_set |= cell[chosen[l]] == i;
                strikes = !in_set && s->m[i] & union_;
            }
            if (strikes) {
                for (int l = 0; l < k; l++)
                    hit->cells[l] = cell[chosen[l]];
                hit->unit = u;
                hit->digits = union_;
                return 1;
            }
        }
    }
    return 0;
}

/* naked_set(masks, units, n, k) -> (unit, cells, digits) | None: naked_first. */
static PyObject *naked_set(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *result = NULL;
    Py_buffer units;
    int k;
    Shaped s;
    Naked hit;
    if (!read_k_search(args, "O!y*ni:naked_set", &s, &units, &k))
        return NULL;
    if (naked_first(&s, k, &hit)) {
        PyObject *in = int_tuple(hit.cells, k);
        if (in)
            result = Py_BuildValue("nOk", hit.unit, in, hit.digits);
        Py_XDECREF(in);
    } else
        result = Py_NewRef(Py_None);
    PyBuffer_Release(&units);
    return result;
}

/* _strong_link in C: the first unit where digit y has two places only, neither a nor b,
 * one seeing a and the other b, as *near_a and *near_b: its number, or -1. */
static Py_ssize_t strong_link(const Shaped *s, const uint64_t *peers, Py_ssize_t w,
                              unsigned long y, int a, int b, int *near_a, int *near_b)
{
    for (Py_ssize_t u = 0; u < s->n_units; u++) {
        const int *unit = s->units + u * s->n;
        int place[2], places = 0;
        for (Py_ssize_t j = 0; j < s->n && places <= 2; j++)
            if (s->m[unit[j]] & y) {
                if (places < 2)
                    place[places] = unit[j];
                places++;
            }
        if (places != 2 || place[0] == a || place[1] == a || place[0] == b || place[1] == b)
            continue;
        for (int turn = 0; turn < 2; turn++)
            if (sees(peers, w, a, place[turn]) && sees(peers, w, b, place[1 - turn])) {
                *near_a = place[turn];
                *near_b = place[1 - turn];
                return u;
            }
    }
    return -1;
}

/* w_wing(masks, units, n) -> (a, b, y, unit, near_a, near_b) | None:
 * sudoku.fish_and_wings._w_wing_py in C: the pairs of cells a, b holding the same two
 * digits in order, apart, and some common peer holding x (the low digit as y, then the
 * high one), with a strong link on y between them (strong_link). */
static PyObject *w_wing(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *masks, *result = NULL;
    Py_buffer units;
    Py_ssize_t n;
    Shaped s;
    uint64_t *peers = NULL;
    int *pairs = NULL;
    if (!PyArg_ParseTuple(args, "O!y*n:w_wing", &PyList_Type, &masks, &units, &n))
        return NULL;
    if (!shaped_read(&s, masks, &units, n, 0))
        goto done;
    Py_ssize_t w = (s.cells + 63) / 64, count = 0;
    if (!(peers = peer_sets(&s, w)))
        goto done;
    if (!(pairs = PyMem_Malloc((size_t)s.cells * sizeof(int)))) {
        PyErr_NoMemory();
        goto done;
    }
    const uint64_t *holding = peers + s.cells * w;
    for (Py_ssize_t i = 0; i < s.cells; i++)
        if (dlx_popcount64((uint64_t)s.m[i]) == 2)
            pairs[count++] = (int)i;
    for (Py_ssize_t ka = 0; ka < count; ka++)
        for (Py_ssize_t kb = ka + 1; kb < count; kb++) {
            int a = pairs[ka], b = pairs[kb], near_a, near_b;
            unsigned long xy = s.m[a];
            if (s.m[b] != xy || sees(peers, w, a, b))
                continue;
            for (int high = 0; high < 2; high++) {
                unsigned long y = high ? xy & (xy - 1) : xy & -xy, x = xy & ~y;
                const uint64_t *with_x = holding + dlx_ctz32((uint32_t)x) * w;
                int strikes = 0;
                for (Py_ssize_t k = 0; k < w && !strikes; k++)
                    strikes = (peers[a * w + k] & peers[b * w + k] & with_x[k]) != 0;
                if (!strikes)
                    continue;
                Py_ssize_t u = strong_link(&s, peers, w, y, a, b, &near_a, &near_b);
                if (u >= 0) {
                    result = Py_BuildValue("iiknii", a, b, y, u, near_a, near_b);
                    goto done;
                }
            }
        }
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(pairs);
    PyMem_Free(peers);
    PyBuffer_Release(&units);
    return result;
}

/* A wing found: its pivot, its wings and the digit z it strikes. */
typedef struct {
    int pivot, a, b;
    unsigned long z;
} Wing;

/* sudoku.fish_and_wings._xy_wing_py, or _xyz_wing_py when xyz, in C: pivots in order (two
 * digits xy, or three xyz), each with its wings among its peers in order (two digits, one
 * of them the pivot's; or both), the first two wings that make the pattern and whose digit
 * z some cell seeing both wings (and the pivot, when xyz) holds: 1 with *hit set, else 0.
 * peers: peer_sets(s, w). */
static int wing_first(const Shaped *s, const uint64_t *peers, Py_ssize_t w, int xyz, Wing *hit)
{
    const uint64_t *holding = peers + s->cells * w;
    int wings[MAX_SIZE * MAX_SIZE];
    for (Py_ssize_t pivot = 0; pivot < s->cells; pivot++) {
        unsigned long p = s->m[pivot];
        if (dlx_popcount64((uint64_t)p) != 2 + xyz)
            continue;
        int count = 0;
        for (Py_ssize_t k = 0; k < w; k++)
            for (uint64_t at = peers[pivot * w + k]; at; at &= at - 1) {
                int i = (int)(k * 64) + dlx_ctz64(at);
                unsigned long m = s->m[i];
                if (dlx_popcount64((uint64_t)m) == 2 &&
                    (xyz ? !(m & ~p) : dlx_popcount64((uint64_t)(m & p)) == 1))
                    wings[count++] = i;
            }
        for (int ka = 0; ka < count; ka++)
            for (int kb = ka + 1; kb < count; kb++) {
                int a = wings[ka], b = wings[kb];
                unsigned long z = xyz ? s->m[a] & s->m[b] : s->m[a] & ~p;
                if (xyz ? dlx_popcount64((uint64_t)z) != 1 || (s->m[a] | s->m[b]) != p
                        : (s->m[b] & ~p) != z || s->m[a] & s->m[b] & p)
                    continue;
                const uint64_t *with_z = holding + dlx_ctz32((uint32_t)z) * w;
                int strikes = 0;
                for (Py_ssize_t k = 0; k < w && !strikes; k++) {
                    uint64_t seen = peers[a * w + k] & peers[b * w + k] & with_z[k];
                    strikes = (xyz ? seen & peers[pivot * w + k] : seen) != 0;
                }
                if (strikes) {
                    *hit = (Wing){(int)pivot, a, b, z};
                    return 1;
                }
            }
    }
    return 0;
}

/* wing(masks, units, n, xyz) -> (pivot, a, b) | None: wing_first. */
static PyObject *wing(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *masks, *result = NULL;
    Py_buffer units;
    Py_ssize_t n;
    int xyz;
    Shaped s;
    Wing hit;
    uint64_t *peers = NULL;
    if (!PyArg_ParseTuple(args, "O!y*np:wing", &PyList_Type, &masks, &units, &n, &xyz))
        return NULL;
    if (!shaped_read(&s, masks, &units, n, 0))
        goto done;
    Py_ssize_t w = (s.cells + 63) / 64;
    if (!(peers = peer_sets(&s, w)))
        goto done;
    if (wing_first(&s, peers, w, xyz, &hit))
        result = Py_BuildValue("iii", hit.pivot, hit.a, hit.b);
    else
        result = Py_NewRef(Py_None);
done:
    PyMem_Free(peers);
    PyBuffer_Release(&units);
    return result;
}

/* The pair ab of the rectangle of corners corner[0..4) when two of them hold ab alone and
 * the other two hold it too, else 0 (a corner of two digits holding ab is ab). */
static unsigned long paired(const unsigned long *m, const int *corner)
{
    unsigned long ab = m[corner[0]] & m[corner[1]] & m[corner[2]] & m[corner[3]];
    int alone = 0;
    if (dlx_popcount64((uint64_t)ab) != 2) /* more: no corner holds two digits alone */
        return 0;
    for (int c = 0; c < 4; c++)
        alone += m[corner[c]] == ab;
    return alone >= 2 ? ab : 0;
}

/* paired_rectangles(masks, rectangles) -> [(k, ab), ...]: sudoku.uniqueness._pairs_of_py in
 * C: the rectangles (four corner cells each, packed as native ints), in order, two of
 * whose corners hold the same two digits alone, ab, which the other two hold as well. */
static PyObject *paired_rectangles(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *masks, *found = NULL;
    Py_buffer corners;
    unsigned long m[MAX_SIZE * MAX_SIZE];
    if (!PyArg_ParseTuple(args, "O!y*:paired_rectangles", &PyList_Type, &masks, &corners))
        return NULL;
    Py_ssize_t cells = PyList_GET_SIZE(masks), count = corners.len / (Py_ssize_t)sizeof(int);
    const int *at = corners.buf;
    if (cells > MAX_SIZE * MAX_SIZE || count % 4) {
        PyErr_SetString(PyExc_ValueError,
                        "paired_rectangles takes at most MAX_SIZE**2 masks and 4 cells a rectangle");
        goto done;
    }
    for (Py_ssize_t k = 0; k < count; k++)
        if (at[k] < 0 || at[k] >= cells) {
            PyErr_SetString(PyExc_IndexError, "a rectangle's corner is outside masks");
            goto done;
        }
    for (Py_ssize_t i = 0; i < cells; i++)
        if ((m[i] = PyLong_AsUnsignedLong(PyList_GET_ITEM(masks, i))) == (unsigned long)-1 &&
            PyErr_Occurred())
            goto done;
    if (!(found = PyList_New(0)))
        goto done;
    for (Py_ssize_t k = 0; k < count; k += 4) {
        unsigned long ab = paired(m, at + k);
        if (ab && !append_new(found, Py_BuildValue("nk", k / 4, ab))) {
            Py_CLEAR(found);
            goto done;
        }
    }
done:
    PyBuffer_Release(&corners);
    return found;
}
