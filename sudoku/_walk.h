/* The rater's walk in C (sudoku.rate.walk): rounds of singles (Candidates._hidden_singles,
 * _naked_singles) and of the patterns whose searches are in C: SE's direct techniques
 * (sudoku.subsets.direct over locked candidates and hidden pairs and triples), locked
 * candidates, naked and hidden pairs, triples and quads, X-wings, swordfish, jellyfish,
 * XY- and XYZ-wings, unique rectangles and BUG+1, tried in the walk's order, found, made into Steps and applied step for step as the
 * Python finders and Candidates.apply do, for as long as the technique the walk takes is
 * one of these. The Python walk searches the others, and hands the position back from the
 * next technique of its order searched here. Its patterns are searched in _walk_finds.h
 * and _walk_unique.h, and written out in _walk_steps.h; included by _batch.c after them.
 *
 * walk_rounds(values, masks, placed, units, table, rated, orders, start, no_fish=None)
 *     -> (rounds, rated, skip)
 *   values, masks, placed: the board's lists (Candidates.values, .masks, .placed), updated
 *     in place to the position after the rounds taken;
 *   units: the units' cells, n a unit, as native ints (sudoku.geometry.Geometry.packed);
 *   table: the parts of the steps, made once a shape (sudoku.rate._walk_table): (Step,
 *     "hidden single", "naked single", (), n, (1.0, 1.2, 1.5, 2.3), placements by
 *     cell * n + digit - 1, cells by cell, units by unit, digits by digit - 1, hidden
 *     reasons by unit * n + digit - 1, naked reasons by cell * n + digit - 1, the
 *     patterns' techniques and their SE ratings (in the order of enum Technique), the
 *     digits' symbols, the units' names, the cells' names, and the intersections of units
 *     as native ints, each [a, b, k, its k common cells, j, the j other cells of a, l,
 *     the l other cells of b], as sudoku.geometry's intersections, then the rectangles
 *     of sudoku.uniqueness._rectangles, four corners each as native ints);
 *   rated: the rating so far (Candidates.rated);
 *   orders: the walk's order as the rating grows (sudoku.rate._walk_orders), (threshold,
 *     codes) pairs, thresholds rising from 0.0: the order once the rating reaches a
 *     threshold, a byte a technique (WALK_HIDDEN, WALK_NAKED, WALK_PATTERN + a Technique,
 *     or anything else for a technique only the Python walk searches);
 *   start: how many techniques of the order at rated found nothing on the board as it is
 *     (the Python walk searched them): the first round starts past them;
 *   no_fish: a bytearray kept from call to call on one board (empty at first): the
 *     digits' places that held no fish of 2, 3 and 4 lines (fish_first's none, made
 *     3 * n * (n + 1) unsigned longs), so that a digit whose places stay is passed over.
 * rounds: each round's steps, a list of Steps a round; rated: the rating after them; skip:
 * where in the order the rating reached the Python walk goes on, on the position reached:
 * the first technique searched only in Python (every one before it found nothing), or
 * the one whose round would meet a contradiction (not taken: its Python finder says what
 * is wrong, as it always did), or past the end when none found anything; 0 on a solved
 * grid. */

#define WALK_PARTS 19 /* the items of the table */

/* The pattern of technique t on the board, as its Python finder searches it: 1 with *hit
 * set, 0 when there is none (with an error set when the table's intersections do not
 * fit, or there is no memory). */
static int find_pattern(const Board *b, Scratch *s, int t, Pattern *hit)
{
    memset(hit, 0, offsetof(Pattern, cell)); /* no field a search leaves unset is garbage */
    switch (t) {
    case DIRECT_POINTING:
    case DIRECT_CLAIMING:
    case POINTING:
    case CLAIMING:
        return locked_pattern(b, s, t == DIRECT_POINTING || t == POINTING, t < POINTING, hit);
    case DIRECT_PAIR:
    case DIRECT_TRIPLE:
        return hidden_pattern(b, s, 2 + t - DIRECT_PAIR, 1, hit);
    case HIDDEN_PAIR:
    case HIDDEN_TRIPLE:
    case HIDDEN_QUAD:
        return hidden_pattern(b, s, 2 + t - HIDDEN_PAIR, 0, hit);
    case NAKED_PAIR:
    case NAKED_TRIPLE:
    case NAKED_QUAD:
        return naked_pattern(b, s, 2 + t - NAKED_PAIR, hit);
    case XY_WING:
    case XYZ_WING:
        return wing_pattern(b, s, t == XYZ_WING, hit);
    case RECTANGLE:
        return rectangle_pattern(b, s, hit);
    case RECTANGLE_3:
        return pseudo_pattern(b, s, hit);
    case BUG:
        return grave_pattern(b, hit);
    default:
        return fish_pattern(b, s, 2 + t - X_WING, hit);
    }
}

