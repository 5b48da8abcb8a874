// Per-process and per-thread figures: which thread of which guest process each hardware context
// ran, and when, from the kernel's reports to sim-control (<kasane/devices.h>: PID, PROC_NEW,
// PROC_EXIT, RUN, RUN_CORE, CPU_STATE; os/procstat.c sends them). The simulator sees instructions
// and cycles per context; the kernel alone knows what a context runs, so it says so where that
// changes. Between two reports a context's retired instructions and the cycles it held (not free:
// core mode's free contexts belong to the core's process but hold nothing) go to the thread it
// ran. stats.json gets "processes" and "cpus" (idle, forced-idle and lent cycles per CPU, and the
// cycles it ran one process while a sibling context of its core ran another: IAS's concern), a region
// of interest the figures of the process that began it, the timeline a track per process.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace kasane {

class ProcessStats {
 public:
  // What the machine counts per context (global number): instructions retired, cycles free.
  using Counter = std::function<uint64_t(unsigned cpu, uint64_t cycle)>;
  // A slice of `tid` of `pid` on context `cpu` from `from` to `to`, for the timeline.
  using SliceFn = std::function<void(unsigned cpu, uint32_t pid, uint32_t tid,
                                     const std::string& name, uint64_t from, uint64_t to)>;

  ProcessStats(unsigned cpus, unsigned per_core, Counter retired, Counter free);

  void on_slice(SliceFn f) { slice_ = std::move(f); }

  // The kernel's reports; cpu is the context whose store made it.
  void process_new(uint32_t pid, uint32_t parent, const std::string& name, uint64_t cycle);
  void process_exit(uint32_t pid, uint32_t status, uint64_t cycle);
  void run(unsigned cpu, uint32_t pid, uint32_t tid, uint64_t cycle);       // pid 0: none
  void run_core(unsigned cpu, uint32_t pid, uint32_t tid, uint64_t cycle);  // all of cpu's core
  void cpu_state(unsigned cpu, uint32_t state, uint64_t cycle);             // KASANE_CPU_*

  // The process context `cpu` runs now, 0 for none.
  uint32_t pid_on(unsigned cpu) const;
  // What process pid has retired and held up to `cycle` (its open slices counted so far).
  struct Totals {
    uint64_t retired = 0, cycles = 0;
  };
  Totals totals(uint32_t pid, uint64_t cycle) const;
  std::string name_of(uint32_t pid) const;
  // Whether the kernel told of any process (a bare-metal program tells of none).
  bool any() const { return !procs_.empty(); }

  // Close every open slice at `end` (the run is over); then the reports.
  void finish(uint64_t end);
  nlohmann::json processes_json() const;  // stats.json "processes"
  nlohmann::json cpus_json() const;       // stats.json "cpus"

 private:
  struct Account {  // a process's or a thread's figures
    uint64_t retired = 0, cycles = 0;
    uint64_t first = ~0ull, last = 0;  // its first slice's start, its last slice's end
    std::map<unsigned, uint64_t> cpus;  // cycles held, by context
  };
  struct Process {
    uint32_t parent = 0;
    std::string name;
    bool exited = false;
    uint32_t status = 0;
    uint64_t created = 0, ended = 0;
    Account all;
    std::map<uint32_t, Account> threads;  // by tid
  };
  struct Ctx {
    uint32_t pid = 0, tid = 0;  // its own thread (RUN), if `own`
    bool own = false;
    uint32_t run_pid = 0, run_tid = 0;  // what it runs now: its own, else its core's owner
    uint64_t since = 0, retired_at = 0, free_at = 0;
    uint32_t state = 0;  // KASANE_CPU_* while it runs nothing of its own
    uint64_t state_since = 0, idle = 0, forced = 0, lent = 0;
    uint64_t mixed = 0;  // cycles it ran a process while a sibling context ran another
  };
  struct Owner {
    uint32_t pid = 0, tid = 0;
    uint64_t mixed_at = 0;  // up to when its contexts' `mixed` is counted
  };

  void settle(unsigned cpu, uint64_t cycle);  // what cpu runs may have changed
  void close(unsigned cpu, uint64_t cycle);   // account cpu's open slice up to cycle
  void add(Account& a, unsigned cpu, uint64_t retired, uint64_t held, uint64_t from,
           uint64_t to) const;
  void state_time(Ctx& c, uint64_t cycle);
  void mix_time(unsigned core, uint64_t cycle);  // count `mixed` up to cycle
  static nlohmann::json account_json(const Account& a);

  unsigned per_core_;
  Counter retired_, free_;
  SliceFn slice_;
  std::vector<Ctx> ctx_;
  std::vector<Owner> owner_;  // by core
  std::map<uint32_t, Process> procs_;
};

}  // namespace kasane
