// Who a turn talks about: its speaker or its listener (rule peer-detection, SPEC-028 §3.3);
// the C++ twin of src/multihorizon/text/persons.py's `stance`, for ASCII text (the Python
// reference reads every other text). Pure C++: no Python. The word lists come from the
// Python constants, so both read the same words.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
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
  explicit StanceReader(StanceWords words) : w_(std::move(words)) {}

  // persons.stance of an ASCII text: +1 its speaker, -1 its listener (or a long answer), 0.
  int stance(std::string_view text) const {
    if (text.size() > w_.answer_chars) return -1;
    const std::string_view head = text.substr(0, w_.head_chars);
    std::vector<std::string> words;
    bool has_digit = false;
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
        std::string word(head.substr(first, last - first));
        for (char& c : word) {
          if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        }
        words.push_back(std::move(word));
      }
      at = end;
    }
    bool first = false, second = false, possessive = false, pleasure = false;
    for (const std::string& word : words) {
      first |= w_.first_person.count(word) > 0;
      second |= w_.second_person.count(word) > 0;
      possessive |= w_.possessive.count(word) > 0;
      pleasure |= word == "pleasure";
    }
    const bool serves = has_digit || has_phrase(words, w_.service);
    if (serves && !(possessive && !pleasure)) return first && !second ? 0 : -1;
    if ((first && !second) || possessive || has_phrase(words, w_.personal)) return 1;
    return second && !first ? -1 : 0;
  }

 private:
  bool has_phrase(const std::vector<std::string>& words,
                  const std::unordered_set<std::string>& phrases) const {
    std::string joined;
    for (std::size_t start = 0; start < words.size(); ++start) {
      if (w_.phrase_starts.count(words[start]) == 0) continue;
      for (const std::size_t size : w_.phrase_sizes) {
        if (start + size > words.size()) continue;
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
};

}  // namespace multihorizon
