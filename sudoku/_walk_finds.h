/* The patterns the rater's walk in C (_walk.h) searches on its board, each as its Python
 * finder searches it and with the same first hit: locked candidates and SE's direct
 * techniques over them, hidden and naked subsets, fish, XY- and XYZ-wings, found into a
 * Pattern, the parts of the step _walk_steps.h writes out. Included by _batch.c after
 * _rater.h and _patterns.h, whose searches some of these call. */

/* The codes of the walk's orders (_walk.h): a round of hidden singles, of naked singles,
 * and a pattern's, WALK_PATTERN + its Technique. */
enum { WALK_HIDDEN, WALK_NAKED, WALK_PATTERN };
/* The patterns' techniques, by their place in the table. */
enum Technique {
    DIRECT_POINTING, DIRECT_CLAIMING, DIRECT_PAIR, DIRECT_TRIPLE, POINTING, CLAIMING,
    NAKED_PAIR, NAKED_TRIPLE, NAKED_QUAD, HIDDEN_PAIR, HIDDEN_TRIPLE, HIDDEN_QUAD,
    X_WING, SWORDFISH, JELLYFISH, XY_WING, XYZ_WING, RECTANGLE, RECTANGLE_3, BUG,
    WALK_PATTERNS
};
#define WALK_STRUCK (4 * MAX_SIZE) /* the cells a pattern strikes at most: a jellyfish's */

/* A pattern found, its step's parts. */
typedef struct {
    enum { LOCKED, HIDDEN, NAKED, FISH, WING, RECTANGLE_1, RECTANGLE_2, RECTANGLE_4, PSEUDO,
           GRAVE } kind; /* unique rectangles of types 1, 2, 4 and 3 (a pseudo-cell), BUG+1 */
    int place, digit; /* the digit a direct technique or BUG+1 places, and where */
    int a, b;         /* LOCKED: a confines, b is struck; HIDDEN, NAKED, RECTANGLE_4, PSEUDO:
                       * the unit a; FISH: rows (a = 0) or columns (1) */
    unsigned long ab, other, held; /* a rectangle's pair; the digit of type 2, x of type 4,
                                    * the extra digits of type 3; its naked subset's */
    int corner[4], roof[2], subset, subset_cell[3]; /* a rectangle; type 3's naked subset */
    double se;                                      /* type 3's: 4.6 to 4.8 */
    unsigned long digits;           /* LOCKED: the digits locked; HIDDEN, NAKED: the
                                     * subset's; FISH: the digit's bit; WING: the pivot's
                                     * and the digit struck */
    unsigned long wing[3];          /* WING: the candidates of its pivot and wings */
    int k, lines[8];                /* FISH: the base lines */
    int count;                      /* the pattern's cells (the arrays last: find_pattern
                                     * clears the fields before them) */
    int cell[WALK_STRUCK];          /* in the order its reason names them */
    int struck, struck_cell[WALK_STRUCK]; /* the cells struck, low first */
    unsigned long struck_mask[WALK_STRUCK]; /* and the digits struck there */
} Pattern;

/* What a call's pattern searches share: the rectangles and the intersections (checked
 * when first needed), struck (cells) and where (units), all 0 between patterns
 * (lone_place), the board as the searches of _patterns.h read it, and what several
 * searches read alike on one position: its paired rectangles (_walk_unique.h). */
typedef struct {
    const int *inter, *inter_end, *rect, *rect_end;
    int checked; /* 0: not yet; 1: they fit; -1: they do not (an error is set) */
    int rect_checked; /* the same for the rectangles */
    unsigned long *struck;
    char *where;
    Shaped view;
    int position;       /* the board's, counted up each time a round changes it */
    int paired_at;      /* the position the paired rectangles are of (-1: none yet) */
    Py_ssize_t paired;  /* how many: at paired_rect (the first corner's place in rect) */
    const int **paired_rect;
    unsigned long *paired_ab; /* and their pairs */
    unsigned long *no_fish;   /* fish_first's none for 2, 3 and 4 lines in turn, or NULL */
} Scratch;

/* Whether the packed intersections fit the board: each part within the buffer, its cells
 * in masks, its units in units, no part longer than n (0 with an error set if not). */
static int intersections_fit(const Board *b, Scratch *s)
{
    if (s->checked)
        return s->checked > 0;
    s->checked = -1;
    for (const int *at = s->inter; at < s->inter_end;) {
        if (s->inter_end - at < 2 || at[0] < 0 || at[0] >= b->n_units || at[1] < 0 ||
            at[1] >= b->n_units)
            goto bad;
        at += 2;
        for (int part = 0; part < 3; part++) {
            int count = at < s->inter_end ? *at++ : -1;
            if (count < 0 || count > b->n || count > s->inter_end - at)
                goto bad;
            for (; count; count--, at++)
                if (*at < 0 || *at >= b->cells)
                    goto bad;
        }
    }
    s->checked = 1;
    return 1;
bad:
    PyErr_SetString(PyExc_ValueError, "the table's intersections do not fit the grid");
    return 0;
}

