// The assembler's stage kernels: cdr_rank (Tier P's CDR over one query's candidates) and
// pack_tiers (every tier into the budget, sandwich order). Checks as _packing_py's.
#include <cmath>
#include <string>
#include <vector>

#include "multihorizon/packing.hpp"
#include "pybind11.hpp"
#include "register.hpp"
#include "validate.hpp"

namespace multihorizon::bindings {

namespace {

// A 1-d float64 column of `size` values (any size when size < 0); NaN allowed only where
// `nan_ok` (a fact's missing ttl or modified_at), infinities never.
DoubleArray float64_column(py::handle value, const std::string& name, py::ssize_t size,
                           bool nan_ok) {
  DoubleArray column = convert<DoubleArray>(real_array(value, name));
  if (column.ndim() != 1) value_error(ndim_message(name, 1, column.ndim()));
  if (size >= 0 && column.shape(0) != size) {
    value_error(name + ": expected " + std::to_string(size) + " values, got " +
                std::to_string(column.shape(0)));
  }
  const double* data = column.data();
  for (py::ssize_t i = 0; i < column.shape(0); ++i) {
    if (std::isinf(data[i]) || (!nan_ok && std::isnan(data[i]))) {
      value_error(name + ": contains non-finite values");
    }
  }
  return column;
}

// A 1-d int64 column of `size` values (any size when size < 0), each in [0, limit).
IdArray index_column(py::handle value, const std::string& name, py::ssize_t size,
                     std::int64_t limit) {
  IdArray column = integer_vector(value, name, "integers");
  if (size >= 0 && column.shape(0) != size) {
    value_error(name + ": expected " + std::to_string(size) + " values, got " +
                std::to_string(column.shape(0)));
  }
  const std::int64_t* data = column.data();
  for (py::ssize_t i = 0; i < column.shape(0); ++i) {
    if (data[i] < 0 || data[i] >= limit) {
      value_error(name + ": every value must lie in [0, " + std::to_string(limit) + ")");
    }
  }
  return column;
}

py::tuple cdr_rank(py::handle relevance, py::handle coverage, py::handle importance,
                   py::handle ttl, py::handle modified, py::handle now, py::handle novelty,
                   py::handle partial_floor) {
  const DoubleArray rel = float64_column(relevance, "relevance", -1, false);
  const py::ssize_t size = rel.shape(0);
  const DoubleArray cov = float64_column(coverage, "coverage", size, false);
  const DoubleArray weight = float64_column(importance, "importance", size, false);
  const DoubleArray ttls = float64_column(ttl, "ttl", size, true);
  const DoubleArray mods = float64_column(modified, "modified", size, true);
  for (py::ssize_t i = 0; i < size; ++i) {
    if (ttls.data()[i] <= 0) value_error("ttl: every ttl must be > 0 (NaN: the fact does not age)");
  }
  const double moment = real_arg(now, "now");
  const std::int64_t mode = integer_arg(novelty, "novelty");
  if (mode < 0 || mode > 2) {
    value_error("novelty: expected 0 (off), 1 (on) or 2 (partial), got " + std::to_string(mode));
  }
  const double floor = real_arg(partial_floor, "partial_floor");
  if (floor < 0.0 || floor > 1.0) {
    value_error("partial_floor: expected a value in [0, 1], got " + format_real(floor));
  }
  py::array_t<double> novelties(size), recency(size), scores(size);
  py::array_t<std::int64_t> order(size);
  const CdrColumns columns{rel.data(), cov.data(), weight.data(), ttls.data(), mods.data(),
                           static_cast<std::size_t>(size)};
  {
    py::gil_scoped_release release;  // safe: reads and writes numpy buffers only
    multihorizon::cdr_rank(columns, moment, static_cast<int>(mode), floor,
                           novelties.mutable_data(), recency.mutable_data(),
                           scores.mutable_data(), order.mutable_data());
  }
  return py::make_tuple(novelties, recency, scores, order);
}

py::array_t<std::int64_t> pack_tiers(py::handle tokens, py::handle scores, py::handle tiers,
                                     py::handle weights, py::handle groups,
                                     py::handle group_weights, py::handle budget) {
  const IdArray counts = integer_vector(tokens, "tokens", "integers");
  const py::ssize_t size = counts.shape(0);
  for (py::ssize_t i = 0; i < size; ++i) {
    if (counts.data()[i] < 0) value_error("tokens: every count must be >= 0");
  }
  const DoubleArray score = float64_column(scores, "scores", size, false);
  const DoubleArray tier_weights = float64_column(weights, "weights", -1, false);
  for (py::ssize_t t = 0; t < tier_weights.shape(0); ++t) {
    if (tier_weights.data()[t] < 0) value_error("weights: every weight must be >= 0");
  }
  const IdArray tier_of = index_column(tiers, "tiers", size, tier_weights.shape(0));
  const DoubleArray strengths = float64_column(group_weights, "group_weights", -1, false);
  const IdArray group_of =
      index_column(groups, "groups", tier_weights.shape(0), strengths.shape(0));
  const std::int64_t total = integer_arg(budget, "budget");
  if (total < 0) value_error("budget: expected an int >= 0, got " + std::to_string(total));
  const PackInputs in{counts.data(),
                      score.data(),
                      tier_of.data(),
                      static_cast<std::size_t>(size),
                      tier_weights.data(),
                      group_of.data(),
                      static_cast<std::size_t>(tier_weights.shape(0)),
                      strengths.data(),
                      static_cast<std::size_t>(strengths.shape(0)),
                      total};
  std::vector<std::int64_t> order(static_cast<std::size_t>(size));
  std::size_t packed;
  {
    py::gil_scoped_release release;  // safe: reads numpy buffers, writes a local vector
    packed = multihorizon::pack_tiers(in, order.data());
  }
  py::array_t<std::int64_t> result(static_cast<py::ssize_t>(packed));
  std::copy(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(packed),
            result.mutable_data());
  return result;
}

}  // namespace

void register_packing(py::module_& m) {
  m.def("cdr_rank", &cdr_rank, py::arg("relevance"), py::arg("coverage"), py::arg("importance"),
        py::arg("ttl"), py::arg("modified"), py::arg("now"), py::arg("novelty"),
        py::arg("partial_floor"),
        "SPEC-024 §7.1 CDR over one query's candidates: (novelty, recency, score, order).");
  m.def("pack_tiers", &pack_tiers, py::arg("tokens"), py::arg("scores"), py::arg("tiers"),
        py::arg("weights"), py::arg("groups"), py::arg("group_weights"), py::arg("budget"),
        "Every tier's candidates packed into the budget, in sandwich order (SPEC-028 §2.2).");
}

}  // namespace multihorizon::bindings
