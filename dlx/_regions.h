/* dlx._tile.fillable: the dead placements of dlx.tiling.grid, found in C (included by _tile.c).
 *
 * A board is the set bits of a little-endian row of bytes (dlx.tiling.grid's Grid.full), and
 * cells c and c +- step are neighbours for each given step (the spare cells of the grid keep
 * one step from joining two cells that are not neighbours). For each anchor of a shape (its
 * cell offsets from the anchor), the cells left by the shape placed there fall into regions
 * (joined by neighbours); the anchor is kept when each region's size is a set bit of `sums`.
 * A region is walked a cell at a time from a stack, its cells cleared as they are reached:
 * on 6x10 a placement's regions take about a quarter of a microsecond, where the Python
 * flood of ints takes two. */

#define REGION_STEPS 3 /* a row, a layer: up to 3 steps between neighbours */

/* The bytes of `obj` (a bytes object) in *bytes and *size; -1 with a TypeError if it is not. */
static int read_bytes(PyObject *obj, const char *what, const uint8_t **bytes, Py_ssize_t *size)
{
    if (!PyBytes_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "fillable(): %s must be bytes", what);
        return -1;
    }
    *bytes = (const uint8_t *)PyBytes_AS_STRING(obj);
    *size = PyBytes_GET_SIZE(obj);
    return 0;
}

DLX_ALWAYS_INLINE int bit_of(const uint8_t *bits, Py_ssize_t size, Py_ssize_t c)
{
    return c >= 0 && c < 8 * size && (bits[c >> 3] >> (c & 7) & 1);
}

/* 1 when each region of the cells `rest` (n bytes, cleared as it goes) has a size that is a
 * bit of sums; `stack` has room for every cell. */
static int regions_fill(uint8_t *rest, Py_ssize_t n, const int *steps, int n_steps,
                        const uint8_t *sums, Py_ssize_t n_sums, Py_ssize_t *stack)
{
    for (Py_ssize_t byte = 0; byte < n; byte++) {
        while (rest[byte]) {
            Py_ssize_t top = 0, size = 0;
            stack[top++] = byte * 8 + dlx_ctz64(rest[byte]);
            rest[byte] &= (uint8_t)(rest[byte] - 1);
            while (top) {
                Py_ssize_t c = stack[--top];
                size++;
                for (int k = 0; k < 2 * n_steps; k++) {
                    Py_ssize_t d = c + (k & 1 ? -steps[k >> 1] : steps[k >> 1]);
                    if (bit_of(rest, n, d)) {
                        rest[d >> 3] &= (uint8_t) ~(1u << (d & 7));
                        stack[top++] = d;
                    }
                }
            }
            if (!bit_of(sums, n_sums, size))
                return 0;
        }
    }
    return 1;
}

PyDoc_STRVAR(fillable_doc,
             "fillable(full, anchors, shape, steps, sums, /) -> bytes\n\n"
             "The anchors (bits of little-endian bytes, as long as full) where the shape\n"
             "(offsets >= 0 from its anchor, each anchor's cells all in full) leaves the\n"
             "cells of full in regions whose sizes are bits of sums; cells c and c +- s\n"
             "are neighbours for each s of steps (at most 3, each >= 1).");

static PyObject *fillable_py(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    const uint8_t *full, *anchors, *sums;
    Py_ssize_t n, n_anchors, n_sums, n_shape = 0;
    int steps[REGION_STEPS], n_steps = 0, offsets[64];
    PyObject *shape = NULL, *step_list = NULL, *result = NULL;
    uint8_t *rest = NULL;
    Py_ssize_t *stack = NULL;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "fillable() takes 5 arguments (see its doc)");
        return NULL;
    }
    if (read_bytes(args[0], "full", &full, &n) < 0 ||
        read_bytes(args[1], "anchors", &anchors, &n_anchors) < 0 ||
        read_bytes(args[4], "sums", &sums, &n_sums) < 0)
        return NULL;
    if (n_anchors != n || n > INT_MAX / 8) {
        PyErr_SetString(PyExc_ValueError, "fillable(): anchors and full differ in length");
        return NULL;
    }
    if (!(shape = PySequence_Fast(args[2], "fillable(): shape must be a sequence")) ||
        !(step_list = PySequence_Fast(args[3], "fillable(): steps must be a sequence")))
        goto done;
    n_shape = PySequence_Fast_GET_SIZE(shape);
    if (n_shape > 64 || PySequence_Fast_GET_SIZE(step_list) > REGION_STEPS) {
        PyErr_SetString(PyExc_ValueError, "fillable(): at most 64 cells and 3 steps");
        goto done;
    }
    for (Py_ssize_t k = 0; k < n_shape; k++)
        if (read_int(PySequence_Fast_GET_ITEM(shape, k), 0, INT_MAX / 2, "shape offset", k,
                     &offsets[k]) < 0)
            goto done;
    n_steps = (int)PySequence_Fast_GET_SIZE(step_list);
    for (int k = 0; k < n_steps; k++)
        if (read_int(PySequence_Fast_GET_ITEM(step_list, k), 1, INT_MAX / 2, "step", k,
                     &steps[k]) < 0)
            goto done;
    rest = PyMem_Malloc(n ? (size_t)n : 1);
    stack = PyMem_Malloc((8 * (size_t)n + 1) * sizeof(Py_ssize_t));
    if (!rest || !stack || !(result = PyBytes_FromStringAndSize(NULL, n))) {
        PyErr_NoMemory();
        goto done;
    }
    uint8_t *kept = (uint8_t *)PyBytes_AS_STRING(result);
    memset(kept, 0, (size_t)n);
    for (Py_ssize_t a = 0; a < 8 * n; a++) {
        if (!bit_of(anchors, n, a))
            continue;
        int on_board = 1;
        memcpy(rest, full, (size_t)n);
        for (Py_ssize_t k = 0; k < n_shape; k++) {
            Py_ssize_t c = a + offsets[k];
            on_board &= bit_of(rest, n, c);
            if (c < 8 * n)
                rest[c >> 3] &= (uint8_t) ~(1u << (c & 7));
        }
        if (!on_board) {
            Py_CLEAR(result);
            PyErr_Format(PyExc_ValueError, "fillable(): the shape at anchor %zd is off the board",
                         a);
            goto done;
        }
        if (regions_fill(rest, n, steps, n_steps, sums, n_sums, stack))
            kept[a >> 3] |= (uint8_t)(1u << (a & 7));
    }
done:
    Py_XDECREF(shape);
    Py_XDECREF(step_list);
    PyMem_Free(rest);
    PyMem_Free(stack);
    return result;
}
