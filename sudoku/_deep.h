/* Propagation past singles for the bitmask search of _masks.h, and the branching that goes
 * with it: what a search turns to once it has stalled (MASKS_STALL guesses), where a big
 * grid's plain search would wander for hours.
 *
 * Two rules on the cover matrix, neither of which knows rows, columns or boxes: locked
 * candidates (an item whose options all belong to another item rules out that item's other
 * options) and subsets (Regin's matching filter: a unit's open digits and open cells must
 * be matched one to one; an option in no such matching goes), which together are what a
 * person calls pointing, claiming, and naked and hidden pairs, triples and beyond. Both only
 * hide options, so the search's answers stay the same; they cut its tree. Branching then
 * follows Boussemart et al.'s dom/wdeg: fewest options, weighed by the dead ends met so far
 * in the item's units.
 *
 * Included by _masks.h after its steps (masks_hide) and before masks_propagate, which calls
 * these; plain C on the arrays of MasksShape and MasksSearch, every index below their sizes
 * (a unit's n cells and digits, a cell's k slots, n <= MASKS_MAX_SIZE for the locals).
 */
#ifndef SUDOKU_DEEP_H
#define SUDOKU_DEEP_H

/* The bit of `cell` in unit v's items, 0 when the cell is not in v. */
MASKS_STEP Mask masks_bit_in(const MasksShape *shape, int cell, int v, int k)
{
    for (int j = 0; j < k; j++)
        if (shape->slot_unit[cell * k + j] == v)
            return shape->slot_bit[cell * k + j];
    return 0;
}

/* Locked candidates, on the matrix: when every option left to an item (unit u, digit d) is
 * also an option of another unit's item (v, d) (u's cells for d all lie in v), v's other
 * options for d are hidden, since covering (u, d) covers (v, d). Boxes and lines both ways
 * (pointing, claiming), and any pair of regions alike. 1 when an option went, 0 when none,
 * -1 when an item is left empty. */
MASKS_STEP int masks_locked(MasksSearch *s, int k)
{
    const MasksShape *shape = s->shape;
    const int n = shape->n, cells = shape->cells, sink = shape->n_units;
    int removed = 0;
    for (int u = 0; u < shape->n_units; u++) {
        const int *unit = shape->units + (size_t)u * n;
        for (int d = 0; d < n && s->dirty[u]; d++) {
            Mask m = s->masks[cells + u * n + d];
            if (m == COVERED || !(m & (m - 1))) /* covered, or a single on the queue */
                continue;
            int first = unit[masks_lowest(m)];
            for (int j = 0; j < k; j++) {
                int v = shape->slot_unit[first * k + j];
                if (v == u || v == sink)
                    continue;
                Mask keep = 0, rest = m; /* u's cells for d, as bits of v */
                for (; rest; rest &= rest - 1) {
                    Mask bit = masks_bit_in(shape, unit[masks_lowest(rest)], v, k);
                    if (!bit)
                        break;
                    keep |= bit;
                }
                Mask left = s->masks[cells + v * n + d];
                if (rest || left == COVERED || !(left & ~keep))
                    continue;
                for (Mask others = left & ~keep; others; others &= others - 1) {
                    int cell = shape->units[(size_t)v * n + masks_lowest(others)];
                    if (masks_hide(s, cell, d, -1, k) < 0)
                        return -1;
                }
                removed = 1;
            }
        }
    }
    return removed;
}

/* A maximum matching of unit u's open digits to its open cells (positions in the unit),
 * each digit d to a position of can[d], grown by augmenting paths (breadth first, on
 * bitmasks): mate[d] the position, owner[p] the digit. 0 when every open digit has one,
 * -1 when not (some set of digits has fewer cells than digits: the branch is dead). */
static int masks_match(const Mask *can, Mask digits, int *mate, int *owner)
{
    int queue[MASKS_MAX_SIZE], parent[MASKS_MAX_SIZE];
    Mask free_cells = 0;
    for (Mask rest = digits; rest; rest &= rest - 1)
        free_cells |= can[masks_lowest(rest)];
    for (int p = 0; p < MASKS_MAX_SIZE; p++)
        owner[p] = -1;
    for (Mask rest = digits; rest; rest &= rest - 1) {
        int start = masks_lowest(rest), head = 0, tail = 0, d = -1, p = -1;
        Mask seen = 0;
        mate[start] = -1;
        queue[tail++] = start;
        while (head < tail && p < 0) {
            d = queue[head++];
            Mask reach = can[d] & ~seen, open = reach & free_cells;
            seen |= reach;
            if (open) {
                p = masks_lowest(open);
                break;
            }
            for (; reach; reach &= reach - 1) { /* every cell reached is taken: go on */
                int e = owner[masks_lowest(reach)];
                parent[e] = d;
                queue[tail++] = e;
            }
        }
        if (p < 0)
            return -1;
        free_cells &= ~((Mask)1 << p);
        for (;;) { /* flip the path: d takes p, its parent takes d's old cell, and so on */
            int old = mate[d];
            mate[d] = p;
            owner[p] = d;
            if (d == start)
                break;
            p = old;
            d = parent[d];
        }
    }
    return 0;
}

