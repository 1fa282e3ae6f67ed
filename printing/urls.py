"""PDF documents for organisers."""

app_name = "printing"

urlpatterns: list = []
