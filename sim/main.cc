// kasane-sim: run one machine (from a config) with one kernel and, optionally, one program.
//
//   kasane-sim [--config FILE] [--set key=value]... [--disk FILE] [--stats FILE] [--gdb PORT]
//              [--checkpoint-at roi|CYCLE FILE] [--restore FILE] KERNEL [PROGRAM [ARGS...]]
//   kasane-sim [options] --workload FILE.toml KERNEL     (several programs at once: workload.h)
//
// Options come before KERNEL; everything after PROGRAM belongs to the guest program. The guest sees
// PROGRAM's file name (no directory) as argv[0] and only the --env strings as its environment, so
// where the files live on the host never reaches it.
//
// No input can crash or hang it and no output is lost silently: inputs must be regular files
// within a size cap (input_file.h), every output file is opened before the first cycle and its
// writes checked when it is closed (output_file.h), and every exception ends in one line and a
// status from exit_status.h.
#include <elf.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <boost/program_options.hpp>

#include "core/kcov.h"
#include "debug/gdb_session.h"
#include "platform/checkpoint_file.h"
#include "platform/config.h"
#include "platform/elf_image.h"
#include "platform/exit_status.h"
#include "platform/input_file.h"
#include "platform/output_file.h"
#include "platform/platform.h"
#include "platform/stats.h"
#include "platform/region_names.h"
#include "platform/trace_symbols.h"
#include "platform/summary.h"
#include "platform/workload.h"
#include "kasane/bootinfo.h"

namespace po = boost::program_options;
using namespace kasane;

