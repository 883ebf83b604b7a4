/* sudoku._chains: the implications of the rater's chains in C (sudoku.chains, issue 25).
 *
 * closure() is sudoku.chains._Chainer.closure, the reference, step for step: the same
 * potentials reached in the same order, with the same parents, the same contradiction, the
 * same implications counted against the same budget, so that every chain, step and rating
 * is the one the Python search finds. Only the search is here; what the chains conclude
 * from the closures stays in Python.
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
    int potentials;               /* 2 * cells * n */
    PyObject **ints, **singles;   /* each potential p as an int and as (p,), made once */
} Links;

static void links_free(PyObject *capsule)
{
    Links *links = PyCapsule_GetPointer(capsule, CAPSULE);
    if (!links)
        return;
    for (int p = 0; links->ints && p < links->potentials; p++) {
        Py_XDECREF(links->ints[p]);
        Py_XDECREF(links->singles[p]);
    }
    PyMem_Free(links->ints);
    PyMem_Free(links->unit_start);
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
    /* row starts (n_units + 1 + 2 * (cells + 1)) and at most len items */
    Py_ssize_t starts = packed[2] + 2 * (Py_ssize_t)packed[1] + 3;
    block = PyMem_Malloc((size_t)(starts + len) * sizeof(int));
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
    PyBuffer_Release(&buffer);
    PyObject *capsule = PyCapsule_New(l, CAPSULE, links_free);
    if (!capsule) {
        PyMem_Free(block);
        PyMem_Free(l);
        return NULL;
    }
    l->potentials = 2 * l->cells * l->n;
    l->ints = PyMem_Calloc(2 * (size_t)l->potentials, sizeof(PyObject *));
    if (!l->ints) {
        Py_DECREF(capsule);
        return PyErr_NoMemory();
    }
    l->singles = l->ints + l->potentials;
    for (int p = 0; p < l->potentials; p++)
        if (!(l->ints[p] = PyLong_FromLong(p)) || !(l->singles[p] = PyTuple_Pack(1, l->ints[p]))) {
            Py_DECREF(capsule);
            return NULL;
        }
    return capsule;
fail:
    PyMem_Free(block);
    PyMem_Free(l);
    PyBuffer_Release(&buffer);
    return NULL;
}

typedef struct {
    const Links *l;
    PyObject *parents; /* potential -> the potentials it follows from */
    char *seen;        /* the potentials in parents */
    int *depth;        /* links from a start, when reach is given */
    int *ons, *offs;   /* the queues (one, ons, when the search does not stop) */
    int on_head, on_tail, off_head, off_tail;
} Search;

/* parents[q] = why (a new reference, taken), 0 with an exception set on failure */
static int add(Search *s, int q, PyObject *why)
{
    int bad = !why || PyDict_SetItem(s->parents, s->l->ints[q], why) < 0;
    Py_XDECREF(why);
    s->seen[q] = 1;
    return !bad;
}

/* why: (p, then the potentials of hidden), a new reference */
static PyObject *because(const Links *l, int p, const int *hidden, int n_hidden)
{
    if (!n_hidden)
        return Py_NewRef(l->singles[p]);
    PyObject *why = PyTuple_New(1 + n_hidden);
    if (!why)
        return NULL;
    for (int k = 0; k <= n_hidden; k++)
        PyTuple_SET_ITEM(why, k, Py_NewRef(l->ints[k ? hidden[k - 1] : p]));
    return why;
}

enum { GO_ON = 0, CONFLICT = 1, FAILED = -1 };

