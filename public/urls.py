"""Public pages for players (no login, phone first), under /t/."""

from django.urls import path

from . import views

app_name = "public"

urlpatterns = [
    path("<slug:slug>/", views.tournament, name="tournament"),
]
