/* The rater's walk in C (sudoku.rate.walk): rounds of singles (Candidates._hidden_singles,
 * _naked_singles) and of the patterns whose searches are in C: SE's direct techniques
 * (sudoku.subsets.direct over locked candidates and hidden pairs and triples), locked
 * candidates, naked and hidden pairs, triples and quads, X-wings, swordfish, jellyfish,
 * XY- and XYZ-wings, unique rectangles and BUG+1, tried in the walk's order, found, made into Steps and applied step for step as the
 * Python finders and Candidates.apply do, for as long as the technique the walk takes is
 * one of these. The Python walk searches the others, and hands the position back from the
 * next technique of its order searched here. Included by _batch.c, after _rater.h and
 * _patterns.h.
 *
 * walk_singles(values, masks, placed, units, table, rated, orders, start)
 *     -> (rounds, rated, skip)
 *   values, masks, placed: the board's lists (Candidates.values, .masks, .placed), updated
 *     in place to the position after the rounds taken;
 *   units: the units' cells, n a unit, as native ints (sudoku.geometry.Geometry.packed);
 *   table: the parts of the steps, made once a shape (sudoku.rate._walk_table): (Step,
 *     "hidden single", "naked single", (), n, (1.0, 1.2, 1.5, 2.3), placements by
 *     cell * n + digit - 1, cells by cell, units by unit, digits by digit - 1, hidden
 *     reasons by unit * n + digit - 1, naked reasons by cell * n + digit - 1, the
 *     patterns' techniques and their SE ratings (in the order of enum Technique), the
 *     digits' symbols, the units' names, the cells' names, and the intersections of units
 *     as native ints, each [a, b, k, its k common cells, j, the j other cells of a, l,
 *     the l other cells of b], as sudoku.geometry's intersections, then the rectangles
 *     of sudoku.uniqueness._rectangles, four corners each as native ints);
 *   rated: the rating so far (Candidates.rated);
 *   orders: the walk's order as the rating grows (sudoku.rate._walk_orders), (threshold,
 *     codes) pairs, thresholds rising from 0.0: the order once the rating reaches a
 *     threshold, a byte a technique (WALK_HIDDEN, WALK_NAKED, WALK_PATTERN + a Technique,
 *     or anything else for a technique only the Python walk searches);
 *   start: how many techniques of the order at rated found nothing on the board as it is
 *     (the Python walk searched them): the first round starts past them.
 * rounds: each round's steps, a list of Steps a round; rated: the rating after them; skip:
 * where in the order the rating reached the Python walk goes on, on the position reached:
 * the first technique searched only in Python (every one before it found nothing), or
 * the one whose round would meet a contradiction (not taken: its Python finder says what
 * is wrong, as it always did), or past the end when none found anything; 0 on a solved
 * grid. */

enum { WALK_HIDDEN, WALK_NAKED, WALK_PATTERN };
/* The patterns' techniques, by their place in the table. */
enum Technique {
    DIRECT_POINTING, DIRECT_CLAIMING, DIRECT_PAIR, DIRECT_TRIPLE, POINTING, CLAIMING,
    NAKED_PAIR, NAKED_TRIPLE, NAKED_QUAD, HIDDEN_PAIR, HIDDEN_TRIPLE, HIDDEN_QUAD,
    X_WING, SWORDFISH, JELLYFISH, XY_WING, XYZ_WING, RECTANGLE, RECTANGLE_3, BUG,
    WALK_PATTERNS
};
#define WALK_PARTS 19 /* the items of the table */
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
    int count, cell[WALK_STRUCK];   /* the pattern's cells, in the order its reason names them */
    int struck, struck_cell[WALK_STRUCK]; /* the cells struck, low first */
    unsigned long struck_mask[WALK_STRUCK]; /* and the digits struck there */
} Pattern;

/* What a call's pattern searches share: the rectangles and the intersections (checked
 * when first needed),
 * struck (cells) and where (units), all 0 between patterns (lone_place), and the board
 * as the searches of _patterns.h read it. */
