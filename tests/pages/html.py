"""Read one block of a page as people read it: its text, tags removed, spaces collapsed."""

from __future__ import annotations

import html
import re

_OPENING = r"<(?P<tag>\w+)[^>]*\bid=\"{id}\"[^>]*>"


def block_text(page: str, element_id: str) -> str | None:
    """The text of the element with ``element_id`` (None when the page has no such element)."""
    opening = re.search(_OPENING.format(id=re.escape(element_id)), page)
    if opening is None:
        return None
    tag = opening.group("tag")
    depth, position = 1, opening.end()
    for match in re.finditer(rf"<(/?){tag}\b[^>]*>", page[position:]):
        depth += -1 if match.group(1) else 1
        if depth == 0:
            inner = page[position : position + match.start()]
            break
    else:
        raise AssertionError(f"#{element_id} is never closed")
    text = re.sub(r"<[^>]+>", " ", inner)
    return re.sub(r"\s+", " ", html.unescape(text)).strip()
