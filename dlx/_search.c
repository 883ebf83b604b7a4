/* dlx._search: the search loop of dlx.search in C, over the same link arrays.
 *
 * Layout(links) copies a dlx.problem.Links into C arrays after checking every index and the
 * whole dancing-links structure (ValueError otherwise), so no input can make the loop read or
 * write out of bounds; it is made once per problem. Loop(layout, forced, rng, stats) takes a
 * private copy of the mutable arrays (a few memcpy: per-search setup is microseconds), shares
 * the read-only ones, and commits the forced options. run(next_check, target) is
 * dlx.dancing.DancingLoop.run step for step: same choices, same order, the same seeded calls rng.choice(ties) and
 * rng.shuffle(order) on Python lists, the same counts of nodes, updates and profile, so
 * both backends give identical answers. Steps are named as in TAOCP 7.2.2.1 (X2..X8) and
 * Knuth's DLX1/DLX2 (cover, hide, purify, commit).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <string.h>

#include "_search_api.h"

enum { SOLUTION = DLX_SOLUTION, CHECKPOINT = DLX_CHECKPOINT, END = DLX_END }; /* run() stopped at */
enum { AT_FORWARD, AT_BACKUP, AT_END };               /* where run() goes on */
#define SIGNAL_MASK 0xFFF /* poll for Ctrl-C every 4096 nodes */

/* A problem's link arrays, checked once; every Loop copies the mutable ones. */
typedef struct {
    PyObject_HEAD
    int n_items, n_primary, n_nodes, n_options;
    int *llink, *rlink, *len;           /* item lists, 0..n_items + 1 */
    int *top, *ulink, *dlink, *color;   /* nodes; a spacer has top <= 0 */
    int *first;                         /* option k's first node */
} Layout;

typedef struct {
    PyObject_HEAD
    Layout *layout;                     /* owns top and first, shared read-only */
    int n_items, n_primary, n_nodes;
    int *llink, *rlink, *len;           /* this search's copies, 0..n_items + 1 */
    int *top, *ulink, *dlink, *color;   /* top is the layout's; the rest are copies */
    int *choice, *item, *start, *size, *tried; /* per level: the choice stack */
    int *order;      /* orders of all levels, level l's at order[start[l]..] */
    int *ties;       /* X3's ties when seeded */
    char *mark;      /* per node, to check a shuffle is a permutation */
    long long *profile;
    long long nodes, updates, solutions;
    int n_options;
    int level, profile_len, synced; /* profile[synced..] not yet copied to stats */
    int at, running, ready;
    int signals;     /* poll for Ctrl-C (needs the GIL): Loop.run does, the C API not */
    PyObject *rng, *stats, *profile_list;
} Loop;

static PyObject *s_nodes, *s_updates, *s_solutions, *s_profile, *s_choice, *s_shuffle;

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

/* links.<name> as a new C array of exactly `want` ints in lo..hi (want < 0: any length,
 * stored in *got). */
