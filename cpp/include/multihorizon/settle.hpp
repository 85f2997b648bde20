// Whether a user turn's SPEC-028 §5.2 answer from TurnScanner is final without the Python
// rules around it (issue 14: Session.classify's common path in one native call). The
// reference definition is IntentSettlerBase.settles in src/multihorizon/_settler_py.py, which
// mirrors what multihorizon.dialogue.intent.IntentClassifier.classify does with the scan.
//
// "Final" is decided conservatively: every test here that reads text is a superset of the
// Python rule it stands for (a turn it cannot rule out goes on to Python, which decides
// exactly), so a settled answer is always the one the Python path gives.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "multihorizon/intent.hpp"
#include "multihorizon/markers.hpp"

namespace multihorizon {

namespace intent {
// Set by the settle only (register_settle.cpp): the answer is final but for a question,
// which the caller said is not (_intent_py.PENDING_QUESTION).
inline constexpr std::uint32_t kPendingQuestion = 1u << 3;
}  // namespace intent

// A needle looked for in a 1-byte str: settle_detail::latin1_may_pick finds the positions
// where its first two bytes stand, 16 at a time, and compares the rest there.
struct Latin1Needle {
  std::string bytes;

  explicit Latin1Needle(std::string needle) : bytes(std::move(needle)) {}

  bool starts_at(const unsigned char* text, std::size_t length, std::size_t i) const {
    const std::size_t size = bytes.size();
    return size != 0 && size <= length - i && std::memcmp(text + i, bytes.data(), size) == 0;
  }
};

// What IntentClassifier reads beyond the scan, fixed per (lexicon, config).
struct SettleRules {
  // Categories only the slow path reads (a turn with one is never settled here).
  std::uint64_t slow_path = 0;
  // Those of slow_path whose every rule reads the reply just before the turn (thread-requests,
  // understanding-checks, confirm-checks, term-recalls, also-subjects, ...): no slow path
  // when the turn comes after no reply (settles' `replied`).
  std::uint64_t reply_kinds = 0;
  // Categories from which detection can read a tool reference.
  std::uint64_t tool_kinds = 0;
  // TOOL_OUTCOME (rule tool-reference-match) and ACK_OPENER (rule acknowledged-statements),
  // 0 when their rule is off.
  std::uint64_t outcomes = 0;
  std::uint64_t acknowledged = 0;
  std::uint64_t adding = 0;  // CONTINUE (rule also-questions), 0 when it is off
  std::int32_t clarify = -1;  // the CLARIFY category
  // Per phrase index: a CLARIFY phrase whose last word ends with "again" (rule
  // resume-announcements reads those).
  std::vector<bool> again;
  bool tool_match = false;      // rule tool-reference-match
  bool ordinal_forms = false;   // rule ordinal-forms: picks no gate word shows
  bool repeats = false;         // rule resume-announcements
  bool side_questions = false;  // rule side-questions
  bool always_pending = false;  // a lexicon without gate words: detection reads every turn
  bool terms = false;           // rule term-questions
  bool reports = false;         // rule report-backs
  bool echoes = false;          // rule echo-clarifications
  bool reply_terms = false;     // rule reply-term-asks
  std::size_t acknowledged_chars = 0;
  std::size_t detail_chars = 0;  // rule thread-details: any shorter statement (0: off)
  std::size_t report_chars = 0;  // the longest statement a report opener hands on
  std::size_t side_question_chars = 0;
  std::size_t new_ground_chars = 0;  // rule new-ground-questions: a longer DRILL_DOWN question
  std::size_t own_chars = 0;  // rule own-antecedents: a longer DRILL_DOWN question with "my"/"our"
  std::uint64_t pointers = 0;  // the scanner's points-back categories (ANAPHOR, DEMONSTRATIVE)
  std::size_t standalone_chars = 0;  // a turn this short may be a bare pick ("2 please")
  std::u32string capitals;           // letters that may stand alone as a label ("B is best")
  std::u32string joiners;            // what may not touch such a letter ("C++", "#A")
  std::vector<std::u32string> needles;  // substrings an ungated form needs ("#", " one")
  std::vector<std::string> report_openers;  // lower-case ASCII first words (rule report-backs)
  // What reference detection reads (_settle_py.DetectionGates; unset: any turn with a
  // reference marker goes on): categories a hit of which may give a mention by itself, the
  // GATE_NUMBER category, per phrase index whether "option 7"'s pattern may start at it,
  // ordinal_mentions._may_open's lower-case ASCII words (sorted) and FROM_END phrases, and
  // the window it reads before and after a hit.
  bool detection = false;
  std::uint64_t mention_kinds = 0;
  std::int32_t number_gate = -1;
  std::vector<bool> numbered;
  std::vector<std::string> openers;
  std::vector<std::vector<std::string>> from_end;
  std::size_t before_chars = 0;
  std::size_t after_chars = 0;
  std::vector<std::string> short_openers;  // ordinal_mentions._opens' words (sorted)
  // The words one of which every ordinal form holds (beside a digit, "#" or a letter), and
  // those after which "a" or "i" may be a label (settle_data.form_anchors; sorted).
  std::vector<std::string> anchors;
  std::vector<std::string> letter_before;
  // Rule also-questions (_settle_py.AddingGates; unset: any CONTINUE hit may add): per phrase
  // index whether it is an adding opener ("also"), and how far in one may open the turn.
  bool adding_known = false;
  std::vector<bool> adding_phrases;
  std::size_t opening_chars = 0;
  // Rule term-questions (_settle_py.TermGates; unset: any short question with "what" goes
  // on): opening fillers, term openers, hedges and breakers (lower-case ASCII, sorted but
  // the openers, which keep their order), and the ASCII characters stripped off a word.
  bool terms_known = false;
  std::vector<std::string> term_fillers;
  std::vector<std::vector<std::string>> term_openers;
  std::vector<std::string> term_hedges;
  std::vector<std::string> term_breakers;
  std::string term_strip;
  // Rule echo-clarifications (_settle_py.EchoGates; unset: any short turn ending "?" or a
  // bare "how" goes on): the longest turn, the most words of a term, fillers (and those
  // that take the next word), blockers, hedges and tails (lower-case ASCII, sorted), links
  // (in order), what is stripped off a word, the clause ends and the closers after them,
  // and whether a bare "how" may end a term (rule term-frames).
  bool echo_known = false;
  std::size_t echo_chars = 0;
  std::size_t echo_most = 0;
  std::vector<std::string> echo_fillers;
  std::vector<std::string> echo_pair_fillers;
  std::vector<std::string> echo_blockers;
  std::vector<std::string> echo_hedges;
  std::vector<std::string> echo_tails;
  std::vector<std::vector<std::string>> echo_links;
  std::string echo_strip;
  std::string echo_clause_ends;
  std::string echo_closers;
  bool echo_wide = false;
  // Rule reply-term-asks' opening echo (reply_terms.reply_term_words): the longest turn, the
  // most words of a term, its hedges (sorted).
  std::size_t reply_chars = 0;
  std::size_t reply_most = 0;
  std::vector<std::string> reply_hedges;
  // Rule term-checks (term_checks.check_words): the longest turn (0: off), the most words
  // of a term and of a guess, the links after its comma, the verbs after it and the words
  // no guess opens with (sorted).
  std::size_t check_chars = 0;
  std::size_t check_most = 0;
  std::size_t check_guess = 0;
  std::vector<std::vector<std::string>> check_links;
  std::vector<std::string> check_verbs;
  std::vector<std::string> check_inversions;
  // Rule meaning-asks (meaning_asks.meaning_words, _meaning_gate_py.MeaningGates): the
  // longest turn (0: off), the kernels (lower-case ASCII words in order), per kernel whether
  // the term follows it and whether it may ask without a "?" (one of its words is an asking
  // word), the words after a kernel that ask for content and those before a "mean" that
  // ask what follows (sorted).
  std::size_t meaning_chars = 0;
  std::vector<std::vector<std::string>> meaning_kernels;
  std::vector<bool> meaning_after;
  std::vector<bool> meaning_asks_alone;
  std::vector<std::string> meaning_breakers;
  std::vector<std::string> meaning_consequence;
  // The endings meaning_term takes off a term before it reads the breakers ("refer to").
  std::vector<std::vector<std::string>> meaning_ends;
  // Rule confirm-checks (settle_data.confirm_gates; -1: any CONFIRM_MARK hit goes on): the
  // CONFIRM_MARK category, the longest turn confirm_checks.confirm_check reads and the
  // closers it strips after the turn's "?".
  std::int32_t confirm = -1;
  std::size_t confirm_chars = 0;
  std::u32string confirm_closers;
  // Rule adder-questions (settle_data.adder_gates; -1: off): the ADDER_OPENER category
  // ("one more thing", "while I'm at it"), how far into the turn such a hit may start for
  // the rule to read it, and the words that may stand before it (lower-case ASCII, sorted).
  // A positional gate: a hit later in the turn, or after other words, settles as before.
  std::int32_t adder = -1;
  std::size_t adder_chars = 0;
  std::vector<std::string> adder_leads;
  // Set by prepare(). Per Latin-1 code unit: whether it starts a needle or is one of
  // `capitals` (A-Z), so the scan for a trigger skips every other character with one load;
  // whether it is such a capital; the needles that a Latin-1 text can hold, as bytes (a
  // 1-byte str is searched for them all in one pass: settle_detail::latin1_may_pick).
  bool trigger[256] = {};
  bool capital[256] = {};
  bool wide_needle = false;  // a needle starts above U+00FF (the scan then checks each one)
  std::vector<Latin1Needle> latin1_needles;
  // The first words of meaning_kernels, and of those that may ask without a "?" (sorted,
  // distinct): may_mean compares a word with the kernels only where one starts with it.
  std::vector<std::string> meaning_firsts;
  std::vector<std::string> meaning_alone_firsts;

