// Writing the instruction trace. A line is fields joined by " : ", so a reader can split it:
//     CYCLE cCORE.tCTX PC SYMBOL+OFF : DISASSEMBLY [: REG=VALUE ...] [: ld|st ADDRESS = VALUE]
//     CYCLE cCORE.tCTX PC SYMBOL+OFF : syscall NUMBER NAME(ARGS)
//     CYCLE cCORE.tCTX PC SYMBOL+OFF : notify EVENT thmb=... arg=... ltn=...
// Values are hexadecimal, cycles decimal.
#include "core/exec_trace.h"

#include <algorithm>
#include <cinttypes>
#include <cstring>
#include <stdexcept>

#include <kasane/sysfuzz_calls.h>  // generated from os/syscalls.tbl: every call's name and arity

#include "core/context.h"

namespace kasane {

ExecTraceFlags parse_exec_trace_flags(const std::string& text) {
  ExecTraceFlags f;
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    const std::string flag = text.substr(start, comma - start);
    if (flag == "exec") f.exec = true;
    else if (flag == "mem") f.mem = true;
    else if (flag == "syscall") f.syscall = true;
    else if (flag == "notify") f.notify = true;
    else
      throw std::invalid_argument("unknown trace flag '" + flag +
                                  "' (expected a comma-separated list of exec, mem, syscall, "
                                  "notify)");
    start = comma + 1;
  }
  return f;
}

ExecTrace::ExecTrace(std::FILE* file, ExecTraceFlags flags, const TraceWindow& window,
                     unsigned core, Symbolizer sym)
    : file_(file),
      flags_(flags),
      window_(window),
      core_(core),
      sym_(std::move(sym)),
      first_(window.first),
      last_(window.last) {
  if (window_.deferred()) {
    waiting_ = true;
    first_ = 1;  // an empty window until its start is seen
    last_ = 0;
  }
}

void ExecTrace::region_marker(uint32_t id, bool begin, uint64_t cycle) {
  if (!window_.region || id != window_.region_id) return;
  if (begin && waiting_) {
    waiting_ = false;
    first_ = cycle;
    last_ = UINT64_MAX;
  } else if (!begin && !waiting_ && last_ == UINT64_MAX) {
    last_ = cycle + std::min(window_.after, UINT64_MAX - cycle);
  }
}

bool ExecTrace::inside(uint64_t cycle) { return cycle >= first_ && cycle <= last_; }

namespace {

// The register a role of the row names, as a GPR number, or -1 for HI/LO/FP ones.
int gpr_of(const InsnInfo& info, Insn i, uint16_t role) {
  switch (role) {
    case kR_rs: return static_cast<int>(info.format == Format::T ? i.t_rs() : i.rs());
    case kR_rt: return static_cast<int>(i.rt());
    case kR_rd: return static_cast<int>(i.rd());
    case kR_ra: return 31;
  }
  return -1;
}

int fpr_of(Insn i, uint16_t role) {
  switch (role) {
    case kR_fs: return static_cast<int>(i.fs());
    case kR_ft: return static_cast<int>(i.ft());
    case kR_fd: return static_cast<int>(i.fd());
    case kR_fr: return static_cast<int>(i.fr());
  }
  return -1;
}

const sysfuzz_call* syscall_row(uint32_t nr) {
  for (const sysfuzz_call& row : sysfuzz_calls)
    if (row.nr == nr) return &row;
  return nullptr;
}

}  // namespace

void ExecTrace::before(const Context& c, uint32_t pc, uint32_t raw, const InsnInfo* info,
                       uint64_t cycle) {
  pending_ = false;
  const bool user = c.cp0.user_mode();
  if (waiting_ && window_.at_symbol && pc == window_.sym_addr) {
    // The first time any context reaches the symbol opens the window.
    waiting_ = false;
    first_ = cycle;
    last_ = cycle + std::min(window_.after, UINT64_MAX - cycle);
  }
  if (c.id >= was_kernel_.size()) was_kernel_.resize(c.id + 1, true);
  const bool entered_user = was_kernel_[c.id] && user;
  was_kernel_[c.id] = !user;
  if (!inside(cycle)) return;
  cycle_ = cycle;
  pc_ = pc;
  raw_ = raw;
  info_ = info;
  if (flags_.notify && entered_user) notify_line(c, pc);
  if (flags_.syscall && info && user && std::strcmp(info->name, "syscall") == 0) syscall_line(c);
  if (!flags_.exec && !flags_.mem) return;
  pending_ = true;
  is_load_ = info && info->unit == Unit::load && info->writes != 0;  // PREF loads nothing
  is_store_ = info && info->unit == Unit::store;
  if (is_load_ || is_store_) {
    const Insn i{raw};
    const bool indexed = i.op() == 19;  // COP1X: base + index register
    va_ = c.gpr[i.rs()] + (indexed ? c.gpr[i.rt()] : static_cast<uint32_t>(i.simm()));
    switch (i.op()) {
      case 0x28: store_value_ = c.gpr[i.rt()] & 0xff; break;    // sb
      case 0x29: store_value_ = c.gpr[i.rt()] & 0xffff; break;  // sh
      case 0x39: case 0x3d: store_value_ = c.fpr[i.rt()]; break;  // swc1, sdc1 (low word)
      case 19: store_value_ = c.fpr[i.fs()]; break;             // swxc1, sdxc1 (low word)
      default: store_value_ = c.gpr[i.rt()];
    }
  }
}

