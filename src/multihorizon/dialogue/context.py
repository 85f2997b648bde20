"""What the stages of one turn read: the session's state, as one read-only view.

``Session`` builds a ``DialogueContext`` for each turn it plans; the stages (references §4,
intent §5.2, thread §3.3, retrieval §3.2) take it instead of a dozen arguments each, and none
of them changes it: ``Session.commit`` is the only writer.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..config import Config, ThreadThresholds
from ..text.lexicon import Lexicon
from ..tiers.scratch import ScratchBuffer
from .features import TurnFeatures
from .multiparty import Speakers, moves_on, peer_dialogue
from .threads import Threads
from .turnlog import TurnLog

__all__ = ["DialogueContext"]


@dataclass(frozen=True, slots=True)
class DialogueContext:
    """The state one turn's stages read (none of them writes it)."""

    log: TurnLog
    threads: Threads
    speakers: Speakers
    scratch: ScratchBuffer
    lexicon: Lexicon
    config: Config
    thresholds: ThreadThresholds

    def peer_dialogue(self) -> bool:
        """``multiparty.peer_dialogue`` of this log (rule peer-detection): for the rules
        whose module cannot import multiparty (it reads turn features, whose cues import
        those rules), without an import inside each rule (1.8 us a call)."""
        return peer_dialogue(self.log, self.config)

    def moves_on(self, features: TurnFeatures) -> bool:
        """``multiparty.moves_on`` under this config (rule question-topics), for the same
        rules (an import inside a rule ran on every call, gate or not: issue 14)."""
        return moves_on(features, self.config)

    def after_a_reply(self) -> bool:
        """Whether the turn comes right after an assistant reply in an assistant chat of two
        (neither multi-party nor a peer dialogue): where a question can be about the reply."""
        log = self.log
        if not (len(log) > 0 and log.roles[-1] == "assistant"):
            return False
        return not (self.speakers.multi_party(self.config) or self.peer_dialogue())