typedef struct {
    const int *inter, *inter_end, *rect, *rect_end;
    int checked; /* 0: not yet; 1: they fit; -1: they do not (an error is set) */
    int rect_checked; /* the same for the rectangles */
    unsigned long *struck;
    char *where;
    Shaped view;
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
    v->full = b->full;
    v->pos = v->third = NULL;
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
    if (!fish_first(view_of(b, s), k, &fish))
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

/* Whether the table's rectangles fit the board: four corners each, in masks (0 with an
 * error set if not). */
static int rectangles_fit(const Board *b, Scratch *s)
{
    if (!s->rect_checked) {
        s->rect_checked = (s->rect_end - s->rect) % 4 ? -1 : 1;
        for (const int *at = s->rect; at < s->rect_end && s->rect_checked > 0; at++)
            if (*at < 0 || *at >= b->cells)
                s->rect_checked = -1;
        if (s->rect_checked < 0)
            PyErr_SetString(PyExc_ValueError, "the table's rectangles do not fit the grid");
    }
    return s->rect_checked > 0;
}

/* Whether cell i is a peer of cell j (they share a unit; a cell is not its own peer). */
static int peer_of(const Board *b, int i, int j)
{
    for (int c = b->cu_start[i]; i != j && c < b->cu_start[i + 1]; c++)
        for (int d = b->cu_start[j]; d < b->cu_start[j + 1]; d++)
            if (b->cu_list[c] == b->cu_list[d])
                return 1;
    return 0;
}

/* A rectangle's corners and pair into hit, and its roof: the corners holding more than the
 * pair, in order; their count. */
static int roof_of(const Board *b, const int *corner, unsigned long ab, Pattern *hit)
{
    int roof = 0;
    memcpy(hit->corner, corner, sizeof hit->corner);
    hit->ab = ab;
    for (int c = 0; c < 4; c++)
        if (b->mask[corner[c]] != ab) {
            if (roof < 2)
                hit->roof[roof] = corner[c];
            roof++;
        }
    return roof;
}

/* The first unique rectangle of type 1, 2 or 4 (sudoku.uniqueness.rectangle, _deadly,
 * _type_4), rectangle by rectangle, on a shape of rows, columns and boxes only. */
static int rectangle_pattern(const Board *b, Scratch *s, Pattern *hit)
{
    if (b->n_units != 3 * b->n || !rectangles_fit(b, s))
        return 0;
    for (const int *at = s->rect; at < s->rect_end; at += 4) {
        unsigned long ab = paired(b->mask, at);
        if (!ab)
            continue;
        int roof = roof_of(b, at, ab, hit), cell[MAX_SIZE * MAX_SIZE], count = 0;
        unsigned long removed[MAX_SIZE * MAX_SIZE];
        hit->count = 4;
        memcpy(hit->cell, at, 4 * sizeof(int));
        if (roof == 1) { /* type 1: the corner with more is neither digit of the pair */
            hit->kind = RECTANGLE_1;
            hit->digits = ab;
            set_struck(hit, hit->roof, &hit->ab, 1);
            return 1;
        }
        if (roof != 2)
            continue;
        int r0 = hit->roof[0], r1 = hit->roof[1];
        unsigned long z = b->mask[r0] & ~ab;
        if (z == (b->mask[r1] & ~ab) && !(z & (z - 1))) { /* type 2: z leaves their peers */
            for (int i = 0; i < b->cells && count < WALK_STRUCK; i++)
                if (b->mask[i] & z && peer_of(b, i, r0) && peer_of(b, i, r1)) {
                    cell[count] = i;
                    removed[count++] = z;
                }
            if (count) {
                hit->kind = RECTANGLE_2;
                hit->other = z;
                hit->digits = ab | z;
                set_struck(hit, cell, removed, count);
                return 1;
            }
        }
        for (int c = b->cu_start[r0]; c < b->cu_start[r0 + 1]; c++) { /* type 4 */
            int u = b->cu_list[c], shared = 0;
            for (int d = b->cu_start[r1]; d < b->cu_start[r1 + 1]; d++)
                shared |= b->cu_list[d] == u;
            for (int half = 0; shared && half < 2; half++) {
                unsigned long x = half ? ab & (ab - 1) : ab & -ab, elsewhere = 0;
                const int *unit = b->units + (Py_ssize_t)u * b->n;
                for (Py_ssize_t j = 0; j < b->n; j++)
                    if (unit[j] != r0 && unit[j] != r1)
                        elsewhere |= b->mask[unit[j]];
                if (elsewhere & x)
                    continue;
                unsigned long y[2] = {ab & ~x, ab & ~x};
                hit->kind = RECTANGLE_4;
                hit->a = u;
                hit->other = x;
                hit->digits = ab;
                set_struck(hit, hit->roof, y, 2);
                return 1;
            }
        }
    }
    return 0;
}

/* The easiest unique rectangle of type 3 (sudoku.uniqueness.rectangle_type_3 and
 * _pseudo_subset): the smallest naked subset first, then rectangle by rectangle, each
 * shared unit of its roof, its other open cells' k - 1 in the order of combinations. */
static int pseudo_pattern(const Board *b, Scratch *s, Pattern *hit)
{
    if (b->n_units != 3 * b->n || !rectangles_fit(b, s))
        return 0;
    for (int k = 2; k <= 4; k++)
        for (const int *at = s->rect; at < s->rect_end; at += 4) {
            unsigned long ab = paired(b->mask, at);
            if (!ab || roof_of(b, at, ab, hit) != 2)
                continue;
            int r0 = hit->roof[0], r1 = hit->roof[1];
            unsigned long extra = (b->mask[r0] | b->mask[r1]) & ~ab;
            if (dlx_popcount64((uint64_t)extra) > k)
                continue;
            for (int c = b->cu_start[r0]; c < b->cu_start[r0 + 1]; c++) {
                int u = b->cu_list[c], shared = 0, others[MAX_SIZE], open = 0, pick[3];
                for (int d = b->cu_start[r1]; d < b->cu_start[r1 + 1]; d++)
                    shared |= b->cu_list[d] == u;
                const int *unit = b->units + (Py_ssize_t)u * b->n;
                for (Py_ssize_t j = 0; shared && j < b->n; j++)
                    if (b->mask[unit[j]] && unit[j] != r0 && unit[j] != r1)
                        others[open++] = unit[j];
                if (open < k - 1)
                    continue;
                for (int l = 0; l < k - 1; l++)
                    pick[l] = l;
                for (;;) { /* k - 1 of the others, in the order of combinations */
                    unsigned long union_ = extra, removed[MAX_SIZE];
                    int cell[MAX_SIZE], count = 0;
                    for (int l = 0; l < k - 1; l++)
                        union_ |= b->mask[others[pick[l]]];
                    for (int j = 0; dlx_popcount64((uint64_t)union_) == k && j < open; j++) {
                        int chosen = 0;
                        for (int l = 0; l < k - 1; l++)
                            chosen |= pick[l] == j;
                        if (!chosen && b->mask[others[j]] & union_) {
                            cell[count] = others[j];
                            removed[count++] = b->mask[others[j]] & union_;
                        }
                    }
                    if (count) {
                        hit->kind = PSEUDO;
                        hit->a = u;
                        hit->other = extra;
                        hit->held = union_;
                        hit->digits = ab | union_;
                        hit->subset = k - 1;
                        memcpy(hit->cell, at, 4 * sizeof(int));
                        for (int l = 0; l < k - 1; l++)
                            hit->cell[4 + l] = hit->subset_cell[l] = others[pick[l]];
                        hit->count = 4 + k - 1;
                        hit->se = 4.5 + (k - 1) / 10.0;
                        set_struck_as(hit, cell, removed, count, 1);
                        return 1;
                    }
                    int l = k - 2;
                    while (l >= 0 && pick[l] == open - (k - 1) + l)
                        l--;
                    if (l < 0)
                        break;
                    pick[l]++;
                    for (int j = l + 1; j < k - 1; j++)
                        pick[j] = pick[j - 1] + 1;
                }
            }
        }
    return 0;
}

/* BUG+1 (sudoku.uniqueness.bug_plus_one): the one open cell not of two candidates holds
 * three, and the digit whose removal leaves every unit's digits twice or not at all
 * (_grave) goes there, on a shape of rows, columns and boxes only. */
static int grave_pattern(const Board *b, Pattern *hit)
{
    int three = -1, count = 0;
    for (int i = 0; b->n_units == 3 * b->n && i < b->cells; i++)
        if (b->mask[i] && dlx_popcount64((uint64_t)b->mask[i]) != 2) {
            three = i;
            count++;
        }
    if (count != 1 || dlx_popcount64((uint64_t)b->mask[three]) != 3)
        return 0;
    for (unsigned long digits = b->mask[three]; digits; digits &= digits - 1) {
        unsigned long bit = digits & -digits;
        int grave = 1;
        for (Py_ssize_t u = 0; u < b->n_units && grave; u++) {
            const int *unit = b->units + u * b->n;
            unsigned long once = 0, twice = 0, thrice = 0;
            for (Py_ssize_t j = 0; j < b->n; j++) {
                unsigned long m = unit[j] == three ? b->mask[three] & ~bit : b->mask[unit[j]];
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            grave = !(once & ~twice) && !thrice;
        }
        if (grave) {
            hit->kind = GRAVE;
            hit->count = 1;
            hit->cell[0] = hit->place = three;
            hit->digit = dlx_ctz32((uint32_t)bit) + 1;
            hit->digits = b->mask[three];
            return 1;
        }
    }
    return 0;
}

/* The pattern of technique t on the board, as its Python finder searches it: 1 with *hit
 * set, 0 when there is none (with an error set when the table's intersections do not
 * fit, or there is no memory). */
static int find_pattern(const Board *b, Scratch *s, int t, Pattern *hit)
{
    switch (t) {
    case DIRECT_POINTING:
    case DIRECT_CLAIMING:
    case POINTING:
    case CLAIMING:
        return locked_pattern(b, s, t == DIRECT_POINTING || t == POINTING, t < POINTING, hit);
    case DIRECT_PAIR:
    case DIRECT_TRIPLE:
        return hidden_pattern(b, s, 2 + t - DIRECT_PAIR, 1, hit);
    case HIDDEN_PAIR:
    case HIDDEN_TRIPLE:
    case HIDDEN_QUAD:
        return hidden_pattern(b, s, 2 + t - HIDDEN_PAIR, 0, hit);
    case NAKED_PAIR:
    case NAKED_TRIPLE:
    case NAKED_QUAD:
        return naked_pattern(b, s, 2 + t - NAKED_PAIR, hit);
    case XY_WING:
    case XYZ_WING:
        return wing_pattern(b, s, t == XYZ_WING, hit);
    case RECTANGLE:
        return rectangle_pattern(b, s, hit);
    case RECTANGLE_3:
        return pseudo_pattern(b, s, hit);
    case BUG:
        return grave_pattern(b, hit);
    default:
        return fish_pattern(b, s, 2 + t - X_WING, hit);
    }
}

/* The symbols of the digits of mask (the table's part 14), joined by commas; one alone as
 * it is (Candidates.symbols_of). */
static PyObject *symbols_of(PyObject *symbols, unsigned long mask)
{
    if (!(mask & (mask - 1)))
        return Py_NewRef(PyTuple_GET_ITEM(symbols, dlx_ctz32((uint32_t)mask)));
    PyObject *parts = PyList_New(0), *comma = PyUnicode_FromString(","), *joined = NULL;
    for (; parts && mask; mask &= mask - 1)
        if (PyList_Append(parts, PyTuple_GET_ITEM(symbols, dlx_ctz32((uint32_t)mask))) < 0)
            Py_CLEAR(parts);
    if (parts && comma)
        joined = PyUnicode_Join(comma, parts);
    Py_XDECREF(parts);
    Py_XDECREF(comma);
    return joined;
}

/* The digits of mask as a tuple of ints, low first (the table's part 9). */
static PyObject *digits_of(PyObject *table, unsigned long mask)
{
    PyObject *by = PyTuple_GET_ITEM(table, 9);
    PyObject *digits = PyTuple_New(dlx_popcount64((uint64_t)mask));
    for (int j = 0; digits && mask; mask &= mask - 1) {
        PyObject *digit = PyTuple_GET_ITEM(by, dlx_ctz32((uint32_t)mask));
        PyTuple_SET_ITEM(digits, j++, Py_NewRef(PyTuple_GET_ITEM(digit, 0)));
    }
    return digits;
}

/* What a pattern strikes, as Step.eliminations: ((cell, digit), ...), cells low first,
 * each cell's digits low first (Candidates.removal). */
static PyObject *struck_of(PyObject *table, const Pattern *hit)
{
    PyObject *found = PyList_New(0), *cells = PyTuple_GET_ITEM(table, 7);
    PyObject *by = PyTuple_GET_ITEM(table, 9);
    for (int r = 0; found && r < hit->struck; r++)
        for (unsigned long m = hit->struck_mask[r]; found && m; m &= m - 1) {
            PyObject *cell = PyTuple_GET_ITEM(PyTuple_GET_ITEM(cells, hit->struck_cell[r]), 0);
            PyObject *digit = PyTuple_GET_ITEM(PyTuple_GET_ITEM(by, dlx_ctz32((uint32_t)m)), 0);
            if (!append_new(found, PyTuple_Pack(2, cell, digit)))
                Py_CLEAR(found);
        }
    PyObject *struck = found ? PyList_AsTuple(found) : NULL;
    Py_XDECREF(found);
    return struck;
}

/* The names of cells[0..count) (the table's part 16), joined by sep. */
static PyObject *names_of(PyObject *table, const int *cells, int count, const char *sep)
{
    PyObject *named = PyTuple_New(count), *joint = PyUnicode_FromString(sep), *joined = NULL;
    for (int j = 0; named && j < count; j++)
        PyTuple_SET_ITEM(named, j, Py_NewRef(PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 16), cells[j])));
    if (named && joint)
        joined = PyUnicode_Join(joint, named);
    Py_XDECREF(named);
    Py_XDECREF(joint);
    return joined;
}

