#include <type_traits>
#include <vector>

#include "multihorizon/context.hpp"
#include "multihorizon/retrieve.hpp"
#include "multihorizon/score.hpp"
#include "codes.hpp"
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

// The forced rows: sorted, distinct, each in [0, rows).
std::vector<std::int64_t> forced_list_of(py::handle value, std::size_t rows) {
  py::array raw = real_array(value, "forced");
  if (raw.size() != 0 && raw.dtype().kind() != 'i' && raw.dtype().kind() != 'u') {
    value_error("forced: expected integer row indices, got dtype " +
                std::string(py::str(raw.dtype())));
  }
  if (raw.ndim() != 1) value_error(ndim_message("forced", 1, raw.ndim()));
  const IdArray listed = convert<IdArray>(raw);
  std::vector<std::int64_t> forced(listed.data(), listed.data() + listed.shape(0));
  for (const std::int64_t row : forced) {
    if (row < 0 || static_cast<std::size_t>(row) >= rows) {
      value_error("forced: row " + std::to_string(row) + " is out of range for " +
                  std::to_string(rows) + " rows");
    }
  }
  std::sort(forced.begin(), forced.end());
  forced.erase(std::unique(forced.begin(), forced.end()), forced.end());
  return forced;
}

// One flag per row: 1 for the rows listed in `value`.
std::vector<std::uint8_t> forced_rows_of(py::handle value, std::size_t rows) {
  std::vector<std::uint8_t> forced(rows, 0);
  for (const std::int64_t row : forced_list_of(value, rows)) {
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

py::tuple quantize_rows(py::handle matrix, bool by_column) {
  py::array raw = real_array(matrix, "matrix");
  if (raw.ndim() != 2) value_error(ndim_message("matrix", 2, raw.ndim()));
  const FloatArray m = to_float32(raw);
  const auto rows = static_cast<std::size_t>(m.shape(0));
  const auto dim = static_cast<std::size_t>(m.shape(1));
  py::array_t<std::int8_t> codes(by_column ? std::vector<py::ssize_t>{m.shape(1), m.shape(0)}
                                           : std::vector<py::ssize_t>{m.shape(0), m.shape(1)});
  py::array_t<float> scales(m.shape(0));
  std::int8_t* code_out = codes.mutable_data();
  float* scale_out = scales.mutable_data();
  std::int64_t bad_row;
  if (rows * dim >= kReleaseGilWork) {
    // Safe: reads and writes numpy buffers owned by this frame only; no Python objects.
    py::gil_scoped_release release;
    bad_row = multihorizon::quantize_rows(m.data(), rows, dim, by_column, code_out, scale_out);
  } else {
    bad_row = multihorizon::quantize_rows(m.data(), rows, dim, by_column, code_out, scale_out);
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
  const LogCodes codes = log_codes(codes_arg, q.shape(0));  // row or column layout, in place
  const auto rows = static_cast<std::size_t>(codes.keep.shape(0));
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
                             codes.data,
                             scales.data(),
                             codes.column_stride};
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

using Int32Array = py::array_t<std::int32_t, kKernelLayout>;

// Postings and offsets as bm25_scores takes them, every posting a row; the lengths of the
// rows they reach finite and >= 0 (only those are read).
void check_query_postings(const IdArray& postings, const IdArray& offsets,
                          const DoubleArray& lengths) {
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
  const auto n_docs = static_cast<std::uint64_t>(lengths.shape(0));
  for (std::int64_t i = 0; i < n_postings; ++i) {
    const std::int64_t doc = postings.data()[i];
    if (doc < 0 || static_cast<std::uint64_t>(doc) >= n_docs) {
      value_error("postings: document " + std::to_string(doc) + " is outside [0, len(lengths))");
    }
    const double length = lengths.data()[doc];
    if (!(length >= 0.0) || !std::isfinite(length)) {
      value_error("lengths: must be finite and >= 0, got " + format_real(length) + " at " +
                  std::to_string(doc));
    }
  }
}

template <class Thread>
py::tuple run_retrieve(const float* query, const TurnColumns<Thread>& log,
                       const QueryPostings& postings, const std::vector<std::int64_t>& forced,
                       const RetrieveParams& params) {
  Retrieved result;
  if (log.rows * log.dim >= 4 * kReleaseGilWork) {
    // Safe: reads numpy buffers held by the caller's frame and `forced`; no Python objects.
    py::gil_scoped_release release;
    result = retrieve_turns(query, log, postings, forced, params);
  } else {
    result = retrieve_turns(query, log, postings, forced, params);
  }
  if (result.bad_embedding_row >= 0) non_finite_row("embeddings", result.bad_embedding_row);
  py::array_t<std::int64_t> rows(static_cast<py::ssize_t>(result.rows.size()));
  py::array_t<double> scores(static_cast<py::ssize_t>(result.scores.size()));
  std::copy(result.rows.begin(), result.rows.end(), rows.mutable_data());
  std::copy(result.scores.begin(), result.scores.end(), scores.mutable_data());
  return py::make_tuple(std::move(rows), std::move(scores), result.forced);
}

// retrieve_turns' and retrieve_context's log columns and parameters, checked; the arrays
// the pointers read are held here (in place when the log passes its own columns).
struct RetrieveCall {
  FloatArray query;
  LogCodes codes;
  FloatArray scales;
  FloatArray embeddings;
  DoubleArray lengths;
  IdArray postings;
  IdArray offsets;
  QueryPostings query_postings{};
  RetrieveParams params{};
  std::size_t rows = 0;
};

RetrieveCall retrieve_call(py::handle query, py::handle codes_arg, py::handle scales_arg,
                           py::handle embeddings, py::handle lengths_arg,
                           py::handle postings_arg, py::handle offsets_arg,
                           py::handle total_length, py::handle active_thread,
                           py::handle half_life, py::handle recency_multiplier,
                           py::handle recency_bonus, py::handle thread_bonus, py::handle k,
                           py::handle lexical_pool, py::handle lexical_weight,
                           py::handle int8_rows_per_rescored, py::handle k1, py::handle b) {
  RetrieveCall call;
  call.query = float_vector(query, "query");
  call.codes = log_codes(codes_arg, call.query.shape(0));
  const auto rows = static_cast<std::size_t>(call.codes.keep.shape(0));
  call.rows = rows;
  call.scales = row_scales(scales_arg, rows);
  call.embeddings = float_matrix(embeddings, "embeddings", call.query.shape(0));
  if (static_cast<std::size_t>(call.embeddings.shape(0)) != rows) {
    value_error("embeddings: expected " + std::to_string(rows) + " rows (one per code row), got " +
                std::to_string(call.embeddings.shape(0)));
  }
  const auto lengths_raw = real_array(lengths_arg, "lengths");
  if (lengths_raw.ndim() != 1 || static_cast<std::size_t>(lengths_raw.shape(0)) != rows) {
    value_error("lengths: expected shape (" + std::to_string(rows) + ",), got " +
                std::string(py::str(lengths_raw.attr("shape"))));
  }
  call.lengths = convert<DoubleArray>(lengths_raw);
  call.postings = integer_vector(postings_arg, "postings", "integers");
  call.offsets = integer_vector(offsets_arg, "offsets", "integers");
  check_query_postings(call.postings, call.offsets, call.lengths);
  RetrieveParams& params = call.params;
  params.score.current = static_cast<std::int64_t>(rows);
  params.score.active_thread = thread_id_arg(active_thread, "active_thread");
  params.score.half_life = half_life_arg(half_life);
  params.score.recency_multiplier = unit_interval_arg(recency_multiplier, "recency_multiplier");
  params.score.recency_bonus = real_arg(recency_bonus, "recency_bonus");
  params.score.thread_bonus = real_arg(thread_bonus, "thread_bonus");
  params.score.k = count_arg(k, "k");
  params.lexical_pool = count_arg(lexical_pool, "lexical_pool");
  params.lexical_weight = real_arg(lexical_weight, "lexical_weight");
  params.int8_rows_per_rescored = real_arg(int8_rows_per_rescored, "int8_rows_per_rescored");
  if (!(params.int8_rows_per_rescored >= 0.0)) {
    value_error("int8_rows_per_rescored: must be >= 0, got " +
                format_real(params.int8_rows_per_rescored));
  }
  call.query_postings = QueryPostings{call.postings.data(),
                                      call.offsets.data(),
                                      static_cast<std::size_t>(call.offsets.shape(0)) - 1,
                                      real_arg(total_length, "total_length"),
                                      real_arg(k1, "k1"),
                                      unit_interval_arg(b, "b")};
  if (call.query_postings.k1 < 0.0) {
    value_error("k1: must be >= 0, got " + format_real(call.query_postings.k1));
  }
  return call;
}

// `run(log, threads)` over the call's columns with the log's thread column: in place when
// int32 (as TurnLog keeps it), else as int64.
template <class Run>
py::tuple with_turn_columns(const RetrieveCall& call, py::handle thread_ids_arg, Run&& run) {
  const std::size_t rows = call.rows;
  const auto dim = static_cast<std::size_t>(call.query.shape(0));
  if (py::isinstance<Int32Array>(thread_ids_arg) && usable_in_place(thread_ids_arg)) {
    const auto threads = py::reinterpret_borrow<Int32Array>(thread_ids_arg);
    if (threads.ndim() != 1 || static_cast<std::size_t>(threads.shape(0)) != rows) {
      value_error("thread_ids: expected shape (" + std::to_string(rows) + ",), got " +
                  std::string(py::str(threads.attr("shape"))));
    }
    const TurnColumns<std::int32_t> log{call.embeddings.data(), call.codes.data,
                                        call.scales.data(),     threads.data(),
                                        call.lengths.data(),    rows,
                                        dim,                    call.codes.column_stride};
    return run(log, threads.data());
  }
  const IdArray threads = thread_ids_of(thread_ids_arg, rows);
  const TurnColumns<std::int64_t> log{call.embeddings.data(), call.codes.data,
                                      call.scales.data(),     threads.data(),
                                      call.lengths.data(),    rows,
                                      dim,                    call.codes.column_stride};
  return run(log, threads.data());
}

py::tuple retrieve_turns_binding(py::handle query, py::handle codes_arg, py::handle scales_arg,
                                 py::handle embeddings, py::handle thread_ids_arg,
                                 py::handle lengths_arg, py::handle postings_arg,
                                 py::handle offsets_arg, py::handle total_length,
                                 py::handle forced_arg, py::handle active_thread,
                                 py::handle half_life, py::handle recency_multiplier,
                                 py::handle recency_bonus, py::handle thread_bonus, py::handle k,
                                 py::handle lexical_pool, py::handle lexical_weight,
                                 py::handle int8_rows_per_rescored, py::handle k1,
                                 py::handle b) {
  const RetrieveCall call =
      retrieve_call(query, codes_arg, scales_arg, embeddings, lengths_arg, postings_arg,
                    offsets_arg, total_length, active_thread, half_life, recency_multiplier,
                    recency_bonus, thread_bonus, k, lexical_pool, lexical_weight,
                    int8_rows_per_rescored, k1, b);
  const std::vector<std::int64_t> forced = forced_list_of(forced_arg, call.rows);
  return with_turn_columns(call, thread_ids_arg, [&](const auto& log, const auto*) {
    return run_retrieve(call.query.data(), log, call.query_postings, forced, call.params);
  });
}

using ByteArray = py::array_t<std::uint8_t, kKernelLayout>;

// One of the pairing's per-turn columns: 1-d, `rows` long, of the kernel's dtype (used in
// place when it is that dtype already).
template <class Array>
Array pair_column(py::handle value, const std::string& name, std::size_t rows) {
  py::array raw = real_array(value, name);
  if (raw.size() != 0 && raw.dtype().kind() != 'i' && raw.dtype().kind() != 'u') {
    value_error(name + ": expected integers, got dtype " + std::string(py::str(raw.dtype())));
  }
  if (raw.ndim() != 1 || static_cast<std::size_t>(raw.shape(0)) != rows) {
    value_error(name + ": expected shape (" + std::to_string(rows) + ",), got " +
                std::string(py::str(raw.attr("shape"))));
  }
  return convert<Array>(raw);
}

struct PairCall {
  ByteArray asks;
  ByteArray roles;
  Int32Array speakers;
  std::vector<std::int64_t> targets;  // sorted, distinct
};

PairCall pair_call(py::handle asks, py::handle roles, py::handle speakers, py::handle targets,
                   std::size_t rows) {
  PairCall call{pair_column<ByteArray>(asks, "asks", rows),
                pair_column<ByteArray>(roles, "roles", rows),
                pair_column<Int32Array>(speakers, "speakers", rows), {}};
  py::array raw = real_array(targets, "targets");
  if (raw.size() != 0 && raw.dtype().kind() != 'i' && raw.dtype().kind() != 'u') {
    value_error("targets: expected integer rows, got dtype " + std::string(py::str(raw.dtype())));
  }
  if (raw.ndim() != 1) value_error(ndim_message("targets", 1, raw.ndim()));
  const IdArray listed = convert<IdArray>(raw);
  call.targets.assign(listed.data(), listed.data() + listed.shape(0));
  std::sort(call.targets.begin(), call.targets.end());
  call.targets.erase(std::unique(call.targets.begin(), call.targets.end()), call.targets.end());
  return call;
}

py::tuple context_to_tuple(const ContextItems& items, const std::vector<std::int64_t>& rows_read,
                           const std::vector<double>& scores_read, std::size_t forced) {
  const bool pending = items.pending >= 0;
  const std::vector<std::int64_t>& rows = pending ? rows_read : items.rows;
  const std::vector<double>& scores = pending ? scores_read : items.scores;
  py::array_t<std::int64_t> row_array(static_cast<py::ssize_t>(rows.size()));
  py::array_t<double> score_array(static_cast<py::ssize_t>(scores.size()));
  py::array_t<std::int8_t> reasons(static_cast<py::ssize_t>(items.reasons.size()));
  std::copy(rows.begin(), rows.end(), row_array.mutable_data());
  std::copy(scores.begin(), scores.end(), score_array.mutable_data());
  std::copy(items.reasons.begin(), items.reasons.end(), reasons.mutable_data());
  return py::make_tuple(std::move(row_array), std::move(score_array), std::move(reasons), forced,
                        items.pending);
}

py::tuple retrieve_context_binding(
    py::handle query, py::handle codes_arg, py::handle scales_arg, py::handle embeddings,
    py::handle thread_ids_arg, py::handle lengths_arg, py::handle postings_arg,
    py::handle offsets_arg, py::handle total_length, py::handle asks, py::handle roles,
    py::handle speakers, py::handle targets_arg, py::handle reply_to, py::handle active_thread,
    py::handle half_life, py::handle recency_multiplier, py::handle recency_bonus,
    py::handle thread_bonus, py::handle k, py::handle lexical_pool, py::handle lexical_weight,
    py::handle int8_rows_per_rescored, py::handle follow, py::handle k1, py::handle b) {
  const RetrieveCall call =
      retrieve_call(query, codes_arg, scales_arg, embeddings, lengths_arg, postings_arg,
                    offsets_arg, total_length, active_thread, half_life, recency_multiplier,
                    recency_bonus, thread_bonus, k, lexical_pool, lexical_weight,
                    int8_rows_per_rescored, k1, b);
  const PairCall pairs = pair_call(asks, roles, speakers, targets_arg, call.rows);
  const std::int64_t reply = integer_arg(reply_to, "reply_to");
  for (const std::int64_t row : pairs.targets) {
    if (row < 0 || static_cast<std::size_t>(row) >= call.rows) {
      value_error("targets: row " + std::to_string(row) + " is out of range for " +
                  std::to_string(call.rows) + " rows");
    }
  }
  if (reply >= 0 && static_cast<std::size_t>(reply) >= call.rows) {
    value_error("reply_to: row " + std::to_string(reply) + " is out of range for " +
                std::to_string(call.rows) + " rows");
  }
  const bool follow_questions = py::bool_(py::reinterpret_borrow<py::object>(follow));
  return with_turn_columns(call, thread_ids_arg, [&](const auto& log, const auto* threads) {
    using Thread = std::remove_cv_t<std::remove_pointer_t<decltype(threads)>>;
    const PairColumns<Thread> columns{pairs.asks.data(), pairs.roles.data(),
                                      pairs.speakers.data(), threads, call.rows};
    Retrieved ranking;
    ContextItems items;
    if (log.rows * log.dim >= 4 * kReleaseGilWork) {
      // Safe: reads numpy buffers held by this frame and the caller's; no Python objects.
      py::gil_scoped_release release;
      items = retrieve_context(call.query.data(), log, call.query_postings, pairs.targets, reply,
                               call.params, columns, follow_questions, &ranking);
    } else {
      items = retrieve_context(call.query.data(), log, call.query_postings, pairs.targets, reply,
                               call.params, columns, follow_questions, &ranking);
    }
    if (ranking.bad_embedding_row >= 0) non_finite_row("embeddings", ranking.bad_embedding_row);
    return context_to_tuple(items, ranking.rows, ranking.scores, ranking.forced);
  });
}

template <class Thread>
py::tuple run_pair_answers(const IdArray& ranked, const DoubleArray& scores, std::size_t forced,
                           const PairColumns<Thread>& columns, const PairCall& pairs,
                           const PairParams& params) {
  const auto n = static_cast<std::size_t>(ranked.shape(0));
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t row = ranked.data()[i];
    if (row < 0 || static_cast<std::size_t>(row) >= columns.rows) {
      value_error("rows: row " + std::to_string(row) + " is out of range for " +
                  std::to_string(columns.rows) + " rows");
    }
  }
  // O(k) work on a few dozen rows: releasing the GIL would cost more than the walk.
  const ContextItems items =
      pair_answers(ranked.data(), scores.data(), n, forced, columns, pairs.targets, params);
  const std::vector<std::int64_t> rows(ranked.data(), ranked.data() + n);
  const std::vector<double> read(scores.data(), scores.data() + n);
  return context_to_tuple(items, rows, read, forced);
}

py::tuple pair_answers_binding(py::handle rows_arg, py::handle scores_arg, py::handle forced_arg,
                               py::handle k, py::handle follow, py::handle asks, py::handle roles,
                               py::handle speakers, py::handle thread_ids_arg,
                               py::handle active_thread, py::handle targets_arg) {
  const IdArray ranked = integer_vector(rows_arg, "rows", "integers");
  const auto n = static_cast<std::size_t>(ranked.shape(0));
  const auto scores_raw = real_array(scores_arg, "scores");
  if (scores_raw.ndim() != 1 || static_cast<std::size_t>(scores_raw.shape(0)) != n) {
    value_error("scores: expected shape (" + std::to_string(n) + ",), got " +
                std::string(py::str(scores_raw.attr("shape"))));
  }
  const auto scores = convert<DoubleArray>(scores_raw);
  const std::size_t forced = count_arg(forced_arg, "forced_count");
  if (forced > n) {
    value_error("forced_count: " + std::to_string(forced) + " is more than the " +
                std::to_string(n) + " rows");
  }
  const auto rows = static_cast<std::size_t>(real_array(asks, "asks").size());
  const PairCall pairs = pair_call(asks, roles, speakers, targets_arg, rows);
  const PairParams params{count_arg(k, "k"),
                          static_cast<bool>(py::bool_(py::reinterpret_borrow<py::object>(follow))),
                          thread_id_arg(active_thread, "active_thread")};
  if (py::isinstance<Int32Array>(thread_ids_arg) && usable_in_place(thread_ids_arg)) {
    const Int32Array threads = pair_column<Int32Array>(thread_ids_arg, "thread_ids", rows);
    const PairColumns<std::int32_t> columns{pairs.asks.data(), pairs.roles.data(),
                                            pairs.speakers.data(), threads.data(), rows};
    return run_pair_answers(ranked, scores, forced, columns, pairs, params);
  }
  const IdArray threads = thread_ids_of(thread_ids_arg, rows);
  const PairColumns<std::int64_t> columns{pairs.asks.data(), pairs.roles.data(),
                                          pairs.speakers.data(), threads.data(), rows};
  return run_pair_answers(ranked, scores, forced, columns, pairs, params);
}

// The very array `value` (no conversion: the kernel writes into it) when it is a C-contiguous,
// aligned, writeable 2-d or 1-d array of T; else ValueError naming it.
template <class T>
py::array_t<T> writable_array(py::handle value, const std::string& name, int ndim) {
  constexpr int kWriteable = py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  if (!py::isinstance<py::array_t<T, py::array::c_style>>(value)) {
    value_error(name + ": expected a C-contiguous " + std::string(py::str(py::dtype::of<T>())) +
                " array");
  }
  auto array = py::reinterpret_borrow<py::array_t<T>>(value);
  if (array.ndim() != ndim) value_error(ndim_message(name, ndim, array.ndim()));
  if ((array.flags() & kAligned) == 0 || (array.flags() & kWriteable) == 0) {
    value_error(name + ": expected an aligned, writeable array");
  }
  return array;
}

void store_row(py::handle row_arg, py::handle embeddings_arg, py::handle codes_arg,
               py::handle scales_arg, py::handle at_arg, bool by_column) {
  auto embeddings = writable_array<float>(embeddings_arg, "embeddings", 2);
  auto codes = writable_array<std::int8_t>(codes_arg, "codes", 2);
  auto scales = writable_array<float>(scales_arg, "scales", 1);
  const FloatArray row = float_vector_unchecked(row_arg, "row");
  const py::ssize_t capacity = embeddings.shape(0);
  const py::ssize_t dim = embeddings.shape(1);
  if (row.shape(0) != dim) {
    value_error("row: expected " + std::to_string(dim) + " values, got " +
                std::to_string(row.shape(0)));
  }
  const py::ssize_t code_rows = by_column ? dim : capacity;
  const py::ssize_t code_columns = by_column ? capacity : dim;
  if (codes.shape(0) != code_rows || codes.shape(1) != code_columns) {
    value_error("codes: expected shape (" + std::to_string(code_rows) + ", " +
                std::to_string(code_columns) + "), got " +
                std::string(py::str(codes.attr("shape"))));
  }
  if (scales.shape(0) != capacity) {
    value_error("scales: expected " + std::to_string(capacity) + " values, got " +
                std::to_string(scales.shape(0)));
  }
  const std::int64_t at = integer_arg(at_arg, "at");
  if (at < 0 || at >= capacity) {
    value_error("at: expected 0 <= at < " + std::to_string(capacity) + ", got " +
                std::to_string(at));
  }
  const auto size = static_cast<std::size_t>(dim);
  bool stored;
  if (size >= kReleaseGilWork) {
    // Safe: reads and writes numpy buffers this frame holds references to; no Python objects.
    py::gil_scoped_release release;
    stored = multihorizon::store_row(row.data(), size, static_cast<std::size_t>(capacity),
                                     static_cast<std::size_t>(at), by_column,
                                     embeddings.mutable_data(), codes.mutable_data(),
                                     scales.mutable_data());
  } else {  // one row: less work than a GIL hand-off (see kReleaseGilWork)
    stored = multihorizon::store_row(row.data(), size, static_cast<std::size_t>(capacity),
                                     static_cast<std::size_t>(at), by_column,
                                     embeddings.mutable_data(), codes.mutable_data(),
                                     scales.mutable_data());
  }
  if (!stored) non_finite_values("row");
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
  m.def("quantize_rows", &quantize_rows, py::arg("matrix"), py::kw_only(),
        py::arg("by_column") = false,
        "Per-row int8 codes and scales of a float matrix, as (codes int8, scales float32); "
        "by_column: the codes transposed, (dim, rows).");
  m.def("store_row", &store_row, py::arg("row"), py::arg("embeddings"), py::arg("codes"),
        py::arg("scales"), py::arg("at"), py::arg("by_column"),
        "One turn's float row, int8 codes and scale written into the turn log's columns at "
        "row `at` (codes transposed, (dim, capacity), when by_column).");
  m.def("score_turns_int8", &score_turns_int8, py::arg("query"), py::arg("codes"),
        py::arg("scales"), py::arg("embeddings"), py::arg("turn_ids"), py::kw_only(),
        py::arg("current"), py::arg("thread_ids") = py::none(), py::arg("active_thread") = -1,
        py::arg("forced") = py::none(), py::arg("half_life") = 6.0,
        py::arg("recency_multiplier") = 1.0, py::arg("recency_bonus") = 0.0,
        py::arg("thread_bonus") = 0.0, py::arg("k") = 10, py::arg("rescore") = py::none(),
        "score_turns on the int8 copy, the best candidates rescored in float32; (rows, scores).");
  m.def("retrieve_turns", &retrieve_turns_binding, py::arg("query"), py::arg("codes"),
        py::arg("scales"), py::arg("embeddings"), py::arg("thread_ids"), py::arg("lengths"),
        py::arg("postings"), py::arg("offsets"), py::arg("total_length"),
        py::arg("forced") = py::tuple(), py::arg("active_thread") = -1,
        py::arg("half_life") = 6.0, py::arg("recency_multiplier") = 1.0,
        py::arg("recency_bonus") = 0.0, py::arg("thread_bonus") = 0.0, py::arg("k") = 10,
        py::arg("lexical_pool") = 48, py::arg("lexical_weight") = 1.0,
        py::arg("int8_rows_per_rescored") = 8, py::arg("k1") = 1.2, py::arg("b") = 0.75,
        "Tier C's ranked candidates for one query in one call; (rows, scores float64, "
        "forced_count). Every argument may be positional: the turn's call passes them so "
        "(a keyword costs two Python strings and lookups each; issue 14).");
  m.def("retrieve_context", &retrieve_context_binding, py::arg("query"), py::arg("codes"),
        py::arg("scales"), py::arg("embeddings"), py::arg("thread_ids"), py::arg("lengths"),
        py::arg("postings"), py::arg("offsets"), py::arg("total_length"), py::arg("asks"),
        py::arg("roles"), py::arg("speakers"), py::arg("targets") = py::tuple(),
        py::arg("reply_to") = -1,
        py::arg("active_thread") = -1, py::arg("half_life") = 6.0,
        py::arg("recency_multiplier") = 1.0, py::arg("recency_bonus") = 0.0,
        py::arg("thread_bonus") = 0.0, py::arg("k") = 10, py::arg("lexical_pool") = 48,
        py::arg("lexical_weight") = 1.0, py::arg("int8_rows_per_rescored") = 8,
        py::arg("answers_follow_questions") = true, py::arg("k1") = 1.2, py::arg("b") = 0.75,
        "Tier C's stage in one call: retrieve_turns, each question followed by its answer and "
        "each item's reason; (rows, scores, reasons int8, forced_count, pending).");
  m.def("pair_answers", &pair_answers_binding, py::arg("rows"), py::arg("scores"),
        py::arg("forced_count"), py::arg("k"), py::arg("answers_follow_questions"),
        py::arg("asks"), py::arg("roles"), py::arg("speakers"), py::arg("thread_ids"),
        py::arg("active_thread"), py::arg("targets"),
        "retrieve_context's second half over a ranking: (rows, scores, reasons int8, "
        "forced_count, pending).");
}

}  // namespace multihorizon::bindings
