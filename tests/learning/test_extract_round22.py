"""Round 22 of offline extraction: regional tag questions ("¿va?", "¿cachai?", "¿viste?"), a
colleague who said what the company does, every way of writing the writer asked for, an English
"New IBAN:" and "direct debit", a short town ending a sentence before an English contact person,
a title said in full before a name, Asturian "ye", Valencian "nou" and "correu electrònic", a
hesitation before a name said twice, and a value taken back at once in a voice note."""

from __future__ import annotations

from learning.base import ContactName, ExtractedFact
from tests.learning.offline_reading import read_facts

ROUND22 = [
    ContactName(1, "Recambios Calderas Turia S.L.", "supplier"),
    ContactName(2, "Frutería La Huerta S.L.", "customer"),
    ContactName(3, "Talleres García S.L.", "customer"),
    ContactName(4, "Gestoría Ibáñez", "supplier"),
    ContactName(5, "Comunidad de Propietarios Residencial Las Palmeras", "customer"),
    ContactName(6, "Cafetería Central S.L.", "customer"),
    ContactName(7, "Hostal Miramar", "customer"),
    ContactName(8, "Residencia Los Olivos S.L.", "customer"),
]


def _read(message: str, previous: str | None = None) -> list[ExtractedFact]:
    return read_facts(message, contacts=ROUND22, previous=previous)


def _facts(message: str, previous: str | None = None) -> list[tuple[str, str, str, str]]:
    return [
        (f.subject_name, f.category, f.attribute, f.value)
        for f in _read(message, previous)
        if not f.note
    ]


def test_a_mexican_tag_question_asks_nothing():
    assert _facts("Los de Recambios Calderas Turia ahora nos dan 60 días, ¿sale?") == [
        ("Recambios Calderas Turia S.L.", "proveedor", "plazo_pago", "60 días")
    ]


def test_a_chilean_tag_question_asks_nothing():
    assert _facts("La Frutería La Huerta desde ahora paga con tarjeta, ¿cachai?") == [
        ("Frutería La Huerta S.L.", "cliente", "metodo_pago", "tarjeta")
    ]


def test_a_rioplatense_tag_question_asks_nothing():
    assert _facts("Talleres García ahora nos paga por transferencia, ¿viste?") == [
        ("Talleres García S.L.", "cliente", "metodo_pago", "transferencia")
    ]


def test_a_confirming_question_still_asks():
    assert _facts("Talleres García ahora nos paga por transferencia, ¿no?") == []


def test_a_colleague_who_said_what_we_charge_is_no_subject():
    assert _facts("La Marta me dijo que el desplazamiento lo cobramos a 35 euros") == [
        ("", "empresa", "precio_desplazamiento", "35 €")
    ]


def test_every_way_of_writing_she_asked_for_in_her_order():
    assert _facts("Respóndeme breve y nada de emojis, gracias.") == [
        ("", "preferencia", "tono", "respuestas cortas y sin emojis")
    ]


def test_an_english_new_iban_label_names_no_one():
    message = "Talleres García has a new account. New IBAN: ES60 0049 1500 0512 3456 7892."
    assert _facts(message) == [
        ("Talleres García S.L.", "cliente", "iban", "ES6000491500051234567892")
    ]


def test_direct_debit_in_english_is_domiciliacion():
    assert _facts("From now on Talleres García wants us to charge them by direct debit.") == [
        ("Talleres García S.L.", "cliente", "metodo_pago", "domiciliación")
    ]


def test_a_short_town_ends_the_sentence_and_a_guy_called_is_the_contact():
    message = (
        "New customer: Villa Marina Sueca. Our contact there is the owner, "
        "a lady named Julie Brook."
    )
    facts = _read(message)
    assert [(f.subject_name, f.attribute, f.value) for f in facts if not f.note] == [
        ("Villa Marina Sueca", "persona_contacto", "Julie Brook")
    ]
    assert facts[0].subject_contact_id is None


def test_a_title_said_in_full_before_the_name():
    assert _facts("El administrador de Las Palmeras es ahora el señor Vicent Alapont.") == [
        (
            "Comunidad de Propietarios Residencial Las Palmeras",
            "cliente",
            "persona_contacto",
            "Vicent Alapont",
        )
    ]


def test_asturian_ye_is_es_before_a_name():
    assert _facts("En Gestoría Ibáñez la que nos lleva ye Covadonga Suárez.") == [
        ("Gestoría Ibáñez", "proveedor", "persona_contacto", "Covadonga Suárez")
    ]


def test_valencian_nou_before_a_name_and_correu_electronic():
    message = (
        "La Cafeteria Central té encarregat nou, Toni Peris, i vol les factures per correu "
        "electrònic."
    )
    assert _facts(message) == [
        ("Cafetería Central S.L.", "cliente", "persona_contacto", "Toni Peris"),
        ("Cafetería Central S.L.", "cliente", "canal_preferido", "email"),
    ]


def test_a_hesitation_before_a_name_said_twice():
    message = "Del Hostal Miramar, la encargada nueva se llama, em… Nieves, Nieves Pardo, apúntalo."
    assert _facts(message) == [("Hostal Miramar", "cliente", "persona_contacto", "Nieves Pardo")]


def test_a_value_taken_back_at_once_gives_way_to_the_next():
    message = "La Residencia Los Olivos ahora paga a noventa, no, espera, a sesenta días."
    assert _facts(message) == [("Residencia Los Olivos S.L.", "cliente", "plazo_pago", "60 días")]


def test_a_subject_taken_back_at_once_gives_way_to_the_next():
    message = "Los del hostal… no, no, los de la Pensión Turis, que pagan en efectivo."
    facts = _read(message)
    assert [(f.subject_name, f.attribute, f.value) for f in facts if not f.note] == [
        ("Pensión Turis", "metodo_pago", "efectivo")
    ]
    assert facts[0].subject_contact_id is None


def test_the_writers_own_phone_given_as_el_mio():
    assert _facts("Lo que me preguntabas: el mío es el 622 48 19 07.") == [
        ("", "perfil_usuario", "telefono", "622 481 907")
    ]


def test_the_new_customer_who_se_llama_is_the_subject():
    message = "El cliente nuevo se llama Hèctor Bolea, de Paterna, y su correo es hbolea@gmail.com."
    facts = _read(message)
    assert [(f.subject_name, f.attribute, f.value) for f in facts if not f.note] == [
        ("Hèctor Bolea", "email", "hbolea@gmail.com")
    ]
    assert facts[0].subject_contact_id is None


def test_an_address_dictated_with_the_dots_of_its_user():
    message = "El correo de Talleres García es compras punto taller arroba gmail punto com."
    assert _facts(message) == [
        ("Talleres García S.L.", "cliente", "email", "compras.taller@gmail.com")
    ]
