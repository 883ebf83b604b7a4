"""``cover``: any exact-cover problem in Knuth's DLX format, from the shell.

Run it as ``python -m dlx`` or as ``dlx-sudoku cover`` (the sudoku command line mounts this
command): it uses the engine alone, so it lives beside it. Solutions go to stdout as the lines
of their options, counts and statistics as asked; errors go to stderr with the line and
column of the file. Files, streams and their errors follow ``dlx.cli_io``.
"""

from __future__ import annotations

import itertools
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn, TextIO

import typer

import dlx
from dlx.cli_io import (
    INTERRUPTED,
    MAX_JOBS,
    MOST,
    TIMED_OUT,
    WRITE_FAILED,
    CommandError,
    SearchWatch,
    TimeLimitOption,
    at_most_cores,
    guard,
    on_signals,
    open_input,
    open_output,
    read_lines,
    stop_code,
    stop_reason,
    time_limit,
)

if TYPE_CHECKING:
    from dlx.costs import Cheapest

SOLVED, NO_SOLUTION, RUN_FAILED = 0, 1, 3
COVER_EXIT_CODES = (
    "Exit codes: 0 solved; 1 no solution; 2 bad input; 3 the parallel run failed (its "
    "workers or its Dask scheduler lost; --checkpoint keeps the parts done); "
    f"{WRITE_FAILED} the output could not be written; {TIMED_OUT} the time limit ended "
    f"the search; {INTERRUPTED} interrupted (143, 129 by SIGTERM, SIGHUP)."
)


JobsOption = Annotated[
    int | None,
    typer.Option(
        "--jobs", "-j", min=1, max=MAX_JOBS, help="Split the search over N worker processes."
    ),
]
DaskOption = Annotated[
    str | None,
    typer.Option(
        "--dask",
        metavar="ADDRESS|local",
        help="Split the search over a Dask cluster (a scheduler address, or 'local' for "
        "one on this machine); needs the \\[distributed] extra.",
    ),
]


COVER_HELP = """Solve an exact-cover problem given in Knuth's DLX format.

Prints each solution as the lines of its options, with a blank line between solutions.

A long search shows its progress when stderr is a terminal. Ctrl-C (or --time-limit) stops \
it and prints the count so far and the statistics; with --minimum, the cheapest solution \
found so far. A file that cannot be read is reported with its line and column.

With --jobs or --dask the tree is cut into parts searched in parallel; solutions still \
come in the serial order (with --seed, in an order of their own). --count --checkpoint F \
saves each finished part's count in F; Ctrl-C leaves F complete, and the same command \
again goes on from there.

\b
Examples:
  python -m dlx problem.dlx
  dlx-sudoku cover pentominoes.dlx --count --stats
  cat problem.dlx | dlx-sudoku cover --limit 3 -
  dlx-sudoku cover queens16.dlx --count --jobs 16 --checkpoint queens16.json
"""


def cover_command(
    file: Annotated[str, typer.Argument(help="A problem in Knuth's DLX format; - for stdin.")],
    counting: Annotated[
        bool, typer.Option("--count", help="Print the number of solutions instead.")
    ] = False,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, max=MOST, help="Stop after N solutions.")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Random tie-breaks and option order.")
    ] = None,
    stats: Annotated[
        bool, typer.Option("--stats", help="Nodes, updates, time and nodes per level (stderr).")
    ] = False,
    minimum: Annotated[
        bool,
        typer.Option(
            "--minimum",
            help="The cheapest solution by the options' costs (|cost in the file); "
            "with --limit N the N cheapest, cheapest first.",
        ),
    ] = False,
    jobs: JobsOption = None,
    dask: DaskOption = None,
    tasks: Annotated[
        int | None,
        typer.Option(
            "--tasks",
            min=1,
            help="With --jobs or --dask: cut into N parts (default: from "
            "the estimated size and the workers).",
        ),
    ] = None,
    checkpoint: Annotated[
        Path | None,
        typer.Option(
            "--checkpoint",
            help="With --count: record finished parts in this file; a rerun skips them.",
        ),
    ] = None,
    seconds: TimeLimitOption = None,
) -> None:
    """Solve an exact-cover problem given in Knuth's DLX format."""
    _refuse_what_does_not_go_together(counting, seed, minimum, jobs, dask, tasks, checkpoint, limit)
    jobs = at_most_cores(jobs)
    with guard(lambda: SOLVED):  # a reader gone has read at least part of a solution
        with open_input(file) as stream:
            try:
                problem = dlx.read(read_lines(stream))
            except dlx.DLXError as error:
                raise CommandError(f"{file}: {error}") from None
        with open_output(None) as out:
            if minimum:
                _print_cheapest(problem, out, limit or 1, stats, seconds, jobs, dask, tasks)
            with time_limit(seconds):
                if jobs is not None or dask is not None or checkpoint is not None:
                    _cover_in_parallel(
                        problem, out, counting, limit, seed, stats, jobs, dask, tasks, checkpoint
                    )
                _run(problem, out, counting=counting, limit=limit, seed=seed, stats=stats)


