"""The JSON of an API answer, one function for the endpoint and the publisher.

``answer(schema, data)`` validates ``data`` against the endpoint's response schema and
renders it as django-ninja's renderer does (its JSON encoder, ``application/json;
charset=utf-8``): the endpoint returns it (ninja sends a response as it is) and
:mod:`public.publish` writes its bytes, so a published answer is the endpoint's, by
construction.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from django.http import HttpResponse
from ninja.responses import NinjaJSONEncoder
from pydantic import TypeAdapter

CONTENT_TYPE = "application/json; charset=utf-8"


@functools.cache
def _adapter(schema: Any) -> TypeAdapter:
    return TypeAdapter(schema)


def answer(schema: Any, data: Any) -> HttpResponse:
    adapter = _adapter(schema)
    value = adapter.dump_python(adapter.validate_python(data), mode="json")
    return HttpResponse(
        json.dumps(value, cls=NinjaJSONEncoder), content_type=CONTENT_TYPE
    )
