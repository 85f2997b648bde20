// One pass over a user turn for SPEC-028 §5.2: marker hits with BLOCK spans removed, the
// categories that hit, the question and acknowledgement cues, and the §5.2 decision.
// The reference definition is TurnScanner and intent_decision in
// src/multihorizon/_intent_py.py; the cue data (openers, function words, lengths, category
// masks) is passed in at construction from the Python lexicon, so no table is defined here.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "multihorizon/markers.hpp"
#include "multihorizon/unicode.hpp"

namespace multihorizon {

namespace intent {

// Intent codes: the order of multihorizon.dialogue.intent.Intent.
enum Code : int { kExplore = 0, kDrillDown = 1, kClarify = 2, kContinue = 3, kToolReference = 4 };

// DECIDE_* bits of _intent_py.
inline constexpr std::uint32_t kTool = 1u << 0, kFirstTurn = 1u << 1, kClarifyHit = 1u << 2,
                               kResolved = 1u << 3, kContinueHit = 1u << 4,
                               kAcknowledgement = 1u << 5, kQuestion = 1u << 6,
                               kNamesKnown = 1u << 7, kPointsBack = 1u << 8,
                               kNewTopic = 1u << 9;
// RULE_* bits.
inline constexpr std::uint32_t kRuleFirstTurn = 1u << 0, kRuleAcknowledgement = 1u << 1,
                               kRuleFollowUp = 1u << 2, kRuleQuestionTopics = 1u << 3;
// CUE_* bits.
inline constexpr std::uint32_t kCueQuestion = 1u << 0, kCueAcknowledgement = 1u << 1;
// PENDING_* bits.
inline constexpr std::uint32_t kPendingReferences = 1u << 0, kPendingNames = 1u << 1,
                               kPendingEmbedding = 1u << 2;

// SPEC-028 §5.2 in its order over the DECIDE_* bits (see intent_decision in _intent_py.py).
inline int decide(std::uint32_t flags, double similarity, double explore_below) {
  if (flags & kTool) return kToolReference;
  if (flags & kFirstTurn) return kExplore;
  if (flags & kClarifyHit) return kClarify;
  if (flags & kResolved) return kDrillDown;
  if (flags & (kContinueHit | kAcknowledgement)) return kContinue;
  const bool question = (flags & kQuestion) != 0;
  if (question && (flags & (kNamesKnown | kPointsBack))) return kDrillDown;
  if (similarity < explore_below || (flags & kNewTopic)) return kExplore;
  return question ? kDrillDown : kContinue;
}

// str.isspace() (Unicode 14, as Python 3.11): what str.split() splits on.
inline bool is_space(std::uint32_t cp) {
  if (cp < 0x80) return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20);
  return cp == 0x85 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) ||
         cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

}  // namespace intent

struct ScanResult {
  std::uint64_t kinds = 0;  // bit c: category c hit
  std::uint32_t cues = 0;   // CUE_* bits
};

struct IntentMasks {
  std::uint64_t clarify = 0, continue_ = 0, points_back = 0, new_topic = 0, references = 0;
};