def _refuse_what_does_not_go_together(
    counting: bool,
    seed: int | None,
    minimum: bool,
    jobs: int | None,
    dask: str | None,
    tasks: int | None,
    checkpoint: Path | None,
    limit: int | None,
) -> None:
    """Every option works with the others given, or the command stops here (exit 2)
    saying which two do not go together, before anything is read or written."""
    given = {
        "--count": counting,
        "--seed": seed is not None,
        "--jobs": jobs is not None,
        "--dask": dask is not None,
        "--tasks": tasks is not None,
        "--checkpoint": checkpoint is not None,
    }
    if minimum:
        for option in ("--count", "--seed", "--checkpoint"):
            if given[option]:
                raise typer.BadParameter(
                    f"--minimum finds the cheapest solutions by branch and bound; it takes "
                    f"no {option}",
                    param_hint="--minimum",
                )
    if jobs is not None and dask is not None:
        raise typer.BadParameter("choose --jobs (processes here) or --dask", param_hint="--dask")
    if tasks is not None and jobs is None and dask is None:
        raise typer.BadParameter(
            "--tasks cuts a parallel search: give --jobs or --dask", param_hint="--tasks"
        )
    if checkpoint is not None and not counting:
        raise typer.BadParameter("--checkpoint goes with --count", param_hint="--checkpoint")
    if checkpoint is not None and limit is not None:
        raise typer.BadParameter(
            "a count with --limit stops early and keeps no checkpoint", param_hint="--checkpoint"
        )


def _run(
    problem: dlx.Problem,
    out: TextIO,
    *,
    counting: bool,
    limit: int | None,
    seed: int | None,
    stats: bool,
) -> NoReturn:
    """The search, its answers on ``out`` and its statistics on stderr."""
    watch = SearchWatch()
    search = problem.search(seed=seed, progress=watch, progress_interval=1_000)
    interrupted: KeyboardInterrupt | None = None  # Ctrl-C, a signal, the time limit
    try:
        if counting:
            search.count(limit)
        else:
            for number, solution in enumerate(itertools.islice(search, limit)):
                lines = "\n".join(map(problem.option_text, solution))
                out.write(f"\n{lines}\n" if number else f"{lines}\n")
                out.flush()
    except KeyboardInterrupt as stop:
        interrupted = stop
    watch.erase()
    found = search.stats.solutions
    if counting:
        out.write(f"{found}\n")
    if interrupted is not None:
        typer.echo(f"{stop_reason(interrupted)}: the search is incomplete", err=True)
    if stats or interrupted is not None:
        typer.echo(_cover_stats(search, interrupted), err=True)
    if interrupted is not None:
        raise typer.Exit(stop_code(interrupted))
    raise typer.Exit(SOLVED if found else NO_SOLUTION)


