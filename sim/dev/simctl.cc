// See simctl.h. Cycles are derived from SystemC time plus the core's annotated delay, so a
// reading taken inside a temporally decoupled quantum is still exact.
#include "dev/simctl.h"

#include <algorithm>
#include <cstdio>
#include <cctype>
#include <cstring>

#include "kasane/devices.h"
#include "platform/exit_status.h"

namespace kasane {

SimCtl::SimCtl(sc_core::sc_module_name name, sc_core::sc_time clock_period,
               std::function<CounterSet()> snapshot, std::function<void()> stop,
               GuestError& errors)
    : RegDevice(name, kUserPage + KASANE_SIMCTL_USER_SIZE),
      period_(clock_period),
      snapshot_(std::move(snapshot)),
      stop_(std::move(stop)),
      errors_(errors) {}

// Nonsense written to the simulator's own controls would make every figure after it doubtful,
// so it ends the run with a report.
bool SimCtl::misuse(const std::string& what) {
  errors_.report(exit_status::kSimCtlMisuse, "sim-control misuse: " + what);
  return true;
}

namespace {
std::string hex(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%x", v);
  return b;
}
}  // namespace

uint64_t SimCtl::cycle_at(const sc_core::sc_time& when) const {
  return when.value() / period_.value();
}

CounterSet SimCtl::take_snapshot(const sc_core::sc_time& when) const {
  CounterSet c = snapshot_();
  c.set("cycles", cycle_at(when));
  return c;
}

bool SimCtl::read(uint32_t offset, uint32_t& value, const sc_core::sc_time& when) {
  if (offset >= kUserPage) {  // a program may probe its page: reads harm nothing
    value = 0;
    return true;
  }
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
    case KASANE_SIMCTL_PANIC:
    case KASANE_SIMCTL_REPORT_LO:
    case KASANE_SIMCTL_REPORT_HI:
    case KASANE_SIMCTL_REPORT:
    case KASANE_SIMCTL_PID:
    case KASANE_SIMCTL_PROC_NEW:
    case KASANE_SIMCTL_PROC_EXIT:
    case KASANE_SIMCTL_RUN:
    case KASANE_SIMCTL_RUN_CORE:
    case KASANE_SIMCTL_CPU_STATE: value = 0; return true;
  }
  value = 0;
  return misuse("read of offset " + hex(offset) + ", which is no register");
}

bool SimCtl::write(uint32_t offset, uint32_t value, const sc_core::sc_time& when) {
  if (offset >= kUserPage) {
    // The user page is written by user programs: anything but the thread register is ignored
    // rather than ending the run, which a program must not be able to do.
    if (offset == kUserPage + KASANE_SIMCTL_USER_THREAD && on_user_thread_)
      on_user_thread_(value, cycle_at(when));
    return true;
  }
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
      auto it = index_.find(value);
      if (it != index_.end() && !regions_[it->second].closed)
        return misuse("region of interest " + std::to_string(value) + " begun twice");
      if (it == index_.end()) {
        it = index_.emplace(value, regions_.size()).first;
        regions_.emplace_back();
        regions_.back().id = value;
        regions_.back().begin_cycle = cycle_at(when);
      }
      RegionOfInterest& r = regions_[it->second];
      r.at_begin = take_snapshot(when);
      if (r.entries++ == 0) r.begin_temp_c = r.at_begin.real("gauge.die_c");
      if (procs_ && writer_ && r.entries == 1 && writer_() >= 0)
        r.pid = procs_->pid_on(static_cast<unsigned>(writer_()));
      if (r.pid) r.pid_at_begin = procs_->totals(r.pid, cycle_at(when));
      r.closed = false;
      if (on_marker_) on_marker_(value, true, cycle_at(when));
      return true;
    }
    case KASANE_SIMCTL_ROI_END: {
      auto it = index_.find(value);
      if (it == index_.end() || regions_[it->second].closed)
        return misuse("region of interest " + std::to_string(value) + " ended but never begun");
      RegionOfInterest& r = regions_[it->second];
      const CounterSet now = take_snapshot(when);
      r.total += now - r.at_begin;
      r.end_cycle = cycle_at(when);
      if (r.pid) {
        ProcessStats::Totals t = procs_->totals(r.pid, r.end_cycle);
        r.pid_total.retired += t.retired - r.pid_at_begin.retired;
        r.pid_total.cycles += t.cycles - r.pid_at_begin.cycles;
      }
      r.end_temp_c = now.real("gauge.die_c");
      r.closed = true;
      if (on_marker_) on_marker_(value, false, r.end_cycle);
      return true;
    }
    case KASANE_SIMCTL_CYCLE_LO:
    case KASANE_SIMCTL_CYCLE_HI:
      return misuse("write of " + hex(value) + " to the read-only cycle counter");
    case KASANE_SIMCTL_REPORT_LO: report_lo_ = value; return true;
    case KASANE_SIMCTL_REPORT_HI: report_hi_ = value; return true;
    case KASANE_SIMCTL_REPORT: return record_report(value);
    case KASANE_SIMCTL_PID:
    case KASANE_SIMCTL_PROC_NEW:
    case KASANE_SIMCTL_PROC_EXIT:
    case KASANE_SIMCTL_RUN:
    case KASANE_SIMCTL_RUN_CORE:
    case KASANE_SIMCTL_CPU_STATE: return process_report(offset, value, cycle_at(when));
  }
  if (offset >= KASANE_SIMCTL_PROC_NAME &&
      offset < KASANE_SIMCTL_PROC_NAME + KASANE_SIMCTL_PROC_NAME_MAX) {
    for (uint32_t i = 0; i < 4; ++i)
      proc_name_[offset - KASANE_SIMCTL_PROC_NAME + i] = static_cast<char>(value >> (8 * i));
    return true;
  }
  if (offset >= KASANE_SIMCTL_REPORT_NAME &&
      offset < KASANE_SIMCTL_REPORT_NAME + KASANE_SIMCTL_REPORT_NAME_MAX) {
    for (uint32_t i = 0; i < 4; ++i)  // the guest is little-endian: byte i of the word is name[i]
      report_name_[offset - KASANE_SIMCTL_REPORT_NAME + i] = static_cast<char>(value >> (8 * i));
    return true;
  }
  return misuse("write of " + hex(value) + " to offset " + hex(offset) + ", which is no register");
}

