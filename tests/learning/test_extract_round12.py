"""Round 12 of offline extraction, one family of phrasing per test: a value for one occasion
only, a list with the unit said once, when someone is busy, a card's person under its business,
a forwarded mail's sender, someone new the writer introduces, the writer saying who she is, a
postal code before the town, a role word that a bracket tells apart, a trade word cut short,
and who answers in the language the writer asks for."""

from __future__ import annotations

from functools import partial

import pytest

from learning.base import ContactName
from learning.offline.extract import extract_facts
from tests.learning.offline_reading import OWN, TODAY, typed_facts

CONTACTS = [
    ContactName(1, "Farmacia Núñez S.L.", "customer"),
    ContactName(2, "Peluquería Ángela S.L.", "customer"),
    ContactName(3, "Cafetería Central S.L.", "customer"),
    ContactName(4, "Pilar Domínguez", "customer"),
    ContactName(5, "Salvador Ortega", "customer"),
    ContactName(6, "Saneamientos del Levante S.L.", "supplier"),
    ContactName(7, "Telefonía Costa Azul S.A.", "supplier"),
    ContactName(8, "Lourdes Bañuls", "customer"),
    ContactName(9, "Ángel Romero", "customer"),
    ContactName(10, "Teresa Muñoz", "customer"),
    ContactName(11, "Gestoría Ibáñez", "supplier"),
    ContactName(12, "Talleres García S.L.", "customer"),
    ContactName(13, "Inmobiliaria Mediterráneo S.L.", "customer"),
    ContactName(14, "Gasóleos Ribera S.L.", "supplier"),
    ContactName(15, "Íñigo Zabala", "customer"),
    ContactName(16, "Ramón Císcar", "customer"),
    ContactName(17, "Ferretería Ruiz", "supplier"),
]


_facts = partial(typed_facts, contacts=CONTACTS)


@pytest.mark.parametrize(
    "message",
    [
        "Por una vez Ramón Císcar nos ha pagado en efectivo, normalmente tarda",
        "teresa muñoz este mes paga a 90 excepcionalmente x las obras",
        "la ferreteria ruiz nos deja pagar a 60, pero solo este pedido",
    ],
)
def test_a_value_for_one_occasion_only_is_nothing_to_keep(message):
    assert extract_facts(message, [], contacts=CONTACTS, organization=OWN, today=TODAY) == []


def test_how_often_is_no_one_off():
    message = "a Gasóleos Ribera se le paga por domiciliación, nos cargan una vez al mes"
    assert [(f[0], f[2]) for f in _facts(message)] == [("Gasóleos Ribera S.L.", "metodo_pago")]


def test_a_one_off_that_says_what_holds_from_now_on_is_kept():
    message = "Esta vez Ramón Císcar ha pagado por bizum y a partir de ahora pagará siempre así"
    assert _facts(message) == [("Ramón Císcar", "cliente", "metodo_pago", "Bizum")]


def test_a_list_says_the_unit_once_and_the_bare_numbers_are_days_too():
    message = (
        "Plazos:\n- farmacia nuñez: a 30 dias\n- peluqueria angela: 60\n- cafeteria central -> 45"
    )
    assert _facts(message) == [
        ("Farmacia Núñez S.L.", "cliente", "plazo_pago", "30 días"),
        ("Peluquería Ángela S.L.", "cliente", "plazo_pago", "60 días"),
        ("Cafetería Central S.L.", "cliente", "plazo_pago", "45 días"),
    ]


def test_a_bare_number_after_a_sign_beside_a_method_is_a_term():
    message = "farmacia nuñez = 45 dias; cafeteria central = 30 y bizum"
    assert _facts(message) == [
        ("Farmacia Núñez S.L.", "cliente", "plazo_pago", "45 días"),
        ("Cafetería Central S.L.", "cliente", "metodo_pago", "Bizum"),
        ("Cafetería Central S.L.", "cliente", "plazo_pago", "30 días"),
    ]


