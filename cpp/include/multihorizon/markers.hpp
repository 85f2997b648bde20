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
      state.handle = defaults_[static_cast<std::size_t>(separator_symbol_)];
    }
    // The shallow states (a word's first letters, packed first) are on nearly every word's
    // path: fetched side by side here, a cold call does not wait on their misses one by one.
    const char* const hot = narrow_.empty() ? reinterpret_cast<const char*>(wide_.data())
                                            : reinterpret_cast<const char*>(narrow_.data());
    for (std::size_t offset = 0; offset < hot_bytes_; offset += kLine) {
      __builtin_prefetch(hot + offset);
    }
    std::size_t i = 0;
    // The scan runs in `advance`, which makes no calls, so its state stays in registers; it
    // returns at each character that ends a phrase, and the hits are checked here.
    while ((i = narrow_.empty() ? advance(wide_.data(), text, i, length, ring, state)
                                : advance(narrow_.data(), text, i, length, ring, state)) <
           length) {
      const OutputRange& outputs = output_ranges_[state.handle - output_from_];
      emit(text, length, i, state.emitted, ring, outputs.begin, outputs.end, hits);
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
    std::size_t emitted = 0;    // symbols so far (separator runs count once)
    std::uint32_t handle = 0;   // the current state's handle (kRoot: the root)
    bool in_separator = false;
  };

  // Steps the automaton from text[i] on; returns the index of the first character after
  // which the state has outputs (or `length`). No calls inside: a call would push the loop's
  // state onto the stack and put a store and reload on every character's dependency chain.
  template <class SlotT, class CharT>
  std::size_t advance(const SlotT* const slots, const CharT* text, std::size_t i,
                      std::size_t length, std::int64_t* ring, ScanState& state) const {
    const std::uint32_t* const defaults = defaults_.data();
    const std::int32_t* const latin1_code = latin1_code_;
    const std::size_t ring_mask = ring_mask_;
    const std::uint32_t separator_from = separator_from_;
    const std::uint32_t output_from = output_from_;
    const std::uint32_t output_count = separator_from_ - output_from_;
    const std::size_t alphabet = alphabet_size_;
    const std::int32_t separator = separator_symbol_;
    std::size_t emitted = state.emitted;
    std::uint32_t handle = state.handle;
    bool in_separator = state.in_separator;
    for (; i < length; ++i) {
      if (handle == kRoot) {
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
        handle = kRoot;
        continue;
      }
      // The slot at handle + symbol is this state's own transition when it says so; any
      // other column goes where the state's default row (the root's or the separator
      // state's) goes. A branch, not a select: the predicted path keeps one load on the
      // per-character dependency chain (a select waits for both loads: +50% warm).
      const auto a = static_cast<std::size_t>(symbol);
      const SlotT slot = slots[handle + a];
      if (slot.owner == handle) {
        handle = slot.next;
      } else {
        handle = defaults[(handle >= separator_from ? alphabet : 0) + a];
      }
      if (handle - output_from < output_count) break;  // unsigned: handle in the output range
    }
    state.emitted = emitted;
    state.handle = handle;
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
    std::vector<std::int32_t> order{0};  // the states breadth first
    order.reserve(states);
    for (const auto& [symbol, child] : children_[0]) {
      transitions_[static_cast<std::size_t>(symbol)] = child;
      queue.push_back(child);
    }
    while (!queue.empty()) {
      const std::int32_t state = queue.front();
      queue.pop_front();
      order.push_back(state);
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
    pack(order);
    transitions_.clear();
    transitions_.shrink_to_fit();
    output_begin_.clear();
    output_begin_.shrink_to_fit();
    children_.clear();
    children_.shrink_to_fit();
    state_outputs_.clear();
    state_outputs_.shrink_to_fit();
  }

  // The scan's table, packed by row displacement (Tarjan and Yao): a state's handle is its
  // base in the slot table, and its transition on symbol a is slot handle + a when that slot's
  // owner is the state, else the transition of its default row: the root's, or the
  // separator state's (the state after a word boundary, whose row every state ending in a
  // separator mostly repeats). A state stores only the columns where it differs from its
  // default, and the rows interleave: the built-in lexicon's table is 116 KiB of 16-bit
  // slots instead of 1.5 MiB of dense int32 rows, and a scan touches about a third fewer
  // cache lines (issue 14: a cold call's cost is its misses, one per state it steps to,
  // one after another). Handles are
  // grouped: [0, output_from_) neither outputs nor the separator default,
  // [output_from_, separator_from_) the states with outputs, then the separator-default
  // states, so both checks on the scan's path are comparisons of the handle.
  void pack(const std::vector<std::int32_t>& order) {
    const std::size_t states = children_.size();
    const std::size_t alphabet = alphabet_size_;
    const std::size_t separator_state =
        separator_symbol_ >= 0
            ? static_cast<std::size_t>(transitions_[static_cast<std::size_t>(separator_symbol_)])
            : 0;
    auto next_of = [&](std::size_t s, std::size_t a) {
      return static_cast<std::size_t>(transitions_[s * alphabet + a]);
    };
    auto differing = [&](std::size_t s, std::size_t d) {
      std::vector<std::uint32_t> columns;
      for (std::size_t a = 0; a < alphabet; ++a) {
        if (next_of(s, a) != next_of(d, a)) columns.push_back(static_cast<std::uint32_t>(a));
      }
      return columns;
    };
    std::vector<std::uint8_t> depth(states, 0);  // trie depth, capped (order is breadth first)
    for (std::int32_t state : order) {
      for (const auto& [symbol, child] : children_[static_cast<std::size_t>(state)]) {
        const std::uint8_t d = depth[static_cast<std::size_t>(state)];
        depth[static_cast<std::size_t>(child)] = d < 255 ? static_cast<std::uint8_t>(d + 1) : d;
      }
    }
    enum Group : std::uint8_t { kPlain = 0, kOutputs = 1, kSeparatorDefault = 2 };
    std::vector<std::uint8_t> group(states, kPlain);
    std::vector<std::vector<std::uint32_t>> columns(states);
    for (std::size_t s = 0; s < states; ++s) {
      const bool outputs = output_begin_[s] < output_begin_[s + 1];
      columns[s] = differing(s, 0);
      group[s] = outputs ? kOutputs : kPlain;
      if (!outputs && s != 0 && separator_state != 0 && !columns[s].empty()) {
        std::vector<std::uint32_t> own = differing(s, separator_state);
        if (own.size() < columns[s].size()) {
          columns[s] = std::move(own);
          group[s] = kSeparatorDefault;
        }
      }
    }
    // First fit, group by group, each breadth first (the shallow, hot states share lines).
    std::vector<std::uint32_t> base(states, 0);
    NextFree free_slot;  // the slots no state's column holds
    NextFree free_base;  // the bases no state has
    std::size_t group_from[3] = {0, 0, 0};
    std::size_t end = 0;  // one past the largest base so far
    for (std::uint8_t g = kPlain; g <= kSeparatorDefault; ++g) {
      group_from[g] = end;
      for (std::int32_t state : order) {
        const auto s = static_cast<std::size_t>(state);
        if (group[s] != g) continue;
        const auto& cols = columns[s];
        // The first base from the group's start that is free and puts every column on a
        // free slot: each miss jumps to the next free base or the next free slot.
        std::size_t b = free_base.find(group_from[g]);
        while (!cols.empty()) {
          const std::size_t first = free_slot.find(b + cols[0]);
          if (first != b + cols[0]) {
            b = free_base.find(first - cols[0]);
            continue;
          }
          bool fits = true;
          for (std::uint32_t c : cols) fits = fits && free_slot.find(b + c) == b + c;
          if (fits) break;
          b = free_base.find(b + 1);
        }
        for (std::uint32_t c : cols) free_slot.take(b + c);
        free_base.take(b);
        base[s] = static_cast<std::uint32_t>(b);
        end = std::max(end, b + 1);
        if (end + alphabet >= static_cast<std::size_t>(kNoOwner32)) {
          throw std::length_error("marker lexicon too large for one automaton");
        }
      }
    }
    output_from_ = static_cast<std::uint32_t>(group_from[kOutputs]);
    separator_from_ = static_cast<std::uint32_t>(group_from[kSeparatorDefault]);
    // Every base + symbol lands inside: the slots past the last base are never owned. 16-bit
    // handles while they fit (the built-in lexicon needs about 29k), 32-bit past that.
    const std::size_t slot_count = end + alphabet;
    const bool narrow = slot_count < static_cast<std::size_t>(kNoOwner16);
    if (narrow) {
      narrow_.assign(slot_count, Slot16{kNoOwner16, 0});
    } else {
      wide_.assign(slot_count, Slot32{kNoOwner32, 0});
    }
    output_ranges_.assign(separator_from_ - output_from_, OutputRange{0, 0});
    std::size_t hot_end = 0;  // one past the last slot of a state at depth <= kHotDepth
    for (std::size_t s = 0; s < states; ++s) {
      for (std::uint32_t c : columns[s]) {
        if (narrow) {
          narrow_[base[s] + c] = Slot16{static_cast<std::uint16_t>(base[s]),
                                        static_cast<std::uint16_t>(base[next_of(s, c)])};
        } else {
          wide_[base[s] + c] = Slot32{base[s], base[next_of(s, c)]};
        }
        if (depth[s] <= kHotDepth) hot_end = std::max<std::size_t>(hot_end, base[s] + c + 1);
      }
      if (group[s] == kOutputs) {
        output_ranges_[base[s] - output_from_] = OutputRange{output_begin_[s], output_begin_[s + 1]};
      }
    }
    hot_bytes_ = std::min(hot_end * (narrow ? sizeof(Slot16) : sizeof(Slot32)), kHotBytesMax);
    defaults_.assign(2 * alphabet, 0);
    for (std::size_t a = 0; a < alphabet; ++a) {
      defaults_[a] = base[next_of(0, a)];
      defaults_[alphabet + a] = base[next_of(separator_state, a)];
    }
  }

  // The first free index at or after i, by union-find with path halving over the taken ones:
  // the packing's searches jump over the packed region instead of probing it.
  class NextFree {
   public:
    std::size_t find(std::size_t i) {
      reach(i);
      while (next_[i] != i) {
        const std::size_t up = next_[next_[i]];
        next_[i] = static_cast<std::uint32_t>(up);
        i = up;
      }
      return i;
    }
    void take(std::size_t i) {
      reach(i + 1);
      next_[i] = static_cast<std::uint32_t>(i + 1);
    }

   private:
    void reach(std::size_t i) {
      while (next_.size() <= i) next_.push_back(static_cast<std::uint32_t>(next_.size()));
    }
    std::vector<std::uint32_t> next_;
  };

  struct Slot16 {
    std::uint16_t owner;  // the handle of the state whose column this is
    std::uint16_t next;   // that transition's target handle
  };
  struct Slot32 {
    std::uint32_t owner;
    std::uint32_t next;
  };
  struct OutputRange {
    std::int32_t begin;  // into outputs_
    std::int32_t end;
  };
  static constexpr std::uint32_t kRoot = 0;  // the root is packed first, at base 0
  static constexpr std::uint16_t kNoOwner16 = UINT16_MAX;  // no handle reaches it
  static constexpr std::uint32_t kNoOwner32 = UINT32_MAX;
  static constexpr std::size_t kLine = 64;
  // Prefetched per call: the slots of the states up to a word's second letter (" ab"), which
  // the breadth-first packing puts first, at most 8 KiB (the built-in lexicon's reach past
  // it). Timed on a bench turn with the caches swept between calls: 4-8 KiB cut a cold scan
  // by 10-25%, 32 KiB cost a warm one 50%.
  static constexpr std::uint8_t kHotDepth = 3;
  static constexpr std::size_t kHotBytesMax = 8192;

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
  std::vector<Slot16> narrow_;  // the table when every handle fits 16 bits, else empty
  std::vector<Slot32> wide_;    // the table otherwise
  std::size_t hot_bytes_ = 0;
  std::vector<std::uint32_t> defaults_;  // the root's row, then the separator state's
  std::vector<OutputRange> output_ranges_;  // by handle - output_from_
  std::uint32_t output_from_ = 1;
  std::uint32_t separator_from_ = 1;
  std::vector<std::int32_t> outputs_;
};

}  // namespace multihorizon