def _print_cheapest(
    problem: dlx.Problem,
    out: TextIO,
    k: int,
    stats: bool,
    seconds: float | None,
    jobs: int | None,
    dask: str | None,
    tasks: int | None,
) -> NoReturn:
    """``--minimum``: the k cheapest solutions on ``out``, each after a line with its cost;
    past ``seconds``, the cheapest found so far (exit TIMED_OUT). With ``jobs`` or ``dask``
    the search is split across workers (a time limit then stops it with no answer)."""
    watch = SearchWatch()
    try:
        if jobs is not None or dask is not None:
            found = _cheapest_in_parallel(problem, k, jobs, dask, tasks, seconds)
        else:
            found = problem.minimum(k, time_limit=seconds, progress=watch, progress_interval=1_000)
    except KeyboardInterrupt as stop:
        watch.erase()
        typer.echo(f"{stop_reason(stop)}: no answer is known to be the cheapest", err=True)
        raise typer.Exit(stop_code(stop)) from None
    watch.erase()
    for number, (cost, solution) in enumerate(found.covers):
        lines = "\n".join(map(problem.option_text, solution))
        out.write(f"{'' if number == 0 else chr(10)}cost {cost}\n{lines}\n")
    if stats:
        s = found.stats
        typer.echo(
            f"{s.solutions} solutions improved the best, {s.nodes} nodes, {s.elapsed:.3f} s",
            err=True,
        )
    if not found.complete:
        what = "the cheapest found so far" if found.covers else "no solution found yet"
        typer.echo(f"time limit of {seconds:g} s reached: {what}, none proved cheapest", err=True)
        raise typer.Exit(TIMED_OUT)
    raise typer.Exit(SOLVED if found.covers else NO_SOLUTION)


def _cheapest_in_parallel(
    problem: dlx.Problem,
    k: int,
    jobs: int | None,
    dask: str | None,
    tasks: int | None,
    seconds: float | None,
) -> Cheapest:
    """``--minimum`` with --jobs or --dask (dlx.parallel.minimum), its failures as
    ``cover --count`` in parallel reports them."""
    from dlx import parallel
    from dlx.executors import ClusterLostError, WorkerLostError

    if dask is not None:
        quiet_dask()
    try:
        with time_limit(seconds):
            return parallel.minimum(problem, k, jobs=jobs, executor=dask, tasks=tasks)
    except (ClusterLostError, WorkerLostError) as error:
        raise CommandError(str(error), RUN_FAILED) from None
    except (ImportError, OSError, dlx.DLXError) as error:  # no Dask
        raise CommandError(str(error)) from None


def _cover_stats(search: dlx.Search, interrupted: KeyboardInterrupt | None) -> str:
    """A search's statistics in two lines, as `cover` prints them on stderr (Ctrl-C may
    come between two solutions, outside the search: ``interrupted`` says it did)."""
    s = search.stats
    if search.complete:
        ended = "complete"
    else:
        ended = stop_reason(interrupted) if interrupted is not None else "stopped at the limit"
    return (
        f"{s.solutions} solutions, {s.nodes} nodes, {s.updates} updates, {s.elapsed:.3f} s, "
        f"{ended}\nnodes per level: {' '.join(map(str, s.profile))}"
    )


