/* The subgradient ascent of dlx.relaxation._ascend in C, on plain arrays: the same steps, the
 * same double arithmetic in the same order (so the same prices), a few hundred times faster.
 * Option o's items are items[first[o]..first[o + 1]), each in 0..n-1; prices holds the start
 * and gets the best prices met; net (m doubles) and slope (n) are scratch.
 */

#define RELAX_PATIENCE 10         /* dlx.relaxation._PATIENCE */
#define RELAX_SMALLEST_STEP 1e-3  /* dlx.relaxation._SMALLEST_STEP */

static void relax_ascend(int n, int m, const double *costs, const int *first, const int *items,
                         long long rounds, double *prices, double *best_prices, double *net,
                         long long *slope, const char *alive)
{
    double best = 0, factor = 2.0;
    int stalled = 0;
    for (int i = 0; i < n; i++)
        best += prices[i];
    memcpy(best_prices, prices, (size_t)n * sizeof(double));
    for (long long round = 0; round < rounds; round++) {
        double value = 0, negative = 0;
        for (int o = 0; o < m; o++) {
            double paid = 0;
            for (int k = first[o]; k < first[o + 1]; k++)
                paid += prices[items[k]];
            net[o] = costs[o] - paid;
        }
        for (int i = 0; i < n; i++)
            value += prices[i];
        for (int o = 0; o < m; o++)
            if (net[o] < 0)
                negative += net[o];
        value += negative;
        if (value > best) {
            best = value;
            memcpy(best_prices, prices, (size_t)n * sizeof(double));
            stalled = 0;
        } else if (++stalled >= RELAX_PATIENCE) {
            factor /= 2, stalled = 0;
            if (factor < RELAX_SMALLEST_STEP)
                break;
        }
        for (int i = 0; i < n; i++)
            slope[i] = alive[i];
        for (int o = 0; o < m; o++)
            if (net[o] < 0)
                for (int k = first[o]; k < first[o + 1]; k++)
                    slope[items[k]]--;
        long long norm = 0;
        for (int i = 0; i < n; i++)
            norm += slope[i] * slope[i];
        if (norm == 0)
            break;
        double step = factor * (best * 1.05 + 1 - value) / (double)norm;
        for (int i = 0; i < n; i++) {
            volatile double move = step * (double)slope[i]; /* apart: no fused multiply-add */
            prices[i] = prices[i] + move;
        }
    }
}
