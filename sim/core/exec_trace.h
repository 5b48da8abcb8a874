// The instruction trace (--trace exec,mem,syscall,notify --trace-file FILE), in the spirit of
// gem5's Exec debug flag: one line per instruction the ISS retires, with the cycle, core,
// context, pc, symbol+offset, disassembly and the registers it wrote; with `mem` the address and
// value of each load and store; with `syscall` a line per system call (number, name from the
// table generated from os/syscalls.tbl, arguments); with `notify` a line per kernel notification
// upcall entered. The ISS calls it around each step, so both models trace the same stream.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/disasm.h"
#include "core/insn.h"
#include "core/kanata.h"

namespace kasane {

struct Context;

// Which categories --trace names.
struct ExecTraceFlags {
  bool exec = false, mem = false, syscall = false, notify = false;
  bool any() const { return exec || mem || syscall || notify; }
};
// "exec,mem,syscall,notify" in any order and subset; throws std::invalid_argument naming the
// unknown flag and the known ones.
ExecTraceFlags parse_exec_trace_flags(const std::string& text);

class ExecTrace {
 public:
  // Writes to `file` (its owner closes it) for core `core`; `sym` turns an address into
  // "symbol+0x10" (or "" if none covers it). The window is --trace-window's: cycles, a region of
  // interest or a symbol (window.symbol, resolved to window.sym_addr); its BEFORE margin applies
  // to the pipeline trace only, since this trace is written as instructions retire.
  ExecTrace(std::FILE* file, ExecTraceFlags flags, const TraceWindow& window, unsigned core,
            Symbolizer sym);

  // Around one step of the ISS on context c, at `cycle`: `before` sees the registers the
  // instruction reads, `after` those it wrote; `retired` is false when it raised an exception.
  void before(const Context& c, uint32_t pc, uint32_t raw, const InsnInfo* info, uint64_t cycle);
  void after(const Context& c, bool retired);

  // Sim-control's region markers, for a roi window.
  void region_marker(uint32_t id, bool begin, uint64_t cycle);
  // The window waited for a region or symbol that never came.
  bool window_missed() const { return waiting_; }

 private:
  bool inside(uint64_t cycle);  // opens and closes the window as cycles pass
  void notify_line(const Context& c, uint32_t pc);
  void syscall_line(const Context& c);

  std::FILE* file_;
  ExecTraceFlags flags_;
  TraceWindow window_;
  unsigned core_;
  Symbolizer sym_;
  uint64_t first_, last_;
  bool waiting_ = false;
  // The instruction between before() and after(), if it is traced.
  bool pending_ = false;
  uint64_t cycle_ = 0;
  uint32_t pc_ = 0, raw_ = 0;
  const InsnInfo* info_ = nullptr;
  bool is_load_ = false, is_store_ = false;
  uint32_t va_ = 0, store_value_ = 0;
  std::vector<bool> was_kernel_;  // per context: the last step ran in kernel mode
};

}  // namespace kasane
