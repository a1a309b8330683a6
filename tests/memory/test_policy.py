"""The content policy on three corpora: secrets, benign look-alikes, special categories and
insults (memory/policy.py). Zero misses in each direction."""

from __future__ import annotations

import pytest

from memory.policy import (
    REASON_CONFIDENTIAL,
    REASON_INSULT,
    REASON_SPECIAL_BACKGROUND,
    REASON_SPECIAL_THIRD_PARTY,
    Verdict,
    check_content,
    find_iban,
    policy_class,
)
from memory.scope import requested_visibility

SECRETS = [
    "Mi contraseña del banco es Perro123",
    "La contraseña del wifi es casaverde",
    "contraseña: Sevilla2024!",
    "El password de Holded es qwerty2025",
    "pwd = h4ck3r",
    "Mi clave de acceso a la AEAT es Lobo_77",
    "La clave secreta es MARTES-99",
    "La clave del banco es 7734ab",
    "Usuario y clave de la gestoría: pablo / Garcia1990",
    "El pin de la tarjeta es 4821",
    "PIN: 9921",
    "El código de verificación es 482913",
    "código de verificación: 112233",
    "Te paso el código de seguridad 90817",
    "El código OTP es 551092",
    "El código SMS que me han enviado: 773311",
    "mi 2fa es 123987",
    "El código que me ha llegado es 660044",
    "El CVV es 123",
    "código de confirmación: A7K9QZ",
    "Mi clave de API es sk-proj-9f8e7d6c5b4a3f2e1d0c9b8a",
    "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv",
    "Usa sk-1234567890abcdefghijklmnop para OpenAI",
    "La clave de Stripe es sk_live_51HxYzAbCdEfGhIjKl",
    "rk_test_4eC39HqLyjWDarjtT1zdp7dc",
    "AWS: AKIAIOSFODNN7EXAMPLE",
    "ASIAJEXAMPLEXEG2JICE temporal",
    "token de GitHub ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789",
    "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
    "glpat-xxxxxxxxxxxxxxxxxxxx para el CI",
    "Slack: xoxb-123456789012-abcdefghijkl",
    "xoxp-2222-3333-abcdef123456",
    "La de Google Maps es AIzaSyA1234567890abcdefghijklmnopqrstuv",
    "SG.abcdefghijklmnop1234.qrstuvwxyzABCDEF5678",
    "Authorization: Bearer abcdef1234567890ghijkl",
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N",
    "-----BEGIN RSA PRIVATE KEY----- MIIEowIBAAKCAQEA",
    "-----BEGIN OPENSSH PRIVATE KEY-----",
    "Mi tarjeta es 4111 1111 1111 1111",
    "Paga con la 5500-0000-0000-0004",
    "Visa 4012888888881881 caduca en 2027",
    "Amex 378282246310005",
    "La tarjeta de empresa: 6011 1111 1111 1117",
    "api_key=Zx9YqW2vB7nM4kL1",
    "el access token es ya29a0AfH6SMB",
    "SID AC0123456789abcdef0123456789abcdef",
]

BENIGN = [
    "La factura F2026-0001 se emitió el 3 de marzo.",
    "El presupuesto P2025-0123 está pendiente.",
    "Talleres García paga a 60 días.",
    "El importe fue 1.234,56 €.",
    "Le facturé 12.500,00 euros en 2025.",
    "La factura vence el 31/12/2026.",
    "Nos vemos el 2026-03-15 en Madrid.",
    "Su teléfono es +34 612 345 678.",
    "Llama al 0034 612345678 por la mañana.",
    "El móvil de Laura es 699 123 456.",
    "El CIF de Talleres García es B12345674.",
    "Mi NIF es 12345678Z.",
    "El NIE del autónomo es X1234567L.",
    "El código postal es 28001.",
    "Vivo en el 28013 de Madrid.",
    "La clave es facturar a tiempo.",
    "Recuerda cambiar la contraseña cada mes.",
    "La contraseña la gestiona Marta.",
    "Prefiero respuestas cortas.",
    "Trabajo con el IVA al 21 %.",
    "Aplico una retención del 15 %.",
    "El pedido 4500012345 llegó ayer.",
    "Transportes Hermanos Gil entrega los lunes.",
    "El Hospital Quirón es cliente desde 2020.",
    "La empresa vende repuestos de frenos.",
    "El cliente paga por transferencia.",
    "Tengo 3 empleados en el taller.",
    "Mi horario es de 9 a 14.",
    "El número de pedido es 778899.",
    "La referencia catastral es 9872023VH5797S0001WX.",
    "Facturamos 250.000 € el año pasado.",
    "El descuento pactado es del 5 %.",
    "Los pedidos se hacen por email a compras@acme.es.",
    "El almacén está en la calle Mayor 12.",
    "Ingresé 300 euros en la cuenta.",
    "El dinero está ingresado desde el lunes.",
    "Trabajamos con Banco Sabadell.",
    "La web es https://tallergarcia.es.",
    "La matrícula de la furgoneta es 1234 BCD.",
    "Cerramos por vacaciones del 1 al 15 de agosto.",
    "El token de acceso lo gestiona el gestor.",
    "El plazo de pago es de 30 días desde la fecha de factura.",
    "Aceros del Norte sirve en 48 horas.",
    "La cuota de autónomos es de 294 €.",
]

