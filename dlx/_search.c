/* dlx._search: the search loops of dlx.search in C, over the same link arrays.
 *
 * Layout(links) (_layout.h) lays out a dlx.problem.Links, each option's item numbers in one
 * flat array, as Knuth's dancing links in C arrays, in one pass that checks every number
 * (ValueError otherwise), so no input can make the loop read or write out of bounds; it is
 * made once per problem, its nodes packed four ints a node (the links a step touches share
 * a cache line). Loop(layout, forced, rng, stats) is a Dance, a
 * private copy of those arrays with the search state (a few memcpy: per-search setup is
 * microseconds), and commits the forced options. run(next_check, target) is
 * dlx.dancing.DancingLoop.run step for step: same choices, same order, the same seeded calls
 * rng.choice(ties) and rng.shuffle(order) on Python lists, the same counts of nodes,
 * updates and profile, so all backends give identical answers. Steps are named as in TAOCP
 * 7.2.2.1 (X2..X8) and Knuth's DLX1/DLX2 (cover, hide, purify, commit).
 *
 * The search itself (dance_run) is plain C over a Dance and touches no Python object; the
 * seeded steps call back into Python through the Dance's choose and shuffle. An unseeded run
 * releases the GIL, coming back for it every SLICE nodes to look for Ctrl-C. The loop is one
 * source, _dance.h, compiled twice: with and without colors. A problem with item bounds
 * (Links.bounds not all 1..1) runs Algorithm M instead, dlx.multiplicities' loop step for
 * step: _mult.h, compiled with _dance.h and over its operations. Loop(..., costs=[...])
 * runs DLX5's minimum-cost search instead, dlx.costs.CostLoop step for step: _costs.h, over
 * the same operations. Other extensions run Dances (exact covers only) through a capsule,
 * the C API of _search_api.h.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include "_search_api.h"

/* what a run stopped at */
enum { SOLUTION = DLX_SOLUTION, CHECKPOINT = DLX_CHECKPOINT, END = DLX_END, FAILED = 3 };
enum { AT_FORWARD, AT_BACKUP, AT_END };                     /* where it goes on */
#define SLICE (1LL << 16) /* nodes between looks for Ctrl-C */

/* A node of the links: an item header, an option's node or a spacer (top <= 0). */
typedef struct {
    int top, up, down, color;
} Node;

/* What a search has counted and where it stands, in either representation. */
typedef struct {
    long long nodes, updates, solutions;
    long long *profile; /* per level: the options tried there */
    int level, at;
} Tally;

/* One search over a copy of a problem's links, and where it stands: no Python object. */
typedef struct {
    Tally t;
    int n_items, n_primary, n_nodes, has_colors;
    int depth;                          /* levels the stacks hold */
    Node *nd;                           /* the nodes, 0..n_nodes */
    int *llink, *rlink, *len;           /* item lists, 0..n_items + 1 */
    int *choice, *item;                 /* per level: the option's node tried, the item */
    int *start, *size, *tried, *order;  /* seeded: level l tries order[start[l]..][..size] */
    int *ties;                          /* X3's (M3's) ties when seeded */
    /* Algorithm M (item bounds; NULL without): per primary item how many more options may
     * cover it and how many of those are optional; per level its item's list on entry */
    long long *bound, *slack;
    int *first_tweak;
    /* minimum-cost covers (NULL without): each node's option's net cost, per level the cost
     * of the options above it and the bounds its item and its move were committed below;
     * the cutoff the driver lowers between runs, and the bound of the walk under way */
    double *cost, *spent, *below_item, *below_move;
    double cutoff, below;
    /* seeded (choose is not NULL): i = choose(context, ties, n) picks one of n ties, 0 on
     * failure; shuffle(context, order, n, i) permutes i's n options, -1 on failure */
    int (*choose)(void *context, const int *ties, int n);
    int (*shuffle)(void *context, int *order, int n, int i);
    void *context;
} Dance;

/* A solution at `level` (X2, M2): count it; 1 when that reaches target, the search then
 * standing there, to back up when run again. */
static inline int tally_solution(Tally *t, int level, long long target)
{
    if (++t->solutions < target)
        return 0;
    t->at = AT_BACKUP;
    t->level = level;
    return 1;
}

/* Backing up from the root (X8, M9): the tree is done, and run() stays at its end. */
static inline int tally_end(Tally *t)
{
    t->at = AT_END;
    t->level = 0;
    return END;
}

/* A move made at `level` (X5, M6): count the node; 1 when that reaches next_check, the
 * search then standing at the next level, going forward. */
static inline int tally_node(Tally *t, int level, long long next_check)
{
    t->nodes++;
    t->profile[level]++;
    if (t->nodes < next_check)
        return 0;
    t->at = AT_FORWARD;
    t->level = level + 1;
    return 1;
}

#include "_bits.h"

/* The bitsets take problems up to this many options (their conflict masks then take 34 MB)
 * and primary items (a level saves the lengths of the primary items, so on a 9x9 sudoku,
 * 324, the links are faster); dlx.search decides between them and the links within that. */
#define BITS_MAX_OPTIONS 16384
#define BITS_MAX_PRIMARY 128
_Static_assert(BITS_MAX_PRIMARY < 256, "the bitsets keep primary items in bytes");

