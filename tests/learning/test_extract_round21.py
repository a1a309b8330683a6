"""Round 21 of offline extraction: a term said wrong or done with gives way to the one said
right, usual terms in words and in Valencian, Valencian short first names, the writer's nickname
said before "me llaman", asking that nothing be kept, a receipt the writer holds, the writer in
English, her role beside her name, a preference after "y prefiero", a tag question, a pause in
dictation, a NIF before "y", where a datum is on record, a titled name opening the sentence, two
subjects joined by "y" when the second's value is where goods go, things left "en conserjería"
and invoices handed over "en mano"."""

from __future__ import annotations

from learning.base import ContactName, ExtractedFact
from tests.learning.offline_reading import read_facts
from tests.learning.test_extract_round19 import WITH_MORE

ROUND21 = [
    *WITH_MORE,
    ContactName(61, "Vicente Ferrer", "customer"),
    ContactName(62, "Hostal Miramar", "customer"),
    ContactName(63, "Comunidad de Propietarios Residencial Las Palmeras", "customer"),
]


def _read(message: str, previous: str | None = None) -> list[ExtractedFact]:
    return read_facts(message, contacts=ROUND21, previous=previous)


def _facts(message: str, previous: str | None = None) -> list[tuple[str, str, str, str]]:
    return [
        (f.subject_name, f.category, f.attribute, f.value)
        for f in _read(message, previous)
        if not f.note
    ]


def test_a_term_said_wrong_gives_way_to_the_one_said_right():
    assert _facts("Talleres García: lo de 60 días estaba mal, nos pagan a fin de mes.") == [
        ("Talleres García S.L.", "cliente", "plazo_pago", "fin de mes")
    ]


def test_a_term_done_with_gives_way_to_the_new_one_said_in_words():
    assert _facts("Con el Hostal Miramar los 45 días se acabó, ahora nos pagan a quince.") == [
        ("Hostal Miramar", "cliente", "plazo_pago", "15 días")
    ]


def test_a_term_in_valencian_days_after_a_price():
    assert _facts("Saneamientos del Levante: el tub a 2,10 el metre, i els paguem a 45 dies.") == [
        ("Saneamientos del Levante S.L.", "proveedor", "precio_tub", "2,10 €"),
        ("Saneamientos del Levante S.L.", "proveedor", "plazo_pago", "45 días"),
    ]


def test_a_valencian_short_first_name_is_the_contact():
    assert _facts("Sento Ferrer ens paga sempre amb targeta") == [
        ("Vicente Ferrer", "cliente", "metodo_pago", "tarjeta")
    ]


def test_the_writers_nickname_said_before_the_words_that_say_so():
    assert _facts("Pepi me llaman en la oficina, tú también puedes") == [
        ("", "perfil_usuario", "apodo", "Pepi")
    ]
    # what someone was told is no name
    assert all(f[2] != "apodo" for f in _facts("Lourdes me dicen que viene el lunes"))


def test_asking_that_nothing_be_kept_keeps_nothing():
    assert _read("Puede que la Ferretería Ruiz nos haga un 5 %, pero no lo apuntes todavía") == []


def test_a_receipt_the_writer_holds_is_no_price():
    assert _read("Tengo el recibo de Gasóleos Ribera de 80 € del lunes.") == []


def test_the_writer_in_english_her_name_after_her_role_and_short_answers():
    assert _facts("I'm the manager, Rosa. Be brief, please") == [
        ("", "perfil_usuario", "nombre", "Rosa"),
        ("", "preferencia", "tono", "respuestas cortas"),
    ]


def test_her_role_beside_her_name_is_also_a_note():
    facts = _read("Soy la gerente, Marta Gil, así que los presupuestos grandes me los pasas a mí")
    assert [(f.attribute, f.value, f.note) for f in facts] == [
        ("nombre", "Marta Gil", False),
        (
            "nota",
            "Soy la gerente, Marta Gil, así que los presupuestos grandes me los pasas a mí.",
            True,
        ),
    ]


def test_a_preference_after_y_prefiero_is_its_own_statement():
    assert _facts("Mi correo es rosa.gil@gmail.com y prefiero que me contestes breve") == [
        ("", "perfil_usuario", "email", "rosa.gil@gmail.com"),
        ("", "preferencia", "tono", "respuestas cortas"),
    ]


def test_a_tag_question_after_a_statement_asks_nothing():
    assert _facts("Los de Cafetería Central quieren las facturas por email, ¿sabes?") == [
        ("Cafetería Central S.L.", "cliente", "canal_preferido", "email")
    ]


def test_a_pause_in_dictation_goes_on_with_the_same_sentence():
    assert _facts(
        "lourdes bañuls tiene movil nuevo, el seis... bueno te lo escribo: 611 22 33 44"
    ) == [("Lourdes Bañuls", "cliente", "telefono", "611 223 344")]


def test_a_nif_before_y_keeps_its_own_letter():
    assert _facts("Salvador Ortega: NIF 12345678Z y móvil 622 33 44 55") == [
        ("Salvador Ortega", "cliente", "telefono", "622 334 455"),
        ("Salvador Ortega", "cliente", "nif", "12345678Z"),
    ]


def test_where_a_datum_is_on_record_is_not_its_subject():
    assert _facts(
        "El CIF de la empresa es B46122693, según consta en el registro de la Seguridad Social"
    ) == [("", "empresa", "nif", "B46122693")]


def test_a_titled_name_opening_the_sentence_is_who_it_is_about():
    assert _facts("oye, el Sr. Marcos Vidal, el del chalet de la playa, paga con bizum") == [
        ("Marcos Vidal", "cliente", "metodo_pago", "Bizum")
    ]


def test_two_subjects_joined_by_y_when_the_second_says_where_goods_go():
    facts = _facts(
        "talleres garcia paga a 45 dias y la ferreteria ruiz que el material lo recogemos "
        "nosotros en el almacen"
    )
    assert [(s, a) for s, _, a, _ in facts] == [
        ("Talleres García S.L.", "plazo_pago"),
        ("Ferretería Ruiz", "instrucciones_entrega"),
    ]
    assert facts[0][3] == "45 días"


def test_things_left_at_the_porters_lodge_after_naming_the_customer():
    assert _facts(
        "que los dejemos en conserjería", previous="Ha llamado la administradora de Las Palmeras"
    ) == [
        (
            "Comunidad de Propietarios Residencial Las Palmeras",
            "cliente",
            "instrucciones_entrega",
            "Que los dejemos en conserjería.",
        )
    ]


def test_an_invoice_handed_over_in_person_is_a_delivery_not_cash():
    assert _facts("A Teresa Muñoz las facturas se las entregamos en mano") == [
        (
            "Teresa Muñoz",
            "cliente",
            "instrucciones_entrega",
            "A Teresa Muñoz las facturas se las entregamos en mano.",
        )
    ]
    assert _facts("Teresa Muñoz paga en mano") == [
        ("Teresa Muñoz", "cliente", "metodo_pago", "efectivo")
    ]


def test_a_saying_and_a_language_name_no_one():
    assert _facts(
        "Teresa Muñoz me ha dado su móvil, 644 55 66 77, que el fijo no lo coge ni Dios."
    ) == [("Teresa Muñoz", "cliente", "telefono", "644 556 677")]
    assert _facts("Keep it short and in Spanish please") == [
        ("", "preferencia", "tono", "respuestas cortas")
    ]
