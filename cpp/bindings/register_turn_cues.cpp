#include <optional>
#include <string>
#include <vector>

#include "multihorizon/turn_cues.hpp"
#include "pybind11.hpp"
#include "register.hpp"
#include "validate.hpp"

namespace multihorizon::bindings {

namespace {

bool word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// Phrases as tuples of lower-case ASCII words. Each starts and ends with a word character,
// so the regexes' \b around a phrase is a check of the characters beside it.
std::vector<CuePhrase> phrases(py::handle given, const std::string& name) {
  std::vector<CuePhrase> out;
  for (py::handle phrase : py::iter(given)) {
    CuePhrase words;
    for (py::handle word : py::iter(phrase)) {
      if (!py::isinstance<py::str>(word)) type_error(name + ": expected tuples of str words");
      const auto text = word.cast<std::string>();
      for (const char c : text) {
        if (static_cast<unsigned char>(c) >= 0x80 || (c >= 'A' && c <= 'Z')) {
          value_error(name + ": words must be lower-case ASCII, got '" + text + "'");
        }
      }
      if (text.empty()) value_error(name + ": an empty word");
      words.push_back(text);
    }
    if (words.empty()) value_error(name + ": an empty phrase");
    if (!word_char(words.front().front()) || !word_char(words.back().back())) {
      value_error(name + ": a phrase must start and end with a letter, digit or '_'");
    }
    out.push_back(std::move(words));
  }
  return out;
}

TurnCueReader make_reader(const StanceReader& stance, py::handle openers, py::handle fillers,
                          py::handle repeats, py::handle asks_for, py::handle elses,
                          py::handle asks_for_chars, py::handle asks_for_overrun,
                          py::handle open_offer_chars) {
  TurnCueWords words;
  words.openers = phrases(openers, "openers");
  words.fillers = phrases(fillers, "fillers");
  words.repeats = phrases(repeats, "repeats");
  words.asks_for = phrases(asks_for, "asks_for");
  words.elses = phrases(elses, "elses");
  words.asks_for_chars = count_arg(asks_for_chars, "asks_for_chars");
  words.asks_for_overrun = count_arg(asks_for_overrun, "asks_for_overrun");
  words.open_offer_chars = count_arg(open_offer_chars, "open_offer_chars");
  return TurnCueReader(std::move(words), stance);
}

// Texts up to this long are read with the GIL held: releasing it costs more than the read.
constexpr std::size_t kReleaseAbove = 4096;

py::object cues(const TurnCueReader& reader, py::handle text, py::handle user) {
  if (!PyBool_Check(user.ptr())) type_error("user: expected bool, got " + type_name(user));
  const bool is_user = user.ptr() == Py_True;
  // Any text but ASCII is the reference's (None: Unicode case folding, spaces, word chars).
  const std::optional<std::string_view> ascii = ascii_text(text);
  if (!ascii) return py::none();
  int found = 0;
  {
    // Safe without the GIL: `text` is an immutable str the caller holds, read in place, and
    // the reader is immutable after construction.
    std::optional<py::gil_scoped_release> release;
    if (ascii->size() > kReleaseAbove) release.emplace();
    found = reader.cues(*ascii, is_user);
  }
  return py::int_(found);
}

}  // namespace

void register_turn_cues(py::module_& m) {
  // module_local: a vendored copy of the package registers its own.
  py::class_<TurnCueReader>(m, "TurnCueReader", py::module_local(),
                            "A turn's peer-detection cues in one pass (text.turn_cues), for "
                            "ASCII text.")
      .def(py::init(&make_reader), py::arg("stance"), py::arg("openers"), py::arg("fillers"),
           py::arg("repeats"), py::arg("asks_for"), py::arg("elses"), py::kw_only(),
           py::arg("asks_for_chars"), py::arg("asks_for_overrun"), py::arg("open_offer_chars"))
      .def("cues", &cues, py::arg("text"), py::arg("user"),
           "The cue bits of a turn (text.turn_cues: REQUEST, ASKS_FOR, OFFERS_ELSE, SELF_TALK, "
           "TO_LISTENER); None for a text that is not ASCII (the reference reads it).");
}

}  // namespace multihorizon::bindings
