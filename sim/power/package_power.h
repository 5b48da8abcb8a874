// The power of a package of several cores: every core's PowerModel, with its die a node of one
// shared thermal network (package_thermal.h). Each core closes its intervals on its own clock, and
// with several cores they close interval i one after the other (core 0 first in lock-step, or
// core 0 far ahead through an idle skip): a core's closed interval waits in its PowerModel until
// every core has closed it. Then, in interval order, each core's energy is computed at the leakage
// of its die's temperature at the start of the interval, the network steps with all the powers,
// and each core records its die's new temperature. The result therefore does not depend on the
// order the cores ran in, nor on idle skips (tested).
//
// One core keeps its own two-node ThermalModel (thermal.h) and no PackagePower is made, so a
// single core's results are those it always had.
#pragma once

#include <cstdio>
#include <vector>

#include <nlohmann/json.hpp>

#include "power/package_thermal.h"
#include "power/power.h"

namespace kasane {

class PackagePower {
 public:
  // The models of every core, index = core number; their ThermalConfig must agree (one clock,
  // one interval). Joins each one (PowerModel::join_package).
  PackagePower(const std::vector<PowerModel*>& cores, PackageLayout layout, double r_lateral);

  // A core closed an interval: step the network over every interval all cores have closed.
  void interval_closed();

  const PackageThermal& thermal() const { return net_; }
  // One CSV row per stepped interval: cycle, seconds, package_w, spreader_c, then for each core
  // N: coreN_w, coreN_dynamic_w, coreN_static_w, coreN_die_c. Writes the header now; nullptr stops.
  void set_trace(std::FILE* csv);
  // The layout, the spreader's final and peak temperature, the intervals stepped.
  nlohmann::json stats_json() const;

 private:
  std::vector<PowerModel*> cores_;
  PackageThermal net_;
  PackageLayout layout_;
  double r_lateral_;
  uint64_t interval_cycles_;
  double seconds_per_interval_;
  uint64_t stepped_ = 0;  // intervals stepped
  double peak_spreader_c_;
  std::vector<double> powers_, start_c_;
  std::FILE* trace_ = nullptr;
};

}  // namespace kasane
