"""Spanish URLs of the invoicing pages; invoices and quotes share views through their type."""

from django.urls import URLPattern, path

from sumalos.invoicing import views
from sumalos.invoicing.document_types import INVOICE, QUOTE, DocumentType

app_name = "invoicing"


def billing_urls(slug: str, new: str, kind: DocumentType) -> list[URLPattern]:
    name = kind.prefix
    k = {"kind": kind}
    return [
        path(f"{slug}/", views.billing_list, k, name=f"{name}_list"),
        path(f"{slug}/{new}/", views.billing_create, k, name=f"{name}_create"),
        path(f"{slug}/<int:pk>/", views.billing_detail, k, name=f"{name}_detail"),
        path(f"{slug}/<int:pk>/editar/", views.billing_edit, k, name=f"{name}_edit"),
        path(f"{slug}/<int:pk>/emitir/", views.billing_issue, k, name=f"{name}_issue"),
        path(f"{slug}/<int:pk>/lineas/", views.billing_line_add, k, name=f"{name}_line_add"),
        path(
            f"{slug}/<int:pk>/lineas/<int:line_pk>/",
            views.billing_line_edit,
            k,
            name=f"{name}_line_edit",
        ),
        path(
            f"{slug}/<int:pk>/lineas/<int:line_pk>/quitar/",
            views.billing_line_remove,
            k,
            name=f"{name}_line_remove",
        ),
    ]


urlpatterns = [
    path("contactos/", views.contact_list, name="contact_list"),
    path("contactos/nuevo/", views.contact_create, name="contact_create"),
    path("contactos/<int:pk>/", views.contact_detail, name="contact_detail"),
    path("contactos/<int:pk>/editar/", views.contact_edit, name="contact_edit"),
    *billing_urls("facturas", "nueva", INVOICE),
    *billing_urls("presupuestos", "nuevo", QUOTE),
    path("gastos/", views.expense_list, name="expense_list"),
    path("gastos/nuevo/", views.expense_create, name="expense_create"),
    path("documentos/", views.document_list, name="document_list"),
    path("documentos/subir/", views.document_upload, name="document_upload"),
    path("documentos/<int:pk>/descargar/", views.document_download, name="document_download"),
]