/* A unique rectangle's or BUG+1's units, as Step.units, and its reason's words, as
 * sudoku.uniqueness writes them. */
static int uniqueness_words(PyObject *table, const Board *b, const Pattern *hit,
                            PyObject **units, PyObject **reason)
{
    PyObject *symbols = PyTuple_GET_ITEM(table, 14), *names = PyTuple_GET_ITEM(table, 16);
    PyObject *unit_names = PyTuple_GET_ITEM(table, 15), *by = PyTuple_GET_ITEM(table, 8);
    PyObject *pair = symbols_of(symbols, hit->ab), *where = names_of(table, hit->corner, 4, " ");
    PyObject *r0 = PyTuple_GET_ITEM(names, hit->roof[0]), *r1 = PyTuple_GET_ITEM(names, hit->roof[1]);
    PyObject *first = NULL, *second = NULL;
    if (hit->kind == GRAVE) { /* its units, named, and the digit placed */
        int count = b->cu_start[hit->place + 1] - b->cu_start[hit->place];
        const int *cell_units = b->cu_list + b->cu_start[hit->place];
        PyObject *named = PyList_New(0), *comma = PyUnicode_FromString(", ");
        *units = PyTuple_New(count);
        for (int j = 0; *units && j < count; j++)
            PyTuple_SET_ITEM(*units, j, Py_NewRef(PyTuple_GET_ITEM(PyTuple_GET_ITEM(by, cell_units[j]), 0)));
        for (int j = 0; named && j < count; j++)
            if (PyList_Append(named, PyTuple_GET_ITEM(unit_names, cell_units[j])) < 0)
                Py_CLEAR(named);
        if (named && comma && (first = PyUnicode_Join(comma, named)))
            *reason = PyUnicode_FromFormat(
                "every other cell holds two candidates: %S takes the %S that %S hold three times",
                PyTuple_GET_ITEM(names, hit->place), PyTuple_GET_ITEM(symbols, hit->digit - 1),
                first);
        Py_XDECREF(named);
        Py_XDECREF(comma);
    } else if (pair && where) {
        *units = Py_NewRef(hit->kind == RECTANGLE_4 || hit->kind == PSEUDO
                               ? PyTuple_GET_ITEM(by, hit->a)
                               : PyTuple_GET_ITEM(table, 3));
        if (hit->kind == RECTANGLE_1)
            *reason = PyUnicode_FromFormat("type 1 on %S in %S: %S breaks it", pair, where, r0);
        else if (hit->kind == RECTANGLE_2)
            *reason = PyUnicode_FromFormat("type 2 on %S in %S: %S in %S or %S", pair, where,
                                           PyTuple_GET_ITEM(symbols, dlx_ctz32((uint32_t)hit->other)), r0, r1);
        else if (hit->kind == RECTANGLE_4)
            *reason = PyUnicode_FromFormat("type 4 on %S in %S: %S only in %S %S (%S)", pair, where,
                                           PyTuple_GET_ITEM(symbols, dlx_ctz32((uint32_t)hit->other)), r0, r1,
                                           PyTuple_GET_ITEM(unit_names, hit->a));
        else if ((first = symbols_of(symbols, hit->other)) &&
                 (second = symbols_of(symbols, hit->held))) {
            PyObject *subset = names_of(table, hit->subset_cell, hit->subset, " ");
            if (subset)
                *reason = PyUnicode_FromFormat(
                    "on %S in %S: %S or %S holds %S, a naked subset of %S with %S (%S)", pair,
                    where, r0, r1, first, second, subset, PyTuple_GET_ITEM(unit_names, hit->a));
            Py_XDECREF(subset);
        }
    }
    Py_XDECREF(pair);
    Py_XDECREF(where);
    Py_XDECREF(first);
    Py_XDECREF(second);
    return *units && *reason;
}

