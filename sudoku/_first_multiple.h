/* The multiple and dynamic forcing chains, searched whole (sudoku.chains._multiple with
 * _best, the reference): first_multiple(), and least() for the branches Python writes out.
 * Included by _chains.c after the closures' capsules. */

/* The complexity of q, reached by every closure of c[0..branches), as
 * sudoku.chains._agreements counts it: the ancestors summed over the branches (the last
 * listed in out), -1 when a branch is q itself; bound or more once past bound (then a
 * listing may stop short). mark and out hold a closure's potentials; *stamp is the last
 * mark used. */
static int agreement_of(Closure *const *c, int branches, int q, unsigned *mark, unsigned *stamp,
                        int *out, int bound)
{
    int sum = 0;
    for (int b = 0; b < branches && sum < bound; b++) {
        /* a limit of 2 at least: a size of 1 is told from more */
        int size = climb(c[b], &q, 1, mark, ++*stamp, out, bound - sum > 2 ? bound - sum : 2);
        if (size == 1)
            return -1;
        sum += size;
    }
    return sum;
}

/* The least complexity of what the closures c[0..branches) (compact) reach alike, as
 * sudoku.chains._agreements counts it (a target in worth: one that changes the board, no
 * branch the target itself, the ancestors summed over the branches), when below bound;
 * else bound or more, or -1 for none; -2 with an exception set on no memory. mark and out
 * hold a closure's potentials; *stamp is the last mark used; arena holds the closures'
 * pos made when they reach something alike (pos_made; NULL: they have theirs). */
static int least_of(Closure *const *c, int branches, const uint64_t *worth, unsigned *mark,
                    unsigned *stamp, int *out, int bound, Arena *arena)
{
    int best = -1;
    const int words = (c[0]->total + 63) / 64;
    uint64_t alike[(2 * MAX_N * MAX_N * MAX_N + 63) / 64]; /* what all reach, worth it */
    memcpy(alike, worth, (size_t)words * sizeof(uint64_t));
    for (int b = 0; b < branches; b++) /* a branch at a time: the words in a row */
        for (int w = 0; w < words; w++)
            alike[w] &= c[b]->bits[w];
    for (int w = 0; w < words; w++) {
        if (alike[w] && arena)
            for (int b = 0; b < branches; b++) /* climbed: their pos needed */
                if (!pos_made(c[b], arena))
                    return -2;
        for (uint64_t common = alike[w]; common; common &= common - 1) {
            int sum = agreement_of(c, branches, w * 64 + dlx_ctz64(common), mark, stamp, out,
                                   bound);
            if (sum >= 0 && sum < bound) /* below best too: best is bound once found */
                best = bound = sum;
        }
    }
    return best;
}

/* The agreement q of complexity least of the closures c[0..branches), as least() gives it:
 * (least, q, a list of the potentials of its chains, each branch's in turn); NULL with an
 * exception set. mark and out: total ints, *stamp the last mark used. */
static PyObject *agreement_found(Closure *const *c, int branches, int q, unsigned *mark,
                                 unsigned *stamp, int *out, int least)
{
    PyObject *chain = PyList_New(0);
    for (int b = 0; chain && b < branches; b++) {
        int size = climb(c[b], &q, 1, mark, ++*stamp, out, INT_MAX);
        for (int j = 0; chain && j < size; j++) {
            PyObject *p = PyLong_FromLong(out[j]);
            if (!p || PyList_Append(chain, p) < 0)
                Py_CLEAR(chain);
            Py_XDECREF(p);
        }
    }
    return chain ? Py_BuildValue("(iiN)", least, q, chain) : NULL;
}

/* The agreement of the closures c[0..branches) (compact) of complexity least, as
 * agreement_found gives it, when it is the only one of that complexity (then which comes
 * first in sudoku.chains._agreements is no question); else None. NULL with an exception
 * set. worth, mark, out and stamp as least_of takes them. */
static PyObject *only_least(Closure *const *c, int branches, const uint64_t *worth,
                            unsigned *mark, unsigned *stamp, int *out, int least)
{
    const int words = (c[0]->total + 63) / 64;
    int found = 0, only = -1;
    for (int w = 0; w < words && found < 2; w++) {
        uint64_t alike = worth[w];
        for (int b = 0; b < branches; b++)
            alike &= c[b]->bits[w];
        for (; alike && found < 2; alike &= alike - 1) {
            int q = w * 64 + dlx_ctz64(alike);
            if (agreement_of(c, branches, q, mark, stamp, out, least + 1) == least)
                found++, only = q;
        }
    }
    if (found != 1)
        return Py_NewRef(Py_None);
    return agreement_found(c, branches, only, mark, stamp, out, least);
}

