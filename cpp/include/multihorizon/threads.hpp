// One turn folded into its topic thread (SPEC-028 §3.3): the thread's running embedding sum,
// its centroid (the sum's direction) and its window of latest turn vectors, in one pass; and
// the placement's array work for one turn (scan_threads). Pure C++: no Python, no allocation.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

#include "multihorizon/similarity.hpp"

namespace multihorizon {

// new_total = total + embedding (float64); unit = new_total / ||new_total|| as float32 (the
// sum itself when it is zero). `total` may be null: a new thread, whose sum starts at 0.
// The norm is summed in float64 in index order.
inline void fold_into_centroid(const double* total, const float* embedding, std::size_t dim,
                               double* new_total, float* unit) {
  double squares = 0.0;
  for (std::size_t j = 0; j < dim; ++j) {
    // A new thread's sum is the embedding itself (-0.0 stays -0.0, as 0.0 + -0.0 would not).
    const double value = total != nullptr ? total[j] + static_cast<double>(embedding[j])
                                          : static_cast<double>(embedding[j]);
    new_total[j] = value;
    squares += value * value;
  }
  const double norm = std::sqrt(squares);
  for (std::size_t j = 0; j < dim; ++j) {
    unit[j] = static_cast<float>(norm > 0.0 ? new_total[j] / norm : new_total[j]);
  }
}

// The window after one more turn: the last `kept` rows of `recent` (rows x dim, row-major),
// then `embedding`; `out` holds kept + 1 rows.
inline void slide_window(const float* recent, std::size_t rows, std::size_t kept,
                         const float* embedding, std::size_t dim, float* out) {
  if (kept > 0) std::memcpy(out, recent + (rows - kept) * dim, kept * dim * sizeof(float));
  std::memcpy(out + kept * dim, embedding, dim * sizeof(float));
}

// What placing one turn reads of the threads' centroids (SPEC-028 §3.3: joining by centroid,
// leaving the active thread for another, resuming a dormant one), in one pass. Reference:
// thread_scan in src/multihorizon/_threads_py.py.
struct ThreadScan {
  std::int64_t best = -1;  // the most similar centroid (first of equals); -1: no thread
  float best_score = -std::numeric_limits<float>::infinity();
  std::int64_t dormant = -1;  // the same among the threads other than `active`
  float dormant_score = -std::numeric_limits<float>::infinity();
  std::int64_t bad_row = -1;  // first non-finite row of the centroids, or -1
};

inline ThreadScan scan_threads(const CosineScorer& scorer, const float* centroids,
                               std::size_t rows, std::int64_t active) {
  const std::size_t dim = scorer.dim();
  ThreadScan out;
  float scores[kBlockRows];
  for (std::size_t begin = 0; begin < rows; begin += kBlockRows) {
    const std::size_t count = std::min(kBlockRows, rows - begin);
    const std::int64_t bad = scorer.score_block(centroids + begin * dim, count, scores);
    if (bad >= 0) {
      out.bad_row = static_cast<std::int64_t>(begin) + bad;
      return out;
    }
    for (std::size_t r = 0; r < count; ++r) {
      const auto index = static_cast<std::int64_t>(begin + r);
      if (out.best < 0 || scores[r] > out.best_score) {
        out.best = index;
        out.best_score = scores[r];
      }
      if (index != active && (out.dormant < 0 || scores[r] > out.dormant_score)) {
        out.dormant = index;
        out.dormant_score = scores[r];
      }
    }
  }
  return out;
}

}  // namespace multihorizon
