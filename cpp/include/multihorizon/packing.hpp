// The assembler's coarse stage kernels (issue 14): Tier P's CDR ranking of one query's
// candidates (SPEC-024 §7.1, SPEC-027 §3.2) and the packing of every tier's candidates into
// the budget in sandwich order (SPEC-028 §2.2, SPEC-003 §7.3-§7.4). Reference definitions:
// cdr_rank and pack_tiers in src/multihorizon/_packing_py.py. Every value is computed with
// the reference's float64 operations in the reference's order (the build does not fuse
// multiply-adds), so results are bitwise equal to it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace multihorizon {

struct CdrColumns {
  const double* relevance;
  const double* coverage;
  const double* importance;
  const double* ttl;       // NaN: the fact does not age
  const double* modified;  // NaN: now
  std::size_t count;
};

// novelty: 0 off, 1 on, 2 partial. Writes novelty, recency, score (count each) and order
// (candidate indices by score, best first, ties in input order).
inline void cdr_rank(const CdrColumns& in, double now, int novelty, double partial_floor,
                     double* novelties, double* recency, double* scores, std::int64_t* order) {
  for (std::size_t i = 0; i < in.count; ++i) {
    // SPEC-024 §7.1: max(1 - min(coverage, 0.80), 0.20); SPEC-028 §5.3's partial on top.
    const double full = std::max(1.0 - std::min(in.coverage[i], 0.80), 0.20);
    novelties[i] = novelty == 1 ? full : novelty == 2 ? partial_floor + (1.0 - partial_floor) * full
                                                      : 1.0;
    // SPEC-027 §3.2: 1.0 while age <= ttl/2, then linearly down to 0.30 at ttl.
    double factor = 1.0;
    const double ttl = in.ttl[i];
    if (!std::isnan(ttl)) {
      const double modified = std::isnan(in.modified[i]) ? now : in.modified[i];
      const double age = std::max(0.0, now - modified);
      const double half = ttl / 2.0;
      factor = age <= half ? 1.0 : age >= ttl ? 0.30 : 1.0 - 0.7 * (age - half) / half;
    }
    recency[i] = factor;
    scores[i] = in.importance[i] * in.relevance[i] * novelties[i] * factor;
  }
  for (std::size_t i = 0; i < in.count; ++i) order[i] = static_cast<std::int64_t>(i);
  std::stable_sort(order, order + in.count,
                   [scores](std::int64_t a, std::int64_t b) { return scores[a] > scores[b]; });
}

struct PackInputs {
  const std::int64_t* tokens;  // per candidate, >= 0, each tier's in its rank order
  const double* scores;        // per candidate
  const std::int64_t* tiers;   // per candidate, in [0, tier_count)
  std::size_t count;
  const double* weights;       // per tier, >= 0
  const std::int64_t* groups;  // per tier, in [0, group_count)
  std::size_t tier_count;
  const double* group_weights;  // per group
  std::size_t group_count;
  std::int64_t budget;
};

// The budget split by weight, each tier greedy in rank order; unused tokens flow on to the
// tiers that still have candidates (at most 8 rounds). taken[i] set for the packed.
inline void share_budget(const PackInputs& in, std::vector<std::uint8_t>& taken) {
  taken.assign(in.count, 0);
  std::vector<std::int64_t> used(in.tier_count, 0);
  std::vector<std::int64_t> left_out(in.tier_count, 0);
  for (std::size_t i = 0; i < in.count; ++i) ++left_out[static_cast<std::size_t>(in.tiers[i])];
  std::vector<std::size_t> open;
  std::int64_t free = in.budget;
  for (int round = 0; round < 8; ++round) {
    open.clear();
    double weight = 0.0;
    for (std::size_t t = 0; t < in.tier_count; ++t) {
      if (in.weights[t] > 0 && left_out[t] > 0) open.push_back(t);
    }
    for (const std::size_t t : open) weight += in.weights[t];
    if (free < 1 || open.empty() || weight <= 0) return;
    for (const std::size_t t : open) {
      // As the reference: used + (free * w) / total, compared with exact int64 sums (the
      // int64 -> double conversions are exact below 2**53 tokens).
      const double allowance =
          static_cast<double>(used[t]) + static_cast<double>(free) * in.weights[t] / weight;
      for (std::size_t i = 0; i < in.count; ++i) {
        if (static_cast<std::size_t>(in.tiers[i]) != t || taken[i]) continue;
        if (static_cast<double>(used[t] + in.tokens[i]) <= allowance) {
          taken[i] = 1;
          used[t] += in.tokens[i];
          --left_out[t];
        }
      }
    }
    std::int64_t packed = 0;
    for (const std::int64_t tokens : used) packed += tokens;
    const std::int64_t left = in.budget - packed;
    if (left == free) return;
    free = left;
  }
}

// The packed candidates in sandwich order; returns how many (written to order).
inline std::size_t pack_tiers(const PackInputs& in, std::int64_t* order) {
  std::vector<std::uint8_t> taken;
  share_budget(in, taken);
  std::vector<std::int64_t> chosen;
  for (std::size_t t = 0; t < in.tier_count; ++t) {
    for (std::size_t i = 0; i < in.count; ++i) {
      if (taken[i] && static_cast<std::size_t>(in.tiers[i]) == t) {
        chosen.push_back(static_cast<std::int64_t>(i));
      }
    }
  }
  std::vector<double> best(in.group_count, 0.0);
  auto group_of = [&in](std::int64_t i) {
    return static_cast<std::size_t>(in.groups[static_cast<std::size_t>(in.tiers[i])]);
  };
  for (const std::int64_t i : chosen) {
    const std::size_t g = group_of(i);
    best[g] = std::max(best[g], in.scores[i]);
  }
  std::vector<double> strength(in.count, 0.0);
  for (const std::int64_t i : chosen) {
    const std::size_t g = group_of(i);
    const double top = best[g] == 0.0 ? 1.0 : best[g];  // a best of 0 counts as 1
    strength[static_cast<std::size_t>(i)] = in.group_weights[g] * in.scores[i] / top;
  }
  std::stable_sort(chosen.begin(), chosen.end(), [&strength](std::int64_t a, std::int64_t b) {
    return strength[static_cast<std::size_t>(a)] > strength[static_cast<std::size_t>(b)];
  });
  const std::size_t n = chosen.size();
  if (n <= 2) {
    std::copy(chosen.begin(), chosen.end(), order);
    return n;
  }
  // SPEC-003 §7.4 by rank (ours): the best first, the weakest third next, then the middle
  // third, then the rest of the best third reversed (the second best last).
  const std::size_t third = std::max<std::size_t>(1, n / 3);
  std::size_t out = 0;
  order[out++] = chosen[0];
  for (std::size_t i = 2 * third; i < n; ++i) order[out++] = chosen[i];
  for (std::size_t i = third; i < 2 * third; ++i) order[out++] = chosen[i];
  for (std::size_t i = third; i-- > 1;) order[out++] = chosen[i];
  return out;
}

}  // namespace multihorizon
