/* number_options: the common case of dlx.Problem's one pass over the user's options, in C.
 *
 * Each option is a tuple of item names; `number` maps each declared item to its number. An
 * option is numbered here when every entry is a key of `number` and no number repeats;
 * anything else (an unknown or unhashable entry, an "item:color" string, a repeat) stops the
 * pass there, and dlx.problem numbers that option itself, saying what is wrong, then calls
 * again from the next one. Included by _search.c. */

#define NUMBER_MAX_ROW 64 /* longer options go to the Python pass (a set finds repeats) */

/* Whether the k numbers of row repeat one (k <= NUMBER_MAX_ROW: pairs are quick). */
static int repeats(const int *row, Py_ssize_t k)
{
    for (Py_ssize_t a = 1; a < k; a++)
        for (Py_ssize_t b = 0; b < a; b++)
            if (row[a] == row[b])
                return 1;
    return 0;
}



static PyObject *number_options_py(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *options, *number;
    Py_ssize_t begin, base;
    if (!PyArg_ParseTuple(args, "O!O!nn:number_options", &PyList_Type, &options, &PyDict_Type,
                          &number, &begin, &base))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(options), k = begin < 0 ? 0 : begin, used = 0, cap = 1024;
    Py_ssize_t ends = 0, end_cap = 256;
    int *nodes = PyMem_Malloc((size_t)cap * sizeof(int));
    int *starts = PyMem_Malloc((size_t)end_cap * sizeof(int));
    PyObject *result = NULL;
    if (!nodes || !starts) {
        PyErr_NoMemory();
        goto done;
    }
    for (; k < n; k++) {
        PyObject *option = PyList_GET_ITEM(options, k);
        if (!PyTuple_Check(option))
            break;
        Py_ssize_t size = PyTuple_GET_SIZE(option);
        if (size < 1 || size > NUMBER_MAX_ROW || base + used + size > INT_MAX)
            break;
        if (used + size > cap) {
            cap = 2 * (used + size);
            int *more = PyMem_Realloc(nodes, (size_t)cap * sizeof(int));
            if (!more) {
                PyErr_NoMemory();
                goto done;
            }
            nodes = more;
        }
        Py_ssize_t e = 0;
        for (; e < size; e++) {
            PyObject *value = PyDict_GetItemWithError(number, PyTuple_GET_ITEM(option, e));
            long x = value && PyLong_Check(value) ? PyLong_AsLong(value) : 0;
            if (!value || x == 0 || x < INT_MIN || x > INT_MAX) {
                PyErr_Clear(); /* unhashable, or anything else: the Python pass says it */
                break;
            }
            nodes[used + e] = (int)x;
        }
        if (e < size || repeats(nodes + used, size))
            break;
        used += size;
        if (ends == end_cap) {
            end_cap *= 2;
            int *more = PyMem_Realloc(starts, (size_t)end_cap * sizeof(int));
            if (!more) {
                PyErr_NoMemory();
                goto done;
            }
            starts = more;
        }
        starts[ends++] = (int)(base + used);
    }
    result = Py_BuildValue("y#y#n", (const char *)nodes, used * (Py_ssize_t)sizeof(int),
                           (const char *)starts, ends * (Py_ssize_t)sizeof(int), k);
done:
    PyMem_Free(nodes);
    PyMem_Free(starts);
    return result;
}

PyDoc_STRVAR(number_options_doc,
             "number_options(options, number, begin, base, /) -> (nodes, starts, stop)\n\n"
             "Numbers options[begin:stop] by the dict number: their item numbers and the\n"
             "starts that end them (base + entries so far), as bytes of C ints; stop is the\n"
             "first option it leaves to the caller (see dlx.problem).");
