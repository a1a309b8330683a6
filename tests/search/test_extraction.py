"""Text extraction for the index: PDF, DOCX and plain text (search/extraction.py)."""

from __future__ import annotations

import io

import docx

from search.extraction import DOCX, PDF, content_type_of, extract_text

_STREAM = b"BT /F1 18 Tf 20 100 Td (Factura de la caldera de Hostal Miramar) Tj ET"


def minimal_pdf() -> bytes:
    """A one-page PDF with one line of text, written by hand with a correct xref table."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 144] /Contents 4 0 R"
        b" /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(_STREAM) + _STREAM + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(
        b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    )
    return out.getvalue()


def minimal_docx() -> bytes:
    document = docx.Document()
    document.add_paragraph("Acuerdo con la comunidad Residencial Las Palmeras")
    table = document.add_table(rows=1, cols=2)
    table.rows[0].cells[0].text = "Revisión"
    table.rows[0].cells[1].text = "trimestral"
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def test_a_pdf_gives_its_text():
    assert extract_text(minimal_pdf(), PDF) == "Factura de la caldera de Hostal Miramar"


def test_a_docx_gives_its_paragraphs_and_table_cells():
    text = extract_text(minimal_docx(), DOCX)

    assert text == "Acuerdo con la comunidad Residencial Las Palmeras\nRevisión\ntrimestral"


def test_plain_text_is_decoded_as_utf8():
    assert extract_text("Año 2026: caldera".encode(), "text/plain") == "Año 2026: caldera"


def test_a_broken_file_and_an_image_give_no_text():
    assert extract_text(b"%PDF-1.4 not really", PDF) == ""
    assert extract_text(b"not a zip", DOCX) == ""
    assert extract_text(b"\x89PNG\r\n\x1a\n", "image/png") == ""


def test_the_type_is_guessed_from_the_name_when_none_was_stored():
    assert content_type_of("documents/2026/11/acta.DOCX", "") == DOCX
    assert content_type_of("documents/2026/11/acta.pdf", "") == PDF
    assert content_type_of("documents/2026/11/acta.pdf", "text/plain") == "text/plain"
