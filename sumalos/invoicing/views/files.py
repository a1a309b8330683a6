"""Pages of uploaded files: the list by readable area, the upload form and the download."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import FileResponse, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render

from sumalos.accounts.access import AiAccess
from sumalos.accounts.middleware import AuthedRequest
from sumalos.accounts.models import Area
from sumalos.invoicing import selectors, services
from sumalos.invoicing.forms import DocumentUploadForm
from sumalos.invoicing.models import UploadedDocument
from sumalos.invoicing.views.common import apply_errors, area_view, denied, page_of


def _writable_areas(access: AiAccess, organization_id: int) -> list[str]:
    return [area for area in Area.values if access.can_write(organization_id, area)]


@area_view(Area.GENERAL)
def document_list(request: HttpRequest, access: AiAccess, organization_id: int) -> HttpResponse:
    area = request.GET.get("area", "")
    area = area if area in Area.values else ""
    documents = selectors.document_list(access=access, organization_id=organization_id, area=area)
    readable = [(a.value, a.label) for a in Area if access.can_read(organization_id, a.value)]
    return render(
        request,
        "invoicing/document_list.html",
        {
            "page": page_of(request, documents),
            "area": area,
            "areas": readable,
            "can_upload": bool(_writable_areas(access, organization_id)),
        },
    )


@area_view(Area.GENERAL)
def document_upload(request: AuthedRequest, access: AiAccess, organization_id: int) -> HttpResponse:
    writable = _writable_areas(access, organization_id)
    if not writable:
        return denied(request, "Tu papel en esta organización no permite subir documentos.")
    form = DocumentUploadForm(request.POST or None, request.FILES or None, writable_areas=writable)
    if request.method == "POST" and form.is_valid():
        try:
            document = services.document_upload(
                access=access,
                organization_id=organization_id,
                uploaded_by=request.user,
                **form.cleaned_data,
            )
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, f"Documento «{document.title}» guardado.")
            return redirect("invoicing:document_list")
    return render(
        request,
        "invoicing/document_form.html",
        {"form": form},
        status=400 if form.is_bound else 200,
    )


@area_view(Area.GENERAL)
def document_download(
    request: HttpRequest, access: AiAccess, organization_id: int, pk: int
) -> HttpResponseBase:
    document = selectors.access_record(access, UploadedDocument, pk)
    if document.file:
        name = (document.file.name or "documento").rsplit("/", 1)[-1]
        return FileResponse(
            document.file.open("rb"),
            as_attachment=True,
            filename=name,
            content_type=document.content_type or "application/octet-stream",
        )
    response = HttpResponse(document.text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="documento-{document.pk}.txt"'
    return response