/* q implied by p (why its parents): the reference's loop over ``implied``, one at a time */
static int imply(Search *s, int q, int p, const int *hidden, int n_hidden, int reach,
                 int stop, int *conflict)
{
    if (s->seen[q])
        return GO_ON;
    if (!add(s, q, because(s->l, p, hidden, n_hidden)))
        return FAILED;
    if (reach >= 0)
        s->depth[q] = s->depth[p] + 1;
    if (s->seen[q ^ 1] && conflict[0] < 0) {
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

/* closure(links, masks, starts, y, dynamic, stop, reach, budget): see the reference. masks
 * is the board's candidates, a uint32 a cell; reach None or an int; budget the implications
 * left. Returns (parents or None when the budget ran out, conflict (on, off) or None, the
 * budget left). */
static PyObject *closure(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *capsule, *starts, *reach_arg, *result = NULL;
    Py_buffer masks;
    int y, dynamic, stop;
    long long budget;
    if (!PyArg_ParseTuple(args, "Oy*O!pppOL:closure", &capsule, &masks, &PyTuple_Type, &starts,
                          &y, &dynamic, &stop, &reach_arg, &budget))
        return NULL;
    Links *l = PyCapsule_GetPointer(capsule, CAPSULE);
    Search s = {l};
    char *block = NULL;
    long reach = -1;
    if (!l)
        goto done;
    if (masks.len != (Py_ssize_t)(l->cells * sizeof(uint32_t))) {
        PyErr_SetString(PyExc_ValueError, "closure: masks must hold a uint32 a cell");
        goto done;
    }
    if (reach_arg != Py_None) {
        reach = PyLong_AsLong(reach_arg);
        if (reach == -1 && PyErr_Occurred())
            goto done;
        if (reach < 0) /* nothing past the starts is followed */
            reach = -2;
        if (reach > INT_MAX - 1)
            reach = INT_MAX - 1;
    }
    const int n = l->n, total = 2 * l->cells * n;
    const uint32_t *source = masks.buf;
    size_t ints = (size_t)total * 3;
    block = PyMem_Calloc(1, ints * sizeof(int) + (size_t)l->cells * sizeof(uint32_t) +
                                (size_t)total);
    s.parents = PyDict_New();
    if (!block || !s.parents) {
        if (!block)
            PyErr_NoMemory();
        goto done;
    }
    s.depth = (int *)block;
    s.ons = s.depth + total;
    s.offs = s.ons + total;
    uint32_t *work = (uint32_t *)(s.offs + total);
    s.seen = (char *)(work + l->cells);
    memcpy(work, source, (size_t)l->cells * sizeof(uint32_t));
    int conflict[2] = {-1, -1}, hidden[MAX_N * MAX_N];
    Py_ssize_t n_starts = PyTuple_GET_SIZE(starts);
    for (int pass = 0; pass < 2; pass++) /* dict.fromkeys(starts, ()), then the queues */
        for (Py_ssize_t k = 0; k < n_starts; k++) {
            long p = PyLong_AsLong(PyTuple_GET_ITEM(starts, k));
            if (p < 0 || p >= total) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_IndexError, "closure: a start outside the board");
                goto done;
            }
            if (pass == 0) {
                if (!s.seen[p] && !add(&s, (int)p, PyTuple_New(0)))
                    goto done;
            } else if (p & 1 || !stop)
                s.ons[s.on_tail++] = (int)p;
            else
                s.offs[s.off_tail++] = (int)p;
        }
    int how = GO_ON;
    while (how == GO_ON && (s.on_head < s.on_tail || s.off_head < s.off_tail)) {
        if (--budget < 0)
            break;
        int p = s.on_head < s.on_tail ? s.ons[s.on_head++] : s.offs[s.off_head++];
        if (reach != -1 && s.depth[p] > reach)
            continue;
        int i = (p >> 1) / n, d = (p >> 1) % n;
        uint32_t bit = (uint32_t)1 << d;
        if (p & 1) {
            if (y)
                for (uint32_t m = work[i] & ~bit; m && how == GO_ON; m &= m - 1)
                    how = imply(&s, (i * n + dlx_ctz64(m)) << 1, p, NULL, 0, (int)reach, stop,
                                conflict);
            for (int k = l->peer_start[i]; k < l->peer_start[i + 1] && how == GO_ON; k++) {
                int j = l->peers[k];
                if (work[j] & bit)
                    how = imply(&s, (j * n + d) << 1, p, NULL, 0, (int)reach, stop, conflict);
            }
        } else {
            uint32_t m = work[i];
            if (y && m & bit && dlx_popcount32(m) == 2) {
                int n_hidden = 0;
                for (uint32_t gone = source[i] & ~m; gone; gone &= gone - 1)
                    hidden[n_hidden++] = (i * n + dlx_ctz64(gone)) << 1;
                how = imply(&s, ((i * n + dlx_ctz64(m & ~bit)) << 1) | 1, p, hidden, n_hidden,
                            (int)reach, stop, conflict);
            }
            for (int k = l->cu_start[i]; k < l->cu_start[i + 1] && how == GO_ON; k++) {
                int u = l->cell_units[k], place = -1, places = 0, n_hidden = 0;
                for (int c = l->unit_start[u]; c < l->unit_start[u + 1]; c++) {
                    int j = l->unit_cells[c];
                    if (j == i || !(source[j] & bit))
                        continue;
                    if (work[j] & bit)
                        place = j, places++;
                    else
                        hidden[n_hidden++] = (j * n + d) << 1; /* struck by this closure */
                }
                if (places == 1)
                    how = imply(&s, ((place * n + d) << 1) | 1, p, hidden, n_hidden, (int)reach,
                                stop, conflict);
            }
            if (dynamic)
                work[i] &= ~bit;
        }
    }
    if (how == FAILED)
        goto done;
    if (budget < 0)
        result = Py_BuildValue("OOL", Py_None, Py_None, budget);
    else if (conflict[0] >= 0)
        result = Py_BuildValue("O(ii)L", s.parents, conflict[0], conflict[1], budget);
    else
        result = Py_BuildValue("OOL", s.parents, Py_None, budget);
done:
    Py_XDECREF(s.parents);
    PyMem_Free(block);
    PyBuffer_Release(&masks);
    return result;
}

/* ancestors(parents, targets): sudoku.chains._ancestors, the reference: the set of targets
 * and every potential they follow from in parents (a dict of tuples), transitively. */
static PyObject *ancestors(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *parents, *targets, *seen = NULL, *stack = NULL;
    if (!PyArg_ParseTuple(args, "O!O:ancestors", &PyDict_Type, &parents, &targets))
        return NULL;
    if (!(seen = PySet_New(targets)) || !(stack = PySequence_List(seen)))
        goto fail;
    while (PyList_GET_SIZE(stack)) {
        Py_ssize_t top = PyList_GET_SIZE(stack) - 1;
        PyObject *why = PyDict_GetItemWithError(parents, PyList_GET_ITEM(stack, top));
        if (PyList_SetSlice(stack, top, top + 1, NULL) < 0)
            goto fail;
        if (!why || !PyTuple_Check(why)) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_KeyError, "ancestors: a potential without parents");
            goto fail;
        }
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(why); k++) {
            PyObject *q = PyTuple_GET_ITEM(why, k);
            int known = PySet_Contains(seen, q);
            if (known < 0 || (!known && (PySet_Add(seen, q) < 0 || PyList_Append(stack, q) < 0)))
                goto fail;
        }
    }
    Py_DECREF(stack);
    return seen;
fail:
    Py_XDECREF(stack);
    Py_XDECREF(seen);
    return NULL;
}

static PyMethodDef methods[] = {
    {"ancestors", ancestors, METH_VARARGS,
     "ancestors(parents, targets): the targets and all they follow from"},
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
