"""Each of the project's apps has a name in Italian: the admin's index lists them by it
(before, four apps of the split of issue 29 were listed in English and four others by
their code name: "Standings", "Knockout", "Printing", "Public")."""

from __future__ import annotations

from pathlib import Path

from django.apps import apps
from django.utils import translation

ROOT = Path(__file__).resolve().parents[2]
#: Names that are the same word in both languages.
SAME_IN_BOTH = {"Staff"}


def test_every_app_of_the_project_is_named_in_italian():
    ours = [
        a
        for a in apps.get_app_configs()
        if Path(a.path).resolve() == (ROOT / a.name).resolve()  # not .venv's
    ]
    assert len(ours) >= 10
    untranslated = []
    for app in ours:
        with translation.override("en"):
            english = str(app.verbose_name)
        with translation.override("it"):
            italian = str(app.verbose_name)
        if italian == english and english not in SAME_IN_BOTH:
            untranslated.append(f"{app.label}: {english}")
    assert not untranslated, untranslated
