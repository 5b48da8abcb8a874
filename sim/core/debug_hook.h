// The one place a debugger reaches into a core: called before each instruction a context
// executes, in either model (the pipeline executes through Iss::step when an instruction
// issues), so breakpoints, watchpoints and single steps stop at instruction boundaries of the
// functional execution. A hook that blocks holds the whole machine: no cycle passes meanwhile.
#pragma once

namespace kasane {

struct Context;

class DebugHook {
 public:
  virtual ~DebugHook() = default;
  // Context `c` is about to execute the instruction at c.pc (no interrupt was taken first).
  virtual void before_step(Context& c) = 0;
};

}  // namespace kasane
