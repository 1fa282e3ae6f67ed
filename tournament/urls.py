"""Director pages (login and a per-tournament director role), under /direzione/."""

app_name = "tournament"

urlpatterns: list = []
