// Cosine similarity of one query against the rows of a row-major float32 matrix, top-k and
// best-above-threshold; a vector's squared norm. Reference definitions: cosine_scores, top_k,
// best_above, squared_norm in src/multihorizon/_kernels_py.py (exact cosine in float64,
// rounded to float32).
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

inline float clip_cosine(double value) {
  return static_cast<float>(std::min(1.0, std::max(-1.0, value)));
}

// Cosine of the query with each row: exact products and double sums in one fixed order
// (simd::dot_norm), so a row scores the same bits alone, in any matrix, at any SIMD level.
class CosineScorer {
 public:
  CosineScorer(const float* query, std::size_t dim)
      : dim_(dim), query_(simd::padded_dim(dim), 0.0) {
    std::copy(query, query + dim, query_.begin());
    double dot, norm2;
    simd::dot_norm_generic(query_.data(), query, 1, dim, &dot, &norm2);
    qnorm_ = std::sqrt(norm2);
  }

  // The squared norm is summed in double, where squares of float32 values cannot overflow:
  // it is finite exactly when every query value is, so this is the query's finiteness check.
  bool query_finite() const { return std::isfinite(qnorm_); }
  std::size_t dim() const { return dim_; }

  // scores[r] for rows [0, count) of `rows`; returns -1, or the first row that is not finite
  // (a NaN or an infinity makes its sum of squares NaN or infinite, as nothing else can).
  std::int64_t score_block(const float* rows, std::size_t count, float* scores) const {
    double dots[kBlockRows], norms2[kBlockRows];
    simd::dot_norm(query_.data(), rows, count, dim_, dots, norms2);
    for (std::size_t r = 0; r < count; ++r) {
      if (!(norms2[r] <= std::numeric_limits<double>::max())) return static_cast<std::int64_t>(r);
      // Both norms are 0 or at least 2**-149 (a float's smallest square root of a square),
      // so the product is 0 only for a zero vector, whose similarity is 0.
      const double denominator = std::sqrt(norms2[r]) * qnorm_;
      scores[r] = denominator > 0.0 ? clip_cosine(dots[r] / denominator) : 0.0f;
    }
    return -1;
  }

  // scores[r] for every row of the matrix; returns -1, or the first row that is not finite.
  std::int64_t score_all(const float* matrix, std::size_t rows, float* scores) const {
    for (std::size_t begin = 0; begin < rows; begin += kBlockRows) {
      const std::size_t count = std::min(kBlockRows, rows - begin);
      const std::int64_t bad = score_block(matrix + begin * dim_, count, scores + begin);
      if (bad >= 0) return static_cast<std::int64_t>(begin) + bad;
    }
    return -1;
  }

 private:
  std::size_t dim_;
  std::vector<double> query_;  // padded to simd::padded_dim(dim_), zeros after dim_
  double qnorm_ = 0.0;
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

// ranks_before as a type, which the heap and the sort inline (through a function pointer
// every comparison was a call: a tenth of Tier C's call at 1k turns; issue 14).
struct RanksBefore {
  bool operator()(const Ranked& a, const Ranked& b) const { return ranks_before(a, b); }
};

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
      std::push_heap(heap_.begin(), heap_.end(), RanksBefore{});
    } else if (ranks_before(row, heap_.front())) {
      replace_worst(row);
    }
    if (heap_.size() == k_) {
      const Ranked& worst = heap_.front();
      entry_bar_ = worst.forced ? std::numeric_limits<float>::infinity() : worst.score;
    }
  }

  std::vector<Ranked> best_first() {
    std::sort(heap_.begin(), heap_.end(), RanksBefore{});
    return std::move(heap_);
  }

 private:
  // The worst row's place taken by `row`, sifted down: one pass where a pop and a push took
  // two. The rows kept are the same (the order is strict), so is the worst at the front.
  void replace_worst(const Ranked& row) {
    Ranked* heap = heap_.data();
    const std::size_t size = heap_.size();
    std::size_t at = 0;
    for (;;) {
      std::size_t child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && ranks_before(heap[child], heap[child + 1])) ++child;  // the worse
      if (!ranks_before(row, heap[child])) break;
      heap[at] = heap[child];
      at = child;
    }
    heap[at] = row;
  }

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
  TopK best(std::min(k, rows));
  float scores[kBlockRows];
  for (std::size_t begin = 0; begin < rows; begin += kBlockRows) {
    const std::size_t count = std::min(kBlockRows, rows - begin);
    const std::int64_t bad = scorer.score_block(matrix + begin * dim, count, scores);
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
  float scores[kBlockRows];
  std::int64_t best = -1;
  float best_score = -std::numeric_limits<float>::infinity();
  for (std::size_t begin = 0; begin < rows; begin += kBlockRows) {
    const std::size_t count = std::min(kBlockRows, rows - begin);
    const std::int64_t bad = scorer.score_block(matrix + begin * dim, count, scores);
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

// The sum of the squares of a float32 vector, in double: whether a caller's embedding is
// already of unit length (embed.normalise_embedding on every Session.user with a given
// embedding, and the same test inside the native classify and settle, which call this, so
// the three agree bit for bit). Squares of float32 values cannot overflow a double, so the
// sum is finite exactly when every value is. Eight independent partial sums, then the rest:
// one running sum would wait on the add latency at every element; the order differs from
// numpy's dot in the last bits only (the callers compare with 1 at a tolerance of 1e-5).
inline double squared_norm(const float* values, std::size_t count) {
  constexpr std::size_t kLanes = 8;
  double lanes[kLanes] = {};
  std::size_t i = 0;
  for (; i + kLanes <= count; i += kLanes) {
    for (std::size_t lane = 0; lane < kLanes; ++lane) {
      lanes[lane] += static_cast<double>(values[i + lane]) * static_cast<double>(values[i + lane]);
    }
  }
  double squared = 0.0;
  for (std::size_t lane = 0; lane < kLanes; ++lane) squared += lanes[lane];
  for (; i < count; ++i) squared += static_cast<double>(values[i]) * values[i];
  return squared;
}

}  // namespace multihorizon
