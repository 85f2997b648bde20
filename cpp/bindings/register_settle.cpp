// IntentSettler: Session.classify's common path in one native call (issue 14). The turn is
// scanned (TurnScanner) and decided (SPEC-028 §5.2); only when the decision or the caller
// reads the similarity is it embedded (when no embedding is given: the session's hashing
// embedder, content words only for version 2) and compared with the active thread. When
// multihorizon/settle.hpp finds that no Python rule can change the answer, the intent code
// alone comes back. Otherwise the call returns what TurnScanner.classify returns and
// IntentClassifier goes on from there. settle_text takes a caller's text unchecked when it
// can prove inputs.check_text would return it as it is (Session.classify's lock-free path).
// The reference is IntentSettlerBase in src/multihorizon/_settler_py.py.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "multihorizon/hashing.hpp"
#include "multihorizon/intent.hpp"
#include "multihorizon/settle.hpp"
#include "multihorizon/similarity.hpp"
#include "pybind11.hpp"
#include "register.hpp"
#include "validate.hpp"

namespace multihorizon::bindings {

namespace {

// Every intent code as a bit: settle's statement_codes by default (_intent_py.ALL_CODES).
constexpr std::int64_t kAllCodes = (1 << 5) - 1;

std::u32string code_points(py::handle value, const std::string& name) {
  const TextView view = text_view(value, name);
  return visit_text(view, [](const auto* data, std::size_t length) {
    std::u32string out;
    for (std::size_t i = 0; i < length; ++i) out.push_back(static_cast<char32_t>(data[i]));
    return out;
  });
}

std::uint64_t category_mask(py::handle value, const std::string& name) {
  const std::int64_t mask = integer_arg(value, name);
  if (mask < 0) value_error(name + ": expected a category bit mask in [0, 2**63)");
  return static_cast<std::uint64_t>(mask);
}

std::string ascii_word(py::handle value, const std::string& name) {
  std::string ascii;
  for (const char32_t cp : code_points(value, name)) {
    if (cp >= 0x80) value_error(name + ": expected ASCII words");
    ascii.push_back(static_cast<char>(cp));
  }
  return ascii;
}

// Per phrase index, whether it is one of `indexes`.
std::vector<bool> phrase_flags(py::handle indexes, const std::string& name) {
  std::vector<bool> flags;
  for (py::handle index : indexes) {
    const std::int64_t phrase = integer_arg(index, name);
    if (phrase < 0 || phrase > (std::int64_t{1} << 24)) value_error(name + ": out of range");
    if (flags.size() <= static_cast<std::size_t>(phrase)) {
      flags.resize(static_cast<std::size_t>(phrase) + 1, false);
    }
    flags[static_cast<std::size_t>(phrase)] = true;
  }
  return flags;
}

std::vector<std::string> sorted_words(py::handle words, const std::string& name);

// _settle_py.DetectionGates.of: (mention_kinds, number_gate, numbered phrase indexes,
// openers, FROM_END phrases, before_chars, after_chars, short_openers, anchors,
// letter_before).
void read_detection(py::handle value, SettleRules& settle) {
  const py::tuple fields(py::reinterpret_borrow<py::object>(value));
  if (fields.size() != 10) value_error("detection: expected 10 fields");
  settle.mention_kinds = category_mask(fields[0], "detection");
  settle.number_gate = static_cast<std::int32_t>(integer_arg(fields[1], "detection"));
  settle.numbered = phrase_flags(fields[2], "detection");
  for (py::handle word : fields[3]) settle.openers.push_back(ascii_word(word, "detection"));
  std::sort(settle.openers.begin(), settle.openers.end());
  for (py::handle phrase : fields[4]) {
    std::vector<std::string> words;
    for (py::handle word : phrase) words.push_back(ascii_word(word, "detection"));
    if (words.empty() || words.size() > settle_detail::kLongestWords) {
      value_error("detection: FROM_END phrases of 1 to 4 words");
    }
    settle.from_end.push_back(std::move(words));
  }
  settle.before_chars = count_arg(fields[5], "detection");
  settle.after_chars = count_arg(fields[6], "detection");
  for (py::handle word : fields[7]) settle.short_openers.push_back(ascii_word(word, "detection"));
  std::sort(settle.short_openers.begin(), settle.short_openers.end());
  settle.anchors = sorted_words(fields[8], "detection");
  settle.letter_before = sorted_words(fields[9], "detection");
  settle.detection = true;
}

// _settle_py.AddingGates.of: (phrase indexes, opening_chars).
void read_adding(py::handle value, SettleRules& settle) {
  const py::tuple fields(py::reinterpret_borrow<py::object>(value));
  if (fields.size() != 2) value_error("adding: expected (phrase indexes, opening_chars)");
  settle.adding_phrases = phrase_flags(fields[0], "adding");
  settle.opening_chars = count_arg(fields[1], "adding");
  settle.adding_known = true;
}

// settle_data.confirm_gates: (CONFIRM_MARK category, longest check, closers).
void read_confirms(py::handle value, SettleRules& settle) {
  const py::tuple fields(py::reinterpret_borrow<py::object>(value));
  if (fields.size() != 3) value_error("confirms: expected (category, chars, closers)");
  const std::int64_t category = integer_arg(fields[0], "confirms");
  if (category < 0 || category > 63) value_error("confirms: category out of range");
  settle.confirm = static_cast<std::int32_t>(category);
  settle.confirm_chars = count_arg(fields[1], "confirms");
  settle.confirm_closers = code_points(fields[2], "confirms");
}

// settle_data.adder_gates: (ADDER_OPENER category, how far in a hit may start, lead words).
void read_adders(py::handle value, SettleRules& settle) {
  const py::tuple fields(py::reinterpret_borrow<py::object>(value));
  if (fields.size() != 3) value_error("adders: expected (category, chars, leads)");
  const std::int64_t category = integer_arg(fields[0], "adders");
  if (category < 0 || category > 63) value_error("adders: category out of range");
  settle.adder = static_cast<std::int32_t>(category);
  settle.adder_chars = count_arg(fields[1], "adders");
  settle.adder_leads = sorted_words(fields[2], "adders");
}

std::vector<std::string> sorted_words(py::handle words, const std::string& name) {
  std::vector<std::string> out;
  for (py::handle word : words) out.push_back(ascii_word(word, name));
  std::sort(out.begin(), out.end());
  return out;
}

// _settle_py.TermGates.of: (fillers, openers, hedges, breakers, strip).
void read_terms(py::handle value, SettleRules& settle) {
  const py::tuple fields(py::reinterpret_borrow<py::object>(value));
  if (fields.size() != 5) value_error("terms: expected 5 fields");
  settle.term_fillers = sorted_words(fields[0], "terms");
  for (py::handle opener : fields[1]) {
    std::vector<std::string> words;
    for (py::handle word : opener) words.push_back(ascii_word(word, "terms"));
    if (words.empty()) value_error("terms: expected non-empty openers of ASCII words");
    settle.term_openers.push_back(std::move(words));
  }
  settle.term_hedges = sorted_words(fields[2], "terms");
  settle.term_breakers = sorted_words(fields[3], "terms");
  for (const char32_t cp : code_points(fields[4], "terms")) {
    if (cp < 0x80) settle.term_strip.push_back(static_cast<char>(cp));
  }
  settle.terms_known = true;
}

std::string ascii_chars(py::handle value, const std::string& name) {
  std::string out;
  for (const char32_t cp : code_points(value, name)) {
    if (cp < 0x80) out.push_back(static_cast<char>(cp));
  }
  return out;
}

// _settle_py.EchoGates.of: (chars, most, fillers, pair fillers, blockers, links, tails,
// hedges, strip, clause ends, closers, wide, reply chars, reply most, reply hedges, check
// chars, check most, check guess, check links, check verbs, check inversions, then
// _meaning_gate_py.MeaningGates.of's seven: meaning chars, kernels the term follows, kernels
// it comes before, asking words, breakers, consequence words, endings).
void read_echoes(py::handle value, SettleRules& settle) {
  const py::tuple fields(py::reinterpret_borrow<py::object>(value));
  if (fields.size() != 28) value_error("echoes: expected 28 fields");
  settle.echo_chars = count_arg(fields[0], "echoes");
  settle.echo_most = count_arg(fields[1], "echoes");
  settle.echo_fillers = sorted_words(fields[2], "echoes");
  settle.echo_pair_fillers = sorted_words(fields[3], "echoes");
  settle.echo_blockers = sorted_words(fields[4], "echoes");
  for (py::handle link : fields[5]) {
    std::vector<std::string> words;
    for (py::handle word : link) words.push_back(ascii_word(word, "echoes"));
    if (words.empty()) value_error("echoes: expected non-empty links of ASCII words");
    settle.echo_links.push_back(std::move(words));
  }
  settle.echo_tails = sorted_words(fields[6], "echoes");
  settle.echo_hedges = sorted_words(fields[7], "echoes");
  settle.echo_strip = ascii_chars(fields[8], "echoes");
  settle.echo_clause_ends = ascii_chars(fields[9], "echoes");
  settle.echo_closers = ascii_chars(fields[10], "echoes");
  settle.echo_wide = fields[11].cast<bool>();
  settle.reply_chars = count_arg(fields[12], "echoes");
  settle.reply_most = count_arg(fields[13], "echoes");
  settle.reply_hedges = sorted_words(fields[14], "echoes");
  settle.check_chars = count_arg(fields[15], "echoes");
  settle.check_most = count_arg(fields[16], "echoes");
  settle.check_guess = count_arg(fields[17], "echoes");
  for (py::handle link : fields[18]) {
    std::vector<std::string> words;
    for (py::handle word : link) words.push_back(ascii_word(word, "echoes"));
    if (words.empty()) value_error("echoes: expected non-empty links of ASCII words");
    settle.check_links.push_back(std::move(words));
  }
  settle.check_verbs = sorted_words(fields[19], "echoes");
  settle.check_inversions = sorted_words(fields[20], "echoes");
  settle.meaning_chars = count_arg(fields[21], "echoes");
  const std::vector<std::string> asking = sorted_words(fields[24], "echoes");
  settle.meaning_kernels.clear();
  settle.meaning_after.clear();
  settle.meaning_asks_alone.clear();
  for (int side = 22; side <= 23; ++side) {
    for (py::handle kernel : fields[side]) {
      std::vector<std::string> words;
      bool alone = false;
      for (py::handle word : kernel) {
        words.push_back(ascii_word(word, "echoes"));
        alone = alone || std::binary_search(asking.begin(), asking.end(), words.back());
      }
      if (words.empty()) value_error("echoes: expected non-empty kernels of ASCII words");
      settle.meaning_kernels.push_back(std::move(words));
      settle.meaning_after.push_back(side == 22);
      settle.meaning_asks_alone.push_back(alone);
    }
  }
  settle.meaning_breakers = sorted_words(fields[25], "echoes");
  settle.meaning_consequence = sorted_words(fields[26], "echoes");
  settle.meaning_ends.clear();
  for (py::handle ending : fields[27]) {
    std::vector<std::string> words;
    for (py::handle word : ending) words.push_back(ascii_word(word, "echoes"));
    if (words.empty()) value_error("echoes: expected non-empty endings of ASCII words");
    settle.meaning_ends.push_back(std::move(words));
  }
  settle.echo_known = true;
}

// Scratch reused by every call on a thread: a warm call allocates no vector.
struct SettleScratch {
  std::vector<MarkerHit> hits;
  std::vector<double> accumulator_;
  std::vector<float> hashed_;
  std::vector<double> query_;

