#include "multihorizon/decay.hpp"
#include "pybind11.hpp"
#include "register.hpp"
#include "validate.hpp"

namespace multihorizon::bindings {

namespace {

py::array_t<float> recency_weights(py::handle turn_ids, py::handle current, py::handle half_life) {
  const std::int64_t now = current_arg(current);
  const IdArray ids = multihorizon::bindings::turn_ids(turn_ids, "turn_ids");
  check_turn_ids(ids, now, "turn_ids");
  const double life = half_life_arg(half_life);
  const auto count = static_cast<std::size_t>(ids.shape(0));
  py::array_t<float> weights(static_cast<py::ssize_t>(count));
  const RecencyDecay decay(now, life);
  std::int64_t bad;
  if (count >= kReleaseGilWork) {
    py::gil_scoped_release release;  // safe: reads and writes numpy buffers only
    bad = decay.weights(ids.data(), count, weights.mutable_data());
  } else {
    bad = decay.weights(ids.data(), count, weights.mutable_data());
  }
  if (bad >= 0) turn_id_out_of_range("turn_ids", ids, now);
  return weights;
}

}  // namespace

void register_decay(py::module_& m) {
  m.def("recency_weights", &recency_weights, py::arg("turn_ids"), py::arg("current"),
        py::arg("half_life"),
        "0.5 ** ((current - turn_ids) / half_life) as float32 (SPEC-028 §3.2).");
}

}  // namespace multihorizon::bindings
