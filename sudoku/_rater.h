/* The rater's pieces in C that its walk (_walk.h) and the Python finders share: the
 * closed sets of masks (naked and hidden subsets, fish), the board and its singles
 * (Candidates._hidden_singles, _naked_singles), the Steps made of a table's parts, the
 * givens' pencil marks, SE's direct places and the hidden subsets of a position.
 * Included by _batch.c. */

/* The k-combinations of masks[0..count), in itertools.combinations' order, whose masks
 * have k bits between them (k from 1 to 8; closed_start): k cells with k digits between
 * them, k digits confined to k cells, k lines whose digit lies in k cross lines; or, with
 * bounded_start, every one whose masks have most bits or fewer between them. A combination
 * is left as soon as its first masks have more bits than that (none of its completions
 * could have fewer). */
typedef struct {
    const unsigned long *mask;
    int count, k, most, exact;    /* exact: k bits exactly (most is k) */
    int level, pick[8];           /* pick[level]: the next mask to try at this level */
    unsigned long below[8];       /* below[l]: the union of the first l chosen */
} Closed;

static void bounded_start(Closed *c, const unsigned long *mask, int count, int k, int most)
{
    c->mask = mask;
    c->count = count;
    c->k = k;
    c->most = most;
    c->exact = 0;
    c->level = 0;
    c->pick[0] = 0;
    c->below[0] = 0;
}

static void closed_start(Closed *c, const unsigned long *mask, int count, int k)
{
    bounded_start(c, mask, count, k, k);
    c->exact = 1;
}

/* The next combination: 1 with its masks' numbers in chosen[0..k) and their union, 0 when
 * there is none left. */
static int closed_next(Closed *c, int *chosen, unsigned long *union_)
{
    int k = c->k, *pick = c->pick;
    while (c->level >= 0) {
        int level = c->level;
        if (pick[level] > c->count - (k - level)) {
            if (--c->level >= 0)
                pick[c->level]++;
            continue;
        }
        unsigned long joined = c->below[level] | c->mask[pick[level]];
        int bits = dlx_popcount64((uint64_t)joined);
        if (bits > c->most) {
            pick[level]++;
            continue;
        }
        if (level + 1 < k) {
            c->below[level + 1] = joined;
            pick[level + 1] = pick[level] + 1;
            c->level++;
            continue;
        }
        pick[level]++;
        if (!c->exact || bits == k) {
            memcpy(chosen, pick, (size_t)k * sizeof(int));
            chosen[level]--;
            *union_ = joined;
            return 1;
        }
    }
    return 0;
}

#define STEP_FIELDS 9    /* sudoku.rate.Step's fields */

typedef struct {
    Py_ssize_t n, cells, n_units;
    const int *units;        /* n cells a unit */
    int *cu_start, *cu_list; /* the units of cell i: cu_list[cu_start[i] .. cu_start[i + 1]) */
    int *value;
    unsigned long *mask, *placed, full;
} Board;

/* The units of each cell, from units packed n a unit: cu_list[cu_start[i] .. cu_start[i + 1])
 * (cu_start: cells + 1 ints, zeroed; cu_list: n * n_units ints; count: cells ints, zeroed). */
static void cell_units(const int *units, Py_ssize_t n, Py_ssize_t n_units, Py_ssize_t cells,
                       int *cu_start, int *cu_list, int *count)
{
    for (Py_ssize_t k = 0; k < n * n_units; k++)
        cu_start[units[k] + 1]++;
    for (Py_ssize_t i = 0; i < cells; i++)
        cu_start[i + 1] += cu_start[i];
    for (Py_ssize_t u = 0; u < n_units; u++)
        for (Py_ssize_t j = 0; j < n; j++, units++)
            cu_list[cu_start[*units] + count[*units]++] = (int)u;
}

/* Place digit d (1-based) in cell i as Candidates._place does: 0 when it cannot go there. */
static int board_place(Board *b, int i, int d)
{
    unsigned long bit = 1UL << (d - 1);
    if (b->value[i] || !(b->mask[i] & bit))
        return 0;
    b->value[i] = d;
    b->mask[i] = 0;
    for (int k = b->cu_start[i]; k < b->cu_start[i + 1]; k++) {
        int u = b->cu_list[k];
        const int *unit = b->units + (Py_ssize_t)u * b->n;
        b->placed[u] |= bit;
        for (Py_ssize_t j = 0; j < b->n; j++)
            b->mask[unit[j]] &= ~bit;
    }
    return 1;
}