  double* accumulator(std::size_t dim) {
    accumulator_.resize(dim);
    return accumulator_.data();
  }
  float* hashed(std::size_t dim) {
    hashed_.resize(dim);
    return hashed_.data();
  }
  const float* hashed_data() const { return hashed_.data(); }
  // `vector` as CosineScorer holds its query: in double, zero-padded to simd::padded_dim.
  const double* padded_query(const float* vector, std::size_t dim) {
    query_.assign(simd::padded_dim(dim), 0.0);
    std::copy(vector, vector + dim, query_.begin());
    return query_.data();
  }

#if defined(__GNUC__) || defined(__clang__)
  __attribute__((noinline))
#endif
  static SettleScratch& local() {
    thread_local SettleScratch scratch;
    return scratch;
  }
};

// Whether data[0:dim] is what embed.normalise_embedding returns unchanged: finite, squared
// norm (in double) within 1e-5 of 1, summed by the kernel normalise_embedding calls.
bool unit_norm(const float* data, std::size_t dim) {
  const double squared = multihorizon::squared_norm(data, dim);
  return std::isfinite(squared) && std::fabs(squared - 1.0) <= 1e-5;
}

class IntentSettler {
 public:
  IntentSettler(py::object scanner, std::uint32_t rules, double explore_below, std::size_t dim,
                bool skip_function_words, std::size_t max_chars, SettleRules settle)
      : scanner_object_(std::move(scanner)),
        scanner_(&scanner_object_.cast<const TurnScanner&>()),
        rules_(rules),
        explore_below_(explore_below),
        dim_(dim),
        skip_function_words_(skip_function_words),
        max_chars_(max_chars),
        settle_(std::move(settle)) {
    settle_.pointers = scanner_->masks().points_back;  // rule own-antecedents reads them
  }

