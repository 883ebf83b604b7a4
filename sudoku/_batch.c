/* sudoku._batch: many sudoku puzzle lines solved in C, uniqueness proved, one call a chunk.
 *
 * Solver() holds, per grid size n, a shape registered by add_shape(n, layout, units): the
 * shape's compiled cover matrix (a dlx._search.Layout, whose options are (cell, digit) in
 * order: option cell * n + digit - 1) and its units (rows, columns, boxes or regions, extra
 * regions) as cell indices. solve(lines) reads each line as sudoku.grid.parse's one-line fast
 * path does, checks the givens and counts the solutions to two on the same matrix held as
 * bitmasks (_masks.h), or band-wise with propagation for the usual 9x9 shape (_bands.h), with
 * the GIL released; Solver.guesses adds up the guesses of those searches. No solution or one is the answer; when there
 * are several, the givens are forced on a fresh copy of the layout and dlx._search's loop
 * (dlx/_search_api.h, step for step the loop of every search) finds the first two in the
 * engine's order, so that every path shows the same two. Only the line in and the line out
 * are Python objects. dig(cells, orbits) runs generation's digging on the same counts: each
 * orbit blanked in turn, kept blank when the puzzle stays unique.
 *
 * A line this fast path does not take (separators, a bad or non-ASCII character, a wrong
 * length, a digit too large, givens that break the rules) is answered PYTHON, so that
 * sudoku.solve reads it the Python way and says exactly what is wrong and where.
 *
 * The module's functions are the rater's hot scans (sudoku.rate, sudoku.subsets,
 * sudoku.fish_and_wings), each step for step the Python function it names, the reference,
 * and the rater's walk while it takes singles (_rater.h).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <string.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <time.h>
#endif

#include "_bands.h"
#include "_masks.h"
#include "_search_api.h"

enum { NONE = 0, UNIQUE = 1, SEVERAL = 2, PYTHON = 3, SKIP = 4, STOPPED = 5 }; /* a line's code */
#define MIN_SIZE 4
#define MAX_SIZE MASKS_MAX_SIZE
#define CHECK_EVERY (1LL << 20) /* nodes between Ctrl-C polls */
#define CHECK_CLOCK (1LL << 14) /* nodes between polls of the bitmask search under a time limit */

static DlxApi *dlx;
static const char SYMBOLS[] = "123456789ABCDEFGHIJKLMNOP";
static signed char digit_of[256]; /* a symbol's digit, 0 for a blank, -1 for anything else */

typedef struct {
    int n, n_units;
    int *units;        /* n_units rows of n cell indices */
    PyObject *layout;  /* the dlx._search.Layout of the shape's cover matrix, or NULL */
    MasksShape masks;  /* the same matrix for the bitmask search */
    int bands;         /* the usual 9x9 units: searched band-wise (_bands.h) instead */
} Shape;

typedef struct {
    PyObject_HEAD
    int fixed;                    /* 0: size from each line's length; n: every line is n x n */
    int stopping;                 /* set by stop(): every solve() stops (read atomically) */
    long long guesses;            /* guesses of every search so far (added atomically) */
    Shape *shapes[MAX_SIZE + 1];  /* by size, set once, never replaced while the Solver lives */
} Solver;

/* One line of a chunk: where its text is, and what became of it. */
typedef struct {
    const char *text;
    Py_ssize_t length;
    int n;       /* the size read off the line; 0: none */
    int code;
    char *out;   /* room for two solution lines */
    int shown;   /* how many solution lines out holds */
} Line;

