"""Words of rule thread-hows (stop 42, issue 15 item 1): a general how-question ("how do
people cut down on X without quitting outright?") and the words of its frame, which name no
thing of its own (``dialogue.thread_hows``)."""

from __future__ import annotations

from .turn_words import OUTCOME_AUXILIARIES

__all__ = ["HOW_ASKS", "HOW_FRAME", "HOW_SUBJECTS"]

# The word after "how" that asks of people in general ("how do people ...", "how can others"):
# the auxiliaries a question on an outcome opens with.
HOW_ASKS = OUTCOME_AUXILIARIES
# Who a general how-question asks about: people in general, not the user ("how do you ..." is
# as often the user's own case, and so is "how can I").
HOW_SUBJECTS = frozenset((
    "people", "others", "other", "most", "folks", "families", "couples", "parents",
    "beginners", "everyone", "anyone", "someone", "somebody", "households", "kids", "many",
    "some",
))  # fmt: skip
# The frame's words, as ``content_terms`` gives them: how much, how far, how it is done ("cut
# down on X without quitting outright", "cut back on X without giving it up completely");
# they tie a question to no thing, so its other words decide whether the thread's own are
# asked on.
HOW_FRAME = frozenset((
    "people", "others", "other", "most", "folks", "family", "couple", "parent", "beginner",
    "everyone", "anyone", "someone", "somebody", "household", "kid", "many", "usually",
    "normally", "typically", "generally", "actually", "really", "cut", "down", "back", "less",
    "more", "without", "quit", "quitting", "stop", "stopping", "give", "giving", "reduce",
    "reducing", "outright", "completely", "entirely", "altogether", "totally", "fully",
    "manage", "deal", "cope", "handle", "keep", "avoid", "stay", "start", "get", "getting",
    "make", "go", "going", "cold", "turkey", "much", "feeling", "miss", "missing",
))  # fmt: skip
