// See core.h.
#include "core/core.h"

#include <algorithm>
#include <cstdio>
#include <iterator>

#include "core/kcov.h"

namespace kasane {

namespace {
std::unique_ptr<MemoryHierarchy> make_memory(const CoreTiming& timing, SharedMemory* shared,
                                             unsigned index) {
  if (timing.model == ModelKind::kIss) return nullptr;
  return shared ? std::make_unique<MemoryHierarchy>(timing.memory, *shared, index)
                : std::make_unique<MemoryHierarchy>(timing.memory);
}
}  // namespace

Core::Core(sc_core::sc_module_name name, const IssConfig& cfg, const CoreTiming& timing,
           sc_core::sc_time period, SharedMemory* shared, unsigned index)
    : sc_module(name),
      bus("bus"),
      iss_(cfg, *this),
      functional_(iss_),
      memory_(make_memory(timing, shared, index)),
      power_(std::make_unique<PowerModel>(timing.power, timing.thermal, cfg.contexts)),
      charge_(*power_, iss_, memory_.get()),
      period_(period) {
  iss_.set_idle_skip(timing.idle_skip);
  if (timing.exec_trace_file) {
    exec_trace_ = std::make_unique<ExecTrace>(timing.exec_trace_file, timing.exec_trace_flags,
                                              timing.trace_window, index, timing.symbolize);
    iss_.set_exec_trace(exec_trace_.get());
  }
  if (timing.kcov) iss_.set_step_watcher(timing.kcov);  // never with a fast-forward: core_timing
  if (timing.model == ModelKind::kIss) {
    model_ = std::make_unique<IssAlone>(iss_);
    return;
  }
  if (timing.trace_file) {
    trace_ = std::make_unique<KanataWriter>(timing.trace_file, timing.trace_window);
    trace_->set_core(index, cfg.first_cpunum);
  }
  const unsigned line =
      timing.memory.model == "cached" ? timing.memory.l1i.line_bytes : timing.fetch_block;
  KanataWriter* writer = trace_ ? trace_.get() : timing.trace_writer;
  // The timing models, each a template on the functional model (core_model.h).
  if (timing.model == ModelKind::kO3) {
    using O3 = O3Core<IssModel>;
    power_->report_structure_events();
    model_ = std::make_unique<TimedModel<O3>>(
        std::make_unique<O3>(timing.o3, functional_, memory_->inst(), memory_->data(), line,
                             writer, power_.get()),
        iss_, charge_, timing.idle_skip);
  } else {
    using Pipeline = BasicPipeline<IssModel>;
    model_ = std::make_unique<TimedModel<Pipeline>>(
        std::make_unique<Pipeline>(timing.pipe, functional_, memory_->inst(), memory_->data(),
                                   line, writer, power_.get()),
        iss_, charge_, timing.idle_skip);
  }
  if (timing.ff.on()) {
    std::unique_ptr<Warmer> warmer;
    if (timing.ff.warmup)
      warmer = std::make_unique<Warmer>(iss_, memory_->inst(), memory_->data(),
                                        *model_->predictor(), line,
                                        FastForward::ring_for(timing.ff));
    ff_ = std::make_unique<FastForward>(timing.ff, iss_, std::move(warmer));
  }
}

uint64_t Core::retired(unsigned c) const {
  // Instructions take effect, in program order, when the ISS executes them; a timing model
  // retires the ones still in flight when the run ends (CoreModel::finish), so its own
  // per-context count in its stats is the same.
  return iss_.context(c).instret;
}

CounterSet Core::counters() const {
  CounterSet c;
  for (unsigned i = 0; i < iss_.num_contexts(); ++i)
    c.set("instret." + std::to_string(i), iss_.context(i).instret);
  model_->counters(c);
  if (memory_) memory_->counters(c);
  power_->counters(c);
  return c;
}

CounterSet Core::snapshot() {
  // The ISS charges power once per quantum: bring it up to this cycle first.
  if (functional_now()) charge_.account_iss();
  charge_.flush();  // a region marker in the middle of an advance
  return counters();
}

nlohmann::json Core::timing_report(const CounterSet& c, uint64_t cycles) const {
  if (!model_->timed()) return nullptr;
  uint64_t retired_total = 0;  // the MPKI denominator: instructions executed
  for (unsigned i = 0; i < iss_.num_contexts(); ++i)
    retired_total += c.count("instret." + std::to_string(i));
  nlohmann::json j = model_->report(c, cycles);
  j["memory"] = memory_->report(c, retired_total);
  return j;
}

nlohmann::json Core::timing_stats() const { return timing_report(counters(), model_->cycle()); }

nlohmann::json Core::report(const CounterSet& c, uint64_t cycles) const {
  nlohmann::json j = {{"power", power_->report(c)}};
  if (model_->timed()) j["pipeline"] = timing_report(c, cycles);
  return j;
}

void Core::advance(uint64_t end) {
  if (ff_ && ff_->functional()) {
    if (!ff_->run(end)) return;
    // The switch: the ISS's power up to here, then the timing model from the ISS's next cycle.
    charge_.account_iss();
    model_->start_at(iss_.cycle());
  }
  model_->run(end);
  if (ff_ && ff_->back_due()) back_to_iss();
}

void Core::back_to_iss() {
  const uint64_t now = model_->cycle();
  model_->finish(now);
  // The ISS's power accounting starts here: the timing model charged everything up to now.
  charge_.restart_iss(now);
  ff_->went_back(now);
}

void Core::settle() {
  if (functional_now()) charge_.account_iss();
}

bool Core::idle() const {
  return functional_now() ? !iss_.any_running() : model_->quiescent();
}

void Core::finish() {
  if (functional_now()) model_->start_at(iss_.cycle());  // a fast-forward that never switched
  model_->finish(model_->cycle());
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