static int is_space(unsigned char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

/* The size of a grid of `cells` cells that splits into boxes (not a prime), else 0. */
static int size_of(Py_ssize_t cells)
{
    for (int n = MIN_SIZE; n <= MAX_SIZE; n++)
        if ((Py_ssize_t)n * n == cells) {
            for (int r = 2; r * r <= n; r++)
                if (n % r == 0)
                    return n;
            return 0;
        }
    return 0;
}

/* ---- one puzzle, without the GIL --------------------------------------------------------- */

/* The givens of line->text into cells[]: 0 on success, -1 when the line needs Python. */
static int read_cells(const Line *line, int *cells)
{
    int n = line->n;
    for (Py_ssize_t k = 0; k < line->length; k++) {
        int d = digit_of[(unsigned char)line->text[k]];
        if (d < 0 || d > n)
            return -1;
        cells[k] = d;
    }
    return 0;
}

/* The solution on the search's stack, written as a line over the puzzle's `cells`. */
static void write_solution(DlxRun *run, int n, int *chosen, char *out)
{
    int depth = dlx->chosen(run, chosen, n * n);
    for (int l = 0; l < depth && l < n * n; l++)
        out[chosen[l] / n] = SYMBOLS[chosen[l] % n];
}

static void write_givens(const int *cells, int count, char *out)
{
    for (int k = 0; k < count; k++)
        if (cells[k])
            out[k] = SYMBOLS[cells[k] - 1];
}

/* ---- the type ----------------------------------------------------------------------------- */

static void Solver_dealloc(Solver *self)
{
    for (int n = 0; n <= MAX_SIZE; n++) {
        Shape *shape = self->shapes[n];
        if (shape) {
            Py_XDECREF(shape->layout);
            masks_shape_free(&shape->masks, PyMem_Free);
            PyMem_Free(shape->units);
            PyMem_Free(shape);
        }
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Solver_init(Solver *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"fixed", NULL};
    int fixed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|i:Solver", kwlist, &fixed))
        return -1;
    if (fixed && (fixed < MIN_SIZE || fixed > MAX_SIZE)) {
        PyErr_Format(PyExc_ValueError, "fixed must be 0 or a size %d..%d", MIN_SIZE, MAX_SIZE);
        return -1;
    }
    self->fixed = fixed;
    return 0;
}

/* Whether the 27 units of 9 cells are the rows, columns and boxes of a 9x9 grid, in any
 * order (each a unit's cells all in one row, column or box, and each met once). */
static int usual_units(const int *units)
{
    long seen = 0;
    for (int u = 0; u < 27; u++) {
        const int *cell = units + u * 9;
        int row = 1, column = 1, box = 1;
        for (int k = 1; k < 9; k++) {
            row &= cell[k] / 9 == cell[0] / 9;
            column &= cell[k] % 9 == cell[0] % 9;
            box &= cell[k] / 27 == cell[0] / 27 && cell[k] % 9 / 3 == cell[0] % 9 / 3;
        }
        int which = row      ? cell[0] / 9
                    : column ? 9 + cell[0] % 9
                    : box    ? 18 + cell[0] / 27 * 3 + cell[0] % 9 / 3
                             : -1;
        if (which < 0 || seen >> which & 1)
            return 0;
        seen |= 1L << which;
    }
    return 1;
}

PyDoc_STRVAR(add_shape_doc,
             "add_shape(n, layout, units)\n\n"
             "Solve lines of n x n cells whose units (sequences of n cell indices each:\n"
             "rows, columns, boxes, extra regions) hold every digit once. layout is their\n"
             "cover matrix (a dlx._search.Layout whose option cell * n + digit - 1 puts\n"
             "digit in cell), where the first two of several solutions are found; or\n"
             "None, and a line of several solutions is answered 2 without them (None).");

static PyObject *Solver_add_shape(Solver *self, PyObject *args)
{
    int n;
    PyObject *layout, *units;
    if (!PyArg_ParseTuple(args, "iOO:add_shape", &n, &layout, &units))
        return NULL;
    if (n < MIN_SIZE || n > MAX_SIZE || (self->fixed && n != self->fixed)) {
        PyErr_Format(PyExc_ValueError, "size %d is not one this Solver takes", n);
        return NULL;
    }
    if (self->shapes[n]) {
        PyErr_Format(PyExc_ValueError, "size %d already has a shape", n);
        return NULL;
    }
    if (layout != Py_None) {
        DlxRun *probe = dlx->run_new(layout); /* checks that layout is a Layout */
        if (!probe)
            return NULL;
        int options = dlx->n_options(probe);
        dlx->run_free(probe);
        if (options != n * n * n) {
            PyErr_Format(PyExc_ValueError, "the layout has %d options, expected %d", options,
                         n * n * n);
            return NULL;
        }
    }
    PyObject *seq = PySequence_Fast(units, "units must be a sequence");
    if (!seq)
        return NULL;
    Py_ssize_t n_units = PySequence_Fast_GET_SIZE(seq);
    Shape *shape = PyMem_Calloc(1, sizeof(Shape));
    int *cells = PyMem_Calloc(n_units ? (size_t)n_units * n : 1, sizeof(int));
    if (!shape || !cells || n_units > INT_MAX / n) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t u = 0; u < n_units; u++) {
        PyObject *unit = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, u), "a unit is a sequence");
        if (!unit)
            goto fail;
        int ok = PySequence_Fast_GET_SIZE(unit) == n;
        for (Py_ssize_t k = 0; ok && k < n; k++) {
            long cell = PyLong_AsLong(PySequence_Fast_GET_ITEM(unit, k));
            ok = cell >= 0 && cell < n * n;
            for (Py_ssize_t j = 0; ok && j < k; j++)
                ok = cells[u * n + j] != cell;
            cells[u * n + k] = (int)cell;
        }
        Py_DECREF(unit);
        if (!ok) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "unit %zd is not %d different cell indices below %d",
                         u, n, n * n);
            goto fail;
        }
    }
    Py_DECREF(seq);
    seq = NULL;
    shape->bands = n == 9 && n_units == 27 && usual_units(cells);
    shape->n = n;
    shape->n_units = (int)n_units;
    shape->units = cells;
    if (masks_shape_init(&shape->masks, n, cells, (int)n_units, PyMem_Malloc, PyMem_Free) < 0) {
        PyErr_NoMemory();
        goto fail;
    }
    shape->layout = layout == Py_None ? NULL : Py_NewRef(layout);
    self->shapes[n] = shape;
    Py_RETURN_NONE;
