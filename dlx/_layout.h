/* Layout(links), for dlx/_search.c: a dlx.problem.Links read into C arrays, every number
 * checked (ValueError otherwise), and laid out as Knuth's dancing links (nodes packed four
 * ints a node) with its item lists, once per problem; every Loop copies them.
 */

/* ---- checking and copying the arrays --------------------------------------------------- */

/* obj.<name> by an interned name, which CPython's attribute caches may keep at no cost. */
static PyObject *get_attr(PyObject *obj, const char *name)
{
    PyObject *key = PyUnicode_InternFromString(name);
    if (!key)
        return NULL;
    PyObject *value = PyObject_GetAttr(obj, key);
    Py_DECREF(key);
    return value;
}

/* What read_ints does for an object with the buffer protocol: a one-dimensional buffer of C
 * ints (array("i")), copied and checked. */
static int *read_int_buffer(PyObject *obj, const char *name, Py_ssize_t want, long lo,
                            long hi, Py_ssize_t *got)
{
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    int *out = NULL;
    Py_ssize_t n = view.len / (Py_ssize_t)sizeof(int);
    if (view.itemsize != sizeof(int) || !view.format || strcmp(view.format, "i") != 0)
        PyErr_Format(PyExc_ValueError, "Links.%s is a buffer of '%s', not of C ints ('i')",
                     name, view.format ? view.format : "B");
    else if (want >= 0 && n != want)
        PyErr_Format(PyExc_ValueError, "Links.%s has %zd entries, expected %zd", name, n, want);
    else if (n > INT_MAX - 2)
        PyErr_Format(PyExc_ValueError, "Links.%s is too long", name);
    else if (!(out = PyMem_Malloc(n ? (size_t)n * sizeof(int) : 1)))
        PyErr_NoMemory();
    else {
        memcpy(out, view.buf, (size_t)n * sizeof(int));
        for (Py_ssize_t k = 0; k < n; k++)
            if (out[k] < lo || out[k] > hi) {
                PyErr_Format(PyExc_ValueError, "Links.%s[%zd] is %d, not an int in %ld..%ld",
                             name, k, out[k], lo, hi);
                PyMem_Free(out);
                out = NULL;
                break;
            }
        if (out && got)
            *got = n;
    }
    PyBuffer_Release(&view);
    return out;
}

/* links.<name> as a new C array of exactly `want` ints in lo..hi (want < 0: any length,
 * stored in *got): a list or tuple of ints, or a buffer of C ints. */
static int *read_ints(PyObject *links, const char *name, Py_ssize_t want, long lo, long hi,
                      Py_ssize_t *got)
{
    PyObject *obj = get_attr(links, name);
    if (!obj)
        return NULL;
    if (PyObject_CheckBuffer(obj)) { /* array("i"): copied at once, then checked */
        int *out = read_int_buffer(obj, name, want, lo, hi, got);
        Py_DECREF(obj);
        return out;
    }
    if (!PyList_Check(obj) && !PyTuple_Check(obj)) {
        PyErr_Format(PyExc_ValueError, "Links.%s is %R, not a list of ints", name, obj);
        Py_DECREF(obj);
        return NULL;
    }
    PyObject *seq = PySequence_Fast(obj, "");
    Py_DECREF(obj);
    if (!seq)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int *out = NULL;
    if (want >= 0 && n != want) {
        PyErr_Format(PyExc_ValueError, "Links.%s has %zd entries, expected %zd", name, n, want);
        goto done;
    }
    if (n > INT_MAX - 2) {
        PyErr_Format(PyExc_ValueError, "Links.%s is too long", name);
        goto done;
    }
    out = PyMem_Calloc(n ? (size_t)n : 1, sizeof(int));
    if (!out) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *v = PySequence_Fast_GET_ITEM(seq, k);
        long x = PyLong_Check(v) ? PyLong_AsLong(v) : -1;
        if (!PyLong_Check(v) || (x == -1 && PyErr_Occurred()) || x < lo || x > hi) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "Links.%s[%zd] is %R, not an int in %ld..%ld",
                         name, k, v, lo, hi);
            PyMem_Free(out);
            out = NULL;
            goto done;
        }
        out[k] = (int)x;
    }
    if (got)
        *got = n;
done:
    Py_DECREF(seq);
    return out;
}

static int read_int(PyObject *links, const char *name, long lo, long hi, int *out)
{
    PyObject *obj = get_attr(links, name);
    if (!obj)
        return -1;
    long x = PyLong_Check(obj) ? PyLong_AsLong(obj) : -1;
    if (!PyLong_Check(obj) || (x == -1 && PyErr_Occurred()) || x < lo || x > hi) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "Links.%s is %R, not an int in %ld..%ld", name, obj, lo,
                     hi);
        Py_DECREF(obj);
        return -1;
    }
    Py_DECREF(obj);
    *out = (int)x;
    return 0;
}