/* A Step of the table's parts: a tuple of Step's type, its fields filled in order. Its
 * fields (strings, numbers, tuples of them) were made before it and cannot refer back to
 * it, so it is in no reference cycle: it is left out of the garbage collector's lists, as
 * CPython does with plain tuples of such things (not with tuples of a subclass), so that
 * ratings kept by the thousand cost the collector nothing. */
static PyObject *make_step(PyTypeObject *type, PyObject *const fields[STEP_FIELDS])
{
    PyObject *step = type->tp_alloc(type, STEP_FIELDS);
    if (!step)
        return NULL;
    for (int k = 0; k < STEP_FIELDS; k++)
        PyTuple_SET_ITEM(step, k, Py_NewRef(fields[k]));
    if (PyObject_GC_IsTracked(step))
        PyObject_GC_UnTrack(step);
    return step;
}

/* A part of the table: a tuple of at least size items, else NULL with an error set. */
static PyObject *table_part(PyObject *table, int k, Py_ssize_t size)
{
    PyObject *part = PyTuple_GET_ITEM(table, k);
    if (!PyTuple_Check(part) || PyTuple_GET_SIZE(part) < size) {
        PyErr_Format(PyExc_ValueError, "part %d of the table must be a tuple of %zd", k, size);
        return NULL;
    }
    return part;
}

enum { FOUND, STUCK, CONTRADICTION };

/* One round of hidden singles (Candidates._hidden_singles and _singles): the singles of
 * the easiest kind there is, each cell once, as (cell, digit, unit, se index) in at[]; k
 * set to their count. CONTRADICTION when a digit has no place in a unit or a cell would
 * take two digits, STUCK when there is none. */
static int hidden_round(const Board *b, double rated, int *at, int *k, int *chosen)
{
    static const double SE_OF[3] = {1.0, 1.2, 1.5};
    double easiest = rated > 1.2 ? rated : 1.2;
    int took = -1; /* the kind taken: 0, se no more than easiest; 1 the others */
    *k = 0;
    for (Py_ssize_t u = 0; u < b->n_units; u++) {
        const int *unit = b->units + u * b->n;
        if (b->placed[u] == b->full)
            continue;
        unsigned long once = 0, twice = 0;
        for (Py_ssize_t j = 0; j < b->n; j++) {
            twice |= once & b->mask[unit[j]];
            once |= b->mask[unit[j]];
        }
        if (b->full & ~(once | b->placed[u]))
            return CONTRADICTION;
        for (unsigned long single = once & ~twice; single; single &= single - 1) {
            unsigned long bit = single & -single;
            unsigned long open = b->full & ~b->placed[u];
            int last = !(open & (open - 1)); /* one digit left: open is not 0 here */
            int se = last ? 0 : u >= 2 * b->n ? 1 : 2;
            int kind = SE_OF[se] > easiest;
            if (took >= 0 && kind > took)
                continue;
            if (kind < took) /* the first of the easier kind: the others go */
                *k = 0;
            took = kind;
            Py_ssize_t j = 0;
            while (!(b->mask[unit[j]] & bit))
                j++;
            at[4 * *k] = unit[j];
            at[4 * *k + 1] = dlx_ctz32((uint32_t)bit) + 1;
            at[4 * *k + 2] = (int)u;
            at[4 * *k + 3] = se;
            ++*k;
        }
    }
    /* each cell once, in order; a cell that two digits claim is a contradiction (chosen:
     * each cell's digit so far, all 0 on entry; the caller clears it) */
    int kept = 0;
    for (int s = 0; s < *k; s++) {
        int i = at[4 * s], d = at[4 * s + 1];
        if (chosen[i] && chosen[i] != d)
            return CONTRADICTION;
        if (!chosen[i]) {
            chosen[i] = d;
            memmove(at + 4 * kept++, at + 4 * s, 4 * sizeof(int));
        }
    }
    *k = kept;
    return kept ? FOUND : STUCK;
}