  void prepare() {
    for (std::size_t c = 0; c < 256; ++c) trigger[c] = capital[c] = false;
    wide_needle = false;
    latin1_needles.clear();
    for (const std::u32string& needle : needles) {
      if (needle.empty()) continue;
      const auto first = static_cast<std::uint32_t>(needle[0]);
      if (first < 256) {
        trigger[first] = true;
      } else {
        wide_needle = true;
      }
      std::string bytes;
      for (const char32_t cp : needle) {
        if (cp > 0xFF) break;
        bytes.push_back(static_cast<char>(static_cast<unsigned char>(cp)));
      }
      if (bytes.size() == needle.size()) latin1_needles.emplace_back(std::move(bytes));
    }
    for (const char32_t letter : capitals) {
      if (letter >= U'A' && letter <= U'Z') {
        trigger[static_cast<std::uint32_t>(letter)] = capital[static_cast<std::uint32_t>(letter)] = true;
      }
    }
    meaning_firsts.clear();
    meaning_alone_firsts.clear();
    for (std::size_t k = 0; k < meaning_kernels.size(); ++k) {
      if (meaning_kernels[k].empty()) continue;
      meaning_firsts.push_back(meaning_kernels[k][0]);
      if (k < meaning_asks_alone.size() && meaning_asks_alone[k]) {
        meaning_alone_firsts.push_back(meaning_kernels[k][0]);
      }
    }
    for (std::vector<std::string>* firsts : {&meaning_firsts, &meaning_alone_firsts}) {
      std::sort(firsts->begin(), firsts->end());
      firsts->erase(std::unique(firsts->begin(), firsts->end()), firsts->end());
    }
  }
};

namespace settle_detail {

inline bool ascii_alnum(std::uint32_t cp) {
  return (cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
}

inline bool ascii_alpha(std::uint32_t cp) {
  return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
}

// Whether `needle` starts at text[i].
template <class CharT>
bool starts_at(const CharT* text, std::size_t length, std::size_t i, const std::u32string& needle) {
  if (needle.empty() || needle.size() > length - i) return false;
  for (std::size_t k = 0; k < needle.size(); ++k) {
    if (static_cast<std::uint32_t>(text[i + k]) != static_cast<std::uint32_t>(needle[k])) return false;
  }
  return true;
}

// A neighbour that makes a capital letter part of a word. Superset of "alone": only ASCII
// letters and digits and the joiners count here; a non-ASCII letter beside it (which
// str.isalnum would count) leaves the letter "alone", so the turn goes on to Python.
inline bool touches(std::uint32_t cp, const std::u32string& joiners) {
  return ascii_alnum(cp) || joiners.find(static_cast<char32_t>(cp)) != std::u32string::npos;
}

// A superset of ordinal_mentions.capital_letters + may_pick_by_label's letter test at
// text[i]: a capital that stands alone, and for "A" one whose next non-blank character (of
// the next two) is no letter ("A few more?" opens a sentence, "A is fine" may pick).
template <class CharT>
bool capital_alone_at(const CharT* text, std::size_t length, std::size_t i,
                      const SettleRules& rules) {
  const auto cp = static_cast<std::uint32_t>(text[i]);
  if (rules.capitals.find(static_cast<char32_t>(cp)) == std::u32string::npos) return false;
  const std::uint32_t before = i > 0 ? static_cast<std::uint32_t>(text[i - 1]) : ' ';
  const std::uint32_t after = i + 1 < length ? static_cast<std::uint32_t>(text[i + 1]) : ' ';
  if (touches(before, rules.joiners) || touches(after, rules.joiners)) return false;
  if (cp != 'A') return true;
  // text[i+1:i+3].strip(" ")[:1].isalpha(): a non-ASCII first character counts as a letter
  // nowhere here, so such a turn goes on.
  std::size_t j = i + 1;
  const std::size_t stop = std::min(length, i + 3);
  while (j < stop && static_cast<std::uint32_t>(text[j]) == ' ') ++j;
  return j == stop || !ascii_alpha(static_cast<std::uint32_t>(text[j]));
}

// Whether "what" is in the text in any ASCII case ("What", "WHAT"): what casefold() turns
// into "what", since no other character folds to these letters.
template <class CharT>
bool contains_what(const CharT* text, std::size_t length) {
  static constexpr char kWhat[] = "what";
  for (std::size_t i = 0; i + 4 <= length; ++i) {
    std::size_t j = 0;
    while (j < 4 && (static_cast<std::uint32_t>(text[i + j]) | 0x20u) ==
                        static_cast<std::uint32_t>(kWhat[j])) {
      ++j;
    }
    if (j == 4) return true;
  }
  return false;
}

// Whether "my" or "our" stands in the text as a word (no ASCII letter or digit either side):
// a superset of own_antecedents.OWNERS among the turn's plain words (split at blanks, stripped
// of punctuation, case-folded). Only 'M'/'m', 'O'/'o', ... fold into these letters.
template <class CharT>
bool contains_owner(const CharT* text, std::size_t length) {
  const auto alnum = [](std::uint32_t cp) {
    return (cp >= '0' && cp <= '9') || ((cp | 0x20u) >= 'a' && (cp | 0x20u) <= 'z');
  };
  const auto at = [&](std::size_t i) { return static_cast<std::uint32_t>(text[i]) | 0x20u; };
  for (std::size_t i = 0; i < length; ++i) {
    const std::uint32_t first = at(i);
    if (first != 'm' && first != 'o') continue;  // one test per character on the way
    if (i > 0 && alnum(static_cast<std::uint32_t>(text[i - 1]))) continue;
    const std::size_t size = first == 'm' ? 2 : 3;
    if (i + size > length) continue;
    const bool word = first == 'm' ? at(i + 1) == 'y' : at(i + 1) == 'u' && at(i + 2) == 'r';
    if (word && (i + size == length || !alnum(static_cast<std::uint32_t>(text[i + size])))) {
      return true;
    }
  }
  return false;
}

inline bool ascii_blank(std::uint32_t cp) {  // what str.split() splits at, in ASCII
  return cp == ' ' || (cp >= '\t' && cp <= '\r') || (cp >= 0x1c && cp <= 0x1f);
}

// A superset of "the first word is one of `openers`" as rule report-backs reads it
// (case-folded, split at blanks, stripped of quotes and punctuation): the first run of ASCII
// characters between blanks, stripped of ASCII punctuation and lowered, is one of them, or
// the turn opens with or its first word holds a non-ASCII character.
template <class CharT>
bool may_open_with_report_opener(const CharT* text, std::size_t length,
                                 const std::vector<std::string>& openers) {
  std::size_t start = 0;
  while (start < length && ascii_blank(static_cast<std::uint32_t>(text[start]))) ++start;
  std::size_t end = start;
  for (; end < length && !ascii_blank(static_cast<std::uint32_t>(text[end])); ++end) {
    if (static_cast<std::uint32_t>(text[end]) >= 0x80) return true;
  }
  static constexpr std::string_view kStrip = ",:;.!?\"'()";
  while (start < end && kStrip.find(static_cast<char>(text[start])) != kStrip.npos) ++start;
  while (end > start && kStrip.find(static_cast<char>(text[end - 1])) != kStrip.npos) --end;
  std::string word;
  for (std::size_t i = start; i < end; ++i) {
    const auto cp = static_cast<char>(text[i]);
    word.push_back(cp >= 'A' && cp <= 'Z' ? static_cast<char>(cp | 0x20) : cp);
  }
  return std::find(openers.begin(), openers.end(), word) != openers.end();
}

inline bool flagged(const std::vector<bool>& flags, std::int32_t phrase) {
  return phrase >= 0 && static_cast<std::size_t>(phrase) < flags.size() &&
         flags[static_cast<std::size_t>(phrase)];
}

constexpr std::size_t kLongestWords = 4;  // the most words may_open reads (FROM_END's longest)

// _settle_py._run_end: the end of the ASCII letters and digits from `at`, or `limit + 1`
// at a non-ASCII character (whether it is a token character is not read here).
template <class CharT>
std::size_t run_end(const CharT* text, std::size_t at, std::size_t limit) {
  for (; at < limit; ++at) {
    const auto cp = static_cast<std::uint32_t>(text[at]);
    if (cp >= 0x80) return limit + 1;
    if (!ascii_alnum(cp)) break;
  }
  return at;
}

// _settle_py._next_token: the next match of ordinal_mentions._TOKEN
// (#?[^\W_]+(?:'[^\W_]+)?) in text[at:limit] on ASCII text as [first, end); first == limit
// when there is none; false at a non-ASCII character.
template <class CharT>
bool next_token(const CharT* text, std::size_t at, std::size_t limit, std::size_t& first,
                std::size_t& end) {
  const auto cp = [&](std::size_t i) { return static_cast<std::uint32_t>(text[i]); };
  while (at < limit) {
    if (cp(at) >= 0x80) return false;
    first = at;
    if (cp(at) == '#' && at + 1 < limit) {
      if (cp(at + 1) >= 0x80) return false;
      if (ascii_alnum(cp(at + 1))) ++at;
    }
    if (!ascii_alnum(cp(at))) {
      at = first + 1;
      continue;
    }
    end = run_end(text, at, limit);
    if (end > limit) return false;
    if (end + 1 < limit && cp(end) == '\'') {
      if (cp(end + 1) >= 0x80) return false;
      if (ascii_alnum(cp(end + 1))) end = run_end(text, end + 1, limit);
      if (end > limit) return false;
    }
    return true;
  }
  first = end = limit;
  return true;
}

template <class CharT>
std::string lower_ascii(const CharT* text, std::size_t first, std::size_t end) {
  std::string word;
  for (std::size_t i = first; i < end; ++i) {
    const auto c = static_cast<char>(static_cast<std::uint32_t>(text[i]));
    word.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c | 0x20) : c);
  }
  return word;
}

// "2", "#2": ordinal_mentions._is_number(word.lstrip("#")).
inline bool is_number_word(const std::string& word) {
  std::size_t digit = 0;
  while (digit < word.size() && word[digit] == '#') ++digit;
  if (digit == word.size()) return false;
  for (std::size_t i = digit; i < word.size(); ++i) {
    if (word[i] < '0' || word[i] > '9') return false;
  }
  return true;
}

// A superset of ordinal_mentions._may_open(text, position) (_settle_py's
// DetectionGates.may_open): exactly it where the characters read are ASCII, true at any
// other.
template <class CharT>
bool may_open(const CharT* text, std::size_t length, std::size_t position,
              const SettleRules& rules) {
  const auto cp = [&](std::size_t i) { return static_cast<std::uint32_t>(text[i]); };
  const std::size_t low = position > rules.before_chars ? position - rules.before_chars : 0;
  std::size_t start = position;
  while (start > low) {
    const std::uint32_t before = cp(start - 1);
    if (before >= 0x80) return true;
    if (!(ascii_alnum(before) || before == '#' || before == '\'')) break;
    --start;
  }
  const std::size_t limit = std::min(length, position + rules.after_chars);
  std::string words[kLongestWords];
  std::size_t count = 0;
  std::size_t at = start;
  while (count < kLongestWords) {
    std::size_t first = 0;
    if (!next_token(text, at, limit, first, at)) return true;
    if (first == limit) break;
    if (count == 0 && at <= position) continue;        // the token ends before the hit
    if (count == 0 && first > position) return false;  // no token holds the hit
    words[count++] = lower_ascii(text, first, at);
  }
  if (count == 0) return false;
  const std::string& word = words[0];
  if (std::binary_search(rules.openers.begin(), rules.openers.end(), word)) return true;
  if (is_number_word(word)) return true;
  if (word.size() == 1 && cp(position) >= 'A' && cp(position) <= 'J') return true;
  for (const std::vector<std::string>& phrase : rules.from_end) {
    if (phrase.size() <= count && std::equal(phrase.begin(), phrase.end(), words)) return true;
  }
  return false;
}

// Whether an ordinal form may hold the token `word` (DetectionGates.anchored): a word of
// `anchors`, a token with a digit or "#", or a letter label ("a" and "i" only as a capital
// "A" or after `letter_before`).
inline bool anchored(const std::string& word, std::uint32_t first, const std::string& previous,
                     const SettleRules& rules) {
  if (std::binary_search(rules.anchors.begin(), rules.anchors.end(), word)) return true;
  if (word.empty() || word[0] == '#') return true;
  for (const char c : word) {
    if (c >= '0' && c <= '9') return true;
  }
  if (word.size() != 1 || word[0] < 'a' || word[0] > 'j') return false;
  return (word[0] != 'a' && word[0] != 'i') || first == 'A' ||
         std::binary_search(rules.letter_before.begin(), rules.letter_before.end(), previous);
}

// A superset of "ordinal_mentions.ordinal_form_mentions finds a form" on a turn short
// enough to be only a pick, where it tries every token that _opens: one such token at which
// may_open holds, and an anchor in the turn (DetectionGates.short_may_open; true on
// non-ASCII text).
template <class CharT>
bool short_may_open(const CharT* text, std::size_t length, const SettleRules& rules) {
  std::size_t at = 0;
  bool opens = false, anchor = false;
  std::string previous;
  while (true) {
    std::size_t first = 0;
    if (!next_token(text, at, length, first, at)) return true;
    if (first == length) return opens && anchor;
    std::string word = lower_ascii(text, first, at);
    if (!opens && (is_number_word(word) ||
                   std::binary_search(rules.short_openers.begin(), rules.short_openers.end(),
                                      word))) {
      opens = may_open(text, length, first, rules);  // as _mention_at reads
    }
    anchor = anchor || anchored(word, static_cast<std::uint32_t>(text[first]), previous, rules);
    previous = std::move(word);
  }
}

// A superset of "detection.detect finds a mention", the ungated forms aside (those are
// may_pick_without_gates'): _settle_py.DetectionGates.may_detect.
template <class CharT>
bool may_detect(const CharT* text, std::size_t length, const std::vector<MarkerHit>& hits,
                std::uint64_t kinds, const SettleRules& rules) {
  if (!rules.detection || (kinds & rules.mention_kinds)) return true;
  for (const MarkerHit& hit : hits) {
    if (hit.category != rules.number_gate) continue;
    if (flagged(rules.numbered, hit.phrase)) return true;
    if (rules.ordinal_forms && may_open(text, length, static_cast<std::size_t>(hit.start), rules)) {
      return true;
    }
  }
  return false;
}

// A superset of phrasing.adding_opener (rule also-questions): a hit of a category in
// `adding` whose phrase is an adding opener, at most opening_chars into the turn.
// Whether rule confirm-checks may read the turn (confirm_checks.confirm_check's first test,
// exact): at most confirm_chars long, its last character "?" once trailing blanks, then
// closers, are stripped ("so only 40, right?", "... correct?)").
template <class CharT>
bool may_confirm(const CharT* text, std::size_t length, const SettleRules& rules) {
  if (length > rules.confirm_chars) return false;
  std::size_t end = length;
  while (end > 0 && intent::is_space(static_cast<std::uint32_t>(text[end - 1]))) --end;
  while (end > 0 && rules.confirm_closers.find(static_cast<char32_t>(text[end - 1])) !=
                        std::u32string::npos) {
    --end;
  }
  return end > 0 && text[end - 1] == '?';
}

// Whether an ADDER_OPENER hit starts at most adder_chars into the turn with only words of
// adder_leads before it (_settler_py.opens_with_adder, exact): any character but an ASCII
// letter separates words, and a non-ASCII one before the hit lets it count (the Python
// rule, adder_questions.split_added, decides).
template <class CharT>
bool opens_with_adder(const CharT* text, std::size_t length, const std::vector<MarkerHit>& hits,
                      const SettleRules& rules) {
  for (const MarkerHit& hit : hits) {
    if (hit.category != rules.adder || hit.start < 0 ||
        static_cast<std::size_t>(hit.start) > rules.adder_chars) {
      continue;
    }
    const std::size_t end = std::min(static_cast<std::size_t>(hit.start), length);
    bool leads_only = true;
    std::string word;
    for (std::size_t i = 0; i <= end; ++i) {
      const std::uint32_t c = i < end ? static_cast<std::uint32_t>(text[i]) : 0x20u;
      if (c >= 0x80u) return true;
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
        word.push_back(static_cast<char>(c | 0x20u));
      } else if (!word.empty()) {
        leads_only = leads_only && std::binary_search(rules.adder_leads.begin(),
                                                      rules.adder_leads.end(), word);
        word.clear();
      }
    }
    if (leads_only) return true;
  }
  return false;
}

