// The sim-control device: how a guest ends the simulation, marks regions of interest, reports
// named figures and reads the cycle counter. Register layout in include/kasane/devices.h.
#pragma once

#include <functional>

#include <nlohmann/json_fwd.hpp>
#include <map>
#include <string>
#include <vector>

#include "dev/guest_error.h"
#include "dev/reg_device.h"
#include "kasane/devices.h"
#include "stats/counter_set.h"
#include "stats/process_stats.h"

namespace kasane {

// A region of interest: every counter of the machine between a begin and an end marker with the
// same id. A region entered several times accumulates: `total` sums (end - begin) over its closed
// entries, as gem5's m5_reset_stats/m5_dump_stats would if the dumps were added up.
struct RegionOfInterest {
  uint32_t id = 0;
  unsigned entries = 0;                      // times begun
  uint64_t begin_cycle = 0, end_cycle = 0;   // the first begin, the last end
  bool closed = false;                       // false while an entry is open
  CounterSet at_begin;                       // the snapshot at the latest begin
  CounterSet total;                          // the closed entries' counters, summed
  double begin_temp_c = 0, end_temp_c = 0;   // die temperature at the first begin, last end
  // The guest process whose context began it (0: none known), and that process's own figures
  // over the closed entries: only its instructions, and the cycles it held a context.
  uint32_t pid = 0;
  ProcessStats::Totals pid_at_begin, pid_total;
};

// A figure the guest reported by name (kasane_report), for stats.json "reports".
struct Report {
  std::string name;
  uint64_t value = 0;
};

class SimCtl : public RegDevice {
 public:
  // `snapshot` takes every counter of the machine, for regions (the device adds "cycles").
  // `stop` is called when the guest exits or panics; misuse goes to `errors`.
  SimCtl(sc_core::sc_module_name name, sc_core::sc_time clock_period,
         std::function<CounterSet()> snapshot, std::function<void()> stop, GuestError& errors);
  // Called at every region marker, after the region's bookkeeping (the pipeline trace follows
  // regions through it).
  void on_marker(std::function<void(uint32_t id, bool begin, uint64_t cycle)> f) {
    on_marker_ = std::move(f);
  }
  // Called when the user page's thread register is written (the thread timeline).
  void on_user_thread(std::function<void(uint32_t thread, uint64_t cycle)> f) {
    on_user_thread_ = std::move(f);
  }
  // Where the kernel's reports of what runs where go (the PID, PROC_* , RUN*, CPU_STATE
  // registers), and how to find the context whose store reached the device (its global number,
  // -1 if none is known).
  void set_processes(ProcessStats* procs, std::function<int()> writer) {
    procs_ = procs;
    writer_ = std::move(writer);
  }
  // The user page sits at this offset of the device, behind its own bus window.
  static constexpr uint32_t kUserPage = KASANE_SIMCTL_SIZE;

  bool exited() const { return exited_; }
  bool panicked() const { return panicked_; }
  uint32_t exit_status() const { return exit_status_; }
  const std::vector<RegionOfInterest>& regions() const { return regions_; }
  // In the order first reported; a name reported again keeps its place and takes the new value.
  const std::vector<Report>& reports() const { return reports_; }
  // A checkpoint of its latches, regions and reports (dev/dev_checkpoint.cc); restore_state
  // throws std::invalid_argument or a JSON error on a state it cannot take.
  nlohmann::json save_state() const;
  void restore_state(const nlohmann::json& state);
  // A run restored from a checkpoint counts `lost` (the counters that start again from zero)
  // afresh: a region open at the checkpoint still measures from its begin marker.
  void rebase_open_regions(const CounterSet& lost);

 protected:
  bool read(uint32_t offset, uint32_t& value, const sc_core::sc_time& when) override;
  bool write(uint32_t offset, uint32_t value, const sc_core::sc_time& when) override;

 private:
  uint64_t cycle_at(const sc_core::sc_time& when) const;

  sc_core::sc_time period_;
  std::function<CounterSet()> snapshot_;
  std::function<void(uint32_t, bool, uint64_t)> on_marker_;
  std::function<void(uint32_t, uint64_t)> on_user_thread_;
  CounterSet take_snapshot(const sc_core::sc_time& when) const;
  std::function<void()> stop_;
  GuestError& errors_;
  bool misuse(const std::string& what);
  bool record_report(uint32_t length);
  bool exited_ = false, panicked_ = false;
  uint32_t exit_status_ = 0;
  uint32_t cycle_hi_latch_ = 0;
  std::vector<RegionOfInterest> regions_;
  std::map<uint32_t, size_t> index_;  // region id -> index in regions_ (in order of first begin)
  uint32_t report_lo_ = 0, report_hi_ = 0;
  char report_name_[KASANE_SIMCTL_REPORT_NAME_MAX] = {};
  std::vector<Report> reports_;
  bool process_report(uint32_t offset, uint32_t value, uint64_t cycle);
  ProcessStats* procs_ = nullptr;
  std::function<int()> writer_;
  uint32_t pid_ = 0;  // the PID register
  char proc_name_[KASANE_SIMCTL_PROC_NAME_MAX] = {};
};

}  // namespace kasane
