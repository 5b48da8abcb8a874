// libFuzzer target: the timing models (the in-order pipeline and the out-of-order core) against
// the ISS alone. The input is up to 64
// instruction words, placed at 0x80001000 (kseg0) in a small flat RAM whose exception vectors
// (EBase 0x80000000 + 0x000, 0x180, 0x200) store Cause at 0x80000800 and WAIT in a loop, so an
// exception ends a program harmlessly; after the program come a WAIT loop, so that running off
// its end stops it too. The GPRs start with small numbers and addresses in kseg0, kseg1 and kuseg
// so that loads and stores reach RAM or fault; Status.CU1 is set and the FP registers hold
// ordinary numbers, zeros, infinities, NaNs and denormals, so that FPU words execute. Two
// identical machines run it:
//  (a) an ISS alone, stepped up to kMaxSteps times while its context runs;
//  (b) a second ISS driven by the Pipeline (flat memory of latency 1, reference check on);
//  (c) a third driven by the out-of-order core (sim.model = o3), with a small window so that
//      its structures fill, the tournament predictor and no memory-dependence predictor, so
//      that mispredicts, wrong paths, exceptions in delay slots and memory-order violations
//      (with their replays) all happen.
// Since both give instructions their meaning by calling Iss::step (the pipeline when an
// instruction issues, o3 when it dispatches), each must make exactly the steps (a) made, at the
// same pcs; right after its last one the architectural state (GPRs, HI/LO, FPRs, FCSR, pc, CP0
// Status/Cause/EPC/BadVAddr, instret, context state) and RAM must equal (a)'s. Each must then
// retire what (a) retired within a cycle cap, and its reference check must never fail. Words whose result depends on the cycle count (the
// two models' clocks differ by design) become NOPs: MFC0 Count/Random, RDHWR CC, TLBWR; and a
// program that overwrites instructions it executes (self-modifying code) is included.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "core/cp0.h"
#include "core/decoder.h"
#include "core/disasm.h"
#include "core/iss.h"
#include "core/o3/o3_core.h"
#include "core/pipeline/functional.h"
#include "core/pipeline/pipeline.h"
#include "mem/hierarchy.h"

namespace {

using namespace kasane;

constexpr uint32_t kRamBytes = 256u << 10;  // physical 0..256 KiB; anything else is a bus error
constexpr uint32_t kEntry = 0x80001000u;    // the program (pa 0x1000)
constexpr uint32_t kMarkerOffset = 0x800;   // the vectors store Cause at EBase + 0x800
constexpr size_t kMaxWords = 64;
constexpr unsigned kMaxSteps = 400;
constexpr unsigned kLineBytes = 32;

class FlatRam : public PhysMemory {
 public:
  FlatRam() : ram_(kRamBytes, 0) {}
  uint8_t* ram_page(uint32_t ppn) override {
    return ppn < (kRamBytes >> 12) ? ram_.data() + (static_cast<size_t>(ppn) << 12) : nullptr;
  }
  bool io(uint32_t, unsigned, bool, uint32_t&) override { return false; }  // no devices
  void write32(uint32_t pa, uint32_t v) { std::memcpy(ram_.data() + pa, &v, 4); }
  uint32_t read32(uint32_t pa) const {
    uint32_t v;
    std::memcpy(&v, ram_.data() + pa, 4);
    return v;
  }
  const std::vector<uint8_t>& bytes() const { return ram_; }

