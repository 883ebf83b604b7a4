"""The command line's one policy for files and streams: nothing lost, nothing hangs.

Every command (``dlx-sudoku`` and ``python -m dlx``) runs its body inside ``guard()`` and
opens what it reads and writes through ``open_input`` and ``open_output``:

- An output file is written to a temporary file beside it and renamed into place when the
  command ends (also when Ctrl-C ends it: the answers already produced are kept). An error
  before the end removes the temporary file, so an existing file is never emptied, and ``-o``
  naming the command's own input is safe: the input is read whole before the rename.
  Outputs that are not regular files (``/dev/null``, a pipe) are written directly.
- Inputs are read through ``read_lines``: a read error is an InputError naming the input, and
  when the reader knows how long a sane line is, a huge line costs a bounded prefix, not
  its length in memory. (The readers drop a UTF-8 byte-order mark.)
- Errors are one line on stderr and an exit code, never a traceback:

  ========================================  =====================================
  an input that cannot be read (missing,    ``error: NAME: REASON``, exit ``BAD_INPUT`` (2)
  not UTF-8, a closed stdin)
  an output that cannot be written (a full  ``error: NAME: REASON``, exit ``WRITE_FAILED`` (4)
  disk, a closed stdout)
  the reader of stdout gone (``| head``)    nothing more is written, the exit code of what
                                            was done so far
  Ctrl-C                                    ``interrupted``, exit ``INTERRUPTED`` (130)
  SIGTERM, SIGHUP (``on_signals``)          as Ctrl-C: ``terminated``, exit 143 or 129
  ``--time-limit`` run out (``time_limit``)  as Ctrl-C: ``time limit of S s reached``,
                                            exit ``TIMED_OUT`` (5)
  ========================================  =====================================
"""

from __future__ import annotations

import _thread
import errno
import os
import signal
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from functools import partial
from pathlib import Path
from typing import IO, Annotated, Any, BinaryIO, TextIO, cast

import typer

BAD_INPUT, WRITE_FAILED, TIMED_OUT, INTERRUPTED = 2, 4, 5, 130
MOST = sys.maxsize  # the largest --limit: a count past it is not a limit
MAX_SECONDS = 1e9  # the largest --time-limit: 31 years, past any timer's reach
MAX_JOBS = 1024  # the largest --jobs taken at all (it is then held to the usable cores)
STDIO = "-"  # the name that means standard input or output