fail:
    Py_XDECREF(seq);
    if (shape)
        masks_shape_free(&shape->masks, PyMem_Free);
    PyMem_Free(shape);
    PyMem_Free(cells);
    return NULL;
}

/* Seconds on a clock that only goes forward. */
static double now(void)
{
#ifdef _WIN32
    return (double)GetTickCount64() / 1000.0;
#else
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
#endif
}

/* A solve() call running without the GIL: its saved thread state, its Solver, when its
 * time runs out (0: never), the solutions to count, and the guesses a line's search may make (0: no limit), with the
 * current search's count of them and whether it went past. */
typedef struct {
    PyThreadState *state;
    const Solver *solver;
    double deadline;
    int limit; /* solutions counted: 2, or 1 (any one will do, shown) */
    long long max_guesses;
    const long long *guesses;
    int gave_up;
} Running;

/* Take the GIL back for a moment to see whether Ctrl-C was pressed (in the main thread) or
 * stop() called: nonzero, with an exception set, when one was. */
static int interrupted(void *context)
{
    Running *running = context;
    if (running->max_guesses && running->guesses && *running->guesses >= running->max_guesses) {
        running->gave_up = 1; /* the line's answer is STOPPED; no exception, no GIL needed */
        return 1;
    }
    PyEval_RestoreThread(running->state);
    int stop = PyErr_CheckSignals() < 0;
    if (!stop && __atomic_load_n(&running->solver->stopping, __ATOMIC_RELAXED)) {
        PyErr_SetString(PyExc_RuntimeError, "this Solver was stopped");
        stop = 1;
    }
    if (!stop && running->deadline && now() > running->deadline) {
        PyErr_SetString(PyExc_TimeoutError, "the time limit ran out");
        stop = 1;
    }
    running->state = PyEval_SaveThread();
    return stop;
}

/* The first two solutions in the engine's order, as every other path finds them: the
 * givens forced on a fresh copy of the layout, then dlx._search's loop. -1 on Ctrl-C. */
static int first_two(Line *line, DlxRun *run, const int *cells, int *chosen, Running *running)
{
    int n = line->n, count = n * n;
    dlx->reset(run);
    for (int k = 0; k < count; k++)
        if (cells[k] && dlx->force(run, k * n + cells[k] - 1) < 0) {
            line->code = PYTHON; /* cannot happen once the givens agree; Python will say */
            return 0;
        }
    int found = 0;
    while (found < 2) {
        int event = dlx->search(run, dlx->nodes(run) + CHECK_EVERY, found + 1);
        if (event == DLX_CHECKPOINT) {
            if (interrupted(running))
                return -1;
            continue;
        }
        if (event != DLX_SOLUTION)
            break;
        char *out = line->out + (size_t)found * count;
        write_givens(cells, count, out);
        write_solution(run, n, chosen, out);
        line->shown = ++found;
    }
    line->code = found == 0 ? NONE : found == 1 ? UNIQUE : SEVERAL;
    return 0;
}

#define CLASHED (-2) /* count_cells: givens that break the rules */
_Static_assert(MASKS_CLASH == CLASHED && BANDS_CLASH == CLASHED, "one code for a clash");

/* The solutions of the puzzle cells[] counted to running->limit, on the bands for the usual
 * 9x9 shape, else on the bitmasks: how many (their digits one after another in digits[],
 * which has room for running->limit grids), CLASHED
 * when givens break the rules, -1 when Ctrl-C or stop() stopped it (an exception set) or
 * it passed running->max_guesses (running->gave_up set). Adds the search's guesses to
 * *guesses. Called without the GIL (see interrupted). */
static int count_cells(const Shape *shape, MasksSearch *search, BandsSearch *bands,
                       const int *cells, unsigned char *digits, Running *running,
                       long long *guesses)
{
    int start = shape->bands ? bands_start(bands, cells) : masks_start(search, cells);
    if (start == CLASHED)
        return CLASHED;
    long long every = running->deadline || running->max_guesses ? CHECK_CLOCK : CHECK_EVERY;
    running->guesses = shape->bands ? &bands->guesses : &search->guesses;
    running->gave_up = 0;
    int found = start < 0      ? 0
                : shape->bands ? bands_count(bands, running->limit, digits, every, interrupted,
                                             running)
                              : masks_count(search, running->limit, digits, every, interrupted, running);
    *guesses += shape->bands ? bands->guesses : search->guesses;
    running->guesses = NULL;
    return found;
}

