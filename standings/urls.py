"""Standings pages of the director (official and provisional views, releases)."""

from django.urls import path

from . import federation_views, views

app_name = "standings"

urlpatterns = [
    path("<slug:slug>/", views.director, name="director"),
    path(
        "<slug:slug>/provvisoria/<id:girone_id>/",
        views.provisional,
        name="provisional",
    ),
    path("<slug:slug>/turni/<id:round_id>/", views.visibility, name="visibility"),
    path("<slug:slug>/ricalcola/", views.recompute, name="recompute"),
    path("<slug:slug>/federazione/", federation_views.report, name="federation"),
    path(
        "<slug:slug>/federazione/report.csv",
        federation_views.report_csv,
        name="federation-csv",
    ),
    path(
        "<slug:slug>/federazione/report.xlsx",
        federation_views.report_xlsx,
        name="federation-xlsx",
    ),
    path(
        "<slug:slug>/federazione/tessera/<id:player_id>/",
        federation_views.fix_tessera,
        name="federation-tessera",
    ),
    path(
        "<slug:slug>/federazione/circolo/<id:club_id>/",
        federation_views.fix_club_code,
        name="federation-club",
    ),
    path("<slug:slug>/csv/", views.export_csv, name="csv"),
    path("<slug:slug>/correzione/<id:version_id>/", views.impact, name="impact"),
    path("<slug:slug>/coppie-nelle-squadre/", views.team_pairs, name="team_pairs"),
]
