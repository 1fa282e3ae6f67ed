"""Knockout brackets (tabellone): public bracket, director and referee pages."""

from django.urls import path

from . import views

app_name = "knockout"

urlpatterns = [
    path("<slug:slug>/", views.public_bracket, name="public"),
    path("<slug:slug>/direzione/", views.director, name="director"),
    path("<slug:slug>/direzione/conferma/", views.confirm, name="confirm"),
    path("<slug:slug>/direzione/<id:bracket_id>/sorteggio/", views.draw, name="draw"),
    path("<slug:slug>/arbitro/", views.referee, name="referee"),
    path(
        "<slug:slug>/arbitro/<id:bracket_id>/<id:round_>/<id:index>/",
        views.match_entry,
        name="match",
    ),
]
