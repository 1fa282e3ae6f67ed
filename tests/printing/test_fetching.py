"""A PDF fetches nothing but the app's own files, whatever a name holds.

A tournament named ``CSS2\\n}}@page{@top-right{content:url(http://…/x.png)}}x{`` once
ended the page stylesheet's string and made every PDF request that URL (or, with
``file:///…``, embed a file of the server's disk). The name is now escaped as CSS text,
and WeasyPrint's fetcher serves only static files and the document's own images: a
real HTTP server on the loopback records that no request arrives, and pypdf finds no
image and the name printed as text.
"""

from __future__ import annotations

import http.server
import io
import threading

import pytest
from PIL import Image
from pypdf import PdfReader

from printing.documents import build
from printing.fetcher import AppFetcher, URLRefused, static_url
from printing.pdf import css_string, render_pdf
from tournament.models import Round

from .conftest import pdf_pages

pytestmark = pytest.mark.django_db


class _Recorder(http.server.BaseHTTPRequestHandler):
    requests: list[str]

    def do_GET(self):
        self.requests.append(self.path)
        buffer = io.BytesIO()
        Image.new("RGB", (40, 40), "red").save(buffer, format="PNG")
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.end_headers()
        self.wfile.write(buffer.getvalue())

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    """An HTTP server on 127.0.0.1 that answers a PNG and records every request."""
    handler = type("Recorder", (_Recorder,), {"requests": []})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", handler.requests
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def secret_png(tmp_path):
    """A file of the server's disk that must never be embedded."""
    path = tmp_path / "segreto.png"
    Image.new("RGB", (60, 60), "blue").save(path, format="PNG")
    return path


def images_of(data: bytes) -> list:
    return [
        image for page in PdfReader(io.BytesIO(data)).pages for image in page.images
    ]


def table_list(world) -> bytes:
    rnd = Round.objects.get(
        girone__stage__tournament=world, girone__label="A", number=1
    )
    return render_pdf(build(world, "tables", f"round:{rnd.pk}")).data


def test_a_tournament_name_cannot_make_the_pdf_fetch_a_url(world, server):
    base, requests = server
    name = f"CSS2\n}}}}@page{{@top-right{{content:url({base}/x.png)}}}}x{{"
    world.name = name
    world.save()
    data = table_list(world)
    assert requests == []
    assert images_of(data) == []
    text = " ".join(pdf_pages(data))
    assert f"CSS2 }}}}@page{{@top-right{{content:url({base}/x.png)}}}}x{{" in text


def test_a_tournament_name_cannot_embed_a_local_file(world, secret_png):
    world.name = f"CSS2\n}}}}@page{{@top-right{{content:url(file://{secret_png})}}}}x{{"
    world.save()
    data = table_list(world)
    assert images_of(data) == []
    assert f"url(file://{secret_png})" in " ".join(pdf_pages(data))


def test_the_fetcher_refuses_every_url_but_the_apps_own(world, server, secret_png):
    """Should text ever reach the stylesheet unescaped, nothing is fetched still."""
    base, requests = server
    rnd = Round.objects.get(
        girone__stage__tournament=world, girone__label="A", number=1
    )
    document = build(world, "tables", f"round:{rnd.pk}")
    urls = [
        f"{base}/a.png",
        f"{base.replace('http', 'https')}/b.png",
        f"file://{secret_png}",
        f"ftp://127.0.0.1/{secret_png.name}",
        "torneo:static/../../config/settings.py",
        "torneo:resource/unknown.png",
    ]
    document.extra_css = " ".join(
        f"@page :nth({n}) {{ @top-right {{ content: url({url}); }} }}"
        f" body {{ background-image: url({url}); }}"
        for n, url in enumerate(urls, start=1)
    )
    data = render_pdf(document).data
    assert requests == []
    assert images_of(data) == []
    fetcher = AppFetcher()
    for url in urls:
        with pytest.raises(URLRefused):
            fetcher.fetch(url)
    assert fetcher.refused == urls


def test_the_fetcher_serves_static_files_and_the_documents_images():
    fetcher = AppFetcher({"frame.png": b"\x89PNG-frame"})
    css = fetcher.fetch(static_url("css/print.css"))
    assert css.content_type == "text/css" and b"@page" in css.read()
    frame = fetcher.fetch("torneo:resource/frame.png")
    assert frame.content_type == "image/png" and frame.read() == b"\x89PNG-frame"


def test_score_cards_still_carry_their_frame_image(world):
    rnd = Round.objects.get(
        girone__stage__tournament=world, girone__label="A", number=1
    )
    document = build(world, "scorecards", f"round:{rnd.pk}")
    assert "data:" not in document.extra_css
    data = render_pdf(document).data
    assert len(images_of(data)) >= 1


@pytest.mark.parametrize(
    "text",
    ['a"b', "a\\b", "a\nb", "a}b{", "a;b", "a@page", "a)b(", "a\x00b", "a\u2028b"],
)
def test_css_strings_cannot_be_ended_by_the_text(text):
    quoted = css_string(text)
    inner = quoted[1:-1]
    assert quoted[0] == quoted[-1] == '"'
    for char in '"\n\r{}();@\x00\u2028':
        assert char not in inner
