"""When the database is down the referee is told to retry (503), never shown a trace."""

import pytest
from django.db import OperationalError
from django.test import Client
from django.urls import path

from core.resilience import server_error


def database_down(request):
    raise OperationalError("connection refused")


def bug(request):
    raise ZeroDivisionError


urlpatterns = [path("down/", database_down), path("bug/", bug)]
handler500 = server_error


@pytest.fixture
def client_raising_nothing(settings):
    settings.ROOT_URLCONF = __name__
    return Client(raise_request_exception=False)


def test_database_down_answers_503_with_a_retry_message_in_json(client_raising_nothing):
    response = client_raising_nothing.get("/down/", HTTP_ACCEPT="application/json")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    body = response.json()
    assert body["ok"] is False and body["code"] == "unavailable" and body["retry"]
    assert "riprova" in body["errors"]["__all__"][0]


def test_database_down_answers_a_plain_page_to_a_browser(client_raising_nothing):
    response = client_raising_nothing.get("/down/")
    assert response.status_code == 503
    html = response.content.decode()
    assert "Riprova" in html and "non viene mai contato due volte" in html
    assert "OperationalError" not in html


def test_other_errors_are_500_with_the_same_advice(client_raising_nothing):
    response = client_raising_nothing.get("/bug/", HTTP_ACCEPT="application/json")
    assert response.status_code == 500
    assert response.json()["code"] == "server_error"


def test_the_site_uses_this_handler():
    from config import urls

    assert urls.handler500 == "core.resilience.server_error"


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_missing_page_is_the_sites_own_404_in_the_visitors_language(client, lang):
    """Django's bare English "Not Found" before (there was no 404.html)."""
    client.cookies["django_language"] = lang
    response = client.get("/nessuna-pagina/")
    page = response.content.decode()
    assert response.status_code == 404
    assert {"it": "Pagina non trovata", "en": "Page not found"}[lang] in page
    assert "The requested resource" not in page