static int *read_ints(PyObject *links, const char *name, Py_ssize_t want, long lo, long hi,
                      Py_ssize_t *got)
{
    PyObject *obj = get_attr(links, name);
    if (!obj)
        return NULL;
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

static int invalid(const char *what, long where)
{
    PyErr_Format(PyExc_ValueError, "malformed Links: %s (at %ld)", what, where);
    return -1;
}

/* The structure run() relies on, exactly as dlx.problem._compile lays it out: the active
 * lists hold every primary item (from 0) and every secondary one (from n + 1); each item's
 * vertical list is a doubly linked cycle of len[i] nodes whose top is i; options are runs of
 * nodes between spacers, with distinct items, spacer k + 1 having top -(k + 1), ULINK the
 * first node of option k and the spacer before it DLINK its last; colors only on secondary
 * items. Hence every walk ends and every level covers a new primary item. */
static int check_structure(Layout *self, char *mark)
{
    int n = self->n_items, n1 = self->n_primary, N = self->n_nodes;
    int *top = self->top, *ulink = self->ulink, *dlink = self->dlink;
    for (int head = 0; head <= n + 1; head += n + 1) { /* the two active lists */
        int lo = head ? n1 + 1 : 1, hi = head ? n : n1, prev = head, count = 0;
        for (int x = self->rlink[head]; x != head; prev = x, x = self->rlink[x]) {
            if (x < lo || x > hi || count > hi - lo || self->llink[x] != prev)
                return invalid("an active item list is broken", x);
            count++;
        }
        if (self->llink[head] != prev || count != hi - lo + 1)
            return invalid("an active item list misses items", head);
    }
    if (N < n + 2 || top[n + 1] != 0 || top[N - 1] > 0)
        return invalid("the nodes do not start and end with a spacer", N);
    long option_nodes = 0;
    int first = n + 2, options = 0;
    for (int x = 0; x <= n; x++)
        if (top[x] != x)
            return invalid("an item header's top is not the item", x);
    for (int x = n + 2; x < N; x++) {
        if (top[x] > 0) {
            if (mark[top[x]] == 1) /* mark[i] == 1: item i already in this option */
                return invalid("an option names an item twice", x);
            mark[top[x]] = 1;
            if (self->color[x] && top[x] <= n1)
                return invalid("a primary item has a color", x);
            option_nodes++;
            continue;
        }
        if (x == first || top[x] != -(options + 1) || ulink[x] != first ||
            dlink[first - 1] != x - 1)
            return invalid("a spacer is out of place", x);
        for (int q = first; q < x; q++)
            mark[top[q]] = 0;
        options++;
        first = x + 1;
    }
    self->n_options = options;
    long listed = 0;
    for (int i = 1; i <= n; i++) {
        int prev = i, count = 0;
        for (int x = dlink[i]; x != i; prev = x, x = dlink[x]) {
            if (x < n + 2 || top[x] != i || ulink[x] != prev || count >= self->len[i])
                return invalid("an item's list of options is broken", i);
            count++;
        }
        if (ulink[i] != prev || count != self->len[i])
            return invalid("an item's length or list is wrong", i);
        listed += count;
    }
    if (listed != option_nodes)
        return invalid("some option nodes are in no item's list", listed);
    for (int x = 0; x < N; x++)
        if (self->color[x] && (x < n + 2 || top[x] <= 0))
            return invalid("a header or spacer has a color", x);
    return 0;
}

/* ---- Knuth's operations, as in dlx.dancing.DancingLoop -------------------------------- */

/* hide(p): take the other nodes of p's option out of their lists, but those of items
 * already purified with their color (marked -1, as DLX2 skips them); how many it took. */
static inline int hide(Loop *self, int p)
{
    int *top = self->top, *ulink = self->ulink, *dlink = self->dlink, *len = self->len;
    int *color = self->color;
    int count = 0;
    for (int q = p + 1; q != p;) {
        int x = top[q];
        if (x <= 0) { /* spacer: back to the option's first node */
            q = ulink[q];
            continue;
        }
        if (color[q] < 0) {
            q++;
            continue;
        }
        int u = ulink[q], d = dlink[q];
        dlink[u] = d;
        ulink[d] = u;
        len[x]--;
        count++;
        q++;
    }
    return count;
}

static inline void unhide(Loop *self, int p)
{
    int *top = self->top, *ulink = self->ulink, *dlink = self->dlink, *len = self->len;
    int *color = self->color;
    for (int q = p - 1; q != p;) {
        int x = top[q];
        if (x <= 0) { /* spacer: on to the option's last node */
            q = dlink[q];
            continue;
        }
        if (color[q] < 0) {
            q--;
            continue;
        }
        int u = ulink[q], d = dlink[q];
        dlink[u] = q;
        ulink[d] = q;
        len[x]++;
        q--;
    }
}

static void cover(Loop *self, int i)
{
    for (int p = self->dlink[i]; p != i; p = self->dlink[p])
        self->updates += hide(self, p);
    int l = self->llink[i], r = self->rlink[i];
    self->rlink[l] = r;
    self->llink[r] = l;
    self->updates++; /* Knuth counts taking i out of the active list too */
}

static void uncover(Loop *self, int i)
{
    int l = self->llink[i], r = self->rlink[i];
    self->rlink[l] = i;
    self->llink[r] = i;
    for (int p = self->ulink[i]; p != i; p = self->ulink[p])
        unhide(self, p);
}

/* purify(x): x's colored item is committed; hide the options giving it another color. */
static void purify(Loop *self, int x)
{
    int c = self->color[x], i = self->top[x];
    for (int p = self->dlink[i]; p != i; p = self->dlink[p]) {
        if (self->color[p] == c)
            self->color[p] = -1; /* compatible: marked as already committed */
        else
            self->updates += hide(self, p);
    }
}

static void unpurify(Loop *self, int x)
{
    int c = self->color[x], i = self->top[x];
    for (int p = self->ulink[i]; p != i; p = self->ulink[p]) {
        if (self->color[p] < 0)
            self->color[p] = c;
        else
            unhide(self, p);
    }
}

/* Algorithm C's commit of node q's item: cover it, purify it, or nothing when done. */
static inline void commit_node(Loop *self, int q)
{
    int c = self->color[q];
    if (c == 0)
        cover(self, self->top[q]);
    else if (c > 0)
        purify(self, q);
}

static inline void uncommit_node(Loop *self, int q)
{
    int c = self->color[q];
    if (c == 0)
        uncover(self, self->top[q]);
    else if (c > 0)
        unpurify(self, q);
}

/* commit(x): the other nodes of x's option, cyclically from the one after x. */
static void commit(Loop *self, int x)
{
    for (int q = x + 1; q != x;) {
        if (self->top[q] <= 0) {
            q = self->ulink[q];
            continue;
        }
        commit_node(self, q);
        q++;
    }
}

static void uncommit(Loop *self, int x)
{
    for (int q = x - 1; q != x;) {
        if (self->top[q] <= 0) {
            q = self->dlink[q];
            continue;
        }
        uncommit_node(self, q);
        q--;
    }
}

/* ---- the seeded steps: the same calls on the same Python lists as DancingLoop ----------- */

static PyObject *int_list(const int *values, int n)
{
    PyObject *list = PyList_New(n);
    if (!list)
        return NULL;
    for (int k = 0; k < n; k++) {
        PyObject *v = PyLong_FromLong(values[k]);
        if (!v) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, k, v);
    }
    return list;
}