class TurnScanner {
 public:
  TurnScanner(MarkerAutomaton automaton, std::int32_t block, std::int32_t acknowledge,
              const std::vector<std::u32string>& openers, std::u32string strip,
              const std::vector<std::u32string>& function_words, std::size_t backchannel_chars,
              IntentMasks masks, const std::vector<std::u32string>& form_openers = {},
              std::u32string clause_marks = {}, std::u32string statement_ends = {},
              const std::array<std::vector<std::u32string>, 19>& question_ends = {})
      : automaton_(std::move(automaton)),
        block_(block),
        acknowledge_(acknowledge),
        strip_(std::move(strip)),
        function_words_(function_words.begin(), function_words.end()),
        backchannel_chars_(backchannel_chars),
        masks_(masks),
        clause_marks_(std::move(clause_marks)),
        statement_ends_(std::move(statement_ends)) {
    // One table for both lists: a word is folded and hashed once. Words longer than every
    // opener are not looked up at all.
    for (const std::u32string& word : openers) add_opener(word, kSpecOpener);
    for (const std::u32string& word : form_openers) add_opener(word, kFormOpener);
    forms_ = !form_openers.empty();
    // Rule question-ends: lead words, lead asks, end fillers, end phrases (words joined by
    // one space).
    for (const std::u32string& word : question_ends[0]) add_opener(word, kLeadWord);
    for (const std::u32string& word : question_ends[1]) add_opener(word, kLeadAsk);
    for (const std::u32string& word : question_ends[2]) add_opener(word, kEndFiller);
    for (const std::u32string& word : question_ends[3]) add_opener(word, kEndPhrase);
    ends_ = !question_ends[0].empty() || !question_ends[3].empty();
    // Rule ask-shapes: request leads, request verbs, alternative words, degree words,
    // subject words, number words.
    for (const std::u32string& word : question_ends[4]) add_opener(word, kRequestLead);
    for (const std::u32string& word : question_ends[5]) add_opener(word, kRequestVerb);
    alternative_pairs_ = question_ends[6].size() <= 8;
    for (std::size_t n = 0; n < question_ends[6].size(); ++n) {
      const std::u32string& word = question_ends[6][n];
      add_opener(word, kAlternative);
      alternative_chars_ = std::max(alternative_chars_, word.size());
      if (!word.empty() && !in(alternative_firsts_, word[0])) alternative_firsts_.push_back(word[0]);
      // The prefilter's tables: word n's bit under its first and second characters (both
      // cases); a word of one character or not ASCII turns the prefilter off.
      if (word.size() < 2 || word[0] >= 128 || word[1] >= 128) alternative_pairs_ = false;
      if (!alternative_pairs_) continue;
      const auto bit = static_cast<std::uint8_t>(1u << n);
      for (std::uint32_t cp = 0; cp < 128; ++cp) {
        if (fold(cp) == word[0]) alternative_first_[cp] |= bit;
        if (fold(cp) == word[1]) alternative_second_[cp] |= bit;
      }
    }
    for (const std::u32string& word : question_ends[7]) add_opener(word, kDegree);
    for (const std::u32string& word : question_ends[8]) add_opener(word, kSubject);
    for (const std::u32string& word : question_ends[9]) add_opener(word, kNumber);
    // Rule ask-shapes, two more shapes: topic determiners, asks that invert after an "or".
    for (const std::u32string& word : question_ends[10]) add_opener(word, kTopic);
    for (const std::u32string& word : question_ends[11]) add_opener(word, kInverted);
    topics_ = !question_ends[10].empty();
    // Rule ask-shapes, clause asks: clause verbs ("do", "am") and the subjects that invert them.
    for (const std::u32string& word : question_ends[12]) add_opener(word, kClauseVerb);
    for (const std::u32string& word : question_ends[13]) add_opener(word, kClauseSubject);
    clauses_ = !question_ends[12].empty();
    // Rule ask-shapes, stop 34: inner asks and their stops, report auxiliaries and the other
    // subjects after them, fragment leads.
    for (const std::u32string& word : question_ends[14]) add_opener(word, kInnerAsk);
    for (const std::u32string& word : question_ends[15]) add_opener(word, kInnerStop);
    for (const std::u32string& word : question_ends[16]) add_opener(word, kReportAux);
    for (const std::u32string& word : question_ends[17]) add_opener(word, kOtherSubject);
    for (const std::u32string& word : question_ends[18]) add_opener(word, kFragmentLead);
    inner_ = !question_ends[14].empty();
    reports_ = !question_ends[16].empty();
    fragments_ = !question_ends[18].empty();
    asks_ = !question_ends[5].empty() || !question_ends[6].empty();
    for (char32_t mark : clause_marks_) {
      if (mark < 128) ascii_marks_[mark] = true;
    }
    for (std::uint32_t cp = 0; cp < 128; ++cp) {
      ascii_alternates_[cp] = stripped(cp) || in(alternative_firsts_, fold(cp));
      alternative_boundary_[cp] = (intent::is_space(cp) || stripped(cp)) ? 0xFF : 0;
    }
  }

  std::size_t size() const { return automaton_.size(); }
  const IntentMasks& masks() const { return masks_; }

  // Fills `hits` (BLOCK spans removed) and returns the categories and cues.
  template <class CharT>
  ScanResult scan(const CharT* text, std::size_t length, std::vector<MarkerHit>& hits) const {
    hits.clear();
    automaton_.find(text, length, hits);
    remove_blocked(hits);
    ScanResult result;
    for (const MarkerHit& hit : hits) result.kinds |= std::uint64_t{1} << hit.category;
    if (question(text, length)) result.cues |= intent::kCueQuestion;
    if (acknowledgement(text, length, hits)) result.cues |= intent::kCueAcknowledgement;
    return result;
  }

