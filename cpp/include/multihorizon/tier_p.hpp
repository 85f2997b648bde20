// Tier P's fused stage for one query over a store searched exactly (issue 14): the int8
// search, the live filter, SPEC-024 §7.1's relevance floor, the session's delivered facts left
// out by label (SPEC-003 §14), and the CDR ranking (packing.hpp's cdr_rank), over the store's
// own arrays. Reference definition: tier_p_stage in src/multihorizon/_tier_p_py.py. The
// coverage dot products between the two halves are NumPy's (the binding calls np.matmul on
// the rows tier_p_select gathers), so every value is the bits the unfused path made.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "multihorizon/packing.hpp"
#include "multihorizon/score.hpp"

namespace multihorizon {

struct TierPSearch {
  QuantizedLogView log;        // the store's int8 copy and float32 rows, by label
  const std::uint8_t* live;    // per label: 1 when retrievable
  std::size_t count;           // how many nearest retrievable labels
  std::size_t dead;            // labels not retrievable (they can take at most this many places)
  float min_relevance;         // the floor, compared in float32 as NumPy compares float32 cosines
};

struct TierPFound {
  std::vector<std::int64_t> labels;  // best first, ties to the lower label
  std::vector<float> cosines;
  std::int64_t bad_embedding_row = -1;
};

// The first half: the `count` nearest retrievable labels (the int8 pass over count + dead,
// rescored in float32: KnowledgeStore._knn's exact search), those under the floor dropped.
inline TierPFound tier_p_search(const float* query, const TierPSearch& in) {
  const std::size_t rows = in.log.log.rows;
  ScoreParams params{};
  params.current = 0;
  params.half_life = 6.0;
  params.active_thread = -1;
  params.recency_multiplier = 0.0;
  params.recency_bonus = 0.0;
  params.thread_bonus = 0.0;
  params.k = std::min(rows, in.count + in.dead);
  TierPFound found;
  const ScoreResult result = score_turns_int8(query, in.log, params, default_rescore(params.k));
  if (result.bad_embedding_row >= 0) {
    found.bad_embedding_row = result.bad_embedding_row;
    return found;
  }
  for (const Ranked& row : result.rows) {
    if (found.labels.size() == in.count) break;
    if (in.dead != 0 && in.live[row.index] == 0) continue;
    found.labels.push_back(row.index);
    found.cosines.push_back(row.score);
  }
  // Best first: the rows under the floor are the tail.
  std::size_t kept = 0;
  while (kept < found.cosines.size() && found.cosines[kept] >= in.min_relevance) ++kept;
  found.labels.resize(kept);
  found.cosines.resize(kept);
  return found;
}

// Rows `labels` of the float32 matrix `vectors` (dim columns) as float64, row after row: the
// matrix the coverage set's product reads (CoverageSet.coverage).
inline void tier_p_rows64(const float* vectors, std::size_t dim, const std::int64_t* labels,
                          std::size_t count, double* out) {
  for (std::size_t i = 0; i < count; ++i) {
    const float* row = vectors + static_cast<std::size_t>(labels[i]) * dim;
    for (std::size_t j = 0; j < dim; ++j) out[i * dim + j] = static_cast<double>(row[j]);
  }
}

struct TierPRankInputs {
  const std::int64_t* labels;   // tier_p_search's, best first
  const float* cosines;
  const double* covered;        // per label of `labels`: its coverage (zeros: nothing given)
  std::size_t count;
  const std::uint8_t* delivered;  // per store label, 1: already delivered; nullptr: none
  const double* columns;        // importance, ttl, modified: rows of `column_stride` labels
  std::size_t column_stride;
  double now;
  int novelty;
  double partial_floor;
};

struct TierPRanked {
  std::vector<std::int64_t> positions;  // into the inputs, best first (ties in input order)
  std::vector<double> relevance, novelty, recency, score;  // by position of `positions`
  std::string error;  // a fact column the reference's checks refuse, or empty
};

// The second half: the labels not delivered, ranked by CDR (cdr_rank over the kept rows, in
// their input order, so the same values and the same order as the unfused path).
inline TierPRanked tier_p_rank(const TierPRankInputs& in) {
  std::vector<std::size_t> kept;
  kept.reserve(in.count);
  for (std::size_t i = 0; i < in.count; ++i) {
    if (in.delivered == nullptr || in.delivered[in.labels[i]] == 0) kept.push_back(i);
  }
  const std::size_t n = kept.size();
  std::vector<double> rel(n), cov(n), weight(n), ttl(n), mods(n);
  const double* importance_row = in.columns;
  const double* ttl_row = in.columns + in.column_stride;
  const double* modified_row = in.columns + 2 * in.column_stride;
  TierPRanked out;
  for (std::size_t p = 0; p < n; ++p) {
    const std::size_t i = kept[p];
    const auto label = static_cast<std::size_t>(in.labels[i]);
    rel[p] = static_cast<double>(in.cosines[i]);
    cov[p] = in.covered[i];
    weight[p] = importance_row[label];
    ttl[p] = ttl_row[label];
    mods[p] = modified_row[label];
    if (!std::isfinite(weight[p])) out.error = "importance: contains non-finite values";
    if (std::isinf(ttl[p])) out.error = "ttl: contains non-finite values";
    if (std::isinf(mods[p])) out.error = "modified: contains non-finite values";
    if (ttl[p] <= 0) out.error = "ttl: every ttl must be > 0 (NaN: the fact does not age)";
  }
  if (!out.error.empty()) return out;
  std::vector<double> novelties(n), recency(n), scores(n);
  std::vector<std::int64_t> order(n);
  const CdrColumns columns{rel.data(), cov.data(), weight.data(), ttl.data(), mods.data(), n};
  cdr_rank(columns, in.now, in.novelty, in.partial_floor, novelties.data(), recency.data(),
           scores.data(), order.data());
  out.positions.resize(n);
  out.relevance.resize(n);
  out.novelty.resize(n);
  out.recency.resize(n);
  out.score.resize(n);
  for (std::size_t r = 0; r < n; ++r) {
    const auto p = static_cast<std::size_t>(order[r]);
    out.positions[r] = static_cast<std::int64_t>(kept[p]);
    out.relevance[r] = rel[p];
    out.novelty[r] = novelties[p];
    out.recency[r] = recency[p];
    out.score[r] = scores[p];
  }
  return out;
}

}  // namespace multihorizon
