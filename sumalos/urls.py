from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("channels_app.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("", include("memory.urls")),
    path("", include("sumalos.accounts.urls")),
    path("", include("assistant.urls")),
    path("", include("sumalos.invoicing.urls")),
    path("", include("search.urls")),
    path("", include("pages.urls")),
]
