"""Public pages for players (no login, phone first), under /t/."""

from django.urls import path

from . import team_views, views

app_name = "public"

urlpatterns = [
    path("lingua/<slug:code>/", views.language, name="language"),
    # Season rankings first: "stagioni" is not a tournament's page.
    path("stagioni/<slug:slug>/", views.season, name="season"),
    path(
        "stagioni/<slug:slug>/giocatore/<id:player_id>/",
        views.season_player,
        name="season-player",
    ),
    path("<slug:slug>/", views.tournament, name="tournament"),
    path("<slug:slug>/dove-gioco/", views.where, name="where"),
    path("<slug:slug>/classifica/", views.standings, name="standings"),
    path("<slug:slug>/schermo/", views.venue, name="venue"),
    path("<slug:slug>/coppia/<id:number>/", views.pair, name="pair"),
    path("<slug:slug>/squadra/<id:number>/", team_views.team, name="team"),
    path("<slug:slug>/classifica/coppie/", team_views.team_pairs, name="team_pairs"),
]