 private:
  std::vector<uint8_t> ram_;
};

// The exception handler placed at every vector: store Cause, then WAIT forever (WAIT returns at
// once if an interrupt is pending, hence the loop; with EXL set none is taken).
constexpr uint32_t kHandler[] = {
    0x3c1a8000u,                  // lui   k0, 0x8000
    0x401b6800u,                  // mfc0  k1, Cause
    0xaf5b0000u | kMarkerOffset,  // sw    k1, 0x800(k0)
    0x42000020u,                  // wait
    0x1000fffeu,                  // b     wait
    0x00000000u,                  // nop
};

// After the program: stop (as the handler does, minus the store).
constexpr uint32_t kEnd[] = {0x42000020u, 0x1000fffeu, 0x00000000u};  // wait; b wait; nop

// Initial GPRs: small numbers (t0-t7, negative ones too), data addresses in RAM through kseg0
// (s0-s7, sp, gp) and addresses that go through kseg1, the TLB (kuseg) or hit nothing (a0-a3).
constexpr uint32_t kInitialGpr[32] = {
    0,           1,           2,           3,                               // zero at v0 v1
    0x80020000u, 0xa0020004u, 0x00400000u, 0x7ffffffcu,                     // a0-a3
    1,           2,           3,           0xffffffffu,                     // t0-t3
    0x80000000u, 31,          0x7fffffffu, 0x10,                            // t4-t7
    0x80010000u, 0x80010040u, 0x80010080u, 0x800100c0u,                     // s0-s3
    0x80010100u, 0x80010140u, 0x80010180u, 0x800101c0u,                     // s4-s7
    0xfffffffeu, 0x12345678u, 0,           0,                               // t8 t9 k0 k1
    0x80018000u, 0x80030000u, 0x80030000u, 0x80001000u};                    // gp sp fp ra

// Initial FPRs, as pairs (low word, high word) so that a double in $f2n is one of them too:
// 1.0f / 2.5 (double), -0.0, infinity, a quiet and a signalling NaN (legacy encoding), the
// smallest denormal, FLT_MAX, 1/3.
constexpr uint32_t kInitialFpr[32] = {
    0x3f800000u, 0x40040000u, 0x00000000u, 0x80000000u, 0x00000000u, 0x7ff00000u,
    0x7f800001u, 0x7ff00000u, 0x7fc00000u, 0x7ff80000u, 0x00000001u, 0x00000000u,
    0x7f7fffffu, 0x7fefffffu, 0x3eaaaaabu, 0x3fd55555u, 0xbf800000u, 0xc0000000u,
    0x00800000u, 0x00100000u, 0x4f000000u, 0x41e00000u, 0xcf000000u, 0xc1e00000u,
    0x3f000000u, 0x3fe00000u, 0x40400000u, 0x40080000u, 0x00000000u, 0x00000000u,
    0x12345678u, 0x9abcdef0u};

// True for a word whose result depends on the cycle count.
bool cycle_dependent(uint32_t raw) {
  const InsnInfo* info = decode_exec(raw);
  if (!info) return false;
  const std::string name = info->name;
  const Insn i{raw};
  if (name == "mfc0") return i.sel() == 0 && (i.rd() == cp0::kCount || i.rd() == cp0::kRandom);
  if (name == "rdhwr") return i.rd() == 2;
  return name == "tlbwr";
}

struct Machine {
  explicit Machine(const std::vector<uint32_t>& program) : iss(IssConfig{}, ram) {
    for (uint32_t vec : {0x000u, 0x180u, 0x200u})
      for (size_t k = 0; k < sizeof kHandler / 4; ++k) ram.write32(vec + 4 * k, kHandler[k]);
    for (size_t k = 0; k < program.size(); ++k) ram.write32(0x1000 + 4 * k, program[k]);
    for (size_t k = 0; k < sizeof kEnd / 4; ++k)
      ram.write32(0x1000 + 4 * (program.size() + k), kEnd[k]);
    iss.reset(kEntry, 0, 0);
    for (unsigned r = 0; r < 32; ++r) iss.context(0).gpr[r] = kInitialGpr[r];
    for (unsigned r = 0; r < 32; ++r) iss.context(0).fpr[r] = kInitialFpr[r];
    iss.context(0).cp0.status &= ~cp0::kStatusBEV;  // vectors at EBase, in RAM
    iss.context(0).cp0.status |= cp0::kStatusCU1;   // the FPU is usable
  }
  FlatRam ram;  // before iss, which keeps a reference to it
  Iss iss;
};

struct ArchState {
  std::array<uint32_t, 32> gpr, fpr;
  uint32_t fcsr, hi, lo, pc, status, cause, epc, badvaddr;
  uint64_t instret;
  ContextState state;
};

ArchState capture(const Context& c) {
  return ArchState{c.gpr,     c.fpr,          c.fcsr,    c.hi,    c.lo,
                   c.pc,      c.cp0.status,   c.cp0.cause, c.cp0.epc, c.cp0.badvaddr,
                   c.instret, c.state};
}

std::string describe(const ArchState& s) {
  char buf[160];
  std::string out;
  std::snprintf(buf, sizeof buf,
                "pc=%08x hi=%08x lo=%08x fcsr=%08x status=%08x cause=%08x epc=%08x "
                "badvaddr=%08x instret=%llu state=%s\n",
                s.pc, s.hi, s.lo, s.fcsr, s.status, s.cause, s.epc, s.badvaddr,
                static_cast<unsigned long long>(s.instret), context_state_name(s.state));
  out += buf;
  for (unsigned r = 0; r < 32; ++r) {
    std::snprintf(buf, sizeof buf, "%s=%08x%s", reg_name(r), s.gpr[r], r % 8 == 7 ? "\n" : " ");
    out += buf;
  }
  for (unsigned r = 0; r < 32; ++r) {
    std::snprintf(buf, sizeof buf, "f%u=%08x%s", r, s.fpr[r], r % 8 == 7 ? "\n" : " ");
    out += buf;
  }
  return out;
}

bool same(const ArchState& a, const ArchState& b) {
  return a.gpr == b.gpr && a.fpr == b.fpr && a.fcsr == b.fcsr && a.hi == b.hi && a.lo == b.lo && a.pc == b.pc && a.status == b.status &&
         a.cause == b.cause && a.epc == b.epc && a.badvaddr == b.badvaddr &&
         a.instret == b.instret && a.state == b.state;
}

[[noreturn]] void fail(const std::vector<uint32_t>& program, const std::string& what) {
  std::fprintf(stderr, "fuzz_iss_vs_pipeline: %s\nprogram:\n", what.c_str());
  for (size_t k = 0; k < program.size(); ++k) {
    const uint32_t pc = kEntry + 4 * static_cast<uint32_t>(k);
    std::fprintf(stderr, "  %08x: %08x  %s\n", pc, program[k], disassemble(program[k], pc).c_str());
  }
  std::abort();
}

// IssCore that follows (a)'s trace: before each step the context must be at the pc (a) stepped
// at; right after the last step of the trace it records the state and RAM.
class TracedCore : public IssCore {
 public:
  TracedCore(Iss& iss, const FlatRam& ram, const std::vector<uint32_t>& trace)
      : IssCore(iss), iss_(iss), ram_(ram), trace_(trace) {}
  ExecResult execute(unsigned ctx, uint64_t cycle) override {
    const uint32_t pc = iss_.context(ctx).pc;
    if (steps < trace_.size() && pc != trace_[steps] && diverged.empty()) {
      char buf[120];
      std::snprintf(buf, sizeof buf, "step %zu: the pipeline executes pc %08x, the ISS %08x",
                    steps, pc, trace_[steps]);
      diverged = buf;
    }
    ExecResult r = IssCore::execute(ctx, cycle);
    if (++steps == trace_.size()) {
      at_end = capture(iss_.context(0));
      ram_at_end = ram_.bytes();
    }
    return r;
  }
  size_t steps = 0;
  std::string diverged;
  ArchState at_end{};
  std::vector<uint8_t> ram_at_end;

