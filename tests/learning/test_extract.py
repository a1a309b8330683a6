"""Offline extraction of whole messages: subject, attribute, typed value and sentence."""

from __future__ import annotations

import pytest

from learning.base import ContactName, ExtractedFact, KnownAttribute
from learning.offline.extract import extract_facts

CONTACTS = [
    ContactName(1, "Ferretería Ruiz", "supplier"),
    ContactName(2, "Hoteles del Turia S.A.", "customer"),
    ContactName(3, "Peluquería Ángela S.L.", "customer"),
    ContactName(4, "Gasóleos Ribera S.L.", "supplier"),
]


def _facts(message: str, known: list[KnownAttribute] | None = None) -> list[tuple[str, ...]]:
    return [
        (f.category, f.subject_name, f.attribute, f.value)
        for f in extract_facts(message, known or [], contacts=CONTACTS)
    ]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "ojo que Ferretería Ruiz ya no nos fía, todo al contado a partir de ahora",
            [("proveedor", "Ferretería Ruiz", "plazo_pago", "al contado")],
        ),
        (
            "El encargado de Hoteles del Turia se llama Jordi",
            [("cliente", "Hoteles del Turia S.A.", "persona_contacto", "Jordi")],
        ),
        (
            "la de la pelu paga por Bizum, nada de transferencias",
            [("cliente", "Peluquería Ángela S.L.", "metodo_pago", "Bizum")],
        ),
        (
            "Gasóleos Ribera nos ha subido el gasoil a 1,45 el litro",
            [("proveedor", "Gasóleos Ribera S.L.", "precio_gasoil", "1,45 €/litro")],
        ),
        ("cerramos la segunda quincena de agosto", [("empresa", "", "cierre", "16-31 agosto")]),
        (
            "Construcciones Pérez paga a 60 días, no a 30",
            [("cliente", "Construcciones Pérez", "plazo_pago", "60 días")],
        ),
        ("llámame Pablete", [("perfil_usuario", "", "apodo", "Pablete")]),
        ("¿cuánto me debe la pelu?", []),
        ("¿la pelu pagaba por Bizum? no me acuerdo", []),
        ("si Hoteles del Turia nos pagara a 90 días nos hundía", []),
        ("lo de que la pelu pagaba a 60 era broma, sigue todo igual", []),
        ("Hoteles del Turia ha pagado hoy la factura de octubre", []),
        ("hazle una factura a la pelu por lo de ayer", []),
        (
            "ya no hay que preguntar por Sonia en la pelu, se ha jubilado; ahora es Maite",
            [("cliente", "Peluquería Ángela S.L.", "persona_contacto", "Maite")],
        ),
        (
            "ya no le hacemos descuento a la pelu",
            [("cliente", "Peluquería Ángela S.L.", "descuento", "0 %")],
        ),
        (
            "me llamo Pablo pero todo el mundo me llama Pau",
            [("perfil_usuario", "", "nombre", "Pablo"), ("perfil_usuario", "", "apodo", "Pau")],
        ),
        (
            "No me pongas emojis, que no me gustan",
            [("preferencia", "", "tono", "sin emojis")],
        ),
        ("hazme una factura para la pelu de 120 euros", []),
    ],
)
def test_a_message_becomes_its_facts(message, expected):
    assert _facts(message) == expected


def test_a_stored_attribute_name_is_reused_for_the_same_subject():
    known = [KnownAttribute("contacto:1", "forma_pago", "transferencia")]

    assert _facts("Ferretería Ruiz: ahora Bizum", known) == [
        ("proveedor", "Ferretería Ruiz", "forma_pago", "Bizum")
    ]


def test_a_sentence_with_no_confident_attribute_is_one_note_about_its_subject():
    facts = extract_facts("la pelu va a ampliar el local en primavera", [], contacts=CONTACTS)

    assert facts == [
        ExtractedFact(
            category="cliente",
            attribute="nota",
            value="Peluquería Ángela S.L. va a ampliar el local en primavera.",
            text="Peluquería Ángela S.L. va a ampliar el local en primavera.",
            subject_name="Peluquería Ángela S.L.",
            subject_contact_id=3,
            note=True,
        )
    ]


FOLLOW_UP_CONTACTS = [
    ContactName(10, "Talleres García S.L.", "customer"),
    ContactName(11, "Residencia Los Olivos S.L.", "customer"),
    ContactName(12, "Lavandería Blanca Nieves S.L.", "customer"),
]


def _follow_up(message: str, previous: str | None) -> list[tuple[str, ...]]:
    return [
        (f.category, f.subject_name, f.attribute, f.value)
        for f in extract_facts(message, [], contacts=FOLLOW_UP_CONTACTS, previous=previous)
    ]


def test_a_follow_up_naming_nobody_is_about_the_previous_message_contact():
    assert _follow_up("y el contacto allí es Nacho", "Los de Lavandería Blanca Nieves llaman") == [
        ("cliente", "Lavandería Blanca Nieves S.L.", "persona_contacto", "Nacho")
    ]


def test_a_follow_up_naming_its_own_contact_keeps_it():
    assert _follow_up("la resi paga a 60 días", "Talleres García paga a 30 días") == [
        ("cliente", "Residencia Los Olivos S.L.", "plazo_pago", "60 días")
    ]


def test_without_a_previous_contact_the_follow_up_stays_the_company():
    assert _follow_up("el horario de verano es de 8 a 15", "hace calor") == [
        ("empresa", "", "horario", "8:00-15:00")
    ]


def test_taller_names_the_customer_only_as_a_group():
    assert _follow_up("los del taller quieren todo por email", None) == [
        ("cliente", "Talleres García S.L.", "canal_preferido", "email")
    ]
    assert [f[1] for f in _follow_up("el taller cerrado del 1 al 15 de agosto", None)] == [""]