@pytest.mark.parametrize(
    ("message", "subject", "hours"),
    [
        (
            "a pilar dominguez mejor pillarla por las mañanas, por la tarde esta en la tienda",
            "Pilar Domínguez",
            "mañanas",
        ),
        (
            "A Salvador Ortega hay que llamarle de tardes, de mañanas no coge",
            "Salvador Ortega",
            "tardes",
        ),
        ("salvador ortega: llamarle x la mañana, x la tarde curra", "Salvador Ortega", "mañanas"),
    ],
)
def test_when_someone_is_busy_is_not_when_to_reach_them(message, subject, hours):
    assert (subject, "cliente", "horario", hours) in _facts(message)
    assert [f for f in _facts(message) if f[2] == "horario"] == [
        (subject, "cliente", "horario", hours)
    ]


def test_a_cards_person_under_its_business_is_the_contact_and_the_card_stays_the_business():
    message = (
        "Saneamientos del Levante\nMarta Gil - administración\n961 23 45 67\n"
        "marta.gil@saneamientoslevante.es"
    )
    assert _facts(message) == [
        ("Saneamientos del Levante S.L.", "proveedor", "persona_contacto", "Marta Gil"),
        ("Saneamientos del Levante S.L.", "proveedor", "telefono", "961 234 567"),
        ("Saneamientos del Levante S.L.", "proveedor", "email", "marta.gil@saneamientoslevante.es"),
    ]


def test_a_cards_person_with_a_role_in_brackets_or_after_att():
    assert _facts(
        "Telefonía Costa Azul\nJavier Roig (atención a empresas)\nmóvil 655 44 33 22"
    ) == [
        ("Telefonía Costa Azul S.A.", "proveedor", "persona_contacto", "Javier Roig"),
        ("Telefonía Costa Azul S.A.", "proveedor", "telefono", "655 443 322"),
    ]
    assert _facts("Saneamientos del Levante S.L.\nAtt. Elena Sanchis\nelena@saneamientos.es") == [
        ("Saneamientos del Levante S.L.", "proveedor", "persona_contacto", "Elena Sanchis"),
        ("Saneamientos del Levante S.L.", "proveedor", "email", "elena@saneamientos.es"),
    ]


def test_a_forwarded_mails_sender_gives_her_address_and_speaks_in_the_first_person():
    message = (
        "---------- Forwarded message ---------\n"
        "De: Lourdes Bañuls <lourdes.banuls@hotmail.com>\nAsunto: cambio\n\n"
        "Buenas, mi nuevo teléfono es 622 11 22 33, el de siempre ya no lo uso."
    )
    assert [f for f in _facts(message) if f[2] != "canal_preferido"] == [
        ("Lourdes Bañuls", "cliente", "email", "lourdes.banuls@hotmail.com"),
        ("Lourdes Bañuls", "cliente", "telefono", "622 112 233"),
    ]


def test_a_mail_header_without_a_forwarding_line_is_the_senders_too():
    message = (
        "De: Ángel Romero <angel.romero@gmail.com>\nPara: info@fontaneriamartin.es\n\n"
        "Os pago siempre por transferencia a 30 días."
    )
    assert _facts(message) == [
        ("Ángel Romero", "cliente", "email", "angel.romero@gmail.com"),
        ("Ángel Romero", "cliente", "metodo_pago", "transferencia"),
        ("Ángel Romero", "cliente", "plazo_pago", "30 días"),
    ]


@pytest.mark.parametrize(
    ("message", "who", "attribute", "value"),
    [
        (
            "la cuñada de teresa, una tal Rosa Peris, quiere presupuesto; su movil 633 21 43 65",
            "Rosa Peris",
            "telefono",
            "633 214 365",
        ),
        (
            "ha llamado un señor que se llama Vicent Bosch para una caldera, tlf 611 98 76 54",
            "Vicent Bosch",
            "telefono",
            "611 987 654",
        ),
        (
            "marta sanchis, decoradora, nos va a mandar clientes. correo marta@sanchis.es",
            "Marta Sanchis",
            "email",
            "marta@sanchis.es",
        ),
    ],
)
def test_someone_new_the_writer_introduces_is_the_subject_not_a_contact_person(
    message, who, attribute, value
):
    facts = _facts(message)
    assert (who, "cliente", attribute, value) in facts
    assert not [f for f in facts if f[2] == "persona_contacto"]