/* A pattern's units, as Step.units (low first), and its reason's words. */
static int units_and_reason(PyObject *table, const Board *b, const Pattern *hit,
                            PyObject **units, PyObject **reason)
{
    if (hit->kind >= RECTANGLE_1)
        return uniqueness_words(table, b, hit, units, reason);
    PyObject *symbols = PyTuple_GET_ITEM(table, 14), *names = PyTuple_GET_ITEM(table, 16);
    PyObject *unit_names = PyTuple_GET_ITEM(table, 15), *by = PyTuple_GET_ITEM(table, 8);
    PyObject *named = PyTuple_New(hit->count), *space = PyUnicode_FromString(" ");
    PyObject *syms = symbols_of(symbols, hit->digits), *where = NULL;
    for (int j = 0; named && j < hit->count; j++)
        PyTuple_SET_ITEM(named, j, Py_NewRef(PyTuple_GET_ITEM(names, hit->cell[j])));
    if (named && space && syms && hit->kind != FISH && hit->kind != WING)
        where = PyUnicode_Join(space, named);
    if (hit->kind == LOCKED) {
        int low = hit->a < hit->b ? hit->a : hit->b, high = hit->a ^ hit->b ^ low;
        *units = PyTuple_Pack(2, PyTuple_GET_ITEM(PyTuple_GET_ITEM(by, low), 0),
                              PyTuple_GET_ITEM(PyTuple_GET_ITEM(by, high), 0));
        if (where)
            *reason = PyUnicode_FromFormat("%S in %S only in %S", syms,
                                           PyTuple_GET_ITEM(unit_names, hit->a), where);
    } else if (hit->kind == WING) { /* no units; the pivot and wings with their digits */
        PyObject *held[3] = {NULL, NULL, NULL};
        for (int j = 0; j < 3; j++)
            held[j] = symbols_of(symbols, hit->wing[j]);
        *units = Py_NewRef(PyTuple_GET_ITEM(table, 3));
        if (held[0] && held[1] && held[2])
            *reason = PyUnicode_FromFormat(
                "pivot %S (%S), wings %S (%S) and %S (%S)", PyTuple_GET_ITEM(names, hit->cell[0]),
                held[0], PyTuple_GET_ITEM(names, hit->cell[1]), held[1],
                PyTuple_GET_ITEM(names, hit->cell[2]), held[2]);
        for (int j = 0; j < 3; j++)
            Py_XDECREF(held[j]);
    } else if (hit->kind != FISH) {
        *units = Py_NewRef(PyTuple_GET_ITEM(by, hit->a));
        if (where)
            *reason = PyUnicode_FromFormat(hit->kind == HIDDEN ? "%S only in %S (%S)"
                                                               : "%S in %S (%S)",
                                           syms, where, PyTuple_GET_ITEM(unit_names, hit->a));
    } else { /* base lines: rows, then columns (Shape.units), named by number */
        int first = hit->a ? (int)b->n : 0;
        PyObject *lines = PyList_New(0), *comma = PyUnicode_FromString(","), *joined = NULL;
        *units = PyTuple_New(hit->k);
        for (int l = 0; *units && l < hit->k; l++)
            PyTuple_SET_ITEM(*units, l,
                             Py_NewRef(PyTuple_GET_ITEM(PyTuple_GET_ITEM(by, first + hit->lines[l]), 0)));
        for (int l = 0; lines && l < hit->k; l++)
            if (!append_new(lines, PyUnicode_FromFormat("%d", hit->lines[l] + 1)))
                Py_CLEAR(lines);
        if (lines && comma && syms && (joined = PyUnicode_Join(comma, lines)))
            *reason = PyUnicode_FromFormat("%S in %s %S", syms, hit->a ? "columns" : "rows",
                                           joined);
        Py_XDECREF(lines);
        Py_XDECREF(comma);
        Py_XDECREF(joined);
    }
    Py_XDECREF(named);
    Py_XDECREF(space);
    Py_XDECREF(syms);
    Py_XDECREF(where);
    return *units && *reason;
}

