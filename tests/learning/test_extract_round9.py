"""Extraction round 9 (docs/memory.md, "Offline extraction round 9"): values in the forms people
say them (every form of "domiciliar", an address dictated aloud, "no me hables tan formal", a
street number after "número"), the writer's own address beside the company's, no name made of
one letter of an abbreviation, and the gate keeping what a person states about a named
business while it still drops questions, orders, events of the day and chit-chat (decision
0042); what it keeps always becomes a fact."""

from __future__ import annotations

import pytest

from learning.base import ContactName
from learning.offline.extract import extract_facts
from learning.offline.gate import decide, states_fact_about_business
from learning.offline.slots import find_slots

CONTACTS = [
    ContactName(1, "Cafetería Central", "customer"),
    ContactName(2, "Inmobiliaria Mediterráneo S.L.", "customer"),
    ContactName(3, "Clínica Dental Sonrisas S.L.", "customer"),
]
KEPT_BY_THE_GATE = [
    "Cafetería Central tiene la llave de paso general debajo del fregadero de la barra.",
    "esto pa tos eh 👍 en la clinica dental hay q aparcar en el parking de atras q delante multan",
    "Estimada Suma: le comunico, que, la Inmobiliaria Mediterráneo S.L. ha trasladado su "
    "domicilio fiscal a la Avenida Blasco Ibáñez, número 45, de Valencia; el C.I.F. sigue "
    "siendo el mismo: B24201980. Reciba un saludo.",
]
OWN = "Fontanería Martín"


def _facts(message: str) -> list[tuple[str, str, str, str]]:
    return [
        (f.subject_name, f.category, f.attribute, f.value)
        for f in extract_facts(message, [], contacts=CONTACTS, organization=OWN)
        if not f.note
    ]


def test_the_writers_own_mail_is_hers_beside_the_companys():
    assert _facts("mi mail es andres.pons.fm@gmail.com, el de la empresa no lo miro nunca") == [
        ("", "perfil_usuario", "email", "andres.pons.fm@gmail.com")
    ]


def test_the_companys_mail_stays_the_companys():
    assert _facts("el correo de la empresa es info@fontaneriamartin.es") == [
        ("", "empresa", "email", "info@fontaneriamartin.es")
    ]


def _slots(text: str, kinds: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(s.kind, s.value) for s in find_slots(text) if s.kind in kinds]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("dice q le domiciliemos los recibos", [("payment_method", "domiciliación")]),
        ("que domicilien el pago", [("payment_method", "domiciliación")]),
        ("ha cambiado el domicilio fiscal", []),
        ("no me hables tan formal tio", [("tone", "tú")]),
        ("escribe a jalcaniz arroba hotmail punto com", [("email", "jalcaniz@hotmail.com")]),
        ("paga con tarjeta punto", [("payment_method", "tarjeta")]),
    ],
)
def test_values_in_the_forms_people_say_them(text, expected):
    assert _slots(text, ("payment_method", "tone", "email", "channel")) == expected


@pytest.mark.parametrize("text", KEPT_BY_THE_GATE)
def test_a_durable_fact_about_a_named_business_is_kept(text):
    decision = decide(text, None)

    assert (states_fact_about_business(text), decision.outcome) == (True, "learn")
    assert decision.category != "ninguno"


@pytest.mark.parametrize(
    "text",
    [
        "¿Cuánto me debe la Cafetería Central?",
        "Hazle un presupuesto a Bodegas Alonso por la reforma del almacén",
        "Factura a Panadería Sol las dos horas de ayer",
        "oye manda un whatsapp a la de la farmacia nuñez diciendo que vamos el jueves",
        "Cada vez que entre una factura de Gasóleos Ribera márcala como pagada, sin preguntarme.",
        "Hoy hemos terminado lo de la Clínica Dental Sonrisas, el plato de ducha quedó fino.",
        "Hoy ha sido un día de locos en el taller",
        "Gracias, Suma",
    ],
)
def test_questions_orders_events_and_chit_chat_name_no_lasting_fact(text):
    assert states_fact_about_business(text) is False


def test_what_the_gate_keeps_about_a_business_becomes_facts():
    assert [_facts(text) for text in KEPT_BY_THE_GATE] == [
        [
            (
                "Cafetería Central",
                "cliente",
                "instrucciones_entrega",
                "Cafetería Central tiene la llave de paso general debajo del fregadero de la "
                "barra.",
            )
        ],
        [
            (
                "Clínica Dental Sonrisas S.L.",
                "cliente",
                "instrucciones_entrega",
                "Eh 👍 Clínica Dental Sonrisas S.L. hay q aparcar en el parking de "
                "atras q delante multan.",
            )
        ],
        [
            (
                "Inmobiliaria Mediterráneo S.L.",
                "cliente",
                "direccion",
                "Avenida Blasco Ibáñez, número 45, de Valencia",
            ),
            ("Inmobiliaria Mediterráneo S.L.", "cliente", "nif", "B24201980"),
        ],
    ]
