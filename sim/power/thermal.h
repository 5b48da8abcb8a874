// A compact HotSpot-style thermal model of one core: two lumped nodes, the core's patch of die and
// the package under it (heat spreader), in series to the ambient:
//
//   P -> [die, C_die] -- R_die_spreader -> [spreader, C_spreader] -- R_spreader_ambient -> ambient
//
// The power model steps it once per interval with that interval's average power. For a constant
// power the 2-node linear system is solved exactly (matrix exponential), so the step size never
// costs accuracy: one step of a second and a million steps of a microsecond agree to rounding.
// The defaults and why they were chosen are in sim/power/README.md.
#pragma once

#include <cstdint>

namespace kasane {

struct ThermalConfig {
  double r_die_spreader = 0;      // K/W: die (junction) to spreader/case
  double c_die = 0;               // J/K: heat capacity of the die node
  double r_spreader_ambient = 0;  // K/W: spreader/case to ambient
  double c_spreader = 0;          // J/K: heat capacity of the spreader node
  double ambient_c = 0;           // °C: ambient, and the temperature both nodes start at
  uint64_t interval_cycles = 0;   // cycles per thermal step (PowerModel)
  double clock_ghz = 0;           // core clock, converts cycles to seconds (PowerModel)
};

// The documented defaults (README: a 1 mm² core patch, a small passively cooled package whose
// heat capacity is shrunk so that it settles in about a simulated second).
ThermalConfig default_thermal_config();

// Throws std::invalid_argument naming the first field that is not positive (ambient may be any
// temperature above absolute zero).
void validate(const ThermalConfig& cfg);

class ThermalModel {
 public:
  explicit ThermalModel(const ThermalConfig& cfg);

  // Constant `power_w` during `seconds` (<= 0: nothing happens). Exact for any step length.
  void step(double power_w, double seconds);

  double die_c() const { return cfg_.ambient_c + rise_die_; }
  double spreader_c() const { return cfg_.ambient_c + rise_spreader_; }

  // Die temperature t seconds after a constant power_w is applied to a model at ambient, from the
  // closed-form solution (derived in thermal.cc independently of step()'s matrix exponential).
  static double analytic_die_c(const ThermalConfig& cfg, double power_w, double t);

  // The two time constants of the system, -1/eigenvalue: `fast_s` is dominated by the die node,
  // `slow_s` by the spreader node.
  struct TimeConstants {
    double fast_s, slow_s;
  };
  static TimeConstants time_constants(const ThermalConfig& cfg);

 private:
  ThermalConfig cfg_;
  double rise_die_ = 0;       // K above ambient
  double rise_spreader_ = 0;  // K above ambient
  // exp(A h) for the last step length h: the power model always steps with the same h, so the
  // two exponentials are computed once.
  double cached_h_ = -1;
  double m_[2][2] = {{1, 0}, {0, 1}};
};

}  // namespace kasane
