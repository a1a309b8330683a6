"""Split an entry's markdown into retrieval chunks: one per section, long ones by paragraph.

Each chunk keeps its heading and carries the entry's title into what is searched and embedded,
so a short section ("Plazos trimestrales") still says what it is about (DESIGN §4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_CHUNK_CHARS = 900
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


@dataclass(frozen=True)
class ChunkText:
    heading: str
    content: str


def _paragraph_groups(paragraphs: list[str]) -> list[str]:
    groups: list[str] = []
    current: list[str] = []
    for paragraph in paragraphs:
        if current and len("\n\n".join([*current, paragraph])) > MAX_CHUNK_CHARS:
            groups.append("\n\n".join(current))
            current = []
        current.append(paragraph)
    if current:
        groups.append("\n\n".join(current))
    return groups


def split_markdown(body: str) -> list[ChunkText]:
    """Return the sections of ``body`` (the level-1 title line dropped), split if too long."""
    sections: list[tuple[str, list[str]]] = [("", [])]
    for line in body.splitlines():
        match = _HEADING.match(line)
        if match and len(match.group(1)) == 1:
            continue
        if match:
            sections.append((match.group(2), []))
        else:
            sections[-1][1].append(line)
    chunks: list[ChunkText] = []
    for heading, lines in sections:
        paragraphs = [p.strip() for p in re.split(r"\n\s*\n", "\n".join(lines)) if p.strip()]
        chunks.extend(ChunkText(heading, group) for group in _paragraph_groups(paragraphs))
    return chunks