  py::object settle(py::handle text, py::handle embedding, py::handle recent, bool first_turn,
                    bool tool_outputs, bool final, bool questions_final,
                    std::int64_t statement_codes, bool reports_read, bool detected_none,
                    bool replied) const {
    return settle_turn(text_view(text, "text"), embedding, recent, first_turn, tool_outputs,
                       final, questions_final, statement_codes, reports_read, detected_none,
                       replied);
  }

  // settle() of a caller's text as it came (Session.classify's lock-free path), or None when
  // the text is not one that inputs.check_text provably returns as it is (a str of ASCII, at
  // most max_chars long, not blank: ASCII is valid and NFC). None asks the caller to check
  // the text and take the whole way.
  py::object settle_text(py::handle text, py::handle embedding, py::handle recent,
                         bool first_turn, bool tool_outputs, bool final,
                         bool questions_final, std::int64_t statement_codes,
                         bool reports_read, bool detected_none, bool replied) const {
    PyObject* const str = text.ptr();
    if (!PyUnicode_Check(str)) return py::none();
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(str) != 0) throw py::error_already_set();
#endif
    const auto length = static_cast<std::size_t>(PyUnicode_GET_LENGTH(str));
    if (!PyUnicode_IS_ASCII(str) || length == 0 || length > max_chars_) return py::none();
    const Py_UCS1* const data = PyUnicode_1BYTE_DATA(str);
    std::size_t first = 0;
    while (first < length && intent::is_space(data[first])) ++first;
    if (first == length) return py::none();  // blank: check_text's error to raise
    return settle_turn(TextView{PyUnicode_1BYTE_KIND, data, length}, embedding, recent,
                       first_turn, tool_outputs, final, questions_final, statement_codes,
                       reports_read, detected_none, replied);
  }