/* The step of the pattern hit of technique t (the table's order), as its finder writes
 * it out: its strikes (Candidates.removal), or a direct technique's digit placed, its
 * reason the pattern's with where the digit goes (sudoku.subsets.direct); its cells the
 * pattern's, sorted. */
static PyObject *pattern_step(PyObject *table, const Board *b, int t, const Pattern *hit)
{
    PyObject *cells = PyTuple_New(hit->count), *units = NULL, *reason = NULL, *digits = NULL;
    PyObject *placements = NULL, *eliminations = NULL, *step = NULL, *se = NULL;
    int sorted[WALK_STRUCK], direct = t < POINTING;
    for (int j = 0; j < hit->count; j++) { /* insertion sort: a few cells */
        int l = j;
        for (; l > 0 && sorted[l - 1] > hit->cell[j]; l--)
            sorted[l] = sorted[l - 1];
        sorted[l] = hit->cell[j];
    }
    for (int j = 0; cells && j < hit->count; j++) {
        PyObject *cell = PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 7), sorted[j]);
        PyTuple_SET_ITEM(cells, j, Py_NewRef(PyTuple_GET_ITEM(cell, 0)));
    }
    if (!cells || !units_and_reason(table, b, hit, &units, &reason))
        goto done;
    if (direct || hit->kind == GRAVE) {
        Py_ssize_t at = (Py_ssize_t)hit->place * b->n + hit->digit - 1;
        if (direct)
            Py_SETREF(reason, PyUnicode_FromFormat("%U, then %S has one place left", reason,
                                                   PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 14), hit->digit - 1)));
        placements = Py_NewRef(PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 6), at));
        eliminations = Py_NewRef(PyTuple_GET_ITEM(table, 3));
        /* a hidden subset's digits stay; locked candidates' become the digit placed */
        digits = hit->kind != LOCKED ? digits_of(table, hit->digits)
                                     : Py_NewRef(PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 9), hit->digit - 1));
    } else {
        placements = Py_NewRef(PyTuple_GET_ITEM(table, 3));
        eliminations = struck_of(table, hit);
        digits = digits_of(table, hit->digits);
    }
    se = hit->kind == PSEUDO ? PyFloat_FromDouble(hit->se)
                             : Py_NewRef(PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 13), t));
    if (reason && digits && eliminations && se) {
        PyObject *fields[STEP_FIELDS] = {
            PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 12), t),
            placements,
            eliminations,
            reason,
            cells,
            units,
            digits,
            PyTuple_GET_ITEM(table, 4),
            se,
        };
        step = make_step((PyTypeObject *)PyTuple_GET_ITEM(table, 0), fields);
    }
