"""Public pages for players (no login, phone first), under /t/."""

from django.urls import path

from . import views

app_name = "public"

urlpatterns = [
    path("<slug:slug>/", views.tournament, name="tournament"),
    path("<slug:slug>/dove-gioco/", views.where, name="where"),
    path("<slug:slug>/classifica/", views.standings, name="standings"),
    path("<slug:slug>/coppia/<int:number>/", views.pair, name="pair"),
]
