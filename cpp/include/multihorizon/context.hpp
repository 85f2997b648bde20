// Tier C's stage for one user turn in one call: retrieve_turns' ranking, each unforced
// question followed by its answer (rule answers-follow-questions), and the reason each item
// was chosen. Reference definition: pair_answers and retrieve_context in
// src/multihorizon/_retrieve_py.py (SPEC-028 §3.2, §3.3, §4.2).
//
// Whether a turn asks a question comes from its text's analysis, which a restored log makes
// the first time a rule reads it: a row whose flag is not known yet stops the walk (pending),
// the caller reads it and resumes with pair_answers over the same ranking.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "multihorizon/retrieve.hpp"

namespace multihorizon {

// Why an item is in context: the order of REASONS in _retrieve_py.py.
enum ContextReason : std::int8_t {
  kReasonReference = 0,     // a resolved reference's target (SPEC-028 §4.2)
  kReasonReplyTo = 1,       // the turn this one replies to
  kReasonAnswer = 2,        // the answer of a question above it
  kReasonActiveThread = 3,  // a turn of the active thread (§3.3)
  kReasonRelevant = 4,
};

// The log's columns the pairing reads, one entry per turn.
template <class Thread>
struct PairColumns {
  const std::uint8_t* asks;       // 0: no question, 1: a question, anything else: not known yet
  const std::uint8_t* roles;      // equal for the same role
  const std::int32_t* speakers;   // < 0: no speaker named; equal for the same (folded) name
  const Thread* thread_ids;
  std::size_t rows;
};

struct PairParams {
  std::size_t k;              // the turns in context
  bool follow;                // Config.answers_follow_questions
  std::int64_t active_thread; // < 0: none
};

struct ContextItems {
  std::vector<std::int64_t> rows;
  std::vector<double> scores;
  std::vector<std::int8_t> reasons;
  std::int64_t pending = -1;  // a row whose question flag is not known yet, or -1
};

namespace detail {

// Whether turn `answer` is by the other side of turn `question`: another role, or another
// named speaker.
template <class Thread>
bool other_side(const PairColumns<Thread>& log, std::size_t question, std::size_t answer) {
  if (log.roles[question] != log.roles[answer]) return true;
  const std::int32_t asker = log.speakers[question], replier = log.speakers[answer];
  return asker >= 0 && replier >= 0 && asker != replier;
}

inline bool listed(const std::vector<std::int64_t>& rows, std::int64_t row) {
  return std::find(rows.begin(), rows.end(), row) != rows.end();
}

}  // namespace detail

// The first k of `ranked` (n rows, best first, the `forced` referenced ones leading) with
// each unforced question followed by its answer, and each item's reason. `targets` sorted:
// a forced row among them is a reference, any other a reply-to. Rows in [0, log.rows).
template <class Thread>
ContextItems pair_answers(const std::int64_t* ranked, const double* scores, std::size_t n,
                          std::size_t forced, const PairColumns<Thread>& log,
                          const std::vector<std::int64_t>& targets, const PairParams& params) {
  ContextItems out;
  const auto choose = [&out](std::int64_t row, double score, std::int8_t reason) {
    out.rows.push_back(row);
    out.scores.push_back(score);
    out.reasons.push_back(reason);
  };
  const std::size_t leading = std::min(forced, n);
  // Every forced row, and each row chosen after them: at most forced + k, a list beats a set.
  std::vector<std::int64_t> seen(ranked, ranked + leading);
  for (std::size_t i = 0; i < leading && i < params.k; ++i) {
    const bool reference = detail::in_sorted(targets, ranked[i]);
    choose(ranked[i], scores[i], reference ? kReasonReference : kReasonReplyTo);
  }
  const auto unforced_reason = [&](std::int64_t row) {
    const bool active = params.active_thread >= 0 &&
                        static_cast<std::int64_t>(log.thread_ids[row]) == params.active_thread;
    return active ? kReasonActiveThread : kReasonRelevant;
  };
  for (std::size_t i = leading; i < n && out.rows.size() < params.k; ++i) {
    const std::int64_t row = ranked[i];
    if (!params.follow) {
      choose(row, scores[i], unforced_reason(row));
      continue;
    }
    if (detail::listed(seen, row)) continue;
    choose(row, scores[i], unforced_reason(row));
    seen.push_back(row);
    if (out.rows.size() >= params.k) break;
    const auto answer = static_cast<std::size_t>(row) + 1;
    if (answer >= log.rows || detail::listed(seen, static_cast<std::int64_t>(answer))) continue;
    const std::uint8_t asks = log.asks[row];
    if (asks != 0 && asks != 1) {  // not known yet: the caller reads it and resumes
      out = ContextItems{};
      out.pending = row;
      return out;
    }
    if (asks == 1 && detail::other_side(log, static_cast<std::size_t>(row), answer)) {
      choose(static_cast<std::int64_t>(answer), scores[i], kReasonAnswer);
      seen.push_back(static_cast<std::int64_t>(answer));
    }
  }
  return out;
}

// Tier C's stage: retrieve_turns over `log` with targets and the reply-to row forced, then
// pair_answers over the first forced + 2k rows of its ranking (each row read past the forced
// ones takes a slot or is an answer that took one). On a pending row `ranking` holds that
// prefix and `forced` its forced count, to resume with pair_answers.
template <class Thread>
ContextItems retrieve_context(const float* query, const TurnColumns<Thread>& log,
                              const QueryPostings& postings,
                              const std::vector<std::int64_t>& targets, std::int64_t reply_to,
                              const RetrieveParams& params, const PairColumns<Thread>& pairs,
                              bool follow, Retrieved* ranking) {
  std::vector<std::int64_t> forced(targets);
  if (reply_to >= 0 && !detail::in_sorted(forced, reply_to)) {
    forced.insert(std::upper_bound(forced.begin(), forced.end(), reply_to), reply_to);
  }
  *ranking = retrieve_turns(query, log, postings, forced, params);
  if (ranking->bad_embedding_row >= 0) return ContextItems{};
  const std::size_t k = params.score.k;
  const std::size_t read = std::min(ranking->rows.size(), ranking->forced + 2 * k);
  ranking->rows.resize(read);
  ranking->scores.resize(read);
  const PairParams pair{k, follow, params.score.active_thread};
  return pair_answers(ranking->rows.data(), ranking->scores.data(), read, ranking->forced, pairs,
                      targets, pair);
}

}  // namespace multihorizon
