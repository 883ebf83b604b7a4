"""The play server: the page and the JSON API on Starlette, served by uvicorn on 127.0.0.1.

Routes
    GET  /                 the page (static/index.html)
    GET  /static/...       its script and style
    POST /api/<endpoint>   `sudoku.web.api.ENDPOINTS`, a JSON object in, JSON out (SVG for
                           sheet); errors are ``{"error": message, ...}`` with a 4xx status,
                           503 when a job ran past its time budget, never a traceback

Only the loopback address is served and only its host names are accepted (a page elsewhere
cannot reach the server through DNS rebinding); the page loads nothing from other hosts.
The API is closed to other sites: a body must be ``application/json`` (415 otherwise: a
form or a ``text/plain`` POST, which a page anywhere may send without asking, is refused
before it is read), and a request whose ``Origin`` is not the page's own is refused (403).
Each request is bounded: a body of at most MAX_BODY bytes (413 beyond), a job of at most
the budget's seconds (20 by default; 503 beyond), at most DEFAULT_QUEUE (8) jobs waiting a
lane for at most DEFAULT_WAIT (10) seconds each (503 with Retry-After beyond).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import threading
import webbrowser
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from sudoku.web import api
from sudoku.web.jobs import DEFAULT_BUDGET, Busy, Cancelled, Failed, Jobs, OverBudget

HOST = "127.0.0.1"
DEFAULT_PORT = 8765
MAX_BODY = 100_000  # bytes of request body read at most
STATIC = Path(__file__).parent / "static"
INLINE = {"options", "read"}  # endpoints cheap enough to answer without a worker
SMALL = 81  # cells of the largest puzzle that takes the quick lane (a 9x9)
STOP_WITHIN = 1  # seconds Ctrl-C or SIGTERM gives the requests in flight
WORKER_START = 60  # seconds the server waits at most for its first workers to be ready
log = logging.getLogger("sudoku.web")
CSP = (
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; form-action 'none'"
)


def _error(status: int, message: str, **where: Any) -> JSONResponse:
    return JSONResponse({"error": message, **where}, status_code=status)


async def _read_body(request: Request) -> Any:
    """The request's JSON body, refused with 413 past MAX_BODY bytes and 400 when not JSON."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise api.ApiError(413, f"the request body is {declared} bytes; at most {MAX_BODY}")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise api.ApiError(413, f"the request body is over {MAX_BODY} bytes")
    if not data:
        return {}
    try:
        body = json.loads(data)
    except RecursionError:
        raise api.ApiError(400, "the request body is nested too deep to be a request") from None
    except json.JSONDecodeError as error:
        message = f"the request body is not JSON: {error}"
        raise api.ApiError(400, message, line=error.lineno, column=error.colno) from None
    except (ValueError, UnicodeDecodeError) as error:
        raise api.ApiError(400, f"the request body is not JSON: {error}") from None
    if not isinstance(body, dict):
        raise api.ApiError(400, "the request body must be a JSON object")
    return body


def _foreign(request: Request) -> Response | None:
    """The refusal of a request another site could have sent: a body that is not JSON by
    its Content-Type (415), or an Origin other than the page's own (403); None if fine."""
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if kind != "application/json":
        shown = f"Content-Type {kind!r}" if kind else "no Content-Type"
        return _error(415, f"the API takes application/json bodies, not {shown}")
    origin = request.headers.get("origin")
    own = f"{request.url.scheme}://{request.headers.get('host', '')}"
    if origin is not None and origin != own:
        return _error(403, f"requests from {origin} are refused: only the page itself may call")
    return None


