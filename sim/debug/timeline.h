// The thread timeline (--timeline FILE): what every hardware context did over time, written as a
// Chrome Trace Event file (the JSON "Trace Event Format" that ui.perfetto.dev and chrome://tracing
// open). One process per core (pid = core), one thread per context (tid = context index); on each
// track, complete ("X") slices for the context's states (user, kernel, upcall, suspended, mwait
// light/deep, wait, halted, free) with the user thread it runs in their args, kernel slices named
// by the system call or exception that entered the kernel, flow arrows ("s"/"f") for TFORK and
// TRESUME, instant ("i") markers for regions of interest and address-space switches, and counters
// ("C") for power and temperature. Under the kernel, a process per guest process too (pid
// kProcessPid + its pid), with a thread per guest thread (tid = its tid) whose slices ("cpu N")
// say where it ran (ProcessStats reports them). Timestamps are simulated microseconds
// (cycles / MHz); every event also carries its cycle in args.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "core/context_observer.h"

namespace kasane {

class Timeline : public ContextObserver {
 public:
  // `out` stays open until finish(); `mhz` is the core clock; `contexts` per core.
  Timeline(std::FILE* out, double mhz, unsigned cores, unsigned contexts);

  // ContextObserver: called by the ISS where a context's state changes.
  void on_change(const Context& c, uint64_t cycle) override;
  void on_exception(const Context& c, uint32_t code, uint64_t cycle) override;
  void on_flow(const Context& from, const Context& to, const char* what,
               uint64_t cycle) override;

  // The runtime wrote the sim-control user thread register (KASANE_SIMCTL_USER_THREAD) from c.
  void set_user_thread(const Context& c, uint32_t thread, uint64_t cycle);
  // A region-of-interest marker, written by context c (or by nobody known: c null).
  void region_marker(const Context* c, uint32_t id, bool begin, uint64_t cycle);
  // A thermal interval of core `core` closed at `cycle` with this average power and temperature.
  void power_sample(unsigned core, uint64_t cycle, double power_w, double die_c);
  // Guest thread tid of process pid (named `name`) ran on context `cpu` (global number) from
  // `from` to `to`.
  void process_slice(unsigned cpu, uint32_t pid, uint32_t tid, const std::string& name,
                     uint64_t from, uint64_t to);
  // Close every open slice at `cycle` and end the JSON document.
  void finish(uint64_t cycle);
  // The trace's pid of guest process 1: the hardware's are its cores, 0 up.
  static constexpr unsigned kProcessPid = 1000;

 private:
  enum class State : uint8_t {
    kFree, kUser, kKernel, kUpcall, kSuspended, kMwaitLight, kMwaitDeep, kWait, kHalted
  };
  struct Track {
    State state = State::kFree;
    uint64_t since = 0;         // cycle the open slice began
    uint32_t thread = 0;        // user thread tag (0: none told)
    std::string kernel_entry;   // why the kernel was entered ("write", "interrupt", ...)
    std::string entry_pending;  // the exception being taken, for the slice it opens
    int last_asid = -1;         // the address space last run in user mode
  };

  static const char* state_name(State s);
  State state_of(const Context& c, const Track& t) const;
  Track& track(const Context& c);
  void close_slice(unsigned pid, unsigned tid, const Track& t, uint64_t cycle);
  void switch_to(const Context& c, Track& t, State s, uint64_t cycle);
  // Starts one event: `{"ph":"X","pid":..,"tid":..,"ts":..` (the caller adds the rest and "}").
  void begin_event(char ph, unsigned pid, unsigned tid, uint64_t cycle);
  double us(uint64_t cycle) const { return static_cast<double>(cycle) / mhz_; }

  std::FILE* out_;
  double mhz_;
  unsigned contexts_;
  std::vector<Track> tracks_;  // core * contexts + context
  uint64_t next_flow_ = 1;
  std::vector<std::pair<uint32_t, uint32_t>> named_;  // guest (pid, tid 0 for the process) named
  bool first_ = true;
  bool finished_ = false;
};

}  // namespace kasane
