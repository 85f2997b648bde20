// Feature-hashing embedder. Reference definition (and the feature list): hash_embed in
// src/multihorizon/_kernels_py.py. Fixed hashes, so vectors are identical everywhere.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "multihorizon/function_words.hpp"
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

// The finalized unigram hashes of kFunctionWords, sorted: a word is a function word when its
// own unigram hash is one of them (the words are ASCII, so folding leaves them as they are).
inline const std::vector<std::uint64_t>& function_word_keys() {
  static const std::vector<std::uint64_t> keys = [] {
    std::vector<std::uint64_t> found;
    for (const std::string_view word : kFunctionWords) {
      std::uint64_t h = seed(kUnigram);
      for (const char c : word) h = fnv_step(h, static_cast<unsigned char>(c));
      found.push_back(finalize(h));
    }
    std::sort(found.begin(), found.end());
    return found;
  }();
  return keys;
}

inline bool is_function_word(std::uint64_t unigram) {
  const std::vector<std::uint64_t>& keys = function_word_keys();
  return std::binary_search(keys.begin(), keys.end(), finalize(unigram));
}

// " w1 w2 ... wn ": the folded words, one separator between and around them, and the index in
// `stream` of each word's first symbol. With `skip_function_words` a function word is taken
// out again as soon as it ends. Returns how many words were taken out.
template <class CharT>
std::size_t symbol_stream(const CharT* text, std::size_t length, bool skip_function_words,
                          std::vector<std::uint32_t>& stream,
                          std::vector<std::size_t>& word_starts) {
  stream.clear();
  word_starts.clear();
  stream.reserve(length + 2);
  stream.push_back(kSeparator);
  std::size_t skipped = 0;
  bool in_word = false;
  std::uint64_t unigram = seed(kUnigram);
  auto end_word = [&]() {
    in_word = false;
    if (skip_function_words && is_function_word(unigram)) {
      stream.resize(word_starts.back());
      word_starts.pop_back();
      ++skipped;
    } else {
      stream.push_back(kSeparator);
    }
  };
  for (std::size_t i = 0; i < length; ++i) {
    const auto cp = static_cast<std::uint32_t>(text[i]);
    if (is_word(cp)) {
      if (!in_word) {
        in_word = true;
        word_starts.push_back(stream.size());
        unigram = seed(kUnigram);
      }
      const std::uint32_t folded = fold(cp);
      stream.push_back(folded);
      unigram = fnv_step(unigram, folded);
    } else if (in_word) {
      end_word();
    }
  }
  if (in_word) end_word();
  return skipped;
}

// The features of a text, each finalised (fmix64 is a bijection, so distinct features keep
// distinct keys), in the order they are seen, and how often each occurs: count[i] is the
// number of occurrences of features[i] when i is its first occurrence, else 0. Made in two
// passes: the hashes first (independent multiply chains the CPU overlaps), then one dedupe
// pass over a table of 4-byte indexes (open addressing, linear probing), which stays in the
// L1 cache. Reused across calls on a thread: a warm call allocates nothing.
class FeatureCounts {
 public:
  void reset(std::size_t most) {
    keys_.resize(most);
    kinds_.resize(most);
    size_ = 0;
  }

  void add(std::uint64_t feature, Kind kind) {
    keys_[size_] = finalize(feature);
    kinds_[size_++] = kind;
  }

  void count() {
    std::size_t capacity = 64;
    while (capacity < 2 * size_) capacity <<= 1;
    table_.assign(capacity, 0u);
    counts_.resize(size_);
    const std::size_t mask = capacity - 1;
    for (std::size_t i = 0; i < size_; ++i) {
      const std::uint64_t key = keys_[i];
      std::size_t slot = static_cast<std::size_t>(key) & mask;
      for (;;) {
        const std::uint32_t at = table_[slot];  // 1 + the feature's first index; 0: free
        if (at == 0) {
          table_[slot] = static_cast<std::uint32_t>(i + 1);
          counts_[i] = 1;
          break;
        }
        if (keys_[at - 1] == key) {
          ++counts_[at - 1];
          counts_[i] = 0;
          break;
        }
        slot = (slot + 1) & mask;
      }
    }
  }

  // visit(key, kind, count) for each distinct feature, in first-seen order (after count()).
  template <class Visit>
  void for_each(Visit&& visit) const {
    for (std::size_t i = 0; i < size_; ++i) {
      if (counts_[i] != 0) visit(keys_[i], kinds_[i], counts_[i]);
    }
  }

 private:
  std::vector<std::uint64_t> keys_;
  std::vector<Kind> kinds_;
  std::vector<std::uint32_t> counts_;
  std::vector<std::uint32_t> table_;
  std::size_t size_ = 0;
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
// character). `accumulator` is caller-provided scratch of at least dim doubles. With
// `skip_function_words` the function words add no feature, unless the text has nothing else.
template <class CharT>
void hash_embed_one(const CharT* text, std::size_t length, std::size_t dim, double* accumulator,
                    float* out, bool skip_function_words = false) {
  using namespace hashing;
  Scratch& scratch = Scratch::local();
  std::vector<std::uint32_t>& stream = scratch.stream;
  std::vector<std::size_t>& word_starts = scratch.word_starts;
  FeatureCounts& counts = scratch.counts;
  const std::size_t skipped =
      symbol_stream(text, length, skip_function_words, stream, word_starts);
  // Only function words ("what about it?"): the text keeps them, rather than embed to zeros.
  if (word_starts.empty() && skipped > 0) symbol_stream(text, length, false, stream, word_starts);
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
  counts.count();

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