/* One round of naked singles (Candidates._naked_singles), as (cell, digit, -1, 3) in at[]. */
static int naked_round(const Board *b, int *at, int *k)
{
    *k = 0;
    for (Py_ssize_t i = 0; i < b->cells; i++) {
        unsigned long m = b->mask[i];
        if (b->value[i] || m & (m - 1))
            continue;
        if (!m)
            return CONTRADICTION;
        at[4 * *k] = (int)i;
        at[4 * *k + 1] = dlx_ctz32((uint32_t)m) + 1;
        at[4 * *k + 2] = -1;
        at[4 * *k + 3] = 3;
        ++*k;
    }
    return *k ? FOUND : STUCK;
}

/* The round's Steps, made of the table's parts. */
static PyObject *round_steps(PyObject *table, const Board *b, const int *at, int k)
{
    PyTypeObject *type = (PyTypeObject *)PyTuple_GET_ITEM(table, 0);
    PyObject *found = PyList_New(k);
    for (int s = 0; found && s < k; s++) {
        int i = at[4 * s], d = at[4 * s + 1], u = at[4 * s + 2], se = at[4 * s + 3];
        Py_ssize_t id = (Py_ssize_t)i * b->n + d - 1;
        PyObject *fields[STEP_FIELDS] = {
            PyTuple_GET_ITEM(table, u < 0 ? 2 : 1),
            PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 6), id),
            PyTuple_GET_ITEM(table, 3),
            u < 0 ? PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 11), id)
                  : PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 10), (Py_ssize_t)u * b->n + d - 1),
            PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 7), i),
            u < 0 ? PyTuple_GET_ITEM(table, 3) : PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 8), u),
            PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 9), d - 1),
            PyTuple_GET_ITEM(table, 4),
            PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 5), se),
        };
        PyObject *step = make_step(type, fields);
        if (!step)
            Py_CLEAR(found);
        else
            PyList_SET_ITEM(found, s, step);
    }
    return found;
}

/* pencil_marks(cells, units, n_units) -> (values, masks, placed) | None: a grid's givens
 * (cells, a sequence of n * n digits, 0 for a blank) placed at once as sudoku.rate's
 * Candidates places them: each unit's placed digits, each empty cell's candidates those no
 * unit of its holds. None when a given repeats a digit of its unit (Candidates then says
 * which, in Python). */
static PyObject *pencil_marks(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *grid, *cells = NULL, *values = NULL, *masks = NULL, *placed = NULL, *result = NULL;
    Py_buffer units;
    Py_ssize_t n_units;
    unsigned long m[MAX_SIZE * MAX_SIZE], in_unit[MAX_SIZE * MAX_SIZE];
    int digit[MAX_SIZE * MAX_SIZE];
    if (!PyArg_ParseTuple(args, "Oy*n:pencil_marks", &grid, &units, &n_units))
        return NULL;
    const int *unit = units.buf;
    if (!(cells = PySequence_Fast(grid, "cells must be a sequence")))
        goto done;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(cells), n = 0;
    while (n * n < count)
        n++;
    if (n < 1 || n > MAX_SIZE || n * n != count || n_units < 1 || n_units > count ||
        units.len != (Py_ssize_t)(n * n_units * sizeof(int))) {
        PyErr_SetString(PyExc_ValueError, "cells and units do not fit together");
        goto done;
    }
    for (Py_ssize_t k = 0; k < n * n_units; k++)
        if (unit[k] < 0 || unit[k] >= count) {
            PyErr_SetString(PyExc_IndexError, "a unit's cell is outside the grid");
            goto done;
        }
    for (Py_ssize_t i = 0; i < count; i++) {
        long d = PyLong_AsLong(PySequence_Fast_GET_ITEM(cells, i));
        if (d == -1 && PyErr_Occurred())
            goto done;
        if (d < 0 || d > n) {
            PyErr_SetString(PyExc_ValueError, "a digit does not fit the grid");
            goto done;
        }
        digit[i] = (int)d;
        m[i] = (1UL << n) - 1;
    }
    for (Py_ssize_t u = 0; u < n_units; u++, unit += n) {
        in_unit[u] = 0;
        for (Py_ssize_t k = 0; k < n; k++) {
            unsigned long bit = digit[unit[k]] ? 1UL << (digit[unit[k]] - 1) : 0;
            if (in_unit[u] & bit) { /* a repeated digit: Candidates says where */
                result = Py_NewRef(Py_None);
                goto done;
            }
            in_unit[u] |= bit;
        }
        for (Py_ssize_t k = 0; k < n; k++)
            m[unit[k]] &= ~in_unit[u];
    }
    if (!(values = PyList_New(count)) || !(masks = PyList_New(count)) ||
        !(placed = PyList_New(n_units)))
        goto done;
    for (Py_ssize_t i = 0; i < count + n_units; i++) {
        PyObject *x = i < count ? PyLong_FromUnsignedLong(digit[i] ? 0 : m[i])
                                : PyLong_FromUnsignedLong(in_unit[i - count]);
        if (!x)
            goto done;
        PyList_SET_ITEM(i < count ? masks : placed, i < count ? i : i - count, x);
        if (i < count) {
            PyObject *value = PySequence_Fast_GET_ITEM(cells, i);
            PyList_SET_ITEM(values, i, Py_NewRef(value));
        }
    }
    result = PyTuple_Pack(3, values, masks, placed);
done:
    Py_XDECREF(cells);
    Py_XDECREF(values);
    Py_XDECREF(masks);
    Py_XDECREF(placed);
    PyBuffer_Release(&units);
    return result;
}

