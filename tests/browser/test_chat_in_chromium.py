"""The web chat in a real browser: Debian's Chromium driven by Playwright.

Log in, chat, see the "Lo he aprendido" card, undo it, open the memory center; on the demo,
ask for a month's figure, see the card survive the next message until it is closed, and the
contact page show the learned term. Screenshots are kept in ``test-artifacts/browser/``.
The browser is Debian's package, installed by ``make test`` (``make chromium``); Playwright
never downloads one. Where none can be installed the test is skipped and says why.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from channels_app.services.outbox import outbox_drain
from fixtures.demo import DOMAIN, build_demo
from learning.services import message_learn
from memory.models import Memory
from sumalos.invoicing.models import Contact
from sumalos.taxes.seed import seed_rates
from tests.world import PASSWORD

DEMO_PASSWORD = "demo-en-el-navegador"

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
    # Only what the person wrote is queued for learning, not Suma's reply (channels_app 0007).
    report = outbox_drain(handler=message_learn)
    assert report.done == 1
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


def _say(page, text: str) -> None:
    answers = page.locator(".msg.assistant").count()
    page.get_by_label("Mensaje para Suma").fill(text)
    page.get_by_role("button", name="Enviar").click()
    page.locator(".msg.assistant").nth(answers).wait_for()


def test_a_figure_and_a_card_that_stays_until_closed_on_the_demo(page, transactional_db):
    seed_rates()  # a transactional test starts from flushed tables
    build_demo(password=DEMO_PASSWORD)

    # Pablo logs in to Fontanería Martín: the dashboard opens.
    page.goto("/entrar/")
    page.get_by_label("Correo electrónico").fill(f"pablo@{DOMAIN}")
    page.get_by_label("Contraseña").fill(DEMO_PASSWORD)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url("**/")
    assert page.get_by_role("heading", name="Pendiente de cobro").is_visible()
    page.screenshot(path=str(ARTIFACTS / "5-dashboard.png"), full_page=True)

    # A question with a figure: the exact amount of the demo's October.
    page.get_by_role("link", name="Suma", exact=True).click()
    page.get_by_role("button", name="Nueva conversación").click()
    _say(page, "¿cuánto facturé en octubre de 2026?")
    answer = page.locator(".msg.assistant").last.inner_text()
    assert (
        "Facturado en octubre de 2026: 7.422,28 € (IVA incluido: base imponible 6.134,12 €, "
        "IVA repercutido 1.288,16 €; 8 facturas emitidas)."
    ) in answer

    # He tells Suma the new term; after learning, the card shows it.
    _say(page, "Talleres García ahora paga a 60 días, no a 30")
    outbox_drain(handler=message_learn)
    assert Memory.objects.get(attribute="plazo_pago").value == "60 días"
    page.reload()
    card = page.locator("#learned-card")
    assert card.locator("li").first.inner_text().startswith("Talleres García S.L. paga a 60 días.")

    # A second message: the card is still there, with its undo.
    _say(page, "Gracias")
    card = page.locator("#learned-card")
    assert card.locator("li").first.inner_text().startswith("Talleres García S.L. paga a 60 días.")
    assert card.get_by_role("button", name="Deshacer").is_visible()
    page.screenshot(path=str(ARTIFACTS / "6-card-after-second-message.png"), full_page=True)

    # Closed, it stays closed; what was learned stays in the list.
    card.get_by_role("button", name="Entendido, cerrar").click()
    page.wait_for_load_state()
    assert page.locator("#learned-card").count() == 0
    page.reload()
    assert page.locator("#learned-card").count() == 0
    assert "Talleres García S.L. paga a 60 días." in page.locator("#learned-list").inner_text()

    # The contact page shows the term drafts will use, with its source.
    garcia = Contact.objects.get(name="Talleres García S.L.")
    page.goto(f"/contactos/{garcia.pk}/")
    term = page.locator("#plazo-de-pago").inner_text()
    assert term.startswith("Pagan a 60 días")
    assert "En la ficha: 30 días." in term
    assert "Lo dijiste tú en el chat web" in term
    page.screenshot(path=str(ARTIFACTS / "7-contact.png"), full_page=True)
