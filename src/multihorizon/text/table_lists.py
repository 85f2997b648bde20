"""Markdown tables read as lists (SPEC-028 §4.1 "the second option" -> which enumeration?, rule
table-rows): each body row of a pipe table is one item ("the second row", "the Pro plan"),
its cells joined by " | ". ``text.enumerations`` reads them with a reply's other lists.

A table is a run of lines that open with "|" and whose second line is a separator
("|---|:--:|"); the header row is no item, and the list starts at the separator so the
header is the list's lead ("| Plan | Price |": "the first plan" names it). One pass over the
text's lines with ``str`` methods (linear time)."""

from __future__ import annotations

__all__ = ["table_lists"]

_SEPARATOR_CHARS = frozenset("|-: \t")
_CELL_MARKUP = " \t*_`"


def table_lists(text: str, out: list[tuple[int, int, list[str]]]) -> None:
    """Append (start, end, rows) for each pipe table of ``text`` with two or more body rows:
    start is the separator line's, end the last row's; each row its non-empty cells."""
    if "|" not in text:
        return  # most replies: no table
    rows: list[tuple[int, int, str]] = []  # the open run of table lines: (start, end, line)
    offset = 0
    for line in text.splitlines(keepends=True):
        stripped = line.rstrip("\r\n")
        start, offset = offset, offset + len(line)
        if stripped.lstrip(" \t").startswith("|") and stripped.count("|") >= 2:
            rows.append((start, start + len(stripped), stripped.strip()))
            continue
        _close(rows, out)
        rows = []
    _close(rows, out)


def _close(rows: list[tuple[int, int, str]], out: list[tuple[int, int, list[str]]]) -> None:
    if len(rows) < 4 or not _separator(rows[1][2]):
        return  # a header, a separator and at least two body rows
    items = [_row(line) for _, _, line in rows[2:] if not _separator(line)]
    items = [item for item in items if item]
    if len(items) >= 2:
        out.append((rows[1][0], rows[-1][1], items))


def _separator(line: str) -> bool:
    return "-" in line and all(char in _SEPARATOR_CHARS for char in line)


def _row(line: str) -> str:
    cells = (cell.strip(_CELL_MARKUP) for cell in line.strip("|").split("|"))
    return " | ".join(cell for cell in cells if cell)
