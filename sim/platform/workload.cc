// See workload.h.
#include "platform/workload.h"

#include <filesystem>

#include <toml++/toml.h>

#include "platform/exit_status.h"
#include "platform/input_file.h"

namespace kasane {

namespace {

constexpr uint64_t kMaxWorkloadBytes = 1 << 20;

// "FILE:LINE" of a node, or FILE if it has no position.
std::string where(const std::string& path, const toml::source_region& src) {
  if (!src.begin) return path;
  return path + ":" + std::to_string(src.begin.line);
}

// A list of strings at key `key` of entry `what`: its elements, or an error naming them.
std::vector<std::string> strings(const toml::node& node, const std::string& at,
                                 const std::string& key) {
  const toml::array* a = node.as_array();
  if (!a) throw WorkloadError(exit_status::kConfig, at + ": " + key + " must be a list of strings");
  std::vector<std::string> out;
  for (const toml::node& e : *a) {
    const auto* s = e.as_string();
    if (!s)
      throw WorkloadError(exit_status::kConfig, at + ": " + key + " must be a list of strings, " +
                                                    "and element " + std::to_string(out.size()) +
                                                    " is not a string");
    out.push_back(s->get());
  }
  return out;
}

}  // namespace

std::vector<WorkloadProcess> load_workload(const std::string& path, unsigned cpus,
                                           unsigned max_processes) {
  std::string text;
  try {
    std::vector<uint8_t> bytes = read_input_file(path, kMaxWorkloadBytes);
    text.assign(bytes.begin(), bytes.end());
  } catch (const std::runtime_error& e) {
    throw WorkloadError(exit_status::kNoInput, "--workload '" + path + "': " + e.what());
  }
  toml::table root;
  try {
    root = toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    throw WorkloadError(exit_status::kConfig, where(path, e.source()) + ": TOML parse error: " +
                                                  std::string(e.description()));
  }
  for (auto&& [k, node] : root)
    if (k.str() != "process")
      throw WorkloadError(exit_status::kConfig,
                          where(path, node.source()) + ": unknown key '" + std::string(k.str()) +
                              "' (a workload file has [[process]] tables only)");
  const toml::array* list = root["process"].as_array();
  if (root["process"] && !list)
    throw WorkloadError(exit_status::kConfig,
                        where(path, root["process"].node()->source()) +
                            ": process must be [[process]] tables, one per program");
  if (!list || list->empty())
    throw WorkloadError(exit_status::kConfig,
                        path + ": no [[process]] table: a workload needs one program at least");
  if (list->size() > max_processes)
    throw WorkloadError(exit_status::kConfig,
                        path + ": " + std::to_string(list->size()) + " [[process]] tables, the " +
                            "kernel starts " + std::to_string(max_processes) + " at most");
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  std::vector<WorkloadProcess> out;
  for (const toml::node& entry : *list) {
    const std::string at =
        where(path, entry.source()) + ": [[process]] " + std::to_string(out.size() + 1);
    const toml::table* t = entry.as_table();
    if (!t) throw WorkloadError(exit_status::kConfig, at + ": process must be a table");
    WorkloadProcess p;
    for (auto&& [k, v] : *t) {
      const std::string key(k.str());
      if (key == "program") {
        const auto* s = v.as_string();
        if (!s || s->get().empty())
          throw WorkloadError(exit_status::kConfig, at + ": program must be a path");
        std::filesystem::path prog(s->get());
        p.program = (prog.is_absolute() || dir.empty() ? prog : dir / prog).string();
      } else if (key == "args") {
        p.args = strings(v, at, key);
      } else if (key == "env") {
        p.env = strings(v, at, key);
      } else if (key == "cpu") {
        const auto* n = v.as_integer();
        if (!n) throw WorkloadError(exit_status::kConfig, at + ": cpu must be an integer");
        if (n->get() < 0 || n->get() >= static_cast<int64_t>(cpus))
          throw WorkloadError(exit_status::kConfig,
                              at + ": cpu " + std::to_string(n->get()) + " is out of range: " +
                                  "the kernel runs on CPUs 0.." + std::to_string(cpus - 1) +
                                  " (core * contexts + context; every core's with " +
                                  "core.smp_start)");
        p.cpu = static_cast<int>(n->get());
      } else if (key == "name") {
        const auto* s = v.as_string();
        if (!s || s->get().empty() || s->get().size() > kWorkloadNameMax)
          throw WorkloadError(exit_status::kConfig,
                              at + ": name must be a string of 1 to " +
                                  std::to_string(kWorkloadNameMax) + " characters");
        p.name = s->get();
      } else {
        throw WorkloadError(exit_status::kConfig,
                            at + ": unknown key '" + key +
                                "' (allowed: program, args, env, cpu, name)");
      }
    }
    if (p.program.empty())
      throw WorkloadError(exit_status::kConfig, at + ": no program (the ELF file to run)");
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace kasane
