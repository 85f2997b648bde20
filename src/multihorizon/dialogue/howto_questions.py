"""How-to questions name no output by its kind (SPEC-028 §4.1 tool, §5.2 TOOL_REFERENCE; rule
howto-output-nouns; issue 15 item 1).

"How do I get valgrind to write the logs to a file?", "where do I find the router logs on a
fritzbox", "how to download the job logs": a question asking how or where to do something asks
about the world, though "the logs" is a tool-reference phrase (§4.1's marker list) or an output
noun (rule tool-output-nouns). ``without_generic_tools`` drops such a question's tool references
"the" opens; a demonstrative keeps one ("how do I read this profile?": one shown).

Costs nothing for a turn that is not a question; otherwise a look at its first four words.
"""

from __future__ import annotations

import dataclasses

from ..config import Config
from ..text.output_nouns import HOWTO_ASKERS, HOWTO_MODALS, HOWTO_OPENERS, HOWTO_PREAMBLES
from .features import TurnFeatures
from .references import Reference
from .resolution import Resolution

__all__ = ["asks_howto", "without_generic_tools"]


def without_generic_tools(
    resolution: Resolution, features: TurnFeatures, config: Config
) -> tuple[Resolution, bool]:
    """``resolution`` without the tool references "the" opens when the turn is a how-to
    question (``asks_howto``), and whether it is one (rule howto-output-nouns)."""
    if not (config.howto_output_nouns and features.question and asks_howto(features.text)):
        return resolution, False
    kept = tuple(ref for ref in resolution.references if not _generic_tool(ref))
    if len(kept) == len(resolution.references):
        return resolution, True
    resolved = tuple(ref for ref in kept if ref.target_turn is not None)
    has_tool = any(ref.type == "tool" for ref in kept)
    changed = dataclasses.replace(resolution, references=kept, resolved=resolved, has_tool=has_tool)
    return changed, True


def asks_howto(text: str) -> bool:
    """Rule howto-output-nouns: whether a question opens by asking how or where to do
    something ("how do I get valgrind to write the logs to a file", "where can we find the
    router logs", "ok how to export the job logs"): ``HOWTO_OPENERS``, then "to" or an
    auxiliary of ``HOWTO_MODALS`` and a first-person word of ``HOWTO_ASKERS``, after at most
    one word of ``HOWTO_PREAMBLES``."""
    words = [word.strip(_WORD_EDGES) for word in text[:_HOWTO_CHARS].casefold().split()[:4]]
    if words[:1] and words[0] in HOWTO_PREAMBLES:
        words = words[1:]
    if len(words) < 2 or words[0] not in HOWTO_OPENERS:
        return False
    if words[1] == "to":
        return True
    return len(words) >= 3 and words[1] in HOWTO_MODALS and words[2] in HOWTO_ASKERS



def _generic_tool(ref: Reference) -> bool:
    """A tool reference "the" opens ("the logs", "the router logs"): in a how-to question it
    names a kind of output, not one shown."""
    return ref.type == "tool" and ref.surface[:4].casefold() == "the "


_WORD_EDGES = ",.;:!?\"'()"
# The characters of a question read for a how-to opener.
_HOWTO_CHARS = 80
