// See issue_queue.h.
#include "core/o3/issue_queue.h"

#include <utility>

namespace kasane {

void IssueQueue::insert(O3Inst* d) {
  cap_.take(d->thread);
  d->in_iq = true;
  // Contexts dispatch in their own program order but not in fetch order among themselves: the
  // new entry goes after the last older one (nearly always the end).
  entries_.push_back(Entry{d->seq, d, Rename::kNotReady});
  for (size_t k = entries_.size() - 1; k > 0 && entries_[k - 1].seq > d->seq; --k)
    std::swap(entries_[k], entries_[k - 1]);
}

void IssueQueue::squash(unsigned c, uint64_t from) {
  size_t out = 0;
  for (Entry& e : entries_) {
    if (e.inst->thread == c && e.seq >= from) {
      e.inst->in_iq = false;
      cap_.give(c);
      continue;
    }
    entries_[out++] = e;
  }
  entries_.resize(out);
}

}  // namespace kasane
