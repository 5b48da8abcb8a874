// From config keys to the core's timing model: the pipeline's widths, policies, units and
// predictor, the out-of-order core's structures and SMT policies, and the memory hierarchy. The keys and their meaning are in schema.cc.
#include <stdexcept>

#include "mem/perturb.h"
#include "platform/platform.h"

namespace kasane {

namespace {
unsigned u(const Config& c, const char* key) { return static_cast<unsigned>(c.get_int(key)); }

CacheConfig cache(const Config& c, const std::string& name, bool write_back) {
  CacheConfig cc;
  cc.name = name;
  cc.size_bytes = u(c, (name + ".size").c_str());
  cc.assoc = u(c, (name + ".assoc").c_str());
  cc.line_bytes = u(c, (name + ".line").c_str());
  cc.hit_latency = u(c, (name + ".hit_latency").c_str());
  cc.mshrs = u(c, (name + ".mshrs").c_str());
  cc.write_back = write_back;
  return cc;
}
}  // namespace

namespace {
ShareConfig share(const Config& c, const char* entries, const char* prefix) {
  return ShareConfig{u(c, entries),
                     parse_share_policy(c.get_string(std::string(prefix) + ".policy")),
                     u(c, (std::string(prefix) + ".threshold").c_str())};
}

// The out-of-order core: its front end is the pipeline's (t.pipe, filled before).
void o3_timing(const Config& c, CoreTiming& t) {
  O3Config& o = t.o3;
  o.front = t.pipe;
  o.rename_width = u(c, "rename.width");
  o.dispatch_width = u(c, "dispatch.width");
  o.rob = share(c, "rob.entries", "rob");
  o.iq = share(c, "iq.entries", "iq");
  o.lq = share(c, "lsq.load_entries", "lsq");
  o.sq = share(c, "lsq.store_entries", "lsq");
  o.int_regs = u(c, "rename.int_regs");
  o.fp_regs = u(c, "rename.fp_regs");
  o.forward_latency = u(c, "lsq.forward_latency");
  o.mem_dep = parse_mem_dep(c.get_string("lsq.mem_dep"));
  o.ssit_entries = u(c, "lsq.ssit_entries");
  o.long_latency = parse_long_latency(c.get_string("fetch.long_latency"));
  o.commit = parse_commit_policy(c.get_string("retire.policy"));
  // What counts as a miss: data later than an L1 hit, and later than an L2 hit after it.
  const bool cached = c.get_string("memory.model") == "cached";
  o.l1_hit_latency = cached ? u(c, "l1d.hit_latency") : u(c, "memory.latency");
  o.l2_hit_latency = o.l1_hit_latency +
                     (cached && c.get_bool("l2.enabled") ? u(c, "l2.hit_latency") : 0);
}
}  // namespace

CoreTiming core_timing(const Config& c, const TraceOptions& trace) {
  CoreTiming t;
  t.model = parse_model(c.get_string("sim.model"));
  PipelineConfig& p = t.pipe;
  p.fetch_width = u(c, "fetch.width");
  p.fetch_threads = u(c, "fetch.threads_per_cycle");
  p.fetch_queue = u(c, "fetch.queue");
  p.fetch_policy = parse_fetch_policy(c.get_string("fetch.policy"));
  p.decode_width = u(c, "decode.width");
  p.issue_width = u(c, "issue.width");
  p.issue_queue = u(c, "issue.queue");
  p.inflight = u(c, "issue.inflight");
  p.retire_width = u(c, "retire.width");
  p.fu.alu = {u(c, "fu.alu.count"), u(c, "fu.alu.latency"), c.get_bool("fu.alu.pipelined")};
  p.fu.muldiv = {u(c, "fu.muldiv.count"), u(c, "fu.muldiv.mul_latency"),
                 c.get_bool("fu.muldiv.pipelined")};
  p.fu.div_latency = u(c, "fu.muldiv.div_latency");
  p.fu.mem = {u(c, "fu.mem.count"), u(c, "fu.mem.latency"), true};
  p.fu.branch = {u(c, "fu.branch.count"), u(c, "fu.branch.latency"), true};
  p.fu.fpadd = {u(c, "fu.fpadd.count"), u(c, "fu.fpadd.latency"), c.get_bool("fu.fpadd.pipelined")};
  p.fu.fpmul = {u(c, "fu.fpmul.count"), u(c, "fu.fpmul.latency"), c.get_bool("fu.fpmul.pipelined")};
  p.fu.fpdiv = {u(c, "fu.fpdiv.count"), u(c, "fu.fpdiv.div_latency"),
                c.get_bool("fu.fpdiv.pipelined")};
  p.fu.fp_sqrt_latency = u(c, "fu.fpdiv.sqrt_latency");
  p.bpred.kind = parse_predictor(c.get_string("bpred.kind"));
  p.bpred.table_entries = u(c, "bpred.table_entries");
  p.bpred.history_bits = u(c, "bpred.history_bits");
  p.bpred.btb_entries = u(c, "bpred.btb_entries");
  p.check = c.get_bool("sim.check");
  p.keep_fetch_on_sleep = c.get_bool("thread.keep_fetch_on_sleep");
  if (t.model != ModelKind::kO3 && (p.fetch_policy == FetchPolicy::kBrcount ||
                                    p.fetch_policy == FetchPolicy::kMisscount))
    throw std::invalid_argument("fetch.policy = " + c.get_string("fetch.policy") +
                                " needs sim.model = o3 (only it counts unresolved branches "
                                "and outstanding misses per context)");
  t.idle_skip = c.get_bool("sim.idle_skip");
  o3_timing(c, t);

  HierarchyConfig& m = t.memory;
  m.model = c.get_string("memory.model");
  m.memory_latency = u(c, "memory.latency");
  m.memory_ports = u(c, "memory.ports");
  m.l1i = cache(c, "l1i", true);
  m.l1d = cache(c, "l1d", c.get_bool("l1d.write_back"));
  m.l2_enabled = c.get_bool("l2.enabled");
  m.l2 = cache(c, "l2", c.get_bool("l2.write_back"));
  m.l1d.prefetch_degree = u(c, "l1d.prefetch_degree");
  m.l2.prefetch_degree = u(c, "l2.prefetch_degree");
  m.l2_banks.banks = u(c, "l2.banks");
  m.l2_banks.busy = u(c, "l2.bank_busy");
  m.dram_latency = u(c, "dram.latency");
  m.dram_bandwidth = c.get_float("dram.bandwidth");
  m.perturb_seed = static_cast<uint64_t>(c.get_int("sim.perturb_seed"));
  m.perturb_max = u(c, "sim.perturb_max");
  m.coherence.bus_cycles = u(c, "memory.coherence.bus_cycles");
  m.coherence.snoop_latency = u(c, "memory.coherence.snoop_latency");
  m.coherence.intervention_latency = u(c, "memory.coherence.intervention_latency");
  m.coherence.upgrade_latency = u(c, "memory.coherence.upgrade_latency");

  PowerConfig& pw = t.power;
  for (size_t e = 0; e < kPowerEventCount; ++e)
    pw.energy_pj[e] = c.get_float(std::string("power.") +
                                  power_event_name(static_cast<PowerEvent>(e)) + "_pj");
  for (size_t st = 0; st < kContextPowerStateCount; ++st)
    pw.context_static_mw[st] = c.get_float(
        std::string("power.static_") + context_power_state_name(static_cast<ContextPowerState>(st)) +
        "_mw");
  pw.core_active_static_mw = c.get_float("power.core_active_mw");
  pw.core_idle_static_mw = c.get_float("power.core_idle_mw");
  pw.leakage_temp_coeff = c.get_float("power.leakage_coeff");
  pw.leakage_ref_temp_c = c.get_float("power.leakage_ref_c");
  ThermalConfig& th = t.thermal;
  th.r_die_spreader = c.get_float("thermal.r_die_spreader");
  th.c_die = c.get_float("thermal.c_die");
  th.r_spreader_ambient = c.get_float("thermal.r_spreader_ambient");
  th.c_spreader = c.get_float("thermal.c_spreader");
  th.ambient_c = c.get_float("thermal.ambient_c");
  th.interval_cycles = static_cast<uint64_t>(c.get_int("thermal.interval"));
  th.clock_ghz = c.get_float("core.clock_ghz");
  t.thermal_layout = parse_package_layout(c.get_string("thermal.layout"));
  t.thermal_lateral_r = c.get_float("thermal.lateral_r");

  t.fetch_block = u(c, "fetch.block");
  if (m.model != "cached") t.pipe.fetch_skew = fetch_skew(m.perturb_seed, t.fetch_block);
  t.trace_file = trace.file;
  t.trace_window = trace.window;
  t.exec_trace_file = trace.exec_file;
  t.exec_trace_flags = trace.exec_flags;
  t.symbolize = trace.symbolize;
  t.kcov = trace.kcov;
  t.ff = parse_fast_forward(c.get_string("sim.fast_forward"),
                            static_cast<uint64_t>(c.get_int("sim.warmup")));
  t.ff.back_after_roi = c.get_string("sim.after_roi") == "iss";
  if (t.ff.back_after_roi && !t.ff.on())
    throw std::invalid_argument("sim.after_roi = iss needs sim.fast_forward (roi or a count)");
  if (t.ff.on() && t.model == ModelKind::kIss)
    throw std::invalid_argument("sim.fast_forward needs a timing model, sim.model = pipeline or "
                                "o3 (the ISS is what it fast-forwards with)");
  // Both would take the ISS's one StepWatcher slot.
  if (t.ff.on() && t.kcov)
    throw std::invalid_argument("--kcov cannot be used with sim.fast_forward");
  if (t.ff.on() && c.get_int("platform.cores") > 1)
    throw std::invalid_argument("sim.fast_forward works with platform.cores = 1 only for now");
  return t;
}

}  // namespace kasane
