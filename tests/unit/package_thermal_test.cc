// Tests of the package's shared thermal network (sim/power/package_thermal.h) and of the package
// power that drives it (package_power.h): the layouts, one core equal to the two-node model, the
// steady state and energy balance, the exact step against an independent integration, a hot core
// warming its neighbour, and results that do not depend on the order the cores ran in.
#include "power/package_power.h"
#include "power/package_thermal.h"

#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

namespace kasane {
namespace {

using Pairs = std::vector<std::pair<unsigned, unsigned>>;

TEST(PackageThermal, RowAndGridLayoutsHaveTheDocumentedNeighbours) {
  EXPECT_EQ(adjacent_cores(PackageLayout::kRow, 4), (Pairs{{0, 1}, {1, 2}, {2, 3}}));
  EXPECT_EQ(adjacent_cores(PackageLayout::kGrid, 4), (Pairs{{0, 1}, {0, 2}, {1, 3}, {2, 3}}));
  EXPECT_EQ(adjacent_cores(PackageLayout::kGrid, 2), (Pairs{{0, 1}}));
  EXPECT_EQ(adjacent_cores(PackageLayout::kGrid, 3), (Pairs{{0, 1}, {0, 2}}));
  EXPECT_TRUE(adjacent_cores(PackageLayout::kRow, 1).empty());
  EXPECT_THROW(parse_package_layout("ring"), std::invalid_argument);
}

TEST(PackageThermal, OneCoreIsTheTwoNodeModel) {
  const ThermalConfig cfg = default_thermal_config();
  PackageThermal pkg(cfg, 1, PackageLayout::kRow, 66.7);
  ThermalModel one(cfg);
  for (int i = 0; i < 300; ++i) {
    const double p = i % 7 < 3 ? 0.3 : 0.05;
    pkg.step({p}, 1e-5);
    one.step(p, 1e-5);
  }
  const double rise = one.die_c() - cfg.ambient_c;
  ASSERT_GT(rise, 0.01);
  EXPECT_NEAR(pkg.die_c(0), one.die_c(), 1e-9 * rise);
  EXPECT_NEAR(pkg.spreader_c(), one.spreader_c(), 1e-9 * rise);
}

TEST(PackageThermal, SteadyStateBalancesTheHeat) {
  const ThermalConfig cfg = default_thermal_config();
  for (PackageLayout l : {PackageLayout::kRow, PackageLayout::kGrid}) {
    PackageThermal pkg(cfg, 4, l, 66.7);
    const std::vector<double> p = {0.25, 0.04, 0.1, 0.04};
    pkg.step(p, 50.0);  // 150 slow time constants
    const std::vector<double> steady = pkg.steady_c(p);
    double total = 0;
    for (double w : p) total += w;
    // All the heat leaves through the shared spreader: N cores' spreaders merged, R / N.
    EXPECT_NEAR(pkg.to_ambient_w(), total, 1e-9);
    EXPECT_NEAR(pkg.spreader_c(), cfg.ambient_c + total * cfg.r_spreader_ambient / 4, 1e-9);
    for (unsigned i = 0; i < 4; ++i) {
      EXPECT_NEAR(pkg.die_c(i), steady[i], 1e-9);
      // Each die: its power minus what flows sideways goes down to the spreader.
      double sideways = 0;
      for (const auto& [a, b] : pkg.neighbours()) {
        if (a == i) sideways += (pkg.die_c(a) - pkg.die_c(b)) / 66.7;
        if (b == i) sideways += (pkg.die_c(b) - pkg.die_c(a)) / 66.7;
      }
      EXPECT_NEAR((pkg.die_c(i) - pkg.spreader_c()) / cfg.r_die_spreader, p[i] - sideways, 1e-9);
    }
  }
}

TEST(PackageThermal, EnergyInEqualsEnergyStoredPlusEnergyLostDuringATransient) {
  const ThermalConfig cfg = default_thermal_config();
  PackageThermal pkg(cfg, 2, PackageLayout::kRow, 66.7);
  const std::vector<double> p = {0.3, 0.05};
  const double h = 1e-6;
  double in = 0, out = 0;
  for (int i = 0; i < 20000; ++i) {  // 20 ms: the dies settle, the spreader is still rising
    const double before = pkg.to_ambient_w();
    pkg.step(p, h);
    in += (p[0] + p[1]) * h;
    out += 0.5 * (before + pkg.to_ambient_w()) * h;
  }
  EXPECT_NEAR(pkg.stored_j() + out, in, 1e-6 * in);
  EXPECT_GT(out, 0);
}

// RK4 on the circuit written out by hand for two cores in a row.
std::vector<double> rk4_two_cores(const ThermalConfig& c, double rl, std::vector<double> p,
                                  double t) {
  const double rsa = c.r_spreader_ambient / 2, csp = c.c_spreader * 2;
  auto f = [&](const std::vector<double>& x) {
    const double q0 = (x[0] - x[2]) / c.r_die_spreader, q1 = (x[1] - x[2]) / c.r_die_spreader;
    const double lat = (x[0] - x[1]) / rl;
    return std::vector<double>{(p[0] - q0 - lat) / c.c_die, (p[1] - q1 + lat) / c.c_die,
                               (q0 + q1 - x[2] / rsa) / csp};
  };
  std::vector<double> x(3, 0.0);
  const double h = 1e-5;
  for (double now = 0; now < t - h / 2; now += h) {
    auto add = [](const std::vector<double>& a, const std::vector<double>& b, double k) {
      std::vector<double> r(a);
      for (size_t i = 0; i < r.size(); ++i) r[i] += k * b[i];
      return r;
    };
    const auto k1 = f(x), k2 = f(add(x, k1, h / 2));
    const auto k3 = f(add(x, k2, h / 2)), k4 = f(add(x, k3, h));
    for (size_t i = 0; i < 3; ++i) x[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
  return x;
}

TEST(PackageThermal, ExactStepMatchesAnIndependentIntegration) {
  ThermalConfig cfg = default_thermal_config();
  PackageThermal pkg(cfg, 2, PackageLayout::kRow, 20.0);
  for (int i = 0; i < 50; ++i) pkg.step({0.4, 0.02}, 1e-4);  // 5 ms in 50 exact steps
  const auto x = rk4_two_cores(cfg, 20.0, {0.4, 0.02}, 5e-3);
  EXPECT_NEAR(pkg.die_c(0), cfg.ambient_c + x[0], 1e-6);
  EXPECT_NEAR(pkg.die_c(1), cfg.ambient_c + x[1], 1e-6);
  EXPECT_NEAR(pkg.spreader_c(), cfg.ambient_c + x[2], 1e-6);
}

TEST(PackageThermal, AHotCoreWarmsItsNeighbourMoreThanACoreFurtherAway) {
  const ThermalConfig cfg = default_thermal_config();
  PackageThermal busy(cfg, 4, PackageLayout::kGrid, 66.7), idle(cfg, 4, PackageLayout::kGrid, 66.7);
  for (int i = 0; i < 500; ++i) {  // 5 ms
    busy.step({0.25, 0.04, 0.04, 0.04}, 1e-5);
    idle.step({0.04, 0.04, 0.04, 0.04}, 1e-5);
  }
  EXPECT_GT(busy.die_c(1), idle.die_c(1) + 0.01);
  EXPECT_NEAR(busy.die_c(1), busy.die_c(2), 1e-12);  // both touch core 0 in a 2x2 grid
  EXPECT_GT(busy.die_c(1), busy.die_c(3));           // the diagonal core only through others
  EXPECT_GT(busy.die_c(3), idle.die_c(3));           // ... and the shared spreader
}

// Two cores' power models; core 0 runs, core 1 idles.
struct TwoCores {
  PowerModel a{default_power_config(), default_thermal_config(), 2};
  PowerModel b{default_power_config(), default_thermal_config(), 2};
  PackagePower pkg{{&a, &b}, PackageLayout::kRow, 66.7};
};

TEST(PackagePower, OrderOfTheCoresDoesNotChangeTheResult) {
  const ContextPowerState run[2] = {ContextPowerState::kRunning, ContextPowerState::kSuspended};
  const ContextPowerState idle[2] = {ContextPowerState::kHalted, ContextPowerState::kHalted};
  TwoCores lockstep, skewed;
  const uint64_t cycles = 2'000'005;
  for (uint64_t i = 0; i < cycles; ++i) {
    lockstep.a.count(PowerEvent::kIssueAlu);
    lockstep.a.advance(run, 1);
    lockstep.b.advance(idle, 1);
  }
  // Core 1 first, as one idle skip, then core 0.
  skewed.b.advance(idle, cycles);
  EXPECT_EQ(skewed.pkg.thermal().die_c(1), default_thermal_config().ambient_c);  // waits
  for (uint64_t i = 0; i < cycles; ++i) {
    skewed.a.count(PowerEvent::kIssueAlu);
    skewed.a.advance(run, 1);
  }
  for (const char* key : {"energy_j", "final_temp_c", "peak_temp_c", "avg_temp_c"}) {
    EXPECT_EQ(lockstep.a.stats_json()[key], skewed.a.stats_json()[key]) << key;
    EXPECT_EQ(lockstep.b.stats_json()[key], skewed.b.stats_json()[key]) << key;
  }
  EXPECT_EQ(lockstep.pkg.stats_json(), skewed.pkg.stats_json());
  EXPECT_EQ(lockstep.pkg.stats_json()["intervals"], 200);
  // The idle core is warmer than ambient by more than its own power explains alone.
  EXPECT_GT(lockstep.b.temperature_c(), lockstep.pkg.thermal().spreader_c());
  EXPECT_GT(lockstep.a.temperature_c(), lockstep.b.temperature_c() + 0.3);
}

TEST(PackagePower, TraceHasColumnsPerCore) {
  TwoCores m;
  std::FILE* f = std::tmpfile();
  m.pkg.set_trace(f);
  const ContextPowerState run[2] = {ContextPowerState::kRunning, ContextPowerState::kRunning};
  m.a.advance(run, 30'000);
  m.b.advance(run, 30'000);
  std::rewind(f);
  char line[512];
  ASSERT_TRUE(std::fgets(line, sizeof line, f));
  EXPECT_STREQ(line,
               "cycle,seconds,package_w,spreader_c,core0_w,core0_dynamic_w,core0_static_w,"
               "core0_die_c,core1_w,core1_dynamic_w,core1_static_w,core1_die_c\n");
  int rows = 0;
  while (std::fgets(line, sizeof line, f)) ++rows;
  EXPECT_EQ(rows, 3);
  std::fclose(f);
}

}  // namespace
}  // namespace kasane