namespace {

const char* kUsage =
    "usage: kasane-sim [options] KERNEL [PROGRAM [ARGS...]]\n"
    "       kasane-sim [options] --workload FILE.toml KERNEL";

struct Options {
  std::string config, stats, disk, platform_header, trace, trace_window, thermal_trace, gdb;
  std::string exec_trace, exec_trace_file;  // --trace FLAGS --trace-file FILE
  std::string timeline;
  std::string kcov;                        // --kcov FILE
  std::string workload;                    // --workload FILE.toml
  std::vector<std::string> checkpoint_at;  // --checkpoint-at roi|CYCLE FILE
  std::string restore;                     // --restore FILE
  std::string help_config;  // "", "text" or "json"
  std::vector<std::string> sets, env, positional;
  bool help = false, progress = false, quiet = false;
};

po::options_description describe(Options& o) {
  po::options_description d("options");
  d.add_options()
      ("help,h", po::bool_switch(&o.help), "show this help")
      ("config", po::value(&o.config)->value_name("FILE"), "machine config (TOML)")
      ("set", po::value(&o.sets)->value_name("KEY=VALUE")->composing(),
       "override one config key (repeatable)")
      ("disk", po::value(&o.disk)->value_name("FILE"),
       "disk image of the block device, written through (overrides disk.image)")
      ("stats", po::value(&o.stats)->value_name("FILE"), "write stats.json here")
      ("env", po::value(&o.env)->value_name("NAME=VALUE")->composing(),
       "environment string for the program (repeatable)")
      ("workload", po::value(&o.workload)->value_name("FILE.toml"),
       "start every program of this file's [[process]] tables at boot (program, args, env, cpu, "
       "name), instead of one PROGRAM; the run ends when they have all exited, with the first "
       "nonzero status")
      ("pipeline-trace", po::value(&o.trace)->value_name("FILE"),
       "write a Kanata pipeline trace (open it in Konata); needs sim.model = pipeline or o3")
      ("trace", po::value(&o.exec_trace)->value_name("exec,mem,syscall,notify"),
       "write an instruction trace of these categories to --trace-file")
      ("trace-file", po::value(&o.exec_trace_file)->value_name("FILE"),
       "where --trace writes")
      ("trace-window", po::value(&o.trace_window)->value_name("A:B|roi:ID[-M][+N]|sym:NAME[-M][+N]"),
       "only cycles A to B go into the traces; or region ID's first entry (ID a number, or a "
       "name given with KASANE_ROI_NAME, <kasane/roi.h>), from M "
       "cycles before its begin to N cycles after its end; or from the first time a context "
       "reaches symbol NAME")
      ("thermal-trace", po::value(&o.thermal_trace)->value_name("FILE"),
       "write power and temperature per thermal interval (CSV)")
      ("gdb", po::value(&o.gdb)->value_name("PORT"),
       "wait for GDB on 127.0.0.1:PORT (0: any free port, said on stderr) before the first "
       "instruction; GDB's kill ends the run with status 137")
      ("timeline", po::value(&o.timeline)->value_name("FILE"),
       "write the thread timeline: context states, system calls, hand-offs (Chrome Trace Event "
       "JSON; open it in ui.perfetto.dev)")
      ("kcov", po::value(&o.kcov)->value_name("FILE"),
       "write the kernel's code coverage here when the run ends, however it ends: the address of "
       "every kernel instruction a context executed (format: docs/reliability.md)")
      ("checkpoint-at", po::value(&o.checkpoint_at)->multitoken()->value_name("roi|CYCLE FILE"),
       "save the whole machine to FILE at the first region-of-interest begin or at cycle CYCLE, "
       "and end the run there (status 0)")
      ("restore", po::value(&o.restore)->value_name("FILE"),
       "start from the checkpoint FILE instead of booting KERNEL (still given, for its symbols), "
       "on either model; the machine config must be the one it was made under")
      ("progress", po::bool_switch(&o.progress),
       "report simulated cycles, speed and time left on stderr every second")
      ("quiet", po::bool_switch(&o.quiet),
       "print no summary on stderr at the end of the run (each program's cycles, instructions "
       "and IPC, then the whole run's, the kernel's boot included)")
      ("help-config", po::value(&o.help_config)->value_name("text|json")->implicit_value("text"),
       "list every config key and exit; =json: the schema as JSON, for tools")
      ("platform-header", po::value(&o.platform_header)->value_name("FILE"),
       "write the target platform header for the config and exit");
  return d;
}

// Options end at the first word that is neither an option nor an option's value: that is KERNEL,
// and what follows is the guest's command line, which must not be parsed as ours.
size_t options_end(int argc, char** argv, const po::options_description& d) {
  int i = 1;
  while (i < argc) {
    std::string a = argv[i];
    if (a == "--") return i + 1;
    if (a.size() < 2 || a[0] != '-') break;
    std::string name = a.substr(a.find_first_not_of('-'));
    bool inline_value = name.find('=') != std::string::npos;
    name = name.substr(0, name.find('='));
    const po::option_description* od = d.find_nothrow(name, false);
    ++i;
    // An option with an implicit value (--help-config) takes its value only after '='.
    if (od && od->semantic()->min_tokens() > 0 && !inline_value) ++i;
    if (name == "checkpoint-at" && !inline_value) ++i;  // its two words: roi|CYCLE FILE
  }
  return static_cast<size_t>(std::min(i, argc));
}

int fail(int status, const std::string& msg) {
  std::cerr << "kasane-sim: " << msg << "\n";
  return status;
}

void report_contexts(const RunResult& r, const ElfImage& kernel) {
  for (const ContextReport& c : r.contexts) {
    char pc[16];
    std::snprintf(pc, sizeof pc, "0x%08x", c.pc);
    std::string sym = kernel.symbolize(c.pc);
    std::cerr << "  context " << c.id;
    if (r.cores > 1) std::cerr << " (core " << c.id / (r.contexts.size() / r.cores) << ")";
    std::cerr << ": " << context_state_name(c.state) << ", pc " << pc
              << (sym.empty() ? "" : " <" + sym + ">") << ", " << c.retired << " retired\n";
  }
}

// Prints `text` on standard output (--help, --help-config) and returns the exit status: 66 if it
// could not be written.
int print(const std::string& text) {
  std::fputs(text.c_str(), stdout);
  if (std::string p = stream_write_problem(stdout, "standard output"); !p.empty())
    return fail(exit_status::kNoInput, p);
  return 0;
}

// Every output file, opened before the run (so a bad path ends it before any cycle) and closed
// after it with a check of every write.
struct Outputs {
  OutputFile stats, trace, thermal, exec_trace, timeline, kcov;