  // A "?" anywhere, or a first word (after leading white space, `strip_` stripped from both
  // ends, folded) among the openers. Rule question-forms (`form_openers_` not empty): a turn
  // whose last character other than white space is no statement end is also one when its
  // first word, or the first word after its last clause mark, is a form opener. Linear; the
  // reference is src/multihorizon/_question_py.py.
  template <class CharT>
  bool question(const CharT* text, std::size_t length) const {
    if constexpr (sizeof(CharT) == 1) {
      if (std::memchr(text, '?', length) != nullptr) return true;  // vectorised by libc
    } else {
      for (std::size_t i = 0; i < length; ++i) {
        if (static_cast<std::uint32_t>(text[i]) == '?') return true;
      }
    }
    std::size_t start = 0, end = 0;
    word_at(text, length, 0, start, end);
    std::uint32_t first = opener(text, start, end);
    if (reports_ && (first & kReportAux) && reports_done(text, length)) {
      first = 0;  // "did the 20 min test, got 231 watts": a report, not "did" asking
    } else if (first & kSpecOpener) {
      return true;
    }
    if (!forms_) return false;
    if (asks_ && (first & (kRequestLead | kRequestVerb)) && asks_for_output(text, length)) {
      return true;
    }
    std::size_t last = length;
    while (last > 0 && intent::is_space(static_cast<std::uint32_t>(text[last - 1]))) --last;
    if (last == 0 || in(statement_ends_, static_cast<std::uint32_t>(text[last - 1]))) {
      return false;
    }
    if (first & kFormOpener) return true;
    std::size_t mark = last;
    while (mark > 0 && !clause_mark(static_cast<std::uint32_t>(text[mark - 1]))) --mark;
    if (mark > 0) {
      word_at(text, length, mark, start, end);
      if (opener(text, start, end) & kFormOpener) return true;
    }
    if (asks_at_ends(text, last)) return true;
    if (topics_ && topic_asks(text, length, last)) return true;
    if (clauses_ && clause_asks(text, length, last)) return true;
    if (inner_ && inner_asks(text, last)) return true;
    return asks_ && alternatives(text, length, mark, last);
  }

  // Rule ask-shapes, done reports, in a turn with no "?" whose first word is a report
  // auxiliary ("did"): no subject follows it ("did you", "did anyone" ask) and nothing is
  // stripped off it ("Did, did you play ..."). The reference is _reports_done in
  // src/multihorizon/_question_py.py.
  template <class CharT>
  bool reports_done(const CharT* text, std::size_t length) const {
    std::size_t position = 0, start = 0, end = 0;
    const std::size_t raw_end = next_word(text, position, length);
    if (raw_end == position || stripped(static_cast<std::uint32_t>(text[raw_end - 1]))) {
      return false;
    }
    word_at(text, length, raw_end, start, end);
    return end > start && !(opener(text, start, end) & (kSubject | kOtherSubject));
  }

  // Rule ask-shapes, inner asks, on text[0, last) (no "?", no statement end): inside the
  // opening clause, after a topic of one to kInnerReach words, an inner ask word ("knee pads
  // what brand, ...", "level 1 is how long time"), unless a word before it is a subject or
  // an inner stop ("dont ask how long it took"), the topic is only lead words, or a subject
  // follows the ask word ("cars is what i spend everything on"). Reads at most
  // kInnerReach + 2 words. The reference is _inner_asks in src/multihorizon/_question_py.py.
  template <class CharT>
  bool inner_asks(const CharT* text, std::size_t last) const {
    std::size_t position = 0, start = 0, end = 0;
    int count = 0;
    bool led = true;
    while (position < last && count <= kInnerReach) {
      const std::size_t raw_end = next_word(text, position, last);
      if (raw_end == position) return false;
      strip_span(text, position, raw_end, start, end);
      const std::uint32_t kind = opener(text, start, end);
      if (count > 0 && (kind & kInnerAsk)) {
        if (led) return false;
        word_at(text, last, raw_end, start, end);
        return !(opener(text, start, end) & kSubject);
      }
      const auto closing = static_cast<std::uint32_t>(text[raw_end - 1]);
      if ((kind & (kSubject | kInnerStop)) || clause_mark(closing) || closing == '.' ||
          closing == '!') {
        return false;
      }
      led = led && (kind & kLeadWord);
      position = raw_end;
      ++count;
    }
    return false;
  }

