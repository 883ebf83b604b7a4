/* The dancing-links search loop and its operations, a template: dlx/_search.c includes this
 * file twice, once with COLORS 0 (Algorithm X: committing an option covers its other items)
 * and once with COLORS 1 (Algorithm C: a node's color decides between cover, purify and
 * nothing), so the colorless loop pays no color test per node and there is still one source
 * of the loop.
 * VARIANT(name) names this copy's functions. Plain C over a Dance: no Python object.
 */

/* Knuth's operations, as in dlx.dancing.DancingLoop. */

/* hide(p): take the other nodes of p's option out of their lists, but those of items
 * already purified with their color (marked -1, as DLX2 skips them); how many it took. */
static inline int VARIANT(hide)(Dance *d, int p)
{
    Node *nd = d->nd;
    int *len = d->len, count = 0;
    for (int q = p + 1; q != p;) {
        int x = nd[q].top, u = nd[q].up, dn = nd[q].down;
        if (x <= 0) { /* spacer: back to the option's first node */
            q = u;
            continue;
        }
#if COLORS
        if (nd[q].color < 0) {
            q++;
            continue;
        }
#endif
        nd[u].down = dn;
        nd[dn].up = u;
        len[x]--;
        count++;
        q++;
    }
    return count;
}

static inline void VARIANT(unhide)(Dance *d, int p)
{
    Node *nd = d->nd;
    int *len = d->len;
    for (int q = p - 1; q != p;) {
        int x = nd[q].top, u = nd[q].up, dn = nd[q].down;
        if (x <= 0) { /* spacer: on to the option's last node */
            q = dn;
            continue;
        }
#if COLORS
        if (nd[q].color < 0) {
            q--;
            continue;
        }
#endif
        nd[u].down = q;
        nd[dn].up = q;
        len[x]++;
        q--;
    }
}

static inline void VARIANT(cover)(Dance *d, int i)
{
    Node *nd = d->nd;
    long long updates = 1; /* Knuth counts taking i out of the active list too */
    for (int p = nd[i].down; p != i; p = nd[p].down)
        updates += VARIANT(hide)(d, p);
    d->t.updates += updates;
    int l = d->llink[i], r = d->rlink[i];
    d->rlink[l] = r;
    d->llink[r] = l;
}

static inline void VARIANT(uncover)(Dance *d, int i)
{
    Node *nd = d->nd;
    int l = d->llink[i], r = d->rlink[i];
    d->rlink[l] = i;
    d->llink[r] = i;
    for (int p = nd[i].up; p != i; p = nd[p].up)
        VARIANT(unhide)(d, p);
}

#if COLORS
/* purify(x): x's colored item is committed; hide the options giving it another color. */
static void VARIANT(purify)(Dance *d, int x)
{
    Node *nd = d->nd;
    int c = nd[x].color, i = nd[x].top;
    for (int p = nd[i].down; p != i; p = nd[p].down) {
        if (nd[p].color == c)
            nd[p].color = -1; /* compatible: marked as already committed */
        else
            d->t.updates += VARIANT(hide)(d, p);
    }
}

static void VARIANT(unpurify)(Dance *d, int x)
{
    Node *nd = d->nd;
    int c = nd[x].color, i = nd[x].top;
    for (int p = nd[i].up; p != i; p = nd[p].up) {
        if (nd[p].color < 0)
            nd[p].color = c;
        else
            VARIANT(unhide)(d, p);
    }
}
#endif

/* Algorithm C's commit of node q's item: cover it, purify it, or nothing when done;
 * without colors, cover it. */
static inline void VARIANT(commit_node)(Dance *d, int q)
{
#if COLORS
    int c = d->nd[q].color;
    if (c == 0)
        VARIANT(cover)(d, d->nd[q].top);
    else if (c > 0)
        VARIANT(purify)(d, q);
#else
    VARIANT(cover)(d, d->nd[q].top);
#endif
}

static inline void VARIANT(uncommit_node)(Dance *d, int q)
{
#if COLORS
    int c = d->nd[q].color;
    if (c == 0)
        VARIANT(uncover)(d, d->nd[q].top);
    else if (c > 0)
        VARIANT(unpurify)(d, q);
#else
    VARIANT(uncover)(d, d->nd[q].top);
#endif
}

