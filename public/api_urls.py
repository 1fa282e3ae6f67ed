"""Read-only JSON API under /api/v1/."""

app_name = "api"

urlpatterns: list = []
