// The FPU's shared machinery (see fpu.h): the host rounding mode around an operation, the end of
// an arithmetic operation (Cause, Flags, the Floating-Point exception), and the FP control
// registers that CFC1/CTC1 reach.
#include "core/fpu.h"

#include <cfenv>

namespace kasane::fpu {

namespace {
constexpr int kHostMode[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
constexpr uint32_t kCauseBits = 0x3fu << kCauseShift;
constexpr uint32_t kFlagBits = 0x1fu << kFlagShift;
constexpr uint32_t kEnableBits = 0x1fu << kEnableShift;

// Cause has one more bit (Unimplemented) than Enables, which is always enabled.
bool exception_due(uint32_t fcsr) {
  const uint32_t enabled = ((fcsr & kEnableBits) >> kEnableShift) | kUnimplemented;
  return ((fcsr & kCauseBits) >> kCauseShift) & enabled;
}
}  // namespace

HostRounding::HostRounding(const Context& c) : saved_(std::fegetround()) {
  std::fesetround(kHostMode[c.fcsr & kRmMask]);
  std::feclearexcept(FE_ALL_EXCEPT);
}

HostRounding::~HostRounding() { std::fesetround(saved_); }

uint32_t HostRounding::cause() const {
  const int e = std::fetestexcept(FE_ALL_EXCEPT);
  return (e & FE_INEXACT ? kInexact : 0) | (e & FE_UNDERFLOW ? kUnderflow : 0) |
         (e & FE_OVERFLOW ? kOverflow : 0) | (e & FE_DIVBYZERO ? kDivZero : 0) |
         (e & FE_INVALID ? kInvalid : 0);
}

bool commit(Context& c, uint32_t cause) {
  c.fcsr = (c.fcsr & ~kCauseBits) | (cause << kCauseShift);
  if (exception_due(c.fcsr)) {
    // Like qemu: the Flags are left alone when the exception is taken.
    c.core->raise(c, cp0::kFPE);
    return false;
  }
  c.fcsr |= (cause & 0x1fu) << kFlagShift;
  return true;
}

uint32_t read_control(const Context& c, unsigned reg) {
  switch (reg) {
    case 0: return kFir;
    case 25: return ((c.fcsr >> 24) & 0xfeu) | ((c.fcsr >> 23) & 1u);  // FCC7..0
    case 26: return c.fcsr & (kCauseBits | kFlagBits);
    case 28: return (c.fcsr & (kEnableBits | kRmMask)) | ((c.fcsr & kFS) ? 4u : 0u);
    case 31: return c.fcsr;
  }
  return 0;  // no such register: unpredictable in the architecture
}

// The views 25, 26 and 28 ignore a write with any of their zero bits set, as qemu does.
void write_control(Context& c, unsigned reg, uint32_t v) {
  switch (reg) {
    case 25:
      if (v & ~0xffu) return;
      c.fcsr = (c.fcsr & ~0xfe800000u) | ((v & 0xfeu) << 24) | ((v & 1u) << 23);
      break;
    case 26:
      if (v & ~(kCauseBits | kFlagBits)) return;
      c.fcsr = (c.fcsr & ~(kCauseBits | kFlagBits)) | v;
      break;
    case 28:
      if (v & ~(kEnableBits | 4u | kRmMask)) return;
      c.fcsr = (c.fcsr & ~(kEnableBits | kFS | kRmMask)) | (v & (kEnableBits | kRmMask)) |
               ((v & 4u) ? kFS : 0u);
      break;
    case 31: c.fcsr = v & kFcsrWritable; break;
    default: return;  // FIR and the rest are read-only
  }
  // A Cause bit that is now enabled traps at once (the write has happened: the handler must
  // clear Cause before it returns).
  if (exception_due(c.fcsr)) c.core->raise(c, cp0::kFPE);
}

}  // namespace kasane::fpu
