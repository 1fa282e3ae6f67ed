"""nginx in front of ``make simulate`` (and, through the same snippets, of every
deployment): which requests the published files answer, and which go to Django.

A real nginx with the config :mod:`simulate.proxy` generates, in front of a tiny HTTP
server standing in for gunicorn that says which requests reached it.
"""

from __future__ import annotations

import gzip
import http.server
import os
import shutil
import socket
import threading
from pathlib import Path

import httpx
import pytest

from simulate.proxy import Nginx

pytestmark = pytest.mark.skipif(
    not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()),
    reason="nginx is not installed (scripts/system-packages.sh test)",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Upstream(http.server.ThreadingHTTPServer):
    """Answers ``django <method> <path>`` (and the body of a POST)."""

    def __init__(self):
        seen: list[str] = []
        self.seen = seen

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                seen.append(f"{self.command} {self.path}")
                out = f"django {self.command} {self.path} {body.decode()}".encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", str(len(out)))
                self.end_headers()
                self.wfile.write(out)

            do_GET = do_POST = do_HEAD = answer

            def log_message(self, *args) -> None:
                pass

        super().__init__(("127.0.0.1", free_port()), Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()


def publish(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    gz = path.with_name(path.name + ".gz")
    gz.write_bytes(gzip.compress(text.encode()))
    stat = path.stat()
    os.utime(gz, ns=(stat.st_atime_ns, stat.st_mtime_ns))


@pytest.fixture(scope="module")
def front(tmp_path_factory):
    root = tmp_path_factory.mktemp("published")
    publish(root, "it/t/gara/classifica/index.html", "classifica it")
    publish(root, "en/t/gara/classifica/index.html", "standings en")
    publish(root, "it/api/v1/tournaments/gara/standings/index.json", '{"it": 1}')
    upstream = Upstream()
    nginx = Nginx(
        tmp_path_factory.mktemp("nginx"),
        port=free_port(),
        upstream=f"127.0.0.1:{upstream.server_address[1]}",
        publish_root=str(root),
    )
    nginx.wait_ready()
    with httpx.Client(base_url=nginx.url) as client:
        yield client, upstream, nginx
    nginx.stop()
    upstream.shutdown()


def test_a_published_page_is_the_file_with_an_etag_and_no_cache(front):
    client, upstream, _ = front
    before = len(upstream.seen)
    r = client.get("/t/gara/classifica/", headers={"Accept-Encoding": "identity"})
    assert (r.status_code, r.text) == (200, "classifica it")
    assert r.headers["Content-Type"].startswith("text/html")
    assert r.headers["Cache-Control"] == "no-cache"
    assert r.headers["ETag"].startswith('"')
    etag = r.headers["ETag"]
    again = client.get(
        "/t/gara/classifica/",
        headers={"If-None-Match": etag, "Accept-Encoding": "identity"},
    )
    assert again.status_code == 304
    # The gzipped sibling has its own ETag (nginx's, from the .gz file's size).
    gz = client.get("/t/gara/classifica/", headers={"Accept-Encoding": "gzip"})
    assert gz.headers["ETag"] != etag
    again = client.get(
        "/t/gara/classifica/",
        headers={"If-None-Match": gz.headers["ETag"], "Accept-Encoding": "gzip"},
    )
    assert again.status_code == 304
    assert len(upstream.seen) == before  # Django never asked


def test_the_gzipped_sibling_is_sent_to_who_accepts_it(front):
    client, _, _ = front
    r = client.get("/t/gara/classifica/", headers={"Accept-Encoding": "gzip"})
    assert r.headers["Content-Encoding"] == "gzip"
    assert r.text == "classifica it"  # httpx decodes it


def test_an_api_answer_is_the_json_file_with_or_without_the_final_slash(front):
    client, _, _ = front
    for path in (
        "/api/v1/tournaments/gara/standings",
        "/api/v1/tournaments/gara/standings/",
    ):
        r = client.get(path)
        assert r.json() == {"it": 1}, path
        assert r.headers["Content-Type"].startswith("application/json")


@pytest.mark.parametrize(
    ("headers", "cookies", "text"),
    [
        ({}, {}, "classifica it"),
        # The views ignore Accept-Language (Italian first): so do the files.
        ({"Accept-Language": "en-GB,en;q=0.9"}, {}, "classifica it"),
        ({"Accept-Language": "en"}, {}, "classifica it"),
        ({"Accept-Language": "it-IT,en;q=0.5"}, {}, "classifica it"),
        ({"Accept-Language": "de"}, {}, "classifica it"),
        ({"Accept-Language": "it"}, {"django_language": "en"}, "standings en"),
        ({"Accept-Language": "en"}, {"django_language": "it"}, "classifica it"),
        ({"Accept-Language": "en"}, {"django_language": "fr"}, "classifica it"),
    ],
)
def test_the_language_comes_from_the_cookie_never_accept_language(
    front, headers, cookies, text
):
    client, _, _ = front
    r = httpx.get(
        client.base_url.join("/t/gara/classifica/"), headers=headers, cookies=cookies
    )
    assert r.text == text


@pytest.mark.parametrize(
    ("method", "path", "cookies"),
    [
        ("GET", "/t/gara/classifica/?girone=A", {}),
        ("GET", "/t/gara/classifica/", {"sessionid": "abc"}),
        ("GET", "/t/gara/classifica/", {"messages": "xyz"}),
        ("POST", "/t/gara/classifica/", {}),
        ("GET", "/t/gara/dove-gioco/", {}),  # not published: Django's
        ("GET", "/arbitro/gara/turno/1/", {}),
    ],
)
def test_everything_else_goes_to_django(front, method, path, cookies):
    client, upstream, _ = front
    r = httpx.request(
        method,
        client.base_url.join(path),
        cookies=cookies,
        data={"a": "1"} if method == "POST" else None,
    )
    assert r.status_code == 200
    assert r.text.startswith(f"django {method} {path}")
    if method == "POST":
        assert r.text.endswith("a=1")  # the body reaches gunicorn
    assert upstream.seen[-1] == f"{method} {path}"


def test_gunicorn_down_is_a_503_the_offline_queue_retries(tmp_path):
    nginx = Nginx(
        tmp_path / "nginx",
        port=free_port(),
        upstream=f"127.0.0.1:{free_port()}",  # nothing listens there
        publish_root=str(tmp_path),
    )
    try:
        nginx.wait_ready()
        url = nginx.url + "/arbitro/gara/turno/1/tavolo/3/salva/"
        page = httpx.post(url, data={"a": "1"})
        script = httpx.post(
            url,
            data={"a": "1"},
            headers={
                "Accept": "application/json",
                "Accept-Language": "de",
                "Cookie": "django_language=en",
            },
        )
    finally:
        nginx.stop()
    assert page.status_code == 503
    assert page.headers["Retry-After"] == "5"
    assert "riprova tra qualche secondo" in page.text
    # The entry page's script gets the JSON Django sends when its database is
    # unreachable (core/resilience.py): the offline queue keeps the sheet.
    assert script.status_code == 503
    assert script.headers["Content-Type"].startswith("application/json")
    body = script.json()
    assert (body["ok"], body["code"], body["retry"]) == (False, "unavailable", True)
    assert body["errors"]["__all__"][0].startswith("The server is restarting")


SECURITY = (
    "Content-Security-Policy",
    "Referrer-Policy",
    "X-Frame-Options",
    "X-Content-Type-Options",
    "Cross-Origin-Opener-Policy",
)


@pytest.mark.django_db
def test_a_file_carries_the_security_headers_django_sends(front, client):
    nginx_client, _, _ = front
    from_file = nginx_client.get("/t/gara/classifica/")
    from_django = client.get("/login/")
    for name in SECURITY:
        assert from_file.headers.get(name) == from_django.headers.get(name), name
        assert from_file.headers.get(name)
