"""Reference resolution (SPEC-028 §4.2): each detected mention resolved to the earlier turn,
enumeration item or scratch entry it points to, with a confidence. Resolution reads the
turn log's entity index and feature columns, never an earlier turn's text more than once."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..config import Config
from ..text.lexicon import Lexicon
from ..text.scan import sentence_spans
from ..text.tokens import STOPWORDS, normalise_term
from ..tiers.scratch import ScratchBuffer
from .actions import (
    NO_REPEAT_CUES,
    REQUEST,
    RepeatCues,
    action_target,
    message_request,
    repeat_cues,
    repeats_a_product,
    repeats_as_form,
    request_words,
)
from .bare_names import name_references
from .detection import FormsGate, detect
from .entity_forms import offered_replies
from .features import TurnFeatures
from .introduced import introducing_turn
from .introduced_entities import introduced_entities
from .multiparty import Speakers, addressed_speaker, reply_to
from .named_resolution import (
    comparative_references,
    crosses,
    definite_references,
    overlaps,
    with_item,
)
from .ordinal_resolution import resolve_ordinal
from .references import Mention, Reference
from .repeat_siblings import sibling_repeats
from .similar_repeats import repeats_similar, similar_kept
from .turnlog import TurnLog
from .verb_repeats import VERB_REPEAT, verb_request

__all__ = ["Resolution", "resolve", "resolve_turn"]


def _word_set(spaced: str) -> frozenset[str]:
    """A word list written as prose-like text."""
    return frozenset(spaced.split())


# ---------------------------------------------------------------------------------------------
# Resolution

# Confidence heuristic (SPEC-028 §4.2 gives none; these are ours, documented here):
#   entity   every term found in one turn within RECENT turns 0.9, within the window 0.7,
#            older 0.5; only some of the terms found: x0.75
#   turn     about-terms all found in a turn of the named speaker 0.9, partly / other role
#            0.7; no about-terms: an explicit "you said"/"I said" 0.8, "earlier"/"above" 0.6;
#            no turn of the named speaker (or about-terms found nowhere): the most recent
#            assistant turn (else any) 0.4 / 0.3
#   ordinal  item in range, enumeration within RECENT turns 0.9, older 0.7; out of range:
#            unresolved
#   action   request within RECENT turns 0.8, older 0.6
#   tool     an entry of the named kind 0.9; no kind named, the newest entry 0.7; the named
#            kind absent, the newest entry of another kind 0.4
RECENT = 10


def resolve(
    mentions: Sequence[Mention],
    log: TurnLog,
    scratch: ScratchBuffer,
    enumerations: Mapping[int, tuple[str, ...]],
    *,
    before: int | None = None,
    window: int = 200,
    offered_instances: bool = False,
    repeated_questions: bool = False,
    said_replies: bool = False,
    repeats_past_clarifications: bool = False,
    repeat_chains: bool = False,
    introducing_turns: bool = False,
    entity_items: bool = False,
    action_words: Sequence[str] = (),
    repeat: RepeatCues = NO_REPEAT_CUES,
    longer_lists: bool = False,
    item_forms: bool = False,
    marker_styles: bool = False,
    place_scopes: bool = False,
    named_lists: bool = False,
) -> list[Reference]:
    """Resolve each mention (SPEC-028 §4.2), one ``Reference`` per mention, in order.

    ``before``: the current turn's id; only earlier turns are targets (default: every turn in
    the log, i.e. the current turn is not logged yet). ``enumerations``: turn id -> the items
    of its last enumeration (``enumeration_items``). ``window`` bounds every backwards walk.
    ``offered_instances`` (``Config.offer_antecedents``): an entity whose latest mention is a
    user's request answered by an offer ("I'd like to watch a movie." "Do you like Rojo?")
    resolves to the offer: "this movie" is Rojo. ``repeated_questions``
    (``Config.repeated_questions``): an action reference may repeat a question.
    ``said_replies`` (rule said-replies): "what length of paddle did you say?" whose words
    only the user's question held resolves to the reply to it. ``repeats_past_clarifications``
    (rule repeats-past-clarifications): "do that again" passes over clarification requests.
    ``repeat_chains`` (rule repeat-chains): past a repeat request, the request it repeated.
    ``entity_items`` (rule entity-items): "the congestion theory" resolved to a turn with a
    list names the one item about congestion. ``action_words`` (rule repeats-named-requests):
    the turn's content words, by which a repeat request picks the request it names.
    ``repeat``: what rules repeat-slots and made-requests read (``actions.repeat_cues``).
    ``longer_lists`` (rule ordinal-forms): "the third" past a two-item list means an earlier
    list with a third item. ``item_forms`` (rule item-forms): an item by a quality ("the
    cheapest one"), the kind of list an item noun names, items matched by their rarer words.
    ``marker_styles`` (rule marker-styles): "option C" / "#3" read the list marked so;
    ``place_scopes`` (rule place-scopes): "the towns you listed" a list answering "where".
    """
    if not mentions:
        return []
    now = len(log) if before is None else max(0, min(before, len(log)))
    resolved: list[Reference] = []
    for mention in mentions:
        if mention.type == "entity":
            reference = _resolve_entity(mention, log, now, window)
            if offered_instances and reference.target_turn is not None:
                reference = _offered_instance(reference, reference.target_turn, log, now)
            if entity_items:
                lists = log if item_forms else None
                reference = with_item(reference, mention.terms, enumerations, lists)
        elif mention.type == "turn":
            reference = _resolve_turn(mention, log, enumerations, now, window)
            if introducing_turns and len(mention.terms) > 0:  # rule introducing-turns
                masks = _coverage(log, mention.terms, now)
                reference = introducing_turn(mention, reference, log, masks)
            if said_replies and reference.target_turn is not None:
                reference = _said_reply(mention, reference, log, now)
        elif mention.type == "ordinal":
            reference = resolve_ordinal(
                mention, log, enumerations, now, window, longer_lists, item_forms,
                marker_styles, place_scopes, named_lists=named_lists,
            )  # fmt: skip
            if reference.target_turn is None and mention.ordinal is None and not mention.quality:
                # "the one about X" where no list item is about X: the turn about X.
                reference = _resolve_turn(mention, log, enumerations, now, window)
                reference = replace(reference, type="turn")
        elif mention.type == "action":
            reference = _resolve_action(
                mention, log, now, window, repeated_questions, repeats_past_clarifications,
                action_words, repeat_chains, repeat,
            )  # fmt: skip
        else:
            reference = _resolve_tool(mention, scratch, now)
        resolved.append(reference)
    return resolved


def _unresolved(mention: Mention) -> Reference:
    return Reference(mention.type, mention.surface, mention.start, mention.end, None)


def _target(
    mention: Mention,
    turn: int,
    confidence: float,
    *,
    item: str | None = None,
    scratch_entry: str | None = None,
) -> Reference:
    return Reference(
        mention.type,
        mention.surface,
        mention.start,
        mention.end,
        turn,
        item=item,
        scratch_entry=scratch_entry,
        confidence=round(min(1.0, max(0.0, confidence)), 3),
    )


def _age_confidence(age: int, window: int, recent: float, windowed: float, old: float) -> float:
    return recent if age <= RECENT else windowed if age <= window else old


_PER_TERM = 64  # postings read per term: bounds the work on a term every turn mentions


def _coverage(
    log: TurnLog, terms: Sequence[str], now: int, per_term: int = _PER_TERM
) -> dict[int, int]:
    """Turn id -> bit mask of the ``terms`` it mentions (bit i: terms[i]), for turns before
    ``now``. Reads only each term's last ``per_term`` postings (bisected), so the cost does not
    grow with the log."""
    masks: dict[int, int] = {}
    for bit, term in enumerate(terms):
        postings = log.turns_mentioning(term)
        cut = bisect_left(postings, now)
        for position in range(cut - 1, max(-1, cut - 1 - per_term), -1):
            turn = postings[position]
            masks[turn] = masks.get(turn, 0) | (1 << bit)
    return masks


def _resolve_entity(mention: Mention, log: TurnLog, now: int, window: int) -> Reference:
    """SPEC-028 §4.2: entity -> the most recent turn mentioning it (entity index, normalised).

    A multi-word phrase ("that race condition") ranks turns by: mentions its first noun (the
    word right after the demonstrative is almost always part of the noun phrase; later words
    may be a verb, as in "this tradition start?"), then how many of its words, then recency.
    """
    terms = mention.terms
    if len(terms) == 1:
        postings = log.turns_mentioning(terms[0])
        cut = bisect_left(postings, now)
        if not cut:
            return _unresolved(mention)
        turn, matched = postings[cut - 1], 1
        # A turn that only re-refers ("could you expand on these methods?") is not the
        # antecedent: step back to the turn that introduced the term (a few steps at most).
        contents = log.contents
        for position in range(cut - 1, max(-1, cut - 1 - _REREFER_STEPS), -1):
            turn = postings[position]
            if not _only_rereferenced(contents[turn], terms[0]):
                break
        else:
            turn = postings[cut - 1]
    else:
        masks = _coverage(log, terms, now)
        if not masks:
            return _unresolved(mention)
        turn = max(masks, key=lambda turn: (masks[turn] & 1, masks[turn].bit_count(), turn))
        matched = masks[turn].bit_count()
    confidence = _age_confidence(now - turn, window, 0.9, 0.7, 0.5)
    if matched < len(terms):
        confidence *= 0.75
    return _target(mention, turn, confidence)


def _offered_instance(reference: Reference, turn: int, log: TurnLog, now: int) -> Reference:
    """The reply that offered an instance of what the referenced user turn asked for, if the
    reply came right after it; else ``reference`` unchanged. A user turn that tells rather
    than asks ("my parser has a bug", then "that bug") keeps the reference. sgd acc@1 0.764
    -> 0.769."""
    reply = turn + 1
    if (
        reply < now
        and log.roles[turn] == "user"
        and log.roles[reply] == "assistant"
        and log.features[reply].offers
        and log.features[turn].asks_for
    ):
        return replace(reference, target_turn=reply)
    return reference


_REREFER_STEPS = 4
_DEMONSTRATIVES = ("this", "that", "these", "those")


def _only_rereferenced(content: str, term: str) -> bool:
    """True when every occurrence of ``term`` (a word start) in ``content`` follows a
    demonstrative ("these methods"): the turn points back, it does not introduce the term."""
    folded = content.casefold()
    position = folded.find(term)
    seen = False
    while position >= 0:
        if position == 0 or not folded[position - 1].isalnum():
            seen = True
            previous = folded[max(0, position - 12) : position].split()
            if not previous or previous[-1] not in _DEMONSTRATIVES:
                return False
        position = folded.find(term, position + 1)
    return seen


def _last_of_role(log: TurnLog, role: str, now: int, window: int) -> int:
    roles = log.roles
    for turn in range(now - 1, max(-1, now - 1 - window), -1):
        if roles[turn] == role:
            return turn
    return -1


def _resolve_turn(
    mention: Mention,
    log: TurnLog,
    enumerations: Mapping[int, tuple[str, ...]],
    now: int,
    window: int,
) -> Reference:
    """SPEC-028 §4.2: turn -> the most recent assistant turn; with about-terms, the turn (of
    the named speaker first) mentioning the most of them, with its sentence about them."""
    role = mention.speaker or "assistant"
    if mention.terms:
        turn, matched = _best_about(log, mention.terms, role, now)
        if turn >= 0:
            full = matched == len(mention.terms) and log.roles[turn] == role
            item = _item_about(enumerations.get(turn, ()), mention.terms) or _sentence_about(
                log.contents[turn], mention.terms
            )
            return _target(mention, turn, 0.9 if full else 0.7, item=item)
    turn = _last_of_role(log, role, now, window)
    if turn >= 0:
        explicit = mention.speaker is not None
        confidence = 0.3 if mention.terms else 0.8 if explicit else 0.6
        return _target(mention, turn, confidence)
    # No turn of that role in reach (e.g. a log of user turns only): the most recent turn.
    if now > 0:
        return _target(mention, now - 1, 0.3 if mention.terms else 0.4)
    return _unresolved(mention)


def _best_about(log: TurnLog, terms: Sequence[str], role: str, now: int) -> tuple[int, int]:
    """The turn mentioning the most about-terms; among equals one of the named speaker's role,
    then the most recent. (-1, 0) when no turn mentions any."""
    roles = log.roles
    if len(terms) == 1:
        # One term: the most recent turn of the speaker's role mentioning it, else the most
        # recent mentioning it at all.
        postings = log.turns_mentioning(terms[0])
        cut = bisect_left(postings, now)
        if not cut:
            return -1, 0
        for position in range(cut - 1, max(-1, cut - 1 - _PER_TERM), -1):
            if roles[postings[position]] == role:
                return postings[position], 1
        return postings[cut - 1], 1
    masks = _coverage(log, terms, now)
    if not masks:
        return -1, 0
    best = max(masks, key=lambda turn: (masks[turn].bit_count(), roles[turn] == role, turn))
    return best, masks[best].bit_count()


def _mentions_count(text: str, terms: Sequence[str]) -> int:
    """How many of ``terms`` occur in ``text`` as a word start (case-folded; "garden" matches
    "gardens")."""
    folded = text.casefold()
    count = 0
    for term in terms:
        position = folded.find(term)
        while position >= 0:
            if position == 0 or not folded[position - 1].isalnum():
                count += 1
                break
            position = folded.find(term, position + 1)
    return count


def _item_about(items: Sequence[str], terms: Sequence[str]) -> str | None:
    best, best_count = None, 0
    for item in items:
        count = _mentions_count(item, terms)
        if count > best_count:
            best, best_count = item, count
    return best


def _sentence_about(content: str, terms: Sequence[str]) -> str | None:
    """The sentence of ``content`` that mentions the most of ``terms`` (the first of equals)."""
    best, best_count = None, 0
    for start, end in sentence_spans(content):  # one pass: no backtracking over a long run
        count = _mentions_count(content[start:end], terms)
        if count > best_count:
            best, best_count = content[start:end].strip(), count
            if count == len(terms):
                break
    return best


def _said_reply(mention: Mention, reference: Reference, log: TurnLog, now: int) -> Reference:
    """Rule said-replies: a reference to what the assistant said ("What length of paddle did
    you say?") whose words only the user's question held ("What paddle length should I
    get?") means the reply to that question, which answered it in other words."""
    turn = reference.target_turn
    assert turn is not None
    reply = turn + 1
    if mention.speaker != "assistant" or log.roles[turn] != "user" or reply >= now:
        return reference
    if log.roles[reply] != "assistant":
        return reference
    item = _sentence_about(log.contents[reply], mention.terms)
    return _target(mention, reply, reference.confidence, item=item)


def _resolve_action(
    mention: Mention,
    log: TurnLog,
    now: int,
    window: int,
    questions: bool,
    past_clarifications: bool = False,
    words: Sequence[str] = (),
    chains: bool = False,
    repeat: RepeatCues = NO_REPEAT_CUES,
) -> Reference:
    """SPEC-028 §4.1 "do it again": the last user request it repeats (``actions``)."""
    # Rule message-repeats: "same again for the builders, asking ..." -> the email request.
    found = message_request(log, now, window, repeat.made) if repeat.message else None
    if found is None and mention.kind == VERB_REPEAT:  # rule verb-repeats
        turn = verb_request(log, mention.surface, now, window, ran=repeat.ran)
        if turn is None:
            # "ok check the forecast again" where no request checked anything: it repeats
            # nothing said here, not the latest request of other words.
            return _unresolved(mention)
        found = (turn, REQUEST)
    found = found or action_target(
        log, mention.surface, now, window, questions=questions,
        past_clarifications=past_clarifications, words=words, chains=chains,
        slot=repeat.slot, made=repeat.made, named_questions=repeat.named_questions,
        latest=repeat.latest, ran=repeat.ran, slot_requests=repeat.slot_requests,
    )  # fmt: skip
    if found is None:
        return _unresolved(mention)
    turn, how = found
    if how == REQUEST:
        return _target(mention, turn, _age_confidence(now - turn, window, 0.8, 0.6, 0.6))
    return _target(mention, turn, 0.5)


def _resolve_tool(mention: Mention, scratch: ScratchBuffer, now: int) -> Reference:
    """SPEC-028 §4.2: tool -> scratch_buffer.most_recent(kind), target = its turn."""
    entry = scratch.most_recent(mention.kind)
    if entry is None or entry.turn_id > now:
        return _unresolved(mention)
    if mention.kind is None:
        confidence = 0.7
    elif entry.kind == mention.kind:
        confidence = 0.9
    else:
        confidence = 0.4
    if entry.turn_id < 0:
        # Output recorded before the first turn: the entry is the referent, no turn is.
        return Reference(
            mention.type, mention.surface, mention.start, mention.end,
            target_turn=None, item=None, scratch_entry=entry.entry_id, confidence=confidence,
        )  # fmt: skip
    return _target(mention, entry.turn_id, confidence, scratch_entry=entry.entry_id)


@dataclass(frozen=True, slots=True)
class Resolution:
    """The references stage of one turn (SPEC-028 §4): every reference detected, those that
    resolved, and the multi-party reply-to (rule multi-party-threads)."""

    references: tuple[Reference, ...]
    resolved: tuple[Reference, ...]
    has_tool: bool  # a tool reference resolved (§5.2's first check)
    prior: int  # references to prior content that resolved
    addressee: str | None  # case-folded: the speaker this turn addresses
    reply_to: int  # the turn a multi-party message replies to, or -1
    # Rule definite-references: "the blender" resolved to the turn that introduced it. In
    # ``references`` (the envelope shows them), antecedents and Tier C retrieval; not in
    # ``resolved``, which the §5.2 intent and §3.3 thread rules read.
    named: tuple[Reference, ...] = ()
    # Whether detection found a mention in the turn, resolved or not (``Session.user``'s
    # intent stage: with none, the native settle may decide a turn whose marker was pending).
    detected: bool = False

    def with_changed(self, changed: Mapping[int, Reference]) -> Resolution:
        """This resolution with each reference whose ``id`` is a key of ``changed`` replaced
        by its value, in ``references``, ``resolved`` and ``named`` alike: what a rule that
        retargets references after the stage returns."""
        return replace(
            self,
            references=tuple(changed.get(id(ref), ref) for ref in self.references),
            resolved=tuple(changed.get(id(ref), ref) for ref in self.resolved),
            named=tuple(changed.get(id(ref), ref) for ref in self.named),
        )

    def with_named(self, *added: Reference) -> Resolution:
        """This resolution with ``added`` among its references and its named ones (a rule's
        own reference, found after the stage from what the turn names)."""
        return replace(self, references=(*self.references, *added), named=(*self.named, *added))

    def with_first(self, picked: Reference) -> Resolution:
        """This resolution with ``picked`` first among its references and its named ones (an
        item the turn picks outranks what the stage found)."""
        return replace(self, references=(picked, *self.references), named=(picked, *self.named))


# No reference, no addressee, no reply-to: what most turns of a two-party chat resolve to.
_NO_REFERENCES = Resolution((), (), has_tool=False, prior=0, addressee=None, reply_to=-1)
# The same, for a turn whose mentions all fell away.
_NONE_KEPT = replace(_NO_REFERENCES, detected=True)


def resolve_turn(
    content: str,
    features: TurnFeatures,
    who: str | None,
    log: TurnLog,
    scratch: ScratchBuffer,
    speakers: Speakers,
    lexicon: Lexicon,
    config: Config,
    *,
    named_references: bool = True,
    mentions: list[Mention] | None = None,
    forms_gate: FormsGate | None = None,
) -> Resolution:
    """SPEC-028 §4: one detection pass over the marker hits, then resolution; a turn that
    addresses a known speaker refers to their latest turn (rules speaker-addressing,
    name-mentions). ``named_references=False`` skips rule definite-references ("the
    blender"): what it finds is in ``references`` and ``named`` only, never in ``resolved``,
    ``has_tool`` or ``prior``, so an intent-only caller (``Session.classify``) gets the same
    intent without it. ``mentions``, ``forms_gate``: ``detect``'s result and gate, if given."""
    if mentions is None:
        mentions = detect(
            content, features.hits, lexicon, ordinal_forms=config.ordinal_forms,
            item_forms=config.item_forms, forms_gate=forms_gate, verb_repeats=config.verb_repeats,
            version_repeats=config.version_repeats,
        )  # fmt: skip
    mentions = similar_kept(mentions, config)  # rules similar-repeats, object-repeats
    references: tuple[Reference, ...] = ()
    if mentions:  # most turns have none: skip the bookkeeping on the hot path
        said = content, mentions, config
        found = resolve(
            mentions, log, scratch, log.enumerations,
            window=config.reference_search_window,
            offered_instances=config.offer_antecedents,
            repeated_questions=config.repeated_questions
            and not (repeats_as_form(*said) or repeats_a_product(mentions, config))
            and not repeats_similar(mentions),
            said_replies=config.said_replies,
            repeats_past_clarifications=config.repeats_past_clarifications,
            repeat_chains=config.repeat_chains,
            introducing_turns=config.introducing_turns,
            entity_items=config.entity_items,
            action_words=request_words(content, mentions, features.terms, config),
            repeat=repeat_cues(content, mentions, config),
            longer_lists=config.ordinal_forms, item_forms=config.item_forms,
            marker_styles=config.marker_styles, place_scopes=config.place_scopes,
            named_lists=config.named_list_items,
        )  # fmt: skip
        if config.repeat_siblings:  # "and again for the Osman": the sibling's request
            found = sibling_repeats(mentions, found, content, log, config.reference_search_window)
        found = offered_replies(mentions, found, log) if config.entity_forms else found
        references = _kept(mentions, introduced_entities(mentions, found, features, log, config))
    if references and config.entity_references:
        references = tuple(_thing_said(ref, content, log) for ref in references)
    named: tuple[Reference, ...] = ()
    if not speakers.latest:  # a multi-party chat's references are its addressing
        compared, spans = comparative_references(content, log, config)
        if compared:
            # "the lighter one" is no reference to a turn of its own: the comparison picks;
            # but "the cheapest one" that named a list's item (rule item-forms) is the item.
            items = tuple(ref for ref in references if ref.type == "ordinal" and ref.item)
            references = tuple(r for r in references if r in items or not overlaps(r, spans))
            compared = tuple(ref for ref in compared if not any(crosses(ref, i) for i in items))
        if named_references:  # what they find never reaches the intent (``classify``)
            named = compared + name_references(content, features, references, log, config)
            named += definite_references(content, features, references, log, config, spans)
    if not references and not named and not speakers.latest:  # the common turn
        return _NONE_KEPT if mentions else _NO_REFERENCES  # nothing to resolve or address
    addressed = addressed_speaker(content, features, who, speakers, config)
    if addressed is not None:
        references = (addressed, *references)
    resolved = tuple(ref for ref in references if ref.target_turn is not None)
    # Rule definite-references: "the blender" is an antecedent and pulled into context, but
    # neither makes the turn a drill-down nor decides its reply-to (the §5.2 and §3.3 rules
    # read the references the spec names).
    return Resolution(
        references=references + named,
        resolved=resolved,
        has_tool=any(ref.type == "tool" for ref in references),
        prior=sum(1 for ref in resolved if ref.type != "tool"),
        addressee=addressed.surface.casefold() if addressed is not None else None,
        reply_to=reply_to(resolved, who, len(log), speakers, config),
        named=named,
        detected=bool(mentions),
    )


def _kept(mentions: Sequence[Mention], references: Sequence[Reference]) -> tuple[Reference, ...]:
    """The references of a turn: an ordinal whose noun names no list ("the third hotel" with
    no list of hotels, "the final exam") is no reference at all."""
    return tuple(
        reference
        for mention, reference in zip(mentions, references, strict=True)
        if reference.target_turn is not None or not mention.scope_required
    )


# Words before "you mentioned" that make it describe a thing: "the grinder you suggested",
# "that hotel you mentioned".
_THING_DETERMINERS = frozenset({"the", "that", "this", "those", "these"})


def _thing_said(reference: Reference, content: str, log: TurnLog) -> Reference:
    """Rule entity-references: "the grinder you suggested" is the assistant's turn naming the
    grinder, not its latest turn (a turn reference with a noun before it). (Finding the
    grinder as "the grinder" is found, ``resolve_definite``, took "the grinder you
    suggested" to the answer to "What grinder would go with the Gaggia?", but moved sgd's
    "the salon you found" and cost sgd resumption 0.861 -> 0.856: this reference decides
    threads.)"""
    if reference.type != "turn" or reference.target_turn is None or reference.item is not None:
        return reference
    before = content[max(0, reference.start - 40) : reference.start].split()
    if len(before) < 2 or before[-2].casefold() not in _THING_DETERMINERS:
        return reference
    noun = normalise_term(before[-1].strip(".,;:!?\"'"))
    if not noun or noun in STOPWORDS:
        return reference
    turn, _ = _best_about(log, (noun,), "assistant", reference.target_turn + 1)
    if turn < 0 or log.roles[turn] == "user":
        return reference
    return replace(reference, target_turn=turn)
