// Semantics of branches and jumps. All have a delay slot; the -likely forms annul it when not
// taken; the -and-link forms write the return address (pc + 8) whether or not they branch.
#include "core/exec_util.h"

namespace kasane {

void exec_j(Context& c, Insn i) {
  branch_if(c, true, ((c.pc + 4) & 0xf0000000u) | (i.target26() << 2));
}
void exec_jal(Context& c, Insn i) {
  link(c, 31);
  exec_j(c, i);
}
void exec_jr(Context& c, Insn i) { branch_if(c, true, rs(c, i)); }
void exec_jalr(Context& c, Insn i) {
  uint32_t target = rs(c, i);  // read before the link, in case rd == rs
  link(c, i.rd());
  branch_if(c, true, target);
}

void exec_beq(Context& c, Insn i) { branch_if(c, rs(c, i) == rt(c, i), branch_target(c, i)); }
void exec_bne(Context& c, Insn i) { branch_if(c, rs(c, i) != rt(c, i), branch_target(c, i)); }
void exec_blez(Context& c, Insn i) { branch_if(c, srs(c, i) <= 0, branch_target(c, i)); }
void exec_bgtz(Context& c, Insn i) { branch_if(c, srs(c, i) > 0, branch_target(c, i)); }
void exec_bltz(Context& c, Insn i) { branch_if(c, srs(c, i) < 0, branch_target(c, i)); }
void exec_bgez(Context& c, Insn i) { branch_if(c, srs(c, i) >= 0, branch_target(c, i)); }

void exec_beql(Context& c, Insn i) { branch_likely_if(c, rs(c, i) == rt(c, i), branch_target(c, i)); }
void exec_bnel(Context& c, Insn i) { branch_likely_if(c, rs(c, i) != rt(c, i), branch_target(c, i)); }
void exec_blezl(Context& c, Insn i) { branch_likely_if(c, srs(c, i) <= 0, branch_target(c, i)); }
void exec_bgtzl(Context& c, Insn i) { branch_likely_if(c, srs(c, i) > 0, branch_target(c, i)); }
void exec_bltzl(Context& c, Insn i) { branch_likely_if(c, srs(c, i) < 0, branch_target(c, i)); }
void exec_bgezl(Context& c, Insn i) { branch_likely_if(c, srs(c, i) >= 0, branch_target(c, i)); }

namespace {
// The REGIMM -and-link forms: the condition is evaluated before the link, since rs may be $ra,
// and the link is written whether or not the branch is taken.
void branch_and_link(Context& c, Insn i, bool taken, bool likely) {
  link(c, 31);
  if (likely)
    branch_likely_if(c, taken, branch_target(c, i));
  else
    branch_if(c, taken, branch_target(c, i));
}
}  // namespace

void exec_bltzal(Context& c, Insn i) { branch_and_link(c, i, srs(c, i) < 0, false); }
void exec_bgezal(Context& c, Insn i) { branch_and_link(c, i, srs(c, i) >= 0, false); }
void exec_bltzall(Context& c, Insn i) { branch_and_link(c, i, srs(c, i) < 0, true); }
void exec_bgezall(Context& c, Insn i) { branch_and_link(c, i, srs(c, i) >= 0, true); }

}  // namespace kasane
