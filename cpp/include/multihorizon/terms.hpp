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

  // _terms_py.TermReader.definite_terms of an ASCII text: the words right after a definite
  // determiner ("the song", "that rental car": DEFINITE's one or two words, each a letter
  // then letters, digits, "_", "'" or "-"), case-folded, normalised, neither the word nor
  // its form a stop word, two characters at least, distinct, in order. One pass, no
  // backtracking: the pattern's matches never overlap and each is found where it starts.
  std::vector<std::string> definite_terms(std::string_view text) const {
    std::vector<std::string> terms;
    std::unordered_set<std::string> seen;
    std::string folded;
    const std::size_t n = text.size();
    std::size_t at = 0;
    while (at < n) {
      const std::size_t start = at;
      std::size_t words = 0;
      const std::size_t after = determiner_end(text, start);
      if (after > start) {
        std::size_t end = after;
        std::size_t next = skip_space(text, after);
        while (words < 2 && next > end && next < n && letter(text[next])) {
          std::size_t word = next + 1;
          while (word < n && (word_char(text[word]) || text[word] == '\'' || text[word] == '-')) {
            ++word;
          }
          add_definite(text.substr(next, word - next), folded, seen, terms);
          ++words;
          end = word;
          next = skip_space(text, word);
        }
        if (words > 0) {
          at = end;  // the next match starts where this one ends
          continue;
        }
      }
      at = start + 1;
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
  // DEFINITE's "\\b(?:the|that|this|those|these)\\s+": the end of the determiner at `at`
  // (any case) when a word boundary comes before it and white space after it, else `at`.
  static std::size_t determiner_end(std::string_view text, std::size_t at) {
    if (at > 0 && word_char(text[at - 1])) return at;
    static constexpr std::string_view kDeterminers[] = {"the", "that", "this", "those", "these"};
    for (const std::string_view word : kDeterminers) {
      const std::size_t end = at + word.size();
      if (end >= text.size() || !space(text[end])) continue;
      bool same = true;
      for (std::size_t i = 0; i < word.size() && same; ++i) {
        char c = text[at + i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        same = c == word[i];
      }
      if (same) return end;
    }
    return at;
  }
  // Python's \s and \w on ASCII text (\s also holds the separators \x1c-\x1f).
  static bool space(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= '\x1c' && c <= '\x1f');
  }
  static bool letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
  static bool word_char(char c) { return alnum(c) || c == '_'; }
  static std::size_t skip_space(std::string_view text, std::size_t at) {
    while (at < text.size() && space(text[at])) ++at;
    return at;
  }
  void add_definite(std::string_view word, std::string& folded,
                    std::unordered_set<std::string>& seen, std::vector<std::string>& terms) const {
    folded.assign(word);
    for (char& c : folded) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    if (w_.stopwords.count(folded) > 0) return;
    std::string form = folded;
    if (ends_with(form, "'s")) form.resize(form.size() - 2);  // normalise_term: "bug's"
    std::string term = normalise(form);
    if (term.size() >= 2 && w_.stopwords.count(term) == 0 && seen.insert(term).second) {
      terms.push_back(std::move(term));
    }
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
