"""The players' table pages (mounted at /tavolo/; issue 30)."""

from django.urls import path

from . import table_views as views

app_name = "table_entry"

urlpatterns = [
    path("", views.code_page, name="code"),
    path("foglio/", views.sheet, name="sheet"),
    path("foglio/linea/", views.line, name="line"),
    path("foglio/salva/", views.save, name="save"),
    path("foglio/conferma/", views.confirm, name="confirm"),
    path("foglio/esci/", views.leave, name="leave"),
    path("<label:code>/", views.code_link, name="link"),
]