  // "" or one line per file (the console included) whose writes failed.
  std::vector<std::string> close() {
    std::vector<std::string> problems;
    for (OutputFile* f : {&stats, &trace, &thermal, &exec_trace, &timeline, &kcov})
      if (std::string p = f->close(); !p.empty()) problems.push_back(p);
    if (std::string p = stream_write_problem(stdout, "the console (standard output)"); !p.empty())
      problems.push_back(p);
    return problems;
  }
};

// "" if every input is a regular file within its cap, else one line naming the option and path.
// An ELF file may be as large as the machine's RAM: it is read whole, and a program's loadable
// part is copied into RAM at boot. A disk image's size is checked by the block device, against its sector count.
std::string input_problems(const Options& o, const Config& cfg) {
  struct Input {
    std::string what, path;
    uint64_t cap;
  };
  const uint64_t ram = static_cast<uint64_t>(cfg.get_int("memory.ram_size"));
  std::vector<Input> inputs;
  if (const std::string& disk = cfg.get_string("disk.image"); !disk.empty())
    inputs.push_back({o.disk.empty() ? "disk.image" : "--disk", disk, UINT64_MAX});
  if (!o.positional.empty()) inputs.push_back({"KERNEL", o.positional[0], ram});
  if (o.positional.size() > 1) inputs.push_back({"PROGRAM", o.positional[1], ram});
  for (const Input& in : inputs)
    if (std::string p = input_problem(in.path, in.cap); !p.empty())
      return in.what + " '" + in.path + "': " + p +
             (in.cap == ram && p.find("limit") != std::string::npos ? " (memory.ram_size)" : "");
  return "";
}

// What the run's outcome means for the user: prints it and returns the exit status.
int report_outcome(const RunResult& r, const ElfImage& kernel, Platform& platform,
                   const Options& o, const TraceOptions& trace) {
  if (platform.trace_region_missed()) {
    const TraceWindow& w = trace.window;
    std::string region = std::to_string(w.region_id);
    if (!w.region_name.empty()) region = w.region_name + " (id " + region + ")";
    return fail(exit_status::kUsage,
                "--trace-window " + o.trace_window + ": " +
                    (w.at_symbol ? "symbol " + w.symbol + " was never reached"
                                 : "region " + region + " was never entered") +
                    ", so the trace has no instruction");
  }
  if (r.check_failures)
    return fail(exit_status::kCheckFailed,
                "reference check failed " + std::to_string(r.check_failures) +
                    " times; first: " + r.first_check_failure);
  switch (r.outcome) {
    case RunResult::Outcome::kExit: return static_cast<int>(r.exit_status & 0xff);
    case RunResult::Outcome::kAllExited: return 0;  // like a process whose threads all ended
    case RunResult::Outcome::kGuestError:
      std::cerr << "kasane-sim: stopped at cycle " << r.cycles << ": " << r.guest_error << "\n";
      report_contexts(r, kernel);
      return r.guest_error_status;
    case RunResult::Outcome::kPanic:
      return fail(exit_status::kPanic, "the guest kernel panicked at cycle " +
                                           std::to_string(r.cycles) + " (see its message above)");
    case RunResult::Outcome::kDeadlock:
      std::cerr << "kasane-sim: guest deadlock at cycle " << r.cycles
                << ": no context can run and nothing is scheduled to wake one\n";
      report_contexts(r, kernel);
      return exit_status::kDeadlock;
    case RunResult::Outcome::kMaxCycles:
      std::cerr << "kasane-sim: stopped after sim.max_cycles = " << r.cycles << " cycles\n";
      report_contexts(r, kernel);
      return exit_status::kMaxCycles;
    case RunResult::Outcome::kCheckpoint: return 0;  // main's own line says where it went
  }
  return 0;
}

std::string help_text(const po::options_description& desc) {
  std::ostringstream s;
  s << kUsage << "\n\n" << desc << "\nExit status:\n";
  for (const exit_status::Doc& d : exit_status::kExitStatusDocs)
    s << "  " << std::left << std::setw(6) << d.shown << " " << d.meaning << "\n";
  return s.str();
}

// The command line: options, then KERNEL and the guest's command line. A status if the run
// ends here (--help, --help-config, a usage error).
std::optional<int> parse_command_line(int argc, char** argv, Options& o) {
  po::options_description desc = describe(o);
  size_t end = options_end(argc, argv, desc);
  try {
    po::variables_map vm;
    po::store(po::command_line_parser(static_cast<int>(end), argv).options(desc).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return fail(exit_status::kUsage, std::string(e.what()) + "\n" + kUsage);
  }
  for (size_t i = end; i < static_cast<size_t>(argc); ++i) o.positional.push_back(argv[i]);
  if (o.help) return print(help_text(desc));
  if (o.help_config == "text") return print(Config::help_text());
  if (o.help_config == "json") return print(config_schema_json().dump(1) + "\n");
  if (!o.help_config.empty())
    return fail(exit_status::kUsage,
                "--help-config takes text or json, not '" + o.help_config + "'");
  return std::nullopt;
}

// The machine: --config, then every --set, then --disk. A status if it is wrong.
std::optional<int> load_config(const Options& o, Config& cfg) {
  try {
    if (!o.config.empty()) {
      if (std::string p = input_problem(o.config, Config::kMaxFileBytes); !p.empty())
        return fail(exit_status::kNoInput, "--config '" + o.config + "': " + p);
      cfg.load_file(o.config);
    }
    for (const std::string& s : o.sets) cfg.set(s);
    if (!o.disk.empty()) cfg.set("disk.image=" + o.disk);
    cfg.validate();
    if (o.positional.size() > 1)
      if (std::string w = start_every_core_under_kernel(cfg); !w.empty())
        std::cerr << "kasane-sim: " << w << "\n";
    for (const std::string& w : cfg.without_effect()) std::cerr << "kasane-sim: warning: " << w << "\n";
  } catch (const ConfigError& e) {
    return fail(exit_status::kConfig, e.what());
  }
  return std::nullopt;
}

// --platform-header FILE: the target header for the config, and nothing else.
int write_platform_header(const std::string& path, const Config& cfg) {
  const std::string text = cfg.platform_header();
  // An unchanged header is left alone: the build reruns this after every rebuild of kasane-sim,
  // and a fresh timestamp would recompile the whole target tree for nothing.
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec) &&
      std::filesystem::file_size(path, ec) == text.size()) {
    std::ifstream old(path, std::ios::binary);
    if (old && std::string(std::istreambuf_iterator<char>(old), {}) == text) return 0;
  }
  try {
    OutputFile header("--platform-header", path);
    std::fputs(text.c_str(), header.get());
    if (std::string p = header.close(); !p.empty()) return fail(exit_status::kNoInput, p);
  } catch (const OutputError& e) {
    return fail(exit_status::kNoInput, e.what());
  }
  return 0;
}

