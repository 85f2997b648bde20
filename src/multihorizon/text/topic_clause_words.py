"""The words of issue 15's topic clauses (SPEC-028 §3.3 new threads and resumption, §5.2
CLARIFY), as data: how people announce a new topic or a return in an opening clause of
their own ("Quite a different subject: ...", "Off on a tangent, but ...", "Kiln again: ...")
and ask for clarification without the canonical markers ("Mature, as in what?"). Case-folded;
read by set tests and by the lexicon automaton (``text.lexicon``)."""

from __future__ import annotations

__all__ = [
    "ADDITIVE_LEADS",
    "ADDITIVE_OPENER",
    "AGAIN_NOT_TOPICS",
    "AGAIN_THANKS",
    "AGAIN_THANKS_WORDS",
    "BARE_RETURNS",
    "BARE_RETURN_MARKERS",
    "BARE_RETURN_TAILS",
    "CHECK_INVERSIONS",
    "CHECK_LINKS",
    "CHECK_VERBS",
    "CLARIFY_PHRASES",
    "CLAUSE_BLOCKERS",
    "CLAUSE_FOR_PERSONS",
    "CLAUSE_OPENERS",
    "CLAUSE_TOPIC_LINKS",
    "ECHO_BLOCKERS",
    "ECHO_CLOSERS",
    "ECHO_FILLERS",
    "ECHO_HEDGES",
    "ECHO_LINKS",
    "ECHO_STRIP",
    "ECHO_TAILS",
    "EXPLAIN_OBJECT_WORDS",
    "FRAMING_NOUNS",
    "LOST_PART_PHRASES",
    "NOT_ANNOUNCING",
    "OTHER_CLAUSE_FILLERS",
    "OTHER_CLAUSE_NOUNS",
    "OTHER_CLAUSE_ONES",
    "OTHER_CLAUSE_OPENERS",
    "OTHER_CLAUSE_WORDS",
    "OTHER_TOPIC_OPENERS",
    "PERMISSION_ASKERS",
    "PERMISSION_TAILS",
    "POSSESSIVE_OPENERS",
    "RETURN_CLAUSE_FRONTS",
    "RETURN_NAME_FILLERS",
    "SETUP_POINTERS",
    "TERM_ARTICLES",
]