/* A problem's link arrays, checked once; every Loop copies them. */
typedef struct {
    PyObject_HEAD
    int n_items, n_primary, n_nodes, n_options, has_colors;
    int bits_fit;                       /* the bitsets step as the links do (see _bits.h) */
    Masks *masks;                       /* made by the first Loop on bitsets */
    Node *nd;                           /* the checked nodes */
    int *items;                         /* llink, rlink, len, each n_items + 2 ints */
    int *first;                         /* option k's first node */
    long long *bounds;                  /* u, v of primary item i at 2i, 2i + 1; NULL: 1..1 */
} Layout;

typedef struct {
    PyObject_HEAD
    Layout *layout;
    int on_bits;     /* which of these two runs the search */
    Dance dance;
    Bits bits;
    char *mark;      /* per node, to check a shuffle is a permutation */
    int running, ready;
    PyObject *rng, *stats, *profile_list;
    PyObject *getrandbits; /* rng.getrandbits when rng is a plain random.Random, else NULL */
} Loop;

static PyObject *s_nodes, *s_updates, *s_solutions, *s_profile, *s_choice, *s_shuffle;
static PyObject *s_getrandbits, *random_type; /* random.Random, imported with the module */

#include "_layout.h"

/* ---- the search state: plain C, no Python object ---------------------------------------- */

#define COST_LOOKAHEAD 10 /* DLX5's lenthresh (dlx.costs.LOOKAHEAD) */

#define VARIANT(name) name##_plain
#define COLORS 0
#include "_dance.h"
#include "_mult.h"
#include "_costs.h"
#undef COLORS
#undef VARIANT
#define VARIANT(name) name##_colors
#define COLORS 1
#include "_dance.h"
#include "_mult.h"
#include "_costs.h"
#undef COLORS
#undef VARIANT
#include "_relax.h"
#include "_number.h"

/* Commit every node of the option whose first node is q (a forced option): the colored
 * variant's commit, which is also right without colors. */
static void dance_force(Dance *d, int q)
{
    for (; d->nd[q].top > 0; q++)
        commit_node_colors(d, q);
}

/* The same for Algorithm M, as MultiplicityLoop does it: the option leaves every list, then
 * its items are committed in order. */
static void bounded_force(Dance *d, int first)
{
    for (int q = first; d->nd[q].top > 0; q++)
        if (d->nd[q].color >= 0)
            unlink_colors(d, q);
    for (int q = first; d->nd[q].top > 0; q++)
        commit_bounded_node_colors(d, q);
}

/* Search on from where d stands until d->t.solutions reaches target (SOLUTION; the solutions
 * before it are only counted), until d->t.nodes reaches next_check (CHECKPOINT), or to the end
 * (END); FAILED when d->choose or d->shuffle failed (run again to retry that step). Calls no
 * Python unless those callbacks do, so an unseeded run may release the GIL. */
static int dance_run(Dance *d, long long next_check, long long target)
{
    if (d->t.at == AT_END)
        return END;
    if (d->cost)
        return d->has_colors ? run_costs_colors(d, next_check, target)
                             : run_costs_plain(d, next_check, target);
    if (d->bound)
        return d->has_colors ? run_bounded_colors(d, next_check, target)
                             : run_bounded_plain(d, next_check, target);
    return d->has_colors ? run_colors(d, next_check, target) : run_plain(d, next_check, target);
}

/* How many options level l has tried before the current one, and how many it has. */
static void dance_branch(const Dance *d, int l, int *size, int *tried)
{
    if (d->choose || d->bound || d->cost) {
        *size = d->size[l];
        *tried = d->tried[l];
        return;
    }
    int i = d->item[l], n = 0;
    for (int x = d->nd[i].down; x != d->choice[l]; x = d->nd[x].down)
        n++;
    *size = d->len[i]; /* i's list is as it was when i was covered */
    *tried = n;
}

static void dance_free(Dance *d)
{
    void *arrays[] = {d->nd,    d->llink, d->rlink, d->len,   d->choice, d->item,
                      d->start, d->size,  d->tried, d->order, d->ties,   d->t.profile,
                      d->bound, d->slack, d->first_tweak, d->cost, d->spent, d->below_item,
                      d->below_move};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        PyMem_RawFree(arrays[k]);
    memset(d, 0, sizeof *d);
}

/* The levels a search of L may reach: a primary item's count; with bounds, one option or one
 * null move a level, each taking one from some item's bound. */
static int depth_of_layout(const Layout *L)
{
    if (!L->bounds)
        return L->n_primary + 1;
    long long moves = (long long)L->n_options + L->n_primary, sum = 0;
    for (int i = 1; i <= L->n_primary && sum < moves; i++)
        sum += L->bounds[2 * i + 1];
    return (int)(sum < moves ? sum : moves) + 1;
}