// What the options ask of a run, checked before anything is loaded.
struct RunPlan {
  std::optional<uint64_t> checkpoint_cycle;  // --checkpoint-at CYCLE
  TraceOptions trace;                        // the files are set once opened
  std::optional<nlohmann::json> restored;    // --restore: the checkpoint read
  uint64_t restored_cycle = 0;
  uint16_t gdb_port = 0;
  std::vector<WorkloadProcess> workload;     // --workload: its programs, checked
};

// The command line, then the inputs (outputs are opened after): a status if any is wrong.
std::optional<int> plan_run(const Options& o, const Config& cfg, RunPlan& plan) {
  if (o.positional.empty())
    return fail(exit_status::kUsage, std::string("no KERNEL given\n") + kUsage);
  if (!o.checkpoint_at.empty()) {
    if (o.checkpoint_at.size() != 2)
      return fail(exit_status::kUsage,
                  "--checkpoint-at takes two words: roi or a cycle, then FILE");
    try {
      plan.checkpoint_cycle = parse_checkpoint_at(o.checkpoint_at[0]);
    } catch (const std::invalid_argument& e) {
      return fail(exit_status::kUsage, std::string("--checkpoint-at: ") + e.what());
    }
  }
  TraceOptions& trace = plan.trace;
  trace.progress = o.progress;
  if (!o.trace_window.empty()) {
    if (o.trace.empty() && o.exec_trace.empty())
      return fail(exit_status::kUsage, "--trace-window needs --pipeline-trace or --trace");
    try {
      trace.window = parse_trace_spec(o.trace_window);
    } catch (const std::invalid_argument& e) {
      return fail(exit_status::kUsage, std::string("--trace-window: ") + e.what());
    }
  }
  if (o.exec_trace.empty() != o.exec_trace_file.empty())
    return fail(exit_status::kUsage, "--trace and --trace-file go together");
  if (!o.exec_trace.empty()) {
    try {
      trace.exec_flags = parse_exec_trace_flags(o.exec_trace);
    } catch (const std::invalid_argument& e) {
      return fail(exit_status::kUsage, std::string("--trace: ") + e.what());
    }
  }
  if (!o.trace.empty() && cfg.get_string("sim.model") == "iss")
    return fail(exit_status::kUsage, "--pipeline-trace needs a timing model, sim.model = "
                                     "pipeline or o3");
  if (std::string p = input_problems(o, cfg); !p.empty()) return fail(exit_status::kNoInput, p);
  // --workload: its programs instead of one PROGRAM, each checked as PROGRAM is, before anything
  // runs. The CPUs it may pin to are those the kernel runs on (every core's with core.smp_start).
  if (!o.workload.empty()) {
    if (o.positional.size() > 1)
      return fail(exit_status::kUsage, "--workload FILE names the programs: no PROGRAM after "
                                       "KERNEL\n" + std::string(kUsage));
    if (!o.env.empty())
      return fail(exit_status::kUsage, "--workload: give each program's environment in the file "
                                       "(env = [...]), not with --env");
    const unsigned per_core = static_cast<unsigned>(cfg.get_int("core.contexts"));
    const unsigned cores =
        cfg.get_bool("core.smp_start") ? static_cast<unsigned>(cfg.get_int("platform.cores")) : 1;
    try {
      plan.workload = load_workload(o.workload, per_core * cores, KASANE_BOOT_MAXPROGS);
    } catch (const WorkloadError& e) {
      return fail(e.status, e.what());
    }
    const uint64_t ram = static_cast<uint64_t>(cfg.get_int("memory.ram_size"));
    for (size_t i = 0; i < plan.workload.size(); ++i)
      if (std::string p = input_problem(plan.workload[i].program, ram); !p.empty())
        return fail(exit_status::kNoInput, "--workload " + o.workload + ": [[process]] " +
                                               std::to_string(i + 1) + ": program '" +
                                               plan.workload[i].program + "': " + p);
  }
  if (!o.restore.empty()) {
    try {
      plan.restored = read_checkpoint(o.restore);
      Platform::check_checkpoint_config(*plan.restored, cfg, o.restore);
    } catch (const CheckpointError& e) {
      return fail(e.status, e.what());
    }
    const nlohmann::json& c = (*plan.restored)["cycle"];
    const uint64_t from = plan.restored_cycle = c.is_number_unsigned() ? c.get<uint64_t>() : 0;
    if (plan.checkpoint_cycle && *plan.checkpoint_cycle < from)
      return fail(exit_status::kUsage, "--checkpoint-at " + o.checkpoint_at[0] +
                                           ": the run restored from '" + o.restore +
                                           "' starts at cycle " + std::to_string(from));
  }
  try {
    if (!o.gdb.empty()) plan.gdb_port = gdb::parse_port(o.gdb);
  } catch (const std::invalid_argument& e) {
    return fail(exit_status::kUsage, std::string("--gdb: ") + e.what());
  }
  return std::nullopt;
}

