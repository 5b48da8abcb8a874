// The power model of one SMT core: dynamic energy per pipeline and memory event, static power per
// hardware-context state and core state (leakage rising with die temperature), and the core's
// ThermalModel stepped once per interval with that interval's average power.
//
// The pipeline calls count() for the events of a cycle and advance() with the contexts' states
// for that cycle (or for millions of idle cycles at once: the result is the same, because the
// model only does arithmetic at interval boundaries and splits a long advance() exactly there).
//
// Power and temperature here are the core's own, what heats its die: DRAM access energy is
// counted and reported (stats_json: "dram_energy_j") but, like RAPL's separate DRAM domain, it is
// not part of power_w() nor of the heat, since the DRAM chips are off the die.
//
// The defaults and their sources are in sim/power/README.md; default_power_config() cites each.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <nlohmann/json.hpp>

#include "power/thermal.h"
#include "stats/counter_set.h"

namespace kasane {

class PackagePower;

// The dynamic events (power_events.def): fetch, decode, an issue per unit class, register reads
// and writes, L1I, L1D, L2 and DRAM accesses. DRAM is counted but not on the die (see above).
enum class PowerEvent : uint8_t {
#define POWER_EVENT(id, name, pj, description) id,
#include "power/power_events.def"
#undef POWER_EVENT
  kCount
};

enum class ContextPowerState : uint8_t {
  kRunning,     // fetching and executing (includes spinning and stalls)
  kSuspended,   // tsuspend'ed or free: clock-gated, state kept
  kMwaitLight,  // mwait with hint 0: clock-gated, fast wake-up
  kMwaitDeep,   // mwait with hint 1: state held at retention, slower wake-up
  kHalted,      // halted by the kernel: clock-gated
  kCount
};

constexpr size_t kPowerEventCount = static_cast<size_t>(PowerEvent::kCount);
// The out-of-order core's structure events (rename, rob, iq_wakeup, lsq_search) close
// power_events.def: the events from this one on are reported only by a model that counts them.
constexpr size_t kFirstStructureEvent = static_cast<size_t>(PowerEvent::kRename);
static_assert(static_cast<size_t>(PowerEvent::kLsqSearch) + 1 == kPowerEventCount,
              "the structure events close power_events.def");
constexpr size_t kContextPowerStateCount = static_cast<size_t>(ContextPowerState::kCount);

// Lower-case names used in stats_json() and the CSV header ("issue_alu", "mwait_deep", ...); the
// lead's config keys can use the same spelling.
const char* power_event_name(PowerEvent e);
const char* context_power_state_name(ContextPowerState s);

struct PowerConfig {
  double energy_pj[kPowerEventCount] = {};                   // pJ per event
  double context_static_mw[kContextPowerStateCount] = {};    // mW per context in that state
  double core_active_static_mw = 0;  // mW for the shared core while at least one context runs
  double core_idle_static_mw = 0;    // mW for the shared core while none runs (deeper gating)
  // Static power at die temperature T is P(T0) * exp(k * (T - T0)).
  double leakage_temp_coeff = 0;  // k, 1/K
  double leakage_ref_temp_c = 0;  // T0, °C: the static powers above are at this temperature
};

// The cited defaults (45 nm figures, see README).
PowerConfig default_power_config();

// Throws std::invalid_argument naming the first negative value.
void validate(const PowerConfig& cfg);

class PowerModel {
 public:
  PowerModel(const PowerConfig& power, const ThermalConfig& thermal, unsigned contexts);

  // Events of the cycle that the next advance() starts with.
  void count(PowerEvent e, uint64_t n = 1) { open_.events[static_cast<size_t>(e)] += n; }

  // `cycles` cycles during which context i was in states[i] (i < contexts). Cheap: it adds to
  // integer counters and does arithmetic only when an interval of interval_cycles completes
  // (energies, average power, leakage factor, one thermal step, one trace row).
  void advance(const ContextPowerState* states, uint64_t cycles);
  // The same with the contexts already counted: in_state[s] of them in state s (a caller that
  // knows when states change counts them only then).
  void advance_counted(const uint64_t* in_state, uint64_t cycles);
  // Cycles until the open interval closes: an advance of fewer only adds to counters, so a
  // caller whose contexts keep their states may gather that many and advance once.
  uint64_t cycles_to_close() const { return tcfg_.interval_cycles - open_.cycles; }

  // Average power of the last completed interval (0 before the first one), in W.
  double power_w() const { return last_power_w_; }
  // Die temperature at the end of the last completed interval, in °C.
  double temperature_c() const { return package_ ? package_die_c_ : thermal_.die_c(); }
  uint64_t cycles() const { return closed_cycles_ + pending_cycles_ + open_.cycles; }

