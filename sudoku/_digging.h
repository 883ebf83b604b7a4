/* Generation's loops in C, each one call a puzzle (sudoku.digging): dig blanks orbits while
 * the puzzle stays unique; complete adds clues from two of its solutions until it is unique.
 * Both count on the bands or the bitmasks, as solve() counts (count_cells). Part of _batch.c,
 * included after count_cells; plain Python C API, bounds-checked inputs. */
#ifndef SUDOKU_DIGGING_H
#define SUDOKU_DIGGING_H

PyDoc_STRVAR(dig_doc,
             "dig(cells, orbits) -> bytes\n\n"
             "Blank the orbits of the puzzle cells in turn, keeping each blanking after which\n"
             "the puzzle has exactly one solution (counted to two, as solve counts; givens\n"
             "that break the rules have none); the cells left. cells: a digit 0-n a cell (0 a\n"
             "blank), n x n of them for a shape added; orbits: sequences of cell indices.\n"
             "sudoku.digging.strip's loop without a limit, in one call; stop() and Ctrl-C\n"
             "end it as they end solve().");

/* The orbits (a sequence of sequences of cell indices below `count`) flattened: at[] holds
 * their cells one after another, orbit i from start[i] to start[i + 1]. 0, or -1 with an
 * exception set (and nothing to free) when they are not that. */
static int read_orbits(const char *name, PyObject *orbits_arg, Py_ssize_t count,
                       Py_ssize_t *n_orbits, int **at, Py_ssize_t **start)
{
    PyObject *orbits = PySequence_Fast(orbits_arg, "orbits must be a sequence");
    if (!orbits)
        return -1;
    Py_ssize_t total = PySequence_Fast_GET_SIZE(orbits), cells = 0;
    *at = NULL;
    *start = PyMem_Calloc((size_t)total + 1, sizeof(Py_ssize_t));
    if (!*start) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t i = 0; i < total; i++) { /* the cells first counted, then read */
        PyObject *orbit = PySequence_Fast_GET_ITEM(orbits, i);
        if (!PyTuple_Check(orbit) && !PyList_Check(orbit)) {
            PyErr_Format(PyExc_TypeError, "%s: orbit %zd is %R, not a tuple or list of cells",
                         name, i, orbit);
            goto fail;
        }
        cells += PySequence_Fast_GET_SIZE(orbit);
        (*start)[i + 1] = cells;
    }
    if (!(*at = PyMem_Calloc(cells ? (size_t)cells : 1, sizeof(int)))) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t i = 0; i < total; i++) {
        PyObject *orbit = PySequence_Fast_GET_ITEM(orbits, i);
        for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(orbit); j++) {
            long cell = PyLong_AsLong(PySequence_Fast_GET_ITEM(orbit, j));
            if (cell == -1 && PyErr_Occurred())
                goto fail;
            if (cell < 0 || cell >= count) {
                PyErr_Format(PyExc_ValueError, "%s: orbit %zd names cell %ld, not one of 0-%zd",
                             name, i, cell, count - 1);
                goto fail;
            }
            (*at)[(*start)[i] + j] = (int)cell;
        }
    }
    *n_orbits = total;
    Py_DECREF(orbits);
    return 0;
fail:
    PyMem_Free(*at);
    PyMem_Free(*start);
    *at = NULL;
    *start = NULL;
    Py_DECREF(orbits);
    return -1;
}

