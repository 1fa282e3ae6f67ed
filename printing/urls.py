"""PDF documents for organisers (director only), under /stampa/."""

from django.urls import path

from . import views

app_name = "printing"

urlpatterns = [
    path("<slug:slug>/", views.index, name="index"),
    path("<slug:slug>/premi/", views.prizes, name="prizes"),
    path("<slug:slug>/documento/<slug:kind>.pdf", views.document, name="document"),
    path("<slug:slug>/stampa/<id:pk>/", views.render_status, name="render"),
    path("<slug:slug>/stampa/<id:pk>/pdf", views.render_pdf, name="render-pdf"),
    path("<slug:slug>/stampa/<id:pk>/riprova", views.render_retry, name="render-retry"),
]
