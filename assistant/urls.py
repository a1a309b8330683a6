from django.urls import path

from assistant import views

app_name = "assistant"

urlpatterns = [
    path("suma/", views.chat_home, name="home"),
    path("suma/nueva/", views.chat_new, name="new"),
    path("suma/<int:chat_id>/", views.chat, name="chat"),
    path("suma/<int:chat_id>/mensaje/", views.chat_send, name="send"),
    path("suma/aprendido/<int:notice_id>/deshacer/", views.notice_undo, name="notice_undo"),
    path("suma/whatsapp/vincular/", views.whatsapp_link, name="whatsapp_link"),
    path("suma/borrador/<str:kind>/<int:pk>/confirmar/", views.draft_confirm, name="draft_confirm"),
]