inline bool may_add(const std::vector<MarkerHit>& hits, const SettleRules& rules) {
  if (!rules.adding_known) return true;
  for (const MarkerHit& hit : hits) {
    if (hit.category < 0 || hit.category >= 64 || !((rules.adding >> hit.category) & 1u)) continue;
    if (flagged(rules.adding_phrases, hit.phrase) &&
        static_cast<std::size_t>(hit.start) <= rules.opening_chars) {
      return true;
    }
  }
  return false;
}

inline bool among(const std::vector<std::string>& sorted, const std::string& word) {
  return std::binary_search(sorted.begin(), sorted.end(), word);
}

// Whether the last character other than white space is "?" (rule echo-clarifications:
// _settler_py.IntentSettlerBase.settles reads text.rstrip().endswith("?")).
template <class CharT>
bool ends_with_question_mark(const CharT* text, std::size_t length) {
  while (length > 0) {
    const char32_t c = static_cast<char32_t>(text[length - 1]);
    // str.isspace() of every code point that may end a turn; any other Unicode space is
    // treated as a character, so a turn ending "? \u3000" goes on (superset).
    if (c == U' ' || (c >= U'\t' && c <= U'\r') || (c >= 0x1c && c <= 0x1f) || c == 0x85 ||
        c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 ||
        c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000) {
      --length;
      continue;
    }
    return c == U'?';
  }
  return false;
}

