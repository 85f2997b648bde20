// Tier C's whole ranking for one user turn in one call over the turn log's columns: the
// lexical channel's BM25 over the query terms' postings, the embedding channel's fused scores
// (float32, or the int8 copy with its best rows rescored), the lexical nominees the embedding
// channel missed, and the final order. Reference definition: retrieve_turns in
// src/multihorizon/_retrieve_py.py (SPEC-028 §3.2, §3.3, §4.2).
//
// Unlike score_turns, the log is passed as it is stored: row r is turn r (no id column),
// thread indexes in the log's own integer type, and the forced (referenced) rows as a short
// sorted list, so a turn builds nothing proportional to the log.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <utility>
#include <vector>

#include "multihorizon/decay.hpp"
#include "multihorizon/quantize.hpp"
#include "multihorizon/score.hpp"
#include "multihorizon/similarity.hpp"

namespace multihorizon {

template <class Thread>
struct TurnColumns {
  const float* embeddings;   // rows x dim
  const std::int8_t* codes;  // quantize_row of each row, laid out as code_column_stride says
  const float* scales;       // rows
  const Thread* thread_ids;  // rows
  const double* lengths;     // rows: distinct content words per turn
  std::size_t rows;
  std::size_t dim;
  // 0: the codes row by row (rows x dim). Otherwise column by column: code j of row r at
  // codes[j * code_column_stride + r] (stride >= rows), as TurnLog keeps them, so that the
  // int8 scan reads only the columns where the query's code is not zero.
  std::size_t code_column_stride;
};

// The query terms' posting lists: postings[offsets[t] .. offsets[t + 1]) hold term t.
struct QueryPostings {
  const std::int64_t* postings;
  const std::int64_t* offsets;
  std::size_t terms;
  double total_length;  // the sum of every turn's length
  double k1;
  double b;
};

struct RetrieveParams {
  ScoreParams score;  // current = rows; k = the turns in context
  std::size_t lexical_pool;
  double lexical_weight;
  double int8_rows_per_rescored;  // the int8 copy from this many rows per rescored one (0: always)
};

struct Retrieved {
  std::vector<std::int64_t> rows;
  std::vector<double> scores;
  std::size_t forced = 0;
  std::int64_t bad_embedding_row = -1;  // a non-finite row read, or -1
};

namespace detail {

inline double bm25_term_idf(const QueryPostings& query, std::size_t term, double docs) {
  const double frequency = static_cast<double>(query.offsets[term + 1] - query.offsets[term]);
  return std::log1p((docs - frequency + 0.5) / (frequency + 0.5));  // BM25 idf, never < 0
}

inline double bm25_contribution(const QueryPostings& query, double idf, double length,
                                double inverse_average) {
  const double norm = 1.0 - query.b + query.b * length * inverse_average;
  return idf * (query.k1 + 1.0) / (1.0 + query.k1 * norm);
}

// BM25 of the documents the postings reach, by document: each document's contributions
// summed in term order from 0 (bm25_accumulate's values), in a per-thread row indexed by
// document that grows with the largest log seen and is reused, so a turn allocates nothing
// proportional to the log. `documents` lists the reached ones, each once, in no order: the
// ranking reads a document's BM25 from the row (0 where unreached), so nothing is sorted
// (sorting the thousands of documents a 50k-turn log's postings reach was a third of the
// lexical channel; issue 14). The destructor zeroes what was written.
class SparseBm25 {
 public:
  SparseBm25(const QueryPostings& query, std::size_t n_docs, const double* lengths,
             std::vector<std::int64_t>* documents)
      : documents_(documents) {
    const std::int64_t total = query.offsets[query.terms];
    if (total == 0 || !(query.total_length > 0.0)) return;
    thread_local std::vector<double> sums;
    thread_local std::vector<std::uint8_t> reached;
    if (sums.size() < n_docs) {
      sums.resize(std::max(n_docs, 2 * sums.size()), 0.0);
      reached.resize(sums.size(), 0);
    }
    // Plain pointers in the loops: a thread_local in a shared library is a call per access.
    sum_ = sums.data();
    seen_ = reached.data();
    const double inverse_average = static_cast<double>(n_docs) / query.total_length;
    const double docs = static_cast<double>(n_docs);
    for (std::size_t t = 0; t < query.terms; ++t) {  // in term order, as the reference adds
      const double idf = bm25_term_idf(query, t, docs);
      for (std::int64_t i = query.offsets[t]; i < query.offsets[t + 1]; ++i) {
        const auto doc = static_cast<std::size_t>(query.postings[i]);
        if (!seen_[doc]) {
          seen_[doc] = 1;
          documents->push_back(static_cast<std::int64_t>(doc));
        }
        sum_[doc] += bm25_contribution(query, idf, lengths[doc], inverse_average);
      }
    }
  }
  SparseBm25(const SparseBm25&) = delete;
  SparseBm25& operator=(const SparseBm25&) = delete;
  ~SparseBm25() {
    if (sum_ == nullptr) return;
    for (const std::int64_t doc : *documents_) {
      sum_[static_cast<std::size_t>(doc)] = 0.0;
      seen_[static_cast<std::size_t>(doc)] = 0;
    }
  }
  // A row's BM25: 0 for a document no posting reached.
  double operator[](std::int64_t doc) const {
    return sum_ == nullptr ? 0.0 : sum_[static_cast<std::size_t>(doc)];
  }
  double max() const {
    double best = -std::numeric_limits<double>::infinity();
    for (const std::int64_t doc : *documents_) best = std::max(best, (*this)[doc]);
    return best;
  }