/* Count line's solutions to two, on the bands for the usual 9x9 shape, else on the
 * bitmasks; write the solution when it is unique, the first two when there are several (in
 * the engine's order, first_two, when the shape has a layout; else as the count met them); answer STOPPED when the search passed running->max_guesses (seen when it polls,
 * so at the same node every time: the answer does not depend on the clock). Adds the
 * search's guesses to *guesses. -1 with an exception when Ctrl-C or stop() stopped it.
 * Called without the GIL (see interrupted). */
static int solve_line(Line *line, DlxRun *run, const Shape *shape, MasksSearch *search,
                      BandsSearch *bands, int *cells, int *chosen, unsigned char *digits,
                      Running *running, long long *guesses)
{
    int found = read_cells(line, cells) < 0
                    ? CLASHED
                    : count_cells(shape, search, bands, cells, digits, running, guesses);
    if (found == CLASHED) { /* Python names the clashing cells */
        line->code = PYTHON;
        return 0;
    }
    if (found < 0 && running->gave_up) {
        line->code = STOPPED;
        return 0;
    }
    if (found < 0)
        return -1;
    if (found == 2 && run)
        return first_two(line, run, cells, chosen, running);
    line->code = found == 2 ? SEVERAL : found ? UNIQUE : NONE;
    line->shown = found;
    for (int k = 0; k < found * line->n * line->n; k++)
        line->out[k] = SYMBOLS[digits[k] - 1];
    return 0;
}

/* When a call given `seconds` (None: no limit, deadline 0) must end, on now()'s clock: 0,
 * or -1 with an exception set when it is not a number of seconds, 0 or more. */
static int read_deadline(PyObject *seconds, double *deadline)
{
    *deadline = 0;
    if (seconds == Py_None)
        return 0;
    double limit = PyFloat_AsDouble(seconds);
    if (limit == -1.0 && PyErr_Occurred())
        return -1;
    if (!(limit >= 0)) {
        PyErr_Format(PyExc_ValueError, "seconds must be 0 or more, not %R", seconds);
        return -1;
    }
    *deadline = now() + (limit > 0 ? limit : 1e-9);
    return 0;
}

PyDoc_STRVAR(solve_doc,
             "solve(lines, seconds=None, guesses=None, limit=2) -> (codes, solutions)\n\n"
             "Solve each of lines (a list of str), proving uniqueness. codes holds a code per\n"
             "line read: 0 no solution, 1 unique, 2 several, 3 read it in Python, 4 blank or a\n"
             "# comment, 5 stopped at the guess limit; solutions the solution line (unique),\n"
             "the first two joined (several: the engine's first two for a shape added with a\n"
             "layout, else the first two the count met) or None.\n"
             "codes is shorter than lines when the next line's size has no shape. TimeoutError\n"
             "when the call takes more than seconds (checked between lines and every few\n"
             "thousand nodes). guesses: a line whose search has made that many guesses (seen\n"
             "every few thousand nodes: the same answer on every run) is answered 5. limit 1:\n"
             "stop at the first solution, answered 1 with it (others may exist).");