// Whether the text ends with "how" once white space and the characters echoes._STRIP takes
// off a word are dropped from its end ("richer how": rule term-frames; a superset of
// _intent_py.ends_with_bare_how, which reads the same).
template <class CharT>
bool ends_with_bare_how(const CharT* text, std::size_t length) {
  while (length > 0) {
    const char32_t c = static_cast<char32_t>(text[length - 1]);
    const bool space = c == U' ' || (c >= U'\t' && c <= U'\r') || (c >= 0x1c && c <= 0x1f) ||
                       c == 0x85 || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
                       c == 0x2028 || c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000;
    const bool strip = c == U',' || c == U':' || c == U';' || c == U'.' || c == U'!' ||
                       c == U'?' || c == U'"' || c == U'\'' || c == U'(' || c == U')' ||
                       c == U'[' || c == U']' || c == U'*' || (c >= 0x2018 && c <= 0x2019) ||
                       (c >= 0x201c && c <= 0x201d);
    if (!space && !strip) break;
    --length;
  }
  if (length < 3) return false;
  const auto is = [&](std::size_t i, char32_t lower) {
    const char32_t c = static_cast<char32_t>(text[i]);
    return c == lower || c == lower - 32;
  };
  return is(length - 3, U'h') && is(length - 2, U'o') && is(length - 1, U'w');
}

