// CP0, the MIPS32 system control coprocessor: the per-context register copy and its named bits.
// Which registers exist and how writes are masked is decided here, in one place; the ISS calls
// read()/write() for MFC0/MTC0 and manipulates the fields directly for exceptions.
#pragma once

#include <cstdint>

#include "kasane/tcontrol.h"

namespace kasane {

namespace cp0 {
// Register numbers (rd field of MFC0/MTC0).
enum Reg : unsigned {
  kIndex = 0, kRandom = 1, kEntryLo0 = 2, kEntryLo1 = 3, kContext = 4, kPageMask = 5,
  kWired = 6, kHWREna = 7, kBadVAddr = 8, kCount = 9, kEntryHi = 10, kCompare = 11,
  kStatus = 12, kCause = 13, kEPC = 14, kPRId = 15, kConfig = 16, kLLAddr = 17,
  kThreadCtl = 22,  // sel 0 TMask, sel 1 TControl, sel 2 TState (the thread extension)
  kErrorEPC = 30,
};

// TControl bits: <kasane/tcontrol.h>, which the kernel includes too, says what each does.
constexpr uint32_t kTControlXT = KASANE_TCONTROL_XT;
constexpr uint32_t kTControlMU = KASANE_TCONTROL_MU;
constexpr uint32_t kTControlTU = KASANE_TCONTROL_TU;
constexpr uint32_t kTControlXW = KASANE_TCONTROL_XW;

// Status bits.
constexpr uint32_t kStatusIE = 1u << 0;
constexpr uint32_t kStatusEXL = 1u << 1;
constexpr uint32_t kStatusERL = 1u << 2;
constexpr uint32_t kStatusKSUShift = 3;
constexpr uint32_t kStatusKSUMask = 3u << 3;
constexpr uint32_t kStatusKSUUser = 2u << 3;
constexpr uint32_t kStatusIMShift = 8;
constexpr uint32_t kStatusIMMask = 0xffu << 8;
constexpr uint32_t kStatusBEV = 1u << 22;
constexpr uint32_t kStatusCU0 = 1u << 28;
constexpr uint32_t kStatusCU1 = 1u << 29;  // the FPU may be used; FR (bit 26) stays 0
constexpr uint32_t kStatusWritable = kStatusIE | kStatusEXL | kStatusERL | kStatusKSUMask |
                                     kStatusIMMask | kStatusBEV | kStatusCU0 | kStatusCU1;

// Cause bits.
constexpr uint32_t kCauseExcShift = 2;
constexpr uint32_t kCauseExcMask = 0x1fu << 2;
constexpr uint32_t kCauseIPShift = 8;
constexpr uint32_t kCauseIPMask = 0xffu << 8;
constexpr uint32_t kCauseSwIPMask = 3u << 8;  // IP1..0, the software interrupts
constexpr uint32_t kCauseHwIPMask = 0x1fu << 10;  // IP6..2, lines driven by devices
constexpr uint32_t kCauseIP7 = 1u << 15;       // the timer (IntCtl.IPTI = 7)
constexpr uint32_t kCauseIV = 1u << 23;
constexpr uint32_t kCauseCEShift = 28;
constexpr uint32_t kCauseTI = 1u << 30;
constexpr uint32_t kCauseBD = 1u << 31;

// EntryHi / EntryLo / Index.
constexpr uint32_t kEntryHiVPN2Mask = 0xffffe000u;
constexpr uint32_t kEntryHiASIDMask = 0xffu;
constexpr uint32_t kEntryLoWritable = 0x03ffffffu;  // PFN(25:6) C(5:3) D(2) V(1) G(0)
constexpr uint32_t kEntryLoG = 1u << 0;
constexpr uint32_t kEntryLoV = 1u << 1;
constexpr uint32_t kEntryLoD = 1u << 2;
constexpr uint32_t kIndexProbeFail = 1u << 31;
constexpr uint32_t kContextPTEBaseMask = 0xff800000u;

// HWREna: which RDHWR registers user mode may read.
constexpr uint32_t kHWREnaWritable = 0xfu | (1u << 29);

// Exception codes (Cause.ExcCode).
enum Exc : uint32_t {
  kInt = 0, kMod = 1, kTLBL = 2, kTLBS = 3, kAdEL = 4, kAdES = 5, kIBE = 6, kDBE = 7,
  kSys = 8, kBp = 9, kRI = 10, kCpU = 11, kOv = 12, kTr = 13, kFPE = 15, kThread = 25,
};

const char* exc_name(uint32_t code);  // "Address error on load", ...
const char* exc_mnemonic(uint32_t code);  // "AdEL", ...
}  // namespace cp0

// The CP0 registers of one context. Count is not stored: it is the core's cycle counter plus
// count_offset, so it costs nothing per cycle.
struct Cp0 {
  uint32_t index = 0;
  uint32_t entrylo0 = 0, entrylo1 = 0;
  uint32_t context = 0;
  uint32_t userlocal = 0;
  uint32_t wired = 0;
  uint32_t hwrena = 0;
  uint32_t badvaddr = 0;
  uint32_t count_offset = 0;
  uint32_t entryhi = 0;
  uint32_t compare = 0;
  uint32_t status = cp0::kStatusCU0 | cp0::kStatusBEV;
  uint32_t cause = 0;
  uint32_t epc = 0;
  uint32_t ebase = 0x80000000u;  // bits 9:0 (CPUNum) are filled in on read
  uint32_t lladdr = 0;
  uint32_t errorepc = 0;
  uint32_t tmask = ~0u;  // bit i: user TFORK may take LTN i+1 (context i)
  uint32_t tcontrol = cp0::kTControlMU | cp0::kTControlTU;

  bool user_mode() const {
    return (status & (cp0::kStatusKSUMask | cp0::kStatusEXL | cp0::kStatusERL)) ==
           cp0::kStatusKSUUser;
  }
  bool cp0_usable() const { return !user_mode() || (status & cp0::kStatusCU0); }
  // The FPU is usable only with CU1, in kernel mode too.
  bool cp1_usable() const { return status & cp0::kStatusCU1; }
  // An enabled interrupt is pending and would be taken now.
  bool interrupt_ready() const {
    return (status & (cp0::kStatusIE | cp0::kStatusEXL | cp0::kStatusERL)) == cp0::kStatusIE &&
           (cause & status & cp0::kCauseIPMask);
  }
};

}  // namespace kasane
