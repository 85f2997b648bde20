// Fused Tier C turn scoring: relevance, recency, active-thread restore and forced
// (referenced) turns in one pass over the turn log, keeping only the top k.
// The formula is documented once, in score_turns of src/multihorizon/_kernels_py.py.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "multihorizon/decay.hpp"
#include "multihorizon/quantize.hpp"
#include "multihorizon/similarity.hpp"

namespace multihorizon {

struct TurnLogView {
  const float* embeddings;     // rows x dim, row-major
  const std::int64_t* turn_ids;  // rows
  const std::int64_t* thread_ids;  // rows, or nullptr
  const std::uint8_t* forced;      // rows (1 = referenced), or nullptr
  std::size_t rows;
  std::size_t dim;
};

struct ScoreParams {
  std::int64_t current;
  double half_life;
  std::int64_t active_thread;  // < 0: none
  double recency_multiplier;
  double recency_bonus;
  double thread_bonus;
  std::size_t k;
};

struct ScoreResult {
  std::vector<Ranked> rows;
  std::int64_t bad_embedding_row = -1;  // first non-finite row, or -1
  std::int64_t bad_turn_id_row = -1;    // first id outside [0, current], or -1
};

// One row's fused score, rounded to float32 for ranking. `weight` is the row's recency, or 1
// for a forced or active row: SPEC-028 §4.2 (referenced turns) and §3.3 (the active thread)
// restore full weight. Shared by both scorers, so their scores of a row are the same bits.
inline float fused_score(float relevance, double weight, bool active, const ScoreParams& params) {
  const double score =
      relevance * (1.0 - params.recency_multiplier + params.recency_multiplier * weight) +
      params.recency_bonus * weight + (active ? params.thread_bonus : 0.0);
  return static_cast<float>(score);
}

inline ScoreResult score_turns(const float* query, const TurnLogView& log,
                               const ScoreParams& params) {
  const CosineScorer scorer(query, log.dim);
  const RecencyDecay decay(params.current, params.half_life);
  const bool has_active = log.thread_ids != nullptr && params.active_thread >= 0;
  TopK best(std::min(params.k, log.rows));
  float relevance[kBlockRows], recency[kBlockRows];
  ScoreResult result;
  for (std::size_t begin = 0; begin < log.rows; begin += kBlockRows) {
    const std::size_t count = std::min(kBlockRows, log.rows - begin);
    const std::int64_t bad_row =
        scorer.score_block(log.embeddings + begin * log.dim, count, relevance);
    if (bad_row >= 0) {
      result.bad_embedding_row = static_cast<std::int64_t>(begin) + bad_row;
      return result;
    }
    const std::int64_t bad_id = decay.weights(log.turn_ids + begin, count, recency);
    if (bad_id >= 0) {
      result.bad_turn_id_row = static_cast<std::int64_t>(begin) + bad_id;
      return result;
    }
    for (std::size_t r = 0; r < count; ++r) {
      const std::size_t row = begin + r;
      const bool active = has_active && log.thread_ids[row] == params.active_thread;
      const bool forced = log.forced != nullptr && log.forced[row] != 0;
      const double weight = forced || active ? 1.0 : static_cast<double>(recency[r]);
      const float ranked_score = fused_score(relevance[r], weight, active, params);
      if (!forced && ranked_score < best.entry_bar()) continue;
      best.offer({ranked_score, static_cast<std::int64_t>(row), forced});
    }
  }
  result.rows = best.best_first();
  return result;
}

// The turn log with its int8 copy: codes and scales (quantize_row) beside the float32 rows.
struct QuantizedLogView {
  TurnLogView log;           // the float32 rows: read only for the rows rescored
  const std::int8_t* codes;  // laid out as code_column_stride says
  const float* scales;       // rows
  // 0: the codes row by row (rows x dim). Otherwise column by column: code j of row r at
  // codes[j * code_column_stride + r] (stride >= rows), as Tier P's store keeps sparse codes
  // (tiers/knowledge_exact.py), so that the pass reads only the query's nonzero columns.
  std::size_t code_column_stride = 0;
};

// The number of unforced rows score_turns_int8 rescores by default: k + max(16, k / 2). On
// real text (bench/int8_rescore.py, hash2 vectors, Config()'s knobs) k + 16 found the float32
// top k with recall 0.9996-1.000 at k = 10, 12 and 48 on 1k and 10k rows, k + k/2 1.000; the
// former fixed max(4k, 50) rescored 192 rows for Tier C's pool of 48, which cost more than the
// int8 scan saved on a 1k-turn log (issue 14).
inline std::size_t default_rescore(std::size_t k) {
  constexpr std::size_t kMinMargin = 16;
  const std::size_t margin = std::max(k / 2, kMinMargin);
  return k > SIZE_MAX - margin ? SIZE_MAX : k + margin;
}

namespace detail {

// One block of the int8 pass's inputs.
struct Int8Block {
  const std::int64_t* dots;
  const float* scales;
  const float* recency;
  const std::int64_t* threads;  // nullptr: no active thread
  std::int64_t active_thread;
  double query_scale;
  std::size_t count;
};

// The int8 pass's fused scores of one block: fused_score of int8_cosine, term for term. Forced
// rows are scored like the others here and skipped by the caller. (A scalar loop: GCC keeps
// its selects as branches under -ftrapping-math, and it costs a tenth of the dot products.)
template <bool kThreads>
inline void int8_block_scores(const Int8Block& block, const ScoreParams& params, float* scores) {
  for (std::size_t r = 0; r < block.count; ++r) {
    bool active = false;
    if constexpr (kThreads) active = block.threads[r] == block.active_thread;
    const double weight = active ? 1.0 : static_cast<double>(block.recency[r]);
    const float relevance = int8_cosine(block.dots[r], block.query_scale, block.scales[r]);
    scores[r] = fused_score(relevance, weight, active, params);
  }
}

}  // namespace detail

// score_turns in two passes: every row is scored by the same formula on its int8 copy (the
// cosine from integer dot products, int8_cosine), which nominates the best max(rescore, k)
// unforced rows; those and every forced row are scored again on their float32 rows, exactly
// as score_turns scores them, and ranked. The result is score_turns' whenever its top k are
// among the nominees: the int8 pass reads a quarter of the bytes, the float32 one a few dozen
// rows.
inline ScoreResult score_turns_int8(const float* query, const QuantizedLogView& in,
                                    const ScoreParams& params, std::size_t rescore) {
  const TurnLogView& log = in.log;
  const std::size_t dim = log.dim;
  std::vector<std::int8_t> query_codes(dim);
  float query_scale = 0.0f;
  quantize_row(query, dim, query_codes.data(), &query_scale);  // the binding checked it finite
  const RecencyDecay decay(params.current, params.half_life);
  const bool has_active = log.thread_ids != nullptr && params.active_thread >= 0;
  ScoreResult result;

  std::vector<std::int64_t> rescored;  // every forced row, then the nominees
  if (log.forced != nullptr) {
    for (std::size_t row = 0; row < log.rows; ++row) {
      if (log.forced[row] != 0) rescored.push_back(static_cast<std::int64_t>(row));
    }
  }
  TopK nominees(std::min(std::max(rescore, params.k), log.rows - rescored.size()));
  std::int64_t dots[kBlockRows];
  float recency[kBlockRows], scores[kBlockRows];
  // No recency multiplier and no recency bonus (Tier P's exact search: the score is the
  // cosine): a row's weight does not change its score (relevance * 1 + 0 * weight), so the
  // pass skips its exponential. The binding checked every id against `current` already.
  const bool recency_unused = params.recency_multiplier == 0.0 && params.recency_bonus == 0.0;
  // Tier P's pass: with no recency, no active thread and no forced row, fused_score of a
  // cosine is that cosine (relevance * 1.0 + 0.0), so the scores are the int8 cosines,
  // made four rows at a time, and only the rows at or above the entry bar reach the heap.
  const bool cosine_only = recency_unused && !has_active && log.forced == nullptr &&
                           dim <= simd::kInt32DotDim;
  std::uint32_t picked[kBlockRows];
  const std::size_t stride = in.code_column_stride;
  const simd::SparseCodes sparse =
      stride != 0 ? simd::nonzero_codes(query_codes.data(), dim) : simd::SparseCodes{};
  for (std::size_t begin = 0; begin < log.rows; begin += kBlockRows) {
    const std::size_t count = std::min(kBlockRows, log.rows - begin);
    if (stride != 0) {  // the same integers, from the query's nonzero columns only
      simd::int8_column_dots(sparse, in.codes + begin, stride, count, dots);
    } else {
      simd::int8_dots(query_codes.data(), in.codes + begin * dim, count, dim, dots);
    }
    if (cosine_only) {
      simd::int8_cosines(dots, count, static_cast<double>(query_scale), in.scales + begin,
                         scores);
      // Rows under the bar at the block's start stay under it (the bar only rises).
      const std::size_t passing = simd::not_below(scores, count, nominees.entry_bar(), picked);
      for (std::size_t p = 0; p < passing; ++p) {
        const std::size_t r = picked[p];
        if (scores[r] < nominees.entry_bar()) continue;
        nominees.offer({scores[r], static_cast<std::int64_t>(begin + r), false});
      }
      continue;
    }
    if (recency_unused) {
      std::fill(recency, recency + count, 1.0f);
    } else {
      const std::int64_t bad_id = decay.weights(log.turn_ids + begin, count, recency);
      if (bad_id >= 0) {
        result.bad_turn_id_row = static_cast<std::int64_t>(begin) + bad_id;
        return result;
      }
    }
    const detail::Int8Block block{dots,
                                  in.scales + begin,
                                  recency,
                                  has_active ? log.thread_ids + begin : nullptr,
                                  params.active_thread,
                                  static_cast<double>(query_scale),
                                  count};
    if (has_active) {
      detail::int8_block_scores<true>(block, params, scores);
    } else {
      detail::int8_block_scores<false>(block, params, scores);
    }
    for (std::size_t r = 0; r < count; ++r) {
      // A tie with the bar may still win on the lower index, so only strictly lower skips.
      if (scores[r] < nominees.entry_bar()) continue;
      const std::size_t row = begin + r;
      if (log.forced != nullptr && log.forced[row] != 0) continue;  // already listed
      nominees.offer({scores[r], static_cast<std::int64_t>(row), false});
    }
  }
  for (const Ranked& nominee : nominees.best_first()) rescored.push_back(nominee.index);
  // Ascending rows: the first non-finite float32 row reported is the lowest, as the reference.
  std::sort(rescored.begin(), rescored.end());

  // The float32 rows to read are scattered and not in cache (the scan read only codes): ask
  // for all their lines first, so the misses overlap instead of stalling one row at a time.
  for (const std::int64_t row : rescored) {
    const auto* bytes =
        reinterpret_cast<const char*>(log.embeddings + static_cast<std::size_t>(row) * dim);
    for (std::size_t offset = 0; offset < dim * sizeof(float); offset += 64) {
      __builtin_prefetch(bytes + offset);
    }
  }
  const CosineScorer scorer(query, dim);
  TopK best(std::min(params.k, rescored.size()));
  for (const std::int64_t row : rescored) {
    const auto at = static_cast<std::size_t>(row);
    float relevance, weight;
    if (scorer.score_block(log.embeddings + at * dim, 1, &relevance) >= 0) {
      result.bad_embedding_row = row;
      return result;
    }
    decay.weights(log.turn_ids + at, 1, &weight);  // ids were all checked in the first pass
    const bool forced = log.forced != nullptr && log.forced[at] != 0;
    const bool active = has_active && log.thread_ids[at] == params.active_thread;
    const double full = forced || active ? 1.0 : static_cast<double>(weight);
    best.offer({fused_score(relevance, full, active, params), row, forced});
  }
  result.rows = best.best_first();
  return result;
}

}  // namespace multihorizon
