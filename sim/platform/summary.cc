// See summary.h.
#include "platform/summary.h"

#include <cstdio>

namespace kasane {
namespace {

double ratio(uint64_t a, uint64_t b) {
  return b ? static_cast<double>(a) / static_cast<double>(b) : 0.0;
}

// 1234567 -> "1,234,567": the figures are read by people here, not parsed.
std::string grouped(uint64_t v) {
  std::string s = std::to_string(v);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3)
    s.insert(static_cast<size_t>(i), ",");
  return s;
}

}  // namespace

nlohmann::json run_summary(const RunResult& r) {
  using nlohmann::json;
  if (!r.processes.is_array() || r.processes.empty()) return nullptr;
  json programs = json::array();
  uint64_t others = 0;
  for (const json& p : r.processes) {
    if (p.value("parent", 0u) != 0) {  // started by a program, not by the kernel at boot
      ++others;
      continue;
    }
    const uint64_t created = p.value("created_cycle", uint64_t{0});
    // A process that had not ended when the run did ran up to the run's last cycle.
    const json& exited = p["exited_cycle"];
    const uint64_t ended = exited.is_number() ? exited.get<uint64_t>() : r.cycles;
    const uint64_t cycles = ended > created ? ended - created : 0;
    const uint64_t retired = p.value("retired", uint64_t{0});
    programs.push_back({{"pid", p["pid"]},
                        {"name", p["name"]},
                        {"exit_status", p["exit_status"]},
                        {"cycles", cycles},
                        {"retired", retired},
                        {"ipc", ratio(retired, cycles)}});
  }
  uint64_t retired = 0;
  for (const ContextReport& c : r.contexts) retired += c.retired;
  return {{"programs", programs},
          {"processes_started", others},
          {"whole_run",
           {{"cycles", r.cycles},
            {"retired", retired},
            {"ipc", ratio(retired, r.cycles)},
            {"includes_boot", true}}}};
}

std::string summary_text(const nlohmann::json& summary) {
  std::string out;
  char ipc[32];
  for (const nlohmann::json& p : summary["programs"]) {
    std::snprintf(ipc, sizeof ipc, "%.3f", p["ipc"].get<double>());
    out += "kasane-sim: " + p["name"].get<std::string>() + " (pid " +
           std::to_string(p["pid"].get<uint32_t>()) + "): " + grouped(p["cycles"].get<uint64_t>()) +
           " cycles from its start to its exit, " + grouped(p["retired"].get<uint64_t>()) +
           " instructions, IPC " + ipc + "\n";
  }
  if (const uint64_t n = summary["processes_started"].get<uint64_t>(); n > 0)
    out += "kasane-sim: and " + std::to_string(n) + " process" + (n == 1 ? "" : "es") +
           " they started (stats.json \"processes\")\n";
  const nlohmann::json& w = summary["whole_run"];
  std::snprintf(ipc, sizeof ipc, "%.3f", w["ipc"].get<double>());
  out += "kasane-sim: the whole run, the kernel's boot included: " +
         grouped(w["cycles"].get<uint64_t>()) + " cycles, " +
         grouped(w["retired"].get<uint64_t>()) + " instructions, IPC " + ipc + "\n";
  return out;
}

}  // namespace kasane
