// Ranked rows as the Python API returns them; shared by the similarity and scoring bindings.
#pragma once

#include <vector>

#include "multihorizon/similarity.hpp"
#include "pybind11.hpp"

namespace multihorizon::bindings {

// (row indices int64, scores float32), best first. Defined in register_similarity.cpp.
py::tuple ranked_to_arrays(const std::vector<Ranked>& rows);

}  // namespace multihorizon::bindings
