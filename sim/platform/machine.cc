// See machine.h.
#include "platform/machine.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>

#include <unistd.h>

namespace kasane {

Machine::Machine(sc_core::sc_module_name name, unsigned cores, IssConfig cfg,
                 const CoreTiming& timing, sc_core::sc_time period, uint64_t quantum,
                 uint64_t max_cycles, bool progress)
    : sc_module(name),
      per_core_(cfg.contexts),
      period_(period),
      quantum_(quantum),
      max_cycles_(max_cycles),
      idle_skip_(timing.idle_skip),
      progress_(progress),
      start_(std::chrono::steady_clock::now()),
      last_report_(start_) {
  if (timing.model != ModelKind::kIss) {
    shared_ = std::make_unique<SharedMemory>(timing.memory);
    if (cores > 1 && timing.memory.model == "cached")
      shared_->enable_coherence(timing.memory.coherence);
  }
  cfg.alone = cores == 1;
  for (unsigned k = 0; k < cores; ++k) {
    cfg.first_cpunum = k * cfg.contexts;
    CoreTiming t = timing;
    if (k != 0) {  // one pipeline trace: core 0's file, which every core writes into
      t.trace_file = nullptr;
      t.trace_writer = cores_[0]->kanata();
    }
    cores_.push_back(std::make_unique<Core>(("core" + std::to_string(k)).c_str(), cfg, t, period,
                                            shared_.get(), k));
    cores_.back()->iss().join_machine(events_, observer_);
  }
  if (cores > 1) {
    std::vector<PowerModel*> power;
    for (auto& c : cores_) power.push_back(&c->power());
    package_ = std::make_unique<PackagePower>(power, timing.thermal_layout,
                                              timing.thermal_lateral_r);
  }
  SC_HAS_PROCESS(Machine);
  SC_THREAD(thread);
}

void Machine::request_stop() {
  for (auto& c : cores_) c->iss().request_stop();
}

bool Machine::stop_requested() const {
  for (const auto& c : cores_)
    if (c->iss().stop_requested()) return true;
  return false;
}

void Machine::set_irq(unsigned ctx, unsigned line, bool level) {
  if (ctx >= num_contexts())
    throw std::out_of_range("set_irq: no context " + std::to_string(ctx));
  cores_[ctx / per_core_]->iss().set_irq(ctx % per_core_, line, level);
}

CounterSet Machine::snapshot() {
  CounterSet c = cores_[0]->snapshot();
  for (unsigned k = 1; k < cores_.size(); ++k) {
    for (unsigned i = 0; i < per_core_; ++i)
      c.set("instret." + std::to_string(k * per_core_ + i), cores_[k]->retired(i));
    c.add_prefixed("core" + std::to_string(k) + ".", cores_[k]->snapshot());
  }
  return c;
}

nlohmann::json Machine::report_cores(const CounterSet& c, uint64_t cycles) const {
  nlohmann::json cores = nlohmann::json::array();
  double energy = 0, power = 0;
  for (unsigned k = 0; k < cores_.size(); ++k) {
    const CounterSet mine = k == 0 ? c : c.under("core" + std::to_string(k) + ".");
    nlohmann::json j = cores_[k]->report(mine, cycles);
    uint64_t retired = 0;
    for (unsigned i = 0; i < per_core_; ++i) retired += mine.count("instret." + std::to_string(i));
    j["core"] = k;
    j["retired"] = retired;
    energy += j["power"]["energy_j"].get<double>();
    power += j["power"]["avg_power_w"].get<double>();
    cores.push_back(j);
  }
  return {{"cores", cores}, {"package_power", {{"energy_j", energy}, {"avg_power_w", power}}}};
}

void Machine::lockstep(uint64_t end) {
  uint64_t now = cores_[0]->cycle();
  while (now < end && !stop_requested()) {
    uint64_t next = now + 1;
    bool idle = true;
    for (const auto& c : cores_) idle = idle && c->idle();
    if (idle) {
      // Nothing runs anywhere: jump to the earliest wake-up of any core, or end the run if there
      // is none, as one core alone would (core/run_loop.h).
      uint64_t wake = ~0ull;
      bool exited = true;
      for (auto& c : cores_) {
        c->iss().set_cycle(now);
        wake = std::min(wake, c->iss().next_wake_cycle());
        exited = exited && c->iss().all_exited();
      }
      const IdleStep step = idle_step(now, end, wake, exited, idle_skip_);
      if (step.kind != IdleStep::kJump) {
        (step.kind == IdleStep::kAllExited ? all_exited_ : deadlocked_) = true;
        request_stop();
        break;
      }
      next = step.next;
    }
    KanataWriter* kanata = cores_[0]->kanata();
    for (unsigned k = 0; k < cores_.size(); ++k) {
      active_ = k;
      if (shared_) shared_->set_requester(k);
      if (kanata) kanata->set_core(k, k * per_core_);  // its lanes: global context, core
      cores_[k]->advance(next);
    }
    active_ = 0;
    now = next;
  }
}

// --progress: once a host second, the cycle reached, the speed, and with sim.max_cycles set an
// estimate of the time left. On a terminal the line rewrites itself.
void Machine::report_progress() {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_report_ < std::chrono::seconds(1)) return;
  last_report_ = now;
  const double secs = std::chrono::duration<double>(now - start_).count();
  const uint64_t cycle = cores_[0]->cycle();
  const double rate = cycle / secs;
  char left[64] = "", cores[64] = "";
  if (max_cycles_ && rate > 0)
    std::snprintf(left, sizeof left, ", %.0f s left at most",
                  static_cast<double>(max_cycles_ - cycle) / rate);
  if (cores_.size() > 1)
    std::snprintf(cores, sizeof cores, " (%zu cores, %.2f M core-cycles/s)", cores_.size(),
                  rate * cores_.size() / 1e6);
  std::fprintf(stderr, "kasane-sim: cycle %llu, %.2f M cycles/s%s%s%s",
               static_cast<unsigned long long>(cycle), rate / 1e6, cores, left,
               isatty(fileno(stderr)) ? "    \r" : "\n");
}

