"""Knockout brackets (tabellone): director and public pages."""

app_name = "knockout"

urlpatterns: list = []
