/* The rater's slowest pattern searches in C: fish, XY- and XYZ-wings, W-wings and naked
 * subsets (sudoku.fish_and_wings._fish_py, _xy_wing_py, _xyz_wing_py and _w_wing_py,
 * sudoku.subsets._naked_set_py, the references, search for search: the same candidates
 * tried in the same order, the same first hit); finned fish and ALS-XZ, on the same
 * arguments, are _finned_als.h's. They give what they found as plain numbers; the Python
 * finders write the step out, so its words and pattern are the reference's by
 * construction. Included by _batch.c, after _rater.h.
 *
 * All take masks (a list of n * n candidate masks, each within the n digits) and units
 * (the units' cells packed n a unit as native ints, sudoku.geometry.Geometry.packed), and
 * refuse anything else with an error. */

#define WORDS ((MAX_SIZE * MAX_SIZE + 63) / 64) /* a set of cells, as bits */

/* A shape's arrays, read and checked once a call: the masks and, for finned fish and
 * ALS-XZ, each unit's cells as a set and each cell's third unit (its box on a shape of
 * rows, columns and boxes: Geometry.cell_units[i][2]). */
typedef struct {
    Py_ssize_t n, cells, n_units, w; /* w: the words of a set of cells */
    const int *units;
    unsigned long full, m[MAX_SIZE * MAX_SIZE];
    uint64_t *in; /* in[u * w ..]: the cells of unit u */
    int *third;   /* third[i]: the third unit holding i, or -1 */
} Shaped;

/* The arguments of a search read into s (0 with an error set when they do not fit); the
 * units' sets and the cells' third units too when with_units (else in and third are
 * NULL). */
static int shaped_read(Shaped *s, PyObject *masks, Py_buffer *units, Py_ssize_t n,
                       int with_units)
{
    s->in = NULL;
    s->third = NULL;
    s->n = n;
    s->cells = PyList_GET_SIZE(masks);
    s->w = (s->cells + 63) / 64;
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
    if (!with_units)
        return 1;
    size_t sets = (size_t)(s->n_units * s->w) * sizeof(uint64_t);
    if (!(s->in = PyMem_Malloc(sets + (size_t)s->cells * sizeof(int)))) {
        PyErr_NoMemory();
        return 0;
    }
    s->third = (int *)(s->in + s->n_units * s->w);
    int held[MAX_SIZE * MAX_SIZE]; /* how many units hold each cell so far */
    memset(held, 0, (size_t)s->cells * sizeof(int));
    memset(s->in, 0, sets);
    memset(s->third, -1, (size_t)s->cells * sizeof(int));
    for (Py_ssize_t u = 0; u < s->n_units; u++)
        for (Py_ssize_t j = 0; j < n; j++) {
            int i = s->units[u * n + j];
            uint64_t *word = s->in + u * s->w + i / 64, bit = (uint64_t)1 << (i % 64);
            if (!(*word & bit)) { /* a cell twice in a unit counts once */
                *word |= bit;
                if (++held[i] == 3)
                    s->third[i] = (int)u;
            }
        }
    return 1;
}

/* Whether unit u holds cell i (s read with its units' sets). */
static int unit_holds(const Shaped *s, Py_ssize_t u, int i)
{
    return s->in[u * s->w + i / 64] >> (i % 64) & 1;
}

/* The arguments (masks, units, n[, extra]) of a search, parsed by format (an int or bool
 * after n into *extra when it has one) and read into s (shaped_read, with the units' sets
 * when with_units): 0 with an error set and units released when they do not fit. */
static int read_search(PyObject *args, const char *format, Shaped *s, Py_buffer *units,
                       int *extra, int with_units)
{
    PyObject *masks;
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, format, &PyList_Type, &masks, units, &n, extra))
        return 0;
    if (shaped_read(s, masks, units, n, with_units))
        return 1;
    PyBuffer_Release(units);
    return 0;
}

/* The arguments (masks, units, n, k) of a search of k lines or cells (fish, naked_set),
 * read by read_search, format naming the search after its colon, k from 1 to 8. */
static int read_k_search(PyObject *args, const char *format, Shaped *s, Py_buffer *units, int *k)
{
    if (!read_search(args, format, s, units, k, 0))
        return 0;
    if (*k >= 1 && *k <= 8)
        return 1;
    PyErr_Format(PyExc_ValueError, "%s takes k from 1 to 8", strchr(format, ':') + 1);
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
 * rows and n columns first; k is from 1 to 8. none (NULL: nothing kept) is what earlier
 * searches of k lines found of each digit, n + 1 unsigned longs a digit: its places along
 * each row, then 1 when they hold no fish: a fish of a digit is a matter of its places
 * alone, so a digit whose places are as kept is passed over, and one searched is kept. */
static int fish_first(const Shaped *s, int k, Fish *hit, unsigned long *none)
{
    Py_ssize_t n = s->n;
    for (Py_ssize_t d = 0; d < n; d++) {
        unsigned long rows[MAX_SIZE], *kept = none ? none + d * (n + 1) : NULL;
        for (Py_ssize_t b = 0; kept && b < n; b++)
            rows[b] = line_where(s, 0, b, 1UL << d);
        if (kept && kept[n] && !memcmp(kept, rows, (size_t)n * sizeof(unsigned long)))
            continue;
        for (int base = 0; base < 2; base++) {
            unsigned long bit = 1UL << d, spots[MAX_SIZE], where;
            int line[MAX_SIZE], count = 0, chosen[8];
            for (Py_ssize_t b = 0; b < n; b++) {
                unsigned long w = kept && !base ? rows[b] : line_where(s, base, b, bit);
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
        if (kept) {
            memcpy(kept, rows, (size_t)n * sizeof(unsigned long));
            kept[n] = 1;
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
    else if (fish_first(&s, k, &hit, NULL)) {
        PyObject *in = int_tuple(hit.lines, k);
        if (in)
            result = Py_BuildValue("kiOk", hit.bit, hit.base, in, hit.where);
        Py_XDECREF(in);
    } else
        result = Py_NewRef(Py_None);
    PyBuffer_Release(&units);
    return result;
}

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
    PyObject *result = NULL;
    Py_buffer units;
    Shaped s;
    uint64_t *peers = NULL;
    int *pairs = NULL;
    if (!read_search(args, "O!y*n:w_wing", &s, &units, NULL, 0))
        return NULL;
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
    PyObject *result = NULL;
    Py_buffer units;
    int xyz;
    Shaped s;
    Wing hit;
    uint64_t *peers = NULL;
    if (!read_search(args, "O!y*np:wing", &s, &units, &xyz, 0))
        return NULL;
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
    unsigned long high = ab & (ab - 1); /* ab without its low bit: one bit left, ab has two */
    int alone = 0;
    if (!high || high & (high - 1)) /* fewer or more: no corner holds two digits alone */
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
