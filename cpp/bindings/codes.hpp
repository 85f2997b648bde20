// The int8 copy's arguments as score_turns_int8 takes them (register_score.cpp) and Tier P's
// fused stage reads them (register_tier_p.cpp): codes in place in row or column layout, and
// the per-row scales.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "pybind11.hpp"
#include "validate.hpp"

namespace multihorizon::bindings {

using CodeArray = py::array_t<std::int8_t, kKernelLayout>;

// A 2-d int8 matrix with `columns` columns (quantize_rows' codes), used in place when
// C-contiguous. Other integer dtypes are refused, not narrowed: codes come from quantize_rows.
inline py::array checked_int8_codes(py::handle value, const std::string& name, py::ssize_t columns) {
  py::array raw = real_array(value, name);
  if (raw.dtype().kind() != 'i' || raw.dtype().itemsize() != 1) {
    value_error(name + ": expected int8 codes (from quantize_rows), got dtype " +
                std::string(py::str(raw.dtype())));
  }
  if (raw.ndim() != 2) value_error(ndim_message(name, 2, raw.ndim()));
  if (raw.shape(1) != columns) {
    value_error(name + ": has " + std::to_string(raw.shape(1)) +
                " columns but the query has dimension " + std::to_string(columns));
  }
  return raw;
}

// score_turns_int8's and retrieve_turns' codes, in place when row by row (C-contiguous) or
// column by column (strides (1, s >= rows): the transposed view of a (dim, capacity) buffer,
// as TurnLog and Tier P's exact search keep sparse codes); any other layout is copied row by
// row. `keep` holds the array the pointer reads.
// Hidden, as pybind11 is: a field holds a py::array.
struct __attribute__((visibility("hidden"))) LogCodes {
  py::array keep;
  const std::int8_t* data;
  std::size_t column_stride;  // 0: row by row
};

inline LogCodes log_codes(py::handle value, py::ssize_t columns) {
  py::array raw = checked_int8_codes(value, "codes", columns);
  const bool row_major = (raw.flags() & py::array::c_style) != 0;
  if (!row_major && raw.strides(0) == 1 && raw.strides(1) >= raw.shape(0)) {
    const auto* data = static_cast<const std::int8_t*>(raw.data());
    return {raw, data, static_cast<std::size_t>(raw.strides(1))};
  }
  CodeArray rows = convert<CodeArray>(raw);
  const std::int8_t* data = rows.data();
  return {std::move(rows), data, 0};
}

inline FloatArray row_scales(py::handle value, std::size_t rows) {
  py::array raw = real_array(value, "scales");
  if (raw.ndim() != 1 || static_cast<std::size_t>(raw.shape(0)) != rows) {
    value_error("scales: expected shape (" + std::to_string(rows) + ",), got " +
                std::string(py::str(raw.attr("shape"))));
  }
  FloatArray scales = to_float32(raw);
  if (!all_finite(scales.data(), rows)) non_finite_values("scales");
  return scales;
}

}  // namespace multihorizon::bindings
