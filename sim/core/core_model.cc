// See core_model.h.
#include "core/core_model.h"

#include <stdexcept>

namespace kasane {

ModelKind parse_model(const std::string& name) {
  if (name == "iss") return ModelKind::kIss;
  if (name == "pipeline") return ModelKind::kPipeline;
  if (name == "o3") return ModelKind::kO3;
  throw std::invalid_argument("unknown core model '" + name + "' (pipeline, iss or o3)");
}

}  // namespace kasane
