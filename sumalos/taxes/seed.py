"""The rates of Spanish law the engine owns, with their history (checked against the BOE).

Migration 0002 loads them; tests that flush the database (``transaction=True``) reload them
with ``seed_rates()``.
"""

import datetime
from decimal import Decimal
from typing import Any

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

D = datetime.date
RATES = [
    # key, rate, valid_from, valid_to (inclusive), source
    ("iva.tipo.general", "16", D(1995, 1, 1), D(2010, 6, 30), LEY_IVA),
    ("iva.tipo.general", "18", D(2010, 7, 1), D(2012, 8, 31), LEY_IVA),
    ("iva.tipo.general", "21", D(2012, 9, 1), None, LEY_IVA),
    ("iva.tipo.reducido", "7", D(1995, 1, 1), D(2010, 6, 30), LEY_IVA),
    ("iva.tipo.reducido", "8", D(2010, 7, 1), D(2012, 8, 31), LEY_IVA),
    ("iva.tipo.reducido", "10", D(2012, 9, 1), None, LEY_IVA),
    ("iva.tipo.superreducido", "4", D(1995, 1, 1), None, LEY_IVA),
    ("irpf.retencion.profesional", "15", D(2007, 1, 1), D(2012, 8, 31), RD_IRPF),
    ("irpf.retencion.profesional", "21", D(2012, 9, 1), D(2014, 12, 31), RDL_20_2012),
    ("irpf.retencion.profesional", "19", D(2015, 1, 1), D(2015, 7, 11), LEY_26_2014),
    ("irpf.retencion.profesional", "15", D(2015, 7, 12), None, RDL_9_2015),
    ("irpf.retencion.profesional_inicio", "7", D(2015, 7, 12), None, RDL_9_2015),
    ("irpf.retencion.arrendamiento", "19", D(2016, 1, 1), None, RD_IRPF),
    ("recargo.equivalencia.general", "5.2", D(2012, 9, 1), None, LEY_IVA),
    ("recargo.equivalencia.reducido", "1.4", D(2012, 9, 1), None, LEY_IVA),
    ("recargo.equivalencia.superreducido", "0.5", D(2012, 9, 1), None, LEY_IVA),
]


def seed_rates(tax_rate_model: Any = None) -> None:
    """Insert the rates unless they are there; takes the historical model in migrations."""
    if tax_rate_model is None:
        from sumalos.taxes.models import TaxRate

        tax_rate_model = TaxRate
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
