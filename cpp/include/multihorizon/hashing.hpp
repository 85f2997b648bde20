// Feature-hashing embedder. Reference definition (and the feature list): hash_embed in
// src/multihorizon/_kernels_py.py. Fixed hashes, so vectors are identical everywhere.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "multihorizon/unicode.hpp"

namespace multihorizon {

namespace hashing {

inline constexpr std::uint64_t kFnvOffset = 0xCBF29CE484222325ULL;
inline constexpr std::uint64_t kFnvPrime = 0x100000001B3ULL;
inline constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;

enum Kind : std::uint8_t { kUnigram = 1, kBigram = 2, kChargram = 3 };
inline constexpr double kKindWeight[4] = {0.0, 1.0, 0.5, 0.25};
inline constexpr std::size_t kMinGram = 3, kMaxGram = 5;

inline constexpr std::uint64_t seed(Kind kind) {
  return kFnvOffset ^ (static_cast<std::uint64_t>(kind) * kGolden);
}

inline std::uint64_t fnv_step(std::uint64_t h, std::uint32_t cp) { return (h ^ cp) * kFnvPrime; }

// MurmurHash3 fmix64: spreads FNV's low-bit differences across all 64 bits.
inline std::uint64_t finalize(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDULL;
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ULL;
  h ^= h >> 33;
  return h;
}

// Counts of distinct features, keyed by their finalised hash (fmix64 is a bijection, so
// distinct features keep distinct keys, and each feature is mixed once). Open addressing with
// linear probing; visited in first-seen order. Reused across calls on a thread: only the
// slots a call used are cleared, not the whole table.
class FeatureCounts {
 public:
  void reset(std::size_t expected) {
    for (const std::uint32_t used : used_) slots_[used] = Slot{};
    used_.clear();
    std::size_t capacity = 64;
    while (capacity < 2 * expected) capacity <<= 1;
    if (slots_.size() < capacity) slots_.resize(capacity);
    mask_ = capacity - 1;
  }

  void add(std::uint64_t feature, Kind kind) {
    const std::uint64_t key = finalize(feature);
    std::size_t i = static_cast<std::size_t>(key) & mask_;
    while (slots_[i].count != 0 && slots_[i].key != key) i = (i + 1) & mask_;
    if (slots_[i].count == 0) {
      slots_[i].key = key;
      slots_[i].kind = kind;
      used_.push_back(static_cast<std::uint32_t>(i));
    }
    ++slots_[i].count;
  }

  // visit(key, kind, count) for each distinct feature.
  template <class Visit>
  void for_each(Visit&& visit) const {
    for (const std::uint32_t used : used_) {
      const Slot& slot = slots_[used];
      visit(slot.key, slot.kind, slot.count);
    }
  }

 private:
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t count = 0;
    Kind kind = kUnigram;
  };
  std::vector<Slot> slots_;
  std::vector<std::uint32_t> used_;
  std::size_t mask_ = 0;
};

// Scratch reused by every call on a thread: a turn allocates nothing once warm.
struct Scratch {
  std::vector<std::uint32_t> stream;
  std::vector<std::size_t> word_starts;
  FeatureCounts counts;

  // This thread's scratch. Out of line on purpose: each access to a thread_local in a shared
  // library is a call to __tls_get_addr, and GCC re-derives an inlined one inside the loops
  // instead of keeping the address in a register.
#if defined(__GNUC__) || defined(__clang__)
  __attribute__((noinline))
#endif
  static Scratch& local() {
    thread_local Scratch scratch;
    return scratch;
  }
};

}  // namespace hashing

// Embeds one text into out[0:dim] (L2-normalised float32; zeros when the text has no word
// character). `accumulator` is caller-provided scratch of at least dim doubles.
template <class CharT>
void hash_embed_one(const CharT* text, std::size_t length, std::size_t dim, double* accumulator,
                    float* out) {
  using namespace hashing;
  Scratch& scratch = Scratch::local();
  std::vector<std::uint32_t>& stream = scratch.stream;
  std::vector<std::size_t>& word_starts = scratch.word_starts;
  FeatureCounts& counts = scratch.counts;
  // " w1 w2 ... wn ": folded words, one separator between and around them.
  stream.clear();
  word_starts.clear();  // index in `stream` of each word's first symbol
  stream.reserve(length + 2);
  stream.push_back(kSeparator);
  for (std::size_t i = 0; i < length; ++i) {
    const auto cp = static_cast<std::uint32_t>(text[i]);
    if (is_word(cp)) {
      if (stream.back() == kSeparator) word_starts.push_back(stream.size());
      stream.push_back(fold(cp));
    } else if (stream.back() != kSeparator) {
      stream.push_back(kSeparator);
    }
  }
  if (stream.back() != kSeparator) stream.push_back(kSeparator);
  for (std::size_t j = 0; j < dim; ++j) accumulator[j] = 0.0;
  const std::size_t words = word_starts.size();
  if (words == 0) {
    for (std::size_t j = 0; j < dim; ++j) out[j] = 0.0f;
    return;
  }

  counts.reset(2 * words + 3 * stream.size());
  for (std::size_t w = 0; w < words; ++w) {
    std::uint64_t unigram = seed(kUnigram);
    std::uint64_t bigram = seed(kBigram);
    if (w > 0) {  // bigram = the previous word's symbols, a separator, this word's symbols
      for (std::size_t s = word_starts[w - 1]; stream[s] != kSeparator; ++s) {
        bigram = fnv_step(bigram, stream[s]);
      }
      bigram = fnv_step(bigram, kSeparator);
    }
    for (std::size_t s = word_starts[w]; stream[s] != kSeparator; ++s) {
      unigram = fnv_step(unigram, stream[s]);
      bigram = fnv_step(bigram, stream[s]);
    }
    counts.add(unigram, kUnigram);
    if (w > 0) counts.add(bigram, kBigram);
  }
  const std::size_t symbols = stream.size();
  for (std::size_t start = 0; start + kMinGram <= symbols; ++start) {
    std::uint64_t h = seed(kChargram);
    for (std::size_t size = 1; size <= kMaxGram && start + size <= symbols; ++size) {
      h = fnv_step(h, stream[start + size - 1]);
      if (size >= kMinGram) counts.add(h, kChargram);
    }
  }

  counts.for_each([&](std::uint64_t mixed, Kind kind, std::uint32_t tf) {
    const std::size_t slot = static_cast<std::size_t>(((mixed & 0xFFFFFFFFULL) * dim) >> 32);
    const double sign = (mixed >> 63) != 0 ? -1.0 : 1.0;
    const double log_tf = tf > 1 ? std::log(static_cast<double>(tf)) : 0.0;
    accumulator[slot] += sign * kKindWeight[kind] * (1.0 + log_tf);
  });
  // Independent partial sums: one running double sum would wait on the add latency at every
  // element.
  constexpr std::size_t kLanes = 8;
  double lanes[kLanes] = {};
  std::size_t j = 0;
  for (; j + kLanes <= dim; j += kLanes) {
    for (std::size_t l = 0; l < kLanes; ++l) lanes[l] += accumulator[j + l] * accumulator[j + l];
  }
  double norm2 = 0.0;
  for (std::size_t l = 0; l < kLanes; ++l) norm2 += lanes[l];
  for (; j < dim; ++j) norm2 += accumulator[j] * accumulator[j];
  const double scale = norm2 > 0.0 ? 1.0 / std::sqrt(norm2) : 0.0;
  for (j = 0; j < dim; ++j) out[j] = static_cast<float>(accumulator[j] * scale);
}

}  // namespace multihorizon
