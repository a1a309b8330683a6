"""Text of an uploaded file for the index: PDF (pypdf), DOCX (python-docx), plain text (DESIGN §7).

Images and unknown types give no text: the document is then found by its title alone.
A file that cannot be parsed is indexed by its title too; the error is logged, not raised,
so one broken upload never stops the drain.
"""

from __future__ import annotations

import io
import logging
import zipfile

import docx
from pypdf import PdfReader
from pypdf.errors import PyPdfError

logger = logging.getLogger(__name__)

PDF = "application/pdf"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
PLAIN = frozenset({"text/plain", "text/csv", "text/markdown"})


def content_type_of(name: str, declared: str) -> str:
    """The declared type, or one guessed from the extension when none was stored."""
    if declared:
        return declared
    lowered = name.lower()
    if lowered.endswith(".pdf"):
        return PDF
    if lowered.endswith(".docx"):
        return DOCX
    if lowered.endswith((".txt", ".csv", ".md")):
        return "text/plain"
    return ""


def extract_text(data: bytes, content_type: str) -> str:
    """The readable text of a file's bytes, or "" when the type carries none."""
    try:
        if content_type == PDF:
            reader = PdfReader(io.BytesIO(data))
            return "\n".join((page.extract_text() or "").strip() for page in reader.pages).strip()
        if content_type == DOCX:
            document = docx.Document(io.BytesIO(data))
            paragraphs = [p.text for p in document.paragraphs]
            cells = [
                cell.text for table in document.tables for row in table.rows for cell in row.cells
            ]
            return "\n".join(text for text in paragraphs + cells if text.strip()).strip()
        if content_type in PLAIN:
            return data.decode("utf-8", errors="replace").strip()
    except (PyPdfError, zipfile.BadZipFile, ValueError, KeyError, OSError) as error:
        logger.warning("search: could not read a %s file: %s", content_type, error)
    return ""
