"""Referee pages: score entry, confirmation, corrections."""

app_name = "scoring"

urlpatterns: list = []