 private:
  std::vector<std::int64_t>* documents_;
  double* sum_ = nullptr;
  std::uint8_t* seen_ = nullptr;
};

// The `pool` best (BM25 descending, then turn ascending: a strict order, so the set is the
// one sorting every document would give) as (BM25, turn), in no particular order. One pass
// with a heap of the best so far, whose worst is the bar a document must pass: on a long log
// the postings reach thousands of turns, and ordering them all cost more than the pass.
inline std::vector<std::pair<double, std::int64_t>> best_lexical(
    const std::vector<std::int64_t>& documents, const SparseBm25& bm25, std::size_t pool) {
  const auto better = [](const std::pair<double, std::int64_t>& a,
                         const std::pair<double, std::int64_t>& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  };
  std::vector<std::pair<double, std::int64_t>> kept;
  if (pool == 0) return kept;
  kept.reserve(pool);
  for (std::size_t i = 0; i < documents.size(); ++i) {
    const std::pair<double, std::int64_t> candidate{bm25[documents[i]], documents[i]};
    if (kept.size() < pool) {
      kept.push_back(candidate);
      std::push_heap(kept.begin(), kept.end(), better);  // front: the worst kept
    } else if (better(candidate, kept.front())) {
      std::pop_heap(kept.begin(), kept.end(), better);
      kept.back() = candidate;
      std::push_heap(kept.begin(), kept.end(), better);
    }
  }
  return kept;
}

// TopK over the int8 pass's unforced rows, in ranks_before's order (score descending, then
// row ascending), each row kept as one integer key: the score's bits made to order as the
// float does, then the row inverted. The heap then compares and picks children without a
// branch on the score: TopK's comparisons were the largest part of the pass at 1k turns
// (issue 14). The same rows as TopK: the order is the same strict order. Scores must not be
// NaN (the binding's parameters are finite, so a fused score never is).
class NomineeHeap {
 public:
  explicit NomineeHeap(std::size_t k)
      : k_(k), entry_bar_(k == 0 ? std::numeric_limits<float>::infinity()
                             : -std::numeric_limits<float>::infinity()) {
    keys_.reserve(k);
  }

  float entry_bar() const { return entry_bar_; }

  void offer(float score, std::int64_t row) {
    if (k_ == 0) return;
    const Key key = key_of(score, row);
    if (keys_.size() < k_) {
      keys_.push_back(key);
      std::push_heap(keys_.begin(), keys_.end(), std::greater<Key>{});  // front: the worst
    } else if (key > keys_.front()) {
      replace_worst(key);
    } else {
      return;
    }
    if (keys_.size() == k_) entry_bar_ = score_of(keys_.front());
  }

  // The kept rows, in no particular order.
  std::vector<std::int64_t> rows() const {
    std::vector<std::int64_t> out;
    out.reserve(keys_.size());
    for (const Key key : keys_) {
      out.push_back(static_cast<std::int64_t>(~static_cast<std::uint64_t>(key)));
    }
    return out;
  }

 private:
  using Key = unsigned __int128;

  static Key key_of(float score, std::int64_t row) {
    const float canonical = score + 0.0f;  // -0 as +0: ranks_before finds them equal
    std::uint32_t bits;
    std::memcpy(&bits, &canonical, sizeof bits);
    bits = (bits & 0x80000000u) != 0 ? ~bits : bits | 0x80000000u;  // ordered as the floats
    return (static_cast<Key>(bits) << 64) | static_cast<Key>(~static_cast<std::uint64_t>(row));
  }

