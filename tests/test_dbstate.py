"""tests/dbstate.py, the one-query snapshot the form fuzzers compare: it sees every
change a ``.values()`` read would see, on SQLite and PostgreSQL alike."""

import pytest
from django.contrib.auth.models import Group, User
from django.db import connection

from tests import dbstate

pytestmark = pytest.mark.django_db
FOUND = dbstate.data_models((), ("auth.User", "auth.Group"))


def test_a_change_shows_in_its_table_only_and_a_same_value_save_in_none():
    user = User.objects.create_user("rossi", first_name="Mario")
    Group.objects.create(name="arbitri")
    before = dbstate.state(FOUND)
    user.save()  # the same values written again: nothing changed
    assert dbstate.state(FOUND) == before
    for change in (
        {"first_name": "Maria"},
        {"first_name": "Mario "},
        {"last_login": "2026-05-01T10:00:00+00:00"},
        {"is_active": False},
    ):
        User.objects.filter(pk=user.pk).update(**change)
        after = dbstate.state(FOUND)
        assert dbstate.changed(before, after) == ["auth.User"], change
        assert dbstate.values(["auth.User"])["auth.User"] == list(
            User.objects.order_by("pk").values()
        )
        before = after


def test_a_row_added_or_removed_shows():
    empty = dbstate.state(FOUND)
    assert empty == {"auth.User": None, "auth.Group": None}
    group = Group.objects.create(name="arbitri")
    one = dbstate.state(FOUND)
    assert dbstate.changed(empty, one) == ["auth.Group"]
    group.delete()
    assert dbstate.state(FOUND) == empty


@pytest.mark.skipif(connection.vendor != "sqlite", reason="PostgreSQL stores no NUL")
def test_a_change_past_a_nul_byte_shows_on_sqlite():
    user = User.objects.create_user("ros\x00si")
    before = dbstate.state(FOUND)
    User.objects.filter(pk=user.pk).update(username="ros\x00sa")
    assert dbstate.changed(before, dbstate.state(FOUND)) == ["auth.User"]