/* hit's strikes: mask[r] from cell[r], r < count, low cell first (Candidates.removal), or
 * in their order when as_given. */
static void set_struck_as(Pattern *hit, const int *cell, const unsigned long *mask, int count,
                          int as_given)
{
    for (hit->struck = 0; hit->struck < count; hit->struck++) { /* insertion: a few cells */
        int l = hit->struck;
        for (; !as_given && l > 0 && hit->struck_cell[l - 1] > cell[hit->struck]; l--) {
            hit->struck_cell[l] = hit->struck_cell[l - 1];
            hit->struck_mask[l] = hit->struck_mask[l - 1];
        }
        hit->struck_cell[l] = cell[hit->struck];
        hit->struck_mask[l] = mask[hit->struck];
    }
}

static void set_struck(Pattern *hit, const int *cell, const unsigned long *mask, int count)
{
    set_struck_as(hit, cell, mask, count, 0);
}

/* Locked candidates (sudoku.subsets.locked), intersection by intersection, those of the
 * technique (pointing: the confining unit a box or extra region, past the rows and
 * columns): the first that strikes anything, or with direct, SE's direct technique
 * (sudoku.subsets.direct), the first whose removals leave a digit one place (lone_place).
 * 1 with *hit set; 0 when there is none or the intersections do not fit (then with an
 * error set). */
static int locked_pattern(const Board *b, Scratch *s, int pointing, int direct, Pattern *hit)
{
    if (!intersections_fit(b, s))
        return 0;
    for (const int *at = s->inter; at < s->inter_end;) {
        int a = at[0], other = at[1], nc = at[2];
        const int *common = at + 3, *rest_a = common + nc + 1, *rest_b;
        int na = common[nc], nb;
        rest_b = rest_a + na + 1;
        nb = rest_a[na];
        at = rest_b + nb;
        if ((a >= 2 * b->n) != pointing)
            continue;
        unsigned long in_common = 0, outside = 0, locked, removed[MAX_SIZE];
        int cell[MAX_SIZE], count = 0;
        for (int j = 0; j < nc; j++)
            in_common |= b->mask[common[j]];
        for (int j = 0; j < na; j++)
            outside |= b->mask[rest_a[j]];
        locked = in_common & ~outside;
        for (int j = 0; locked && j < nb; j++)
            if (b->mask[rest_b[j]] & locked) {
                cell[count] = rest_b[j];
                removed[count++] = b->mask[rest_b[j]] & locked;
            }
        if (!count)
            continue;
        int confining = pointing ? (a > other ? a : other) : (a < other ? a : other);
        if (!direct || lone_place(b, cell, removed, count, confining, -1, s->struck, s->where,
                                  &hit->place, &hit->digit)) {
            hit->kind = LOCKED;
            hit->a = a;
            hit->b = other;
            hit->digits = locked;
            hit->count = 0;
            for (int j = 0; j < nc; j++)
                if (b->mask[common[j]] & locked)
                    hit->cell[hit->count++] = common[j];
            set_struck(hit, cell, removed, count);
            return 1;
        }
    }
    return 0;
}

/* Hidden subsets of k digits (sudoku.subsets.hidden_subset, as hidden_sets finds them),
 * unit by unit: the first that strikes anything, or with direct, SE's direct technique,
 * the first whose removals leave a digit one place (lone_place). */
static int hidden_pattern(const Board *b, Scratch *s, int k, int direct, Pattern *hit)
{
    for (Py_ssize_t u = 0; u < b->n_units; u++) {
        unsigned long place[MAX_SIZE], union_, removed[MAX_SIZE];
        int order[MAX_SIZE], open_cell[MAX_SIZE], digits, open, chosen[8], cell[MAX_SIZE];
        unit_places(b->mask, b->units + u * b->n, b->n, open_cell, &open, order, place, &digits);
        if (open <= k)
            continue;
        Closed walk;
        closed_start(&walk, place, digits, k);
        while (closed_next(&walk, chosen, &union_)) {
            unsigned long held = 0;
            int count = 0;
            for (int l = 0; l < k; l++)
                held |= 1UL << order[chosen[l]];
            for (int pos = 0; pos < open; pos++) {
                int i = open_cell[pos];
                if (union_ >> pos & 1 && b->mask[i] & ~held) {
                    cell[count] = i;
                    removed[count++] = b->mask[i] & ~held;
                }
            }
            if (count && (!direct || lone_place(b, cell, removed, count, -1, u, s->struck,
                                                s->where, &hit->place, &hit->digit))) {
                hit->kind = HIDDEN;
                hit->a = (int)u;
                hit->digits = held;
                hit->count = 0;
                for (int pos = 0; pos < open; pos++)
                    if (union_ >> pos & 1)
                        hit->cell[hit->count++] = open_cell[pos];
                set_struck(hit, cell, removed, count);
                return 1;
            }
        }
    }
    return 0;
}

