"""Windows of a turn's tokens, read from one tokenisation of the whole turn.

A reader that looks at a bounded window around each place of interest (``ordinal_mentions``
reads 260 characters around each word that may open an ordinal form) tokenises that window
each time: linear in the turn, but a turn where nearly every word is such a place (a
1,000,000-character run of "1. ") tokenises every character some 90 times. ``WindowTokens``
tokenises the turn once, from the ninth window read (or the first call of ``tokens``), and
gives each window exactly the tokens a scan of that window alone gives (issue 18: linear time,
with a small constant).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from .list_scope import Token

__all__ = ["WindowTokens", "window_tokens"]

# Windows scanned on their own before the whole text is tokenised: most turns read one or two.
_SCANS_BEFORE_WHOLE = 8


def window_tokens(pattern: re.Pattern[str], text: str, low: int, high: int) -> list[Token]:
    """The matches of ``pattern`` in ``text[low:high]`` (a scan of the window alone)."""
    return [(m.group().casefold(), m.start(), m.end()) for m in pattern.finditer(text, low, high)]


class WindowTokens:
    """One tokenisation of ``text`` by ``pattern``, cut into windows on demand.

    ``pattern`` must hold no anchor or lookaround: then a scan of a window matches as the
    whole text's scan does from the first match that starts where a whole-text token starts,
    except that the token crossing the window's end is cut. Before that first common start
    (a window opening inside a token) the window's own scan is used, so every window is
    exactly ``window_tokens(pattern, text, low, high)``."""

    __slots__ = ("_ends", "_pattern", "_scans", "_starts", "_text", "_tokens")

    def __init__(self, pattern: re.Pattern[str], text: str) -> None:
        self._pattern = pattern
        self._text = text
        self._scans = 0
        self._tokens: list[Token] = []
        self._starts: list[int] = []
        self._ends: list[int] = []

    def tokens(self) -> list[Token]:
        """Every token of the text, in order."""
        if self._scans <= _SCANS_BEFORE_WHOLE:
            self._scans = _SCANS_BEFORE_WHOLE + 1
            self._tokens = window_tokens(self._pattern, self._text, 0, len(self._text))
            self._starts = [token[1] for token in self._tokens]
            self._ends = [token[2] for token in self._tokens]
        return self._tokens

    def window(self, low: int, high: int) -> list[Token]:
        """``window_tokens(pattern, text, low, high)``."""
        if self._scans < _SCANS_BEFORE_WHOLE:
            self._scans += 1
            return window_tokens(self._pattern, self._text, low, high)
        self.tokens()
        index = bisect_right(self._ends, low)  # the first token that ends inside the window
        head: list[Token] = []
        if index < len(self._tokens) and self._starts[index] < low:
            # The window opens inside a token: scan it until a match starts where a whole-text
            # token starts (usually the very next one).
            for match in self._pattern.finditer(self._text, low, high):
                at = bisect_left(self._starts, match.start())
                if at < len(self._starts) and self._starts[at] == match.start():
                    index = at
                    break
                head.append((match.group().casefold(), match.start(), match.end()))
            else:
                return head
        stop = bisect_left(self._starts, high, index)
        window = head + self._tokens[index:stop]
        if window and window[-1][2] > high:  # the window's scan cuts its last token
            window[-1:] = window_tokens(self._pattern, self._text, window[-1][1], high)
        return window
