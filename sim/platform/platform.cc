// Platform assembly and boot: see platform.h and include/kasane/bootinfo.h for the protocol.
#include "platform/platform.h"

#include <algorithm>
#include <cstring>

#include "kasane/bootinfo.h"
#include "debug/timeline_attach.h"
#include "kasane/devices.h"
#include "mem/page.h"
#include "mem/perturb.h"
#include "platform/exit_status.h"

namespace kasane {

namespace {
constexpr uint32_t kPage = kPageBytes;
constexpr uint64_t kKseg0Reach = 512ull << 20;  // what kseg0/kseg1 can address
uint32_t page_up(uint64_t v) { return static_cast<uint32_t>((v + kPage - 1) & ~uint64_t{kPage - 1}); }
std::string hex(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", v);
  return b;
}
// The kernel's stack offset for a perturbation seed: 0 for seed 0, else a multiple of 16 in
// 0..1024 drawn from its own stream of the seed (not the memory perturbation's).
uint32_t stack_offset(uint64_t seed) {
  if (seed == 0) return 0;
  uint64_t state = seed ^ 0x737461636b6f6666ull;  // "stackoff"
  constexpr uint64_t kSteps = KASANE_STACK_OFFSET_MAX / KASANE_STACK_OFFSET_ALIGN + 1;
  return static_cast<uint32_t>(splitmix64(state) % kSteps) * KASANE_STACK_OFFSET_ALIGN;
}
uint32_t le32(const std::vector<uint8_t>& b, size_t at) {
  return at + 4 <= b.size() ? uint32_t{b[at]} | uint32_t{b[at + 1]} << 8 | uint32_t{b[at + 2]} << 16 |
                                  uint32_t{b[at + 3]} << 24
                            : 0;
}
uint16_t le16(const std::vector<uint8_t>& b, size_t at) {
  return at + 2 <= b.size() ? static_cast<uint16_t>(b[at] | b[at + 1] << 8) : 0;
}
// What of a program's file the guest kernel gets: the ELF header, the program headers and the
// PT_LOAD segments' bytes, which is all exec reads; the section headers, symbols and debug
// information after them are left out (and the header says there are no sections). The boot
// block sits below the top of RAM by the image's size, so with the whole file a build's debug
// information (its paths, say) would move the boot block, the pages around it and the cycles.
// The file was checked by ElfImage::load, so the offsets lie within it; le32 guards anyway.
std::vector<uint8_t> loadable_part(const std::vector<uint8_t>& file) {
  if (file.size() < 52) return file;
  const uint32_t phoff = le32(file, 28);
  const uint16_t phentsize = le16(file, 42), phnum = le16(file, 44);
  uint64_t end = uint64_t{phoff} + uint64_t{phentsize} * phnum;
  for (uint32_t i = 0; i < phnum; ++i) {
    const size_t ph = phoff + size_t{i} * phentsize;
    if (le32(file, ph) == 1 /* PT_LOAD */)
      end = std::max<uint64_t>(end, uint64_t{le32(file, ph + 4)} + le32(file, ph + 16));
  }
  std::vector<uint8_t> out(file.begin(), file.begin() + std::min<uint64_t>(end, file.size()));
  for (size_t at : {32u, 33u, 34u, 35u, 48u, 49u, 50u, 51u}) out[at] = 0;  // e_shoff, shnum, shstrndx
  return out;
}
std::vector<uint8_t> pack_strings(const std::vector<std::string>& v) {
  std::vector<uint8_t> out;
  for (const std::string& s : v) out.insert(out.end(), s.c_str(), s.c_str() + s.size() + 1);
  return out;
}
}  // namespace

// The thermal trace is kasane-sim's to close; the power model must not write to it after that.
Platform::~Platform() {
  if (PackagePower* package = machine_->package()) package->set_trace(nullptr);
  machine_->core(0).power().set_trace(nullptr);
}

const char* outcome_name(RunResult::Outcome o) {
  switch (o) {
    case RunResult::Outcome::kExit: return "exit";
    case RunResult::Outcome::kAllExited: return "all_exited";
    case RunResult::Outcome::kPanic: return "panic";
    case RunResult::Outcome::kDeadlock: return "deadlock";
    case RunResult::Outcome::kMaxCycles: return "max_cycles";
    case RunResult::Outcome::kGuestError: return "guest_error";
    case RunResult::Outcome::kCheckpoint: return "checkpoint";
  }
  return "?";
}

std::string start_every_core_under_kernel(Config& cfg) {
  const int64_t cores = cfg.get_int("platform.cores");
  if (cores < 2 || cfg.get_bool("core.smp_start")) return "";
  std::string warning;
  if (cfg.origin("core.smp_start") != "default")
    warning = "warning: core.smp_start = false (" + cfg.origin("core.smp_start") +
              ") is for bare-metal programs; under the kernel every core of platform.cores = " +
              std::to_string(cores) + " starts";
  cfg.imply("core.smp_start", "true", "platform.cores = " + std::to_string(cores) +
                                          " under the kernel");
  return warning;
}

Platform::Platform(sc_core::sc_module_name name, const Config& cfg, std::FILE* console_out,
                   std::FILE* console_in, const TraceOptions& trace)
    : sc_module(name), cfg_(cfg), period_(1.0 / cfg.get_float("core.clock_ghz"), sc_core::SC_NS) {
  IssConfig ic;
  ic.contexts = static_cast<unsigned>(cfg.get_int("core.contexts"));
  ic.tlb_entries = static_cast<unsigned>(cfg.get_int("core.tlb_entries"));
  ic.prid = static_cast<uint32_t>(cfg.get_int("core.prid"));
  ic.tlb_flush_on_switch = cfg.get_bool("core.tlb_flush_on_switch");
  ic.smp_start = cfg.get_bool("core.smp_start");
  ic.exception_storm = static_cast<uint32_t>(cfg.get_int("sim.exception_storm"));
  ic.thread.fork_latency = static_cast<unsigned>(cfg.get_int("thread.fork_latency"));
  ic.thread.resume_latency = static_cast<unsigned>(cfg.get_int("thread.resume_latency"));
  ic.thread.mwait_light_wake = static_cast<unsigned>(cfg.get_int("thread.mwait_light_wake"));
  ic.thread.mwait_deep_wake = static_cast<unsigned>(cfg.get_int("thread.mwait_deep_wake"));
  ic.thread.monitor_line = static_cast<unsigned>(cfg.get_int("core.monitor_line"));
  ic.thread.user_legal = cfg.get_bool("thread.user_legal");
  machine_ = std::make_unique<Machine>(
      "machine", static_cast<unsigned>(cfg.get_int("platform.cores")), ic,
      core_timing(cfg, trace), period_, cfg.get_int("sim.quantum"), cfg.get_int("sim.max_cycles"),
      trace.progress);
  bus_ = std::make_unique<Bus>("bus");
  ram_ = std::make_unique<Ram>("ram", cfg.get_int("memory.ram_size"));
  Machine* machine = machine_.get();
  Core* core = &machine_->core(0);
  errors_ = std::make_unique<GuestError>([machine] { machine->request_stop(); });
  uart_ = std::make_unique<Uart>("uart", console_out, stderr, console_in,
                                 cfg.get_int("uart.max_output"), *errors_);
  simctl_ = std::make_unique<SimCtl>(
      "simctl", period_,
      // Regions count architecturally executed instructions: exact in program order, also
      // in the pipeline, where the marker's store executes at issue.
      [machine] { return machine->snapshot(); },
      [machine] { machine->request_stop(); }, *errors_);
  // What runs where: the kernel's reports, counted against each context's instructions and free
  // cycles (process_stats.h).
  const unsigned per_core = core->iss().num_contexts();
  procs_ = std::make_unique<ProcessStats>(
      machine_->num_contexts(), per_core,
      [machine, per_core](unsigned cpu, uint64_t) {
        return machine->core(cpu / per_core).retired(cpu % per_core);
      },
      [machine, per_core](unsigned cpu, uint64_t cycle) {
        return Iss::free_cycles(machine->core(cpu / per_core).iss().context(cpu % per_core), cycle);
      });
  simctl_->set_processes(procs_.get(), [machine] {
    const Context* c = machine->core(machine->active_core()).iss().io_context();
    return c ? static_cast<int>(c->cpunum) : -1;
  });
  if (trace.timeline_file) {
    std::vector<Core*> cores;
    for (unsigned k = 0; k < machine_->num_cores(); ++k) cores.push_back(&machine_->core(k));
    timeline_ = std::make_unique<Timeline>(trace.timeline_file,
                                           cfg.get_float("core.clock_ghz") * 1000.0,
                                           machine_->num_cores(), core->iss().num_contexts());
    attach_timeline(*timeline_, cores, *simctl_);
    procs_->on_slice([tl = timeline_.get()](unsigned cpu, uint32_t pid, uint32_t tid,
                                            const std::string& name, uint64_t from, uint64_t to) {
      tl->process_slice(cpu, pid, tid, name, from, to);
    });
  }
  simctl_->on_marker([this, core, tl = timeline_.get()](uint32_t id, bool begin, uint64_t cycle) {
    core->region_marker(id, begin, cycle);
    if (tl) tl->region_marker(core->iss().io_context(), id, begin, cycle);
    if (begin && checkpoint_roi_ && !checkpoint_due_) {
      // The core that wrote the marker stops at the end of this cycle; in lock-step the others
      // finish the cycle too, so every core stops at the same cycle boundary.
      checkpoint_due_ = true;
      machine_->core(machine_->active_core()).iss().request_stop();
    }
  });

  // RAM sits at physical 0 below the device window and continues at kRamHighBase: the bus
  // routes by this map and the block device's DMA finds RAM by it.
  const uint64_t low = cfg.ram_low_size();
  std::vector<RamWindow> ram_map{{0, low, 0}};
  if (ram_->size() > low) ram_map.push_back({Config::kRamHighBase, ram_->size() - low, low});
  BlockDevTiming disk;
  disk.latency = static_cast<uint64_t>(cfg.get_int("disk.latency"));
  disk.bandwidth = cfg.get_float("disk.bandwidth");
  blockdev_ = std::make_unique<BlockDev>("blockdev", disk, *machine_, *ram_, ram_map);
  if (const std::string& image = cfg.get_string("disk.image"); !image.empty())
    blockdev_->attach(image);  // a bad image throws DiskError

  // The sensor reads the die of the core whose context reads it (the core being advanced).
  auto reader = [machine]() -> const PowerModel& {
    return machine->core(machine->active_core()).power();
  };
  sensor_ = std::make_unique<Sensor>(
      "sensor", [reader] { return reader().temperature_c(); },
      [reader] { return reader().power_w(); });
  if (trace.thermal_file) {
    // Several cores: one trace of the package, with columns per core.
    if (PackagePower* package = machine_->package())
      package->set_trace(trace.thermal_file);
    else
      core->power().set_trace(trace.thermal_file);
  }

  for (unsigned k = 0; k < machine_->num_cores(); ++k) machine_->core(k).bus.bind(bus_->from_cores);
  bus_->to_targets.bind(ram_->socket);
  for (const RamWindow& w : ram_map)
    bus_->map(w.base ? "ram-high" : "ram", 0, w.base, w.size, w.offset);
  bus_->to_targets.bind(uart_->socket);
  bus_->map("uart", 1, cfg.get_int("platform.uart_base"), KASANE_UART_SIZE);
  bus_->to_targets.bind(simctl_->socket);
  bus_->map("simctl", 2, cfg.get_int("platform.simctl_base"), KASANE_SIMCTL_SIZE);
  bus_->map("simctl-user", 2, cfg.get_int("platform.simctl_user_base"), KASANE_SIMCTL_USER_SIZE,
            SimCtl::kUserPage);
  bus_->to_targets.bind(sensor_->socket);
  bus_->map("sensor", 3, cfg.get_int("platform.sensor_base"), KASANE_SENSOR_SIZE);
  bus_->to_targets.bind(blockdev_->socket);
  bus_->map("blockdev", 4, cfg.get_int("platform.blockdev_base"), KASANE_BLK_SIZE);
  ipi_ = std::make_unique<Ipi>("ipi", *machine_);
  bus_->to_targets.bind(ipi_->socket);
  bus_->map("ipi", 5, cfg.get_int("platform.ipi_base"), KASANE_IPI_SIZE);
}

void Platform::load_kernel(const ElfImage& kernel) {
  for (const ElfSegment& s : kernel.segments()) {
    if (s.vaddr < 0x80000000u || s.vaddr >= 0xc0000000u || uint64_t{s.vaddr} + s.memsz > 0xc0000000u)
      throw LoadError(kernel.path() + ": segment at " + hex(s.vaddr) +
                      " is not in kseg0/kseg1 (0x80000000-0xbfffffff); a kernel for kasane-sim "
                      "must be linked there (was a user program given as the kernel?)");
    uint32_t pa = s.vaddr & 0x1fffffffu;
    if (uint64_t{pa} + s.memsz > cfg_.ram_low_size())
      throw LoadError(kernel.path() + ": segment at " + hex(s.vaddr) + " (" +
                      std::to_string(s.memsz) + " bytes) does not fit in " +
                      std::to_string(cfg_.ram_low_size()) + " bytes of low RAM (memory.ram_size)");
    ram_->write(pa, s.data.data(), s.data.size());
    kernel_end_ = std::max(kernel_end_, pa + s.memsz);
  }
  if (kernel.entry() < 0x80000000u || kernel.entry() >= 0xc0000000u)
    throw LoadError(kernel.path() + ": entry point " + hex(kernel.entry()) +
                    " is not in kseg0/kseg1");
}

// Append `bytes` at `cursor` (page-aligned), returning where they went.
// Where the program table starts in the bootinfo's page.
constexpr uint32_t kBootTableOffset = 256;

uint32_t Platform::place(uint32_t& cursor, const std::vector<uint8_t>& bytes) {
  uint32_t at = cursor;
  ram_->write(at, bytes.data(), bytes.size());
  cursor = page_up(uint64_t{cursor} + bytes.size());
  return at;
}

void Platform::boot(const ElfImage& kernel, const ElfImage* program,
                    const std::vector<std::string>& args, const std::vector<std::string>& env) {
  std::vector<BootProgram> programs;
  if (program) programs.push_back({program, args, env, -1, ""});
  boot(kernel, programs);
}

void Platform::boot(const ElfImage& kernel, const std::vector<BootProgram>& programs) {
  if (programs.size() > KASANE_BOOT_MAXPROGS)
    throw LoadError(std::to_string(programs.size()) + " programs to start at boot; the kernel " +
                    "takes " + std::to_string(KASANE_BOOT_MAXPROGS) + " at most");
  struct Packed {
    std::vector<uint8_t> argv, envv, image;
  };
  std::vector<Packed> packed;
  // The table shares the bootinfo's page (it fits: checked below), so a run of one program lays
  // out its boot block, and the kernel its free memory, exactly as before there was a table.
  static_assert(kBootTableOffset + KASANE_BOOT_MAXPROGS * sizeof(kasane_bootprog) <= kPage,
                "the program table fits in the bootinfo's page");
  static_assert(sizeof(kasane_bootinfo) <= kBootTableOffset, "the bootinfo comes first");
  uint64_t need = kPage;
  for (const BootProgram& b : programs) {
    packed.push_back({pack_strings(b.args), pack_strings(b.env),
                      loadable_part(b.image->file_bytes())});
    need += page_up(packed.back().argv.size()) + page_up(packed.back().envv.size()) +
            page_up(packed.back().image.size());
  }
  uint64_t top = std::min<uint64_t>(cfg_.ram_low_size(), kKseg0Reach) & ~uint64_t{kPage - 1};
  if (need + page_up(kernel_end_) + 64 * kPage > top)
    throw LoadError("RAM too small: the kernel ends at " + hex(kernel_end_) + " and the boot block needs " +
                    std::to_string(need) + " bytes below " + hex(static_cast<uint32_t>(top)) +
                    "; raise memory.ram_size");
  uint32_t cursor = static_cast<uint32_t>(top - need);

  kasane_bootinfo bi{};
  bi.magic = KASANE_BOOT_MAGIC;
  bi.version = KASANE_BOOT_VERSION;
  bi.ram_size = static_cast<uint32_t>(std::min<uint64_t>(ram_->size(), 0xffffffffu));
  // The cores that start: without core.smp_start only core 0 runs (its other contexts stay free
  // for the kernel to fork); the other cores never leave reset, so a kernel told of them would
  // place processes there and wait for them for ever.
  const bool all_cores = cfg_.get_bool("core.smp_start");
  bi.cores = all_cores ? machine_->num_cores() : 1;
  bi.contexts = machine_->num_contexts() / machine_->num_cores() * bi.cores;  // CPUs 0..contexts-1
  bi.clock_khz = static_cast<uint32_t>(cfg_.get_float("core.clock_ghz") * 1e6 + 0.5);
  bi.stack_offset = stack_offset(static_cast<uint64_t>(cfg_.get_int("sim.perturb_seed")));
  bi.scheduler = cfg_.get_string("os.scheduler") == "ias" ? KASANE_SCHED_IAS : KASANE_SCHED_CFS;
  bi.ias_bonus = static_cast<uint32_t>(cfg_.get_int("os.ias_bonus"));
  bi.smt_sched = cfg_.get_string("os.smt_sched") == "context" ? KASANE_SMT_CONTEXT
                                                               : KASANE_SMT_CORE;
  bi.epoch = static_cast<uint32_t>(cfg_.get_int("os.epoch"));
  bi.boot_pa = cursor;
  uint32_t bootinfo_pa = cursor;
  cursor += kPage;
  std::vector<kasane_bootprog> table(programs.size());
  bi.nprograms = static_cast<uint32_t>(programs.size());
  bi.programs_pa = bootinfo_pa + kBootTableOffset;
  for (size_t i = 0; i < programs.size(); ++i) {
    kasane_bootprog& t = table[i];
    const BootProgram& b = programs[i];
    t.argc = static_cast<uint32_t>(b.args.size());
    t.args_size = static_cast<uint32_t>(packed[i].argv.size());
    t.args_pa = place(cursor, packed[i].argv);
    t.envc = static_cast<uint32_t>(b.env.size());
    t.env_size = static_cast<uint32_t>(packed[i].envv.size());
    t.env_pa = place(cursor, packed[i].envv);
    t.program_size = static_cast<uint32_t>(packed[i].image.size());
    t.program_pa = place(cursor, packed[i].image);
    t.cpu = b.cpu;
    std::string name = b.name.empty() && !b.args.empty() ? b.args[0] : b.name;
    std::snprintf(t.name, sizeof t.name, "%s", name.c_str());
  }
  // Program 0 in the bootinfo's own fields too, as before there was a table.
  if (!table.empty()) {
    bi.argc = table[0].argc, bi.args_pa = table[0].args_pa, bi.args_size = table[0].args_size;
    bi.envc = table[0].envc, bi.env_pa = table[0].env_pa, bi.env_size = table[0].env_size;
    bi.program_pa = table[0].program_pa, bi.program_size = table[0].program_size;
  } else {
    bi.args_pa = place(cursor, {});
    bi.env_pa = place(cursor, {});
  }
  if (!table.empty())
    ram_->write(bi.programs_pa, reinterpret_cast<const uint8_t*>(table.data()),
                table.size() * sizeof(kasane_bootprog));
  ram_->write(bootinfo_pa, reinterpret_cast<const uint8_t*>(&bi), sizeof bi);

  for (unsigned k = 0; k < machine_->num_cores(); ++k)
    machine_->core(k).iss().reset(kernel.entry(), 0x80000000u + bootinfo_pa, KASANE_BOOT_MAGIC);
}

RunResult Platform::run() {
  sc_core::sc_start();
  RunResult r;
  Core& core = machine_->core(0);
  r.cycles = core.iss().cycle();
  r.cores = machine_->num_cores();
  for (unsigned k = 0; k < machine_->num_cores(); ++k) {
    const Core& ck = machine_->core(k);
    for (unsigned i = 0; i < ck.iss().num_contexts(); ++i) {
      const Context& c = ck.iss().context(i);
      r.contexts.push_back(
          ContextReport{c.cpunum, ck.retired(i), c.state, c.pc, c.tlb_refills});
    }
    r.check_failures += ck.check_failures();
    if (r.first_check_failure.empty()) r.first_check_failure = ck.first_check_failure();
  }
  // The top-level figures are core 0's, as they were with one core; with several, "cores" has
  // each core's (stats.h).
  r.timing = core.timing_stats();
  r.power = core.power().stats_json();
  if (machine_->num_cores() > 1) {
    r.per_core = nlohmann::json::array();
    for (unsigned k = 0; k < machine_->num_cores(); ++k) {
      Core& ck = machine_->core(k);
      uint64_t retired = 0;
      for (unsigned i = 0; i < ck.iss().num_contexts(); ++i) retired += ck.retired(i);
      nlohmann::json j = {{"core", k},
                          {"retired", retired},
                          {"l2_requests", ck.l2_requests()},
                          {"dram_requests", ck.dram_requests()},
                          {"power", ck.power().stats_json()}};
      if (nlohmann::json t = ck.timing_stats(); !t.is_null()) j["pipeline"] = t;
      r.per_core.push_back(j);
    }
    // The package: the cores' energies and average powers add up; its hottest die is the peak;
    // the dies sit on one spreader (sim/power/package_power.h).
    nlohmann::json pkg = machine_->package()->stats_json();
    for (const char* k : {"energy_j", "energy_with_dram_j", "avg_power_w"}) pkg[k] = 0.0;
    pkg["peak_temp_c"] = -273.15;
    for (const nlohmann::json& c : r.per_core) {
      const nlohmann::json& p = c["power"];
      for (const char* k : {"energy_j", "energy_with_dram_j", "avg_power_w"})
        pkg[k] = pkg[k].get<double>() + p[k].get<double>();
      pkg["peak_temp_c"] =
          std::max(pkg["peak_temp_c"].get<double>(), p["peak_temp_c"].get<double>());
    }
    r.package_power = pkg;
  }
  if (const SharedMemory* shared = machine_->shared(); shared && shared->coherence()) {
    r.coherence = shared->coherence()->stats_json();
    // Requests the shared level saw earlier than one before (the bus's queueing): how far.
    r.coherence["shared_level_reversals"] = shared->reversals();
    r.coherence["shared_level_max_reversal"] = shared->max_reversal();
  }
  r.blockdev = blockdev_->stats_json();
  r.fast_forward = core.fast_forward_stats();
  procs_->finish(r.cycles);  // before the timeline closes: the last slices go there
  if (procs_->any()) {
    r.processes = procs_->processes_json();
    r.cpus = procs_->cpus_json();
  }
  r.regions = simctl_->regions();
  for (const RegionOfInterest& roi : r.regions) {
    // The top level is core 0's, as with one core; with several, every core's too.
    const uint64_t cycles = roi.total.count("cycles");
    nlohmann::json reg = core.report(roi.total, cycles);
    if (machine_->num_cores() > 1) reg.update(machine_->report_cores(roi.total, cycles));
    if (roi.pid) {  // the process that began it: its own instructions and held cycles only
      const ProcessStats::Totals& t = roi.pid_total;
      reg["process"] = {{"pid", roi.pid},
                        {"name", procs_->name_of(roi.pid)},
                        {"retired", t.retired},
                        {"cycles", t.cycles},
                        {"ipc", t.cycles ? static_cast<double>(t.retired) / t.cycles : 0.0}};
    }
    r.region_stats.push_back(reg);
  }
  r.reports = simctl_->reports();
  r.ram_pages_touched = ram_->pages_allocated();
  r.exit_status = simctl_->exit_status();
  for (unsigned k = 0; k < machine_->num_cores(); ++k)
    if (const std::string& storm = machine_->core(k).iss().exception_storm(); !storm.empty()) {
      errors_->report(exit_status::kExceptionStorm, storm);
      break;
    }
  if (checkpoint_due_ || machine_->stop_reason() == Machine::Stop::kCheckpoint) {
    r.outcome = RunResult::Outcome::kCheckpoint;
  } else if (errors_->status()) {
    r.outcome = RunResult::Outcome::kGuestError;
    r.guest_error_status = errors_->status();
    r.guest_error = errors_->what();
  } else if (simctl_->panicked())
    r.outcome = RunResult::Outcome::kPanic;
  else if (simctl_->exited())
    r.outcome = RunResult::Outcome::kExit;
  else if (machine_->stop_reason() == Machine::Stop::kDeadlock)
    r.outcome = RunResult::Outcome::kDeadlock;
  else if (machine_->stop_reason() == Machine::Stop::kAllExited)
    r.outcome = RunResult::Outcome::kAllExited;
  else
    r.outcome = RunResult::Outcome::kMaxCycles;
  if (timeline_) timeline_->finish(r.cycles);
  std::fflush(nullptr);
  return r;
}

}  // namespace kasane
