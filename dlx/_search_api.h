/* dlx._search's C API, for other extensions that run many searches over one problem without
 * a Python object per search (as numpy exports its C API): a capsule holding a table of
 * functions. The problem is a dlx._search.Layout, checked and made once; a run is a private
 * copy of its arrays that a caller resets, forces options on and searches, again and again.
 *
 *     DlxApi *api = PyCapsule_Import(DLX_API_CAPSULE, 0);   // check api->version
 *     DlxRun *run = api->run_new(layout);     // GIL held; NULL with an exception set
 *     api->reset(run);                        // no GIL needed from here...
 *     if (api->force(run, option) < 0) ...    // the option clashes with one forced before
 *     int event = api->search(run, next_check, target);
 *     int depth = api->chosen(run, options, capacity);
 *     api->run_free(run);                     // ...to here; GIL held again
 *
 * Unseeded and without Ctrl-C polls, search() is dlx.search's loop step for step (same
 * choices, same order of solutions) and calls no Python, so the caller may release the GIL;
 * it returns DLX_SOLUTION, DLX_CHECKPOINT or DLX_END as Loop.run does. A caller that wants
 * Ctrl-C to work stops at checkpoints, takes the GIL back and calls PyErr_CheckSignals().
 */
#ifndef DLX_SEARCH_API_H
#define DLX_SEARCH_API_H

#define DLX_API_CAPSULE "dlx._search._C_API"
#define DLX_API_VERSION 1

enum { DLX_SOLUTION = 0, DLX_CHECKPOINT = 1, DLX_END = 2 };

typedef struct DlxRun DlxRun; /* opaque: one search's arrays and stacks */

typedef struct {
    int version;                  /* DLX_API_VERSION */
    /* layout is a dlx._search.Layout; GIL held. NULL with an exception on failure. */
    DlxRun *(*run_new)(PyObject *layout);
    void (*run_free)(DlxRun *run); /* GIL held */
    int (*n_options)(const DlxRun *run);
    /* Back to the layout's arrays: nothing forced, no node visited. */
    void (*reset)(DlxRun *run);
    /* Commit option `option` (0-based, as dlx numbers them) before searching: 0, or -1 and
     * nothing changed when it is out of range, has a colored node, or shares an item with an
     * option forced before. */
    int (*force)(DlxRun *run, int option);
    /* Search on until `target` solutions in all (DLX_SOLUTION, its options on the stack),
     * `next_check` nodes in all (DLX_CHECKPOINT) or the end of the tree (DLX_END). */
    int (*search)(DlxRun *run, long long next_check, long long target);
    /* The options chosen above the current level (the solution after DLX_SOLUTION), written
     * to options[0..] (at most `capacity`); returns how many there are. */
    int (*chosen)(const DlxRun *run, int *options, int capacity);
    long long (*nodes)(const DlxRun *run); /* options tried since the last reset */
} DlxApi;

#endif
