#include <algorithm>
#include <string>

#include "multihorizon/lexical.hpp"
#include "pybind11.hpp"
#include "register.hpp"
#include "validate.hpp"

namespace multihorizon::bindings {

namespace {

py::array_t<double> bm25_scores(py::handle postings_arg, py::handle offsets_arg,
                                py::handle lengths_arg, py::handle k1_arg, py::handle b_arg) {
  const IdArray postings = integer_vector(postings_arg, "postings", "integers");
  const IdArray offsets = integer_vector(offsets_arg, "offsets", "integers");
  // Checked in the reference's order, so the first bad argument is the one reported.
  const auto n_postings = static_cast<std::int64_t>(postings.shape(0));
  const auto n_offsets = static_cast<std::size_t>(offsets.shape(0));
  const std::int64_t* offset = offsets.data();
  if (n_offsets == 0 || offset[0] != 0) value_error("offsets: must start with 0");
  for (std::size_t t = 1; t < n_offsets; ++t) {
    if (offset[t] < offset[t - 1]) value_error("offsets: must be non-decreasing");
  }
  if (offset[n_offsets - 1] != n_postings) {
    value_error("offsets: must end with len(postings) = " + std::to_string(n_postings));
  }
  const py::array raw_lengths = real_array(lengths_arg, "lengths");
  if (raw_lengths.ndim() != 1) value_error(ndim_message("lengths", 1, raw_lengths.ndim()));
  const auto lengths = convert<DoubleArray>(raw_lengths);
  const auto n_docs = static_cast<std::size_t>(lengths.shape(0));
  const double* length = lengths.data();
  for (std::size_t doc = 0; doc < n_docs; ++doc) {
    if (!(length[doc] >= 0.0) || !std::isfinite(length[doc])) {
      value_error("lengths: must be finite and >= 0, got " + format_real(length[doc]) +
                  " at " + std::to_string(doc));
    }
  }
  const double k1 = real_arg(k1_arg, "k1");
  if (k1 < 0.0) value_error("k1: must be >= 0, got " + format_real(k1));
  const double b = unit_interval_arg(b_arg, "b");
  // Every posting names a document, checked before the kernel runs (as the reference does,
  // naming the first one that does not).
  const std::int64_t* posting = postings.data();
  for (std::int64_t i = 0; i < n_postings; ++i) {
    if (posting[i] < 0 || static_cast<std::uint64_t>(posting[i]) >= n_docs) {
      value_error("postings: document " + std::to_string(posting[i]) +
                  " is outside [0, len(lengths))");
    }
  }
  py::array_t<double> scores(static_cast<py::ssize_t>(n_docs));
  double* out = scores.mutable_data();
  std::fill(out, out + n_docs, 0.0);
  std::int64_t bad;
  if (static_cast<std::size_t>(n_postings) >= kReleaseGilWork) {
    py::gil_scoped_release release;  // safe: reads and writes numpy buffers only
    bad = bm25_accumulate(postings.data(), offset, n_offsets - 1, length, n_docs, k1, b, out);
  } else {
    bad = bm25_accumulate(postings.data(), offset, n_offsets - 1, length, n_docs, k1, b, out);
  }
  if (bad >= 0) {
    value_error("postings: document " + std::to_string(postings.data()[bad]) +
                " is outside [0, len(lengths))");
  }
  return scores;
}

}  // namespace

void register_lexical(py::module_& m) {
  m.def("bm25_scores", &bm25_scores, py::arg("postings"), py::arg("offsets"), py::arg("lengths"),
        py::kw_only(), py::arg("k1") = 1.2, py::arg("b") = 0.75,
        "BM25 of every document for the query terms whose posting lists these are.");
}

}  // namespace multihorizon::bindings
