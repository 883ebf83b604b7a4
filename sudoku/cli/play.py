"""``play``: the page served on 127.0.0.1 (``sudoku.web``), when the web extra is installed."""

from __future__ import annotations

from typing import Annotated

import typer

from sudoku.cli.options import BAD_INPUT

commands = typer.Typer(rich_markup_mode="rich")  # the same help under every typer


@commands.command("play")
def play_command(
    port: Annotated[
        int,
        typer.Option("--port", min=0, max=65535, help="Port on 127.0.0.1; 0 picks a free one."),
    ] = 8765,
    no_browser: Annotated[
        bool, typer.Option("--no-browser", help="Print the address; do not open a browser.")
    ] = False,
) -> None:
    r"""Play and make puzzles in the browser: a page served on 127.0.0.1 only (Ctrl-C stops).

    Needs the web extra: pip install 'dlx-sudoku\[web]'.
    """
    from sudoku.web import INSTALL_HINT, missing_extra

    if missing_extra():
        typer.echo(f"play needs {', '.join(missing_extra())}: {INSTALL_HINT}", err=True)
        raise typer.Exit(BAD_INPUT)
    from sudoku.web.app import serve

    try:
        serve(port=port, open_browser=not no_browser, announce=typer.echo)
    except OSError as error:
        typer.echo(f"play: {error.strerror}; try another --port", err=True)
        raise typer.Exit(BAD_INPUT) from None
    except KeyboardInterrupt:
        pass