 private:
  Iss& iss_;
  const FlatRam& ram_;
  const std::vector<uint32_t>& trace_;
};

// Run `model` (over `core`, on machine `m`) until it has made (a)'s steps and retired what (a)
// retired, or goes quiet, or a cycle cap; then hold it to (a).
template <typename Model, typename Retired>
void check_model(const char* name, const std::vector<uint32_t>& program, const Machine& a,
                 const ArchState& want, const std::vector<uint32_t>& trace, Machine& m,
                 TracedCore& core, Model& model, Retired retired) {
  const std::string who = name;
  const uint64_t cap = 64ull * kMaxSteps + 2000;
  uint64_t now = 0;
  bool quiescent = false;
  while (now < cap) {
    if (core.steps >= trace.size() && retired() >= want.instret) break;
    m.iss.set_cycle(now);
    if ((quiescent = model.quiescent())) break;
    model.tick(now++);
  }
  if (!core.diverged.empty()) fail(program, who + ": " + core.diverged);
  if (core.steps < trace.size()) {
    fail(program, who + " executed " + std::to_string(core.steps) + " of the ISS's " +
                      std::to_string(trace.size()) + " steps in " + std::to_string(now) +
                      " cycles" + (quiescent ? " and went quiet" : ""));
  }
  if (!trace.empty() && !same(core.at_end, want)) {
    fail(program, who + ": architectural state differs after " + std::to_string(trace.size()) +
                      " steps\nISS alone:\n" + describe(want) + "through " + who + ":\n" +
                      describe(core.at_end));
  }
  if (!trace.empty() && core.ram_at_end != a.ram.bytes())
    fail(program, who + ": RAM differs after " + std::to_string(trace.size()) + " steps");
  if (retired() < want.instret) {
    fail(program, who + " retired " + std::to_string(retired()) + " instructions in " +
                      std::to_string(now) + " cycles, the ISS " + std::to_string(want.instret));
  }
  if (quiescent && retired() != m.iss.context(0).instret) {
    fail(program, who + ", quiescent, retired " + std::to_string(retired()) +
                      ", its ISS executed " + std::to_string(m.iss.context(0).instret));
  }
  if (model.check_failures() != 0)
    fail(program, who + ": reference check failed: " + model.first_check_failure());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<uint32_t> program(std::min(size / 4, kMaxWords));
  for (size_t k = 0; k < program.size(); ++k) {
    std::memcpy(&program[k], data + 4 * k, 4);
    if (cycle_dependent(program[k])) program[k] = 0;
  }

  // (a) The ISS alone, one step per cycle as Iss::run does it.
  Machine a(program);
  std::vector<uint32_t> trace, words, pas;
  for (unsigned k = 0; k < kMaxSteps; ++k) {
    Context& c = a.iss.context(0);
    if (c.state != ContextState::kRunning) break;
    if (c.wake_at > a.iss.cycle()) a.iss.set_cycle(c.wake_at);
    uint32_t pa = ~0u, raw = 0;
    if (!a.iss.peek_fetch(c, c.pc, pa, raw)) pa = ~0u;
    trace.push_back(c.pc);
    words.push_back(raw);
    pas.push_back(pa);
    a.iss.step(c);
    a.iss.set_cycle(a.iss.cycle() + 1);
  }
  const ArchState want = capture(a.iss.context(0));
  // Self-modifying code is in scope: both models refetch an instruction whose word a store
  // changed after it was fetched, so they execute what the ISS executes.
  HierarchyConfig hcfg;
  hcfg.model = "flat";
  hcfg.memory_latency = 1;

  // (b) The same program through the pipeline.
  {
    Machine b(program);
    PipelineConfig cfg;
    cfg.check = true;
    MemoryHierarchy mem(hcfg);
    TracedCore core(b.iss, b.ram, trace);
    Pipeline pipe(cfg, core, mem.inst(), mem.data(), kLineBytes);
    check_model("pipeline", program, a, want, trace, b, core, pipe,
                [&] { return pipe.stats(0).retired; });
  }
  // (c) Through the out-of-order core.
  {
    Machine c(program);
    O3Config cfg;
    cfg.front.check = true;
    cfg.front.bpred = PredictorConfig{PredictorKind::kTournament, 256, 6, 16};
    cfg.rob = ShareConfig{16};
    cfg.iq = ShareConfig{8};
    cfg.lq = cfg.sq = ShareConfig{4};
    cfg.int_regs = cfg.fp_regs = 8;
    cfg.mem_dep = MemDepPolicy::kNone;
    MemoryHierarchy mem(hcfg);
    TracedCore core(c.iss, c.ram, trace);
    O3Core<FunctionalCore> o3(cfg, core, mem.inst(), mem.data(), kLineBytes);
    check_model("o3", program, a, want, trace, c, core, o3, [&] {
      CounterSet n;
      o3.counters(n);
      return n.count("ctx.0.retired");
    });
  }
  return 0;
}
