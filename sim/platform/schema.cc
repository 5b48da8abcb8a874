// The one table of every kasane-sim config key: type, default, unit, range or choices and a
// one-line description. The loader, --set, --help-config, the JSON dump and the platform header all
// read this table, so a new key is one new row here (plus a cross-key check in Config::validate()
// if it relates to other keys).
#include <cstring>

#include "config.h"

namespace kasane {

namespace {

// Bounds for keys whose range is "any 32-bit value" or "effectively unbounded".
constexpr double kU32Max = 4294967295.0;    // 0xffffffff
constexpr double kCycleMax = 4611686018427387904.0;  // 2^62: no overflow when adding a quantum
// Device bases are physical addresses reachable through kseg1 (0..0x1fffffff) and each device
// window is one 4 KiB page, so the highest base is 0x1ffff000. Alignment, overlap and the
// collision with RAM are cross-key checks in Config::validate().
constexpr double kDevBaseMax = 0x1ffff000;

}  // namespace

const std::vector<KeySpec>& config_schema() {
  static const std::vector<KeySpec> schema = {
      // --- core
      {"core.contexts", KeyType::Int, "4", "contexts",
       "hardware contexts (architecture threads) per core", 1, 16, {}},
      {"core.smp_start", KeyType::Bool, "false", "-",
       "start every context at the kernel entry (SMP-style); otherwise only context 0 runs and "
       "the rest stay parked",
       0, 0, {}},
      {"core.clock_ghz", KeyType::Float, "1.0", "GHz", "core clock; converts cycles to seconds",
       0.001, 100, {}},
      {"core.tlb_entries", KeyType::Int, "32", "entries",
       "joint TLB entries (4 KiB pages, even/odd pairs) shared by the contexts of a core", 1, 64,
       {}},
      {"core.prid", KeyType::Int, "0x00019300", "-", "value of CP0 PRId", 0, kU32Max, {}},
      // --- memory
      {"memory.ram_size", KeyType::Int, "268435456", "bytes",
       "RAM: below the device window at physical 0, the rest from 0x20000000; host memory is "
       "allocated only for pages the guest touches",
       1048576, 2147483648.0, {}},
      // --- platform
      {"platform.uart_base", KeyType::Int, "0x1f000000", "address",
       "physical base of the UART (console)", 0, kDevBaseMax, {}},
      {"platform.simctl_base", KeyType::Int, "0x1f001000", "address",
       "physical base of the sim-control device", 0, kDevBaseMax, {}},
      {"platform.blockdev_base", KeyType::Int, "0x1f002000", "address",
       "physical base of the block device (arrives later; reserved now)", 0, kDevBaseMax, {}},
      {"platform.sensor_base", KeyType::Int, "0x1f003000", "address",
       "physical base of the power and thermal sensor (arrives later; reserved now)", 0,
       kDevBaseMax, {}},
      // --- sim
      {"sim.model", KeyType::String, "iss", "-",
       "the core model: iss = functional, one instruction per context per cycle", 0, 0, {"iss"}},
      {"sim.max_cycles", KeyType::Int, "0", "cycles",
       "stop with an error after this many cycles (0 = no limit)", 0, kCycleMax, {}},
      {"sim.quantum", KeyType::Int, "1000", "cycles",
       "cycles a core runs ahead of SystemC time between synchronisations (TLM temporal "
       "decoupling)",
       1, 1000000, {}},
  };
  return schema;
}

const KeySpec* find_key_spec(const std::string& key) {
  for (const KeySpec& spec : config_schema()) {
    if (key == spec.key) return &spec;
  }
  return nullptr;
}

}  // namespace kasane
