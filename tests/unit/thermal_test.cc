// Tests of the two-node RC thermal model (sim/power/thermal.h): its exact step against the
// closed-form step response and against an independent numerical integration, the steady state,
// and the default time constants that E3 relies on.
#include "power/thermal.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

namespace kasane {
namespace {

// The brief's "whole die" ranges: a bigger, slower node pair than the defaults, to check that
// nothing in the solution depends on the default constants.
ThermalConfig whole_die_config() {
  ThermalConfig c = default_thermal_config();
  c.r_die_spreader = 0.3;
  c.c_die = 0.05;
  c.r_spreader_ambient = 0.6;
  c.c_spreader = 3.0;
  return c;
}

// Classic RK4 on the circuit equations, written from the circuit and nothing in thermal.cc: a
// reference for the analytic solution. Returns the die temperature at time t.
double rk4_die_c(const ThermalConfig& c, double p, double t, double dt) {
  auto f = [&](double x1, double x2, double* d1, double* d2) {
    const double q12 = (x1 - x2) / c.r_die_spreader;
    *d1 = (p - q12) / c.c_die;
    *d2 = (q12 - x2 / c.r_spreader_ambient) / c.c_spreader;
  };
  double x1 = 0, x2 = 0, now = 0;
  while (now < t) {
    const double h = std::min(dt, t - now);
    double a1, a2, b1, b2, c1, c2, d1, d2;
    f(x1, x2, &a1, &a2);
    f(x1 + h / 2 * a1, x2 + h / 2 * a2, &b1, &b2);
    f(x1 + h / 2 * b1, x2 + h / 2 * b2, &c1, &c2);
    f(x1 + h * c1, x2 + h * c2, &d1, &d2);
    x1 += h / 6 * (a1 + 2 * b1 + 2 * c1 + d1);
    x2 += h / 6 * (a2 + 2 * b2 + 2 * c2 + d2);
    now += h;
  }
  return c.ambient_c + x1;
}

TEST(Thermal, StepResponseMatchesTheAnalyticRcSolutionWithin1Percent) {
  for (const ThermalConfig& cfg : {default_thermal_config(), whole_die_config()}) {
    const double p = 2.0;
    const auto tc = ThermalModel::time_constants(cfg);
    const double h = static_cast<double>(cfg.interval_cycles) / (cfg.clock_ghz * 1e9);
    const std::vector<double> times = {0.1 * tc.fast_s, tc.fast_s, 5 * tc.fast_s,
                                       0.1 * tc.slow_s, tc.slow_s, 5 * tc.slow_s};
    for (double t : times) {
      // The model as the power model drives it: interval-long steps, then the remainder.
      ThermalModel m(cfg);
      const auto whole = static_cast<uint64_t>(t / h);
      for (uint64_t i = 0; i < whole; ++i) m.step(p, h);
      m.step(p, t - static_cast<double>(whole) * h);

      const double analytic = ThermalModel::analytic_die_c(cfg, p, t);
      const double rise = analytic - cfg.ambient_c;
      ASSERT_GT(rise, 0);
      EXPECT_NEAR(m.die_c(), analytic, 0.01 * rise) << "t = " << t;
      // The closed form itself against an independent integration of the circuit equations.
      const double rk = rk4_die_c(cfg, p, t, tc.fast_s / 50);
      EXPECT_NEAR(rk, analytic, 0.001 * rise) << "t = " << t;
    }
  }
}

TEST(Thermal, SteadyStateIsAmbientPlusPowerTimesTotalResistance) {
  for (const ThermalConfig& cfg : {default_thermal_config(), whole_die_config()}) {
    const double p = 0.75;
    ThermalModel m(cfg);
    m.step(p, 60 * ThermalModel::time_constants(cfg).slow_s);
    EXPECT_NEAR(m.die_c(), cfg.ambient_c + p * (cfg.r_die_spreader + cfg.r_spreader_ambient), 1e-9);
    EXPECT_NEAR(m.spreader_c(), cfg.ambient_c + p * cfg.r_spreader_ambient, 1e-9);
  }
}

TEST(Thermal, OneLongStepEqualsManyShortSteps) {
  const ThermalConfig cfg = default_thermal_config();
  ThermalModel one(cfg), many(cfg);
  one.step(1.0, 0.05);
  for (int i = 0; i < 5000; ++i) many.step(1.0, 1e-5);
  const double rise = one.die_c() - cfg.ambient_c;
  EXPECT_NEAR(many.die_c(), one.die_c(), 1e-9 * rise);
  EXPECT_NEAR(many.spreader_c(), one.spreader_c(), 1e-9 * rise);
}

TEST(Thermal, CoolsBackToAmbientWithoutPower) {
  const ThermalConfig cfg = default_thermal_config();
  ThermalModel m(cfg);
  m.step(1.0, 1.0);
  const double hot = m.die_c();
  m.step(0.0, 1e-3);
  EXPECT_LT(m.die_c(), hot);
  EXPECT_GT(m.die_c(), m.spreader_c() - 1e-12);  // heat flows out through the spreader
  m.step(0.0, 100.0);
  EXPECT_NEAR(m.die_c(), cfg.ambient_c, 1e-9);
}

TEST(Thermal, DefaultTimeConstantsAreMillisecondsForTheDieAndUnderASecondForThePackage) {
  // E3 needs both within a simulated second: the die reacts in milliseconds, the package settles
  // in about a second (README: why).
  const auto tc = ThermalModel::time_constants(default_thermal_config());
  EXPECT_GT(tc.fast_s, 1e-3);
  EXPECT_LT(tc.fast_s, 5e-3);
  EXPECT_GT(tc.slow_s, 0.1);
  EXPECT_LT(tc.slow_s, 1.0);
}

TEST(Thermal, RejectsNonPositiveConstants) {
  ThermalConfig cfg = default_thermal_config();
  cfg.c_die = 0;
  EXPECT_THROW(ThermalModel m(cfg), std::invalid_argument);
  cfg = default_thermal_config();
  cfg.interval_cycles = 0;
  EXPECT_THROW(validate(cfg), std::invalid_argument);
}

}  // namespace
}  // namespace kasane
