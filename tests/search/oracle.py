"""DESIGN §3 in plain Python, read from the source rows: what the leak tests compare against."""

from __future__ import annotations

from sumalos.accounts.access import AiAccess

RECORD_AREAS = {
    "contact": "contacts",
    "invoice": "invoices",
    "quote": "invoices",
    "expense": "expenses",
}


def visible(access: AiAccess, row: dict[str, object]) -> bool:
    owns = (access.user_id is not None and row["owner_user_id"] == access.user_id) or (
        bool(access.phone) and row["owner_phone"] == access.phone
    )
    org = row["organization_id"]
    in_request = org in access.organization_ids
    if row["visibility"] == "personal":
        return owns
    if row["visibility"] == "private_in_org":
        return in_request and owns
    return in_request and isinstance(org, int) and access.can_read(org, str(row["area"]))
