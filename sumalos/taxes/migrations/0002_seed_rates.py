"""The rates of Spanish law the tax engine owns, with their history (DESIGN §4, "Knowledge").

Frozen (docs/decisions/0004): the values ``sumalos.taxes.seed.RATES`` held when this migration
was written, checked against the BOE. A new or changed rate needs a new migration (and the same
change in ``sumalos.taxes.seed``, which tests that flush the database reload).
"""

from datetime import date
from decimal import Decimal

from django.db import migrations

LEY_IVA = (
    "Ley 37/1992, del Impuesto sobre el Valor Añadido (texto consolidado, BOE)",
    "https://www.boe.es/buscar/act.php?id=BOE-A-1992-28740",
)
RD_IRPF = (
    "Real Decreto 439/2007, Reglamento del IRPF, art. 101 (texto consolidado, BOE)",
    "https://www.boe.es/buscar/act.php?id=BOE-A-2007-6820",
)
RDL_20_2012 = (
    "Real Decreto-ley 20/2012 (BOE)",
    "https://www.boe.es/buscar/act.php?id=BOE-A-2012-9364",
)
LEY_26_2014 = (
    "Ley 26/2014, reforma del IRPF (BOE)",
    "https://www.boe.es/buscar/doc.php?id=BOE-A-2014-12327",
)
RDL_9_2015 = (
    "Real Decreto-ley 9/2015 (BOE)",
    "https://www.boe.es/buscar/doc.php?id=BOE-A-2015-7624",
)

RATES = [
    # key, rate, valid_from, valid_to (inclusive), source
    ("iva.tipo.general", "16", date(1995, 1, 1), date(2010, 6, 30), LEY_IVA),
    ("iva.tipo.general", "18", date(2010, 7, 1), date(2012, 8, 31), LEY_IVA),
    ("iva.tipo.general", "21", date(2012, 9, 1), None, LEY_IVA),
    ("iva.tipo.reducido", "7", date(1995, 1, 1), date(2010, 6, 30), LEY_IVA),
    ("iva.tipo.reducido", "8", date(2010, 7, 1), date(2012, 8, 31), LEY_IVA),
    ("iva.tipo.reducido", "10", date(2012, 9, 1), None, LEY_IVA),
    ("iva.tipo.superreducido", "4", date(1995, 1, 1), None, LEY_IVA),
    ("irpf.retencion.profesional", "15", date(2007, 1, 1), date(2012, 8, 31), RD_IRPF),
    ("irpf.retencion.profesional", "21", date(2012, 9, 1), date(2014, 12, 31), RDL_20_2012),
    ("irpf.retencion.profesional", "19", date(2015, 1, 1), date(2015, 7, 11), LEY_26_2014),
    ("irpf.retencion.profesional", "15", date(2015, 7, 12), None, RDL_9_2015),
    ("irpf.retencion.profesional_inicio", "7", date(2015, 7, 12), None, RDL_9_2015),
    ("irpf.retencion.arrendamiento", "19", date(2016, 1, 1), None, RD_IRPF),
    ("recargo.equivalencia.general", "5.2", date(2012, 9, 1), None, LEY_IVA),
    ("recargo.equivalencia.reducido", "1.4", date(2012, 9, 1), None, LEY_IVA),
    ("recargo.equivalencia.superreducido", "0.5", date(2012, 9, 1), None, LEY_IVA),
]


def seed(apps, schema_editor):
    tax_rate_model = apps.get_model("taxes", "TaxRate")
    if tax_rate_model.objects.exists():
        return
    tax_rate_model.objects.bulk_create(
        tax_rate_model(
            key=key,
            rate=Decimal(rate),
            valid_from=start,
            valid_to=end,
            source_title=source[0],
            source_url=source[1],
        )
        for key, rate, start, end, source in RATES
    )


def unseed(apps, schema_editor):
    apps.get_model("taxes", "TaxRate").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("taxes", "0001_initial")]

    operations = [migrations.RunPython(seed, unseed)]
