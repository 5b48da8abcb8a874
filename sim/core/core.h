// A core as a SystemC module: its contexts, its model (sim.model: the functional ISS alone or a
// timing model driving it, core_model.h), its private L1s and TLB and its power node. It has no process
// of its own: the machine's clock (platform/machine.h) advances it, reaching RAM through per-page
// DMI pointers and the devices through blocking transport with the core's local time annotated.
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

#include "core/core_model.h"
#include "core/core_power.h"
#include "core/exec_trace.h"
#include "core/fast_forward.h"
#include "core/iss.h"
#include "core/kanata.h"
#include "core/o3/o3_core.h"
#include "core/pipeline/pipeline.h"
#include "mem/hierarchy.h"
#include "power/package_thermal.h"
#include "power/power.h"

namespace kasane {

class KernelCoverage;  // core/kcov.h

struct CoreTiming {
  ModelKind model = ModelKind::kIss;  // the ISS alone, one instruction per context per cycle
  bool idle_skip = true;  // jump over cycles in which no context can run
  unsigned fetch_block = 32;  // flat memory: bytes fetch reads with one access
  PipelineConfig pipe;
  O3Config o3;  // sim.model = o3 (its `front` is `pipe`)
  HierarchyConfig memory;
  PowerConfig power = default_power_config();
  ThermalConfig thermal = default_thermal_config();
  // Several cores: how their dies sit on the one shared spreader (sim/power/package_power.h).
  PackageLayout thermal_layout = PackageLayout::kRow;
  double thermal_lateral_r = 66.7;  // K/W between adjacent dies
  std::FILE* trace_file = nullptr;  // Kanata pipeline trace (its owner closes it), or none
  // Several cores: instead of a file, the writer of core 0's trace, which every core's pipeline
  // writes into (one file, ids unique across cores; Machine names the core before each advance).
  KanataWriter* trace_writer = nullptr;
  TraceWindow trace_window;
  std::FILE* exec_trace_file = nullptr;  // instruction trace (--trace), or none
  ExecTraceFlags exec_trace_flags;
  Symbolizer symbolize;  // pc -> "main+0x14" for the instruction trace
  FastForwardConfig ff;  // sim.fast_forward, sim.warmup (timing models only)
  KernelCoverage* kcov = nullptr;  // --kcov: the machine's one coverage map (kcov.h), or none
};

class Core : public sc_core::sc_module, public PhysMemory {
 public:
  tlm_utils::simple_initiator_socket<Core> bus;

  // In a timing model the L1s sit over `shared`, the machine's L2 and memory, which this core
  // reaches as requester `index`; null: the core has its own (or the ISS alone, none).
  Core(sc_core::sc_module_name name, const IssConfig& cfg, const CoreTiming& timing,
       sc_core::sc_time period, SharedMemory* shared = nullptr, unsigned index = 0);

  Iss& iss() { return iss_; }
  const Iss& iss() const { return iss_; }

  // ---- driven by the machine's clock ----
  // Run the model until cycle `end`, or until a stop is requested.
  void advance(uint64_t end);
  // The end of a quantum: the ISS alone charges the power of the cycles run since the last one
  // (once a quantum, not once an advance: with several cores the machine advances a cycle at a
  // time).
  void settle();
  uint64_t cycle() const { return functional_now() ? iss_.cycle() : model_->cycle(); }
  // A timing model runs the core (not the ISS alone, nor the ISS fast-forwarding).
  bool on_timing_model() const { return !functional_now(); }
  // stats.json's "fast_forward" (core/fast_forward.h), or null without one.
  nlohmann::json fast_forward_stats() const { return ff_ ? ff_->stats() : nlohmann::json(); }
  // Nothing runs or is in flight on this core.
  bool idle() const;
  // SystemC time has caught up with cycle `cycle`: device accesses are annotated from there.
  void synced(uint64_t cycle) {
    synced_cycle_ = cycle;
    if (trace_) trace_->flush();
  }
  // The run is over: the timing model retires what is still in flight.
  void finish();
  // The ISS was restored from a checkpoint: the timing model's clock starts at the ISS's, and
  // power is charged only for what runs from here.
  void restored() {
    model_->start_at(iss_.cycle());
    charge_.restart_iss(iss_.cycle());
  }
  // L2 and DRAM accesses this core's requests caused (timing models, else 0).
  uint64_t l2_requests() const { return memory_ ? memory_->l2_accesses() : 0; }
  uint64_t dram_requests() const { return memory_ ? memory_->dram_accesses() : 0; }
  // Instructions context c has executed (retired architecturally).
  uint64_t retired(unsigned c) const;
  // The timing model's statistics (its own and the memory hierarchy's), null for the ISS alone.
  nlohmann::json timing_stats() const;
  // Every counter of the core (stats/counter_set.h): each context's executed instructions
  // ("instret.C"), the timing model's, the memory hierarchy's and the power model's.
  CounterSet counters() const;
  // counters(), with the ISS's power charged up to now (for a region marker).
  CounterSet snapshot();
  // From counters over `cycles` cycles (a region's difference): {"pipeline": timing_stats()'s
  // figures (timing models only), "power": the energies and average power}. timing_stats() is
  // the same code on the whole run's counters.
  nlohmann::json report(const CounterSet& counters, uint64_t cycles) const;
  PowerModel& power() { return *power_; }
  const PowerModel& power() const { return *power_; }
  // The pipeline trace this core owns (core 0), or null.
  KanataWriter* kanata() { return trace_.get(); }
  uint64_t check_failures() const { return model_->check_failures(); }
  std::string first_check_failure() const { return model_->first_check_failure(); }

  // A region of interest begins or ends (sim-control): the pipeline trace may follow it.
  void region_marker(uint32_t id, bool begin, uint64_t cycle) {
    if (trace_) trace_->region_marker(id, begin, cycle);
    if (exec_trace_) exec_trace_->region_marker(id, begin, cycle);
    if (ff_) ff_->region_marker(begin);
  }
  // A trace follows a region or symbol that never came.
  bool trace_region_missed() const {
    return (trace_ && trace_->region_missed()) || (exec_trace_ && exec_trace_->window_missed());
  }

  uint8_t* ram_page(uint32_t ppn) override;
  bool io(uint32_t pa, unsigned size, bool write, uint32_t& data) override;

 private:
  // The ISS runs the core: the model is the ISS alone, or a fast-forward has not switched yet
  // (or went back, sim.after_roi = iss).
  bool functional_now() const { return !model_->timed() || (ff_ && ff_->functional()); }
  nlohmann::json timing_report(const CounterSet& counters, uint64_t cycles) const;
  // sim.after_roi = iss: the timing model retires what it executed and the ISS goes on from here.
  void back_to_iss();

  Iss iss_;
  IssModel functional_;
  std::unique_ptr<MemoryHierarchy> memory_;
  std::unique_ptr<KanataWriter> trace_;
  std::unique_ptr<ExecTrace> exec_trace_;
  std::unique_ptr<PowerModel> power_;
  CorePower charge_;  // charges power_ with what runs, on either model
  std::unique_ptr<CoreModel> model_;
  std::unique_ptr<FastForward> ff_;  // sim.fast_forward, or none
  sc_core::sc_time period_;
  uint64_t synced_cycle_ = 0;  // cycle at the last wait(): SystemC time in cycles
  std::unordered_map<uint32_t, uint8_t*> dmi_;  // ppn -> host page, nullptr if not RAM
};

}  // namespace kasane
