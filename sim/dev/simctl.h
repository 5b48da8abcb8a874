// The sim-control device: how a guest ends the simulation, marks regions of interest, reports
// named figures and reads the cycle counter. Register layout in include/kasane/devices.h.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "dev/guest_error.h"
#include "dev/reg_device.h"
#include "kasane/devices.h"

namespace kasane {

struct RegionOfInterest {
  uint32_t id = 0;
  uint64_t begin_cycle = 0, end_cycle = 0;
  std::vector<uint64_t> begin_retired, end_retired;  // per context
  bool closed = false;
};

// A figure the guest reported by name (kasane_report), for stats.json "reports".
struct Report {
  std::string name;
  uint64_t value = 0;
};

class SimCtl : public RegDevice {
 public:
  // `retired` reports the retired instructions of every context, for region snapshots.
  // `stop` is called when the guest exits or panics; misuse goes to `errors`.
  SimCtl(sc_core::sc_module_name name, sc_core::sc_time clock_period,
         std::function<std::vector<uint64_t>()> retired, std::function<void()> stop,
         GuestError& errors);

  bool exited() const { return exited_; }
  bool panicked() const { return panicked_; }
  uint32_t exit_status() const { return exit_status_; }
  const std::vector<RegionOfInterest>& regions() const { return regions_; }
  // In the order first reported; a name reported again keeps its place and takes the new value.
  const std::vector<Report>& reports() const { return reports_; }

 protected:
  bool read(uint32_t offset, uint32_t& value, const sc_core::sc_time& when) override;
  bool write(uint32_t offset, uint32_t value, const sc_core::sc_time& when) override;

 private:
  uint64_t cycle_at(const sc_core::sc_time& when) const;

  sc_core::sc_time period_;
  std::function<std::vector<uint64_t>()> retired_;
  std::function<void()> stop_;
  GuestError& errors_;
  bool misuse(const std::string& what);
  bool record_report(uint32_t length);
  bool exited_ = false, panicked_ = false;
  uint32_t exit_status_ = 0;
  uint32_t cycle_hi_latch_ = 0;
  std::vector<RegionOfInterest> regions_;
  std::map<uint32_t, size_t> open_;  // region id -> index in regions_
  uint32_t report_lo_ = 0, report_hi_ = 0;
  char report_name_[KASANE_SIMCTL_REPORT_NAME_MAX] = {};
  std::vector<Report> reports_;
};

}  // namespace kasane
