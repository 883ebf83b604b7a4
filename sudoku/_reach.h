/* sudoku._chains' static closures all at once: what each potential of a board implies,
 * when nothing bounds how far, is all the potentials it reaches by the board's links.
 * Strongly connected components (Tarjan's, with a stack of its own) and the sets each
 * reaches, found once for the board, give every closure's size and whether it holds the
 * start's opposite. Included by _chains.c after search(), on its Links, Where and Arena. */

/* For each potential of a candidate of the board m of the digits in mask, the number of
 * potentials the static search from it that does not stop (search(), stop 0, reach -1)
 * reaches, or -1 when it reaches the potential's opposite, into sizes (l->potentials ints,
 * the other potentials' left as they are); mask all digits with y, any without (no link
 * leaves a digit then). 0 when the sets would take more than a few megabytes or on no
 * memory (no exception set: the searches do without). */
static int reach_sizes(const Links *l, const uint32_t *m, const Where *from, int y,
                       uint32_t mask, int *sizes, Arena *arena)
{
    const int n = l->n, total = l->potentials, words = l->words;
    int nodes = 0;
    for (int i = 0; i < l->cells; i++)
        nodes += 2 * dlx_popcount32(m[i] & mask);
    const int w = (nodes + 63) / 64; /* a set of nodes */
    if (!nodes || (size_t)nodes * (size_t)w > ((size_t)1 << 19))
        return !nodes;
    /* node (a potential's node), its potential, the edges' starts */
    int *node = arena_take(arena, ((size_t)total + 2 * (size_t)nodes + 1) * sizeof(int));
    if (!node)
        return 0;
    int *potential = node + total, *start = potential + nodes;
    for (int i = 0, k = 0; i < l->cells; i++)
        for (uint32_t ds = m[i] & mask; ds; ds &= ds - 1) {
            int q = (i * n + dlx_ctz32(ds)) << 1;
            node[q] = k, potential[k++] = q;
            node[q | 1] = k, potential[k++] = q | 1;
        }
    /* the links, in room for the most a node may have: its peers and the cell's other
     * digits, or its cell and units */
    int most = 0;
    for (int i = 0; i < l->cells; i++) {
        int on = l->peer_start[i + 1] - l->peer_start[i] + n;
        int off = l->cu_start[i + 1] - l->cu_start[i] + 1;
        most = on > most ? on : off > most ? off : most;
    }
    int *to = arena_take(arena, ((size_t)nodes * (size_t)most + 1) * sizeof(int));
    if (!to)
        return 0;
    int at = 0;
    for (int k = 0; k < nodes; k++) {
        int q = potential[k], i = (q >> 1) / n, d = (q >> 1) % n;
        start[k] = at;
        if (q & 1) { /* on: the digit off in its peers, the cell's other digits off */
            const uint64_t *near = l->peer_bits + i * words, *with = from->holding + d * words;
            for (int c = 0; c < words; c++)
                for (uint64_t bits = near[c] & with[c]; bits; bits &= bits - 1)
                    to[at++] = node[((c * 64 + dlx_ctz64(bits)) * n + d) << 1];
            for (uint32_t e = y ? m[i] & ~((uint32_t)1 << d) : 0; e; e &= e - 1)
                to[at++] = node[(i * n + dlx_ctz32(e)) << 1];
        } else { /* off: the board's strong links */
            int units = l->cu_start[i + 1] - l->cu_start[i];
            const int *link = from->strong + (l->cu_start[i] + i) * n + d * (units + 1);
            for (int u = !y; u <= units; u++)
                if (link[u] >= 0)
                    to[at++] = node[link[u]];
        }
    }
    start[nodes] = at;
    /* Tarjan's: each node's index and low link, its component; the stack of the nodes
     * not yet in a component, and the path followed, each with its next edge */
    int *index = arena_take(arena, 6 * (size_t)nodes * sizeof(int));
    uint64_t *reached = arena_take(arena, (size_t)nodes * (size_t)w * sizeof(uint64_t));
    if (!index || !reached)
        return 0;
    int *low = index + nodes, *comp = low + nodes, *stack = comp + nodes;
    int *path = stack + nodes, *next = path + nodes;
    for (int k = 0; k < nodes; k++)
        index[k] = comp[k] = -1;
    int counter = 0, stacked = 0, comps = 0;
    for (int root = 0; root < nodes; root++) {
        if (index[root] >= 0)
            continue;
        int depth = 0;
        path[0] = root, next[0] = start[root];
        index[root] = low[root] = counter++, stack[stacked++] = root;
        while (depth >= 0) {
            int v = path[depth];
            if (next[depth] < start[v + 1]) {
                int u = to[next[depth]++];
                if (index[u] < 0) { /* followed */
                    index[u] = low[u] = counter++, stack[stacked++] = u;
                    path[++depth] = u, next[depth] = start[u];
                } else if (comp[u] < 0 && index[u] < low[v]) /* on the stack */
                    low[v] = index[u];
                continue;
            }
            if (--depth >= 0 && low[v] < low[path[depth]])
                low[path[depth]] = low[v];
            if (low[v] != index[v])
                continue;
            /* v's component, complete: what it reaches is itself and what its links reach,
             * every other component they lead to complete before it (one with a node in
             * set already: all it reaches is, set being a union of such components' sets) */
            uint64_t *set = reached + (size_t)comps * (size_t)w;
            memset(set, 0, (size_t)w * sizeof(uint64_t));
            int first = stacked;
            do
                comp[stack[--first]] = comps;
            while (stack[first] != v);
            for (int s = first; s < stacked; s++) {
                int k = stack[s];
                set[k / 64] |= (uint64_t)1 << (k % 64);
                for (int e = start[k]; e < start[k + 1]; e++)
                    if (comp[to[e]] != comps && !(set[to[e] / 64] >> (to[e] % 64) & 1)) {
                        const uint64_t *other = reached + (size_t)comp[to[e]] * (size_t)w;
                        for (int c = 0; c < w; c++)
                            set[c] |= other[c];
                    }
            }
            int size = 0;
            for (int c = 0; c < w; c++)
                size += dlx_popcount64(set[c]);
            for (int s = first; s < stacked; s++) {
                int k = stack[s], opposite = node[potential[k] ^ 1];
                sizes[potential[k]] = set[opposite / 64] >> (opposite % 64) & 1 ? -1 : size;
            }
            stacked = first, comps++;
        }
    }
    return 1;
}
