"""Typed values read from Spanish messages, each in its normalized form."""

from __future__ import annotations

import datetime

import pytest

from learning.offline.slots import find_slots

TODAY = datetime.date(2026, 11, 30)


def _values(text: str) -> list[tuple[str, str]]:
    return [(slot.kind, slot.value) for slot in find_slots(text, TODAY)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Talleres García paga a 45 días fin de mes", [("term", "45 días fin de mes")]),
        ("ya no nos fía, todo al contado", [("term", "al contado"), ("term", "al contado")]),
        ("nos paga a un mes", [("term", "30 días")]),
        ("paga a fin de mes", [("term", "fin de mes")]),
        ("el gasoil a 1,45 €/l", [("amount", "1,45 €/litro")]),
        ("el gasoil a 1,45 el litro", [("amount", "1,45 €/litro")]),
        ("un presupuesto de 3.500 €", [("amount", "3.500 €")]),
        ("un 3% de descuento", [("percent", "3 %")]),
        ("un doce por ciento", [("percent", "12 %")]),
        ("cerramos del 1 al 15 de agosto", [("period", "1-15 agosto")]),
        ("la segunda quincena de agosto", [("period", "16-31 agosto")]),
        ("del 7 de enero al 15 de febrero", [("period", "7 enero-15 febrero")]),
        ("el 24 de diciembre", [("date", "2026-12-24")]),
        ("el 3 de marzo", [("date", "2027-03-03")]),
        ("todo agosto", [("month", "agosto")]),
        ("de martes a sábado", [("weekday", "martes a sábado")]),
        ("de 8 a 14:30", [("time", "8:00-14:30")]),
        ("a partir de las 17", [("time", "desde 17:00")]),
        (
            "Bizum, nada de transferencias",
            [("payment_method", "Bizum"), ("payment_method", "transferencia")],
        ),
        ("los recibos domiciliados", [("payment_method", "domiciliación")]),
        ("mejor por wasap", [("channel", "WhatsApp")]),
        ("el CIF es B-46.103.834", [("tax_id", "B46103834")]),
        ("el CIF es B46103835", []),
        ("su móvil es el 612 34 56 78", [("phone", "612 345 678")]),
        ("escribe a Pepe@Hostal.es.", [("email", "pepe@hostal.es")]),
        ("la cuenta ES91 2100 0418 4502 0005 1332", [("iban", "ES9121000418450200051332")]),
        ("El encargado se llama jordi", [("person", "Jordi")]),
        ("el de mantenimiento es un tal Ximo", [("person", "Ximo")]),
        ("ahora lleva las facturas Marisa", [("person", "Marisa")]),
        ("nos lleva ahora una chica nueva, Nerea", [("person", "Nerea")]),
        ("habla con la Dra. Sanchis", [("person", "Sanchis")]),
        ("puedes llamarme Lu, aquí todos me llaman así", [("nickname", "Lu")]),
        ("ya no le hacemos descuento", [("percent", "0 %")]),
        ("el desplazamiento no se le cobra", [("amount", "0 €")]),
        ("tiene NIE: X-6135241-Z", [("tax_id", "X6135241Z")]),
        ("siempre llamando, no contesta", [("channel", "teléfono")]),
        ("no a 30, a 15", [("term", "15 días")]),
        ("tutéame", [("tone", "tú")]),
    ],
)
def test_each_value_is_read_in_its_normalized_form(text, expected):
    assert _values(text) == expected


def test_an_address_keeps_its_number_and_town():
    assert _values("la nueva dirección es Calle San Vicente 60, Torrent") == [
        ("address", "Calle San Vicente 60, Torrent")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # No formalities, said without "tú"; formal, said without "usted"; a bare "tú".
        ("Llámame Pablo a secas", [("nickname", "Pablo"), ("tone", "tú")]),
        ("nada de señor Martín", [("tone", "tú")]),
        ("son muy formales", [("tone", "usted")]),
        ("informal", [("tone", "tú")]),
        ("tú", [("tone", "tú")]),
        # Open until then.
        ("a partir de las 6 no contesto", [("time", "hasta 18:00")]),
        ("cierra a las 14:00", [("time", "hasta 14:00")]),
        ("mejor mensajes que llamadas", [("channel", "mensajes"), ("channel", "teléfono")]),
        # A nickname for someone else; the verb is no channel.
        ("dice que le llamemos Salva", [("nickname", "Salva")]),
        # Names in apposition, before their role or between commas after it.
        ("Julián, el del hostal", [("person", "Julián")]),
        ("Nerea es la que lleva los pedidos", [("person", "Nerea")]),
        ("el del bar, Quique, dice", [("person", "Quique")]),
        ("persona de contacto Vicen", [("person", "Vicen")]),
        # A business's name or an opening word is no person.
        ("Bar Paco, el de la esquina", []),
        ("Hoy, el de la ferretería", []),
    ],
)
def test_round_4_values(text, expected):
    assert _values(text) == expected
