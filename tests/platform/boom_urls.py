"""The project's URLs plus one view that fails, for the 500 page test."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from sumalos.urls import urlpatterns as project_urlpatterns


def boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("la transcripción secreta de Pablo")


urlpatterns = [path("boom/", boom), *project_urlpatterns]