// Every output file, opened before the first cycle; --checkpoint-at's only once written (a run
// that never reaches it leaves none). A status if one cannot be opened.
std::optional<int> open_outputs(const Options& o, Outputs& out, OutputFile& checkpoint_out,
                                TraceOptions& trace) {
  try {
    if (!o.stats.empty()) out.stats = OutputFile("--stats", o.stats);
    if (!o.trace.empty()) out.trace = OutputFile("--pipeline-trace", o.trace);
    if (!o.thermal_trace.empty()) out.thermal = OutputFile("--thermal-trace", o.thermal_trace);
    if (!o.exec_trace_file.empty()) out.exec_trace = OutputFile("--trace-file", o.exec_trace_file);
    if (!o.timeline.empty()) out.timeline = OutputFile("--timeline", o.timeline);
    if (!o.kcov.empty()) out.kcov = OutputFile("--kcov", o.kcov);
    if (!o.checkpoint_at.empty())
      checkpoint_out = OutputFile("--checkpoint-at", o.checkpoint_at[1]);
  } catch (const OutputError& e) {
    return fail(exit_status::kNoInput, e.what());
  }
  trace.file = out.trace.get();
  trace.thermal_file = out.thermal.get();
  trace.exec_file = out.exec_trace.get();
  trace.timeline_file = out.timeline.get();
  return std::nullopt;
}

