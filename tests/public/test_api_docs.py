"""/api/v1/ answers with an index; /api/v1/docs is served from the app's own files.

Before, /api/v1/ was an HTML 404 and the docs loaded Swagger UI from a CDN with an
inline script, which the site's own CSP blocked (and a venue's LAN has no internet).
"""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders

from tests.security.test_headers import INLINE_SCRIPT

pytestmark = pytest.mark.django_db


def test_the_api_root_is_a_json_index(client):
    response = client.get("/api/v1/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    index = response.json()
    assert index["openapi"] == "/api/v1/openapi.json"
    assert index["docs"] == "/api/v1/docs"
    listed = {e["path"] for e in index["endpoints"]}
    schema = client.get(index["openapi"]).json()
    assert listed == set(schema["paths"]) - {"/api/v1/"}
    assert all(e["description"] for e in index["endpoints"])


def test_the_docs_use_only_the_apps_own_static_files(client):
    response = client.get("/api/v1/docs")
    assert response.status_code == 200
    html = response.content.decode()
    assert "cdn" not in html.lower()
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html), "an outside URL"
    assert not INLINE_SCRIPT.search(html), "an inline script"
    assets = re.findall(r"""(?:src|href)="/static/([^"]+)\"""", html)
    assert any(a.endswith("swagger-ui-bundle.js") for a in assets)
    for asset in assets:
        assert finders.find(asset), f"{asset} is not among the static files"
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    # No call to the online validator: the docs fetch nothing outside the site.
    assert '"validatorUrl": null' in html
