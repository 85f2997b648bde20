// The Turn Log's posting lists (SPEC-028 §4.2 entity index; Tier C's lexical channel, rule
// lexical-channel): per content word, the turns holding it, oldest first, kept in native
// memory as turns are indexed so that a user turn's query gathers its terms' lists in one
// call (issue 14 item 1) instead of a Python step per term. The C++ twin of
// src/multihorizon/_postings_py.py's `PostingLists`. Pure C++: no Python.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace multihorizon {

class PostingLists {
 public:
  // The id of `term`, or -1 when no turn holds it.
  std::int64_t find(std::string_view term) const {
    const auto found = ids_.find(std::string(term));
    return found == ids_.end() ? -1 : found->second;
  }

  // The id of `term`, given a new (empty) list when it has none yet.
  std::int64_t intern(std::string_view term) {
    const auto [at, added] = ids_.try_emplace(std::string(term), lists_.size());
    if (added) {
      lists_.emplace_back();
      stamps_.push_back(0);
    }
    return at->second;
  }

  void add(std::int64_t term, std::int64_t turn) { lists_[term].push_back(turn); }

  void extend(std::int64_t term, const std::int64_t* turns, std::size_t count) {
    std::vector<std::int64_t>& list = lists_[term];
    list.insert(list.end(), turns, turns + count);
  }

  const std::vector<std::int64_t>& list(std::int64_t term) const { return lists_[term]; }

  std::size_t terms() const { return lists_.size(); }

  // `ids` (term ids, -1 for none) kept in place: each term once, in order of first
  // appearance, those without a list left out. A stamp per term makes each check O(1), so a
  // query of many words stays linear.
  std::size_t distinct_held(std::vector<std::int64_t>& ids) {
    if (++generation_ == 0) {  // wrapped: no stamp may equal a past generation
      std::fill(stamps_.begin(), stamps_.end(), 0);
      generation_ = 1;
    }
    std::size_t kept = 0;
    for (const std::int64_t id : ids) {
      if (id < 0 || lists_[id].empty() || stamps_[id] == generation_) continue;
      stamps_[id] = generation_;
      ids[kept++] = id;
    }
    ids.resize(kept);
    std::size_t total = 0;
    for (const std::int64_t id : ids) total += lists_[id].size();
    return total;
  }

  // The lists of `ids` (from `distinct_held`) one after another into `postings` (room for
  // their total) and their bounds into `offsets` (room for ids.size() + 1).
  void gather(const std::vector<std::int64_t>& ids, std::int64_t* postings,
              std::int64_t* offsets) const {
    std::int64_t at = 0;
    offsets[0] = 0;
    for (std::size_t t = 0; t < ids.size(); ++t) {
      const std::vector<std::int64_t>& list = lists_[ids[t]];
      std::copy(list.begin(), list.end(), postings + at);
      at += static_cast<std::int64_t>(list.size());
      offsets[t + 1] = at;
    }
  }

 private:
  std::unordered_map<std::string, std::int64_t> ids_;
  std::vector<std::vector<std::int64_t>> lists_;
  std::vector<std::uint32_t> stamps_;
  std::uint32_t generation_ = 0;
};

}  // namespace multihorizon