  // Rule ask-shapes, clause asks, on text[0, last) (no "?", no statement end): the last
  // clause or sentence (after a clause mark, a "." or "!" followed by white space, a dash
  // standing alone, or an en or em dash) opens, after at most kLeadReach lead words, with a
  // form opener ("back to the blanket. how do i join the squares", "FCA then - who books the
  // truck") or with a clause verb and then a clause subject ("..., do i just dump them in").
  // Reads back to the last break once, then at most kLeadReach + 2 words. The reference is
  // _clause_asks in src/multihorizon/_question_py.py.
  template <class CharT>
  bool clause_asks(const CharT* text, std::size_t length, std::size_t last) const {
    std::size_t mark = last;
    while (mark > 0 && !breaks_clause(text, mark - 1, last)) --mark;
    if (mark == 0) return false;
    std::size_t position = mark, start = 0, end = 0;
    int led = 0;
    while (position < last) {
      const std::size_t raw_end = next_word(text, position, last);
      if (raw_end == position) return false;
      strip_span(text, position, raw_end, start, end);
      const std::uint32_t kind = opener(text, start, end);
      position = raw_end;
      if (kind & kFormOpener) return true;
      if (kind & kClauseVerb) {
        word_at(text, last, position, start, end);
        return (opener(text, start, end) & kClauseSubject) != 0;
      }
      if (!(kind & kLeadWord) || led == kLeadReach) return false;
      ++led;
    }
    return false;
  }

  // Whether text[at] ends a clause for clause_asks: a clause mark, a "." or "!" followed by
  // white space (a sentence's end, not "3.5"), a dash standing alone, an en or em dash.
  template <class CharT>
  bool breaks_clause(const CharT* text, std::size_t at, std::size_t last) const {
    const auto cp = static_cast<std::uint32_t>(text[at]);
    if (clause_mark(cp) || cp == 0x2013 || cp == 0x2014) return true;
    const bool spaced =
        at + 1 < last && intent::is_space(static_cast<std::uint32_t>(text[at + 1]));
    if (cp == '.' || cp == '!') return spaced;
    return cp == '-' && spaced && at > 0 && intent::is_space(static_cast<std::uint32_t>(text[at - 1]));
  }

  // Rule ask-shapes on text[0, last) (no "?", no statement end): a topic, then what is asked
  // of it ("and the valves, presta 44mm enough for deep rims"): after at most kLeadReach lead
  // words, a topic determiner and at most kTopicWords more words, the last closing with a
  // comma; then, lead words aside, a word that is no subject pronoun ("the walls are brick,
  // it's an old terrace" states) and does not end a sentence, in a turn of one line that does
  // not trail off with a comma.
  // At most 2 * kLeadReach + kTopicWords + 2 words are read. The reference is _topic_asks in
  // src/multihorizon/_question_py.py.
  template <class CharT>
  bool topic_asks(const CharT* text, std::size_t length, std::size_t last) const {
    std::size_t position = 0, start = 0, end = 0;
    int phase = 0, count = 0, led = 0;  // phase 0: leads, 1: the topic, 2: the comment
    while (position < last) {
      const std::size_t raw_end = next_word(text, position, last);
      if (raw_end == position) return false;
      strip_span(text, position, raw_end, start, end);
      const std::uint32_t kind = opener(text, start, end);
      const bool comma = static_cast<std::uint32_t>(text[raw_end - 1]) == ',';
      position = raw_end;
      if (phase == 1) {
        ++count;
        if (comma) {
          phase = 2;
          led = 0;
        } else if (count >= kTopicWords) {
          return false;
        }
      } else if (phase == 0 && (kind & kTopic) && !comma) {
        phase = 1;
      } else if ((kind & kLeadWord) && led < kLeadReach) {
        ++led;
      } else if (phase == 0) {
        return false;
      } else {
        const auto closing = static_cast<std::uint32_t>(text[raw_end - 1]);
        if (static_cast<std::uint32_t>(text[last - 1]) == ',' || closing == '.' || closing == '!') {
          return false;  // trails off ("My husband, uh,"), or a sentence ends: a statement
        }
        return !(kind & kSubject) && one_line(text, length);
      }
    }
    // Stop 34: a fragment that leans on the reply, the topic alone after one fragment lead
    // ("and the floor").
    if (!fragments_ || phase != 1 || count != 1 || led != 1) return false;
    word_at(text, length, 0, start, end);
    return (opener(text, start, end) & kFragmentLead) != 0;
  }

