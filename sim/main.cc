// kasane-sim: run one machine (from a config) with one kernel and, optionally, one program.
//
//   kasane-sim [--config FILE] [--set key=value]... [--disk FILE] [--stats FILE]
//              KERNEL [PROGRAM [ARGS...]]
//
// Options come before KERNEL; everything after PROGRAM belongs to the guest program. The guest sees
// PROGRAM's file name (no directory) as argv[0] and only the --env strings as its environment, so
// where the files live on the host never reaches it.
#include <chrono>
#include <filesystem>
#include <tuple>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "platform/config.h"
#include "platform/elf_image.h"
#include "platform/exit_status.h"
#include "platform/platform.h"
#include "platform/stats.h"

namespace po = boost::program_options;
using namespace kasane;

namespace {

const char* kUsage = "usage: kasane-sim [options] KERNEL [PROGRAM [ARGS...]]";

struct Options {
  std::string config, stats, disk, platform_header, trace, trace_window, thermal_trace;
  std::string help_config;  // "", "text" or "json"
  std::vector<std::string> sets, env, positional;
  bool help = false, progress = false;
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
      ("pipeline-trace", po::value(&o.trace)->value_name("FILE"),
       "write a Kanata pipeline trace (open it in Konata); needs sim.model = pipeline")
      ("trace-window", po::value(&o.trace_window)->value_name("A:B|roi:ID[-M][+N]"),
       "only cycles A to B go into the pipeline trace; or region ID's first entry, from M "
       "cycles before its begin to N cycles after its end")
      ("thermal-trace", po::value(&o.thermal_trace)->value_name("FILE"),
       "write power and temperature per thermal interval (CSV)")
      ("progress", po::bool_switch(&o.progress),
       "report simulated cycles, speed and time left on stderr every second")
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
  }
  return static_cast<size_t>(std::min(i, argc));
}

int fail(int status, const std::string& msg) {
  std::cerr << "kasane-sim: " << msg << "\n";
  return status;
}

bool readable(const std::string& path) { return std::ifstream(path).good(); }

void report_contexts(const RunResult& r, const ElfImage& kernel) {
  for (const ContextReport& c : r.contexts) {
    char pc[16];
    std::snprintf(pc, sizeof pc, "0x%08x", c.pc);
    std::string sym = kernel.symbolize(c.pc);
    std::cerr << "  context " << c.id << ": " << context_state_name(c.state) << ", pc " << pc
              << (sym.empty() ? "" : " <" + sym + ">") << ", " << c.retired << " retired\n";
  }
}

}  // namespace

// The console is the guest's stdout, so SystemC's banner must not appear on it; SystemC prints
// it before calling sc_main, hence our own main.
int main(int argc, char** argv) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char** argv) {
  Options o;
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
  if (o.help) {
    std::cout << kUsage << "\n\n" << desc << "\nExit status: the guest's own, or 64 usage, "
              << "65 bad ELF, 66 unreadable file, 70 kernel panic, 71 guest deadlock, "
              << "72 sim.max_cycles reached, 73 pipeline reference check failed, 74 console flood, "
              << "75 sim-control misuse, 76 exception storm, 78 bad config.\n";
    return 0;
  }
  if (o.help_config == "text") {
    std::cout << Config::help_text();
    return 0;
  }
  if (o.help_config == "json") {
    std::cout << config_schema_json().dump(1) << "\n";
    return 0;
  }
  if (!o.help_config.empty())
    return fail(exit_status::kUsage,
                "--help-config takes text or json, not '" + o.help_config + "'");

  Config cfg;
  try {
    if (!o.config.empty()) {
      if (!readable(o.config))
        return fail(exit_status::kNoInput, "cannot read config file '" + o.config + "'");
      cfg.load_file(o.config);
    }
    for (const std::string& s : o.sets) cfg.set(s);
    if (!o.disk.empty()) cfg.set("disk.image=" + o.disk);
    cfg.validate();
  } catch (const ConfigError& e) {
    return fail(exit_status::kConfig, e.what());
  }
  if (!o.platform_header.empty()) {
    std::ofstream(o.platform_header) << cfg.platform_header();
    return 0;
  }
  if (o.positional.empty()) return fail(exit_status::kUsage, std::string("no KERNEL given\n") + kUsage);

  for (size_t i = 0; i < std::min<size_t>(2, o.positional.size()); ++i)
    if (!readable(o.positional[i]))
      return fail(exit_status::kNoInput, "cannot read '" + o.positional[i] + "'");
  try {
    ElfImage kernel = ElfImage::load(o.positional[0]);
    std::optional<ElfImage> program;
    if (o.positional.size() > 1) program = ElfImage::load(o.positional[1]);
    std::vector<std::string> args(o.positional.begin() + std::min<size_t>(1, o.positional.size()),
                                  o.positional.end());
    // The guest's argv[0] is the program's file name without its directory: the strings sit at
    // the top of the initial stack, so a host path would move the stack (and every cycle count
    // that depends on alignment) with the length of the checkout's path. The kernel still finds
    // the boot program by this name when it spawns itself.
    if (!args.empty()) args[0] = std::filesystem::path(args[0]).filename().string();

    // SystemC's informational reports ("simulation stopped by user") would land on the console.
    TraceOptions trace;
    trace.path = o.trace;
    trace.thermal_path = o.thermal_trace;
    trace.progress = o.progress;
    if (!o.trace_window.empty()) {
      if (o.trace.empty()) return fail(exit_status::kUsage, "--trace-window needs --pipeline-trace");
      try {
        trace.window = parse_trace_spec(o.trace_window);
      } catch (const std::invalid_argument& e) {
        return fail(exit_status::kUsage, std::string("--trace-window: ") + e.what());
      }
    }
    if (!o.trace.empty() && cfg.get_string("sim.model") != "pipeline")
      return fail(exit_status::kUsage, "--pipeline-trace needs sim.model = pipeline");

    sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
    Platform platform("platform", cfg, stdout, stdin, trace);
    platform.load_kernel(kernel);
    platform.boot(kernel, program ? &*program : nullptr, args, o.env);

    auto t0 = std::chrono::steady_clock::now();
    RunResult r = platform.run();
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!o.stats.empty()) {
      std::ofstream out(o.stats);
      if (!out) return fail(exit_status::kNoInput, "cannot write stats file '" + o.stats + "'");
      out << make_stats(cfg, r, seconds).dump(2) << "\n";
    }
    if (platform.trace_region_missed())
      return fail(exit_status::kUsage,
                  "--trace-window " + o.trace_window + ": region " +
                      std::to_string(trace.window.region_id) +
                      " was never entered, so the pipeline trace has no instruction");
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
    }
  } catch (const ElfError& e) {
    return fail(exit_status::kBadInput, e.what());
  } catch (const LoadError& e) {
    return fail(exit_status::kBadInput, e.what());
  } catch (const DiskError& e) {  // an image that is missing, unwritable or of a bad size
    return fail(exit_status::kNoInput, e.what());
  } catch (const std::invalid_argument& e) {  // a timing model that cannot be built
    return fail(exit_status::kConfig, e.what());
  } catch (const std::runtime_error& e) {  // e.g. a trace file that cannot be written
    return fail(exit_status::kNoInput, e.what());
  }
  return 0;
}