/* i = rng.choice(ties), checked to be one of them; 0 with an exception set on failure. */
static int choose(Loop *self, int n_ties)
{
    PyObject *list = int_list(self->ties, n_ties);
    if (!list)
        return 0;
    PyObject *got = PyObject_CallMethodOneArg(self->rng, s_choice, list);
    Py_DECREF(list);
    if (!got)
        return 0;
    long i = PyLong_Check(got) ? PyLong_AsLong(got) : -1;
    Py_DECREF(got);
    for (int k = 0; k < n_ties; k++)
        if (self->ties[k] == i)
            return (int)i;
    if (!PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "rng.choice(ties) did not return one of the ties");
    return 0;
}

/* rng.shuffle(order) on the n nodes of item i's list at order[0..n), checked to give back
 * each of them once (mark 1: in the list, 2: given back). */
static int shuffle(Loop *self, int *order, int n, int i)
{
    PyObject *list = int_list(order, n);
    if (!list)
        return -1;
    PyObject *done = PyObject_CallMethodOneArg(self->rng, s_shuffle, list);
    int status = done && PyList_GET_SIZE(list) == n ? 0 : -1;
    Py_XDECREF(done);
    for (int p = self->dlink[i]; p != i; p = self->dlink[p])
        self->mark[p] = 1;
    for (int k = 0; status == 0 && k < n; k++) {
        PyObject *v = PyList_GET_ITEM(list, k);
        long x = PyLong_Check(v) ? PyLong_AsLong(v) : -1;
        if (x < 0 || x >= self->n_nodes || self->mark[x] != 1)
            status = -1;
        else {
            self->mark[x] = 2;
            order[k] = (int)x;
        }
    }
    for (int p = self->dlink[i]; p != i; p = self->dlink[p])
        self->mark[p] = 0;
    Py_DECREF(list);
    if (status < 0 && done && !PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "rng.shuffle(order) did not permute the options");
    return status;
}

/* ---- the loop ------------------------------------------------------------------------ */