  // Rule ask-shapes: after at most kLeadReach request leads ("now", "ok and"), the first
  // word is a request verb ("Write me a short round-up ...", "ok and rewrite it shorter"), whatever
  // the turn ends with. The reference is _asks_for_output in src/multihorizon/_question_py.py.
  template <class CharT>
  bool asks_for_output(const CharT* text, std::size_t length) const {
    std::size_t position = 0, start = 0, end = 0;
    for (int lead = 0; lead <= kLeadReach; ++lead) {
      const std::size_t raw_end = next_word(text, position, length);
      if (raw_end == position) return false;
      strip_span(text, position, raw_end, start, end);
      const std::uint32_t kind = opener(text, start, end);
      if (kind & kRequestVerb) return true;
      if (!(kind & kRequestLead)) return false;
      position = raw_end;
    }
    return false;
  }

  // Rule ask-shapes on the last clause text[begin, last) of a turn with no "?" and no
  // statement end: an alternative word ("or", "vs") after the clause's first word that no
  // degree word follows ("latex sealant or the ones with fibres in"; not "rated 4 or
  // higher") nor follows a number word or a digit ("two or three times"), in a clause that
  // does not open, lead words aside, with a subject pronoun ("so I wasn't raised with
  // brothers or sisters"), in a turn of one line (a reply's list item "5. Try CBT-I, through
  // an app or a therapist" offers no choice). One pass over the clause.
  // The reference is _alternatives in src/multihorizon/_question_py.py.
  template <class CharT>
  bool alternatives(const CharT* text, std::size_t length, std::size_t begin,
                    std::size_t last) const {
    if (!may_hold_alternative(text, begin, last)) return false;
    std::size_t position = begin, start = 0, end = 0, previous = 0, previous_end = 0;
    bool after_or = false, seen = false, or_word = false;
    int stated = -1;  // whether the clause opens with a subject: read once, when needed
    while (position < last) {
      const std::size_t raw_end = next_word(text, position, last);
      if (raw_end == position) break;
      // Only a word after an alternative and a word that may be one (its first character,
      // or a stripped one, allows it) are looked up: the rest of a clause costs its scan.
      std::uint32_t kind = 0;
      if (or_word || may_alternate(static_cast<std::uint32_t>(text[position]))) {
        strip_span(text, position, raw_end, start, end);
        if (or_word || end - start <= alternative_chars_) kind = opener(text, start, end);
      }
      // "or is that unfair", "or can we sell before": an inversion asks wherever it stands.
      if (or_word && (kind & kInverted)) return one_line(text, length);
      if (after_or && !(kind & kDegree)) {
        if (stated < 0) stated = opens_with_subject(text, begin, last) ? 1 : 0;
        if (stated == 0) return one_line(text, length);
      }
      or_word = (kind & kAlternative) != 0;
      after_or = seen && or_word && !number(text, previous, previous_end);
      previous = position;
      previous_end = raw_end;
      seen = true;
      position = raw_end;
    }
    return false;
  }

  // Whether text[begin, last) may hold an alternative word: some alternative word's first
  // two characters (ASCII, folded) stand side by side after white space or a stripped
  // character, or a character is not ASCII. One branch-free pass; the word walk above runs
  // only when it may (issue 14).
  template <class CharT>
  bool may_hold_alternative(const CharT* text, std::size_t begin, std::size_t last) const {
    if (!alternative_pairs_ || last - begin < 2) return true;
    std::uint8_t hit = 0, before = 0xFF;  // the clause's start is a word boundary
    for (std::size_t i = begin; i + 1 < last; ++i) {
      const auto a = static_cast<std::uint32_t>(text[i]);
      const auto b = static_cast<std::uint32_t>(text[i + 1]);
      const std::uint8_t first = a < 128 ? alternative_first_[a] : std::uint8_t{0xFF};
      const std::uint8_t second = b < 128 ? alternative_second_[b] : std::uint8_t{0xFF};
      hit |= static_cast<std::uint8_t>(before & first & second);
      before = a < 128 ? alternative_boundary_[a] : std::uint8_t{0xFF};
    }
    return hit != 0;
  }

  // Whether text[0, length) holds no line break (read once, when a choice was found).
  template <class CharT>
  static bool one_line(const CharT* text, std::size_t length) {
    for (std::size_t i = 0; i < length; ++i) {
      const auto cp = static_cast<std::uint32_t>(text[i]);
      if (cp == '\n' || cp == '\r') return false;
    }
    return true;
  }

  // Whether a word opening with `cp` may be an alternative word once stripped (a table for
  // ASCII, which every word of a long clause is tested against).
  bool may_alternate(std::uint32_t cp) const {
    if (cp < 128) return ascii_alternates_[cp];
    return stripped(cp) || in(alternative_firsts_, fold(cp));
  }

