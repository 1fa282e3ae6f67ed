"""Standings pages of the director (official and provisional views, releases)."""

from django.urls import path

from . import views

app_name = "standings"

urlpatterns = [
    path("<slug:slug>/", views.director, name="director"),
    path(
        "<slug:slug>/provvisoria/<int:girone_id>/",
        views.provisional,
        name="provisional",
    ),
    path("<slug:slug>/turni/<int:round_id>/", views.visibility, name="visibility"),
    path("<slug:slug>/ricalcola/", views.recompute, name="recompute"),
]
