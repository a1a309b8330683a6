"""Round 15 of offline extraction: voice notes with amounts and hours in words, corrections in a
follow-up, visits put off for the day, Valencian months, a business's own verb after its short
name, a role word that describes a new name, a letter signed above its last line, the company
moving premises, orders through a website, who signs at a business, English roles, the writer's
own qualifications and share of the work, a warning with what to do at the door, and a list after
a colon that pairs each business with its value."""

from __future__ import annotations

from learning.base import ContactName
from tests.learning.offline_reading import read_facts
from tests.learning.test_extract_round12 import CONTACTS

GIMNASIO = "Gimnasio Fuerza Libre S.L."
INMA = "Inmaculada Castelló"
WITH_MORE = [
    *CONTACTS,
    ContactName(30, GIMNASIO, "customer"),
    ContactName(31, "Autoescuela Ruta S.L.", "customer"),
    ContactName(32, INMA, "customer"),
]


def _facts(message: str, previous: str | None = None) -> list[tuple[str, str, str, str]]:
    return [
        (f.subject_name, f.category, f.attribute, f.value)
        for f in read_facts(message, contacts=WITH_MORE, previous=previous)
        if not f.note
    ]


def _notes(message: str) -> list[tuple[str, str, str]]:
    return [
        (f.subject_name, f.category, f.value)
        for f in read_facts(message, contacts=WITH_MORE)
        if f.note
    ]


def test_euros_and_cents_said_in_words_are_a_price():
    message = "en Gasóleos Ribera el gasoil nos sale a un euro cuarenta y dos el litro"
    assert _facts(message) == [
        ("Gasóleos Ribera S.L.", "proveedor", "precio_gasoil", "1,42 €/litro")
    ]


def test_a_closure_said_in_valencian_months():
    message = "la Gestoría Ibáñez tanca per vacances del 28 de juliol al 20 d'agost"
    assert _facts(message) == [("Gestoría Ibáñez", "proveedor", "cierre", "28 julio-20 agosto")]


def test_being_addressed_as_tu_asked_for_someone_else():
    assert _facts("Salvador Ortega prefiere que le tuteemos, nada de usted") == [
        ("Salvador Ortega", "cliente", "tono", "tú")
    ]
    assert _facts("Inma Castelló dice que no la tratemos de usted") == [
        (INMA, "cliente", "tono", "tú")
    ]


def test_a_first_name_said_short_before_the_surname_is_part_of_the_mention():
    (fact,) = read_facts("Inma Castelló paga siempre con Bizum", contacts=WITH_MORE)
    assert (fact.subject_name, fact.text) == (INMA, f"{INMA} paga por Bizum.")
    (fact,) = read_facts("Inma Castelló tiene la llave del trastero", contacts=WITH_MORE)
    assert (fact.subject_name, fact.text) == (INMA, f"{INMA} tiene la llave del trastero.")


def test_a_follow_up_that_gives_the_new_term_before_the_old_one():
    previous = "Lo de Talleres García, que han cambiado el plazo"
    assert _facts("a 30 ahora, no a 90", previous) == [
        ("Talleres García S.L.", "cliente", "plazo_pago", "30 días")
    ]


def test_a_visit_put_off_for_the_day_is_nothing_to_keep():
    message = (
        "Ha llamado Talleres García: que hoy no vengamos, que están de inventario, mejor el lunes"
    )
    assert read_facts(message, contacts=WITH_MORE) == []


def test_a_business_taken_for_a_name_is_no_contact_person_of_itself():
    message = (
        "Con Pinturas Albiol mejor no aceptar encargos sin una señal, que nos dejaron una obra "
        "a medias."
    )
    assert _facts(message) == []
    assert _notes(message) == [("Pinturas Albiol", "proveedor", message)]


def test_a_letter_signed_above_its_last_line():
    message = (
        "Fwd: Cambio de cuenta\n\n> Estimados clientes:\n> Les informamos de que la nueva cuenta"
        " para los pagos es ES91 2100 0418 4502 0005 1332.\n> Atentamente,\n"
        "> Contabilidad – Talleres García S.L.\n> Valencia"
    )
    assert _facts(message) == [
        ("Talleres García S.L.", "cliente", "iban", "ES9121000418450200051332")
    ]


