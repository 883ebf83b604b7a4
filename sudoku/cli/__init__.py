"""The ``dlx-sudoku`` command line: thin commands over the library.

Each command lives in a module of this package (``solve`` and ``count`` in ``solve``,
``rate``, ``generate``, ``grids``, ``play``; ``cover`` and ``tile`` are the engine's own,
``dlx.cli`` and ``dlx.cli_tile``) and is imported only when it runs or its help is shown,
so a short run pays for what it uses.
The sudoku commands that answer puzzles hand them to ``sudoku.batch`` and write through one
writer, ``sudoku.cli.answers``, which owns the output and the exit code. Files, streams and
their errors follow the one policy of ``dlx.cli_io``.
"""

# No `from __future__ import annotations`: typer reads the callback's annotations when it
# builds it, on every run, and would compile each of them from a string then.

import gc
import importlib
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

# Each command, and the module that defines it (a Typer named ``commands``, or dlx's app).
COMMANDS = {
    "solve": "sudoku.cli.solve",
    "count": "sudoku.cli.solve",
    "generate": "sudoku.cli.generate",
    "grids": "sudoku.cli.grids",
    "rate": "sudoku.cli.rate",
    "cover": "dlx.cli",
    "tile": "dlx.cli_tile",
    "play": "sudoku.cli.play",
}
EXIT_SUMMARY = (
    "Exit codes: 0 solved (and unique where --unique was asked), 1 no solution, 2 bad input, "
    "3 more than one solution with --unique; for several puzzles, the largest that applies; "
    "4 the output could not be written, 5 the --time-limit ran out, 130 interrupted (answers "
    "written so far are kept; 143 and 129 for SIGTERM and SIGHUP, taken the same way)."
)


class LazyCommands(TyperGroup):
    """The commands by name, each built from its module when it is first asked for."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        module = COMMANDS.get(cmd_name)
        if module is None:
            return None
        found = importlib.import_module(module)
        group = typer.main.get_group(getattr(found, "commands", None) or found.app)
        return group.get_command(ctx, cmd_name)


def _version(show: bool) -> None:
    if show:
        from sudoku import __version__
        from sudoku.cli.options import loop_in_use

        typer.echo(f"dlx-sudoku {__version__}\nsearch loop: {loop_in_use()}")
        raise typer.Exit()


app = typer.Typer(
    cls=LazyCommands,
    help=f"Solve and count sudoku puzzles by exact cover (dancing links).\n\n{EXIT_SUMMARY}",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    rich_markup_mode="rich",  # the default until typer 0.17 was none: \[extra] shown raw
    pretty_exceptions_enable=False,
)


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help="Show the version and the search loop in use (C or pure Python), and exit.",
        ),
    ] = False,
) -> None:
    """Solve and count sudoku puzzles by exact cover (dancing links)."""
    if not gc.isenabled():  # run by main(): the command's modules are imported now
        gc.freeze()
        gc.enable()


def main() -> None:
    """The console script ``dlx-sudoku``: SIGTERM and SIGHUP are taken as Ctrl-C."""
    from dlx.cli_io import on_signals

    on_signals()
    # Imports make many objects and no garbage: collecting while the command's modules load
    # is wasted work, and so is walking them in every later full collection, so collection
    # waits until the command is imported (_main runs then) and leaves them out (freeze).
    gc.disable()
    app(prog_name="dlx-sudoku")
