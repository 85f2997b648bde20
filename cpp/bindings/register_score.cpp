#include <vector>

#include "multihorizon/score.hpp"
#include "pybind11.hpp"
#include "ranked.hpp"
#include "register.hpp"
#include "validate.hpp"

namespace multihorizon::bindings {

namespace {

IdArray thread_ids_of(py::handle value, std::size_t rows) {
  if (has_uint64_above(value, static_cast<std::uint64_t>(INT64_MAX))) {
    value_error("thread_ids: values must fit in int64");
  }
  py::array raw = real_array(value, "thread_ids");
  if (raw.size() != 0 && raw.dtype().kind() != 'i' && raw.dtype().kind() != 'u') {
    value_error("thread_ids: expected integers, got dtype " + std::string(py::str(raw.dtype())));
  }
  if (raw.ndim() != 1 || static_cast<std::size_t>(raw.shape(0)) != rows) {
    value_error("thread_ids: expected shape (" + std::to_string(rows) + ",), got " +
                std::string(py::str(raw.attr("shape"))));
  }
  return convert<IdArray>(raw);
}

// One flag per row: 1 for the rows listed in `value`.
std::vector<std::uint8_t> forced_rows_of(py::handle value, std::size_t rows) {
  py::array raw = real_array(value, "forced");
  if (raw.size() != 0 && raw.dtype().kind() != 'i' && raw.dtype().kind() != 'u') {
    value_error("forced: expected integer row indices, got dtype " +
                std::string(py::str(raw.dtype())));
  }
  if (raw.ndim() != 1) value_error(ndim_message("forced", 1, raw.ndim()));
  const IdArray listed = convert<IdArray>(raw);
  std::vector<std::uint8_t> forced(rows, 0);
  for (py::ssize_t i = 0; i < listed.shape(0); ++i) {
    const std::int64_t row = listed.data()[i];
    if (row < 0 || static_cast<std::size_t>(row) >= rows) {
      value_error("forced: row " + std::to_string(row) + " is out of range for " +
                  std::to_string(rows) + " rows");
    }
    forced[static_cast<std::size_t>(row)] = 1;
  }
  return forced;
}

py::tuple score_turns(py::handle query, py::handle embeddings, py::handle turn_ids_arg,
                      py::handle current, py::handle thread_ids_arg, py::handle active_thread,
                      py::handle forced_arg, py::handle half_life, py::handle recency_multiplier,
                      py::handle recency_bonus, py::handle thread_bonus, py::handle k) {
  const FloatArray q = float_vector(query, "query");
  const FloatArray m = float_matrix(embeddings, "embeddings", q.shape(0));
  const auto rows = static_cast<std::size_t>(m.shape(0));
  IdArray ids, threads;
  std::vector<std::uint8_t> forced;
  ScoreParams params{};
  try {  // every argument after the embeddings, in the reference's order
    params.current = current_arg(current);
    ids = turn_ids(turn_ids_arg, "turn_ids");
    check_turn_ids(ids, params.current, "turn_ids");
    if (static_cast<std::size_t>(ids.shape(0)) != rows) {
      value_error("turn_ids: expected " + std::to_string(rows) + " ids (one per row), got " +
                  std::to_string(ids.shape(0)));
    }
    params.recency_multiplier = unit_interval_arg(recency_multiplier, "recency_multiplier");
    params.recency_bonus = real_arg(recency_bonus, "recency_bonus");
    params.thread_bonus = real_arg(thread_bonus, "thread_bonus");
    params.k = count_arg(k, "k");
    params.active_thread = thread_id_arg(active_thread, "active_thread");
    if (!thread_ids_arg.is_none()) threads = thread_ids_of(thread_ids_arg, rows);
    if (!forced_arg.is_none()) forced = forced_rows_of(forced_arg, rows);
    params.half_life = half_life_arg(half_life);
  } catch (...) {
    // The reference checks the embeddings' values before any later argument; here the kernel
    // checks them in its own pass, so on this error path they are checked first, to raise
    // what the reference raises.
    check_finite_rows(m, "embeddings");
    throw;
  }
  const std::int64_t now = params.current;

  const TurnLogView log{m.data(), ids.data(), threads ? threads.data() : nullptr,
                        forced.empty() ? nullptr : forced.data(), rows,
                        static_cast<std::size_t>(q.shape(0))};
  ScoreResult result;
  if (rows * log.dim >= kReleaseGilWork) {
    // Safe: reads numpy buffers and `forced`, all owned by this frame; no Python objects.
    py::gil_scoped_release release;
    result = multihorizon::score_turns(q.data(), log, params);
  } else {
    result = multihorizon::score_turns(q.data(), log, params);
  }
  if (result.bad_embedding_row >= 0) non_finite_row("embeddings", result.bad_embedding_row);
  if (result.bad_turn_id_row >= 0) turn_id_out_of_range("turn_ids", ids, now);
  return ranked_to_arrays(result.rows);
}

using CodeArray = py::array_t<std::int8_t, kKernelLayout>;

// A 2-d int8 matrix with `columns` columns (quantize_rows' codes), used in place when
// C-contiguous. Other integer dtypes are refused, not narrowed: codes come from quantize_rows.
CodeArray int8_codes(py::handle value, const std::string& name, py::ssize_t columns) {
  py::array raw = real_array(value, name);
  if (raw.dtype().kind() != 'i' || raw.dtype().itemsize() != 1) {
    value_error(name + ": expected int8 codes (from quantize_rows), got dtype " +
                std::string(py::str(raw.dtype())));
  }
  if (raw.ndim() != 2) value_error(ndim_message(name, 2, raw.ndim()));
  if (raw.shape(1) != columns) {
    value_error(name + ": has " + std::to_string(raw.shape(1)) +
                " columns but the query has dimension " + std::to_string(columns));
  }
  return convert<CodeArray>(raw);
}

FloatArray row_scales(py::handle value, std::size_t rows) {
  py::array raw = real_array(value, "scales");
  if (raw.ndim() != 1 || static_cast<std::size_t>(raw.shape(0)) != rows) {
    value_error("scales: expected shape (" + std::to_string(rows) + ",), got " +
                std::string(py::str(raw.attr("shape"))));
  }
  FloatArray scales = to_float32(raw);
  if (!all_finite(scales.data(), rows)) non_finite_values("scales");
  return scales;
}

py::tuple quantize_rows(py::handle matrix) {
  py::array raw = real_array(matrix, "matrix");
  if (raw.ndim() != 2) value_error(ndim_message("matrix", 2, raw.ndim()));
  const FloatArray m = to_float32(raw);
  const auto rows = static_cast<std::size_t>(m.shape(0));
  const auto dim = static_cast<std::size_t>(m.shape(1));
  py::array_t<std::int8_t> codes({m.shape(0), m.shape(1)});
  py::array_t<float> scales(m.shape(0));
  std::int8_t* code_out = codes.mutable_data();
  float* scale_out = scales.mutable_data();
  const auto quantize = [&]() -> std::int64_t {
    for (std::size_t row = 0; row < rows; ++row) {
      if (!quantize_row(m.data() + row * dim, dim, code_out + row * dim, scale_out + row)) {
        return static_cast<std::int64_t>(row);
      }
    }
    return -1;
  };
  std::int64_t bad_row;
  if (rows * dim >= kReleaseGilWork) {
    // Safe: reads and writes numpy buffers owned by this frame only; no Python objects.
    py::gil_scoped_release release;
    bad_row = quantize();
  } else {
    bad_row = quantize();
  }
  if (bad_row >= 0) non_finite_row("matrix", bad_row);
  return py::make_tuple(std::move(codes), std::move(scales));
}

py::tuple score_turns_int8(py::handle query, py::handle codes_arg, py::handle scales_arg,
                           py::handle embeddings, py::handle turn_ids_arg, py::handle current,
                           py::handle thread_ids_arg, py::handle active_thread,
                           py::handle forced_arg, py::handle half_life,
                           py::handle recency_multiplier, py::handle recency_bonus,
                           py::handle thread_bonus, py::handle k, py::handle rescore_arg) {
  // Every argument in the reference's order; the float32 rows' values are checked only where
  // they are read (the rescored rows), as in the reference.
  const FloatArray q = float_vector(query, "query");
  const CodeArray codes = int8_codes(codes_arg, "codes", q.shape(0));
  const auto rows = static_cast<std::size_t>(codes.shape(0));
  const FloatArray scales = row_scales(scales_arg, rows);
  const FloatArray m = float_matrix(embeddings, "embeddings", q.shape(0));
  if (static_cast<std::size_t>(m.shape(0)) != rows) {
    value_error("embeddings: expected " + std::to_string(rows) + " rows (one per code row), got " +
                std::to_string(m.shape(0)));
  }
  ScoreParams params{};
  params.current = current_arg(current);
  const IdArray ids = turn_ids(turn_ids_arg, "turn_ids");
  check_turn_ids(ids, params.current, "turn_ids");
  if (static_cast<std::size_t>(ids.shape(0)) != rows) {
    value_error("turn_ids: expected " + std::to_string(rows) + " ids (one per row), got " +
                std::to_string(ids.shape(0)));
  }
  params.recency_multiplier = unit_interval_arg(recency_multiplier, "recency_multiplier");
  params.recency_bonus = real_arg(recency_bonus, "recency_bonus");
  params.thread_bonus = real_arg(thread_bonus, "thread_bonus");
  params.k = count_arg(k, "k");
  params.active_thread = thread_id_arg(active_thread, "active_thread");
  IdArray threads;
  if (!thread_ids_arg.is_none()) threads = thread_ids_of(thread_ids_arg, rows);
  std::vector<std::uint8_t> forced;
  if (!forced_arg.is_none()) forced = forced_rows_of(forced_arg, rows);
  params.half_life = half_life_arg(half_life);
  const std::size_t rescore =
      rescore_arg.is_none() ? default_rescore(params.k) : count_arg(rescore_arg, "rescore");
  const std::int64_t now = params.current;

  const QuantizedLogView log{{m.data(), ids.data(), threads ? threads.data() : nullptr,
                              forced.empty() ? nullptr : forced.data(), rows,
                              static_cast<std::size_t>(q.shape(0))},
                             codes.data(),
                             scales.data()};
  ScoreResult result;
  // The int8 pass does a quarter of score_turns' work per row: the same GIL bar in bytes.
  if (rows * log.log.dim >= 4 * kReleaseGilWork) {
    // Safe: reads numpy buffers and `forced`, all owned by this frame; no Python objects.
    py::gil_scoped_release release;
    result = multihorizon::score_turns_int8(q.data(), log, params, rescore);
  } else {
    result = multihorizon::score_turns_int8(q.data(), log, params, rescore);
  }
  if (result.bad_embedding_row >= 0) non_finite_row("embeddings", result.bad_embedding_row);
  if (result.bad_turn_id_row >= 0) turn_id_out_of_range("turn_ids", ids, now);
  return ranked_to_arrays(result.rows);
}

}  // namespace

void register_score(py::module_& m) {
  m.def("score_turns", &score_turns, py::arg("query"), py::arg("embeddings"),
        py::arg("turn_ids"), py::kw_only(), py::arg("current"),
        py::arg("thread_ids") = py::none(), py::arg("active_thread") = -1,
        py::arg("forced") = py::none(), py::arg("half_life") = 6.0,
        py::arg("recency_multiplier") = 1.0, py::arg("recency_bonus") = 0.0,
        py::arg("thread_bonus") = 0.0, py::arg("k") = 10,
        "Rank the turns of a turn log for one query; the top k as (rows, scores).");
  m.def("quantize_rows", &quantize_rows, py::arg("matrix"),
        "Per-row int8 codes and scales of a float matrix, as (codes int8, scales float32).");
  m.def("score_turns_int8", &score_turns_int8, py::arg("query"), py::arg("codes"),
        py::arg("scales"), py::arg("embeddings"), py::arg("turn_ids"), py::kw_only(),
        py::arg("current"), py::arg("thread_ids") = py::none(), py::arg("active_thread") = -1,
        py::arg("forced") = py::none(), py::arg("half_life") = 6.0,
        py::arg("recency_multiplier") = 1.0, py::arg("recency_bonus") = 0.0,
        py::arg("thread_bonus") = 0.0, py::arg("k") = 10, py::arg("rescore") = py::none(),
        "score_turns on the int8 copy, the best candidates rescored in float32; (rows, scores).");
}

}  // namespace multihorizon::bindings
