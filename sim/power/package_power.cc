// Stepping the package's shared thermal network in interval order over every core: see
// package_power.h.
#include "power/package_power.h"

#include <algorithm>
#include <stdexcept>

namespace kasane {

PackagePower::PackagePower(const std::vector<PowerModel*>& cores, PackageLayout layout,
                           double r_lateral)
    : cores_(cores),
      net_(cores.at(0)->tcfg_, static_cast<unsigned>(cores.size()), layout, r_lateral),
      layout_(layout),
      r_lateral_(r_lateral),
      interval_cycles_(cores[0]->tcfg_.interval_cycles),
      seconds_per_interval_(static_cast<double>(interval_cycles_) * cores[0]->seconds_per_cycle_),
      peak_spreader_c_(net_.spreader_c()),
      powers_(cores.size()),
      start_c_(cores.size()) {
  for (unsigned k = 0; k < cores_.size(); ++k) {
    const ThermalConfig& t = cores_[k]->tcfg_;
    if (t.interval_cycles != interval_cycles_ || t.clock_ghz != cores[0]->tcfg_.clock_ghz)
      throw std::invalid_argument("thermal: the cores of a package need one interval and clock");
    cores_[k]->join_package(this, k);
  }
}

void PackagePower::interval_closed() {
  for (;;) {
    for (const PowerModel* c : cores_)
      if (c->pending_.empty()) return;
    const unsigned n = static_cast<unsigned>(cores_.size());
    for (unsigned k = 0; k < n; ++k) {
      start_c_[k] = net_.die_c(k);
      powers_[k] = cores_[k]->account(cores_[k]->pending_.front().activity, start_c_[k]);
    }
    net_.step(powers_, seconds_per_interval_);
    ++stepped_;
    peak_spreader_c_ = std::max(peak_spreader_c_, net_.spreader_c());
    for (unsigned k = 0; k < n; ++k) {
      PowerModel& c = *cores_[k];
      PowerModel::Pending& p = c.pending_.front();
      c.finish_interval(p.activity, start_c_[k], net_.die_c(k), net_.spreader_c());
      c.pending_cycles_ -= p.activity.cycles;
      if (--p.repeat == 0) c.pending_.pop_front();
    }
    if (trace_) {
      double total = 0;
      for (double p : powers_) total += p;
      const uint64_t cycle = stepped_ * interval_cycles_;
      std::fprintf(trace_, "%llu,%.9g,%.9g,%.9g", static_cast<unsigned long long>(cycle),
                   static_cast<double>(stepped_) * seconds_per_interval_, total, net_.spreader_c());
      for (unsigned k = 0; k < n; ++k)
        std::fprintf(trace_, ",%.9g,%.9g,%.9g,%.9g", powers_[k], cores_[k]->last_dynamic_w_,
                     cores_[k]->last_static_w_, net_.die_c(k));
      std::fputc('\n', trace_);
    }
  }
}

void PackagePower::set_trace(std::FILE* csv) {
  trace_ = csv;
  if (!trace_) return;
  std::fputs("cycle,seconds,package_w,spreader_c", trace_);
  for (unsigned k = 0; k < cores_.size(); ++k)
    std::fprintf(trace_, ",core%u_w,core%u_dynamic_w,core%u_static_w,core%u_die_c", k, k, k, k);
  std::fputc('\n', trace_);
}

nlohmann::json PackagePower::stats_json() const {
  nlohmann::json neighbours = nlohmann::json::array();
  for (const auto& [i, j] : net_.neighbours()) neighbours.push_back({i, j});
  return {{"layout", package_layout_name(layout_)},
          {"lateral_r_k_per_w", r_lateral_},
          {"neighbours", neighbours},
          {"intervals", stepped_},
          {"final_spreader_c", net_.spreader_c()},
          {"peak_spreader_c", peak_spreader_c_}};
}

}  // namespace kasane