done:
    Py_XDECREF(se);
    Py_XDECREF(cells);
    Py_XDECREF(units);
    Py_XDECREF(reason);
    Py_XDECREF(digits);
    Py_XDECREF(placements);
    Py_XDECREF(eliminations);
    return step;
}

/* The lists read into the board's arrays (0 with an error set when they do not fit). */
static int read_board(Board *b, PyObject *values, PyObject *masks, PyObject *placed)
{
    for (Py_ssize_t i = 0; i < b->cells; i++) {
        b->value[i] = (int)PyLong_AsLong(PyList_GET_ITEM(values, i));
        b->mask[i] = PyLong_AsUnsignedLong(PyList_GET_ITEM(masks, i));
        if (PyErr_Occurred())
            return 0;
        if (b->value[i] < 0 || b->value[i] > b->n || b->mask[i] & ~b->full) {
            PyErr_SetString(PyExc_ValueError, "a value or mask does not fit the grid");
            return 0;
        }
    }
    for (Py_ssize_t u = 0; u < b->n_units; u++) {
        b->placed[u] = PyLong_AsUnsignedLong(PyList_GET_ITEM(placed, u));
        if (PyErr_Occurred())
            return 0;
    }
    return 1;
}

/* Item k of list set to value unless it holds it already (0 with an error set). */
static int set_item(PyObject *list, Py_ssize_t k, unsigned long value)
{
    PyObject *item = PyList_GET_ITEM(list, k);
    if (PyLong_CheckExact(item) && PyLong_AsUnsignedLong(item) == value)
        return 1;
    PyErr_Clear(); /* an item read was checked in read_board: none is negative */
    item = PyLong_FromUnsignedLong(value);
    if (!item)
        return 0;
    PyList_SetItem(list, k, item); /* steals the reference */
    return 1;
}

/* The board's arrays written back into the lists, where they changed. */
static int write_board(const Board *b, PyObject *values, PyObject *masks, PyObject *placed)
{
    for (Py_ssize_t i = 0; i < b->cells; i++)
        if (!set_item(values, i, (unsigned long)b->value[i]) || !set_item(masks, i, b->mask[i]))
            return 0;
    for (Py_ssize_t u = 0; u < b->n_units; u++)
        if (!set_item(placed, u, b->placed[u]))
            return 0;
    return 1;
}

/* The order the walk tries at rating rated: the codes of the last of orders whose
 * threshold it reached (orders checked by walk_singles). */
static PyObject *order_at(PyObject *orders, double rated)
{
    Py_ssize_t k = 0;
    while (k + 1 < PyTuple_GET_SIZE(orders) &&
           PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(PyTuple_GET_ITEM(orders, k + 1), 0)) <= rated)
        k++;
    return PyTuple_GET_ITEM(PyTuple_GET_ITEM(orders, k), 1);
}

/* Whether orders is (threshold, codes) pairs, floats rising from 0.0 and bytes. */
static int orders_fit(PyObject *orders)
{
    Py_ssize_t count = PyTuple_GET_SIZE(orders);
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *pair = PyTuple_GET_ITEM(orders, k);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 ||
            !PyFloat_Check(PyTuple_GET_ITEM(pair, 0)) || !PyBytes_Check(PyTuple_GET_ITEM(pair, 1)) ||
            (k == 0 ? PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(pair, 0)) != 0.0
                    : PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(pair, 0)) <=
                          PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(PyTuple_GET_ITEM(orders, k - 1), 0))))
            break;
        if (k + 1 == count)
            return 1;
    }
    PyErr_SetString(PyExc_ValueError,
                    "orders must be (threshold, codes) pairs, floats rising from 0.0 and bytes");
    return 0;
}

/* The last table, units and orders found to fit a board of trusted_cells cells and
 * trusted_n_units units, kept (strong references: the tuples, and the bytes it takes of
 * units and intersections and rectangles, cannot change, nor their address be reused
 * while kept), so that the calls after with them skip the checks. */
static PyObject *trusted_table, *trusted_units, *trusted_orders;
static Py_ssize_t trusted_cells, trusted_n_units;

