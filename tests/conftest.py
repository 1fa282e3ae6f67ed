"""Fixtures shared by the whole suite (factories live next to the apps' tests)."""

import pytest
from django.contrib.auth import get_user_model


@pytest.fixture
def make_user(db):
    """Create a user: ``make_user("arbitro", password="x", is_staff=False)``."""

    def make(username: str, password: str = "pw-test-123", **extra):
        return get_user_model().objects.create_user(
            username=username, password=password, **extra
        )

    return make
