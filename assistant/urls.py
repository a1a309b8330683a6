from django.urls import path

from assistant import views

app_name = "assistant"

urlpatterns = [
    path("suma/", views.chat_home, name="home"),
    path("suma/nueva/", views.chat_new, name="new"),
    path("suma/temporal/", views.chat_temporary, name="temporary"),
    path("suma/<uuid:chat_id>/", views.chat, name="chat"),
    path("suma/<uuid:chat_id>/mensaje/", views.chat_send, name="send"),
    path("suma/<uuid:chat_id>/borrar/", views.chat_delete, name="delete"),
    path("suma/aprendido/<int:notice_id>/deshacer/", views.notice_undo, name="notice_undo"),
    path("suma/aprendido/cerrar/", views.notices_dismiss, name="notices_dismiss"),
    path("suma/whatsapp/vincular/", views.whatsapp_link, name="whatsapp_link"),
    path("suma/whatsapp/desvincular/", views.whatsapp_unlink_view, name="whatsapp_unlink"),
    path("suma/whatsapp/historial/", views.whatsapp_adopt, name="whatsapp_adopt"),
    path("suma/borrador/<str:kind>/<int:pk>/confirmar/", views.draft_confirm, name="draft_confirm"),
]
