#include <vector>

#include "multihorizon/hashing.hpp"
#include "pybind11.hpp"
#include "register.hpp"
#include "validate.hpp"

namespace multihorizon::bindings {

namespace {

// Total characters below which embedding is quicker than a GIL hand-off.
constexpr std::size_t kReleaseGilChars = 4096;

std::size_t dim_arg(py::handle dim) {
  const std::size_t value = count_arg(dim, "dim");
  if (value < 1 || value > (std::size_t{1} << 24)) {
    value_error("dim: must be in [1, 2**24], got " + std::to_string(value));
  }
  return value;
}

py::array_t<float> hash_embed(py::handle texts, py::handle dim_value, py::handle skip_value) {
  // `items` keeps every str alive while the GIL is released below.
  py::list items;
  const bool single = PyUnicode_Check(texts.ptr());
  if (single) {
    items.append(texts);
  } else if (PyBytes_Check(texts.ptr()) || PyByteArray_Check(texts.ptr())) {
    type_error("texts: expected str or a sequence of str, got bytes (decode it first)");
  } else if (!py::isinstance<py::iterable>(texts)) {
    type_error("texts: expected str or a sequence of str, got " + type_name(texts));
  } else {
    items = py::list(py::reinterpret_borrow<py::object>(texts));
  }
  std::vector<TextView> views;
  std::size_t total_chars = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!PyUnicode_Check(items[i].ptr())) {
      type_error("texts[" + std::to_string(i) + "]: expected str, got " + type_name(items[i]));
    }
    views.push_back(text_view(items[i], "texts"));
    total_chars += views.back().length;
  }
  const std::size_t dim = dim_arg(dim_value);
  if (!PyBool_Check(skip_value.ptr())) {
    type_error("skip_function_words: expected True or False, got " + type_name(skip_value));
  }
  const bool skip_function_words = skip_value.ptr() == Py_True;
  std::vector<py::ssize_t> shape{static_cast<py::ssize_t>(dim)};
  if (!single) shape.insert(shape.begin(), static_cast<py::ssize_t>(views.size()));
  py::array_t<float> out(shape);
  float* data = out.mutable_data();
  auto embed_all = [&]() {
    std::vector<double> accumulator(dim);
    for (std::size_t row = 0; row < views.size(); ++row) {
      visit_text(views[row], [&](const auto* text, std::size_t length) {
        hash_embed_one(text, length, dim, accumulator.data(), data + row * dim,
                       skip_function_words);
      });
    }
  };
  if (total_chars >= kReleaseGilChars) {
    // Safe: `items` holds every str alive, str buffers are immutable, `out` is ours.
    py::gil_scoped_release release;
    embed_all();
  } else {
    embed_all();
  }
  return out;
}

}  // namespace

void register_hashing(py::module_& m) {
  m.def("hash_embed", &hash_embed, py::arg("texts"), py::arg("dim") = 384, py::kw_only(),
        py::arg("skip_function_words") = false,
        "Signed feature-hashing embedding: (dim,) for a str, (n, dim) for a sequence of str; "
        "with skip_function_words, function words add no feature (see _kernels_py).");
}

}  // namespace multihorizon::bindings
