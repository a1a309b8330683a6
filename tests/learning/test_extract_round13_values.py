"""Round 13 of offline extraction, the values: one family of phrasing per test, each with a
value the reader should type rather than a note. Contact people said loosely, the writer's
tone and hours, prices and discounts in other units, refused ways of paying and Valencian ones,
where to leave things, closures and hours said loosely, a name someone signs or invoices under,
and a term said in the past before the new one."""

from __future__ import annotations

from functools import partial

import pytest

from tests.learning.offline_reading import read_facts, typed_facts
from tests.learning.test_extract_round12 import CONTACTS

_facts = partial(typed_facts, contacts=CONTACTS)

TALLERES = "Talleres García S.L."
FARMACIA = "Farmacia Núñez S.L."


@pytest.mark.parametrize(
    ("message", "subject", "category", "name"),
    [
        # who decides there, a relative, then how to reach them
        ("en Talleres García quien decide es su hija Nerea", TALLERES, "cliente", "Nerea"),
        # "contacto" with no article, as in a list
        ("cafeteria central: contacto Elena", "Cafetería Central S.L.", "cliente", "Elena"),
        # the name before the role, in lower case
        (
            "cafeteria central: rosa de administracion es el contacto",
            "Cafetería Central S.L.",
            "cliente",
            "Rosa",
        ),
        # who deals with it there
        (
            "en la gestoría ibáñez se encarga Marta, preguntar por ella",
            "Gestoría Ibáñez",
            "proveedor",
            "Marta",
        ),
        # the person to deal with, with a title
        (
            "En la Farmacia Núñez la persona con la que hay que hablar es la Doctora Sanchis",
            FARMACIA,
            "cliente",
            "Doctora Sanchis",
        ),
    ],
)
def test_a_contact_person_said_loosely_is_the_contact(message, subject, category, name):
    assert _facts(message) == [(subject, category, "persona_contacto", name)]


def test_how_to_reach_the_one_who_decides_is_no_order_to_suma():
    message = (
        "en Talleres García quien decide es su hija Nerea, llámale a ella para los presupuestos"
    )
    assert _facts(message) == [
        (TALLERES, "cliente", "persona_contacto", "Nerea"),
        (TALLERES, "cliente", "canal_preferido", "teléfono"),
    ]


@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("respóndeme corto, que lo leo en el coche", "respuestas cortas"),
        ("nada de emojis conmigo, porfa", "sin emojis"),
    ],
)
def test_how_the_writer_wants_to_be_written_to_is_her_tone(message, value):
    assert _facts(message) == [("", "preferencia", "tono", value)]


def test_the_writers_own_hours_are_her_schedule():
    message = "yo curro de 7 a 2 de martes a viernes, los lunes no estoy"
    assert _facts(message) == [
        ("", "preferencia", "horario", "7:00-14:00, martes a viernes, lunes")
    ]


def test_the_name_the_writer_is_known_by_is_her_nickname():
    assert _facts("en la obra me conocen como el Chato") == [
        ("", "perfil_usuario", "apodo", "Chato")
    ]


def test_the_format_the_writer_wants_is_her_preference():
    message = "las facturas de proveedores pásamelas en pdf, nunca en foto"
    assert _facts(message) == [("", "preferencia", "preferencia", "en pdf")]


@pytest.mark.parametrize(
    ("message", "subject", "attribute", "value"),
    [
        (
            "en Gasóleos Ribera nos hacen 5 centimos de dto x litro",
            "Gasóleos Ribera S.L.",
            "precio",
            "5 céntimos/litro",
        ),
        (
            "Ferretería Ruiz nos alquila la cortadora x 45 al dia",
            "Ferretería Ruiz",
            "precio_cortadora",
            "45 €/día",
        ),
    ],
)
def test_a_price_in_another_unit_keeps_its_unit(message, subject, attribute, value):
    assert _facts(message) == [(subject, "proveedor", attribute, value)]


def test_a_rate_kept_for_one_customer_is_that_customers_price():
    message = (
        "La hora de oficial la cobramos a 42 €. A Talleres García se le mantiene a 39 hasta "
        "fin de año."
    )
    assert _facts(message) == [
        ("", "empresa", "precio", "42 €"),
        (TALLERES, "cliente", "precio", "39 €"),
    ]


