import django.db.models.functions.text
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="historicaltournament",
            name="mitchell_step",
            field=models.PositiveSmallIntegerField(blank=True, help_text="Tables the EO pairs move each round; empty = the smallest step that avoids repeat meetings.", null=True, verbose_name="Mitchell step"),
        ),
        migrations.AddField(
            model_name="historicaltournament",
            name="rematch_in_last_round",
            field=models.BooleanField(default=True, help_text="Danese modificato: the sources allow a rematch in the last round.", verbose_name="allow rematches in the last round"),
        ),
        migrations.AddField(
            model_name="round",
            name="step",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="Mitchell step"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="mitchell_step",
            field=models.PositiveSmallIntegerField(blank=True, help_text="Tables the EO pairs move each round; empty = the smallest step that avoids repeat meetings.", null=True, verbose_name="Mitchell step"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="rematch_in_last_round",
            field=models.BooleanField(default=True, help_text="Danese modificato: the sources allow a rematch in the last round.", verbose_name="allow rematches in the last round"),
        ),
        migrations.AddField(
            model_name='historicalround',
            name='step',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='Mitchell step'),
        ),
        migrations.AlterConstraint(
            model_name='club',
            name='unique_club_name_ci',
            constraint=models.UniqueConstraint(django.db.models.functions.text.Lower('name'), name='unique_club_name_ci', violation_error_message='A club with this name already exists.'),
        ),
        migrations.AlterConstraint(
            model_name='club',
            name='unique_club_federation_code',
            constraint=models.UniqueConstraint(condition=models.Q(('federation_code', ''), _negated=True), fields=('federation_code',), name='unique_club_federation_code', violation_error_message='A club with this federation code already exists.'),
        ),
    ]
