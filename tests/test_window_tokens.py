"""A window of a turn's tokens is the same whether the window is scanned alone or cut from
one tokenisation of the whole turn (``dialogue.window_tokens``, issue 18)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from multihorizon.dialogue.window_tokens import WindowTokens, window_tokens

# ``ordinal_mentions``' word pattern: an optional "#", a word, one apostrophe part.
WORD = re.compile(r"#?[^\W_]+(?:['\u2019][^\W_]+)?")
# Words cut anywhere: inside a word, at its apostrophes ("ab'cd'ef" scans as "ab'cd" and
# "ef" whole, but as "cd'ef" from its "c"), at a "#", between words.
PIECES = st.sampled_from(["ab", "c", "'", "\u2019", "#", "2", " ", ".", "_", "é", "\n", "x'y'z"])


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, max_size=40).map("".join), st.data())
def test_every_window_is_the_scan_of_that_window_alone(text: str, data: st.DataObject) -> None:
    whole = WindowTokens(WORD, text)
    whole.tokens()  # cut every window from the whole text's tokens
    low = data.draw(st.integers(0, len(text)))
    high = data.draw(st.integers(low, len(text)))
    assert whole.window(low, high) == window_tokens(WORD, text, low, high)


def test_the_first_windows_are_scanned_and_the_later_ones_cut_alike() -> None:
    text = "don't #2 ab'cd'ef, the 3rd one's x " * 30
    tokens = WindowTokens(WORD, text)
    for low in range(0, len(text) - 40, 7):
        assert tokens.window(low, low + 40) == window_tokens(WORD, text, low, low + 40)
