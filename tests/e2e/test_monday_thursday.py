"""The story: said on Monday in the web chat, used on Thursday from WhatsApp.

Through the real web views and the signed webhook, with a real Celery worker, Redis and
Postgres, and the offline provider. Then the same memory reaches exactly who may read it.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client

from assistant.formatting import long_date
from channels_app.models import PhoneLink, WhatsappMessage
from fixtures.demo import build_demo
from memory.models import Memory
from memory.prompt import memory_prompt_blocks
from sumalos.accounts.access import access_for_user
from sumalos.accounts.models import Organization, User
from sumalos.invoicing.models import Invoice
from sumalos.taxes.seed import seed_rates
from tests.support import queue_drain, wait_for, whatsapp_params, whatsapp_post

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]
PABLO_PHONE = "+34612345678"


def _prompt_of(email: str, organization: Organization, message: str) -> str:
    user = User.objects.get(email=email)
    blocks = memory_prompt_blocks(
        access=access_for_user(user, organization_ids=[organization.pk]), message=message
    )
    return blocks.profile + "\n" + blocks.related


def test_monday_on_the_web_thursday_on_whatsapp(worker):
    seed_rates()
    build_demo(password="demo-only-test-password")
    martin = Organization.objects.get(name="Fontanería Martín")
    estudio = Organization.objects.get(name="Estudio Nora")
    pablo = User.objects.get(email="pablo@demo.sumalos.es")
    worker()

    # Monday, at the desk: Pablo tells Suma in the web chat.
    web = Client()
    web.force_login(pablo)
    web.post("/organizacion/", {"organization": martin.pk})
    web.post("/suma/nueva/")
    chat_url = web.get("/suma/")["Location"]
    web.post(chat_url + "mensaje/", {"text": "Talleres García ahora paga a 60 días, no a 30"})
    queue_drain()
    wait_for(lambda: Memory.objects.filter(attribute="plazo_pago", value="60 días").exists())
    page = web.get(chat_url).content.decode()
    assert "Lo he aprendido" in page
    assert "Talleres García S.L. paga a 60 días." in page

    # He links his WhatsApp with the code the web shows.
    web.post("/suma/whatsapp/vincular/", {"next": chat_url})
    shown = re.search(r"VINCULAR (\w{6})", web.get(chat_url).content.decode())
    assert shown is not None
    code = shown.group(1)
    assert (
        whatsapp_post(whatsapp_params("SM" + "1" * 32, PABLO_PHONE, f"VINCULAR {code}")).status_code
        == 200
    )
    wait_for(lambda: PhoneLink.objects.filter(phone=PABLO_PHONE, user=pablo).exists())

    # Thursday, in the workshop: a WhatsApp message drafts the invoice.
    response = whatsapp_post(
        whatsapp_params(
            "SM" + "2" * 32,
            PABLO_PHONE,
            "factura a Talleres García el cambio de frenos, 240 euros",
        )
    )
    assert response.status_code == 200
    wait_for(
        lambda: WhatsappMessage.objects.filter(direction="outbound", phone=PABLO_PHONE).count() == 2
    )

    draft = Invoice.objects.get(
        status="draft", contact__name="Talleres García S.L.", lines__description="Cambio de frenos"
    )
    assert draft.due_date - draft.issue_date == datetime.timedelta(days=60)
    assert draft.total == draft.subtotal + draft.vat_total - draft.withholding_total
    reply = (
        WhatsappMessage.objects.filter(direction="outbound", phone=PABLO_PHONE).latest("id").body
    )
    assert f"Vence el {long_date(draft.due_date)} (60 días; memoria:" in reply

    # The memory reaches exactly who may read it.
    question = "factura a Talleres García"
    assert "Talleres García S.L. paga a 60 días." in _prompt_of(
        "andres@demo.sumalos.es", martin, question
    )
    assert "60 días" not in _prompt_of("carmen@demo.sumalos.es", martin, question)
    assert _prompt_of("nora@demo.sumalos.es", estudio, question).strip() == ""
