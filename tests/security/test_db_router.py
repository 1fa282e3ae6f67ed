"""The read replica takes the public pages' reads, and nothing else."""

import pytest
from django.contrib.auth import get_user_model
from django.test import RequestFactory

from config.db_router import PublicReadReplicaRouter, PublicReadsMiddleware
from tournament.models import Tournament

router = PublicReadReplicaRouter()


def route_during(method, path, model):
    seen = {}

    def view(request):
        seen["read"] = router.db_for_read(model)
        seen["write"] = router.db_for_write(model)
        return None

    request = getattr(RequestFactory(), method.lower())(path)
    PublicReadsMiddleware(view)(request)
    return seen


@pytest.mark.parametrize(
    ("method", "path", "read"),
    [
        pytest.param("GET", "/t/coppa-2026/", "replica", id="public-page"),
        pytest.param("GET", "/api/v1/tournaments/", "replica", id="api"),
        pytest.param("HEAD", "/t/coppa-2026/", "replica", id="public-head"),
        pytest.param("POST", "/t/coppa-2026/", "default", id="public-post"),
        pytest.param("GET", "/arbitro/coppa-2026/", "default", id="referee"),
        pytest.param("GET", "/direzione/coppa-2026/", "default", id="director"),
        pytest.param("GET", "/", "default", id="home"),
    ],
)
def test_public_reads_go_to_the_replica(method, path, read):
    seen = route_during(method, path, Tournament)
    assert seen == {"read": read, "write": "default"}


def test_logins_and_sessions_always_read_the_primary():
    assert route_during("GET", "/t/x/", get_user_model())["read"] == "default"


def test_outside_a_request_everything_reads_the_primary():
    assert router.db_for_read(Tournament) == "default"
    assert router.allow_migrate("replica", "tournament") is False
    assert router.allow_migrate("default", "tournament") is True
