// The Kasane platform, assembled from a config: cores, a TLM-2.0 bus, lazy RAM, the UART, the
// sim-control device, the sensor and the block device, and the boot loader that puts a kernel and
// its boot block in RAM.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <systemc>

#include "core/core.h"
#include "debug/timeline.h"
#include "dev/blockdev.h"
#include "dev/guest_error.h"
#include "dev/ipi.h"
#include "dev/sensor.h"
#include "dev/simctl.h"
#include "dev/uart.h"
#include "mem/bus.h"
#include "mem/ram.h"
#include "platform/config.h"
#include "platform/elf_image.h"
#include "platform/machine.h"

namespace kasane {

// The kernel or program does not fit the machine (wrong segment addresses, RAM too small).
struct LoadError : std::runtime_error {
  using runtime_error::runtime_error;
};

struct ContextReport {
  unsigned id;  // global: core * contexts + context
  uint64_t retired;
  ContextState state;
  uint32_t pc;
  uint64_t tlb_refills;  // TLB refill exceptions it took (each a miss the kernel's handler served)
};

struct RunResult {
  enum class Outcome { kExit, kAllExited, kPanic, kDeadlock, kMaxCycles, kGuestError, kCheckpoint };
  Outcome outcome = Outcome::kExit;
  uint32_t exit_status = 0;
  uint64_t cycles = 0;
  std::vector<ContextReport> contexts;
  std::vector<RegionOfInterest> regions;
  std::map<uint32_t, std::string> region_names;  // the ELF files' names (<kasane/roi.h>) by id
  std::vector<nlohmann::json> region_stats;  // per region: Core::report() of its counters
  std::vector<Report> reports;
  size_t ram_pages_touched = 0;
  nlohmann::json timing;  // pipeline and memory-hierarchy stats; null for the ISS model
  nlohmann::json power;   // the core's power and temperature
  nlohmann::json blockdev;  // the block device's requests and sectors moved
  uint64_t check_failures = 0;
  std::string first_check_failure;
  int guest_error_status = 0;  // kGuestError: the exit status and what the guest did
  std::string guest_error;
  unsigned cores = 1;
  nlohmann::json per_core;  // several cores: each core's figures (platform.cores > 1), else null
  nlohmann::json coherence;  // several cores, cached: the MESI bus's figures, else null
  nlohmann::json package_power;  // several cores: every core's power together, else null
  nlohmann::json fast_forward;  // sim.fast_forward: what ran on the ISS and was warmed, else null
  // --checkpoint-at: what was saved where; --restore: where the run came from; else null.
  nlohmann::json checkpoint;
  // What the kernel reported of its processes (stats.json "processes" and "cpus"), else null.
  nlohmann::json processes, cpus;
};

// Where the traces go. kasane-sim opens the files before the run and checks them after it, so
// the platform only writes to them.
struct TraceOptions {
  std::FILE* file = nullptr;  // --pipeline-trace FILE --trace-window A:B or roi:ID...
  TraceWindow window;
  std::FILE* exec_file = nullptr;  // --trace FLAGS --trace-file FILE: the instruction trace
  ExecTraceFlags exec_flags;
  Symbolizer symbolize;
  std::FILE* thermal_file = nullptr;  // --thermal-trace: power and temperature per interval (CSV)
  bool progress = false;     // --progress
  std::FILE* timeline_file = nullptr;  // --timeline: the thread timeline (Chrome Trace Event JSON)
  KernelCoverage* kcov = nullptr;  // --kcov: kernel instructions executed, on every core
};

// The core's timing model as the config describes it.
CoreTiming core_timing(const Config& cfg, const TraceOptions& trace);

const char* outcome_name(RunResult::Outcome o);

// A run under the kernel (a PROGRAM given) on several cores starts every core, as the kernel
// brings up each core it is told of: core.smp_start, which bare-metal programs use, is implied.
// Returns a warning to print if the config said core.smp_start = false outright, else "".
std::string start_every_core_under_kernel(Config& cfg);

class Platform : public sc_core::sc_module {
 public:
  Platform(sc_core::sc_module_name name, const Config& cfg, std::FILE* console_out,
           std::FILE* console_in, const TraceOptions& trace = {});