/* Whether table is a walk table for board b (0 with an error set if not), its
 * intersections and rectangles apart (intersections_fit, rectangles_fit); and whether
 * b's units are cells of the board. */
static int table_fits(PyObject *table, const Board *b)
{
    if (PyTuple_GET_SIZE(table) != WALK_PARTS || !PyType_Check(PyTuple_GET_ITEM(table, 0)) ||
        !PyType_IsSubtype((PyTypeObject *)PyTuple_GET_ITEM(table, 0), &PyTuple_Type) ||
        !table_part(table, 3, 0) || !table_part(table, 5, 4) ||
        !table_part(table, 6, b->cells * b->n) || !table_part(table, 7, b->cells) ||
        !table_part(table, 8, b->n_units) || !table_part(table, 9, b->n) ||
        !table_part(table, 10, b->n_units * b->n) || !table_part(table, 11, b->cells * b->n) ||
        !table_part(table, 12, WALK_PATTERNS) || !table_part(table, 13, WALK_PATTERNS) ||
        !table_part(table, 14, b->n) || !table_part(table, 15, b->n_units) ||
        !table_part(table, 16, b->cells)) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "the table is not sudoku.rate's walk table");
        return 0;
    }
    for (Py_ssize_t k = 0; k < b->n_units; k++)
        if (!PyTuple_Check(PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 8), k)) ||
            PyTuple_GET_SIZE(PyTuple_GET_ITEM(PyTuple_GET_ITEM(table, 8), k)) < 1) {
            PyErr_SetString(PyExc_ValueError, "the table's units are not 1-tuples");
            return 0;
        }
    for (Py_ssize_t k = 0; k < b->cells + b->n; k++) {
        PyObject *part = PyTuple_GET_ITEM(table, k < b->cells ? 7 : 9);
        PyObject *item = PyTuple_GET_ITEM(part, k < b->cells ? k : k - b->cells);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) < 1) {
            PyErr_SetString(PyExc_ValueError, "the table's cells and digits are not 1-tuples");
            return 0;
        }
    }
    for (Py_ssize_t k = 0; k < b->n * b->n_units; k++)
        if (b->units[k] < 0 || b->units[k] >= b->cells) {
            PyErr_SetString(PyExc_IndexError, "a unit's cell is outside masks");
            return 0;
        }
    return 1;
}

