"""The API docs in a real browser, under the site's own CSP, with no outside request."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_api_docs_render_under_the_csp(page, live_server, screenshot_dir):
    violations, requests, errors = [], [], []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("request", lambda r: requests.append(r.url))
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation',"
        " e => (window.__csp = window.__csp || []).push("
        "e.violatedDirective + ' ' + e.blockedURI));"
    )
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/api/v1/docs")
    expect(page.get_by_role("heading", name="Torneo – public API")).to_be_visible()
    operation = page.locator(".opblock-summary-path", has_text="/standings")
    expect(operation.first).to_be_visible()
    operation.first.click()  # expands: parameters and responses of the operation
    expect(page.get_by_text("lang", exact=True).first).to_be_visible()
    # "Try it out" calls the API from the page: allowed by connect-src 'self'.
    page.get_by_role("button", name="Try it out").click()
    page.get_by_placeholder("slug").fill("nessun-torneo")
    page.get_by_role("button", name="Execute").click()
    answer = page.locator(".live-responses-table tbody .response-col_status").first
    expect(answer).to_contain_text("404")
    page.screenshot(path=f"{screenshot_dir}/api-docs.png", full_page=True)
    violations = page.evaluate("window.__csp || []")
    assert not violations, violations
    assert not [e for e in errors if "Content Security Policy" in e], errors
    host = urlparse(live_server.url).netloc
    outside = [u for u in requests if urlparse(u).netloc not in (host, "")]
    assert not outside, outside


def test_the_api_root_answers_json_in_a_browser(page, live_server):
    page.goto(f"{live_server.url}/api/v1/")
    assert '"openapi": "/api/v1/openapi.json"' in page.content().replace(
        '"openapi":"', '"openapi": "'
    )