def test_a_share_given_without_its_word_is_a_discount():
    assert _facts("Ferretería Ruiz nos hace un 7 en todo") == [
        ("Ferretería Ruiz", "proveedor", "descuento", "7 %")
    ]


@pytest.mark.parametrize(
    ("message", "subject", "value"),
    [
        ("con Talleres García nada de pagarés", TALLERES, "no acepta pagarés"),
        ("Ramón Císcar paga sempre en efectiu", "Ramón Císcar", "efectivo"),
    ],
)
def test_a_refused_or_valencian_way_of_paying_is_the_method(message, subject, value):
    assert _facts(message) == [(subject, "cliente", "metodo_pago", value)]


@pytest.mark.parametrize(
    ("message", "subject", "category"),
    [
        (
            "a Pilar Domínguez los presupuestos dejárselos a la conserje",
            "Pilar Domínguez",
            "cliente",
        ),
        (
            "Ferretería Ruiz nos sube el material a la obra si pasa de 300 €",
            "Ferretería Ruiz",
            "proveedor",
        ),
    ],
)
def test_whom_to_leave_things_with_and_goods_brought_to_the_site_are_instructions(
    message, subject, category
):
    assert _facts(message) == [
        (subject, category, "instrucciones_entrega", f"{message[0].upper()}{message[1:]}.")
    ]


@pytest.mark.parametrize(
    ("message", "subject", "category", "attribute", "value"),
    [
        (
            "Cafetería Central cierra agosto entero",
            "Cafetería Central S.L.",
            "cliente",
            "cierre",
            "agosto",
        ),
        (
            "Ferretería Ruiz, horario de invierno: 9-13 y 17-20",
            "Ferretería Ruiz",
            "proveedor",
            "horario",
            "9:00-13:00, 17:00-20:00",
        ),
        ("Gasóleos Ribera abre 24h", "Gasóleos Ribera S.L.", "proveedor", "horario", "24 h"),
    ],
)
def test_closures_and_hours_said_loosely_are_typed(message, subject, category, attribute, value):
    assert _facts(message) == [(subject, category, attribute, value)]


def test_the_name_someone_signs_with_is_their_nickname():
    assert _facts("Lourdes Bañuls firma todo como Lula Bañuls") == [
        ("Lourdes Bañuls", "cliente", "apodo", "Lula Bañuls")
    ]


def test_the_name_to_invoice_under_is_the_customers_not_the_writers():
    message = "Talleres García quiere las facturas a nombre de García Motor S.L."
    assert _facts(message) == [(TALLERES, "cliente", "nombre", "García Motor S.L.")]


@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("A Farmacia Núñez le dábamos 60 días, desde marzo paga a 30", "30 días"),
        ("A Farmacia Núñez le dábamos 60 días; ahora paga al contado", "al contado"),
    ],
)
def test_a_term_said_in_the_past_gives_way_to_the_new_one(message, value):
    assert _facts(message) == [(FARMACIA, "cliente", "plazo_pago", value)]


def test_a_correction_still_supersedes_a_price_in_another_unit():
    message = "Ferretería Ruiz nos alquila la cortadora x 45 al dia, es a 50 al dia"
    assert _facts(message) == [("Ferretería Ruiz", "proveedor", "precio_cortadora", "50 €/día")]


def test_a_refused_way_of_paying_gives_way_to_the_one_given_instead():
    assert _facts("Telefonía Costa Azul ya no acepta cheques, ahora solo domiciliación") == [
        ("Telefonía Costa Azul S.A.", "proveedor", "metodo_pago", "domiciliación")
    ]


def test_era_alone_corrects_the_previous_message():
    facts = read_facts(
        "perdona, era los miércoles",
        contacts=CONTACTS,
        previous="la farmacia núñez cierra los lunes por la tarde",
    )

    assert [(f.subject_name, f.attribute, f.value) for f in facts] == [
        (FARMACIA, "horario", "miércoles, tardes")
    ]
