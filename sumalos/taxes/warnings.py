"""Deterministic checks of a draft's tax rates against the rules in force on its date.

No model is involved: each line's VAT and withholding are compared with the engine's rates on
the document's issue date, and each unexpected rate yields one warning in Spanish. A warning
never blocks; the invoice and quote draft pages and the assistant show them (DESIGN §4). It
lives beside the rates it reads; the documents are only typed here, so taxes import nothing
of invoicing at run time.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from sumalos.taxes.rates import vat_rates_on, withholding_rates_on

if TYPE_CHECKING:
    from sumalos.invoicing.models import Invoice, Quote

# 0 % is always acceptable: exempt and reverse-charge lines carry no VAT, and most lines no
# withholding at all.
ZERO = Decimal(0)


def percent(value: Decimal) -> str:
    """``Decimal("5.20")`` → ``"5,2 %"``: Spanish decimal comma, no trailing zeros."""
    text = format(value.normalize(), "f")
    return text.replace(".", ",") + " %"


def spanish_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " y " + items[-1]


def _unexpected(rates: list[Decimal], allowed: list[Decimal]) -> list[Decimal]:
    seen: list[Decimal] = []
    for rate in rates:
        if rate != ZERO and rate not in allowed and rate not in seen:
            seen.append(rate)
    return seen


def tax_rate_warnings(document: Invoice | Quote) -> list[str]:
    """Spanish warnings for VAT or withholding rates not in force on the document's date."""
    on = document.issue_date
    lines = list(document.lines.all())
    warnings = []
    vat = vat_rates_on(on)
    if vat:
        in_force = spanish_list([percent(rate) for rate in vat])
        warnings += [
            f"El {percent(rate)} no es un tipo de IVA vigente en España en esta fecha: "
            f"los vigentes son {in_force}."
            for rate in _unexpected([line.vat_rate for line in lines], vat)
        ]
    withholding = withholding_rates_on(on)
    if withholding:
        in_force = spanish_list([percent(rate) for rate in withholding])
        warnings += [
            f"El {percent(rate)} no es un tipo de retención de IRPF vigente en esta fecha: "
            f"los vigentes son {in_force}."
            for rate in _unexpected([line.withholding_rate for line in lines], withholding)
        ]
    return warnings