/* The lists read into the board's arrays (0 with an error set when they do not fit). */
static int read_board(Board *b, PyObject *values, PyObject *masks, PyObject *placed)
{
    for (Py_ssize_t i = 0; i < b->cells; i++) {
        b->value[i] = (int)PyLong_AsLong(PyList_GET_ITEM(values, i));
        b->mask[i] = PyLong_AsUnsignedLong(PyList_GET_ITEM(masks, i));
        if (PyErr_Occurred())
            return 0;
        if (b->value[i] < 0 || b->value[i] > b->n || b->mask[i] & ~b->full) {
            PyErr_SetString(PyExc_ValueError, "a value or mask does not fit the grid");
            return 0;
        }
    }
    for (Py_ssize_t u = 0; u < b->n_units; u++) {
        b->placed[u] = PyLong_AsUnsignedLong(PyList_GET_ITEM(placed, u));
        if (PyErr_Occurred())
            return 0;
    }
    return 1;
}

/* Item k of list set to value unless it holds it already (0 with an error set). */
static int set_item(PyObject *list, Py_ssize_t k, unsigned long value)
{
    PyObject *item = PyList_GET_ITEM(list, k);
    if (PyLong_CheckExact(item) && PyLong_AsUnsignedLong(item) == value)
        return 1;
    PyErr_Clear(); /* an item read was checked in read_board: none is negative */
    item = PyLong_FromUnsignedLong(value);
    if (!item)
        return 0;
    PyList_SetItem(list, k, item); /* steals the reference */
    return 1;
}

/* The board's arrays written back into the lists, where they changed. */
static int write_board(const Board *b, PyObject *values, PyObject *masks, PyObject *placed)
{
    for (Py_ssize_t i = 0; i < b->cells; i++)
        if (!set_item(values, i, (unsigned long)b->value[i]) || !set_item(masks, i, b->mask[i]))
            return 0;
    for (Py_ssize_t u = 0; u < b->n_units; u++)
        if (!set_item(placed, u, b->placed[u]))
            return 0;
    return 1;
}

/* The order the walk tries at rating rated: the codes of the last of orders whose
 * threshold it reached (orders checked by walk_rounds). */
static PyObject *order_at(PyObject *orders, double rated)
{
    Py_ssize_t k = 0;
    while (k + 1 < PyTuple_GET_SIZE(orders) &&
           PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(PyTuple_GET_ITEM(orders, k + 1), 0)) <= rated)
        k++;
    return PyTuple_GET_ITEM(PyTuple_GET_ITEM(orders, k), 1);
}

/* Whether orders is (threshold, codes) pairs, floats rising from 0.0 and bytes. */
static int orders_fit(PyObject *orders)
{
    Py_ssize_t count = PyTuple_GET_SIZE(orders);
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *pair = PyTuple_GET_ITEM(orders, k);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 ||
            !PyFloat_Check(PyTuple_GET_ITEM(pair, 0)) || !PyBytes_Check(PyTuple_GET_ITEM(pair, 1)) ||
            (k == 0 ? PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(pair, 0)) != 0.0
                    : PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(pair, 0)) <=
                          PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(PyTuple_GET_ITEM(orders, k - 1), 0))))
            break;
        if (k + 1 == count)
            return 1;
    }
    PyErr_SetString(PyExc_ValueError,
                    "orders must be (threshold, codes) pairs, floats rising from 0.0 and bytes");
    return 0;
}

