"""Demo of ``make run``, last step: each event where a newcomer finds it on the day.

The apps' demo steps (``manage.py seed_demo``) build the events and play their
rounds; this one sets the scene, through the same services a director and a referee
use:

* **Trofeo del Giglio** is under way: rounds 1 and 2 closed and their results released
  (the public standings show them), round 3 published in both gironi, some of its
  tables typed, the others waiting for the referees (``arbitro`` lands on them); the
  players enter too (issue 30: each table's code is on its score card): in girone A one
  table waits for its EO line's confirmation, another's lines typed different sheets;
* **Briscola L'Approdo** and the **Campionato a squadre del Giglio** are over: every
  round released and final, the tabelloni played, "Concluso";
* the **Coppa Toscana a squadre** is under way: rounds 1-6 released, round 7 a draft
  for the director to publish;
* the database is marked as the demo's (:class:`core.models.DemoMark`), so the home
  page shows the demo's logins: never in an empty install or a production database.

Rounds played "earlier in the day" are past their correction period (their results
final), but the last closed round of an event under way keeps it. Idempotent.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from draw.services import rounds
from scoring import demo as scoring_demo
from scoring.services import close_round, round_progress
from standings.models import Season
from tournament.models import Round, Tournament
from tournament.services.tournaments import gironi_of, set_status

from .models import DemoMark

#: The demo's logins: username, password, superuser, role as the command prints it.
DEMO_USERS = [
    ("admin", "admin-demo-2026", True, "amministratore / admin"),
    ("direttore", "direttore-demo-2026", False, "direttore di torneo / director"),
    ("arbitro", "arbitro-demo-2026", False, "arbitro / referee"),
    ("arbitro2", "arbitro2-demo-2026", False, "arbitro / referee"),
]
#: What each login is for, on the home page's demo panel.
TRY = {
    "direttore": gettext_lazy(
        "Director: create a tournament, generate and publish round 4 of the Trofeo"
        " del Giglio once round 3 is closed, print the table lists and the QR cards."
    ),
    "arbitro": gettext_lazy(
        "Referee: type the tables of round 3 of the Trofeo del Giglio still missing,"
        " check the recap and close the round."
    ),
    "arbitro2": gettext_lazy("A second referee, to type beside the first."),
    "admin": gettext_lazy("Administrator: every tournament, and the site's admin."),
}
SEASON_SLUG = "circuito-demo-2026"
PRIMAVERA_SLUG = "coppa-di-primavera-2026"
BRISCOLA_SLUG = "briscola-lapprodo-2026"
TEAMS_SLUG = "campionato-a-squadre-del-giglio-2026"
GIGLIO_SLUG = "trofeo-del-giglio-2026"
CONCLUDED = (
    "briscola-lapprodo-2026",
    "campionato-a-squadre-del-giglio-2026",
    "trofeo-di-carnevale-2026",
    "coppa-di-primavera-2026",
)
RUNNING = ("coppa-toscana-a-squadre-2026", GIGLIO_SLUG)
#: Round 3 of the Trofeo del Giglio: the tables typed so far, per girone.
TYPED_SO_FAR = {"A": 6, "B": 3}


def seed(stdout: Any) -> None:
    referee = get_user_model().objects.filter(username="arbitro").first()
    if referee is None:
        return
    giglio = Tournament.objects.filter(slug=GIGLIO_SLUG).first()
    if giglio is not None:
        with transaction.atomic():
            _under_way(giglio, referee)
    for slug in RUNNING:
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is not None:
            _release_closed(tournament, keep_last_provisional=slug == GIGLIO_SLUG)
    for slug in CONCLUDED:
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None or tournament.status == Tournament.Status.FINISHED:
            continue
        with transaction.atomic():
            _release_closed(tournament)
            set_status(tournament, Tournament.Status.FINISHED)
    if not DemoMark.objects.exists():
        DemoMark.objects.create()


def _under_way(tournament: Tournament, referee) -> None:
    """Rounds 1-2 closed, round 3 published and partly typed, in every girone."""
    users = scoring_demo.users_of_the_demo()
    for girone in gironi_of(tournament):
        for round_ in girone.rounds.filter(
            status=Round.Status.PUBLISHED, number__lt=3
        ).order_by("number"):
            if round_progress(round_.pk).complete:
                close_round(round_id=round_.pk, by=referee)
        if girone.rounds.filter(number=3).exists():
            continue
        if girone.rounds.exclude(status=Round.Status.CLOSED).exists():
            continue  # a round is still to finish: the story has moved on
        third = rounds.publish_round(rounds.generate_round(girone))
        typed = TYPED_SO_FAR.get(girone.label, 0)
        scoring_demo.enter_round(tournament, third, users, tables=typed)
        if girone.label == "A":  # the players at two tables (issue 30)
            scoring_demo.players_at_work(tournament, third, typed + 1)


def _release_closed(tournament: Tournament, *, keep_last_provisional=False) -> None:
    """Every closed round released; those played earlier past their correction period
    (final), the latest one of an event under way left as it is."""
    closed = list(
        Round.objects.filter(
            girone__stage__tournament=tournament, status=Round.Status.CLOSED
        ).order_by("girone__label", "number")
    )
    latest = {}
    for round_ in closed:
        latest[round_.girone_id] = round_.pk
        if not (round_.tables_public and round_.results_public):
            rounds.set_visibility(round_, tables=True, results=True)
    earlier = [
        r.pk
        for r in closed
        if not (keep_last_provisional and latest[r.girone_id] == r.pk)
    ]
    Round.objects.filter(pk__in=earlier, provisional_until__gt=F("closed_at")).update(
        provisional_until=F("closed_at")
    )


def demo_panel() -> dict[str, Any]:
    """The home page's "what you can try" panel: the logins, and where to look
    without logging in (each event of the story that exists in this database, with
    what it shows)."""
    events = {
        t.slug: t
        for t in Tournament.objects.filter(
            slug__in=[GIGLIO_SLUG, PRIMAVERA_SLUG, TEAMS_SLUG, BRISCOLA_SLUG]
        )
    }
    look = [
        (events[slug], *_what_it_shows(events[slug]))
        for slug in (GIGLIO_SLUG, PRIMAVERA_SLUG, TEAMS_SLUG, BRISCOLA_SLUG)
        if slug in events
    ]
    season = Season.objects.filter(slug=SEASON_SLUG).first()
    order = ["direttore", "arbitro", "arbitro2", "admin"]  # the day's roles first
    logins = [
        {"username": u, "password": p, "what": TRY.get(u, "")}
        for u, p, _superuser, _role in sorted(
            DEMO_USERS, key=lambda login: order.index(login[0])
        )
    ]
    return {"logins": logins, "look": look, "season": season}


def _what_it_shows(event: Tournament) -> tuple[str, list[tuple[str, str]]]:
    """What an event of the story is at, and the public pages that show it."""
    slug = event.slug
    if slug == GIGLIO_SLUG:
        return _("under way: round 3 is being typed"), [
            (_("live standings"), _standings(slug)),
            (_("where does pair 7 play?"), _where(slug, 7)),
            *_player_phone(event),
        ]
    if slug == PRIMAVERA_SLUG:
        return _("concluded"), [
            (_("final standings"), _standings(slug)),
            (_("prize list"), reverse("public_prizes", args=[slug])),
            (_("bracket"), reverse("knockout:public", args=[slug])),
        ]
    if slug == TEAMS_SLUG:
        return _("a team championship, concluded"), [
            (_("standings"), _standings(slug)),
            (_("bracket"), reverse("knockout:public", args=[slug])),
        ]
    return _("Briscola, gironi and two knockouts"), [
        (_("standings"), _standings(slug)),
        (_("brackets"), reverse("knockout:public", args=[slug])),
    ]


def _player_phone(tournament: Tournament) -> list[tuple[str, str]]:
    """A player's phone at the first table of round 3 still waiting (the demo shows
    its code here; a real event prints it on that table's score card only)."""
    from scoring.models import TableResult
    from seating.models import TableCode

    done = TableResult.objects.exclude(status="empty").values("table_id")
    code = (
        TableCode.objects.filter(
            table__round__girone__stage__tournament=tournament,
            table__round__status=Round.Status.PUBLISHED,
            revoked_at__isnull=True,
        )
        .exclude(table_id__in=done)
        .select_related("table__round__girone")
        .order_by("table__round__girone__label", "table__number")
        .first()
    )
    if code is None:
        return []
    label = _("a player's phone: table %(n)s, girone %(g)s (code %(code)s)") % {
        "n": code.table.number,
        "g": code.table.round.girone.label,
        "code": code.display,
    }
    return [(label, reverse("table_entry:link", args=[code.code]))]


def _standings(slug: str) -> str:
    return reverse("public:standings", args=[slug])


def _where(slug: str, number: int) -> str:
    return reverse("public:where", args=[slug]) + f"?q={number}"
