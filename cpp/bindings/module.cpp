// multihorizon._core: the compiled kernels. Users import multihorizon.kernels, which picks
// this module or a fallback (see src/multihorizon/_backend.py).
#include <string>

#include "multihorizon/simd.hpp"
#include "multihorizon/unicode_tables.hpp"
#include "pybind11.hpp"
#include "register.hpp"

PYBIND11_MODULE(_core, m) {
  using namespace multihorizon;
  m.doc() = "Compiled kernels of multihorizon (private: use multihorizon.kernels).";
  bindings::register_markers(m);
  bindings::register_similarity(m);
  bindings::register_decay(m);
  bindings::register_score(m);
  bindings::register_hashing(m);
  bindings::register_lexical(m);
  bindings::register_intent(m);
  bindings::register_settle(m);  // after register_intent: it takes a TurnScanner
  bindings::register_packing(m);
  bindings::register_tier_p(m);
  bindings::register_threads(m);
  bindings::register_persons(m);
  bindings::register_terms(m);
  bindings::register_turn_cues(m);
  m.attr("UNICODE_VERSION") = unicode_data::kUnicodeVersion;
  m.def(
      "_simd_level", [] { return simd::level_name(simd::active_level().load()); },
      "The widest SIMD path in use: 'avx512', 'avx2' or 'generic'.");
  m.def(
      "_set_simd_level",
      [](const std::string& name) {
        const simd::Level best = simd::cpu_level();
        simd::Level wanted = best;
        if (name == "generic") {
          wanted = simd::Level::kGeneric;
        } else if (name == "avx2") {
          wanted = simd::Level::kAvx2;
        } else if (name == "avx512") {
          wanted = simd::Level::kAvx512;
        } else if (name != "best") {
          throw py::value_error("simd level must be 'best', 'avx512', 'avx2' or 'generic', got '" +
                                name + "'");
        }
        if (static_cast<int>(wanted) > static_cast<int>(best)) {
          throw py::value_error("this CPU does not run the '" + name + "' kernels");
        }
        simd::active_level().store(wanted);
      },
      py::arg("name"),
      "Test hook: run the kernels of one SIMD level ('best' restores the CPU's widest).");
  m.def(
      "_use_generic_simd",
      [](bool generic) {
        simd::active_level().store(generic ? simd::Level::kGeneric : simd::cpu_level());
      },
      py::arg("generic"), "Test hook: force the portable kernels (True) or the CPU's best (False).");
}