# NEW_TOPIC phrases that move on without saying the topic changes ("Let's talk about other
# influences", "Another question: ..." often stay on the subject): no announcement.
NOT_ANNOUNCING = frozenset(
    (
        "let's talk about",
        "let us talk about",
        "moving on",
        "another question",
        "new question",
    )
)
# TOPIC_OPENER phrases that announce a new topic when they end a short opening clause of
# their own (rule announcement-clauses): "Quick detour: ...", "Slight tangent: ...",
# "Something quite different: ...", "On an unconnected note, ...", "Switching lanes: ...",
# "Before I forget, ...", "Nothing to do with the trip, but ...". Mid-turn they are ordinary.
CLAUSE_OPENERS = (
    "different", "tangent", "unconnected", "detour", "digression", "sidetrack",
    "off-piste", "off piste", "left field", "switching lanes", "switching tracks",
    "switching subjects", "change of tack", "changing tack", "while i have you",
    "before i forget", "before it slips my mind", "apropos of nothing", "nothing to do with",
    "personal one", "personal question", "personal thing", "unrelated thing", "another matter",
    "separate matter", "different matter", "other subject", "not related", "odd one",
)  # fmt: skip
# Words before an opener that make the clause a sentence of its own, not an announcement
# ("Is there a different route?", "I want a different time, ..."): questions, subjects.
CLAUSE_BLOCKERS = frozenset((
    "what", "where", "when", "which", "who", "whom", "whose", "why", "how", "is", "are",
    "was", "were", "do", "does", "did", "can", "could", "will", "would", "should", "shall",
    "may", "i", "i'm", "i'd", "i've", "you", "we", "he", "she", "they", "it", "my", "your",
    "our", "their", "there", "this", "that", "the", "not", "no", "any", "want", "need",
    "try", "like", "prefer",
))  # fmt: skip
# Words between an opener and its clause's end that tie the clause to a topic ("A different
# question about the sauna: ..."): then the clause names the topic, it announces no new one.
CLAUSE_TOPIC_LINKS = frozenset(("about", "on", "regarding", "re", "for", "with", "to", "from"))
# Who a clause's "for" may name without naming a topic ("Completely switching subjects for my
# husband: ...", "Odd one for you: ..."): the question is someone's, the topic comes after.
CLAUSE_FOR_PERSONS = frozenset((
    "you", "me", "us", "husband", "wife", "partner", "son", "daughter", "kid", "kids", "child",
    "mum", "mom", "dad", "mother", "father", "brother", "sister", "friend", "boss", "colleague",
    "neighbour", "neighbor", "niece", "nephew", "grandma", "grandpa", "gran", "aunt", "uncle",
    "boyfriend", "girlfriend", "flatmate", "roommate", "teacher", "client", "parents",
))  # fmt: skip
# Fronts of an opening clause that say the turn goes back to a topic named after them (rule
# again-returns): "Still on the jars: ...", "Circling back to the move, ...".
RETURN_CLAUSE_FRONTS = (
    ("still", "on", "the"), ("still", "on"), ("still", "thinking", "about", "the"),
    ("still", "thinking", "about"), ("circling", "back", "to", "the"),
    ("circling", "back", "to"), ("circling", "back", "on"), ("thinking", "back", "to", "the"),
    ("thinking", "back", "to"),
)  # fmt: skip
# Words that make "X again" no topic named for a return ("Try again, ...", "Same again,
# ...", "Never again: ..."): verbs of repeating, quantities, negations, pronouns.
AGAIN_NOT_TOPICS = frozenset((
    "try", "same", "never", "once", "not", "here", "there", "it", "that", "this", "me",
    "you", "say", "said", "explain", "repeat", "do", "did", "run", "tell", "show", "go",
    "come", "start", "check", "test", "and", "or", "but", "all", "over", "yet", "and",
    "thanks", "thank", "sorry", "what", "why", "how", "who", "when", "where", "which",
    "again", "up", "down", "off", "so", "well", "ok", "okay",
))  # fmt: skip
# CLARIFY phrases beyond SPEC-028 §5.2's canonical markers (issue 15 item 1): a term asked
# back ("Mature, as in what?", "the frog? Never heard that word.", "what's that exactly?"),
# a request for the simple idea ("say it like I'm not an engineer", "can you unpack ...").
# "didn't get the part about X", "dont catch the bit on X": a part of the reply the user lost
# (CLARIFY_PHRASES below).
LOST_PART_PHRASES = tuple(
    f"{negation} {verb} the {part} {about}"
    for negation in ("didn't", "didnt", "did not", "don't", "dont", "do not")
    for verb in ("get", "catch")
    for part in ("part", "bit")
    for about in ("about", "on", "with", "where")
)
CLARIFY_PHRASES = (
    "as in what", "never heard that word", "never heard that term", "never heard of that",
    "never heard of it", "what's that exactly", "what is that exactly", "what's that in practice",
    "what is that in practice", "what's that in plain", "no idea what those are",
    "no idea what that is", "no idea what that means", "not sure i get", "not sure i got",
    "say it like i'm", "say it like i am", "explain it like", "can you unpack",
    "could you unpack", "unpack that", "unpack this", "the simple idea", "the simple version",
    "a lot of new words", "too many new words", "too jargony",
    "what do those mean", "lost you at", "went over my head",
    # A restatement of the reply put back to check it (issue 15): "so you're saying every
    # month I vest I pay tax ...?", "If I understand you correctly, the random intercept is ...?"
    "you're saying", "you are saying", "youre saying", "understand you correctly",
    "understood you correctly", "if i understand correctly", "if i understood correctly",
    "do you mean",
    # A report of not understanding beside a question, in the forms people type (issue 15, a
    # closed class): "why the wood need sealing first, i dont understand this part", "rolling
    # 12-month period, I'm not sure I understand: is it ...?", "sorry I'm a bit lost on the
    # eaves trays, what are they", "I'm afraid I don't quite follow why ..."; and the reply's
    # own words put back ("When you say pivots, is that ...?").
    "dont understand", "don't quite understand", "dont quite understand",
    "do not quite understand", "don't really understand", "dont really understand",
    "don't fully understand", "not sure i understand", "not quite sure i understand",
    "not sure that i understand", "not sure i'm following", "not sure im following",
    "don't quite follow", "dont quite follow", "do not quite follow", "dont follow",
    "don't really follow", "didn't quite follow", "i'm a bit lost", "im a bit lost",
    "i am a bit lost", "i'm a little lost", "im lost", "i dont get it", "dont quite get",
    "when you say", "when you said",
    # Issue 15 (stop 35): a plainer or shorter telling or an example of what was said, asked
    # in other words than the canonical ones ("too many words, short version?", "in
    # everyday language please", "could you give an example of what you mean?").
    "short version", "shorter version", "example of what you mean", "examples of what you mean",
    "an example of that", "in normal english", "in simple english", "in everyday language",
    "in everyday words", "in everyday english", "in human terms", "in human words",
    "non-technical terms", "non technical terms", "less technical",
    # ... and a check of one's understanding announced as such ("So, if I follow you, ...?",
    # "Just so I understand: ...?", "not entirely certain I follow", "..., have I got that
    # right?", "sorry, not with you").
    "if i follow you", "if i follow correctly", "if i'm following you", "if i am following you",
    "if i'm following correctly", "if i got that right", "if i get this right",
    "if i get that right", "if i've got this right", "if i've got that right",
    "if i read you right", "if i'm reading you right", "just so i understand",
    "just to check i understand", "to make sure i understand", "to make sure i follow",
    "certain i follow", "certain i understand", "sure i'm with you", "not with you",
    "in the sense that", "did i get that right", "have i got that right",
    "am i getting this right", "is that what you mean", "is that what you meant",
    "is that what you're saying",
    # Issue 15 (stop 38): a part of the reply the user lost, in the spellings people type
    # ("I did not quite follow the part about X", "couldnt follow the section on X", "didnt
    # get the bit about X. what is it", "you lost me on X"): the forms of "didn't follow" and
    # "didn't understand" above, and "get"/"catch" only before a part of what was said ("I
    # didn't get the part in time" reports).
    "didnt follow", "did not follow", "couldn't follow", "couldnt follow", "could not follow",
    "didnt quite follow", "did not quite follow", "didn't really follow", "didnt really follow",
    "didnt understand", "did not understand", "couldn't understand", "couldnt understand",
    "could not understand", "didn't quite understand", "didnt quite understand",
    "did not quite understand", "didn't really understand", "didnt really understand",
    "not sure i followed", "not sure i understood", "lost you on", "lost you with",
    "lost you there", "got lost in the part",
    "got lost in the bit",
    *LOST_PART_PHRASES,
)  # fmt: skip
# How the readers of a term asked back (echoes, reply_terms, term_checks) cut a turn's words:
# the characters stripped from a word, those that may close it after its "?", and the articles
# a term may open with. The native settle's gates read the same strings (settle data).
ECHO_STRIP = ",:;.!?\"'()[]\u2018\u2019\u201c\u201d*"
ECHO_CLOSERS = "\"')\u201d\u2019*"
TERM_ARTICLES = frozenset(("a", "an", "the"))
# Rule echo-clarifications: a term of an earlier reply asked back ("Fret buzz?", "Wait,
# 'proud'?", "Kettle stitch, meaning?", "Natural release means I just wait?", "Float pin,
# what's that?"). Words before the term that say nothing of their own:
ECHO_FILLERS = frozenset((
    "wait", "sorry", "hang", "hold", "on", "um", "uh", "erm", "hmm", "oh", "ah", "eh", "ok",
    "okay", "so", "pardon",
))  # fmt: skip
# A term asked back never opens with these: questions, pronouns, answers, articles of a
# sentence ("Is it safe?", "Yes, that one?", "Tomorrow then?" are no terms). The C++ settle
# reads the question words among them (settle.hpp kEchoOpeners): keep them here.
ECHO_BLOCKERS = frozenset((
    "what", "what's", "whats", "where", "when", "which", "who", "whom", "whose", "why", "how",
    "whether", "is", "are", "was", "were", "do", "does", "did", "can", "could", "will", "would",
    "should", "shall", "may", "might", "must", "have", "has", "had", "i", "i'm", "i'd",
    "i've", "i'll", "you", "we", "he", "she", "they", "it", "it's", "my", "your", "our",
    "their", "there", "this", "that", "these", "those", "yes", "yeah", "no", "not", "thanks",
    "thank", "great", "cool", "nice", "perfect", "really", "seriously", "any", "anything",
    "some", "more", "also", "then", "but", "or", "if", "to", "for", "about", "and", "in",
    "at", "by", "with", "from", "into", "after", "before", "isn't", "aren't", "wasn't",
    "weren't", "don't", "doesn't", "didn't", "can't", "cannot", "won't", "wouldn't",
    "shouldn't", "couldn't", "haven't", "hasn't", "that's", "there's", "here's", "you're",
    "we're", "they're", "he's", "she's", "let's", "who's", "where's", "how's", "why's",
))  # fmt: skip
# What joins a term to the meaning the speaker guesses ("Deep sleep means the board is off?",
# "one_to_many meaning the left side is unique?", "Backfill, you mean the old rows?").
ECHO_LINKS = (
    ("means",), ("meaning",), ("mean",), ("you", "mean"), ("as", "in"), ("i.e.",), ("ie",),
    ("=",), ("being",),
)  # fmt: skip
# Whole tails after a term and its comma that ask what it is ("Float pin, what's that?",
# "TOPIK, what is it?", "Intestacy, what means this word?"), hedges dropped.
ECHO_TAILS = frozenset((
    "what's that", "what is that", "what's this", "what is this", "what is it", "what's it",
    "what are those", "what are these", "what are they", "what does that mean",
    "what does it mean", "what does this mean", "what means this", "what means that",
    "what means this word", "what means it", "what", "huh", "meaning", "meaning what",
    "in plain english", "in plain words", "in english", "is what", "those are what",
    "that is what", "which is what", "what's that mean", "what's that one", "what's a that",
    "never heard of it", "never heard of that", "come again", "sorry", "as opposed to what",
    "compared to what", "versus what", "vs what", "instead of what",
))  # fmt: skip
# Rule term-checks: what follows a term and its comma to check a guessed meaning ("Red
# wrigglers, are those the same as ...?", "customs broker, is that a different person ...?",
# "working load limit vs breaking strength, same thing ...?"), and the verbs that put the
# guess after the bare term ("mainsheet is which rope?", "The bank is the grass at the edge?",
# "intraclass correlation near zero means the schools hardly differ, is that right?").
CHECK_LINKS = (
    ("is", "that"), ("is", "this"), ("are", "those"), ("are", "these"), ("same",),
    ("so", "like"), ("like",), ("as", "opposed"), ("does", "that", "mean"),
)  # fmt: skip
CHECK_VERBS = frozenset(("is", "are", "means", "meaning", "="))
# A guess after the verb never opens with these: "whether is there any other trains?", "the
# show is it on tonight?" ask a question with the verb put first, they guess no meaning.
CHECK_INVERSIONS = frozenset((
    "there", "it", "this", "that", "these", "those", "they", "he", "she", "we", "you", "i",
))  # fmt: skip
# Words dropped from a tail before it is compared ("what's that exactly?", "what is it
# again?").
ECHO_HEDGES = frozenset(("exactly", "again", "please", "then", "now", "precisely", "even"))
# Rule asked-announcements: a topic announcement put as a request for leave ("Can I ask you
# about something else?", "Mind if I switch to a different thing?", "Could I ask an
# unrelated question?"), in the turn's opening words.
PERMISSION_ASKERS = (
    ("can", "i"), ("could", "i"), ("may", "i"), ("mind", "if", "i"), ("do", "you", "mind",
    "if", "i"), ("would", "you", "mind", "if", "i"), ("is", "it", "ok", "if", "i"), ("is",
    "it", "okay", "if", "i"), ("ok", "if", "i"), ("okay", "if", "i"), ("can", "we"),
    ("could", "we"), ("may", "we"), ("mind", "if", "we"), ("let", "me", "ask"),
)  # fmt: skip
# The only words that may follow the announcing phrase before its request's question mark
# ("Could we talk about something else for a minute?", "Can I ask an unrelated question
# now?"); any other names the topic ("Can I ask something else about the tank?").
PERMISSION_TAILS = frozenset((
    "for", "a", "an", "sec", "second", "minute", "moment", "bit", "now", "quickly", "quick",
    "real", "here", "too", "please", "then", "instead", "entirely", "completely", "totally",
    "altogether", "question", "questions", "thing", "topic", "subject", "matter", "one",
))  # fmt: skip
# Rule again-reports: a statement whose clause with a bare "again" opens with a subject ("I
# ran it again", "ok I added the fixture and pushed again", "It failed again.") or a verb in
# the past ("Tried again, same error") reports something done again: no CLARIFY marker.
# Fillers skipped before the clause's first word; the subjects that make it a report.
AGAIN_REPORT_FILLERS = frozenset((
    "ok", "okay", "so", "well", "yes", "yeah", "yep", "right", "alright", "and", "then",
    "hmm", "um", "oh", "also", "but", "now", "anyway", "sadly", "unfortunately",
))  # fmt: skip
AGAIN_REPORT_SUBJECTS = frozenset((
    "i", "i've", "i'd", "i'm", "we", "we've", "we're", "it", "it's", "that", "this", "they",
    "they've", "he", "she", "the", "my", "our", "his", "her", "their", "everything",
    "nothing", "someone", "somebody",
))  # fmt: skip
# How far back a clause's start is looked for (characters): a bound, so a turn of many
# "again"s stays linear; a clause longer than this keeps its marker (§5.2's reading).
AGAIN_REPORT_REACH = 160
# Rule bare-returns: return clauses that name no topic ("Anyway, where were we?", "Sorry,
# what was I asking before that?", "Right, back to it.", "Circling back: ..."), as word
# tuples matched at the turn's opening after lexicon.OPENING_FILLERS; each ends its clause.
BARE_RETURNS = tuple(
    tuple(phrase.split())
    for phrase in (
        "where were we up to", "where were we", "where was i up to", "where was i",
        "where did we leave off", "where did we get to", "where we left off",
        "what was i asking before that", "what was i asking before", "what was i asking",
        "what was i saying", "what were we saying", "what were we talking about",
        "what were we on", "as i was saying", "back to what we were talking about",
        "back to what we were doing", "back to what we were saying",
        "back to what we were discussing", "back to where we were", "back to before",
        "back to it", "back to the earlier question", "back to my earlier question",
        "back to the other question", "back to my other question", "back to the other thing",
        "back to my question", "back to the previous question", "back to my previous question",
        "back to the original question", "back to my original question",
        "back to the main question", "back to the main thing", "circling back",
        "coming back", "going back", "getting back", "let's get back on track",
        "back on track", "let's go back", "let's get back",
    )
)  # fmt: skip
# Words that may follow a bare return before its clause ends ("Where were we, then?").
BARE_RETURN_TAILS = frozenset(("then", "now", "again", "please", "exactly"))
# Their openings the lexicon's RESUME phrases lack (text.lexicon): a turn with one is never
# settled natively, so the full intent path reads the return.
BARE_RETURN_MARKERS = (
    "where was i", "where did we leave off", "where did we get to", "where we left off",
    "what was i asking", "what was i saying", "what were we saying",
    "what were we talking about", "what were we on", "as i was saying", "circling back",
)  # fmt: skip
# Words that make "the X:" at a turn's opening frame what follows rather than name a topic
# ("The problem is: ...", "The thing: ...", "The question. ..."; rule again-returns).
FRAMING_NOUNS = frozenset((
    "thing", "things", "problem", "issue", "question", "point", "answer", "reason", "idea",
    "truth", "catch", "trick", "plan", "deal", "bottom", "rest", "end", "good", "bad", "best",
    "worst", "main", "same", "other", "first", "last", "next", "is", "are", "was", "were",
))  # fmt: skip
# The discourse words that may come before such a name ("Right, the refund. ...", "Ok so,
# the beam: ..."); "I have the babies." is a statement.
RETURN_NAME_FILLERS = frozenset((
    "", "ok", "okay", "so", "right", "alright", "anyway", "anyways", "well", "and", "now",
    "oh", "sorry", "hmm", "um", "also", "then", "but", "cool", "great", "thanks", "perfect",
    "nice", "fine", "good", "ah", "yes", "yeah", "yep", "phew",
))  # fmt: skip
# Rule again-asks: a bare "again" asks to say something again only in a turn that holds one
# of these words ("Say that again more simply?", "Can you explain that again?", "run me
# through it again"), after "what" ("those are what again?"), ending a question ("Which
# channels were they again?" asks to recall), or in a turn of at most
# AGAIN_ALONE_WORDS words ("again?", "sorry, again?"). Elsewhere it is a thing done or to be
# done again ("how long until i can go again", "checking the workers again", "will saving it
# again keep them as dates?"): no CLARIFY marker. Not "run": "and run again" repeats a task.
AGAIN_ASK_WORDS = frozenset((
    "say", "said", "saying", "explain", "explaining", "tell", "repeat", "mean", "meant",
    "clarify", "rephrase", "walk", "through", "over", "spell", "word", "words",
    "simpler", "simply", "slower", "slowly", "plainer", "come", "pardon", "sorry",
))  # fmt: skip
AGAIN_ALONE_WORDS = 3
# Rule again-thanks: "again, thanks", "Again, many thanks." thank once more and ask nothing: a
# turn of only these words, one of AGAIN_THANKS among them, beside its "again".
AGAIN_THANKS = frozenset(("thanks", "thank", "thx", "ty", "cheers", "ta"))
AGAIN_THANKS_WORDS = AGAIN_THANKS | frozenset(
    ("you", "so", "much", "many", "a", "lot", "lots", "again", "ok", "okay", "great", "really")
)
# Rule other-topic-clauses: an opening clause made only of a word of otherness and a topic
# noun ("Other question.", "Quick other question, ...", "Separate question, the tank ...",
# "different thing, the grout ...", "diff topic. ...") says the topic is another one,
# whatever follows. A closed class: the words of otherness, the nouns that name a topic or a
# question, and the few words that may stand beside them. "one" is a topic noun only after
# the words that cannot mean another item ("Random one:"; "Another one please." asks for
# more, "a different one" for another item).
OTHER_CLAUSE_WORDS = frozenset((
    "other", "another", "different", "diff", "separate", "unrelated", "new", "random",
))  # fmt: skip
OTHER_CLAUSE_NOUNS = frozenset((
    "question", "questions", "thing", "topic", "subject", "matter", "q", "query", "issue",
    "problem",  # stop 36: "separate problem, the oven takes ages"
))  # fmt: skip
OTHER_CLAUSE_ONES = frozenset(("unrelated", "random", "separate"))
OTHER_CLAUSE_FILLERS = frozenset((
    "ok", "okay", "oh", "and", "also", "so", "quick", "small", "little", "one", "a", "an",
    "just", "totally", "completely", "entirely", "slightly", "now", "hey", "hi", "alright",
    "right", "sorry", "please", "very", "quite", "real", "then", "but", "here's",
))  # fmt: skip
# The lexicon phrases (TOPIC_OPENER) that make such a clause's turn go to the slow path,
# where no other opener of the lexicon is in it ("Other question. ...", "different q. ...").
OTHER_CLAUSE_OPENERS = (
    "other question", "other questions", "other thing", "other matter", "other issue",
    "other q", "different q", "diff topic", "diff question", "diff q", "different issue",
    "separate issue", "another issue", "another matter", "unrelated one", "new thing",
    # Stop 36 (checks36): "diff thing, the wifi drops ...", "New problem: the washer ...".
    # Like the others, only where a clause of its own ends with them.
    "diff thing", "diff issue", "separate problem", "different problem", "other problem",
    "new problem", "new issue", "random thing", "random q", "separate one",
)  # fmt: skip
# Rule situation-setups: words that make a statement lean on what was said before ("I want
# it fizzy.", "We tried that last week and ...", "The kids also want ..."): a set-up of a
# situation of its own has none of them.
SETUP_POINTERS = frozenset((
    "it", "it's", "its", "they", "they're", "them", "their", "that", "that's", "this",
    "these", "those", "there", "same", "again", "also", "too", "still", "yet", "then",
    "such", "either", "both", "other", "another", "instead", "anyway", "else",
))  # fmt: skip

