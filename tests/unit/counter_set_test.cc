// The counter sets behind statistics per region of interest: differences, accumulation over
// several entries, levels that are not differences, and the power model's counters, whose
// difference over a span must give that span's energy exactly.
#include <gtest/gtest.h>

#include "power/power.h"
#include "stats/counter_set.h"

namespace kasane {
namespace {

TEST(CounterSet, DifferenceIsPerCounterAndAbsentNamesCountAsZero) {
  CounterSet begin, end;
  begin.set("a", 10);
  begin.set_real("e", 1.5);
  end.set("a", 25);
  end.set("b", 7);  // appeared after the begin
  end.set_real("e", 4.0);
  const CounterSet d = end - begin;
  EXPECT_EQ(d.count("a"), 15u);
  EXPECT_EQ(d.count("b"), 7u);
  EXPECT_DOUBLE_EQ(d.real("e"), 2.5);
  EXPECT_EQ(d.count("never"), 0u);
}

TEST(CounterSet, RegionEnteredTwiceAccumulatesBothEntries) {
  CounterSet total, b1, e1, b2, e2;
  b1.set("cycles", 100), e1.set("cycles", 130);
  b2.set("cycles", 500), e2.set("cycles", 520);
  total += e1 - b1;
  total += e2 - b2;
  EXPECT_EQ(total.count("cycles"), 50u);
}

TEST(CounterSet, GaugeKeepsTheLaterLevel) {
  CounterSet begin, end, total;
  begin.set_real("gauge.die_c", 50.0);
  end.set_real("gauge.die_c", 52.5);
  total += end - begin;
  EXPECT_DOUBLE_EQ(total.real("gauge.die_c"), 52.5);
}

ContextPowerState all_running[16] = {};  // kRunning is 0

TEST(CounterSet, PowerDifferenceIsTheSpansEnergyExactly) {
  ThermalConfig th = default_thermal_config();
  PowerModel p(default_power_config(), th, 2);
  p.count(PowerEvent::kFetch, 40);
  p.advance(all_running, 1234);  // part of an interval: the open one counts as if it ended now
  CounterSet begin;
  p.counters(begin);
  p.count(PowerEvent::kIssueMulDiv, 9);
  p.count(PowerEvent::kDram, 3);
  p.advance(all_running, 3 * th.interval_cycles + 17);  // across interval boundaries
  CounterSet end;
  p.counters(end);
  const nlohmann::json r = p.report(end - begin);
  EXPECT_EQ(r["cycles"], 3 * th.interval_cycles + 17);
  EXPECT_EQ(r["dynamic"]["issue_muldiv"]["events"], 9);
  EXPECT_EQ(r["dynamic"]["fetch"]["events"], 0);
  const PowerConfig pc = default_power_config();
  EXPECT_NEAR(r["dynamic"]["issue_muldiv"]["energy_j"].get<double>(),
              9 * pc.energy_pj[static_cast<size_t>(PowerEvent::kIssueMulDiv)] * 1e-12, 1e-18);
  EXPECT_NEAR(r["dram_energy_j"].get<double>(), 3 * 2600e-12, 1e-18);
  EXPECT_EQ(r["static"]["contexts"]["running"]["context_cycles"],
            2 * (3 * th.interval_cycles + 17));
  // The region's and the run's figures are the same code: the run is the difference from zero.
  CounterSet zero;
  const nlohmann::json whole = p.report(end - zero);
  const nlohmann::json stats = p.stats_json();
  EXPECT_EQ(whole["energy_j"], stats["energy_j"]);
  EXPECT_EQ(whole["dynamic"], stats["dynamic"]);
  EXPECT_GT(whole["energy_j"].get<double>(), r["energy_j"].get<double>());
}

}  // namespace
}  // namespace kasane
