// A core as a SystemC module: one clocked process runs the core's model for a quantum of cycles
// at a time (TLM-2.0 temporal decoupling), reaching RAM through per-page DMI pointers and the
// devices through blocking transport with the core's local time annotated. The model is either
// the functional ISS alone or the cycle-level pipeline driving it (sim.model).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "core/exec_trace.h"
#include "core/iss.h"
#include "core/kanata.h"
#include "core/pipeline/pipeline.h"
#include "mem/hierarchy.h"
#include "power/power.h"

namespace kasane {

struct CoreTiming {
  bool pipeline = false;  // false: the ISS alone, one instruction per context per cycle
  bool idle_skip = true;  // jump over cycles in which no context can run
  bool progress = false;  // print simulated cycles, speed and time left to stderr every second
  unsigned fetch_block = 32;  // flat memory: bytes fetch reads with one access
  PipelineConfig pipe;
  HierarchyConfig memory;
  PowerConfig power = default_power_config();
  ThermalConfig thermal = default_thermal_config();
  std::FILE* trace_file = nullptr;  // Kanata pipeline trace (its owner closes it), or none
  TraceWindow trace_window;
  std::FILE* exec_trace_file = nullptr;  // instruction trace (--trace), or none
  ExecTraceFlags exec_trace_flags;
  Symbolizer symbolize;  // pc -> "main+0x14" for the instruction trace
};

class Core : public sc_core::sc_module, public PhysMemory {
 public:
  enum class Stop { kNone, kGuest, kAllExited, kDeadlock, kMaxCycles };

  tlm_utils::simple_initiator_socket<Core> bus;

  // `max_cycles` = 0 means no limit.
  Core(sc_core::sc_module_name name, const IssConfig& cfg, const CoreTiming& timing,
       sc_core::sc_time period, uint64_t quantum, uint64_t max_cycles);

  Iss& iss() { return iss_; }
  const Iss& iss() const { return iss_; }
  Stop stop_reason() const { return stop_; }
  // Instructions context c has executed (retired architecturally).
  uint64_t retired(unsigned c) const;
  // The timing model's statistics (pipeline and memory hierarchy), null in ISS mode.
  nlohmann::json timing_stats() const;
  // Every counter of the core (stats/counter_set.h): each context's executed instructions
  // ("instret.C"), the pipeline's, the memory hierarchy's and the power model's.
  CounterSet counters() const;
  // counters(), with the ISS model's power charged up to now (for a region marker).
  CounterSet snapshot();
  // From counters over `cycles` cycles (a region's difference): {"pipeline": timing_stats()'s
  // figures (pipeline model only), "power": the energies and average power}. timing_stats() is
  // the same code on the whole run's counters.
  nlohmann::json report(const CounterSet& counters, uint64_t cycles) const;
  PowerModel& power() { return *power_; }
  const PowerModel& power() const { return *power_; }
  uint64_t check_failures() const { return pipeline_ ? pipeline_->check_failures() : 0; }
  std::string first_check_failure() const {
    return pipeline_ ? pipeline_->first_check_failure() : "";
  }

  // A region of interest begins or ends (sim-control): the pipeline trace may follow it.
  void region_marker(uint32_t id, bool begin, uint64_t cycle) {
    if (trace_) trace_->region_marker(id, begin, cycle);
    if (exec_trace_) exec_trace_->region_marker(id, begin, cycle);
  }
  // A trace follows a region or symbol that never came.
  bool trace_region_missed() const {
    return (trace_ && trace_->region_missed()) || (exec_trace_ && exec_trace_->window_missed());
  }

  uint8_t* ram_page(uint32_t ppn) override;
  bool io(uint32_t pa, unsigned size, bool write, uint32_t& data) override;

 private:
  void thread();
  nlohmann::json timing_report(const CounterSet& counters, uint64_t cycles) const;
  // Run the pipeline until `end` or a stop.
  void run_pipeline(uint64_t end);
  // Charge `cycles` cycles in the contexts' current states to the power model, with the memory
  // traffic below the L1s since the last call.
  void account_power(uint64_t cycles);
  // In the ISS model: the instructions executed since the last call, as power events.
  void account_iss_power();

  Iss iss_;
  IssCore functional_;
  std::unique_ptr<MemoryHierarchy> memory_;
  std::unique_ptr<KanataWriter> trace_;
  std::unique_ptr<ExecTrace> exec_trace_;
  std::unique_ptr<Pipeline> pipeline_;
  std::unique_ptr<PowerModel> power_;
  uint64_t l2_seen_ = 0, dram_seen_ = 0, instret_seen_ = 0;
  uint64_t iss_power_cycle_ = 0;  // ISS model: the cycle up to which power is charged
  uint64_t cycle_ = 0;  // the pipeline's clock (the ISS keeps its own in ISS mode)
  sc_core::sc_time period_;
  uint64_t quantum_, max_cycles_;
  bool idle_skip_;
  bool progress_;
  void report_progress();
  std::chrono::steady_clock::time_point start_, last_report_;
  uint64_t synced_cycle_ = 0;  // cycle at the last wait(): SystemC time in cycles
  Stop stop_ = Stop::kNone;
  std::unordered_map<uint32_t, uint8_t*> dmi_;  // ppn -> host page, nullptr if not RAM
};

}  // namespace kasane