  // Whether the clause text[begin, last) opens, lead words aside, with a subject pronoun
  // (rule ask-shapes: "so I wasn't raised with brothers or sisters" is a statement).
  template <class CharT>
  bool opens_with_subject(const CharT* text, std::size_t begin, std::size_t last) const {
    std::size_t position = begin, start = 0, end = 0;
    while (position < last) {
      const std::size_t raw_end = next_word(text, position, last);
      if (raw_end == position) return false;
      strip_span(text, position, raw_end, start, end);
      const std::uint32_t kind = opener(text, start, end);
      if (kind & kSubject) return true;
      if (!(kind & kLeadWord)) return false;
      position = raw_end;
    }
    return false;
  }

  // Whether the word text[begin, stop), stripped, is a number word or opens with a digit
  // (rule ask-shapes).
  template <class CharT>
  bool number(const CharT* text, std::size_t begin, std::size_t stop) const {
    std::size_t start = 0, end = 0;
    strip_span(text, begin, stop, start, end);
    if (start == end) return false;
    const auto lead = static_cast<std::uint32_t>(text[start]);
    return (lead >= '0' && lead <= '9') || (opener(text, start, end) & kNumber);
  }

  // Rule question-ends on text[0, last): a lead ask after at most kLeadReach lead words
  // ("ok and how do I open it"), or last words, at most two end fillers dropped, that are an
  // end phrase of up to three words ("excess insurance worth it", "swept how often then").
  // Reads at most kLeadReach words from the start and kEndWords back from the end. The
  // reference is _asks_at_ends in src/multihorizon/_question_py.py.
  template <class CharT>
  bool asks_at_ends(const CharT* text, std::size_t last) const {
    if (!ends_) return false;
    std::size_t position = 0, start = 0, end = 0;
    for (int lead = 0; lead < kLeadReach; ++lead) {
      const std::size_t raw_end = next_word(text, position, last);
      if (raw_end == position) break;
      strip_span(text, position, raw_end, start, end);
      if (!(opener(text, start, end) & kLeadWord)) break;
      word_at(text, last, raw_end, start, end);
      if (opener(text, start, end) & kLeadAsk) return true;
      position = raw_end;
    }
    // The last words, the last one first.
    std::array<std::pair<std::size_t, std::size_t>, kEndWords> words{};
    std::size_t count = 0, stop = last;
    while (stop > 0 && count < kEndWords) {
      std::size_t begin = stop;
      while (begin > 0 && !intent::is_space(static_cast<std::uint32_t>(text[begin - 1]))) --begin;
      strip_span(text, begin, stop, start, end);
      words[count++] = {start, end};
      stop = begin;
      while (stop > 0 && intent::is_space(static_cast<std::uint32_t>(text[stop - 1]))) --stop;
    }
    std::size_t first = 0;
    while (first < 2 && first < count &&
           (opener(text, words[first].first, words[first].second) & kEndFiller)) {
      ++first;
    }
    thread_local std::u32string key;
    for (std::size_t n = 1; n <= 3 && first + n <= count; ++n) {
      key.clear();
      for (std::size_t i = first + n; i-- > first;) {
        for (std::size_t c = words[i].first; c < words[i].second; ++c) {
          key.push_back(static_cast<char32_t>(fold(static_cast<std::uint32_t>(text[c]))));
        }
        if (i != first) key.push_back(U' ');
      }
      if (key.size() > longest_opener_) break;
      const auto found = openers_.find(key);
      if (found != openers_.end() && (found->second & kEndPhrase)) return true;
    }
    return false;
  }

  // SPEC-028 §5.2 flags of a turn with nothing resolved and nothing named known.
  std::uint32_t decision_flags(const ScanResult& scanned, std::uint32_t rules,
                               bool first_turn) const {
    using namespace intent;
    std::uint32_t flags = 0;
    if (first_turn && (rules & kRuleFirstTurn)) flags |= kFirstTurn;
    if (scanned.kinds & masks_.clarify) flags |= kClarifyHit;
    if (scanned.kinds & masks_.continue_) flags |= kContinueHit;
    if ((scanned.cues & kCueAcknowledgement) && (rules & kRuleAcknowledgement)) {
      flags |= kAcknowledgement;
    }
    if ((scanned.cues & kCueQuestion) && (rules & kRuleFollowUp)) flags |= kQuestion;
    if (scanned.kinds & masks_.points_back) flags |= kPointsBack;
    if ((scanned.kinds & masks_.new_topic) && (rules & kRuleQuestionTopics)) flags |= kNewTopic;
    return flags;
  }

