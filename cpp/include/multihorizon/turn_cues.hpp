// A turn's peer-detection cues in one call (rule peer-detection, SPEC-028 §3.3; issue 14): the
// C++ twin of src/multihorizon/_turn_cues_py.py, for ASCII text (the Python reference reads
// every other text). What it answers, for one turn:
//   - REQUEST: offers.is_request (a request opens a sentence, after fillers, and does not
//     itself repeat an earlier one);
//   - ASKS_FOR: offers.asks_for_something's word pattern (the question half is the scanner's);
//   - OFFERS_ELSE: cues.offers_something_else's word in the closing characters;
//   - SELF_TALK / TO_LISTENER: persons.stance (+1 / -1).
// Pure C++: no Python. The phrases come from the Python constants (text/turn_cues.py), so both
// read the same words; the character classes are the regexes' for ASCII text (re's \s is
// str.isspace, \w is [A-Za-z0-9_]).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "multihorizon/persons.hpp"

namespace multihorizon {

namespace turn_cue_bits {
inline constexpr int kRequest = 1;
inline constexpr int kAsksFor = 2;
inline constexpr int kOffersElse = 4;
inline constexpr int kSelfTalk = 8;
inline constexpr int kToListener = 16;
}  // namespace turn_cue_bits

// A phrase: lower-case ASCII words, matched with [ \t]+ between them (re's "can[ \t]+you").
using CuePhrase = std::vector<std::string>;

struct TurnCueWords {
  std::vector<CuePhrase> openers;   // a request's first words ("can you", "please", "fix")
  std::vector<CuePhrase> fillers;   // words before it ("ok", "so", "thank you")
  std::vector<CuePhrase> repeats;   // a request that repeats one ("again", "do the same")
  std::vector<CuePhrase> asks_for;  // asking for something ("i'd like", "find")
  std::vector<CuePhrase> elses;     // offering another topic ("else")
  std::size_t asks_for_chars = 0;   // ASKS_FOR: a match starts in these opening characters
  std::size_t asks_for_overrun = 0; // ... and ends within this many after them (re's endpos)
  std::size_t open_offer_chars = 0; // OFFERS_ELSE: a match starts in the closing characters
};

class TurnCueReader {
 public:
  TurnCueReader(TurnCueWords words, StanceReader stance)
      : w_(std::move(words)), stance_(std::move(stance)) {
    index(w_.openers, openers_);
    index(w_.fillers, fillers_);
    index(w_.repeats, repeats_);
    index(w_.asks_for, asks_for_);
    index(w_.elses, elses_);
  }

  // The cue bits of an ASCII text; `user`: a user turn (REQUEST and ASKS_FOR are read only
  // for those: a reply's are never asked, and a long reply is not walked for them).
  int cues(std::string_view text, bool user) const {
    namespace bits = turn_cue_bits;
    int found = 0;
    if (user) {
      if (request(text)) found |= bits::kRequest;
      const std::size_t end = std::min(text.size(), w_.asks_for_chars + w_.asks_for_overrun);
      if (search(text, asks_for_, 0, std::min(text.size(), w_.asks_for_chars), end)) {
        found |= bits::kAsksFor;
      }
    }
    const std::size_t size = text.size();
    const std::size_t tail = size > w_.open_offer_chars ? size - w_.open_offer_chars : 0;
    if (search(text, elses_, tail, size, size)) found |= bits::kOffersElse;
    const int stance = stance_.stance(text);
    if (stance > 0) found |= bits::kSelfTalk;
    if (stance < 0) found |= bits::kToListener;
    return found;
  }

 private:
  // Phrases by the lower-case letter or digit that starts them.
  using Index = std::array<std::vector<const CuePhrase*>, 128>;

  static void index(const std::vector<CuePhrase>& phrases, Index& out) {
    for (const CuePhrase& phrase : phrases) {
      out[static_cast<unsigned char>(phrase.front().front()) & 0x7f].push_back(&phrase);
    }
  }