/* The largest bound the C loop takes: its arithmetic on bounds cannot overflow. */
#define MAX_BOUND (1LL << 62)

/* links.bounds, a (u, v) pair per primary item after an unused [0], with 0 <= u <= v and
 * 1 <= v <= MAX_BOUND: into self->bounds, or left NULL when every pair is (1, 1). */
static int read_bounds(Layout *self, PyObject *links)
{
    PyObject *obj = get_attr(links, "bounds");
    if (!obj)
        return -1;
    PyObject *seq = PySequence_Fast(obj, "Links.bounds must be a list of (u, v) pairs");
    Py_DECREF(obj);
    if (!seq)
        return -1;
    int n1 = self->n_primary, status = 0;
    PyMem_Free(self->bounds); /* a second __init__ after a failed one */
    self->bounds = NULL;
    if (PySequence_Fast_GET_SIZE(seq) != (Py_ssize_t)n1 + 1) {
        PyErr_Format(PyExc_ValueError, "Links.bounds has %zd entries, expected %d",
                     PySequence_Fast_GET_SIZE(seq), n1 + 1);
        status = -1;
    } else if (!(self->bounds = PyMem_Calloc(2 * ((size_t)n1 + 1), sizeof(long long)))) {
        PyErr_NoMemory();
        status = -1;
    }
    int exact = 1; /* every pair (1, 1) */
    for (int i = 1; status == 0 && i <= n1; i++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(seq, i);
        long long uv[2] = {-1, -1};
        int ok = PyTuple_Check(pair) && PyTuple_GET_SIZE(pair) == 2;
        for (int k = 0; ok && k < 2; k++) {
            PyObject *x = PyTuple_GET_ITEM(pair, k);
            uv[k] = PyLong_Check(x) ? PyLong_AsLongLong(x) : -1;
        }
        if (!ok || uv[0] < 0 || uv[1] < 1 || uv[0] > uv[1] || uv[1] > MAX_BOUND) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError,
                         "Links.bounds[%d] is %R, not (u, v) with 0 <= u <= v, 1 <= v <= 2**62",
                         i, pair);
            status = -1;
        }
        self->bounds[2 * i] = uv[0];
        self->bounds[2 * i + 1] = uv[1];
        exact &= uv[0] == 1 && uv[1] == 1;
    }
    Py_DECREF(seq);
    if (status < 0 || exact) {
        PyMem_Free(self->bounds);
        self->bounds = NULL;
    }
    return status;
}

static int invalid(const char *what, long where)
{
    PyErr_Format(PyExc_ValueError, "malformed Links: %s (at %ld)", what, where);
    return -1;
}

/* ---- the type ----------------------------------------------------------------------- */

/* Knuth's two circular lists of items: 0, 1..n1 (primary) and n + 1, n1 + 1..n (secondary). */
static void link_items(int *llink, int *rlink, int n, int n1)
{
    for (int i = 1; i <= n; i++) {
        llink[i] = i - 1;
        rlink[i] = i + 1;
    }
    llink[0] = n1;
    rlink[0] = n1 ? 1 : 0;
    if (n1)
        rlink[n1] = 0;
    llink[n + 1] = n > n1 ? n : n + 1;
    rlink[n + 1] = n > n1 ? n1 + 1 : n + 1;
    if (n > n1) {
        llink[n1 + 1] = n + 1;
        rlink[n] = n + 1;
    }
}

/* The nodes of Knuth's layout (DLX1/DLX2) from the options' item numbers, as
 * dlx.problem._lay_out makes its lists: headers 0..n, then each option's nodes followed by a
 * spacer (top -(k + 1), up the option's first node, the spacer before it down its last).
 * nodes[] holds items in 1..n and colors[] numbers >= 0, both checked; -1 with ValueError if
 * an option names an item twice or colors a primary item. */
