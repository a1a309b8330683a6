"""The story: a supplier's new payment method, said on WhatsApp in passing, is learnt and used.

Through the signed webhook with a real Celery worker, Redis and Postgres, and the offline
provider: "la ferretería" is linked to the supplier Ferretería Ruiz, the earlier method is
passed over, the fact shows in the web memory center, Suma's next WhatsApp reply says what it
learnt, and Suma answers with it on the web.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from channels_app.models import PhoneLink, WhatsappMessage
from fixtures.demo import build_demo
from memory.models import Memory
from sumalos.accounts.models import Organization, User
from sumalos.invoicing.models import Contact
from sumalos.taxes.seed import seed_rates
from tests.support import queue_drain, wait_for, whatsapp_params, whatsapp_post

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]
PABLO_PHONE = "+34612345679"
# The first message trains the offline classifiers in the worker.
FIRST_LEARNING_SECONDS = 300.0
LEARNT = "A Ferretería Ruiz se le paga por Bizum."


def _replies() -> list[str]:
    return list(
        WhatsappMessage.objects.filter(direction="outbound", phone=PABLO_PHONE)
        .order_by("id")
        .values_list("body", flat=True)
    )


def test_a_new_payment_method_said_on_whatsapp_reaches_the_memory_center_and_suma(worker):
    seed_rates()
    build_demo(password="demo-only-test-password")
    martin = Organization.objects.get(name="Fontanería Martín")
    pablo = User.objects.get(email="pablo@demo.sumalos.es")
    ruiz = Contact.objects.get(organization=martin, name="Ferretería Ruiz")
    worker()

    web = Client()
    web.force_login(pablo)
    web.post("/organizacion/", {"organization": martin.pk})
    web.post("/suma/nueva/")
    chat_url = web.get("/suma/")["Location"]
    web.post("/suma/whatsapp/vincular/", {"next": chat_url})
    shown = re.search(r"VINCULAR (\w{6})", web.get(chat_url).content.decode())
    assert shown is not None
    whatsapp_post(whatsapp_params("SM" + "a" * 32, PABLO_PHONE, f"VINCULAR {shown.group(1)}"))
    wait_for(lambda: PhoneLink.objects.filter(phone=PABLO_PHONE, user=pablo).exists())

    # In the van, Pablo mentions the change in passing.
    said = "oye, a los de la ferretería ahora se les paga por Bizum, nada de transferencias"
    assert whatsapp_post(whatsapp_params("SM" + "b" * 32, PABLO_PHONE, said)).status_code == 200
    queue_drain()
    wait_for(
        lambda: Memory.objects.filter(subject=f"contacto:{ruiz.pk}", value="Bizum").exists(),
        timeout=FIRST_LEARNING_SECONDS,
    )

    memory = Memory.objects.get(subject=f"contacto:{ruiz.pk}", value="Bizum")
    assert (memory.category, memory.attribute, memory.text, memory.visibility) == (
        "proveedor",
        "metodo_pago",
        LEARNT,
        "shared",
    )
    assert memory.organization_id == martin.pk
    assert memory.area == "expenses"

    # The web memory center lists it.
    assert LEARNT in web.get("/memoria/").content.decode()

    # The next WhatsApp reply tells him what was learnt.
    asked = "¿cómo le pagamos a Ferretería Ruiz?"
    whatsapp_post(whatsapp_params("SM" + "c" * 32, PABLO_PHONE, asked))
    wait_for(lambda: len(_replies()) == 3)
    assert LEARNT in _replies()[-1]

    # And Suma answers with it on the web.
    web.post(chat_url + "mensaje/", {"text": asked})
    page = web.get(chat_url).content.decode()
    assert f"Según lo que recuerdo: {LEARNT}" in page