/* The place a pattern's removals leave a digit alone in, where SE looks
 * (sudoku.subsets._direct_place_py for one pattern). The pattern strikes mask[r] from
 * cell[r], r < count; a hidden subset's unit is only (confining < 0), locked candidates'
 * confining unit is confining (the larger of their two for pointing, the smaller for
 * claiming), and SE looks in the other units of its kind through the cells struck. The
 * digits struck, low first, each in the units in order: 1 with *place and *digit set at
 * the first with one place left, else 0. struck (cells) and where (units) are all 0 on
 * entry and left so. */
static int lone_place(const Board *b, const int *cell, const unsigned long *mask, int count,
                      Py_ssize_t confining, Py_ssize_t only, unsigned long *struck, char *where,
                      int *place, int *digit)
{
    unsigned long digits = 0;
    Py_ssize_t kind = confining / b->n < 2 ? confining / b->n : 2;
    for (int r = 0; r < count; r++) {
        int i = cell[r];
        struck[i] |= mask[r];
        digits |= mask[r];
        for (int c = b->cu_start[i]; confining >= 0 && c < b->cu_start[i + 1]; c++) {
            Py_ssize_t u = b->cu_list[c];
            if (u != confining && (u / b->n < 2 ? u / b->n : 2) == kind)
                where[u] = 1;
        }
    }
    if (confining < 0)
        where[only] = 1;
    int found = 0;
    for (; digits && !found; digits &= digits - 1) {
        unsigned long bit = digits & -digits;
        for (Py_ssize_t u = 0; u < b->n_units && !found; u++) {
            const int *unit = b->units + u * b->n;
            int places = 0;
            for (Py_ssize_t j = 0; where[u] && j < b->n && places < 2; j++)
                if (b->mask[unit[j]] & bit & ~struck[unit[j]]) {
                    places++;
                    *place = unit[j];
                }
            found = places == 1;
        }
        *digit = dlx_ctz32((uint32_t)bit) + 1;
    }
    for (int r = 0; r < count; r++)
        struck[cell[r]] = 0;
    memset(where, 0, (size_t)b->n_units);
    return found;
}

/* direct_place(masks, units, patterns, pointing) -> (k, cell, digit) | None:
 * sudoku.subsets._direct_place_py in C: the first pattern k of patterns ((removals, units,
 * ...) tuples, removals (cell, mask of digits) pairs) after whose removals a digit struck
 * has one place left in a unit where SE looks (lone_place), and that place. */
