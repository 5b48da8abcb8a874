// See stats.h.
#include "platform/stats.h"

#include <sys/resource.h>

namespace kasane {

nlohmann::json make_stats(const Config& cfg, const RunResult& r, double host_seconds) {
  using nlohmann::json;
  json j;
  j["schema_version"] = kStatsSchemaVersion;
  j["config"] = cfg.to_json();
  j["outcome"] = outcome_name(r.outcome);
  j["exit_status"] = r.exit_status;
  if (!r.guest_error.empty()) j["guest_error"] = r.guest_error;
  j["cycles"] = r.cycles;
  uint64_t total = 0;
  json ctxs = json::array();
  for (const ContextReport& c : r.contexts) {
    ctxs.push_back({{"id", c.id}, {"retired", c.retired}, {"state", context_state_name(c.state)}});
    total += c.retired;
  }
  j["contexts"] = ctxs;
  j["retired"] = total;
  j["ipc"] = r.cycles ? static_cast<double>(total) / static_cast<double>(r.cycles) : 0.0;
  json rois = json::array();
  for (const RegionOfInterest& roi : r.regions) {
    json per = json::array();
    for (size_t i = 0; i < roi.begin_retired.size(); ++i)
      per.push_back(roi.closed ? roi.end_retired[i] - roi.begin_retired[i] : 0);
    rois.push_back({{"id", roi.id},
                    {"closed", roi.closed},
                    {"begin_cycle", roi.begin_cycle},
                    {"end_cycle", roi.end_cycle},
                    {"cycles", roi.closed ? roi.end_cycle - roi.begin_cycle : 0},
                    {"retired", per}});
  }
  j["regions"] = rois;
  json reports = json::object();
  for (const Report& rep : r.reports) reports[rep.name] = rep.value;
  j["reports"] = reports;
  if (!r.timing.is_null()) j["pipeline"] = r.timing;
  j["power"] = r.power;
  j["blockdev"] = r.blockdev;
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  j["host"] = {{"seconds", host_seconds},
               {"peak_rss_kib", usage.ru_maxrss},
               {"cycles_per_second", host_seconds > 0 ? r.cycles / host_seconds : 0.0},
               {"ram_pages_touched", r.ram_pages_touched}};
  return j;
}

}  // namespace kasane