// A superset of bool(phrasing.term_asked(text)) (_settle_py.TermGates.may_ask; the caller
// checks the length): its steps on ASCII text up to the term's content words, true on any
// other text.
template <class CharT>
bool may_ask_term(const CharT* text, std::size_t length, const SettleRules& rules) {
  std::vector<std::string> words;
  // Whether each word ends a clause (phrasing.first_clause_end, rule term-frames): it holds
  // ",", ";", ":", "?" or "!", or ends with ".".
  std::vector<bool> clause_ends;
  std::size_t at = 0;
  while (at < length) {
    while (at < length && ascii_blank(static_cast<std::uint32_t>(text[at]))) ++at;
    if (at == length) break;
    std::size_t end = at;
    bool ends = false;
    for (; end < length && !ascii_blank(static_cast<std::uint32_t>(text[end])); ++end) {
      const std::uint32_t c = static_cast<std::uint32_t>(text[end]);
      if (c >= 0x80) return true;
      ends = ends || c == ',' || c == ';' || c == ':' || c == '?' || c == '!';
    }
    clause_ends.push_back(ends || static_cast<std::uint32_t>(text[end - 1]) == '.');
    std::size_t first = at;
    std::size_t last = end;
    const auto stripped = [&](std::size_t i) {
      return rules.term_strip.find(static_cast<char>(text[i])) != std::string::npos;
    };
    while (first < last && stripped(first)) ++first;
    while (last > first && stripped(last - 1)) --last;
    words.push_back(lower_ascii(text, first, last));
    at = end;
  }
  std::size_t start = 0;
  while (start < words.size() && among(rules.term_fillers, words[start])) ++start;
  if (start == words.size()) start = 0;
  const std::vector<std::string>* opener = nullptr;
  for (const std::vector<std::string>& candidate : rules.term_openers) {
    if (start + candidate.size() <= words.size() &&
        std::equal(candidate.begin(), candidate.end(),
                   words.begin() + static_cast<std::ptrdiff_t>(start))) {
      opener = &candidate;
      break;
    }
  }
  if (opener == nullptr) return false;
  if (opener->back() == "does") return true;  // "what does X mean?": the ending is Python's
  bool hedged = false;
  std::vector<const std::string*> term;
  bool in_clause = true;  // the term is read up to the first clause's end
  for (std::size_t i = start + opener->size(); i < words.size(); ++i) {
    if (among(rules.term_hedges, words[i])) {
      hedged = true;
    } else if (in_clause) {
      term.push_back(&words[i]);
    }
    in_clause = in_clause && !clause_ends[i];
  }
  std::size_t from = 0;
  if (!term.empty() && *term[0] == "the" && !hedged) return false;
  if (!term.empty() && (*term[0] == "a" || *term[0] == "an" || *term[0] == "the")) from = 1;
  for (std::size_t i = from; i < term.size(); ++i) {
    if (among(rules.term_breakers, *term[i])) return false;
  }
  return true;
}

// `word` without the characters of `chars` at either end.
inline std::string_view strip_ends(std::string_view word, const std::string& chars) {
  std::size_t first = 0, last = word.size();
  while (first < last && chars.find(word[first]) != std::string::npos) ++first;
  while (last > first && chars.find(word[last - 1]) != std::string::npos) --last;
  return word.substr(first, last - first);
}

inline bool among_view(const std::vector<std::string>& sorted, std::string_view word) {
  return std::binary_search(sorted.begin(), sorted.end(), word,
                            [](std::string_view a, std::string_view b) { return a < b; });
}

// The length of a link phrase starting at bare[index], 0: none (echoes._link_at). `bare`:
// the words with echo_strip taken off their ends (stripped once, not once per link).
inline std::size_t echo_link_at(const std::vector<std::string_view>& bare, std::size_t index,
                                const SettleRules& rules) {
  for (const std::vector<std::string>& link : rules.echo_links) {
    if (index + link.size() > bare.size()) continue;
    bool same = true;
    for (std::size_t k = 0; same && k < link.size(); ++k) same = bare[index + k] == link[k];
    if (same) return link.size();
  }
  return 0;
}

// A superset of bool(echoes.echoed_term(text, wide)) (rule echo-clarifications;
// _settle_py.EchoGates.may_echo): exactly its steps on ASCII text, where casefold is lower,
// but the last (the term's content words: any word left counts); true on any other text.
template <class CharT>
bool may_echo(const CharT* text, std::size_t length, const SettleRules& rules) {
  for (std::size_t i = 0; i < length; ++i) {
    if (static_cast<std::uint32_t>(text[i]) >= 0x80) return true;
  }
  if (length > rules.echo_chars) return false;
  // The common short turn ends otherwise: no word is read (both tests are supersets of the
  // two endings read below).
  if (!ends_with_question_mark(text, length) &&
      !(rules.echo_wide && ends_with_bare_how(text, length))) {
    return false;
  }
  const std::string& strip = rules.echo_strip;
  std::vector<std::string> words;  // text.lower().split()
  bool asks = false;               // a "?" anywhere
  for (std::size_t at = 0; at < length;) {
    while (at < length && ascii_blank(static_cast<std::uint32_t>(text[at]))) ++at;
    if (at == length) break;
    const std::size_t first = at;
    while (at < length && !ascii_blank(static_cast<std::uint32_t>(text[at]))) {
      asks = asks || static_cast<std::uint32_t>(text[at]) == '?';
      ++at;
    }
    words.push_back(lower_ascii(text, first, at));
  }
  const bool bare_how = rules.echo_wide && !asks && words.size() > 1 &&
                        strip_ends(words.back(), strip) == "how";
  // text.rstrip().endswith("?"): the last word's last character (ASCII blanks only here).
  const bool ends_asking = !words.empty() && words.back().back() == '?';
  if (!(bare_how || ends_asking)) return false;
  const std::size_t count = words.size() - (bare_how ? 1 : 0);
  std::size_t index = 0;
  while (index < count && among_view(rules.echo_fillers, strip_ends(words[index], strip))) {
    index += among_view(rules.echo_pair_fillers, strip_ends(words[index], strip)) ? 2 : 1;
  }
  std::vector<std::string_view> term;
  bool ended = false, linked = false;
  const std::vector<std::string>& head = words;  // read up to count: words[:count]
  std::vector<std::string_view> bare_head;  // head's words stripped, for the links
  bare_head.reserve(count);
  for (std::size_t i = 0; i < count; ++i) bare_head.push_back(strip_ends(head[i], strip));
  while (index < count && term.size() < rules.echo_most) {
    if (!term.empty()) {
      const std::size_t span = echo_link_at(bare_head, index, rules);
      if (span != 0) {
        index += span;
        linked = true;
        break;
      }
    }
    const std::string& token = head[index++];
    if (token == "-") {  // the only ASCII dash
      ended = !term.empty();
      if (ended) break;
      continue;
    }
    const std::string_view bare = strip_ends(token, strip);
    if (!bare.empty()) term.push_back(bare);
    std::size_t closed = token.size();
    while (closed > 0 && rules.echo_closers.find(token[closed - 1]) != std::string::npos) --closed;
    if (closed > 0 && rules.echo_clause_ends.find(token[closed - 1]) != std::string::npos) {
      ended = true;
      break;
    }
  }
  ended = ended || (bare_how && index == count);
  if (term.empty() || among_view(rules.echo_blockers, term[0]) || !(ended || linked)) return false;
  if (bare_how && linked) return false;
  std::string tail;
  bool rest = false;
  for (std::size_t i = index; i < count; ++i) {
    const std::string_view word = strip_ends(head[i], strip);
    if (word.empty()) continue;
    rest = true;
    if (among_view(rules.echo_hedges, word)) continue;
    if (!tail.empty()) tail.push_back(' ');
    tail.append(word);
  }
  if (rest && !linked) {
    if (echo_link_at(bare_head, index, rules) == 0 && !among_view(rules.echo_tails, tail)) {
      return false;
    }
  } else if (!(rest || linked || bare_how)) {
    const std::string& last = head[count - 1];
    std::size_t closed = last.size();
    while (closed > 0 && rules.echo_closers.find(last[closed - 1]) != std::string::npos) --closed;
    if (closed == 0 || last[closed - 1] != '?') return false;
  }
  const bool article = term[0] == "a" || term[0] == "an" || term[0] == "the";
  return term.size() > (article ? 1u : 0u);
}

// Whether ASCII text holds a "?" (1) or not (0); -1 for text with any other character.
template <class CharT>
int ascii_asks(const CharT* text, std::size_t length) {
  bool asks = false;
  for (std::size_t i = 0; i < length; ++i) {
    const auto c = static_cast<std::uint32_t>(text[i]);
    if (c >= 0x80) return -1;
    asks = asks || c == '?';
  }
  return asks ? 1 : 0;
}

