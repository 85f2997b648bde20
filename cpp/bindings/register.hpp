// One register_<area> per binding file, each called once by module.cpp.
#pragma once

#include "multihorizon/markers.hpp"
#include "pybind11.hpp"

namespace multihorizon::bindings {

void register_markers(py::module_& m);
void register_similarity(py::module_& m);
void register_decay(py::module_& m);
void register_score(py::module_& m);
void register_hashing(py::module_& m);
void register_lexical(py::module_& m);
void register_intent(py::module_& m);
void register_settle(py::module_& m);
void register_packing(py::module_& m);
void register_tier_p(py::module_& m);
void register_threads(py::module_& m);
void register_persons(py::module_& m);
void register_terms(py::module_& m);
void register_turn_cues(py::module_& m);  // after register_persons: it takes a StanceReader

// A scan's hits as a list of (category, phrase, start, end) tuples (register_markers.cpp).
py::list hits_to_list(const std::vector<MarkerHit>& hits);

// The automaton of a MarkerMatcher's `phrases` argument, checked as MarkerMatcher checks it
// (register_markers.cpp); TurnScanner builds on it.
MarkerAutomaton make_automaton(py::handle phrases);

}  // namespace multihorizon::bindings
