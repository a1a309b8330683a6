"""Extraction round 4 (decision record 0032): one case per kind of phrasing that dev set C
and the round-4 dev set showed missed or wrongly linked."""

from __future__ import annotations

import pytest

from learning.base import ContactName
from learning.offline.extract import extract_facts

CONTACTS = [
    ContactName(1, "Rosa María Martínez", "customer"),
    ContactName(2, "José Luis Moreno", "customer"),
    ContactName(3, "Inmaculada Castelló", "customer"),
    ContactName(4, "Francisco Javier Peña", "customer"),
    ContactName(5, "Talleres García S.L.", "customer"),
    ContactName(6, "Hostal Miramar", "customer"),
    ContactName(7, "Residencia Los Olivos S.L.", "customer"),
    ContactName(8, "Recambios Calderas Turia S.L.", "supplier"),
    ContactName(9, "Salvador Ortega", "customer"),
    ContactName(10, "Teresa Muñoz", "customer"),
    ContactName(11, "Jesús Alcañiz", "customer"),
    ContactName(12, "Bar Restaurante El Puerto S.L.", "customer"),
    ContactName(13, "Lavandería Blanca Nieves S.L.", "customer"),
    ContactName(14, "Peluquería Ángela S.L.", "customer"),
    ContactName(15, "Frutería La Huerta S.L.", "customer"),
]

OWN = "Fontanería Martín"


def _facts(message: str, previous: str | None = None) -> list[tuple[str, ...]]:
    return [
        (f.category, f.subject_name, f.attribute, f.value)
        for f in extract_facts(message, [], contacts=CONTACTS, previous=previous, organization=OWN)
    ]