/* The board as the searches of _patterns.h read it (no cells' places). */
static const Shaped *view_of(const Board *b, Scratch *s)
{
    Shaped *v = &s->view;
    v->n = b->n;
    v->cells = b->cells;
    v->n_units = b->n_units;
    v->units = b->units;
    v->w = (b->cells + 63) / 64;
    v->full = b->full;
    v->in = NULL;
    v->third = NULL;
    memcpy(v->m, b->mask, (size_t)b->cells * sizeof(unsigned long));
    return v;
}

/* The first naked subset of k cells (sudoku.subsets.naked_subset: naked_first) and what it
 * strikes: the subset's digits from the unit's other cells. */
static int naked_pattern(const Board *b, Scratch *s, int k, Pattern *hit)
{
    Naked naked;
    if (!naked_first(view_of(b, s), k, &naked))
        return 0;
    const int *unit = b->units + naked.unit * b->n;
    int cell[MAX_SIZE], count = 0;
    unsigned long removed[MAX_SIZE];
    for (Py_ssize_t j = 0; j < b->n; j++) {
        int i = unit[j], in_set = 0;
        for (int l = 0; l < k; l++)
            in_set |= naked.cells[l] == i;
        if (!in_set && b->mask[i] & naked.digits) {
            cell[count] = i;
            removed[count++] = b->mask[i] & naked.digits;
        }
    }
    hit->kind = NAKED;
    hit->a = (int)naked.unit;
    hit->digits = naked.digits;
    hit->count = k;
    memcpy(hit->cell, naked.cells, (size_t)k * sizeof(int));
    set_struck(hit, cell, removed, count);
    return 1;
}

/* The first fish of k lines (sudoku.fish_and_wings.fish: fish_first) and what it strikes:
 * the digit in the cover lines off the base lines (_fish_removals); its cells, the base
 * lines' cells holding the digit. */
static int fish_pattern(const Board *b, Scratch *s, int k, Pattern *hit)
{
    Fish fish;
    unsigned long *none = s->no_fish ? s->no_fish + (k - 2) * b->n * (b->n + 1) : NULL;
    if (!fish_first(view_of(b, s), k, &fish, none))
        return 0;
    Py_ssize_t n = b->n;
    int cell[WALK_STRUCK], count = 0;
    unsigned long removed[WALK_STRUCK];
    for (unsigned long c = fish.where; c; c &= c - 1) {
        const int *cover = b->units + ((1 - fish.base) * n + dlx_ctz32((uint32_t)c)) * n;
        for (Py_ssize_t j = 0; j < n; j++) {
            int off_base = 1;
            for (int l = 0; l < k; l++)
                off_base &= fish.lines[l] != j;
            if (off_base && b->mask[cover[j]] & fish.bit) {
                cell[count] = cover[j];
                removed[count++] = fish.bit;
            }
        }
    }
    hit->kind = FISH;
    hit->a = fish.base;
    hit->digits = fish.bit;
    hit->k = k;
    hit->count = 0;
    for (int l = 0; l < k; l++) {
        const int *line = b->units + (fish.base * n + fish.lines[l]) * n;
        hit->lines[l] = fish.lines[l];
        for (Py_ssize_t j = 0; j < n; j++)
            if (b->mask[line[j]] & fish.bit)
                hit->cell[hit->count++] = line[j];
    }
    set_struck(hit, cell, removed, count);
    return 1;
}

/* The first XY-wing, or XYZ-wing when xyz (sudoku.fish_and_wings.xy_wing, xyz_wing:
 * wing_first), and what it strikes: its digit z from the cells that see both wings (and
 * the pivot, when xyz); its cells the pivot and the wings (0 with an error set when there
 * is no memory). */
static int wing_pattern(const Board *b, Scratch *s, int xyz, Pattern *hit)
{
    const Shaped *view = view_of(b, s);
    Py_ssize_t w = (b->cells + 63) / 64;
    uint64_t *peers = peer_sets(view, w);
    Wing wing;
    if (!peers || !wing_first(view, peers, w, xyz, &wing)) {
        PyMem_Free(peers);
        return 0;
    }
    const uint64_t *with_z = peers + (b->cells + dlx_ctz32((uint32_t)wing.z)) * w;
    int cell[WALK_STRUCK], count = 0;
    unsigned long removed[WALK_STRUCK];
    for (Py_ssize_t k = 0; k < w; k++) {
        uint64_t seen = peers[wing.a * w + k] & peers[wing.b * w + k] & with_z[k];
        for (seen &= xyz ? peers[wing.pivot * w + k] : ~(uint64_t)0; seen && count < WALK_STRUCK;
             seen &= seen - 1) {
            cell[count] = (int)(k * 64) + dlx_ctz64(seen);
            removed[count++] = wing.z;
        }
    }
    PyMem_Free(peers);
    hit->kind = WING;
    hit->digits = b->mask[wing.pivot] | wing.z;
    hit->count = 3;
    hit->cell[0] = wing.pivot;
    hit->cell[1] = wing.a;
    hit->cell[2] = wing.b;
    for (int j = 0; j < 3; j++)
        hit->wing[j] = b->mask[hit->cell[j]];
    set_struck(hit, cell, removed, count);
    return 1;
}
