"""Round 26 of offline extraction: a list pasted from a notebook, the writer's wishes about the
layout and the tone ("los informes con tablas", "tú"), a name taken back at
once and said again, southern spellings of contacts ("la farmasia Núñe"), "… y la Y tb" with an
emoji after it, the day a supplier brings the goods beside its contact person, a business in
apposition whose e-mail spells its name, a change without its value yet and a question the
writer cannot answer (nothing to store), and a tag question with a word for the listener."""

from __future__ import annotations

from learning.base import ContactName, ExtractedFact
from tests.learning.offline_reading import read_facts

ROUND26 = [
    ContactName(1, "Ferretería Ruiz", "supplier"),
    ContactName(2, "Carmen Ruiz Sáez", "customer"),
    ContactName(3, "Gasóleos Ribera S.L.", "supplier"),
    ContactName(4, "Hostal Miramar", "customer"),
    ContactName(5, "Farmacia Núñez S.L.", "customer"),
    ContactName(6, "Talleres García S.L.", "customer"),
    ContactName(7, "Cafetería Central S.L.", "customer"),
    ContactName(8, "Vicente Llorens", "customer"),
    ContactName(9, "Pedro Alcañiz", "customer"),
    ContactName(10, "Lourdes Bañuls", "customer"),
]


def _read(message: str) -> list[ExtractedFact]:
    return read_facts(message, contacts=ROUND26)


def _facts(message: str) -> list[tuple[str, str, str, str]]:
    return [
        (f.subject_name, f.category, f.attribute, f.value) for f in _read(message) if not f.note
    ]


# --- a list pasted from a notebook ---------------------------------------------------------------


def test_a_numbered_list_from_yesterdays_notebook_gives_one_fact_a_line():
    assert _facts(
        "Cosas de la libreta de ayer:\n1. Pedro Alcañiz – paga con tarjeta\n"
        "2. Lourdes Bañuls – móvil 611 222 333"
    ) == [
        ("Pedro Alcañiz", "cliente", "metodo_pago", "tarjeta"),
        ("Lourdes Bañuls", "cliente", "telefono", "611 222 333"),
    ]


def test_what_was_noted_yesterday_in_the_notebook_still_holds():
    assert _facts("Lo que apunté ayer en la libreta:\n- Vicente Llorens - paga a 30 días") == [
        ("Vicente Llorens", "cliente", "plazo_pago", "30 días")
    ]


# --- the writer's wishes about layout and tone ---------------------------------------------------


def test_reports_with_tables_are_a_wish_of_the_writer():
    assert _facts("Suma, los informes con tablas, que si no no me aclaro") == [
        ("", "preferencia", "preferencia", "informes con tablas")
    ]


def test_an_excel_asked_for_in_english_names_no_contact():
    facts = _facts("please send me the unpaid invoices every Friday in an Excel")
    assert [(s, c, a) for s, c, a, _ in facts] == [("", "preferencia", "preferencia")]


def test_tu_with_too_much_usted_refused_is_tu():
    assert _facts("prefiero que me trates de tú, sin tanto usted") == [
        ("", "preferencia", "tono", "tú")
    ]


# --- a name taken back, southern spellings -------------------------------------------------------


def test_a_name_taken_back_is_replaced_by_the_one_said_after():
    assert _facts(
        "la que lleva las facturas en Hostal Miramar es Elena Ferrer no, Elena Ferri, perdona"
    ) == [("Hostal Miramar", "cliente", "persona_contacto", "Elena Ferri")]


def test_a_name_taken_back_with_perdona_between():
    assert _facts("en Talleres García el contacto es Jorge Pons, no, perdona, Jorge Ponsoda") == [
        ("Talleres García S.L.", "cliente", "persona_contacto", "Jorge Ponsoda")
    ]


def test_a_surname_without_its_final_z_and_seseo_link_the_contact():
    assert _facts("lo de la farmasia Núñe, que ahora pagan a 45 día") == [
        ("Farmacia Núñez S.L.", "cliente", "plazo_pago", "45 días")
    ]


def test_a_person_surname_said_without_its_z():
    assert _facts("Pedro Alcañi paga con tarjeta") == [
        ("Pedro Alcañiz", "cliente", "metodo_pago", "tarjeta")
    ]


# --- two subjects, a delivery day, a business in apposition --------------------------------------


def test_too_after_the_second_subject_with_an_emoji_gives_both():
    assert _facts("Talleres García cierra los lunes 😅 y el hostal miramar también") == [
        ("Talleres García S.L.", "cliente", "cierre", "lunes"),
        ("Hostal Miramar", "cliente", "cierre", "lunes"),
    ]


def test_the_day_they_bring_the_goods_is_kept_beside_the_contact_person():
    facts = _facts("Ferretería Ruiz nos trae el material los jueves, y el repartidor se llama Toni")
    assert [(s, a) for s, _, a, _ in facts] == [
        ("Ferretería Ruiz", "persona_contacto"),
        ("Ferretería Ruiz", "instrucciones_entrega"),
    ]
    assert facts[1][3].startswith("Ferretería Ruiz nos trae el material los jueves")


def test_a_business_in_apposition_whose_address_spells_it_is_the_subject():
    assert _facts(
        "el del taller de motos, Motos Vidal, quiere las facturas en info@motosvidal.com"
    ) == [("Motos Vidal", "cliente", "email", "info@motosvidal.com")]


# --- nothing to store; a tag question ------------------------------------------------------------


def test_a_change_without_its_value_yet_stores_nothing():
    assert (
        _read(
            "el de Talleres García me ha dicho que a lo mejor cambia de email, "
            "pero todavía no lo tiene"
        )
        == []
    )


def test_a_question_the_writer_cannot_answer_stores_nothing():
    assert _read("¿Vicente Llorens paga por transferencia o no? es que no me acuerdo") == []


def test_not_remembering_after_a_statement_keeps_it():
    assert _facts("Carmen Ruiz Sáez paga a 30 días, no me acuerdo si te lo dije") == [
        ("Carmen Ruiz Sáez", "cliente", "plazo_pago", "30 días")
    ]


def test_a_tag_question_with_a_word_for_the_listener_keeps_the_company_note():
    facts = _read(
        "apunta que la furgoneta de la empresa tiene la matrícula 1234 BCD, ¿vale quillo?"
    )
    assert [(f.category, f.attribute, f.note) for f in facts] == [("empresa", "nota", True)]
    assert "1234 BCD" in facts[0].value
