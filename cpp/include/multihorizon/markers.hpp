// Aho-Corasick marker matching over the folded symbol stream of a text: whole words only,
// any run of spaces or punctuation between the words of a phrase, overlapping hits kept.
// The reference definition is MarkerMatcher in src/multihorizon/_kernels_py.py.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

#include "multihorizon/unicode.hpp"

namespace multihorizon {

struct MarkerHit {
  std::int32_t category;
  std::int32_t phrase;
  std::int64_t start;  // offset of the first character, in code points
  std::int64_t end;    // one past the last character
};

// A phrase as the automaton sees it: folded words joined by one kSeparator. Empty when the
// phrase has no word character.
inline std::vector<std::uint32_t> phrase_symbols(const std::vector<std::uint32_t>& codepoints) {
  std::vector<std::uint32_t> symbols;
  bool pending_separator = false;
  for (std::uint32_t cp : codepoints) {
    if (is_word(cp)) {
      if (pending_separator && !symbols.empty()) symbols.push_back(kSeparator);
      pending_separator = false;
      symbols.push_back(fold(cp));
    } else {
      pending_separator = true;
    }
  }
  return symbols;
}

class MarkerAutomaton {
 public:
  // `phrases` are phrase_symbols() results, none empty; `categories` has one per phrase.
  MarkerAutomaton(const std::vector<std::vector<std::uint32_t>>& phrases,
                  std::vector<std::int32_t> categories)
      : categories_(std::move(categories)) {
    if (phrases.size() != categories_.size()) {
      throw std::invalid_argument("phrases and categories differ in length");
    }
    // Every phrase is matched with the separator before it (the text begins with one):
    // a match can then only start at a word start, a mismatch inside a word falls back to
    // the root, and the scan skips the rest of that word (see advance).
    std::vector<std::vector<std::uint32_t>> anchored;
    anchored.reserve(phrases.size());
    for (const auto& phrase : phrases) {
      if (phrase.empty()) throw std::invalid_argument("empty phrase");
      anchored.emplace_back();
      anchored.back().reserve(phrase.size() + 1);
      anchored.back().push_back(kSeparator);
      anchored.back().insert(anchored.back().end(), phrase.begin(), phrase.end());
    }
    build_alphabet(anchored);
    build_trie(anchored);
    build_transitions();
  }

  std::size_t size() const { return categories_.size(); }

  // Appends every hit in `text` to `hits`, sorted by (start, end, phrase). Touches no
  // shared mutable state, so concurrent calls on one automaton are safe.
  template <class CharT>
  void find(const CharT* text, std::size_t length, std::vector<MarkerHit>& hits) const {
    const std::size_t first_hit = hits.size();
    // Text offset of the last `ring_mask_ + 1` symbols: enough to recover the start of the
    // longest phrase, without a buffer the size of the text (on the stack when it fits).
    std::int64_t local_ring[kLocalRing];
    std::vector<std::int64_t> heap_ring;
    std::int64_t* ring = local_ring;
    if (ring_mask_ + 1 > kLocalRing) {
      heap_ring.resize(ring_mask_ + 1);
      ring = heap_ring.data();
    }
    ScanState state;
    // The text begins as if after a separator: a phrase may start at its first character.
    state.in_separator = true;
    if (separator_symbol_ >= 0) {
      state.row = static_cast<std::size_t>(rows_[static_cast<std::size_t>(separator_symbol_)]);
    }
    std::size_t i = 0;
    // The scan runs in `advance`, which makes no calls, so its state stays in registers; it
    // returns at each character that ends a phrase, and the hits are checked here.
    while ((i = advance(text, i, length, ring, state)) < length) {
      const std::int32_t* outputs = rows_.data() + state.row + alphabet_size_;
      emit(text, length, i, state.emitted, ring, outputs[0], outputs[1], hits);
      ++i;
    }
    std::sort(hits.begin() + static_cast<std::ptrdiff_t>(first_hit), hits.end(),
              [](const MarkerHit& a, const MarkerHit& b) {
                if (a.start != b.start) return a.start < b.start;
                if (a.end != b.end) return a.end < b.end;
                return a.phrase < b.phrase;
              });
  }

 private:
  struct ScanState {
    std::size_t emitted = 0;  // symbols so far (separator runs count once)
    std::size_t row = 0;      // offset of the current state's row in rows_
    bool in_separator = false;
  };

