// The thermal network of a package of several cores, HotSpot-style: every core is a die node, all
// of them sit on ONE shared spreader node that leads to the ambient, and each die also conducts
// sideways to the dies next to it (a lateral resistance between adjacent cores), so a hot core
// warms its neighbours both through the silicon and through the spreader:
//
//   P_i -> [die i, C_die] -- R_die_spreader --> [spreader, C_spreader * N]
//             |                                            |
//          R_lateral to each adjacent die       R_spreader_ambient / N -> ambient
//
// The shared spreader is the N per-core spreaders of thermal.h merged: N times the heat capacity
// and 1/N of the resistance to the ambient, so N equally busy cores reach the temperature one core
// reaches alone, and with N = 1 the network is exactly ThermalModel's. Cores sit in a row
// (core i next to i-1 and i+1) or in a grid of ceil(sqrt(N)) columns filled row by row (4 cores:
// 2x2, each touching two others). sim/power/README.md documents the layout and the defaults.
//
// For constant powers over a step the linear system x' = A x + B P is solved exactly,
// x(t + h) = x_inf + exp(A h) (x(t) - x_inf), with exp(A h) computed once per step length and the
// steady state x_inf = G P from the inverse of the conductance matrix, computed once.
#pragma once

#include <string>
#include <vector>

#include "power/thermal.h"

namespace kasane {

enum class PackageLayout { kRow, kGrid };

// "row" or "grid"; throws std::invalid_argument for anything else.
PackageLayout parse_package_layout(const std::string& name);
const char* package_layout_name(PackageLayout l);

// Pairs of adjacent cores (i < j) for `cores` cores in that layout.
std::vector<std::pair<unsigned, unsigned>> adjacent_cores(PackageLayout l, unsigned cores);

class PackageThermal {
 public:
  // `per_core` gives the die and per-core spreader constants (thermal.h); `r_lateral` (K/W) is the
  // resistance between two adjacent dies.
  PackageThermal(const ThermalConfig& per_core, unsigned cores, PackageLayout layout,
                 double r_lateral);

  unsigned cores() const { return n_; }
  // Constant power powers[i] into die i during `seconds` (<= 0: nothing happens).
  void step(const std::vector<double>& powers, double seconds);

  double die_c(unsigned i) const { return ambient_ + x_[i]; }
  double spreader_c() const { return ambient_ + x_[n_]; }
  // Heat flowing from the spreader to the ambient now, in W.
  double to_ambient_w() const { return x_[n_] / r_sa_; }
  // Heat stored above ambient now, in J (sum of C x): with to_ambient_w, the energy balance.
  double stored_j() const;
  // Steady-state temperatures (dies, then the spreader) for constant powers.
  std::vector<double> steady_c(const std::vector<double>& powers) const;
  const std::vector<std::pair<unsigned, unsigned>>& neighbours() const { return pairs_; }

 private:
  unsigned n_;
  double ambient_, c_die_, c_sp_, r_sa_;
  std::vector<std::pair<unsigned, unsigned>> pairs_;
  std::vector<double> a_;  // (n+1)^2 row-major: the system matrix A
  std::vector<double> g_;  // (n+1) x n row-major: steady-state rise per watt into each die
  std::vector<double> m_;  // exp(A h) for cached_h_
  double cached_h_ = -1;
  std::vector<double> x_;  // rises above ambient: dies, then the spreader
};

}  // namespace kasane
