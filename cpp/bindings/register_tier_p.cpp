// Tier P's fused stage (tier_p.hpp): search, floor, delivered mask, coverage and CDR for one
// query over the store's arrays, read in place. Checks as _tier_p_py's, same messages.
#include <cstdint>
#include <string>
#include <vector>

#include "codes.hpp"
#include "multihorizon/tier_p.hpp"
#include "pybind11.hpp"
#include "register.hpp"
#include "validate.hpp"

namespace multihorizon::bindings {

namespace {

// A 1-d bool (or uint8) flag per label, at least `rows` of them, read in place when
// C-contiguous (numpy's bool is one byte, 0 or 1).
py::array label_flags(py::handle value, const std::string& name, py::ssize_t rows) {
  py::array raw = py::array::ensure(value);
  const char kind = raw ? raw.dtype().kind() : '?';
  const bool flags = raw && (kind == 'b' || (kind == 'u' && raw.dtype().itemsize() == 1));
  if (!flags || raw.ndim() != 1 || raw.shape(0) < rows) {
    value_error(name + ": expected a 1-d bool array of at least " + std::to_string(rows) +
                " values");
  }
  if ((raw.flags() & py::array::c_style) == 0) {
    raw = py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast>::ensure(raw);
  }
  return raw;
}

DoubleArray fact_columns(py::handle value, py::ssize_t rows) {
  py::array raw = real_array(value, "columns");
  if (raw.ndim() != 2 || raw.shape(0) != 3 || raw.shape(1) < rows) {
    value_error("columns: expected shape (3, >= " + std::to_string(rows) + ")");
  }
  return convert<DoubleArray>(raw);
}

// The search half's inputs, checked, and its result with the coverage of each found row.
struct SearchPart {
  FloatArray m;
  py::ssize_t dim = 0;
  TierPFound found;
  std::vector<double> covered;
};

// The int8 search, the live filter and the floor (GIL released), then SPEC-024 §2.2's
// coverage of each found fact as NumPy's product (CoverageSet.coverage: BLAS's sums for a row
// can depend on the rows given with it, so the same matrix, the found rows in search order).
SearchPart search_part(py::handle query, py::handle codes_arg, py::handle scales_arg,
                       py::handle vectors_arg, py::handle turn_ids_arg, py::handle live_arg,
                       py::handle count_value, py::handle dead_value, py::handle min_relevance,
                       py::handle delivered_arg, py::handle columns_arg, py::handle weighted_arg,
                       py::handle depth_sum_arg, py::array* delivered, DoubleArray* columns) {
  const FloatArray q = float_vector(query, "query");
  const py::ssize_t dim = q.shape(0);
  const LogCodes codes = log_codes(codes_arg, dim);  // row or column layout, in place
  const py::ssize_t rows = codes.keep.shape(0);
  const FloatArray scales = row_scales(scales_arg, static_cast<std::size_t>(rows));
  SearchPart part;
  part.dim = dim;
  part.m = float_matrix(vectors_arg, "embeddings", dim);
  const FloatArray& m = part.m;
  if (m.shape(0) != rows) {
    value_error("embeddings: expected " + std::to_string(rows) + " rows (one per code row), got " +
                std::to_string(m.shape(0)));
  }
  const IdArray ids = turn_ids(turn_ids_arg, "turn_ids");
  check_turn_ids(ids, 0, "turn_ids");
  if (ids.shape(0) != rows) {
    value_error("turn_ids: expected " + std::to_string(rows) + " ids (one per row), got " +
                std::to_string(ids.shape(0)));
  }
  const py::array live = label_flags(live_arg, "live", rows);
  const std::size_t count = count_arg(count_value, "count");
  const std::size_t dead = count_arg(dead_value, "dead");
  const double floor = real_arg(min_relevance, "min_relevance");
  if (delivered != nullptr && !delivered_arg.is_none()) {
    *delivered = label_flags(delivered_arg, "delivered", rows);
  }
  if (columns != nullptr) *columns = fact_columns(columns_arg, rows);
  const double depth_sum = real_arg(depth_sum_arg, "depth_sum");
  if (!(depth_sum >= 0.0)) value_error("depth_sum: expected a finite value >= 0");
  DoubleArray weighted;
  if (depth_sum != 0.0) {
    weighted = convert<DoubleArray>(real_array(weighted_arg, "weighted"));
    if (weighted.ndim() != 1 || weighted.shape(0) != dim) {
      value_error("weighted: expected " + std::to_string(dim) + " values");
    }
  }
  const TierPSearch search{{{m.data(), ids.data(), nullptr, nullptr,
                             static_cast<std::size_t>(rows), static_cast<std::size_t>(dim)},
                            codes.data,
                            scales.data(),
                            codes.column_stride},
                           static_cast<const std::uint8_t*>(live.data()),
                           count,
                           dead,
                           static_cast<float>(floor)};
  {
    py::gil_scoped_release release;  // safe: reads numpy buffers held by this frame
    part.found = tier_p_search(q.data(), search);
  }
  if (part.found.bad_embedding_row >= 0) non_finite_row("embeddings", part.found.bad_embedding_row);
  const std::size_t n = part.found.labels.size();
  part.covered.assign(n, 0.0);
  if (depth_sum != 0.0 && n != 0) {
    py::array_t<double> rows64({static_cast<py::ssize_t>(n), dim});
    tier_p_rows64(m.data(), static_cast<std::size_t>(dim), part.found.labels.data(), n,
                  rows64.mutable_data());
    static const py::handle matmul = py::object(py::module_::import("numpy").attr("matmul")).release();
    const DoubleArray product = convert<DoubleArray>(matmul(rows64, weighted));
    for (std::size_t i = 0; i < n; ++i) part.covered[i] = product.data()[i] / depth_sum;
  }
  return part;
}

// Tier P's search half alone (the part of a turn that reads no intent): (labels, cosines,
// covered) in search order, best first.
py::tuple tier_p_search_binding(py::handle query, py::handle codes_arg, py::handle scales_arg,
                                py::handle vectors_arg, py::handle turn_ids_arg,
                                py::handle live_arg, py::handle count_value, py::handle dead_value,
                                py::handle min_relevance, py::handle weighted_arg,
                                py::handle depth_sum_arg) {
  const SearchPart part = search_part(query, codes_arg, scales_arg, vectors_arg, turn_ids_arg,
                                      live_arg, count_value, dead_value, min_relevance,
                                      py::none(), py::none(), weighted_arg, depth_sum_arg,
                                      nullptr, nullptr);
  const auto size = static_cast<py::ssize_t>(part.found.labels.size());
  py::array_t<std::int64_t> labels(size);
  py::array_t<float> cosines(size);
  py::array_t<double> covered(size);
  std::copy(part.found.labels.begin(), part.found.labels.end(), labels.mutable_data());
  std::copy(part.found.cosines.begin(), part.found.cosines.end(), cosines.mutable_data());
  std::copy(part.covered.begin(), part.covered.end(), covered.mutable_data());
  return py::make_tuple(labels, cosines, covered);
}

py::tuple tier_p_stage(py::handle query, py::handle codes_arg, py::handle scales_arg,
                       py::handle vectors_arg, py::handle turn_ids_arg, py::handle live_arg,
                       py::handle count_value, py::handle dead_value, py::handle min_relevance,
                       py::handle delivered_arg, py::handle columns_arg, py::handle weighted_arg,
                       py::handle depth_sum_arg, py::handle now, py::handle novelty,
                       py::handle partial_floor) {
  py::array delivered;  // (a default py::array is an empty array, not null: `flagged` says)
  DoubleArray columns;
  const bool flagged = !delivered_arg.is_none();
  const SearchPart part = search_part(query, codes_arg, scales_arg, vectors_arg, turn_ids_arg,
                                      live_arg, count_value, dead_value, min_relevance,
                                      delivered_arg, columns_arg, weighted_arg, depth_sum_arg,
                                      &delivered, &columns);
  const FloatArray& m = part.m;
  const py::ssize_t dim = part.dim;
  const TierPFound& found = part.found;
  const std::size_t n = found.labels.size();
  const auto width = static_cast<std::size_t>(dim);
  const double moment = real_arg(now, "now");
  const std::int64_t mode = integer_arg(novelty, "novelty");
  if (mode < 0 || mode > 2) {
    value_error("novelty: expected 0 (off), 1 (on) or 2 (partial), got " + std::to_string(mode));
  }
  const double partial = real_arg(partial_floor, "partial_floor");
  if (partial < 0.0 || partial > 1.0) {
    value_error("partial_floor: expected a value in [0, 1], got " + format_real(partial));
  }
  const TierPRankInputs in{found.labels.data(),
                           found.cosines.data(),
                           part.covered.data(),
                           n,
                           flagged ? static_cast<const std::uint8_t*>(delivered.data()) : nullptr,
                           columns.data(),
                           static_cast<std::size_t>(columns.shape(1)),
                           moment,
                           static_cast<int>(mode),
                           partial};
  TierPRanked ranked;
  {
    py::gil_scoped_release release;  // safe: reads numpy buffers and this frame's vectors
    ranked = tier_p_rank(in);
  }
  if (!ranked.error.empty()) value_error(ranked.error);
  const std::size_t kept = ranked.positions.size();
  const auto size = static_cast<py::ssize_t>(kept);
  py::array_t<std::int64_t> labels(size);
  py::array_t<double> relevance(size), novelties(size), recency(size), scores(size);
  py::array_t<float> vectors({size, dim});
  std::int64_t* label_out = labels.mutable_data();
  float* vector_out = vectors.mutable_data();
  for (std::size_t r = 0; r < kept; ++r) {
    const std::int64_t label = found.labels[static_cast<std::size_t>(ranked.positions[r])];
    label_out[r] = label;
    const float* row = m.data() + static_cast<std::size_t>(label) * width;
    std::copy(row, row + width, vector_out + r * width);
  }
  std::copy(ranked.relevance.begin(), ranked.relevance.end(), relevance.mutable_data());
  std::copy(ranked.novelty.begin(), ranked.novelty.end(), novelties.mutable_data());
  std::copy(ranked.recency.begin(), ranked.recency.end(), recency.mutable_data());
  std::copy(ranked.score.begin(), ranked.score.end(), scores.mutable_data());
  return py::make_tuple(labels, relevance, novelties, recency, scores, vectors);
}

}  // namespace

void register_tier_p(py::module_& m) {
  m.def("tier_p_stage", &tier_p_stage, py::arg("query"), py::arg("codes"), py::arg("scales"),
        py::arg("vectors"), py::arg("turn_ids"), py::arg("live"), py::arg("count"),
        py::arg("dead"), py::arg("min_relevance"), py::arg("delivered"), py::arg("columns"),
        py::arg("weighted"), py::arg("depth_sum"), py::arg("now"), py::arg("novelty"),
        py::arg("partial_floor"),
        "Tier P's fused stage for one query over a store searched exactly: (labels, relevance, "
        "novelty, recency, score, vectors), best first.");
  m.def("tier_p_search", &tier_p_search_binding, py::arg("query"), py::arg("codes"),
        py::arg("scales"), py::arg("vectors"), py::arg("turn_ids"), py::arg("live"),
        py::arg("count"), py::arg("dead"), py::arg("min_relevance"), py::arg("weighted"),
        py::arg("depth_sum"),
        "Tier P's search half for one query over a store searched exactly: (labels, cosines, "
        "covered) in search order, best first.");
}

}  // namespace multihorizon::bindings
