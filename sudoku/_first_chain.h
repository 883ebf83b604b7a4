/* The chains from one assumption, searched whole (sudoku.chains._static and _nishio with
 * _best, the references): first_chain(), with what x-chains and nishio chains found kept by
 * the digit's candidates (known_of). Included by _chains.c after closure(). */

enum { KNOWN_KEPT = 4 * MAX_N + 28 }; /* more than the digits of one call, two techniques */

/* What the chains of technique (first_chain's 0: x-chains, 2: nishio) from a digit's
 * candidates find where the digit's candidates are in cells (l->words), the same on every
 * board: they follow that digit alone. 4 ints a cell, for the candidate on then off: for
 * nishio the implications its search examined and the complexity of its contradiction
 * (-1 none), -1 -1 until searched; for x-chains the size reach_sizes gives and an int
 * unused, all of the digit's set when *fresh is 0. Kept for the last KNOWN_KEPT sets of
 * cells in l's scratch, none of those call took given up to another in it: NULL on no
 * memory (no exception set: the searches do without). */
static int *known_of(Links *l, int technique, const uint64_t *cells, unsigned call, int *fresh)
{
    Search *s = l->scratch;
    const size_t words = (size_t)l->words, per = 4 * (size_t)l->cells;
    if (!s->known_cells) {
        s->known_cells = PyMem_Calloc(KNOWN_KEPT * (words * sizeof(uint64_t) + per * sizeof(int) +
                                                    sizeof(unsigned) + sizeof(int)),
                                      1);
        if (!s->known_cells)
            return NULL;
        s->known = (int *)(s->known_cells + KNOWN_KEPT * words);
        s->known_kind = s->known + KNOWN_KEPT * per;
        s->known_call = (unsigned *)(s->known_kind + KNOWN_KEPT);
    }
    int k;
    for (k = 0; k < KNOWN_KEPT; k++)
        if (s->known_call[k] && s->known_kind[k] == technique &&
            s->known_cells[k * words] == cells[0] && /* most differ in their first word */
            !memcmp(s->known_cells + k * words, cells, words * sizeof(uint64_t))) {
            s->known_call[k] = call, *fresh = 0;
            return s->known + k * per;
        }
    for (k = s->known_next; s->known_call[k] == call; k = (k + 1) % KNOWN_KEPT)
        ;
    s->known_next = (k + 1) % KNOWN_KEPT, s->known_call[k] = call, s->known_kind[k] = technique;
    memcpy(s->known_cells + k * words, cells, words * sizeof(uint64_t));
    memset(s->known + k * per, -1, per * sizeof(int));
    *fresh = 1;
    return s->known + k * per;
}

/* The set of cells of known_of's answer forgotten (its findings left unmade) */
static void known_drop(Links *l, const int *known)
{
    l->scratch->known_call[(known - l->scratch->known) / (4 * l->cells)] = 0;
}

/* first_chain(links, masks, technique, budget): sudoku.chains._static (technique 0:
 * x-chains, 1: forcing chains) or _nishio (2), the references, with _best: of the chains
 * found in their order, the first of the least complexity, as (start, complexity, the
 * potentials of its chains, conflict (on, off) for nishio else None) or None; then the
 * budget left (below 0: it ran out, nothing found). */
