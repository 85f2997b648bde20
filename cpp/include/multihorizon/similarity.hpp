// Cosine similarity of one query against the rows of a row-major float32 matrix, top-k and
// best-above-threshold. Reference definitions: cosine_scores, top_k, best_above in
// src/multihorizon/_kernels_py.py (exact cosine in float64, rounded to float32).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "multihorizon/simd.hpp"

namespace multihorizon {

inline constexpr std::size_t kBlockRows = 128;

inline double query_norm(const float* query, std::size_t dim) {
  // Independent partial sums: one running double sum would wait on the add latency at every
  // element, which cost more than scoring 32 rows.
  constexpr std::size_t kLanes = 8;
  double lanes[kLanes] = {};
  std::size_t j = 0;
  for (; j + kLanes <= dim; j += kLanes) {
    for (std::size_t l = 0; l < kLanes; ++l) {
      lanes[l] += static_cast<double>(query[j + l]) * query[j + l];
    }
  }
  double sum = 0.0;
  for (std::size_t l = 0; l < kLanes; ++l) sum += lanes[l];
  for (; j < dim; ++j) sum += static_cast<double>(query[j]) * query[j];
  return std::sqrt(sum);
}

inline float clip_cosine(double value) {
  return static_cast<float>(std::min(1.0, std::max(-1.0, value)));
}

// Exact cosine of one row in double. False when the row holds a NaN or an infinity.
inline bool exact_cosine(const float* query, const float* row, std::size_t dim, double qnorm,
                         float& out) {
  double dot = 0.0, norm2 = 0.0;
  for (std::size_t j = 0; j < dim; ++j) {
    if (!std::isfinite(row[j])) return false;
    dot += static_cast<double>(query[j]) * row[j];
    norm2 += static_cast<double>(row[j]) * row[j];
  }
  const double denominator = std::sqrt(norm2) * qnorm;
  out = denominator > 0.0 ? clip_cosine(dot / denominator) : 0.0f;
  return true;
}

// Scores rows with the SIMD float kernel and finishes each in double. A block with a row whose
// float sums left the range where float32 is accurate (overflow, underflow, NaN from a bad
// value) is finished row by row, and such rows are recomputed exactly, which also locates
// non-finite input without a separate pass.
class CosineScorer {
 public:
  CosineScorer(const float* query, std::size_t dim)
      : query_(query), dim_(dim), qnorm_(query_norm(query, dim)),
        query_in_range_(qnorm_ > 1e-15 && qnorm_ < 1e15) {}

  // The norm is summed in double, where squares of float32 values cannot overflow: it is
  // finite exactly when every query value is, so this is the query's finiteness check.
  bool query_finite() const { return std::isfinite(qnorm_); }
  bool is_resident(std::size_t rows) const {
    return rows * dim_ * sizeof(float) <= simd::kResidentBytes;
  }
  std::size_t dim() const { return dim_; }

  // scores[r] for rows [0, count) of `rows`; returns -1, or the first row that is not finite.
  // `resident`: the whole matrix these rows come from fits in L2 (simd::kResidentBytes).
  std::int64_t score_block(const float* rows, std::size_t count, float* scores,
                           bool resident = false) const {
    float dots[kBlockRows], norms2[kBlockRows];
    simd::dot_norm(query_, rows, count, dim_, dots, norms2, resident);
    if (query_in_range_ && simd::finish_cosines(dots, norms2, count, qnorm_, scores)) return -1;
    for (std::size_t r = 0; r < count; ++r) {
      const float dot = dots[r], norm2 = norms2[r];
      if (query_in_range_ && norm2 > 1e-30f && norm2 < 1e30f && std::isfinite(dot)) {
        scores[r] = clip_cosine(dot / (std::sqrt(static_cast<double>(norm2)) * qnorm_));
      } else if (!exact_cosine(query_, rows + r * dim_, dim_, qnorm_, scores[r])) {
        return static_cast<std::int64_t>(r);
      }
    }
    return -1;
  }

  // scores[r] for every row of the matrix; returns -1, or the first row that is not finite.
  std::int64_t score_all(const float* matrix, std::size_t rows, float* scores) const {
    const bool resident = is_resident(rows);
    for (std::size_t begin = 0; begin < rows; begin += kBlockRows) {
      const std::size_t count = std::min(kBlockRows, rows - begin);
      const std::int64_t bad = score_block(matrix + begin * dim_, count, scores + begin, resident);
      if (bad >= 0) return static_cast<std::int64_t>(begin) + bad;
    }
    return -1;
  }

