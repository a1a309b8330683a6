from django.urls import path

from memory import api, views

app_name = "memory"

urlpatterns = [
    path("memoria/", views.center, name="center"),
    path("memoria/recordar/", views.remember, name="remember"),
    path("memoria/registro/", views.audit, name="audit"),
    path("memoria/<int:memory_id>/editar/", views.edit, name="edit"),
    path("memoria/<int:memory_id>/versiones/", views.versions, name="versions"),
    path("memoria/<int:memory_id>/<slug:action>/", views.act, name="act"),
    path("api/memories/", api.MemoryListApi.as_view(), name="api-list"),
    path("api/memories/audit/", api.MemoryAuditApi.as_view(), name="api-audit"),
    path("api/memories/attributes/", api.MemoryAttributesApi.as_view(), name="api-attributes"),
    path("api/memories/<int:memory_id>/", api.MemoryDetailApi.as_view(), name="api-detail"),
    path(
        "api/memories/<int:memory_id>/versions/",
        api.MemoryVersionsApi.as_view(),
        name="api-versions",
    ),
    path(
        "api/memories/<int:memory_id>/<slug:action>/",
        api.MemoryActionApi.as_view(),
        name="api-action",
    ),
]
