#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <unordered_set>
#include <vector>

#include "multihorizon/terms.hpp"
#include "pybind11.hpp"
#include "register.hpp"
#include "validate.hpp"

namespace multihorizon::bindings {

namespace {

TermReader make_reader(py::handle stopwords, py::handle ie_nouns) {
  TermWords words;
  words.stopwords = word_set(stopwords, "stopwords");
  words.ie_nouns = word_set(ie_nouns, "ie_nouns");
  return TermReader(std::move(words));
}

template <typename Sequence>
Sequence to_python(const std::vector<std::string>& terms) {
  Sequence out(terms.size());
  for (std::size_t i = 0; i < terms.size(); ++i) {
    out[i] = py::reinterpret_steal<py::object>(
        PyUnicode_FromStringAndSize(terms[i].data(), static_cast<Py_ssize_t>(terms[i].size())));
  }
  return out;
}

// Runs `read` over the text's bytes when the text is ASCII, without the GIL on long texts (the
// str is held by the caller and immutable: its bytes stay put); nullopt for any other text,
// which the reference reads (Unicode word characters and case folding).
template <typename Read>
auto read_ascii(py::handle text, Read read) -> std::optional<decltype(read(std::string_view{}))> {
  const std::optional<std::string_view> ascii = ascii_text(text);
  if (!ascii) return std::nullopt;
  std::optional<py::gil_scoped_release> release;
  if (ascii->size() >= kReleaseGilScanChars) release.emplace();
  return read(*ascii);
}

py::object content_terms(const TermReader& reader, py::handle text) {
  const auto terms = read_ascii(text, [&](std::string_view ascii) {
    return reader.content_terms(ascii);
  });
  if (!terms) return py::none();
  return to_python<py::list>(*terms);
}

py::object definite_terms(const TermReader& reader, py::handle text) {
  const auto terms = read_ascii(text, [&](std::string_view ascii) {
    return reader.definite_terms(ascii);
  });
  if (!terms) return py::none();
  return to_python<py::tuple>(*terms);
}

py::object turn_terms(const TermReader& reader, py::handle text) {
  // A user turn's two word lists in one call (issue 14): both read the same bytes.
  const auto both = read_ascii(text, [&](std::string_view ascii) {
    return std::make_pair(reader.content_terms(ascii), reader.definite_terms(ascii));
  });
  if (!both) return py::none();
  return py::make_tuple(to_python<py::tuple>(both->first), to_python<py::tuple>(both->second));
}

}  // namespace

void register_terms(py::module_& m) {
  // module_local: a vendored copy of the package (another _core in the same process)
  // registers its own TermReader instead of clashing with this one.
  py::class_<TermReader>(m, "TermReader", py::module_local(),
                         "A turn's content words (text.tokens.content_terms), for ASCII text.")
      .def(py::init(&make_reader), py::arg("stopwords"), py::arg("ie_nouns"))
      .def("content_terms", &content_terms, py::arg("text"),
           "Distinct normalised content words, in order of first appearance; None for a text "
           "that is not ASCII (the reference reads it).")
      .def("definite_terms", &definite_terms, py::arg("text"),
           "The normalised words right after a definite determiner ('the song'), distinct, in "
           "order, as a tuple; None for a text that is not ASCII.")
      .def("turn_terms", &turn_terms, py::arg("text"),
           "(content_terms, definite_terms) as tuples in one call; None for a text that is not "
           "ASCII.");
}

}  // namespace multihorizon::bindings