/* d as a fresh search over a layout's nodes, item lists and bounds; -1 if out of memory. */
static int dance_init(Dance *d, const Layout *L)
{
    memset(d, 0, sizeof *d);
    int n_primary = L->n_primary;
    size_t items = (size_t)L->n_items + 2, depth = (size_t)depth_of_layout(L);
    d->n_items = L->n_items;
    d->n_primary = n_primary;
    d->n_nodes = L->n_nodes;
    d->has_colors = L->has_colors;
    d->depth = (int)depth;
    d->t.at = AT_FORWARD;
    d->nd = PyMem_RawMalloc((size_t)L->n_nodes * sizeof(Node));
    d->llink = PyMem_RawMalloc(items * sizeof(int));
    d->rlink = PyMem_RawMalloc(items * sizeof(int));
    d->len = PyMem_RawMalloc(items * sizeof(int));
    d->choice = PyMem_RawCalloc(depth, sizeof(int));
    d->item = PyMem_RawCalloc(depth, sizeof(int));
    d->start = PyMem_RawCalloc(depth + 1, sizeof(int));
    d->size = PyMem_RawCalloc(depth, sizeof(int));
    d->tried = PyMem_RawCalloc(depth, sizeof(int));
    d->ties = PyMem_RawCalloc((size_t)n_primary + 1, sizeof(int));
    d->order = PyMem_RawCalloc((size_t)L->n_nodes + 1, sizeof(int));
    d->t.profile = PyMem_RawCalloc(depth, sizeof(long long));
    if (!d->nd || !d->llink || !d->rlink || !d->len || !d->choice || !d->item || !d->start ||
        !d->size || !d->tried || !d->ties || !d->order || !d->t.profile)
        goto fail;
    if (L->bounds) {
        d->bound = PyMem_RawMalloc(((size_t)n_primary + 1) * sizeof(long long));
        d->slack = PyMem_RawMalloc(((size_t)n_primary + 1) * sizeof(long long));
        d->first_tweak = PyMem_RawCalloc(depth, sizeof(int));
        if (!d->bound || !d->slack || !d->first_tweak)
            goto fail;
        for (int i = 0; i <= n_primary; i++) {
            d->bound[i] = L->bounds[2 * i + 1];
            d->slack[i] = L->bounds[2 * i + 1] - L->bounds[2 * i];
        }
    }
    memcpy(d->nd, L->nd, (size_t)L->n_nodes * sizeof(Node));
    memcpy(d->llink, L->items, items * sizeof(int));
    memcpy(d->rlink, L->items + items, items * sizeof(int));
    memcpy(d->len, L->items + 2 * items, items * sizeof(int));
    return 0;
fail:
    dance_free(d);
    return -1;
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

/* What a plain random.Random's _randbelow(n) gives (_randbelow_with_getrandbits, CPython
 * 3.10 to 3.13): getrandbits(n.bit_length()) until it is below n, in C rather than through
 * its Python frames (choice and shuffle below call it once a draw, as Random's own do, so
 * a seeded run draws the same numbers in the same order); -1 with an exception set. */
static long randbelow(Loop *self, long n)
{
    int k = 0;
    while (n >> k)
        k++;
    PyObject *bits = PyLong_FromLong(k);
    if (!bits)
        return -1;
    long r = n;
    while (r >= n) {
        PyObject *got = PyObject_CallOneArg(self->getrandbits, bits);
        r = got ? PyLong_AsLong(got) : -1;
        Py_XDECREF(got);
        if (r < 0)
            break;
    }
    Py_DECREF(bits);
    return r;
}

/* rng.choice(ties), checked to be one of them; 0 with an exception set on failure. */
static int choose(void *context, const int *ties, int n_ties)
{
    Loop *self = context;
    if (self->getrandbits) { /* Random.choice: seq[self._randbelow(len(seq))] */
        long j = randbelow(self, n_ties);
        return j < 0 ? 0 : ties[j];
    }
    PyObject *list = int_list(ties, n_ties);
    if (!list)
        return 0;
    PyObject *got = PyObject_CallMethodOneArg(self->rng, s_choice, list);
    Py_DECREF(list);
    if (!got)
        return 0;
    long i = PyLong_Check(got) ? PyLong_AsLong(got) : -1;
    Py_DECREF(got);
    for (int k = 0; k < n_ties; k++)
        if (ties[k] == i)
            return (int)i;
    if (!PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "rng.choice(ties) did not return one of the ties");
    return 0;
}

/* What a plain random.Random's shuffle does to order[0..n) (for i in reversed(range(1, n)):
 * swap i and _randbelow(i + 1)), drawn in C; -1 with an exception set. */
static int shuffle_drawn(Loop *self, int *order, int n)
{
    for (int k = n - 1; k > 0; k--) {
        long j = randbelow(self, k + 1);
        if (j < 0)
            return -1;
        int t = order[k];
        order[k] = order[j];
        order[j] = t;
    }
    return 0;
}

/* rng.shuffle(order) on order[0..n), checked to give back each of them once: the values
 * were marked 1 in self->mark (below `bound`), and each given back is marked 2; the caller
 * clears the marks. */
static int shuffle_marked(Loop *self, int *order, int n, long bound)
{
    PyObject *list = int_list(order, n);
    if (!list)
        return -1;
    PyObject *done = PyObject_CallMethodOneArg(self->rng, s_shuffle, list);
    int status = done && PyList_GET_SIZE(list) == n ? 0 : -1;
    Py_XDECREF(done);
    for (int k = 0; status == 0 && k < n; k++) {
        PyObject *v = PyList_GET_ITEM(list, k);
        long x = PyLong_Check(v) ? PyLong_AsLong(v) : -1;
        if (x < 0 || x >= bound || self->mark[x] != 1)
            status = -1;
        else {
            self->mark[x] = 2;
            order[k] = (int)x;
        }
    }
    Py_DECREF(list);
    if (status < 0 && done && !PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "rng.shuffle(order) did not permute the options");
    return status;
}

/* The dancing links' shuffle: the n nodes of item i's list at order[0..n). */
static int shuffle(void *context, int *order, int n, int i)
{
    Loop *self = context;
    if (self->getrandbits)
        return shuffle_drawn(self, order, n);
    Node *nd = self->dance.nd;
    for (int p = nd[i].down; p != i; p = nd[p].down)
        self->mark[p] = 1;
    int status = shuffle_marked(self, order, n, self->dance.n_nodes);
    for (int p = nd[i].down; p != i; p = nd[p].down)
        self->mark[p] = 0;
    return status;
}

/* The bitsets' shuffle: the n options of item i still active, lowest first, at order[0..n)
 * (options are numbered below n_nodes, the marks' size). */
static int shuffle_options(void *context, int *order, int n, int i)
{
    (void)i;
    Loop *self = context;
    if (self->getrandbits)
        return shuffle_drawn(self, order, n);
    for (int k = 0; k < n; k++)
        self->mark[order[k]] = 1;
    int *given = PyMem_Malloc((size_t)n * sizeof(int) + 1);
    if (!given) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(given, order, (size_t)n * sizeof(int));
    int status = shuffle_marked(self, order, n, self->layout->n_options);
    for (int k = 0; k < n; k++)
        self->mark[given[k]] = 0;
    PyMem_Free(given);
    return status;
}

/* ---- the Python type around a Dance -------------------------------------------------- */

/* The counters of whichever representation runs the search. */
static Tally *tally(Loop *self)
{
    return self->on_bits ? &self->bits.t : &self->dance.t;
}

/* The number of entries of a profile: its levels that have tried an option (of at most
 * `levels`). */
static int profile_depth(const Tally *t, int levels)
{
    int l = 0;
    while (l < levels && t->profile[l])
        l++;
    return l;
}

/* Copy the counters into the Python Stats: nodes, updates, solutions, the profile. */
static int publish(Loop *self)
{
    Tally *t = tally(self);
    PyObject *v;
    if (!(v = PyLong_FromLongLong(t->nodes)) || PyObject_SetAttr(self->stats, s_nodes, v))
        goto fail;
    Py_DECREF(v);
    if (!(v = PyLong_FromLongLong(t->updates)) || PyObject_SetAttr(self->stats, s_updates, v))
        goto fail;
    Py_DECREF(v);
    if (!(v = PyLong_FromLongLong(t->solutions)) || PyObject_SetAttr(self->stats, s_solutions, v))
        goto fail;
    Py_DECREF(v);
    v = NULL;
    int depth = profile_depth(t, self->on_bits ? self->layout->n_primary : self->dance.depth - 1);
    PyObject *profile = self->profile_list;
    for (int l = 0; l < depth; l++) {
        if (l < PyList_GET_SIZE(profile)) {
            PyObject *old = PyList_GET_ITEM(profile, l);
            if (PyLong_Check(old) && PyLong_AsLongLong(old) == t->profile[l])
                continue;
        }
        if (!(v = PyLong_FromLongLong(t->profile[l])))
            goto fail;
        if (l < PyList_GET_SIZE(profile)) {
            if (PyList_SetItem(profile, l, v) < 0) { /* steals v */
                v = NULL;
                goto fail;
            }
        } else if (PyList_Append(profile, v) < 0)
            goto fail;
        else
            Py_DECREF(v);
        v = NULL;
    }
    return 0;
fail:
    Py_XDECREF(v);
    return -1;
}

static PyObject *stop(Loop *self, int event)
{
    self->running = 0;
    if (publish(self) < 0)
        return NULL;
    return Py_BuildValue("(ii)", event, tally(self)->level);
}

/* An exception is set: keep the counts; run() goes on from where the Dance stands. */
static PyObject *fail(Loop *self)
{
    self->running = 0;
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
                      "(CHECKPOINT), or to the end (END); stats is then current. Unseeded, the\n"
                      "search runs without the GIL.");

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
    Dance *d = &self->dance;
    Tally *t = tally(self);
    if (t->at == AT_END)
        return Py_BuildValue("(ii)", END, 0);
    self->running = 1; /* the GIL may be released: no second run() meanwhile */
    for (;;) {
        /* in slices of SLICE nodes, back with the GIL in between to look for Ctrl-C */
        long long slice = t->nodes < LLONG_MAX - SLICE ? t->nodes + SLICE : LLONG_MAX;
        long long until = next_check < slice ? next_check : slice;
        int event;
        if (self->on_bits && self->bits.choose) /* seeded: the run calls rng, with the GIL */
            event = bits_run(&self->bits, until, target);
        else if (self->on_bits) {
            Py_BEGIN_ALLOW_THREADS
            event = bits_run(&self->bits, until, target);
            Py_END_ALLOW_THREADS
        } else if (d->choose) /* seeded: the run calls rng, with the GIL */
            event = dance_run(d, until, target);
        else {
            Py_BEGIN_ALLOW_THREADS
            event = dance_run(d, until, target);
            Py_END_ALLOW_THREADS
        }
        if (event == FAILED)
            return fail(self);
        if (event != CHECKPOINT || t->nodes >= next_check)
            return stop(self, event);
        if (PyErr_CheckSignals() < 0)
            return fail(self);
    }
}

