"""Reading a search question: identifiers, kinds, the lexicon, conversations, anchoring."""

from __future__ import annotations

import datetime

import pytest

from search.retrieval import parse_query
from search.understanding import (
    asks_about_conversation,
    expansions,
    find_identifiers,
    wanted_kinds,
    words_besides,
)

TODAY = datetime.date(2026, 11, 29)


@pytest.mark.parametrize(
    ("text", "identifiers"),
    [
        ("factura 2025/83", ["F20250083"]),
        ("fra 2026/12", ["F20260012"]),
        ("fact 26/69", ["F20260069"]),
        ("factura 2025 / 70", ["F20250070"]),
        ("f26-44", ["F20260044"]),
        ("f-2025-0055", ["F20250055"]),
        ("f.2026.0051", ["F20260051"]),
        ("f20260044", ["F20260044"]),
        ("factura 83/2025", ["F20250083"]),
        ("p 2026/0005", ["P20260005"]),
        ("presu 2026-3", ["P20260003"]),
        ("presupuesto no 4 de 2026", ["P20260004"]),
        ("2025/83", ["F20250083", "P20250083"]),
        ("nif 46 658 368 q", ["46658368Q"]),
        ("el nif 14213075 h", ["14213075H"]),
        ("b.75.803.940", ["B75803940"]),
        ("nif: 13980520-q", ["13980520Q"]),
        ("46.658.368 - q", ["46658368Q"]),
        ("esb12345678", ["B12345678"]),
        ("x1234567l", ["X1234567L"]),
        # An abbreviated kind word with its dot.
        ("fact. 26-0004", ["F20260004"]),
        ("fra. 2026/12", ["F20260012"]),
        ("pres. 26-3", ["P20260003"]),
        ("presupuesto. no 4 de 2026", ["P20260004"]),
        # Not identifiers: a date, a count, a bare year.
        ("el 29/11 la caldera", []),
        ("cambio de 20 radiadores", []),
        ("la factura de 2025 de talleres", []),
        ("fact. 26 radiadores", []),
    ],
)
def test_identifiers_are_read_however_they_are_written(text, identifiers):
    assert find_identifiers(text)[0] == identifiers


def test_the_words_around_an_identifier_are_dropped_with_it():
    query = parse_query("nº de factura F-2026-58", today=TODAY)
    both = parse_query("presupuesto nº 4 de 2026", today=TODAY)

    assert (query.identifiers, query.text, query.period) == (["F20260058"], "", None)
    assert (both.identifiers, both.text, both.period) == (["P20260004"], "", None)


@pytest.mark.parametrize(
    ("question", "kinds"),
    [
        ("la factura del cambio de caldera", {"invoice"}),
        ("presu de la ducha", {"quote"}),
        ("gastos de gasoil", {"expense"}),
        ("el contrato de renting", {"document"}),
        ("la herramienta que compramos", {"expense"}),
        ("el almacén donde compramos la multicapa", {"contact"}),
        ("el proveedor de gasoil", {"contact"}),
        ("la pelu", {"contact"}),
        ("el de la gestoría", {"contact"}),
        ("de quién es el cif", {"contact"}),
        ("póliza", set()),
        # Work done for a customer hints at an invoice.
        ("la caldera que cambiamos", {"invoice"}),
        ("la ducha que le pusimos", {"invoice"}),
        # A kind noun misspelt still says the kind; a near word does not.
        ("presupusto desclacificador albufera", {"quote"}),
        ("el documeto de la furgo", {"document"}),
        ("la contrata de la obra", set()),
        ("facturacion de octubre", set()),
        ("el contacto de la gestoría", {"contact"}),
        # A clipped trade word asks for the contact.
        ("la guarde", {"contact"}),
        ("la ferre", {"contact"}),
        # After the trade, "lo de…" names a job done for it: its records, not the contact.
        ("la inmobiliaria, lo del plato de ducha", set()),
        ("la residencia de mayores, lo de los termos", set()),
        ("la inmobiliaria", {"contact"}),
        ("lo de la gestoría", {"contact"}),
        # What the business pays is an expense; what it is paid, or a price asked, is not.
        ("lo que le pagamos a la aseguradora", {"expense"}),
        ("lo que gastamos en datos del móvil", {"expense"}),
        ("lo que nos pagan los de la comunidad", set()),
        ("cuánto pagamos al mes por el alquiler", set()),
    ],
)
def test_the_words_say_which_kind_is_asked_for(question, kinds):
    assert wanted_kinds(question) == kinds


def test_the_lexicon_adds_the_words_records_use():
    assert expansions("combustible de la furgo") == ["furgoneta", "gasoleo", "gasolina"]
    assert expansions("cinta para sellar roscas") == ["teflon"]
    assert expansions("el que nos lleva los papeles") == ["gestoria", "asesoria"]
    assert expansions("cambio de caldera") == ["sustitucion"]
    assert expansions("la guarde") == ["guarderia", "infantil", "escuela", "colegio"]
    assert expansions("diseño de marca") == ["identidad", "visual", "logotipo"]
    assert expansions("por si rompemos algo") == ["responsabilidad", "civil", "seguro"]
    assert expansions("cinta de fontanero y masilla") == [
        "fontaneria",
        "teflon",
        "silicona",
        "sellador",
    ]
    assert expansions("qué se cobra de más en domingo") == ["urgencias", "fin", "semana", "recargo"]
    # Look-alikes: a product's brand, an amount, a trade word in a name.
    assert expansions("de qué marca es la caldera") == []
    assert expansions("factura de más de 4000 euros") == []
    assert expansions("inmobiliaria mediterraneo") == []


def test_only_questions_about_a_conversation_ask_for_messages():
    assert asks_about_conversation("lo que hablamos de la caldera de Talleres")
    assert asks_about_conversation("qué me dijiste del IVA")
    assert asks_about_conversation("lo del chat de ayer")
    assert not asks_about_conversation("la factura de la caldera de Talleres")
    assert parse_query("qué me dijiste del termo", today=TODAY).kinds == {"message"}


@pytest.mark.parametrize(
    ("question", "left"),
    [
        ("el calentador que le montamos a José Luis Moreno", ["calentador"]),
        ("lo que le arreglamos a José Luis Moreno", []),
        ("la caldera de la frutería La Huerta", ["caldera"]),
        ("talleres garsia", []),
        ("el teléfono de Talleres García", []),
        ("facturas de Talleres García", []),
    ],
)
def test_what_is_asked_about_a_named_contact(question, left):
    names = ["José Luis Moreno", "Frutería La Huerta S.L.", "Talleres García S.L."]

    assert words_besides(question, names) == left
