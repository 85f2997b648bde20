#include <algorithm>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "multihorizon/persons.hpp"
#include "pybind11.hpp"
#include "register.hpp"
#include "validate.hpp"

namespace multihorizon::bindings {

namespace {

// Phrases (tuples of words) as their words joined by one space; their first words and sizes
// go to `starts` and `sizes`.
std::unordered_set<std::string> phrase_set(py::handle phrases, const std::string& name,
                                           std::unordered_set<std::string>& starts,
                                           std::vector<std::size_t>& sizes) {
  std::unordered_set<std::string> out;
  for (py::handle phrase : py::iter(phrases)) {
    std::string joined;
    std::size_t size = 0;
    for (py::handle word : py::iter(phrase)) {
      if (!py::isinstance<py::str>(word)) type_error(name + ": expected tuples of str words");
      const auto text = word.cast<std::string>();
      if (size == 0) starts.insert(text);
      if (size > 0) joined += ' ';
      joined += text;
      ++size;
    }
    if (size < 1) value_error(name + ": an empty phrase");
    if (std::find(sizes.begin(), sizes.end(), size) == sizes.end()) sizes.push_back(size);
    out.insert(std::move(joined));
  }
  return out;
}

StanceReader make_reader(py::handle first_person, py::handle possessive, py::handle second_person,
                         const std::string& edges, py::handle service, py::handle personal,
                         py::handle answer_chars, py::handle head_chars) {
  StanceWords words;
  words.first_person = word_set(first_person, "first_person");
  words.possessive = word_set(possessive, "possessive");
  words.second_person = word_set(second_person, "second_person");
  // Only ASCII text is read here: only the ASCII edge characters can occur in it.
  for (const char c : edges) {
    if (static_cast<unsigned char>(c) < 0x80) words.edges += c;
  }
  words.service = phrase_set(service, "service", words.phrase_starts, words.phrase_sizes);
  words.personal = phrase_set(personal, "personal", words.phrase_starts, words.phrase_sizes);
  words.answer_chars = count_arg(answer_chars, "answer_chars");
  words.head_chars = count_arg(head_chars, "head_chars");
  return StanceReader(std::move(words));
}

py::object stance(const StanceReader& reader, py::handle text) {
  // Any text but ASCII is the reference's (None: Unicode case folding, spaces and digits).
  const std::optional<std::string_view> ascii = ascii_text(text);
  if (!ascii) return py::none();
  return py::int_(reader.stance(*ascii));
}

}  // namespace

void register_persons(py::module_& m) {
  // module_local: a vendored copy of the package (another _core in the same process)
  // registers its own StanceReader instead of clashing with this one.
  py::class_<StanceReader>(m, "StanceReader", py::module_local(),
                           "Rule peer-detection's reading of whom a turn talks about "
                           "(text.persons.stance), for ASCII text.")
      .def(py::init(&make_reader), py::arg("first_person"), py::arg("possessive"),
           py::arg("second_person"), py::arg("edges"), py::arg("service"), py::arg("personal"),
           py::kw_only(), py::arg("answer_chars"), py::arg("head_chars"))
      .def("stance", &stance, py::arg("text"),
           "+1 the text talks about its speaker, -1 to its listener (or is a long answer), "
           "0 neither; None for a text that is not ASCII (the reference reads it).");
}

}  // namespace multihorizon::bindings