  // may_hold_forms (settle.hpp) of a turn and its gate hits' starts.
  bool may_hold_forms(py::handle text, py::handle gate_starts) const {
    const TextView view = text_view(text, "text");
    std::vector<std::size_t> starts;
    for (py::handle item : py::reinterpret_borrow<py::iterable>(gate_starts)) {
      const std::int64_t start = integer_arg(item, "gate_starts");
      if (start < 0) value_error("gate_starts: expected non-negative ints");
      starts.push_back(static_cast<std::size_t>(start));
    }
    const auto hold = [&]() {
      return visit_text(view, [&](const auto* data, std::size_t length) {
        return multihorizon::may_hold_forms(data, length, starts, settle_);
      });
    };
    if (view.length >= kReleaseGilScanChars) {
      // Safe: the str is immutable and kept alive by the caller; nothing else is touched.
      py::gil_scoped_release release;
      return hold();
    }
    return hold();
  }

 private:
  // questions_final: whether a settled question's code may come back too; if not, such a
  // turn comes back as the tuple with kPendingQuestion set beside the scan's bits.
  // statement_codes: the codes (bit 1 << code) a settled statement's code may come back as;
  // a statement settled with another comes back as the tuple (rule reply-answers).
  // reports_read, detected_none: what the caller read itself; replied: whether the turn
  // comes right after a reply in an assistant chat of two (settles in settle.hpp).
  py::object settle_turn(const TextView& view, py::handle embedding, py::handle recent,
                         bool first_turn, bool tool_outputs, bool final, bool questions_final,
                         std::int64_t statement_codes, bool reports_read, bool detected_none,
                         bool replied) const {
    SettleScratch& scratch = SettleScratch::local();
    std::vector<MarkerHit>& hits = scratch.hits;
    const bool hash = embedding.is_none();
    ScanResult scanned;
    if (view.length >= kReleaseGilScanChars) {
      // Safe: the str is immutable and kept alive by the caller; only its buffer, this
      // thread's scratch and the const scanner are touched.
      py::gil_scoped_release release;
      scanned = scan(view, hits);
    } else {
      scanned = scan(view, hits);
    }
    std::uint32_t pending =
        (scanned.kinds & scanner_->masks().references) ? intent::kPendingReferences : 0;
    const std::uint32_t flags = scanner_->decision_flags(scanned, rules_, first_turn);
    // The vector compared: the caller's when it is a unit float32 (dim,) array, else the
    // text hashed; anything else is the caller's to normalise (PENDING_EMBEDDING). A given
    // one is always checked (a bad one must reach the caller's validation); the text is
    // hashed only when something reads the vector: §5.2 (a turn no marker decides), or the
    // tuple below. Until then a text with a word character stands for a unit vector (its
    // hashed features are nonzero), one without for the zero vector hashing gives it.
    FloatArray given;
    const float* vector = nullptr;
    bool vector_known = !hash;
    auto make_vector = [&]() {
      if (vector_known) return;
      vector_known = true;
      double* accumulator = scratch.accumulator(dim_);
      float* hashed = scratch.hashed(dim_);
      auto hash_text = [&]() {
        visit_text(view, [&](const auto* data, std::size_t length) {
          hash_embed_one(data, length, dim_, accumulator, hashed, skip_function_words_);
        });
      };
      if (view.length >= kReleaseGilScanChars) {
        py::gil_scoped_release release;  // as for the scan above
        hash_text();
      } else {
        hash_text();
      }
      if (unit_norm(scratch.hashed_data(), dim_)) vector = scratch.hashed_data();
    };
    if (!hash) vector = unit_vector(embedding, given);
    const bool similarity_read = !recent.is_none() && reads_similarity(flags);
    if (!final || similarity_read || !has_word(view)) make_vector();
    if (vector_known && vector == nullptr) return unsettled_embedding(pending, hits, scanned);
    double similarity = 0.0;
    bool similarity_known = recent.is_none();
    auto compare = [&]() {
      if (similarity_known) return;
      similarity_known = true;
      similarity = best_similarity(vector, recent, scratch);
    };
    if (similarity_read) compare();
    // With the similarity unread, any value gives §5.2's answer: 0.0 stands in for it.
    const int code = intent::decide(flags, similarity, explore_below_);
    if (intent::decide(flags | intent::kNamesKnown, similarity, explore_below_) != code) {
      pending |= intent::kPendingNames;
    }
    const bool settled = final && visit_text(view, [&](const auto* data, std::size_t length) {
      return settles(data, length, hits, scanned.kinds, scanned.cues, code, pending, first_turn,
                     tool_outputs, settle_, reports_read, detected_none, replied);
    });
    const bool question = (scanned.cues & intent::kCueQuestion) != 0;
    if (settled && (question ? questions_final : ((statement_codes >> code) & 1) != 0)) {
      return py::int_(code);
    }
    if (settled && question) pending |= intent::kPendingQuestion;
    // The caller reads the similarity from here on: the vector and the comparison, if
    // skipped above (the code stays: §5.2 did not read them).
    make_vector();
    if (vector == nullptr) {
      return unsettled_embedding(pending & intent::kPendingReferences, hits, scanned);
    }
    compare();
    return py::make_tuple(code, pending, hits_to_list(hits), py::int_(scanned.kinds),
                          py::int_(scanned.cues), similarity);
  }