// After the run, --checkpoint-at: the checkpoint's file, or why there is none (then `status`
// becomes a usage error). A status if the file could not be written.
std::optional<int> end_checkpoint(const Options& o, const RunPlan& plan, const RunResult& r,
                                  const std::string& bytes, OutputFile& checkpoint_out,
                                  int& status) {
  if (r.outcome == RunResult::Outcome::kCheckpoint) {
    std::fwrite(bytes.data(), 1, bytes.size(), checkpoint_out.get());
    if (std::string p = checkpoint_out.close(); !p.empty()) return fail(exit_status::kNoInput, p);
    std::cerr << "kasane-sim: checkpoint at cycle " << r.cycles << " written to "
              << o.checkpoint_at[1] << " (" << bytes.size() << " bytes); the run ends here\n";
  } else if (!o.checkpoint_at.empty() && (r.outcome == RunResult::Outcome::kExit ||
                                          r.outcome == RunResult::Outcome::kAllExited)) {
    std::cerr << "kasane-sim: --checkpoint-at " << o.checkpoint_at[0] << ": the run ended at cycle "
              << r.cycles
              << (plan.checkpoint_cycle ? " before that cycle"
                                        : " before any region of interest began")
              << ", so no checkpoint was written (the guest's status was " << status << ")\n";
    status = exit_status::kUsage;
  }
  return std::nullopt;
}

// Every output closed and checked: the exit status, `status` unless one could not be written.
int close_outputs(const RunResult& r, int status, Outputs& out) {
  // Output that did not reach its file is an error even when the guest did well; the guest's
  // own status is still said, since the exit status can no longer carry it.
  const std::vector<std::string> problems = out.close();
  if (problems.empty()) return status;
  for (const std::string& p : problems) std::cerr << "kasane-sim: " << p << "\n";
  if (r.outcome == RunResult::Outcome::kExit || r.outcome == RunResult::Outcome::kAllExited)
    std::cerr << "kasane-sim: the guest exited with status " << status << "\n";
  return exit_status::kNoInput;
}

