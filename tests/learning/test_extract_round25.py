"""Round 25 of offline extraction: a business not on record said in lowercase with its trade
word ("la optica miralles", "la academia cervantes") or in English ("New client: …, they pay by
card"), one fact said of two subjects ("… y los de gasoleos tb") or two subjects in one
message ("… y que la farmacia …"), the channel wanted beside the one refused ("nada por
papel", "en papel se les pierden") and a phone's label that is no channel, a business called
by its own word alone ("en ruiz"), "los de …" whose address spells a contact, a writer's hours
before a tag question, contact persons said with a title, in Valencian or in a forwarded mail,
a value refused and the one wanted instead, a hypothesis, a contact's wish, a price and a
discount in one sentence, the company's own things as notes about the company, "la mañana" as
a part of the day, and "ponle 45" after a question about the term."""

from __future__ import annotations

from learning.base import ContactName, ExtractedFact
from tests.learning.offline_reading import read_facts

ROUND25 = [
    ContactName(1, "Ferretería Ruiz", "supplier"),
    ContactName(2, "Carmen Ruiz Sáez", "customer"),
    ContactName(3, "Gasóleos Ribera S.L.", "supplier"),
    ContactName(4, "Gestoría Ibáñez", "supplier"),
    ContactName(5, "Hostal Miramar", "customer"),
    ContactName(6, "Farmacia Núñez S.L.", "customer"),
    ContactName(7, "Talleres García S.L.", "customer"),
    ContactName(8, "Saneamientos del Levante S.L.", "supplier"),
    ContactName(9, "Seguros Mutua Fontaneros S.L.", "supplier"),
    ContactName(10, "Recambios Calderas Turia S.L.", "supplier"),
    ContactName(11, "Inmaculada Castelló", "customer"),
    ContactName(12, "Teresa Muñoz", "customer"),
    ContactName(13, "Colegio Infantil Pequeñines S.L.", "customer"),
]


def _read(message: str, previous: str | None = None) -> list[ExtractedFact]:
    return read_facts(message, contacts=ROUND25, previous=previous)


def _facts(message: str, previous: str | None = None) -> list[tuple[str, str, str, str]]:
    return [
        (f.subject_name, f.category, f.attribute, f.value)
        for f in _read(message, previous)
        if not f.note
    ]


# --- a business not on record, said in lowercase or in English ---------------------------------


def test_a_school_said_in_lowercase_is_an_unlinked_subject():
    assert _facts("la academia cervantes nos paga a 60 dias, me lo ha dicho la secretaria") == [
        ("Academia Cervantes", "cliente", "plazo_pago", "60 días")
    ]


def test_a_shop_said_in_lowercase_keeps_its_hours():
    assert _facts("la optica miralles abre de 9 a 14") == [
        ("Óptica Miralles", "cliente", "horario", "9:00-14:00")
    ]


def test_a_job_done_yesterday_and_what_the_owner_said_is_a_fact():
    assert _facts("la pizzeria roma que montamos ayer paga con tarjeta, me dijo el encargado") == [
        ("Pizzería Roma", "cliente", "metodo_pago", "tarjeta")
    ]


def test_a_wish_passed_on_after_a_visit_today_is_a_fact():
    assert _facts(
        "Vino ayer el de Transportes Lluch, que las facturas se las mandemos a lluch@gmail.com"
    ) == [("Transportes Lluch", "cliente", "email", "lluch@gmail.com")]


def test_a_new_client_said_in_english_pays_by_card():
    assert _facts("New client: Pilates Studio Luna, they pay by card") == [
        ("Pilates Studio Luna", "cliente", "metodo_pago", "tarjeta")
    ]


def test_what_a_school_teaches_is_no_name_when_its_name_follows():
    assert _facts("La academia de música Sol Mayor quiere las facturas a admin@solmayor.es") == [
        ("Sol Mayor", "cliente", "email", "admin@solmayor.es")
    ]


# --- one fact for two subjects, two subjects in one message -----------------------------------


def test_a_closing_said_of_one_and_then_of_the_other_too():
    assert _facts("la ferreteria ruiz cierra del 3 al 20 de agosto y los de gasoleos tambien") == [
        ("Ferretería Ruiz", "proveedor", "cierre", "3-20 agosto"),
        ("Gasóleos Ribera S.L.", "proveedor", "cierre", "3-20 agosto"),
    ]