static PyObject *Solver_dig(Solver *self, PyObject *args)
{
    Py_buffer given;
    PyObject *orbits, *result = NULL;
    if (!PyArg_ParseTuple(args, "y*O:dig", &given, &orbits))
        return NULL;
    Py_ssize_t count = given.len, n_orbits = 0, *start = NULL;
    int *at = NULL, *cells = NULL, *saved = NULL;
    unsigned char *digits = NULL;
    BandsSearch *bands = NULL;
    void *memory = NULL;
    int n = self->fixed ? self->fixed : size_of(count);
    if (!n || (Py_ssize_t)n * n != count || !self->shapes[n]) {
        PyErr_Format(PyExc_ValueError, "dig: %zd cells are no grid of a shape added", count);
        goto done;
    }
    const Shape *shape = self->shapes[n];
    const unsigned char *in = given.buf;
    if (read_orbits("dig", orbits, count, &n_orbits, &at, &start) < 0)
        goto done;
    cells = PyMem_Calloc((size_t)count, sizeof(int));
    saved = PyMem_Calloc(start[n_orbits] ? (size_t)start[n_orbits] : 1, sizeof(int));
    digits = PyMem_Calloc(2 * (size_t)count, 1); /* the count to 2 writes both solutions */
    bands = PyMem_Malloc(sizeof(BandsSearch));
    memory = PyMem_Malloc(masks_need(&shape->masks));
    if (!cells || !saved || !digits || !bands || !memory) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        if (in[k] > n) {
            PyErr_Format(PyExc_ValueError, "dig: cell %zd holds %d, more than %d", k, in[k], n);
            goto done;
        }
        cells[k] = in[k];
    }
    MasksSearch search;
    masks_search_init(&search, &shape->masks, memory);
    long long guesses = 0;
    int stopped = 0;
    Running running = {PyEval_SaveThread(), self, 0, 2, 0, NULL, 0};
    for (Py_ssize_t i = 0; i < n_orbits && !stopped; i++) {
        if (__atomic_load_n(&self->stopping, __ATOMIC_RELAXED) && (stopped = interrupted(&running)))
            break;
        for (Py_ssize_t j = start[i]; j < start[i + 1]; j++) {
            saved[j] = cells[at[j]];
            cells[at[j]] = 0;
        }
        int found = count_cells(shape, &search, bands, cells, digits, &running, &guesses);
        if (found == -1)
            stopped = 1;
        else if (found != 1) /* put back, the last first: a cell named twice gets its digit */
            for (Py_ssize_t j = start[i + 1] - 1; j >= start[i]; j--)
                cells[at[j]] = saved[j];
    }
    PyEval_RestoreThread(running.state);
    __atomic_add_fetch(&self->guesses, guesses, __ATOMIC_RELAXED);
    if (stopped)
        goto done;
    if (!(result = PyBytes_FromStringAndSize(NULL, count)))
        goto done;
    for (Py_ssize_t k = 0; k < count; k++)
        PyBytes_AS_STRING(result)[k] = (char)cells[k];
done:
    PyMem_Free(at);
    PyMem_Free(start);
    PyMem_Free(cells);
    PyMem_Free(saved);
    PyMem_Free(digits);
    PyMem_Free(bands);
    PyMem_Free(memory);
    PyBuffer_Release(&given);
    return result;
}