static PyObject *first_chain(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *capsule, *result = NULL;
    Py_buffer masks;
    int technique;
    long long budget;
    if (!PyArg_ParseTuple(args, "Oy*iL:first_chain", &capsule, &masks, &technique, &budget))
        return NULL;
    Links *l = links_for(capsule, &masks);
    int *block = NULL;
    if (!l)
        goto done;
    if (technique < 0 || technique > 2) {
        PyErr_SetString(PyExc_ValueError, "first_chain: technique 0, 1 or 2");
        goto done;
    }
    block = PyMem_Malloc(4 * (size_t)l->potentials * sizeof(int));
    if (!block) {
        PyErr_NoMemory();
        goto done;
    }
    memset(block, 0, (size_t)l->potentials * sizeof(unsigned)); /* mark; the rest written first */
    const uint32_t *m = masks.buf;
    Where from;
    if (!places_of(l, m, &from))
        goto done;
    const int n = l->n, nishio = technique == 2;
    unsigned *mark = (unsigned *)block, stamp = 0;
    int *out = block + l->potentials, *kept = out + 2 * l->potentials, best = 1000000000;
    int best_start = -1, best_size = 0, kept_size = 0, best_conflict[2] = {-1, -1}, conflict[2];
    /* the sizes of the closures no reach bounds, found at once (NULL: one by one), of
     * each digit alone for x-chains */
    /* and what each digit's chains found on earlier boards where it stood as here, but
     * forcing chains' (known_of) */
    int *known[MAX_N] = {NULL}, fresh[MAX_N];
    if (!++l->scratch->calls)
        l->scratch->calls = 1; /* 0: a set of cells no call used */
    for (int d = 0; technique != 1 && d < n; d++)
        known[d] = known_of(l, technique, from.holding + d * l->words, l->scratch->calls,
                            &fresh[d]);
    int *sizes = nishio ? NULL : out + l->potentials;
    for (int d = technique == 1 ? -1 : 0; sizes && d < (technique == 1 ? 0 : n); d++) {
        if (d >= 0 && known[d] && !fresh[d]) {
            for (int i = 0; i < l->cells; i++)
                if (m[i] >> d & 1) /* the sizes found before */
                    sizes[((i * n + d) << 1) | 1] = known[d][4 * i],
                                              sizes[(i * n + d) << 1] = known[d][4 * i + 2];
            continue;
        }
        if (!reach_sizes(l, m, &from, technique == 1, d < 0 ? ~(uint32_t)0 : (uint32_t)1 << d,
                         sizes, &l->scratch->arena)) {
            for (int e = 0; e < n; e++) /* the sets of cells this call had to fill */
                if (known[e] && fresh[e])
                    known_drop(l, known[e]);
            sizes = NULL;
            break;
        }
        for (int i = 0; d >= 0 && known[d] && i < l->cells; i++)
            if (m[i] >> d & 1)
                known[d][4 * i] = sizes[((i * n + d) << 1) | 1],
                             known[d][4 * i + 2] = sizes[(i * n + d) << 1];
    }
    for (int i = 0; i < l->cells; i++) {
        if (dlx_popcount32(m[i]) < 2)
            continue;
        for (int d = 0; d < n; d++) {
            if (!(m[i] >> d & 1))
                continue;
            int on = ((i * n + d) << 1) | 1;
            for (int start = on; start >= on - 1; start--) {
                long reach = nishio ? -1 : best - 3 < 0 ? -2 : best - 3;
                if (!nishio) { /* what it reaches counted, unless the search finds a chain */
                    long long count = -1;
                    /* all it reaches, its opposite not among them, when no reach bounds it
                     * or it reaches too few to be deeper than reach + 1 links */
                    int all = sizes && (reach == -1 || reach >= l->potentials ||
                                        (sizes[start] >= 0 && sizes[start] <= reach + 2));
                    if (!all)
                        count = reached_within(l, m, &from, start, technique == 1, reach,
                                               start ^ 1, budget);
                    else if (sizes[start] <= budget)
                        count = sizes[start];
                    if (count >= 0) {
                        budget -= count;
                        continue;
                    }
                }
                /* nishio: what this chain found before, its budget spent without it */
                int *was = nishio && known[d] ? known[d] + 4 * i + 2 * !(start & 1) : NULL;
                long long *spend = &budget, again = LLONG_MAX;
                if (was && was[0] >= 0) {
                    if (was[0] > budget) { /* the search runs out */
                        result = Py_BuildValue("OL", Py_None, -1LL);
                        goto done;
                    }
                    budget -= was[0];
                    if (was[1] < 0 || (best_start >= 0 && was[1] >= best_size))
                        continue;
                    spend = &again; /* the first of the least so far: its chain found again */
                }
                long long before = *spend;
                int how = search(l, m, &from, &start, 1, !nishio && technique == 1, nishio,
                                 nishio, reach, spend, conflict);
                if (how == FAILED)
                    goto done;
                if (budget < 0) {
                    result = Py_BuildValue("OL", Py_None, budget);
                    goto done;
                }
                const Closure *c = l->scratch->c;
                int complexity, size;
                if (nishio) {
                    if (was && was[0] < 0)
                        was[0] = (int)(before - *spend), was[1] = -1;
                    if (conflict[0] < 0)
                        continue;
                    complexity = climb(c, &conflict[0], 1, mark, ++stamp, out, INT_MAX);
                    complexity += climb(c, &conflict[1], 1, mark, ++stamp, out, INT_MAX);
                    size = climb(c, conflict, 2, mark, ++stamp, out, INT_MAX);
                    if (was)
                        was[1] = complexity;
                } else {
                    int target = start ^ 1;
                    if (c->pos[target] < 0)
                        continue;
                    complexity = size = climb(c, &target, 1, mark, ++stamp, out, INT_MAX);
                    if (complexity < best)
                        best = complexity; /* a longer one is not looked for */
                }
                if (best_start < 0 || complexity < best_size) { /* the first of the least */
                    best_start = start, best_size = complexity;
                    best_conflict[0] = conflict[0], best_conflict[1] = conflict[1];
                    memcpy(kept, out, (size_t)size * sizeof(int));
                    kept_size = size;
                }
            }
        }
    }
    if (best_start < 0) {
        result = Py_BuildValue("OL", Py_None, budget);
        goto done;
    }
    PyObject *chain = PyTuple_New(kept_size);
    for (int k = 0; chain && k < kept_size; k++) {
        PyObject *q = PyLong_FromLong(kept[k]);
        if (!q)
            Py_CLEAR(chain);
        else
            PyTuple_SET_ITEM(chain, k, q);
    }
    if (!chain)
        goto done;
    if (nishio)
        result = Py_BuildValue("(iiN(ii))L", best_start, best_size, chain, best_conflict[0],
                               best_conflict[1], budget);
    else
        result = Py_BuildValue("(iiNO)L", best_start, best_size, chain, Py_None, budget);
done:
    if (l && l->scratch) /* reach_sizes' memory given back */
        arena_reset(&l->scratch->arena);
    PyMem_Free(block);
    PyBuffer_Release(&masks);
    return result;
}