/* The potentials that change the board m (l->cells masks of n digits) when set, in worth
 * (2 * cells * n bits): each candidate off, and on in a cell of two or more */
static void worth_of(const uint32_t *m, int cells, int n, uint64_t *worth)
{
    memset(worth, 0, (2 * (size_t)cells * (size_t)n + 63) / 64 * sizeof(uint64_t));
    for (int i = 0; i < cells; i++)
        for (uint32_t left = m[i] & (((uint32_t)1 << n) - 1); left; left &= left - 1) {
            int q = (i * n + dlx_ctz32(left)) << 1;
            worth[q / 64] |= (uint64_t)(m[i] & (m[i] - 1) ? 3 : 1) << (q % 64);
        }
}

/* The closure of assuming p, kept in cache[p] (its conflict in conf[2p], conf[2p + 1]) once
 * found, or only until the next search when not keep (the scratch's): NULL when the budget
 * ran out, or on failure (*failed set, an exception set) */
static Closure *cached(Links *l, const uint32_t *m, const Where *from, Closure **cache,
                       int *conf, int p, int dynamic, int keep, long long *budget, int *failed)
{
    if (cache[p])
        return cache[p];
    int conflict[2];
    if (search(l, m, from, &p, 1, 1, dynamic, 1, -1, budget, conflict) == FAILED) {
        *failed = 1;
        return NULL;
    }
    if (*budget < 0)
        return NULL;
    conf[2 * p] = conflict[0], conf[2 * p + 1] = conflict[1];
    if (!keep)
        return l->scratch->c;
    if (!(cache[p] = closure_copy(l->scratch->c, &l->scratch->arena)))
        *failed = 1;
    return cache[p];
}

/* first_multiple(links, masks, dynamic, budget): sudoku.chains._multiple, the reference,
 * with _best: its closures found in the same order, the same budget spent, its conclusions
 * weighed in the same order. Returns (what, the budget left), what None, or the first
 * contradiction of the least complexity as first_chain gives it (start, complexity, chain,
 * (on, off)), or the first branches of a cell or unit whose agreements are the shortest,
 * as (kind, a, b, starts, only): "digit" (a the cell), "state" (a the potential on),
 * "place" (a the digit, b the unit), starts the potentials the branches assume, only their
 * agreement as least() gives it when it is the only one of its complexity, else None
 * (_agreements tells which of them comes first). The budget left below 0: it ran out,
 * nothing found. */