/* Copy the counters into the Python Stats: nodes, updates, solutions, new profile entries. */
static int publish(Loop *self)
{
    PyObject *v;
    if (!(v = PyLong_FromLongLong(self->nodes)) || PyObject_SetAttr(self->stats, s_nodes, v))
        goto fail;
    Py_DECREF(v);
    if (!(v = PyLong_FromLongLong(self->updates)) || PyObject_SetAttr(self->stats, s_updates, v))
        goto fail;
    Py_DECREF(v);
    if (!(v = PyLong_FromLongLong(self->solutions)) ||
        PyObject_SetAttr(self->stats, s_solutions, v))
        goto fail;
    Py_DECREF(v);
    for (int l = self->synced; l < self->profile_len; l++) {
        if (!(v = PyLong_FromLongLong(self->profile[l])))
            return -1;
        if (l < PyList_GET_SIZE(self->profile_list)) {
            if (PyList_SetItem(self->profile_list, l, v) < 0) /* steals v */
                return -1;
        } else {
            int status = PyList_Append(self->profile_list, v);
            Py_DECREF(v);
            if (status < 0)
                return -1;
        }
    }
    self->synced = self->profile_len;
    return 0;
fail:
    Py_XDECREF(v);
    return -1;
}

/* An exception is set: keep the counts (run() goes on from where it stopped). */
static PyObject *fail(Loop *self)
{
#if PY_VERSION_HEX >= 0x030C0000
    PyObject *error = PyErr_GetRaisedException();
    if (publish(self) < 0)
        PyErr_Clear();
    PyErr_SetRaisedException(error);
#else
    PyObject *type, *value, *traceback;
    PyErr_Fetch(&type, &value, &traceback);
    if (publish(self) < 0)
        PyErr_Clear();
    PyErr_Restore(type, value, traceback);
#endif
    return NULL;
}

/* An int argument as a long long, clamped to its range; -1 with an exception if not an int. */
static int as_count(PyObject *arg, long long *value)
{
    int overflow;
    *value = PyLong_AsLongLongAndOverflow(arg, &overflow);
    if (*value == -1 && PyErr_Occurred())
        return -1;
    if (overflow)
        *value = overflow > 0 ? LLONG_MAX : LLONG_MIN;
    return 0;
}

PyDoc_STRVAR(run_doc, "run(next_check, target) -> (event, level)\n\n"
                      "Search on until stats.solutions reaches target (SOLUTION; the solutions\n"
                      "before it are only counted), until stats.nodes reaches next_check\n"
                      "(CHECKPOINT), or to the end (END); stats is then current.");

/* An exception is set at `level`: run() goes on from X3 when called again. */
static int interrupted(Loop *self, int level)
{
    self->at = AT_FORWARD;
    self->level = level;
    return -1;
}

/* The loop itself, shared by Loop.run and the C API: goes on from where it stood and
 * returns SOLUTION, CHECKPOINT or END (self->level and self->at say where it stands), or -1
 * with an exception set. Without an rng (NULL or None) and without signals it calls no
 * Python at all, so it runs without the GIL. */
static int search(Loop *self, long long next_check, long long target)
{
    int *rlink = self->rlink, *len = self->len, *dlink = self->dlink;
    int level = self->level, i, x, n, best, *order;
    if (self->at == AT_BACKUP)
        goto backup;

forward:
    if (rlink[0] == 0) { /* X2: every primary item is covered */
        self->solutions++;
        if (self->solutions >= target) {
            self->at = AT_BACKUP;
            self->level = level;
            return SOLUTION;
        }
        goto backup;
    }
    /* X3: the item with fewest options, leftmost (or random) among ties */
    i = rlink[0];
    best = len[i];
    if (self->rng == Py_None) {
        for (int j = rlink[i]; j && best > 1; j = rlink[j]) /* one option: a forced move */
            if (len[j] < best) {
                i = j;
                best = len[j];
            }
    } else {
        int n_ties = 1;
        self->ties[0] = i;
        for (int j = rlink[i]; j; j = rlink[j]) {
            if (len[j] < best) {
                best = len[j];
                n_ties = 0;
            }
            if (len[j] == best)
                self->ties[n_ties++] = j;
        }
        if (!(i = choose(self, n_ties)))
            return interrupted(self, level);
    }
    if (best == 0) { /* a dead end; Knuth covers the empty item anyway: one update */
        self->updates++;
        goto backup;
    }
    /* X4: list i's options in the order they are tried (i's own list stays as it is while
     * i is covered, so the orders of all levels fit in one array of n_nodes), cover i */
    order = self->order + self->start[level];
    n = 0;
    for (x = dlink[i]; x != i; x = dlink[x])
        order[n++] = x;
    if (self->rng != Py_None && shuffle(self, order, n, i) < 0)
        return interrupted(self, level);
    cover(self, i);
    self->item[level] = i;
    self->size[level] = n;
    self->start[level + 1] = self->start[level] + n;
    self->tried[level] = 0;

advance:
    if (self->tried[level] < self->size[level]) { /* X5: try the next option */
        x = self->order[self->start[level] + self->tried[level]];
        self->choice[level] = x;
        commit(self, x);
        self->nodes++;
        if (level == self->profile_len)
            self->profile_len++;
        self->profile[level]++;
        if (level < self->synced)
            self->synced = level;
        level++;
        if (self->nodes >= next_check) {
            self->at = AT_FORWARD;
            self->level = level;
            return CHECKPOINT;
        }
        if ((self->nodes & SIGNAL_MASK) == 0 && self->signals && PyErr_CheckSignals() < 0)
            return interrupted(self, level);
        goto forward;
    }
    uncover(self, self->item[level]); /* X7: every option of i has been tried */

backup: /* X8: leave this level; X6: undo the option tried above */
    if (level == 0) {
        self->at = AT_END;
        self->level = 0;
        return END;
    }
    level--;
    uncommit(self, self->choice[level]);
    self->tried[level]++;
    goto advance;
}