@pytest.mark.parametrize(
    ("kind", "message", "previous", "expected"),
    [
        (
            "partial_name",
            "Eva Martí nos paga a 30 días",
            None,
            [("cliente", "Eva Martí", "plazo_pago", "30 días")],
        ),
        (
            "partial_name",
            "Luis Ferrando paga por transferencia",
            None,
            [("cliente", "Luis Ferrando", "metodo_pago", "transferencia")],
        ),
        (
            "own_company",
            "Fontanería Martín cierra del 24 de diciembre al 6 de enero",
            None,
            [("empresa", "", "cierre", "24 diciembre-6 enero")],
        ),
        (
            "short_first_name",
            "Inma Castelló paga a 15 días",
            None,
            [("cliente", "Inmaculada Castelló", "plazo_pago", "15 días")],
        ),
        (
            "short_first_name",
            "Paco Peña paga en efectivo",
            None,
            [("cliente", "Francisco Javier Peña", "metodo_pago", "efectivo")],
        ),
        (
            "similar_name",
            "Talleres Garcés de Burjassot paga a 30 días",
            None,
            [("cliente", "Talleres Garcés", "plazo_pago", "30 días")],
        ),
        (
            "partial_name",
            "Rosa Martí quiere presupuesto de un baño",
            None,
            [("cliente", "Rosa Martí", "nota", "Rosa Martí quiere presupuesto de un baño.")],
        ),
        (
            "apposition",
            "Julián, el del hostal, solo está por las mañanas",
            None,
            [
                ("cliente", "Hostal Miramar", "persona_contacto", "Julián"),
                ("cliente", "Hostal Miramar", "horario", "mañanas"),
            ],
        ),
        (
            "apposition",
            "el del bar del puerto, Quique, dice que le avisemos antes de llegar",
            None,
            [
                ("cliente", "Bar Restaurante El Puerto S.L.", "persona_contacto", "Quique"),
                (
                    "cliente",
                    "Bar Restaurante El Puerto S.L.",
                    "nota",
                    "Bar Restaurante El Puerto S.L.: dice que le avisemos antes de llegar.",
                ),
            ],
        ),
        (
            "apposition",
            "La Residencia Los Olivos quiere que firme los albaranes el director, el Sr. Cuesta.",
            None,
            [("cliente", "Residencia Los Olivos S.L.", "persona_contacto", "Cuesta")],
        ),
        (
            "apposition",
            "Recambios Calderas Turia: Nerea es la que lleva los pedidos",
            None,
            [("proveedor", "Recambios Calderas Turia S.L.", "persona_contacto", "Nerea")],
        ),
        (
            "contact_person",
            "Frutería La Huerta, persona de contacto Vicen",
            None,
            [("cliente", "Frutería La Huerta S.L.", "persona_contacto", "Vicen")],
        ),
        (
            "opening_name",
            "Carlos Moreno, el de la reforma de Alboraya, paga a 30 días",
            None,
            [
                ("cliente", "Carlos Moreno", "plazo_pago", "30 días"),
                (
                    "cliente",
                    "Carlos Moreno",
                    "nota",
                    "Carlos Moreno: el de la reforma de Alboraya.",
                ),
            ],
        ),
        (
            "correction",
            "Hostal Miramar antes pagaba en efectivo, ahora por bizum",
            None,
            [("cliente", "Hostal Miramar", "metodo_pago", "Bizum")],
        ),
        (
            "correction",
            "Talleres García paga a 60, bueno no, es a 45",
            None,
            [("cliente", "Talleres García S.L.", "plazo_pago", "45 días")],
        ),
        (
            "follow_up",
            "perdona, no es a 30, es a 60",
            "Construcciones Garcés de Burjassot, cliente nuevo, pagan a 30 días",
            [("cliente", "Construcciones Garcés", "plazo_pago", "60 días")],
        ),
        (
            "follow_up",
            "y el email de Enrique es enrique@gmail.com",
            "En el hostal el encargado es Enrique Sala",
            # "email" labels the address given (round 7): no channel preferred
            [("cliente", "Hostal Miramar", "email", "enrique@gmail.com")],
        ),
        (
            "fronted_topic",
            "a los del bar del puerto les cobramos a 45 días",
            None,
            [("cliente", "Bar Restaurante El Puerto S.L.", "plazo_pago", "45 días")],
        ),
        (
            "negation",
            "Nada de transferencias con Recambios Calderas Turia, quieren domiciliación",
            None,
            [("proveedor", "Recambios Calderas Turia S.L.", "metodo_pago", "domiciliación")],
        ),
        (
            "negation",
            "con Teresa Muñoz mejor mensajes que llamadas",
            None,
            [("cliente", "Teresa Muñoz", "canal_preferido", "mensajes")],
        ),
        (
            "negation",
            "a partir de las 6 no contesto",
            None,
            [("preferencia", "", "horario", "hasta 18:00")],
        ),
        (
            "tone",
            "Llámame Pablo a secas, nada de señor Martín",
            None,
            [("perfil_usuario", "", "apodo", "Pablo"), ("preferencia", "", "tono", "tú")],
        ),
        (
            "tone",
            "En la Peluquería Ángela son muy formales, siempre de usted",
            None,
            [("cliente", "Peluquería Ángela S.L.", "tono", "usted")],
        ),
        (
            "nickname",
            "Salvador Ortega dice que le llamemos Salva",
            None,
            [("cliente", "Salvador Ortega", "apodo", "Salva")],
        ),
        (
            "delivery",
            "la de la lavandería dice que entremos por la puerta de atrás",
            None,
            [
                (
                    "cliente",
                    "Lavandería Blanca Nieves S.L.",
                    "instrucciones_entrega",
                    "Lavandería Blanca Nieves S.L. dice que entremos por la puerta de atrás.",
                )
            ],
        ),
        (
            "leftover_note",
            "Recambios Calderas Turia nos pasa las facturas a 30 días, pero la placa de Vaillant "
            "la cobran por adelantado",
            None,
            [
                ("proveedor", "Recambios Calderas Turia S.L.", "plazo_pago", "30 días"),
                (
                    "proveedor",
                    "Recambios Calderas Turia S.L.",
                    "nota",
                    "Recambios Calderas Turia S.L.: la placa de Vaillant la cobran por adelantado.",
                ),
            ],
        ),
        ("done_report", "Ya he mandado la factura a Jesús Alcañiz", None, []),
        ("done_report", "He metido el ticket de gasoil de ayer, 78,40 €", None, []),
    ],
)
def test_each_kind_of_phrasing_gives_its_facts(kind, message, previous, expected):
    assert _facts(message, previous) == expected


def test_without_the_company_name_its_surname_links_the_look_alike_contact_no_more():
    # "Martín" inside the company's own name is part of another name, not Rosa María Martínez.
    facts = extract_facts("Fontanería Martín cierra en agosto", [], contacts=CONTACTS)
    assert [(f.category, f.subject_name, f.subject_contact_id) for f in facts] == [
        ("cliente", "Fontanería Martín", None)
    ]


def test_a_leftover_note_holds_only_what_the_typed_fact_does_not_say():
    facts = extract_facts(
        "Hostal Miramar paga a 30 días, pero en enero siempre se retrasan",
        [],
        contacts=CONTACTS,
    )
    assert [(f.attribute, f.text, f.note) for f in facts] == [
        ("plazo_pago", "Hostal Miramar paga a 30 días.", False),
        ("nota", "Hostal Miramar: en enero siempre se retrasan.", True),
    ]


def test_an_order_to_suma_beside_the_fact_is_no_leftover_note():
    facts = extract_facts(
        "hazlo publico en la empresa: Hostal Miramar paga a 30 días", [], contacts=CONTACTS
    )
    assert [(f.attribute, f.value) for f in facts] == [("plazo_pago", "30 días")]
