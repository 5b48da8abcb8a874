// See simctl.h. Cycles are derived from SystemC time plus the core's annotated delay, so a
// reading taken inside a temporally decoupled quantum is still exact.
#include "dev/simctl.h"

#include <cstdio>

#include "kasane/devices.h"

namespace kasane {

SimCtl::SimCtl(sc_core::sc_module_name name, sc_core::sc_time clock_period,
               std::function<std::vector<uint64_t>()> retired, std::function<void()> stop)
    : RegDevice(name, KASANE_SIMCTL_SIZE),
      period_(clock_period),
      retired_(std::move(retired)),
      stop_(std::move(stop)) {}

uint64_t SimCtl::cycle_at(const sc_core::sc_time& when) const {
  return when.value() / period_.value();
}

bool SimCtl::read(uint32_t offset, uint32_t& value, const sc_core::sc_time& when) {
  switch (offset) {
    case KASANE_SIMCTL_CYCLE_LO: {
      uint64_t c = cycle_at(when);
      cycle_hi_latch_ = static_cast<uint32_t>(c >> 32);
      value = static_cast<uint32_t>(c);
      return true;
    }
    case KASANE_SIMCTL_CYCLE_HI: value = cycle_hi_latch_; return true;
    case KASANE_SIMCTL_EXIT:
    case KASANE_SIMCTL_ROI_BEGIN:
    case KASANE_SIMCTL_ROI_END:
    case KASANE_SIMCTL_PANIC: value = 0; return true;
  }
  return false;
}

bool SimCtl::write(uint32_t offset, uint32_t value, const sc_core::sc_time& when) {
  switch (offset) {
    case KASANE_SIMCTL_EXIT:
      exited_ = true;
      exit_status_ = value;
      stop_();
      return true;
    case KASANE_SIMCTL_PANIC:
      panicked_ = true;
      stop_();
      return true;
    case KASANE_SIMCTL_ROI_BEGIN: {
      if (open_.count(value)) {
        std::fprintf(stderr, "kasane-sim: warning: region of interest %u begun twice; the second begin is ignored\n", value);
        return true;
      }
      RegionOfInterest r;
      r.id = value;
      r.begin_cycle = cycle_at(when);
      r.begin_retired = retired_();
      open_[value] = regions_.size();
      regions_.push_back(std::move(r));
      return true;
    }
    case KASANE_SIMCTL_ROI_END: {
      auto it = open_.find(value);
      if (it == open_.end()) {
        std::fprintf(stderr, "kasane-sim: warning: region of interest %u ended but never begun; ignored\n", value);
        return true;
      }
      RegionOfInterest& r = regions_[it->second];
      r.end_cycle = cycle_at(when);
      r.end_retired = retired_();
      r.closed = true;
      open_.erase(it);
      return true;
    }
    case KASANE_SIMCTL_CYCLE_LO:
    case KASANE_SIMCTL_CYCLE_HI: return true;  // read-only: writes are ignored
  }
  return false;
}

}  // namespace kasane
