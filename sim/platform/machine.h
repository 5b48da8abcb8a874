// The machine's clock and what its cores share: one clocked process advances every core's model
// (ChampSim's operable loop), with the shared L2 and memory (and, with several cores, the MESI bus
// between their L1Ds), the device event queue, interrupt routing and the one store observer that
// makes every store visible to every core.
//
// Time: with one core the process runs it a quantum (sim.quantum) at a time, as TLM-2.0 temporal
// decoupling allows. With several it advances them in lock-step, one cycle each in turn (core 0
// first), for the quantum, then waits once: the shared L2 and DRAM then never see time go
// backwards, and a store is seen by the other cores in the cycle it executes. When every core is
// idle the clock jumps to the earliest wake-up of any of them (sim.idle_skip).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include <systemc>

#include "core/core.h"
#include "core/store_observer.h"
#include "dev/device_host.h"
#include "mem/shared_memory.h"
#include "platform/device_events.h"
#include "power/package_power.h"

namespace kasane {

class Machine : public sc_core::sc_module, public DeviceHost {
 public:
  enum class Stop { kNone, kGuest, kAllExited, kDeadlock, kMaxCycles, kCheckpoint };

  // `cores` cores, each with cfg.contexts contexts; `max_cycles` = 0 means no limit.
  Machine(sc_core::sc_module_name name, unsigned cores, IssConfig cfg, const CoreTiming& timing,
          sc_core::sc_time period, uint64_t quantum, uint64_t max_cycles, bool progress);

  unsigned num_cores() const { return static_cast<unsigned>(cores_.size()); }
  Core& core(unsigned i) { return *cores_[i]; }
  const Core& core(unsigned i) const { return *cores_[i]; }
  uint64_t cycle() const override { return cores_[active_]->iss().cycle(); }
  // The core being advanced: the one whose access a device is serving.
  unsigned active_core() const { return active_; }
  Stop stop_reason() const { return stop_; }
  // Stop every core at the end of its current step (a device or the guest ended the run).
  void request_stop();
  // Stop every core at the start of cycle `cycle`, with Stop::kCheckpoint (--checkpoint-at).
  void stop_at(uint64_t cycle) { stop_at_ = cycle; }
  // Core 0's counters (Core::snapshot), with the executed instructions of every context of the
  // machine as "instret.N" by global number N.
  // With several cores, each other core's counters too, as "coreK." + name.
  CounterSet snapshot();
  // A region's figures per core from a difference of snapshots over `cycles` cycles: "cores" (each
  // core's Core::report, its number and instructions) and "package_power" (their sums).
  nlohmann::json report_cores(const CounterSet& counters, uint64_t cycles) const;

  // ---- DeviceHost: contexts by global number, core * contexts + context ----
  void schedule_event(uint64_t cycle, std::function<void()> fn) override {
    events_.schedule(cycle, std::move(fn));
  }
  unsigned num_contexts() const override { return num_cores() * per_core_; }
  void set_irq(unsigned ctx, unsigned line, bool level) override;
  void external_store(uint32_t pa, uint32_t bytes) override {
    if (observer_.watchers && bytes) observer_.store(pa, bytes);
    if (shared_ && shared_->coherence() && bytes)
      shared_->coherence()->dma_write(pa, bytes, cycle());
  }
  // The shared levels (timing models), else null.
  const SharedMemory* shared() const { return shared_.get(); }
  // Several cores: their power models on one thermal network; one core: null.
  PackagePower* package() { return package_.get(); }

 private:
  void thread();
  // Several cores: advance them one cycle each in turn up to cycle `end`.
  void lockstep(uint64_t end);
  bool stop_requested() const;
  void report_progress();

  std::unique_ptr<SharedMemory> shared_;  // timing models only; before the cores that use it
  DeviceEvents events_;
  StoreObserver observer_;
  std::vector<std::unique_ptr<Core>> cores_;
  std::unique_ptr<PackagePower> package_;
  unsigned per_core_;
  unsigned active_ = 0;  // the core being advanced: its cycle is the machine's
  sc_core::sc_time period_;
  uint64_t quantum_, max_cycles_;
  uint64_t stop_at_ = ~0ull;
  bool idle_skip_, progress_;
  bool all_exited_ = false, deadlocked_ = false;  // several cores: decided here
  uint64_t synced_cycle_ = 0;  // cycle at the last wait(): SystemC time in cycles
  Stop stop_ = Stop::kNone;
  std::chrono::steady_clock::time_point start_, last_report_;
};

}  // namespace kasane