/* splitmix64: complete's random draws, the same on every platform for a seed. */
static uint64_t draw(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A draw below k (k >= 1; the bias of the modulo is under k / 2^64). */
static int draw_below(uint64_t *state, int k)
{
    return (int)(draw(state) % (uint64_t)k);
}

PyDoc_STRVAR(complete_doc,
             "complete(cells, orbits, avoid, seed, seconds=None) -> (cells, solution) | None\n\n"
             "Add clues to the puzzle cells until it has one solution. While it has several,\n"
             "the first two its count meets (on the digits renamed at random, since the\n"
             "count's order is fixed) are taken; a cell where they differ is drawn (outside\n"
             "avoid when one is), and its orbit gets the digits of one of the two, drawn. The\n"
             "cells then and their solution, as bytes; None when the puzzle has no solution\n"
             "(givens that break the rules have none). cells: a digit 0-n a cell, n x n of\n"
             "them for a shape added; orbits: sequences of cell indices (a cell in none is\n"
             "its own); avoid: a byte a cell, nonzero for a cell not to draw; seed: an int,\n"
             "the draws (taken modulo 2**64). TimeoutError past seconds; stop() and Ctrl-C\n"
             "end it as they end solve(). sudoku.digging.complete_uniquely's loop.");

static PyObject *Solver_complete(Solver *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"cells", "orbits", "avoid", "seed", "seconds", NULL};
    Py_buffer given, avoid;
    PyObject *orbits, *seed_arg, *seconds = Py_None, *result = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "y*Oy*O|O:complete", kwlist, &given, &orbits,
                                     &avoid, &seed_arg, &seconds))
        return NULL;
    Py_ssize_t count = given.len, n_orbits = 0, *start = NULL;
    int *at = NULL, *cells = NULL, *orbit_of = NULL, *differ = NULL;
    unsigned char *digits = NULL;
    BandsSearch *bands = NULL;
    void *memory = NULL;
    double deadline;
    int n = self->fixed ? self->fixed : size_of(count);
    if (!PyLong_Check(seed_arg)) {
        PyErr_Format(PyExc_TypeError, "complete: seed must be an int, not %R", seed_arg);
        goto done;
    }
    uint64_t state = (uint64_t)PyLong_AsUnsignedLongLongMask(seed_arg);
    if (PyErr_Occurred() || read_deadline(seconds, &deadline) < 0)
        goto done;
    if (!n || (Py_ssize_t)n * n != count || !self->shapes[n]) {
        PyErr_Format(PyExc_ValueError, "complete: %zd cells are no grid of a shape added", count);
        goto done;
    }
    if (avoid.len != count) {
        PyErr_Format(PyExc_ValueError, "complete: avoid has %zd bytes for %zd cells", avoid.len,
                     count);
        goto done;
    }
    const Shape *shape = self->shapes[n];
    const unsigned char *in = given.buf, *avoided = avoid.buf;
    if (read_orbits("complete", orbits, count, &n_orbits, &at, &start) < 0)
        goto done;
    cells = PyMem_Calloc((size_t)count, sizeof(int));
    orbit_of = PyMem_Malloc((size_t)count * sizeof(int));
    differ = PyMem_Malloc((size_t)count * sizeof(int));
    digits = PyMem_Calloc(2 * (size_t)count, 1); /* the count to 2 writes both solutions */
    bands = PyMem_Malloc(sizeof(BandsSearch));
    memory = PyMem_Malloc(masks_need(&shape->masks));
    if (!cells || !orbit_of || !differ || !digits || !bands || !memory) {
        PyErr_NoMemory();
        goto done;
    }
    int name[MAX_SIZE + 1], back[MAX_SIZE + 1]; /* digit d is searched as name[d] */
    name[0] = back[0] = 0;
    for (int d = 1; d <= n; d++)
        name[d] = d;
    for (int d = n; d > 1; d--) { /* Fisher-Yates */
        int e = 1 + draw_below(&state, d), t = name[d];
        name[d] = name[e];
        name[e] = t;
    }
    for (int d = 1; d <= n; d++)
        back[name[d]] = d;
    for (Py_ssize_t k = 0; k < count; k++) {
        if (in[k] > n) {
            PyErr_Format(PyExc_ValueError, "complete: cell %zd holds %d, more than %d", k, in[k],
                         n);
            goto done;
        }
        cells[k] = name[in[k]];
        orbit_of[k] = -1;
    }
    for (Py_ssize_t i = 0; i < n_orbits; i++)
        for (Py_ssize_t j = start[i]; j < start[i + 1]; j++)
            orbit_of[at[j]] = (int)i;
    MasksSearch search;
    masks_search_init(&search, &shape->masks, memory);
    long long guesses = 0;
    int found;
    Running running = {PyEval_SaveThread(), self, deadline, 2, 0, NULL, 0};
    /* each round fills a blank cell (the two solutions agree on every clue): count rounds */
    for (;;) {
        if (((deadline && now() > deadline) ||
             __atomic_load_n(&self->stopping, __ATOMIC_RELAXED)) &&
            interrupted(&running)) {
            found = -1;
            break;
        }
        found = count_cells(shape, &search, bands, cells, digits, &running, &guesses);
        if (found != 2)
            break;
        int open = 0, shunned = 0; /* cells where the two differ: from the front, those not
                                      avoided; from the back, those avoided */
        for (Py_ssize_t k = 0; k < count; k++)
            if (digits[k] != digits[count + k]) {
                if (avoided[k])
                    differ[count - 1 - shunned++] = (int)k;
                else
                    differ[open++] = (int)k;
            }
        const unsigned char *source = digits + (draw_below(&state, 2) ? count : 0);
        int cell = open ? differ[draw_below(&state, open)]
                        : differ[count - 1 - draw_below(&state, shunned)];
        int orbit = orbit_of[cell];
        if (orbit < 0)
            cells[cell] = source[cell];
        else
            for (Py_ssize_t j = start[orbit]; j < start[orbit + 1]; j++)
                cells[at[j]] = source[at[j]];
    }
    PyEval_RestoreThread(running.state);
    __atomic_add_fetch(&self->guesses, guesses, __ATOMIC_RELAXED);
    if (found == -1) /* stopped: the exception is set */
        goto done;
    if (found != 1) { /* none, or givens that break the rules */
        result = Py_NewRef(Py_None);
        goto done;
    }
    PyObject *puzzle = PyBytes_FromStringAndSize(NULL, count);
    PyObject *solution = puzzle ? PyBytes_FromStringAndSize(NULL, count) : NULL;
    if (solution) {
        for (Py_ssize_t k = 0; k < count; k++) {
            PyBytes_AS_STRING(puzzle)[k] = (char)back[cells[k]];
            PyBytes_AS_STRING(solution)[k] = (char)back[digits[k]];
        }
        result = PyTuple_Pack(2, puzzle, solution);
    }
    Py_XDECREF(puzzle);
    Py_XDECREF(solution);
done:
    PyMem_Free(at);
    PyMem_Free(start);
    PyMem_Free(cells);
    PyMem_Free(orbit_of);
    PyMem_Free(differ);
    PyMem_Free(digits);
    PyMem_Free(bands);
    PyMem_Free(memory);
    PyBuffer_Release(&given);
    PyBuffer_Release(&avoid);
    return result;
}

#endif