static PyObject *Solver_solve(Solver *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"lines", "seconds", "guesses", "limit", NULL};
    PyObject *lines_arg, *seconds = Py_None, *guess_limit = Py_None;
    int limit = 2;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|OOi:solve", kwlist, &lines_arg, &seconds,
                                     &guess_limit, &limit))
        return NULL;
    if (limit != 1 && limit != 2) {
        PyErr_Format(PyExc_ValueError, "limit must be 1 or 2, not %d", limit);
        return NULL;
    }
    long long max_guesses = 0;
    if (guess_limit != Py_None) {
        max_guesses = PyLong_AsLongLong(guess_limit);
        if (max_guesses == -1 && PyErr_Occurred())
            return NULL;
        if (max_guesses < 1) {
            PyErr_Format(PyExc_ValueError, "guesses must be None or 1 or more, not %R",
                         guess_limit);
            return NULL;
        }
    }
    double deadline;
    if (read_deadline(seconds, &deadline) < 0)
        return NULL;
    PyObject *lines = PySequence_Tuple(lines_arg); /* holds every line while the GIL is out */
    if (!lines)
        return NULL;
    Py_ssize_t total = PyTuple_GET_SIZE(lines), count = 0;
    PyObject *result = NULL, *codes = NULL, *solutions = NULL;
    Line *todo = PyMem_Calloc(total ? (size_t)total : 1, sizeof(Line));
    DlxRun *runs[MAX_SIZE + 1] = {NULL};
    MasksSearch searches[MAX_SIZE + 1];
    void *memory[MAX_SIZE + 1] = {NULL}; /* each search's working memory */
    int *cells = PyMem_Calloc(MAX_SIZE * MAX_SIZE, sizeof(int));
    int *chosen = PyMem_Calloc(MAX_SIZE * MAX_SIZE, sizeof(int));
    unsigned char *digits = PyMem_Calloc(2 * MAX_SIZE * MAX_SIZE, 1); /* limit 2 solutions */
    BandsSearch *bands = PyMem_Malloc(sizeof(BandsSearch));
    char *room = NULL;
    long long guesses = 0;
    if (!todo || !cells || !chosen || !digits || !bands) {
        PyErr_NoMemory();
        goto done;
    }
    /* With the GIL: where each line's text is, its size, and a run for each size met. */
    size_t needed = 0;
    for (; count < total; count++) {
        PyObject *item = PyTuple_GET_ITEM(lines, count);
        Line *line = &todo[count];
        if (!PyUnicode_Check(item)) {
            PyErr_Format(PyExc_TypeError, "line %zd is %R, not a str", count + 1, item);
            goto done;
        }
        if (!PyUnicode_IS_ASCII(item)) { /* Python's strip and error messages */
            line->code = PYTHON;
            continue;
        }
        const char *text = (const char *)PyUnicode_1BYTE_DATA(item);
        Py_ssize_t start = 0, end = PyUnicode_GET_LENGTH(item);
        while (start < end && is_space((unsigned char)text[start]))
            start++;
        while (end > start && is_space((unsigned char)text[end - 1]))
            end--;
        line->text = text + start;
        line->length = end - start;
        if (!line->length || line->text[0] == '#') {
            line->code = SKIP;
            continue;
        }
        int n = self->fixed ? self->fixed : size_of(line->length);
        if (!n || (Py_ssize_t)n * n != line->length) {
            line->code = PYTHON;
            continue;
        }
        if (!self->shapes[n])
            break; /* the caller adds the shape and calls again from here */
        PyObject *layout = self->shapes[n]->layout;
        if (!runs[n] && layout && !(runs[n] = dlx->run_new(layout)))
            goto done;
        if (!memory[n]) {
            if (!(memory[n] = PyMem_Malloc(masks_need(&self->shapes[n]->masks)))) {
                PyErr_NoMemory();
                goto done;
            }
            masks_search_init(&searches[n], &self->shapes[n]->masks, memory[n]);
        }
        line->n = n;
        needed += 2 * (size_t)line->length;
    }
    if (!(room = PyMem_Malloc(needed ? needed : 1))) {
        PyErr_NoMemory();
        goto done;
    }
    needed = 0;
    for (Py_ssize_t k = 0; k < count; k++)
        if (todo[k].n) {
            todo[k].out = room + needed;
            needed += 2 * (size_t)todo[k].length;
        }
    /* Without the GIL: read, check, search and write every line (the tuple holds them). */
    int stopped = 0;
    Running running = {PyEval_SaveThread(), self, deadline, limit, max_guesses, NULL, 0};
    for (Py_ssize_t k = 0; k < count && !stopped; k++) {
        if (__atomic_load_n(&self->stopping, __ATOMIC_RELAXED) ||
            (deadline && now() > deadline))
            stopped = interrupted(&running);
        else if (todo[k].n)
            stopped = solve_line(&todo[k], runs[todo[k].n], self->shapes[todo[k].n],
                                 &searches[todo[k].n], bands, cells, chosen, digits, &running,
                                 &guesses) < 0;
    }
    PyEval_RestoreThread(running.state);
    __atomic_add_fetch(&self->guesses, guesses, __ATOMIC_RELAXED);
    if (stopped)
        goto done;
    /* With the GIL: the codes, and the solutions as str. */
    if (!(codes = PyBytes_FromStringAndSize(NULL, count)) || !(solutions = PyList_New(count)))
        goto done;
    char *code = PyBytes_AS_STRING(codes);
    for (Py_ssize_t k = 0; k < count; k++) {
        Line *line = &todo[k];
        code[k] = (char)line->code;
        Py_ssize_t size = line->code == UNIQUE || line->code == SEVERAL
                              ? line->shown * line->length
                              : 0;
        PyObject *text = size ? PyUnicode_New(size, 127) : Py_NewRef(Py_None);
        if (!text)
            goto done;
        if (size)
            memcpy(PyUnicode_1BYTE_DATA(text), line->out, (size_t)size);
        PyList_SET_ITEM(solutions, k, text);
    }
    result = PyTuple_Pack(2, codes, solutions);
