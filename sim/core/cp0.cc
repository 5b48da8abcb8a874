// MFC0/MTC0 semantics: which CP0 registers exist, what reads return and which bits writes may
// change. Side effects of writes (timer rescheduling, micro-TLB flushes, interrupt re-evaluation)
// are made here so that no instruction needs to know about them.
#include <algorithm>

#include "core/iss.h"

namespace kasane {

namespace cp0 {

const char* exc_name(uint32_t code) {
  switch (code) {
    case kInt: return "Interrupt";
    case kMod: return "TLB modification";
    case kTLBL: return "TLB miss on load or fetch";
    case kTLBS: return "TLB miss on store";
    case kAdEL: return "Address error on load or fetch";
    case kAdES: return "Address error on store";
    case kIBE: return "Bus error on fetch";
    case kDBE: return "Bus error on load or store";
    case kSys: return "Syscall";
    case kBp: return "Breakpoint";
    case kRI: return "Reserved instruction";
    case kCpU: return "Coprocessor unusable";
    case kOv: return "Integer overflow";
    case kTr: return "Trap";
    case kFPE: return "Floating-point exception";
    case kThread: return "Thread";
  }
  return "Unknown exception";
}

const char* exc_mnemonic(uint32_t code) {
  switch (code) {
    case kInt: return "Int";
    case kMod: return "Mod";
    case kTLBL: return "TLBL";
    case kTLBS: return "TLBS";
    case kAdEL: return "AdEL";
    case kAdES: return "AdES";
    case kIBE: return "IBE";
    case kDBE: return "DBE";
    case kSys: return "Sys";
    case kBp: return "Bp";
    case kRI: return "RI";
    case kCpU: return "CpU";
    case kOv: return "Ov";
    case kTr: return "Tr";
    case kFPE: return "FPE";
    case kThread: return "Thread";
  }
  return "?";
}

}  // namespace cp0

namespace {
constexpr uint32_t kConfig0 = 0x80000000u   // M: Config1 follows
                              | (1u << 10)  // AR = 1: release 2
                              | (1u << 7)   // MT = 1: standard TLB
                              | 3u;         // K0 = 3: kseg0 cacheable
constexpr uint32_t kConfig1FP = 1u;         // FP: an FPU is implemented (CP1)
constexpr uint32_t kConfig2 = 0x80000000u;  // M: Config3 follows; no L2/L3 described
constexpr uint32_t kConfig3 = 1u << 13;     // ULRI: UserLocal is implemented
constexpr uint32_t kIntCtl = 7u << 29;      // IPTI = 7: the timer is IP7
}  // namespace

uint32_t Iss::cp0_read(Context& c, unsigned reg, unsigned sel) {
  const Cp0& s = c.cp0;
  using namespace cp0;
  switch (reg << 3 | sel) {
    case kIndex << 3: return s.index;
    case kRandom << 3: return tlb_random(c);
    case kEntryLo0 << 3: return s.entrylo0;
    case kEntryLo1 << 3: return s.entrylo1;
    case kContext << 3: return s.context;
    case kContext << 3 | 2: return s.userlocal;
    case kPageMask << 3: return 0;  // only 4 KiB pages
    case kWired << 3: return s.wired;
    case kHWREna << 3: return s.hwrena;
    case kBadVAddr << 3: return s.badvaddr;
    case kCount << 3: return count(c);
    case kEntryHi << 3: return s.entryhi;
    case kCompare << 3: return s.compare;
    case kStatus << 3: return s.status;
    case kStatus << 3 | 1: return kIntCtl;
    case kCause << 3: return s.cause;
    case kEPC << 3: return s.epc;
    case kPRId << 3: return cfg_.prid;
    case kPRId << 3 | 1: return (s.ebase & 0x3ffff000u) | 0x80000000u | (c.cpunum & 0x3ffu);
    case kConfig << 3: return kConfig0;
    case kConfig << 3 | 1: return 0x80000000u | ((tlb_.size() - 1) << 25) | kConfig1FP;
    case kConfig << 3 | 2: return kConfig2;
    case kConfig << 3 | 3: return kConfig3;
    case kLLAddr << 3: return s.lladdr;
    case kErrorEPC << 3: return s.errorepc;
    case kThreadCtl << 3: return s.tmask;
    case kThreadCtl << 3 | 1: return s.tcontrol;
    case kThreadCtl << 3 | 2: {
      // A bit per live context (not free): running, asleep or halted. A kernel reads it to
      // know which contexts of a process it must stop and save.
      uint32_t live = 0;
      for (unsigned i = 0; i < ctx_.size(); ++i)
        if (ctx_[i].state != ContextState::kFree) live |= 1u << i;
      return live;
    }
  }
  return 0;  // unimplemented registers read as zero, as on most MIPS cores
}

void Iss::cp0_write(Context& c, unsigned reg, unsigned sel, uint32_t v) {
  Cp0& s = c.cp0;
  using namespace cp0;
  switch (reg << 3 | sel) {
    case kIndex << 3: s.index = (s.index & kIndexProbeFail) | (v % tlb_.size()); break;
    case kEntryLo0 << 3: s.entrylo0 = v & kEntryLoWritable; break;
    case kEntryLo1 << 3: s.entrylo1 = v & kEntryLoWritable; break;
    case kContext << 3: s.context = (s.context & ~kContextPTEBaseMask) | (v & kContextPTEBaseMask); break;
    case kContext << 3 | 2: s.userlocal = v; break;
    case kWired << 3: s.wired = std::min<uint32_t>(v, tlb_.size() - 1); break;
    case kHWREna << 3: s.hwrena = v & kHWREnaWritable; break;
    case kCount << 3:
      s.count_offset = v - static_cast<uint32_t>(cycle_);
      schedule_timer(c);
      break;
    case kEntryHi << 3: {
      uint32_t old_asid = s.entryhi & kEntryHiASIDMask;
      s.entryhi = v & (kEntryHiVPN2Mask | kEntryHiASIDMask);
      if ((s.entryhi & kEntryHiASIDMask) != old_asid) c.flush_utlb();
      break;
    }
    case kCompare << 3:
      s.compare = v;
      s.cause &= ~(kCauseIP7 | kCauseTI);  // writing Compare acknowledges the timer
      schedule_timer(c);
      break;
    case kStatus << 3: {
      uint32_t old = s.status;
      s.status = (s.status & ~kStatusWritable) | (v & kStatusWritable);
      if ((old ^ s.status) & kStatusERL) c.flush_utlb();  // ERL unmaps kuseg
      c.check_irq = true;
      break;
    }
    case kCause << 3:
      // Only IP1..0 are software's: IP6..2 follow the device lines (Iss::set_irq) and IP7 the
      // timer, so a handler acknowledges those at their source, as on MIPS32.
      s.cause = (s.cause & ~(kCauseSwIPMask | kCauseIV)) | (v & (kCauseSwIPMask | kCauseIV));
      c.check_irq = true;
      break;
    case kEPC << 3: s.epc = v; break;
    case kPRId << 3 | 1: s.ebase = 0x80000000u | (v & 0x3ffff000u); break;
    case kErrorEPC << 3: s.errorepc = v; break;
    case kThreadCtl << 3: s.tmask = v; break;
    case kThreadCtl << 3 | 1: s.tcontrol = v & (kTControlXT | kTControlMU | kTControlTU | kTControlXW); break;
    default: break;  // read-only or unimplemented: writes are ignored
  }
}

}  // namespace kasane
