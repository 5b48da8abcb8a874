// stats.json: what a run produced, for the analysis tools. It carries a schema version, the full
// effective config (so every number can be traced to the machine that produced it), the outcome,
// cycles, retired instructions per context and each region of interest (since version 2 with every
// pipeline, memory and power figure of the region, the entries of one id accumulated). Host-timing
// fields are grouped under "host" so that determinism checks can drop them.
#pragma once

#include <nlohmann/json.hpp>

#include "platform/config.h"
#include "platform/platform.h"

namespace kasane {

constexpr int kStatsSchemaVersion = 2;

nlohmann::json make_stats(const Config& cfg, const RunResult& r, double host_seconds);

}  // namespace kasane
