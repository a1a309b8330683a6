"""The tax rules engine: the single owner of VAT, withholding and surcharge rates (DESIGN §4).

Every rate has a validity period; two periods of one key may not overlap (exclusion
constraint). Knowledge reads these rows through its facts view and may not store these keys.
"""

from __future__ import annotations

from django.contrib.postgres.constraints import ExclusionConstraint
from django.contrib.postgres.fields import DateRangeField, RangeOperators
from django.db import models
from django.db.models import F, Func, Value


class RateKey(models.TextChoices):
    IVA_GENERAL = "iva.tipo.general", "IVA general"
    IVA_REDUCIDO = "iva.tipo.reducido", "IVA reducido"
    IVA_SUPERREDUCIDO = "iva.tipo.superreducido", "IVA superreducido"
    IRPF_PROFESIONAL = "irpf.retencion.profesional", "Retención IRPF profesionales"
    IRPF_PROFESIONAL_INICIO = (
        "irpf.retencion.profesional_inicio",
        "Retención IRPF profesionales (inicio de actividad)",
    )
    IRPF_ARRENDAMIENTO = "irpf.retencion.arrendamiento", "Retención IRPF arrendamientos"
    RECARGO_GENERAL = "recargo.equivalencia.general", "Recargo de equivalencia (general)"
    RECARGO_REDUCIDO = "recargo.equivalencia.reducido", "Recargo de equivalencia (reducido)"
    RECARGO_SUPERREDUCIDO = (
        "recargo.equivalencia.superreducido",
        "Recargo de equivalencia (superreducido)",
    )


VAT_KEYS = (RateKey.IVA_GENERAL, RateKey.IVA_REDUCIDO, RateKey.IVA_SUPERREDUCIDO)
WITHHOLDING_KEYS = (
    RateKey.IRPF_PROFESIONAL,
    RateKey.IRPF_PROFESIONAL_INICIO,
    RateKey.IRPF_ARRENDAMIENTO,
)
ENGINE_KEYS = frozenset(RateKey.values)


class DateRange(Func):
    function = "daterange"
    output_field = DateRangeField()


class TaxRate(models.Model):
    key = models.CharField("clave", max_length=60, choices=RateKey.choices)
    rate = models.DecimalField("porcentaje", max_digits=5, decimal_places=2)
    valid_from = models.DateField("vigente desde")
    valid_to = models.DateField("vigente hasta (incluido)", null=True, blank=True)
    source_title = models.CharField("fuente", max_length=300)
    source_url = models.URLField("enlace de la fuente", max_length=500)

    class Meta:
        db_table = "tax_rates"
        ordering = ["key", "valid_from"]
        verbose_name = "tipo impositivo"
        verbose_name_plural = "tipos impositivos"
        constraints = [
            ExclusionConstraint(
                name="tax_rate_no_overlap",
                expressions=[
                    ("key", RangeOperators.EQUAL),
                    (
                        DateRange("valid_from", F("valid_to"), Value("[]")),
                        RangeOperators.OVERLAPS,
                    ),
                ],
                violation_error_message=(
                    "Ya existe un tipo para esta clave en un periodo que se solapa con este."
                ),
            ),
            models.CheckConstraint(
                condition=models.Q(valid_to__isnull=True)
                | models.Q(valid_to__gte=models.F("valid_from")),
                name="tax_rate_valid_range",
                violation_error_message="La fecha final no puede ser anterior a la inicial.",
            ),
        ]

    def __str__(self) -> str:
        until = self.valid_to.isoformat() if self.valid_to else "hoy"
        return f"{self.key} = {self.rate} % ({self.valid_from.isoformat()} – {until})"
