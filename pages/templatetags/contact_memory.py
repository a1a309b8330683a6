"""The contact page's payment term, as drafts will use it (decision 0019).

The contact page belongs to invoicing, which may not import memory (DESIGN §10); this tag,
loaded by the template, reads the term with the same selector the draft due date uses
(``memory.selectors.payment_term_for``), so the page and the drafts cannot disagree.
"""

from __future__ import annotations

from typing import Any

from django import template

from assistant.selectors import learned_source
from memory.selectors import author_label, payment_term_for
from sumalos.accounts.middleware import request_access
from sumalos.invoicing.models import Contact

register = template.Library()


@register.inclusion_tag("pages/_payment_term.html", takes_context=True)
def payment_term(context: template.Context, contact: Contact) -> dict[str, Any]:
    access = request_access(context["request"])
    term = payment_term_for(access=access, contact=contact)
    memory = term.memory
    return {
        "contact": contact,
        "term": term,
        "source": None if memory is None else learned_source(access=access, memory=memory),
        "author": None if memory is None else author_label(memory),
    }
