"""``{{ text|suma_markdown }}``: Suma's answer on the web page (``assistant.formatting``)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from assistant.formatting import web_html

register = template.Library()


@register.filter
def suma_markdown(text: str) -> SafeString:
    """Escape the answer, then render only bold, list items and site or http(s) links."""
    return web_html(str(text))
