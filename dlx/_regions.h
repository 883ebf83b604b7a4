/* dlx._tile.fillable: the dead placements of dlx.tiling.grid, found in C (included by _tile.c).
 *
 * A board is the set bits of a little-endian row of bytes (dlx.tiling.grid's Grid.full), and
 * cells c and c +- step are neighbours for each given step (the spare cells of the grid keep
 * one step from joining two cells that are not neighbours). For each anchor of a shape (its
 * cell offsets from the anchor), the cells left by the shape placed there fall into regions
 * (joined by neighbours); the anchor is kept when each region's size is a set bit of `sums`.
 * The board is copied to 64-bit words, and a region is flooded there as dlx.tiling.grid does
 * it with ints: on 6x10 the placements of the pentominoes in 0.4 ms where the Python flood
 * takes 4, and a cell at a time from a stack 1. */

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

/* to |= from shifted by s cells up (s > 0) or down (s < 0), both of w words. */
static void or_shifted(uint64_t *to, const uint64_t *from, Py_ssize_t w, Py_ssize_t s)
{
    Py_ssize_t q = (s < 0 ? -s : s) >> 6;
    int b = (int)((s < 0 ? -s : s) & 63);
    for (Py_ssize_t i = 0; i < w; i++) {
        Py_ssize_t j = s > 0 ? i - q : i + q; /* the word that lands on i, unshifted within */
        uint64_t near = j >= 0 && j < w ? from[j] : 0, far = 0;
        if (b) {
            Py_ssize_t k = s > 0 ? j - 1 : j + 1; /* the word whose spill lands on i too */
            far = k >= 0 && k < w ? from[k] : 0;
            to[i] |= s > 0 ? near << b | far >> (64 - b) : near >> b | far << (64 - b);
        } else {
            to[i] |= near;
        }
    }
}

/* 1 when each region of the cells `rest` (w words, emptied as it goes) has a size that is a
 * bit of sums; region and grown have room for w words. A region grows a step at a time,
 * and up along a run of cells at once: adding the region to rest carries through each run
 * from its cells on (as dlx.tiling.grid's flood of ints does). */
static int regions_fill(uint64_t *rest, Py_ssize_t w, const int *steps, int n_steps,
                        const uint8_t *sums, Py_ssize_t n_sums, uint64_t *region, uint64_t *grown)
{
    for (Py_ssize_t first = 0; first < w;) {
        if (!rest[first]) {
            first++;
            continue;
        }
        memset(region, 0, (size_t)w * sizeof(uint64_t));
        region[first] = rest[first] & (0 - rest[first]);
        for (int changed = 1; changed;) {
            memcpy(grown, region, (size_t)w * sizeof(uint64_t));
            for (int k = 0; k < n_steps; k++) {
                or_shifted(grown, region, w, steps[k]);
                or_shifted(grown, region, w, -steps[k]);
            }
            uint64_t carry = 0;
            changed = 0;
            for (Py_ssize_t i = 0; i < w; i++) {
                uint64_t g = grown[i] & rest[i], sum = rest[i] + g, total = sum + carry;
                carry = (sum < rest[i]) | (total < sum);
                g |= (total ^ rest[i]) & rest[i];
                changed |= g != region[i];
                region[i] = g;
            }
        }
        Py_ssize_t size = 0;
        for (Py_ssize_t i = 0; i < w; i++) {
            size += dlx_popcount64(region[i]);
            rest[i] &= ~region[i];
        }
        if (!bit_of(sums, n_sums, size))
            return 0;
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
    uint64_t *words = NULL;
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
    Py_ssize_t w = (n + 7) / 8; /* words */
    words = PyMem_Calloc(4 * (size_t)w + 1, sizeof(uint64_t)); /* board, rest, region, grown */
    if (!words || !(result = PyBytes_FromStringAndSize(NULL, n))) {
        PyErr_NoMemory();
        goto done;
    }
    uint8_t *kept = (uint8_t *)PyBytes_AS_STRING(result);
    uint64_t *board = words, *rest = words + w;
    memset(kept, 0, (size_t)n);
    for (Py_ssize_t byte = 0; byte < n; byte++)
        board[byte >> 3] |= (uint64_t)full[byte] << (8 * (byte & 7));
    for (Py_ssize_t a = 0; a < 8 * n; a++) {
        if (!bit_of(anchors, n, a))
            continue;
        int on_board = 1;
        memcpy(rest, board, (size_t)w * sizeof(uint64_t));
        for (Py_ssize_t k = 0; k < n_shape; k++) {
            Py_ssize_t c = a + offsets[k];
            on_board &= bit_of(full, n, c);
            if (c < 8 * n)
                rest[c >> 6] &= ~(1ULL << (c & 63));
        }
        if (!on_board) {
            Py_CLEAR(result);
            PyErr_Format(PyExc_ValueError, "fillable(): the shape at anchor %zd is off the board",
                         a);
            goto done;
        }
        if (regions_fill(rest, w, steps, n_steps, sums, n_sums, rest + w, rest + 2 * w))
            kept[a >> 3] |= (uint8_t)(1u << (a & 7));
    }
done:
    Py_XDECREF(shape);
    Py_XDECREF(step_list);
    PyMem_Free(words);
    return result;
}