static PyObject *first_multiple(PyObject *Py_UNUSED(module), PyObject *args)
{
    static const char *const KINDS[] = {"digit", "state", "place"};
    PyObject *capsule, *result = NULL;
    Py_buffer masks;
    int dynamic, failed = 0;
    long long budget;
    if (!PyArg_ParseTuple(args, "Oy*pL:first_multiple", &capsule, &masks, &dynamic, &budget))
        return NULL;
    Links *l = links_for(capsule, &masks);
    Closure **cache = NULL, **branch = NULL;
    int *block = NULL;
    if (!l)
        goto done;
    const int n = l->n, total = l->potentials;
    const uint32_t *m = masks.buf;
    cache = PyMem_Calloc((size_t)total, sizeof(Closure *));
    /* mark, out, the chain kept, conflicts (2 a potential), the group's and the best's starts */
    /* and worth (a uint64 in two ints: 5 * total + 2 * cells is even) */
    block = PyMem_Malloc(
        (5 * (size_t)total + 2 * (size_t)l->cells + 2 * (((size_t)total + 63) / 64)) * sizeof(int));
    branch = PyMem_Calloc((size_t)l->cells + 1, sizeof(Closure *));
    if (!cache || !block || !branch) {
        PyErr_NoMemory();
        goto done;
    }
    Where from;
    if (!places_of(l, m, &from))
        goto done;
    unsigned *mark = (unsigned *)block, stamp = 0;
    memset(mark, 0, (size_t)total * sizeof(unsigned)); /* the rest is written first */
    int *out = block + total, *kept = out + total, *conf = kept + total;
    int *starts = conf + 2 * total, *best_starts = starts + l->cells;
    uint64_t *worth = (uint64_t *)(best_starts + l->cells);
    worth_of(m, l->cells, n, worth);
    int best = INT_MAX, event = 0, kept_size = 0, best_start = -1, best_conflict[2] = {-1, -1};
    int group[3] = {0, 0, 0}, best_count = 0;
    for (int i = 0; i < l->cells && !failed; i++) {
        int digits = dlx_popcount32(m[i]);
        if (digits < (dynamic ? 2 : 3))
            continue;
        /* the closures in the reference's order, and the contradictions */
        for (int d = 0; d < n; d++) {
            if (!(m[i] >> d & 1))
                continue;
            int on = ((i * n + d) << 1) | 1;
            for (int start = on; start >= (dynamic ? on - 1 : on); start--) {
                /* an assumption off takes part in the cell's states only (three digits) */
                int keep = start & 1 || digits >= 3;
                Closure *c =
                    cached(l, m, &from, cache, conf, start, dynamic, keep, &budget, &failed);
                if (!c)
                    goto stopped;
                if (!dynamic || conf[2 * start] < 0)
                    continue;
                if (!pos_made(c, &l->scratch->arena)) {
                    failed = 1;
                    goto stopped;
                }
                /* counted as far as it may be below best */
                int complexity = climb(c, &conf[2 * start], 1, mark, ++stamp, out, best);
                if (complexity < best)
                    complexity +=
                        climb(c, &conf[2 * start + 1], 1, mark, ++stamp, out, best - complexity);
                if (complexity < best) {
                    best = complexity, event = 1, best_start = start;
                    best_conflict[0] = conf[2 * start], best_conflict[1] = conf[2 * start + 1];
                    kept_size = climb(c, &conf[2 * start], 2, mark, ++stamp, out, INT_MAX);
                    memcpy(kept, out, (size_t)kept_size * sizeof(int));
                }
            }
            for (int k = l->cu_start[i]; k < l->cu_start[i + 1]; k++) {
                int u = l->cell_units[k];
                uint32_t places = from.places[d * l->n_units + u]; /* i among them */
                const int *cells = l->unit_cells + l->unit_start[u];
                if (!(places & (places - 1)) || cells[dlx_ctz32(places)] != i)
                    continue; /* a place alone, or i not the first */
                for (; places; places &= places - 1) {
                    int j = cells[dlx_ctz32(places)];
                    if (!cached(l, m, &from, cache, conf, ((j * n + d) << 1) | 1, dynamic, 1,
                                &budget, &failed))
                        goto stopped;
                }
            }
        }
        /* the cell's and its units' branches, in the order the reference names them */
        for (int g = -1; g < n; g++) {
            if (g >= 0 && !(m[i] >> g & 1))
                continue;
            /* g -1: the cell's digits; then for digit g: its state (k -1), its units */
            int units = g < 0 ? 0 : l->cu_start[i + 1] - l->cu_start[i];
            for (int k = -1; k < units; k++) {
                int count = 0, kind, a, b = 0;
                if (g < 0) { /* each digit of the cell on */
                    kind = 0, a = i;
                    for (int d = 0; d < n; d++)
                        if (m[i] >> d & 1)
                            starts[count++] = ((i * n + d) << 1) | 1;
                } else if (k < 0) { /* the digit on and off */
                    if (!dynamic || digits < 3)
                        continue;
                    kind = 1, a = ((i * n + g) << 1) | 1;
                    starts[count++] = a, starts[count++] = a ^ 1;
                } else { /* each place of the digit in a unit the cell is the first of */
                    int u = l->cell_units[l->cu_start[i] + k];
                    const int *cells = l->unit_cells + l->unit_start[u];
                    kind = 2, a = g, b = u;
                    for (uint32_t places = from.places[g * l->n_units + u]; places;
                         places &= places - 1)
                        starts[count++] = ((cells[dlx_ctz32(places)] * n + g) << 1) | 1;
                    if (count < 2 || starts[0] >> 1 != i * n + g)
                        continue;
                }
                for (int c = 0; c < count; c++)
                    branch[c] = cache[starts[c]];
                int shortest =
                    least_of(branch, count, worth, mark, &stamp, out, best, &l->scratch->arena);
                if (shortest == -2) {
                    failed = 1;
                    goto stopped;
                }
                if (shortest >= 0 && shortest < best) {
                    best = shortest, event = 2, best_count = count;
                    group[0] = kind, group[1] = a, group[2] = b;
                    memcpy(best_starts, starts, (size_t)count * sizeof(int));
                }
            }
        }
    }
stopped:
    if (failed)
        goto done;
    if (budget < 0 || !event) {
        result = Py_BuildValue("OL", Py_None, budget);
        goto done;
    }
    PyObject *items = PyTuple_New(event == 1 ? kept_size : best_count);
    for (Py_ssize_t k = 0; items && k < PyTuple_GET_SIZE(items); k++) {
        PyObject *q = PyLong_FromLong(event == 1 ? kept[k] : best_starts[k]);
        if (!q)
            Py_CLEAR(items);
        else
            PyTuple_SET_ITEM(items, k, q);
    }
    if (!items)
        goto done;
    if (event == 1)
        result = Py_BuildValue("(iiN(ii))L", best_start, best, items, best_conflict[0],
                               best_conflict[1], budget);
    else {
        for (int k = 0; k < best_count; k++) /* the best branches, still in cache */
            branch[k] = cache[best_starts[k]];
        PyObject *only = only_least(branch, best_count, worth, mark, &stamp, out, best);
        if (!only)
            Py_CLEAR(items);
        else
            result = Py_BuildValue("(siiNN)L", KINDS[group[0]], group[1], group[2], items, only,
                                   budget);
    }
done:
    if (l && l->scratch) /* the closures of cache given back */
        arena_reset(&l->scratch->arena);
    PyMem_Free(cache);
    PyMem_Free(branch);
    PyMem_Free(block);
    PyBuffer_Release(&masks);
    return result;
}

