/* sudoku._chains' closures: the potentials a search reached, in order, with what each
 * follows from. Included by _chains.c (after Python.h, _portable.h and MAX_N), which keeps
 * them in capsules and fills them in its searches. */

#include <stdint.h>
#include <string.h>

/* A closure, kept: the potentials reached in order, and for each the ones it follows from.
 * A search fills its shape's scratch closure (Links.scratch, its pool grown as needed); what
 * is kept is a compact copy, one block. */
#define CLOSURE "sudoku._chains.closure"
/* A place in a closure's order fits in pos: at most 2 * 25^3 potentials */
_Static_assert(2 * MAX_N * MAX_N * MAX_N <= INT16_MAX, "closure places fit in int16_t");
typedef struct {
    int total, reached, pool_size, pool_cap;
    int16_t *pos;   /* total: where a potential is in order, -1 when not reached (an
                     * arena's copy: NULL until climbed, pos_made) */
    int *order;     /* reached potentials, first reached first */
    int *why_start; /* why of order[k]: pool[why_start[k]] .. pool[why_start[k + 1] - 1] */
    int *pool;
    uint64_t *bits; /* the potentials reached as a set, (total + 63) / 64 words: compact only */
    int compact;    /* 1: one block with its arrays, freed at once; 2: an arena's */
} Closure;

/* Memory for the closures of one search, taken in turn and given back all at once: chunks
 * kept from one search to the next, so that they need not be asked for again */
typedef struct Chunk {
    struct Chunk *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
} Chunk;
typedef struct {
    Chunk *first, *at; /* the chunks, and the one taken from */
} Arena;
enum { CHUNK = 1 << 20, ARENA_KEPT = 8 << 20 };

/* bytes from a, NULL on no memory (no exception set) */
static void *arena_take(Arena *a, size_t bytes)
{
    bytes = (bytes + 15) & ~(size_t)15;
    while (a->at && a->at->size - a->at->used < bytes)
        a->at = a->at->next;
    if (!a->at) {
        size_t size = bytes > CHUNK ? bytes : CHUNK;
        Chunk *c = PyMem_Malloc(sizeof(Chunk) + size), **end = &a->first;
        if (!c)
            return NULL;
        c->next = NULL, c->size = size, c->used = 0;
        while (*end)
            end = &(*end)->next;
        *end = a->at = c;
    }
    void *p = a->at->data + a->at->used;
    a->at->used += bytes;
    return p;
}

/* a's chunks freed */
static void arena_free(Arena *a)
{
    for (Chunk *c = a->first, *next; c; c = next) {
        next = c->next;
        PyMem_Free(c);
    }
    a->first = a->at = NULL;
}

/* All of a given back, its first ARENA_KEPT bytes of chunks kept for the next search */
static void arena_reset(Arena *a)
{
    size_t kept = 0;
    Chunk **c = &a->first;
    while (*c && kept + (*c)->size <= ARENA_KEPT) {
        kept += (*c)->size, (*c)->used = 0;
        c = &(*c)->next;
    }
    for (Chunk *next; *c; *c = next) {
        next = (*c)->next;
        PyMem_Free(*c);
    }
    a->at = a->first;
}

static void closure_free(Closure *c)
{
    if (c && c->compact == 2)
        return; /* its arena's */
    if (c && !c->compact) {
        PyMem_Free(c->order);
        PyMem_Free(c->pool);
    }
    PyMem_Free(c);
}

static void closure_capsule_free(PyObject *capsule)
{
    closure_free(PyCapsule_GetPointer(capsule, CLOSURE));
}

static Closure *closure_new(int total)
{
    Closure *c = PyMem_Calloc(1, sizeof(Closure));
    if (!c)
        return NULL;
    c->total = total, c->pool_cap = 2 * total;
    c->order = PyMem_Malloc((2 * (size_t)total + 1) * sizeof(int) +
                            (size_t)total * sizeof(int16_t)); /* order, why_start, pos */
    c->pool = PyMem_Malloc((size_t)c->pool_cap * sizeof(int));
    if (!c->order || !c->pool) {
        closure_free(c);
        return NULL;
    }
    c->why_start = c->order + total;
    c->why_start[0] = 0;
    c->pos = (int16_t *)(c->why_start + total + 1);
    memset(c->pos, -1, (size_t)total * sizeof(int16_t));
    return c;
}

/* The scratch closure emptied for the next search */
static void closure_clear(Closure *c)
{
    for (int k = 0; k < c->reached; k++)
        c->pos[c->order[k]] = -1;
    c->reached = c->pool_size = 0;
}