static PyObject *Loop_run(Loop *self, PyObject *const *args, Py_ssize_t nargs)
{
    long long next_check, target;
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "run() takes 2 arguments (%zd given)", nargs);
        return NULL;
    }
    if (as_count(args[0], &next_check) < 0 || as_count(args[1], &target) < 0)
        return NULL;
    if (self->running) {
        PyErr_SetString(PyExc_RuntimeError, "Loop.run() is already running");
        return NULL;
    }
    if (!self->ready) {
        PyErr_SetString(PyExc_RuntimeError, "Loop is not initialized");
        return NULL;
    }
    if (self->at == AT_END)
        return Py_BuildValue("(ii)", END, 0);
    self->running = 1;
    int event = search(self, next_check, target);
    self->running = 0;
    if (event < 0)
        return fail(self);
    if (publish(self) < 0)
        return NULL;
    return Py_BuildValue("(ii)", event, self->level);
}

PyDoc_STRVAR(chosen_doc, "chosen() -> list of the option indices chosen above the current level");

static PyObject *Loop_chosen(Loop *self, PyObject *Py_UNUSED(ignored))
{
    PyObject *list = PyList_New(self->level);
    if (!list)
        return NULL;
    for (int l = 0; l < self->level; l++) {
        int q = self->choice[l];
        while (self->top[q] > 0) /* the spacer after the option names it */
            q++;
        PyObject *v = PyLong_FromLong(-self->top[q] - 1);
        if (!v) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, l, v);
    }
    return list;
}

PyDoc_STRVAR(branches_doc,
             "branches() -> [(options to try, options tried)] for each level above the current");

static PyObject *Loop_branches(Loop *self, PyObject *Py_UNUSED(ignored))
{
    PyObject *list = PyList_New(self->level);
    if (!list)
        return NULL;
    for (int l = 0; l < self->level; l++) {
        PyObject *pair = Py_BuildValue("(ii)", self->size[l], self->tried[l]);
        if (!pair) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, l, pair);
    }
    return list;
}

static PyObject *Loop_get_level(Loop *self, void *Py_UNUSED(closure))
{
    return PyLong_FromLong(self->level);
}

/* ---- the type ------------------------------------------------------------------------ */

static int Layout_init(Layout *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"links", NULL};
    PyObject *links;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O:Layout", kwlist, &links))
        return -1;
    if (self->top) {
        PyErr_SetString(PyExc_RuntimeError, "Layout is already initialized");
        return -1;
    }
    if (read_int(links, "n_items", 0, INT_MAX - 2, &self->n_items) < 0 ||
        read_int(links, "n_primary", 0, self->n_items, &self->n_primary) < 0)
        return -1;
    int n = self->n_items;
    Py_ssize_t N;
    if (!(self->top = read_ints(links, "top", -1, -(long)INT_MAX, n, &N)))
        return -1;
    self->n_nodes = (int)N;
    if (!(self->llink = read_ints(links, "llink", n + 2, 0, n + 1, NULL)) ||
        !(self->rlink = read_ints(links, "rlink", n + 2, 0, n + 1, NULL)) ||
        !(self->len = read_ints(links, "length", n + 2, 0, (long)N, NULL)) ||
        !(self->ulink = read_ints(links, "ulink", N, 0, (long)N - 1, NULL)) ||
        !(self->dlink = read_ints(links, "dlink", N, 0, (long)N - 1, NULL)) ||
        !(self->color = read_ints(links, "color", N, 0, INT_MAX, NULL)))
        return -1;
    char *mark = PyMem_Calloc((size_t)N + 1, 1);
    if (!mark) {
        PyErr_NoMemory();
        return -1;
    }
    int status = check_structure(self, mark);
    PyMem_Free(mark);
    if (status < 0)
        return -1;
    if (!(self->first = PyMem_Calloc((size_t)self->n_options + 1, sizeof(int)))) {
        PyErr_NoMemory();
        return -1;
    }
    for (int x = n + 1, option = 0; x < N - 1; x++) /* checked: spacers end the options */
        if (self->top[x] <= 0)
            self->first[option++] = x + 1;
    return 0;
}