 private:
  bool stripped(std::uint32_t cp) const { return strip_.find(static_cast<char32_t>(cp)) != std::u32string::npos; }
  static constexpr std::uint32_t kSpecOpener = 1, kFormOpener = 2;
  static constexpr std::uint32_t kLeadWord = 4, kLeadAsk = 8, kEndFiller = 16, kEndPhrase = 32;
  static constexpr std::uint32_t kRequestLead = 64, kRequestVerb = 128;  // rule ask-shapes
  static constexpr std::uint32_t kAlternative = 256, kDegree = 512, kSubject = 1024;
  static constexpr std::uint32_t kNumber = 2048, kTopic = 4096, kInverted = 8192;
  static constexpr std::uint32_t kClauseVerb = 16384, kClauseSubject = 32768;
  static constexpr std::uint32_t kInnerAsk = 1u << 16, kInnerStop = 1u << 17;  // stop 34
  static constexpr std::uint32_t kReportAux = 1u << 18, kOtherSubject = 1u << 19;
  static constexpr std::uint32_t kFragmentLead = 1u << 20;
  static constexpr int kInnerReach = 5;  // rule ask-shapes: inner asks' topic words
  static constexpr int kTopicWords = 2;  // rule ask-shapes: a topic's words after its determiner
  static constexpr int kLeadReach = 3;         // rule question-ends: lead words read
  static constexpr std::size_t kEndWords = 5;  // and words read back from the end

  void add_opener(const std::u32string& word, std::uint32_t kind) {
    openers_[word] |= kind;
    longest_opener_ = std::max(longest_opener_, word.size());
  }

  // The opener kinds of the folded text[start:end] (0: none).
  template <class CharT>
  std::uint32_t opener(const CharT* text, std::size_t start, std::size_t end) const {
    if (end - start > longest_opener_) return 0;
    thread_local std::u32string key;
    key.clear();
    for (std::size_t i = start; i < end; ++i) {
      key.push_back(static_cast<char32_t>(fold(static_cast<std::uint32_t>(text[i]))));
    }
    const auto found = openers_.find(key);
    return found == openers_.end() ? 0 : found->second;
  }

  bool clause_mark(std::uint32_t cp) const {
    return cp < 128 ? ascii_marks_[cp] : in(clause_marks_, cp);
  }

  static bool in(const std::u32string& chars, std::uint32_t cp) {
    return chars.find(static_cast<char32_t>(cp)) != std::u32string::npos;
  }

  // [start, end): the first word at or after `position` (white space skipped, `strip_`
  // stripped from both ends).
  template <class CharT>
  void word_at(const CharT* text, std::size_t length, std::size_t position, std::size_t& start,
               std::size_t& end) const {
    start = position;
    while (start < length && intent::is_space(static_cast<std::uint32_t>(text[start]))) ++start;
    end = start;
    while (end < length && !intent::is_space(static_cast<std::uint32_t>(text[end]))) ++end;
    while (start < end && stripped(static_cast<std::uint32_t>(text[start]))) ++start;
    while (end > start && stripped(static_cast<std::uint32_t>(text[end - 1]))) --end;
  }

  // The next white-space-delimited word of text[position, limit): moves `position` to its
  // first character and returns its end (equal to `position`: no word left).
  template <class CharT>
  static std::size_t next_word(const CharT* text, std::size_t& position, std::size_t limit) {
    while (position < limit && intent::is_space(static_cast<std::uint32_t>(text[position]))) {
      ++position;
    }
    std::size_t raw_end = position;
    while (raw_end < limit && !intent::is_space(static_cast<std::uint32_t>(text[raw_end]))) {
      ++raw_end;
    }
    return raw_end;
  }

  // [start, end): text[begin, stop) with `strip_` stripped from both ends.
  template <class CharT>
  void strip_span(const CharT* text, std::size_t begin, std::size_t stop, std::size_t& start,
                  std::size_t& end) const {
    start = begin;
    end = stop;
    while (start < end && stripped(static_cast<std::uint32_t>(text[start]))) ++start;
    while (end > start && stripped(static_cast<std::uint32_t>(text[end - 1]))) --end;
  }

