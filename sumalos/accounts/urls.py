from django.contrib.auth import views as auth_views
from django.urls import path

from sumalos.accounts import views

urlpatterns = [
    path(
        "entrar/", auth_views.LoginView.as_view(template_name="accounts/login.html"), name="login"
    ),
    path("salir/", auth_views.LogoutView.as_view(), name="logout"),
    path("organizacion/", views.organization_switch, name="organization_switch"),
    path("organizacion/memoria/", views.organization_shared_mode, name="organization_shared_mode"),
]