  // Steps the automaton from text[i] on; returns the index of the first character after
  // which the state has outputs (or `length`). No calls inside: a call would push the loop's
  // state onto the stack and put a store and reload on every character's dependency chain.
  template <class CharT>
  std::size_t advance(const CharT* text, std::size_t i, std::size_t length,
                      std::int64_t* ring, ScanState& state) const {
    const std::int32_t* const rows = rows_.data();
    const std::int32_t* const latin1_code = latin1_code_;
    const std::size_t ring_mask = ring_mask_;
    const std::size_t outputs_at = alphabet_size_;
    const std::int32_t separator = separator_symbol_;
    std::size_t emitted = state.emitted;
    std::size_t row = state.row;
    bool in_separator = state.in_separator;
    for (; i < length; ++i) {
      if (row == 0) {
        // At the root every phrase needs a separator first, so nothing can match before
        // the next non-word character: skip the rest of the word off the table's
        // dependency chain. Skipped symbols need no ring slot (no match spans them).
        while (i < length && is_word_at(text[i], latin1_code)) ++i;
        if (i == length) break;
      }
      const std::uint32_t cp = static_cast<std::uint32_t>(text[i]);
      std::int32_t symbol = cp < 256 ? latin1_code[cp] : wide_symbol(cp);
      if (symbol == kNonWord) {
        if (in_separator) continue;
        in_separator = true;
        symbol = separator;
      } else {
        in_separator = false;
      }
      ring[emitted & ring_mask] = static_cast<std::int64_t>(i);
      ++emitted;
      if (symbol < 0) {  // a symbol no phrase contains: no match can span it
        row = 0;
        continue;
      }
      row = static_cast<std::size_t>(rows[row + static_cast<std::size_t>(symbol)]);
      if (rows[row + outputs_at] < rows[row + outputs_at + 1]) break;
    }
    state.emitted = emitted;
    state.row = row;
    state.in_separator = in_separator;
    return i;
  }

  template <class CharT>
  [[gnu::noinline]] void emit(const CharT* text, std::size_t length, std::size_t i,
                              std::size_t emitted, const std::int64_t* ring,
                              std::int32_t first_output, std::int32_t end_output,
                              std::vector<MarkerHit>& hits) const {
    for (std::int32_t o = first_output; o < end_output; ++o) {
      const std::int32_t phrase = outputs_[o];
      const std::size_t span = static_cast<std::size_t>(lengths_[phrase]);
      const std::int64_t start = ring[(emitted - span) & ring_mask_];
      const std::int64_t end = static_cast<std::int64_t>(i) + 1;
      const bool starts_word =
          start == 0 || !is_word(static_cast<std::uint32_t>(text[start - 1]));
      const bool ends_word = static_cast<std::size_t>(end) == length ||
                             !is_word(static_cast<std::uint32_t>(text[end]));
      if (starts_word && ends_word) hits.push_back({categories_[phrase], phrase, start, end});
    }
  }

  template <class CharT>
  static bool is_word_at(CharT c, const std::int32_t* latin1_code) {
    const auto cp = static_cast<std::uint32_t>(c);
    return cp < 256 ? latin1_code[cp] != kNonWord : is_word(cp);
  }

  std::int32_t wide_symbol(std::uint32_t cp) const {
    return is_word(cp) ? symbol_of(fold(cp)) : kNonWord;
  }

  static constexpr std::int32_t kNonWord = -2;  // latin1_code_: not a word character
  static constexpr std::size_t kLocalRing = 64;

  std::int32_t symbol_of(std::uint32_t folded) const {
    if (folded < 256) return latin1_symbol_[folded];
    auto it = std::lower_bound(
        wide_symbols_.begin(), wide_symbols_.end(), folded,
        [](const std::pair<std::uint32_t, std::int32_t>& e, std::uint32_t v) { return e.first < v; });
    return (it != wide_symbols_.end() && it->first == folded) ? it->second : -1;
  }

  void build_alphabet(const std::vector<std::vector<std::uint32_t>>& phrases) {
    std::map<std::uint32_t, std::int32_t> ids;
    for (const auto& phrase : phrases) {
      for (std::uint32_t symbol : phrase) ids.emplace(symbol, 0);
    }
    std::int32_t next = 0;
    for (auto& entry : ids) entry.second = next++;
    alphabet_size_ = std::max<std::size_t>(1, ids.size());
    latin1_symbol_.assign(256, -1);
    for (const auto& [symbol, id] : ids) {
      if (symbol < 256) {
        latin1_symbol_[symbol] = id;
      } else {
        wide_symbols_.emplace_back(symbol, id);
      }
    }
    auto sep = ids.find(kSeparator);
    separator_symbol_ = sep == ids.end() ? -1 : sep->second;
    // One lookup per Latin-1 character: its symbol id, -1 for a word character no phrase
    // uses, or kNonWord.
    for (std::uint32_t cp = 0; cp < 256; ++cp) {
      latin1_code_[cp] = is_word(cp) ? symbol_of(fold(cp)) : kNonWord;
    }
  }

