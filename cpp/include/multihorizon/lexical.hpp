// Tier C's lexical channel: BM25 over a turn log's inverted index (architecture.md).
// Reference definition: bm25_scores in src/multihorizon/_kernels_py.py.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>

namespace multihorizon {

// Adds each query term's BM25 contribution to the documents in its posting list.
//
// postings[offsets[t] .. offsets[t+1]) are the distinct documents holding term t; lengths
// the documents' lengths (their numbers of distinct terms). out (n_docs values) must be
// zeroed by the caller. Only the posting lists are visited: O(postings), not O(documents).
// The caller has checked offsets (0 first, non-decreasing, postings size last) and
// lengths (finite, >= 0); returns -1, or the index of the first posting outside
// [0, n_docs), in which case out is unspecified.
inline std::int64_t bm25_accumulate(const std::int64_t* postings, const std::int64_t* offsets,
                                    std::size_t terms, const double* lengths,
                                    std::size_t n_docs, double k1, double b, double* out) {
  if (n_docs == 0) return offsets[terms] > 0 ? 0 : -1;
  double total = 0.0;
  for (std::size_t doc = 0; doc < n_docs; ++doc) total += lengths[doc];
  if (total <= 0.0) {
    // No document holds a term: a posting is out of range by definition.
    return offsets[terms] > 0 ? 0 : -1;
  }
  const double inverse_average = static_cast<double>(n_docs) / total;
  const double docs = static_cast<double>(n_docs);
  for (std::size_t t = 0; t < terms; ++t) {
    const std::int64_t begin = offsets[t], end = offsets[t + 1];
    const double frequency = static_cast<double>(end - begin);
    // The BM25 idf without negatives: log(1 + (N - df + 0.5) / (df + 0.5)).
    const double idf = std::log1p((docs - frequency + 0.5) / (frequency + 0.5));
    for (std::int64_t i = begin; i < end; ++i) {
      const std::int64_t doc = postings[i];
      if (doc < 0 || static_cast<std::size_t>(doc) >= n_docs) return i;
      const double norm = 1.0 - b + b * lengths[doc] * inverse_average;
      out[doc] += idf * (k1 + 1.0) / (1.0 + k1 * norm);
    }
  }
  return -1;
}

}  // namespace multihorizon
