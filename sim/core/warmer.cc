// See warmer.h.
#include "core/warmer.h"

#include <algorithm>

namespace kasane {

Warmer::Warmer(Iss& iss, MemLevel& icache, MemLevel& dcache, BranchPredictor& bp,
               unsigned line_bytes, uint64_t ring)
    : iss_(iss),
      icache_(icache),
      dcache_(dcache),
      bp_(bp),
      line_mask_(~(line_bytes - 1)),
      capacity_(ring),
      last_line_(iss.num_contexts(), ~0u) {}

void Warmer::before(const Context& c, uint32_t pc, uint32_t raw, const InsnInfo* info) {
  cur_ = Record{};
  cur_.pc = pc;
  cur_.ctx = static_cast<uint8_t>(c.id);
  info_ = info;
  if (iss_.peek_pa(c, pc, Access::kFetch, cur_.ipa)) cur_.flags |= kFetch;
  if (!info || (info->unit != Unit::load && info->unit != Unit::store)) return;
  // The memory stage's address: base plus offset, or plus an index register for COP1X.
  const Insn i{raw};
  const uint32_t va =
      c.gpr[i.rs()] + (i.op() == 19 ? c.gpr[i.rt()] : static_cast<uint32_t>(i.simm()));
  const bool store = info->unit == Unit::store;
  if (!iss_.peek_data_pa(c, va, store, cur_.dpa)) return;  // it faults: no access
  cur_.flags |= store ? kStore : info->writes == 0 ? kPref : kLoad;
}

void Warmer::after(const Context& c, bool retired) {
  if (retired && info_ && (info_->flags & kF_delay)) {
    if (info_->format == Format::I) {
      cur_.flags |= kCond | (c.branch_pending ? kTaken : 0);
    } else if (info_->format == Format::R) {
      cur_.flags |= kIndirect;
      cur_.target = c.branch_target;
    }
  }
  if (!capacity_) {
    apply(cur_);
    return;
  }
  if (ring_.size() < capacity_) {
    ring_.push_back(cur_);
    head_ = ring_.size() % capacity_;
    wrapped_ = head_ == 0;
    return;
  }
  ring_[head_] = cur_;
  head_ = (head_ + 1) % capacity_;
  wrapped_ = true;
}

void Warmer::flush() {
  if (!capacity_) return;
  std::fill(last_line_.begin(), last_line_.end(), ~0u);
  const size_t n = ring_.size(), first = wrapped_ ? head_ : 0;
  for (size_t k = 0; k < n; ++k) apply(ring_[(first + k) % n]);
  ring_.clear();
  ring_.shrink_to_fit();
  head_ = 0;
  wrapped_ = false;
}

// What the pipeline does with the instruction, in its order: fetch, the memory stage, then the
// branch resolving in execute (ExecuteStage::score_branch trains the same way).
void Warmer::apply(const Record& r) {
  if (r.flags & kFetch) {
    const uint32_t line = r.ipa & line_mask_;
    if (line != last_line_[r.ctx]) {
      icache_.warm(line, false);
      last_line_[r.ctx] = line;
    }
  }
  if (r.flags & kPref) {
    dcache_.warm(r.dpa, false);
  } else if (r.flags & (kLoad | kStore)) {
    dcache_.warm(r.dpa, (r.flags & kStore) != 0);
  }
  if (r.flags & kCond) bp_.update(r.ctx, r.pc, (r.flags & kTaken) != 0);
  if (r.flags & kIndirect) bp_.update_target(r.ctx, r.pc, r.target);
  ++warmed_;
}

}  // namespace kasane
