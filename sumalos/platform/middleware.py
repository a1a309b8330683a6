"""Two nets under every view: input without control characters, redirects that stay home.

See ``sumalos/platform/text.py`` and ``sumalos/platform/redirects.py`` for why.
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.http.response import HttpResponseRedirectBase

from sumalos.platform.redirects import is_safe_target
from sumalos.platform.text import clean_json, clean_text

logger = logging.getLogger(__name__)

JSON_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def keeps_raw_input(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Mark a view that must see the body as sent (a signed webhook) and cleans it itself."""
    # A marker on the function object, which declares no such attribute.
    view.keeps_raw_input = True  # type: ignore[attr-defined]
    return view


def _cleaned(query: QueryDict) -> QueryDict:
    cleaned = QueryDict(mutable=True, encoding=query.encoding)
    for key, values in query.lists():
        cleaned.setlist(clean_text(key), [clean_text(value) for value in values])
    cleaned._mutable = False
    return cleaned


class CleanInputMiddleware:
    """Remove control characters (but ``\\t``, ``\\n``, ``\\r``) from every incoming field."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self,
        request: HttpRequest,
        view: Callable[..., HttpResponse],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
    ) -> None:
        if getattr(view, "keeps_raw_input", False):
            return
        # The stubs type GET and POST as immutable QueryDicts; the cleaned copies are immutable.
        request.GET = _cleaned(request.GET)  # type: ignore[assignment]
        request.COOKIES = {clean_text(k): clean_text(v) for k, v in request.COOKIES.items()}
        if request.content_type == "application/json":
            if request.method in JSON_METHODS:
                self._clean_json_body(request)
        elif request.method == "POST":
            request.POST = _cleaned(request.POST)  # type: ignore[assignment]
            for field in request.FILES:
                for upload in request.FILES.getlist(field):
                    upload.name = clean_text(upload.name or "")

    @staticmethod
    def _clean_json_body(request: HttpRequest) -> None:
        try:
            data = json.loads(request.body)
        except ValueError:
            return  # not JSON: the API's parser answers 400
        cleaned = clean_json(data)
        if cleaned == data:
            return
        body = json.dumps(cleaned).encode()
        request._body = body
        request._stream = io.BytesIO(body)
        request.META["CONTENT_LENGTH"] = str(len(body))


class SafeRedirectMiddleware:
    """Turn a redirect to another site into a redirect to the home page, and say so."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if isinstance(response, HttpResponseRedirectBase) and not is_safe_target(
            request, response["Location"]
        ):
            logger.warning("Redirect off this site refused: %s", request.path)
            return HttpResponseRedirect("/")
        return response
