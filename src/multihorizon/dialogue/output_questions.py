"""The rules that add a tool reference for what a question asks of the outputs by its own
words, after rule tool-reference-match (SPEC-028 §4.1 tool, §5.2; issue 15 item 1): rule
it-said-outputs ("which host did it say timed out?", ``said_outputs``), then rule
output-selectors ("the one that returned 404", ``output_selectors``), which moves any tool
reference to the output its selector picks. Both run for the intent as for the envelope."""

from __future__ import annotations

from ..config import Config
from ..tiers.scratch import ScratchBuffer
from .features import TurnFeatures
from .output_selectors import with_selected_output
from .resolution import Resolution
from .said_outputs import with_said_output
from .turnlog import TurnLog

__all__ = ["with_output_questions"]


def with_output_questions(
    resolution: Resolution,
    features: TurnFeatures,
    scratch: ScratchBuffer,
    log: TurnLog,
    config: Config,
) -> Resolution:
    """``resolution`` after rules it-said-outputs and output-selectors."""
    resolution = with_said_output(resolution, features, scratch, log, config)
    return with_selected_output(resolution, features, scratch, log, config)