  // Copy the kernel's segments into RAM (they must be linked in kseg0 or kseg1).
  void load_kernel(const ElfImage& kernel);
  // Build the boot block (bootinfo, arguments, environment, program file) at the top of the
  // first 512 MiB of RAM and point context 0 at the kernel entry. `program` may be null.
  // One program to start at boot (the --workload file's [[process]] tables give several): its
  // ELF file, argv (argv[0] as the guest sees it), environment, the CPU it is pinned to (-1:
  // none) and its process name ("": argv[0]).
  struct BootProgram {
    const ElfImage* image;
    std::vector<std::string> args, env;
    int cpu = -1;
    std::string name;
  };
  // Build the boot block for every program of `programs` (each started as a process at boot);
  // none for a bare-metal KERNEL alone. Throws LoadError if they do not fit.
  void boot(const ElfImage& kernel, const std::vector<BootProgram>& programs);
  void boot(const ElfImage& kernel, const ElfImage* program, const std::vector<std::string>& args,
            const std::vector<std::string>& env);
  RunResult run();
  ~Platform() override;

  // ---- checkpoints (platform/platform_checkpoint.cc) ----
  // --checkpoint-at: end the run at the first region-of-interest begin (at the end of the cycle
  // of its marker), or at the start of cycle `cycle`; run() then says kCheckpoint.
  void checkpoint_at_roi() { checkpoint_roi_ = true; }
  void checkpoint_at_cycle(uint64_t cycle) { machine_->stop_at(cycle); }
  // The machine's whole state as a checkpoint file's bytes (platform/checkpoint_file.h): the
  // config, every core's contexts and TLB, the non-zero RAM pages, the devices and the counters.
  // `summary` gets what a person wants to know of it: cycle, ram_pages, disk_request_in_flight.
  std::string save_checkpoint(nlohmann::json& summary);
  // Instead of load_kernel and boot: the state of a checkpoint read by read_checkpoint. Throws
  // CheckpointError naming `path` if it does not fit this machine or is damaged.
  void restore_checkpoint(const nlohmann::json& state, const std::string& path);
  // Throws CheckpointError (status 78) naming the first machine key whose value in `state`'s
  // config differs from `cfg`'s: a checkpoint restores only on the machine it was made on.
  static void check_checkpoint_config(const nlohmann::json& state, const Config& cfg,
                                      const std::string& path);

  sc_core::sc_time clock_period() const { return period_; }
  // The cores, for a debugger (--gdb) to hook into.
  Machine& machine() { return *machine_; }
  // The pipeline trace was to follow a region of interest that never began.
  bool trace_region_missed() const { return machine_->core(0).trace_region_missed(); }

 private:
  uint32_t place(uint32_t& cursor, const std::vector<uint8_t>& bytes);

  const Config& cfg_;
  sc_core::sc_time period_;
  std::unique_ptr<Bus> bus_;
  std::unique_ptr<Ram> ram_;
  std::unique_ptr<Uart> uart_;
  std::unique_ptr<SimCtl> simctl_;
  std::unique_ptr<Sensor> sensor_;
  std::unique_ptr<Machine> machine_;
  std::unique_ptr<BlockDev> blockdev_;
  std::unique_ptr<Ipi> ipi_;
  std::unique_ptr<GuestError> errors_;
  std::unique_ptr<Timeline> timeline_;  // --timeline, or none
  std::unique_ptr<ProcessStats> procs_;  // what runs where, as the kernel reports it
  uint32_t kernel_end_ = 0;  // physical end of the loaded kernel
  bool checkpoint_roi_ = false, checkpoint_due_ = false;  // --checkpoint-at roi, and it came
};

}  // namespace kasane