def test_a_term_said_of_one_and_the_other_the_same():
    assert _facts("talleres garcia paga por transferencia y el hostal miramar lo mismo") == [
        ("Talleres García S.L.", "cliente", "metodo_pago", "transferencia"),
        ("Hostal Miramar", "cliente", "metodo_pago", "transferencia"),
    ]


def test_two_subjects_each_after_que():
    assert _facts(
        "apunta que talleres garcia paga con bizum y que a la gestoria le pagamos a 15 dias"
    ) == [
        ("Talleres García S.L.", "cliente", "metodo_pago", "Bizum"),
        ("Gestoría Ibáñez", "proveedor", "plazo_pago", "15 días"),
    ]


def test_a_business_called_by_its_own_word_is_the_next_subject():
    assert _facts(
        "el hostal tiene otro email, hola@miramar.es. y ruiz nos da 60 dias desde ya"
    ) == [
        ("Hostal Miramar", "cliente", "email", "hola@miramar.es"),
        ("Ferretería Ruiz", "proveedor", "plazo_pago", "60 días"),
    ]


# --- the channel wanted beside the one refused; a phone's label -------------------------------


def test_the_channel_refused_for_being_lost_leaves_the_one_wanted():
    assert _facts("la farmacia quiere las facturas por correo, que el papel se les pierde") == [
        ("Farmacia Núñez S.L.", "cliente", "canal_preferido", "email")
    ]


def test_todo_por_ahi_after_an_address_is_by_email():
    assert _facts("el hostal: reservas@miramar.es y que todo x ahi, nada por papel") == [
        ("Hostal Miramar", "cliente", "canal_preferido", "email"),
        ("Hostal Miramar", "cliente", "email", "reservas@miramar.es"),
    ]


def test_a_new_phone_is_no_way_to_reach_them():
    assert _facts("Farmacia Núñez: teléfono nuevo 961 22 33 44") == [
        ("Farmacia Núñez S.L.", "cliente", "telefono", "961 223 344")
    ]


def test_by_phone_before_the_number_is_still_the_way():
    assert _facts("a la farmacia mejor por teléfono, el 961 000 222") == [
        ("Farmacia Núñez S.L.", "cliente", "telefono", "961 000 222"),
        ("Farmacia Núñez S.L.", "cliente", "canal_preferido", "teléfono"),
    ]


# --- role words, partial names, informants ----------------------------------------------------


def test_who_to_ask_for_at_a_business_called_by_its_own_word():
    assert _facts("en ruiz pregunta por Paco el del almacen, es el que sabe de tubos") == [
        ("Ferretería Ruiz", "proveedor", "persona_contacto", "Paco")
    ]


def test_los_de_whose_address_spells_a_contact():
    assert _facts(
        "los de las calderas de turia tienen correo nuevo: pedidos@recambioscalderasturia.es"
    ) == [
        ("Recambios Calderas Turia S.L.", "proveedor", "email", "pedidos@recambioscalderasturia.es")
    ]


def test_who_said_it_in_galician_is_no_subject():
    assert _facts("Desde hoxe aos clientes novos cobrámoslles a 30 días, eso díxolo Pablo") == [
        ("", "empresa", "plazo_pago", "30 días")
    ]


def test_a_first_name_said_short_before_a_misspelt_surname():
    assert _facts("el correo de inma castelo es inma.c@gmail.com me lo a dado hoy") == [
        ("Inmaculada Castelló", "cliente", "email", "inma.c@gmail.com")
    ]


# --- the writer's own hours -------------------------------------------------------------------


def test_the_writers_hours_before_a_tag_question():
    assert _facts("mi horario es de 8 a 16, luego no me escribas, ¿dale?") == [
        ("", "preferencia", "horario", "8:00-16:00")
    ]


# --- contact persons --------------------------------------------------------------------------


def test_an_agent_named_with_a_title_spelt_out():
    assert _facts("en la mutua nuestro agente es señor Luis Peiró, lo de la nave tambien") == [
        ("Seguros Mutua Fontaneros S.L.", "proveedor", "persona_contacto", "Luis Peiró")
    ]