# Rule possessed-topics: the possessive determiners of the speaker's own people and things
# ("My son needs ...", "also our boiler ..."), a closed class, read among a turn's first words.
POSSESSIVE_OPENERS = frozenset(("my", "our", "his", "her"))
# ... and the additive opener that adds an item of the speaker's ("also my neighbour wants
# ...", "Oh also, the smoke alarm ..."), first or after one of ``ADDITIVE_LEADS``.
ADDITIVE_OPENER = "also"
ADDITIVE_LEADS = frozenset(("oh", "and"))

# fmt: off
# Objects of an EXPLAIN verb that point back ("explain that again in simpler words"): not new.
EXPLAIN_OBJECT_WORDS = frozenset((
    "again", "simply", "simpler", "please", "bit", "little", "more", "detail", "details",
    "better", "differently", "slowly", "further", "briefly", "short", "shorter", "plain",
    "clearly", "once", "last", "part", "step", "point", "answer", "meant", "mean", "said",
    "wrote", "suggested", "mentioned", "exactly", "example", "word", "words", "way",
    "term", "terms", "sentence", "bullet", "one", "thing", "actually", "properly", "here",
    "there", "earlier", "before", "above", "now", "together", "first", "second", "third",
))
# fmt: on

# fmt: off
# TOPIC_OPENER phrases that themselves say the topic is another one: followed by a comma and
# a question ("Another thing, how do I clean white trainers?") they announce it as a colon
# would (rule topic-announcements). "Quick question, does nginx reload it?" stays on topic.
OTHER_TOPIC_OPENERS = frozenset((
    "something else", "another thing", "separate question", "separate topic", "other topic",
    "another topic", "something different", "different thing", "separately", "quick one",
))
# fmt: on