/* The last table, units and orders found to fit a board of trusted_cells cells and
 * trusted_n_units units, kept (strong references: the tuples, and the bytes it takes of
 * units and intersections and rectangles, cannot change, nor their address be reused
 * while kept), so that the calls after with them skip the checks. */
static PyObject *trusted_table, *trusted_units, *trusted_orders;
static Py_ssize_t trusted_cells, trusted_n_units;

/* Whether table is a walk table for board b (0 with an error set if not), its
 * intersections and rectangles apart (intersections_fit, rectangles_fit); and whether
 * b's units are cells of the board. */
static int table_fits(PyObject *table, const Board *b)
{
    if (PyTuple_GET_SIZE(table) != WALK_PARTS || !PyType_Check(PyTuple_GET_ITEM(table, 0)) ||
        !PyType_IsSubtype((PyTypeObject *)PyTuple_GET_ITEM(table, 0), &PyTuple_Type) ||
        !table_part(table, 3, 0) || !table_part(table, 5, 4) ||
        !table_part(table, 6, b->cells * b->n) || !table_part(table, 7, b->cells) ||
        !table_part(table, 8, b->n_units) || !table_part(table, 9, b->n) ||
        !table_part(table, 10, b->n_units * b->n) || !table_part(table, 11, b->cells * b->n) ||
        !table_part(table, 12, WALK_PATTERNS) || !table_part(table, 13, WALK_PATTERNS) ||
        !table_part(table, 14, b->n) || !table_part(table, 15, b->n_units) ||
        !table_part(table, 16, b->cells)) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "the table is not sudoku.rate's walk table");
        return 0;
    }
    for (Py_ssize_t k = 0; k < b->n_units; k++)
        if (!PyTuple_Check(PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 8), k)) ||
            PyTuple_GET_SIZE(PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 8), k)) < 1) {
            PyErr_SetString(PyExc_ValueError, "the table's units are not 1-tuples");
            return 0;
        }
    for (Py_ssize_t k = 0; k < b->cells + b->n; k++) {
        PyObject *part = PyTuple_GET_ITEM(table, k < b->cells ? 7 : 9);
        PyObject *item = PyTuple_GET_ITEM(part, k < b->cells ? k : k - b->cells);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) < 1) {
            PyErr_SetString(PyExc_ValueError, "the table's cells and digits are not 1-tuples");
            return 0;
        }
    }
    for (Py_ssize_t k = 0; k < b->n * b->n_units; k++)
        if (b->units[k] < 0 || b->units[k] >= b->cells) {
            PyErr_SetString(PyExc_IndexError, "a unit's cell is outside masks");
            return 0;
        }
    return 1;
}

