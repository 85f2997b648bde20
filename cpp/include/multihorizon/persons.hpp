// Who a turn talks about: its speaker or its listener (rule peer-detection, SPEC-028 §3.3);
// the C++ twin of src/multihorizon/text/persons.py's `stance`, for ASCII text (the Python
// reference reads every other text). Pure C++: no Python. The word lists come from the
// Python constants, so both read the same words.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace multihorizon {

struct StanceWords {
  std::unordered_set<std::string> first_person;
  std::unordered_set<std::string> possessive;
  std::unordered_set<std::string> second_person;
  std::string edges;                          // stripped from both ends of a word (ASCII)
  std::unordered_set<std::string> service;    // phrases, words joined by one space
  std::unordered_set<std::string> personal;   // phrases, words joined by one space
  std::unordered_set<std::string> phrase_starts;
  std::vector<std::size_t> phrase_sizes;      // the phrases' word counts
  std::size_t answer_chars = 0;               // longer: a long answer (-1)
  std::size_t head_chars = 0;                 // only the opening is read
};

// str.isspace() of an ASCII character: the C whitespace and the four separators 0x1c-0x1f.
inline bool ascii_space(unsigned char c) {
  return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

class StanceReader {
 public:
  explicit StanceReader(StanceWords words) : w_(std::move(words)) {
    // One lookup per word instead of four: each listed word's roles as bits.
    for (const std::string& word : w_.first_person) roles_[word] |= kFirst;
    for (const std::string& word : w_.second_person) roles_[word] |= kSecond;
    for (const std::string& word : w_.possessive) roles_[word] |= kPossessive;
    for (const std::string& word : w_.phrase_starts) roles_[word] |= kPhraseStart;
    roles_["pleasure"] |= kPleasure;
  }

  // persons.stance of an ASCII text: +1 its speaker, -1 its listener (or a long answer), 0.
  int stance(std::string_view text) const {
    if (text.size() > w_.answer_chars) return -1;
    const std::string_view head = text.substr(0, w_.head_chars);
    // Per thread and kept between calls: once grown, reading a turn allocates nothing (the
    // strings keep their capacity). No call re-enters this one.
    thread_local std::vector<std::string> words;
    thread_local std::vector<unsigned char> starts;  // whether each word may open a phrase
    std::size_t count = 0;
    bool has_digit = false;
    unsigned found = 0;
    std::size_t at = 0;
    while (at < head.size()) {
      while (at < head.size() && ascii_space(static_cast<unsigned char>(head[at]))) ++at;
      std::size_t end = at;
      while (end < head.size() && !ascii_space(static_cast<unsigned char>(head[end]))) ++end;
      if (end == at) break;
      std::size_t first = at;
      std::size_t last = end;
      for (std::size_t j = at; j < end; ++j) has_digit |= head[j] >= '0' && head[j] <= '9';
      while (first < last && w_.edges.find(head[first]) != std::string::npos) ++first;
      while (last > first && w_.edges.find(head[last - 1]) != std::string::npos) --last;
      if (last > first) {
        if (count == words.size()) {
          words.emplace_back();
          starts.push_back(0);
        }
        std::string& word = words[count];
        word.assign(head.data() + first, last - first);
        for (char& c : word) {
          if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        }
        const auto role = roles_.find(word);
        const unsigned bits = role == roles_.end() ? 0U : role->second;
        found |= bits;
        starts[count] = (bits & kPhraseStart) != 0;
        ++count;
      }
      at = end;
    }
    const bool first = (found & kFirst) != 0, second = (found & kSecond) != 0;
    const bool possessive = (found & kPossessive) != 0, pleasure = (found & kPleasure) != 0;
    const bool phrases = (found & kPhraseStart) != 0;
    const bool serves = has_digit || (phrases && has_phrase(words, starts, count, w_.service));
    if (serves && !(possessive && !pleasure)) return first && !second ? 0 : -1;
    if ((first && !second) || possessive ||
        (phrases && has_phrase(words, starts, count, w_.personal))) {
      return 1;
    }
    return second && !first ? -1 : 0;
  }

 private:
  static constexpr unsigned kFirst = 1, kSecond = 2, kPossessive = 4, kPleasure = 8,
                            kPhraseStart = 16;

  bool has_phrase(const std::vector<std::string>& words, const std::vector<unsigned char>& starts,
                  std::size_t count, const std::unordered_set<std::string>& phrases) const {
    std::string joined;
    for (std::size_t start = 0; start < count; ++start) {
      if (!starts[start]) continue;
      for (const std::size_t size : w_.phrase_sizes) {
        if (start + size > count) continue;
        joined = words[start];
        for (std::size_t j = start + 1; j < start + size; ++j) {
          joined += ' ';
          joined += words[j];
        }
        if (phrases.count(joined) > 0) return true;
      }
    }
    return false;
  }

  StanceWords w_;
  std::unordered_map<std::string, unsigned> roles_;
};

}  // namespace multihorizon