done:
    Py_XDECREF(codes);
    Py_XDECREF(solutions);
    for (int n = 0; n <= MAX_SIZE; n++) {
        dlx->run_free(runs[n]);
        PyMem_Free(memory[n]);
    }
    PyMem_Free(todo);
    PyMem_Free(cells);
    PyMem_Free(chosen);
    PyMem_Free(digits);
    PyMem_Free(bands);
    PyMem_Free(room);
    Py_DECREF(lines);
    return result;
}

#include "_digging.h"

PyDoc_STRVAR(stop_doc, "stop()\n\n"
                      "Stop every solve() running on this Solver in any thread, and every one\n"
                      "to come: each raises RuntimeError within a line or a million nodes.\n"
                      "For threads whose answers are no longer wanted (Ctrl-C in the main one).");

static PyObject *Solver_stop(Solver *self, PyObject *Py_UNUSED(unused))
{
    __atomic_store_n(&self->stopping, 1, __ATOMIC_RELAXED);
    Py_RETURN_NONE;
}

static PyObject *Solver_guesses(Solver *self, void *Py_UNUSED(closure))
{
    return PyLong_FromLongLong(__atomic_load_n(&self->guesses, __ATOMIC_RELAXED));
}

static PyGetSetDef Solver_getset[] = {
    {"guesses", (getter)Solver_guesses, NULL,
     "Guesses made by every solve() so far: options tried at a branch point where others\n"
     "were left to try (a branch on two options is one guess, as tdoku counts them).",
     NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef Solver_methods[] = {
    {"stop", (PyCFunction)Solver_stop, METH_NOARGS, stop_doc},
    {"add_shape", (PyCFunction)Solver_add_shape, METH_VARARGS, add_shape_doc},
    {"solve", (PyCFunction)(void (*)(void))Solver_solve, METH_VARARGS | METH_KEYWORDS, solve_doc},
    {"dig", (PyCFunction)Solver_dig, METH_VARARGS, dig_doc},
    {"complete", (PyCFunction)(void (*)(void))Solver_complete, METH_VARARGS | METH_KEYWORDS,
     complete_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(Solver_doc, "Solver(fixed=0)\n\n"
                         "Solves sudoku lines in chunks (see solve); fixed: the only size\n"
                         "taken, as when a shape is given, or 0 for the size each line implies.");

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "sudoku._batch.Solver",
    .tp_basicsize = sizeof(Solver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = Solver_doc,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
};

/* Append item, a new reference (NULL when making it failed), to list and drop it: 0 with an
 * error set when either failed. */
static int append_new(PyObject *list, PyObject *item)
{
    int ok = item && PyList_Append(list, item) == 0;
    Py_XDECREF(item);
    return ok;
}

/* The cells of units (a buffer of ints, n a unit) checked to be n_units * n indices of
 * masks (a list), which is read into m[]: 0 with an exception set when they are not. */
static int read_units(PyObject *masks, Py_buffer *units, Py_ssize_t n_units, Py_ssize_t n,
                      unsigned long *m)
{
    Py_ssize_t cells = PyList_GET_SIZE(masks);
    const int *cell = units->buf;
    if (units->len != (Py_ssize_t)(n * n_units * sizeof(int)) || n < 1 ||
        cells > MAX_SIZE * MAX_SIZE) {
        PyErr_SetString(PyExc_ValueError, "units must hold n cells for each unit");
        return 0;
    }
    for (Py_ssize_t k = 0; k < n * n_units; k++)
        if (cell[k] < 0 || cell[k] >= cells) {
            PyErr_SetString(PyExc_IndexError, "a unit's cell is outside masks");
            return 0;
        }
    for (Py_ssize_t i = 0; i < cells; i++)
        m[i] = PyLong_AsUnsignedLong(PyList_GET_ITEM(masks, i));
    return !PyErr_Occurred();
}

/* unit_singles(masks, placed, units, full): sudoku.rate's scan for hidden singles
 * (rate._unit_singles, the reference, step for step). masks: each cell's candidates (0 for
 * a placed cell); placed: each unit's placed digits; units: the units' cells, n a unit, as
 * native ints (an array('i')); full: the mask of every digit. Units in order, each not yet
 * full: the digits with no place left end the scan, as (u, missing, []); else the digits
 * with one place, low bit first, as (-1, 0, [u, bit, u, bit, ...]). */
static PyObject *unit_singles(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *masks, *placed, *found = NULL;
    Py_buffer units;
    unsigned long full, m[MAX_SIZE * MAX_SIZE];
    if (!PyArg_ParseTuple(args, "O!O!y*k:unit_singles", &PyList_Type, &masks, &PyList_Type,
                          &placed, &units, &full))
        return NULL;
    Py_ssize_t n_units = PyList_GET_SIZE(placed);
    const int *unit = units.buf;
    Py_ssize_t n = n_units ? (Py_ssize_t)(units.len / sizeof(int)) / n_units : 0;
    if (!read_units(masks, &units, n_units, n, m) || !(found = PyList_New(0)))
        goto done;
    for (Py_ssize_t u = 0; u < n_units; u++, unit += n) {
        unsigned long in_unit = PyLong_AsUnsignedLong(PyList_GET_ITEM(placed, u));
        if (in_unit == (unsigned long)-1 && PyErr_Occurred())
            goto fail;
        if (in_unit == full)
            continue;
        unsigned long once = 0, twice = 0;
        for (Py_ssize_t k = 0; k < n; k++) {
            unsigned long m_k = m[unit[k]];
            twice |= once & m_k;
            once |= m_k;
        }
        unsigned long missing = full & ~(once | in_unit), single = once & ~twice;
        if (missing) {
            Py_DECREF(found);
            found = Py_BuildValue("nk[]", u, missing);
            goto done;
        }
        for (; single; single &= single - 1) {
            PyObject *where = PyLong_FromSsize_t(u);
            PyObject *bit = PyLong_FromUnsignedLong(single & -single);
            int bad = !where || !bit || PyList_Append(found, where) || PyList_Append(found, bit);
            Py_XDECREF(where);
            Py_XDECREF(bit);
            if (bad)
                goto fail;
        }
    }
    Py_SETREF(found, Py_BuildValue("inO", -1, (Py_ssize_t)0, found));
    goto done;
fail:
    Py_CLEAR(found);
done:
    PyBuffer_Release(&units);
    return found;
}

/* locked_hits(masks, packed): sudoku.subsets._locked_hits_py (the reference) in C. packed
 * holds each intersection of two units as [k, its k common cells, j, the j other cells of
 * the first unit, l, the l other cells of the second]; for each, in order, whose digits
 * held in the common cells and nowhere else in the first unit are still candidates of
 * the second unit's other cells: (its number, those digits). */
static PyObject *locked_hits(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *masks, *found = NULL;
    Py_buffer packed;
    if (!PyArg_ParseTuple(args, "O!y*:locked_hits", &PyList_Type, &masks, &packed))
        return NULL;
    const int *at = packed.buf, *end = at + packed.len / (Py_ssize_t)sizeof(int);
    Py_ssize_t cells = PyList_GET_SIZE(masks);
    unsigned long *mask = PyMem_Malloc(((size_t)cells + 1) * sizeof(unsigned long));
    if (!mask) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < cells; i++) { /* each read once, not once an intersection */
        mask[i] = PyLong_AsUnsignedLong(PyList_GET_ITEM(masks, i));
        if (mask[i] == (unsigned long)-1 && PyErr_Occurred())
            goto done;
    }
    if (!(found = PyList_New(0)))
        goto done;
    for (Py_ssize_t k = 0; at < end; k++) {
        unsigned long part[3] = {0, 0, 0}; /* the common cells, the first's, the second's */
        for (int p = 0; p < 3; p++) {
            int count = at < end ? *at++ : -1;
            if (count < 0 || count > end - at)
                goto bad;
            for (; count; count--, at++) {
                if (*at < 0 || *at >= cells)
                    goto bad;
                unsigned long m = mask[*at];
                part[p] |= p < 2 ? m : m & part[0] & ~part[1];
            }
        }
        unsigned long locked = part[0] & ~part[1];
        if (locked && part[2]) {
            if (!append_new(found, Py_BuildValue("nk", k, locked)))
                goto fail;
        }
    }
    goto done;
bad:
    PyErr_SetString(PyExc_ValueError, "packed intersections do not fit masks");
fail:
    Py_CLEAR(found);
done:
    PyMem_Free(mask);
    PyBuffer_Release(&packed);
    return found;
}

#include "_rater.h"
#include "_patterns.h"
#include "_finned_als.h"
#include "_walk_finds.h"
#include "_walk_unique.h"
#include "_walk_steps.h"
#include "_walk.h"

/* closed_sets(items, k): sudoku.fish_and_wings._closed_sets_py (the reference) in C: the
 * k-combinations of (key, mask) items, in itertools.combinations' order, whose masks have
 * k bits between them, as (keys, union) (closed_next in _rater.h). */
static PyObject *closed_sets(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *items, *found = NULL;
    int k;
    if (!PyArg_ParseTuple(args, "O!i:closed_sets", &PyList_Type, &items, &k))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(items);
    if (k < 1 || k > 8 || n > 64) {
        PyErr_SetString(PyExc_ValueError, "closed_sets takes k from 1 to 8 and 64 items");
        return NULL;
    }
    unsigned long mask[64], union_;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyList_GET_ITEM(items, i);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2) {
            PyErr_SetString(PyExc_TypeError, "closed_sets takes (key, mask) pairs");
            return NULL;
        }
        mask[i] = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(item, 1));
        if (mask[i] == (unsigned long)-1 && PyErr_Occurred())
            return NULL;
    }
    if (!(found = PyList_New(0)))
        return NULL;
    Closed walk;
    int chosen[8];
    closed_start(&walk, mask, (int)n, k);
    while (closed_next(&walk, chosen, &union_)) {
        PyObject *keys = PyTuple_New(k);
        for (int l = 0; keys && l < k; l++) {
            PyObject *key = PyTuple_GET_ITEM(PyList_GET_ITEM(items, chosen[l]), 0);
            PyTuple_SET_ITEM(keys, l, Py_NewRef(key));
        }
        if (!append_new(found, keys ? Py_BuildValue("Nk", keys, union_) : NULL)) {
            Py_CLEAR(found);
            return NULL;
        }
    }
    return found;
}