// The kernel's reports of what runs where (process_stats.h), for the context whose store this is.
bool SimCtl::process_report(uint32_t offset, uint32_t value, uint64_t cycle) {
  if (offset == KASANE_SIMCTL_PID) {
    pid_ = value;
    return true;
  }
  if (offset == KASANE_SIMCTL_CPU_STATE && value != KASANE_CPU_IDLE &&
      value != KASANE_CPU_FORCED && value != KASANE_CPU_LENT)
    return misuse("CPU state " + std::to_string(value) + ", which is none of KASANE_CPU_*");
  if (!procs_) return true;
  const int cpu = writer_ ? writer_() : -1;
  switch (offset) {
    case KASANE_SIMCTL_PROC_NEW: {
      std::string name(proc_name_, strnlen(proc_name_, sizeof proc_name_));
      procs_->process_new(pid_, value, name, cycle);
      return true;
    }
    case KASANE_SIMCTL_PROC_EXIT: procs_->process_exit(pid_, value, cycle); return true;
  }
  if (cpu < 0) return true;  // a context-bound report from nowhere known: nothing to count
  switch (offset) {
    case KASANE_SIMCTL_RUN: procs_->run(cpu, pid_, value, cycle); break;
    case KASANE_SIMCTL_RUN_CORE: procs_->run_core(cpu, pid_, value, cycle); break;
    default: procs_->cpu_state(cpu, value, cycle); break;
  }
  return true;
}

// A name is what the analysis scripts use as a column: 1 to 31 characters of [A-Za-z0-9_.-].
bool SimCtl::record_report(uint32_t length) {
  if (length == 0 || length >= KASANE_SIMCTL_REPORT_NAME_MAX)
    return misuse("report name of " + std::to_string(length) + " characters (1 to " +
                  std::to_string(KASANE_SIMCTL_REPORT_NAME_MAX - 1) + " allowed)");
  std::string name(report_name_, length);
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.' && c != '-')
      return misuse("report name has a character other than A-Z a-z 0-9 _ . -");
  uint64_t v = static_cast<uint64_t>(report_hi_) << 32 | report_lo_;
  auto it = std::find_if(reports_.begin(), reports_.end(),
                         [&](const Report& r) { return r.name == name; });
  if (it != reports_.end())
    it->value = v;
  else
    reports_.push_back({name, v});
  return true;
}

}  // namespace kasane