@pytest.mark.parametrize(
    ("message", "subject", "person"),
    [
        ("en la ferreteria nos atiende siempre un tal Quique", "Ferretería Ruiz", "Quique"),
        (
            "en talleres garcia ahora lo lleva un tal Rafa Gisbert",
            "Talleres García S.L.",
            "Rafa Gisbert",
        ),
    ],
)
def test_a_name_introduced_after_a_verb_of_a_role_is_the_contact_person(message, subject, person):
    assert [(f[0], f[2], f[3]) for f in _facts(message)] == [(subject, "persona_contacto", person)]


@pytest.mark.parametrize(
    ("message", "name"),
    [
        ("soy Carmen Vidal eh, no me confundas con la Carmen Ruiz q es clienta", "Carmen Vidal"),
        ("me llamo Andrés Soler, no me líes con el Salvador Ortega", "Andrés Soler"),
        ("Soy Lucía, la de administración", "Lucía"),
    ],
)
def test_the_writer_saying_who_she_is_is_her_name(message, name):
    assert _facts(message) == [("", "perfil_usuario", "nombre", name)]


def test_a_postal_code_and_its_town_are_part_of_the_address():
    assert _facts("Íñigo Zabala se ha mudado a Avenida del Cid 120, 3ª, 46018 Valencia") == [
        ("Íñigo Zabala", "cliente", "direccion", "Avenida del Cid 120, 3ª, 46018 Valencia")
    ]
    assert _facts("Ahora estamos en Calle Cuba 33, bajo, 46006 Valencia") == [
        ("", "empresa", "direccion", "Calle Cuba 33, bajo, 46006 Valencia")
    ]


@pytest.mark.parametrize(
    ("message", "name", "attribute", "value"),
    [
        (
            "la asesoria de mi cuñado (asesoria puchades, no es la nuestra) cobra a fin de mes",
            "Asesoría Puchades",
            "plazo_pago",
            "fin de mes",
        ),
        (
            "la gestoria de mi hermana (gestoria llopis, no es la nuestra) nos cobra 90 euros al "
            "trimestre",
            "Gestoría Llopis",
            "precio",
            "90 €/trimestre",
        ),
        (
            "el taller del barrio (talleres soler, no el nuestro) paga por transferencia",
            "Talleres Soler",
            "metodo_pago",
            "transferencia",
        ),
    ],
)
def test_a_role_word_a_bracket_tells_apart_is_the_business_in_the_bracket(
    message, name, attribute, value
):
    facts = extract_facts(message, [], contacts=CONTACTS, organization=OWN, today=TODAY)
    assert [
        (f.subject_name, f.subject_contact_id, f.subject_set_apart, f.attribute, f.value)
        for f in facts
    ] == [(name, None, True, attribute, value)]


@pytest.mark.parametrize(
    ("message", "subject", "attribute", "value"),
    [
        (
            "la inmo de gandia ahora nos paga por transferencia",
            "Inmobiliaria Mediterráneo S.L.",
            "metodo_pago",
            "transferencia",
        ),
        (
            "la gasolinera de ribera nos cobra a 30 dias",
            "Gasóleos Ribera S.L.",
            "plazo_pago",
            "30 días",
        ),
    ],
)
def test_a_trade_word_cut_short_names_its_contact(message, subject, attribute, value):
    assert [(f[0], f[2], f[3]) for f in _facts(message)] == [(subject, attribute, value)]


@pytest.mark.parametrize(
    ("message", "value", "text"),
    [
        (
            "parla'm en valencià si pots",
            "contestar en valenciano",
            # to be spoken to in it, and answered (round 20)
            "Prefiere que le hablen y le respondan en valenciano.",
        ),
        (
            "contéstame mejor en castellano",
            "contestar en castellano",
            "Prefiere que le respondan en castellano.",
        ),
    ],
)
def test_the_language_the_writer_asks_for_is_the_one_suma_answers_in(message, value, text):
    facts = extract_facts(message, [], contacts=CONTACTS, organization=OWN, today=TODAY)
    assert [(f.category, f.attribute, f.value, f.text) for f in facts] == [
        ("preferencia", "preferencia", value, text)
    ]