INSULTS = [
    "El de Talleres García es un idiota.",
    "Juan Pérez es un inútil.",
    "Marta es una incompetente.",
    "El proveedor Aceros es un ladrón.",
    "Luis es un sinvergüenza que nunca paga.",
    "La gestora es tonta.",
    "Pedro es un mentiroso.",
    "El cliente de Bilbao es un impresentable.",
    "Ana no vale para nada.",
    "Carlos es un caradura.",
]

SPECIAL_BACKGROUND = [
    "Soy musulmán y no como cerdo.",
    "Soy de izquierdas.",
    "Soy gay.",
    "Estoy afiliado a CCOO.",
    "Soy gitano.",
    "He registrado mi huella dactilar en el banco.",
    "Hice un test de ADN.",
    "Soy católico practicante.",
]

# The writer's own health is part of their own life: kept personal, never refused.
OWN_HEALTH = [
    "Tengo diabetes.",
    "Estoy embarazada de tres meses.",
    "Estoy de baja médica hasta el lunes.",
    "Me han diagnosticado ansiedad.",
    "I'm diabetic, remind me to eat before site visits.",
]

SPECIAL_THIRD_PARTY = [
    "Mi empleado tiene cáncer.",
    "Laura está embarazada.",
    "Mi socio es del sindicato.",
    "Juan vota a Vox.",
    "Mi hija es celíaca.",
    "My employee is pregnant.",
    "Pedro está con ansiedad y no viene.",
]


@pytest.mark.parametrize("text", SECRETS)
def test_every_secret_is_refused(text):
    decision = check_content(text=text, explicit=True)

    assert (decision.verdict, decision.reason) == (Verdict.REFUSE, REASON_CONFIDENTIAL)


@pytest.mark.parametrize("text", BENIGN)
def test_no_benign_look_alike_is_refused(text):
    assert check_content(text=text, explicit=False).verdict is Verdict.ALLOW


@pytest.mark.parametrize("text", INSULTS)
def test_insults_and_judgements_about_people_are_refused(text):
    decision = check_content(text=text, explicit=True)

    assert (decision.verdict, decision.reason) == (Verdict.REFUSE, REASON_INSULT)


@pytest.mark.parametrize("text", SPECIAL_BACKGROUND + SPECIAL_THIRD_PARTY)
def test_special_categories_are_never_learnt_in_the_background(text):
    decision = check_content(text=text, explicit=False)

    assert (decision.verdict, decision.reason) == (Verdict.REFUSE, REASON_SPECIAL_BACKGROUND)


@pytest.mark.parametrize("text", SPECIAL_BACKGROUND)
def test_special_categories_about_the_writer_asked_explicitly_are_kept_private(text):
    assert check_content(text=text, explicit=True).verdict is Verdict.SPECIAL


@pytest.mark.parametrize("text", OWN_HEALTH)
@pytest.mark.parametrize("explicit", [True, False])
def test_the_writers_own_health_is_allowed_and_personal(text, explicit):
    assert check_content(text=text, explicit=explicit).verdict is Verdict.ALLOW
    assert (policy_class(text), requested_visibility(text)) == ("none", "personal")


@pytest.mark.parametrize("text", SPECIAL_THIRD_PARTY)
def test_special_categories_about_someone_else_are_refused_even_when_asked(text):
    decision = check_content(text=text, explicit=True)

    assert (decision.verdict, decision.reason) == (Verdict.REFUSE, REASON_SPECIAL_THIRD_PARTY)


def test_the_corpora_are_as_large_as_the_issue_asks():
    assert len(SECRETS) >= 40
    assert len(BENIGN) >= 40
    assert len(INSULTS) + len(SPECIAL_BACKGROUND) + len(SPECIAL_THIRD_PARTY) >= 20


@pytest.mark.parametrize(
    ("text", "iban"),
    [
        ("La nueva cuenta es ES91 2100 0418 4502 0005 1332", "ES9121000418450200051332"),
        ("IBAN: ES7921000813610123456789.", "ES7921000813610123456789"),
        ("DE89 3704 0044 0532 0130 00 es la de Alemania", "DE89370400440532013000"),
        # Wrong check digits: still a Spanish account someone gave, so still bank details.
        ("La cuenta ES00 1234 5678 9012 3456 7890 no es válida", "ES0012345678901234567890"),
        ("Factura ES-2026 0012, pedido 1234 5678", None),
        ("DE00 3704 0044 0532 0130 00", None),
        ("Paga a 60 días", None),
    ],
)
def test_find_iban_returns_ibans_compact_and_spanish_ones_with_wrong_check_digits(text, iban):
    assert find_iban(text) == iban


def test_an_iban_is_not_a_secret_nor_a_card_number():
    assert check_content(text="Cuenta ES91 2100 0418 4502 0005 1332", explicit=False).verdict is (
        Verdict.ALLOW
    )