static PyObject *direct_place(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *masks, *patterns, *result = NULL;
    Py_buffer units;
    int pointing;
    unsigned long m[MAX_SIZE * MAX_SIZE], struck[MAX_SIZE * MAX_SIZE];
    int cu_start[MAX_SIZE * MAX_SIZE + 1], count[MAX_SIZE * MAX_SIZE];
    if (!PyArg_ParseTuple(args, "O!y*O!p:direct_place", &PyList_Type, &masks, &units,
                          &PyList_Type, &patterns, &pointing))
        return NULL;
    Py_ssize_t cells = PyList_GET_SIZE(masks), n = 0;
    while (n * n < cells)
        n++;
    Py_ssize_t n_units = n ? (Py_ssize_t)(units.len / sizeof(int)) / n : 0;
    int *cu_list = NULL, *cell = NULL;
    unsigned long *removed = NULL;
    char *where = NULL;
    if (n < 1 || n * n != cells || n_units < 1 ||
        units.len != (Py_ssize_t)(n * n_units * sizeof(int)) ||
        !read_units(masks, &units, n_units, n, m))
        goto done;
    if (!(cu_list = PyMem_Calloc((size_t)(n * n_units), sizeof(int))) ||
        !(where = PyMem_Calloc((size_t)n_units, 1))) {
        PyErr_NoMemory();
        goto done;
    }
    Board b = {.n = n, .cells = cells, .n_units = n_units, .units = units.buf, .mask = m,
               .cu_start = cu_start, .cu_list = cu_list};
    memset(cu_start, 0, sizeof cu_start);
    memset(count, 0, sizeof count);
    memset(struck, 0, sizeof struck);
    cell_units(units.buf, n, n_units, cells, cu_start, cu_list, count);
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(patterns) && !result; k++) {
        PyObject *pattern = PyList_GET_ITEM(patterns, k), *removals, *in;
        if (!PyTuple_Check(pattern) || PyTuple_GET_SIZE(pattern) < 2 ||
            !PyList_Check(removals = PyTuple_GET_ITEM(pattern, 0)) ||
            !PyTuple_Check(in = PyTuple_GET_ITEM(pattern, 1)) || PyTuple_GET_SIZE(in) < 1 ||
            PyTuple_GET_SIZE(in) > 2) {
            PyErr_SetString(PyExc_TypeError, "a pattern is (removals, units, ...)");
            goto done;
        }
        Py_ssize_t confining = -1, only = -1;
        for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(in); j++) {
            Py_ssize_t u = PyLong_AsSsize_t(PyTuple_GET_ITEM(in, j));
            if (u < 0 || u >= n_units) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_IndexError, "a pattern's unit is outside units");
                goto done;
            }
            if (PyTuple_GET_SIZE(in) == 1)
                only = u;
            else if (confining < 0 || (pointing ? u > confining : u < confining))
                confining = u;
        }
        Py_ssize_t removed_count = PyList_GET_SIZE(removals);
        PyMem_Free(cell);
        PyMem_Free(removed);
        cell = PyMem_Malloc((size_t)(removed_count + 1) * sizeof(int));
        removed = PyMem_Malloc((size_t)(removed_count + 1) * sizeof(unsigned long));
        if (!cell || !removed) {
            PyErr_NoMemory();
            goto done;
        }
        for (Py_ssize_t r = 0; r < removed_count; r++) {
            PyObject *pair = PyList_GET_ITEM(removals, r);
            Py_ssize_t i;
            if (!PyTuple_Check(pair) || !PyArg_ParseTuple(pair, "nk", &i, &removed[r])) {
                if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_TypeError)) {
                    PyErr_Clear();
                    PyErr_SetString(PyExc_TypeError, "a removal is a (cell, mask) pair");
                }
                goto done;
            }
            if (i < 0 || i >= cells) {
                PyErr_SetString(PyExc_IndexError, "a removal's cell is outside masks");
                goto done;
            }
            cell[r] = (int)i;
        }
        int place, digit;
        if (lone_place(&b, cell, removed, (int)removed_count, confining, only, struck, where,
                       &place, &digit))
            result = Py_BuildValue("nii", k, place, digit);
    }
    if (!result && !PyErr_Occurred())
        result = Py_NewRef(Py_None);
done:
    PyMem_Free(cu_list);
    PyMem_Free(cell);
    PyMem_Free(removed);
    PyMem_Free(where);
    PyBuffer_Release(&units);
    return result;
}

