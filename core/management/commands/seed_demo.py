"""Create the demo logins (and, through the apps' demo modules, the demo tournaments).

Idempotent: a second run changes nothing and duplicates nothing.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand

from core.demo_story import DEMO_USERS

# Each app may add demo data, in this order (a module that does not exist is skipped).
DEMO_HOOKS = (
    "draw.demo",
    "scoring.demo",
    "core.demo_circuit",
    "standings.demo",
    "knockout.demo",
    "core.demo_teams",
    "printing.demo",
    # Last: each event where a newcomer finds it, and the demo's mark.
    "core.demo_story",
)


class Command(BaseCommand):
    help = "Create demo users and demo tournaments (idempotent)."

    def handle(self, *args, **options):
        user_model = get_user_model()
        for username, password, superuser, _role in DEMO_USERS:
            user, created = user_model.objects.get_or_create(username=username)
            if created:
                user.set_password(password)
                user.is_staff = superuser
                user.is_superuser = superuser
                user.save()
        self._seed_apps()
        # `make run` starts with the public pages published (public/publish.py).
        call_command("publish", "--all", stdout=self.stdout)
        self.stdout.write("Demo logins (username / password):")
        for username, password, _superuser, role in DEMO_USERS:
            self.stdout.write(f"  {username:<10} {password:<22} {role}")

    def _seed_apps(self) -> None:
        """Let each app add its own demo data (tournaments, results)."""
        from importlib import import_module

        for module in DEMO_HOOKS:
            try:
                demo = import_module(module)
            except ModuleNotFoundError as exc:
                if exc.name != module:
                    raise
                continue
            demo.seed(self.stdout)