def test_a_verb_after_a_short_name_is_no_part_of_it():
    assert _facts("Saneamientos atiende de 8 a 14") == [
        ("Saneamientos del Levante S.L.", "proveedor", "horario", "8:00-14:00")
    ]


def test_a_role_word_in_a_bracket_describes_the_new_name_before_it():
    message = "En Suministros Alba (el almacén de Paterna) nos hacen un 8 % en grifería"
    assert _facts(message) == [("Suministros Alba", "proveedor", "descuento", "8 %")]


def test_calling_after_an_hour_said_in_words_is_in_the_afternoon():
    message = "a Pilar Domínguez mejor llamarla después de las cinco, antes está en el trabajo"
    assert _facts(message) == [
        ("Pilar Domínguez", "cliente", "canal_preferido", "teléfono"),
        ("Pilar Domínguez", "cliente", "horario", "desde 17:00"),
    ]


def test_paying_on_a_fixed_day_of_each_month_is_the_term():
    message = "Inmobiliaria Mediterráneo nos paga por transferencia el día 5 de cada mes"
    assert _facts(message) == [
        ("Inmobiliaria Mediterráneo S.L.", "cliente", "metodo_pago", "transferencia"),
        ("Inmobiliaria Mediterráneo S.L.", "cliente", "plazo_pago", "día 5 de cada mes"),
    ]


def test_the_company_moving_premises_to_an_industrial_estate():
    message = (
        "Nos trasladamos a un local nuevo: Polígono Fuente del Jarro, calle 7, nave 3, Paterna."
    )
    assert _facts(message) == [
        ("", "empresa", "direccion", "Polígono Fuente del Jarro, calle 7, nave 3, Paterna")
    ]


def test_orders_through_the_website_and_calling_them():
    assert _facts(
        "A Ferretería Ruiz los pedidos siempre por la web, por teléfono se equivocan"
    ) == [("Ferretería Ruiz", "proveedor", "canal_preferido", "web")]
    assert _facts("A Cafetería Central mejor llámales, el correo no lo abren") == [
        ("Cafetería Central S.L.", "cliente", "canal_preferido", "teléfono")
    ]


def test_a_relative_who_signs_is_the_contact_of_the_business_before():
    previous = "Te paso lo de Talleres García, que no sé con quién tratar"
    assert _facts("Lorena, la sobrina, es la que firma.", previous) == [
        ("Talleres García S.L.", "cliente", "persona_contacto", "Lorena")
    ]


def test_a_contact_person_said_in_english():
    message = "Ferretería Ruiz sales rep is Mark Doyle, ask for him about orders"
    assert _facts(message) == [("Ferretería Ruiz", "proveedor", "persona_contacto", "Mark Doyle")]


def test_the_writers_qualifications_and_share_of_the_work_are_notes_about_her():
    for message in (
        "Tengo el título de técnico en climatización, por si piden quién firma los boletines.",
        "Yo ya no llevo los presupuestos, ahora los prepara Andrés.",
    ):
        assert [(f.category, f.note, f.text) for f in read_facts(message, contacts=WITH_MORE)] == [
            ("perfil_usuario", True, message)
        ]


def test_a_warning_keeps_what_to_do_at_the_door():
    message = (
        "Salvador Ortega tiene un gato que se escapa. Al entrar cerrad la puerta enseguida, que "
        "ya se nos escapó una vez"
    )
    assert _facts(message) == []
    assert _notes(message) == [("Salvador Ortega", "cliente", f"{message}.")]


def test_a_list_after_a_colon_pairs_each_business_with_its_term():
    message = "El gimnasio y la autoescuela no pagan igual: el gym a 60 días y la autoescuela a 30."
    assert _facts(message) == [
        (GIMNASIO, "cliente", "plazo_pago", "60 días"),
        ("Autoescuela Ruta S.L.", "cliente", "plazo_pago", "30 días"),
    ]
