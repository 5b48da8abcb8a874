// See fetch.h.
#include "core/pipeline/fetch.h"

#include <algorithm>
#include <stdexcept>

#include "core/disasm.h"
#include "core/kanata.h"
#include "power/power.h"

namespace kasane {

namespace {
struct PolicyName {
  FetchPolicy policy;
  const char* name;
};
constexpr PolicyName kPolicies[] = {{FetchPolicy::kIcount, "icount"},
                                    {FetchPolicy::kRoundRobin, "round_robin"},
                                    {FetchPolicy::kBrcount, "brcount"},
                                    {FetchPolicy::kMisscount, "misscount"}};
}  // namespace

FetchPolicy parse_fetch_policy(const std::string& name) {
  std::string choices;
  for (const PolicyName& p : kPolicies) {
    if (name == p.name) return p.policy;
    choices += choices.empty() ? "" : ", ";
    choices += p.name;
  }
  throw std::invalid_argument("unknown fetch policy '" + name + "' (" + choices + ")");
}

const char* fetch_policy_name(FetchPolicy p) {
  for (const PolicyName& n : kPolicies)
    if (n.policy == p) return n.name;
  return "?";
}

namespace {
// The policies, one small function each: a smaller key is served first.
unsigned policy_key(FetchPolicy p, const ContextPipe& cp) {
  switch (p) {
    case FetchPolicy::kRoundRobin: return 0;  // only the rotating start decides
    case FetchPolicy::kIcount: return cp.n_fetched + cp.n_decoded;  // fewest in decode/issue
    case FetchPolicy::kBrcount: return cp.n_branches;  // fewest unresolved branches
    case FetchPolicy::kMisscount: return cp.n_misses;  // fewest outstanding d-cache misses
  }
  return 0;
}
}  // namespace

template <typename F, bool kSpeculative>
FetchStage<F, kSpeculative>::FetchStage(PipeState& s, F& f, MemLevel& icache,
                                        BranchPredictor& bp, unsigned line_bytes)
    : s_(s),
      f_(f),
      icache_(icache),
      bp_(bp),
      line_mask_(~(line_bytes - 1)),
      predecoded_(kPredecodeSize) {}

template <typename F, bool kSpeculative>
unsigned FetchStage<F, kSpeculative>::select(uint64_t now,
                                             std::array<unsigned, kMaxContexts>& order) {
  // Parked contexts cannot fetch (and are already unsynced, Pipeline::park).
  unsigned count = 0;
  for_each_active(s_.active, rr_, [&](unsigned c) {
    if (can_fetch(c, now)) order[count++] = c;
    return true;
  });
  if (count <= 1) return std::min(count, s_.cfg.fetch_threads);  // nothing to order
  // Higher priority first, then the policy's key; ties keep the rotating order, so round robin
  // is fair and icount breaks ties by it. An insertion sort: it is stable, allocates nothing,
  // and there are at most kMaxContexts.
  std::array<unsigned, kMaxContexts> prio, key;
  for (unsigned k = 0; k < count; ++k) {
    prio[k] = f_.priority(order[k]);
    key[k] = policy_key(s_.cfg.fetch_policy, s_.ctx[order[k]]);
  }
  for (unsigned k = 1; k < count; ++k) {
    for (unsigned j = k; j > 0; --j) {
      bool before = prio[j] > prio[j - 1] || (prio[j] == prio[j - 1] && key[j] < key[j - 1]);
      if (!before) break;
      std::swap(order[j], order[j - 1]);
      std::swap(prio[j], prio[j - 1]);
      std::swap(key[j], key[j - 1]);
    }
  }
  return std::min(count, s_.cfg.fetch_threads);
}

template <typename F, bool kSpeculative>
void FetchStage<F, kSpeculative>::evaluate(uint64_t now) {
  unsigned budget = s_.cfg.fetch_width;
  std::array<unsigned, kMaxContexts> order;
  const unsigned count = select(now, order);
  for (unsigned k = 0; k < count; ++k) {
    // select() found that c can fetch, and fetching for another context changed nothing of
    // c's: ask again only after c's own fetches, and only what they can change.
    const unsigned c = order[k];
    while (budget > 0) {
      --budget;
      if (!fetch_one(c, now) || budget == 0 || !has_room(s_.ctx[c], now)) break;
    }
  }
  rr_.turn(s_.contexts);
}

template <typename F, bool kSpeculative>
bool FetchStage<F, kSpeculative>::fetch_one(unsigned c, uint64_t now) {
  ContextPipe& cp = s_.ctx[c];
  const uint32_t pc = cp.fetch_pc;
  uint32_t pa = 0, raw = 0;
  bool ok = f_.peek_fetch(c, pc, pa, raw);
  if constexpr (kSpeculative) {
    if (!ok && fallback_) ok = fallback_->word(c, pc, pa, raw);
  }
  // Which block a word is in decides when fetch reads again. With flat memory a seed shifts the
  // block boundaries (fetch_skew, sim.perturb_seed) as moving all code would, so that a figure
  // averaged over seeds does not depend on where a loop happens to sit in its build.
  const uint32_t block = (pa + s_.cfg.fetch_skew) & line_mask_;
  if (ok && block != cp.fetch_line) {
    std::optional<uint64_t> ready = icache_.access(pa & line_mask_, false, now);
    if (s_.power) s_.power->count(PowerEvent::kL1I);
    if (!ready) {  // no MSHR free: try again next cycle
      cp.fetch_stall_until = now + 1;
      return false;
    }
    cp.fetch_line = block;
    // Fetch itself takes a cycle; a slower answer stalls this context until the line arrives.
    if (*ready > now + 1) {
      cp.fetch_stall_until = *ready - 1;
      return false;
    }
  }
  // Every field that decode, issue, execute and writeback read before they write it is set here
  // (the times of the later stages are written by those stages before anything reads them).
  DynInst& d = cp.window.push_back_uncleared();
  d.seq = s_.next_seq++;
  d.trace_id = ~0ull;
  d.pc = pc;
  d.raw = raw;
  d.stage = Stage::kFetched;
  d.fetch_fault = false;
  d.fetched_at = now;
  d.pred_taken = false;  // predict_next sets them for a branch outside a delay slot
  d.pred_target = 0;
  ++cp.n_fetched;
  ++cp.stats.fetched;
  if (s_.power) s_.power->count(PowerEvent::kFetch);
  if (s_.trace && s_.trace->active(now)) trace_fetch(c, d, ok, now);
  if (!ok) {
    // The word cannot be fetched; executing it raises the exception. Nothing follows it.
    d.fetch_fault = true;
    d.info = nullptr;
    d.unit = Unit::system;
    d.branch = false;
    d.nsrc = d.ndst = 0;
    cp.fetch_blocked = true;
    return false;
  }
  // Decoding a word and finding its registers is the same every time: cache it by pc.
  Predecoded& pd = predecoded_[(pc >> 2) & (kPredecodeSize - 1)];
  if (pd.raw != raw || !pd.valid) {
    pd.valid = true;
    pd.raw = raw;
    d.info = f_.decode(pc, raw);
    d.unit = d.info ? d.info->unit : Unit::system;
    d.branch = d.info && (d.info->flags & kF_delay);
    set_dependences(d);
    pd.info = d.info;
    pd.unit = d.unit;
    pd.branch = d.branch;
    pd.regs = d;
  } else {
    d.info = pd.info;
    d.unit = pd.unit;
    d.branch = pd.branch;
    static_cast<DepRegs&>(d) = pd.regs;
  }
  return predict_next(c, d);
}

template <typename F, bool kSpeculative>
void FetchStage<F, kSpeculative>::trace_fetch(unsigned c, DynInst& d, bool ok, uint64_t now) {
  d.trace_id = s_.trace->begin(now, c, d.pc, ok ? disassemble(d.raw, d.pc) : "(fetch fault)");
  s_.trace->stage(now, d.trace_id, "F");
}

template <typename F, bool kSpeculative>
bool FetchStage<F, kSpeculative>::predict_next(unsigned c, DynInst& d) {
  ContextPipe& cp = s_.ctx[c];
  const uint32_t pc = d.pc;
  if (cp.in_slot) {  // d is a delay slot: go where the branch was predicted to go
    cp.in_slot = false;
    cp.fetch_pc = cp.slot_target;
    return cp.slot_target == pc + 4;  // a taken branch ends the fetch group
  }
  cp.fetch_pc = pc + 4;
  if (!d.branch) return true;

  Insn i{d.raw};
  bool taken;
  uint32_t target;
  if (d.info->format == Format::J) {
    taken = true;
    target = ((pc + 4) & 0xf0000000u) | (i.target26() << 2);
  } else if (d.info->format == Format::R) {  // JR, JALR: the BTB knows where they went last
    std::optional<uint32_t> t = bp_.predict_target(c, pc);
    taken = t.has_value();
    target = t.value_or(pc + 8);
  } else {
    target = pc + 4 + (static_cast<uint32_t>(i.simm()) << 2);
    // BEQ r,r and BGEZ(AL) $0 are the unconditional B and BAL.
    bool always = (i.op() == 4 && i.rs() == i.rt()) ||
                  (i.op() == 1 && (i.rt() == 0x01 || i.rt() == 0x11) && i.rs() == 0);
    if constexpr (kSpeculative)
      taken = bp_.predict_speculative(c, pc, always, d.bp_snapshot);
    else
      taken = always || bp_.predict(c, pc);
  }
  d.pred_taken = taken;
  d.pred_target = taken ? target : pc + 8;
  if ((d.info->flags & kF_likely) && !taken) {
    cp.fetch_pc = pc + 8;  // a branch-likely predicted not taken annuls its slot
    return true;
  }
  cp.in_slot = true;
  cp.slot_target = d.pred_target;
  return true;
}

template class FetchStage<FunctionalCore>;
template class FetchStage<IssModel>;
template class FetchStage<FunctionalCore, true>;
template class FetchStage<IssModel, true>;

}  // namespace kasane