/* The first of targets (a sequence of potentials) that every closure of c[0..branches)
 * reaches and that changes the board (in worth) whose complexity is least, as
 * (least, target, a list of the potentials of its chains, each branch's in turn), or None;
 * NULL with an exception set. mark and out: total ints, *stamp the last mark used. */
static PyObject *first_least(Closure *const *c, int branches, const uint64_t *worth,
                             unsigned *mark, unsigned *stamp, int *out, int least,
                             PyObject *targets)
{
    PyObject *items = PySequence_Fast(targets, "least: targets must be a sequence");
    if (!items)
        return NULL;
    PyObject *found = NULL;
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(items) && !found; k++) {
        long q = PyLong_AsLong(PySequence_Fast_GET_ITEM(items, k));
        if (q < 0 || q >= c[0]->total) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_IndexError, "least: a target outside the board");
            break;
        }
        int alike = worth[q / 64] >> (q % 64) & 1;
        for (int b = 0; b < branches; b++)
            alike &= (int)(c[b]->bits[q / 64] >> (q % 64) & 1);
        if (!alike || agreement_of(c, branches, (int)q, mark, stamp, out, least + 1) != least)
            continue;
        if (!(found = agreement_found(c, branches, (int)q, mark, stamp, out, least)))
            break;
    }
    Py_DECREF(items);
    if (!found && !PyErr_Occurred())
        found = Py_NewRef(Py_None);
    return found;
}

/* least(closures, masks, n, targets=None): the least complexity of what every closure of
 * the tuple reaches alike, as sudoku.chains._agreements counts it (a target that changes
 * the board, no branch the target itself, the ancestors summed over the branches); -1 for
 * none. With targets, the first of them of that complexity too (first_least), or None. */
static PyObject *least(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *tuple, *targets = Py_None, *result = NULL;
    Py_buffer masks;
    int n;
    if (!PyArg_ParseTuple(args, "O!y*i|O:least", &PyTuple_Type, &tuple, &masks, &n, &targets))
        return NULL;
    Py_ssize_t branches = PyTuple_GET_SIZE(tuple);
    Closure **c = PyMem_Malloc(((size_t)branches + 1) * sizeof(Closure *));
    int *block = NULL, best = -1;
    if (!c) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t b = 0; b < branches; b++)
        if (!(c[b] = closure_of(PyTuple_GET_ITEM(tuple, b))))
            goto done;
    int total = branches ? c[0]->total : 0, cells = (int)(masks.len / (Py_ssize_t)sizeof(uint32_t));
    for (Py_ssize_t b = 0; b < branches; b++)
        if (c[b]->total != total || n < 1 || n > MAX_N || total != 2 * cells * n) {
            PyErr_SetString(PyExc_ValueError, "least: closures and masks of another board");
            goto done;
        }
    /* mark, out, and worth (a uint64 in two ints, total even) */
    if (!branches ||
        !(block = PyMem_Calloc(2 * (size_t)total + 2 * (((size_t)total + 63) / 64), sizeof(int)))) {
        if (branches)
            PyErr_NoMemory();
        goto done;
    }
    unsigned stamp = 0;
    uint64_t *worth = (uint64_t *)(block + 2 * total);
    worth_of(masks.buf, cells, n, worth);
    best = least_of(c, (int)branches, worth, (unsigned *)block, &stamp, block + total, INT_MAX,
                    NULL);
    if (targets != Py_None && best >= 0)
        result = first_least(c, (int)branches, worth, (unsigned *)block, &stamp, block + total,
                             best, targets);
done:
    PyMem_Free(block);
    PyMem_Free(c);
    PyBuffer_Release(&masks);
    if (PyErr_Occurred()) {
        Py_XDECREF(result);
        return NULL;
    }
    if (targets == Py_None)
        return PyLong_FromLong(best);
    return result ? result : Py_NewRef(Py_None);
}
