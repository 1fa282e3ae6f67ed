from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from core import views as core_views
from printing import views as printing_views
from public.paths import API, BRACKETS, SITE, mount

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("benvenuto/", core_views.after_login, name="after_login"),
    path("password/", core_views.PasswordChange.as_view(), name="password_change"),
    path(
        "password/fatto/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    # Director pages, referee pages, brackets, printing, the public site and its API.
    path("direzione/", include("director.urls")),
    path("arbitro/", include("scoring.urls")),
    path("classifiche/", include("standings.urls")),
    path(mount(BRACKETS), include("knockout.urls")),
    path("stampa/", include("printing.urls")),
    # A concluded tournament's prize list, for everyone (printing.views.public_prizes).
    path("premi/<slug:slug>/", printing_views.public_prizes, name="public_prizes"),
    # A table's sheet on the players' phones, opened by its code (issue 30).
    path("tavolo/", include("public.table_urls")),
    path(mount(API), include("public.api_urls")),
    path(mount(SITE), include("public.urls")),
    path("favicon.ico", core_views.favicon, name="favicon"),
    path("", core_views.home, name="home"),
]

# Database down or a bug: say "try again" (503/500), in JSON for the entry script.
handler500 = "core.resilience.server_error"
# Not found: JSON under /api/, the site's page elsewhere.
handler404 = "core.views.not_found"
