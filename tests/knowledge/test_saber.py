"""``saber``: passages with sources and the facts in force on the asked date, drafts never."""

from __future__ import annotations

import datetime

import pytest

from knowledge.models import Entry
from knowledge.selectors import FactValue, SourceRef, saber
from knowledge.services import FactData, FactKeyData, SourceData
from tests.knowledge.conftest import BOE_IRPF, save_entry

pytestmark = pytest.mark.django_db(transaction=True)

D = datetime.date
BOE_IVA = SourceData(
    title="Ley 37/1992, del IVA, art. 91.Uno.2.10º (texto consolidado, BOE)",
    url="https://www.boe.es/buscar/act.php?id=BOE-A-1992-28740",
)
RDL_9_2015 = SourceRef(
    "Real Decreto-ley 9/2015 (BOE)", "https://www.boe.es/buscar/doc.php?id=BOE-A-2015-7624"
)
LEY_26_2014 = SourceRef(
    "Ley 26/2014, reforma del IRPF (BOE)", "https://www.boe.es/buscar/doc.php?id=BOE-A-2014-12327"
)


def test_a_past_date_gets_the_value_in_force_then(published, draft, no_org_access):
    knowledge = saber(
        query="retencion irpf de un profesional", date=D(2015, 3, 10), access=no_org_access
    )

    assert knowledge.facts == [
        FactValue(
            key="irpf.retencion.profesional",
            label="Retención de IRPF de profesionales",
            value="19",
            unit="%",
            valid_from=D(2015, 1, 1),
            valid_to=D(2015, 7, 11),
            owner="engine",
            source=LEY_26_2014,
        )
    ]


def test_today_gets_the_current_value_and_passages_carry_their_sources(
    published, draft, no_org_access
):
    knowledge = saber(query="cuanto retienen a los profesionales", access=no_org_access)

    assert [(f.key, f.value, f.valid_from, f.source) for f in knowledge.facts] == [
        ("irpf.retencion.profesional", "15", D(2015, 7, 12), RDL_9_2015)
    ]
    assert [(p.entry, p.heading, p.sources) for p in knowledge.passages] == [
        (
            "irpf-retencion-profesionales",
            "Cuánto",
            [SourceRef(BOE_IRPF.title, BOE_IRPF.url)],
        )
    ]


def test_a_draft_never_reaches_the_answer(published, draft, no_org_access):
    # The draft's text matches the question better than the published entry does.
    knowledge = saber(query="TicketBAI Bizkaia retención profesionales", access=no_org_access)

    assert "ticketbai" not in knowledge.entries
    assert all("TicketBAI" not in passage.text for passage in knowledge.passages)


RENOVATION_BODY = (
    "# IVA en reformas de vivienda\n\n## Reparación de fontanería\n\n"
    "Una reparación de fontanería en la vivienda de un particular va al 10 % si el coste "
    "de los materiales no supera el 40 % de la base.\n"
)
RENOVATION_KEY = FactKeyData(
    key="iva.reformas.limite_materiales",
    label="IVA reducido en reformas de vivienda, tope del coste de materiales",
    terms="materiales, 40 %, reparación, fontanería, vivienda",
)
RENOVATION_FACT = FactData(
    key="iva.reformas.limite_materiales",
    value="40",
    unit="%",
    valid_from=D(2012, 9, 1),
    valid_to=None,
)
RENOVATION_QUESTION = "cual es el iva de una reparacion de fontaneria en una vivienda"


def test_a_draft_on_renovation_vat_reaches_the_assistant_only_once_published(
    published, domain, no_org_access
):
    save_entry(
        domain,
        "iva-reformas-vivienda",
        title="IVA del 10 % en reparaciones y reformas de vivienda",
        body=RENOVATION_BODY,
        status=Entry.Status.DRAFT,
        sources=[],
        facts=[RENOVATION_FACT],
        fact_keys=[RENOVATION_KEY],
    )

    hidden = saber(query=RENOVATION_QUESTION, access=no_org_access)

    assert "iva-reformas-vivienda" not in hidden.entries
    assert all("fontanería" not in passage.text for passage in hidden.passages)
    assert [fact.key for fact in hidden.facts] == []

    save_entry(
        domain,
        "iva-reformas-vivienda",
        title="IVA del 10 % en reparaciones y reformas de vivienda",
        body=RENOVATION_BODY,
        status=Entry.Status.PUBLISHED,
        sources=[BOE_IVA],
        facts=[RENOVATION_FACT],
        fact_keys=[RENOVATION_KEY],
    )

    shown = saber(query=RENOVATION_QUESTION, access=no_org_access)

    assert shown.entries[0] == "iva-reformas-vivienda"
    assert [(f.key, f.value, f.owner) for f in shown.facts] == [
        ("iva.reformas.limite_materiales", "40", "knowledge")
    ]