def test_who_deals_with_us_said_in_valencian():
    assert _facts("A la gestoría ahora nos porta Empar, la d'abans ja no hi és.") == [
        ("Gestoría Ibáñez", "proveedor", "persona_contacto", "Empar")
    ]


def test_a_forwarded_mail_whose_sender_will_be_our_contact():
    assert _facts(
        "Te paso esto:\n\n> De: Lucía Pons (Gasóleos Ribera)\n"
        "> Buenos días: desde hoy seré yo quien les atienda para los pedidos.\n> Lucía Pons"
    ) == [("Gasóleos Ribera S.L.", "proveedor", "persona_contacto", "Lucía Pons")]


def test_a_forwarded_mail_from_a_new_sales_rep_names_the_contact_person():
    assert _facts(
        "Mira lo que me llega:\n\nDe: Marta Sanz (Recambios Calderas Turia)\n"
        "Hola, soy su nueva comercial desde enero, para cualquier pedido escríbanme."
    ) == [("Recambios Calderas Turia S.L.", "proveedor", "persona_contacto", "Marta Sanz")]


# --- a value refused and the one wanted; a hypothesis -----------------------------------------


def test_a_term_refused_then_the_one_wanted_bare():
    assert _facts("teresa muñoz ya no quiere 30 dias, ahora 45") == [
        ("Teresa Muñoz", "cliente", "plazo_pago", "45 días")
    ]


def test_a_discount_refused_then_the_one_wanted():
    assert _facts("la farmacia nuñez no quiere el 5%, que mejor un 8") == [
        ("Farmacia Núñez S.L.", "cliente", "descuento", "8 %")
    ]


def test_a_term_only_wished_for_is_no_fact():
    assert _read("si gasoleos ribera nos diera 90 dias les compraba todo a ellos") == []


def test_a_doubt_left_to_talk_over_is_no_fact():
    assert _read("lo del hostal a 90 dias? no sé, lo miro con Lucía") == []


# --- a contact's wish, a price and a discount, the company's own things -------------------------


def test_a_contacts_wish_after_a_contact_person_is_a_preference():
    assert _facts(
        "en la farmacia nuñez la encargada es Lucía Sanz, y prefiere que le mandemos todo "
        "en valenciano"
    ) == [
        ("Farmacia Núñez S.L.", "cliente", "persona_contacto", "Lucía Sanz"),
        (
            "Farmacia Núñez S.L.",
            "cliente",
            "preferencia",
            "prefiere que le mandemos todo en valenciano",
        ),
    ]


def test_a_price_per_visit_and_a_discount_in_one_sentence():
    assert _facts("a la farmacia el mantenimiento a 60 € cada visita y un 5% de descuento") == [
        ("Farmacia Núñez S.L.", "cliente", "descuento", "5 %"),
        ("Farmacia Núñez S.L.", "cliente", "precio_mantenimiento", "60 €/visita"),
    ]


def test_the_companys_van_is_a_note_about_the_company():
    facts = _read("la furgoneta pequeña es la 7730 KJD, la gris")
    assert [(f.subject_name, f.category, f.attribute, f.note) for f in facts] == [
        ("", "empresa", "nota", True)
    ]


def test_who_looks_after_the_companys_alarm_is_a_note_about_the_company():
    facts = _read("la alarma de la nave la revisa Securitas cada seis meses")
    assert [(f.subject_name, f.category, f.attribute, f.value) for f in facts] == [
        ("", "empresa", "nota", "La alarma de la nave la revisa Securitas cada seis meses.")
    ]


# --- a part of the day is no tomorrow; an order that sets the term asked about ------------------


def test_the_morning_as_a_part_of_the_day_is_no_event():
    assert _facts(
        "en el colegio pequeñines solo se puede trabajar después de las 17:00, "
        "en la mañana hay niños por todos lados"
    ) == [("Colegio Infantil Pequeñines S.L.", "cliente", "horario", "desde 17:00")]


def test_an_order_that_sets_the_term_asked_about():
    assert _facts("ponle 60", previous="¿a cuántos días paga Talleres García?") == [
        ("Talleres García S.L.", "cliente", "plazo_pago", "60 días")
    ]
