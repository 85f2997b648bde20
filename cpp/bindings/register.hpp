// One register_<area> per binding file, each called once by module.cpp.
#pragma once

#include "pybind11.hpp"

namespace multihorizon::bindings {

void register_markers(py::module_& m);
void register_similarity(py::module_& m);
void register_decay(py::module_& m);
void register_score(py::module_& m);
void register_hashing(py::module_& m);
void register_lexical(py::module_& m);

}  // namespace multihorizon::bindings
