"""Standings pages of the director (provisional view); stored standings live in models."""

app_name = "standings"

urlpatterns: list = []