def _cover_in_parallel(
    problem: dlx.Problem,
    out: TextIO,
    counting: bool,
    limit: int | None,
    seed: int | None,
    stats: bool,
    jobs: int | None,
    dask: str | None,
    tasks: int | None,
    checkpoint: Path | None,
) -> NoReturn:
    """``cover`` with --jobs, --dask or --checkpoint: the same output, from parallel workers."""
    from dlx import parallel
    from dlx.executors import ClusterLostError, WorkerLostError

    if dask is not None:
        quiet_dask()
    tty = sys.stderr.isatty()
    run = parallel.Count(
        problem,
        jobs=jobs,
        executor=dask,
        limit=limit,
        tasks=tasks,
        checkpoint=checkpoint,
        progress=ParallelProgress() if tty else None,
    )  # counting; enumerating runs parallel.solutions
    start = time.perf_counter()
    interrupted: KeyboardInterrupt | None = None  # Ctrl-C, a signal, the time limit
    found = 0
    try:
        if counting:
            found = run.run()
        else:
            stream = parallel.solutions(problem, jobs=jobs, executor=dask, seed=seed, tasks=tasks)
            for found, solution in enumerate(itertools.islice(stream, limit), start=1):
                lines = "\n".join(map(problem.option_text, solution))
                out.write(f"\n{lines}\n" if found > 1 else f"{lines}\n")
                out.flush()
    except KeyboardInterrupt as stop:
        interrupted = stop
        found = run.solutions if counting else found
    except BrokenPipeError:
        raise
    except (ClusterLostError, WorkerLostError) as error:
        saved = f"; {checkpoint} keeps what was done: run the command again" if checkpoint else ""
        raise CommandError(f"{error}{saved}", RUN_FAILED) from None
    except (ImportError, OSError, dlx.DLXError) as error:  # no Dask, a checkpoint
        raise CommandError(str(error)) from None
    if tty:
        typer.echo("\r\x1b[K", nl=False, err=True)
    if counting:
        out.write(f"{found}\n")
    unsaved = WRITE_FAILED if run.unsaved is not None else 0  # the count stands, not the file
    if run.unsaved is not None:
        reason = run.unsaved.strerror or run.unsaved
        typer.echo(f"error: {checkpoint}: the checkpoint could not be written: {reason}", err=True)
    if interrupted is not None:
        saved = f"; {checkpoint} keeps what is done" if checkpoint else ""
        typer.echo(f"{stop_reason(interrupted)}: the search is incomplete{saved}", err=True)
    if not counting and stats:
        seconds = time.perf_counter() - start
        order = "the serial order" if seed is None else f"the order of seed {seed}"
        typer.echo(f"{found} solutions in {seconds:.3f} s, in {order}", err=True)
    if counting and (stats or interrupted is not None) and run.plan is not None:
        total = len(run.plan.tasks)
        before = len(run.counts) - run.tasks_run
        typer.echo(
            f"{found} solutions, {run.nodes} nodes; parts: {run.tasks_run} run now, "
            f"{len(run.counts)} of {total} done ({before} from the checkpoint), "
            f"{time.perf_counter() - start:.3f} s, "
            + (stop_reason(interrupted) if interrupted is not None else "complete"),
            err=True,
        )
    stopped = stop_code(interrupted) if interrupted is not None else 0
    raise typer.Exit(stopped or unsaved or (SOLVED if found else NO_SOLUTION))


def quiet_dask() -> None:
    """Dask's loggers (and its event loop's) silenced but for the critical: a lost scheduler
    or a stop by a signal is logged there with tracebacks, and the user gets one line from
    us (Dask sets its loggers' levels when it is imported, so this comes after). The
    cluster's own processes read it from the environment they inherit: a worker still
    beating when a stop ends its scheduler logs no traceback either."""
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "critical")
    try:
        import distributed  # noqa: F401 (configures the loggers)
    except ImportError:
        return  # the runner says the extra is missing
    import logging  # here: with Dask only (it costs every command 2 ms to start)

    for name in list(logging.root.manager.loggerDict):  # tornado: Dask's event loop
        if name.partition(".")[0] in ("distributed", "tornado"):
            logging.getLogger(name).setLevel(logging.CRITICAL)


class ParallelProgress:
    """A progress bar on stderr: parts done, solutions so far, time left from the estimates."""

    def __init__(self) -> None:
        self.shown = 0.0

    def __call__(self, state: dlx.parallel.Progress) -> None:
        now = time.monotonic()
        if now - self.shown >= 0.1 or state.done == state.total:
            self.shown = now
            filled = 30 * state.done // max(state.total, 1)
            eta = "" if state.eta is None else f", about {_duration(state.eta)} left"
            typer.echo(
                f"\r[{'#' * filled}{'.' * (30 - filled)}] {state.done}/{state.total} parts, "
                f"{state.solutions} solutions{eta}\x1b[K",
                nl=False,
                err=True,
            )


def _duration(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return (
        f"{hours}h{minutes:02}m"
        if hours
        else f"{minutes}m{seconds:02}s"
        if minutes
        else f"{seconds}s"
    )


app = typer.Typer(
    context_settings={"help_option_names": ["-h", "--help"]},
    rich_markup_mode="rich",  # the same help under every typer
    pretty_exceptions_enable=False,
)
app.command("cover", help=COVER_HELP, epilog=COVER_EXIT_CODES)(cover_command)


def main() -> None:
    """``python -m dlx``: the cover command alone."""
    on_signals()
    typer.main.get_command(app).main(prog_name="python -m dlx")
