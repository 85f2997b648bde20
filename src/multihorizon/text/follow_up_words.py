"""The words rule short-follow-ups reads (SPEC-028 §5.2, §3.3; issue 15 item 1), as data:
what makes a short question a request of its own rather than a follow-up on the topic at
hand. Case-folded; read by set tests."""

from __future__ import annotations

__all__ = ["FOLLOW_UP_REQUEST_WORDS"]

# A short question with one of these words asks the assistant for something ("Can you send
# me the form?", "Find one for me please?"): a task of its own. Not "there": "Is there a
# threshold?" asks on (with it, ../shared/data CAsT 2020 intent macro-F1 0.880 -> 0.861).
FOLLOW_UP_REQUEST_WORDS = frozenset(("you", "me", "please", "u", "you'd", "you're"))