  static float score_of(Key key) {
    auto bits = static_cast<std::uint32_t>(key >> 64);
    bits = (bits & 0x80000000u) != 0 ? bits & 0x7fffffffu : ~bits;
    float score;
    std::memcpy(&score, &bits, sizeof score);
    return score;
  }

  // The worst key's place taken by `key`, sifted down (a min-heap on the keys).
  void replace_worst(Key key) {
    Key* heap = keys_.data();
    const std::size_t size = keys_.size();
    std::size_t at = 0;
    for (;;) {
      std::size_t child = 2 * at + 1;
      if (child >= size) break;
      child += static_cast<std::size_t>(child + 1 < size && heap[child + 1] < heap[child]);
      if (heap[child] >= key) break;
      heap[at] = heap[child];
      at = child;
    }
    heap[at] = key;
  }

  std::size_t k_;
  std::vector<Key> keys_;
  float entry_bar_;
};

inline bool in_sorted(const std::vector<std::int64_t>& rows, std::int64_t row) {
  return std::binary_search(rows.begin(), rows.end(), row);
}

// One row's score_turns score from its float32 row; false when the row is not finite.
template <class Thread>
bool exact_score(const CosineScorer& scorer, const RecencyDecay& decay,
                 const TurnColumns<Thread>& log, const ScoreParams& params, std::int64_t row,
                 bool forced, float* score) {
  const auto at = static_cast<std::size_t>(row);
  float relevance, weight;
  if (scorer.score_block(log.embeddings + at * log.dim, 1, &relevance) >= 0) return false;
  decay.weights(&row, 1, &weight);  // row <= current
  const bool active =
      params.active_thread >= 0 && static_cast<std::int64_t>(log.thread_ids[at]) == params.active_thread;
  const double full = forced || active ? 1.0 : static_cast<double>(weight);
  *score = fused_score(relevance, full, active, params);
  return true;
}

// Asks for every line of the float32 rows about to be scored: they are scattered and not in
// cache (the scan read only codes), so the misses overlap instead of stalling row by row.
template <class Thread>
void prefetch_rows(const TurnColumns<Thread>& log, const std::vector<std::int64_t>& rows) {
  for (const std::int64_t row : rows) {
    const auto* bytes =
        reinterpret_cast<const char*>(log.embeddings + static_cast<std::size_t>(row) * log.dim);
    for (std::size_t offset = 0; offset < log.dim * sizeof(float); offset += 64) {
      __builtin_prefetch(bytes + offset);
    }
  }
}

// score_turns over every row, the forced rows first: the top `k`. `scorer` holds the query,
// `decay` the recency of params.current and params.half_life (built once per call).
template <class Thread>
std::int64_t channel_float(const CosineScorer& scorer, const RecencyDecay& decay,
                           const TurnColumns<Thread>& log,
                           const std::vector<std::int64_t>& forced, const ScoreParams& params,
                           std::vector<Ranked>* out) {
  TopK best(std::min(params.k, log.rows));
  float relevance[kBlockRows], recency[kBlockRows];
  std::int64_t ids[kBlockRows];
  std::size_t next_forced = 0;
  for (std::size_t begin = 0; begin < log.rows; begin += kBlockRows) {
    const std::size_t count = std::min(kBlockRows, log.rows - begin);
    const std::int64_t bad = scorer.score_block(log.embeddings + begin * log.dim, count, relevance);
    if (bad >= 0) return static_cast<std::int64_t>(begin) + bad;
    for (std::size_t r = 0; r < count; ++r) ids[r] = static_cast<std::int64_t>(begin + r);
    decay.weights(ids, count, recency);
    for (std::size_t r = 0; r < count; ++r) {
      const std::int64_t row = ids[r];
      const bool is_forced = next_forced < forced.size() && forced[next_forced] == row;
      next_forced += is_forced;
      const bool active = params.active_thread >= 0 &&
                          static_cast<std::int64_t>(log.thread_ids[row]) == params.active_thread;
      const double weight = is_forced || active ? 1.0 : static_cast<double>(recency[r]);
      const float score = fused_score(relevance[r], weight, active, params);
      if (!is_forced && score < best.entry_bar()) continue;
      best.offer({score, row, is_forced});
    }
  }
  *out = best.best_first();
  return -1;
}

// One block of the int8 pass: row r's dot product with the query's codes, its scale, its
// recency and its thread.
template <class Thread>
struct Int8Rows {
  const std::int64_t* dots;
  const float* scales;
  const float* recency;
  const Thread* threads;
  std::size_t count;
};

// Whether `active` can equal a Thread value (else no row is in the active thread).
template <class Thread>
bool active_fits(std::int64_t active) {
  return active >= 0 && static_cast<std::uint64_t>(active) <=
                            static_cast<std::uint64_t>(std::numeric_limits<Thread>::max());
}

// scores[r] = fused_score(int8_cosine(dots[r], query_scale, scales[r]), weight, active, params)
// with weight 1 for a row of the active thread, else its recency.
template <class Thread>
void int8_scores_generic(const Int8Rows<Thread>& in, double query_scale,
                         const ScoreParams& params, float* scores) {
  const bool has_active = active_fits<Thread>(params.active_thread);
  for (std::size_t r = 0; r < in.count; ++r) {
    const bool active =
        has_active && static_cast<std::int64_t>(in.threads[r]) == params.active_thread;
    const double weight = active ? 1.0 : static_cast<double>(in.recency[r]);
    const float relevance = int8_cosine(in.dots[r], query_scale, in.scales[r]);
    scores[r] = fused_score(relevance, weight, active, params);
  }
}

#ifdef MULTIHORIZON_X86_DISPATCH
// Four rows' active-thread flags as all-ones / all-zeros double lanes.
template <class Thread>
__attribute__((target("avx2"))) inline __m256d active_lanes(const Thread* threads,
                                                            __m256i active) {
  if constexpr (sizeof(Thread) == 4) {
    const __m128i four = _mm_loadu_si128(reinterpret_cast<const __m128i*>(threads));
    return _mm256_castsi256_pd(
        _mm256_cvtepi32_epi64(_mm_cmpeq_epi32(four, _mm256_castsi256_si128(active))));
  } else {
    const __m256i four = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(threads));
    return _mm256_castsi256_pd(_mm256_cmpeq_epi64(four, active));
  }
}

// int8_scores_generic four rows at a time: the same operations in the same order, each
// rounded once in double (no contraction: -ffp-contract=off), so the same bits. The scalar
// loop's branches and spills cost more than the column scan on a long log (issue 14).
template <class Thread>
__attribute__((target("avx2"))) void int8_scores_avx2(const Int8Rows<Thread>& in,
                                                      double query_scale,
                                                      const ScoreParams& params, float* scores) {
  static_assert(sizeof(Thread) == 4 || sizeof(Thread) == 8, "int32 or int64 thread ids");
  const bool has_active = active_fits<Thread>(params.active_thread);
  const __m256i active = sizeof(Thread) == 4
                             ? _mm256_set1_epi32(static_cast<int>(params.active_thread))
                             : _mm256_set1_epi64x(params.active_thread);
  // int64 to double for |x| < 2**51: x + (2**52 + 2**51) as integer bits, minus it as a double.
  const __m256i magic_bits = _mm256_set1_epi64x(0x4338000000000000);
  const __m256d magic = _mm256_castsi256_pd(magic_bits);
  const __m256d qscale = _mm256_set1_pd(query_scale), one = _mm256_set1_pd(1.0);
  const __m256d minus_one = _mm256_set1_pd(-1.0);
  const __m256d keep = _mm256_set1_pd(1.0 - params.recency_multiplier);
  const __m256d multiplier = _mm256_set1_pd(params.recency_multiplier);
  const __m256d bonus = _mm256_set1_pd(params.recency_bonus);
  const __m256d thread_bonus = _mm256_set1_pd(params.thread_bonus);
  std::size_t r = 0;
  for (; r + 4 <= in.count; r += 4) {
    const __m256i dots = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in.dots + r));
    const __m256d dot = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_add_epi64(dots, magic_bits)), magic);
    const __m256d row_scale = _mm256_cvtps_pd(_mm_loadu_ps(in.scales + r));
    const __m256d cosine = _mm256_mul_pd(_mm256_mul_pd(dot, qscale), row_scale);
    const __m256d clipped = _mm256_min_pd(one, _mm256_max_pd(minus_one, cosine));
    const __m256d relevance = _mm256_cvtps_pd(_mm256_cvtpd_ps(clipped));
    const __m256d is_active =
        has_active ? active_lanes<Thread>(in.threads + r, active) : _mm256_setzero_pd();
    const __m256d weight =
        _mm256_blendv_pd(_mm256_cvtps_pd(_mm_loadu_ps(in.recency + r)), one, is_active);
    const __m256d factor = _mm256_add_pd(keep, _mm256_mul_pd(multiplier, weight));
    const __m256d sum =
        _mm256_add_pd(_mm256_mul_pd(relevance, factor), _mm256_mul_pd(bonus, weight));
    const __m256d score = _mm256_add_pd(sum, _mm256_and_pd(is_active, thread_bonus));
    _mm_storeu_ps(scores + r, _mm256_cvtpd_ps(score));
  }
  const Int8Rows<Thread> tail{in.dots + r, in.scales + r, in.recency + r, in.threads + r,
                              in.count - r};
  int8_scores_generic(tail, query_scale, params, scores + r);
}
#endif

