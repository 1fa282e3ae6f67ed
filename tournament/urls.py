"""Director pages (login and a per-tournament director role) and the tournament page."""

from django.urls import path

from . import views

app_name = "tournament"

urlpatterns = [
    path("<slug:slug>/", views.tournament_detail, name="detail"),
]
