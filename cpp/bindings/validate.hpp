// Argument checks at the Python boundary. Same rules and messages as
// src/multihorizon/_validate.py: each message starts with the argument's name.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>

#include "pybind11.hpp"

namespace multihorizon::bindings {

// Aligned as well as C-contiguous: numpy can hand over a float32 or int64 buffer at any byte
// offset (a view into bytes), and reading one through a float* is undefined behaviour (found
// by UBSan under tests/test_native_fuzz.py). Conversion copies such an array.
inline constexpr int kAligned = py::detail::npy_api::NPY_ARRAY_ALIGNED_;
inline constexpr int kKernelLayout = py::array::c_style | py::array::forcecast | kAligned;
using FloatArray = py::array_t<float, kKernelLayout>;
using IdArray = py::array_t<std::int64_t, kKernelLayout>;
using DoubleArray = py::array_t<double, kKernelLayout>;

// isinstance<FloatArray> checks dtype and contiguity, not alignment: the in-place fast paths
// ask this too.
inline bool usable_in_place(py::handle value) {
  return (py::reinterpret_borrow<py::array>(value).flags() & kAligned) != 0;
}

// Turn ids and `current` stay below this, so `current - id` never overflows.
inline constexpr std::int64_t kMaxTurnId = std::int64_t{1} << 62;

// Work below this many multiply-adds finishes faster than a GIL hand-off costs, so the
// kernels keep the GIL for it; larger calls release it and let other threads run.
inline constexpr std::size_t kReleaseGilWork = std::size_t{1} << 16;

// Texts shorter than this scan for markers (and hash) in well under the cost of handing the
// GIL over: MarkerMatcher.find, TurnScanner and the settle keep it for them.
inline constexpr std::size_t kReleaseGilScanChars = std::size_t{1} << 14;

[[noreturn]] inline void value_error(const std::string& message) {
  throw py::value_error(message);
}

[[noreturn]] inline void type_error(const std::string& message) {
  throw py::type_error(message);
}

inline std::string type_name(py::handle value) {
  return Py_TYPE(value.ptr())->tp_name;
}

// A str's characters in place when it is compact ASCII (its bytes are its characters: no
// copy); nullopt for any other text, which the NumPy reference reads. Not a str: TypeError.
// The str is the caller's and immutable, so the view may be read with the GIL released.
inline std::optional<std::string_view> ascii_text(py::handle text) {
  if (!PyUnicode_Check(text.ptr())) type_error("text: expected str, got " + type_name(text));
  if (!PyUnicode_IS_ASCII(text.ptr())) return std::nullopt;
  return std::string_view(static_cast<const char*>(PyUnicode_DATA(text.ptr())),
                          static_cast<std::size_t>(PyUnicode_GET_LENGTH(text.ptr())));
}

// A word list passed as data (an iterable of str) as a set; `name` names the argument in the
// TypeError for an item that is not a str.
inline std::unordered_set<std::string> word_set(py::handle words, const std::string& name) {
  std::unordered_set<std::string> out;
  for (py::handle word : py::iter(words)) {
    if (!py::isinstance<py::str>(word)) type_error(name + ": expected str words");
    out.insert(word.cast<std::string>());
  }
  return out;
}

inline std::string format_real(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return py::str(py::float_(value));
}

inline bool is_bool(py::handle value) {
  return PyBool_Check(value.ptr()) || type_name(value) == "numpy.bool" ||
         type_name(value) == "numpy.bool_";
}

// A real-number array (kinds f, i, u) from any array-like.
inline py::array real_array(py::handle value, const std::string& name) {
  py::array array = py::array::ensure(value);
  if (!array) value_error(name + ": cannot be read as an array");
  const char kind = array.dtype().kind();
  if (kind != 'f' && kind != 'i' && kind != 'u') {
    value_error(name + ": dtype " + std::string(py::str(array.dtype())) +
                " is not a real number type");
  }
  return array;
}

// Converts to the target array type, raising the pending Python error if numpy fails.
template <class Target>
Target convert(const py::array& array) {
  Target converted = Target::ensure(array);
  if (!converted) throw py::error_already_set();
  return converted;
}

// Float32 input is used as is (no copy when C-contiguous). Other real dtypes are converted;
// values beyond float32's range become inf, which the finiteness checks then report as a
// ValueError, so numpy's overflow warning on the cast is silenced here.
inline FloatArray to_float32(const py::array& array) {
  if (array.dtype().kind() == 'f' && array.dtype().itemsize() == 4) {
    return convert<FloatArray>(array);
  }
  py::object errstate = py::module_::import("numpy").attr("errstate")(
      py::arg("over") = "ignore", py::arg("invalid") = "ignore");
  errstate.attr("__enter__")();
  FloatArray converted;
  try {
    converted = convert<FloatArray>(array);
  } catch (...) {
    errstate.attr("__exit__")(py::none(), py::none(), py::none());
    throw;
  }
  errstate.attr("__exit__")(py::none(), py::none(), py::none());
  return converted;
}

inline std::string ndim_message(const std::string& name, int wanted, py::ssize_t got) {
  return name + ": expected a " + std::to_string(wanted) + "-d array, got " +
         std::to_string(got) + "-d";
}

// True when every value is finite: the exponent bits of inf and NaN are all ones. Integer
// OR-reduction, so the compiler vectorises it (a float reduction it may not reorder).
inline bool all_finite(const float* data, std::size_t count) {
  std::uint32_t non_finite = 0;
  for (std::size_t j = 0; j < count; ++j) {
    std::uint32_t bits;
    std::memcpy(&bits, data + j, sizeof bits);
    non_finite |= static_cast<std::uint32_t>((bits & 0x7F800000u) == 0x7F800000u);
  }
  return non_finite == 0;
}

// The array itself when it already is C-contiguous float32 (the hot path: no numpy call, no
// copy); otherwise a checked conversion.
inline FloatArray float_array(py::handle value, const std::string& name) {
  if (py::isinstance<FloatArray>(value) && usable_in_place(value)) {
    return py::reinterpret_borrow<FloatArray>(value);
  }
  return to_float32(real_array(value, name));
}

// A 1-d float32 vector, its values not yet checked (for callers that check them in a pass
// they make anyway). Float32 C-contiguous input is used in place, never copied.
inline FloatArray float_vector_unchecked(py::handle value, const std::string& name) {
  FloatArray vector = float_array(value, name);
  if (vector.ndim() != 1) value_error(ndim_message(name, 1, vector.ndim()));
  return vector;
}

[[noreturn]] inline void non_finite_values(const std::string& name) {
  value_error(name + ": contains non-finite values (NaN or inf)");
}

// A 1-d finite float32 vector. Float32 C-contiguous input is used in place, never copied.
inline FloatArray float_vector(py::handle value, const std::string& name) {
  FloatArray vector = float_vector_unchecked(value, name);
  if (!all_finite(vector.data(), static_cast<std::size_t>(vector.shape(0)))) {
    non_finite_values(name);
  }
  return vector;
}

// A 2-d float32 row-major matrix with `columns` columns. Finiteness is checked by the
// kernel in the same pass that reads the rows (see CosineScorer), not in an extra pass.
inline FloatArray float_matrix(py::handle value, const std::string& name, py::ssize_t columns) {
  FloatArray matrix = float_array(value, name);
  if (matrix.ndim() != 2) value_error(ndim_message(name, 2, matrix.ndim()));
  if (matrix.shape(1) != columns) {
    value_error(name + ": has " + std::to_string(matrix.shape(1)) +
                " columns but the query has dimension " + std::to_string(columns));
  }
  return matrix;
}

[[noreturn]] inline void non_finite_row(const std::string& name, std::int64_t row) {
  value_error(name + ": contains non-finite values (NaN or inf) in row " + std::to_string(row));
}

// Raises for the first row of `matrix` holding a NaN or an infinity.
inline void check_finite_rows(const FloatArray& matrix, const std::string& name) {
  const auto columns = static_cast<std::size_t>(matrix.shape(1));
  for (py::ssize_t row = 0; row < matrix.shape(0); ++row) {
    if (!all_finite(matrix.data() + static_cast<std::size_t>(row) * columns, columns)) {
      non_finite_row(name, row);
    }
  }
}

// A 1-d int64 array from an integer array-like (other integer dtypes are converted).
inline IdArray integer_vector(py::handle value, const std::string& name, const char* what) {
  py::array array = real_array(value, name);
  const char kind = array.dtype().kind();
  if (kind != 'i' && kind != 'u' && array.size() != 0) {  // [] reads as float64
    value_error(name + ": expected " + what + ", got dtype " + std::string(py::str(array.dtype())));
  }
  if (array.ndim() != 1) value_error(ndim_message(name, 1, array.ndim()));
  return convert<IdArray>(array);
}

inline bool has_uint64_above(py::handle value, std::uint64_t limit) {
  py::array array = py::array::ensure(value);
  if (!array || array.dtype().kind() != 'u' || array.size() == 0) return false;
  return py::int_(array.attr("max")()).cast<std::uint64_t>() > limit;
}

inline IdArray turn_ids(py::handle value, const std::string& name) {
  if (py::isinstance<IdArray>(value) && usable_in_place(value)) {  // int64 ids, in place
    IdArray ids = py::reinterpret_borrow<IdArray>(value);
    if (ids.ndim() != 1) value_error(ndim_message(name, 1, ids.ndim()));
    return ids;
  }
  if (has_uint64_above(value, static_cast<std::uint64_t>(kMaxTurnId))) {
    value_error(name + ": ids must be in [0, current]");
  }
  return integer_vector(value, name, "integers");
}

// The message for ids outside [0, current], naming the smallest or largest offender as the
// reference backend does.
[[noreturn]] inline void turn_id_out_of_range(const std::string& name, const IdArray& ids,
                                              std::int64_t current) {
  const std::int64_t* data = ids.data();
  std::int64_t low = data[0], high = data[0];
  for (py::ssize_t i = 1; i < ids.shape(0); ++i) {
    low = std::min(low, data[i]);
    high = std::max(high, data[i]);
  }
  if (low < 0) value_error(name + ": ids must be >= 0, got " + std::to_string(low));
  value_error(name + ": id " + std::to_string(high) + " is after the current turn " +
              std::to_string(current));
}

// True for an instance of numpy.<type_name> (numpy.number, numpy.integer): the numpy scalars
// the reference accepts besides int and float.
inline bool is_numpy_scalar(py::handle value, const char* numpy_type) {
  const py::object type = py::module_::import("numpy").attr(numpy_type);
  const int found = PyObject_IsInstance(value.ptr(), type.ptr());
  if (found < 0) throw py::error_already_set();
  return found == 1;
}

// An int argument through __index__, as operator.index in the reference: never a bool; a
// TypeError from __index__ names the argument as the reference does, any other error from it
// passes through unchanged.
inline py::int_ index_arg(py::handle value, const std::string& name) {
  if (is_bool(value) || !PyIndex_Check(value.ptr())) {
    type_error(name + ": expected an int, got " + type_name(value));
  }
  PyObject* number = PyNumber_Index(value.ptr());
  if (number == nullptr) {
    if (!PyErr_ExceptionMatches(PyExc_TypeError)) throw py::error_already_set();
    PyErr_Clear();
    type_error(name + ": expected an int, got " + type_name(value));
  }
  return py::reinterpret_steal<py::int_>(number);
}

// Every id in [0, current], checked before any kernel runs (one branch-free pass).
inline void check_turn_ids(const IdArray& ids, std::int64_t current, const std::string& name) {
  const std::int64_t* data = ids.data();
  bool bad = false;
  for (py::ssize_t i = 0; i < ids.shape(0); ++i) bad |= (data[i] < 0) | (data[i] > current);
  if (bad) turn_id_out_of_range(name, ids, current);
}

inline std::int64_t integer_arg(py::handle value, const std::string& name) {
  const py::int_ number = index_arg(value, name);
  int overflow = 0;
  const long long result = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  if (overflow != 0) {
    value_error(name + ": " + std::string(py::str(number)) + " is out of range");
  }
  return result;
}

inline std::int64_t current_arg(py::handle value) {
  const std::int64_t current = integer_arg(value, "current");
  if (current < 0 || current >= kMaxTurnId) {
    value_error("current: must be in [0, 2**62), got " + std::to_string(current));
  }
  return current;
}

// A count >= 0. One past int64 is larger than any array, so it means "all of them", as
// the reference's slice [:k] has it, not an error.
inline std::size_t count_arg(py::handle value, const std::string& name) {
  const py::int_ number = index_arg(value, name);
  int overflow = 0;
  const long long count = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  if (overflow < 0 || (overflow == 0 && count < 0)) {
    value_error(name + ": must be >= 0, got " + std::string(py::str(number)));
  }
  if (overflow > 0) return std::numeric_limits<std::size_t>::max();
  return static_cast<std::size_t>(count);
}

// A thread id to match; one outside int64 matches no thread id, which -1 says.
inline std::int64_t thread_id_arg(py::handle value, const std::string& name) {
  const py::int_ number = index_arg(value, name);
  int overflow = 0;
  const long long id = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  return overflow != 0 ? -1 : id;
}

// int, float or a numpy number, never a bool, as the reference's as_real: an object that
// merely converts to float (Fraction, Decimal, a 0-d array) is refused, not guessed at.
inline double real_arg(py::handle value, const std::string& name) {
  const bool real = !is_bool(value) && (PyFloat_Check(value.ptr()) || PyLong_Check(value.ptr()) ||
                                        is_numpy_scalar(value, "number"));
  if (!real) type_error(name + ": expected a real number, got " + type_name(value));
  const double result = PyFloat_AsDouble(value.ptr());
  if (result == -1.0 && PyErr_Occurred()) {
    if (!PyErr_ExceptionMatches(PyExc_OverflowError)) throw py::error_already_set();
    PyErr_Clear();  // an int past float's range: as infinite as inf itself
    value_error(name + ": must be finite, got an int beyond float range");
  }
  if (!std::isfinite(result)) value_error(name + ": must be finite, got " + format_real(result));
  return result;
}

inline double half_life_arg(py::handle value) {
  const double half_life = real_arg(value, "half_life");
  if (!(half_life > 0.0)) value_error("half_life: must be > 0, got " + format_real(half_life));
  return half_life;
}

inline double unit_interval_arg(py::handle value, const std::string& name) {
  const double result = real_arg(value, name);
  if (result < 0.0 || result > 1.0) {
    value_error(name + ": must be in [0, 1], got " + format_real(result));
  }
  return result;
}

// A read-only view of a str's code points, straight from CPython's compact representation:
// no UTF-8 encoding, and offsets are code point indices, as Python's own.
struct TextView {
  int kind;
  const void* data;
  std::size_t length;
};

inline TextView text_view(py::handle value, const std::string& name) {
  if (!PyUnicode_Check(value.ptr())) {
    type_error(name + ": expected str, got " + type_name(value));
  }
#if PY_VERSION_HEX < 0x030C0000
  if (PyUnicode_READY(value.ptr()) != 0) throw py::error_already_set();
#endif
  return {PyUnicode_KIND(value.ptr()), PyUnicode_DATA(value.ptr()),
          static_cast<std::size_t>(PyUnicode_GET_LENGTH(value.ptr()))};
}

// Calls visit(const CharT* text, std::size_t length) with the str's code unit type.
template <class Visit>
decltype(auto) visit_text(const TextView& text, Visit&& visit) {
  switch (text.kind) {
    case PyUnicode_1BYTE_KIND:
      return visit(static_cast<const Py_UCS1*>(text.data), text.length);
    case PyUnicode_2BYTE_KIND:
      return visit(static_cast<const Py_UCS2*>(text.data), text.length);
    default:
      return visit(static_cast<const Py_UCS4*>(text.data), text.length);
  }
}

}  // namespace multihorizon::bindings
