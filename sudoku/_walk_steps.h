/* The walk's patterns (_walk_finds.h, _walk_unique.h) written out as Steps, field for
 * field as their Python finders write them, of the parts of the walk's table (_walk.h).
 * Included by _batch.c after _walk_unique.h. */

/* The symbols of the digits of mask (the table's part 14), joined by commas; one alone as
 * it is (Candidates.symbols_of). */
static PyObject *symbols_of(PyObject *symbols, unsigned long mask)
{
    if (!(mask & (mask - 1)))
        return Py_NewRef(PyTuple_GET_ITEM(symbols, dlx_ctz32((uint32_t)mask)));
    PyObject *parts = PyList_New(0), *comma = PyUnicode_FromString(","), *joined = NULL;
    for (; parts && mask; mask &= mask - 1)
        if (PyList_Append(parts, PyTuple_GET_ITEM(symbols, dlx_ctz32((uint32_t)mask))) < 0)
            Py_CLEAR(parts);
    if (parts && comma)
        joined = PyUnicode_Join(comma, parts);
    Py_XDECREF(parts);
    Py_XDECREF(comma);
    return joined;
}

/* The digits of mask as a tuple of ints, low first (the table's part 9). */
static PyObject *digits_of(PyObject *table, unsigned long mask)
{
    PyObject *by = PyTuple_GET_ITEM(table, 9);
    PyObject *digits = PyTuple_New(dlx_popcount64((uint64_t)mask));
    for (int j = 0; digits && mask; mask &= mask - 1) {
        PyObject *digit = PyTuple_GET_ITEM(by, dlx_ctz32((uint32_t)mask));
        PyTuple_SET_ITEM(digits, j++, Py_NewRef(PyTuple_GET_ITEM(digit, 0)));
    }
    return digits;
}

/* What a pattern strikes, as Step.eliminations: ((cell, digit), ...), cells low first,
 * each cell's digits low first (Candidates.removal). */
static PyObject *struck_of(PyObject *table, const Pattern *hit)
{
    PyObject *found = PyList_New(0), *cells = PyTuple_GET_ITEM(table, 7);
    PyObject *by = PyTuple_GET_ITEM(table, 9);
    for (int r = 0; found && r < hit->struck; r++)
        for (unsigned long m = hit->struck_mask[r]; found && m; m &= m - 1) {
            PyObject *cell = PyTuple_GET_ITEM(PyTuple_GET_ITEM(cells, hit->struck_cell[r]), 0);
            PyObject *digit = PyTuple_GET_ITEM(PyTuple_GET_ITEM(by, dlx_ctz32((uint32_t)m)), 0);
            if (!append_new(found, PyTuple_Pack(2, cell, digit)))
                Py_CLEAR(found);
        }
    PyObject *struck = found ? PyList_AsTuple(found) : NULL;
    Py_XDECREF(found);
    return struck;
}

/* The names of cells[0..count) (the table's part 16), joined by sep. */
static PyObject *names_of(PyObject *table, const int *cells, int count, const char *sep)
{
    PyObject *named = PyTuple_New(count), *joint = PyUnicode_FromString(sep), *joined = NULL;
    for (int j = 0; named && j < count; j++)
        PyTuple_SET_ITEM(named, j, Py_NewRef(PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 16), cells[j])));
    if (named && joint)
        joined = PyUnicode_Join(joint, named);
    Py_XDECREF(named);
    Py_XDECREF(joint);
    return joined;
}

/* A unique rectangle's or BUG+1's units, as Step.units, and its reason's words, as
 * sudoku.uniqueness writes them. */
