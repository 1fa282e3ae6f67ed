"""Read-only JSON API under /api/v1/ (schema: /api/v1/openapi.json, docs: /api/v1/docs).

The API's own URL patterns are included under this module's namespace ``api``, which is
the ``urls_namespace`` the API reverses its names in.
"""

from .api import api

app_name = "api"

urlpatterns = api.urls[0]