PyDoc_STRVAR(chosen_doc, "chosen() -> list of the option indices chosen above the current level");

/* -1 with RuntimeError while run() searches in another thread: the state is changing. */
static int idle(Loop *self)
{
    if (!self->running)
        return 0;
    PyErr_SetString(PyExc_RuntimeError, "Loop.run() is running in another thread");
    return -1;
}

static PyObject *Loop_chosen(Loop *self, PyObject *Py_UNUSED(ignored))
{
    if (idle(self) < 0)
        return NULL;
    Dance *d = &self->dance;
    int level = tally(self)->level;
    PyObject *list = PyList_New(0);
    if (!list)
        return NULL;
    for (int l = 0; l < level; l++) {
        int option = self->bits.choice ? self->bits.choice[l] : 0;
        if (!self->on_bits) {
            int q = d->choice[l];
            if (q <= d->n_items) /* Algorithm M's null move: no option */
                continue;
            while (d->nd[q].top > 0) /* the spacer after the option names it */
                q++;
            option = -d->nd[q].top - 1;
        }
        PyObject *v = PyLong_FromLong(option);
        if (!v || PyList_Append(list, v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(list);
            return NULL;
        }
        Py_DECREF(v);
    }
    return list;
}

PyDoc_STRVAR(branches_doc,
             "branches() -> [(options to try, options tried)] for each level above the current");

static PyObject *Loop_branches(Loop *self, PyObject *Py_UNUSED(ignored))
{
    if (idle(self) < 0)
        return NULL;
    int level = tally(self)->level;
    PyObject *list = PyList_New(level);
    if (!list)
        return NULL;
    for (int l = 0; l < level; l++) {
        int size, tried;
        if (self->on_bits)
            bits_branch(&self->bits, l, &size, &tried);
        else
            dance_branch(&self->dance, l, &size, &tried);
        PyObject *pair = Py_BuildValue("(ii)", size, tried);
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
    if (idle(self) < 0)
        return NULL;
    return PyLong_FromLong(tally(self)->level);
}

static PyObject *Loop_get_bits(Loop *self, void *Py_UNUSED(closure))
{
    return PyBool_FromLong(self->on_bits);
}

/* -1 with an exception unless the Loop searches costs and is not running. */
static int costed(Loop *self)
{
    if (idle(self) < 0)
        return -1;
    if (self->dance.cost)
        return 0;
    PyErr_SetString(PyExc_AttributeError, "this Loop was made without costs");
    return -1;
}

static PyObject *Loop_get_cutoff(Loop *self, void *Py_UNUSED(closure))
{
    return costed(self) < 0 ? NULL : PyFloat_FromDouble(self->dance.cutoff);
}

static int Loop_set_cutoff(Loop *self, PyObject *value, void *Py_UNUSED(closure))
{
    if (costed(self) < 0)
        return -1;
    if (!value) {
        PyErr_SetString(PyExc_TypeError, "the cutoff cannot be deleted");
        return -1;
    }
    double cutoff = PyFloat_AsDouble(value);
    if (cutoff == -1 && PyErr_Occurred())
        return -1;
    if (!(cutoff >= 0)) { /* NaN too; infinite is no cutoff */
        PyErr_Format(PyExc_ValueError, "cutoff must be a number >= 0, not %R", value);
        return -1;
    }
    self->dance.cutoff = cutoff;
    return 0;
}

PyDoc_STRVAR(cost_doc, "cost() -> the net cost of the options chosen above the current level");

static PyObject *Loop_cost(Loop *self, PyObject *Py_UNUSED(ignored))
{
    if (costed(self) < 0)
        return NULL;
    return PyFloat_FromDouble(self->dance.spent[self->dance.t.level]);
}

/* ---- the Loop type -------------------------------------------------------------------- */

/* costs, one finite number >= 0 an option, as the Dance's cost of each node (its option's)
 * with the stacks of the cost search; the layout must have no bounds and rng be None. */
static int read_costs(Dance *d, const Layout *L, PyObject *costs, PyObject *rng)
{
    if (L->bounds || rng != Py_None) {
        PyErr_SetString(PyExc_ValueError,
                        "costs are searched without item bounds and unseeded (DLX5's search)");
        return -1;
    }
    PyObject *seq = PySequence_Fast(costs, "costs must be a sequence of floats");
    if (!seq)
        return -1;
    int status = 0;
    if (PySequence_Fast_GET_SIZE(seq) != L->n_options) {
        PyErr_Format(PyExc_ValueError, "%zd costs given for %d options",
                     PySequence_Fast_GET_SIZE(seq), L->n_options);
        status = -1;
    }
    size_t depth = (size_t)d->depth;
    d->cost = PyMem_RawCalloc((size_t)L->n_nodes, sizeof(double));
    d->spent = PyMem_RawCalloc(depth + 1, sizeof(double));
    d->below_item = PyMem_RawCalloc(depth, sizeof(double));
    d->below_move = PyMem_RawCalloc(depth, sizeof(double));
    if (status == 0 && (!d->cost || !d->spent || !d->below_item || !d->below_move)) {
        PyErr_NoMemory();
        status = -1;
    }
    for (int option = 0; status == 0 && option < L->n_options; option++) {
        PyObject *v = PySequence_Fast_GET_ITEM(seq, option);
        double c = PyFloat_Check(v) ? PyFloat_AS_DOUBLE(v) : -1;
        if (!(c >= 0 && c <= DBL_MAX)) { /* NaN fails too */
            PyErr_Format(PyExc_ValueError, "costs[%d] is %R, not a finite float >= 0", option, v);
            status = -1;
        }
        for (int q = L->first[option]; status == 0 && L->nd[q].top > 0; q++)
            d->cost[q] = c;
    }
    Py_DECREF(seq);
    d->cutoff = HUGE_VAL;
    return status;
}

static int Loop_init(Loop *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"layout", "forced", "rng", "stats", "bits", "costs", NULL};
    PyObject *layout, *forced, *rng, *stats, *costs = Py_None;
    int bits = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OOO|$pO:Loop", kwlist, &LayoutType, &layout,
                                     &forced, &rng, &stats, &bits, &costs))
        return -1;
    if (self->layout) {
        PyErr_SetString(PyExc_RuntimeError, "Loop is already initialized");
        return -1;
    }
    Layout *L = (Layout *)layout;
    if (!L->nd) {
        PyErr_SetString(PyExc_ValueError, "Layout is not initialized");
        return -1;
    }
    Py_INCREF(layout);
    self->layout = L;
    int n = L->n_items, N = L->n_nodes;
    Dance *d = &self->dance;
    self->on_bits = bits && L->bits_fit && costs == Py_None;
    if (self->on_bits && !L->masks &&
        !(L->masks = masks_new(L->nd, L->first, n, L->n_primary, L->n_options))) {
        PyErr_NoMemory();
        return -1;
    }
    if (self->on_bits ? bits_init(&self->bits, L->masks) < 0 : dance_init(d, L) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    if (!(self->mark = PyMem_Calloc((size_t)N + 1, 1))) {
        PyErr_NoMemory();
        return -1;
    }
    if (costs != Py_None && read_costs(d, L, costs, rng) < 0)
        return -1;

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
    /* A plain random.Random draws in C (see randbelow); any other rng is called. */
    if (rng != Py_None && Py_IS_TYPE(rng, (PyTypeObject *)random_type) &&
        !(self->getrandbits = PyObject_GetAttr(rng, s_getrandbits)))
        return -1;
    if (rng != Py_None && self->on_bits) {
        self->bits.choose = choose;
        self->bits.shuffle = shuffle_options;
        self->bits.context = self;
    } else if (rng != Py_None) {
        d->choose = choose;
        d->shuffle = shuffle;
        d->context = self;
    }

    /* The forced options, checked to be distinct, not to cover a primary item more often
     * than its bound allows nor give a secondary item two colors, then committed in order,
     * every node of each (as DancingLoop and MultiplicityLoop do). */
    PyObject *seq = PySequence_Fast(forced, "forced must be a sequence of option indices");
    if (!seq)
        return -1;
    Py_ssize_t n_forced = PySequence_Fast_GET_SIZE(seq);
    int *chosen = PyMem_Calloc(n_forced ? (size_t)n_forced : 1, sizeof(int));
    /* primary: the forced options covering it; secondary: -1 taken, c > 0 its color */
    long long *owner = PyMem_Calloc((size_t)n + 1, sizeof(long long));
    int status = chosen && owner ? 0 : (PyErr_NoMemory(), -1);
    for (Py_ssize_t k = 0; status == 0 && k < n_forced; k++) {
        PyObject *v = PySequence_Fast_GET_ITEM(seq, k);
        long index = PyLong_Check(v) ? PyLong_AsLong(v) : -1;
        if (index < 0 || index >= L->n_options) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "forced option %R is not an option index", v);
            status = -1;
            break;
        }
        chosen[k] = (int)index;
        if (self->mark[L->first[index]]++) { /* marks cleared below */
            PyErr_Format(PyExc_ValueError, "forced option %R is forced twice", v);
            status = -1;
        }
        for (int q = L->first[index]; status == 0 && L->nd[q].top > 0; q++) {
            int j = L->nd[q].top, c = L->nd[q].color;
            long long most = L->bounds && j <= L->n_primary ? L->bounds[2 * j + 1] : 1;
            if (j <= L->n_primary ? ++owner[j] > most : owner[j] && (!c || owner[j] != c)) {
                PyErr_Format(PyExc_ValueError, "forced options conflict on item %d", j);
                status = -1;
            }
            if (j > L->n_primary)
                owner[j] = c ? c : -1;
        }
    }
    for (Py_ssize_t k = 0; chosen && k < n_forced; k++)
        self->mark[L->first[chosen[k]]] = 0;
    for (Py_ssize_t k = 0; status == 0 && k < n_forced; k++) {
        if (d->cost) /* its net cost counts, as CostLoop adds it */
            d->spent[0] += d->cost[L->first[chosen[k]]];
        if (self->on_bits)
            bits_force(&self->bits, chosen[k]);
        else if (L->bounds)
            bounded_force(d, L->first[chosen[k]]);
        else
            dance_force(d, L->first[chosen[k]]);
    }
    PyMem_Free(chosen);
    PyMem_Free(owner);
    Py_DECREF(seq);
    self->ready = status == 0;
    return status;
}

