// The power model: the cited defaults, the per-interval energy arithmetic, and the statistics.
// Everything between interval boundaries is integer counting (power.h says why).
#include "power/power.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "power/package_power.h"

namespace kasane {

namespace {

constexpr const char* kEventNames[kPowerEventCount] = {
#define POWER_EVENT(id, name, pj, description) #name,
#include "power/power_events.def"
#undef POWER_EVENT
};
constexpr const char* kStateNames[kContextPowerStateCount] = {"running", "suspended",
                                                              "mwait_light", "mwait_deep",
                                                              "halted"};
constexpr size_t kDram = static_cast<size_t>(PowerEvent::kDram);

}  // namespace

const char* power_event_name(PowerEvent e) { return kEventNames[static_cast<size_t>(e)]; }
const char* context_power_state_name(ContextPowerState s) {
  return kStateNames[static_cast<size_t>(s)];
}

// [H] M. Horowitz, "Computing's energy problem (and what we can do about it)", ISSCC 2014, 45 nm
//     at 0.9 V: 32-bit add 0.1 pJ, 32-bit multiply 3.1 pJ; 64-bit SRAM read 10 pJ (8 KB), 20 pJ
//     (32 KB), 100 pJ (1 MB); DRAM 1.3-2.6 nJ; and the energy of one add instruction on a simple
//     RISC core, about 70 pJ: I-cache access 25 pJ, register file access 6 pJ, control (the
//     rest, fetch/decode/issue logic, pipeline registers and their clocking) about 39 pJ.
// [W] D. Brooks, V. Tiwari, M. Martonosi, "Wattch", ISCA 2000: energy = events x energy per
//     access; a clock-gated unit still draws 10% of its active power (turnoff_factor = 0.1 in
//     Wattch's power.c).
// [L] W. Liao, L. He, K. M. Lepak, "Temperature and supply voltage aware performance and power
//     modeling at microarchitecture level", IEEE TCAD 24(7), 2005: 65 nm average leakage current
//     23.44 / 19.44 / 16.00 uA at 100 / 80 / 60 °C (0.95 V) and 29.56 / 25.14 / 21.33 uA
//     (1.05 V), i.e. exp(k dT) with k = 0.0096 and 0.0082 per K.
// The split of [H]'s 39 pJ of control between fetch, decode and issue is ours (no source gives
// it); it keeps fetch + decode + issue + I-cache + 3 register accesses of one add at [H]'s 70 pJ.
// The static powers are our assumptions built from [W]'s 10% gating residual; see README.md.
PowerConfig default_power_config() {
  PowerConfig c;
  // The dynamic energies: power_events.def, with the reasoning of each.
#define POWER_EVENT(id, name, pj, description) \
  c.energy_pj[static_cast<size_t>(PowerEvent::id)] = pj;
#include "power/power_events.def"
#undef POWER_EVENT
  auto s = [&c](ContextPowerState st, double mw) {
    c.context_static_mw[static_cast<size_t>(st)] = mw;
  };
  // Per context: ~2 mW leakage of its registers and queues plus ~13 mW of their clock while
  // running; gated, the clock falls to [W]'s 10%: 2 + 1.3 ~ 3 mW. Deep mwait holds the state at
  // retention voltage and drops the clock entirely: ~1 mW.
  s(ContextPowerState::kRunning, 15.0);
  s(ContextPowerState::kSuspended, 3.0);
  s(ContextPowerState::kMwaitLight, 3.0);
  s(ContextPowerState::kMwaitDeep, 1.0);
  s(ContextPowerState::kHalted, 3.0);
  // The shared core (pipeline, functional units, 32+32 KB L1, 256 KB L2): ~20 mW leakage plus
  // ~100 mW of clock tree while anything runs; with every context waiting the clock is gated to
  // [W]'s 10%: 20 + 10 = 30 mW.
  c.core_active_static_mw = 120.0;
  c.core_idle_static_mw = 30.0;
  c.leakage_temp_coeff = 0.01;  // [L]: 0.008-0.010 per K measured over 60-100 °C
  c.leakage_ref_temp_c = 45.0;  // the static powers above are at the default ambient
  return c;
}

void validate(const PowerConfig& c) {
  auto non_negative = [](double v, const std::string& name) {
    if (!(v >= 0)) throw std::invalid_argument("power: " + name + " must be >= 0");
  };
  for (size_t i = 0; i < kPowerEventCount; ++i)
    non_negative(c.energy_pj[i], std::string("energy_pj.") + kEventNames[i]);
  for (size_t i = 0; i < kContextPowerStateCount; ++i)
    non_negative(c.context_static_mw[i], std::string("context_static_mw.") + kStateNames[i]);
  non_negative(c.core_active_static_mw, "core_active_static_mw");
  non_negative(c.core_idle_static_mw, "core_idle_static_mw");
  non_negative(c.leakage_temp_coeff, "leakage_temp_coeff");
}

double PowerModel::Energy::dynamic_on_die() const {
  double sum = 0;
  for (size_t i = 0; i < kPowerEventCount; ++i)
    if (i != kDram) sum += event_j[i];
  return sum;
}

double PowerModel::Energy::static_total() const {
  double sum = core_active_j + core_idle_j;
  for (double j : context_j) sum += j;
  return sum;
}

PowerModel::PowerModel(const PowerConfig& power, const ThermalConfig& thermal, unsigned contexts)
    : cfg_(power),
      tcfg_(thermal),
      contexts_(contexts),
      seconds_per_cycle_(1e-9 / thermal.clock_ghz),
      thermal_(thermal),
      peak_temp_c_(thermal.ambient_c) {
  validate(cfg_);
  if (contexts_ == 0) throw std::invalid_argument("power: a core needs at least one context");
}

void PowerModel::advance(const ContextPowerState* states, uint64_t cycles) {
  // How many contexts are in each state: the same for every cycle of this call.
  uint64_t in_state[kContextPowerStateCount] = {};
  for (unsigned i = 0; i < contexts_; ++i) {
    const size_t s = static_cast<size_t>(states[i]);
    if (s >= kContextPowerStateCount) throw std::invalid_argument("power: bad context state");
    ++in_state[s];
  }
  advance_counted(in_state, cycles);
}

void PowerModel::advance_counted(const uint64_t* in_state, uint64_t cycles) {
  const bool core_active = in_state[static_cast<size_t>(ContextPowerState::kRunning)] > 0;
  while (cycles > 0) {
    // Split exactly at the interval boundary, so one call of N cycles and N calls of one cycle
    // close the same intervals with the same counts.
    const uint64_t n = std::min(cycles, tcfg_.interval_cycles - open_.cycles);
    for (size_t s = 0; s < kContextPowerStateCount; ++s) open_.context_cycles[s] += in_state[s] * n;
    (core_active ? open_.core_active_cycles : open_.core_idle_cycles) += n;
    open_.cycles += n;
    cycles -= n;
    if (open_.cycles == tcfg_.interval_cycles) close_interval();
  }
}

double PowerModel::leakage_factor(double die_c) const {
  return std::exp(cfg_.leakage_temp_coeff * (die_c - cfg_.leakage_ref_temp_c));
}

PowerModel::Energy PowerModel::energy_of(const Activity& a, double factor) const {
  Energy e;
  for (size_t i = 0; i < kPowerEventCount; ++i)
    e.event_j[i] = static_cast<double>(a.events[i]) * cfg_.energy_pj[i] * 1e-12;
  // mW x cycles x s/cycle x 1e-3 = J, scaled by the leakage factor of the die temperature.
  const double k = seconds_per_cycle_ * 1e-3 * factor;
  for (size_t s = 0; s < kContextPowerStateCount; ++s)
    e.context_j[s] = static_cast<double>(a.context_cycles[s]) * cfg_.context_static_mw[s] * k;
  e.core_active_j = static_cast<double>(a.core_active_cycles) * cfg_.core_active_static_mw * k;
  e.core_idle_j = static_cast<double>(a.core_idle_cycles) * cfg_.core_idle_static_mw * k;
  return e;
}

namespace {

void add_activity(uint64_t* dst, const uint64_t* src, size_t n) {
  for (size_t i = 0; i < n; ++i) dst[i] += src[i];
}

void add_energy(double* dst, const double* src, size_t n) {
  for (size_t i = 0; i < n; ++i) dst[i] += src[i];
}

}  // namespace

bool PowerModel::Activity::operator==(const Activity& o) const {
  for (size_t i = 0; i < kPowerEventCount; ++i)
    if (events[i] != o.events[i]) return false;
  for (size_t i = 0; i < kContextPowerStateCount; ++i)
    if (context_cycles[i] != o.context_cycles[i]) return false;
  return core_active_cycles == o.core_active_cycles && core_idle_cycles == o.core_idle_cycles &&
         cycles == o.cycles;
}

void PowerModel::join_package(PackagePower* package, unsigned /*index*/) {
  if (cycles() != 0) throw std::logic_error("power: join_package after the run started");
  package_ = package;
  package_die_c_ = tcfg_.ambient_c;
}

void PowerModel::close_interval() {
  if (package_) {
    // The package steps when every core has closed this interval (package_power.cc).
    if (!pending_.empty() && pending_.back().activity == open_)
      ++pending_.back().repeat;
    else
      pending_.push_back({open_, 1});
    pending_cycles_ += open_.cycles;
    open_ = Activity{};
    package_->interval_closed();
    return;
  }
  // The die temperature over the interval is taken as the one at its start (the thermal model
  // moves at most a few hundredths of a kelvin within one default interval).
  const double start_c = thermal_.die_c();
  const double p = account(open_, start_c);
  thermal_.step(p, static_cast<double>(open_.cycles) * seconds_per_cycle_);
  finish_interval(open_, start_c, thermal_.die_c(), thermal_.spreader_c());
  open_ = Activity{};
}

double PowerModel::account(const Activity& a, double start_c) {
  const Energy e = energy_of(a, leakage_factor(start_c));
  const double secs = static_cast<double>(a.cycles) * seconds_per_cycle_;
  last_dynamic_w_ = e.dynamic_on_die() / secs;
  last_static_w_ = e.static_total() / secs;
  last_power_w_ = last_dynamic_w_ + last_static_w_;
  add_energy(closed_energy_.event_j, e.event_j, kPowerEventCount);
  add_energy(closed_energy_.context_j, e.context_j, kContextPowerStateCount);
  closed_energy_.core_active_j += e.core_active_j;
  closed_energy_.core_idle_j += e.core_idle_j;
  add_activity(closed_activity_.events, a.events, kPowerEventCount);
  add_activity(closed_activity_.context_cycles, a.context_cycles, kContextPowerStateCount);
  closed_activity_.core_active_cycles += a.core_active_cycles;
  closed_activity_.core_idle_cycles += a.core_idle_cycles;
  return last_power_w_;
}

void PowerModel::finish_interval(const Activity& a, double start_c, double end_c,
                                 double spreader_c) {
  const double secs = static_cast<double>(a.cycles) * seconds_per_cycle_;
  temp_time_integral_ += 0.5 * (start_c + end_c) * secs;
  peak_power_w_ = closed_intervals_ == 0 ? last_power_w_ : std::max(peak_power_w_, last_power_w_);
  peak_temp_c_ = std::max(peak_temp_c_, end_c);
  closed_cycles_ += a.cycles;
  ++closed_intervals_;
  if (package_) package_die_c_ = end_c;

  if (trace_) {
    std::fprintf(trace_, "%llu,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n",
                 static_cast<unsigned long long>(closed_cycles_),
                 static_cast<double>(closed_cycles_) * seconds_per_cycle_, last_power_w_,
                 last_dynamic_w_, last_static_w_, end_c, spreader_c);
  }
  if (on_interval_) on_interval_(closed_cycles_, last_power_w_, end_c);
}

PowerModel::Totals PowerModel::totals() const {
  Totals t;
  t.energy = closed_energy_;
  t.activity = closed_activity_;
  t.cycles = closed_cycles_;
  t.peak_power_w = peak_power_w_;
  t.final_power_w = last_power_w_;
  t.temp_time_integral = temp_time_integral_;
  t.peak_temp_c = peak_temp_c_;
  t.final_temp_c = temperature_c();
  if (package_) {
    // Pending and open intervals, as if they ended now at the die temperature the package last
    // reached (it steps only once every core has closed an interval): the temperature is held,
    // so within an interval at each end this is approximate, like a region's average.
    const double factor = leakage_factor(package_die_c_);
    auto add = [&](const Activity& a, uint64_t repeat) {
      const Energy e = energy_of(a, factor);
      const double r = static_cast<double>(repeat);
      for (size_t i = 0; i < kPowerEventCount; ++i) {
        t.energy.event_j[i] += e.event_j[i] * r;
        t.activity.events[i] += a.events[i] * repeat;
      }
      for (size_t i = 0; i < kContextPowerStateCount; ++i) {
        t.energy.context_j[i] += e.context_j[i] * r;
        t.activity.context_cycles[i] += a.context_cycles[i] * repeat;
      }
      t.energy.core_active_j += e.core_active_j * r;
      t.energy.core_idle_j += e.core_idle_j * r;
      t.activity.core_active_cycles += a.core_active_cycles * repeat;
      t.activity.core_idle_cycles += a.core_idle_cycles * repeat;
      t.cycles += a.cycles * repeat;
      t.temp_time_integral +=
          package_die_c_ * static_cast<double>(a.cycles * repeat) * seconds_per_cycle_;
    };
    for (const Pending& p : pending_) add(p.activity, p.repeat);
    if (open_.cycles > 0) add(open_, 1);
    if (closed_intervals_ == 0 && t.cycles > 0)
      t.peak_power_w = t.final_power_w =
          (t.energy.dynamic_on_die() + t.energy.static_total()) /
          (static_cast<double>(t.cycles) * seconds_per_cycle_);
  } else if (open_.cycles > 0) {
    // The interval in progress, as if it ended now: on a copy of the thermal state.
    const Energy e = energy_of(open_, leakage_factor(thermal_.die_c()));
    const double secs = static_cast<double>(open_.cycles) * seconds_per_cycle_;
    const double p = (e.dynamic_on_die() + e.static_total()) / secs;
    ThermalModel th = thermal_;
    th.step(p, secs);
    add_energy(t.energy.event_j, e.event_j, kPowerEventCount);
    add_energy(t.energy.context_j, e.context_j, kContextPowerStateCount);
    t.energy.core_active_j += e.core_active_j;
    t.energy.core_idle_j += e.core_idle_j;
    add_activity(t.activity.events, open_.events, kPowerEventCount);
    add_activity(t.activity.context_cycles, open_.context_cycles, kContextPowerStateCount);
    t.activity.core_active_cycles += open_.core_active_cycles;
    t.activity.core_idle_cycles += open_.core_idle_cycles;
    t.cycles += open_.cycles;
    t.temp_time_integral += 0.5 * (thermal_.die_c() + th.die_c()) * secs;
    t.final_temp_c = th.die_c();
    t.peak_temp_c = std::max(t.peak_temp_c, th.die_c());
    // A partial interval is too short to stand for the run's peak or final power unless it is
    // all there is.
    if (closed_intervals_ == 0) t.peak_power_w = t.final_power_w = p;
  }
  t.seconds = static_cast<double>(t.cycles) * seconds_per_cycle_;
  return t;
}

PowerModel::Summary PowerModel::summary() const {
  const Totals t = totals();
  const double energy = t.energy.dynamic_on_die() + t.energy.static_total();
  Summary s;
  s.avg_power_w = t.seconds > 0 ? energy / t.seconds : 0;
  s.peak_power_w = t.peak_power_w;
  s.final_power_w = t.final_power_w;
  s.avg_temp_c = t.seconds > 0 ? t.temp_time_integral / t.seconds : tcfg_.ambient_c;
  s.peak_temp_c = t.peak_temp_c;
  s.final_temp_c = t.final_temp_c;
  s.energy_j = energy;
  return s;
}

void PowerModel::counters(CounterSet& out) const {
  const Totals t = totals();
  out.set("power.cycles", t.cycles);
  for (size_t i = 0; i < reported_events_; ++i) {
    out.set(std::string("power.events.") + kEventNames[i], t.activity.events[i]);
    out.set_real(std::string("power.energy.") + kEventNames[i], t.energy.event_j[i]);
  }
  for (size_t i = 0; i < kContextPowerStateCount; ++i) {
    out.set(std::string("power.context_cycles.") + kStateNames[i], t.activity.context_cycles[i]);
    out.set_real(std::string("power.context_energy.") + kStateNames[i], t.energy.context_j[i]);
  }
  out.set("power.core_active_cycles", t.activity.core_active_cycles);
  out.set_real("power.core_active_energy", t.energy.core_active_j);
  out.set("power.core_idle_cycles", t.activity.core_idle_cycles);
  out.set_real("power.core_idle_energy", t.energy.core_idle_j);
  out.set_real("power.temp_time_integral", t.temp_time_integral);
  out.set_real("gauge.die_c", t.final_temp_c);
}

nlohmann::json PowerModel::report(const CounterSet& n) const {
  Energy e;
  for (size_t i = 0; i < reported_events_; ++i)
    e.event_j[i] = n.real(std::string("power.energy.") + kEventNames[i]);
  for (size_t i = 0; i < kContextPowerStateCount; ++i)
    e.context_j[i] = n.real(std::string("power.context_energy.") + kStateNames[i]);
  e.core_active_j = n.real("power.core_active_energy");
  e.core_idle_j = n.real("power.core_idle_energy");
  const uint64_t cycles = n.count("power.cycles");
  const double seconds = static_cast<double>(cycles) * seconds_per_cycle_;
  const double energy = e.dynamic_on_die() + e.static_total();
  nlohmann::json j;
  j["cycles"] = cycles;
  j["seconds"] = seconds;
  j["avg_power_w"] = seconds > 0 ? energy / seconds : 0.0;
  j["avg_temp_c"] =
      seconds > 0 ? n.real("power.temp_time_integral") / seconds : tcfg_.ambient_c;
  j["energy_j"] = energy;
  j["dynamic_energy_j"] = e.dynamic_on_die();
  j["static_energy_j"] = e.static_total();
  j["dram_energy_j"] = e.event_j[kDram];
  j["energy_with_dram_j"] = energy + e.event_j[kDram];
  nlohmann::json& dyn = j["dynamic"];
  for (size_t i = 0; i < reported_events_; ++i)
    dyn[kEventNames[i]] = {{"events", n.count(std::string("power.events.") + kEventNames[i])},
                           {"energy_j", e.event_j[i]}};
  nlohmann::json& ctx = j["static"]["contexts"];
  for (size_t i = 0; i < kContextPowerStateCount; ++i)
    ctx[kStateNames[i]] = {
        {"context_cycles", n.count(std::string("power.context_cycles.") + kStateNames[i])},
        {"energy_j", e.context_j[i]}};
  j["static"]["core"]["active"] = {{"cycles", n.count("power.core_active_cycles")},
                                   {"energy_j", e.core_active_j}};
  j["static"]["core"]["idle"] = {{"cycles", n.count("power.core_idle_cycles")},
                                 {"energy_j", e.core_idle_j}};
  return j;
}

nlohmann::json PowerModel::stats_json() const {
  CounterSet c;
  counters(c);
  nlohmann::json j = report(c);
  // Peaks and the final values belong to the run as a whole, not to a difference of counters.
  const Summary s = summary();
  j["interval_cycles"] = tcfg_.interval_cycles;
  j["peak_power_w"] = s.peak_power_w;
  j["final_power_w"] = s.final_power_w;
  j["peak_temp_c"] = s.peak_temp_c;
  j["final_temp_c"] = s.final_temp_c;
  return j;
}

void PowerModel::set_trace(std::FILE* csv) {
  trace_ = csv;
  if (trace_) std::fputs("cycle,seconds,power_w,dynamic_w,static_w,die_c,spreader_c\n", trace_);
}

}  // namespace kasane