  // Whether the folded text[start:end] is in `words`. The key buffer is per thread and
  // reused, so a warm call allocates nothing.
  template <class CharT>
  static bool contains(const std::unordered_set<std::u32string>& words, const CharT* text,
                       std::size_t start, std::size_t end) {
    thread_local std::u32string key;
    key.clear();
    for (std::size_t i = start; i < end; ++i) {
      key.push_back(static_cast<char32_t>(fold(static_cast<std::uint32_t>(text[i]))));
    }
    return words.count(key) != 0;
  }

  static bool apostrophe(std::uint32_t cp) { return cp == '\'' || cp == 0x2019; }

  // Every word of text[start:end] (a word character other than "_", then word characters
  // and apostrophes: the reference's [^\W_][\w'’]*) is a function word.
  template <class CharT>
  bool only_function_words(const CharT* text, std::size_t start, std::size_t end) const {
    std::size_t i = start;
    while (i < end) {
      const auto cp = static_cast<std::uint32_t>(text[i]);
      if (!is_word(cp) || cp == '_') {
        ++i;
        continue;
      }
      std::size_t word_end = i + 1;
      while (word_end < end) {
        const auto next = static_cast<std::uint32_t>(text[word_end]);
        if (!is_word(next) && !apostrophe(next)) break;
        ++word_end;
      }
      if (!contains(function_words_, text, i, word_end)) return false;
      i = word_end;
    }
    return true;
  }

  template <class CharT>
  bool acknowledgement(const CharT* text, std::size_t length,
                       const std::vector<MarkerHit>& hits) const {
    if (length > backchannel_chars_) return false;
    std::size_t position = 0;
    bool seen = false;
    for (const MarkerHit& hit : hits) {
      if (hit.category != acknowledge_) continue;
      seen = true;
      const auto start = static_cast<std::size_t>(hit.start);
      if (start > position && !only_function_words(text, position, start)) return false;
      position = std::max(position, static_cast<std::size_t>(hit.end));
    }
    return seen && only_function_words(text, position, length);
  }

  // Drops BLOCK hits and the hits a BLOCK span covers (acknowledgements excepted), in place.
  // Hits are sorted by start: one sweep keeps the furthest end of the blocks begun so far.
  void remove_blocked(std::vector<MarkerHit>& hits) const {
    bool any_block = false;
    for (const MarkerHit& hit : hits) any_block = any_block || hit.category == block_;
    if (!any_block) return;
    std::vector<std::pair<std::int64_t, std::int64_t>> blocked;
    for (const MarkerHit& hit : hits) {
      if (hit.category == block_) blocked.emplace_back(hit.start, hit.end);
    }
    std::int64_t reach = -1;
    std::size_t next_block = 0, kept = 0;
    for (std::size_t i = 0; i < hits.size(); ++i) {
      const MarkerHit hit = hits[i];
      while (next_block < blocked.size() && blocked[next_block].first <= hit.start) {
        reach = std::max(reach, blocked[next_block].second);
        ++next_block;
      }
      if (hit.category == block_ || (hit.category != acknowledge_ && hit.end <= reach)) continue;
      hits[kept++] = hit;
    }
    hits.resize(kept);
  }

  MarkerAutomaton automaton_;
  std::int32_t block_;
  std::int32_t acknowledge_;
  std::unordered_map<std::u32string, std::uint32_t> openers_;  // the k*Opener, kLead/kEnd* bits
  std::size_t longest_opener_ = 0;
  std::u32string strip_;
  std::unordered_set<std::u32string> function_words_;
  std::size_t backchannel_chars_;
  IntentMasks masks_;
  std::u32string clause_marks_, statement_ends_;
  bool forms_ = false;  // rule question-forms (form openers given)
  bool ends_ = false;   // rule question-ends (lead words or end phrases given)
  bool asks_ = false;   // rule ask-shapes (request verbs or alternative words given)
  bool topics_ = false;  // rule ask-shapes: topic determiners given
  bool clauses_ = false;  // rule ask-shapes: clause verbs given (clause asks)
  bool inner_ = false, reports_ = false, fragments_ = false;  // rule ask-shapes, stop 34
  std::size_t alternative_chars_ = 0;  // the longest alternative word
  std::u32string alternative_firsts_;  // the alternative words' first characters
  bool alternative_pairs_ = false;     // may_hold_alternative's tables are in use
  std::array<std::uint8_t, 128> alternative_first_{}, alternative_second_{};
  std::array<std::uint8_t, 128> alternative_boundary_{};  // 0xFF: white space or stripped
  std::array<bool, 128> ascii_marks_{};
  std::array<bool, 128> ascii_alternates_{};  // may_alternate of each ASCII character
};

}  // namespace multihorizon