static PyMethodDef module_methods[] = {
    {"closed_sets", closed_sets, METH_VARARGS,
     "closed_sets(items, k): sudoku.fish_and_wings._closed_sets_py in C"},
    {"hidden_sets", hidden_sets, METH_VARARGS,
     "hidden_sets(masks, units, k): sudoku.subsets._hidden_sets_py in C"},
    {"locked_hits", locked_hits, METH_VARARGS,
     "locked_hits(masks, packed): sudoku.subsets._locked_hits_py in C"},
    {"unit_singles", unit_singles, METH_VARARGS,
     "unit_singles(masks, placed, units, full): sudoku.rate's scan for hidden singles"},
    {"direct_place", direct_place, METH_VARARGS,
     "direct_place(masks, units, patterns, pointing): sudoku.subsets._direct_place_py in C"},
    {"pencil_marks", pencil_marks, METH_VARARGS,
     "pencil_marks(cells, units, n_units): sudoku.rate.Candidates' pencil marks of the givens"},
    {"fish", fish, METH_VARARGS, "fish(masks, units, n, k): sudoku.fish_and_wings._fish_py in C"},
    {"finned_fish", finned_fish, METH_VARARGS,
     "finned_fish(masks, units, n): sudoku.fish_and_wings._finned_fish_py in C"},
    {"wing", wing, METH_VARARGS,
     "wing(masks, units, n, xyz): sudoku.fish_and_wings._xy_wing_py or _xyz_wing_py in C"},
    {"w_wing", w_wing, METH_VARARGS, "w_wing(masks, units, n): sudoku.fish_and_wings._w_wing_py in C"},
    {"als_xz", als_xz, METH_VARARGS, "als_xz(masks, units, n): sudoku.fish_and_wings._als_xz_py in C"},
    {"paired_rectangles", paired_rectangles, METH_VARARGS,
     "paired_rectangles(masks, rectangles): sudoku.uniqueness._pairs_of_py in C"},
    {"naked_set", naked_set, METH_VARARGS,
     "naked_set(masks, units, n, k): sudoku.subsets._naked_set_py in C"},
    {"walk_rounds", walk_rounds, METH_VARARGS,
     "walk_rounds(values, masks, placed, units, table, rated, orders, start): sudoku.rate's "
     "walk while the technique it takes is searched in C"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "sudoku._batch",
    .m_doc = "Sudoku lines solved in chunks in C (optional accelerator of sudoku.solve).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__batch(void)
{
    dlx = PyCapsule_Import(DLX_API_CAPSULE, 0);
    if (!dlx)
        return NULL;
    if (dlx->version != DLX_API_VERSION) {
        PyErr_Format(PyExc_ImportError, "dlx._search's C API is version %d, expected %d",
                     dlx->version, DLX_API_VERSION);
        return NULL;
    }
    bands_tables_init();
    memset(digit_of, -1, sizeof digit_of);
    for (int d = 1; d <= MAX_SIZE; d++) {
        digit_of[(unsigned char)SYMBOLS[d - 1]] = (signed char)d;
        if (d > 9)
            digit_of[(unsigned char)(SYMBOLS[d - 1] - 'A' + 'a')] = (signed char)d;
    }
    for (const char *blank = ".0_-"; *blank; blank++)
        digit_of[(unsigned char)*blank] = 0;
    if (PyType_Ready(&SolverType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyModule_AddObjectRef(m, "Solver", (PyObject *)&SolverType) < 0 ||
        PyModule_AddIntConstant(m, "NONE", NONE) < 0 ||
        PyModule_AddIntConstant(m, "UNIQUE", UNIQUE) < 0 ||
        PyModule_AddIntConstant(m, "SEVERAL", SEVERAL) < 0 ||
        PyModule_AddIntConstant(m, "PYTHON", PYTHON) < 0 ||
        PyModule_AddIntConstant(m, "SKIP", SKIP) < 0 ||
        PyModule_AddIntConstant(m, "STOPPED", STOPPED) < 0 ||
        PyModule_AddIntConstant(m, "STALL", MASKS_STALL) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