static void Layout_dealloc(Layout *self)
{
    int *arrays[] = {self->llink, self->rlink, self->len,   self->top,
                     self->ulink, self->dlink, self->color, self->first};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        PyMem_Free(arrays[k]);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

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
};

/* A private copy of n ints of the layout. */
static int *copy_ints(const int *from, int n)
{
    int *to = PyMem_Malloc((size_t)n * sizeof(int));
    if (to)
        memcpy(to, from, (size_t)n * sizeof(int));
    return to;
}

/* Take L, and this search's own copies of its mutable arrays and the per-level stacks. */
static int loop_alloc(Loop *self, Layout *L)
{
    Py_INCREF(L);
    self->layout = L;
    int n = self->n_items = L->n_items, N = self->n_nodes = L->n_nodes;
    self->n_primary = L->n_primary;
    self->n_options = L->n_options;
    self->top = L->top;
    size_t depth = (size_t)self->n_primary + 1;
    self->llink = copy_ints(L->llink, n + 2);
    self->rlink = copy_ints(L->rlink, n + 2);
    self->len = copy_ints(L->len, n + 2);
    self->ulink = copy_ints(L->ulink, N);
    self->dlink = copy_ints(L->dlink, N);
    self->color = copy_ints(L->color, N);
    self->mark = PyMem_Calloc((size_t)N + 1, 1);
    self->choice = PyMem_Calloc(depth, sizeof(int));
    self->item = PyMem_Calloc(depth, sizeof(int));
    self->start = PyMem_Calloc(depth + 1, sizeof(int));
    self->size = PyMem_Calloc(depth, sizeof(int));
    self->tried = PyMem_Calloc(depth, sizeof(int));
    self->ties = PyMem_Calloc(depth, sizeof(int));
    self->order = PyMem_Calloc((size_t)N + 1, sizeof(int));
    self->profile = PyMem_Calloc(depth, sizeof(long long));
    if (!self->llink || !self->rlink || !self->len || !self->ulink || !self->dlink ||
        !self->color || !self->mark || !self->choice || !self->item || !self->start ||
        !self->size || !self->tried || !self->ties || !self->order || !self->profile) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static int Loop_init(Loop *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"layout", "forced", "rng", "stats", NULL};
    PyObject *layout, *forced, *rng, *stats;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OOO:Loop", kwlist, &LayoutType, &layout,
                                     &forced, &rng, &stats))
        return -1;
    if (self->layout) {
        PyErr_SetString(PyExc_RuntimeError, "Loop is already initialized");
        return -1;
    }
    Layout *L = (Layout *)layout;
    if (!L->first) {
        PyErr_SetString(PyExc_ValueError, "Layout is not initialized");
        return -1;
    }
    if (loop_alloc(self, L) < 0)
        return -1;
    int n = self->n_items;

    PyObject *profile = PyObject_GetAttr(stats, s_profile);
    if (!profile)
        return -1;
    if (!PyList_Check(profile)) {
        Py_DECREF(profile);
        PyErr_SetString(PyExc_TypeError, "stats.profile must be a list");
        return -1;
    }
    self->profile_list = profile;
    Py_INCREF(stats);
    self->stats = stats;
    Py_INCREF(rng);
    self->rng = rng;

    /* The forced options, checked not to cover an item twice or give a secondary item two
     * colors, then committed in order, every node of each (as DancingLoop does). */
    PyObject *seq = PySequence_Fast(forced, "forced must be a sequence of option indices");
    if (!seq)
        return -1;
    Py_ssize_t n_forced = PySequence_Fast_GET_SIZE(seq);
    int *firsts = PyMem_Calloc(n_forced ? (size_t)n_forced : 1, sizeof(int));
    int *owner = PyMem_Calloc((size_t)n + 1, sizeof(int)); /* -1 taken, c > 0 its color */
    int status = firsts && owner ? 0 : (PyErr_NoMemory(), -1);
    for (Py_ssize_t k = 0; status == 0 && k < n_forced; k++) {
        PyObject *v = PySequence_Fast_GET_ITEM(seq, k);
        long index = PyLong_Check(v) ? PyLong_AsLong(v) : -1;
        if (index < 0 || index >= self->n_options) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "forced option %R is not an option index", v);
            status = -1;
            break;
        }
        firsts[k] = L->first[index];
        for (int q = firsts[k]; self->top[q] > 0; q++) {
            int j = self->top[q], c = self->color[q];
            if (owner[j] && (c == 0 || owner[j] != c)) {
                PyErr_Format(PyExc_ValueError, "forced options conflict on item %d", j);
                status = -1;
                break;
            }
            owner[j] = c ? c : -1;
        }
    }
    for (Py_ssize_t k = 0; status == 0 && k < n_forced; k++)
        for (int q = firsts[k]; self->top[q] > 0; q++)
            commit_node(self, q);
    PyMem_Free(firsts);
    PyMem_Free(owner);
    Py_DECREF(seq);
    self->at = AT_FORWARD;
    self->signals = 1;
    self->ready = status == 0;
    return status;
}

