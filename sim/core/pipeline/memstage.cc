// See memstage.h.
#include "core/pipeline/memstage.h"

namespace kasane {

template <typename F>
typename MemoryStage<F>::Claim MemoryStage<F>::claim(unsigned c, const DynInst& d,
                                                     uint64_t now) {
  Claim r;
  Insn i{d.raw};
  // In-order issue within a context: every older instruction has executed, so the base register
  // holds its architectural value.
  // COP1X (LWXC1 and friends) adds an index register instead of an offset.
  const uint32_t va = f_.reg(c, i.rs()) + (i.op() == 19 ? f_.reg(c, i.rt())
                                                        : static_cast<uint32_t>(i.simm()));
  const bool store = d.info->unit == Unit::store;
  uint32_t pa;
  if (!f_.peek_pa(c, va, store, pa)) return r;
  if (d.info->unit == Unit::load && d.info->writes == 0) {  // PREF: no data to wait for, but
    r.accepted = dcache_.prefetch_or_wait(pa, now);        // it needs an MSHR to start its fill
    return r;
  }
  std::optional<uint64_t> ready = dcache_.access(pa, store, now);
  if (!ready) {
    r.accepted = false;
    return r;
  }
  ++accesses_;
  r.ready_at = *ready;
  return r;
}

template class MemoryStage<FunctionalCore>;
template class MemoryStage<IssModel>;

}  // namespace kasane
