#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "multihorizon/threads.hpp"
#include "pybind11.hpp"
#include "register.hpp"
#include "validate.hpp"

namespace multihorizon::bindings {

namespace {

py::tuple fold_turn(py::handle embedding, py::handle total, py::handle recent, py::handle window) {
  const FloatArray vector = float_vector(embedding, "embedding");
  const auto dim = static_cast<std::size_t>(vector.shape(0));
  const std::size_t limit = count_arg(window, "window");
  if (limit == 0) value_error("window: must be at least 1");
  DoubleArray sum;
  if (!total.is_none()) {
    sum = convert<DoubleArray>(real_array(total, "total"));
    if (sum.ndim() != 1 || static_cast<std::size_t>(sum.shape(0)) != dim) {
      value_error("total: expected shape (" + std::to_string(dim) + ",), got " +
                  std::string(py::str(sum.attr("shape"))));
    }
    const double* values = sum.data();
    if (!std::all_of(values, values + dim, [](double v) { return std::isfinite(v); })) {
      non_finite_values("total");
    }
  }
  FloatArray rows;
  std::size_t count = 0;
  if (!recent.is_none()) {
    rows = float_matrix(recent, "recent", static_cast<py::ssize_t>(dim));
    check_finite_rows(rows, "recent");
    count = static_cast<std::size_t>(rows.shape(0));
  }
  const std::size_t kept = std::min(count, limit - 1);
  py::array_t<double> new_total(static_cast<py::ssize_t>(dim));
  py::array_t<float> unit(static_cast<py::ssize_t>(dim));
  py::array_t<float> window_out({static_cast<py::ssize_t>(kept + 1), static_cast<py::ssize_t>(dim)});
  // A few hundred multiply-adds: cheaper than a GIL hand-off, so the GIL stays held.
  fold_into_centroid(total.is_none() ? nullptr : sum.data(), vector.data(), dim,
                     new_total.mutable_data(), unit.mutable_data());
  slide_window(count > 0 ? rows.data() : nullptr, count, kept, vector.data(), dim,
               window_out.mutable_data());
  return py::make_tuple(std::move(new_total), std::move(unit), std::move(window_out));
}

py::tuple thread_scan(py::handle embedding, py::handle centroids, py::handle active) {
  FloatArray query = float_vector_unchecked(embedding, "embedding");
  const CosineScorer scorer(query.data(), static_cast<std::size_t>(query.shape(0)));
  if (!scorer.query_finite()) non_finite_values("embedding");
  const FloatArray matrix = float_matrix(centroids, "centroids", query.shape(0));
  const auto rows = static_cast<std::size_t>(matrix.shape(0));
  const std::int64_t index = integer_arg(active, "active");
  if (index < -1 || index >= static_cast<std::int64_t>(rows)) {
    value_error("active: must be in [-1, " + std::to_string(rows) + "), got " +
                std::to_string(index));
  }
  // A few threads' rows are cheaper than a GIL hand-off; a session of many threads is not.
  ThreadScan scan;
  if (rows * static_cast<std::size_t>(query.shape(0)) >= kReleaseGilWork) {
    // Safe: reads numpy buffers held by this frame (query, matrix); no Python objects.
    py::gil_scoped_release release;
    scan = scan_threads(scorer, matrix.data(), rows, index);
  } else {
    scan = scan_threads(scorer, matrix.data(), rows, index);
  }
  if (scan.bad_row >= 0) non_finite_row("centroids", scan.bad_row);
  return py::make_tuple(scan.best, static_cast<double>(scan.best_score), scan.dormant,
                        static_cast<double>(scan.dormant_score));
}

}  // namespace

void register_threads(py::module_& m) {
  m.def("fold_turn", &fold_turn, py::arg("embedding"), py::arg("total"), py::arg("recent"),
        py::kw_only(), py::arg("window"),
        "One turn folded into its thread: (total + embedding as float64, its unit direction "
        "as float32, the last window rows of recent then embedding). total and recent None: "
        "a new thread.");
  m.def("thread_scan", &thread_scan, py::arg("embedding"), py::arg("centroids"),
        py::arg("active"),
        "(best centroid row, its score, best row other than active, its score): the "
        "placement's array work for one turn.");
}

}  // namespace multihorizon::bindings
