// The one table of every kasane-sim config key: type, default, unit, range or choices and a
// one-line description. The loader, --set, --help-config (text and JSON), the stats dump and the
// platform header all read this table, so a new key is one new row here (plus a cross-key check in
// Config::validate() if it relates to other keys).
#include <cstring>

#include "config.h"

namespace kasane {

namespace {

// Bounds for keys whose range is "any 32-bit value" or "effectively unbounded".
constexpr double kU32Max = 4294967295.0;    // 0xffffffff
constexpr double kCycleMax = 4611686018427387904.0;  // 2^62: no overflow when adding a quantum
// Device bases are physical addresses reachable through kseg1 (0..0x1fffffff) and each device
// window is one 4 KiB page, so the highest base is 0x1ffff000. Alignment, overlap and the
// collision with RAM are cross-key checks in Config::validate().
constexpr double kDevBaseMax = 0x1ffff000;
// Bump when the shape of config_schema_json() changes (not when keys are added).
constexpr int kConfigSchemaJsonVersion = 1;

}  // namespace

const std::vector<KeySpec>& config_schema() {
  static const std::vector<KeySpec> schema = {
      // --- core
      {"core.contexts", KeyType::Int, "4", "contexts",
       "hardware contexts (architecture threads) per core; with platform.cores, at most "
       "16 in the machine",
       1, Config::kMaxContexts, {}, true},
      {"core.smp_start", KeyType::Bool, "false", "-",
       "bare-metal programs: start every context at the kernel entry (SMP-style); otherwise "
       "only core 0's context 0 runs and the rest stay free. Under the kernel (a PROGRAM given) "
       "every core starts whatever this says, as the kernel brings up every core it is told of",
       0, 0, {}},
      {"core.clock_ghz", KeyType::Float, "1.0", "GHz", "core clock; converts cycles to seconds",
       0.001, 100, {}, true},
      {"core.tlb_entries", KeyType::Int, "32", "entries",
       "joint TLB entries (4 KiB pages, even/odd pairs) shared by the contexts of a core", 1, 64,
       {}, true},
      {"core.tlb_flush_on_switch", KeyType::Bool, "false", "-",
       "x86-like TLB (a CR3 write without PCID): when a context returns to user mode in another "
       "address space (ASID) than last time, drop the core's non-global TLB entries except those "
       "of the spaces its sibling contexts run; off, entries survive a switch by their ASID tag",
       0, 0, {}},
      {"core.prid", KeyType::Int, "0x00019300", "-", "value of CP0 PRId", 0, kU32Max, {}, true},
      // --- memory
      {"memory.ram_size", KeyType::Int, "268435456", "bytes",
       "RAM: below the device window at physical 0, the rest from 0x20000000; host memory is "
       "allocated only for pages the guest touches",
       1048576, 2147483648.0, {}, true},
      // --- platform
      {"platform.cores", KeyType::Int, "1", "cores",
       "SMT cores, each with core.contexts contexts, its own pipeline (or ISS), L1s, TLB and "
       "power node; the L2, memory and devices are shared; they run in lock-step",
       1, Config::kMaxContexts, {}, true},
      {"platform.uart_base", KeyType::Int, "0x1f000000", "address",
       "physical base of the UART (console)", 0, kDevBaseMax, {}, true},
      {"platform.simctl_base", KeyType::Int, "0x1f001000", "address",
       "physical base of the sim-control device", 0, kDevBaseMax, {}, true},
      {"platform.blockdev_base", KeyType::Int, "0x1f002000", "address",
       "physical base of the block device (disk with DMA and an interrupt; disk.*)", 0,
       kDevBaseMax, {}, true},
      {"platform.sensor_base", KeyType::Int, "0x1f003000", "address",
       "physical base of the power and thermal sensor", 0, kDevBaseMax, {}, true},
      {"platform.ipi_base", KeyType::Int, "0x1f004000", "address",
       "physical base of the inter-processor interrupt device (a line per context)", 0,
       kDevBaseMax, {}, true},
      {"platform.simctl_user_base", KeyType::Int, "0x1f005000", "address",
       "physical base of sim-control's user page (the thread register the runtime writes, which "
       "the kernel maps into every process)", 0, kDevBaseMax, {}, true},
      // --- the block device. The defaults are a NAND flash SSD on NVMe at 1 GHz: a read takes
      // tens of microseconds before data flows (20 us here; Optane ~10 us, SATA SSDs ~100 us,
      // disks milliseconds) and PCIe 3 x4 carries 2-3.5 GB/s (2 GB/s = 2 bytes a cycle).
      {"disk.image", KeyType::String, "", "-",
       "host file holding the disk (raw 512-byte sectors, size a multiple of 512; the guest's "
       "writes go to it); empty: no disk; --disk FILE overrides it",
       0, 0, {}},
      {"disk.latency", KeyType::Int, "20000", "cycles",
       "block device: time from a command to its first byte (20 us at 1 GHz, an SSD's access)",
       0, 1e12, {}},
      {"disk.bandwidth", KeyType::Float, "2", "bytes/cycle",
       "block device: transfer rate after the latency (2 GB/s at 1 GHz, an NVMe SSD)", 0.001,
       1e6, {}},
      // --- sim
      {"sim.model", KeyType::String, "pipeline", "-",
       "the core model: pipeline = cycle-level SMT pipeline, in order within a context; iss = "
       "functional, one instruction per running context per cycle; o3 = out-of-order SMT core "
       "(rename, ROB, issue queue, load/store queues shared by the contexts)",
       0, 0, {"pipeline", "iss", "o3"}},
      {"sim.check", KeyType::Bool, "false", "-",
       "timing models' test mode (pipeline, o3): check every retired instruction against the "
       "stream the ISS executed",
       0, 0, {}},
      {"sim.max_cycles", KeyType::Int, "0", "cycles",
       "stop with an error after this many cycles (0 = no limit)", 0, kCycleMax, {}},
      {"sim.quantum", KeyType::Int, "1000", "cycles",
       "cycles a core runs ahead of SystemC time between synchronisations (TLM temporal "
       "decoupling)",
       1, 1000000, {}},
      {"uart.max_output", KeyType::Int, "268435456", "bytes",
       "console output (stdout and stderr) after which the guest counts as flooding it and the "
       "run ends (0: no limit)",
       0, 4e18, {}},
      {"sim.exception_storm", KeyType::Int, "100000", "exceptions",
       "exceptions a context may take in a row without retiring an instruction before the run "
       "ends as an exception storm (a jump to garbage with no working handler)",
       1, 4294967295.0, {}},
      {"sim.fast_forward", KeyType::String, "off", "-",
       "run the functional ISS until the first region of interest begins (roi) or for this many "
       "instructions, then the pipeline from there (needs sim.model = pipeline); off: the "
       "pipeline from the start",
       0, 0, {}},
      {"sim.warmup", KeyType::Int, "0", "instructions",
       "with sim.fast_forward: the last this-many fast-forwarded instructions also warm the "
       "caches and the branch predictor (with roi, more than 4194304 warm with every one)",
       0, kCycleMax, {}},
      {"sim.after_roi", KeyType::String, "pipeline", "-",
       "with sim.fast_forward: what runs once the first region of interest ends on the pipeline "
       "(iss: back to the ISS at the end of that quantum, for a fast rest of the run)",
       0, 0, {"pipeline", "iss"}},
      {"sim.idle_skip", KeyType::Bool, "true", "-",
       "when no context can run, jump to the next event instead of ticking idle cycles (the "
       "counts are the same; false is for measuring what the jump saves)",
       0, 0, {}},
      // Seeded perturbation (Alameldeen & Wood, HPCA 2003; sim/mem/perturb.h): runs with
      // different seeds sample different interleavings, a result is their mean and interval.
      {"sim.perturb_seed", KeyType::Int, "0", "-",
       "seed of the timing perturbation (0 = off): every flat-memory access, or every L2 and "
       "DRAM access of the cached model, takes 0..sim.perturb_max extra cycles, and the kernel "
       "moves the initial user stack down by a seed-derived 0..1024 bytes (multiple of 16); "
       "with flat memory, seed N also shifts fetch.block's boundaries by 4 * ((N - 1) mod "
       "(fetch.block / 4)) bytes, as moving all code would",
       0, kU32Max, {}},
      {"sim.perturb_max", KeyType::Int, "4", "cycles",
       "the largest extra latency sim.perturb_seed adds to one memory access", 0, 1000, {}},
      // --- the thread extension
      {"core.monitor_line", KeyType::Int, "32", "bytes", "line watched by MONITOR (power of two; the L1D line by default)", 4, 4096, {}, true},
      {"thread.fork_latency", KeyType::Int, "4", "cycles", "TFORK until the new context fetches", 0, 100000, {}},
      {"thread.resume_latency", KeyType::Int, "2", "cycles", "TRESUME until the woken context fetches", 0, 100000, {}},
      {"thread.mwait_light_wake", KeyType::Int, "10", "cycles", "wake-up from a light MWAIT (power hint 0)", 0, 1000000, {}},
      {"thread.mwait_deep_wake", KeyType::Int, "200", "cycles", "wake-up from a deep MWAIT (power hint 1)", 0, 1000000, {}},
      {"thread.keep_fetch_on_sleep", KeyType::Bool, "false", "-",
       "a context that suspends or waits keeps its fetched instructions (false: they are dropped "
       "and refetched on wake-up)",
       0, 0, {}},
      {"thread.user_legal", KeyType::Bool, "true", "-",
       "reset value of TControl.TU and .MU: the thread instructions and MONITOR/MWAIT are legal in "
       "user mode",
       0, 0, {}},
      // --- the kernel (passed in the boot information, include/kasane/bootinfo.h)
      {"os.scheduler", KeyType::String, "cfs", "-",
       "the kernel's thread-picking policy (os/fair.h): cfs = fair shares by nice weight; ias = "
       "CFS plus time and inter-core aggregation of threads that share an address space",
       0, 0, {"cfs", "ias"}},
      {"os.smt_sched", KeyType::String, "core", "-",
       "how the kernel shares a core's contexts: core = one process owns every context of a core "
       "at a time (gang scheduling; Linux's core scheduling with a cookie per process); context = "
       "every context is a CPU with its own run queue, as Linux runs SMT siblings",
       0, 0, {"core", "context"}, true},
      {"os.ias_bonus", KeyType::Int, "16", "1/16 quantum",
       "with os.scheduler = ias: how far ahead in vruntime a sibling thread may be and still be "
       "aggregated, in sixteenths of its last quantum (0: no aggregation; programs may change it "
       "with kasane_ias_bonus)",
       0, 256, {}},
      {"os.epoch", KeyType::Int, "1704067200", "s",
       "the wall clock (CLOCK_REALTIME, time(), gettimeofday) when the machine starts, in seconds "
       "since 1970-01-01 UTC; fixed by default (2024-01-01) so that runs repeat",
       0, 4294967295.0, {}},
      // --- power and thermal (sim/power/README.md gives the sources of the defaults)
#define POWER_EVENT(id, name, pj, description) \
      {"power." #name "_pj", KeyType::Float, #pj, "pJ", description, 0, 1e6, {}},
#include "power/power_events.def"
#undef POWER_EVENT
      {"power.static_running_mw", KeyType::Float, "15", "mW", "static power of a running context (stalls and spinning included)", 0, 1e5, {}},
      {"power.static_suspended_mw", KeyType::Float, "3", "mW", "static power of a suspended, waiting or free context (clock-gated)", 0, 1e5, {}},
      {"power.static_mwait_light_mw", KeyType::Float, "3", "mW", "static power of a context in light MWAIT", 0, 1e5, {}},
      {"power.static_mwait_deep_mw", KeyType::Float, "1", "mW", "static power of a context in deep MWAIT (state kept, clock and most leakage off)", 0, 1e5, {}},
      {"power.static_halted_mw", KeyType::Float, "3", "mW", "static power of a context halted by the kernel", 0, 1e5, {}},
      {"power.core_active_mw", KeyType::Float, "120", "mW", "static power of the shared core while a context runs", 0, 1e6, {}},
      {"power.core_idle_mw", KeyType::Float, "30", "mW", "static power of the core while no context runs (deeper gating)", 0, 1e6, {}},
      {"power.leakage_coeff", KeyType::Float, "0.01", "1/K", "static power scales by exp(k (T - power.leakage_ref_c))", 0, 1, {}},
      {"power.leakage_ref_c", KeyType::Float, "45", "degC", "temperature at which the static powers above hold", -50, 200, {}},
      {"thermal.r_die_spreader", KeyType::Float, "7.6", "K/W", "thermal resistance from the die to the heat spreader", 1e-6, 1e4, {}},
      {"thermal.c_die", KeyType::Float, "0.00026", "J/K", "heat capacity of the die node (time constant about 2 ms)", 1e-9, 1e4, {}},
      {"thermal.r_spreader_ambient", KeyType::Float, "16.3", "K/W", "thermal resistance from the spreader to ambient", 1e-6, 1e4, {}},
      {"thermal.c_spreader", KeyType::Float, "0.02", "J/K", "heat capacity of the spreader node (kept small: a package settles in about a second)", 1e-9, 1e4, {}},
      {"thermal.ambient_c", KeyType::Float, "45", "degC", "ambient temperature", -50, 200, {}},
      {"thermal.layout", KeyType::String, "row", "-",
       "several cores: how their dies sit on the shared spreader; row = core i touches i-1 and "
       "i+1, grid = ceil(sqrt(cores)) columns filled row by row (4 cores: 2x2)",
       0, 0, {"row", "grid"}},
      {"thermal.lateral_r", KeyType::Float, "66.7", "K/W", "several cores: thermal resistance between the dies of two adjacent cores (1 mm of 0.15 mm silicon across a 1 mm edge)", 1e-3, 1e9, {}},
      {"thermal.interval", KeyType::Int, "10000", "cycles", "the thermal model steps every this many cycles", 1, 1000000000, {}},
      // --- pipeline (sim.model = "pipeline")
      {"fetch.width", KeyType::Int, "4", "instructions", "instructions fetched per cycle, over all contexts", 1, 16, {}},
      {"fetch.threads_per_cycle", KeyType::Int, "2", "contexts", "contexts fetched from in one cycle", 1, 16, {}},
      {"fetch.block", KeyType::Int, "32", "bytes", "aligned block fetch reads with one memory access in the flat model (power of two; the cached model reads one L1I line)", 4, 4096, {}},
      {"fetch.queue", KeyType::Int, "8", "instructions", "fetch queue per context (fetched, not decoded)", 1, 64, {}},
      {"fetch.policy", KeyType::String, "icount", "-",
       "which contexts fetch first: icount = fewest instructions fetched and not yet issued, "
       "ties by round robin (Tullsen's ICOUNT.T.N with T = fetch.threads_per_cycle, N = "
       "fetch.width); round_robin = rotate; brcount (o3) = fewest unresolved branches; "
       "misscount (o3) = fewest outstanding data-cache misses",
       0, 0, {"icount", "round_robin", "brcount", "misscount"}},
      {"decode.width", KeyType::Int, "4", "instructions", "instructions decoded per cycle, over all contexts", 1, 16, {}},
      {"issue.width", KeyType::Int, "4", "instructions", "instructions issued per cycle, over all contexts (in order within a context)", 1, 16, {}},
      {"issue.queue", KeyType::Int, "16", "instructions", "issue queue per context (decoded, not issued)", 1, 64, {}},
      {"issue.inflight", KeyType::Int, "32", "instructions", "issued, not yet retired instructions per context (in-order retirement)", 1, 256, {}},
      {"retire.width", KeyType::Int, "4", "instructions", "instructions retired per cycle, over all contexts", 1, 16, {}},
      {"fu.alu.count", KeyType::Int, "2", "units", "simple ALUs (also run system instructions)", 1, 16, {}},
      {"fu.alu.latency", KeyType::Int, "1", "cycles", "simple ALU latency", 1, 100, {}},
      {"fu.alu.pipelined", KeyType::Bool, "true", "-", "a simple ALU accepts an operation every cycle", 0, 0, {}},
      {"fu.muldiv.count", KeyType::Int, "1", "units", "complex ALUs (multiply, divide, HI/LO)", 1, 16, {}},
      {"fu.muldiv.mul_latency", KeyType::Int, "12", "cycles", "multiply latency (MULT, MUL, MADD, ...)", 1, 200, {}},
      {"fu.muldiv.div_latency", KeyType::Int, "32", "cycles", "divide latency (DIV, DIVU)", 1, 200, {}},
      {"fu.muldiv.pipelined", KeyType::Bool, "false", "-", "a complex ALU accepts an operation every cycle (false: busy for the whole latency)", 0, 0, {}},
      {"fu.mem.count", KeyType::Int, "1", "ports", "load/store ports", 1, 16, {}},
      {"fu.mem.latency", KeyType::Int, "1", "cycles", "address generation; the cache adds its own latency", 1, 100, {}},
      {"fu.branch.count", KeyType::Int, "1", "units", "branch units (branches resolve here)", 1, 16, {}},
      {"fu.branch.latency", KeyType::Int, "1", "cycles", "branch unit latency", 1, 100, {}},
      {"fu.fpadd.count", KeyType::Int, "1", "units", "FPU adders: add, subtract, compare, convert, abs, neg, moves (default: MIPS 24Kf)", 1, 16, {}},
      {"fu.fpadd.latency", KeyType::Int, "4", "cycles", "FPU add latency (MIPS 24Kf at a 1:1 FPU clock, as gcc's mips/24k.md quotes it)", 1, 200, {}},
      {"fu.fpadd.pipelined", KeyType::Bool, "true", "-", "an FPU adder accepts an operation every cycle", 0, 0, {}},
      {"fu.fpmul.count", KeyType::Int, "1", "units", "FPU multipliers: MUL and the multiply-adds", 1, 16, {}},
      {"fu.fpmul.latency", KeyType::Int, "5", "cycles", "FPU multiply latency (MIPS 24Kf, double precision; single is 4)", 1, 200, {}},
      {"fu.fpmul.pipelined", KeyType::Bool, "true", "-", "an FPU multiplier accepts an operation every cycle", 0, 0, {}},
      {"fu.fpdiv.count", KeyType::Int, "1", "units", "FPU dividers: DIV, SQRT, RECIP, RSQRT", 1, 16, {}},
      {"fu.fpdiv.div_latency", KeyType::Int, "32", "cycles", "FPU divide latency, also RECIP (MIPS 24Kf, double precision; single is 17)", 1, 200, {}},
      {"fu.fpdiv.sqrt_latency", KeyType::Int, "32", "cycles", "FPU square-root latency, also RSQRT (MIPS 24Kf, double precision; single is 17)", 1, 200, {}},
      {"fu.fpdiv.pipelined", KeyType::Bool, "false", "-", "an FPU divider accepts an operation every cycle (false: busy for the whole latency)", 0, 0, {}},
      {"bpred.kind", KeyType::String, "bimodal", "-",
       "direction predictor: not_taken, bimodal (2-bit counters), gshare (per-context history) "
       "or tournament (the Alpha 21264's: local and global predictors and a chooser)",
       0, 0, {"not_taken", "bimodal", "gshare", "tournament"}},
      {"bpred.table_entries", KeyType::Int, "1024", "counters", "predictor table size (power of two)", 1, 1048576, {}},
      {"bpred.history_bits", KeyType::Int, "8", "bits", "gshare and tournament global history length (the tournament's local histories too)", 0, 20, {}},
      {"bpred.btb_entries", KeyType::Int, "64", "entries", "branch target buffer for JR/JALR (power of two)", 1, 65536, {}},
      // --- the out-of-order core (sim.model = "o3"). It shares fetch.*, decode.width,
      // issue.width, retire.width, fu.* and bpred.* with the pipeline.
      {"rename.width", KeyType::Int, "4", "instructions", "o3: instructions renamed per cycle, over all contexts", 1, 16, {}},
      {"dispatch.width", KeyType::Int, "4", "instructions", "o3: instructions dispatched into the ROB and issue queue per cycle, over all contexts (the ISS executes them there)", 1, 16, {}},
      {"rename.int_regs", KeyType::Int, "128", "registers", "o3: physical integer registers beyond the contexts' architectural ones (33 each: $1-$31, HI, LO)", 1, 4096, {}},
      {"rename.fp_regs", KeyType::Int, "64", "registers", "o3: physical FPU registers beyond the contexts' architectural ones (17 each: 16 even/odd pairs, the condition codes)", 1, 4096, {}},
      {"rob.entries", KeyType::Int, "128", "entries", "o3: reorder buffer entries, shared by the contexts by rob.policy", 1, 1024, {}},
      {"rob.policy", KeyType::String, "shared", "-",
       "o3: how the contexts share the ROB: shared = any context may take every entry; "
       "partitioned = each active context at most entries / active contexts; threshold = each "
       "at most rob.threshold percent",
       0, 0, {"shared", "partitioned", "threshold"}},
      {"rob.threshold", KeyType::Int, "50", "percent", "o3, rob.policy = threshold: the share of the ROB one context may hold", 1, 100, {}},
      {"iq.entries", KeyType::Int, "32", "entries", "o3: unified issue queue entries (reservation stations), shared by iq.policy", 1, 512, {}},
      {"iq.policy", KeyType::String, "shared", "-", "o3: how the contexts share the issue queue (as rob.policy)", 0, 0, {"shared", "partitioned", "threshold"}},
      {"iq.threshold", KeyType::Int, "50", "percent", "o3, iq.policy = threshold: the share of the issue queue one context may hold", 1, 100, {}},
      {"lsq.load_entries", KeyType::Int, "32", "entries", "o3: load queue entries, shared by lsq.policy", 1, 512, {}},
      {"lsq.store_entries", KeyType::Int, "32", "entries", "o3: store queue entries (a store stays after commit until the data cache takes it), shared by lsq.policy", 1, 512, {}},
      {"lsq.policy", KeyType::String, "shared", "-", "o3: how the contexts share the load queue and the store queue, each (as rob.policy)", 0, 0, {"shared", "partitioned", "threshold"}},
      {"lsq.threshold", KeyType::Int, "50", "percent", "o3, lsq.policy = threshold: the share of each queue one context may hold", 1, 100, {}},
      {"lsq.forward_latency", KeyType::Int, "2", "cycles", "o3: a load that takes its data from an older store of its context (store-to-load forwarding)", 1, 100, {}},
      {"lsq.mem_dep", KeyType::String, "store_sets", "-",
       "o3: memory-dependence predictor: store_sets = a load that once read memory before an "
       "older store to its address waits for that store set from then on (Chrysos and Emer, "
       "ISCA 1998); none = loads never wait, and every such conflict is a memory-order violation",
       0, 0, {"store_sets", "none"}},
      {"lsq.ssit_entries", KeyType::Int, "1024", "entries", "o3, store sets: the store-set id table, by instruction address (power of two)", 1, 1048576, {}},
      {"fetch.long_latency", KeyType::String, "none", "-",
       "o3: a context whose load misses the L2 (data later than an L2 hit): none = fetches on; "
       "stall = fetches nothing until the data returns; flush = also gives back everything "
       "after the load, refetched then (Tullsen and Brown, MICRO 2001)",
       0, 0, {"none", "stall", "flush"}},
      {"retire.policy", KeyType::String, "round_robin", "-",
       "o3: which context takes each commit slot: round_robin = the contexts in turn; "
       "oldest_ready = the one whose completed oldest instruction is the oldest",
       0, 0, {"round_robin", "oldest_ready"}},
      // --- memory hierarchy (timing; the pipeline and o3 models)
      {"memory.model", KeyType::String, "cached", "-",
       "flat = no caches, every access takes memory.latency (the papers' machine); cached = "
       "L1I/L1D per core, optional L2, DRAM",
       0, 0, {"cached", "flat"}},
      {"memory.latency", KeyType::Int, "1", "cycles", "flat model: latency of every access", 1, 10000, {}},
      {"memory.ports", KeyType::Int, "0", "ports",
       "flat model: accesses (fetches, loads, stores) memory serves at once, each holding its "
       "port for the whole memory.latency; more wait for a port (0: any number)",
       0, 64, {}},
      {"memory.coherence.bus_cycles", KeyType::Int, "2", "cycles",
       "several cores (cached): cycles one MESI bus transaction holds the snooping bus between "
       "the L1Ds (0: no limit)",
       0, 1000, {}},
      {"memory.coherence.snoop_latency", KeyType::Int, "4", "cycles",
       "several cores: from a bus transaction's start to every L1D's snoop answer", 0, 1000, {}},
      {"memory.coherence.intervention_latency", KeyType::Int, "8", "cycles",
       "several cores: after the snoop, for a Modified copy in another L1D to reach the requester",
       0, 1000, {}},
      {"memory.coherence.upgrade_latency", KeyType::Int, "6", "cycles",
       "several cores: from an upgrade's start (write hit on a Shared line) to the last "
       "invalidation's acknowledgement",
       0, 1000, {}},
      {"l1i.size", KeyType::Int, "32768", "bytes", "L1 instruction cache size", 64, 16777216, {}},
      {"l1i.assoc", KeyType::Int, "4", "ways", "L1 instruction cache associativity", 1, 64, {}},
      {"l1i.line", KeyType::Int, "32", "bytes", "L1 instruction cache line (power of two)", 4, 512, {}},
      {"l1i.hit_latency", KeyType::Int, "1", "cycles", "L1 instruction cache hit latency", 1, 100, {}},
      {"l1i.mshrs", KeyType::Int, "4", "entries", "L1 instruction cache outstanding misses", 1, 64, {}},
      {"l1d.size", KeyType::Int, "32768", "bytes", "L1 data cache size", 64, 16777216, {}},
      {"l1d.assoc", KeyType::Int, "4", "ways", "L1 data cache associativity", 1, 64, {}},
      {"l1d.line", KeyType::Int, "32", "bytes", "L1 data cache line (power of two)", 4, 512, {}},
      {"l1d.hit_latency", KeyType::Int, "2", "cycles", "L1 data cache hit latency", 1, 100, {}},
      {"l1d.mshrs", KeyType::Int, "8", "entries", "L1 data cache outstanding misses", 1, 64, {}},
      {"l1d.write_back", KeyType::Bool, "true", "-", "L1 data cache: write-back and write-allocate (false: write-through, no allocate)", 0, 0, {}},
      {"l1d.prefetch_degree", KeyType::Int, "0", "lines", "L1 data cache stream prefetcher: a miss, or the first use of a line it prefetched, prefetches the next this many lines of the 4 KiB page when an MSHR is free (0 = off)", 0, 64, {}},
      {"l2.enabled", KeyType::Bool, "true", "-", "a unified L2 between the L1s and DRAM", 0, 0, {}},
      {"l2.size", KeyType::Int, "262144", "bytes", "L2 size", 1024, 268435456, {}},
      {"l2.assoc", KeyType::Int, "8", "ways", "L2 associativity", 1, 64, {}},
      {"l2.line", KeyType::Int, "64", "bytes", "L2 line (power of two, at least the L1 lines)", 4, 512, {}},
      {"l2.hit_latency", KeyType::Int, "10", "cycles", "L2 hit latency", 1, 1000, {}},
      {"l2.mshrs", KeyType::Int, "16", "entries", "L2 outstanding misses", 1, 256, {}},
      {"l2.write_back", KeyType::Bool, "true", "-", "L2: write-back (false: write-through)", 0, 0, {}},
      {"l2.prefetch_degree", KeyType::Int, "0", "lines", "L2 stream prefetcher, as l1d.prefetch_degree (0 = off)", 0, 64, {}},
      {"l2.banks", KeyType::Int, "1", "banks", "L2 banks, line-interleaved (power of two); each starts one access every l2.bank_busy cycles, so accesses to different banks overlap and to one bank queue", 1, 16, {}},
      {"l2.bank_busy", KeyType::Int, "0", "cycles", "cycles one L2 access (or write-back from an L1) holds its bank; later ones to that bank wait, counted as bank conflicts (0 = no limit)", 0, 1000, {}},
      {"dram.latency", KeyType::Int, "100", "cycles", "cached model: DRAM access latency", 1, 100000, {}},
      {"dram.bandwidth", KeyType::Float, "0", "bytes/cycle", "cached model: DRAM channel bandwidth shared by fills and write-backs in arrival order; a line holds it for line / bandwidth cycles and later accesses queue (0 = unlimited)", 0, 1e6, {}},
  };
  return schema;
}

const std::vector<KeyCondition>& key_conditions() {
  static const std::vector<KeyCondition> conditions = [] {
    std::vector<KeyCondition> v = {
        {"sim.warmup", "sim.fast_forward (now off)",
         [](const Config& c) { return c.get_string("sim.fast_forward") != "off"; }},
        {"os.ias_bonus", "os.scheduler = \"ias\"",
         [](const Config& c) { return c.get_string("os.scheduler") == "ias"; }},
        {"sim.check", "a timing model (sim.model is \"iss\", the reference itself)",
         [](const Config& c) { return c.get_string("sim.model") != "iss"; }},
    };
    // The out-of-order core's own keys: the rows whose description starts "o3" (o3: or o3, ...).
    for (const KeySpec& spec : config_schema())
      if (std::strncmp(spec.description, "o3", 2) == 0)
        v.push_back({spec.key, "sim.model = \"o3\"",
                     [](const Config& c) { return c.get_string("sim.model") == "o3"; }});
    return v;
  }();
  return conditions;
}

nlohmann::json config_schema_json() {
  // Defaults come from a Config at its defaults, so they are parsed by the same code as --set.
  const Config defaults;
  nlohmann::json keys = nlohmann::json::array();
  for (const KeySpec& spec : config_schema()) {
    nlohmann::json k = {{"name", spec.key}, {"description", spec.description}};
    k["unit"] = std::strcmp(spec.unit, "-") == 0 ? nlohmann::json() : nlohmann::json(spec.unit);
    switch (spec.type) {
      case KeyType::Int:
        k["type"] = "int";
        k["default"] = defaults.get_int(spec.key);
        // Bounds are doubles in the table; every one fits an int64 exactly (at most 2^62).
        k["min"] = static_cast<int64_t>(spec.min);
        k["max"] = static_cast<int64_t>(spec.max);
        break;
      case KeyType::Float:
        k["type"] = "float";
        k["default"] = defaults.get_float(spec.key);
        k["min"] = spec.min;
        k["max"] = spec.max;
        break;
      case KeyType::Bool:
        k["type"] = "bool";
        k["default"] = defaults.get_bool(spec.key);
        break;
      case KeyType::String:
        k["type"] = "string";
        k["default"] = defaults.get_string(spec.key);
        if (!spec.choices.empty()) k["choices"] = spec.choices;
        break;
    }
    keys.push_back(k);
  }
  return {{"schema_version", kConfigSchemaJsonVersion}, {"keys", keys}};
}

const KeySpec* find_key_spec(const std::string& key) {
  for (const KeySpec& spec : config_schema()) {
    if (key == spec.key) return &spec;
  }
  return nullptr;
}

}  // namespace kasane