/* Strongly connected components of the digits of a matched unit, where d leads to e when d
 * may take e's cell (Kosaraju's two passes, on bitmasks): comp[d] = a component number.
 * can[d]: d's cells; held[p]: the digits cell p may take. */
static void masks_components(const Mask *can, const Mask *held, Mask digits, const int *mate,
                             const int *owner, int *comp)
{
    int order[MASKS_MAX_SIZE], stack[MASKS_MAX_SIZE], done = 0, count = 0;
    Mask seen = 0; /* the cells of the digits visited */
    for (Mask rest = digits; rest; rest &= rest - 1) {
        int root = masks_lowest(rest), top = 0;
        if (seen >> mate[root] & 1)
            continue;
        seen |= (Mask)1 << mate[root];
        stack[top++] = root;
        while (top) { /* depth first; a digit is finished when it leads nowhere new */
            int d = stack[top - 1];
            Mask next = can[d] & ~seen;
            if (next) {
                int p = masks_lowest(next);
                seen |= (Mask)1 << p;
                stack[top++] = owner[p];
            } else
                order[done++] = stack[--top];
        }
    }
    Mask left = digits; /* second pass: the reversed edges, latest finished first */
    while (done) {
        int root = order[--done], top = 0;
        if (!(left >> root & 1))
            continue;
        left &= ~((Mask)1 << root);
        stack[top++] = root;
        while (top) {
            int e = stack[--top];
            comp[e] = count;
            for (Mask from = held[mate[e]] & left; from; from &= from - 1) {
                int d = masks_lowest(from);
                left &= ~((Mask)1 << d);
                stack[top++] = d;
            }
        }
        count++;
    }
}

/* Subsets, on the matrix (Regin's filter for all-different): unit u's open digits must be
 * matched to its open cells, one each; an option (cell, d) in no such matching is hidden.
 * That is every naked and hidden subset of the unit, of any size. 1 when an option went, 0
 * when none, -1 when no matching is left or an item is left empty. */
MASKS_STEP int masks_subsets(MasksSearch *s, int u, int k)
{
    const MasksShape *shape = s->shape;
    const int n = shape->n, cells = shape->cells;
    const int *unit = shape->units + (size_t)u * n;
    Mask can[MASKS_MAX_SIZE], held[MASKS_MAX_SIZE], digits = 0, zone[MASKS_MAX_SIZE];
    int mate[MASKS_MAX_SIZE], owner[MASKS_MAX_SIZE], comp[MASKS_MAX_SIZE], removed = 0;
    for (int d = 0; d < n; d++) {
        can[d] = s->masks[cells + u * n + d];
        if (can[d] != COVERED)
            digits |= (Mask)1 << d;
    }
    if (!(digits & (digits - 1)))
        return 0; /* one digit left: a single, on the queue */
    for (int p = 0; p < n; p++) {
        Mask m = s->masks[unit[p]];
        held[p] = m == COVERED ? 0 : m & digits;
    }
    if (masks_match(can, digits, mate, owner) < 0) {
        s->failed = cells + u * n + masks_lowest(digits);
        return -1;
    }
    masks_components(can, held, digits, mate, owner, comp);
    for (int c = 0; c < n; c++)
        zone[c] = 0;
    for (Mask rest = digits; rest; rest &= rest - 1) { /* each component's cells */
        int d = masks_lowest(rest);
        zone[comp[d]] |= (Mask)1 << mate[d];
    }
    for (Mask rest = digits; rest; rest &= rest - 1) {
        int d = masks_lowest(rest);
        for (Mask out = can[d] & ~zone[comp[d]]; out; out &= out - 1) {
            if (masks_hide(s, unit[masks_lowest(out)], d, -1, k) < 0)
                return -1;
            removed = 1;
        }
    }
    return removed;
}

/* The open item of most dead ends for its options (Boussemart et al.'s dom/wdeg: fewest
 * options, weighed by the dead ends met so far in the units it belongs to), the first. */
MASKS_STEP int masks_heaviest(const MasksSearch *s, int k)
{
    const MasksShape *shape = s->shape;
    int best = 0;
    unsigned long long best_weight = 0, best_length = 1;
    for (int i = 0; i < shape->items; i++) {
        Mask m = s->masks[i];
        if (m == COVERED)
            continue;
        unsigned long long weight = 1, length = (unsigned)dlx_popcount32(m);
        if (i < shape->cells)
            for (int j = 0; j < k; j++)
                weight += s->weight[shape->slot_unit[i * k + j]];
        else
            weight += s->weight[shape->item_unit[i - shape->cells]];
        if (weight * best_length > best_weight * length) {
            best = i;
            best_weight = weight;
            best_length = length;
        }
    }
    return best;
}

/* A dead end on item i: its units weigh more in masks_heaviest. */
MASKS_STEP void masks_weigh(MasksSearch *s, int i, int k)
{
    const MasksShape *shape = s->shape;
    if (i < shape->cells)
        for (int j = 0; j < k; j++)
            s->weight[shape->slot_unit[i * k + j]]++;
    else
        s->weight[shape->item_unit[i - shape->cells]]++;
}

#endif
