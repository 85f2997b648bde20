#include <string>
#include <vector>

#include "multihorizon/markers.hpp"
#include "pybind11.hpp"
#include "register.hpp"
#include "validate.hpp"

namespace multihorizon::bindings {

namespace {

std::vector<std::uint32_t> codepoints(const TextView& text) {
  return visit_text(text, [](const auto* data, std::size_t length) {
    return std::vector<std::uint32_t>(data, data + length);
  });
}

}  // namespace

// Built with the C API: py::make_tuple's generic casts cost more than the scan itself.
py::list hits_to_list(const std::vector<MarkerHit>& hits) {
  py::list result(hits.size());
  for (std::size_t i = 0; i < hits.size(); ++i) {
    const MarkerHit& hit = hits[i];
    PyObject* tuple = PyTuple_New(4);
    if (tuple == nullptr) throw py::error_already_set();
    PyTuple_SET_ITEM(tuple, 0, PyLong_FromLong(hit.category));
    PyTuple_SET_ITEM(tuple, 1, PyLong_FromLong(hit.phrase));
    PyTuple_SET_ITEM(tuple, 2, PyLong_FromLongLong(hit.start));
    PyTuple_SET_ITEM(tuple, 3, PyLong_FromLongLong(hit.end));
    PyList_SET_ITEM(result.ptr(), static_cast<py::ssize_t>(i), tuple);
  }
  return result;
}

MarkerAutomaton make_automaton(py::handle phrases) {
  if (PyUnicode_Check(phrases.ptr()) || PyBytes_Check(phrases.ptr()) ||
      !py::isinstance<py::iterable>(phrases)) {
    type_error("phrases: expected an iterable of (text, category) pairs, got " +
               type_name(phrases));
  }
  std::vector<std::vector<std::uint32_t>> symbols;
  std::vector<std::int32_t> categories;
  std::size_t index = 0;
  for (py::handle item : phrases) {
    const std::string where = "phrases[" + std::to_string(index) + "]";
    py::tuple pair;
    try {
      pair = py::tuple(py::reinterpret_borrow<py::object>(item));
    } catch (const py::error_already_set&) {
      type_error(where + ": expected a (text, category) pair");
    }
    if (pair.size() != 2) type_error(where + ": expected a (text, category) pair");
    if (!PyUnicode_Check(pair[0].ptr())) {
      type_error(where + ": text must be str, got " + type_name(pair[0]));
    }
    // int or a numpy integer, as the reference: no other type's __index__ is ever called.
    const py::object raw = pair[1];
    if (is_bool(raw) || !(PyLong_Check(raw.ptr()) || is_numpy_scalar(raw, "integer"))) {
      type_error(where + ": category must be int, got " + type_name(raw));
    }
    const py::int_ category = index_arg(raw, where);
    int overflow = 0;
    const long long value = PyLong_AsLongLongAndOverflow(category.ptr(), &overflow);
    if (overflow != 0 || value < INT32_MIN || value > INT32_MAX) {
      value_error(where + ": category " + std::string(py::str(category)) +
                  " does not fit in int32");
    }
    symbols.push_back(phrase_symbols(codepoints(text_view(pair[0], where))));
    if (symbols.back().empty()) {
      value_error(where + ": " + std::string(py::repr(pair[0])) + " has no word characters");
    }
    categories.push_back(static_cast<std::int32_t>(value));
    ++index;
  }
  return MarkerAutomaton(symbols, std::move(categories));
}

namespace {

py::list find(const MarkerAutomaton& automaton, py::handle text) {
  const TextView view = text_view(text, "text");
  std::vector<MarkerHit> hits;
  hits.reserve(16);  // one allocation for a typical turn's hits, not one per doubling
  auto scan = [&](const auto* data, std::size_t length) { automaton.find(data, length, hits); };
  if (view.length >= kReleaseGilScanChars) {
    // Safe: `text` is immutable and kept alive by the caller; only its buffer is read.
    py::gil_scoped_release release;
    visit_text(view, scan);
  } else {
    visit_text(view, scan);
  }
  return hits_to_list(hits);
}

}  // namespace

void register_markers(py::module_& m) {
  // module_local: a vendored copy of the package (another _core in the same process) registers
  // its own MarkerMatcher; pybind11's global registry would refuse the second one.
  py::class_<MarkerAutomaton>(m, "MarkerMatcher", py::module_local(),
                              "Every whole-word occurrence of a fixed lexicon of phrases, in "
                              "one Aho-Corasick pass (see multihorizon.kernels.MarkerMatcher).")
      .def(py::init(&make_automaton), py::arg("phrases"))
      .def("find", &find, py::arg("text"),
           "All hits as (category, phrase_index, start, end), sorted by (start, end, index).")
      .def("__len__", &MarkerAutomaton::size)
      .def("__repr__", [](const MarkerAutomaton& automaton) {
        return "MarkerMatcher(" + std::to_string(automaton.size()) + " phrases)";
      });
}

}  // namespace multihorizon::bindings
