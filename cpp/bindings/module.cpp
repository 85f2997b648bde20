// multihorizon._core: the compiled kernels. Users import multihorizon.kernels, which picks
// this module or a fallback (see src/multihorizon/_backend.py).
#include "multihorizon/simd.hpp"
#include "multihorizon/unicode_tables.hpp"
#include "pybind11.hpp"

namespace multihorizon::bindings {
void register_markers(py::module_& m);
void register_similarity(py::module_& m);
void register_decay(py::module_& m);
void register_score(py::module_& m);
void register_hashing(py::module_& m);
}  // namespace multihorizon::bindings

PYBIND11_MODULE(_core, m) {
  using namespace multihorizon;
  m.doc() = "Compiled kernels of multihorizon (private: use multihorizon.kernels).";
  bindings::register_markers(m);
  bindings::register_similarity(m);
  bindings::register_decay(m);
  bindings::register_score(m);
  bindings::register_hashing(m);
  m.attr("UNICODE_VERSION") = unicode_data::kUnicodeVersion;
  m.def("_simd_level", &simd::level, "The SIMD path in use: 'avx2' or 'generic'.");
  m.def(
      "_use_generic_simd", [](bool generic) { simd::use_avx2().store(!generic && simd::cpu_has_avx2()); },
      py::arg("generic"), "Test hook: force the portable kernels (True) or the CPU's best (False).");
}
