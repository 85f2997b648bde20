"""The words the content hashing embedder leaves out (``hash_embed(...,
skip_function_words=True)``, the default ``HashingEmbedder``): function words and the
phrasing of chat requests, case-folded and split as the embedder splits words ("don't" is
"don" and "t").

Shared by the NumPy and Numba backends; ``cpp/include/multihorizon/function_words.hpp``
holds the same list (``tests/test_hashing.py`` checks that they agree). The list is part of
the embedding's definition: changing it changes vectors, so it needs a new model id
(``multihorizon.embed.HashingEmbedder``).
"""

from __future__ import annotations

__all__ = ["FUNCTION_WORDS"]

# Why these: with them, "Tell me about the Eiffel Tower." and "Tell me about sourdough
# bread." share most of their features (the template), so shared phrasing outweighed
# content in thread assignment and the §5.2 similarity. One block of text reads best.
FUNCTION_WORDS: tuple[str, ...] = tuple(
    """
    a an the this that these those some any each every all both either neither no another
    other such what which whose whatever whichever
    i me my mine myself you your yours yourself yourselves he him his himself she her hers
    herself it its itself we us our ours ourselves they them their theirs themselves one ones
    someone somebody something anyone anybody anything everyone everybody everything nothing
    about above across after against along among around as at before behind below beside
    besides between beyond by down during except for from in inside into near of off on onto
    out outside over past per since than through throughout till to toward towards under
    until up upon via with within without
    and but or nor so yet if then else because although though while whereas whether unless
    once also
    am is are was were be been being have has had having do does did doing done can could
    will would shall should may might must ought
    s t d ll re ve m don doesn didn isn aren wasn weren haven hasn hadn won wouldn shouldn
    couldn mustn shan let
    who whom where when why how
    not very too just only really quite rather now here there again still even ever never
    always already more most much many few less least lot lots bit kind sort
    please thanks thank ok okay yes yeah yep nope hi hello hey oh well sure right alright um
    uh hmm
    tell explain show give help know think want need like wondering wonder curious question
    questions ask asking talk talking discuss regarding back get got make go going learn
    learning understand describe info information details detail mean means overview intro
    introduction basics interesting interested
    """.split()  # noqa: SIM905
)
