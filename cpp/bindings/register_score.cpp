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

}  // namespace

void register_score(py::module_& m) {
  m.def("score_turns", &score_turns, py::arg("query"), py::arg("embeddings"),
        py::arg("turn_ids"), py::kw_only(), py::arg("current"),
        py::arg("thread_ids") = py::none(), py::arg("active_thread") = -1,
        py::arg("forced") = py::none(), py::arg("half_life") = 6.0,
        py::arg("recency_multiplier") = 1.0, py::arg("recency_bonus") = 0.0,
        py::arg("thread_bonus") = 0.0, py::arg("k") = 10,
        "Rank the turns of a turn log for one query; the top k as (rows, scores).");
}

}  // namespace multihorizon::bindings
