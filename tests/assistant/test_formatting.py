"""Answer formatting: Spanish figures, passages cut cleanly, markdown per channel."""

from __future__ import annotations

import datetime
from decimal import Decimal

from assistant.formatting import (
    cut,
    euros,
    long_date,
    percent,
    plain_markdown,
    web_html,
    whatsapp_text,
)


def test_amounts_are_written_the_spanish_way():
    assert euros(Decimal("7422.28")) == "7.422,28 €"
    assert euros("71901.92") == "71.901,92 €"
    assert euros(Decimal("402.5")) == "402,50 €"
    assert euros(Decimal("0")) == "0,00 €"
    assert euros(Decimal("1234567.891")) == "1.234.567,89 €"


def test_dates_and_rates_are_written_out():
    assert long_date(datetime.date(2027, 1, 29)) == "29 de enero de 2027"
    assert long_date("2026-12-14") == "14 de diciembre de 2026"
    assert percent("21") == "21 %"
    assert percent("5.2") == "5,2 %"
    assert percent("0.50") == "0,5 %"


def test_a_passage_is_cut_after_a_sentence_or_at_a_word_never_mid_word():
    text = "Primera frase corta. Segunda frase bastante más larga que no cabe entera aquí."
    assert cut(text, 40) == "Primera frase corta."
    assert cut("palabras muy largas sin ningún punto final en todo el texto", 30) == (
        "palabras muy largas sin ningún…"
    )
    assert cut("corto", 30) == "corto"


def test_knowledge_markdown_becomes_plain_sentences():
    assert plain_markdown(
        "## Plazos\nHoy es del **10 %**; ver *recargo* y [BOE](https://boe.es)"
    ) == ("Plazos\nHoy es del 10 %; ver recargo y BOE (https://boe.es)")
    assert plain_markdown("VERI*FACTU y requisitos") == "VERI*FACTU y requisitos"


def test_whatsapp_drops_the_markup_and_writes_links_out_absolute():
    text = (
        "Total: **7.422,28 €**\n- [F2026-0061](/facturas/153/), cobrada\nFuente: [gastos](/gastos/)"
    )

    assert whatsapp_text(text, base_url="https://app.sumalos.es") == (
        "Total: 7.422,28 €\n"
        "• F2026-0061 (https://app.sumalos.es/facturas/153/), cobrada\n"
        "Fuente: gastos (https://app.sumalos.es/gastos/)"
    )


def test_the_web_escapes_first_and_renders_only_bold_lists_and_safe_links():
    text = (
        "Hola <script>alert(1)</script> **ya**\n"
        "- [factura](/facturas/1/)\n"
        "- [malo](javascript:alert(1))\n"
        "\n"
        "Fin"
    )

    assert str(web_html(text)) == (
        "<p>Hola &lt;script&gt;alert(1)&lt;/script&gt; <strong>ya</strong></p>"
        '<ul><li><a href="/facturas/1/">factura</a></li>'
        "<li>[malo](javascript:alert(1))</li></ul>"
        "<p>Fin</p>"
    )