void Machine::thread() {
  for (;;) {
    const uint64_t now = cores_[0]->cycle();
    uint64_t budget = quantum_;
    if (max_cycles_) budget = std::min(budget, max_cycles_ - now);
    if (stop_at_ != ~0ull) budget = std::min(budget, stop_at_ - now);
    if (cores_.size() == 1)
      cores_[0]->advance(now + budget);
    else
      lockstep(now + budget);
    for (auto& c : cores_) c->settle();
    const uint64_t reached = cores_[0]->cycle();
    wait(period_ * static_cast<double>(reached - synced_cycle_));
    synced_cycle_ = reached;
    for (auto& c : cores_) c->synced(reached);
    if (progress_) report_progress();
    if (stop_requested()) {
      const Iss& iss = cores_[0]->iss();
      stop_ = deadlocked_ || iss.deadlocked() ? Stop::kDeadlock
              : all_exited_ || (cores_.size() == 1 && iss.all_exited()) ? Stop::kAllExited
                                                                        : Stop::kGuest;
      break;
    }
    if (reached >= stop_at_) {
      stop_ = Stop::kCheckpoint;
      break;
    }
    if (max_cycles_ && reached >= max_cycles_) {
      stop_ = Stop::kMaxCycles;
      break;
    }
  }
  // Core 0 last: it owns the pipeline trace that the others' last instructions go to.
  for (unsigned k = num_cores(); k-- > 0;) {
    if (KanataWriter* kanata = cores_[0]->kanata()) kanata->set_core(k, k * per_core_);
    cores_[k]->finish();
  }
  sc_core::sc_stop();
}

}  // namespace kasane
