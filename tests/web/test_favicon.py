"""The site's icon: /favicon.ico is a real icon, and every page names it."""

import io

import pytest
from django.contrib.staticfiles import finders
from PIL import Image

pytestmark = pytest.mark.django_db


def test_favicon_ico_is_served(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/vnd.microsoft.icon"
    assert "max-age" in response["Cache-Control"]
    icon = Image.open(io.BytesIO(response.content))
    assert icon.format == "ICO"
    assert (32, 32) in icon.info["sizes"]


def test_every_page_links_its_icons(client):
    page = client.get("/").content.decode()
    assert 'rel="icon"' in page and "favicon.ico" in page
    assert finders.find("favicon.ico") and finders.find("apple-touch-icon.png")
