// Tests of the core power model (sim/power/power.h): wait states ordered by power and heat,
// bulk idle skips equal to per-cycle ticking, leakage against temperature, the static power of an
// idle core, the CSV trace and the DRAM energy kept off the die.
#include "power/power.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

namespace kasane {
namespace {

using S = ContextPowerState;

// One cycle of a spin loop on one context: fetch, decode and issue one ALU instruction that reads
// two registers and writes one.
void spin_cycle(PowerModel& m, const S* states) {
  m.count(PowerEvent::kFetch);
  m.count(PowerEvent::kDecode);
  m.count(PowerEvent::kIssueAlu);
  m.count(PowerEvent::kRegRead, 2);
  m.count(PowerEvent::kRegWrite);
  m.advance(states, 1);
}

TEST(Power, SpinWaitDrawsMorePowerThanMwaitLightWhichDrawsMoreThanMwaitDeep) {
  const PowerConfig pc = default_power_config();
  const ThermalConfig tc = default_thermal_config();
  const uint64_t cycles = 10'000'000;  // 10 ms at 1 GHz: five die time constants
  const S spin[4] = {S::kRunning, S::kSuspended, S::kSuspended, S::kSuspended};
  const S light[4] = {S::kMwaitLight, S::kSuspended, S::kSuspended, S::kSuspended};
  const S deep[4] = {S::kMwaitDeep, S::kSuspended, S::kSuspended, S::kSuspended};

  PowerModel spinning(pc, tc, 4), light_sleep(pc, tc, 4), deep_sleep(pc, tc, 4);
  for (uint64_t i = 0; i < cycles; ++i) spin_cycle(spinning, spin);
  light_sleep.advance(light, cycles);
  deep_sleep.advance(deep, cycles);

  const auto a = spinning.summary(), b = light_sleep.summary(), c = deep_sleep.summary();
  EXPECT_GT(a.avg_power_w, b.avg_power_w);
  EXPECT_GT(b.avg_power_w, c.avg_power_w);
  EXPECT_GT(a.final_temp_c, b.final_temp_c);
  EXPECT_GT(b.final_temp_c, c.final_temp_c);
  // Spinning heats the die by more than a kelvin within milliseconds: visible in E3's plots.
  EXPECT_GT(a.final_temp_c - b.final_temp_c, 1.0);
}

TEST(Power, BulkAdvanceEqualsPerCycleAdvance) {
  ThermalConfig tc = default_thermal_config();
  tc.interval_cycles = 1000;  // many boundaries in a short test
  const PowerConfig pc = default_power_config();
  PowerModel per_cycle(pc, tc, 4), bulk(pc, tc, 4);

  // The same busy start for both, ending in the middle of an interval.
  const S busy[4] = {S::kRunning, S::kRunning, S::kSuspended, S::kHalted};
  for (int i = 0; i < 1234; ++i) {
    spin_cycle(per_cycle, busy);
    spin_cycle(bulk, busy);
  }
  // An idle skip across thousands of intervals, and running cycles in uneven chunks.
  const S idle[4] = {S::kMwaitDeep, S::kMwaitLight, S::kSuspended, S::kHalted};
  const S running[4] = {S::kRunning, S::kMwaitLight, S::kSuspended, S::kHalted};
  const uint64_t idle_cycles = 3'456'789;
  for (uint64_t i = 0; i < idle_cycles; ++i) per_cycle.advance(idle, 1);
  bulk.advance(idle, idle_cycles);
  for (int i = 0; i < 10'007; ++i) per_cycle.advance(running, 1);
  for (uint64_t n : {1u, 999u, 5000u, 4007u}) bulk.advance(running, n);

  EXPECT_EQ(per_cycle.cycles(), bulk.cycles());
  EXPECT_EQ(per_cycle.temperature_c(), bulk.temperature_c());  // bit for bit
  EXPECT_EQ(per_cycle.power_w(), bulk.power_w());
  EXPECT_EQ(per_cycle.stats_json(), bulk.stats_json());
  EXPECT_GT(per_cycle.temperature_c(), tc.ambient_c);
}

TEST(Power, LeakageRisesWithTemperature) {
  const PowerConfig pc = default_power_config();
  ThermalConfig cool = default_thermal_config(), hot = cool;
  hot.ambient_c = cool.ambient_c + 40;
  const S idle[2] = {S::kSuspended, S::kSuspended};
  PowerModel a(pc, cool, 2), b(pc, hot, 2);
  a.advance(idle, cool.interval_cycles);
  b.advance(idle, hot.interval_cycles);
  // The first interval runs at ambient: static power scales by exp(k * 40 K).
  EXPECT_NEAR(b.power_w() / a.power_w(), std::exp(pc.leakage_temp_coeff * 40), 1e-12);

  // Within a run: the same activity draws more as the die warms up.
  const S running[2] = {S::kRunning, S::kRunning};
  PowerModel m(pc, cool, 2);
  m.advance(running, cool.interval_cycles);
  const double first = m.power_w();
  m.advance(running, 500'000'000);  // half a second
  EXPECT_GT(m.temperature_c(), cool.ambient_c + 1);
  EXPECT_GT(m.power_w(), first);
  EXPECT_NEAR(m.power_w() / first,
              std::exp(pc.leakage_temp_coeff * (m.temperature_c() - cool.ambient_c)), 1e-4);
}

TEST(Power, IdleCoreUsesTheIdleStaticPower) {
  PowerConfig pc = default_power_config();
  const ThermalConfig tc = default_thermal_config();
  pc.leakage_ref_temp_c = tc.ambient_c;  // first interval at the reference: factor 1
  auto mw = [&pc](S s) { return pc.context_static_mw[static_cast<size_t>(s)]; };

  const S idle[4] = {S::kSuspended, S::kHalted, S::kMwaitLight, S::kMwaitDeep};
  PowerModel m(pc, tc, 4);
  m.advance(idle, tc.interval_cycles);
  const double idle_w = 1e-3 * (pc.core_idle_static_mw + mw(S::kSuspended) + mw(S::kHalted) +
                                mw(S::kMwaitLight) + mw(S::kMwaitDeep));
  EXPECT_NEAR(m.power_w(), idle_w, 1e-12);
  EXPECT_EQ(m.stats_json()["static"]["core"]["idle"]["cycles"], tc.interval_cycles);
  EXPECT_EQ(m.stats_json()["static"]["core"]["active"]["cycles"], 0u);

  // One running context, no instructions: the active core's static power instead.
  const S one_runs[4] = {S::kRunning, S::kHalted, S::kMwaitLight, S::kMwaitDeep};
  PowerModel r(pc, tc, 4);
  r.advance(one_runs, tc.interval_cycles);
  const double active_w = 1e-3 * (pc.core_active_static_mw + mw(S::kRunning) + mw(S::kHalted) +
                                  mw(S::kMwaitLight) + mw(S::kMwaitDeep));
  EXPECT_NEAR(r.power_w(), active_w, 1e-12);
  EXPECT_GT(pc.core_active_static_mw, pc.core_idle_static_mw);
}

TEST(Power, CsvTraceHasOneRowPerInterval) {
  ThermalConfig tc = default_thermal_config();
  tc.interval_cycles = 1000;
  PowerModel m(default_power_config(), tc, 1);
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  m.set_trace(f);
  const S running[1] = {S::kRunning};
  m.advance(running, 10'500);  // ten whole intervals and half of one
  std::fflush(f);
  std::rewind(f);
  std::string text;
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, n);
  std::fclose(f);

  std::istringstream lines(text);
  std::string line;
  ASSERT_TRUE(std::getline(lines, line));
  EXPECT_EQ(line, "cycle,seconds,power_w,dynamic_w,static_w,die_c,spreader_c");
  int rows = 0;
  while (std::getline(lines, line)) {
    ++rows;
    std::vector<double> v;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');) v.push_back(std::stod(cell));
    ASSERT_EQ(v.size(), 7u) << line;
    EXPECT_EQ(v[0], 1000.0 * rows);
    EXPECT_NEAR(v[1], 1e-6 * rows, 1e-15);                 // 1000 cycles at 1 GHz
    EXPECT_NEAR(v[2], v[3] + v[4], 1e-12);                 // power = dynamic + static
    EXPECT_GE(v[5], v[6]);                                 // the die is the hotter node
  }
  EXPECT_EQ(rows, 10);
}

TEST(Power, DramEnergyIsCountedButDoesNotHeatTheDie) {
  const PowerConfig pc = default_power_config();
  const ThermalConfig tc = default_thermal_config();
  const S running[1] = {S::kRunning};
  PowerModel with(pc, tc, 1), without(pc, tc, 1);
  with.count(PowerEvent::kDram, 1000);
  with.advance(running, 5 * tc.interval_cycles);
  without.advance(running, 5 * tc.interval_cycles);
  EXPECT_EQ(with.temperature_c(), without.temperature_c());
  EXPECT_EQ(with.summary().energy_j, without.summary().energy_j);
  const auto j = with.stats_json();
  const double dram_j = 1000 * pc.energy_pj[static_cast<size_t>(PowerEvent::kDram)] * 1e-12;
  EXPECT_NEAR(j["dram_energy_j"].get<double>(), dram_j, 1e-18);
  EXPECT_NEAR(j["energy_with_dram_j"].get<double>(), j["energy_j"].get<double>() + dram_j, 1e-15);
  EXPECT_EQ(j["dynamic"]["dram"]["events"], 1000u);
}

TEST(Power, StatsAddUpToTheSummaryIncludingTheIntervalInProgress) {
  const PowerConfig pc = default_power_config();
  const ThermalConfig tc = default_thermal_config();
  const S states[2] = {S::kRunning, S::kMwaitLight};
  PowerModel m(pc, tc, 2);
  for (int i = 0; i < 25'000; ++i) spin_cycle(m, states);  // 2.5 intervals
  const auto s = m.summary();
  const auto j = m.stats_json();
  EXPECT_EQ(j["cycles"], 25'000u);
  EXPECT_EQ(j["dynamic"]["reg_read"]["events"], 50'000u);
  EXPECT_NEAR(j["dynamic"]["fetch"]["energy_j"].get<double>(),
              25'000 * pc.energy_pj[static_cast<size_t>(PowerEvent::kFetch)] * 1e-12, 1e-15);
  EXPECT_NEAR(s.energy_j,
              j["dynamic_energy_j"].get<double>() + j["static_energy_j"].get<double>(), 1e-15);
  EXPECT_NEAR(s.avg_power_w, s.energy_j / 25e-6, 1e-9);
  EXPECT_GE(s.peak_temp_c, s.final_temp_c);
  EXPECT_GT(s.final_temp_c, m.temperature_c());  // the half interval heated a little more
  EXPECT_EQ(j["static"]["contexts"]["mwait_light"]["context_cycles"], 25'000u);
}

}  // namespace
}  // namespace kasane