 private:
  const float* query_;
  std::size_t dim_;
  double qnorm_;
  bool query_in_range_;
};

// One ranked row. Order: forced rows first, then higher score, then lower index.
struct Ranked {
  float score;
  std::int64_t index;
  bool forced;
};

inline bool ranks_before(const Ranked& a, const Ranked& b) {
  if (a.forced != b.forced) return a.forced;
  if (a.score != b.score) return a.score > b.score;
  return a.index < b.index;
}

// The best k of a stream of rows, in O(n log k): a heap whose front is the worst kept row.
class TopK {
 public:
  explicit TopK(std::size_t k)
      : k_(k), entry_bar_(k == 0 ? std::numeric_limits<float>::infinity()
                             : -std::numeric_limits<float>::infinity()) {
    heap_.reserve(k);
  }

  // The score an unforced row must reach to be worth offering; +inf when none can enter.
  // Checking it first keeps the heap out of the loop for almost every row.
  float entry_bar() const { return entry_bar_; }

  void offer(const Ranked& row) {
    if (k_ == 0) return;
    if (heap_.size() < k_) {
      heap_.push_back(row);
      std::push_heap(heap_.begin(), heap_.end(), ranks_before);
    } else if (ranks_before(row, heap_.front())) {
      std::pop_heap(heap_.begin(), heap_.end(), ranks_before);
      heap_.back() = row;
      std::push_heap(heap_.begin(), heap_.end(), ranks_before);
    }
    if (heap_.size() == k_) {
      const Ranked& worst = heap_.front();
      entry_bar_ = worst.forced ? std::numeric_limits<float>::infinity() : worst.score;
    }
  }

  std::vector<Ranked> best_first() {
    std::sort(heap_.begin(), heap_.end(), ranks_before);
    return std::move(heap_);
  }

 private:
  std::size_t k_;
  std::vector<Ranked> heap_;
  float entry_bar_;
};

struct TopKResult {
  std::vector<Ranked> rows;
  std::int64_t bad_row = -1;  // first non-finite row, or -1
};

inline TopKResult top_k(const CosineScorer& scorer, const float* matrix, std::size_t rows,
                        std::size_t k) {
  const std::size_t dim = scorer.dim();
  const bool resident = scorer.is_resident(rows);
  TopK best(std::min(k, rows));
  float scores[kBlockRows];
  for (std::size_t begin = 0; begin < rows; begin += kBlockRows) {
    const std::size_t count = std::min(kBlockRows, rows - begin);
    const std::int64_t bad = scorer.score_block(matrix + begin * dim, count, scores, resident);
    if (bad >= 0) return {{}, static_cast<std::int64_t>(begin) + bad};
    for (std::size_t r = 0; r < count; ++r) {
      // A tie with the floor may still win on the lower index, so only strictly lower skips.
      if (scores[r] < best.entry_bar()) continue;
      best.offer({scores[r], static_cast<std::int64_t>(begin + r), false});
    }
  }
  return {best.best_first(), -1};
}

struct BestAbove {
  std::int64_t index;  // -1 when no row scores strictly above the threshold
  float score;         // best score seen; -inf for an empty matrix
  std::int64_t bad_row;
};

inline BestAbove best_above(const CosineScorer& scorer, const float* matrix, std::size_t rows,
                            double threshold) {
  const std::size_t dim = scorer.dim();
  const bool resident = scorer.is_resident(rows);
  float scores[kBlockRows];
  std::int64_t best = -1;
  float best_score = -std::numeric_limits<float>::infinity();
  for (std::size_t begin = 0; begin < rows; begin += kBlockRows) {
    const std::size_t count = std::min(kBlockRows, rows - begin);
    const std::int64_t bad = scorer.score_block(matrix + begin * dim, count, scores, resident);
    if (bad >= 0) return {-1, 0.0f, static_cast<std::int64_t>(begin) + bad};
    for (std::size_t r = 0; r < count; ++r) {
      if (best < 0 || scores[r] > best_score) {
        best = static_cast<std::int64_t>(begin + r);
        best_score = scores[r];
      }
    }
  }
  const bool above = best >= 0 && static_cast<double>(best_score) > threshold;
  return {above ? best : -1, best_score, -1};
}

}  // namespace multihorizon