  ScanResult scan(const TextView& view, std::vector<MarkerHit>& hits) const {
    return visit_text(view, [&](const auto* data, std::size_t length) {
      return scanner_->scan(data, length, hits);
    });
  }

  // Whether §5.2 reads the similarity: decide() compares it with the bar only after every
  // marker rule, so for most turns with a marker the answer is the same at any similarity
  // (with and without kNamesKnown, which PENDING_NAMES compares).
  bool reads_similarity(std::uint32_t flags) const {
    constexpr double kLowest = -std::numeric_limits<double>::infinity();
    constexpr double kHighest = std::numeric_limits<double>::infinity();
    for (const std::uint32_t variant : {flags, flags | intent::kNamesKnown}) {
      if (intent::decide(variant, kLowest, explore_below_) !=
          intent::decide(variant, kHighest, explore_below_)) {
        return true;
      }
    }
    return false;
  }

  // Whether the text has a word character: what makes its hashed vector nonzero (a feature
  // per word; that a text's features cancel in every slot is left out of account, and would
  // only send it down the caller's path, which then decides the same with similarity 0).
  static bool has_word(const TextView& view) {
    return visit_text(view, [](const auto* data, std::size_t length) {
      for (std::size_t i = 0; i < length; ++i) {
        if (is_word(static_cast<std::uint32_t>(data[i]))) return true;
      }
      return false;
    });
  }

  // The best cosine between `vector` and the rows of `recent` (the active thread's): what
  // best_above(CosineScorer(vector, dim), ...) scores, bit for bit, without its per-call
  // allocation and with the query's norm summed by the SIMD kernel (simd::dot_norm gives the
  // same sums at every level): the settle's share of a turn is a few hundred nanoseconds.
  double best_similarity(const float* vector, py::handle recent, SettleScratch& scratch) const {
    const FloatArray matrix = float_matrix(recent, "recent", static_cast<py::ssize_t>(dim_));
    const auto rows = static_cast<std::size_t>(matrix.shape(0));
    const double* query = scratch.padded_query(vector, dim_);
    double dot = 0.0, norm2 = 0.0;
    simd::dot_norm(query, vector, 1, dim_, &dot, &norm2);
    const double query_norm = std::sqrt(norm2);
    float best = -std::numeric_limits<float>::infinity();
    double dots[kBlockRows], norms2[kBlockRows];
    for (std::size_t begin = 0; begin < rows; begin += kBlockRows) {
      const std::size_t count = std::min(kBlockRows, rows - begin);
      simd::dot_norm(query, matrix.data() + begin * dim_, count, dim_, dots, norms2);
      for (std::size_t r = 0; r < count; ++r) {
        if (!(norms2[r] <= std::numeric_limits<double>::max())) {
          non_finite_row("recent", static_cast<std::int64_t>(begin + r));
        }
        // As CosineScorer::score_block: 0 for a zero vector.
        const double denominator = std::sqrt(norms2[r]) * query_norm;
        const float score = denominator > 0.0 ? clip_cosine(dots[r] / denominator) : 0.0f;
        if ((begin == 0 && r == 0) || score > best) best = score;
      }
    }
    return static_cast<double>(best);
  }