// The dots must be below 2**51 in magnitude (|dot| <= 127 * 128 * dim).
template <class Thread>
void int8_scores(const Int8Rows<Thread>& in, double query_scale, const ScoreParams& params,
                 float* scores) {
#ifdef MULTIHORIZON_X86_DISPATCH
  if (simd::at_least(simd::Level::kAvx2)) {
    int8_scores_avx2(in, query_scale, params, scores);
    return;
  }
#endif
  int8_scores_generic(in, query_scale, params, scores);
}

// score_turns_int8 over every row: the int8 pass nominates max(rescore, k) unforced rows,
// which and the forced rows are rescored in float32 and ranked (`scorer`, `decay`: as
// channel_float's).
template <class Thread>
std::int64_t channel_int8(const float* query, const CosineScorer& scorer,
                          const RecencyDecay& decay, const TurnColumns<Thread>& log,
                          const std::vector<std::int64_t>& forced, const ScoreParams& params,
                          std::size_t rescore, std::vector<Ranked>* out) {
  const std::size_t dim = log.dim;
  std::vector<std::int8_t> query_codes(dim);
  float query_scale = 0.0f;
  quantize_row(query, dim, query_codes.data(), &query_scale);
  const double scale = static_cast<double>(query_scale);
  NomineeHeap nominees(std::min(std::max(rescore, params.k), log.rows - forced.size()));
  std::int64_t dots[kBlockRows], ids[kBlockRows];
  float recency[kBlockRows], scores[kBlockRows];
  std::uint32_t picked[kBlockRows];
  std::size_t next_forced = 0;
  const std::size_t stride = log.code_column_stride;
  const simd::SparseCodes sparse =
      stride != 0 ? simd::nonzero_codes(query_codes.data(), dim) : simd::SparseCodes{};
  for (std::size_t begin = 0; begin < log.rows; begin += kBlockRows) {
    const std::size_t count = std::min(kBlockRows, log.rows - begin);
    if (stride != 0) {  // the same integers, from the query's nonzero columns only
      simd::int8_column_dots(sparse, log.codes + begin, stride, count, dots);
    } else {
      simd::int8_dots(query_codes.data(), log.codes + begin * dim, count, dim, dots);
    }
    // Most of a long log is older than any nonzero weight: zeros, without the exponentials.
    const auto newest = static_cast<std::int64_t>(begin + count - 1);
    if (params.current - newest > decay.max_age()) {
      std::fill(recency, recency + count, 0.0f);
    } else {
      for (std::size_t r = 0; r < count; ++r) ids[r] = static_cast<std::int64_t>(begin + r);
      decay.weights(ids, count, recency);
    }
    const Int8Rows<Thread> block{dots, log.scales + begin, recency, log.thread_ids + begin, count};
    int8_scores(block, scale, params, scores);
    // Only the rows not below the bar as it stood before the block (it only rises) are read
    // one by one; a tie with the bar may still win on the lower row, so only lower skips.
    const std::size_t passing = simd::not_below(scores, count, nominees.entry_bar(), picked);
    for (std::size_t i = 0; i < passing; ++i) {
      const std::size_t r = picked[i];
      const float score = scores[r];
      if (score < nominees.entry_bar()) continue;
      const auto row = static_cast<std::int64_t>(begin + r);
      while (next_forced < forced.size() && forced[next_forced] < row) ++next_forced;
      if (next_forced < forced.size() && forced[next_forced] == row) continue;  // rescored anyway
      nominees.offer(score, row);
    }
  }
  std::vector<std::int64_t> rescored(forced);
  for (const std::int64_t row : nominees.rows()) rescored.push_back(row);
  std::sort(rescored.begin(), rescored.end());  // the lowest bad row is the one reported
  prefetch_rows(log, rescored);  // overlap the scattered rows' cache misses
  TopK best(std::min(params.k, rescored.size()));
  for (const std::int64_t row : rescored) {
    float score;
    const bool is_forced = in_sorted(forced, row);
    if (!exact_score(scorer, decay, log, params, row, is_forced, &score)) return row;
    best.offer({score, row, is_forced});
  }
  *out = best.best_first();
  return -1;
}

}  // namespace detail

