/* Algorithm M (Knuth's DLX3) over a Dance, a template like _dance.h and included right after
 * it, so each copy (COLORS 0 and 1) reuses that copy's cover, hide and purify. It is
 * dlx.multiplicities.MultiplicityLoop step for step, without costs: the same item chosen at
 * every node (least branching degree, then smaller slack, then longer list, then leftmost;
 * rng.choice among exact ties when seeded), the same moves in the same order, the same
 * nodes, updates and profile. A level's item and move are d->item[l] and d->choice[l] (the
 * item's header for a null move); d->size[l] is its branching degree and d->tried[l] the
 * moves made there, as branches() reports them. Plain C over a Dance: no Python object.
 */

/* unlink(q): q out of its item's list, one update (tweak's step). */
static inline void VARIANT(unlink)(Dance *d, int q)
{
    Node *nd = d->nd;
    int u = nd[q].up, dn = nd[q].down;
    nd[u].down = dn;
    nd[dn].up = u;
    d->len[nd[q].top]--;
    d->t.updates++;
}

/* M6's step for node q: a primary item loses one from its bound and is covered when that
 * reaches 0; a secondary one is committed as Algorithm C commits it. */
static inline void VARIANT(commit_bounded_node)(Dance *d, int q)
{
    int j = d->nd[q].top;
    if (j > d->n_primary)
        VARIANT(commit_node)(d, q);
    else if (--d->bound[j] == 0)
        VARIANT(cover)(d, j);
}

static inline void VARIANT(uncommit_bounded_node)(Dance *d, int q)
{
    int j = d->nd[q].top;
    if (j > d->n_primary)
        VARIANT(uncommit_node)(d, q);
    else if (d->bound[j]++ == 0)
        VARIANT(uncover)(d, j);
}

/* M6: the items of x's option but x's, cyclically from the one after x. */
static inline void VARIANT(commit_bounded)(Dance *d, int x)
{
    VARIANT(each_other)(d, x, VARIANT(commit_bounded_node));
}

static inline void VARIANT(uncommit_bounded)(Dance *d, int x)
{
    VARIANT(each_other_back)(d, x, VARIANT(uncommit_bounded_node));
}

/* untweak(i, x, unblock): put back at once every node tweaked out of i's list since x was its
 * first, unhiding their options when they were hidden; else i was covered: uncover it, but
 * leave it out of the active list. */
static inline void VARIANT(untweak)(Dance *d, int i, int x, int unblock)
{
    Node *nd = d->nd;
    int z = nd[i].down, above = i, k = 0;
    nd[i].down = x;
    for (int p = x; p != z; above = p, p = nd[p].down) {
        nd[p].up = above;
        k++;
        if (unblock)
            VARIANT(unhide)(d, p);
    }
    nd[z].up = above;
    d->len[i] += k;
    if (!unblock)
        for (int p = nd[i].up; p != i; p = nd[p].up)
            VARIANT(unhide)(d, p);
}

/* M8: item i as it was before level l branched on it. */
static inline void VARIANT(restore)(Dance *d, int i, int l)
{
    if (d->bound[i] == 0 && d->slack[i] == 0)
        VARIANT(uncover)(d, i);
    else
        VARIANT(untweak)(d, i, d->first_tweak[l], d->bound[i] != 0);
    d->bound[i]++;
}

/* Search on from where the Dance stands (see dance_run). */
static int VARIANT(run_bounded)(Dance *d, long long next_check, long long target)
{
    Node *nd = d->nd;
    int *llink = d->llink, *rlink = d->rlink, *len = d->len;
    long long *bound = d->bound, *slack = d->slack;
    int level = d->t.level, i, x;
    if (d->t.at == AT_BACKUP)
        goto backdown;

forward: { /* M2, M3: the item of least branching degree, or a solution */
    long long score = 0, best_s = 0;
    int best_l = 0, n_ties = 0;
    i = 0;
    for (int k = rlink[0]; k; k = rlink[k]) {
        long long s = slack[k] < bound[k] ? slack[k] : bound[k];
        long long t = len[k] + s - bound[k] + 1;
        if (!i || t < score || (t == score && (s < best_s || (s == best_s && len[k] > best_l)))) {
            i = k, score = t, best_s = s, best_l = len[k], n_ties = 0;
            if (t <= 0) /* a dead end, whichever item is chosen */
                break;
        } else if (t != score || s != best_s || len[k] != best_l)
            continue;
        if (d->choose) /* seeded: the exact ties, for rng.choice */
            d->ties[n_ties++] = k;
    }
    if (!i) { /* no active primary item: a solution */
        if (tally_solution(&d->t, level, target))
            return SOLUTION;
        goto backdown;
    }
    if (score <= 0)
        goto backdown;
    if (n_ties > 1 && (i = d->choose(d->context, d->ties, n_ties)) <= 0) {
        d->t.at = AT_FORWARD;
        d->t.level = level;
        return FAILED;
    }
    d->size[level] = (int)score; /* at most len[i] + 1 */
}
    d->tried[level] = 0;
    d->item[level] = i;
    x = d->choice[level] = nd[i].down; /* M4 */
    d->first_tweak[level] = 0;
    if (--bound[i] == 0 && slack[i] == 0)
        VARIANT(cover)(d, i);
    else {
        d->first_tweak[level] = x;
        if (bound[i] == 0)
            VARIANT(cover)(d, i);
    }

advance: /* M5: back up if x is off limits; else tweak x, or put i aside (a null move) */
    if (bound[i] == 0 && slack[i] == 0) {
        if (x == i)
            goto backup;
    } else if (len[i] <= bound[i] - slack[i])
        goto backup;
    else if (x != i) {
        if (bound[i] != 0)
            d->t.updates += VARIANT(hide)(d, x);
        VARIANT(unlink)(d, x);
    } else if (bound[i] != 0) {
        rlink[llink[i]] = rlink[i];
        llink[rlink[i]] = llink[i];
    }
    if (x != i) /* M6 */
        VARIANT(commit_bounded)(d, x);
    if (tally_node(&d->t, level++, next_check))
        return CHECKPOINT;
    goto forward;

backup: /* M8 */
    VARIANT(restore)(d, i, level);
backdown: /* M9: leave this level; M7: undo the move made above it, on to the next */
    if (level == 0)
        return tally_end(&d->t);
    level--;
    x = d->choice[level];
    i = d->item[level];
    if (x == i) { /* a null move: i comes back to the active list */
        rlink[llink[i]] = i;
        llink[rlink[i]] = i;
        goto backup;
    }
    VARIANT(uncommit_bounded)(d, x);
    d->tried[level]++;
    x = d->choice[level] = nd[x].down;
    goto advance;
}