  // The answer for a vector that is not of unit norm: the caller normalises it.
  static py::object unsettled_embedding(std::uint32_t pending, const std::vector<MarkerHit>& hits,
                                        const ScanResult& scanned) {
    return py::make_tuple(static_cast<int>(intent::kExplore), pending | intent::kPendingEmbedding,
                          hits_to_list(hits), py::int_(scanned.kinds), py::int_(scanned.cues),
                          0.0);
  }

  // The caller's embedding when it is exactly a numpy float32 (dim,) array of unit norm
  // (what embed.normalise_embedding returns unchanged; a strided view is copied into
  // `holder`), else nullptr.
  const float* unit_vector(py::handle embedding, FloatArray& holder) const {
    static PyTypeObject* const ndarray = reinterpret_cast<PyTypeObject*>(
        py::object(py::module_::import("numpy").attr("ndarray")).release().ptr());
    // Exactly numpy.ndarray, as the reference: a subclass may compute differently.
    if (Py_TYPE(embedding.ptr()) != ndarray) return nullptr;
    const auto array = py::reinterpret_borrow<py::array>(embedding);
    if (py::isinstance<FloatArray>(embedding) && usable_in_place(embedding)) {
      // The common case: a C-contiguous aligned float32 array, read in place.
      if (array.ndim() != 1 || static_cast<std::size_t>(array.shape(0)) != dim_) return nullptr;
      const auto* data = static_cast<const float*>(array.data());
      return unit_norm(data, dim_) ? data : nullptr;
    }
    if (array.ndim() != 1 || static_cast<std::size_t>(array.shape(0)) != dim_ ||
        !array.dtype().equal(py::dtype::of<float>())) {
      return nullptr;
    }
    holder = float_array(embedding, "embedding");
    return unit_norm(holder.data(), dim_) ? holder.data() : nullptr;
  }

  py::object scanner_object_;  // keeps the scanner alive
  const TurnScanner* scanner_;
  std::uint32_t rules_;
  double explore_below_;
  std::size_t dim_;
  bool skip_function_words_;
  std::size_t max_chars_;  // the longest turn settle_text takes (inputs.MAX_TURN_CHARS)
  SettleRules settle_;
};

// settle_text past pybind11's dispatcher: a METH_FASTCALL builtin bound to a capsule of the
// settler and its pybind11 `settle_text` (issue 14: that dispatcher cost ~5k of a settled
// classify's ~23k instructions, callgrind). It takes the positional calls whose flags are
// exactly True or False and whose statement_codes is exactly an int (what Session.classify
// passes); any other call, and any call that raises, goes the pybind11 way with the same
// arguments (settle_text is a pure function of them), so the answer and the error are that
// method's.
constexpr const char* kDirectCapsule = "multihorizon.IntentSettler.settle_text_direct";

struct DirectSettle {
  const IntentSettler* settler;
  PyObject* method;  // the bound pybind11 settle_text: keeps the settler alive
};

void free_direct(PyObject* capsule) {
  auto* direct = static_cast<DirectSettle*>(PyCapsule_GetPointer(capsule, kDirectCapsule));
  if (direct == nullptr) {
    PyErr_Clear();
    return;
  }
  Py_XDECREF(direct->method);
  delete direct;
}

// 1 for True, 0 for False, -1 for anything else (pybind11's bool caster decides that).
int exact_flag(PyObject* const* args, Py_ssize_t nargs, Py_ssize_t at, int absent) {
  if (at >= nargs) return absent;
  return args[at] == Py_True ? 1 : (args[at] == Py_False ? 0 : -1);
}

PyObject* settle_text_direct(PyObject* capsule, PyObject* const* args, Py_ssize_t nargs) {
  auto* direct = static_cast<DirectSettle*>(PyCapsule_GetPointer(capsule, kDirectCapsule));
  if (direct == nullptr) return nullptr;
  // text, embedding, recent, first_turn, tool_outputs, final, then the defaulted ones.
  if (nargs < 6 || nargs > 11) return PyObject_Vectorcall(direct->method, args, nargs, nullptr);
  // first_turn, tool_outputs, final, questions_final, reports_read, detected_none, replied
  constexpr Py_ssize_t kAt[7] = {3, 4, 5, 6, 8, 9, 10};
  constexpr int kAbsent[7] = {-1, -1, -1, 1, 0, 0, 1};  // the defaults; the first 3 required
  int flags[7];
  bool plain = true;
  for (std::size_t i = 0; i < 7; ++i) {
    flags[i] = exact_flag(args, nargs, kAt[i], kAbsent[i]);
    plain = plain && flags[i] >= 0;
  }
  std::int64_t codes = kAllCodes;
  if (nargs > 7) {
    int overflow = 0;
    codes = PyLong_CheckExact(args[7]) ? PyLong_AsLongLongAndOverflow(args[7], &overflow) : -1;
    plain = plain && PyLong_CheckExact(args[7]) && overflow == 0 && !PyErr_Occurred();
    PyErr_Clear();
  }
  if (!plain) return PyObject_Vectorcall(direct->method, args, nargs, nullptr);
  try {
    return direct->settler
        ->settle_text(args[0], args[1], args[2], flags[0] != 0, flags[1] != 0, flags[2] != 0,
                      flags[3] != 0, codes, flags[4] != 0, flags[5] != 0, flags[6] != 0)
        .release()
        .ptr();
  } catch (...) {
    // The pybind11 way raises what the call raises, translated as every binding's error.
  }
  PyErr_Clear();
  return PyObject_Vectorcall(direct->method, args, nargs, nullptr);
}

PyMethodDef kDirectDef = {
    "settle_text", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&settle_text_direct)),
    METH_FASTCALL, "IntentSettler.settle_text past pybind11's dispatcher (positional only)."};