# The signals taken as Ctrl-C: SIGTERM, and SIGHUP where there is one (not on Windows).
STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, taken as Ctrl-C is (answers so far kept, partial counts said,
    worker processes ended), with the exit code a shell gives that signal (128 + it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.code = 128 + signum


def _terminate(signum: int, frame: object) -> None:
    raise Terminated(signum)


def on_signals() -> None:
    """Take SIGTERM and SIGHUP as Ctrl-C (see ``Terminated``): what a command's console
    script calls first. Pool workers put the defaults back (``dlx.executors``)."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, _terminate)


class TimeUp(KeyboardInterrupt):
    """A command's ``--time-limit`` ran out: taken as Ctrl-C is, exit ``TIMED_OUT``."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"time limit of {seconds:g} s reached")
        self.code = TIMED_OUT


TimeLimitOption = Annotated[
    float | None,
    typer.Option(
        "--time-limit",
        min=0.001,
        max=MAX_SECONDS,
        metavar="SECONDS",
        help=f"Stop as Ctrl-C would after this long (answers so far kept), exit {TIMED_OUT}.",
    ),
]


EARLY = 0.05  # seconds before its deadline a SIGALRM is taken for a stray one, not the limit


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise TimeUp in the main thread once ``seconds`` have passed in the block (None: no
    limit). A signal, so the searches see it where they see Ctrl-C, in C too: SIGALRM from
    an interval timer; where there is none (Windows), SIGINT from a timer thread, told
    apart from a real Ctrl-C by the flag the thread sets first. A SIGALRM well before the
    deadline (sent by someone else) does not end the block: the timer is set again for
    the time left."""
    if seconds is None:
        yield
        return
    timer: threading.Timer | None = None
    if hasattr(signal, "setitimer"):
        alarm, expired = signal.SIGALRM, None
    else:
        alarm, expired = signal.SIGINT, threading.Event()
    deadline = time.monotonic() + seconds

    def up(signum: int, frame: object) -> None:
        if expired is not None and not expired.is_set():
            raise KeyboardInterrupt  # a real Ctrl-C
        left = deadline - time.monotonic()
        if expired is None and left > EARLY:  # a stray SIGALRM, not our timer: wait on
            signal.setitimer(signal.ITIMER_REAL, left)
            return
        raise TimeUp(seconds)

    def ring() -> None:
        assert expired is not None
        expired.set()
        _thread.interrupt_main(signal.SIGINT)

    before = signal.signal(alarm, up)
    if expired is None:
        signal.setitimer(signal.ITIMER_REAL, seconds)
    else:
        timer = threading.Timer(seconds, ring)
        timer.daemon = True
        timer.start()
    try:
        yield
    finally:
        if timer is None:
            signal.setitimer(signal.ITIMER_REAL, 0)
        else:
            timer.cancel()
        signal.signal(alarm, before)


def stop_code(stop: KeyboardInterrupt) -> int:
    """The exit code of a command stopped by Ctrl-C (130), by a signal (128 + it) or by its
    time limit (TIMED_OUT)."""
    return getattr(stop, "code", INTERRUPTED)


def stop_reason(stop: KeyboardInterrupt) -> str:
    """What stopped a command, as it says it: interrupted, terminated, the time limit."""
    if isinstance(stop, TimeUp):
        return str(stop)
    return "terminated" if isinstance(stop, Terminated) else "interrupted"


class SearchWatch:
    """A search's progress callback for a command: a line on stderr when it is a terminal,
    redrawn at most ten times a second (solutions, nodes, the fraction explored by Knuth's
    estimate), else one note once the search has run NOTE_AFTER seconds; and the last
    search kept, so that a stopped command can say how far it got."""

    NOTE_AFTER = 10.0

    def __init__(self, draw: bool | None = None) -> None:
        self.draw = sys.stderr is not None and sys.stderr.isatty() if draw is None else draw
        self.search: Any = None  # the dlx.Search last seen
        self.shown = 0.0  # when the line was last drawn (0: not on the terminal now)
        self.noted = False
        self.started = 0.0  # when the last search was first seen

    def __call__(self, search: Any) -> None:
        now = time.monotonic()
        if search is not self.search:
            self.search, self.started = search, now
        if self.draw:
            if now - self.shown >= 0.1:
                self.shown = now
                _say_over(self.where())
        elif not self.noted and now - self.started >= self.NOTE_AFTER:
            self.noted = True
            _say(f"note: still searching: {self.where()}; --time-limit bounds the search")

    def where(self) -> str:
        """How far the last search got: solutions, nodes, the fraction of its tree (when
        the search estimates it: a count by cells does not)."""
        s = self.search.stats
        fraction = self.search.progress()
        explored = "" if fraction is None else f", about {_percent(fraction)} of the tree explored"
        return f"{s.solutions:,} solutions, {s.nodes:,} nodes{explored}"

    def erase(self) -> None:
        """Take the progress line off the terminal, if one is there."""
        if self.shown:
            _say_over("")
            self.shown = 0.0


def _percent(fraction: float) -> str:
    """A fraction as a percentage that shows the smallest ones (a huge tree's first part)."""
    return f"{fraction:.1%}" if fraction >= 0.001 or fraction == 0 else f"{fraction * 100:.1e}%"


def _say_over(text: str) -> None:
    """Redraw the current line of stderr with ``text``."""
    try:
        print(f"\r{text}\x1b[K", end="", file=sys.stderr, flush=True)
    except (OSError, AttributeError, ValueError):
        pass


class InputError(OSError):
    """An input that cannot be read, with the name the user gave it."""


class CommandError(Exception):
    """The command cannot go on: ``error: MESSAGE`` on stderr, exit ``code``, and an output
    file it was writing is left as it was."""

    def __init__(self, message: str, code: int = BAD_INPUT) -> None:
        super().__init__(message)
        self.code = code


def _say(message: str) -> None:
    """One line on stderr; if stderr is gone too there is no one to tell."""
    try:
        print(message, file=sys.stderr, flush=True)
    except (OSError, AttributeError, ValueError):
        pass


def _reason(error: OSError) -> str:
    return error.strerror or str(error) or type(error).__name__


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so Python's flush at exit finds no closed pipe."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass


@contextmanager
def guard(code: Callable[[], int] = lambda: 0) -> Iterator[None]:
    """Run a command's body under the policy above; ``code()`` is the exit code of the
    work done so far, used when the reader of stdout goes away."""
    try:
        yield
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk shows here for buffered output
    except typer.Exit:
        if sys.stdout is not None:
            _flush_or_exit(code)
        raise
    except BrokenPipeError:
        _quiet_stdout()
        raise typer.Exit(code()) from None
    except CommandError as error:
        _say(f"error: {error}")
        raise typer.Exit(error.code) from None
    except InputError as error:
        _say(f"error: {error.filename}: {_reason(error)}")
        raise typer.Exit(BAD_INPUT) from None
    except OSError as error:
        _say(f"error: {error.filename or 'standard output'}: {_reason(error)}")
        _quiet_stdout()
        raise typer.Exit(WRITE_FAILED) from None
    except KeyboardInterrupt as stop:
        _say(stop_reason(stop))
        raise typer.Exit(stop_code(stop)) from None


def _flush_or_exit(code: Callable[[], int]) -> None:
    """Flush stdout before a command's own exit, applying the policy to what fails."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
        raise typer.Exit(code()) from None
    except OSError as error:
        _say(f"error: standard output: {_reason(error)}")
        _quiet_stdout()
        raise typer.Exit(WRITE_FAILED) from None


def at_most_cores(jobs: int | None) -> int | None:
    """``--jobs`` held to the cores this process may use, saying so on stderr when it was
    more: more processes than cores only make each one slower."""
    from dlx.cores import usable_cores

    cores = usable_cores()
    if jobs is not None and jobs > cores:
        _say(f"note: --jobs {jobs} is more than the {cores} cores this process may use: {cores}")
        return cores
    return jobs


def interactive() -> bool:
    """True when stdin is a terminal (so a command with no input should show its help)."""
    return sys.stdin is not None and sys.stdin.isatty()


def stdin() -> IO[str]:
    """Standard input as text, or InputError when it is closed (as with ``<&-``)."""
    if sys.stdin is None:
        raise InputError(0, "it is closed", "standard input")
    return sys.stdin


def open_input(name: str | os.PathLike[str]) -> IO[str]:
    """An input to read as UTF-8 text (a BOM dropped for files): a file, or stdin for ``-``.

    Read it through ``read_lines`` so that read errors are InputErrors. The caller closes it
    (closing stdin is harmless here: the command is ending).
    """
    if str(name) == STDIO:
        return stdin()
    try:
        return open(name, encoding="utf-8-sig")
    except OSError as error:
        raise InputError(error.errno, _reason(error), str(name)) from None


def read_lines(stream: IO[str], limit: int | None = None) -> Iterator[str]:
    """The lines of an input, a read error (not UTF-8, EIO) raised as InputError naming it.

    With ``limit``, each line is cut to at most ``limit + 1`` characters, the rest of it
    skipped in bounded chunks: the reader refuses a line longer than ``limit`` having held
    no more than that (lines are read by the stream's own C code either way).
    """
    name = "standard input" if stream is sys.stdin else getattr(stream, "name", "input")
    try:
        if limit is None:
            yield from stream
            return
        for line in iter(partial(stream.readline, limit + 1), ""):
            yield line
            if len(line) > limit and not line.endswith("\n"):
                while (rest := stream.readline(limit + 1)) and not rest.endswith("\n"):
                    pass
    except UnicodeDecodeError as error:
        raise InputError(0, f"not UTF-8 text ({error})", str(name)) from None
    except OSError as error:
        raise InputError(error.errno, _reason(error), str(name)) from None


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """True when both names exist and are one file."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def open_output(target: str | os.PathLike[str] | None) -> AbstractContextManager[TextIO]:
    """Where a command writes text: stdout for None or ``-``; else a temporary file beside
    ``target``, renamed over it when the block ends normally, by ``typer.Exit`` or by
    Ctrl-C, and removed when it ends by any other error (``target`` is then untouched)."""
    return cast(AbstractContextManager[TextIO], _output(target, binary=False))


def open_binary_output(target: str | os.PathLike[str] | None) -> AbstractContextManager[BinaryIO]:
    """:func:`open_output` for bytes (stdout's buffer for None or ``-``)."""
    return cast(AbstractContextManager[BinaryIO], _output(target, binary=True))


@contextmanager
def _output(target: str | os.PathLike[str] | None, *, binary: bool) -> Iterator[IO[Any]]:
    if target is None or str(target) == STDIO:
        if sys.stdout is None:
            raise OSError(0, "standard output is closed", "standard output")
        yield sys.stdout.buffer if binary else sys.stdout
        return
    path = Path(os.path.realpath(target))  # through a symlink: replace what it names
    try:
        kind = path.stat().st_mode
    except FileNotFoundError:
        kind = None
    except OSError as error:
        raise OSError(error.errno, _reason(error), str(target)) from None
    if kind is not None and not stat.S_ISREG(kind):  # /dev/null, a pipe: no rename there
        with _named(target), _opened(path, target, binary) as stream:
            yield stream
        return
    if kind is not None and not (kind & 0o222 and os.access(path, os.W_OK)):
        raise OSError(errno.EACCES, "it is read-only: not replaced", str(target))
    fd, temporary = _temporary(path, target)
    try:
        # by path: os.fchmod is POSIX only before Python 3.13
        os.chmod(temporary, stat.S_IMODE(kind) if kind is not None else 0o666 & ~_umask())
        mode = "wb" if binary else "w"
        # _named outside: closing a stream whose flush failed fails again, unnamed
        encoding = None if binary else "utf-8"
        with _named(target), open(fd, mode, encoding=encoding) as stream:
            try:
                yield stream
            except (typer.Exit, KeyboardInterrupt):
                _keep(stream, temporary, path, target)
                raise
            _keep(stream, temporary, path, target)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def _temporary(path: Path, target: object) -> tuple[int, str]:
    """A file beside ``path`` to write the output in before it replaces it, named after
    this process (``.NAME.PID.XXXXXXXX.tmp``), so that the next write to ``path`` removes
    the ones a killed process left (SIGKILL gives no chance to clean up)."""
    _remove_stale(path)
    for _ in range(100):
        name = str(path.parent / f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), name
        except FileExistsError:
            continue
        except OSError as error:
            raise OSError(error.errno, _reason(error), str(target)) from None
    raise OSError(errno.EEXIST, "no free temporary name beside it", str(target))


def _remove_stale(path: Path) -> None:
    """Remove the temporaries of writes to ``path`` whose process is gone."""
    prefix = f".{path.name}."
    try:
        names = [n for n in os.listdir(path.parent) if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return
    for name in names:
        pid = name[len(prefix) : -len(".tmp")].split(".")[0]
        if pid.isdigit() and not _alive(int(pid)):
            try:
                os.unlink(path.parent / name)
            except OSError:
                pass


def _alive(pid: int) -> bool:
    if os.name == "nt":  # os.kill would end the process there: keep every temporary
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's: alive
        return True
    return True


@contextmanager
def _named(target: object) -> Iterator[None]:
    """An error writing an output without a file name gets the output's name."""
    try:
        yield
    except InputError:
        raise
    except OSError as error:
        if error.filename is not None:
            raise
        raise OSError(error.errno, _reason(error), str(target)) from None


def _keep(stream: IO[str] | IO[bytes], temporary: str, path: Path, target: object) -> None:
    """Flush ``stream`` to disk and rename it over ``path``."""
    try:
        stream.flush()
        os.fsync(stream.fileno())
        os.replace(temporary, path)
    except OSError as error:
        raise OSError(error.errno, _reason(error), str(target)) from None


@contextmanager
def _opened(path: Path, target: object, binary: bool) -> Iterator[IO[Any]]:
    try:
        stream = open(path, "wb") if binary else open(path, "w", encoding="utf-8")
    except OSError as error:
        raise OSError(error.errno, _reason(error), str(target)) from None
    with stream:
        yield stream


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