// A coverage map over the kernel's executable segments.
KernelCoverage kernel_coverage(const ElfImage& kernel) {
  uint32_t lo = ~0u, hi = 0;
  for (const ElfSegment& s : kernel.segments())
    if (s.flags & PF_X) {
      lo = std::min(lo, s.vaddr & ~3u);
      hi = std::max(hi, (s.vaddr + s.memsz + 3) & ~3u);
    }
  return lo < hi ? KernelCoverage(lo, hi) : KernelCoverage(0, 0);
}

// Load the kernel and program, build the platform, boot it (or restore it), run it, and report.
int simulate(const Options& o, const Config& cfg, RunPlan& plan, Outputs& out,
             OutputFile& checkpoint_out) {
  TraceOptions& trace = plan.trace;
  try {
    const uint64_t elf_cap = static_cast<uint64_t>(cfg.get_int("memory.ram_size"));
    ElfImage kernel = ElfImage::load(o.positional[0], elf_cap);
    std::optional<ElfImage> program;
    if (o.positional.size() > 1) program = ElfImage::load(o.positional[1], elf_cap);
    // The workload's programs: the first one is PROGRAM for symbols and region names.
    std::vector<ElfImage> images;
    std::vector<Platform::BootProgram> boot;
    const std::vector<WorkloadProcess>& workload = plan.workload;
    for (const WorkloadProcess& w : workload) images.push_back(ElfImage::load(w.program, elf_cap));
    for (size_t i = 0; i < workload.size(); ++i) {
      std::vector<std::string> argv{std::filesystem::path(workload[i].program).filename().string()};
      argv.insert(argv.end(), workload[i].args.begin(), workload[i].args.end());
      boot.push_back({&images[i], argv, workload[i].env, workload[i].cpu, workload[i].name});
    }
    if (!images.empty()) program = images[0];
    std::vector<std::string> args(o.positional.begin() + 1, o.positional.end());
    // The guest's argv[0] is the program's file name without its directory: the strings sit at
    // the top of the initial stack, so a host path would move the stack (and every cycle count
    // that depends on alignment) with the length of the checkout's path. The kernel still finds
    // the boot program by this name when it spawns itself.
    if (!args.empty()) args[0] = std::filesystem::path(args[0]).filename().string();
    try {
      resolve_trace_symbol(trace.window, kernel, program ? &*program : nullptr);
      resolve_region_name(trace.window, kernel, program ? &*program : nullptr);
    } catch (const std::invalid_argument& e) {
      return fail(exit_status::kUsage, std::string("--trace-window: ") + e.what());
    }
    trace.symbolize = trace_symbolizer(kernel, program ? &*program : nullptr);
    std::optional<KernelCoverage> kcov;
    if (out.kcov.is_open()) trace.kcov = &kcov.emplace(kernel_coverage(kernel));

    // SystemC's informational reports ("simulation stopped by user") would land on the console.
    sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
    Platform platform("platform", cfg, stdout, stdin, trace);
    if (plan.restored) {
      platform.restore_checkpoint(*plan.restored, o.restore);
      plan.restored.reset();  // its RAM pages are in the machine now
    } else {
      platform.load_kernel(kernel);
      if (!boot.empty())
        platform.boot(kernel, boot);
      else
        platform.boot(kernel, program ? &*program : nullptr, args, o.env);
    }
    if (plan.checkpoint_cycle) platform.checkpoint_at_cycle(*plan.checkpoint_cycle);
    if (!o.checkpoint_at.empty() && !plan.checkpoint_cycle) platform.checkpoint_at_roi();

    std::optional<gdb::Session> debugger;
    if (!o.gdb.empty()) debugger.emplace(platform, plan.gdb_port, kernel);

    auto t0 = std::chrono::steady_clock::now();
    RunResult r = platform.run();
    if (kcov) kcov->write(out.kcov.get());
    if (debugger && debugger->killed())
      return fail(137, "killed by GDB at cycle " + std::to_string(r.cycles));
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.region_names = region_names(kernel, program ? &*program : nullptr);
    std::string checkpoint;  // the file's bytes, when the run ended at --checkpoint-at
    if (r.outcome == RunResult::Outcome::kCheckpoint) {
      checkpoint = platform.save_checkpoint(r.checkpoint);
      r.checkpoint["file"] = o.checkpoint_at[1];
      r.checkpoint["bytes"] = checkpoint.size();
    } else if (!o.restore.empty()) {
      r.checkpoint = {{"restored_from", o.restore}, {"restored_cycle", plan.restored_cycle}};
    }
    if (out.stats.is_open())
      std::fputs((make_stats(cfg, r, seconds).dump(2) + "\n").c_str(), out.stats.get());
    int status = report_outcome(r, kernel, platform, o, trace);
    if (!o.quiet && (r.outcome == RunResult::Outcome::kExit ||
                     r.outcome == RunResult::Outcome::kAllExited))
      if (nlohmann::json summary = run_summary(r); !summary.is_null())
        std::cerr << summary_text(summary);
    if (std::optional<int> failed = end_checkpoint(o, plan, r, checkpoint, checkpoint_out, status))
      return *failed;
    if (debugger) debugger->finish(status);
    return close_outputs(r, status, out);
  } catch (const ElfError& e) {
    return fail(exit_status::kBadInput, e.what());
  } catch (const LoadError& e) {
    return fail(exit_status::kBadInput, e.what());
  } catch (const DiskError& e) {  // an image that is missing, unwritable or of a bad size
    return fail(exit_status::kNoInput, e.what());
  } catch (const std::invalid_argument& e) {  // a timing model that cannot be built
    return fail(exit_status::kConfig, e.what());
  } catch (const CheckpointError& e) {
    return fail(e.status, e.what());
  } catch (const gdb::SocketError& e) {
    return fail(exit_status::kUsage, std::string("--gdb: ") + e.what());
  }
}