static PyObject *walk_rounds(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *values, *masks, *placed, *table, *orders, *rounds = NULL, *result = NULL;
    PyObject *no_fish = NULL;
    Py_buffer units, inter, rect, fishless;
    double rated;
    Py_ssize_t start;
    if (!PyArg_ParseTuple(args, "O!O!O!y*O!dO!n|O!:walk_rounds", &PyList_Type, &values,
                          &PyList_Type, &masks, &PyList_Type, &placed, &units, &PyTuple_Type,
                          &table, &rated, &PyTuple_Type, &orders, &start, &PyByteArray_Type,
                          &no_fish))
        return NULL;
    inter.obj = rect.obj = fishless.obj = NULL;
    Board b = {.cells = PyList_GET_SIZE(masks), .n_units = PyList_GET_SIZE(placed),
               .units = units.buf};
    b.n = b.n_units ? (Py_ssize_t)(units.len / sizeof(int)) / b.n_units : 0;
    unsigned long stack[2048]; /* a 9x9 board's arrays; bigger boards take the heap */
    void *memory = NULL;
    Scratch *scratch = NULL;
    if (b.n < 1 || b.n > MAX_SIZE || b.cells != b.n * b.n || b.n_units < 2 * b.n ||
        PyList_GET_SIZE(values) != b.cells ||
        units.len != (Py_ssize_t)(b.n * b.n_units * sizeof(int)) || start < 0) {
        PyErr_SetString(PyExc_ValueError,
                        "values, masks, placed, units and start do not fit together");
        goto done;
    }
    int trusted = table == trusted_table && units.obj == trusted_units &&
                  b.cells == trusted_cells && b.n_units == trusted_n_units;
    if ((!trusted && !table_fits(table, &b)) ||
        PyObject_GetBuffer(PyTuple_GET_ITEM(table, 17), &inter, PyBUF_SIMPLE) < 0 ||
        PyObject_GetBuffer(PyTuple_GET_ITEM(table, 18), &rect, PyBUF_SIMPLE) < 0)
        goto done;
    if (orders != trusted_orders) {
        if (!orders_fit(orders))
            goto done;
        Py_XSETREF(trusted_orders, Py_NewRef(orders));
    }
    Py_ssize_t cells = b.cells, links = b.n * b.n_units;
    /* chosen, at (4 a single: a cell found through each of its units at most), value,
     * cu_start, cu_list; before them mask and placed, twice (saved), and struck; after
     * them where */
    size_t ints = (size_t)(cells * 3 + 1 + links * 5);
    size_t longs = (size_t)(cells + b.n_units) * 2 + (size_t)cells;
    size_t bytes = ints * sizeof(int) + longs * sizeof(unsigned long) + (size_t)b.n_units;
    memory = bytes <= sizeof stack ? (void *)stack : PyMem_Malloc(bytes);
    if (!memory || !(scratch = PyMem_Calloc(1, sizeof *scratch))) {
        PyErr_NoMemory();
        goto done;
    }
    unsigned long *saved = memory;
    b.mask = saved + cells + b.n_units;
    b.placed = b.mask + cells;
    scratch->inter = inter.buf;
    scratch->inter_end = (const int *)inter.buf + inter.len / (Py_ssize_t)sizeof(int);
    scratch->checked = scratch->rect_checked = scratch->position = 0;
    scratch->paired_at = -1;
    scratch->paired_rect = NULL;
    scratch->paired_ab = NULL;
    if (no_fish) { /* made 3 * n * (n + 1) unsigned longs (zero: nothing kept) when not */
        size_t size = 3 * (size_t)(b.n * (b.n + 1)) * sizeof(unsigned long);
        if ((size_t)PyByteArray_GET_SIZE(no_fish) != size) {
            if (PyByteArray_Resize(no_fish, (Py_ssize_t)size) < 0)
                goto done;
            memset(PyByteArray_AS_STRING(no_fish), 0, size);
        }
        if (PyObject_GetBuffer(no_fish, &fishless, PyBUF_WRITABLE) < 0) /* not resized */
            goto done;
        scratch->no_fish = fishless.buf;
    }
    scratch->rect = rect.buf;
    scratch->rect_end = (const int *)rect.buf + rect.len / (Py_ssize_t)sizeof(int);
    scratch->struck = b.placed + b.n_units;
    int *chosen = (int *)(scratch->struck + cells), *at = chosen + cells;
    b.value = at + 4 * links;
    b.cu_start = b.value + cells;
    b.cu_list = b.cu_start + cells + 1;
    scratch->where = (char *)(b.cu_list + links);
    b.full = (1UL << b.n) - 1;
    memset(chosen, 0, cells * sizeof(int)); /* the arrays read before they are written */
    memset(b.cu_start, 0, (cells + 1) * sizeof(int));
    memset(scratch->struck, 0, cells * sizeof(unsigned long));
    memset(scratch->where, 0, (size_t)b.n_units);
    if (trusted)
        scratch->checked = scratch->rect_checked = 1;
    else if (!intersections_fit(&b, scratch) || !rectangles_fit(&b, scratch))
        goto done;
    else if (PyBytes_CheckExact(units.obj) && PyBytes_CheckExact(PyTuple_GET_ITEM(table, 17)) &&
             PyBytes_CheckExact(PyTuple_GET_ITEM(table, 18))) { /* trusted from now on */
        Py_XSETREF(trusted_table, Py_NewRef(table));
        Py_XSETREF(trusted_units, Py_NewRef(units.obj));
        trusted_cells = b.cells;
        trusted_n_units = b.n_units;
    }
    cell_units(b.units, b.n, b.n_units, cells, b.cu_start, b.cu_list, chosen);
    memset(chosen, 0, cells * sizeof(int));
    if (!read_board(&b, values, masks, placed) || !(rounds = PyList_New(0)))
        goto done;
    Py_ssize_t skip = 0;
    for (;; start = 0) { /* a round; after the first, from the order's start */
        int solved = 1;
        for (Py_ssize_t i = 0; i < cells && solved; i++)
            solved = b.value[i] != 0;
        if (solved) {
            skip = 0;
            break;
        }
        PyObject *order = order_at(orders, rated);
        const unsigned char *code = (const unsigned char *)PyBytes_AS_STRING(order);
        int k = 0, t = -1, status = STUCK;
        Pattern hit;
        for (skip = start; skip < PyBytes_GET_SIZE(order); skip++) {
            int c = code[skip];
            if (c == WALK_HIDDEN) {
                status = hidden_round(&b, rated, at, &k, chosen);
                memset(chosen, 0, cells * sizeof(int));
            } else if (c == WALK_NAKED)
                status = naked_round(&b, at, &k);
            else if (c >= WALK_PATTERN && c < WALK_PATTERN + WALK_PATTERNS) {
                t = c - WALK_PATTERN;
                int found = find_pattern(&b, scratch, t, &hit);
                if (PyErr_Occurred())
                    goto done;
                status = found ? FOUND : STUCK;
            } else
                break; /* searched in Python only */
            if (status != STUCK)
                break;
        }
        if (status != FOUND)
            break; /* skip: the technique searched in Python, met a contradiction, or past all */
        int pattern = code[skip] >= WALK_PATTERN;
        int *saved_value = chosen; /* free between rounds: the values before this one */
        memcpy(saved, b.mask, (cells + b.n_units) * sizeof(unsigned long));
        memcpy(saved_value, b.value, cells * sizeof(int));
        if (pattern) { /* one step, made as its finder makes it */
            k = 0;
            if (t < POINTING || t == BUG) {
                at[0] = hit.place;
                at[1] = hit.digit;
                k = 1;
            } else
                for (int r = 0; r < hit.struck; r++)
                    b.mask[hit.struck_cell[r]] &= ~hit.struck_mask[r];
        }
        int s = 0;
        while (s < k && board_place(&b, at[4 * s], at[4 * s + 1]))
            s++;
        if (s < k) { /* a placement the round's earlier ones made impossible */
            memcpy(b.mask, saved, (cells + b.n_units) * sizeof(unsigned long));
            memcpy(b.value, saved_value, cells * sizeof(int));
            break;
        }
        memset(chosen, 0, cells * sizeof(int));
        scratch->position++; /* what was found on the last one is stale */
        PyObject *found;
        if (pattern) {
            PyObject *step = pattern_step(table, &b, t, &hit);
            found = step ? PyList_New(1) : NULL;
            if (found)
                PyList_SET_ITEM(found, 0, step);
            else
                Py_XDECREF(step);
        } else
            found = round_steps(table, &b, at, k);
        if (!found || PyList_Append(rounds, found)) {
            Py_XDECREF(found);
            goto done;
        }
        for (s = 0; s < PyList_GET_SIZE(found); s++) {
            PyObject *step = PyList_GET_ITEM(found, s);
            double se = PyFloat_AsDouble(PyTuple_GET_ITEM(step, STEP_FIELDS - 1));
            if (se > rated)
                rated = se;
        }
        Py_DECREF(found);
        if (PyErr_Occurred())
            goto done;
    }
    if (!PyList_GET_SIZE(rounds) || write_board(&b, values, masks, placed)) /* none: as they were */
        result = Py_BuildValue("Odn", rounds, rated, skip);
done:
    Py_XDECREF(rounds);
    if (memory != stack)
        PyMem_Free(memory);
    if (scratch) {
        PyMem_Free(scratch->paired_rect);
        PyMem_Free(scratch->paired_ab);
    }
    PyMem_Free(scratch);
    if (inter.obj)
        PyBuffer_Release(&inter);
    if (rect.obj)
        PyBuffer_Release(&rect);
    if (fishless.obj)
        PyBuffer_Release(&fishless);
    PyBuffer_Release(&units);
    return result;
}