// The reference's retrieve_turns. `forced` sorted, distinct, in [0, rows); the postings in
// [0, rows) and the lengths they reach finite and >= 0 (the binding checks them).
template <class Thread>
Retrieved retrieve_turns(const float* query, const TurnColumns<Thread>& log,
                         const QueryPostings& postings, const std::vector<std::int64_t>& forced,
                         const RetrieveParams& params) {
  Retrieved result;
  // The documents the postings reach and their BM25: per-thread buffers kept between calls
  // (cleared, not freed), as many as the postings on a long log. Allocated afresh they were
  // fresh pages to fault in on every turn (issue 14: nothing proportional to the log).
  thread_local std::vector<std::int64_t> reached_documents;
  std::vector<std::int64_t>& documents = reached_documents;
  documents.clear();
  const QueryPostings none{postings.postings, postings.offsets, 0, 0.0, 0.0, 0.0};
  const detail::SparseBm25 bm25(params.lexical_weight > 0.0 ? postings : none, log.rows,
                                log.lengths, &documents);
  ScoreParams score = params.score;
  if (!documents.empty()) score.k = std::max(score.k, params.lexical_pool);
  const std::size_t rescore = default_rescore(score.k);
  // In double, as the reference compares (exact: both counts are below 2**53).
  const bool int8 = static_cast<double>(log.rows) >=
                    params.int8_rows_per_rescored * static_cast<double>(rescore);
  // The query's scorer and the recency weights, shared by both channels (issue 14: the
  // query's norm was summed twice per call).
  const CosineScorer scorer(query, log.dim);
  const RecencyDecay decay(score.current, score.half_life);
  std::vector<Ranked> channel;
  const std::int64_t bad =
      int8 ? detail::channel_int8(query, scorer, decay, log, forced, score, rescore, &channel)
           : detail::channel_float(scorer, decay, log, forced, score, &channel);
  if (bad >= 0) {
    result.bad_embedding_row = bad;
    return result;
  }
  if (!documents.empty()) {
    // The lexical channel's best lexical_pool turns (ties to the lower turn) not yet in.
    const std::size_t pool = std::min(params.lexical_pool, documents.size());
    const std::vector<std::pair<double, std::int64_t>> lexical =
        detail::best_lexical(documents, bm25, pool);
    std::vector<std::int64_t> present;
    present.reserve(channel.size());
    for (const Ranked& row : channel) present.push_back(row.index);
    std::sort(present.begin(), present.end());
    std::vector<std::int64_t> missing;
    for (std::size_t i = 0; i < pool; ++i) {
      const std::int64_t doc = lexical[i].second;
      if (!detail::in_sorted(present, doc)) missing.push_back(doc);
    }
    std::sort(missing.begin(), missing.end());
    detail::prefetch_rows(log, missing);
    for (const std::int64_t row : missing) {
      float value;
      if (!detail::exact_score(scorer, decay, log, score, row, false, &value)) {
        result.bad_embedding_row = row;
        return result;
      }
      channel.push_back({value, row, false});
    }
  }
  const double lexical_scale =
      documents.empty() ? 0.0 : params.lexical_weight / bm25.max();
  struct Candidate {
    std::int64_t row;
    double score;
    bool forced;
  };
  std::vector<Candidate> candidates;
  candidates.reserve(channel.size());
  for (const Ranked& row : channel) {
    double fused = static_cast<double>(row.score);
    if (!documents.empty()) {
      const double lexical = bm25[row.index];
      fused = fused + lexical_scale * lexical;  // rule lexical-channel
    }
    candidates.push_back({row.index, fused, detail::in_sorted(forced, row.index)});
  }
  // Referenced turns first (SPEC-028 §4.2), then score descending, then turn ascending.
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    if (a.forced != b.forced) return a.forced;
    if (a.score != b.score) return a.score > b.score;
    return a.row < b.row;
  });
  for (const Candidate& candidate : candidates) {
    result.rows.push_back(candidate.row);
    result.scores.push_back(candidate.score);
    result.forced += candidate.forced;
  }
  return result;
}

}  // namespace multihorizon
