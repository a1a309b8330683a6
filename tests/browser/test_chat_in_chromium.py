"""The web chat in a real browser: Debian's Chromium driven by Playwright.

Log in, chat, see the "Lo he aprendido" card, undo it, open the memory center. Screenshots
are kept in ``test-artifacts/browser/``. The browser is installed by ``make test``
(``make chromium``); where none can be installed the test is skipped and says why.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from channels_app.services.outbox import outbox_drain
from learning.services import message_learn
from memory.models import Memory
from sumalos.invoicing.models import Contact
from tests.world import PASSWORD

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="No Chromium on this machine and `make chromium` could not install it "
        "(apt-get install chromium needs root and Debian's package mirror).",
    ),
]


@pytest.fixture
def page(live_server):
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the ORM calls the test makes
    # between browser steps are synchronous and safe here.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        page = browser.new_page(base_url=live_server.url)
        page.set_default_timeout(20_000)
        yield page
        browser.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


def test_chat_learn_undo_and_memory_center(page, world_tx):
    Contact.objects.create(
        organization=world_tx.org,
        kind="customer",
        name="Talleres García S.L.",
        payment_terms_days=30,
    )

    # Log in.
    page.goto("/entrar/")
    page.get_by_label("Correo electrónico").fill(world_tx.owner.email)
    page.get_by_label("Contraseña").fill(PASSWORD)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url("**/")

    # Chat.
    page.get_by_role("link", name="Suma", exact=True).click()
    page.get_by_role("button", name="Nueva conversación").click()
    page.get_by_label("Mensaje para Suma").fill("Talleres García ahora paga a 60 días, no a 30")
    page.get_by_role("button", name="Enviar").click()
    page.wait_for_selector(".msg.assistant")
    page.screenshot(path=str(ARTIFACTS / "1-chat.png"), full_page=True)

    # The worker learns after the reply; here the drain runs in the test's own process.
    report = outbox_drain(handler=message_learn)
    assert report.done == 2
    learned = Memory.objects.get(attribute="plazo_pago")
    assert learned.value == "60 días"

    page.reload()
    card = page.locator("#learned-card")
    assert card.locator("li").first.inner_text().startswith("Talleres García S.L. paga a 60 días.")
    page.screenshot(path=str(ARTIFACTS / "2-learned.png"), full_page=True)

    # Undo it.
    card.get_by_role("button", name="Deshacer").click()
    page.wait_for_selector("text=Olvidado:")
    assert not Memory.objects.filter(pk=learned.pk, status="active").exists()
    page.screenshot(path=str(ARTIFACTS / "3-undone.png"), full_page=True)

    # Open the memory center.
    page.get_by_role("link", name="Qué recuerda Suma de mí").click()
    page.wait_for_url("**/memoria/")
    assert "Talleres García S.L. paga a 60 días." not in page.content()
    page.screenshot(path=str(ARTIFACTS / "4-memory-center.png"), full_page=True)
