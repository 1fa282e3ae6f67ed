# Issue 29 moved the one-time passwords to change (issue 28) from ``tournament`` to
# ``staff``, the app that makes them: the model moved, not the data, so its table keeps
# its name (``tournament_passwordtochange``) and this changes Django's state only.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('tournament', '0011_password_to_change'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='PasswordToChange',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created at')),
                        ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='user')),
                    ],
                    options={
                        'verbose_name': 'one-time password to change',
                        'verbose_name_plural': 'one-time passwords to change',
                        'db_table': 'tournament_passwordtochange',
                    },
                ),
            ],
        ),
    ]