// text.lower().split() of ASCII text.
template <class CharT>
std::vector<std::string> lower_ascii_words(const CharT* text, std::size_t length) {
  std::vector<std::string> words;
  words.reserve(length / 2 + 1);  // at most one word per two characters: one allocation
  for (std::size_t at = 0; at < length;) {
    while (at < length && ascii_blank(static_cast<std::uint32_t>(text[at]))) ++at;
    if (at == length) break;
    const std::size_t first = at;
    while (at < length && !ascii_blank(static_cast<std::uint32_t>(text[at]))) ++at;
    words.push_back(lower_ascii(text, first, at));
  }
  return words;
}

// A superset of bool(reply_terms.opening_echo(text)) (rule reply-term-asks:
// _settle_py.EchoGates.may_open_echo): exactly its steps on ASCII text but the last (the
// term's content words); true on any other text.
template <class CharT>
bool may_open_echo(const CharT* text, std::size_t length, const SettleRules& rules) {
  const int asks = ascii_asks(text, length);
  if (asks < 0) return true;
  if (length > rules.reply_chars || !asks) return false;
  const std::string& strip = rules.echo_strip;
  const std::vector<std::string> tokens = lower_ascii_words(text, length);
  std::size_t index = 0;
  while (index < tokens.size() && among_view(rules.echo_fillers, strip_ends(tokens[index], strip))) {
    ++index;
  }
  std::vector<std::string_view> term;
  bool closed = false;  // the loop ended at a token ending "?"
  while (index < tokens.size() && term.size() < rules.reply_most) {
    const std::string& token = tokens[index++];
    const std::string_view word = strip_ends(token, strip);
    if (!word.empty()) term.push_back(word);
    std::size_t core = token.size();
    while (core > 0 && rules.echo_closers.find(token[core - 1]) != std::string::npos) --core;
    if (core > 0 && token[core - 1] == '?') {
      closed = true;
      break;
    }
    // core[-1:] in ",:;.!": an empty core (closers alone) too.
    if (core == 0 || std::string_view(",:;.!").find(token[core - 1]) != std::string_view::npos) {
      return false;
    }
  }
  if (!closed) return false;
  bool more = false;
  for (std::size_t i = index; i < tokens.size() && !more; ++i) {
    more = !strip_ends(tokens[i], strip).empty();
  }
  std::vector<std::string_view> bare;
  for (const std::string_view word : term) {
    if (!among_view(rules.reply_hedges, word)) bare.push_back(word);
  }
  if (bare.empty() || among_view(rules.echo_blockers, bare[0]) ||
      !(more || bare.size() < term.size())) {
    return false;
  }
  const bool article = bare[0] == "a" || bare[0] == "an" || bare[0] == "the";
  return bare.size() > (article ? 1u : 0u);
}

// A superset of bool(meaning_asks.meaning_term(text)) (rule meaning-asks: "porosity, what is
// it exactly"; _meaning_gate_py.MeaningGates.may_mean): at most meaning_chars characters
// (0: off) and, on ASCII text, a kernel's words in a row, one that asks alone unless the
// text holds a "?", and not an occurrence meaning_term surely reads as none (an "after"
// kernel before a breaker with no ending after it, a "mean" after a consequence word, no
// clause end between them); true on any other text up to that length.
template <class CharT>
bool may_mean(const CharT* text, std::size_t length, const SettleRules& rules) {
  if (length > rules.meaning_chars) return false;
  const int asks = ascii_asks(text, length);
  if (asks < 0) return true;
  const std::vector<std::string> tokens = lower_ascii_words(text, length);
  std::vector<std::string_view> words;
  words.reserve(tokens.size());
  for (const std::string& token : tokens) words.push_back(strip_ends(token, rules.echo_strip));
  // Nothing stripped off word i: no clause ends after it.
  const auto joined = [&](std::size_t i) { return words[i].size() == tokens[i].size(); };
  // Whether `phrase`'s words stand in a row from word `at`.
  const auto phrase_at = [&](std::size_t at, const std::vector<std::string>& phrase) {
    if (phrase.size() > words.size() - at) return false;
    for (std::size_t i = 0; i < phrase.size(); ++i) {
      if (words[at + i] != phrase[i]) return false;
    }
    return true;
  };
  // Whether an ending stands at or after word `start`: meaning_term takes it off the term
  // before it reads the breakers ("what does your ETA refer to" names a term).
  const auto ends_after = [&](std::size_t start) {
    for (std::size_t at = start; at < words.size(); ++at) {
      for (const std::vector<std::string>& ending : rules.meaning_ends) {
        if (phrase_at(at, ending)) return true;
      }
    }
    return false;
  };
  // Only a word that starts a kernel (one that may ask here) is compared with the kernels.
  const std::vector<std::string>& firsts = asks ? rules.meaning_firsts : rules.meaning_alone_firsts;
  for (std::size_t at = 0; at < words.size(); ++at) {
    if (!among_view(firsts, words[at])) continue;
    for (std::size_t k = 0; k < rules.meaning_kernels.size(); ++k) {
      const std::vector<std::string>& kernel = rules.meaning_kernels[k];
      if (!(asks || rules.meaning_asks_alone[k]) || !phrase_at(at, kernel)) continue;
      const std::size_t end = at + kernel.size();
      if (rules.meaning_after[k]) {
        if (end < words.size() && joined(end - 1) &&
            among_view(rules.meaning_breakers, words[end]) && !ends_after(end)) {
          continue;  // "What are its symptoms?" asks for content
        }
      } else if (at > 0 && joined(at - 1) && kernel[0].rfind("mean", 0) == 0 &&
                 among_view(rules.meaning_consequence, words[at - 1])) {
        continue;  // "does that mean it's healed?"
      }
      return true;
    }
  }
  return false;
}

// A superset of bool(term_checks.term_check(text)) (rule term-checks: "Red wrigglers, are
// those the same as ...?", "mainsheet is which rope?"; _settle_py.EchoGates.may_check):
// exactly its steps on ASCII text but the last (the term's content words); true on any
// other text up to its length; false when the rule is off (check_chars 0).
template <class CharT>
bool may_check(const CharT* text, std::size_t length, const SettleRules& rules) {
  // A longer turn checks nothing, whatever its characters (len(text) is length here).
  if (length > rules.check_chars) return false;
  const int asks = ascii_asks(text, length);
  if (asks < 0) return true;
  if (!asks) return false;
  const std::string& strip = rules.echo_strip;
  const std::string& closers = rules.echo_closers;
  const std::vector<std::string> tokens = lower_ascii_words(text, length);
  // token.rstrip(closers): its length; its last character, '\0' for an empty core (which
  // Python's core[-1:] in "..." counts as a clause end).
  const auto core_end = [&closers](const std::string& token) {
    std::size_t core = token.size();
    while (core > 0 && closers.find(token[core - 1]) != std::string::npos) --core;
    return core == 0 ? '\0' : token[core - 1];
  };
  const auto ends_in = [](char last, std::string_view ends) {
    return last == '\0' || ends.find(last) != std::string_view::npos;
  };
  std::size_t start = 0, asked = 0;
  for (; asked < tokens.size(); ++asked) {
    if (tokens[asked].find('?') != std::string::npos) break;
    if (ends_in(core_end(tokens[asked]), ".!;")) start = asked + 1;
  }
  std::size_t index = start;
  while (index < asked && among_view(rules.echo_fillers, strip_ends(tokens[index], strip))) {
    ++index;
  }
  std::vector<std::string_view> term;
  while (index <= asked && index < tokens.size() && term.size() < rules.check_most) {
    const std::string& token = tokens[index++];
    const std::string_view word = strip_ends(token, strip);
    if (!term.empty() && among_view(rules.check_verbs, word)) {
      const bool guess = index <= asked && asked - index < rules.check_guess;
      if (!guess || among_view(rules.check_inversions, strip_ends(tokens[index], strip))) {
        return false;
      }
      return !among_view(rules.echo_blockers, term[0]);
    }
    if (!word.empty()) term.push_back(word);
    const char last = core_end(token);
    if (last == ',') {
      bool linked = false;
      for (const std::vector<std::string>& link : rules.check_links) {
        bool same = index + link.size() <= tokens.size() && link.size() <= 3;
        for (std::size_t k = 0; same && k < link.size(); ++k) {
          same = strip_ends(tokens[index + k], strip) == link[k];
        }
        linked = linked || same;
      }
      return linked && !among_view(rules.echo_blockers, term[0]);
    }
    if (ends_in(last, ":.!;?")) return false;
  }
  return false;
}