static int uniqueness_words(PyObject *table, const Board *b, const Pattern *hit,
                            PyObject **units, PyObject **reason)
{
    PyObject *symbols = PyTuple_GET_ITEM(table, 14), *names = PyTuple_GET_ITEM(table, 16);
    PyObject *unit_names = PyTuple_GET_ITEM(table, 15), *by = PyTuple_GET_ITEM(table, 8);
    PyObject *pair = NULL, *where = NULL, *r0 = NULL, *r1 = NULL, *first = NULL, *second = NULL;
    if (hit->kind != GRAVE) { /* a rectangle: its pair, its corners, its roof (one or two) */
        pair = symbols_of(symbols, hit->ab);
        where = names_of(table, hit->corner, 4, " ");
        r0 = PyTuple_GET_ITEM(names, hit->roof[0]);
        r1 = hit->kind == RECTANGLE_1 ? NULL : PyTuple_GET_ITEM(names, hit->roof[1]);
    }
    if (hit->kind == GRAVE) { /* its units, named, and the digit placed */
        int count = b->cu_start[hit->place + 1] - b->cu_start[hit->place];
        const int *cell_units = b->cu_list + b->cu_start[hit->place];
        PyObject *named = PyList_New(0), *comma = PyUnicode_FromString(", ");
        *units = PyTuple_New(count);
        for (int j = 0; *units && j < count; j++)
            PyTuple_SET_ITEM(*units, j, Py_NewRef(PyTuple_GET_ITEM(PyTuple_GET_ITEM(by, cell_units[j]), 0)));
        for (int j = 0; named && j < count; j++)
            if (PyList_Append(named, PyTuple_GET_ITEM(unit_names, cell_units[j])) < 0)
                Py_CLEAR(named);
        if (named && comma && (first = PyUnicode_Join(comma, named)))
            *reason = PyUnicode_FromFormat(
                "every other cell holds two candidates: %S takes the %S that %S hold three times",
                PyTuple_GET_ITEM(names, hit->place), PyTuple_GET_ITEM(symbols, hit->digit - 1),
                first);
        Py_XDECREF(named);
        Py_XDECREF(comma);
    } else if (pair && where) {
        *units = Py_NewRef(hit->kind == RECTANGLE_4 || hit->kind == PSEUDO
                               ? PyTuple_GET_ITEM(by, hit->a)
                               : PyTuple_GET_ITEM(table, 3));
        if (hit->kind == RECTANGLE_1)
            *reason = PyUnicode_FromFormat("type 1 on %S in %S: %S breaks it", pair, where, r0);
        else if (hit->kind == RECTANGLE_2)
            *reason = PyUnicode_FromFormat("type 2 on %S in %S: %S in %S or %S", pair, where,
                                           PyTuple_GET_ITEM(symbols, dlx_ctz32((uint32_t)hit->other)), r0, r1);
        else if (hit->kind == RECTANGLE_4)
            *reason = PyUnicode_FromFormat("type 4 on %S in %S: %S only in %S %S (%S)", pair, where,
                                           PyTuple_GET_ITEM(symbols, dlx_ctz32((uint32_t)hit->other)), r0, r1,
                                           PyTuple_GET_ITEM(unit_names, hit->a));
        else if ((first = symbols_of(symbols, hit->other)) &&
                 (second = symbols_of(symbols, hit->held))) {
            PyObject *subset = names_of(table, hit->subset_cell, hit->subset, " ");
            if (subset)
                *reason = PyUnicode_FromFormat(
                    "on %S in %S: %S or %S holds %S, a naked subset of %S with %S (%S)", pair,
                    where, r0, r1, first, second, subset, PyTuple_GET_ITEM(unit_names, hit->a));
            Py_XDECREF(subset);
        }
    }
    Py_XDECREF(pair);
    Py_XDECREF(where);
    Py_XDECREF(first);
    Py_XDECREF(second);
    return *units && *reason;
}

/* A pattern's units, as Step.units (low first), and its reason's words. */
static int units_and_reason(PyObject *table, const Board *b, const Pattern *hit,
                            PyObject **units, PyObject **reason)
{
    if (hit->kind >= RECTANGLE_1)
        return uniqueness_words(table, b, hit, units, reason);
    PyObject *symbols = PyTuple_GET_ITEM(table, 14), *names = PyTuple_GET_ITEM(table, 16);
    PyObject *unit_names = PyTuple_GET_ITEM(table, 15), *by = PyTuple_GET_ITEM(table, 8);
    PyObject *named = PyTuple_New(hit->count), *space = PyUnicode_FromString(" ");
    PyObject *syms = symbols_of(symbols, hit->digits), *where = NULL;
    for (int j = 0; named && j < hit->count; j++)
        PyTuple_SET_ITEM(named, j, Py_NewRef(PyTuple_GET_ITEM(names, hit->cell[j])));
    if (named && space && syms && hit->kind != FISH && hit->kind != WING)
        where = PyUnicode_Join(space, named);
    if (hit->kind == LOCKED) {
        int low = hit->a < hit->b ? hit->a : hit->b, high = hit->a ^ hit->b ^ low;
        *units = PyTuple_Pack(2, PyTuple_GET_ITEM(PyTuple_GET_ITEM(by, low), 0),
                              PyTuple_GET_ITEM(PyTuple_GET_ITEM(by, high), 0));
        if (where)
            *reason = PyUnicode_FromFormat("%S in %S only in %S", syms,
                                           PyTuple_GET_ITEM(unit_names, hit->a), where);
    } else if (hit->kind == WING) { /* no units; the pivot and wings with their digits */
        PyObject *held[3] = {NULL, NULL, NULL};
        for (int j = 0; j < 3; j++)
            held[j] = symbols_of(symbols, hit->wing[j]);
        *units = Py_NewRef(PyTuple_GET_ITEM(table, 3));
        if (held[0] && held[1] && held[2])
            *reason = PyUnicode_FromFormat(
                "pivot %S (%S), wings %S (%S) and %S (%S)", PyTuple_GET_ITEM(names, hit->cell[0]),
                held[0], PyTuple_GET_ITEM(names, hit->cell[1]), held[1],
                PyTuple_GET_ITEM(names, hit->cell[2]), held[2]);
        for (int j = 0; j < 3; j++)
            Py_XDECREF(held[j]);
    } else if (hit->kind != FISH) {
        *units = Py_NewRef(PyTuple_GET_ITEM(by, hit->a));
        if (where)
            *reason = PyUnicode_FromFormat(hit->kind == HIDDEN ? "%S only in %S (%S)"
                                                               : "%S in %S (%S)",
                                           syms, where, PyTuple_GET_ITEM(unit_names, hit->a));
    } else { /* base lines: rows, then columns (Shape.units), named by number */
        int first = hit->a ? (int)b->n : 0;
        PyObject *lines = PyList_New(0), *comma = PyUnicode_FromString(","), *joined = NULL;
        *units = PyTuple_New(hit->k);
        for (int l = 0; *units && l < hit->k; l++)
            PyTuple_SET_ITEM(*units, l,
                             Py_NewRef(PyTuple_GET_ITEM(PyTuple_GET_ITEM(by, first + hit->lines[l]), 0)));
        for (int l = 0; lines && l < hit->k; l++)
            if (!append_new(lines, PyUnicode_FromFormat("%d", hit->lines[l] + 1)))
                Py_CLEAR(lines);
        if (lines && comma && syms && (joined = PyUnicode_Join(comma, lines)))
            *reason = PyUnicode_FromFormat("%S in %s %S", syms, hit->a ? "columns" : "rows",
                                           joined);
        Py_XDECREF(lines);
        Py_XDECREF(comma);
        Py_XDECREF(joined);
    }
    Py_XDECREF(named);
    Py_XDECREF(space);
    Py_XDECREF(syms);
    Py_XDECREF(where);
    return *units && *reason;
}