  void build_trie(const std::vector<std::vector<std::uint32_t>>& phrases) {
    children_.emplace_back();
    state_outputs_.emplace_back();
    std::size_t longest = 1;
    for (std::size_t p = 0; p < phrases.size(); ++p) {
      const auto& phrase = phrases[p];
      if (phrase.empty()) throw std::invalid_argument("empty phrase");
      longest = std::max(longest, phrase.size());
      // The hit's span: the phrase's own symbols, not the separator anchoring it.
      lengths_.push_back(static_cast<std::int32_t>(phrase.size() - 1));
      std::int32_t state = 0;
      for (std::uint32_t symbol : phrase) {
        const std::int32_t id = symbol_of(symbol);
        auto found = children_[state].find(id);
        if (found == children_[state].end()) {
          const auto created = static_cast<std::int32_t>(children_.size());
          children_[state].emplace(id, created);
          children_.emplace_back();
          state_outputs_.emplace_back();
          state = created;
        } else {
          state = found->second;
        }
      }
      state_outputs_[state].push_back(static_cast<std::int32_t>(p));
    }
    std::size_t ring = 1;
    while (ring < longest) ring <<= 1;
    ring_mask_ = ring - 1;
  }

  // Dense goto/failure table: delta(s, a) = child if it exists, else delta(fail(s), a).
  void build_transitions() {
    const std::size_t states = children_.size();
    transitions_.assign(states * alphabet_size_, 0);
    std::vector<std::int32_t> fail(states, 0);
    std::deque<std::int32_t> queue;
    for (const auto& [symbol, child] : children_[0]) {
      transitions_[static_cast<std::size_t>(symbol)] = child;
      queue.push_back(child);
    }
    while (!queue.empty()) {
      const std::int32_t state = queue.front();
      queue.pop_front();
      // Breadth first, so fail[state] is final and its outputs already merged.
      const auto& inherited = state_outputs_[fail[state]];
      state_outputs_[state].insert(state_outputs_[state].end(), inherited.begin(),
                                   inherited.end());
      const std::size_t row = static_cast<std::size_t>(state) * alphabet_size_;
      const std::size_t fail_row = static_cast<std::size_t>(fail[state]) * alphabet_size_;
      for (std::size_t a = 0; a < alphabet_size_; ++a) transitions_[row + a] = transitions_[fail_row + a];
      for (const auto& [symbol, child] : children_[state]) {
        fail[child] = transitions_[fail_row + static_cast<std::size_t>(symbol)];
        transitions_[row + static_cast<std::size_t>(symbol)] = child;
        queue.push_back(child);
      }
    }
    output_begin_.assign(states + 1, 0);
    for (std::size_t s = 0; s < states; ++s) {
      output_begin_[s + 1] = output_begin_[s] + static_cast<std::int32_t>(state_outputs_[s].size());
      outputs_.insert(outputs_.end(), state_outputs_[s].begin(), state_outputs_[s].end());
    }
    // The scan's table: one row per state, its transitions as offsets of the next state's row
    // (no multiply on the per-character dependency chain), then the state's output range, so
    // the output check reads the row just loaded.
    const std::size_t stride = alphabet_size_ + 2;
    if (states * stride > static_cast<std::size_t>(INT32_MAX)) {
      throw std::length_error("marker lexicon too large for one automaton");
    }
    rows_.assign(states * stride, 0);
    for (std::size_t s = 0; s < states; ++s) {
      for (std::size_t a = 0; a < alphabet_size_; ++a) {
        rows_[s * stride + a] = static_cast<std::int32_t>(
            static_cast<std::size_t>(transitions_[s * alphabet_size_ + a]) * stride);
      }
      rows_[s * stride + alphabet_size_] = output_begin_[s];
      rows_[s * stride + alphabet_size_ + 1] = output_begin_[s + 1];
    }
    transitions_.clear();
    transitions_.shrink_to_fit();
    output_begin_.clear();
    output_begin_.shrink_to_fit();
    children_.clear();
    children_.shrink_to_fit();
    state_outputs_.clear();
    state_outputs_.shrink_to_fit();
  }

  std::vector<std::int32_t> categories_;
  std::vector<std::int32_t> lengths_;
  std::vector<std::int32_t> latin1_symbol_;
  std::int32_t latin1_code_[256] = {};
  std::vector<std::pair<std::uint32_t, std::int32_t>> wide_symbols_;
  std::size_t alphabet_size_ = 1;
  std::int32_t separator_symbol_ = -1;
  std::size_t ring_mask_ = 0;
  std::vector<std::map<std::int32_t, std::int32_t>> children_;  // build time only
  std::vector<std::vector<std::int32_t>> state_outputs_;         // build time only
  std::vector<std::int32_t> transitions_;   // build time only
  std::vector<std::int32_t> output_begin_;  // build time only
  std::vector<std::int32_t> rows_;
  std::vector<std::int32_t> outputs_;
};

}  // namespace multihorizon