class _NoSniff:
    """Every response says ``X-Content-Type-Options: nosniff``: a browser takes the JSON and
    the SVG for what they say they are, never for a script."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        async def sending(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"x-content-type-options", b"nosniff"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)


RETRY_AFTER = 2  # seconds a busy server asks a client to wait


def _small(body: Any) -> bool:
    """True for a request about a puzzle of at most SMALL cells (or a new one as small)."""
    if not isinstance(body, dict):
        return True
    size = body.get("size")
    if isinstance(size, int) and not isinstance(size, bool):
        return size * size <= SMALL
    text = body.get("puzzle")
    return not isinstance(text, str) or sum(c.isalnum() or c in "._-" for c in text) <= SMALL


def _client(request: Request) -> str:
    return f"{request.client.host}:{request.client.port}" if request.client else "a client"


def _settled(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()


async def _run_while_connected(request: Request, jobs: Jobs, name: str, body: Any) -> Any:
    """``jobs.run`` in a thread of the pool while the client is there; when it leaves, the
    job is called off (dropped if waiting, its worker killed if running)."""
    cancelled = threading.Event()
    task = asyncio.ensure_future(run_in_threadpool(jobs.run, name, body, cancelled))
    task.add_done_callback(_settled)  # a job called off ends later, its error unread
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=0.25)
            if done:
                return task.result()
            if await request.is_disconnected():
                cancelled.set()
                raise Cancelled(name)
    except asyncio.CancelledError:  # the server is stopping: the job is called off
        cancelled.set()
        raise Cancelled(name) from None
    finally:
        if not task.done():  # the client left, or the server is stopping
            cancelled.set()


def create_app(
    *,
    budget: float = DEFAULT_BUDGET,
    workers: int = 2,
    hosts: tuple[str, ...] = (HOST, "localhost"),
) -> Starlette:
    """The application: the page and the API, jobs limited to ``budget`` seconds each in
    at most ``workers`` processes at once, requests accepted only for ``hosts``."""
    # Two lanes: a flood of big or slow jobs cannot keep a 9x9 from its answer.
    quick = Jobs(budget=budget, workers=1)
    jobs = Jobs(budget=budget, workers=workers)

    def lane(body: Any) -> Jobs:
        return quick if _small(body) else jobs

    async def page(request: Request) -> Response:
        return FileResponse(
            STATIC / "index.html",
            headers={"Content-Security-Policy": CSP, "Referrer-Policy": "no-referrer"},
        )

    async def endpoint(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in api.ENDPOINTS:
            return _error(404, f"no endpoint /api/{name}; there are {', '.join(api.ENDPOINTS)}")
        refused = _foreign(request)
        if refused is not None:
            return refused
        try:
            body = await _read_body(request)
            if name in INLINE:
                result = api.ENDPOINTS[name](body)
            else:
                result = await _run_while_connected(request, lane(body), name, body)
        except ClientDisconnect:
            log.warning("%s left before the answer to /api/%s", _client(request), name)
            return Response(status_code=499)
        except Cancelled:
            log.warning("%s left: /api/%s stopped", _client(request), name)
            return Response(status_code=499)
        except Busy as busy:
            refused = _error(503, f"the server is busy ({busy}); try again in a moment")
            refused.headers["Retry-After"] = str(RETRY_AFTER)
            return refused
        except api.ApiError as error:
            return JSONResponse(error.to_json(), status_code=error.status)
        except Failed as failure:
            return JSONResponse(failure.payload, status_code=failure.status)
        except OverBudget as over:
            return _error(
                503,
                f"{over}: try a smaller size, another level or seed, or an easier request",
                budget=over.budget,
            )
        if isinstance(result, str):
            return Response(result, media_type="image/svg+xml")
        return JSONResponse(result)

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        return _error(error.status_code, str(error.detail))

    async def server_error(request: Request, error: Exception) -> Response:
        return _error(500, f"internal error: {error!r}"[:500])

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for lane_jobs in (quick, jobs):
            await run_in_threadpool(lane_jobs.warm)
        for lane_jobs in (quick, jobs):  # served once a worker is ready: no request waits
            await run_in_threadpool(lane_jobs.ready, WORKER_START)
        yield
        await run_in_threadpool(jobs.close)
        await run_in_threadpool(quick.close)

    return Starlette(
        lifespan=lifespan,
        routes=[
            Route("/", page),
            Route("/api/{name}", endpoint, methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC)),
        ],
        middleware=[
            Middleware(_NoSniff),
            Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts)),
        ],
        exception_handlers={HTTPException: http_error, Exception: server_error},
    )


def listen(port: int = DEFAULT_PORT) -> socket.socket:
    """A socket listening on 127.0.0.1 at ``port`` (0 for any free one).

    Raises OSError (with the port in its message) when the port cannot be had.
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((HOST, port))
        sock.listen(64)
    except OSError as error:
        sock.close()
        raise OSError(error.errno, f"cannot listen on {HOST}:{port}: {error.strerror}") from None
    return sock


def url_of(sock: socket.socket) -> str:
    """The page's address for a socket from `listen`."""
    return f"http://{HOST}:{sock.getsockname()[1]}/"


def server(sock: socket.socket, *, budget: float = DEFAULT_BUDGET) -> uvicorn.Server:
    """A uvicorn server for the app; ``server.run(sockets=[sock])`` serves until stopped."""
    config = uvicorn.Config(
        create_app(budget=budget), log_level="warning", timeout_graceful_shutdown=STOP_WITHIN
    )
    return uvicorn.Server(config)


def serve(
    *,
    port: int = DEFAULT_PORT,
    open_browser: bool = True,
    budget: float = DEFAULT_BUDGET,
    announce: Callable[[str], None] = print,
) -> None:
    """Serve the page on 127.0.0.1 until Ctrl-C, opening it in the browser unless told not to.

    The socket listens before the browser is asked to open the page, so it never meets a
    refused connection.
    """
    sock = listen(port)
    url = url_of(sock)
    announce(f"dlx-sudoku play: {url}  (Ctrl-C stops it)")
    if open_browser:
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    try:
        server(sock, budget=budget).run(sockets=[sock])
    finally:
        sock.close()