/* The step of the pattern hit of technique t (the table's order), as its finder writes
 * it out: its strikes (Candidates.removal), or a direct technique's digit placed, its
 * reason the pattern's with where the digit goes (sudoku.subsets.direct); its cells the
 * pattern's, sorted. */
static PyObject *pattern_step(PyObject *table, const Board *b, int t, const Pattern *hit)
{
    PyObject *cells = PyTuple_New(hit->count), *units = NULL, *reason = NULL, *digits = NULL;
    PyObject *placements = NULL, *eliminations = NULL, *step = NULL, *se = NULL;
    int sorted[WALK_STRUCK], direct = t < POINTING;
    for (int j = 0; j < hit->count; j++) { /* insertion sort: a few cells */
        int l = j;
        for (; l > 0 && sorted[l - 1] > hit->cell[j]; l--)
            sorted[l] = sorted[l - 1];
        sorted[l] = hit->cell[j];
    }
    for (int j = 0; cells && j < hit->count; j++) {
        PyObject *cell = PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 7), sorted[j]);
        PyTuple_SET_ITEM(cells, j, Py_NewRef(PyTuple_GET_ITEM(cell, 0)));
    }
    if (!cells || !units_and_reason(table, b, hit, &units, &reason))
        goto done;
    if (direct || hit->kind == GRAVE) {
        Py_ssize_t at = (Py_ssize_t)hit->place * b->n + hit->digit - 1;
        if (direct)
            Py_SETREF(reason, PyUnicode_FromFormat("%U, then %S has one place left", reason,
                                                   PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 14), hit->digit - 1)));
        placements = Py_NewRef(PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 6), at));
        eliminations = Py_NewRef(PyTuple_GET_ITEM(table, 3));
        /* a hidden subset's digits stay; locked candidates' become the digit placed */
        digits = hit->kind != LOCKED ? digits_of(table, hit->digits)
                                     : Py_NewRef(PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 9), hit->digit - 1));
    } else {
        placements = Py_NewRef(PyTuple_GET_ITEM(table, 3));
        eliminations = struck_of(table, hit);
        digits = digits_of(table, hit->digits);
    }
    se = hit->kind == PSEUDO ? PyFloat_FromDouble(hit->se)
                             : Py_NewRef(PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 13), t));
    if (reason && digits && eliminations && se) {
        PyObject *fields[STEP_FIELDS] = {
            PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 12), t),
            placements,
            eliminations,
            reason,
            cells,
            units,
            digits,
            PyTuple_GET_ITEM(table, 4),
            se,
        };
        step = make_step((PyTypeObject *)PyTuple_GET_ITEM(table, 0), fields);
    }
done:
    Py_XDECREF(se);
    Py_XDECREF(cells);
    Py_XDECREF(units);
    Py_XDECREF(reason);
    Py_XDECREF(digits);
    Py_XDECREF(placements);
    Py_XDECREF(eliminations);
    return step;
}