  // Several cores: from now on this core's die is node `index` of the package's shared thermal
  // network (package_power.h), which steps every core's die together once all of them have closed
  // an interval; this model's own two-node ThermalModel is no longer used. Call before advance().
  void join_package(PackagePower* package, unsigned index);

  // The whole run so far, including the interval in progress (as if it ended now).
  struct Summary {
    double avg_power_w, peak_power_w, final_power_w;
    double avg_temp_c, peak_temp_c, final_temp_c;
    double energy_j;  // on the die: dynamic without DRAM, plus static
  };
  Summary summary() const;
  // The summary, energy per event class, static energy per context state and core state, and
  // the DRAM energy kept apart.
  nlohmann::json stats_json() const;
  // The raw counts and energies (stats/counter_set.h), named "power.*", and the die temperature
  // as "gauge.die_c". The interval in progress counts as if it ended now; its energy is linear in
  // its counts at one leakage factor, so a difference of two snapshots is exact.
  void counters(CounterSet& out) const;
  // stats_json()'s energies, average power and average temperature from counters over some span
  // (the run, or a region's difference; the average temperature of a region is approximate
  // within a thermal interval at each end).
  nlohmann::json report(const CounterSet& counters) const;
  // The model counts the out-of-order structure events: counters(), report() and stats_json()
  // name them from now on (without it they leave them out, and the in-order models' statistics
  // are what they were before the events existed).
  void report_structure_events() { reported_events_ = kPowerEventCount; }

  // One CSV row per completed interval: cycle, seconds, power_w, dynamic_w, static_w, die_c,
  // spreader_c. Writes the header line now; nullptr stops tracing. The caller owns the file.
  // (In a package the package writes one trace with columns per core: PackagePower::set_trace.)
  void set_trace(std::FILE* csv);
  // Called as each interval completes with its end cycle, average power (W) and die temperature
  // (°C): the thread timeline's counters.
  void on_interval(std::function<void(uint64_t, double, double)> f) { on_interval_ = std::move(f); }

 private:
  friend class PackagePower;
  // Integer activity of the interval in progress: exact, so per-cycle and bulk calls agree.
  struct Activity {
    uint64_t events[kPowerEventCount] = {};
    uint64_t context_cycles[kContextPowerStateCount] = {};  // summed over contexts
    uint64_t core_active_cycles = 0, core_idle_cycles = 0;
    uint64_t cycles = 0;
    bool operator==(const Activity& o) const;
  };
  // Energies in J, accumulated over closed intervals (or computed for the open one).
  struct Energy {
    double event_j[kPowerEventCount] = {};
    double context_j[kContextPowerStateCount] = {};
    double core_active_j = 0, core_idle_j = 0;
    double dynamic_on_die() const;
    double static_total() const;
  };
  struct Totals {
    Energy energy;
    Activity activity;  // whole-run counts
    uint64_t cycles = 0;
    double seconds = 0;
    double peak_power_w = 0, final_power_w = 0;
    double temp_time_integral = 0;  // ∫ die temperature dt, trapezoids per interval
    double peak_temp_c = 0, final_temp_c = 0;
  };

  Energy energy_of(const Activity& a, double leakage_factor) const;
  double leakage_factor(double die_c) const;
  void close_interval();
  // Closing an interval in two halves, around the thermal step: account() turns the activity into
  // energy at the leakage of `start_c` and returns the interval's average power; finish_interval()
  // records the temperatures the step reached (statistics, trace row, timeline).
  double account(const Activity& a, double start_c);
  void finish_interval(const Activity& a, double start_c, double end_c, double spreader_c);
  Totals totals() const;  // closed intervals plus the open one (and, in a package, the pending)

  PowerConfig cfg_;
  ThermalConfig tcfg_;
  unsigned contexts_;
  size_t reported_events_ = kFirstStructureEvent;
  double seconds_per_cycle_;
  ThermalModel thermal_;

  Activity open_;             // the interval in progress
  Activity closed_activity_;  // sums over closed intervals
  Energy closed_energy_;
  uint64_t closed_cycles_ = 0;
  uint64_t closed_intervals_ = 0;
  double last_power_w_ = 0;
  double peak_power_w_ = 0;
  double temp_time_integral_ = 0;
  double peak_temp_c_;
  std::FILE* trace_ = nullptr;
  std::function<void(uint64_t, double, double)> on_interval_;
  double last_dynamic_w_ = 0, last_static_w_ = 0;

  // In a package: intervals this core has closed that the package has not stepped yet (it waits
  // for every core), run-length coded so that an idle skip of many intervals stays small.
  struct Pending {
    Activity activity;
    uint64_t repeat;
  };
  PackagePower* package_ = nullptr;
  std::deque<Pending> pending_;
  uint64_t pending_cycles_ = 0;
  double package_die_c_ = 0;  // the die's temperature after the package's last step
};

}  // namespace kasane
