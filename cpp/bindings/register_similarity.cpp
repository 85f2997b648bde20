#include <limits>

#include "multihorizon/similarity.hpp"
#include "pybind11.hpp"
#include "ranked.hpp"
#include "register.hpp"
#include "validate.hpp"

namespace multihorizon::bindings {

namespace {

struct QueryAndMatrix {
  FloatArray query;
  FloatArray matrix;
  CosineScorer scorer;  // reads `query`'s buffer, which this struct keeps alive
  std::size_t rows;
};

QueryAndMatrix query_and_matrix(py::handle query, py::handle matrix, const char* matrix_name) {
  FloatArray q = float_vector_unchecked(query, "query");
  const CosineScorer scorer(q.data(), static_cast<std::size_t>(q.shape(0)));
  if (!scorer.query_finite()) non_finite_values("query");
  FloatArray m = float_matrix(matrix, matrix_name, q.shape(0));
  const auto rows = static_cast<std::size_t>(m.shape(0));
  return {std::move(q), std::move(m), scorer, rows};
}

py::array_t<float> cosine_scores(py::handle query, py::handle matrix) {
  const QueryAndMatrix in = query_and_matrix(query, matrix, "matrix");
  py::array_t<float> scores(static_cast<py::ssize_t>(in.rows));
  float* out = scores.mutable_data();
  std::int64_t bad_row;
  if (in.rows * in.scorer.dim() >= kReleaseGilWork) {
    // Safe: only the numpy buffers, owned by `in` and `scores`, are touched.
    py::gil_scoped_release release;
    bad_row = in.scorer.score_all(in.matrix.data(), in.rows, out);
  } else {
    bad_row = in.scorer.score_all(in.matrix.data(), in.rows, out);
  }
  if (bad_row >= 0) non_finite_row("matrix", bad_row);
  return scores;
}

py::tuple top_k(py::handle query, py::handle matrix, py::handle k) {
  const std::size_t count = count_arg(k, "k");
  const QueryAndMatrix in = query_and_matrix(query, matrix, "matrix");
  TopKResult result;
  if (in.rows * in.scorer.dim() >= kReleaseGilWork) {
    py::gil_scoped_release release;  // safe: reads numpy buffers held by `in`
    result = multihorizon::top_k(in.scorer, in.matrix.data(), in.rows, count);
  } else {
    result = multihorizon::top_k(in.scorer, in.matrix.data(), in.rows, count);
  }
  if (result.bad_row >= 0) non_finite_row("matrix", result.bad_row);
  return ranked_to_arrays(result.rows);
}

py::tuple best_above(py::handle query, py::handle matrix, py::handle threshold) {
  const double bar = real_arg(threshold, "threshold");
  const QueryAndMatrix in = query_and_matrix(query, matrix, "matrix");
  BestAbove result;
  if (in.rows * in.scorer.dim() >= kReleaseGilWork) {
    py::gil_scoped_release release;  // safe: reads numpy buffers held by `in`
    result = multihorizon::best_above(in.scorer, in.matrix.data(), in.rows, bar);
  } else {
    result = multihorizon::best_above(in.scorer, in.matrix.data(), in.rows, bar);
  }
  if (result.bad_row >= 0) non_finite_row("matrix", result.bad_row);
  return py::make_tuple(result.index, static_cast<double>(result.score));
}

double squared_norm(py::handle vector) {
  // Values not checked: the sum is not finite when one of them is not, which the caller reads.
  const FloatArray values = float_vector_unchecked(vector, "vector");
  const auto count = static_cast<std::size_t>(values.shape(0));
  if (count >= kReleaseGilWork) {
    py::gil_scoped_release release;  // safe: reads the numpy buffer held by `values`
    return multihorizon::squared_norm(values.data(), count);
  }
  return multihorizon::squared_norm(values.data(), count);
}

}  // namespace

py::tuple ranked_to_arrays(const std::vector<Ranked>& rows) {
  py::array_t<std::int64_t> indices(static_cast<py::ssize_t>(rows.size()));
  py::array_t<float> scores(static_cast<py::ssize_t>(rows.size()));
  auto* index_out = indices.mutable_data();
  auto* score_out = scores.mutable_data();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    index_out[i] = rows[i].index;
    score_out[i] = rows[i].score;
  }
  return py::make_tuple(indices, scores);
}

void register_similarity(py::module_& m) {
  m.def("cosine_scores", &cosine_scores, py::arg("query"), py::arg("matrix"),
        "Cosine similarity of query (d,) with every row of matrix (n, d), float32.");
  m.def("top_k", &top_k, py::arg("query"), py::arg("matrix"), py::arg("k"),
        "The k rows most similar to query: (indices, scores), best first.");
  m.def("best_above", &best_above, py::arg("query"), py::arg("matrix"), py::arg("threshold"),
        "(index of the best row if its score > threshold else -1, best score).");
  m.def("squared_norm", &squared_norm, py::arg("vector"),
        "Sum of the squares of a float32 vector (d,), in double; not finite if a value is not.");
}

}  // namespace multihorizon::bindings