void ExecTrace::after(const Context& c, bool retired) {
  if (!pending_ || !retired) return;
  pending_ = false;
  const bool mem_op = flags_.mem && (is_load_ || is_store_);
  if (!flags_.exec && !mem_op) return;
  std::string line;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%" PRIu64 " c%u.t%u %08" PRIx32 " ", cycle_, core_, c.id, pc_);
  line = buf;
  const std::string where = sym_ ? sym_(pc_) : std::string();
  line += where.empty() ? "?" : where;
  line += " : ";
  line += disassemble(raw_, pc_, sym_);
  if (flags_.exec && info_ && info_->writes) {
    const Insn i{raw_};
    std::string regs;
    for (uint16_t role = 1; role <= kR_fcc; role <<= 1) {
      if (!(info_->writes & role)) continue;
      if (int r = gpr_of(*info_, i, role); r > 0) {
        std::snprintf(buf, sizeof buf, " %s=%08" PRIx32, reg_name(r), c.gpr[r]);
      } else if (role == kR_hi || role == kR_lo) {
        std::snprintf(buf, sizeof buf, " %s=%08" PRIx32, role == kR_hi ? "hi" : "lo",
                      role == kR_hi ? c.hi : c.lo);
      } else if (int f = fpr_of(i, role); f >= 0) {
        std::snprintf(buf, sizeof buf, " f%d=%08" PRIx32, f, c.fpr[f]);
      } else {
        continue;  // $zero, or the condition codes
      }
      regs += buf;
    }
    if (!regs.empty()) line += " :" + regs;
  }
  if (mem_op) {
    uint32_t value = store_value_;
    if (is_load_) {
      const int r = gpr_of(*info_, Insn{raw_}, kR_rt);
      const int f = fpr_of(Insn{raw_}, info_->writes & kR_fd ? kR_fd : kR_ft);
      value = (info_->writes & kR_rt) ? c.gpr[r] : f >= 0 ? c.fpr[f] : 0;
    }
    std::snprintf(buf, sizeof buf, " : %s %08" PRIx32 " = %08" PRIx32, is_load_ ? "ld" : "st",
                  va_, value);
    line += buf;
  }
  line += '\n';
  std::fputs(line.c_str(), file_);
}

// o32: the number in $v0, the first four arguments in $a0..$a3 (the rest on the stack, shown as
// "...": reading guest memory here could fault).
void ExecTrace::syscall_line(const Context& c) {
  const uint32_t nr = c.gpr[2];
  const sysfuzz_call* row = syscall_row(nr);
  const unsigned nargs = row ? row->nargs : 4;
  std::string args;
  char buf[32];
  for (unsigned k = 0; k < nargs && k < 4; ++k) {
    std::snprintf(buf, sizeof buf, "%s0x%" PRIx32, k ? ", " : "", c.gpr[4 + k]);
    args += buf;
  }
  if (nargs > 4) args += ", ...";
  const std::string where = sym_ ? sym_(pc_) : std::string();
  std::fprintf(file_, "%" PRIu64 " c%u.t%u %08" PRIx32 " %s : syscall %" PRIu32 " %s(%s)\n",
               cycle_, core_, c.id, pc_, where.empty() ? "?" : where.c_str(), nr,
               row ? row->name : "unknown", args.c_str());
}

// include/kasane/notify.h's contract: the kernel enters the runtime's upcall from kernel mode with
// $a0 = event, $a1 = ThMB, $a2 = argument, $a3 = LTN, $ra = 0 and $t9 = the entry (its pc). That
// signature on the first user instruction after the kernel is an upcall being delivered.
void ExecTrace::notify_line(const Context& c, uint32_t pc) {
  const uint32_t ev = c.gpr[4];
  if (c.gpr[31] != 0 || c.gpr[25] != pc || ev < 1 || ev > 3 || c.gpr[7] == 0) return;
  static const char* const kEvents[] = {"", "BLOCKED", "UNBLOCKED", "PREEMPTED"};
  const std::string where = sym_ ? sym_(pc) : std::string();
  std::fprintf(file_,
               "%" PRIu64 " c%u.t%u %08" PRIx32 " %s : notify %s thmb=%08" PRIx32
               " arg=%08" PRIx32 " ltn=%" PRIu32 "\n",
               cycle_, core_, c.id, pc, where.empty() ? "?" : where.c_str(), kEvents[ev],
               c.gpr[5], c.gpr[6], c.gpr[7]);
}

}  // namespace kasane
