/* DLX5's search for minimum-cost covers over a Dance, a template like _mult.h and included
 * after it, so each copy (COLORS 0 and 1) reuses that copy's hide, unhide and each_other. It
 * is dlx.costs.CostLoop step for step: the same item chosen at every node (the fewest
 * options below the limit, counted down its list as far as COST_LOOKAHEAD; the dearest
 * cheapest option among ties; then leftmost), the same moves in the same order, the same
 * nodes, updates and profile. Every list is in increasing cost (the driver sorts the
 * options), so a walk down a list stops at the first option at or past its bound: an item is
 * covered, or purified, only across the options below what the move leaves (cutoff - net
 * cost with the move), kept per level in below_item and below_move so that undoing uses the
 * same bound while the cutoff falls. d->size[l] is the count the item was chosen by and
 * d->tried[l] the options tried there, as branches() reports them. Plain C over a Dance: no
 * Python object.
 */

/* cover(i) below d->below: i out of the active list, the options of its list cheaper than
 * that hidden. */
static inline void VARIANT(cover_below)(Dance *d, int i)
{
    Node *nd = d->nd;
    const double *cost = d->cost;
    double below = d->below;
    long long updates = 1; /* taking i out of the active list, as Knuth counts */
    int l = d->llink[i], r = d->rlink[i];
    d->rlink[l] = r;
    d->llink[r] = l;
    for (int p = nd[i].down; p != i && cost[p] < below; p = nd[p].down)
        updates += VARIANT(hide)(d, p);
    d->t.updates += updates;
}

/* Undo cover_below(i) with the same d->below: the same options, top down as DLX5 does it
 * (the links come back right in either order). */
static inline void VARIANT(uncover_below)(Dance *d, int i)
{
    Node *nd = d->nd;
    const double *cost = d->cost;
    double below = d->below;
    for (int p = nd[i].down; p != i && cost[p] < below; p = nd[p].down)
        VARIANT(unhide)(d, p);
    d->rlink[d->llink[i]] = i;
    d->llink[d->rlink[i]] = i;
}

#if COLORS
/* purify(x) below d->below: of the options of x's item cheaper than that, those giving it
 * x's color are marked -1 (committed), the others hidden. */
static void VARIANT(purify_below)(Dance *d, int x)
{
    Node *nd = d->nd;
    const double *cost = d->cost;
    double below = d->below;
    int c = nd[x].color, i = nd[x].top;
    for (int p = nd[i].down; p != i && cost[p] < below; p = nd[p].down) {
        if (nd[p].color == c)
            nd[p].color = -1;
        else
            d->t.updates += VARIANT(hide)(d, p);
    }
}

static void VARIANT(unpurify_below)(Dance *d, int x)
{
    Node *nd = d->nd;
    const double *cost = d->cost;
    double below = d->below;
    int c = nd[x].color, i = nd[x].top;
    for (int p = nd[i].down; p != i && cost[p] < below; p = nd[p].down) {
        if (nd[p].color < 0)
            nd[p].color = c;
        else
            VARIANT(unhide)(d, p);
    }
}
#endif

/* Algorithm C's commit of node q's item, below d->below. */
static inline void VARIANT(commit_below_node)(Dance *d, int q)
{
#if COLORS
    int c = d->nd[q].color;
    if (c == 0)
        VARIANT(cover_below)(d, d->nd[q].top);
    else if (c > 0)
        VARIANT(purify_below)(d, q);
#else
    VARIANT(cover_below)(d, d->nd[q].top);
#endif
}

static inline void VARIANT(uncommit_below_node)(Dance *d, int q)
{
#if COLORS
    int c = d->nd[q].color;
    if (c == 0)
        VARIANT(uncover_below)(d, d->nd[q].top);
    else if (c > 0)
        VARIANT(unpurify_below)(d, q);
#else
    VARIANT(uncover_below)(d, d->nd[q].top);
#endif
}

/* The item to branch on at a node whose options must cost less than `limit`, its count in
 * d->size[level]; 0 at a dead end (an item whose cheapest option reaches the limit). */
static inline int VARIANT(branch_item)(Dance *d, int level, double limit)
{
    Node *nd = d->nd;
    const double *cost = d->cost;
    int best = 0, size = d->n_nodes;
    double least = 0;
    for (int k = d->rlink[0]; k; k = d->rlink[k]) {
        int p = nd[k].down, s = 1;
        if (p == k || cost[p] >= limit)
            return 0;
        double cheapest = cost[p];
        for (p = nd[p].down; p != k && cost[p] < limit; p = nd[p].down) {
            if (s == size) { /* more than the best has: not better */
                s++;
                break;
            }
            if (s >= COST_LOOKAHEAD) { /* far enough: its length will do */
                s = d->len[k];
                break;
            }
            s++;
        }
        if (s < size || (s == size && cheapest > least))
            best = k, size = s, least = cheapest;
    }
    d->size[level] = size;
    return best;
}

/* Search on from where the Dance stands (see dance_run). */
static int VARIANT(run_costs)(Dance *d, long long next_check, long long target)
{
    Node *nd = d->nd;
    const double *cost = d->cost;
    double *spent = d->spent;
    int level = d->t.level, i, x;
    if (d->t.at == AT_BACKUP)
        goto backup;

forward:
    if (d->rlink[0] == 0) { /* every primary item is covered: a solution */
        if (tally_solution(&d->t, level, target))
            return SOLUTION;
        goto backup;
    }
    if (!(i = VARIANT(branch_item)(d, level, d->cutoff - spent[level])))
        goto backup;
    d->item[level] = i; /* cover i below what its cheapest option leaves */
    d->tried[level] = 0;
    x = d->choice[level] = nd[i].down;
    d->below = d->below_item[level] = d->cutoff - (spent[level] + cost[x]);
    VARIANT(cover_below)(d, i);

move: /* x's other items, below what x leaves */
    spent[level + 1] = spent[level] + cost[x];
    d->below = d->below_move[level] = d->cutoff - spent[level + 1];
    VARIANT(each_other)(d, x, VARIANT(commit_below_node));
    if (tally_node(&d->t, level++, next_check))
        return CHECKPOINT;
    goto forward;

backup: /* leave this level: undo the move above, on to the next option */
    if (level == 0)
        return tally_end(&d->t);
    level--;
    x = d->choice[level];
    i = d->item[level];
    d->below = d->below_move[level];
    VARIANT(each_other_back)(d, x, VARIANT(uncommit_below_node));
    d->tried[level]++;
    x = d->choice[level] = nd[x].down;
    if (x != i && cost[x] < d->cutoff - spent[level])
        goto move;
    d->below = d->below_item[level]; /* the rest of the list is dearer */
    VARIANT(uncover_below)(d, i);
    goto backup;
}
