"""Referee pages: score entry, confirmation, corrections (mounted at /arbitro/).

Every view takes the tournament's slug and checks the per-tournament role itself
(``role_required``): anonymous users go to the login page, others get 403.
"""

from django.urls import path

from . import views

app_name = "scoring"

urlpatterns = [
    path("", views.desk, name="desk"),
    path("<slug:slug>/", views.round_list, name="rounds"),
    path("<slug:slug>/turno/<id:round_id>/", views.entry_page, name="entry"),
    path(
        "<slug:slug>/turno/<id:round_id>/tavolo/<id:number>/",
        views.table_page,
        name="table",
    ),
    path(
        "<slug:slug>/turno/<id:round_id>/tavolo/<id:number>/salva/",
        views.save_table,
        name="save",
    ),
    path(
        "<slug:slug>/turno/<id:round_id>/tavolo/<id:number>/risolvi/",
        views.settle_table,
        name="settle",
    ),
    path(
        "<slug:slug>/turno/<id:round_id>/tavolo/<id:number>/codice/",
        views.reissue_code,
        name="reissue_code",
    ),
    path("<slug:slug>/turno/<id:round_id>/riepilogo/", views.recap, name="recap"),
    path("<slug:slug>/turno/<id:round_id>/chiudi/", views.close_round, name="close"),
    path("<slug:slug>/registro/", views.log, name="log"),
]