static int Loop_traverse(Loop *self, visitproc visit, void *arg)
{
    Py_VISIT(self->rng);
    Py_VISIT(self->getrandbits);
    Py_VISIT(self->stats);
    Py_VISIT(self->profile_list);
    return 0;
}

static int Loop_clear(Loop *self)
{
    self->ready = 0;
    Py_CLEAR(self->rng);
    Py_CLEAR(self->getrandbits);
    Py_CLEAR(self->stats);
    Py_CLEAR(self->profile_list);
    return 0;
}

static void Loop_dealloc(Loop *self)
{
    PyObject_GC_UnTrack(self);
    Loop_clear(self);
    dance_free(&self->dance);
    bits_free(&self->bits);
    PyMem_Free(self->mark);
    Py_XDECREF(self->layout);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef Loop_methods[] = {
    {"run", (PyCFunction)(void (*)(void))Loop_run, METH_FASTCALL, run_doc},
    {"chosen", (PyCFunction)Loop_chosen, METH_NOARGS, chosen_doc},
    {"branches", (PyCFunction)Loop_branches, METH_NOARGS, branches_doc},
    {"cost", (PyCFunction)Loop_cost, METH_NOARGS, cost_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Loop_getset[] = {
    {"level", (getter)Loop_get_level, NULL, "the current depth of the search", NULL},
    {"bits", (getter)Loop_get_bits, NULL, "whether the search runs on option bitsets", NULL},
    {"cutoff", (getter)Loop_get_cutoff, (setter)Loop_set_cutoff,
     "with costs: the net cost a solution must beat (inf: none yet)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(Loop_doc,
             "Loop(layout, forced, rng, stats, *, bits=False, costs=None)\n\n"
             "dlx.dancing.DancingLoop in C (dlx.multiplicities.MultiplicityLoop when the\n"
             "layout has item bounds, dlx.costs.CostLoop given the options' net costs):\n"
             "the same search over a copy of a Layout's arrays, committing the forced\n"
             "option indices first; rng is None or a random.Random.");

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

struct DlxRun {
    Dance d;
    Layout *layout; /* a reference */
};

static DlxRun *api_run_new(PyObject *layout)
{
    if (!PyObject_TypeCheck(layout, &LayoutType) || !((Layout *)layout)->nd) {
        PyErr_SetString(PyExc_TypeError, "run_new() needs an initialized dlx._search.Layout");
        return NULL;
    }
    Layout *L = (Layout *)layout;
    if (L->bounds) {
        PyErr_SetString(PyExc_ValueError, "run_new() runs exact covers: this Layout has bounds");
        return NULL;
    }
    DlxRun *run = PyMem_Calloc(1, sizeof(DlxRun));
    if (!run || dance_init(&run->d, L) < 0) {
        PyMem_Free(run);
        PyErr_NoMemory();
        return NULL;
    }
    Py_INCREF(layout);
    run->layout = L;
    return run;
}

static void api_run_free(DlxRun *run)
{
    if (!run)
        return;
    dance_free(&run->d);
    Py_XDECREF(run->layout);
    PyMem_Free(run);
}

static int api_n_options(const DlxRun *run)
{
    return run->layout->n_options;
}

static void api_reset(DlxRun *run)
{
    Dance *d = &run->d;
    Layout *L = run->layout;
    size_t items = (size_t)d->n_items + 2;
    memcpy(d->nd, L->nd, (size_t)d->n_nodes * sizeof(Node));
    memcpy(d->llink, L->items, items * sizeof(int));
    memcpy(d->rlink, L->items + items, items * sizeof(int));
    memcpy(d->len, L->items + 2 * items, items * sizeof(int));
    memset(d->t.profile, 0, (size_t)d->depth * sizeof(long long));
    d->t.nodes = d->t.updates = d->t.solutions = 0;
    d->t.level = 0;
    d->t.at = AT_FORWARD;
}

static int api_force(DlxRun *run, int option)
{
    Dance *d = &run->d;
    if (option < 0 || option >= run->layout->n_options || d->t.level || d->t.nodes)
        return -1;
    int first = run->layout->first[option];
    for (int q = first; d->nd[q].top > 0; q++) { /* an item already covered: a clash */
        int j = d->nd[q].top;
        if (d->nd[q].color || d->rlink[d->llink[j]] != j)
            return -1;
    }
    dance_force(d, first);
    return 0;
}

static int api_search(DlxRun *run, long long next_check, long long target)
{
    return dance_run(&run->d, next_check, target); /* unseeded: never FAILED */
}

static int api_chosen(const DlxRun *run, int *options, int capacity)
{
    const Dance *d = &run->d;
    for (int l = 0; l < d->t.level && l < capacity; l++) {
        int q = d->choice[l];
        while (d->nd[q].top > 0) /* the spacer after the option names it */
            q++;
        options[l] = -d->nd[q].top - 1;
    }
    return d->t.level;
}

static long long api_nodes(const DlxRun *run)
{
    return run->d.t.nodes;
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

/* ---- dlx.relaxation's subgradient ascent (_relax.h) ------------------------------------- */

/* seq as n doubles into out (PyMem), -1 with an exception unless every entry is a number. */
static int read_doubles(PyObject *seq, double **out, Py_ssize_t *n)
{
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of numbers");
    if (!fast)
        return -1;
    *n = PySequence_Fast_GET_SIZE(fast);
    *out = PyMem_Calloc(*n ? (size_t)*n : 1, sizeof(double));
    int status = *out ? 0 : (PyErr_NoMemory(), -1);
    for (Py_ssize_t k = 0; status == 0 && k < *n; k++) {
        (*out)[k] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, k));
        if ((*out)[k] == -1 && PyErr_Occurred())
            status = -1;
    }
    Py_DECREF(fast);
    return status;
}

PyDoc_STRVAR(ascend_doc, "ascend(costs, items, prices, rounds) -> the best prices met\n\n"
                         "dlx.relaxation._ascend in C: items[o] lists option o's items, each in\n"
                         "0..len(prices)-1; the same steps and the same floats.");

static PyObject *relax_ascend_py(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *costs_obj, *items_obj, *prices_obj, *result = NULL, *items = NULL;
    long long rounds;
    if (!PyArg_ParseTuple(args, "OOOL:ascend", &costs_obj, &items_obj, &prices_obj, &rounds))
        return NULL;
    double *costs = NULL, *prices = NULL, *best = NULL, *net = NULL;
    int *first = NULL, *entries = NULL;
    long long *slope = NULL;
    char *alive = NULL;
    Py_ssize_t m, n, total = 0;
    if (read_doubles(costs_obj, &costs, &m) < 0 || read_doubles(prices_obj, &prices, &n) < 0 ||
        !(items = PySequence_Fast(items_obj, "items must be a sequence of sequences")))
        goto done;
    if (PySequence_Fast_GET_SIZE(items) != m || m > INT_MAX - 1 || n > INT_MAX) {
        PyErr_SetString(PyExc_ValueError, "ascend() needs one list of items an option");
        goto done;
    }
    first = PyMem_Calloc((size_t)m + 1, sizeof(int));
    best = PyMem_Calloc(n ? (size_t)n : 1, sizeof(double));
    net = PyMem_Calloc(m ? (size_t)m : 1, sizeof(double));
    slope = PyMem_Calloc(n ? (size_t)n : 1, sizeof(long long));
    alive = PyMem_Calloc(n ? (size_t)n : 1, 1);
    if (!first || !best || !net || !slope || !alive) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t o = 0; o < m; o++) {
        Py_ssize_t size = PyObject_Length(PySequence_Fast_GET_ITEM(items, o));
        if (size < 0 || total + size > INT_MAX) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "ascend(): too many items");
            goto done;
        }
        total += size;
        first[o + 1] = (int)total;
    }
    if (!(entries = PyMem_Calloc(total ? (size_t)total : 1, sizeof(int)))) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t o = 0; o < m; o++) {
        PyObject *its = PySequence_Fast(PySequence_Fast_GET_ITEM(items, o), "items of an option");
        if (!its)
            goto done;
        int ok = PySequence_Fast_GET_SIZE(its) == first[o + 1] - first[o];
        for (Py_ssize_t k = 0; ok && k < PySequence_Fast_GET_SIZE(its); k++) {
            long i = PyLong_AsLong(PySequence_Fast_GET_ITEM(its, k));
            ok = i >= 0 && i < n;
            entries[first[o] + k] = ok ? (int)i : 0;
            if (ok)
                alive[i] = 1;
        }
        Py_DECREF(its);
        if (!ok) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "ascend(): option %zd names an item out of range", o);
            goto done;
        }
    }
    relax_ascend((int)n, (int)m, costs, first, entries, rounds, prices, best, net, slope, alive);
    if (!(result = PyList_New(n)))
        goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyFloat_FromDouble(best[i]);
        if (!v) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, i, v);
    }