py::object direct_settle_text(const py::object& self) {
  py::object method = self.attr("settle_text");
  auto* direct = new DirectSettle{&self.cast<const IntentSettler&>(), method.release().ptr()};
  PyObject* capsule = PyCapsule_New(direct, kDirectCapsule, free_direct);
  if (capsule == nullptr) {
    Py_DECREF(direct->method);
    delete direct;
    throw py::error_already_set();
  }
  PyObject* function = PyCFunction_NewEx(&kDirectDef, capsule, nullptr);
  Py_DECREF(capsule);
  if (function == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(function);
}

IntentSettler make_settler(py::handle scanner, py::handle rules, py::handle explore_below,
                           py::handle dim_value, bool skip_function_words, py::handle masks,
                           py::handle clarify, py::handle again_phrases, py::handle switches,
                           py::handle lengths, py::handle capitals, py::handle joiners,
                           py::handle needles, py::handle report_openers,
                           py::handle max_chars, py::handle detection, py::handle adding,
                           py::handle terms, py::handle echoes, py::handle confirms,
                           py::handle adders, py::handle reply_kinds) {
  const std::size_t dim = count_arg(dim_value, "dim");
  if (dim < 1 || dim > (std::size_t{1} << 24)) {
    value_error("dim: must be in [1, 2**24], got " + std::to_string(dim));
  }
  SettleRules settle;
  const py::tuple mask_values(py::reinterpret_borrow<py::object>(masks));
  if (mask_values.size() != 5) value_error("masks: expected 5 category bit masks");
  settle.slow_path = category_mask(mask_values[0], "masks");
  settle.tool_kinds = category_mask(mask_values[1], "masks");
  settle.outcomes = category_mask(mask_values[2], "masks");
  settle.acknowledged = category_mask(mask_values[3], "masks");
  settle.adding = category_mask(mask_values[4], "masks");
  settle.reply_kinds = category_mask(reply_kinds, "reply_kinds");
  settle.clarify = static_cast<std::int32_t>(integer_arg(clarify, "clarify"));
  for (py::handle index : again_phrases) {
    const std::int64_t phrase = integer_arg(index, "again_phrases");
    if (phrase < 0 || phrase > (std::int64_t{1} << 24)) value_error("again_phrases: out of range");
    if (settle.again.size() <= static_cast<std::size_t>(phrase)) {
      settle.again.resize(static_cast<std::size_t>(phrase) + 1, false);
    }
    settle.again[static_cast<std::size_t>(phrase)] = true;
  }
  const py::tuple flags(py::reinterpret_borrow<py::object>(switches));
  if (flags.size() != 9) value_error("switches: expected 9 booleans");
  settle.tool_match = flags[0].cast<bool>();
  settle.ordinal_forms = flags[1].cast<bool>();
  settle.repeats = flags[2].cast<bool>();
  settle.side_questions = flags[3].cast<bool>();
  settle.always_pending = flags[4].cast<bool>();
  settle.terms = flags[5].cast<bool>();
  settle.reports = flags[6].cast<bool>();
  settle.echoes = flags[7].cast<bool>();
  settle.reply_terms = flags[8].cast<bool>();
  const py::tuple sizes(py::reinterpret_borrow<py::object>(lengths));
  if (sizes.size() != 7) value_error("lengths: expected 7 character counts");
  settle.acknowledged_chars = count_arg(sizes[0], "lengths");
  settle.side_question_chars = count_arg(sizes[1], "lengths");
  settle.standalone_chars = count_arg(sizes[2], "lengths");
  settle.detail_chars = count_arg(sizes[3], "lengths");
  settle.new_ground_chars = count_arg(sizes[4], "lengths");
  settle.own_chars = count_arg(sizes[5], "lengths");
  settle.report_chars = count_arg(sizes[6], "lengths");
  settle.capitals = code_points(capitals, "capitals");
  settle.joiners = code_points(joiners, "joiners");
  for (py::handle needle : needles) settle.needles.push_back(code_points(needle, "needles"));
  for (py::handle word : report_openers) {
    const std::u32string points = code_points(word, "report_openers");
    std::string ascii;
    for (const char32_t cp : points) {
      if (cp >= 0x80) value_error("report_openers: expected ASCII words");
      ascii.push_back(static_cast<char>(cp));
    }
    settle.report_openers.push_back(std::move(ascii));
  }
  if (!detection.is_none()) read_detection(detection, settle);
  if (!adding.is_none()) read_adding(adding, settle);
  if (!terms.is_none()) read_terms(terms, settle);
  if (!echoes.is_none()) read_echoes(echoes, settle);
  if (!confirms.is_none()) read_confirms(confirms, settle);
  if (!adders.is_none()) read_adders(adders, settle);
  settle.prepare();
  return IntentSettler(py::reinterpret_borrow<py::object>(scanner),
                       static_cast<std::uint32_t>(integer_arg(rules, "rules")),
                       real_arg(explore_below, "explore_below"), dim, skip_function_words,
                       count_arg(max_chars, "max_chars"), std::move(settle));
}

}  // namespace

