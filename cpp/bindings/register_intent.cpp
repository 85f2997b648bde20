// TurnScanner: a user turn's marker hits, cues, embedding check, similarity to the active
// thread and SPEC-028 §5.2 decision in one call (see multihorizon/intent.hpp and the
// reference in src/multihorizon/_intent_py.py).
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "multihorizon/hashing.hpp"
#include "multihorizon/intent.hpp"
#include "multihorizon/similarity.hpp"
#include "pybind11.hpp"
#include "register.hpp"
#include "validate.hpp"

namespace multihorizon::bindings {

namespace {

std::u32string folded_word(py::handle word, const std::string& where) {
  const TextView view = text_view(word, where);
  return visit_text(view, [](const auto* data, std::size_t length) {
    std::u32string out;
    for (std::size_t i = 0; i < length; ++i) {
      out.push_back(static_cast<char32_t>(fold(static_cast<std::uint32_t>(data[i]))));
    }
    return out;
  });
}

std::vector<std::u32string> folded_words(py::handle words, const std::string& name) {
  if (PyUnicode_Check(words.ptr()) || !py::isinstance<py::iterable>(words)) {
    type_error(name + ": expected an iterable of str, got " + type_name(words));
  }
  std::vector<std::u32string> out;
  for (py::handle word : words) out.push_back(folded_word(word, name));
  return out;
}

// Rule question-ends: four iterables of str (lead words, lead asks, end fillers, end
// phrases), then, for rule ask-shapes, six more (request leads, request verbs, alternative
// words, degree words, subject words, number words, and optionally topic determiners and
// inverted asks, and optionally clause verbs and clause subjects, and optionally inner asks,
// inner stops, report auxiliaries, other subjects and fragment leads) or none.
std::array<std::vector<std::u32string>, 19> ends_arg(py::handle value) {
  const bool sequence = !PyUnicode_Check(value.ptr()) && py::isinstance<py::sequence>(value);
  const std::size_t size = sequence ? py::len(value) : 0;
  if (!sequence || (size != 4 && size != 10 && size != 12 && size != 14 && size != 19)) {
    type_error("question_ends: expected 4, 10, 12, 14 or 19 iterables of str, got " +
               type_name(value));
  }
  const py::sequence lists = py::reinterpret_borrow<py::sequence>(value);
  std::array<std::vector<std::u32string>, 19> out;
  for (std::size_t i = 0; i < py::len(lists); ++i) out[i] = folded_words(lists[i], "question_ends");
  return out;
}

std::uint64_t mask_arg(py::handle value, const std::string& name) {
  const std::int64_t mask = integer_arg(value, name);
  if (mask < 0) value_error(name + ": expected category bit masks in [0, 2**63)");
  return static_cast<std::uint64_t>(mask);
}

TurnScanner make_scanner(py::handle phrases, py::handle block, py::handle acknowledge,
                         py::handle openers, py::handle strip, py::handle function_words,
                         py::handle backchannel_chars, py::handle intent_masks,
                         py::handle form_openers, py::handle clause_marks,
                         py::handle statement_ends, py::handle question_ends) {
  MarkerAutomaton automaton = make_automaton(phrases);
  for (py::handle item : phrases) {
    const std::int64_t category = integer_arg(py::tuple(py::reinterpret_borrow<py::object>(item))[1], "phrases");
    if (category < 0 || category >= 63) {
      value_error("phrases: a TurnScanner's categories must be in [0, 63)");
    }
  }
  const py::tuple masks(py::reinterpret_borrow<py::object>(intent_masks));
  if (masks.size() != 5) value_error("intent_masks: expected 5 category bit masks in [0, 2**63)");
  IntentMasks m;
  m.clarify = mask_arg(masks[0], "intent_masks");
  m.continue_ = mask_arg(masks[1], "intent_masks");
  m.points_back = mask_arg(masks[2], "intent_masks");
  m.new_topic = mask_arg(masks[3], "intent_masks");
  m.references = mask_arg(masks[4], "intent_masks");
  return TurnScanner(std::move(automaton), static_cast<std::int32_t>(integer_arg(block, "block")),
                     static_cast<std::int32_t>(integer_arg(acknowledge, "acknowledge")),
                     folded_words(openers, "question_openers"),
                     folded_word(strip, "question_strip"),
                     folded_words(function_words, "function_words"),
                     count_arg(backchannel_chars, "backchannel_chars"), m,
                     folded_words(form_openers, "form_openers"),
                     folded_word(clause_marks, "clause_marks"),
                     folded_word(statement_ends, "statement_ends"), ends_arg(question_ends));
}


ScanResult scan_view(const TurnScanner& scanner, const TextView& view,
                     std::vector<MarkerHit>& hits) {
  auto run = [&](const auto* data, std::size_t length) { return scanner.scan(data, length, hits); };
  if (view.length >= kReleaseGilScanChars) {
    // Safe: the str is immutable and kept alive by the caller; only its buffer is read.
    py::gil_scoped_release release;
    return visit_text(view, run);
  }
  return visit_text(view, run);
}

py::tuple scan(const TurnScanner& scanner, py::handle text) {
  const TextView view = text_view(text, "text");
  std::vector<MarkerHit> hits;
  hits.reserve(16);
  const ScanResult scanned = scan_view(scanner, view, hits);
  return py::make_tuple(hits_to_list(hits), py::int_(scanned.kinds), py::int_(scanned.cues));
}

bool question(const TurnScanner& scanner, py::handle text) {
  const TextView view = text_view(text, "text");
  return visit_text(view, [&](const auto* data, std::size_t length) {
    return scanner.question(data, length);
  });
}

// The caller's embedding as a contiguous float32 (dim,) vector when it is what
// embed.normalise_embedding returns unchanged (an exact numpy array of float32, shape (dim,),
// finite, squared norm within 1e-5 of 1); nothing otherwise.
std::optional<FloatArray> unit_embedding(py::handle embedding, std::size_t dim) {
  // Exactly numpy.ndarray, as the reference: a subclass may compute differently.
  static const py::handle ndarray =
      py::object(py::module_::import("numpy").attr("ndarray")).release();
  if (!py::type::handle_of(embedding).is(ndarray)) return std::nullopt;
  const auto array = py::reinterpret_borrow<py::array>(embedding);
  if (!array.dtype().equal(py::dtype::of<float>()) || array.ndim() != 1 ||
      static_cast<std::size_t>(array.shape(0)) != dim) {
    return std::nullopt;
  }
  FloatArray vector = float_array(embedding, "embedding");  // copies only a strided view
  const float* data = vector.data();
  // The sum normalise_embedding reads (the same kernel: the same bits).
  const double squared = multihorizon::squared_norm(data, dim);
  if (!std::isfinite(squared) || std::fabs(squared - 1.0) > 1e-5) return std::nullopt;
  return vector;
}

py::tuple classify(const TurnScanner& scanner, py::handle text, py::handle embedding,
                   py::handle recent, py::handle rules_value, bool first_turn,
                   py::handle explore_below, py::handle dim_value) {
  const TextView view = text_view(text, "text");
  const auto rules = static_cast<std::uint32_t>(integer_arg(rules_value, "rules"));
  const double bar = real_arg(explore_below, "explore_below");
  const std::size_t dim = count_arg(dim_value, "dim");
  if (dim < 1 || dim > (std::size_t{1} << 24)) {
    value_error("dim: must be in [1, 2**24], got " + std::to_string(dim));
  }
  std::vector<MarkerHit> hits;
  hits.reserve(16);
  const ScanResult scanned = scan_view(scanner, view, hits);
  std::uint32_t pending = (scanned.kinds & scanner.masks().references) ? intent::kPendingReferences : 0;
  std::optional<FloatArray> vector;
  if (embedding.is_none()) {
    FloatArray hashed(static_cast<py::ssize_t>(dim));
    std::vector<double> accumulator(dim);
    visit_text(view, [&](const auto* data, std::size_t length) {
      hash_embed_one(data, length, dim, accumulator.data(), hashed.mutable_data());
    });
    vector = unit_embedding(hashed, dim);
  } else {
    vector = unit_embedding(embedding, dim);
  }
  py::list hit_list = hits_to_list(hits);
  if (!vector) {
    return py::make_tuple(static_cast<int>(intent::kExplore), pending | intent::kPendingEmbedding,
                          hit_list, py::int_(scanned.kinds), py::int_(scanned.cues), 0.0);
  }
  double similarity = 0.0;
  if (!recent.is_none()) {
    const FloatArray matrix = float_matrix(recent, "recent", static_cast<py::ssize_t>(dim));
    const CosineScorer scorer(vector->data(), dim);
    const BestAbove best = multihorizon::best_above(
        scorer, matrix.data(), static_cast<std::size_t>(matrix.shape(0)), -2.0);
    if (best.bad_row >= 0) non_finite_row("recent", best.bad_row);
    similarity = static_cast<double>(best.score);
  }
  const std::uint32_t flags = scanner.decision_flags(scanned, rules, first_turn);
  const int code = intent::decide(flags, similarity, bar);
  if (intent::decide(flags | intent::kNamesKnown, similarity, bar) != code) {
    pending |= intent::kPendingNames;
  }
  return py::make_tuple(code, pending, hit_list, py::int_(scanned.kinds), py::int_(scanned.cues),
                        similarity);
}

}  // namespace

void register_intent(py::module_& m) {
  py::class_<TurnScanner>(m, "TurnScanner", py::module_local(),
                          "A user turn's marker hits, cues and SPEC-028 §5.2 decision in one "
                          "pass (see multihorizon._intent_py.TurnScanner).")
      .def(py::init(&make_scanner), py::arg("phrases"), py::kw_only(), py::arg("block"),
           py::arg("acknowledge"), py::arg("question_openers"), py::arg("question_strip"),
           py::arg("function_words"), py::arg("backchannel_chars"), py::arg("intent_masks"),
           py::arg("form_openers") = py::tuple(), py::arg("clause_marks") = "",
           py::arg("statement_ends") = "",
           py::arg("question_ends") = py::make_tuple(py::tuple(), py::tuple(), py::tuple(), py::tuple()))
      .def("scan", &scan, py::arg("text"),
           "(hits, kinds, cues): BLOCK-filtered hits, the categories' bit mask, CUE_* bits.")
      .def("question", &question, py::arg("text"), "Whether the text is a question.")
      .def("classify", &classify, py::arg("text"), py::arg("embedding"), py::arg("recent"),
           py::kw_only(), py::arg("rules"), py::arg("first_turn"), py::arg("explore_below"),
           py::arg("dim"),
           "(intent, pending, hits, kinds, cues, similarity): SPEC-028 §5.2 of a user turn.")
      .def("__len__", &TurnScanner::size)
      .def("__repr__", [](const TurnScanner& scanner) {
        return "TurnScanner(" + std::to_string(scanner.size()) + " phrases)";
      });
  m.def(
      "intent_decision",
      [](py::handle flags, py::handle similarity, py::handle explore_below) {
        return intent::decide(static_cast<std::uint32_t>(integer_arg(flags, "flags")),
                              real_arg(similarity, "similarity"),
                              real_arg(explore_below, "explore_below"));
      },
      py::arg("flags"), py::arg("similarity"), py::arg("explore_below"),
      "SPEC-028 §5.2 over DECIDE_* bits: an intent code (see _intent_py.intent_decision).");
}

}  // namespace multihorizon::bindings
