"""Writes of uploaded files: checked by extension and first bytes, kept in one area."""

from __future__ import annotations

import mimetypes

from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction

from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area, User
from sumalos.invoicing.models import Contact, UploadedDocument
from sumalos.invoicing.services.validation import require_write

MAX_DOCUMENT_SIZE = 5 * 1024 * 1024
# Accepted uploads by extension, with the bytes a real file of that type starts with.
FILE_TYPES: dict[str, tuple[str, bytes | None]] = {
    ".pdf": ("application/pdf", b"%PDF-"),
    ".png": ("image/png", b"\x89PNG\r\n\x1a\n"),
    ".jpg": ("image/jpeg", b"\xff\xd8\xff"),
    ".jpeg": ("image/jpeg", b"\xff\xd8\xff"),
    ".txt": ("text/plain", None),
    ".csv": ("text/csv", None),
}
TEXT_TYPES = frozenset({"text/plain", "text/csv"})


def _file_type(upload: UploadedFile[bytes]) -> str:
    """The content type of ``upload`` by its extension, checked against its first bytes."""
    name = (upload.name or "").lower()
    extension = next((ext for ext in FILE_TYPES if name.endswith(ext)), None)
    if extension is None:
        allowed = ", ".join(sorted({ext.lstrip(".").upper() for ext in FILE_TYPES}))
        raise ValidationError(f"Tipo de archivo no admitido. Se admiten: {allowed}.")
    content_type, magic = FILE_TYPES[extension]
    upload.seek(0)
    head = upload.read(16)
    upload.seek(0)
    if magic is not None and not head.startswith(magic):
        guessed = mimetypes.types_map.get(extension, extension)
        raise ValidationError(f"El archivo no parece un {guessed} de verdad.")
    return content_type


@transaction.atomic
def document_upload(
    *,
    access: AiAccess,
    organization_id: int,
    title: str,
    area: str,
    file: UploadedFile[bytes] | None = None,
    text: str = "",
    contact: Contact | None = None,
    uploaded_by: User | None = None,
) -> UploadedDocument:
    """Store a file (or a plain text) of the organization in one area.

    Plain-text and CSV files also keep their content in ``text`` so search can index it.
    """
    if area not in Area.values:
        raise ValidationError("Área desconocida.")
    require_write(access, organization_id, area)
    clean_title = title.strip()
    if not clean_title:
        raise ValidationError("El documento necesita un título.")
    if file is None and not text.strip():
        raise ValidationError("Sube un archivo o escribe el texto del documento.")
    if contact is not None and contact.organization_id != organization_id:
        raise PermissionDenied("Ese contacto no es de esta organización.")
    content_type = ""
    size = len(text.encode())
    body = text.strip()
    if file is not None:
        if file.size is None or file.size > MAX_DOCUMENT_SIZE:
            raise ValidationError(
                f"El archivo pasa del límite de {MAX_DOCUMENT_SIZE // (1024 * 1024)} MB."
            )
        if file.size == 0:
            raise ValidationError("El archivo está vacío.")
        content_type = _file_type(file)
        size = file.size
        if content_type in TEXT_TYPES and not body:
            try:
                body = file.read().decode("utf-8").strip()
            except UnicodeDecodeError:
                raise ValidationError("El archivo de texto debe estar en UTF-8.") from None
            file.seek(0)
    document = UploadedDocument(
        organization_id=organization_id,
        area=area,
        title=clean_title,
        content_type=content_type,
        size=size,
        text=body,
        contact=contact,
        uploaded_by=uploaded_by,
    )
    if file is not None:
        document.file.save(file.name or "documento", file, save=False)
    document.save()
    return document
