/* The walk's searches of the techniques that lean on the puzzle having one solution
 * (sudoku.uniqueness): unique rectangles of types 1, 2 and 4, of type 3 (a pseudo-cell in
 * a naked subset), and BUG+1, found into a Pattern (_walk_finds.h). Included by _batch.c
 * after _walk_finds.h. */

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

/* The rectangles of the position two of whose corners hold a pair alone, which the other
 * two hold too (paired), in order: found once a position for the searches of every type;
 * their count, or -1 with an error set when there is no memory. */
static Py_ssize_t paired_of(const Board *b, Scratch *s)
{
    if (s->paired_at == s->position)
        return s->paired;
    if (!s->paired_rect) {
        Py_ssize_t most = (s->rect_end - s->rect) / 4 + 1;
        s->paired_rect = PyMem_Malloc((size_t)most * sizeof *s->paired_rect);
        s->paired_ab = PyMem_Malloc((size_t)most * sizeof *s->paired_ab);
        if (!s->paired_rect || !s->paired_ab) {
            PyErr_NoMemory();
            return -1;
        }
    }
    s->paired = 0;
    for (const int *at = s->rect; at < s->rect_end; at += 4) {
        unsigned long ab = paired(b->mask, at);
        if (ab) {
            s->paired_rect[s->paired] = at;
            s->paired_ab[s->paired++] = ab;
        }
    }
    s->paired_at = s->position;
    return s->paired;
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
    Py_ssize_t paired = b->n_units == 3 * b->n && rectangles_fit(b, s) ? paired_of(b, s) : 0;
    for (Py_ssize_t r = 0; r < paired; r++) {
        const int *at = s->paired_rect[r];
        unsigned long ab = s->paired_ab[r];
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
    Py_ssize_t paired = b->n_units == 3 * b->n && rectangles_fit(b, s) ? paired_of(b, s) : 0;
    for (int k = 2; k <= 4; k++)
        for (Py_ssize_t r = 0; r < paired; r++) {
            const int *at = s->paired_rect[r];
            unsigned long ab = s->paired_ab[r];
            if (roof_of(b, at, ab, hit) != 2)
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
