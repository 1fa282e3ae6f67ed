"""Content Security Policy and the templates it relies on."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]
INLINE_SCRIPT = re.compile(
    r"<script(?![^>]*\bsrc=)(?![^>]*application/(ld\+)?json)[^>]*>"
)
STYLE_ATTR = re.compile(r"<[^>]*\sstyle\s*=", re.S)
EVENT_ATTR = re.compile(r"<[^>]*\son[a-z]+\s*=\s*[\"']", re.S)


def project_templates():
    roots = [ROOT / "templates", *ROOT.glob("*/templates")]
    return sorted(p for r in roots for p in r.rglob("*.html") if ".venv" not in p.parts)


@pytest.mark.django_db
def test_pages_send_a_strict_content_security_policy(client):
    policy = client.get(reverse("home"))["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


def test_templates_have_no_inline_script_style_or_handler():
    """What the policy would block in a browser is caught here first."""
    offenders = []
    for path in project_templates():
        html = path.read_text()
        for name, pattern in (
            ("inline <script>", INLINE_SCRIPT),
            ("style= attribute", STYLE_ATTR),
            ("on*= handler", EVENT_ATTR),
        ):
            if pattern.search(html):
                offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert not offenders, offenders
    assert project_templates(), "no templates found"


def test_the_guard_recognises_what_it_forbids():
    assert INLINE_SCRIPT.search("<script>alert(1)</script>")
    assert not INLINE_SCRIPT.search('<script src="/static/js/x.js" defer></script>')
    assert not INLINE_SCRIPT.search(
        '<script id="d" type="application/json">{}</script>'
    )
    assert STYLE_ATTR.search('<div class="x" style="color:red">')
    assert EVENT_ATTR.search('<button onclick="go()">')
    assert not EVENT_ATTR.search('<button data-once="1">')