static int lay_out(Layout *self, const int *nodes, const int *starts, const int *colors)
{
    int n = self->n_items, n1 = self->n_primary, *len = self->items + 2 * (n + 2);
    Node *nd = self->nd;
    for (int x = 0; x <= n; x++)
        nd[x] = (Node){x, x, x, 0};
    nd[n + 1] = (Node){0, 0, 0, 0};
    int spacer = n + 1, x = n + 2;
    for (int k = 0; k < self->n_options; k++) {
        self->first[k] = x;
        for (int e = starts[k]; e < starts[k + 1]; e++, x++) {
            int i = nodes[e], c = colors ? colors[e] : 0;
            if (nd[i].color == -(k + 1)) /* a header's color marks the option it was met in */
                return invalid("an option names an item twice", k);
            if (c && i <= n1)
                return invalid("a primary item has a color", k);
            nd[i].color = -(k + 1);
            nd[x] = (Node){i, nd[i].up, i, c};
            nd[nd[i].up].down = x;
            nd[i].up = x;
            len[i]++;
            self->has_colors |= c != 0;
        }
        nd[spacer].down = x - 1;
        spacer = x++;
        nd[spacer] = (Node){-(k + 1), self->first[k], 0, 0};
    }
    for (int i = 0; i <= n; i++)
        nd[i].color = 0;
    return 0;
}

static int Layout_init(Layout *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"links", NULL};
    PyObject *links;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O:Layout", kwlist, &links))
        return -1;
    if (self->nd) {
        PyErr_SetString(PyExc_RuntimeError, "Layout is already initialized");
        return -1;
    }
    if (read_int(links, "n_items", 0, INT_MAX / 4, &self->n_items) < 0 ||
        read_int(links, "n_primary", 0, self->n_items, &self->n_primary) < 0)
        return -1;
    int n = self->n_items, status = -1, *nodes = NULL, *starts = NULL, *colors = NULL;
    Py_ssize_t E, S;
    PyObject *has = get_attr(links, "colors");
    if (!has)
        return -1;
    int colored = has != Py_None;
    Py_DECREF(has);
    if (!(nodes = read_ints(links, "nodes", -1, 1, n, &E)) ||
        !(starts = read_ints(links, "starts", -1, 0, (long)E, &S)) ||
        (colored && !(colors = read_ints(links, "colors", E, 0, INT_MAX, NULL))) ||
        read_bounds(self, links) < 0)
        goto done;
    if (S < 1 || starts[0] != 0 || starts[S - 1] != E) {
        invalid("the starts do not run from 0 to the number of entries", (long)S);
        goto done;
    }
    for (Py_ssize_t k = 0; k + 1 < S; k++)
        if (starts[k] >= starts[k + 1]) {
            invalid("an option has no items (its start is not below the next)", (long)k);
            goto done;
        }
    long long N = (long long)n + 2 + E + (S - 1);
    if (N > INT_MAX) {
        PyErr_SetString(PyExc_ValueError, "the problem has more nodes than a C int counts");
        goto done;
    }
    self->n_nodes = (int)N;
    self->n_options = (int)(S - 1);
    self->nd = PyMem_Calloc((size_t)N, sizeof(Node));
    self->first = PyMem_Calloc((size_t)self->n_options + 1, sizeof(int));
    self->items = PyMem_Calloc(3 * ((size_t)n + 2), sizeof(int));
    if (!self->nd || !self->first || !self->items) {
        PyErr_NoMemory();
        goto done;
    }
    link_items(self->items, self->items + n + 2, n, self->n_primary);
    if (lay_out(self, nodes, starts, colors) < 0)
        goto done;
    self->bits_fit = !self->bounds &&
                     self->n_options <= BITS_MAX_OPTIONS && self->n_primary <= BITS_MAX_PRIMARY;
    status = 0;
done:
    PyMem_Free(nodes);
    PyMem_Free(starts);
    PyMem_Free(colors);
    if (status < 0) { /* a later __init__ may try again */
        PyMem_Free(self->nd);
        PyMem_Free(self->first);
        PyMem_Free(self->items);
        self->nd = NULL;
        self->first = NULL;
        self->items = NULL;
    }
    return status;
}

static void Layout_dealloc(Layout *self)
{
    PyMem_Free(self->nd);
    PyMem_Free(self->first);
    PyMem_Free(self->items);
    PyMem_Free(self->bounds);
    masks_free(self->masks);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Layout_get_bits_fit(Layout *self, void *Py_UNUSED(closure))
{
    return PyBool_FromLong(self->bits_fit);
}

static PyGetSetDef Layout_getset[] = {
    {"bits_fit", (getter)Layout_get_bits_fit, NULL,
     "whether a Loop may run on option bitsets (no bounds, few enough options and primary "
     "items)",
     NULL},
    {NULL},
};

PyDoc_STRVAR(Layout_doc,
             "Layout(links)\n\n"
             "A checked C copy of a dlx.problem.Links (ValueError if it is malformed),\n"
             "made once per problem and shared by every Loop over it.");

static PyTypeObject LayoutType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dlx._search.Layout",
    .tp_basicsize = sizeof(Layout),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = Layout_doc,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Layout_init,
    .tp_dealloc = (destructor)Layout_dealloc,
    .tp_getset = Layout_getset,
};

