// Checkpoints of the whole machine (--checkpoint-at, --restore), as gem5's: the state is taken at
// a cycle boundary after the pipeline has retired what it executed, so it is the ISS's
// architectural state (the pipeline executes through the ISS, core/fast_forward.h), and a
// restored run goes on from it on either model. What a checkpoint holds, as one JSON tree
// (platform/checkpoint_file.h gives the file around it):
//
//   format, version   "kasane-sim checkpoint", kCheckpointVersion
//   config            the full effective config it was made under (Config::to_json)
//   cycle, model      the machine's cycle and the sim.model that ran up to it
//   cores             per core: Iss::save_state (contexts, TLB, clock)
//   ram               size, and pages: [[page number, 4096 bytes], ...] for non-zero pages only
//   devices           uart, simctl, blockdev, ipi: their save_state
//   counters          every counter of the machine so far (Machine::snapshot), by name
//
// What starts afresh on restore: the caches, predictor and pipeline (cold), and the counters of
// the timing and power models; the retired instructions, the cycle count, the regions, reports
// and the block device's figures go on.
#include <cstring>
#include <stdexcept>

#include "kasane/devices.h"
#include "platform/checkpoint_file.h"
#include "platform/exit_status.h"
#include "platform/platform.h"

namespace kasane {

namespace {

// Whether a config key is part of the machine a checkpoint's state belongs to (the schema says:
// KeySpec::machine). Timing keys (the model, the pipeline, the caches, latencies) may differ:
// restoring on another model is the point.
bool machine_key(const std::string& key) {
  const KeySpec* spec = find_key_spec(key);
  return spec != nullptr && spec->machine;
}

nlohmann::json::json_pointer pointer(const std::string& key) {
  std::string p = "/" + key;
  for (char& ch : p)
    if (ch == '.') ch = '/';
  return nlohmann::json::json_pointer(p);
}

// Counters whose value a restored run carries on (the ISS's instructions and the cycle), against
// the others, which start again from zero.
bool carried_on(const std::string& name) {
  return name == "cycles" || name.compare(0, 8, "instret.") == 0 ||
         name.find(".instret.") != std::string::npos;
}

}  // namespace

void Platform::check_checkpoint_config(const nlohmann::json& state, const Config& cfg,
                                       const std::string& path) {
  const std::string where = "--restore '" + path + "': ";
  nlohmann::json now = cfg.to_json();
  const nlohmann::json* then = state.contains("config") ? &state["config"] : nullptr;
  if (!then || !then->is_object())
    throw CheckpointError(exit_status::kBadInput, where + "corrupt: it has no config");
  const nlohmann::json schema = config_schema_json();  // kept alive for the loop
  for (const nlohmann::json& spec : schema.at("keys")) {
    const std::string key = spec.at("name").get<std::string>();
    if (!machine_key(key)) continue;
    const auto p = pointer(key);
    const nlohmann::json was = then->contains(p) ? then->at(p) : nlohmann::json();
    if (was != now.at(p))
      throw CheckpointError(exit_status::kConfig,
                            where + "it was made with " + key + " = " + was.dump() +
                                ", this machine has " + key + " = " + now.at(p).dump() +
                                " (a checkpoint restores only on the machine it was made on)");
  }
}

std::string Platform::save_checkpoint(nlohmann::json& summary) {
  nlohmann::json cores = nlohmann::json::array();
  for (unsigned k = 0; k < machine_->num_cores(); ++k)
    cores.push_back(machine_->core(k).iss().save_state());
  nlohmann::json pages = nlohmann::json::array();
  static const uint8_t kZeros[Ram::kPageSize] = {};
  for (uint64_t off = 0; off < ram_->size(); off += Ram::kPageSize) {
    const uint8_t* page = ram_->touched_page(static_cast<uint32_t>(off));
    if (!page || std::memcmp(page, kZeros, Ram::kPageSize) == 0) continue;
    pages.push_back({off / Ram::kPageSize,
                     nlohmann::json::binary(std::vector<uint8_t>(page, page + Ram::kPageSize))});
  }
  const nlohmann::json blockdev = blockdev_->save_state();
  summary = {{"version", kCheckpointVersion},
             {"cycle", machine_->core(0).iss().cycle()},
             {"ram_pages", pages.size()},
             {"disk_request_in_flight",
              (checked<uint32_t>(blockdev.at("registers").at(3)) & KASANE_BLK_STATUS_BUSY) != 0}};
  nlohmann::json counters = nlohmann::json::object();
  machine_->snapshot().for_each(
      [&](const std::string& name, uint64_t n, double x) { counters[name] = {n, x}; });
  return encode_checkpoint({{"format", "kasane-sim checkpoint"},
                            {"version", kCheckpointVersion},
                            {"config", cfg_.to_json()},
                            {"cycle", machine_->core(0).iss().cycle()},
                            {"model", cfg_.get_string("sim.model")},
                            {"cores", cores},
                            {"ram", {{"size", ram_->size()}, {"pages", pages}}},
                            {"devices",
                             {{"uart", uart_->save_state()},
                              {"simctl", simctl_->save_state()},
                              {"blockdev", blockdev},
                              {"ipi", ipi_->save_state()}}},
                            {"counters", counters}});
}

void Platform::restore_checkpoint(const nlohmann::json& state, const std::string& path) {
  try {
    const nlohmann::json& cores = state.at("cores");
    if (cores.size() != machine_->num_cores())
      throw std::invalid_argument("it has " + std::to_string(cores.size()) + " cores");
    const nlohmann::json& ram = state.at("ram");
    if (checked<uint64_t>(ram.at("size")) != ram_->size())
      throw std::invalid_argument("its RAM is of another size");
    for (const nlohmann::json& p : ram.at("pages")) {
      const uint64_t page = checked<uint64_t>(p.at(0));
      const std::vector<uint8_t>& bytes = p.at(1).get_binary();
      if (page >= ram_->size() / Ram::kPageSize || bytes.size() != Ram::kPageSize)
        throw std::invalid_argument("a RAM page lies outside RAM or is not 4096 bytes");
      ram_->write(static_cast<uint32_t>(page * Ram::kPageSize), bytes.data(), bytes.size());
    }
    for (unsigned k = 0; k < machine_->num_cores(); ++k) {
      machine_->core(k).iss().restore_state(cores[k]);
      machine_->core(k).restored();
    }
    const nlohmann::json& devices = state.at("devices");
    uart_->restore_state(devices.at("uart"));
    simctl_->restore_state(devices.at("simctl"));
    blockdev_->restore_state(devices.at("blockdev"));
    ipi_->restore_state(devices.at("ipi"));
    CounterSet lost;
    for (const auto& item : state.at("counters").items())
      if (!carried_on(item.key())) {
        lost.set(item.key(), checked<uint64_t>(item.value().at(0)));
        lost.set_real(item.key(), item.value().at(1).get<double>());
      }
    simctl_->rebase_open_regions(lost);
  } catch (const nlohmann::json::exception& e) {
    throw CheckpointError(exit_status::kBadInput,
                          "--restore '" + path + "': corrupt: " + std::string(e.what()));
  } catch (const std::out_of_range& e) {
    throw CheckpointError(exit_status::kBadInput, "--restore '" + path + "': corrupt: " + e.what());
  } catch (const std::invalid_argument& e) {
    throw CheckpointError(exit_status::kBadInput,
                          "--restore '" + path + "': it does not fit this machine: " + e.what());
  }
}

}  // namespace kasane