done:
    Py_XDECREF(items);
    void *arrays[] = {costs, prices, best, net, first, entries, slope, alive};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        PyMem_Free(arrays[k]);
    return result;
}

static PyMethodDef module_methods[] = {
    {"ascend", relax_ascend_py, METH_VARARGS, ascend_doc},
    {"number_options", number_options_py, METH_VARARGS, number_options_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "dlx._search",
    .m_doc = "The search loop of dlx.search in C (optional accelerator).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__search(void)
{
    if (!(s_nodes = PyUnicode_InternFromString("nodes")) ||
        !(s_updates = PyUnicode_InternFromString("updates")) ||
        !(s_solutions = PyUnicode_InternFromString("solutions")) ||
        !(s_profile = PyUnicode_InternFromString("profile")) ||
        !(s_choice = PyUnicode_InternFromString("choice")) ||
        !(s_shuffle = PyUnicode_InternFromString("shuffle")) ||
        !(s_getrandbits = PyUnicode_InternFromString("getrandbits")))
        return NULL;
    PyObject *random = PyImport_ImportModule("random");
    random_type = random ? PyObject_GetAttrString(random, "Random") : NULL;
    Py_XDECREF(random);
    if (!random_type)
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
        PyModule_AddIntConstant(m, "END", END) < 0 ||
        PyModule_AddIntConstant(m, "LOOKAHEAD", COST_LOOKAHEAD) < 0 ||
        PyModule_AddStringConstant(m, "BIT_OPS", DLX_BIT_OPS) < 0) {
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
