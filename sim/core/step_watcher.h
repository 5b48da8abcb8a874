// Something that follows every instruction the ISS executes, in either model: the warm-up of the
// fast-forward (core/warmer.h) sees each instruction's fetch, data access and branch outcome.
// Called around Iss::step's execution, after an interrupt was taken or not; `after` is not called
// when the fetch itself faulted (nothing executed).
#pragma once

#include <cstdint>

namespace kasane {

struct Context;
struct InsnInfo;

class StepWatcher {
 public:
  virtual ~StepWatcher() = default;
  // Context c is about to execute `raw` at `pc` (info: its table row, or null if reserved); the
  // registers are still those the instruction reads.
  virtual void before(const Context& c, uint32_t pc, uint32_t raw, const InsnInfo* info) = 0;
  // It executed; `retired` is false if it raised an exception. c.branch_pending and
  // c.branch_target say where a branch goes after its delay slot.
  virtual void after(const Context& c, bool retired) = 0;
};

}  // namespace kasane
