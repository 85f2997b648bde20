#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "multihorizon/lexical.hpp"
#include "multihorizon/postings.hpp"
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


// A term's bytes as the lists' key: the str's own UTF-8 (CPython keeps it; an ASCII str's is
// its data, no copy). A str with a lone surrogate has none: its bytes then come with the
// surrogates passed through (invalid UTF-8, so never another term's key), held in `keep`.
std::string_view term_key(py::handle term, py::object& keep) {
  if (!PyUnicode_Check(term.ptr())) type_error("terms: expected str, got " + type_name(term));
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(term.ptr(), &size);
  if (data == nullptr) {
    PyErr_Clear();
    keep = py::reinterpret_steal<py::object>(
        PyUnicode_AsEncodedString(term.ptr(), "utf-8", "surrogatepass"));
    if (!keep) throw py::error_already_set();
    data = PyBytes_AS_STRING(keep.ptr());
    size = PyBytes_GET_SIZE(keep.ptr());
  }
  return {data, static_cast<std::size_t>(size)};
}

// PostingLists with the buffer a session's gathers reuse (capacity doubles).
struct PostingListsObject {
  PostingLists lists;
  IdArray buffer{py::ssize_t{0}};
};

void add_turn(PostingListsObject& self, py::handle turn_arg, py::handle terms_arg) {
  const std::int64_t turn = integer_arg(turn_arg, "turn_id");
  if (turn < 0 || turn >= kMaxTurnId) {
    value_error("turn_id: must be in [0, 2**62), got " + std::to_string(turn));
  }
  // Every term checked before any list grows: a refused call leaves the lists as they were.
  py::object keep;
  std::vector<py::object> terms;  // owned: an iterator's items may live only while current
  for (const py::handle term : py::iter(terms_arg)) {
    term_key(term, keep);
    terms.push_back(py::reinterpret_borrow<py::object>(term));
  }
  for (const py::object& term : terms) {
    self.lists.add(self.lists.intern(term_key(term, keep)), turn);
  }
}

// A run of lists in gather's layout: `turns[offsets[t]:offsets[t + 1]]` appended to the
// `t`-th term's (a load's segment indexes its turns in one call).
void extend(PostingListsObject& self, py::handle terms_arg, py::handle turns_arg,
            py::handle offsets_arg) {
  const IdArray turns = turn_ids(turns_arg, "turns");
  if (turns.shape(0) != 0) check_turn_ids(turns, kMaxTurnId - 1, "turns");
  const IdArray offsets = integer_vector(offsets_arg, "offsets", "integers");
  std::vector<py::object> terms;  // owned: an iterator's items may live only while current
  for (const py::handle term : py::iter(terms_arg)) {
    terms.push_back(py::reinterpret_borrow<py::object>(term));
  }
  const auto n_offsets = static_cast<std::size_t>(offsets.shape(0));
  const std::int64_t* offset = offsets.data();
  if (n_offsets != terms.size() + 1) {
    value_error("offsets: must hold len(terms) + 1 = " + std::to_string(terms.size() + 1) +
                " bounds, got " + std::to_string(n_offsets));
  }
  if (offset[0] != 0) value_error("offsets: must start with 0");
  for (std::size_t t = 1; t < n_offsets; ++t) {
    if (offset[t] < offset[t - 1]) value_error("offsets: must be non-decreasing");
  }
  if (offset[n_offsets - 1] != turns.shape(0)) {
    value_error("offsets: must end with len(turns) = " + std::to_string(turns.shape(0)));
  }
  py::object keep;
  std::vector<std::int64_t> ids;  // every term checked before any list grows
  for (const py::object& term : terms) ids.push_back(self.lists.intern(term_key(term, keep)));
  for (std::size_t t = 0; t < ids.size(); ++t) {
    self.lists.extend(ids[t], turns.data() + offset[t],
                      static_cast<std::size_t>(offset[t + 1] - offset[t]));
  }
}

py::tuple gather(PostingListsObject& self, py::handle terms, bool reuse) {
  // The call's own ids: an iterable that gathers (or another thread, between items) must
  // not write over them.
  std::vector<std::int64_t> ids;
  py::object keep;
  for (py::handle term : py::iter(terms)) ids.push_back(self.lists.find(term_key(term, keep)));
  const std::size_t total = self.lists.distinct_held(ids);
  IdArray offsets(static_cast<py::ssize_t>(ids.size() + 1));
  IdArray postings;
  if (reuse) {
    if (static_cast<std::size_t>(self.buffer.shape(0)) < total) {
      const auto grown = std::max(total, 2 * static_cast<std::size_t>(self.buffer.shape(0)));
      self.buffer = IdArray(static_cast<py::ssize_t>(grown));
    }
    // A view of the buffer (its base): valid until the next reusing gather writes over it.
    postings = IdArray({static_cast<py::ssize_t>(total)}, {py::ssize_t{sizeof(std::int64_t)}},
                       self.buffer.data(), self.buffer);
  } else {
    postings = IdArray(static_cast<py::ssize_t>(total));
  }
  self.lists.gather(ids, postings.mutable_data(), offsets.mutable_data());
  return py::make_tuple(std::move(postings), std::move(offsets));
}

}  // namespace

void register_lexical(py::module_& m) {
  m.def("bm25_scores", &bm25_scores, py::arg("postings"), py::arg("offsets"), py::arg("lengths"),
        py::kw_only(), py::arg("k1") = 1.2, py::arg("b") = 0.75,
        "BM25 of every document for the query terms whose posting lists these are.");

  // module_local: a vendored copy of the package registers its own class (as TermReader).
  py::class_<PostingListsObject>(m, "PostingLists", py::module_local(),
                                 "Per term, the turns holding it (oldest first), in native "
                                 "memory: the Turn Log's entity index as Tier C gathers it.")
      .def(py::init<>())
      .def("add_turn", &add_turn, py::arg("turn_id"), py::arg("terms"),
           "Turn ``turn_id`` holds each of ``terms`` (appended to each one's list).")
      .def("extend", &extend, py::arg("terms"), py::arg("turns"), py::arg("offsets"),
           "Append ``turns[offsets[t]:offsets[t + 1]]`` to the ``t``-th term's list (the layout "
           "gather gives).")
      .def("gather", &gather, py::arg("terms"), py::kw_only(), py::arg("reuse") = false,
           "(postings, offsets) of ``terms`` as bm25_scores takes them: each term once, in "
           "order, those no turn holds left out. With ``reuse`` the postings are a view of a "
           "buffer the next reusing gather writes over.");
}

}  // namespace multihorizon::bindings
