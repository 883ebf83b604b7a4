"""The play server is closed to other sites: a page elsewhere cannot make it work.

A browser lets any page send a "simple" cross-site POST (a form, or ``text/plain``) without
asking; the server refuses every body that is not ``application/json`` (415) and every
``Origin`` but the page's own (403). Checked with plain requests, and in Chromium from a
page served on another port (another origin), as an attacker's page would be.
"""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator

import pytest

from .conftest import request

EXAMPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
BODY = json.dumps({"puzzle": EXAMPLE}).encode()


@pytest.mark.parametrize(
    "kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""]
)
def test_a_body_that_is_not_json_by_its_type_is_refused(base_url: str, kind: str) -> None:
    status, error = request(base_url, "/api/solve", data=BODY, headers={"Content-Type": kind})
    assert status == 415 and "application/json" in error["error"]


def test_json_with_a_charset_is_json(base_url: str) -> None:
    kind = "application/json; charset=utf-8"
    status, answer = request(base_url, "/api/solve", data=BODY, headers={"Content-Type": kind})
    assert status == 200 and answer["status"] == "unique"


@pytest.mark.parametrize("origin", ["http://attacker.example", "null", "http://127.0.0.1:1"])
def test_an_origin_other_than_the_pages_own_is_refused(base_url: str, origin: str) -> None:
    status, error = request(base_url, "/api/solve", data=BODY, headers={"Origin": origin})
    assert status == 403 and origin in error["error"]


def test_the_pages_own_origin_and_no_origin_are_served(base_url: str) -> None:
    own = base_url.rstrip("/")
    for headers in ({"Origin": own}, {}):
        status, answer = request(base_url, "/api/solve", data=BODY, headers=headers)
        assert status == 200 and answer["status"] == "unique", headers


@pytest.fixture
def attacker() -> Iterator[str]:
    """An empty page on another port of 127.0.0.1: another origin, as a site elsewhere."""

    class Blank(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<!doctype html><title>elsewhere</title>")

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Blank)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_a_page_on_another_site_cannot_make_the_server_work(base_url: str, attacker: str) -> None:
    """In Chromium, from the attacker's page: the simple POSTs a browser sends without
    asking reach the server and are refused (as the network shows: the page itself sees
    nothing of an opaque answer), and a JSON POST never leaves the browser (its preflight
    is not answered with CORS), so no job runs for another site."""
    from .browser import CHROMIUM, FLAGS, sync_api

    seen: list[tuple[str, str, int]] = []
    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        page = browser.new_page()
        page.on("response", lambda r: seen.append((r.request.method, r.url, r.status)))
        page.goto(attacker)
        target = base_url.rstrip("/") + "/api/solve"
        outcomes = page.evaluate(
            """async ([target, body]) => {
                const tries = {
                    plain: {mode: "no-cors", headers: {"Content-Type": "text/plain"}},
                    form: {mode: "no-cors",
                           headers: {"Content-Type": "application/x-www-form-urlencoded"}},
                    json: {mode: "cors", headers: {"Content-Type": "application/json"}},
                };
                const outcomes = {};
                for (const [name, how] of Object.entries(tries)) {
                    try {
                        const answer = await fetch(target, {method: "POST", body, ...how});
                        outcomes[name] = answer.type;  // "opaque": nothing readable
                    } catch (refused) {
                        outcomes[name] = "blocked";
                    }
                }
                return outcomes;
            }""",
            [target, BODY.decode()],
        )
        browser.close()
    assert outcomes == {"plain": "opaque", "form": "opaque", "json": "blocked"}
    # the two simple POSTs reached the server and were refused; the JSON one never left
    assert [(method, status) for method, url, status in seen if url == target] == [
        ("POST", 415),
        ("POST", 415),
    ]