// The exact test of may_pick_without_gates at text[i] of a Latin-1 str: a needle starts
// there, or a capital stands alone there.
inline bool latin1_pick_at(const unsigned char* text, std::size_t length, std::size_t i,
                           const SettleRules& rules) {
  if (rules.capital[text[i]] && capital_alone_at(text, length, i, rules)) return true;
  for (const Latin1Needle& needle : rules.latin1_needles) {
    if (needle.starts_at(text, length, i)) return true;
  }
  return false;
}

inline constexpr std::size_t kVectorNeedles = 4;

// may_pick_without_gates of a Latin-1 str in one pass. The positions worth the exact test
// are a capital A-Z, or a needle's first byte followed by its second: found 16 at a time
// with SSE2 (every x86-64 has it), so a turn's hundreds of other bytes cost a few
// instructions per 16 (a search per needle and a pass for the capitals cost ~3x more).
inline bool latin1_may_pick(const unsigned char* text, std::size_t length,
                            const SettleRules& rules) {
  std::size_t i = 0;
#if defined(__SSE2__)
  const std::size_t needles = rules.latin1_needles.size();
  if (needles <= kVectorNeedles) {
    __m128i first[kVectorNeedles], second[kVectorNeedles];
    bool paired[kVectorNeedles] = {};
    for (std::size_t n = 0; n < needles; ++n) {
      const std::string& bytes = rules.latin1_needles[n].bytes;
      first[n] = _mm_set1_epi8(static_cast<char>(bytes[0]));
      paired[n] = bytes.size() >= 2;
      second[n] = _mm_set1_epi8(static_cast<char>(paired[n] ? bytes[1] : 0));
    }
    // Signed compares: a byte >= 0x80 is negative, below 'A'.
    const __m128i below = _mm_set1_epi8('A' - 1), above = _mm_set1_epi8('Z' + 1);
    for (; i + 17 <= length; i += 16) {  // reads text[i:i+17]
      const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text + i));
      const __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text + i + 1));
      __m128i found = _mm_and_si128(_mm_cmpgt_epi8(block, below), _mm_cmplt_epi8(block, above));
      for (std::size_t n = 0; n < needles; ++n) {
        __m128i at = _mm_cmpeq_epi8(block, first[n]);
        if (paired[n]) at = _mm_and_si128(at, _mm_cmpeq_epi8(next, second[n]));
        found = _mm_or_si128(found, at);
      }
      for (auto mask = static_cast<unsigned>(_mm_movemask_epi8(found)); mask != 0;
           mask &= mask - 1) {
        if (latin1_pick_at(text, length, i + static_cast<std::size_t>(__builtin_ctz(mask)), rules)) {
          return true;
        }
      }
    }
  }
#endif
  for (; i < length; ++i) {
    if (rules.trigger[text[i]] && latin1_pick_at(text, length, i, rules)) return true;
  }
  return false;
}

}  // namespace settle_detail

// Whether a pick no gate word shows may be in the turn (rule ordinal-forms): a superset of
// ordinal_mentions.forms_without_gates(text) or may_pick_by_label(text). One pass: a needle,
// or an ASCII capital A-Z among `capitals` that stands alone.
template <class CharT>
bool may_pick_without_gates(const CharT* text, std::size_t length, const SettleRules& rules) {
  // A short turn may be only a pick ("2 please"): every word is read there.
  if (length <= rules.standalone_chars &&
      (!rules.detection || settle_detail::short_may_open(text, length, rules))) {
    return true;
  }
  if constexpr (sizeof(CharT) == 1) {
    return settle_detail::latin1_may_pick(text, length, rules);
  }
  for (std::size_t i = 0; i < length; ++i) {
    const auto cp = static_cast<std::uint32_t>(text[i]);
    if (cp < 256 ? !rules.trigger[cp] : !rules.wide_needle) continue;
    for (const std::u32string& needle : rules.needles) {
      if (cp == static_cast<std::uint32_t>(needle[0]) && settle_detail::starts_at(text, length, i, needle)) {
        return true;
      }
    }
    if (cp >= 'A' && cp <= 'Z' && settle_detail::capital_alone_at(text, length, i, rules)) {
      return true;
    }
  }
  return false;
}

// Whether ordinal_mentions.ordinal_form_mentions(text, hits, ...) may append a mention
// (Session.user's references stage skips it otherwise; issue 14). Every form starts where
// _may_open holds, at one of its starts: a gate hit (`gate_starts`: GATE_NUMBER, GATE_ONE
// and ORDINAL hits), "#" before a digit, a digit before ")", the word after " one"'s blank,
// a capital of `capitals`; in a turn of at most standalone_chars, a token _opens reads
// (short_may_open) or a capital. A superset: may_open is exact on ASCII and true at any
// other character, and neither a capital's neighbours nor the "the" before " one" are
// read. True without the detection data (_settler_py.IntentSettlerBase.may_hold_forms).
template <class CharT>
bool may_hold_forms(const CharT* text, std::size_t length,
                    const std::vector<std::size_t>& gate_starts, const SettleRules& rules) {
  using settle_detail::may_open;
  if (!rules.detection) return true;
  const auto cp = [&](std::size_t i) { return static_cast<std::uint32_t>(text[i]); };
  const auto digit = [&](std::size_t i) { return cp(i) >= '0' && cp(i) <= '9'; };
  for (std::size_t i = 0; i < length; ++i) {
    if (cp(i) >= 'A' && cp(i) <= 'Z' &&
        rules.capitals.find(static_cast<char32_t>(cp(i))) != std::u32string::npos &&
        may_open(text, length, i, rules)) {
      return true;
    }
  }
  if (length <= rules.standalone_chars) return settle_detail::short_may_open(text, length, rules);
  for (const std::size_t start : gate_starts) {
    if (start < length && may_open(text, length, start, rules)) return true;
  }
  for (std::size_t i = 0; i < length; ++i) {
    const std::uint32_t c = cp(i);
    std::size_t start = length;
    if (c == '#' && i + 1 < length && digit(i + 1)) {
      start = i;
    } else if (c == ')' && i > 0 && digit(i - 1)) {
      start = i - 1;
    } else if (c == ' ' && i + 3 < length && cp(i + 1) == 'o' && cp(i + 2) == 'n' &&
               cp(i + 3) == 'e') {
      start = i + 1;
    }
    if (start < length && may_open(text, length, start, rules)) return true;
  }
  return false;
}