  static char lower(char c) {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  static bool word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }
  static bool blank(char c) { return c == ' ' || c == '\t'; }
  static bool space(char c) { return ascii_space(static_cast<unsigned char>(c)); }
  // The regexes' classes: a request's lead `[\s"'*>-]`, a block's run `[\s"'*>.!?-]` (it
  // starts at `[.!?\n]`), a filler's separators `[\s,!.:-]`.
  static bool lead(char c) {
    return space(c) || c == '"' || c == '\'' || c == '*' || c == '>' || c == '-';
  }
  static bool block_run(char c) { return lead(c) || c == '.' || c == '!' || c == '?'; }
  static bool block_mark(char c) { return c == '.' || c == '!' || c == '?' || c == '\n'; }
  static bool separator(char c) {
    return space(c) || c == ',' || c == '!' || c == '.' || c == ':' || c == '-';
  }

  // Where `phrase` ends when it matches at `at`, or 0: case-insensitive, [ \t]+ between its
  // words (a space inside a word matches that one space: re's "i want"), a word boundary
  // after it (`end` counts as the end of the text, as re's endpos does).
  static std::size_t match(std::string_view text, std::size_t at, std::size_t end,
                           const CuePhrase& phrase) {
    std::size_t pos = at;
    for (std::size_t n = 0; n < phrase.size(); ++n) {
      if (n > 0) {
        const std::size_t gap = pos;
        while (pos < end && blank(text[pos])) ++pos;
        if (pos == gap) return 0;
      }
      const std::string& word = phrase[n];
      if (end - pos < word.size()) return 0;
      for (std::size_t i = 0; i < word.size(); ++i) {
        if (lower(text[pos + i]) != word[i]) return 0;
      }
      pos += word.size();
    }
    return (pos == end || !word_char(text[pos])) ? pos : 0;
  }

  // The end of the first phrase of `phrases` that matches at `at`, or 0.
  static std::size_t match_any(std::string_view text, std::size_t at, std::size_t end,
                               const Index& phrases) {
    if (at >= end) return 0;
    const auto first = static_cast<unsigned char>(lower(text[at]));
    if (first >= 128) return 0;
    for (const CuePhrase* phrase : phrases[first]) {
      const std::size_t found = match(text, at, end, *phrase);
      if (found != 0) return found;
    }
    return 0;
  }

  // re's `\b(?:phrases)\b` searched for a match starting in [from, to) and ending by `end`.
  static bool search(std::string_view text, const Index& phrases, std::size_t from,
                     std::size_t to, std::size_t end) {
    for (std::size_t at = from; at < to; ++at) {
      // Every phrase starts with a word character: \b before it is a non-word one.
      if (at > 0 && word_char(text[at - 1])) continue;
      if (match_any(text, at, end, phrases) != 0) return true;
    }
    return false;
  }

  // offers.is_request: scan.ChainScanner's walk (its docstring argues each word position's
  // outcome is the same however it is reached, so each is walked once), then no repeat word.
  bool request(std::string_view text) const {
    const std::size_t size = text.size();
    std::vector<bool> failed(size + 1, false);
    std::size_t lead_end = 0;
    while (lead_end < size && lead(text[lead_end])) ++lead_end;
    bool found = walk(text, lead_end, failed);
    // Chains also start where each maximal run of block characters holding a mark ends.
    for (std::size_t at = 0; !found && at < size;) {
      if (!block_mark(text[at])) {
        ++at;
        continue;
      }
      std::size_t run = at + 1;
      while (run < size && block_run(text[run])) ++run;
      found = walk(text, run, failed);
      at = run;
    }
    return found && !search(text, repeats_, 0, size, size);
  }

  // One chain from `position`: true when an opener starts at a word it reaches. Each position
  // is marked as walked before it is tried: when the chain opens, the whole answer is true
  // and the marks are never read again; when it fails, every position it reached fails.
  bool walk(std::string_view text, std::size_t position, std::vector<bool>& failed) const {
    const std::size_t size = text.size();
    while (position < size && !failed[position]) {
      failed[position] = true;
      if (match_any(text, position, size, openers_) != 0) return true;
      std::size_t next = match_any(text, position, size, fillers_);
      if (next == 0) return false;
      while (next < size && separator(text[next])) ++next;
      position = next;
    }
    return false;
  }

  TurnCueWords w_;
  StanceReader stance_;
  Index openers_{}, fillers_{}, repeats_{}, asks_for_{}, elses_{};
};

}  // namespace multihorizon
