"""The director's pages, mounted at /direzione/ (Italian paths, English names).

Each page is its noun's app's view (the tournament, its staff, the pairs and teams, the
gironi, the rounds); they are named here under the namespace they had before the split
of the ``tournament`` app (issue 29), ``tournament:``, so that no link changed.
"""

from django.urls import path

from director import views as director
from draw import views as rounds
from participants.competitors import PAIRS, TEAMS
from participants.views import clubs, pairs
from participants.views import competitors as entries
from seating import views as seating
from staff import views as staff
from tournament.views import tournaments

app_name = "tournament"

ROUND = "<slug:slug>/gironi/<label:girone>/turni/<id:number>/"

#: The pairs' and the teams' pages: the same views, told which competitor they are of
#: (a link of the other format's leads to the event's own page). Side by side: the
#: view, then (a pair event's path and name), (a team event's).
_COMPETITOR_PAGES = [
    (entries.register, ("coppie/", "pairs"), ("squadre/", "teams")),
    (
        entries.withdraw,
        ("coppie/<id:number>/ritiro/", "withdraw"),
        ("squadre/<id:number>/ritiro/", "withdraw_team"),
    ),
    (
        entries.import_entries,
        ("importa/", "import"),
        ("squadre/importa/", "import_teams"),
    ),
]
COMPETITORS = [
    path(f"<slug:slug>/{route}", view, {"competitors": kind}, name=name)
    for view, *sides in _COMPETITOR_PAGES
    for kind, (route, name) in zip((PAIRS, TEAMS), sides, strict=True)
]

urlpatterns = [
    path("", tournaments.index, name="index"),
    path("nuovo/", tournaments.create, name="create"),
    path("circoli/", clubs.clubs, name="clubs"),
    path("circoli/<id:club_id>/", clubs.edit_club, name="edit_club"),
    path("<slug:slug>/", director.dashboard, name="dashboard"),
    path("<slug:slug>/modifica/", tournaments.edit, name="edit"),
    path("<slug:slug>/stato/", tournaments.set_status, name="status"),
    path("<slug:slug>/staff/", staff.staff, name="staff"),
    path("<slug:slug>/staff/aggiungi/", staff.staff_add, name="staff_add"),
    path("<slug:slug>/staff/nuovo/", staff.staff_create, name="staff_create"),
    path(
        "<slug:slug>/staff/<id:role_id>/rimuovi/",
        staff.staff_remove,
        name="staff_remove",
    ),
    path("<slug:slug>/coppie/<id:number>/", pairs.edit_pair, name="edit_pair"),
    path("<slug:slug>/coppie/<id:number>/girone/", seating.place, name="place_pair"),
    *COMPETITORS,
    path("<slug:slug>/gironi/", seating.gironi, name="gironi"),
    path("<slug:slug>/genera-tutti/", rounds.generate_all, name="generate_all"),
    path("<slug:slug>/pubblica-tutti/", rounds.publish_all, name="publish_all"),
    path("<slug:slug>/gironi/<label:girone>/", rounds.girone, name="girone"),
    path("<slug:slug>/gironi/<label:girone>/genera/", rounds.generate, name="generate"),
    path(
        "<slug:slug>/gironi/<label:girone>/danese/",
        rounds.switch_to_danese,
        name="switch_to_danese",
    ),
    path(ROUND, rounds.round_detail, name="round"),
    path(ROUND + "scambia/", rounds.swap, name="swap"),
    path(ROUND + "pubblica/", rounds.publish, name="publish"),
    path(ROUND + "ritira/", rounds.unpublish, name="unpublish"),
    path(ROUND + "rigenera/", rounds.regenerate, name="regenerate"),
    path(ROUND + "elimina/", rounds.delete, name="delete"),
    path(ROUND + "visibilita/", rounds.visibility, name="visibility"),
    path(ROUND + "formazioni/<id:match>/", rounds.lineup, name="lineup"),
]
