# A draft round is never public (tournament.visibility): hide the drafts that were
# released before the rule held, then let the database guard it.

from django.db import migrations, models


def hide_drafts(apps, schema_editor):
    Round = apps.get_model("tournament", "Round")
    Round.objects.filter(status="draft").update(
        tables_public=False, results_public=False
    )


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0004_tournament_hall_numbering"),
    ]

    operations = [
        migrations.RunPython(hide_drafts, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="round",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("status", "draft"), _negated=True),
                    models.Q(("tables_public", False), ("results_public", False)),
                    _connector="OR",
                ),
                name="draft_round_not_public",
                violation_error_message="A draft round cannot be made public: publish it first.",
            ),
        ),
    ]
