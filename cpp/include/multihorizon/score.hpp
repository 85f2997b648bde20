// Fused Tier C turn scoring: relevance, recency, active-thread restore and forced
// (referenced) turns in one pass over the turn log, keeping only the top k.
// The formula is documented once, in score_turns of src/multihorizon/_kernels_py.py.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "multihorizon/decay.hpp"
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
      // SPEC-028 §4.2 (referenced turns) and §3.3 (the active thread) restore full weight.
      const double weight = forced || active ? 1.0 : static_cast<double>(recency[r]);
      const double score =
          relevance[r] * (1.0 - params.recency_multiplier + params.recency_multiplier * weight) +
          params.recency_bonus * weight + (active ? params.thread_bonus : 0.0);
      const auto ranked_score = static_cast<float>(score);
      if (!forced && ranked_score < best.entry_bar()) continue;
      best.offer({ranked_score, static_cast<std::int64_t>(row), forced});
    }
  }
  result.rows = best.best_first();
  return result;
}

}  // namespace multihorizon