void register_settle(py::module_& m) {
  py::class_<IntentSettler>(m, "IntentSettler", py::module_local(),
                            "Session.classify's common path in one call (see "
                            "multihorizon._settler_py.IntentSettlerBase).")
      .def(py::init(&make_settler), py::arg("scanner"), py::kw_only(), py::arg("rules"),
           py::arg("explore_below"), py::arg("dim"), py::arg("skip_function_words"),
           py::arg("masks"), py::arg("clarify"), py::arg("again_phrases"), py::arg("switches"),
           py::arg("lengths"), py::arg("capitals"), py::arg("joiners"), py::arg("needles"),
           py::arg("report_openers") = py::tuple(), py::arg("max_chars") = 0,
           py::arg("detection") = py::none(), py::arg("adding") = py::none(),
           py::arg("terms") = py::none(), py::arg("echoes") = py::none(),
           py::arg("confirms") = py::none(), py::arg("adders") = py::none(),
           py::arg("reply_kinds") = 0)
      .def("settle", &IntentSettler::settle, py::arg("text"), py::arg("embedding"),
           py::arg("recent"), py::arg("first_turn"), py::arg("tool_outputs"), py::arg("final"),
           py::arg("questions_final") = true, py::arg("statement_codes") = kAllCodes,
           py::arg("reports_read") = false, py::arg("detected_none") = false,
           py::arg("replied") = true,
           "The intent code when nothing else can change it, else TurnScanner.classify's "
           "(intent, pending, hits, kinds, cues, similarity).")
      .def("may_hold_forms", &IntentSettler::may_hold_forms, py::arg("text"),
           py::arg("gate_starts"),
           "Whether ordinal_mentions.ordinal_form_mentions may find a form in text, given its "
           "gate hits' starts (see IntentSettlerBase.may_hold_forms).")
      .def("settle_text", &IntentSettler::settle_text, py::arg("text"), py::arg("embedding"),
           py::arg("recent"), py::arg("first_turn"), py::arg("tool_outputs"), py::arg("final"),
           py::arg("questions_final") = true, py::arg("statement_codes") = kAllCodes,
           py::arg("reports_read") = false, py::arg("detected_none") = false,
           py::arg("replied") = true,
           "settle of a caller's text as it came, or None for a text to check first (see "
           "IntentSettlerBase.settle_text).")
      .def_property_readonly("settle_text_direct", &direct_settle_text,
                             "settle_text as a builtin past pybind11's dispatcher (positional "
                             "arguments; see IntentSettlerBase.settle_text_direct).");
}

}  // namespace multihorizon::bindings
