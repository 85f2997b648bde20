// Whether a user turn's SPEC-028 §5.2 answer from TurnScanner is final without the Python
// rules around it (issue 14: Session.classify's common path in one native call). The
// reference definition is IntentSettlerBase.settles in src/multihorizon/_intent_py.py, which
// mirrors what multihorizon.dialogue.intent.IntentClassifier.classify does with the scan.
//
// "Final" is decided conservatively: every test here that reads text is a superset of the
// Python rule it stands for (a turn it cannot rule out goes on to Python, which decides
// exactly), so a settled answer is always the one the Python path gives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "multihorizon/intent.hpp"
#include "multihorizon/markers.hpp"

namespace multihorizon {

// What IntentClassifier reads beyond the scan, fixed per (lexicon, config).
struct SettleRules {
  // Categories only the slow path reads (a turn with one is never settled here).
  std::uint64_t slow_path = 0;
  // Categories from which detection can read a tool reference.
  std::uint64_t tool_kinds = 0;
  // TOOL_OUTCOME (rule tool-reference-match) and ACK_OPENER (rule acknowledged-statements),
  // 0 when their rule is off.
  std::uint64_t outcomes = 0;
  std::uint64_t acknowledged = 0;
  std::int32_t clarify = -1;  // the CLARIFY category
  // Per phrase index: a CLARIFY phrase whose last word ends with "again" (rule
  // resume-announcements reads those).
  std::vector<bool> again;
  bool tool_match = false;      // rule tool-reference-match
  bool ordinal_forms = false;   // rule ordinal-forms: picks no gate word shows
  bool repeats = false;         // rule resume-announcements
  bool side_questions = false;  // rule side-questions
  bool always_pending = false;  // a lexicon without gate words: detection reads every turn
  std::size_t acknowledged_chars = 0;
  std::size_t side_question_chars = 0;
  std::size_t standalone_chars = 0;  // a turn this short may be a bare pick ("2 please")
  std::u32string capitals;           // letters that may stand alone as a label ("B is best")
  std::u32string joiners;            // what may not touch such a letter ("C++", "#A")
  std::vector<std::u32string> needles;  // substrings an ungated form needs ("#", " one")
};

namespace settle_detail {

inline bool ascii_alnum(std::uint32_t cp) {
  return (cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
}

inline bool ascii_alpha(std::uint32_t cp) {
  return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
}

template <class CharT>
bool contains(const CharT* text, std::size_t length, const std::u32string& needle) {
  if (needle.empty() || needle.size() > length) return needle.empty();
  const auto first = static_cast<std::uint32_t>(needle[0]);
  for (std::size_t i = 0; i + needle.size() <= length; ++i) {
    if (static_cast<std::uint32_t>(text[i]) != first) continue;
    std::size_t k = 1;
    while (k < needle.size() &&
           static_cast<std::uint32_t>(text[i + k]) == static_cast<std::uint32_t>(needle[k])) {
      ++k;
    }
    if (k == needle.size()) return true;
  }
  return false;
}

// A neighbour that makes a capital letter part of a word. Superset of "alone": only ASCII
// letters and digits and the joiners count here; a non-ASCII letter beside it (which
// str.isalnum would count) leaves the letter "alone", so the turn goes on to Python.
inline bool touches(std::uint32_t cp, const std::u32string& joiners) {
  return ascii_alnum(cp) || joiners.find(static_cast<char32_t>(cp)) != std::u32string::npos;
}

// A superset of ordinal_mentions.capital_letters + may_pick_by_label's letter test: a
// capital that stands alone, and for "A" one whose next non-blank character (of the next
// two) is no letter ("A few more?" opens a sentence, "A is fine" may pick).
template <class CharT>
bool capital_alone(const CharT* text, std::size_t length, const SettleRules& rules) {
  for (std::size_t i = 0; i < length; ++i) {
    const auto cp = static_cast<std::uint32_t>(text[i]);
    if (cp < 'A' || cp > 'Z' || rules.capitals.find(static_cast<char32_t>(cp)) == std::u32string::npos) {
      continue;
    }
    const std::uint32_t before = i > 0 ? static_cast<std::uint32_t>(text[i - 1]) : ' ';
    const std::uint32_t after = i + 1 < length ? static_cast<std::uint32_t>(text[i + 1]) : ' ';
    if (touches(before, rules.joiners) || touches(after, rules.joiners)) continue;
    if (cp != 'A') return true;
    // text[i+1:i+3].strip(" ")[:1].isalpha(): a non-ASCII first character counts as a letter
    // nowhere here, so such a turn goes on.
    std::size_t j = i + 1;
    const std::size_t stop = std::min(length, i + 3);
    while (j < stop && static_cast<std::uint32_t>(text[j]) == ' ') ++j;
    if (j == stop || !ascii_alpha(static_cast<std::uint32_t>(text[j]))) return true;
  }
  return false;
}

}  // namespace settle_detail

// Whether a pick no gate word shows may be in the turn (rule ordinal-forms): a superset of
// ordinal_mentions.forms_without_gates(text) or may_pick_by_label(text).
template <class CharT>
bool may_pick_without_gates(const CharT* text, std::size_t length, const SettleRules& rules) {
  if (length <= rules.standalone_chars) return true;
  for (const std::u32string& needle : rules.needles) {
    if (settle_detail::contains(text, length, needle)) return true;
  }
  return settle_detail::capital_alone(text, length, rules);
}

// Whether `code` (TurnScanner.classify's answer, `pending` its PENDING_* bits) is what
// IntentClassifier.classify + Session.classify would answer with no references stage.
template <class CharT>
bool settles(const CharT* text, std::size_t length, const std::vector<MarkerHit>& hits,
             std::uint64_t kinds, std::uint32_t cues, int code, std::uint32_t pending,
             bool first_turn, bool tool_outputs, const SettleRules& rules) {
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
    if (kinds & rules.slow_path) return false;
    // IntentClassifier._settled: only a tool reference can change a DRILL_DOWN or CLARIFY.
    if (code != kDrillDown && code != kClarify) return false;
    if (!(rules.tool_match && !tool_outputs) && (kinds & rules.tool_kinds)) return false;
  }
  const std::uint64_t outcomes = tool_outputs ? rules.outcomes : 0;
  const bool question = (cues & kCueQuestion) != 0;
  if ((kinds & outcomes) && question) return false;
  if ((kinds & rules.acknowledged) && !question && length <= rules.acknowledged_chars) return false;
  if (rules.side_questions && code == kExplore && !first_turn && question &&
      length <= rules.side_question_chars) {
    return false;
  }
  return !(rules.ordinal_forms && may_pick_without_gates(text, length, rules));
}

}  // namespace multihorizon
