// See core.h.
#include "core/core.h"

#include <algorithm>
#include <cstdio>
#include <iterator>

namespace kasane {

Core::Core(sc_core::sc_module_name name, const IssConfig& cfg, const CoreTiming& timing,
           sc_core::sc_time period, SharedMemory* shared, unsigned index)
    : sc_module(name),
      bus("bus"),
      iss_(cfg, *this),
      functional_(iss_),
      period_(period),
      idle_skip_(timing.idle_skip) {
  iss_.set_idle_skip(idle_skip_);
  if (timing.exec_trace_file) {
    exec_trace_ = std::make_unique<ExecTrace>(timing.exec_trace_file, timing.exec_trace_flags,
                                              timing.trace_window, index, timing.symbolize);
    iss_.set_exec_trace(exec_trace_.get());
  }
  power_ = std::make_unique<PowerModel>(timing.power, timing.thermal, cfg.contexts);
  if (timing.pipeline) {
    memory_ = shared ? std::make_unique<MemoryHierarchy>(timing.memory, *shared, index)
                     : std::make_unique<MemoryHierarchy>(timing.memory);
    if (timing.trace_file) {
      trace_ = std::make_unique<KanataWriter>(timing.trace_file, timing.trace_window);
      trace_->set_core(index, cfg.first_cpunum);
    }
    unsigned line =
        timing.memory.model == "cached" ? timing.memory.l1i.line_bytes : timing.fetch_block;
    KanataWriter* writer = trace_ ? trace_.get() : timing.trace_writer;
    pipeline_ = std::make_unique<BasicPipeline<IssModel>>(timing.pipe, functional_, memory_->inst(),
                                           memory_->data(), line, writer, power_.get());
    if (timing.ff.on()) {
      std::unique_ptr<Warmer> warmer;
      if (timing.ff.warmup)
        warmer = std::make_unique<Warmer>(iss_, memory_->inst(), memory_->data(),
                                          pipeline_->predictor(), line,
                                          FastForward::ring_for(timing.ff));
      ff_ = std::make_unique<FastForward>(timing.ff, iss_, std::move(warmer));
    }
  }
}

uint64_t Core::retired(unsigned c) const {
  // Instructions take effect, in program order, when the ISS executes them; the pipeline retires
  // the ones still in flight when the run ends (Pipeline::finish), so its own per-context count
  // in the pipeline stats is the same.
  return iss_.context(c).instret;
}

CounterSet Core::counters() const {
  CounterSet c;
  for (unsigned i = 0; i < iss_.num_contexts(); ++i)
    c.set("instret." + std::to_string(i), iss_.context(i).instret);
  if (pipeline_) {
    pipeline_->counters(c);
    memory_->counters(c);
  }
  power_->counters(c);
  return c;
}

CounterSet Core::snapshot() {
  // The ISS model charges power once per quantum: bring it up to this cycle first.
  if (!on_pipeline()) account_iss_power();
  flush_power();  // a region marker in the middle of an advance
  return counters();
}

nlohmann::json Core::timing_report(const CounterSet& c, uint64_t cycles) const {
  if (!pipeline_) return nullptr;
  uint64_t retired_total = 0;  // the MPKI denominator: instructions executed
  for (unsigned i = 0; i < iss_.num_contexts(); ++i)
    retired_total += c.count("instret." + std::to_string(i));
  nlohmann::json j = pipeline_->report(c, cycles);
  j["memory"] = memory_->report(c, retired_total);
  return j;
}

nlohmann::json Core::timing_stats() const { return timing_report(counters(), cycle_); }

nlohmann::json Core::report(const CounterSet& c, uint64_t cycles) const {
  nlohmann::json j = {{"power", power_->report(c)}};
  if (pipeline_) j["pipeline"] = timing_report(c, cycles);
  return j;
}

void Core::run_pipeline(uint64_t end) {
  while (cycle_ < end && !iss_.stop_requested()) {
    iss_.set_cycle(cycle_);
    iss_.update_timers();
    if (pipeline_->quiescent()) {
      // Nothing runs or is in flight: jump to the next wake-up instead of ticking (the counts
      // are the same either way), or report that nothing will ever run again.
      uint64_t wake = iss_.next_wake_cycle();
      if (wake == ~0ull && iss_.config().alone) {  // else the machine decides over every core
        if (iss_.all_exited())
          iss_.request_stop();
        else
          iss_.mark_deadlocked();
        break;
      }
      if (idle_skip_) {
        const uint64_t next = std::min(end, std::max(cycle_ + 1, wake));
        pipeline_->idle(next - cycle_);
        charge_power(next - cycle_);
        cycle_ = next;
        continue;
      }
    }
    pipeline_->tick(cycle_);
    charge_power(1);
    ++cycle_;
  }
  flush_power();
  iss_.set_cycle(cycle_);
}

namespace {
ContextPowerState power_state(const Context& c) {
  switch (c.state) {
    case ContextState::kRunning: return ContextPowerState::kRunning;
    case ContextState::kMwait:
      return c.mwait_deep ? ContextPowerState::kMwaitDeep : ContextPowerState::kMwaitLight;
    case ContextState::kHalted: return ContextPowerState::kHalted;
    default: return ContextPowerState::kSuspended;  // free, suspended, WAIT: clock-gated
  }
}
}  // namespace

void Core::charge_power(uint64_t cycles) {
  // Events go into the open interval at once: the one they would have gone into a cycle at a
  // time, since the pending cycles never reach past its end.
  // Each count is read once, and only a change is counted: most cycles make no access below
  // the L1s.
  if (memory_) {
    const uint64_t l2 = memory_->l2_accesses(), dram = memory_->dram_accesses();
    if (l2 != l2_seen_ || dram != dram_seen_) {
      power_->count(PowerEvent::kL2, l2 - l2_seen_);
      power_->count(PowerEvent::kDram, dram - dram_seen_);
      l2_seen_ = l2;
      dram_seen_ = dram;
    }
  }
  // The contexts' power states change only with their states (Iss::state_epoch): count them
  // then, not every cycle, after charging the cycles spent in the old ones.
  if (iss_.state_epoch() != power_epoch_) {
    flush_power();
    power_epoch_ = iss_.state_epoch();
    std::fill(std::begin(in_state_), std::end(in_state_), 0);
    for (unsigned i = 0; i < iss_.num_contexts(); ++i)
      ++in_state_[static_cast<size_t>(power_state(iss_.context(i)))];
  }
  power_pending_ += cycles;
  if (power_pending_ >= power_->cycles_to_close()) flush_power();
}

// The ISS has no pipeline to count events in: each executed instruction is charged a fetch, a
// decode, a simple-ALU issue, two register reads and a write, and an L1I access; the contexts'
// states are sampled once per quantum, or per region marker (snapshot()). The pipeline model is
// the one to use for power studies.
void Core::account_iss_power() {
  uint64_t instret = 0;
  for (unsigned i = 0; i < iss_.num_contexts(); ++i) instret += iss_.context(i).instret;
  const uint64_t n = instret - instret_seen_;
  instret_seen_ = instret;
  for (PowerEvent e : {PowerEvent::kFetch, PowerEvent::kDecode, PowerEvent::kIssueAlu,
                       PowerEvent::kRegWrite, PowerEvent::kL1I})
    power_->count(e, n);
  power_->count(PowerEvent::kRegRead, 2 * n);
  account_power(iss_.cycle() - iss_power_cycle_);
  iss_power_cycle_ = iss_.cycle();
}

void Core::advance(uint64_t end) {
  if (ff_ && ff_->functional()) {
    if (!ff_->run(end)) return;
    // The switch: the ISS's power up to here, then the pipeline from the ISS's next cycle.
    account_iss_power();
    cycle_ = iss_.cycle();
  }
  if (pipeline_) {
    run_pipeline(end);
    if (ff_ && ff_->back_due()) back_to_iss();
  } else {
    iss_.run(end - iss_.cycle());
  }
}

void Core::back_to_iss() {
  pipeline_->finish(cycle_);
  // The ISS's power accounting starts here: the pipeline charged everything up to now.
  iss_power_cycle_ = cycle_;
  instret_seen_ = 0;
  for (unsigned i = 0; i < iss_.num_contexts(); ++i) instret_seen_ += iss_.context(i).instret;
  ff_->went_back(cycle_);
}

void Core::settle() {
  if (!on_pipeline()) account_iss_power();
}

bool Core::idle() const {
  if (on_pipeline()) return pipeline_->quiescent();
  for (unsigned i = 0; i < iss_.num_contexts(); ++i)
    if (iss_.context(i).state == ContextState::kRunning) return false;
  return true;
}

void Core::finish() {
  if (!on_pipeline()) cycle_ = iss_.cycle();  // a fast-forward that never switched
  if (pipeline_) pipeline_->finish(cycle_);
  if (trace_) {
    trace_->finish();
    trace_->flush();
  }
}

uint8_t* Core::ram_page(uint32_t ppn) {
  auto it = dmi_.find(ppn);
  if (it != dmi_.end()) return it->second;
  tlm::tlm_generic_payload tx;
  tlm::tlm_dmi dmi;
  tx.set_address(static_cast<uint64_t>(ppn) << 12);
  tx.set_command(tlm::TLM_READ_COMMAND);
  uint8_t* page = nullptr;
  if (bus->get_direct_mem_ptr(tx, dmi) && dmi.is_read_write_allowed() &&
      dmi.get_start_address() == tx.get_address() && dmi.get_end_address() >= tx.get_address() + 4095)
    page = dmi.get_dmi_ptr();
  dmi_[ppn] = page;
  return page;
}

bool Core::io(uint32_t pa, unsigned size, bool write, uint32_t& data) {
  tlm::tlm_generic_payload tx;
  tx.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  tx.set_address(pa);
  tx.set_data_ptr(reinterpret_cast<unsigned char*>(&data));
  tx.set_data_length(size);
  tx.set_streaming_width(size);
  tx.set_byte_enable_ptr(nullptr);
  tx.set_dmi_allowed(false);
  tx.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time delay = period_ * static_cast<double>(iss_.cycle() - synced_cycle_);
  bus->b_transport(tx, delay);
  return tx.is_response_ok();
}

}  // namespace kasane
