"""Stop 38's list work (issue 15 item 1, the lists38 session): an ordinal picks the list the
assistant laid out over a later inline comma series (rule laid-out-lists), a series the turn
names by a demonstrative or its words (named-series), the user's own colon list with no
joiner and "the one I put down" (own-list-forms); with the floor of
``lists_holdout38.jsonl``, written before any of it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.evaluation import evaluate
from multihorizon.text.list_layout import colon_series, inline_series, sentence_series

DATA = Path(__file__).parent / "data" / "handwritten"

_STEPS = (
    "Here are the four steps:\n1. Drain the system\n2. Flush the valve\n3. Refill to 1.5 bar\n"
    "4. Bleed the radiators"
)
_TOOLS = "For that you'll want a spanner, a bucket, some PTFE tape and an old towel."
_OFFERED = "You could try a hose clamp, a rubber bung, or a bit of cling film."
_WAYS = (
    "Three ways to start it:\n(a) a story about meeting the groom\n(b) a quote with a twist\n"
    "(c) a joke about your nerves"
)
_BRING = "On the day you could bring a printed copy, a glass of water, a pen or cue cards."
_PROSE = (
    "First, scrub the fence with a stiff brush and let it dry. Then, sand back the flaky "
    "patches. Next, apply preserver to bare wood. Finally, paint two coats with a wide brush."
)
_SPRAY = "A sprayer is faster. Use a fence sprayer, some dust sheets, masking tape and a mask."


def _session(history: list[tuple[str, str]], config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config or mh.Config())
    for role, text in history:
        (session.user if role == "user" else session.assistant)(text)
    return session


def _items(history: list[tuple[str, str]], query: str, config: mh.Config | None = None):
    envelope = _session(history, config).user(query)
    return [ref.item for ref in envelope.references if ref.item is not None]


def _steps_then(reply: str) -> list[tuple[str, str]]:
    return [
        ("user", "how do I flush my heating system?"),
        ("assistant", _STEPS),
        ("user", "what do I need for it?"),
        ("assistant", reply),
    ]


# ---- the text reads ---------------------------------------------------------------------------


def test_inline_series_is_one_sentence_unmarked() -> None:
    assert inline_series(_BRING, ("a printed copy", "a glass of water", "a pen", "cue cards"))
    items = ("Drain the system", "Flush the valve", "Refill to 1.5 bar", "Bleed the radiators")
    assert not inline_series(_STEPS, items)  # numbered
    prose = ("scrub the fence", "sand back the flaky patches", "apply preserver to bare wood")
    assert not inline_series(_PROSE, prose)  # spans sentences
    assert not inline_series("Just one: a spanner.", ("a spanner",))


def test_colon_series_needs_three_short_parts() -> None:
    assert colon_series("my shortlist: Lisbon, Porto, Faro. which is best?") == (
        "Lisbon",
        "Porto",
        "Faro",
    )
    quotes = "Three quotes: £2,400 from Acme, £3,100 from Brite, £2,750 from Cole"
    assert colon_series(quotes) == ("£2,400 from Acme", "£3,100 from Brite", "£2,750 from Cole")
    assert colon_series("Note: it failed, twice") == ()  # two parts
    long_part = "Update: the pump failed again after we replaced the seal last week, sadly, oh"
    assert colon_series(long_part) == ()
    assert colon_series("no colon, here, at all") == ()


def test_sentence_series_reads_the_items_after_the_lead() -> None:
    assert sentence_series(_TOOLS) == ("a spanner", "a bucket", "some PTFE tape", "an old towel")
    checks = "Before you build it, check the SMART data, update the firmware and note serials."
    assert sentence_series(checks) == ("the SMART data", "update the firmware", "note serials")
    assert sentence_series("You need distilled water, a cloth, a brush and a rack.") == (
        "distilled water",
        "a cloth",
        "a brush",
        "a rack",
    )
    assert sentence_series("You need water, a cloth and a rack.") == ()  # one comma: prose
    assert sentence_series("Fine, thanks.") == ()
    assert sentence_series("It rained. We stayed in.") == ()


@pytest.mark.timed
@pytest.mark.parametrize("read", [colon_series, sentence_series], ids=lambda f: f.__name__)
@pytest.mark.parametrize("unit", ["a, ", ": a, b, ", "x. ", "1,000, ", "(a, ", "\n"], ids=repr)
def test_series_reads_are_linear(read, unit: str) -> None:
    def cost(size: int) -> float:
        text = unit * (size // len(unit))
        spent = []
        for _ in range(3):  # best of three: the machine is shared
            start = time.perf_counter()
            read(text)
            spent.append(time.perf_counter() - start)
        return min(spent)

    small, large = cost(10_000), cost(100_000)
    assert large <= 30 * max(small, 0.005), (small, large)


# ---- rule laid-out-lists ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "item"),
    [
        ("what does the penultimate step involve?", "Refill to 1.5 bar"),
        ("the second step - how long does it take?", "Flush the valve"),
        ("#3, is it safe to do alone?", "Refill to 1.5 bar"),
        ("the last one you named, every radiator?", "Bleed the radiators"),
    ],
)
def test_ordinal_picks_the_laid_out_list_over_a_later_offer(query: str, item: str) -> None:
    assert _items(_steps_then(_OFFERED), query)[:1] == [item]


@pytest.mark.parametrize("chat", [2, 4, 6])
def test_a_series_some_exchanges_old_still_yields_to_the_list_before_it(chat: int) -> None:
    history = _steps_then(_OFFERED)
    for n in range(chat):
        history += [("user", f"ok, tried it, round {n} done"), ("assistant", "Good, carry on.")]
    assert _items(history, "the second step - how long does it take?")[:1] == ["Flush the valve"]
    assert _items(history, "what about the last point?")[:1] == ["Bleed the radiators"]
    off = mh.Config().replace(laid_out_lists=False)
    assert _items(history, "what about the last point?", off)[:1] == ["a bit of cling film"]


def test_without_the_rule_the_latest_series_is_read() -> None:
    off = mh.Config().replace(laid_out_lists=False)
    items = _items(_steps_then(_OFFERED), "the second one - how long?", off)
    assert items[:1] == ["a rubber bung"]


def test_ordinal_noun_of_a_lead_synonym_picks_the_ways() -> None:
    history = [("user", "how do I open a best man speech?"), ("assistant", _WAYS)]
    history += [("user", "what should I bring?"), ("assistant", _BRING)]
    assert _items(history, "the second approach, is it cheesy?")[:1] == ["a quote with a twist"]
    assert _items(history, "the first idea, how long?")[:1] == ["a story about meeting the groom"]


def test_the_series_kept_when_the_turn_names_it() -> None:
    history = [("user", "how do I open a best man speech?"), ("assistant", _WAYS)]
    history += [("user", "what should I bring?"), ("assistant", _BRING)]
    assert _items(history, "the second of those, really?")[:1] == ["a glass of water"]
    assert _items(history, "the last thing you said to bring, paper?")[:1] == ["cue cards"]


def test_a_series_alone_or_too_short_a_list_keeps_the_series() -> None:
    alone = [("user", "how do I stop the leak for now?"), ("assistant", _OFFERED)]
    assert _items(alone, "the second one, how long does it last?")[:1] == ["a rubber bung"]
    two = [("user", "which?"), ("assistant", "Two options:\n- a clamp\n- a bung")]
    two += [("user", "and?"), ("assistant", _OFFERED)]
    assert _items(two, "the third one, is it safe?")[:1] == ["a bit of cling film"]


def test_a_choice_just_offered_keeps_a_bare_ordinal() -> None:
    history = [("user", "how do I reseal the bath?"), ("assistant", _STEPS)]
    history += [("user", "which sealant should I use?"), ("assistant", _OFFERED)]
    assert _items(history, "the second one, is it paintable?")[:1] == ["a rubber bung"]
    assert _items(history, "the second step, how long?")[:1] == ["Flush the valve"]


def test_the_latter_and_named_items_are_not_moved() -> None:
    items = _items(_steps_then(_OFFERED), "the latter, does it hold pressure?")
    assert items[:1] == ["a bit of cling film"]


def test_prose_ordinals_are_laid_out_and_the_echoed_item_stays() -> None:
    history = [("user", "best way to repaint a flaky fence?"), ("assistant", _PROSE)]
    history += [("user", "Spray or brush?"), ("assistant", _SPRAY)]
    first = _items(history, "the first one, how stiff a brush?")
    assert first[:1] == ["scrub the fence with a stiff brush and let it dry"]
    assert _items(history, "the second step, what grit?")[:1] == ["sand back the flaky patches"]


# ---- rule named-series --------------------------------------------------------------------


def test_named_series_picks_the_unparsed_series() -> None:
    history = _steps_then(_TOOLS)
    assert _items(history, "the second of those tools, any size?")[:1] == ["a bucket"]
    off = mh.Config().replace(named_series=False)
    assert _items(history, "the second of those tools, any size?", off)[:1] == ["Flush the valve"]
    assert _items(history, "the second step, how long?")[:1] == ["Flush the valve"]


def test_named_series_a_few_replies_back() -> None:
    history = _steps_then(_TOOLS)
    history += [("user", "can I do it alone?"), ("assistant", "Yes, it's a one-person job.")]
    history += [("user", "done the draining"), ("assistant", "Good, now flush it.")]
    assert _items(history, "the first of those, metric?")[:1] == ["a spanner"]
    assert _items(history, "the last of them, how old?")[:1] == ["an old towel"]
    assert _items(history, "the third step, how long?")[:1] == ["Refill to 1.5 bar"]
    later = [*history, ("user", "options?"), ("assistant", "Options:\n- a hose\n- a pump")]
    assert _items(later, "the second of those?")[:1] == ["a pump"]  # the list is more recent


def test_named_series_by_a_word_of_the_question() -> None:
    history = [("user", "what should I pack for the hut?")]
    history += [("assistant", "Pack some gloves, a head torch, a kneeling mat and a bin bag.")]
    assert _items(history, "the 3rd thing to pack, any old one?")[:1] == ["a kneeling mat"]


# ---- rule own-list-forms ------------------------------------------------------------------

_QUOTES = "I've got three quotes: £2,400 from Acme, £3,100 from Brite, £2,750 from Cole. Which?"
_CHECK = "Check what each includes: the flush, the filter, the warranty and the old unit's removal."


@pytest.mark.parametrize(
    ("query", "item"),
    [
        ("what about the first one I listed?", "£2,400 from Acme"),
        ("number 3 on my list, fair?", "£2,750 from Cole"),
        ("the second one I put down looks high", "£3,100 from Brite"),
        ("the last of mine, worth it?", "£2,750 from Cole"),
    ],
)
def test_own_colon_list_without_a_joiner(query: str, item: str) -> None:
    history = [("user", _QUOTES), ("assistant", _CHECK)]
    assert _items(history, query)[:1] == [item]


_CITIES = "week away in october. my shortlist: 1) Lisbon 2) Porto 3) Faro. best for food?"
_PASSING = "Porto for food. Pack light layers, a rain jacket, comfy shoes and an adapter."


@pytest.mark.parametrize(
    ("query", "item"),
    [
        ("the third city I mentioned, beaches warm?", "Faro"),
        ("the 2nd on my shortlist, walkable?", "Porto"),
        ("the first time I mentioned it, was that rainy?", None),
    ],
)
def test_ordinal_word_with_a_cue_picks_the_own_item(query: str, item: str | None) -> None:
    history = [("user", _CITIES), ("assistant", _PASSING)]
    assert _items(history, query)[:1] == ([item] if item else [])


def test_own_list_forms_off() -> None:
    history = [("user", _QUOTES), ("assistant", _CHECK)]
    off = mh.Config().replace(own_list_forms=False)
    assert _items(history, "what about the first one I listed?", off)[:1] == ["the flush"]


# ---- the hold-out's floor ---------------------------------------------------------------------

# lists_holdout38 (11 conversations, 86 probes, 54 reference probes, 53 with an item), written
# before any code of the lists38 session: first run (its branch point) item 0.774, acc@1 0.759;
# end run item 0.868, acc@1 0.852 (its misses not read; a run between, at 0.811, showed rule
# named-series read only the latest reply). The floors sit a little below the end run.
ITEM_FLOOR = 0.83
ACC_FLOOR = 0.81


def test_lists_holdout38_floor() -> None:
    report = evaluate(DATA / "lists_holdout38.jsonl", "references")
    assert report.ours["item_accuracy"] >= ITEM_FLOOR, report.ours
    assert report.ours["acc_at_1"] >= ACC_FLOOR, report.ours


# ---- the rules' on/off observers (tests/test_rules.py) ------------------------------------


def _observe_laid_out(config: mh.Config) -> object:
    return _items(_steps_then(_OFFERED), "the second one - how long?", config)


def _observe_named_series(config: mh.Config) -> object:
    return _items(_steps_then(_TOOLS), "the second of those tools, any size?", config)


def _observe_own_list_forms(config: mh.Config) -> object:
    history = [("user", _QUOTES), ("assistant", _CHECK)]
    return _items(history, "the first one I listed, ok?", config)


OBSERVERS = {
    "laid-out-lists": _observe_laid_out,
    "named-series": _observe_named_series,
    "own-list-forms": _observe_own_list_forms,
}


def test_a_colon_inside_a_word_leads_no_series() -> None:
    # "python:3.12" and "10:30" are no list's lead; the colon before a blank is.
    text = "dockerfile is FROM python:3.12, pip install -r reqs.txt, COPY . . - how do i slim it?"
    assert colon_series(text) == ()
    assert colon_series("we meet at 10:30, 11:00, 12:15 or so") == ()
    assert colon_series("times at 10:30: Mon, Tue, Wed") == ("Mon", "Tue", "Wed")


def test_a_cue_elsewhere_in_the_turn_makes_no_ordinal_a_pick() -> None:
    # The cue must follow the ordinal ("the third city I mentioned"): "As I mentioned, my
    # first attempt ..." names no item of the user's list.
    def picks(query: str) -> list[str | None]:
        session = mh.Session(config=mh.Config(antecedents=True))
        session.user("Trip ideas. My shortlist: Lisbon, Porto, Faro.")
        session.assistant("All three are lovely in May; Lisbon has the most to do.")
        return [ref.item for ref in session.preview(query).references if ref.type == "ordinal"]

    assert picks("As I mentioned, my first attempt at booking failed, any tips?") == []
    assert picks("We said before, our second try at the ferry app crashed, I put down why") == []
    assert picks("the third city I mentioned, is it walkable?") == ["Faro"]
    assert picks("the 2nd on my shortlist, good food?") == ["Porto"]


def test_the_penultimate_of_a_three_item_laid_out_list_moves_off_a_later_series() -> None:
    session = mh.Session(config=mh.Config(antecedents=True))
    session.user("how do I descale my kettle?")
    session.assistant(
        "Three steps:\n1. Fill it halfway with equal parts vinegar and water\n"
        "2. Boil it and leave it for an hour\n3. Rinse it out twice with fresh water"
    )
    session.user("ok and what do I need?")
    session.assistant("You'll want white vinegar, a sponge and some kitchen roll.")
    refs = session.preview("the penultimate step, can I leave it overnight?").references
    items = [ref.item for ref in refs if ref.type == "ordinal"]
    assert items[:1] == ["Boil it and leave it for an hour"]


def test_a_series_is_read_from_the_first_items_last_place_before_its_last_item() -> None:
    text = "Season with salt first. For the rub you could use salt, pepper or paprika."
    assert inline_series(text, ["salt", "pepper", "paprika"])
    assert not inline_series("Use salt. Then pepper. Then paprika.", ["salt", "pepper", "paprika"])
