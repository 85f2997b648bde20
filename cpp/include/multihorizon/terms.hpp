// A turn's content words (SPEC-028 §3.1 entities, §4.2 entity index): the C++ twin of
// src/multihorizon/_terms_py.py's `TermReader.content_terms`, for ASCII text (the Python
// reference reads every other text: Unicode word characters and case folding). Pure C++: no
// Python. The stop words and the "-ie" nouns come from the Python constants
// (text/tokens.py), so both read the same words.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

namespace multihorizon {

struct TermWords {
  std::unordered_set<std::string> stopwords;  // case-folded
  std::unordered_set<std::string> ie_nouns;   // "movie": "movies" is no plural of "movy"
};

class TermReader {
 public:
  explicit TermReader(TermWords words) : w_(std::move(words)) {}

  // Distinct normalised content words of an ASCII text, in order of first appearance.
  std::vector<std::string> content_terms(std::string_view text) const {
    std::vector<std::string> terms;
    std::unordered_set<std::string_view> seen_words;
    std::unordered_set<std::string> seen_terms;
    std::string folded;
    std::size_t at = 0;
    while (at < text.size()) {
      const std::size_t end = word_end(text, at);
      if (end == at) {
        ++at;
        continue;
      }
      const std::string_view word = text.substr(at, end - at);
      at = end;
      if (!seen_words.insert(word).second) continue;  // each distinct word once
      folded.assign(word);
      for (char& c : folded) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      }
      if (w_.stopwords.count(folded) > 0) continue;
      std::string term = normalise(folded);
      if (term.size() >= 2 && w_.stopwords.count(term) == 0 && !all_digits(term) &&
          seen_terms.insert(term).second) {
        terms.push_back(std::move(term));
      }
    }
    return terms;
  }

  // tokens.normalise_term of a case-folded ASCII word: its singular form. (A word of
  // `word_end` holds no apostrophe, so the reference's "'s" rule never applies here.)
  std::string normalise(const std::string& term) const {
    const std::size_t n = term.size();
    if (n > 4 && ends_with(term, "ies")) {
      std::string ie = term.substr(0, n - 1);
      if (w_.ie_nouns.count(ie) > 0) return ie;
      return term.substr(0, n - 3) + "y";
    }
    if (n > 4 && (ends_with(term, "sses") || ends_with(term, "shes") || ends_with(term, "ches") ||
                  ends_with(term, "xes"))) {
      return term.substr(0, n - 2);
    }
    if (n > 3 && term.back() == 's' && !ends_with(term, "ss") && !ends_with(term, "us") &&
        !ends_with(term, "is")) {
      return term.substr(0, n - 1);
    }
    return term;
  }

  // The end of the word `tokens.words` finds at `at` (== at: none starts there). Its pattern
  // on ASCII text: `[^\W_](?:[\w.+#-]*[^\W_+.-]|[+#]{1,2})?`, a letter or digit, then as far
  // as the last letter or digit of the run of word characters and ".+#-" after it, else up
  // to two "+" or "#" ("c++", "c#"). Read without backtracking: one pass over the run.
  static std::size_t word_end(std::string_view text, std::size_t at) {
    if (!alnum(text[at])) return at;
    std::size_t run = at + 1;
    std::size_t last_alnum = at;
    while (run < text.size() && in_run(text[run])) {
      if (alnum(text[run])) last_alnum = run;
      ++run;
    }
    if (last_alnum > at) return last_alnum + 1;
    std::size_t end = at + 1;
    while (end < text.size() && end < at + 3 && (text[end] == '+' || text[end] == '#')) ++end;
    return end;
  }

 private:
  static bool alnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }
  static bool in_run(char c) {
    return alnum(c) || c == '_' || c == '.' || c == '+' || c == '#' || c == '-';
  }
  static bool all_digits(const std::string& term) {
    for (const char c : term) {
      if (c < '0' || c > '9') return false;
    }
    return !term.empty();
  }
  static bool ends_with(const std::string& term, std::string_view tail) {
    return term.size() >= tail.size() &&
           std::string_view(term).substr(term.size() - tail.size()) == tail;
  }

  TermWords w_;
};

}  // namespace multihorizon
