"""How Suma's answers look: Spanish figures, clean passages, and a tiny markdown per channel.

Answers are written once, in a small markdown subset (``**bold**``, ``- `` list items and
``[text](link)``), and rendered per channel: the web escapes everything first and then turns
only that subset into HTML; WhatsApp drops the markup and makes every link absolute
(``PUBLIC_BASE_URL``). Passages quoted from the knowledge are cut at a sentence or word
boundary, never mid-word. docs/assistant.md, "Answers".
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from django.conf import settings
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from sumalos.platform.text import MONTHS

DEFAULT_BASE_URL = "http://127.0.0.1:8000"

_LINK = re.compile(r"\[(?P<text>[^\]\n]+)\]\((?P<url>[^)\s]+)\)")
_BOLD = re.compile(r"\*\*(?P<text>[^*\n]+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=\S)(?P<text>[^*\n]+?)(?<=\S)\*(?![\w*])")
_ITEM = re.compile(r"^\s*[-*]\s+(?P<text>.+)$")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+", re.MULTILINE)
_SAFE_URL = re.compile(r"^(?:https?://|/(?!/))")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


def euros(amount: Decimal | str | float) -> str:
    """``Decimal("7422.28")`` → ``"7.422,28 €"`` (Spanish grouping, always two decimals)."""
    value = Decimal(str(amount)).quantize(Decimal("0.01"))
    sign = "-" if value < 0 else ""
    whole, _, cents = f"{abs(value):.2f}".partition(".")
    return f"{sign}{int(whole):,}".replace(",", ".") + f",{cents} €"


def long_date(day: datetime.date | str) -> str:
    """``2027-01-29`` → ``"29 de enero de 2027"``."""
    if isinstance(day, str):
        day = datetime.date.fromisoformat(day)
    return f"{day.day} de {MONTHS[day.month - 1]} de {day.year}"


def percent(value: str | Decimal) -> str:
    """``"21"`` → ``"21 %"``, ``"5.2"`` → ``"5,2 %"`` (Spanish style: a space before the sign)."""
    number = Decimal(str(value).replace(",", "."))
    text = format(number.normalize(), "f")
    return text.replace(".", ",") + " %"


def cut(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, cut after a sentence if one fits, else at a word.

    A cut text ends with "…" (unless it ends a sentence); a word is never split.
    """
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    window = text[: limit + 1]
    ends = [m.end() for m in _SENTENCE_END.finditer(window) if m.end() <= limit]
    if ends and ends[-1] >= limit // 3:
        return window[: ends[-1]]
    space = window.rfind(" ", 0, limit + 1)
    head = window[:space] if space > 0 else window[:limit]
    return head.rstrip(" ,;:") + "…"


def plain_markdown(text: str) -> str:
    """Knowledge markdown as plain sentences: no headings, no bold, links as "text (url)"."""
    text = _HEADING.sub("", text)
    text = _BOLD.sub(r"\g<text>", text)
    text = _ITALIC.sub(r"\g<text>", text)
    text = _LINK.sub(lambda m: f"{m['text']} ({m['url']})", text)
    return text.replace("**", "").replace("__", "")


def absolute(url: str, base_url: str | None = None) -> str:
    """A link a phone can open: relative paths get ``PUBLIC_BASE_URL`` in front."""
    if url.startswith("/") and not url.startswith("//"):
        base = base_url or getattr(settings, "PUBLIC_BASE_URL", "") or DEFAULT_BASE_URL
        return base.rstrip("/") + url
    return url


def whatsapp_text(text: str, *, base_url: str | None = None) -> str:
    """An answer for WhatsApp: markup dropped, lists as "• ", links as "text (absolute url)"."""

    def link(match: re.Match[str]) -> str:
        url = absolute(match["url"], base_url)
        return url if match["text"].strip() == match["url"] else f"{match['text']} ({url})"

    lines = []
    for line in text.splitlines():
        line = _LINK.sub(link, line)
        line = _BOLD.sub(r"\g<text>", line)
        item = _ITEM.match(line)
        lines.append(f"• {item['text']}" if item else line)
    return "\n".join(lines).replace("**", "")


def _inline_html(escaped: str) -> str:
    def link(match: re.Match[str]) -> str:
        url = match["url"]
        if not _SAFE_URL.match(url):
            return match[0]
        return f'<a href="{url}">{match["text"]}</a>'

    escaped = _LINK.sub(link, escaped)
    return _BOLD.sub(r"<strong>\g<text></strong>", escaped)


def web_html(text: str) -> SafeString:
    """An answer for the web page: escaped first, then bold, list items and links only.

    Only ``http(s)://`` and site-relative links become anchors; anything else stays text.
    """
    blocks: list[str] = []
    items: list[str] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append("<p>" + "<br>".join(paragraph) + "</p>")
            paragraph.clear()
        if items:
            blocks.append("<ul>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>")
            items.clear()

    for raw in text.splitlines():
        line = _inline_html(escape(raw))
        item = _ITEM.match(raw)
        if item:
            if paragraph:
                flush()
            items.append(_inline_html(escape(item["text"])))
        elif not raw.strip():
            flush()
        else:
            if items:
                flush()
            paragraph.append(line)
    flush()
    # Every piece of the person's or the data's text went through escape() above.
    return mark_safe("".join(blocks))  # noqa: S308