static PyObject *walk_singles(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *values, *masks, *placed, *table, *orders, *rounds = NULL, *result = NULL;
    Py_buffer units, inter, rect;
    double rated;
    Py_ssize_t start;
    if (!PyArg_ParseTuple(args, "O!O!O!y*O!dO!n:walk_singles", &PyList_Type, &values,
                          &PyList_Type, &masks, &PyList_Type, &placed, &units, &PyTuple_Type,
                          &table, &rated, &PyTuple_Type, &orders, &start))
        return NULL;
    inter.obj = rect.obj = NULL;
    Board b = {.cells = PyList_GET_SIZE(masks), .n_units = PyList_GET_SIZE(placed),
               .units = units.buf};
    b.n = b.n_units ? (Py_ssize_t)(units.len / sizeof(int)) / b.n_units : 0;
    unsigned long stack[2048]; /* a 9x9 board's arrays; bigger boards take the heap */
    void *memory = NULL;
    Scratch *scratch = NULL;
    if (b.n < 1 || b.n > MAX_SIZE || b.cells != b.n * b.n || b.n_units < 2 * b.n ||
        PyList_GET_SIZE(values) != b.cells ||
        units.len != (Py_ssize_t)(b.n * b.n_units * sizeof(int)) || start < 0) {
        PyErr_SetString(PyExc_ValueError,
                        "values, masks, placed, units and start do not fit together");
        goto done;
    }
    int trusted = table == trusted_table && units.obj == trusted_units &&
                  b.cells == trusted_cells && b.n_units == trusted_n_units;
    if ((!trusted && !table_fits(table, &b)) ||
        PyObject_GetBuffer(PyTuple_GET_ITEM(table, 17), &inter, PyBUF_SIMPLE) < 0 ||
        PyObject_GetBuffer(PyTuple_GET_ITEM(table, 18), &rect, PyBUF_SIMPLE) < 0)
        goto done;
    if (orders != trusted_orders) {
        if (!orders_fit(orders))
            goto done;
        Py_XSETREF(trusted_orders, Py_NewRef(orders));
    }
    Py_ssize_t cells = b.cells, links = b.n * b.n_units;
    /* chosen, at (4 a single: a cell found through each of its units at most), value,
     * cu_start, cu_list; before them mask and placed, twice (saved), and struck; after
     * them where */
    size_t ints = (size_t)(cells * 3 + 1 + links * 5);
    size_t longs = (size_t)(cells + b.n_units) * 2 + (size_t)cells;
    size_t bytes = ints * sizeof(int) + longs * sizeof(unsigned long) + (size_t)b.n_units;
    memory = bytes <= sizeof stack ? (void *)stack : PyMem_Malloc(bytes);
    if (!memory || !(scratch = PyMem_Malloc(sizeof *scratch))) {
        PyErr_NoMemory();
        goto done;
    }
    unsigned long *saved = memory;
    b.mask = saved + cells + b.n_units;
    b.placed = b.mask + cells;
    scratch->inter = inter.buf;
    scratch->inter_end = (const int *)inter.buf + inter.len / (Py_ssize_t)sizeof(int);
    scratch->checked = scratch->rect_checked = 0;
    scratch->rect = rect.buf;
    scratch->rect_end = (const int *)rect.buf + rect.len / (Py_ssize_t)sizeof(int);
    scratch->struck = b.placed + b.n_units;
    int *chosen = (int *)(scratch->struck + cells), *at = chosen + cells;
    b.value = at + 4 * links;
    b.cu_start = b.value + cells;
    b.cu_list = b.cu_start + cells + 1;
    scratch->where = (char *)(b.cu_list + links);
    b.full = (1UL << b.n) - 1;
    memset(chosen, 0, cells * sizeof(int)); /* the arrays read before they are written */
    memset(b.cu_start, 0, (cells + 1) * sizeof(int));
    memset(scratch->struck, 0, cells * sizeof(unsigned long));
    memset(scratch->where, 0, (size_t)b.n_units);
    if (trusted)
        scratch->checked = scratch->rect_checked = 1;
    else if (!intersections_fit(&b, scratch) || !rectangles_fit(&b, scratch))
        goto done;
    else if (PyBytes_CheckExact(units.obj) && PyBytes_CheckExact(PyTuple_GET_ITEM(table, 17)) &&
             PyBytes_CheckExact(PyTuple_GET_ITEM(table, 18))) { /* trusted from now on */
        Py_XSETREF(trusted_table, Py_NewRef(table));
        Py_XSETREF(trusted_units, Py_NewRef(units.obj));
        trusted_cells = b.cells;
        trusted_n_units = b.n_units;
    }
    cell_units(b.units, b.n, b.n_units, cells, b.cu_start, b.cu_list, chosen);
    memset(chosen, 0, cells * sizeof(int));
    if (!read_board(&b, values, masks, placed) || !(rounds = PyList_New(0)))
        goto done;
    Py_ssize_t skip = 0;
    for (;; start = 0) { /* a round; after the first, from the order's start */
        int solved = 1;
        for (Py_ssize_t i = 0; i < cells && solved; i++)
            solved = b.value[i] != 0;
        if (solved) {
            skip = 0;
            break;
        }
        PyObject *order = order_at(orders, rated);
        const unsigned char *code = (const unsigned char *)PyBytes_AS_STRING(order);
        int k = 0, t = -1, status = STUCK;
        Pattern hit;
        for (skip = start; skip < PyBytes_GET_SIZE(order); skip++) {
            int c = code[skip];
            if (c == WALK_HIDDEN) {
                status = hidden_round(&b, rated, at, &k, chosen);
                memset(chosen, 0, cells * sizeof(int));
            } else if (c == WALK_NAKED)
                status = naked_round(&b, at, &k);
            else if (c >= WALK_PATTERN && c < WALK_PATTERN + WALK_PATTERNS) {
                t = c - WALK_PATTERN;
                int found = find_pattern(&b, scratch, t, &hit);
                if (PyErr_Occurred())
                    goto done;
                status = found ? FOUND : STUCK;
            } else
                break; /* searched in Python only */
            if (status != STUCK)
                break;
        }
        if (status != FOUND)
            break; /* skip: the technique searched in Python, met a contradiction, or past all */
        int pattern = code[skip] >= WALK_PATTERN;
        int *saved_value = chosen; /* free between rounds: the values before this one */
        memcpy(saved, b.mask, (cells + b.n_units) * sizeof(unsigned long));
        memcpy(saved_value, b.value, cells * sizeof(int));
        if (pattern) { /* one step, made as its finder makes it */
            k = 0;
            if (t < POINTING || t == BUG) {
                at[0] = hit.place;
                at[1] = hit.digit;
                k = 1;
            } else
                for (int r = 0; r < hit.struck; r++)
                    b.mask[hit.struck_cell[r]] &= ~hit.struck_mask[r];
        }
        int s = 0;
        while (s < k && board_place(&b, at[4 * s], at[4 * s + 1]))
            s++;
        if (s < k) { /* a placement the round's earlier ones made impossible */
            memcpy(b.mask, saved, (cells + b.n_units) * sizeof(unsigned long));
            memcpy(b.value, saved_value, cells * sizeof(int));
            break;
        }
        memset(chosen, 0, cells * sizeof(int));
        PyObject *found;
        if (pattern) {
            PyObject *step = pattern_step(table, &b, t, &hit);
            found = step ? PyList_New(1) : NULL;
            if (found)
                PyList_SET_ITEM(found, 0, step);
            else
                Py_XDECREF(step);
        } else
            found = round_steps(table, &b, at, k);
        if (!found || PyList_Append(rounds, found)) {
            Py_XDECREF(found);
            goto done;
        }
        for (s = 0; s < PyList_GET_SIZE(found); s++) {
            PyObject *step = PyList_GET_ITEM(found, s);
            double se = PyFloat_AsDouble(PyTuple_GET_ITEM(step, STEP_FIELDS - 1));
            if (se > rated)
                rated = se;
        }
        Py_DECREF(found);
        if (PyErr_Occurred())
            goto done;
    }
    if (!PyList_GET_SIZE(rounds) || write_board(&b, values, masks, placed)) /* none: as they were */
        result = Py_BuildValue("Odn", rounds, rated, skip);
done:
    Py_XDECREF(rounds);
    if (memory != stack)
        PyMem_Free(memory);
    PyMem_Free(scratch);
    if (inter.obj)
        PyBuffer_Release(&inter);
    if (rect.obj)
        PyBuffer_Release(&rect);
    PyBuffer_Release(&units);
    return result;
}