/* step(d, q) for the other nodes q of x's option, cyclically from the one after x; unstep
 * undoes them in reverse, from the one before x. Inlined with step known, so no call is
 * made through the pointer. */
DLX_ALWAYS_INLINE void VARIANT(each_other)(Dance *d, int x, void (*step)(Dance *, int))
{
    Node *nd = d->nd;
    for (int q = x + 1; q != x;) {
        if (nd[q].top <= 0) {
            q = nd[q].up;
            continue;
        }
        step(d, q);
        q++;
    }
}

DLX_ALWAYS_INLINE void VARIANT(each_other_back)(Dance *d, int x, void (*unstep)(Dance *, int))
{
    Node *nd = d->nd;
    for (int q = x - 1; q != x;) {
        if (nd[q].top <= 0) {
            q = nd[q].down;
            continue;
        }
        unstep(d, q);
        q--;
    }
}

/* commit(x): the other nodes of x's option. */
static inline void VARIANT(commit)(Dance *d, int x)
{
    VARIANT(each_other)(d, x, VARIANT(commit_node));
}

static inline void VARIANT(uncommit)(Dance *d, int x)
{
    VARIANT(each_other_back)(d, x, VARIANT(uncommit_node));
}

/* Search on from where the Dance stands (see dance_run). */
static int VARIANT(run)(Dance *d, long long next_check, long long target)
{
    Node *nd = d->nd;
    int *rlink = d->rlink, *len = d->len;
    int level = d->t.level, i, x, best;
    int seeded = d->choose != NULL;
    if (d->t.at == AT_BACKUP)
        goto backup;

forward:
    if (rlink[0] == 0) { /* X2: every primary item is covered */
        if (tally_solution(&d->t, level, target))
            return SOLUTION;
        goto backup;
    }
    /* X3: the item with fewest options, leftmost (or random) among ties */
    i = rlink[0];
    best = len[i];
    if (!seeded) {
        for (int j = rlink[i]; j && best > 1; j = rlink[j]) /* one option: a forced move */
            if (len[j] < best) {
                i = j;
                best = len[j];
            }
    } else {
        int n_ties = 1;
        d->ties[0] = i;
        for (int j = rlink[i]; j; j = rlink[j]) {
            if (len[j] < best) {
                best = len[j];
                n_ties = 0;
            }
            if (len[j] == best)
                d->ties[n_ties++] = j;
        }
        if ((i = d->choose(d->context, d->ties, n_ties)) <= 0) {
            d->t.at = AT_FORWARD;
            d->t.level = level;
            return FAILED;
        }
    }
    if (best == 0) { /* a dead end; Knuth covers the empty item anyway: one update */
        d->t.updates++;
        goto backup;
    }
    /* X4: cover i. Unseeded, its options are tried down its list (which stays as it is
     * while i is covered); seeded, in the order of a shuffled copy of the list (the copies
     * of all levels fit in one array of n_nodes). */
    d->item[level] = i;
    if (seeded) {
        int *order = d->order + d->start[level], n = 0;
        for (x = nd[i].down; x != i; x = nd[x].down)
            order[n++] = x;
        if (d->shuffle(d->context, order, n, i) < 0) {
            d->t.at = AT_FORWARD;
            d->t.level = level;
            return FAILED;
        }
        d->size[level] = n;
        d->start[level + 1] = d->start[level] + n;
        d->tried[level] = 0;
        x = order[0];
    } else
        x = nd[i].down;
    VARIANT(cover)(d, i);

try: /* X5: try option x */
    d->choice[level] = x;
    VARIANT(commit)(d, x);
    if (tally_node(&d->t, level++, next_check))
        return CHECKPOINT;
    goto forward;

backup: /* X8: leave this level; X6: undo the option tried above, go on to the next */
    if (level == 0)
        return tally_end(&d->t);
    level--;
    x = d->choice[level];
    VARIANT(uncommit)(d, x);
    i = d->item[level];
    if (seeded)
        x = ++d->tried[level] < d->size[level] ? d->order[d->start[level] + d->tried[level]] : i;
    else
        x = nd[x].down;
    if (x != i)
        goto try;
    VARIANT(uncover)(d, i); /* X7: every option of i has been tried */
    goto backup;
}
