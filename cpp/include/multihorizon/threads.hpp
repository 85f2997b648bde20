// One turn folded into its topic thread (SPEC-028 §3.3): the thread's running embedding sum,
// its centroid (the sum's direction) and its window of latest turn vectors, in one pass.
// Pure C++: no Python, no allocation.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstring>

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

}  // namespace multihorizon