/* A compact copy of c, in arena (NULL: its own block), NULL with an exception set on no
 * memory. An arena's copy has no pos until pos_made: most are never climbed, only met. */
static Closure *closure_copy(const Closure *c, Arena *arena)
{
    size_t ints = 2 * (size_t)c->reached + 1 + (size_t)c->pool_size;
    size_t words = ((size_t)c->total + 63) / 64;
    size_t bytes = sizeof(Closure) + words * sizeof(uint64_t) + ints * sizeof(int) +
                   (arena ? 0 : (size_t)c->total * sizeof(int16_t));
    Closure *k = arena ? arena_take(arena, bytes) : PyMem_Malloc(bytes);
    if (!k)
        return (Closure *)PyErr_NoMemory();
    *k = *c;
    k->compact = arena ? 2 : 1, k->pool_cap = c->pool_size;
    k->bits = (uint64_t *)(k + 1);
    memset(k->bits, 0, words * sizeof(uint64_t));
    for (int j = 0; j < c->reached; j++) {
        unsigned q = (unsigned)c->order[j]; /* unsigned: a shift and a mask */
        k->bits[q / 64] |= (uint64_t)1 << (q % 64);
    }
    k->order = (int *)(k->bits + words);
    k->why_start = k->order + c->reached;
    k->pool = k->why_start + c->reached + 1;
    k->pos = arena ? NULL : (int16_t *)(k->pool + c->pool_size);
    if (!arena)
        memcpy(k->pos, c->pos, (size_t)c->total * sizeof(int16_t));
    memcpy(k->order, c->order, (size_t)c->reached * sizeof(int));
    memcpy(k->why_start, c->why_start, ((size_t)c->reached + 1) * sizeof(int));
    memcpy(k->pool, c->pool, (size_t)c->pool_size * sizeof(int));
    return k;
}

/* An arena's copy c given its pos (in arena) when it has none: 0 with an exception set on
 * no memory */
static int pos_made(Closure *c, Arena *arena)
{
    if (c->pos)
        return 1;
    if (!(c->pos = arena_take(arena, (size_t)c->total * sizeof(int16_t)))) {
        PyErr_NoMemory();
        return 0;
    }
    memset(c->pos, -1, (size_t)c->total * sizeof(int16_t));
    for (int k = 0; k < c->reached; k++)
        c->pos[c->order[k]] = (int16_t)k;
    return 1;
}

/* c's pool grown to hold more ints: 0 with an exception set on no memory */
static int grow(Closure *c, int more)
{
    int cap = 2 * c->pool_cap + more;
    int *pool = PyMem_Realloc(c->pool, (size_t)cap * sizeof(int));
    if (!pool) {
        PyErr_NoMemory();
        return 0;
    }
    c->pool = pool, c->pool_cap = cap;
    return 1;
}

/* q reached, following from p (none when p < 0) and the potentials of hidden: 0 on no memory */
DLX_ALWAYS_INLINE int add(Closure *c, int q, int p, const int *hidden, int n_hidden)
{
    if (c->pool_size + n_hidden + 1 > c->pool_cap && !grow(c, n_hidden + 1))
        return 0;
    if (p >= 0)
        c->pool[c->pool_size++] = p;
    for (int k = 0; k < n_hidden; k++)
        c->pool[c->pool_size++] = hidden[k];
    c->pos[q] = (int16_t)c->reached;
    c->order[c->reached++] = q;
    c->why_start[c->reached] = c->pool_size;
    return 1;
}

/* The targets (all reached) and every potential they follow from, marked with stamp in mark
 * and listed in out (total ints): their number, or limit or more when there are as many
 * (then the listing stops short). */
static int climb(const Closure *c, const int *targets, int n_targets, unsigned *mark,
                 unsigned stamp, int *out, int limit)
{
    int found = 0;
    for (int k = 0; k < n_targets; k++)
        if (mark[targets[k]] != stamp)
            mark[targets[k]] = stamp, out[found++] = targets[k];
    for (int next = 0; next < found && found < limit; next++) { /* out doubles as the queue */
        int at = c->pos[out[next]];
        if (at < 0)
            continue; /* not reached: never so, a struck candidate was reached off */
        for (int j = c->why_start[at]; j < c->why_start[at + 1]; j++) {
            int q = c->pool[j];
            if (mark[q] != stamp)
                mark[q] = stamp, out[found++] = q;
        }
    }
    return found;
}