// sc_main's body: each step returns a status when the run ends there. Every error it expects
// returns a status from exit_status.h; sc_main catches the rest.
int run(int argc, char** argv) {
  Options o;
  if (std::optional<int> done = parse_command_line(argc, argv, o)) return *done;
  Config cfg;
  if (std::optional<int> done = load_config(o, cfg)) return *done;
  if (!o.platform_header.empty()) return write_platform_header(o.platform_header, cfg);
  RunPlan plan;
  if (std::optional<int> done = plan_run(o, cfg, plan)) return *done;
  Outputs out;
  OutputFile checkpoint_out;
  if (std::optional<int> done = open_outputs(o, out, checkpoint_out, plan.trace)) return *done;
  return simulate(o, cfg, plan, out, checkpoint_out);
}

}  // namespace

// The console is the guest's stdout, so SystemC's banner must not appear on it; SystemC prints
// it before calling sc_main, hence our own main.
int main(int argc, char** argv) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}

// No exception leaves sc_main: SystemC would print it in its own words and return 1. SystemC's
// errors and fatal errors are made to throw (a fatal one would abort), so that they end here
// too, in one line and a status of our own.
int sc_main(int argc, char** argv) {
  sc_core::sc_report_handler::set_actions(sc_core::SC_ERROR, sc_core::SC_THROW);
  sc_core::sc_report_handler::set_actions(sc_core::SC_FATAL, sc_core::SC_THROW);
  try {
    return run(argc, argv);
  } catch (const std::bad_alloc&) {
    return fail(exit_status::kInternal, "out of host memory");
  } catch (const sc_core::sc_report& r) {
    return fail(exit_status::kInternal, std::string("SystemC error: ") + r.get_msg_type() + ": " +
                                            r.get_msg());
  } catch (const std::exception& e) {
    return fail(exit_status::kInternal, std::string("internal error: ") + e.what());
  } catch (...) {
    return fail(exit_status::kInternal, "internal error: an exception of unknown type");
  }
}