/* A unit's open cells, open_cell[0..*open), and its digits (0-based) in the order its open
 * cells first hold them, order[0..*digits), each with its places among the open cells as
 * a mask of positions, place[t] for order[t] (sudoku.subsets._places). */
static void unit_places(const unsigned long *m, const int *unit, Py_ssize_t n, int *open_cell,
                        int *open, int *order, unsigned long *place, int *digits)
{
    unsigned long where[MAX_SIZE], seen = 0;
    *open = *digits = 0;
    for (Py_ssize_t j = 0; j < n; j++) {
        unsigned long m_j = m[unit[j]];
        if (!m_j)
            continue;
        for (; m_j; m_j &= m_j - 1) {
            int d = dlx_ctz32((uint32_t)m_j);
            if (!(seen >> d & 1)) {
                seen |= 1UL << d;
                where[d] = 0;
                order[(*digits)++] = d;
            }
            where[d] |= 1UL << *open;
        }
        open_cell[(*open)++] = unit[j];
    }
    for (int t = 0; t < *digits; t++)
        place[t] = where[order[t]];
}

/* hidden_sets(masks, units, k) -> [(unit, digits, cells, removals), ...]:
 * sudoku.subsets._hidden_sets_py in C: unit by unit, each unit with more than k open
 * cells, its digits in the order its open cells first hold them, the closed sets of k of
 * them (k digits confined to k cells, closed_next), each with the cells it confines them
 * to and what it strikes there, as (cell, mask) pairs; only those that strike anything. */
static PyObject *hidden_sets(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *masks, *found = NULL;
    Py_buffer units;
    int k;
    unsigned long m[MAX_SIZE * MAX_SIZE];
    if (!PyArg_ParseTuple(args, "O!y*i:hidden_sets", &PyList_Type, &masks, &units, &k))
        return NULL;
    Py_ssize_t cells = PyList_GET_SIZE(masks), n = 0;
    while (n * n < cells)
        n++;
    Py_ssize_t n_units = n ? (Py_ssize_t)(units.len / sizeof(int)) / n : 0;
    if (k < 1 || k > 8 || n * n != cells || n_units < 1) {
        PyErr_SetString(PyExc_ValueError, "hidden_sets takes k from 1 to 8 and a square grid");
        goto done;
    }
    if (!read_units(masks, &units, n_units, n, m) || !(found = PyList_New(0)))
        goto done;
    for (Py_ssize_t u = 0; u < n_units; u++) {
        unsigned long order_mask[MAX_SIZE], union_;
        int order[MAX_SIZE], open_cell[MAX_SIZE], digits, open, chosen[8];
        unit_places(m, (const int *)units.buf + u * n, n, open_cell, &open, order, order_mask,
                    &digits);
        if (open <= k)
            continue;
        Closed walk;
        closed_start(&walk, order_mask, digits, k);
        while (closed_next(&walk, chosen, &union_)) {
            unsigned long held = 0;
            for (int l = 0; l < k; l++)
                held |= 1UL << order[chosen[l]];
            PyObject *in = PyList_New(0), *removals = PyList_New(0), *hit = NULL;
            for (int pos = 0; in && removals && pos < open; pos++) {
                if (!(union_ >> pos & 1))
                    continue;
                int i = open_cell[pos];
                PyObject *cell = PyLong_FromLong(i), *pair = NULL;
                int bad = !cell || PyList_Append(in, cell) < 0;
                if (!bad && m[i] & ~held) {
                    pair = Py_BuildValue("ik", i, m[i] & ~held);
                    bad = !pair || PyList_Append(removals, pair) < 0;
                }
                Py_XDECREF(cell);
                Py_XDECREF(pair);
                if (bad)
                    Py_CLEAR(in);
            }
            if (in && removals && PyList_GET_SIZE(removals))
                hit = Py_BuildValue("nkOO", u, held, in, removals);
            int bad = !in || !removals || (PyList_GET_SIZE(removals) && (!hit || PyList_Append(found, hit) < 0));
            Py_XDECREF(in);
            Py_XDECREF(removals);
            Py_XDECREF(hit);
            if (bad) {
                Py_CLEAR(found);
                goto done;
            }
        }
    }
done:
    PyBuffer_Release(&units);
    return found;
}
