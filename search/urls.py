from django.urls import path

from search import views

app_name = "search"

urlpatterns = [
    path(
        "registro/conversaciones/<str:conversation_id>/",
        views.conversation_ledger,
        name="conversation_ledger",
    ),
    path("registro/mis-datos.json", views.my_export, name="my_export"),
]