static int Loop_traverse(Loop *self, visitproc visit, void *arg)
{
    Py_VISIT(self->rng);
    Py_VISIT(self->stats);
    Py_VISIT(self->profile_list);
    return 0;
}

static int Loop_clear(Loop *self)
{
    self->ready = 0;
    Py_CLEAR(self->rng);
    Py_CLEAR(self->stats);
    Py_CLEAR(self->profile_list);
    return 0;
}

/* Free what loop_alloc took. */
static void loop_free(Loop *self)
{
    int *arrays[] = {self->llink,  self->rlink, self->len,   self->ulink, self->dlink,
                     self->color,  self->choice, self->item, self->start, self->size,
                     self->tried, self->order, self->ties}; /* top is the layout's */
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        PyMem_Free(arrays[k]);
    PyMem_Free(self->mark);
    PyMem_Free(self->profile);
    Py_XDECREF(self->layout);
}

static void Loop_dealloc(Loop *self)
{
    PyObject_GC_UnTrack(self);
    Loop_clear(self);
    loop_free(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef Loop_methods[] = {
    {"run", (PyCFunction)(void (*)(void))Loop_run, METH_FASTCALL, run_doc},
    {"chosen", (PyCFunction)Loop_chosen, METH_NOARGS, chosen_doc},
    {"branches", (PyCFunction)Loop_branches, METH_NOARGS, branches_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Loop_getset[] = {
    {"level", (getter)Loop_get_level, NULL, "the current depth of the search", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(Loop_doc,
             "Loop(layout, forced, rng, stats)\n\n"
             "dlx.dancing.DancingLoop in C: the same search over a copy of a Layout's arrays,\n"
             "committing the forced option indices first; rng is None or a random.Random.");

static PyTypeObject LoopType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dlx._search.Loop",
    .tp_basicsize = sizeof(Loop),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = Loop_doc,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Loop_init,
    .tp_dealloc = (destructor)Loop_dealloc,
    .tp_traverse = (traverseproc)Loop_traverse,
    .tp_clear = (inquiry)Loop_clear,
    .tp_methods = Loop_methods,
    .tp_getset = Loop_getset,
};

/* ---- the C API (dlx/_search_api.h): runs without a Python object, searched without the GIL */

static DlxRun *api_run_new(PyObject *layout)
{
    if (!PyObject_TypeCheck(layout, &LayoutType) || !((Layout *)layout)->first) {
        PyErr_SetString(PyExc_TypeError, "run_new() needs an initialized dlx._search.Layout");
        return NULL;
    }
    Loop *self = PyMem_Calloc(1, sizeof(Loop)); /* only its fields are used, not as an object */
    if (!self) {
        PyErr_NoMemory();
        return NULL;
    }
    if (loop_alloc(self, (Layout *)layout) < 0) {
        loop_free(self);
        PyMem_Free(self);
        return NULL;
    }
    self->rng = Py_None; /* compared, never called nor released */
    self->at = AT_FORWARD;
    self->ready = 1;
    return (DlxRun *)self;
}

static void api_run_free(DlxRun *run)
{
    if (!run)
        return;
    loop_free((Loop *)run);
    PyMem_Free(run);
}

static int api_n_options(const DlxRun *run)
{
    return ((const Loop *)run)->n_options;
}

static void api_reset(DlxRun *run)
{
    Loop *self = (Loop *)run;
    Layout *L = self->layout;
    size_t items = (size_t)self->n_items + 2, nodes = (size_t)self->n_nodes;
    memcpy(self->llink, L->llink, items * sizeof(int));
    memcpy(self->rlink, L->rlink, items * sizeof(int));
    memcpy(self->len, L->len, items * sizeof(int));
    memcpy(self->ulink, L->ulink, nodes * sizeof(int));
    memcpy(self->dlink, L->dlink, nodes * sizeof(int));
    memcpy(self->color, L->color, nodes * sizeof(int));
    memset(self->profile, 0, (size_t)self->profile_len * sizeof(long long));
    self->profile_len = self->synced = self->level = 0;
    self->nodes = self->updates = self->solutions = 0;
    self->at = AT_FORWARD;
}

static int api_force(DlxRun *run, int option)
{
    Loop *self = (Loop *)run;
    if (option < 0 || option >= self->n_options || self->level || self->nodes)
        return -1;
    int first = self->layout->first[option];
    for (int q = first; self->top[q] > 0; q++) { /* an item already covered: a clash */
        int j = self->top[q];
        if (self->color[q] || self->rlink[self->llink[j]] != j)
            return -1;
    }
    for (int q = first; self->top[q] > 0; q++)
        commit_node(self, q);
    return 0;
}

static int api_search(DlxRun *run, long long next_check, long long target)
{
    Loop *self = (Loop *)run;
    return self->at == AT_END ? END : search(self, next_check, target);
}

static int api_chosen(const DlxRun *run, int *options, int capacity)
{
    const Loop *self = (const Loop *)run;
    for (int l = 0; l < self->level && l < capacity; l++) {
        int q = self->choice[l];
        while (self->top[q] > 0) /* the spacer after the option names it */
            q++;
        options[l] = -self->top[q] - 1;
    }
    return self->level;
}

static long long api_nodes(const DlxRun *run)
{
    return ((const Loop *)run)->nodes;
}

static DlxApi api = {
    .version = DLX_API_VERSION,
    .run_new = api_run_new,
    .run_free = api_run_free,
    .n_options = api_n_options,
    .reset = api_reset,
    .force = api_force,
    .search = api_search,
    .chosen = api_chosen,
    .nodes = api_nodes,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "dlx._search",
    .m_doc = "The search loop of dlx.search in C (optional accelerator).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__search(void)
{
    if (!(s_nodes = PyUnicode_InternFromString("nodes")) ||
        !(s_updates = PyUnicode_InternFromString("updates")) ||
        !(s_solutions = PyUnicode_InternFromString("solutions")) ||
        !(s_profile = PyUnicode_InternFromString("profile")) ||
        !(s_choice = PyUnicode_InternFromString("choice")) ||
        !(s_shuffle = PyUnicode_InternFromString("shuffle")))
        return NULL;
    if (PyType_Ready(&LayoutType) < 0 || PyType_Ready(&LoopType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyModule_AddObjectRef(m, "Layout", (PyObject *)&LayoutType) < 0 ||
        PyModule_AddObjectRef(m, "Loop", (PyObject *)&LoopType) < 0 ||
        PyModule_AddIntConstant(m, "SOLUTION", SOLUTION) < 0 ||
        PyModule_AddIntConstant(m, "CHECKPOINT", CHECKPOINT) < 0 ||
        PyModule_AddIntConstant(m, "END", END) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    PyObject *capsule = PyCapsule_New(&api, DLX_API_CAPSULE, NULL);
    int added = capsule ? PyModule_AddObjectRef(m, "_C_API", capsule) : -1;
    Py_XDECREF(capsule);
    if (added < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