// Whether `code` (TurnScanner.classify's answer, `pending` its PENDING_* bits) is what
// IntentClassifier.classify + Session.classify would answer with no references stage.
// `reports_read`: the caller reads the report rules itself (Session.user's intent stage asks
// reply_rules.reports_on_the_reply once the code is final), so no statement is handed on for
// them here. `detected_none`: the caller's reference detection (resolution.resolve_turn's
// detect, the one IntentClassifier.finish runs) found no mention in the turn, so a pending
// reference changes nothing, as in finish (the slow-path markers still send the turn on).
// `replied`: the turn comes right after an assistant's reply in an assistant chat of two
// (DialogueContext.after_a_reply). When it does not, no rule that reads the reply just before
// the turn can change the answer (each checks that: reply_rules, plain_terms, term_forms,
// ...), so the gates that stand only for such rules
// send nothing on: the report rules', term-questions', echo-clarifications', reply-term-asks'
// (with term-checks' and meaning-asks'), and the slow-path categories of `reply_kinds`.
template <class CharT>
bool settles(const CharT* text, std::size_t length, const std::vector<MarkerHit>& hits,
             std::uint64_t kinds, std::uint32_t cues, int code, std::uint32_t pending,
             bool first_turn, bool tool_outputs, const SettleRules& rules,
             bool reports_read = false, bool detected_none = false, bool replied = true) {
  using namespace intent;
  if (rules.always_pending || (pending & ~kPendingReferences) != 0) return false;
  bool again = false;
  if (rules.repeats && rules.clarify >= 0 && (kinds >> rules.clarify) & 1u) {
    for (const MarkerHit& hit : hits) {
      if (hit.category == rules.clarify && static_cast<std::size_t>(hit.phrase) < rules.again.size() &&
          rules.again[static_cast<std::size_t>(hit.phrase)]) {
        again = true;
        break;
      }
    }
  }
  if (again) return false;  // a return or a repeat request: the caller decides
  if (pending != 0) {
    std::uint64_t slow = kinds & rules.slow_path;
    if (rules.confirm >= 0 && ((slow >> rules.confirm) & 1u) &&
        !settle_detail::may_confirm(text, length, rules)) {
      slow &= ~(std::uint64_t{1} << rules.confirm);  // no check for rule confirm-checks
    }
    if (!replied) slow &= ~rules.reply_kinds;  // their rules read only a reply just before
    if (slow != 0) return false;
    // IntentClassifier._settled: only a tool reference can change a DRILL_DOWN or CLARIFY;
    // any other answer stands when detection finds no mention (IntentClassifier.finish).
    const bool settled = (code == kDrillDown || code == kClarify) &&
                         ((rules.tool_match && !tool_outputs) || !(kinds & rules.tool_kinds));
    if (!settled && !detected_none && settle_detail::may_detect(text, length, hits, kinds, rules)) {
      return false;
    }
  }
  const std::uint64_t outcomes = tool_outputs ? rules.outcomes : 0;
  const bool question = (cues & kCueQuestion) != 0;
  if ((kinds & outcomes) && question) return false;
  if ((kinds & rules.acknowledged) && !question && length <= rules.acknowledged_chars) return false;
  if ((kinds & rules.adding) && question && settle_detail::may_add(hits, rules)) {
    return false;  // "Also, <question>"
  }
  if (rules.adder >= 0 && ((kinds >> rules.adder) & 1u) && question &&
      settle_detail::opens_with_adder(text, length, hits, rules)) {
    return false;  // "One more thing, <a situation>. <question>" (rule adder-questions)
  }
  // A short statement may report back (rule report-backs) or add to the thread (rule
  // thread-details, whatever its first word).
  if (rules.reports && replied && !reports_read && code == kExplore && !first_turn &&
      !question &&
      (length <= rules.detail_chars ||
       (length <= rules.report_chars &&
        settle_detail::may_open_with_report_opener(text, length, rules.report_openers)))) {
    return false;
  }
  // "What's a Soundex search?" (rule term-questions): every term opener starts with "what".
  if (rules.terms && replied && !first_turn && question &&
      length <= rules.side_question_chars &&
      settle_detail::contains_what(text, length) &&
      (!rules.terms_known || settle_detail::may_ask_term(text, length, rules))) {
    return false;
  }
  if (rules.side_questions && code == kExplore && !first_turn && question &&
      length <= rules.side_question_chars) {
    return false;
  }
  // A long question that does not open by acknowledging the reply may ask on new ground
  // whatever points back in it (rule new-ground-questions, dialogue/new_ground.py).
  if (rules.new_ground_chars != 0 && code == kDrillDown && !first_turn && question &&
      !(kinds & rules.acknowledged) && length >= rules.new_ground_chars) {
    return false;
  }
  // A question with a party of its own before its first pointer ("My brother ... his party,
  // how long should it be?") may point into itself (rule own-antecedents,
  // dialogue/own_antecedents.py).
  if (rules.own_chars != 0 && code == kDrillDown && !first_turn && question &&
      length >= rules.own_chars) {
    std::size_t first = length;
    for (const MarkerHit& hit : hits) {
      if (hit.category >= 0 && hit.category < 64 && ((rules.pointers >> hit.category) & 1u)) {
        first = std::min(first, static_cast<std::size_t>(hit.start));
      }
    }
    if (first < length && settle_detail::contains_owner(text, first)) return false;
  }
  // "Fret buzz?", "Kettle stitch, meaning?" (rule echo-clarifications): a short turn that
  // ends in a question mark may ask back a term of a reply.
  if (rules.echoes && replied && !first_turn && length <= rules.side_question_chars &&
      (rules.echo_known ? settle_detail::may_echo(text, length, rules)
                        : settle_detail::ends_with_question_mark(text, length) ||
                              settle_detail::ends_with_bare_how(text, length))) {
    return false;
  }
  // "sweat? they sweat how", 'what "drift" refers to' (rule reply-term-asks): a short turn
  // with a "?" anywhere, or a short question with a quotation mark that may open a quote
  // (_settle_py.may_quote; any non-ASCII character before a single one may be a space).
  // With the echo data (_settler_py.may_ask_reply_term): the opening echo's shape, or a
  // quotation mark in a question or a turn with a "?".
  // "Red wrigglers, are those the same as ...?" (rule term-checks), up to its own length.
  if (rules.reply_terms && replied && !first_turn &&
      settle_detail::may_check(text, length, rules)) {
    return false;
  }
  // "porosity, what is it exactly" (rule meaning-asks), up to its own length.
  if (rules.reply_terms && replied && !first_turn &&
      settle_detail::may_mean(text, length, rules)) {
    return false;
  }
  if (rules.reply_terms && replied && !first_turn && length <= rules.side_question_chars) {
    bool asks = question;
    if (rules.echo_known) {
      if (settle_detail::may_open_echo(text, length, rules)) return false;
      for (std::size_t i = 0; i < length && !asks; ++i) asks = text[i] == static_cast<CharT>('?');
    }
    for (std::size_t i = 0; i < length; ++i) {
      const char32_t c = static_cast<char32_t>(text[i]);
      if (c == U'?' && !rules.echo_known) return false;
      if (!asks) continue;
      if (c == U'"' || c == 0x201c || c == 0x201d) return false;
      if (c == U'\'' || c == 0x2018) {
        const char32_t before = i == 0 ? U' ' : static_cast<char32_t>(text[i - 1]);
        if (before == U' ' || (before >= U'\t' && before <= U'\r') ||
            (before >= 0x1c && before <= 0x1f) || before >= 0x80) {
          return false;
        }
      }
    }
  }
  return !(rules.ordinal_forms && may_pick_without_gates(text, length, rules));
}

}  // namespace multihorizon
